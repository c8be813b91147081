//! The computer opponent's messages: what the session asks ([`Request`]) and what the search
//! answers ([`Reply`]), with [`answer`], which runs one request to its end. Plain data and pure
//! code: the worker (`web/bot.rs`) carries them as JSON and gives [`answer`] its wall clock; the
//! native tests give it a fake one. The game crosses as SGF, the one format both sides read.

use serde::{Deserialize, Serialize};

use crate::bot::{self, Decision, Level, Search};
use crate::record::sgf;
use crate::rules::{BoardSize, Point, Rules};

/// What the page asks.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Request {
    pub id: u32,
    /// The game so far (main line).
    pub sgf: String,
    /// The level's key ([`Level::key`]).
    pub level: String,
    /// Playouts and milliseconds; the search stops at whichever ends first.
    pub playouts: u32,
    pub max_ms: f64,
    pub seed: u64,
    /// Forbid passing while the opponent has dead stones on the board.
    pub cleanup: bool,
    /// Whether the bot may resign.
    pub resign: bool,
}

impl Request {
    /// An analysis of a position for the player to move (hint, estimate): a strong quick
    /// search that never resigns.
    pub fn analysis(sgf: String, playouts: u32, max_ms: f64, seed: u64) -> Request {
        Request {
            id: 0,
            sgf,
            level: Level::Advanced.key().into(),
            playouts,
            max_ms,
            seed,
            cleanup: false,
            resign: false,
        }
    }
}

/// What the worker answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Reply {
    pub id: u32,
    /// `D4`, `pass` or `resign`; empty when the game could not be read.
    pub mv: String,
    /// The best move's value for the side to move, 0–1.
    pub win_rate: f32,
    /// Black's expected lead in points, komi included.
    pub lead: f32,
    /// Per point, row by row: −100 (white's) … 100 (black's).
    pub ownership: Vec<i8>,
    pub playouts: u32,
    /// An error reading the game, if any.
    #[serde(default)]
    pub error: String,
}

impl Reply {
    /// Black's win rate, from the reply's rate for the side that was to move.
    pub fn black_win_rate(&self, black_to_move: bool) -> f32 {
        if black_to_move {
            self.win_rate
        } else {
            1.0 - self.win_rate
        }
    }

    /// The computer's decision, read on a board of `size`; `None` when the answer names no
    /// move of it (an error reading the game, a broken message).
    pub fn decision(&self, size: BoardSize) -> Option<Decision> {
        if !self.error.is_empty() {
            return None;
        }
        match self.mv.as_str() {
            "pass" => Some(Decision::Pass),
            "resign" => Some(Decision::Resign),
            v => size.parse_vertex(v).ok().map(Decision::Play),
        }
    }

    /// The ownership on the board's points (row by row), −1 … 1, as the board draws it.
    pub fn ownership_on(&self, size: BoardSize) -> Vec<(Point, f32)> {
        size.points()
            .zip(&self.ownership)
            .map(|(p, &v)| (p, v as f32 / 100.0))
            .collect()
    }
}

/// Runs one request to the end (inside the worker; `now` is the worker's clock in ms).
pub fn answer(req: &Request, now: impl Fn() -> f64) -> Reply {
    let mut reply = Reply {
        id: req.id,
        mv: String::new(),
        win_rate: 0.5,
        lead: 0.0,
        ownership: vec![],
        playouts: 0,
        error: String::new(),
    };
    let loaded = match sgf::load(&req.sgf, Rules::chinese(), None) {
        Ok(l) => l,
        Err(e) => {
            reply.error = e.to_string();
            return reply;
        }
    };
    let game = loaded.game;
    let level = Level::from_key(&req.level).unwrap_or(Level::Intermediate);
    let mut search = Search::new(&game, req.seed, req.cleanup);
    let start = now();
    while search.playouts() < req.playouts && now() - start < req.max_ms {
        search.run(64.min(req.playouts - search.playouts()).max(1));
    }
    let resign = req.resign.then_some(0.03);
    let decision = bot::decide_at(&search, level, req.seed, resign);
    reply.mv = match decision {
        Decision::Play(p) => game.size().vertex(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    };
    let best = search.candidates();
    reply.win_rate = best.first().map_or(0.5, |c| c.win_rate);
    reply.lead = search.score_lead();
    reply.ownership = search
        .ownership()
        .into_iter()
        .map(|x| (x * 100.0).round() as i8)
        .collect();
    reply.playouts = search.playouts();
    reply
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Colour, Game, Move};

    #[test]
    fn a_request_is_answered_with_a_legal_move_and_ownership() {
        let mut game = Game::new(BoardSize::NINE, Rules::chinese());
        game.play(Colour::Black, Move::Play(BoardSize::NINE.point(4, 4)))
            .unwrap();
        let req = Request {
            id: 3,
            sgf: sgf::write(&game, &[], &[]),
            level: "novice".into(),
            playouts: 300,
            max_ms: 1e9,
            seed: 1,
            cleanup: false,
            resign: true,
        };
        let reply = answer(&req, || 0.0);
        assert_eq!(reply.id, 3);
        assert_eq!(reply.playouts, 300);
        assert_eq!(reply.ownership.len(), 81);
        let p = BoardSize::NINE.parse_vertex(&reply.mv).unwrap();
        assert!(game.is_legal_point(Colour::White, p));
    }

    #[test]
    fn a_broken_game_is_an_error_not_a_move() {
        let req = Request {
            id: 1,
            sgf: "(;SZ[9];B[zz])".into(),
            level: "novice".into(),
            playouts: 10,
            max_ms: 10.0,
            seed: 1,
            cleanup: false,
            resign: false,
        };
        let reply = answer(&req, || 0.0);
        assert!(reply.mv.is_empty() && !reply.error.is_empty());
    }
}

//! The network's inputs: KataGo's V7 features (22 planes, 19 global values) for a position
//! under the Chinese rules (area counting, no suicide, 总则 第五条; simple ko in the inputs, as
//! KataGo's "chinese" preset — positional superko is enforced by our own legality check).
//!
//! Planes, from the side to move (“own”) and its opponent:
//! 0 on board · 1 own stones · 2 opponent stones · 3/4/5 chains with 1/2/3 liberties ·
//! 6 the ko point · 9–13 the last five moves (most recent first) · 14 chains caught in a
//! ladder · 15/16 the same one and two moves ago · 17 where an atari starts a working ladder ·
//! 18/19 own/opponent area ([`super::area`]). 7, 8, 20, 21 belong to other rules and stay 0.
//!
//! Global values: 0–4 which of the last five moves were passes · 5 own komi / 20 · 18 the
//! komi's parity wave. The others (ko and scoring rules, encore, button, handicap play) are 0
//! under these rules.
//!
//! After a single pass KataGo hides the history from the network (a "friendly" pass that does
//! not end the game): no last moves, no earlier ladder planes.

use super::{area, ladder};
use crate::rules::{Board, Colour, Move};

pub const SPATIAL: usize = 22;
pub const GLOBAL: usize = 19;

/// What the network sees of a game: the board, who moves, the last moves and the boards
/// before the last two of them, and White's komi.
#[derive(Clone)]
pub struct Position {
    pub board: Board,
    pub to_move: Colour,
    /// The last moves (at most five), oldest first.
    pub recent: Vec<(Colour, Move)>,
    /// The board before the last move and before the one before it.
    pub prev: Option<Board>,
    pub prev_prev: Option<Board>,
    /// Points White receives: komi plus any handicap compensation.
    pub white_komi: f32,
}

impl Position {
    /// The position after `game`'s moves (replays the game once for the earlier boards).
    pub fn from_game(game: &crate::rules::Game) -> Position {
        let moves = game.moves();
        let mut boards: Vec<Board> = Vec::new();
        let mut b = game.setup().clone();
        let start = moves.len().saturating_sub(2);
        for (i, m) in moves.iter().enumerate() {
            if i >= start {
                boards.push(b.clone());
            }
            match m.mv {
                Move::Play(p) => {
                    b.play_unchecked(m.colour, p);
                }
                Move::Pass => b.clear_ko(),
            }
        }
        let prev = boards.pop();
        let prev_prev = boards.pop();
        let recent = moves[moves.len().saturating_sub(5)..]
            .iter()
            .map(|m| (m.colour, m.mv))
            .collect();
        Position {
            board: game.board().clone(),
            to_move: game.to_move(),
            recent,
            prev,
            prev_prev,
            white_komi: game.komi_half_points() as f32 / 2.0,
        }
    }

    /// The position after `c` plays `mv` (which the caller knows to be legal).
    pub fn after(&self, c: Colour, mv: Move) -> Position {
        let mut board = self.board.clone();
        match mv {
            Move::Play(p) => {
                board.play_unchecked(c, p);
            }
            Move::Pass => board.clear_ko(),
        }
        let mut recent = self.recent.clone();
        recent.push((c, mv));
        if recent.len() > 5 {
            recent.remove(0);
        }
        Position {
            board,
            to_move: c.opponent(),
            recent,
            prev: Some(self.board.clone()),
            prev_prev: self.prev.clone(),
            white_komi: self.white_komi,
        }
    }

    /// Consecutive passes at the end of the recent moves.
    pub fn trailing_passes(&self) -> usize {
        self.recent
            .iter()
            .rev()
            .take_while(|(_, m)| *m == Move::Pass)
            .count()
    }

    /// The komi from the side to move's point of view.
    pub fn own_komi(&self) -> f32 {
        match self.to_move {
            Colour::White => self.white_komi,
            Colour::Black => -self.white_komi,
        }
    }
}

/// Fills `spatial` (`[point][plane]`, points row by row from the top left) and `global`.
pub fn encode(pos: &Position, spatial: &mut Vec<f32>, global: &mut [f32; GLOBAL]) {
    let board = &pos.board;
    let size = board.size();
    let n = size.get() as usize;
    let own = pos.to_move;
    let opp = own.opponent();
    spatial.clear();
    spatial.resize(n * n * SPATIAL, 0.0);
    *global = [0.0; GLOBAL];
    let index = |p| super::point_index(size, p);
    let set = |spatial: &mut Vec<f32>, p: crate::rules::Point, plane: usize| {
        spatial[index(p) * SPATIAL + plane] = 1.0;
    };

    // Liberties per chain, counted once per chain.
    let mut libs = vec![0u8; crate::rules::point::ARRAY_LEN];
    let mut counted = vec![false; crate::rules::point::ARRAY_LEN];
    for p in size.points() {
        set(spatial, p, 0);
        let Some(c) = board.colour_at(p) else {
            continue;
        };
        set(spatial, p, if c == own { 1 } else { 2 });
        let h = board.chain_id(p).index();
        if !counted[h] {
            counted[h] = true;
            libs[h] = board.liberties(p).len().min(255) as u8;
        }
        match libs[h] {
            1 => set(spatial, p, 3),
            2 => set(spatial, p, 4),
            3 => set(spatial, p, 5),
            _ => {}
        }
    }
    if let Some(k) = board.ko_point() {
        set(spatial, k, 6);
    }

    let owner = area::area(board);
    for p in size.points() {
        match owner[p.index()] {
            Some(c) if c == own => set(spatial, p, 18),
            Some(_) => set(spatial, p, 19),
            None => {}
        }
    }

    // 9–13 and global 0–4: the last five moves, alternating from the opponent's.
    let max_history = match pos.trailing_passes() {
        0 => 5,
        1 => 0,
        _ => 1,
    };
    let mut included = 0;
    for (k, &(c, mv)) in pos.recent.iter().rev().take(max_history).enumerate() {
        let expected = if k % 2 == 0 { opp } else { own };
        if c != expected {
            break;
        }
        included = k + 1;
        match mv {
            Move::Pass => global[k] = 1.0,
            Move::Play(p) => set(spatial, p, 9 + k),
        }
    }

    // Ladders now (14, 17) and on the two boards before (15, 16).
    ladder_planes(board, spatial, &index, 14, Some((opp, 17)));
    let prev = if included >= 1 {
        pos.prev.as_ref().unwrap_or(board)
    } else {
        board
    };
    ladder_planes(prev, spatial, &index, 15, None);
    let prev_prev = if included >= 2 {
        pos.prev_prev.as_ref().unwrap_or(prev)
    } else {
        prev
    };
    ladder_planes(prev_prev, spatial, &index, 16, None);

    // Komi, clipped to the board's area ± 20, and its parity (area counting).
    let area = (n * n) as f32;
    let komi = pos.own_komi().clamp(-area - 20.0, area + 20.0);
    global[5] = komi / 20.0;
    let floor = if (n * n).is_multiple_of(2) {
        (komi / 2.0).floor() * 2.0
    } else {
        ((komi - 1.0) / 2.0).floor() * 2.0 + 1.0
    };
    let delta = (komi - floor).clamp(0.0, 2.0);
    global[18] = if delta < 0.5 {
        delta
    } else if delta < 1.5 {
        1.0 - delta
    } else {
        delta - 2.0
    };
}

/// Marks `plane` on every stone of a chain caught in a ladder on `board`; with
/// `working = Some((opp, plane))`, also marks the ataris that work against `opp`'s chains
/// with two liberties.
fn ladder_planes(
    board: &Board,
    spatial: &mut [f32],
    index: &dyn Fn(crate::rules::Point) -> usize,
    plane: usize,
    working: Option<(Colour, usize)>,
) {
    let size = board.size();
    let mut solved: Vec<(crate::rules::Point, bool)> = Vec::new();
    for p in size.points() {
        let Some(c) = board.colour_at(p) else {
            continue;
        };
        let h = board.chain_id(p);
        let caught = if let Some(&(_, v)) = solved.iter().find(|(s, _)| *s == h) {
            v
        } else {
            let libs = board.liberties(p).len();
            if libs != 1 && libs != 2 {
                continue;
            }
            let (v, moves) = if libs == 1 {
                (ladder::caught(board, p), Vec::new())
            } else {
                let m = ladder::working_ataris(board, p);
                (!m.is_empty(), m)
            };
            solved.push((h, v));
            if v {
                if let Some((opp, wplane)) = working {
                    if c == opp && libs > 1 {
                        for m in moves {
                            spatial[index(m) * SPATIAL + wplane] = 1.0;
                        }
                    }
                }
            }
            v
        };
        if caught {
            spatial[index(p) * SPATIAL + plane] = 1.0;
        }
    }
}

//! The computer opponent's messages: what the session asks ([`Request`]) and what the search
//! answers ([`Reply`]), with [`answer`], which runs one request to its end. Plain data and pure
//! code: the worker (`web/bot.rs`) carries them as JSON and gives [`answer`] its wall clock; the
//! native tests give it a fake one. The game crosses as SGF, the one format both sides read.

use serde::{Deserialize, Serialize};

use crate::bot::nn::Network;
use crate::bot::puct::{self, Puct};
use crate::bot::{self, review, Decision, Level, NetworkPlay, Search};
use crate::learn::proof::Check;
use crate::learn::tihai::{grade, set_grade};
use crate::learn::Problem;
use crate::record::sgf;
use crate::rules::{notation, BoardSize, Game, Point, Rules};
use crate::session::analysis;

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
    /// A position to analyse (hint, estimate) rather than a move of the level to play.
    #[serde(default)]
    pub analysis: bool,
    /// 复盘: the positions of the game (after that many moves of its main line) to evaluate,
    /// comma-separated, once each with the network when `playouts` is 1, by a search of
    /// `playouts` visits otherwise; answered in [`Reply::review`]. Text, as the answer is: the
    /// app shell carries these messages and needs no serde code for 复盘's types.
    #[serde(default)]
    pub review: String,
}

impl Request {
    /// The computer's move at `level` in `game`, as the session asks it (and `gtp --level`):
    /// the level's budget, cleanup after the other side's pass (dead stones are taken off before
    /// passing back), resigning if the level may — never as White in a handicap game: the
    /// network sees White lost from the first move when it gives stones (it resigned within ten
    /// moves giving five on 19×19), and a pupil who was given the stones wants the game.
    pub fn move_at(game: &Game, level: Level, seed: u64) -> Request {
        let gave_stones = game.handicap() > 0 && game.to_move() == crate::rules::Colour::White;
        Request {
            id: 0,
            sgf: sgf::write(game, &[], &[]),
            level: level.key().into(),
            playouts: level.playouts(),
            max_ms: level.max_millis(),
            seed,
            cleanup: game
                .last_move()
                .is_some_and(|m| m.mv == crate::rules::Move::Pass),
            resign: level.resigns() && !gave_stones,
            analysis: false,
            review: String::new(),
        }
    }

    /// 复盘: the positions `at` of the game in `sgf` (after that many moves), glanced at by the
    /// quick pass (`visits` 1: [`review::quick_visits`] for the board) or searched with `visits`
    /// visits.
    pub fn review(sgf: String, at: &[u32], visits: u32, seed: u64) -> Request {
        Request {
            id: 0,
            sgf,
            level: Level::Strongest.key().into(),
            playouts: visits,
            // A finite number: JSON has no infinity (serde_json writes it as null, which the
            // worker could not read back).
            max_ms: 1e9,
            seed,
            cleanup: false,
            resign: false,
            analysis: true,
            review: at.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        }
    }

    /// 复盘 at a mistake: a search of `visits` visits from the position after `at` moves of the
    /// game in `sgf` (the one before the mistake): its principal variation, and where the move
    /// played next moved the ownership, answered in [`Reply::review`] as
    /// [`analysis::line_text`] writes it (the app shell carries it as text, as the pass's).
    pub fn line(sgf: String, at: u32, visits: u32, seed: u64) -> Request {
        Request {
            review: format!("{LINE} {at}"),
            ..Request::review(sgf, &[], visits, seed)
        }
    }

    /// 学下棋's grading of an imported problem (issue 53): its position (setup stones and the
    /// side to play) and its right first moves ([`set_grade::right_points`], by the reader's
    /// `check` if there is one), graded by the ranked opponents ([`grade::RANKED`]) from
    /// `seed`; answered in [`Reply::review`] as the grade's level key, or [`UNGRADED`]. Text in
    /// `review` (`grade E6 F5 | E5`: right first moves, then the marked stones), as 复盘's: the app shell carries no new message type for it.
    /// `None`: no right first move to grade by.
    pub fn grade(p: &Problem, check: Option<&Check>, seed: u64) -> Option<Request> {
        let right: Vec<String> = set_grade::right_points(p, check)
            .into_iter()
            .map(|q| p.size.vertex(q))
            .collect();
        if right.is_empty() {
            return None;
        }
        // The stones the problem marks, after a `|`: the opponents are shown them as the pupil
        // is (`grade::grade`).
        let marked: Vec<String> = p.marked.iter().map(|&q| p.size.vertex(q)).collect();
        Some(Request {
            review: format!("{GRADE} {} | {}", right.join(" "), marked.join(" ")),
            ..Request::review(sgf::write(&p.start(), &[], &[]), &[], 1, seed)
        })
    }

    /// An analysis of a position for the player to move (hint, estimate): a strong quick
    /// search that never resigns.
    pub fn analysis(sgf: String, playouts: u32, max_ms: f64, seed: u64) -> Request {
        Request {
            id: 0,
            sgf,
            level: Level::Strongest.key().into(),
            playouts,
            max_ms,
            seed,
            cleanup: false,
            resign: false,
            analysis: true,
            review: String::new(),
        }
    }
}

/// Positions a quick 复盘 request evaluates at once (a 9×9 chunk is ~40 ms in the worker).
pub const REVIEW_CHUNK: usize = 8;

/// The next request of a 复盘 pass over `r` (the game in `sgf`): the positions not evaluated
/// yet, a chunk at a time, then the positions the quick pass flags, one search at a time
/// ([`review::GameReview::next_to_deepen`]); `None` when the quick pass is done, or when what
/// is left of it is in `busy` (positions asked of other workers). The page and the native
/// tests drive the workers with it, so both run the same pass.
pub fn next_review_request(r: &review::GameReview, sgf: &str, busy: &[usize]) -> Option<Request> {
    let missing: Vec<u32> = (0..r.steps.len())
        .filter(|&i| r.steps[i].is_none() && !busy.contains(&i))
        .take(REVIEW_CHUNK)
        .map(|i| i as u32)
        .collect();
    if !missing.is_empty() {
        return Some(Request::review(sgf.to_string(), &missing, 1, 1));
    }
    let i = r.next_to_deepen(busy)?;
    Some(Request::review(
        sgf.to_string(),
        &[i as u32],
        review::DEEPEN_VISITS,
        i as u64 + 1,
    ))
}

/// The thorough pass's next request (issue 42), once the quick pass is done: the next position
/// in [`review::GameReview::thorough_order`] not in `busy`, searched with
/// [`review::thorough_visits`]; `None` when every position has had its search.
pub fn next_thorough_request(
    r: &review::GameReview,
    sgf: &str,
    size: BoardSize,
    busy: &[usize],
) -> Option<Request> {
    if !r.is_complete() {
        return None;
    }
    let visits = review::thorough_visits(size);
    let i = r
        .thorough_order(visits)
        .into_iter()
        .find(|i| !busy.contains(i))?;
    Some(Request::review(
        sgf.to_string(),
        &[i as u32],
        visits,
        i as u64 + 1,
    ))
}

/// The positions a 复盘 request asks for (to keep them out of the other workers' requests).
pub fn review_positions(req: &Request) -> Vec<usize> {
    req.review
        .split(',')
        .filter_map(|i| i.parse().ok())
        .collect()
}

/// Puts a 复盘 reply's positions into `r` (a search's step always counts as searched); a
/// damaged line is left out (asked for again by the next request).
pub fn apply_review(r: &mut review::GameReview, reply: &Reply, size: BoardSize) {
    for line in reply.review.lines() {
        let Some((at, step)) = line.split_once(' ') else {
            continue;
        };
        let (Ok(at), Some(mut step)) = (at.parse::<usize>(), analysis::parse_step(step, size))
        else {
            continue;
        };
        if let Some(slot) = r.steps.get_mut(at) {
            if reply.playouts > 1 {
                // A search counts as the visits asked of it (a tree may stop a visit short).
                step.visits = step
                    .visits
                    .max(reply.playouts)
                    .max(review::QUICK_VISITS_9 + 1);
            }
            *slot = Some(step);
        }
    }
}

/// What a [`Request::line`]'s `review` begins with.
const LINE: &str = "line";
/// What a [`Request::grade`]'s `review` begins with.
const GRADE: &str = "grade";
/// A grade's answer when no ranked opponent solves the problem (not graded).
pub const UNGRADED: &str = "none";

/// Most moves of a line at a mistake ([`Request::line`]): what a pupil steps through; further
/// on, the search's line is too thin to mean much.
pub const LINE_LENGTH: usize = 10;

/// The worker's answer to a 复盘 request before the network has arrived (the page asks again).
pub const NO_NETWORK: &str = "no-network";
/// The page's own answer for a request whose worker stopped with a fault (its wasm trapped, or a
/// script error in it): `web/bot.rs` gives it to whatever waited on that worker.
pub const WORKER_STOPPED: &str = "worker-stopped";

/// What the worker answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Reply {
    pub id: u32,
    /// `D4`, `pass` or `resign`; empty when the game could not be read.
    pub mv: String,
    /// The best move's value for the side to move, 0–1.
    pub win_rate: f32,
    /// Black's expected lead in points, komi included (the network's: averaged over the
    /// search's visits).
    pub lead: f32,
    /// Per point, row by row: −100 (white's) … 100 (black's).
    pub ownership: Vec<i8>,
    pub playouts: u32,
    /// An error reading the game, if any.
    #[serde(default)]
    pub error: String,
    /// With a pass: the stones the bot counts as dead on this board (vertices), for the
    /// counting that may follow.
    #[serde(default)]
    pub dead: Vec<String>,
    /// 复盘: a line per position asked for, in the order asked: its number and its step as
    /// [`analysis::step_line`] writes it.
    #[serde(default)]
    pub review: String,
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

/// The worker's opponent: the network when it is loaded and suits the game (not capture Go,
/// boards from 5×5 to 19×19), the Monte-Carlo search otherwise (before the network has
/// arrived, or when it cannot load). Keeps the network's tree between requests.
#[derive(Default)]
pub struct Brain {
    pub network: Option<Network>,
    tree: Option<Puct>,
    /// The positions of the game under review (its SGF and each position), kept between the
    /// requests of one pass.
    reviewed: Option<(String, Vec<Game>)>,
}

impl Brain {
    /// A brain with the network (tests, GTP-like uses); the worker sets it when it arrives.
    pub fn with_network(network: Network) -> Brain {
        Brain {
            network: Some(network),
            tree: None,
            reviewed: None,
        }
    }

    /// Runs one request to its end; `now` is the worker's clock in ms.
    pub fn answer(&mut self, req: &Request, now: impl Fn() -> f64) -> Reply {
        if !req.review.is_empty() {
            return self.review(req);
        }
        answer_with(self.network.as_ref(), &mut self.tree, req, now)
    }

    /// 复盘: evaluates (or searches) the positions asked for.
    fn review(&mut self, req: &Request) -> Reply {
        let Some(net) = self.network.as_ref() else {
            return Reply::failed(req.id, NO_NETWORK.into());
        };
        if let Some(right) = req.review.strip_prefix(GRADE) {
            return grade(net, req, right);
        }
        if self.reviewed.as_ref().is_none_or(|(s, _)| *s != req.sgf) {
            let game = match sgf::load(&req.sgf, Rules::chinese(), None) {
                Ok(l) => l.game,
                Err(e) => return Reply::failed(req.id, e.to_string()),
            };
            if !puct::suits(&game) {
                return Reply::failed(req.id, "capture-go".into());
            }
            self.reviewed = Some((req.sgf.clone(), review::positions(&game)));
        }
        let Some((_, positions)) = self.reviewed.as_ref() else {
            return Reply::failed(req.id, String::new());
        };
        let last = positions.len() - 1;
        let played = |i: usize| {
            positions
                .get(i + 1)
                .and_then(|g| g.moves().last())
                .map(|m| m.mv)
        };
        let mut reply = Reply::failed(req.id, String::new());
        if let Some(at) = req.review.strip_prefix(LINE) {
            let Ok(at) = at.trim().parse::<usize>() else {
                return Reply::failed(req.id, format!("bad position {at:?}"));
            };
            let g = &positions[at.min(last)];
            let mut t = Puct::new(g, req.seed);
            t.run(net, req.playouts.max(1));
            let line = t.principal_variation(LINE_LENGTH);
            let owned = |t: &Puct| {
                g.size()
                    .points()
                    .zip(t.ownership().unwrap_or_default())
                    .collect::<Vec<_>>()
            };
            let moved = match positions.get(at + 1) {
                Some(next) => {
                    let mut after = Puct::new(next, req.seed);
                    after.run(net, 1);
                    let played = next.last_move().and_then(|m| match m.mv {
                        crate::rules::Move::Play(p) => Some((p, m.colour)),
                        crate::rules::Move::Pass => None,
                    });
                    analysis::ownership_moved(&owned(&t), &owned(&after), played)
                }
                None => vec![],
            };
            reply.mv = line
                .first()
                .map_or_else(String::new, |&m| notation::move_text(g.size(), m));
            reply.win_rate = t.win_rate();
            reply.lead = t.search_lead().unwrap_or(0.0);
            reply.playouts = t.visits();
            reply.review = analysis::line_text(g.size(), &line, &moved);
            return reply;
        }
        let mut scratch = crate::bot::nn::Scratch::default();
        for at in req.review.split(',') {
            let Ok(at) = at.parse::<usize>() else {
                return Reply::failed(req.id, format!("bad position {at:?}"));
            };
            let i = at.min(last);
            let g = &positions[i];
            let step = if req.playouts <= 1 {
                let visits = review::quick_visits(g.size());
                review::quick(net, g, played(i), visits, i as u64 + 1, &mut scratch)
            } else {
                review::deep(net, g, played(i), req.playouts, req.seed)
            };
            reply
                .review
                .push_str(&format!("{i} {}\n", analysis::step_line(&step, g.size())));
        }
        reply.playouts = req.playouts;
        reply
    }
}

/// Grades the problem of a [`Request::grade`] ([`grade::grade`],
/// shown the problem's marked stones): the weakest ranked opponent that plays one of the right
/// first moves in 8 of 10 tries, as its
/// level key in [`Reply::review`], or [`UNGRADED`]; `playouts` the tries made.
fn grade(net: &Network, req: &Request, right: &str) -> Reply {
    let game = match sgf::load(&req.sgf, Rules::chinese(), None) {
        Ok(l) => l.game,
        Err(e) => return Reply::failed(req.id, e.to_string()),
    };
    if !puct::suits(&game) {
        return Reply::failed(req.id, "capture-go".into());
    }
    let size = game.size();
    let (right, marked) = right.split_once('|').unwrap_or((right, ""));
    let points = |text: &str| -> Vec<Point> {
        text.split_whitespace()
            .filter_map(|v| size.parse_vertex(v).ok())
            .collect()
    };
    let (right, marked) = (points(right), points(marked));
    if right.is_empty() {
        return Reply::failed(req.id, "no right move".into());
    }
    let (level, seen) = grade::grade(
        net,
        game.board(),
        game.to_move(),
        &right,
        &marked,
        grade::RANKED,
        req.seed,
        &mut || true,
    );
    let mut reply = Reply::failed(req.id, String::new());
    reply.review = level.map_or(UNGRADED, Level::key).to_string();
    reply.playouts = seen.iter().map(|(_, t)| t.tries).sum();
    reply
}

/// Runs one request to its end with `net` if there is one (and it suits the game), keeping the
/// network's search tree in `tree` between requests: the worker's [`Brain`] and `gtp --level`.
pub fn answer_with(
    net: Option<&Network>,
    tree: &mut Option<Puct>,
    req: &Request,
    now: impl Fn() -> f64,
) -> Reply {
    let Some(net) = net else {
        return answer(req, now);
    };
    let game = match sgf::load(&req.sgf, Rules::chinese(), None) {
        Ok(l) => l.game,
        Err(e) => return Reply::failed(req.id, e.to_string()),
    };
    if !puct::suits(&game) {
        return answer(req, now);
    }
    let t = match tree.take() {
        Some(mut t) => {
            t.advance(&game);
            t
        }
        None => Puct::new(&game, req.seed),
    };
    let (reply, t) = answer_with_network(req, &game, net, t, now);
    *tree = Some(t);
    reply
}

impl Reply {
    /// The answer to request `id` with no move yet: `error` says why, or is empty for a reply
    /// still to be filled.
    pub fn failed(id: u32, error: String) -> Reply {
        Reply {
            id,
            mv: String::new(),
            win_rate: 0.5,
            lead: 0.0,
            ownership: vec![],
            playouts: 0,
            error,
            dead: vec![],
            review: String::new(),
        }
    }
}

/// A request answered by the network: the level's play, or for an analysis (which never
/// resigns) a search within the request's time.
fn answer_with_network(
    req: &Request,
    game: &Game,
    net: &Network,
    mut tree: Puct,
    now: impl Fn() -> f64,
) -> (Reply, Puct) {
    let level = Level::from_key(&req.level).unwrap_or(Level::Kyu15);
    // A level plays as it plays (before the ladder, a level that might not resign was asked
    // for a 400-visit search whenever it was not cleaning up: 入门 played far above itself).
    let play = if req.analysis {
        NetworkPlay::Search { visits: 400 }
    } else {
        level.network_play()
    };
    let start = now();
    // The level's time is what the player is told: the answer's way to the board and its
    // drawing on a slow machine come out of it.
    let deadline = req.max_ms * 0.8;
    let decision = bot::network_decision(&mut tree, net, game, play, || now() - start < deadline);
    // Resign when the search (with the lead in its values) gives the game up and the network
    // sees under one chance in ten — not in the first ten moves or the first quarter of a
    // small board (on 5×5 with komi 7.5 White is lost from the start: a pupil wants a game).
    let played_enough = game.moves().len() as u32 >= (game.size().area() / 4).min(10);
    let lost = played_enough
        && tree.root_evaluation().is_some_and(|e| e.win < 0.1)
        && tree.win_rate() < 0.03;
    let decision = if req.resign && lost {
        Decision::Resign
    } else {
        decision
    };
    let decision = if req.cleanup {
        tree.cleanup(decision)
    } else {
        decision
    };
    let reply = Reply {
        id: req.id,
        mv: move_text(game, decision),
        win_rate: tree.win_rate(),
        // The search's lead, averaged over the visits that chose the move (the hint and the
        // estimate say it; the root's evaluation alone could contradict the search).
        lead: tree.search_lead().unwrap_or(0.0),
        ownership: tree
            .ownership()
            .unwrap_or_default()
            .into_iter()
            .map(|x| (x * 100.0).round() as i8)
            .collect(),
        playouts: tree.visits(),
        error: String::new(),
        dead: match (decision, tree.dead_stones()) {
            (Decision::Pass, Some(dead)) => vertices(game, &dead),
            _ => vec![],
        },
        review: String::new(),
    };
    (reply, tree)
}

/// Runs one request to the end with the Monte-Carlo search (inside the worker; `now` is the
/// worker's clock in ms).
pub fn answer(req: &Request, now: impl Fn() -> f64) -> Reply {
    let mut reply = Reply::failed(req.id, String::new());
    let loaded = match sgf::load(&req.sgf, Rules::chinese(), None) {
        Ok(l) => l,
        Err(e) => {
            reply.error = e.to_string();
            return reply;
        }
    };
    let game = loaded.game;
    let level = Level::from_key(&req.level).unwrap_or(Level::Kyu15);
    let mut search = Search::new(&game, req.seed, req.cleanup);
    let start = now();
    while search.playouts() < req.playouts && now() - start < req.max_ms {
        search.run(64.min(req.playouts - search.playouts()).max(1));
    }
    let resign = req.resign.then_some(0.03);
    let decision = bot::decide_at(&search, level, req.seed, resign);
    reply.mv = move_text(&game, decision);
    let best = search.candidates();
    reply.win_rate = best.first().map_or(0.5, |c| c.win_rate);
    reply.lead = search.score_lead();
    reply.ownership = search
        .ownership()
        .into_iter()
        .map(|x| (x * 100.0).round() as i8)
        .collect();
    reply.playouts = search.playouts();
    if decision == Decision::Pass {
        reply.dead = vertices(&game, search.dead_stones());
    }
    reply
}

/// A decision as the reply carries it: `D4`, `pass` or `resign`.
fn move_text(game: &Game, decision: Decision) -> String {
    match decision {
        Decision::Play(p) => game.size().vertex(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    }
}

fn vertices(game: &Game, dead: &crate::rules::DeadStones) -> Vec<String> {
    dead.points()
        .into_iter()
        .map(|p| game.size().vertex(p))
        .collect()
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
            level: "15k".into(),
            playouts: 300,
            max_ms: 1e9,
            seed: 1,
            cleanup: false,
            resign: true,
            analysis: false,
            review: String::new(),
        };
        let reply = answer(&req, || 0.0);
        assert_eq!(reply.id, 3);
        assert_eq!(reply.playouts, 300);
        assert_eq!(reply.ownership.len(), 81);
        let p = BoardSize::NINE.parse_vertex(&reply.mv).unwrap();
        assert!(game.is_legal_point(Colour::White, p));
    }

    #[test]
    fn every_request_crosses_to_the_worker_as_json() {
        let game = Game::new(BoardSize::NINE, Rules::chinese());
        let sgf = sgf::write(&game, &[], &[]);
        for req in [
            Request::move_at(&game, Level::Kyu15, 3),
            Request::analysis(sgf.clone(), 100, 1000.0, 4),
            Request::review(sgf, &[0, 1], 64, 5),
        ] {
            let json = serde_json::to_string(&req).unwrap();
            let back: Request =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
            assert_eq!(
                (back.review, back.playouts, back.max_ms),
                (req.review, req.playouts, req.max_ms)
            );
        }
    }

    #[test]
    fn the_computer_that_gave_stones_plays_the_game_out() {
        let size = BoardSize::NINETEEN;
        let stones = crate::rules::handicap::fixed(size, 5).unwrap();
        let given = Game::with_handicap(size, Rules::chinese(), &stones);
        assert_eq!(given.to_move(), Colour::White);
        assert!(!Request::move_at(&given, Level::Kyu5, 1).resign);
        // Even games, and Black in a handicap game, resign as the level does.
        let even = Game::new(size, Rules::chinese());
        assert!(Request::move_at(&even, Level::Kyu5, 1).resign);
        assert!(!Request::move_at(&even, Level::Kyu10, 1).resign);
        let mut taken = given.clone();
        taken
            .play(Colour::White, Move::Play(size.point(2, 2)))
            .unwrap();
        assert!(Request::move_at(&taken, Level::Kyu5, 1).resign);
    }

    #[test]
    fn a_broken_game_is_an_error_not_a_move() {
        let req = Request {
            id: 1,
            sgf: "(;SZ[9];B[zz])".into(),
            level: "15k".into(),
            playouts: 10,
            max_ms: 10.0,
            seed: 1,
            cleanup: false,
            resign: false,
            analysis: false,
            review: String::new(),
        };
        let reply = answer(&req, || 0.0);
        assert!(reply.mv.is_empty() && !reply.error.is_empty());
    }
}

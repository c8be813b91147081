//! The computer opponent: Monte-Carlo tree search (UCT with RAVE) over the fast board.
//!
//! - [`patterns`]: 3×3 shape table (MoGo's hane/cut/edge patterns).
//! - `policy`: the playout policy — captures and escapes after the last move, shape, random.
//! - [`search`]: the tree, its priors, ownership and the decision (pass, resign, cleanup).
//!
//! Pure core: no clock and no randomness of its own. A seed makes a search deterministic; the
//! caller runs playouts in batches and stops by its own clock ([`Level`] gives budgets).

pub mod nn;
pub mod patterns;
mod policy;
pub mod puct;
pub mod search;

pub use search::{Candidate, Decision, Search};

use crate::rules::Game;

/// The app's levels, from a beginner who still plays sensible shape to the strongest the
/// browser allows. A level is a playout budget and how freely the bot picks among good moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    /// 入门: few playouts, picks among the reasonable moves.
    Beginner,
    /// 初级
    Novice,
    /// 中级
    Intermediate,
    /// 高级
    Advanced,
    /// 最强: as many playouts as a few seconds allow.
    Strongest,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Strongest,
    ];

    /// Playouts per move.
    pub fn playouts(self) -> u32 {
        match self {
            Level::Beginner => 300,
            Level::Novice => 1_000,
            Level::Intermediate => 4_000,
            Level::Advanced => 15_000,
            Level::Strongest => 60_000,
        }
    }

    /// Most milliseconds a move may take (the budget ends at whichever comes first).
    pub fn max_millis(self) -> f64 {
        match self {
            Level::Beginner | Level::Novice => 1_500.0,
            Level::Intermediate => 3_000.0,
            Level::Advanced => 5_000.0,
            Level::Strongest => 8_000.0,
        }
    }

    /// Seconds a move takes in the browser on a board of `points` points: (typical, at most),
    /// with the network: one evaluation for the levels that play by the policy, the level's
    /// visits for the others, at the rate measured in wasm SIMD on a 2-core machine (178
    /// evaluations/s on 9×9, 43 on 19×19: `tests/wasm_bench.rs`, about 14 400 / points),
    /// capped by the time limit; a slow Chromebook reaches the cap sooner.
    pub fn seconds_per_move(self, points: usize) -> (f64, f64) {
        let cap = self.max_millis() / 1000.0;
        let evaluations = match self.network_play() {
            NetworkPlay::Policy { .. } => 1,
            NetworkPlay::Search { visits } => visits,
        };
        (
            (evaluations as f64 * points as f64 / 14_400.0).min(cap),
            cap,
        )
    }

    /// How the level plays with the network: policy alone up to 中级 (one evaluation is
    /// already a strong amateur's move), search above it.
    pub fn network_play(self) -> NetworkPlay {
        match self {
            Level::Beginner => NetworkPlay::Policy {
                temperature: 1.2,
                floor: 0.01,
                blunders: 0.2,
            },
            Level::Novice => NetworkPlay::Policy {
                temperature: 0.8,
                floor: 0.03,
                blunders: 0.0,
            },
            Level::Intermediate => NetworkPlay::Policy {
                temperature: 0.3,
                floor: 0.1,
                blunders: 0.0,
            },
            Level::Advanced => NetworkPlay::Search { visits: 48 },
            Level::Strongest => NetworkPlay::Search { visits: 3_000 },
        }
    }

    /// Whether the computer at this level resigns a lost game. 入门 and 初级 play to the end:
    /// a beginner who is winning learns the count by finishing (and the network at these
    /// levels, playing its policy with loose moves, can lose to a beginner).
    pub fn resigns(self) -> bool {
        !matches!(self, Level::Beginner | Level::Novice)
    }

    /// Whether the level picks among good moves rather than the best one (weak on purpose).
    pub fn varied(self) -> bool {
        matches!(self, Level::Beginner | Level::Novice)
    }

    pub fn key(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Strongest => "strongest",
        }
    }

    pub fn from_key(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == s)
    }
}

/// How a level plays with the network.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum NetworkPlay {
    /// One evaluation, a move drawn from the policy sharpened by `temperature` among moves with
    /// at least `floor` of the top move's probability; with `blunders`, that share of moves is
    /// drawn from the moves the network likes much less (入门 loses games sometimes).
    Policy {
        temperature: f32,
        floor: f32,
        blunders: f32,
    },
    /// PUCT search with this many visits (or until the level's time runs out).
    Search { visits: u32 },
}

/// The decision of a search, for a weak level varied: a move drawn among those with at least
/// half the visits of the best, by `seed`.
pub fn decide_at(search: &Search, level: Level, seed: u64, resign_below: Option<f32>) -> Decision {
    let decision = varied_decision(search, level, seed, resign_below);
    // 吃子棋: take a winning capture, and (above 入门) never allow one.
    search.capture_guard(decision, level == Level::Beginner)
}

fn varied_decision(
    search: &Search,
    level: Level,
    seed: u64,
    resign_below: Option<f32>,
) -> Decision {
    let decision = search.decide(resign_below);
    if !level.varied() || !matches!(decision, Decision::Play(_)) {
        return decision;
    }
    let cands = search.candidates();
    let best = cands[0].visits;
    let good: Vec<_> = cands
        .iter()
        .filter(|c| c.visits * 2 >= best && matches!(c.mv, crate::rules::Move::Play(_)))
        .collect();
    let mut rng = crate::rules::playout::PlayoutRng::new(seed);
    match good
        .get(rng.below(good.len().max(1) as u32) as usize)
        .map(|c| c.mv)
    {
        Some(crate::rules::Move::Play(p)) => Decision::Play(p),
        _ => decision,
    }
}

/// Thinks `playouts` simulations from `game` and decides (tests, GTP without a clock).
pub fn think(game: &Game, playouts: u32, seed: u64, cleanup: bool) -> (Decision, Search) {
    let mut search = Search::new(game, seed, cleanup);
    search.run(playouts);
    (search.capture_guard(search.decide(None), false), search)
}

#[cfg(test)]
mod tests;

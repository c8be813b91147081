//! The computer opponent: Monte-Carlo tree search (UCT with RAVE) over the fast board.
//!
//! - [`patterns`]: 3×3 shape table (MoGo's hane/cut/edge patterns).
//! - `policy`: the playout policy — captures and escapes after the last move, shape, random.
//! - [`ranked`]: the opponents by rank (one network evaluation a move) and a beginner-like
//!   reference to measure them against.
//! - [`search`]: the tree, its priors, ownership and the decision (pass, resign, cleanup).
//!
//! Pure core: no clock and no randomness of its own. A seed makes a search deterministic; the
//! caller runs playouts in batches and stops by its own clock ([`Level`] gives budgets).

pub mod explain;
pub mod facts;
pub mod nn;
pub mod patterns;
mod policy;
pub mod puct;
pub mod ranked;
pub mod reader;
pub mod review;
pub mod search;

pub use search::{Candidate, Decision, Search};

use crate::rules::{Game, Point};
use nn::Network;
use puct::Puct;
use ranked::Ranked;

/// The computer opponents, a ladder by rank (issue 26): the five kyu ranks at the bottom play
/// one network evaluation a move ([`ranked::Ranked`]: a share of the plausible moves noticed,
/// the best of them played), 1 级 plays the policy's top move, 最强 searches. The ranks are the
/// names; what each measured against GNU Go 3.8 and the others is [`Level::measured`]. Without
/// the network (capture Go, before it has loaded) each plays Monte-Carlo search with a budget
/// that grows with the rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Level {
    /// 25 级: has just learned the rules; often does not answer an atari.
    Kyu25,
    /// 20 级
    Kyu20,
    /// 15 级
    Kyu15,
    /// 10 级
    Kyu10,
    /// 5 级: never leaves a big group in atari.
    Kyu5,
    /// 1 级: the network's first choice, without reading.
    Kyu1,
    /// 最强: as much search as a few seconds allow.
    Strongest,
}

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Kyu25,
        Level::Kyu20,
        Level::Kyu15,
        Level::Kyu10,
        Level::Kyu5,
        Level::Kyu1,
        Level::Strongest,
    ];

    /// Monte-Carlo playouts per move (capture Go, or before the network has loaded).
    pub fn playouts(self) -> u32 {
        match self {
            Level::Kyu25 => 100,
            Level::Kyu20 => 300,
            Level::Kyu15 => 1_000,
            Level::Kyu10 => 2_000,
            Level::Kyu5 => 4_000,
            Level::Kyu1 => 10_000,
            Level::Strongest => 60_000,
        }
    }

    /// Most milliseconds a move may take (the budget ends at whichever comes first).
    pub fn max_millis(self) -> f64 {
        match self {
            Level::Kyu25 | Level::Kyu20 | Level::Kyu15 | Level::Kyu10 => 1_500.0,
            Level::Kyu5 => 2_000.0,
            Level::Kyu1 => 3_000.0,
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
            NetworkPlay::Ranked(_) => 1,
            NetworkPlay::Search { visits } => visits,
        };
        (
            (evaluations as f64 * points as f64 / 14_400.0).min(cap),
            cap,
        )
    }

    /// How the level plays with the network: one evaluation and a ranked choice up to 1 级,
    /// search above it. The shares are measured (`tests/strength/ladder.py`, README).
    pub fn network_play(self) -> NetworkPlay {
        let ranked = |share, guards_groups, sees| {
            NetworkPlay::Ranked(Ranked {
                share,
                guards_groups,
                sees,
            })
        };
        // `sees`, on a problem only: the chance of noticing in the marked fight a move that
        // takes or saves, an atari, a move around it (`ranked::Salience`; README, 题海).
        match self {
            Level::Kyu25 => ranked(0.03, false, [0.9, 0.3, 0.05]),
            Level::Kyu20 => ranked(0.15, false, [0.95, 0.7, 0.15]),
            Level::Kyu15 => ranked(0.25, false, [1.0, 0.9, 0.35]),
            Level::Kyu10 => ranked(0.44, true, [1.0, 1.0, 0.6]),
            Level::Kyu5 => ranked(0.72, true, [1.0, 1.0, 0.85]),
            Level::Kyu1 => ranked(1.0, true, [1.0, 1.0, 1.0]),
            Level::Strongest => NetworkPlay::Search { visits: 3_000 },
        }
    }

    /// Whether the computer at this level resigns a lost game. The kyu ranks up to 10 级 play
    /// to the end: a beginner who is winning learns the count by finishing.
    pub fn resigns(self) -> bool {
        self >= Level::Kyu5
    }

    /// Whether the Monte-Carlo search picks among good moves rather than the best one.
    pub fn varied(self) -> bool {
        self <= Level::Kyu15
    }

    /// The key stored with a game and spoken by GTP (`--level 15k`).
    pub fn key(self) -> &'static str {
        match self {
            Level::Kyu25 => "25k",
            Level::Kyu20 => "20k",
            Level::Kyu15 => "15k",
            Level::Kyu10 => "10k",
            Level::Kyu5 => "5k",
            Level::Kyu1 => "1k",
            Level::Strongest => "max",
        }
    }

    /// A level from its key, or from the five levels games stored before the ladder name
    /// (入门 … 最强, mapped to the rank nearest their strength).
    pub fn from_key(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == s).or(match s {
            "beginner" => Some(Level::Kyu20),
            "novice" => Some(Level::Kyu15),
            "intermediate" => Some(Level::Kyu5),
            "advanced" => Some(Level::Kyu1),
            "strongest" => Some(Level::Strongest),
            _ => None,
        })
    }

    /// The level of a rank as people write it (`15k`, `15级`, `15 kyu`, `max`): that rank's
    /// rung, or the nearest weaker one (`gtp --level`).
    pub fn from_rank(s: &str) -> Option<Level> {
        if let Some(l) = Level::from_key(s) {
            return Some(l);
        }
        let t = s.trim().to_ascii_lowercase();
        if t == "最强" {
            return Some(Level::Strongest);
        }
        let n: u8 = ["k", " kyu", "kyu", "级"]
            .iter()
            .find_map(|suf| t.strip_suffix(suf).and_then(|n| n.trim().parse().ok()))?;
        Level::ALL
            .into_iter()
            .rfind(|l| l.kyu().is_some_and(|k| k >= n))
    }

    /// The nominal kyu rank (None for 最强).
    pub fn kyu(self) -> Option<u8> {
        match self {
            Level::Kyu25 => Some(25),
            Level::Kyu20 => Some(20),
            Level::Kyu15 => Some(15),
            Level::Kyu10 => Some(10),
            Level::Kyu5 => Some(5),
            Level::Kyu1 => Some(1),
            Level::Strongest => None,
        }
    }

    /// The next level up and down the ladder.
    pub fn stronger(self) -> Option<Level> {
        Level::ALL.into_iter().find(|&l| l > self)
    }
    pub fn weaker(self) -> Option<Level> {
        Level::ALL.into_iter().rev().find(|&l| l < self)
    }

    /// The strength measured on 9×9 at 1 s a move, in kyu (1 dan = 0, 2 dan = −1 …): a
    /// Bradley–Terry fit of 450 games among the ladder, GNU Go 3.8 at levels 0 and 10 and the
    /// beginner-like reference, on the scale where GNU Go level 10 is 9 级 (the servers' old
    /// rating) and the reference 25 级 (a pupil who knows the rules and captures), 54 Elo a rank
    /// (`python3 tests/strength/ladder.py fit`, the table in the README). 最强 won 38 of 40
    /// against 1 级: its place is the least certain (3 … 13 段 on this scale: far above 1 级).
    ///
    /// [`Level::measured_on`] gives the rank measured on the board played, where there is one.
    pub fn measured(self) -> f32 {
        match self {
            Level::Kyu25 => 24.5,
            Level::Kyu20 => 19.4,
            Level::Kyu15 => 13.0,
            Level::Kyu10 => 8.2,
            Level::Kyu5 => 4.7,
            Level::Kyu1 => 1.9,
            Level::Strongest => -6.8,
        }
    }

    /// The strength measured on 19×19 at 1 s a move, in kyu as [`Level::measured`]: a
    /// Bradley–Terry fit of 64 handicap and even games against GNU Go 3.8 level 10 (9 级, one
    /// stone one rank, 100 Elo a rank) and of 25 级 against 20 级
    /// (`tests/strength/ladder-19.jsonl`, the table in the README). 25 级 lost all 14 of its
    /// games to 20 级, nine stones or none: its number is the fit's, below what handicap
    /// measures (interval 35 … 24 级); 5 级 and 1 级 are a rank apart at most on 19×19. `None`
    /// where no game was played on 19×19 (最强: its search of several seconds a move would take
    /// hours for enough games).
    pub fn measured_19(self) -> Option<f32> {
        match self {
            Level::Kyu25 => Some(29.3),
            Level::Kyu20 => Some(16.1),
            Level::Kyu15 => Some(11.8),
            Level::Kyu10 => Some(5.4),
            Level::Kyu5 => Some(1.9),
            Level::Kyu1 => Some(1.4),
            Level::Strongest => None,
        }
    }

    /// The strength measured on 13×13 at 1 s a move (issue 55: the rank exam plays 15–11 级 on
    /// 13×13), in kyu as [`Level::measured`]: a Bradley–Terry fit of 300 even games among the
    /// ladder, GNU Go 3.8 at levels 0 and 10 and the beginner-like reference, with the anchors of
    /// the 9×9 fit (GNU Go level 10 at 9 级, the reference at 25 级), 82 Elo a rank
    /// (`tests/strength/ladder-13.jsonl`, the table in the README). `None` for 最强 (not played).
    pub fn measured_13(self) -> Option<f32> {
        match self {
            Level::Kyu25 => Some(23.3),
            Level::Kyu20 => Some(16.8),
            Level::Kyu15 => Some(13.2),
            Level::Kyu10 => Some(6.9),
            Level::Kyu5 => Some(5.1),
            Level::Kyu1 => Some(1.6),
            Level::Strongest => None,
        }
    }

    /// The rank measured on the board nearest `size` that it was measured on: 19×19 for boards
    /// of 15 and more, 13×13 for 11–14, 9×9 below (and for 最强, measured on 9×9 only).
    pub fn measured_on(self, size: crate::rules::BoardSize) -> Measured {
        let n = size.get();
        match (self.measured_19(), self.measured_13()) {
            (Some(kyu), _) if n >= 15 => Measured { kyu, board: 19 },
            (_, Some(kyu)) if (11..15).contains(&n) => Measured { kyu, board: 13 },
            _ => Measured {
                kyu: self.measured(),
                board: 9,
            },
        }
    }
}

/// A rank as measured: in kyu (1 dan = 0), and the board it was measured on.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Measured {
    pub kyu: f32,
    /// The board's size (9, 13 or 19).
    pub board: u8,
}

/// How a level plays with the network.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum NetworkPlay {
    /// One evaluation, a ranked choice among the policy's moves.
    Ranked(Ranked),
    /// PUCT search with this many visits (or until the level's time runs out).
    Search { visits: u32 },
}

/// The level's move with the network on the tree's root position (`game`): one evaluation for
/// a ranked level; for a search, visits until the level's number or until `more` says stop.
pub fn network_decision(
    tree: &mut Puct,
    net: &Network,
    game: &Game,
    play: NetworkPlay,
    more: impl FnMut() -> bool,
) -> Decision {
    network_decision_marked(tree, net, game, play, &[], more)
}

/// [`network_decision`] on a problem whose stones `marked` the player is shown
/// ([`Ranked::choose_marked`]).
pub fn network_decision_marked(
    tree: &mut Puct,
    net: &Network,
    game: &Game,
    play: NetworkPlay,
    marked: &[Point],
    mut more: impl FnMut() -> bool,
) -> Decision {
    tree.run(net, 1);
    match play {
        NetworkPlay::Ranked(r) => {
            let priors = tree.priors();
            r.choose_marked(game, &priors, marked, tree.rng())
        }
        NetworkPlay::Search { visits } => {
            while tree.visits() < visits && more() {
                tree.run(net, 2);
            }
            tree.decide(None)
        }
    }
}

/// The decision of a search, for a weak level varied: a move drawn among those with at least
/// half the visits of the best, by `seed`.
pub fn decide_at(search: &Search, level: Level, seed: u64, resign_below: Option<f32>) -> Decision {
    let decision = varied_decision(search, level, seed, resign_below);
    // 吃子棋: take a winning capture, and (above 入门) never allow one.
    search.capture_guard(decision, level <= Level::Kyu20)
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

//! Grades: a problem's grade is the weakest of the app's ranked opponents (25 级 … 1 级, then
//! 最强 as 段) that plays a right first move in at least [`NEEDED`] of [`TRIES`] tries with
//! different seeds — each try the opponent's move as it plays in a game, shown the problem's
//! marked stones as the pupil is ([`crate::bot::network_decision_marked`] with the level's
//! [`crate::bot::NetworkPlay`], a fresh tree seeded by the try: the loud moves of the marked
//! fight are noticed first, [`crate::bot::ranked`]), on the problem's framed board.
//!
//! The tries stop as soon as the count is decided (eight right, or three wrong). The levels'
//! grades fall in the bands of [`crate::learn::band::Band`]: 25 级 in 25–21, 20 级 in 20–16,
//! 15 级 in 15–11, 10 级 in 10–6, 5 级 and 1 级 in 5–1, 最强 in 段.

use crate::bot::nn::Network;
use crate::bot::puct::Puct;
use crate::bot::{network_decision_marked, Decision, Level};
use crate::learn::band::Band;
use crate::rules::{Board, Colour, Game, Point, Rules};

/// The ranked opponents that grade, 25 级 … 1 级, weakest first: every level but 最强 (the last),
/// which searches for seconds a move and is tried apart.
pub const RANKED: &[Level] = Level::ALL.split_last().unwrap().1;

/// Tries a level gets at a problem.
pub const TRIES: u32 = 10;
/// Right answers in those tries that pass it.
pub const NEEDED: u32 = 8;

/// The band a grade falls in.
pub fn band_of(level: Level) -> Band {
    match level {
        Level::Kyu25 => Band::Kyu25,
        Level::Kyu20 => Band::Kyu20,
        Level::Kyu15 => Band::Kyu15,
        Level::Kyu10 => Band::Kyu10,
        Level::Kyu5 | Level::Kyu1 => Band::Kyu5,
        Level::Strongest => Band::Dan,
    }
}

/// The rank a grade names, in kyu (1 段 is 0): the level's own rank.
pub fn kyu_of(level: Level) -> i32 {
    level.kyu().map_or(0, i32::from)
}

/// The position of a problem as a game to ask the opponent about.
pub fn game_of(board: &Board, to_play: Colour) -> Game {
    Game::from_setup(
        board.size(),
        Rules::chinese(),
        &board.stones_of(Colour::Black),
        &board.stones_of(Colour::White),
        to_play,
        0,
    )
}

/// The move `level` plays in `game` with `seed`, as in a game against it but shown the stones
/// `marked` (none: exactly as in a game); `more` says whether
/// a searching level may go on (the worker's clock; natively always).
pub fn level_move(
    net: &Network,
    game: &Game,
    marked: &[Point],
    level: Level,
    seed: u64,
    more: &mut dyn FnMut() -> bool,
) -> Option<Point> {
    let mut tree = Puct::new(game, seed);
    match network_decision_marked(&mut tree, net, game, level.network_play(), marked, more) {
        Decision::Play(p) => Some(p),
        _ => None,
    }
}

/// How `level` did: right answers and tries made (stopped once decided).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tried {
    pub right: u32,
    pub tries: u32,
}

impl Tried {
    pub fn passed(self) -> bool {
        self.right >= NEEDED
    }
}

/// Tries `level` at the problem, shown the stones `marked`: seeds `seed`, `seed + 1`, …
/// until passed or failed.
pub fn try_level(
    net: &Network,
    game: &Game,
    right: &[Point],
    marked: &[Point],
    level: Level,
    seed: u64,
    more: &mut dyn FnMut() -> bool,
) -> Tried {
    let mut t = Tried { right: 0, tries: 0 };
    while t.tries < TRIES && t.right < NEEDED && t.tries - t.right <= TRIES - NEEDED {
        let mv = level_move(
            net,
            game,
            marked,
            level,
            seed.wrapping_add(u64::from(t.tries)),
            more,
        );
        t.tries += 1;
        if mv.is_some_and(|p| right.contains(&p)) {
            t.right += 1;
        }
    }
    t
}

/// The grade of a problem: the weakest of `levels` (weakest first) that passes, with what each
/// level tried did; `None` when none does. The opponents are shown the stones `marked` (its
/// target, a race's two chains) as the pupil is.
#[allow(clippy::too_many_arguments)]
pub fn grade(
    net: &Network,
    board: &Board,
    to_play: Colour,
    right: &[Point],
    marked: &[Point],
    levels: &[Level],
    seed: u64,
    more: &mut dyn FnMut() -> bool,
) -> (Option<Level>, Vec<(Level, Tried)>) {
    let game = game_of(board, to_play);
    let mut seen = Vec::new();
    for &level in levels {
        let t = try_level(net, &game, right, marked, level, seed, more);
        seen.push((level, t));
        if t.passed() {
            return (Some(level), seen);
        }
    }
    (None, seen)
}

/// [`grade`] of a problem as a file gives it: its start, its right first moves
/// ([`super::set_grade::right_points`] without a reader's check) and its marked stones.
pub fn grade_problem(
    net: &Network,
    p: &crate::learn::Problem,
    levels: &[Level],
    seed: u64,
    more: &mut dyn FnMut() -> bool,
) -> (Option<Level>, Vec<(Level, Tried)>) {
    let right = super::set_grade::right_points(p, None);
    let start = p.start();
    grade(
        net,
        start.board(),
        p.to_move,
        &right,
        &p.marked,
        levels,
        seed,
        more,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_a_band_in_order() {
        let bands: Vec<Band> = Level::ALL.iter().map(|&l| band_of(l)).collect();
        assert!(bands.windows(2).all(|w| w[0] <= w[1]));
        for l in Level::ALL {
            assert_eq!(Band::of_kyu(kyu_of(l)), band_of(l), "{l:?}");
        }
    }
}

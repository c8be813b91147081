//! Learning Go: the rules course (a lesson per article of the seed, tasks answered by the
//! core), problems (死活题, 手筋题) with their solution trees, and the built-in beginner sets,
//! each problem verified by the core in the tests and its answer proved by the reader
//! ([`proof`]: a problem as a reader question, and the check of its file's answer). Pure Rust
//! like the rules: no browser.

pub mod band;
pub mod builtin;
pub mod course;
pub mod glicko;
pub mod help;
pub mod lessons;
pub mod problem;
pub mod proof;
pub mod tihai;

pub use problem::{Answer, Attempt, Convention, Goal, Problem, ProblemError, Step};

use crate::rules::{scoring, Game};

/// Whether the marked stones of `p` met its goal in `game` (for problems that say one).
pub fn goal_met(p: &Problem, game: &Game) -> bool {
    let board = game.board();
    let colour_of = |q| {
        if p.black.contains(q) {
            Some(crate::rules::Colour::Black)
        } else if p.white.contains(q) {
            Some(crate::rules::Colour::White)
        } else {
            None
        }
    };
    match p.goal {
        None => false,
        Some(Goal::Capture) => p.marked.iter().all(|q| board.colour_at(*q) != colour_of(q)),
        Some(Goal::Live) => p.marked.iter().all(|q| match board.colour_at(*q) {
            Some(c) if Some(c) == colour_of(q) => scoring::pass_alive(board, c)[q.index()],
            _ => false,
        }),
        Some(Goal::Escape) => p.marked.iter().all(|q| match board.colour_at(*q) {
            Some(c) if Some(c) == colour_of(q) => board.liberties(*q).len() >= 3,
            _ => false,
        }),
    }
}

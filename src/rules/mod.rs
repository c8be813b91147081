//! The rules core: the Chinese rules of the seeds (总则 第一–九条, 竞赛规定 第二条) as pure Rust.
//!
//! Nothing here knows of the browser, storage, clocks or randomness: time and seeds come in as
//! arguments. Reading order: [`point`], [`colour`], [`board`] (chains, liberties, captures, the
//! fast playout board), [`rules`] (rulesets as data), [`zobrist`], [`game`] (history, superko,
//! passes, undo, counting), [`scoring`] (dead stones, area count, results), [`handicap`].

pub mod board;
pub mod colour;
pub mod game;
pub mod handicap;
pub mod notation;
pub mod playout;
pub mod point;
pub mod referee;
#[allow(clippy::module_inception)]
pub mod rules;
pub mod scoring;
pub mod symmetry;
pub mod zobrist;

pub use board::{Board, BoardStack, Placed};
pub use colour::{Colour, Stone};
pub use game::{CountingError, Game, Move, Phase, PlayError, Played, UndoError};
pub use point::{BoardSize, Point, MAX_SIZE};
pub use rules::{KoRule, Komi, Rules, Suicide};
pub use scoring::{AreaCount, DeadStones, GameResult, Needed, Territory};
pub use symmetry::Symmetry;

//! 手谈 (shoutan): Go by the Chinese rules, in the browser.
//!
//! Modules in reading order:
//! - [`rules`]: the core — board, chains, captures, superko, counting, results. Pure Rust.
//! - [`bot`]: the computer opponent (MCTS with RAVE), pure like the rules.
//! - [`clock`]: the game clock as a pure state machine (time passed in).
//! - [`record`]: SGF reading and writing.
//! - [`learn`]: problems and their solution trees, the built-in sets (pure Rust).
//! - [`gtp`]: the Go Text Protocol engine over the core (used by the `gtp` binary and tests).
//! - [`session`]: the application model (game + clock + referee + setup + record, the
//!   computer's turn, undo, the stored format) — plain Rust beside the core.
//! - `ui`: Leptos components (feature `web`).
//! - `web`: browser boundaries (feature `browser`, which `web` includes; the bot's worker builds with it alone) — storage (the only `localStorage` user), sound.
//!
//! The core knows nothing of the browser: no `leptos`, `web-sys`, `js-sys` or `gloo` import,
//! no clock and no randomness of its own.

pub mod bot;
pub mod clock;
pub mod gtp;
pub mod learn;
pub mod record;
pub mod rules;
pub mod session;
#[cfg(feature = "web")]
pub mod ui;
#[cfg(feature = "browser")]
pub mod web;

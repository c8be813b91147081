//! 手谈 (shoutan): Go by the Chinese rules, in the browser.
//!
//! Modules in reading order:
//! - [`rules`]: the core — board, chains, captures, superko, counting, results. Pure Rust.
//! - [`record`]: SGF reading and writing.
//! - [`gtp`]: the Go Text Protocol engine over the core (used by the `gtp` binary and tests).
//! - [`ui`]: Leptos components (wasm only in practice, compiled natively for tests/clippy).
//!
//! The core knows nothing of the browser: no `leptos`, `web-sys`, `js-sys` or `gloo` import,
//! no clock and no randomness of its own.

pub mod gtp;
pub mod record;
pub mod rules;

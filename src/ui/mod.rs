//! The UI: Leptos components that turn events into core calls and core state into SVG.
//! No rule is decided here: legality, captures and the count come from [`crate::rules`].

pub mod analysis;
pub mod app;
pub mod class_report;
pub mod describe;
pub mod dialog;
pub mod game;
pub mod game_list;
pub mod goban;
pub mod i18n;
mod import;
pub mod learn;
mod line;
pub mod new_game;
pub mod review;
pub mod teach;

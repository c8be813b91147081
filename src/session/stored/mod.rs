//! The stored format of a game: versioned serde records, their migration, and the conversion
//! to and from a [`Session`]. Plain data, tested natively; `web/storage.rs` only moves the
//! text in and out of `localStorage`. Core types derive no serde: the records here are the
//! only stored shapes, and a stored game is a list of moves replayed through the core, so a
//! damaged record is detected and refused, never half-loaded.

use serde::{Deserialize, Serialize};

use super::{ClosePolicy, Player, Rank, Sealed, Session, Setup};
use crate::clock::{ByoyomiStyle, Clock, SideTime, TimeSystem};
use crate::rules::referee::{Event, Mode, Recorded, Referee, Verdict, WarningReason};
use crate::rules::{
    notation, BoardSize, Colour, Game, GameResult, Komi, Move, Phase, PlayError, Point,
};

pub mod board;
pub mod book;
pub mod daily;
pub mod device;
mod events;
pub mod exam;
mod game;
mod read;
pub mod store;
#[cfg(test)]
mod tests;

pub use events::*;
pub use game::*;
pub use read::*;

/// The version of [`GameRecord`] written now. History (each step has its [`migrate`] arm and a
/// test that loads a record of the old version):
/// - 1: the first format.
/// - 2: `revision` (a save counter, so that two tabs never overwrite each other unseen) and
///   `computer` (the bot's colour and level).
/// - 3: `tree`, the record as an SGF game tree (every variation at any depth, every comment,
///   mark and property as written), in place of `variations`, `notes`, `marks`,
///   `variation_notes` and `variation_marks` (a main line with one level of branches), which
///   are still read from older records and turned into a tree. An app of version 2 must not
///   save over a version 3 record (it would drop the tree), so the version says so.
pub const RECORD_VERSION: u32 = 3;

/// Why a stored game could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Not JSON of our format.
    Malformed(String),
    /// Written by a newer version of the app.
    TooNew(u32),
    /// The moves do not replay under the rules.
    DoesNotReplay(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Malformed(e) => write!(f, "not a game record: {e}"),
            RecordError::TooNew(v) => write!(f, "written by a newer version (record version {v})"),
            RecordError::DoesNotReplay(e) => write!(f, "the moves do not replay: {e}"),
        }
    }
}

/// The head of a stored value: its version and revision, read without the rest (serde skips
/// the moves, the clock and the notes without building them).
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    version: u32,
    #[serde(default)]
    revision: u64,
}

/// Parses a stored value.
pub fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
    // The version first, to refuse a newer record before reading the rest.
    if let Ok(Head { version, .. }) = serde_json::from_str::<Head>(text) {
        if version > RECORD_VERSION {
            return Err(RecordError::TooNew(version));
        }
    }
    serde_json::from_str(text).map_err(|e| RecordError::Malformed(json_detail(&e)))
}

/// What was wrong with a stored value that is not a record, and where: serde_json's own words
/// (its `Display`) would bring its table of messages and std's names of I/O errors into the
/// app shell (~1 kB gzip); the raw text, offered for download beside the detail, shows the
/// rest.
fn json_detail(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Syntax | Category::Io => "not JSON",
        Category::Eof => "the text ends too early",
        Category::Data => "JSON, but not a game's fields",
    };
    format!("{what} at line {} column {}", e.line(), e.column())
}

/// The revision of a stored value, read cheaply (the autosave asks it after every move, to
/// never overwrite another tab's newer save): none when the text is not a record this
/// version can read.
pub fn record_revision(text: &str) -> Option<u64> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let head = serde_json::from_str::<Head>(text).ok()?;
    (head.version <= RECORD_VERSION).then_some(head.revision)
}

/// Whether a save of a session at `ours` would overwrite someone else's newer save (another
/// tab's) of the same game.
pub fn is_conflict(ours: u64, stored: Option<u64>) -> bool {
    stored.is_some_and(|theirs| theirs > ours)
}

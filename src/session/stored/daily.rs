//! 每日练习's stored form (issue 53): the pupil's answers, kept per pupil on the device
//! (`shoutan.daily.<name>`) and in the 棋册 ([`super::book::Book::daily`]). The answers are the
//! record; the ratings are kept beside them but are what [`crate::session::daily`] computes by
//! playing the answers again in order, so two devices' records merge by the union of their
//! answers and no answer is lost ([`crate::session::daily::merge`]).
//!
//! JSON, version [`DAILY_VERSION`]; every field has a default (a book written before has none).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The version of [`DailyRecord`] written now.
pub const DAILY_VERSION: u32 = 1;

/// A Glicko-2 rating as stored: rating, deviation, volatility.
pub type RatingRecord = (f64, f64, f64);

/// One problem answered: which, the rating it started from (its grade), whether the pupil's
/// first try was right, when and on which day (the device's date, `2026-12-06`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct DailyAnswer {
    pub key: String,
    pub grade: f64,
    pub right: bool,
    pub at_ms: f64,
    #[serde(default)]
    pub day: String,
}

/// A pupil's 每日练习.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct DailyRecord {
    #[serde(default)]
    pub version: u32,
    /// The rating the pupil started from (their rank then).
    #[serde(default)]
    pub start: f64,
    /// Every answer, oldest first.
    #[serde(default)]
    pub answers: Vec<DailyAnswer>,
    /// The pupil's rating after the answers.
    #[serde(default)]
    pub rating: Option<RatingRecord>,
    /// The problems' ratings after the answers, by key (the problems touched).
    #[serde(default)]
    pub problems: BTreeMap<String, RatingRecord>,
}

impl DailyRecord {
    /// Nothing answered yet (a book leaves it out).
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }

    /// As stored.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// From its stored text; `None` for damage or a newer version. The ratings are played
    /// again from the answers (the record; JSON's decimals do not carry every bit of a float).
    pub fn from_text(text: &str) -> Option<DailyRecord> {
        let mut r: DailyRecord = serde_json::from_str(text).ok()?;
        if r.version > DAILY_VERSION {
            return None;
        }
        crate::session::daily::replay(&mut r);
        Some(r)
    }
}

/// What the class report shows of a pupil's 每日练习: problems done, right, and the kyu
/// their rating is about (0: 1 段).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DailySummary {
    pub done: u32,
    pub right: u32,
    pub kyu: i32,
}

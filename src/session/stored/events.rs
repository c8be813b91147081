//! The referee's events and the game's modes as stored.

use super::*;

/// What the clock does while the page is closed, as stored (`"pause"`, `"run"`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum OnCloseRecord {
    Pause,
    Run,
}

/// The game's mode, as stored (`"casual"`, `"referee"`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ModeRecord {
    Casual,
    Referee,
}

/// The kind of a referee event, as stored (`"void"`, `"warning"`, `"verdict"`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    Void,
    Warning,
    Verdict,
}

/// Why a move was void, as stored (`"suicide"`, `"ko"`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum VoidReason {
    Suicide,
    Ko,
}

/// A referee event as stored.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct EventRecord {
    pub at_ms: u64,
    pub after_move: usize,
    pub kind: EventKind,
    #[serde(default)]
    pub colour: Option<char>,
    /// The void move (`D4`, `pass`), the warning's reason ([`WarningReason::key`]; before
    /// keys, the reason's words in the UI's language, still read), or the verdict
    /// (`forfeit`, `draw`, `replay`, `none`).
    #[serde(default)]
    pub detail: String,
    #[serde(default)]
    pub reason: Option<VoidReason>,
}

pub(super) fn event_record(size: BoardSize, e: &Recorded) -> EventRecord {
    let (kind, colour, detail, reason) = match &e.event {
        Event::VoidMove { colour, mv, reason } => (
            EventKind::Void,
            Some(letter(*colour)),
            notation::move_text(size, *mv),
            Some(if *reason == PlayError::Ko {
                VoidReason::Ko
            } else {
                VoidReason::Suicide
            }),
        ),
        Event::Warning { colour, reason } => (
            EventKind::Warning,
            Some(letter(*colour)),
            reason.key().to_string(),
            None,
        ),
        Event::Verdict(v) => {
            let (colour, what) = match v {
                Verdict::Forfeit { loser } => (Some(letter(*loser)), "forfeit"),
                Verdict::Draw => (None, "draw"),
                Verdict::Replay => (None, "replay"),
                Verdict::NoResult => (None, "none"),
            };
            (EventKind::Verdict, colour, what.to_string(), None)
        }
    };
    EventRecord {
        at_ms: e.at_ms,
        after_move: e.after_move,
        kind,
        colour,
        detail,
        reason,
    }
}

pub(super) fn event_from_record(size: BoardSize, r: &EventRecord) -> Result<Recorded, RecordError> {
    let bad = || RecordError::Malformed(format!("referee event {:?}", r.kind));
    let colour = r.colour.map(colour_of).transpose()?;
    let event = match r.kind {
        EventKind::Void => Event::VoidMove {
            colour: colour.ok_or_else(bad)?,
            mv: if r.detail == "pass" {
                Move::Pass
            } else {
                Move::Play(size.parse_vertex(&r.detail).map_err(|_| bad())?)
            },
            reason: if r.reason == Some(VoidReason::Ko) {
                PlayError::Ko
            } else {
                PlayError::Suicide
            },
        },
        EventKind::Warning => Event::Warning {
            colour: colour.ok_or_else(bad)?,
            reason: WarningReason::parse(&r.detail),
        },
        EventKind::Verdict => Event::Verdict(match r.detail.as_str() {
            "forfeit" => Verdict::Forfeit {
                loser: colour.ok_or_else(bad)?,
            },
            "draw" => Verdict::Draw,
            "replay" => Verdict::Replay,
            "none" => Verdict::NoResult,
            _ => return Err(bad()),
        }),
    };
    Ok(Recorded {
        at_ms: r.at_ms,
        after_move: r.after_move,
        event,
    })
}

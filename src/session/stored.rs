//! The stored format of a game: versioned serde records, their migration, and the conversion
//! to and from a [`Session`]. Plain data, tested natively; `web/storage.rs` only moves the
//! text in and out of `localStorage`. Core types derive no serde: the records here are the
//! only stored shapes, and a stored game is a list of moves replayed through the core, so a
//! damaged record is detected and refused, never half-loaded.

use serde::{Deserialize, Serialize};

use super::{ClosePolicy, Player, Rank, Sealed, Session, Setup};
use crate::clock::{ByoyomiStyle, Clock, SideTime, TimeSystem};
use crate::rules::referee::{Event, Mode, Recorded, Referee, Verdict, WarningReason};
use crate::rules::{BoardSize, Colour, Game, GameResult, Komi, Move, Phase, PlayError, Point};

/// The version of [`GameRecord`] written now. History (each step has its [`migrate`] arm and a
/// test that loads a record of the old version):
/// - 1: the first format.
/// - 2: `revision` (a save counter, so that two tabs never overwrite each other unseen) and
///   `computer` (the bot's colour and level).
pub const RECORD_VERSION: u32 = 2;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    pub name: String,
    pub rank: String,
}

/// How a game ended, when not by counting.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum EndRecord {
    Resignation { winner: char },
    Time { winner: char },
    Forfeit { winner: char },
    Draw,
    Void,
}

/// A time system as stored.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum TimeRecord {
    Absolute {
        main_ms: u64,
    },
    Byoyomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
        chinese: bool,
    },
    Fischer {
        main_ms: u64,
        increment_ms: u64,
        max_ms: Option<u64>,
    },
    Canadian {
        main_ms: u64,
        stones: u32,
        period_ms: u64,
    },
}

impl From<TimeSystem> for TimeRecord {
    fn from(t: TimeSystem) -> TimeRecord {
        match t {
            TimeSystem::Absolute { main_ms } => TimeRecord::Absolute { main_ms },
            TimeSystem::Byoyomi {
                main_ms,
                periods,
                period_ms,
                style,
            } => TimeRecord::Byoyomi {
                main_ms,
                periods,
                period_ms,
                chinese: style == ByoyomiStyle::Chinese,
            },
            TimeSystem::Fischer {
                main_ms,
                increment_ms,
                max_ms,
            } => TimeRecord::Fischer {
                main_ms,
                increment_ms,
                max_ms,
            },
            TimeSystem::Canadian {
                main_ms,
                stones,
                period_ms,
            } => TimeRecord::Canadian {
                main_ms,
                stones,
                period_ms,
            },
        }
    }
}

impl From<TimeRecord> for TimeSystem {
    fn from(t: TimeRecord) -> TimeSystem {
        match t {
            TimeRecord::Absolute { main_ms } => TimeSystem::Absolute { main_ms },
            TimeRecord::Byoyomi {
                main_ms,
                periods,
                period_ms,
                chinese,
            } => TimeSystem::Byoyomi {
                main_ms,
                periods,
                period_ms: period_ms.max(1),
                style: if chinese {
                    ByoyomiStyle::Chinese
                } else {
                    ByoyomiStyle::Japanese
                },
            },
            TimeRecord::Fischer {
                main_ms,
                increment_ms,
                max_ms,
            } => TimeSystem::Fischer {
                main_ms,
                increment_ms,
                max_ms,
            },
            TimeRecord::Canadian {
                main_ms,
                stones,
                period_ms,
            } => TimeSystem::Canadian {
                main_ms,
                stones: stones.max(1),
                period_ms,
            },
        }
    }
}

/// The clock as stored: both sides as [main, periods, period, stones], the running move as
/// (side, since, carried), paused, flagged.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ClockRecord {
    pub sides: [[u64; 4]; 2],
    pub running: Option<(char, u64, u64)>,
    pub paused: bool,
    pub flagged: Option<char>,
}

/// The computer opponent as stored: `colour` 'B'/'W', `level` a [`crate::bot::Level`] key.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ComputerRecord {
    pub colour: char,
    pub level: String,
}

/// The stones a game starts from when they are not a handicap's (an imported problem or record
/// with `AB`/`AW`, "play from here", the teacher's board): points as `D4`, and who moves first.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SetupRecord {
    pub black: Vec<String>,
    pub white: Vec<String>,
    pub to_move: char,
}

/// One stored game (version [`RECORD_VERSION`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub version: u32,
    pub id: String,
    pub created_ms: f64,
    pub size: u32,
    /// Komi in half points (7.5 → 15).
    pub komi_half: i32,
    pub handicap: u32,
    pub black: PlayerRecord,
    pub white: PlayerRecord,
    /// Moves as `B D4`, `W pass`.
    pub moves: Vec<String>,
    /// Points marked dead during counting.
    #[serde(default)]
    pub dead: Vec<String>,
    /// Confirmations of the count so far, in order ('B' / 'W').
    #[serde(default)]
    pub confirmed: Vec<char>,
    #[serde(default)]
    pub end: Option<EndRecord>,
    #[serde(default)]
    pub time: Option<TimeRecord>,
    /// What the clock does while the page is closed.
    #[serde(default)]
    pub on_close: Option<OnCloseRecord>,
    #[serde(default)]
    pub clock: Option<ClockRecord>,
    /// The sealed move of an adjourned game, as `B D4`.
    #[serde(default)]
    pub sealed: Option<String>,
    /// When this record was written (ms since the epoch).
    #[serde(default)]
    pub saved_ms: f64,
    #[serde(default)]
    pub mode: Option<ModeRecord>,
    /// The referee's events.
    #[serde(default)]
    pub events: Vec<EventRecord>,
    /// The title given in the game list.
    #[serde(default)]
    pub title: String,
    /// Marks on the main line, one a string: moves before, the SGF property and its value —
    /// `"0 TR dd"`, `"12 LB ee:A"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<String>,
    /// 吃子棋: the captures that win (absent: Go).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_goal: Option<u32>,
    /// How many times the game was saved (v2).
    #[serde(default)]
    pub revision: u64,
    /// The computer opponent, if any (v2).
    #[serde(default)]
    pub computer: Option<ComputerRecord>,
    /// The mover's clock after each timed move (v2): (move number, 'B'/'W', ms left,
    /// periods or stones left in overtime).
    #[serde(default)]
    pub times: Vec<(usize, char, u64, Option<u32>)>,
    /// Variations of an imported record (v2): (main-line moves before, moves as `B D4`).
    #[serde(default)]
    pub variations: Vec<(usize, Vec<String>)>,
    /// Comments of an imported record (v2): (move number, text).
    #[serde(default)]
    pub notes: Vec<(usize, String)>,
    /// Comments inside the variations (added in v2; absent in earlier records): (variation,
    /// its moves played and the text, as `"2 这里更好"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variation_notes: Vec<(usize, String)>,
    /// Marks inside the variations, as `marks` with the variation first: (variation,
    /// `"1 TR dd"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variation_marks: Vec<(usize, String)>,
    /// The event and date of an imported record (v2, added later: absent in earlier v2
    /// records, read as empty).
    #[serde(default)]
    pub event: String,
    #[serde(default)]
    pub date: String,
    /// The stones set up before the first move (v2, added later: absent when there are none,
    /// and in earlier records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupRecord>,
}

/// The setup stones to store: none for a game that starts from an empty board or from the
/// handicap stones its setup places.
fn setup_record(s: &Session) -> Option<SetupRecord> {
    let g = &s.game;
    let size = g.size();
    let placed = Session::new(s.id, s.created_ms, s.setup.clone());
    let first = g.moves().first().map_or(g.to_move(), |m| m.colour);
    if g.setup() == placed.game.setup() && first == placed.game.to_move() {
        return None;
    }
    let of = |c: Colour| {
        g.setup()
            .stones_of(c)
            .into_iter()
            .map(|p| size.vertex(p))
            .collect()
    };
    Some(SetupRecord {
        black: of(Colour::Black),
        white: of(Colour::White),
        to_move: letter(first),
    })
}

/// Brings a record of an older version up to [`RECORD_VERSION`], one version at a time.
pub fn migrate(mut r: GameRecord) -> GameRecord {
    if r.version <= 1 {
        // 1 → 2: no revision yet (the first save of this version counts from 0) and no
        // computer opponent (version 1 had none).
        r.revision = 0;
        r.computer = None;
        r.times = Vec::new();
        r.variations = Vec::new();
        r.notes = Vec::new();
        r.version = 2;
    }
    r
}

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

fn event_record(size: BoardSize, e: &Recorded) -> EventRecord {
    let (kind, colour, detail, reason) = match &e.event {
        Event::VoidMove { colour, mv, reason } => (
            EventKind::Void,
            Some(letter(*colour)),
            match mv {
                Move::Play(p) => size.vertex(*p),
                Move::Pass => "pass".into(),
            },
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

fn event_from_record(size: BoardSize, r: &EventRecord) -> Result<Recorded, RecordError> {
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

fn letter(c: Colour) -> char {
    c.letter()
}

fn colour_of(ch: char) -> Result<Colour, RecordError> {
    match ch {
        'B' => Ok(Colour::Black),
        'W' => Ok(Colour::White),
        _ => Err(RecordError::Malformed(format!("colour {ch}"))),
    }
}

/// The record of a session.
pub fn to_record(s: &Session) -> GameRecord {
    let size = s.game.size();
    let moves = s
        .game
        .moves()
        .iter()
        .map(|m| {
            let v = match m.mv {
                Move::Play(p) => size.vertex(p),
                Move::Pass => "pass".into(),
            };
            format!("{} {v}", letter(m.colour))
        })
        .collect();
    let (dead, confirmed) = match s.game.phase() {
        Phase::Counting(c) => (
            c.dead
                .points()
                .into_iter()
                .filter(|&p| size.contains(p))
                .map(|p| size.vertex(p))
                .collect(),
            c.confirmed.map(letter).into_iter().collect(),
        ),
        _ => (vec![], vec![]),
    };
    let (dead, confirmed, end) = match s.game.result() {
        Some(GameResult::Score { .. }) => {
            // Keep the marking that was confirmed: replaying re-enters counting, then confirms.
            (
                stored_dead(s),
                vec![
                    letter(s.game.to_move()),
                    letter(s.game.to_move().opponent()),
                ],
                None,
            )
        }
        // 吃子棋: replaying the moves ends the game again by the capture.
        Some(GameResult::Capture { .. }) => (vec![], vec![], None),
        Some(GameResult::Resignation { winner }) => (
            dead,
            confirmed,
            Some(EndRecord::Resignation {
                winner: letter(*winner),
            }),
        ),
        Some(GameResult::Time { winner }) => (
            dead,
            confirmed,
            Some(EndRecord::Time {
                winner: letter(*winner),
            }),
        ),
        Some(GameResult::Forfeit { winner }) => (
            dead,
            confirmed,
            Some(EndRecord::Forfeit {
                winner: letter(*winner),
            }),
        ),
        Some(GameResult::Draw) => (dead, confirmed, Some(EndRecord::Draw)),
        Some(GameResult::Void) => (dead, confirmed, Some(EndRecord::Void)),
        None => (dead, confirmed, None),
    };
    let clock = s.clock.as_ref().map(|c| {
        let (_, sides, running, paused, flagged) = c.parts();
        let side = |t: SideTime| [t.main_ms, t.periods as u64, t.period_ms, t.stones as u64];
        ClockRecord {
            sides: [side(sides[0]), side(sides[1])],
            running: running.map(|(c, since, carried)| (letter(c), since, carried)),
            paused,
            flagged: flagged.map(letter),
        }
    });
    let sealed = s.sealed.map(|x| {
        let v = match x.mv {
            Move::Play(p) => size.vertex(p),
            Move::Pass => "pass".into(),
        };
        format!("{} {v}", letter(x.colour))
    });
    GameRecord {
        version: RECORD_VERSION,
        id: s.id.to_string(),
        created_ms: s.created_ms,
        size: size.get() as u32,
        komi_half: s.setup.komi.half_points(),
        handicap: s.setup.handicap,
        black: PlayerRecord {
            name: s.setup.black.name.clone(),
            rank: s.setup.black.rank_sgf(),
        },
        white: PlayerRecord {
            name: s.setup.white.name.clone(),
            rank: s.setup.white.rank_sgf(),
        },
        moves,
        dead,
        confirmed,
        end,
        time: s.setup.time.map(TimeRecord::from),
        on_close: Some(match s.setup.on_close {
            ClosePolicy::RunOn => OnCloseRecord::Run,
            ClosePolicy::Pause => OnCloseRecord::Pause,
        }),
        clock,
        sealed,
        saved_ms: 0.0,
        mode: Some(match s.setup.mode {
            Mode::Referee => ModeRecord::Referee,
            Mode::Casual => ModeRecord::Casual,
        }),
        events: s
            .referee
            .events()
            .iter()
            .map(|e| event_record(size, e))
            .collect(),
        title: s.title.clone(),
        capture_goal: s.setup.capture_goal,
        revision: s.revision,
        computer: s.setup.computer.map(|c| ComputerRecord {
            colour: letter(c.colour),
            level: c.level.key().into(),
        }),
        times: s
            .times
            .iter()
            .map(|t| (t.move_number, letter(t.colour), t.left_ms, t.overtime))
            .collect(),
        variations: s
            .variations
            .iter()
            .map(|v| {
                let moves = v
                    .moves
                    .iter()
                    .map(|&(c, mv)| match mv {
                        Move::Play(p) => format!("{} {}", letter(c), size.vertex(p)),
                        Move::Pass => format!("{} pass", letter(c)),
                    })
                    .collect();
                (v.after_moves, moves)
            })
            .collect(),
        notes: s.notes.clone(),
        marks: mark_texts(size, &s.marks),
        variation_notes: s
            .variations
            .iter()
            .enumerate()
            .flat_map(|(i, v)| v.comments.iter().map(move |(j, c)| (i, format!("{j} {c}"))))
            .collect(),
        variation_marks: s
            .variations
            .iter()
            .enumerate()
            .flat_map(|(i, v)| mark_texts(size, &v.marks).into_iter().map(move |m| (i, m)))
            .collect(),
        event: s.event.clone(),
        date: s.date.clone(),
        setup: setup_record(s),
    }
}

/// A stored move, `B D4` or `W pass`.
fn parse_move(size: BoardSize, m: &str) -> Result<(Colour, Move), RecordError> {
    let (c, v) = m
        .split_once(' ')
        .ok_or_else(|| RecordError::Malformed(m.to_string()))?;
    let c = colour_of(c.chars().next().unwrap_or('?'))?;
    let mv = if v == "pass" {
        Move::Pass
    } else {
        Move::Play(
            size.parse_vertex(v)
                .map_err(|e| RecordError::DoesNotReplay(e.to_string()))?,
        )
    };
    Ok((c, mv))
}

/// The dead stones of a counted game: those of the final marking (kept in the session).
fn stored_dead(s: &Session) -> Vec<String> {
    s.final_dead
        .iter()
        .map(|p| s.game.size().vertex(*p))
        .collect()
}

/// Rebuilds a session by replaying a record (of any version up to ours) through the core.
pub fn from_record(r: &GameRecord) -> Result<Session, RecordError> {
    if r.version > RECORD_VERSION {
        return Err(RecordError::TooNew(r.version));
    }
    let migrated;
    let r = if r.version < RECORD_VERSION {
        migrated = migrate(r.clone());
        &migrated
    } else {
        r
    };
    let computer = match &r.computer {
        None => None,
        Some(c) => Some(super::Computer {
            colour: colour_of(c.colour)?,
            level: crate::bot::Level::from_key(&c.level)
                .ok_or_else(|| RecordError::Malformed(format!("level {}", c.level)))?,
        }),
    };
    let size = BoardSize::new(r.size).map_err(|e| RecordError::Malformed(e.to_string()))?;
    let setup = Setup {
        size,
        komi: Komi::from_half_points(r.komi_half),
        handicap: r.handicap,
        black: Player {
            name: r.black.name.clone(),
            rank: Rank::parse(&r.black.rank),
        },
        white: Player {
            name: r.white.name.clone(),
            rank: Rank::parse(&r.white.rank),
        },
        time: r.time.map(TimeSystem::from),
        on_close: match r.on_close {
            Some(OnCloseRecord::Run) => ClosePolicy::RunOn,
            Some(OnCloseRecord::Pause) | None => ClosePolicy::Pause,
        },
        mode: match r.mode {
            Some(ModeRecord::Referee) => Mode::Referee,
            Some(ModeRecord::Casual) | None => Mode::Casual,
        },
        computer,
        capture_goal: r.capture_goal,
    };
    let id =
        r.id.parse()
            .map_err(|_| RecordError::Malformed(format!("bad id {:?}", r.id)))?;
    let mut s = Session::new(id, r.created_ms, setup);
    if let Some(set) = &r.setup {
        let points = |v: &[String]| -> Result<Vec<Point>, RecordError> {
            v.iter()
                .map(|p| {
                    size.parse_vertex(p)
                        .map_err(|_| RecordError::Malformed(format!("setup point {p:?}")))
                })
                .collect()
        };
        s.game = Game::from_setup(
            size,
            *s.game.rules(),
            &points(&set.black)?,
            &points(&set.white)?,
            colour_of(set.to_move)?,
            r.handicap,
        );
    }
    s.revision = r.revision;
    s.notes = r.notes.clone();
    for text in &r.marks {
        s.marks.extend(parse_mark(size, text)?);
    }
    s.event = r.event.clone();
    s.date = r.date.clone();
    for (after_moves, moves) in &r.variations {
        let mut v = crate::record::sgf::Variation {
            after_moves: *after_moves,
            ..Default::default()
        };
        for m in moves {
            v.moves.push(parse_move(size, m)?);
        }
        s.variations.push(v);
    }
    for (i, text) in &r.variation_notes {
        let bad = || RecordError::Malformed(format!("note {text:?} of variation {i}"));
        let (j, comment) = text.split_once(' ').ok_or_else(bad)?;
        let j = j.parse().map_err(|_| bad())?;
        s.variations
            .get_mut(*i)
            .ok_or_else(bad)?
            .comments
            .push((j, comment.to_string()));
    }
    for (i, text) in &r.variation_marks {
        let marks = parse_mark(size, text)?;
        let bad = || RecordError::Malformed(format!("mark {text:?} of variation {i}"));
        s.variations
            .get_mut(*i)
            .ok_or_else(bad)?
            .marks
            .extend(marks);
    }
    for &(move_number, c, left_ms, overtime) in &r.times {
        s.times.push(super::MoveTime {
            move_number,
            colour: colour_of(c)?,
            left_ms,
            overtime,
        });
    }
    let replay = |e: String| RecordError::DoesNotReplay(e);
    for m in &r.moves {
        let (c, mv) = parse_move(size, m)?;
        if !s.game.is_playing() && s.game.counting().is_some() {
            // A dispute resumed play after this point.
            s.game.resume_play().map_err(|e| replay(e.to_string()))?;
        }
        s.game
            .play(c, mv)
            .map_err(|e| replay(format!("{m}: {e}")))?;
    }
    if s.game.counting().is_some() {
        // Replace the suggestion by the stored marking.
        let size = s.game.size();
        let suggested: Vec<_> = s
            .game
            .counting()
            .map(|c| c.dead.points())
            .unwrap_or_default();
        for p in suggested {
            if !s.game.board().is_empty(p) && s.game.counting().is_some_and(|c| c.dead.contains(p))
            {
                s.game.toggle_dead(p).map_err(|e| replay(e.to_string()))?;
            }
        }
        for v in &r.dead {
            let p = size.parse_vertex(v).map_err(|e| replay(e.to_string()))?;
            if s.game.counting().is_some_and(|c| !c.dead.contains(p)) {
                s.game.toggle_dead(p).map_err(|e| replay(e.to_string()))?;
            }
        }
        s.final_dead = s
            .game
            .counting()
            .map(|c| c.dead.points())
            .unwrap_or_default();
        for &c in &r.confirmed {
            s.game
                .confirm_count(colour_of(c)?)
                .map_err(|e| replay(e.to_string()))?;
        }
    }
    if let (Some(system), Some(c)) = (s.setup.time, &r.clock) {
        let side = |a: [u64; 4]| SideTime {
            main_ms: a[0],
            periods: a[1] as u32,
            period_ms: a[2],
            stones: a[3] as u32,
        };
        let running = match c.running {
            Some((ch, since, carried)) => Some((colour_of(ch)?, since, carried)),
            None => None,
        };
        let flagged = c.flagged.map(colour_of).transpose()?;
        s.clock = Some(Clock::from_parts(
            system,
            [side(c.sides[0]), side(c.sides[1])],
            running,
            c.paused,
            flagged,
        ));
    }
    s.title = r.title.clone();
    s.referee = Referee::from_events(
        r.events
            .iter()
            .map(|e| event_from_record(size, e))
            .collect::<Result<_, _>>()?,
    );
    if let Some(text) = &r.sealed {
        let (c, v) = text
            .split_once(' ')
            .ok_or_else(|| RecordError::Malformed(text.clone()))?;
        let colour = colour_of(c.chars().next().unwrap_or('?'))?;
        let mv = if v == "pass" {
            Move::Pass
        } else {
            Move::Play(size.parse_vertex(v).map_err(|e| replay(e.to_string()))?)
        };
        s.sealed = Some(Sealed { colour, mv });
    }
    if let Some(end) = &r.end {
        let result = match end {
            EndRecord::Resignation { winner } => GameResult::Resignation {
                winner: colour_of(*winner)?,
            },
            EndRecord::Time { winner } => GameResult::Time {
                winner: colour_of(*winner)?,
            },
            EndRecord::Forfeit { winner } => GameResult::Forfeit {
                winner: colour_of(*winner)?,
            },
            EndRecord::Draw => GameResult::Draw,
            EndRecord::Void => GameResult::Void,
        };
        s.game.end(result).map_err(|e| replay(e.to_string()))?;
    }
    Ok(s)
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
    serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))
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

/// Marks as stored, one a string: moves before, the SGF property and its value (`"12 LB ee:A"`).
fn mark_texts(size: BoardSize, marks: &[crate::record::marks::Mark]) -> Vec<String> {
    crate::record::marks::to_props(size, marks)
        .into_iter()
        .map(|(n, id, v)| format!("{n} {id} {v}"))
        .collect()
}

/// One stored mark string read back (a list property may give several marks).
fn parse_mark(size: BoardSize, text: &str) -> Result<Vec<crate::record::marks::Mark>, RecordError> {
    let bad = || RecordError::Malformed(format!("mark {text:?}"));
    let mut parts = text.splitn(3, ' ');
    let (Some(n), Some(id), Some(v)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    let n = n.parse().map_err(|_| bad())?;
    Ok(crate::record::marks::from_prop(size, n, id, v))
}

/// Whether a save of a session at `ours` would overwrite someone else's newer save (another
/// tab's) of the same game.
pub fn is_conflict(ours: u64, stored: Option<u64>) -> bool {
    stored.is_some_and(|theirs| theirs > ours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    fn sample() -> Session {
        let mut s = Session::new(
            super::super::GameId(42),
            42.0,
            Setup {
                size: BoardSize::NINE,
                ..Setup::default()
            },
        );
        s.setup.black.name = "李\"]".into();
        for v in ["E5", "D5", "E4", "D4"] {
            let p: Point = s.game.size().parse_vertex(v).unwrap();
            s.play_at(p).unwrap();
        }
        s
    }

    #[test]
    fn a_game_round_trips_through_its_record() {
        let s = sample();
        let text = serde_json::to_string(&to_record(&s)).unwrap();
        let back = from_record(&parse_record(&text).unwrap()).unwrap();
        assert_eq!(back.game.moves(), s.game.moves());
        assert_eq!(back.setup, s.setup);
        assert!(*back.game.board() == *s.game.board());
    }

    #[test]
    fn a_counted_game_round_trips_with_its_marking_and_result() {
        let mut s = sample();
        s.pass().unwrap();
        s.pass().unwrap();
        let p = s.game.size().parse_vertex("D5").unwrap();
        if !s.game.counting().unwrap().dead.contains(p) {
            s.game.toggle_dead(p).unwrap();
        }
        s.final_dead = s.game.counting().unwrap().dead.points();
        let first = s.game.next_confirmer().unwrap();
        s.game.confirm_count(first).unwrap();
        let result = s.game.confirm_count(first.opponent()).unwrap().unwrap();
        let back = from_record(&to_record(&s)).unwrap();
        assert_eq!(back.game.result(), Some(&result));
    }

    #[test]
    fn a_game_from_a_set_up_position_round_trips_with_its_stones_and_player_to_move() {
        // An imported problem (AB/AW, White first), one move played: stored and read back, the
        // setup stones are there and the move replays (it was refused: the stored record had
        // no setup, so the game was read as damaged).
        let sgf = "(;GM[1]FF[4]SZ[9]KM[0]AB[cc][dc][ec]AW[cd][dd][ed]PL[W];W[fc])";
        let s = Session::from_sgf(sgf, super::super::GameId(7), 0.0)
            .unwrap()
            .session;
        let back = from_record(&to_record(&s)).unwrap();
        assert_eq!(back.game.setup(), s.game.setup());
        assert_eq!(back.game.board(), s.game.board());
        assert_eq!(back.game.moves().len(), 1);
        assert_eq!(back.game.to_move(), Colour::Black);
        // "Play from here" at the start: no moves yet, White to move.
        let here = s.continue_from(0, super::super::GameId(8), 0.0);
        let back = from_record(&to_record(&here)).unwrap();
        assert_eq!(back.game.to_move(), Colour::White);
        assert_eq!(back.game.setup(), s.game.setup());
        // A plain game stores no setup.
        assert_eq!(to_record(&sample()).setup, None);
    }

    #[test]
    fn bad_records_are_refused_with_a_reason() {
        assert!(matches!(
            parse_record("{not json"),
            Err(RecordError::Malformed(_))
        ));
        assert!(matches!(
            parse_record(r#"{"version":99}"#),
            Err(RecordError::TooNew(99))
        ));
        let mut r = to_record(&sample());
        r.moves.push("B E5".into());
        assert!(matches!(
            from_record(&r),
            Err(RecordError::DoesNotReplay(_))
        ));
    }

    /// A record written by version 1 of the app (before revisions and the computer opponent),
    /// kept as a file: it must load, replay and come out as the current version.
    #[test]
    fn migration_1_to_2_keeps_a_timed_referee_game() {
        let text = include_str!("../../tests/data/records/v1-timed-referee.json");
        let r = parse_record(text).unwrap();
        assert_eq!(r.version, 1);
        let m = migrate(r.clone());
        assert_eq!((m.version, m.revision, m.computer.clone()), (2, 0, None));
        let s = from_record(&r).unwrap();
        assert_eq!(s.game.moves().len(), 5);
        assert_eq!(s.setup.black.name, "李昌镐");
        assert_eq!(s.setup.mode, Mode::Referee);
        assert_eq!(s.setup.on_close, ClosePolicy::RunOn);
        assert!(s.clock.is_some());
        assert_eq!(s.referee.events().len(), 1);
        assert_eq!(s.title, "周末练习");
        assert_eq!(s.setup.computer, None);
        // Saved again, it is a version 2 record that reads back the same.
        let again = to_record(&s);
        assert_eq!(again.version, RECORD_VERSION);
        let back = from_record(&again).unwrap();
        assert_eq!(back.game.moves(), s.game.moves());
    }

    #[test]
    fn a_frozen_v2_record_loads_through_the_closed_types() {
        // Written by the app before ids, ranks, modes, event kinds and warning reasons were
        // closed types: strings in the record, read through them now.
        let text = include_str!("../../tests/data/records/v2-referee-timed.json");
        let r = parse_record(text).unwrap();
        assert_eq!(r.version, 2);
        let s = from_record(&r).unwrap();
        assert_eq!(s.id, super::super::GameId(1_796_000_000_000));
        assert_eq!(s.setup.black.rank, Some(super::super::Rank::Dan(2)));
        assert_eq!(s.setup.white.rank, Some(super::super::Rank::Kyu(3)));
        assert_eq!(
            (s.setup.mode, s.setup.on_close),
            (Mode::Referee, ClosePolicy::RunOn)
        );
        assert_eq!(s.game.moves().len(), 7);
        assert_eq!(s.game.result(), Some(&GameResult::Draw));
        let kinds: Vec<&Event> = s.referee.events().iter().map(|e| &e.event).collect();
        assert!(matches!(
            kinds[0],
            Event::VoidMove {
                reason: PlayError::Suicide,
                ..
            }
        ));
        assert_eq!(
            kinds[1],
            &Event::Warning {
                colour: Colour::Black,
                reason: WarningReason::Disturbing
            }
        );
        assert_eq!(kinds[2], &Event::Verdict(Verdict::Draw));
        assert_eq!(s.times.len(), 7);
        assert_eq!(s.revision, 12);
        // Written again: the same game, the reason now by its key, and it reads back equal.
        let again = to_record(&s);
        assert_eq!(again.events[1].detail, "disturbing");
        let json = serde_json::to_string(&again).unwrap();
        assert!(json.contains(r#""mode":"referee""#) && json.contains(r#""kind":"warning""#));
        let back = from_record(&parse_record(&json).unwrap()).unwrap();
        assert_eq!(back.referee.events(), s.referee.events());
        assert_eq!(back.game.moves(), s.game.moves());
        // An English reason from a record saved with the English UI reads as the same reason.
        assert_eq!(
            WarningReason::parse("Disturbing the opponent"),
            WarningReason::Disturbing
        );
    }

    #[test]
    fn a_game_against_the_computer_keeps_its_opponent() {
        let mut s = sample();
        s.setup.computer = Some(super::super::Computer {
            colour: Colour::White,
            level: crate::bot::Level::Advanced,
        });
        s.revision = 7;
        let r = to_record(&s);
        let back =
            from_record(&parse_record(&serde_json::to_string(&r).unwrap()).unwrap()).unwrap();
        assert_eq!(back.setup.computer, s.setup.computer);
        assert_eq!(back.revision, 7);
    }

    #[test]
    fn the_comments_and_marks_inside_a_variation_are_kept() {
        // A teacher's record: the comment and the marks of a variation's second move.
        let text = "(;GM[1]SZ[9];B[ee];W[cc](;B[gc];W[gg])(;B[cg];W[gc]C[这里更好]TR[cg]LB[ee:A]))";
        let s = Session::from_sgf(text, super::super::GameId(11), 11.0)
            .unwrap()
            .session;
        let v = &s.variations[0];
        assert_eq!(v.comments, vec![(2, "这里更好".to_string())]);
        assert_eq!(v.marks.len(), 2);
        assert!(v.marks.iter().all(|m| m.after_moves == 2));
        let (comment, marks) = s.notes_at(Some(0), 2);
        assert_eq!((comment.as_str(), marks.len()), ("这里更好", 2));
        assert_eq!(s.notes_at(Some(0), 1).0, "");
        assert_eq!(s.notes_at(None, 2).0, "");
        // Stored and read back; written as SGF and read back.
        let json = serde_json::to_string(&to_record(&s)).unwrap();
        let back = from_record(&parse_record(&json).unwrap()).unwrap();
        assert_eq!(back.variations, s.variations);
        let sgf = back.to_sgf();
        assert!(sgf.contains("C[这里更好]"), "{sgf}");
        let again = Session::from_sgf(&sgf, super::super::GameId(12), 12.0)
            .unwrap()
            .session;
        assert_eq!(again.variations, s.variations);
        // A record without them (every earlier one) reads as before; one that names a
        // variation it does not have is damaged, not half-read.
        assert!(!serde_json::to_string(&to_record(&sample()))
            .unwrap()
            .contains("variation_notes"));
        let broken = json.replacen(r#""variation_notes":[[0"#, r#""variation_notes":[[5"#, 1);
        assert_ne!(broken, json);
        assert!(matches!(
            from_record(&parse_record(&broken).unwrap()),
            Err(RecordError::Malformed(_))
        ));
    }

    #[test]
    fn the_revision_is_read_without_the_rest() {
        let mut s = sample();
        s.revision = 41;
        let mut r = to_record(&s);
        r.revision = 42;
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(record_revision(&json), Some(42));
        assert_eq!(record_revision(&format!("  {json}")), Some(42));
        // What a save must not be stopped by: a damaged value, and not a record at all.
        assert_eq!(record_revision(&json[..json.len() / 2]), None);
        assert_eq!(record_revision("[3, 4]"), None);
        assert_eq!(record_revision("not json"), None);
        // A newer version's record is not this version's to judge (as parse_record refuses it).
        let newer = json.replacen(
            &format!(r#""version":{RECORD_VERSION}"#),
            &format!(r#""version":{}"#, RECORD_VERSION + 1),
            1,
        );
        assert_ne!(newer, json);
        assert_eq!(record_revision(&newer), None);
    }

    #[test]
    fn a_save_never_overwrites_a_newer_revision() {
        assert!(!is_conflict(3, None));
        assert!(!is_conflict(3, Some(3)));
        assert!(!is_conflict(3, Some(2)));
        assert!(is_conflict(3, Some(4)));
    }

    #[test]
    fn an_imported_record_keeps_its_variations_and_comments() {
        let text = include_str!("../../tests/data/sgf/variations.sgf");
        let s = Session::from_sgf(text, super::super::GameId(9), 9.0)
            .unwrap()
            .session;
        assert_eq!(s.variations.len(), 2);
        assert_eq!(s.variations[0].comments, vec![(1, "变化一".to_string())]);
        let r = to_record(&s);
        let back =
            from_record(&parse_record(&serde_json::to_string(&r).unwrap()).unwrap()).unwrap();
        assert_eq!(back.variations, s.variations);
        assert_eq!(back.notes, s.notes);
        assert_eq!(
            (back.event.as_str(), back.date.as_str()),
            (s.event.as_str(), s.date.as_str())
        );
        // The variation's position: the main line's first two moves, then its own.
        let g = back.variation_at(0, 3).unwrap();
        assert_eq!(g.board().stone_counts(), [3, 2]);
        // Comments and variations go out again with the SGF and come back the same.
        let sgf = back.to_sgf();
        assert!(sgf.contains("C[天元]"));
        let again = Session::from_sgf(&sgf, super::super::GameId(10), 10.0)
            .unwrap()
            .session;
        assert_eq!(again.variations, s.variations);
        assert_eq!(again.game.moves(), s.game.moves());
        assert_eq!(again.notes, s.notes);
    }
}

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
    /// Marks on the main line (before v3; read, not written), one a string: moves before, the
    /// SGF property and its value — `"0 TR dd"`, `"12 LB ee:A"`.
    #[serde(default, skip_serializing)]
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
    /// Variations of an imported record (v2; read, not written): (main-line moves before,
    /// moves as `B D4`).
    #[serde(default, skip_serializing)]
    pub variations: Vec<(usize, Vec<String>)>,
    /// Comments of an imported record (v2; read, not written): (move number, text).
    #[serde(default, skip_serializing)]
    pub notes: Vec<(usize, String)>,
    /// Comments inside the variations (v2; read, not written): (variation, its moves played
    /// and the text, as `"2 这里更好"`).
    #[serde(default, skip_serializing)]
    pub variation_notes: Vec<(usize, String)>,
    /// Marks inside the variations (v2; read, not written), as `marks` with the variation
    /// first: (variation, `"1 TR dd"`).
    #[serde(default, skip_serializing)]
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
    /// The record as an SGF game tree (v3), when it holds more than the moves and the setup
    /// (an imported record: variations, comments, marks, properties of other programs). Its
    /// main line plays the game `moves` lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
}

/// Whether a session's record tree says nothing the other fields of its record do not: a root
/// with only its setup, and one line with a node for each move of the game and nothing else.
fn is_plain(s: &Session) -> bool {
    let t = &s.tree;
    let root_plain = t
        .node(t.root())
        .props
        .iter()
        .all(|(k, _)| matches!(k.as_str(), "AB" | "AW" | "PL"));
    let line = t.main_line();
    root_plain
        && line.len() == s.move_nodes.len() + 1
        && line.iter().all(|&id| t.children(id).len() <= 1)
        && line[1..].iter().zip(&s.move_nodes).all(|(&id, &m)| {
            let n = t.node(id);
            id == m && n.props.len() == 1 && n.move_value().is_some()
        })
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
    if r.version == 2 {
        // 2 → 3: the record's tree is built from the main line and its one level of
        // variations, notes and marks when the game is read (`legacy_tree`).
        r.version = 3;
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
            let v = notation::move_text(size, m.mv);
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
        let v = notation::move_text(size, x.mv);
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
        variations: Vec::new(),
        notes: Vec::new(),
        marks: Vec::new(),
        variation_notes: Vec::new(),
        variation_marks: Vec::new(),
        event: s.event.clone(),
        date: s.date.clone(),
        setup: setup_record(s),
        tree: (!is_plain(s)).then(|| s.tree.to_sgf()),
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

/// The record tree of a record without one (before v3): the session's root (its setup), a node
/// per move, and what versions 1 and 2 kept beside the moves — comments and marks by move
/// number, variations (one level, each a line) with their own comments and marks.
fn legacy_tree(
    r: &GameRecord,
    s: &Session,
    moves: &[(Colour, Move)],
) -> Result<crate::record::tree::Tree, RecordError> {
    use crate::record::sgf::{append_comment, move_node};
    use crate::record::tree::NodeId;
    let size = s.game.size();
    let mut tree = s.tree.clone();
    let mut main = vec![tree.root()];
    for &(c, mv) in moves {
        let last = main[main.len() - 1];
        main.push(tree.add_child(last, move_node(size, c, mv)));
    }
    let mut lines: Vec<Vec<NodeId>> = Vec::new();
    for (after, vmoves) in &r.variations {
        let mut at = *main
            .get(*after)
            .ok_or_else(|| RecordError::Malformed(format!("variation after move {after}")))?;
        let mut line = vec![at];
        for m in vmoves {
            let (c, mv) = parse_move(size, m)?;
            at = tree.add_child(at, move_node(size, c, mv));
            line.push(at);
        }
        lines.push(line);
    }
    // A note or mark: (line: the main line or a variation, its node, text).
    let mut put = |line: Option<usize>, n: usize, what: &str, mark: bool| {
        let nodes = match line {
            None => Some(&main),
            Some(i) => lines.get(i),
        };
        let bad = || RecordError::Malformed(format!("note {what:?} at {n}"));
        let id = *nodes.and_then(|l| l.get(n)).ok_or_else(bad)?;
        let node = tree.node_mut(id);
        if mark {
            let mut parts = what.splitn(2, ' ');
            let (Some(prop), Some(value)) = (parts.next(), parts.next()) else {
                return Err(bad());
            };
            let mut values = node.get(prop).map(<[String]>::to_vec).unwrap_or_default();
            values.push(value.to_string());
            node.set(prop, values);
        } else {
            append_comment(node, what);
        }
        Ok(())
    };
    let split = |text: &str| -> Result<(usize, String), RecordError> {
        let bad = || RecordError::Malformed(format!("note {text:?}"));
        let (n, rest) = text.split_once(' ').ok_or_else(bad)?;
        Ok((n.parse().map_err(|_| bad())?, rest.to_string()))
    };
    for (n, text) in &r.notes {
        put(None, *n, text, false)?;
    }
    for text in &r.marks {
        let (n, mark) = split(text)?;
        put(None, n, &mark, true)?;
    }
    for (i, text) in &r.variation_notes {
        let (n, note) = split(text)?;
        put(Some(*i), n, &note, false)?;
    }
    for (i, text) in &r.variation_marks {
        let (n, mark) = split(text)?;
        put(Some(*i), n, &mark, true)?;
    }
    Ok(tree)
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
        s.set_game(Game::from_setup(
            size,
            *s.game.rules(),
            &points(&set.black)?,
            &points(&set.white)?,
            colour_of(set.to_move)?,
            r.handicap,
        ));
    }
    s.revision = r.revision;
    s.event = r.event.clone();
    s.date = r.date.clone();
    for &(move_number, c, left_ms, overtime) in &r.times {
        s.times.push(super::MoveTime {
            move_number,
            colour: colour_of(c)?,
            left_ms,
            overtime,
        });
    }
    let moves = r
        .moves
        .iter()
        .map(|m| parse_move(size, m))
        .collect::<Result<Vec<_>, _>>()?;
    let tree = match &r.tree {
        Some(text) => {
            crate::record::sgf::parse(text)
                .map_err(|e| RecordError::Malformed(format!("record tree: {e}")))?
                .0
        }
        None => legacy_tree(r, &s, &moves)?,
    };
    let skipped = s.adopt_tree(tree).map_err(|e| {
        RecordError::Malformed(format!("record tree: bad {}[{}]", e.property, e.value))
    })?;
    // The game the record plays must be the one stored: a move the rules refuse now (a
    // damaged record) or a tree that does not play the moves is not half-loaded.
    let played: Vec<(Colour, Move)> = s.game.moves().iter().map(|m| (m.colour, m.mv)).collect();
    if played != moves {
        return Err(RecordError::DoesNotReplay(match skipped.first() {
            Some((_, c, mv, e)) => {
                format!("{} {}: {e}", letter(*c), notation::move_text(size, *mv))
            }
            None => "the record's tree does not play its moves".into(),
        }));
    }
    let replay = RecordError::DoesNotReplay;
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
    fn migration_from_1_keeps_a_timed_referee_game() {
        let text = include_str!("../../tests/data/records/v1-timed-referee.json");
        let r = parse_record(text).unwrap();
        assert_eq!(r.version, 1);
        let m = migrate(r.clone());
        assert_eq!(
            (m.version, m.revision, m.computer.clone()),
            (RECORD_VERSION, 0, None)
        );
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
            level: crate::bot::Level::Kyu1,
        });
        s.revision = 7;
        let r = to_record(&s);
        let back =
            from_record(&parse_record(&serde_json::to_string(&r).unwrap()).unwrap()).unwrap();
        assert_eq!(back.setup.computer, s.setup.computer);
        assert_eq!(back.revision, 7);
    }

    /// The record's tree through storage: JSON written and read back, the same tree.
    fn stored_and_read(s: &Session) -> Session {
        let json = serde_json::to_string(&to_record(s)).unwrap();
        from_record(&parse_record(&json).unwrap()).unwrap()
    }

    #[test]
    fn a_teachers_record_keeps_every_node_of_every_depth() {
        // Nested variations, a comment and marks two levels deep, an unknown property, one
        // side playing twice (a tenuki), setup in the middle of a line.
        let text = "(;GM[1]FF[4]SZ[9]XY[其他程序]C[root];B[ee];W[cc](;B[gc];W[gg];W[cg]C[脱先])\
            (;B[cg](;W[gc]C[这里更好]TR[cg]LB[ee:A])(;AB[aa]W[gg]C[再设置])))";
        let s = Session::from_sgf(text, super::super::GameId(11), 11.0)
            .unwrap()
            .session;
        assert_eq!(
            s.game.moves().len(),
            5,
            "the main line, two white moves at its end"
        );
        assert_eq!(s.tree.len(), 9);
        let back = stored_and_read(&s);
        assert_eq!(back.tree, s.tree);
        assert_eq!(back.game.moves(), s.game.moves());
        let t = &back.tree;
        let w_cc = t.main_line()[2];
        let b_cg = t.children(w_cc)[1];
        let deep = t.children(b_cg)[0];
        assert_eq!(back.comment(deep), "这里更好");
        assert_eq!(back.marks(deep).len(), 2);
        let g = back.position_at(t.children(b_cg)[1]).unwrap();
        assert_eq!(g.board().stone_counts(), [3, 2]);
        // Written as SGF and read again: the same tree, the unknown property kept.
        let sgf = back.to_sgf();
        assert!(
            sgf.contains("XY[其他程序]") && sgf.contains("C[这里更好]"),
            "{sgf}"
        );
        let again = Session::from_sgf(&sgf, super::super::GameId(12), 12.0)
            .unwrap()
            .session;
        assert_eq!(again.tree.len(), s.tree.len());
        let nodes = |s: &Session| -> Vec<crate::record::tree::Node> {
            s.tree.preorder()[1..]
                .iter()
                .map(|&id| s.tree.node(id).clone())
                .collect()
        };
        assert_eq!(nodes(&again), nodes(&s));
        // A plain game stores no tree; a damaged tree is refused, not half-read.
        assert_eq!(to_record(&sample()).tree, None);
        let mut r = to_record(&s);
        r.tree = Some("(;SZ[9];B[ee];W[ee])".into());
        assert!(matches!(
            from_record(&r),
            Err(RecordError::DoesNotReplay(_))
        ));
        r.tree = Some("(;SZ[9];B[zz])".into());
        assert!(matches!(from_record(&r), Err(RecordError::Malformed(_))));
    }

    #[test]
    fn moves_played_on_an_imported_record_are_nodes_and_its_own_moves_stay() {
        let text = "(;SZ[9];B[ee]C[天元];W[cc])";
        let mut s = Session::from_sgf(text, super::super::GameId(5), 5.0)
            .unwrap()
            .session;
        let g7 = s.game.size().parse_vertex("G7").unwrap();
        s.play(crate::rules::Move::Play(g7), 0).unwrap();
        assert_eq!(s.tree.main_line().len(), 4);
        assert!(s.can_take_back());
        assert_eq!(s.take_back(0), Ok(1));
        assert_eq!(s.tree.main_line().len(), 3);
        // W C7 is the record's own move: a plain one may be taken back, B E5 with its comment
        // may not (its comment would be lost).
        assert_eq!(s.take_back(0), Ok(1));
        assert!(!s.can_take_back());
        assert!(s.take_back(0).is_err());
        assert_eq!(s.comment(s.tree.main_line()[1]), "天元");
        assert_eq!(stored_and_read(&s).tree, s.tree);
    }

    /// A record saved by version 2 of the app (an imported teacher's record: comments and marks
    /// on the main line, variations with their own), kept as a file: read as a tree.
    #[test]
    fn a_frozen_v2_record_with_variations_becomes_a_tree() {
        let text = include_str!("../../tests/data/records/v2-variations-notes-marks.json");
        let r = parse_record(text).unwrap();
        assert_eq!(r.version, 2);
        let s = from_record(&r).unwrap();
        let t = &s.tree;
        let main = t.main_line();
        assert_eq!(main.len(), 5);
        assert_eq!(s.comment(main[0]), "开局");
        assert_eq!(s.comment(main[1]), "天元");
        assert_eq!(s.marks(main[1]).len(), 1);
        assert_eq!(s.comment(main[3]), "主线");
        assert_eq!(s.marks(main[4]).len(), 1);
        let forks = t.children(main[2]);
        assert_eq!(forks.len(), 3, "the main line and two variations at move 3");
        let second = t.children(forks[1])[0];
        assert_eq!(s.comment(second), "这里更好");
        assert_eq!(s.marks(second).len(), 2);
        assert_eq!(t.node(forks[2]).first("B"), Some("gg"));
        // Saved again as version 3: the tree, and it reads back the same.
        let again = to_record(&s);
        assert_eq!(again.version, RECORD_VERSION);
        assert!(again.tree.is_some() && again.variations.is_empty());
        assert_eq!(stored_and_read(&s).tree, s.tree);
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
        let back = stored_and_read(&s);
        assert_eq!(back.tree, s.tree);
        assert_eq!(
            (back.event.as_str(), back.date.as_str()),
            (s.event.as_str(), s.date.as_str())
        );
        // The first variation's position: the main line's first two moves, then its own.
        let fork = back.tree.main_line()[2];
        let first = back.tree.children(fork)[1];
        let end = *back.tree.line_from(first).last().unwrap();
        let g = back.position_at(end).unwrap();
        assert_eq!(g.board().stone_counts(), [3, 2]);
        let sgf = back.to_sgf();
        assert!(sgf.contains("C[天元]"));
        let again = Session::from_sgf(&sgf, super::super::GameId(10), 10.0)
            .unwrap()
            .session;
        assert_eq!(again.tree.len(), s.tree.len());
        assert_eq!(again.game.moves(), s.game.moves());
    }
}

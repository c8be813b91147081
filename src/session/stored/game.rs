//! The game record (version [`RECORD_VERSION`]) and how a session is written as one.

use super::*;

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
pub(super) fn is_plain(s: &Session) -> bool {
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
pub(super) fn setup_record(s: &Session) -> Option<SetupRecord> {
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

pub(super) fn letter(c: Colour) -> char {
    c.letter()
}

pub(super) fn colour_of(ch: char) -> Result<Colour, RecordError> {
    match ch {
        'B' => Ok(Colour::Black),
        'W' => Ok(Colour::White),
        _ => Err(RecordError::Malformed(format!("colour {ch}"))),
    }
}

/// The dead stones of a counted game: those of the final marking (kept in the session).
pub(super) fn stored_dead(s: &Session) -> Vec<String> {
    s.final_dead
        .iter()
        .map(|p| s.game.size().vertex(*p))
        .collect()
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

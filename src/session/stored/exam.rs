//! The rank exams as stored (issue 55): every exam of the device under `shoutan.exams`, and a
//! pupil's in their 棋册, as versioned JSON ([`EXAMS_VERSION`]; a frozen fixture of each version
//! in `tests/data/records/`). An exam is its state, written whole after each step; it is read
//! and checked whole ([`read_exams`]) and a text that does not read is refused, never half
//! taken. Also here: how two devices' copies of one exam are merged ([`merge_exams`]) and the
//! summary a hand-in carries to the teacher's report ([`ExamSummary`]).

use serde::{Deserialize, Serialize};

use crate::session::exam::{
    Exam, ExamEnd, ExamGame, ExamProblem, ExamRank, Exams, GameEnd, ProblemAnswer, GAMES, PROBLEMS,
};
use crate::session::{GameId, Rank};

/// What the stored text says it is.
pub const EXAMS_FORMAT: &str = "shoutan-exams";
/// The version written now. History: 1, the first.
pub const EXAMS_VERSION: u32 = 1;

/// Every exam of a device (`shoutan.exams`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ExamsRecord {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub exams: Vec<ExamRecord>,
}

/// One exam.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ExamRecord {
    pub id: String,
    pub pupil: String,
    #[serde(default)]
    pub class: String,
    /// The exam's key (`20k` … `1d`).
    pub rank: String,
    pub started_ms: u64,
    /// The opponent's level key (`15k`), fixed when the exam started.
    pub level: String,
    #[serde(default)]
    pub games: Vec<ExamGameRecord>,
    #[serde(default)]
    pub problems: Vec<ExamProblemRecord>,
    #[serde(default)]
    pub end: Option<ExamEndRecord>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ExamGameRecord {
    /// The game's id (its record `shoutan.game.<id>`).
    pub game: String,
    pub number: u8,
    /// The pupil's colour, 'B' or 'W'.
    pub pupil: char,
    pub started_ms: u64,
    #[serde(default)]
    pub end: Option<GameEndRecord>,
}

/// How an exam game counted: `how` is `won`, `lost`, `overdue`, `abandoned` or `gone`; `result`
/// the SGF result of a game played out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GameEndRecord {
    pub how: String,
    pub at_ms: u64,
    #[serde(default)]
    pub result: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ExamProblemRecord {
    pub key: String,
    pub sgf: String,
    #[serde(default)]
    pub shown_ms: Option<u64>,
    #[serde(default)]
    pub answer: Option<AnswerRecord>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct AnswerRecord {
    pub right: bool,
    #[serde(default)]
    pub late: bool,
    pub at_ms: u64,
}

/// How the exam ended; a pass with the rank reached as SGF writes ranks (`7k`, `1d`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ExamEndRecord {
    Passed { rank: String, at_ms: u64 },
    Failed { at_ms: u64 },
    Abandoned { at_ms: u64 },
}

/// Why stored exams could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ExamsError {
    /// Not JSON of this format.
    Malformed(String),
    /// Written by a newer version of the app.
    TooNew(u32),
}

/// A rank as a kyu number (1 段 is 0) from how SGF writes it.
fn kyu_of(text: &str) -> Option<i32> {
    match Rank::parse(text)? {
        Rank::Kyu(n) => Some(n as i32),
        Rank::Dan(n) => Some(1 - n as i32),
        _ => None,
    }
}

fn colour_letter(c: crate::rules::Colour) -> char {
    c.letter()
}

/// The record of an exam.
pub fn exam_record(e: &Exam) -> ExamRecord {
    ExamRecord {
        id: e.id.to_string(),
        pupil: e.pupil.clone(),
        class: e.class.clone(),
        rank: e.rank.key().to_string(),
        started_ms: e.started_ms,
        level: e.level.key().to_string(),
        games: e
            .games
            .iter()
            .map(|g| ExamGameRecord {
                game: g.game.to_string(),
                number: g.number,
                pupil: colour_letter(g.pupil),
                started_ms: g.started_ms,
                end: g.end.as_ref().map(|(how, at, result)| GameEndRecord {
                    how: match how {
                        GameEnd::Played { won: true } => "won",
                        GameEnd::Played { won: false } => "lost",
                        GameEnd::Overdue => "overdue",
                        GameEnd::Abandoned => "abandoned",
                        GameEnd::Gone => "gone",
                    }
                    .to_string(),
                    at_ms: *at,
                    result: result.clone(),
                }),
            })
            .collect(),
        problems: e
            .problems
            .iter()
            .map(|p| ExamProblemRecord {
                key: p.key.clone(),
                sgf: p.sgf.clone(),
                shown_ms: p.shown_ms,
                answer: p.answer.map(|a| AnswerRecord {
                    right: a.right,
                    late: a.late,
                    at_ms: a.at_ms,
                }),
            })
            .collect(),
        end: e.end.map(|end| match end {
            ExamEnd::Passed { rank, at_ms } => ExamEndRecord::Passed {
                rank: Rank::from_kyu(rank).sgf(),
                at_ms,
            },
            ExamEnd::Failed { at_ms } => ExamEndRecord::Failed { at_ms },
            ExamEnd::Abandoned { at_ms } => ExamEndRecord::Abandoned { at_ms },
        }),
    }
}

/// An exam from its record, checked: its rank, opponent, games (at most five, numbered in
/// order, one unfinished at most and only the last), problems (none or ten, each a problem that
/// reads, answered in order) and end must hold together.
pub fn exam_of(r: &ExamRecord) -> Result<Exam, ExamsError> {
    let bad = |what: &str| ExamsError::Malformed(format!("exam {}: {what}", r.id));
    let id = r.id.parse().map_err(|_| bad("id"))?;
    let rank = ExamRank::from_key(&r.rank).ok_or_else(|| bad("rank"))?;
    let level = crate::bot::Level::from_key(&r.level).ok_or_else(|| bad("level"))?;
    if r.games.len() > GAMES || !(r.problems.is_empty() || r.problems.len() == PROBLEMS) {
        return Err(bad("count"));
    }
    let mut games = Vec::new();
    for (i, g) in r.games.iter().enumerate() {
        let pupil = match g.pupil {
            'B' => crate::rules::Colour::Black,
            'W' => crate::rules::Colour::White,
            _ => return Err(bad("colour")),
        };
        let end = match &g.end {
            None if i + 1 == r.games.len() => None,
            None => return Err(bad("unfinished game before the last")),
            Some(e) => Some((
                match e.how.as_str() {
                    "won" => GameEnd::Played { won: true },
                    "lost" => GameEnd::Played { won: false },
                    "overdue" => GameEnd::Overdue,
                    "abandoned" => GameEnd::Abandoned,
                    "gone" => GameEnd::Gone,
                    _ => return Err(bad("game end")),
                },
                e.at_ms,
                e.result.clone(),
            )),
        };
        if usize::from(g.number) != i + 1 {
            return Err(bad("game number"));
        }
        games.push(ExamGame {
            game: GameId(g.game.parse().map_err(|_| bad("game id"))?),
            number: g.number,
            pupil,
            started_ms: g.started_ms,
            end,
        });
    }
    if !r.problems.is_empty() && (games.len() < GAMES || games.iter().any(|g| g.end.is_none())) {
        return Err(bad("problems before the games"));
    }
    let mut problems = Vec::new();
    let mut unanswered = false;
    for p in &r.problems {
        match crate::learn::Problem::read_all(&p.sgf) {
            Ok(read) if read.len() == 1 => {}
            _ => return Err(bad("problem")),
        }
        if unanswered && p.answer.is_some() {
            return Err(bad("problems answered out of order"));
        }
        unanswered |= p.answer.is_none();
        problems.push(ExamProblem {
            key: p.key.clone(),
            sgf: p.sgf.clone(),
            shown_ms: p.shown_ms,
            answer: p.answer.map(|a| ProblemAnswer {
                right: a.right,
                late: a.late,
                at_ms: a.at_ms,
            }),
        });
    }
    let end = match &r.end {
        None => None,
        Some(ExamEndRecord::Passed { rank, at_ms }) => Some(ExamEnd::Passed {
            rank: kyu_of(rank).ok_or_else(|| bad("rank passed"))?,
            at_ms: *at_ms,
        }),
        Some(ExamEndRecord::Failed { at_ms }) => Some(ExamEnd::Failed { at_ms: *at_ms }),
        Some(ExamEndRecord::Abandoned { at_ms }) => Some(ExamEnd::Abandoned { at_ms: *at_ms }),
    };
    let exam = Exam {
        id,
        pupil: r.pupil.clone(),
        class: r.class.clone(),
        rank,
        started_ms: r.started_ms,
        level,
        games,
        problems,
        end,
    };
    // A pass must be what the table gives for these games and problems.
    if let Some(ExamEnd::Passed { rank: reached, .. }) = exam.end {
        let games_give = exam.rank.awarded(exam.wins());
        let problems_pass = exam.problem_score().0 >= crate::session::exam::PROBLEMS_TO_PASS;
        if games_give != Some(reached) || !problems_pass || exam.games_over() < GAMES {
            return Err(bad("a pass the results do not give"));
        }
    }
    Ok(exam)
}

/// The stored text of every exam of a device.
pub fn exams_text(exams: &Exams) -> String {
    serde_json::to_string(&ExamsRecord {
        format: EXAMS_FORMAT.to_string(),
        version: EXAMS_VERSION,
        exams: exams.exams.iter().map(exam_record).collect(),
    })
    .unwrap_or_default()
}

/// The exams from their stored text, every one checked; an empty text is none.
pub fn read_exams(text: &str) -> Result<Exams, ExamsError> {
    if text.trim().is_empty() {
        return Ok(Exams::default());
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ExamsError::Malformed(e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(EXAMS_FORMAT) {
        return Err(ExamsError::Malformed("not the exams' format".into()));
    }
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version > u64::from(EXAMS_VERSION) {
        return Err(ExamsError::TooNew(version as u32));
    }
    let record: ExamsRecord =
        serde_json::from_value(value).map_err(|e| ExamsError::Malformed(e.to_string()))?;
    records_exams(&record.exams)
}

/// Exams from their records, every one checked, ids unique.
pub fn records_exams(records: &[ExamRecord]) -> Result<Exams, ExamsError> {
    let mut exams = Exams::default();
    for r in records {
        let e = exam_of(r)?;
        if exams.get(e.id).is_some() {
            return Err(ExamsError::Malformed(format!("exam {} twice", e.id)));
        }
        exams.exams.push(e);
    }
    Ok(exams)
}

/// Two copies of the exams as one (a 棋册 opened on a device): every exam of either; an exam on
/// both sides taken from the copy that carries it further — every step of the other and more
/// ([`Exam::extends`]). Copies that went apart (the same exam continued on two devices) keep
/// the one with fewer wins, then fewer problems right, then the device's: merging two copies
/// never gives an exam a result neither had, nor erases a lost game. Merging again changes
/// nothing. Both lists must have been read ([`records_exams`]); a record that does not read is
/// kept as it was.
pub fn merge_exams(device: &[ExamRecord], file: &[ExamRecord]) -> Vec<ExamRecord> {
    let mut out = device.to_vec();
    for theirs in file {
        let Some(at) = out.iter().position(|o| o.id == theirs.id) else {
            out.push(theirs.clone());
            continue;
        };
        let (Ok(a), Ok(b)) = (exam_of(&out[at]), exam_of(theirs)) else {
            continue;
        };
        if a == b || a.extends(&b) {
            continue;
        }
        let worse = |x: &Exam| (x.wins(), x.problem_score().0);
        if b.extends(&a) || worse(&b) < worse(&a) {
            out[at] = theirs.clone();
        }
    }
    out.sort_by_key(|r| r.id.parse::<u64>().unwrap_or(0));
    out
}

/// What a hand-in says of one exam, for the teacher's report ("15 级 · 12 月 6 日 · 对局 3/5 ·
/// 题目 9/10"). The games are found in the hand-in by their root property
/// ([`crate::session::exam::EXAM_PROPERTY`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ExamSummary {
    pub id: String,
    /// The exam's key (`15k`).
    pub rank: String,
    /// The local day it ended, or started while it is open: `2026-12-06`.
    pub day: String,
    /// A letter a game: `W` won, `L` lost, `-` being played.
    pub games: String,
    /// Problems right, and answered.
    pub problems: (u32, u32),
    /// `passed`, `failed`, `abandoned` or `open`.
    pub outcome: String,
    /// The rank passed, as SGF writes it (`15k`, `7k`, `1d`), or empty.
    #[serde(default)]
    pub reached: String,
}

impl ExamSummary {
    /// The summary of an exam that ended (or started, while open) on local day `day`.
    pub fn of(e: &Exam, day: &str) -> ExamSummary {
        let (right, done) = e.problem_score();
        ExamSummary {
            id: e.id.to_string(),
            rank: e.rank.key().to_string(),
            day: day.to_string(),
            games: e
                .games
                .iter()
                .map(|g| match g.end {
                    None => '-',
                    Some((end, _, _)) if end.won() => 'W',
                    Some(_) => 'L',
                })
                .collect(),
            problems: (right as u32, done as u32),
            outcome: match e.end {
                None => "open",
                Some(ExamEnd::Passed { .. }) => "passed",
                Some(ExamEnd::Failed { .. }) => "failed",
                Some(ExamEnd::Abandoned { .. }) => "abandoned",
            }
            .to_string(),
            reached: e
                .passed()
                .map(|k| Rank::from_kyu(k).sgf())
                .unwrap_or_default(),
        }
    }

    /// Games won.
    pub fn wins(&self) -> usize {
        self.games.chars().filter(|&c| c == 'W').count()
    }
}

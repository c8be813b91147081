//! 我的棋册, the pupil's book (issue 40): one file that is a pupil's state on this app — their
//! games (each as its stored record, verbatim), the analyses kept beside them, their place on
//! the ladder, the lessons and problems done, the problem sets the teacher imported and the
//! settings — so that the pupil's work follows the pupil from one shared Chromebook to the next.
//!
//! The file is JSON, version [`BOOK_VERSION`], not an SGF collection: a game travels as the
//! very record `localStorage` keeps (its SGF tree inside, with every variation, comment, mark
//! and unknown property, plus what SGF has no words for: the clock after each move, the
//! referee's events, the save counter the merge compares), so nothing is converted and nothing
//! is lost; the ladder and progress are data, not game properties another program would drop.
//! For other programs and the teacher there is the hand-in, plain SGF ([`hand_in`]).
//!
//! Opening a book on a device **merges** ([`merge`]): games by id and revision (a newer save of
//! the same game replaces an older one only when it carries every move and the result of the
//! older; two devices that changed one game differently keep both), ladders by their games
//! (every game either counted, once, in the order played: [`Ladder::merge`]), progress by
//! union. Merging the same file twice changes nothing the second time. A file that is not a book, is damaged or is of a
//! newer version is refused whole ([`read`]) before anything is written.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{from_record, parse_record, GameRecord, RECORD_VERSION};
use crate::session::ladder::Ladder;

/// What the file says it is.
pub const BOOK_FORMAT: &str = "shoutan-qice";
/// The version of [`Book`] written now. History: 1, the first; 2, the ladder of version 2 (the
/// games it counted, issue 51), which an app reading version 1 would take for damage: it says
/// the book is newer instead. A book of version 1 (its ladder of version 1) still reads.
pub const BOOK_VERSION: u32 = 2;

/// The problems solved, per set (`"capture"`, `"course"` for the lessons, `"file:…"`): indices
/// in the set.
pub type Progress = BTreeMap<String, Vec<u32>>;

/// A pupil's book, as the file holds it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Book {
    pub format: String,
    pub version: u32,
    /// The pupil's name as they wrote it (empty: not given).
    #[serde(default)]
    pub pupil: String,
    /// Their class, if they gave one.
    #[serde(default)]
    pub class: String,
    /// When the file was written (ms since the epoch).
    #[serde(default)]
    pub saved_ms: f64,
    #[serde(default)]
    pub games: Vec<BookGame>,
    /// The pupil's place on the ladder ([`Ladder::to_text`]).
    #[serde(default)]
    pub ladder: String,
    #[serde(default)]
    pub progress: Progress,
    /// Problem sets imported on the device (the teacher's), kept as their files.
    #[serde(default)]
    pub problem_sets: Vec<ProblemSetRecord>,
    /// The settings as stored (`shoutan.settings`), if any.
    #[serde(default)]
    pub settings: Option<serde_json::Value>,
    /// The pupil's rank exams and their certificates (issue 55; absent in books written before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exams: Vec<super::exam::ExamRecord>,
    /// 每日练习: the answers and the ratings (issue 53; absent in books written before).
    #[serde(default, skip_serializing_if = "super::daily::DailyRecord::is_empty")]
    pub daily: super::daily::DailyRecord,
}

/// One game of a book: its stored record as written and the 复盘 kept beside it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BookGame {
    /// The stored record (`shoutan.game.<id>`), every field as it was written.
    pub record: serde_json::Value,
    /// The stored analysis (`shoutan.analysis.<id>`), if there is one.
    #[serde(default)]
    pub analysis: Option<String>,
}

/// A problem set imported from files: its key in the progress, its name and the files.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ProblemSetRecord {
    pub key: String,
    pub name: String,
    /// (file name, SGF text) for each file the set was read from.
    pub files: Vec<(String, String)>,
    /// Each problem's grade by the ranked opponents, in the set's order (issue 53): a level's
    /// key (`15k`), `none` (no ranked opponent solves it) or `-` (not graded); empty until the
    /// set is graded (and in sets stored before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grades: Vec<String>,
}

/// Why a file could not be opened as a book.
#[derive(Clone, Debug, PartialEq)]
pub enum BookError {
    /// Not JSON at all, or cut short.
    NotJson,
    /// JSON, but not a 棋册 (another program's file).
    NotABook,
    /// Written by a newer version of the app.
    TooNew(u32),
    /// A 棋册 whose contents do not hold together (edited by hand, damaged): the game numbered
    /// (from 1) that does not read, or 0 for the book itself.
    Damaged(usize),
}

impl BookGame {
    /// The game's id, as its record says it.
    pub fn id(&self) -> Option<&str> {
        self.record.get("id").and_then(|i| i.as_str())
    }

    /// The record read (and checked to replay).
    fn read(&self) -> Option<GameRecord> {
        let r = parse_record(&self.record.to_string()).ok()?;
        from_record(&r).ok()?;
        Some(r)
    }
}

impl Book {
    /// A new book of `pupil` (the web layer fills it from storage).
    pub fn new(pupil: &str, class: &str, saved_ms: f64) -> Book {
        Book {
            format: BOOK_FORMAT.to_string(),
            version: BOOK_VERSION,
            pupil: pupil.to_string(),
            class: class.to_string(),
            saved_ms,
            ..Book::default()
        }
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The game of that id, if the book holds it.
    pub fn game(&self, id: &str) -> Option<&BookGame> {
        self.games.iter().find(|g| g.id() == Some(id))
    }
}

/// Reads a book from a file's text, checking all of it: every game must read and replay, the
/// ladder must be one; otherwise the whole file is refused (nothing of it is taken).
pub fn read(text: &str) -> Result<Book, BookError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| BookError::NotJson)?;
    if value.get("format").and_then(|f| f.as_str()) != Some(BOOK_FORMAT) {
        return Err(BookError::NotABook);
    }
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version > u64::from(BOOK_VERSION) {
        return Err(BookError::TooNew(version as u32));
    }
    let book: Book = serde_json::from_value(value).map_err(|_| BookError::Damaged(0))?;
    if version == 0
        || (!book.ladder.is_empty() && Ladder::from_text(&book.ladder).is_none())
        || super::exam::records_exams(&book.exams).is_err()
    {
        return Err(BookError::Damaged(0));
    }
    let mut ids = Vec::new();
    for (i, g) in book.games.iter().enumerate() {
        let r = g.read().ok_or(BookError::Damaged(i + 1))?;
        if r.version > RECORD_VERSION || ids.contains(&r.id) {
            return Err(BookError::Damaged(i + 1));
        }
        ids.push(r.id);
    }
    Ok(book)
}

/// The record without its id (two copies of one game under different ids compare equal).
fn without_id(record: &serde_json::Value) -> serde_json::Value {
    let mut r = record.clone();
    if let Some(o) = r.as_object_mut() {
        o.remove("id");
    }
    r
}

/// Whether `newer` is a later save of the game `older` is: a higher revision, every move of the
/// older and its result (an older record that ended keeps its ending).
fn supersedes(newer: &GameRecord, older: &GameRecord) -> bool {
    newer.revision > older.revision
        && newer.moves.starts_with(&older.moves)
        && (older.end.is_none() || older.end == newer.end)
}

/// What opening a book did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Merged {
    /// Games new to the device.
    pub added: usize,
    /// Games of the device replaced by a later save from the file.
    pub updated: usize,
    /// Games changed on both sides: the file's copy kept beside the device's, under a new id.
    pub kept_both: usize,
}

impl Merged {
    pub fn changed(&self) -> bool {
        self.added + self.updated + self.kept_both > 0
    }
}

/// The device's state (as a book) with `file` opened into it; the device's pupil becomes the
/// file's. Loses no game, result or tick of either side; opening the same file again changes
/// nothing.
pub fn merge(device: &Book, file: &Book) -> (Book, Merged) {
    let mut out = device.clone();
    let mut done = Merged::default();
    let mut next_id = out
        .games
        .iter()
        .chain(&file.games)
        .filter_map(|g| g.id()?.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    for theirs in &file.games {
        let Some(id) = theirs.id().map(str::to_string) else {
            continue;
        };
        let Some(at) = out.games.iter().position(|g| g.id() == Some(&id)) else {
            out.games.push(theirs.clone());
            done.added += 1;
            continue;
        };
        let ours = &mut out.games[at];
        if ours.record == theirs.record {
            if ours.analysis.is_none() && theirs.analysis.is_some() {
                ours.analysis = theirs.analysis.clone();
            }
            continue;
        }
        let (Some(a), Some(b)) = (ours.read(), theirs.read()) else {
            continue;
        };
        if supersedes(&b, &a) {
            ours.record = theirs.record.clone();
            if theirs.analysis.is_some() {
                ours.analysis = theirs.analysis.clone();
            }
            done.updated += 1;
            continue;
        }
        if supersedes(&a, &b) {
            continue;
        }
        // Changed on both devices: keep both, unless the file's copy is here already.
        let copy = without_id(&theirs.record);
        if out.games.iter().any(|g| without_id(&g.record) == copy) {
            continue;
        }
        next_id += 1;
        let mut record = theirs.record.clone();
        record["id"] = serde_json::Value::String(next_id.to_string());
        out.games.push(BookGame {
            record,
            analysis: theirs.analysis.clone(),
        });
        done.kept_both += 1;
    }
    out.ladder = merge_ladders(&device.ladder, &file.ladder);
    for (set, done_there) in &file.progress {
        let here = out.progress.entry(set.clone()).or_default();
        for i in done_there {
            if !here.contains(i) {
                here.push(*i);
            }
        }
        here.sort_unstable();
    }
    for set in &file.problem_sets {
        if !out.problem_sets.iter().any(|s| s.key == set.key) {
            out.problem_sets.push(set.clone());
        }
    }
    if out.settings.is_none() {
        out.settings = file.settings.clone();
    }
    out.exams = super::exam::merge_exams(&device.exams, &file.exams);
    out.daily = crate::session::daily::merge(&device.daily, &file.daily);
    out.pupil = file.pupil.clone();
    if !file.class.is_empty() {
        out.class = file.class.clone();
    }
    (out, done)
}

/// Two ladders as one: the games and offers of both, each game counted once, in the order
/// played ([`Ladder::merge`]).
fn merge_ladders(device: &str, file: &str) -> String {
    let Some(theirs) = Ladder::from_text(file).filter(|l| *l != Ladder::default()) else {
        return device.to_string();
    };
    let mut ours = Ladder::from_text(device).unwrap_or_default();
    ours.merge(&theirs);
    ours.to_text()
}

/// What a book holds, not when it was written: the text two books compare by (a write-back
/// writes only when it changed; the book screen says whether it changed since it was saved).
pub fn contents(b: &Book) -> String {
    let mut b = b.clone();
    b.saved_ms = 0.0;
    b.to_json()
}

/// A short mark of the pupil's work in a book (FNV-1a, 64 bits, of its [`contents`] but the
/// settings, which the app writes by itself at times), kept in [`BookState`].
pub fn mark(b: &Book) -> u64 {
    let work = Book {
        settings: None,
        ..b.clone()
    };
    contents(&work).bytes().fold(0xcbf2_9ce4_8422_2325, |h, c| {
        (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How the pupil's book last left or came into this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Written to a file the pupil picked (and written back to while the page lives).
    Saved,
    /// Offered as a download.
    Downloaded,
    /// Opened from a file.
    Opened,
}

/// Where and when the pupil's book was last saved or opened from (issue 51), kept per pupil
/// (`shoutan.book-state.<name>`) so that the book screen says it after a reload too, and
/// whether the book changed since ([`mark`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BookState {
    pub how: Kept,
    /// When (ms since the epoch).
    pub at_ms: f64,
    /// The file's name.
    pub file: String,
    /// The book's [`mark`] then.
    pub mark: u64,
}

const STATE_V1: &str = "shoutan-book-state 1";

impl BookState {
    /// As stored: a versioned text, one field a line (the file's name last).
    pub fn to_text(&self) -> String {
        let how = match self.how {
            Kept::Saved => "saved",
            Kept::Downloaded => "downloaded",
            Kept::Opened => "opened",
        };
        let file = self.file.replace(['\n', '\r'], " ");
        let at = self.at_ms as u64;
        format!("{STATE_V1}\n{how}\n{at}\n{}\n{file}", self.mark)
    }

    /// The state from its stored text; `None` for another version or damage.
    pub fn from_text(text: &str) -> Option<BookState> {
        let mut lines = text.splitn(5, '\n');
        if lines.next()? != STATE_V1 {
            return None;
        }
        let how = match lines.next()? {
            "saved" => Kept::Saved,
            "downloaded" => Kept::Downloaded,
            "opened" => Kept::Opened,
            _ => return None,
        };
        let at_ms = lines.next()?.parse::<u64>().ok()? as f64;
        let mark = lines.next()?.parse().ok()?;
        let file = lines.next().unwrap_or("").to_string();
        Some(BookState {
            how,
            at_ms,
            file,
            mark,
        })
    }
}

/// The name of a hand-in file: the pupil's name and the day (`小明-2026-12-04.sgf`); a name
/// with characters file systems refuse has them replaced.
pub fn hand_in_name(pupil: &str, day: &str) -> String {
    let name: String = pupil
        .trim()
        .chars()
        .map(|c| {
            if "/\\:*?\"<>|".contains(c) || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    if name.is_empty() {
        format!("{day}.sgf")
    } else {
        format!("{name}-{day}.sgf")
    }
}

/// The name of a book file (`小明-棋册.json`, or `我的棋册.json` with no name).
pub fn book_file_name(pupil: &str, zh: bool) -> String {
    let stem = hand_in_name(pupil, "");
    let stem = stem.trim_end_matches(".sgf").trim_end_matches('-');
    match (stem.is_empty(), zh) {
        (true, true) => "我的棋册.json".to_string(),
        (true, false) => "my-go-book.json".to_string(),
        (false, true) => format!("{stem}-棋册.json"),
        (false, false) => format!("{stem}-go-book.json"),
    }
}

/// The private root property a hand-in's games carry the pupil's facts in ([`PupilFacts`] as
/// JSON): other programs keep or ignore it, the class report reads it.
pub const PUPIL_PROPERTY: &str = "SHOUTANPUPIL";

/// What the teacher's report shows of a pupil beside their games.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct PupilFacts {
    pub name: String,
    #[serde(default)]
    pub class: String,
    /// The rank they play on the ladder ([`crate::bot::Level::key`]; empty: none yet).
    #[serde(default)]
    pub ladder: String,
    /// Lessons done, of how many; problems solved, of how many.
    #[serde(default)]
    pub lessons: (u32, u32),
    #[serde(default)]
    pub problems: (u32, u32),
    /// Their rank exams (issue 55; absent in hand-ins written before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exams: Vec<super::exam::ExamSummary>,
    /// 每日练习: done, right, the grade now (issue 53; absent before, or none done).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<super::daily::DailySummary>,
    /// The technique lessons whose quiz they passed, by key (issue 54; absent before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub techniques: Vec<String>,
}

/// The exam a hand-in's game (or a stored game) is a game of: its record's root says it
/// ([`crate::session::exam::EXAM_PROPERTY`]), so the report finds the games behind each exam.
pub fn exam_tag(s: &crate::session::Session) -> Option<crate::session::exam::ExamTag> {
    s.exam()
}

impl PupilFacts {
    /// The facts a hand-in's game carries, if it is one.
    pub fn of(s: &crate::session::Session) -> Option<PupilFacts> {
        let text = s.tree.node(s.tree.root()).first(PUPIL_PROPERTY)?;
        serde_json::from_str(text).ok()
    }
}

/// The hand-in: the chosen games as one SGF collection, each with its analysis written in (when
/// it has one), the pupil's rank on their side when the record has none, and the pupil's facts
/// on its root.
pub fn hand_in(
    games: &[(
        crate::session::Session,
        Option<crate::bot::review::GameReview>,
    )],
    facts: &PupilFacts,
    rank: Option<crate::session::Rank>,
) -> String {
    let facts_text = serde_json::to_string(facts).unwrap_or_default();
    let trees: Vec<String> = games
        .iter()
        .map(|(s, review)| {
            let mut s = match review {
                Some(r) => crate::session::analysis::annotated(s, r),
                None => s.clone(),
            };
            for p in [&mut s.setup.black, &mut s.setup.white] {
                if p.name.trim() == facts.name.trim() && p.rank.is_none() {
                    p.rank = rank.clone();
                }
            }
            let root = s.tree.root();
            s.tree
                .node_mut(root)
                .set(PUPIL_PROPERTY, vec![facts_text.clone()]);
            s.to_sgf()
        })
        .collect();
    trees.join("\n")
}

/// Whether a stored game is the pupil's: one of its players has their name, or no human player
/// has a name (games played before the pupil gave it). With no name, every game is.
pub fn belongs(r: &GameRecord, pupil: &str) -> bool {
    let pupil = pupil.trim();
    let computer = r.computer.as_ref().map(|c| c.colour);
    let humans: Vec<&str> = [('B', &r.black.name), ('W', &r.white.name)]
        .into_iter()
        .filter(|(c, _)| computer != Some(*c))
        .map(|(_, n)| n.trim())
        .collect();
    pupil.is_empty() || humans.contains(&pupil) || humans.iter().all(|n| n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;
    use crate::session::stored::to_record;
    use crate::session::{GameId, Session, Setup};

    /// A 9×9 game `id` of the moves given (vertices), saved `revision` times.
    fn game(id: u64, moves: &[&str], revision: u64) -> BookGame {
        let mut s = Session::new(
            GameId(id),
            id as f64,
            Setup {
                size: BoardSize::NINE,
                ..Setup::default()
            },
        );
        for v in moves {
            let p = s.game.size().parse_vertex(v).unwrap();
            s.play_at(p).unwrap();
        }
        s.revision = revision;
        BookGame {
            record: serde_json::to_value(to_record(&s)).unwrap(),
            analysis: None,
        }
    }

    fn book(pupil: &str, games: Vec<BookGame>) -> Book {
        let mut b = Book::new(pupil, "", 0.0);
        b.games = games;
        b
    }

    /// 每日练习 on two devices: the books merged hold every answer of both, the ratings those of
    /// the answers in order; written and read back, and merged again, nothing changes.
    #[test]
    fn merging_two_devices_books_loses_no_daily_answer() {
        use crate::session::daily;
        let mut a = book("小明", vec![]);
        a.daily = daily::start(Some(crate::bot::Level::Kyu20));
        daily::answer(&mut a.daily, "th-1", 1000.0, true, 10.0, "2026-12-06");
        daily::answer(&mut a.daily, "th-2", 1100.0, false, 30.0, "2026-12-06");
        let mut b = book("小明", vec![]);
        b.daily = daily::start(Some(crate::bot::Level::Kyu20));
        daily::answer(&mut b.daily, "th-3", 900.0, true, 20.0, "2026-12-07");
        // A book without 每日练习 leaves the field out, and one with it reads back.
        assert!(!Book::new("x", "", 0.0).to_json().contains("daily"));
        let b = read(&b.to_json()).unwrap();
        let (m, _) = merge(&a, &b);
        let keys: Vec<&str> = m.daily.answers.iter().map(|x| x.key.as_str()).collect();
        assert_eq!(keys, ["th-1", "th-3", "th-2"]);
        assert_eq!(daily::summary(&m.daily).done, 3);
        assert_eq!(daily::summary(&m.daily).right, 2);
        assert_eq!(merge(&m, &b).0.daily, m.daily);
        assert_eq!(merge(&m, &a).0.daily, m.daily);
        let (other_way, _) = merge(&b, &a);
        assert_eq!(other_way.daily.answers, m.daily.answers);
        assert_eq!(other_way.daily.rating, m.daily.rating);
        // A book of before (no daily) opened into a device keeps the device's.
        assert_eq!(merge(&a, &book("小明", vec![])).0.daily, a.daily);
    }

    #[test]
    fn a_book_reads_back_as_written() {
        let mut b = book("小明", vec![game(1, &["E5", "D5"], 3)]);
        b.progress.insert("course".into(), vec![0, 2]);
        b.games[0].analysis = Some("shoutan-analysis 1\n".into());
        assert_eq!(read(&b.to_json()).unwrap(), b);
    }

    #[test]
    fn the_frozen_book_of_version_1_reads() {
        let text = include_str!("../../../tests/data/records/book-v1.json");
        let b = read(text).unwrap();
        assert_eq!(b.pupil, "小明");
        assert_eq!(b.games.len(), 2);
        assert_eq!(b.progress["course"], vec![0, 1]);
        let l = Ladder::from_text(&b.ladder).unwrap();
        assert_eq!(l.pupils()[0].name, "小明");
    }

    #[test]
    fn the_books_state_reads_back_and_its_mark_follows_the_pupils_work() {
        let s = BookState {
            how: Kept::Opened,
            at_ms: 1_796_400_000_000.0,
            file: "小明-棋册.json".into(),
            mark: 42,
        };
        assert_eq!(
            s.to_text(),
            "shoutan-book-state 1\nopened\n1796400000000\n42\n小明-棋册.json"
        );
        assert_eq!(BookState::from_text(&s.to_text()), Some(s));
        assert_eq!(
            BookState::from_text("shoutan-book-state 2\nsaved\n1\n2\nx"),
            None
        );
        assert_eq!(
            BookState::from_text("shoutan-book-state 1\nlost\n1\n2\nx"),
            None
        );
        let mut b = book("小明", vec![game(1, &["E5"], 1)]);
        let m = mark(&b);
        // When it was written and the settings are not the pupil's work.
        b.saved_ms = 9.0;
        b.settings = Some(serde_json::json!({ "dark": true }));
        assert_eq!(mark(&b), m);
        b.progress.insert("course".into(), vec![0]);
        assert_ne!(mark(&b), m);
    }

    #[test]
    fn the_frozen_book_of_version_2_reads_and_merges_with_one_of_version_1() {
        // Saved by the app (issue 51's story, device A's second save): two games lost to
        // 25 级, the ladder of version 2 that counted both.
        let text = include_str!("../../../tests/data/records/book-v2.json");
        let b = read(text).unwrap();
        assert_eq!((b.version, b.pupil.as_str(), b.games.len()), (2, "小明", 2));
        let l = Ladder::from_text(&b.ladder).unwrap();
        assert_eq!(l.pupil("小明").unwrap().results, vec![false, false]);
        assert!(b
            .games
            .iter()
            .all(|g| l.counts(g.id().unwrap().parse().unwrap())));
        // Opened on a device that holds the book of version 1: the v1 place first (it counted
        // earlier), then the two games.
        let v1 = read(include_str!("../../../tests/data/records/book-v1.json")).unwrap();
        let (merged, done) = merge(&v1, &b);
        assert_eq!(done.added, 2);
        let m = Ladder::from_text(&merged.ladder).unwrap();
        assert_eq!(m.level_of("小明"), Some(crate::bot::Level::Kyu25));
        assert_eq!(m.pupil("小明").unwrap().results, vec![false, false]);
        assert!(m.counts(1_796_388_955_244));
    }

    #[test]
    fn bad_files_are_refused_with_their_reason() {
        let good = book("小明", vec![game(1, &["E5", "D5"], 3)]).to_json();
        assert_eq!(read(&good[..good.len() / 2]), Err(BookError::NotJson));
        assert_eq!(read("{\"name\": \"x\"}"), Err(BookError::NotABook));
        assert_eq!(read("[1, 2]"), Err(BookError::NotABook));
        assert_eq!(
            read(&good.replace("\"version\": 2", "\"version\": 9")),
            Err(BookError::TooNew(9))
        );
        // A move edited by hand onto a stone.
        assert_eq!(
            read(&good.replace("\"W D5\"", "\"W E5\"")),
            Err(BookError::Damaged(1))
        );
        assert_eq!(
            read(&good.replace("\"progress\": {}", "\"progress\": 7")),
            Err(BookError::Damaged(0))
        );
    }

    #[test]
    fn a_later_save_replaces_an_earlier_one_and_a_game_changed_on_both_sides_is_kept_twice() {
        let device = book("小明", vec![game(1, &["E5"], 1), game(2, &["C3"], 1)]);
        let file = book(
            "小明",
            vec![
                game(1, &["E5", "D5"], 2),
                game(2, &["G7"], 2),
                game(3, &[], 0),
            ],
        );
        let (merged, done) = merge(&device, &file);
        assert_eq!(
            done,
            Merged {
                added: 1,
                updated: 1,
                kept_both: 1
            }
        );
        assert_eq!(merged.games.len(), 4);
        assert_eq!(merged.game("1"), file.game("1"));
        assert_eq!(merged.game("2"), device.game("2"));
        let (again, done) = merge(&merged, &file);
        assert_eq!((again, done), (merged, Merged::default()));
    }

    #[test]
    fn hand_in_files_are_named_by_the_pupil_and_the_day() {
        assert_eq!(hand_in_name("小明", "2026-12-04"), "小明-2026-12-04.sgf");
        assert_eq!(hand_in_name(" a/b ", "2026-12-04"), "a_b-2026-12-04.sgf");
        assert_eq!(hand_in_name("", "2026-12-04"), "2026-12-04.sgf");
        assert_eq!(book_file_name("小明", true), "小明-棋册.json");
        assert_eq!(book_file_name("", true), "我的棋册.json");
    }

    #[test]
    fn a_hand_in_carries_the_pupils_name_rank_and_facts_and_reads_back() {
        let mut s = Session::from_sgf(
            "(;SZ[9]PB[小明]PW[电脑 · 25 级];B[ee];W[dd])",
            GameId(5),
            0.0,
        )
        .unwrap()
        .session;
        s.setup.black.name = "小明".into();
        let facts = PupilFacts {
            name: "小明".into(),
            class: "三(2)班".into(),
            ladder: "20k".into(),
            lessons: (3, 8),
            problems: (12, 40),
            exams: vec![],
            daily: None,
            techniques: vec!["atari".into(), "ladder".into()],
        };
        let text = hand_in(&[(s, None)], &facts, Some(crate::session::Rank::Kyu(20)));
        let back = Session::from_sgf(&text, GameId(6), 0.0).unwrap().session;
        assert_eq!(PupilFacts::of(&back), Some(facts));
        assert_eq!(back.setup.black.rank, Some(crate::session::Rank::Kyu(20)));
        assert_eq!(back.setup.white.rank, None);
        assert_eq!(back.game.moves().len(), 2);
    }

    #[test]
    fn a_pupils_games_are_those_with_their_name_or_no_name() {
        let mut r = parse_record(&game(1, &["E5"], 1).record.to_string()).unwrap();
        assert!(belongs(&r, "小明") && belongs(&r, ""));
        r.black.name = "小红".into();
        assert!(!belongs(&r, "小明"));
        r.white.name = "小明".into();
        assert!(belongs(&r, " 小明 "));
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod properties {
        use super::*;
        use crate::session::ladder::{Entry, What};
        use proptest::prelude::*;

        const POINTS: [&str; 8] = ["A1", "C3", "E5", "G7", "J9", "B8", "H2", "D6"];

        /// A device's state: games drawn from a small pool of ids (so that the two sides share
        /// some), each a few moves from a seed, saved some number of times; a ladder; ticks.
        fn device() -> impl Strategy<Value = Book> {
            (
                prop::collection::vec(
                    (1u64..6, prop::collection::vec(0usize..8, 0..4), 0u64..4),
                    0..6,
                ),
                prop::collection::vec((0u32..3, 0u32..6), 0..6),
                prop::collection::vec(prop::bool::ANY, 0..4),
                0u64..9,
            )
                .prop_map(|(games, ticks, results, counted)| {
                    let mut b = book("小明", vec![]);
                    for (id, moves, revision) in games {
                        let mut seen = std::collections::HashSet::new();
                        let moves: Vec<&str> = moves
                            .into_iter()
                            .filter(|&i| seen.insert(i))
                            .map(|i| POINTS[i])
                            .collect();
                        if b.game(&id.to_string()).is_none() {
                            b.games.push(game(id, &moves, revision));
                        }
                    }
                    for (set, i) in ticks {
                        let v = b.progress.entry(format!("set{set}")).or_default();
                        if !v.contains(&i) {
                            v.push(i);
                        }
                    }
                    // Games counted from a small pool of ids too (some on both sides).
                    let mut ladder = Ladder::default();
                    for (i, won) in results.into_iter().enumerate() {
                        let id = counted + i as u64;
                        ladder.add(Entry {
                            at: id * 1_000,
                            what: What::Game {
                                id,
                                level: crate::bot::Level::Kyu20,
                                handicap: false,
                                won,
                            },
                            name: "小明".into(),
                        });
                    }
                    b.ladder = ladder.to_text();
                    b
                })
        }

        /// The games a book holds, each without its id (a copy kept under a new id counts).
        fn contents(b: &Book) -> Vec<serde_json::Value> {
            b.games.iter().map(|g| without_id(&g.record)).collect()
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]
            #[test]
            fn opening_a_book_loses_nothing_and_twice_is_once(a in device(), b in device()) {
                let file = read(&b.to_json()).unwrap();
                let (merged, _) = merge(&a, &file);
                let kept = contents(&merged);
                let recs = |bk: &Book| -> Vec<GameRecord> {
                    bk.games.iter().map(|g| g.read().unwrap()).collect()
                };
                let merged_recs = recs(&merged);
                for side in [&a, &file] {
                    for (g, r) in side.games.iter().zip(recs(side)) {
                        // Kept as it was, or replaced by a later save with its moves and result.
                        let here = kept.contains(&without_id(&g.record))
                            || merged_recs.iter().any(|m| m.id == r.id && supersedes(m, &r));
                        prop_assert!(here, "game {} lost", r.id);
                    }
                    for (set, ticks) in &side.progress {
                        for t in ticks {
                            prop_assert!(merged.progress[set].contains(t));
                        }
                    }
                    let l = Ladder::from_text(&side.ladder).unwrap();
                    let m = Ladder::from_text(&merged.ladder).unwrap();
                    for p in l.pupils() {
                        prop_assert!(m.pupil(&p.name).is_some());
                    }
                    for e in l.entries() {
                        if let What::Game { id, .. } = e.what {
                            prop_assert!(m.counts(id));
                        }
                    }
                }
                let (again, done) = merge(&merged, &file);
                prop_assert_eq!(done, Merged::default());
                prop_assert_eq!(again, merged);
            }
        }
    }
}

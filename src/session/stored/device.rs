//! This device's storage as the stored formats see it (issues 40 and 51): the keys, the index
//! of games, who plays, the device's state as a 棋册 ([`device_book`]), a book opened into it
//! ([`open_book`]), the games the index lost ([`relist`]), a problem set stored with the
//! progress that points into it ([`store_problem_set`]). Whatever writes several keys writes
//! them as one [`Writes`]: all of them land, or the store is left as it was. Over any
//! [`Store`]: the browser's is `web/storage.rs`'s, the tests' a map that refuses after any
//! number of writes.

use super::book::{belongs, merge, Book, BookGame, Merged, ProblemSetRecord, Progress};
use super::parse_record;
use super::store::{free_room, size, Refused, Store, Writes};
use crate::session::ladder::Ladder;

/// `shoutan.game.<id>`: one game, its versioned record ([`super::GameRecord`]).
pub const GAME_PREFIX: &str = "shoutan.game.";
/// The ids of the games, oldest first (JSON strings).
pub const INDEX_KEY: &str = "shoutan.index";
pub const SETTINGS_KEY: &str = "shoutan.settings";
/// The problems solved: `shoutan.learn` without a name, `shoutan.learn.<name>`.
pub const LEARN_KEY: &str = "shoutan.learn";
pub const LADDER_KEY: &str = "shoutan.ladder";
/// `shoutan.analysis.<id>`: a game's 复盘 ([`crate::session::analysis`]).
pub const ANALYSIS_PREFIX: &str = "shoutan.analysis.";
/// Who plays: the name, a line break, the class.
pub const PUPIL_KEY: &str = "shoutan.pupil";
/// The names that played on the device (JSON).
pub const PUPILS_KEY: &str = "shoutan.pupils";
/// The problem sets imported (JSON, [`ProblemSetRecord`]s).
pub const PROBLEMS_KEY: &str = "shoutan.problems";
/// The rank exams ([`super::exam`] v1).
pub const EXAMS_KEY: &str = "shoutan.exams";
/// The games of the open exams, which cannot be deleted (their ids, by commas).
pub const EXAM_LOCK_KEY: &str = "shoutan.exam-lock";
/// 每日练习 ([`super::daily`] v1) of the pupil with no name; `shoutan.daily.<name>` of a named one.
pub const DAILY_KEY: &str = "shoutan.daily";

/// Where a pupil's 每日练习 is kept.
pub fn daily_key(name: &str) -> String {
    if name.is_empty() {
        DAILY_KEY.to_string()
    } else {
        format!("{DAILY_KEY}.{name}")
    }
}

pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

pub fn analysis_key(id: &str) -> String {
    format!("{ANALYSIS_PREFIX}{id}")
}

/// What comes next on 学下棋's path for a pupil (issue 54), for the home screen's line under
/// 学下棋: `shoutan.next-lesson` without a name, `shoutan.next-lesson.<name>`; two lines, the
/// Chinese then the English ("下一课：倒扑\nNext lesson: …"). 学下棋 writes it whenever the
/// pupil's progress is read or changes; it is derived from the progress, so it has no version:
/// missing or damaged, the home screen shows nothing.
pub const NEXT_LESSON_KEY: &str = "shoutan.next-lesson";

pub fn next_lesson_key(name: &str) -> String {
    if name.is_empty() {
        NEXT_LESSON_KEY.to_string()
    } else {
        format!("{NEXT_LESSON_KEY}.{name}")
    }
}

/// Where a pupil's progress is kept: `shoutan.learn` without a name, `shoutan.learn.<name>`.
pub fn learn_key(name: &str) -> String {
    if name.is_empty() {
        LEARN_KEY.to_string()
    } else {
        format!("{LEARN_KEY}.{name}")
    }
}

/// The ids of the stored games, oldest first.
pub fn index(store: &impl Store) -> Vec<String> {
    store
        .get(INDEX_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn index_text(ids: &[String]) -> String {
    serde_json::to_string(ids).unwrap_or_default()
}

/// Puts `id` in the index where its time puts it (ids are creation times), before the first
/// later one; `false` when it was there.
pub fn list_in_order(ids: &mut Vec<String>, id: &str) -> bool {
    if ids.iter().any(|i| i == id) {
        return false;
    }
    let time = |i: &str| i.parse::<u64>().unwrap_or(0);
    let at = ids
        .iter()
        .position(|i| time(i) > time(id))
        .unwrap_or(ids.len());
    ids.insert(at, id.to_string());
    true
}

/// The games storage holds that the index does not list (left by a book half-written by an
/// older version, or a write cut off between a game and the index): listed again, each in its
/// place by time, so that the game list shows them and they can be kept or deleted. Returns how
/// many came back.
pub fn relist(store: &mut impl Store) -> usize {
    let mut ids = index(store);
    let mut found = 0;
    for key in store.keys() {
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            found += usize::from(list_in_order(&mut ids, id));
        }
    }
    if found > 0 && store.set(INDEX_KEY, &index_text(&ids)).is_err() {
        return 0;
    }
    found
}

/// The pupil playing on this device (name, class), or `None` when nobody was asked yet. A
/// skipped question stores an empty name.
pub fn pupil(store: &impl Store) -> Option<(String, String)> {
    let text = store.get(PUPIL_KEY)?;
    let (name, class) = text.split_once('\n').unwrap_or((&text, ""));
    Some((name.to_string(), class.to_string()))
}

/// The names that played on this device, for 换人.
pub fn pupils(store: &impl Store) -> Vec<String> {
    store
        .get(PUPILS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Who plays from now on, as writes: the pupil, the names that played, and (the first name
/// given, when the writes do not set that name's progress already) the progress made before
/// it, kept without a name until then.
pub fn set_pupil(store: &impl Store, w: &mut Writes, name: &str, class: &str) {
    let name = name.trim().replace(['\n', '\r'], " ");
    let class = class.trim().replace(['\n', '\r'], " ");
    let unnamed = pupil(store).is_none_or(|(n, _)| n.is_empty());
    let key = learn_key(&name);
    let written = w.list.iter().any(|(k, _)| *k == key);
    if !name.is_empty() && store.get(&key).is_none() && unnamed && !written {
        if let Some(p) = store.get(LEARN_KEY) {
            w.set(key, p);
        }
    }
    w.set(PUPIL_KEY, format!("{name}\n{class}"));
    let mut all = pupils(store);
    if !name.is_empty() && !all.contains(&name) {
        all.push(name);
        w.set(PUPILS_KEY, serde_json::to_string(&all).unwrap_or_default());
    }
}

/// The problem sets imported on this device (the teacher's), as their files.
pub fn problem_sets(store: &impl Store) -> Vec<ProblemSetRecord> {
    store
        .get(PROBLEMS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Keeps a problem set imported (it replaces one of the same key). When it replaces a set of
/// other files, the ticks every pupil had in that set pointed at other problems: they go, in
/// the same writes as the set.
pub fn store_problem_set(store: &mut impl Store, set: &ProblemSetRecord) -> Result<(), Refused> {
    let mut sets = problem_sets(store);
    let changed = sets
        .iter()
        .any(|s| s.key == set.key && s.files != set.files);
    sets.retain(|s| s.key != set.key);
    sets.push(set.clone());
    let mut w = Writes::default();
    w.set(
        PROBLEMS_KEY,
        serde_json::to_string(&sets).unwrap_or_default(),
    );
    if changed {
        for key in store.keys() {
            if key != LEARN_KEY && !key.starts_with(&format!("{LEARN_KEY}.")) {
                continue;
            }
            let Some(mut p) = store
                .get(&key)
                .and_then(|t| serde_json::from_str::<Progress>(&t).ok())
            else {
                continue;
            };
            if p.remove(&set.key).is_some() {
                w.set(key, serde_json::to_string(&p).unwrap_or_default());
            }
        }
    }
    w.apply(store)
}

/// This device's state as a book: the games of `pupil` (all games with `all`), their analyses,
/// the ladder (the pupil's; the whole ladder with `all`), the pupil's progress, the problem
/// sets and the settings.
pub fn device_book(store: &impl Store, pupil: &str, class: &str, all: bool, now_ms: f64) -> Book {
    let mut book = Book::new(pupil, class, now_ms);
    for id in index(store) {
        let Some(raw) = store.get(&game_key(&id)) else {
            continue;
        };
        let (Ok(record), Ok(value)) = (
            parse_record(&raw),
            serde_json::from_str::<serde_json::Value>(&raw),
        ) else {
            continue;
        };
        if all || belongs(&record, pupil) {
            book.games.push(BookGame {
                record: value,
                analysis: store.get(&analysis_key(&id)),
            });
        }
    }
    let ladder = store
        .get(LADDER_KEY)
        .and_then(|t| Ladder::from_text(&t))
        .unwrap_or_default();
    let ladder = if all { ladder } else { ladder.only(pupil) };
    if ladder != Ladder::default() {
        book.ladder = ladder.to_text();
    }
    book.progress = store
        .get(&learn_key(pupil.trim()))
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    book.problem_sets = problem_sets(store);
    book.settings = store
        .get(SETTINGS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok());
    book.daily = store
        .get(&daily_key(pupil.trim()))
        .and_then(|t| super::daily::DailyRecord::from_text(&t))
        .unwrap_or_default();
    // The pupil's rank exams (every pupil's with `all`).
    if let Ok(exams) = super::exam::read_exams(&store.get(EXAMS_KEY).unwrap_or_default()) {
        book.exams = exams
            .exams
            .iter()
            .filter(|e| all || e.pupil == pupil.trim())
            .map(super::exam::exam_record)
            .collect();
    }
    book
}

/// The writes that keep `exams`: the exams and the lock on the games of the open ones.
pub fn exam_writes(w: &mut Writes, exams: &crate::session::exam::Exams) {
    w.set(EXAMS_KEY, super::exam::exams_text(exams));
    let ids: Vec<String> = exams.locked_games().iter().map(|g| g.to_string()).collect();
    w.set(EXAM_LOCK_KEY, ids.join(","));
}

/// Why a book could not be opened into the device: not enough room. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoRoom {
    /// The room the book's writes need, [`size`]'s units.
    pub needed: usize,
    /// The room the store has (within about 1 k).
    pub free: usize,
}

impl NoRoom {
    /// How much is missing.
    pub fn missing(&self) -> usize {
        self.needed.saturating_sub(self.free).max(1)
    }
}

/// The writes that open `file` into the device whose state is `before` (the book [`merge`]
/// made `after` of them): the games and analyses new or changed, the index, the ladder, the
/// pupil's progress, the problem sets, the settings when the device had none, and the book's
/// pupil playing from now on.
fn open_writes(store: &impl Store, before: &Book, after: &Book) -> Writes {
    let mut w = Writes::default();
    let mut ids = index(store);
    let mut listed = false;
    for g in &after.games {
        let Some(id) = g.id() else {
            continue;
        };
        let old = before.games.iter().find(|b| b.id() == Some(id));
        if old.map(|o| &o.record) != Some(&g.record) {
            w.set(game_key(id), g.record.to_string());
        }
        if let Some(a) = &g.analysis {
            if old.and_then(|o| o.analysis.as_ref()) != Some(a) {
                w.set(analysis_key(id), a.clone());
            }
        }
        listed |= list_in_order(&mut ids, id);
    }
    if listed {
        w.set(INDEX_KEY, index_text(&ids));
    }
    if after.ladder != before.ladder {
        w.set(LADDER_KEY, after.ladder.clone());
    }
    if after.progress != before.progress || store.get(&learn_key(after.pupil.trim())).is_none() {
        w.set(
            learn_key(after.pupil.trim()),
            serde_json::to_string(&after.progress).unwrap_or_default(),
        );
    }
    if after.problem_sets != before.problem_sets {
        w.set(
            PROBLEMS_KEY,
            serde_json::to_string(&after.problem_sets).unwrap_or_default(),
        );
    }
    if after.exams != before.exams {
        if let Ok(exams) = super::exam::records_exams(&after.exams) {
            exam_writes(&mut w, &exams);
        }
    }
    if after.daily != before.daily {
        w.set(daily_key(after.pupil.trim()), after.daily.to_text());
    }
    if let (None, Some(s)) = (&before.settings, &after.settings) {
        w.set(SETTINGS_KEY, s.to_string());
    }
    set_pupil(store, &mut w, &after.pupil, &after.class);
    w
}

/// Opens a book (already read and checked) into this device: merged with what is here, every
/// change written at once, the book's pupil playing from now on. When the store has no room
/// for all of it, nothing is written, and the error says how much room was needed and how much
/// there is.
pub fn open_book(store: &mut impl Store, file: &Book, now_ms: f64) -> Result<Merged, NoRoom> {
    let before = device_book(store, &file.pupil, &file.class, true, now_ms);
    let (after, merged) = merge(&before, file);
    let w = open_writes(store, &before, &after);
    match w.apply(store) {
        Ok(()) => Ok(merged),
        Err(Refused) => {
            let needed = w.growth(store).max(0) as usize;
            Err(NoRoom {
                needed,
                free: free_room(store, needed),
            })
        }
    }
}

/// What can be deleted on the device to make room for a book: a game (with its analysis), or
/// only a game's analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deletable {
    pub id: String,
    /// Only the analysis (复盘) of the game.
    pub analysis_only: bool,
    /// The room it frees, [`size`]'s units.
    pub size: usize,
}

/// The games and analyses of this device that deleting would make room for `file`, biggest
/// first. A game the book holds too is left out (deleting it frees little or nothing, the book
/// brings it back, and this device's copy may be the later save); so is an analysis the book
/// holds as it is.
pub fn deletable(store: &impl Store, file: &Book) -> Vec<Deletable> {
    let mut out = Vec::new();
    for id in index(store) {
        let (gk, ak) = (game_key(&id), analysis_key(&id));
        let Some(raw) = store.get(&gk) else {
            continue;
        };
        let theirs = file.game(&id);
        let analysis = store.get(&ak);
        let analysis_size = analysis.as_deref().map_or(0, |a| size(&ak, a));
        if theirs.is_none() {
            out.push(Deletable {
                id: id.clone(),
                analysis_only: false,
                size: size(&gk, &raw) + analysis_size,
            });
        }
        if analysis_size > 0 && theirs.and_then(|g| g.analysis.as_ref()) != analysis.as_ref() {
            out.push(Deletable {
                id,
                analysis_only: true,
                size: analysis_size,
            });
        }
    }
    out.sort_by(|a, b| b.size.cmp(&a.size).then(a.id.cmp(&b.id)));
    out
}

/// Where the state of a pupil's book is kept ([`super::book::BookState`]):
/// `shoutan.book-state` without a name, `shoutan.book-state.<name>`.
pub fn book_state_key(name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        "shoutan.book-state".to_string()
    } else {
        format!("shoutan.book-state.{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Level;
    use crate::rules::BoardSize;
    use crate::session::ladder::{Entry, What};
    use crate::session::stored::store::Memory;
    use crate::session::stored::to_record;
    use crate::session::{GameId, Session, Setup};

    /// A 9×9 game of `id` (a creation time) with the moves given, saved once, by 小明.
    fn record(id: u64, moves: &[&str]) -> String {
        let mut setup = Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        };
        setup.black.name = "小明".into();
        let mut s = Session::new(GameId(id), id as f64, setup);
        for v in moves {
            s.play_at(s.game.size().parse_vertex(v).unwrap()).unwrap();
        }
        s.revision = 1;
        serde_json::to_string(&to_record(&s)).unwrap()
    }

    fn ladder(games: &[(u64, bool)]) -> String {
        let mut l = Ladder::default();
        for &(id, won) in games {
            l.add(Entry {
                at: id + 10,
                what: What::Game {
                    id,
                    level: Level::Kyu25,
                    handicap: false,
                    won,
                },
                name: "小明".into(),
            });
        }
        l.to_text()
    }

    /// A device where 小明 played games 1 and 2 (2 with its 复盘) and finished a lesson.
    fn device() -> Memory {
        let mut m = Memory::default();
        let mut put = |k: &str, v: &str| {
            m.map.insert(k.to_string(), v.to_string());
        };
        put(&game_key("1"), &record(1, &["E5", "D5"]));
        put(&game_key("2"), &record(2, &["C3"]));
        put(
            &analysis_key("2"),
            &format!("shoutan-analysis 1\n{}", "a".repeat(3_000)),
        );
        put(INDEX_KEY, "[\"1\",\"2\"]");
        put(LADDER_KEY, &ladder(&[(1, false)]));
        put(&learn_key("小明"), "{\"course\":[0]}");
        put(PUPIL_KEY, "小明\n三(2)班");
        put(PUPILS_KEY, "[\"小明\"]");
        m
    }

    /// 小明's book from another device: game 1 as here, games 3 and 4 new (4 with a 复盘), the
    /// ladder of games 1 and 3, a second lesson, a teacher's set.
    fn file() -> Book {
        let mut b = Book::new("小明", "三(2)班", 5.0);
        for (id, moves, analysis) in [
            (1, vec!["E5", "D5"], None),
            (3, vec!["G7", "C7", "B2"], None),
            (4, vec!["A1"], Some("shoutan-analysis 1\nb".to_string())),
        ] {
            b.games.push(BookGame {
                record: serde_json::from_str(&record(id, &moves)).unwrap(),
                analysis,
            });
        }
        b.ladder = ladder(&[(1, false), (3, false)]);
        b.progress.insert("course".into(), vec![1]);
        b.problem_sets.push(ProblemSetRecord {
            key: "file:a.sgf".into(),
            name: "a".into(),
            files: vec![("a.sgf".into(), "(;SZ[9])".into())],
            grades: vec![],
        });
        b
    }

    #[test]
    fn a_book_opened_into_a_store_that_fails_after_any_number_of_writes_changes_nothing() {
        let before = device();
        let mut roomy = before.clone();
        let merged = open_book(&mut roomy, &file(), 6.0).unwrap();
        assert_eq!(merged.added, 2);
        // Everything landed: the games listed, the ladder of all three games, both lessons.
        assert_eq!(index(&roomy), ["1", "2", "3", "4"]);
        assert_eq!(
            roomy.get(&analysis_key("4")).unwrap(),
            "shoutan-analysis 1\nb"
        );
        let l = Ladder::from_text(&roomy.get(LADDER_KEY).unwrap()).unwrap();
        assert_eq!(l.pupil("小明").unwrap().results, vec![false, false]);
        assert_eq!(roomy.get(&learn_key("小明")).unwrap(), "{\"course\":[0,1]}");
        assert_eq!(problem_sets(&roomy).len(), 1);
        let writes = roomy
            .map
            .iter()
            .filter(|(k, v)| before.map.get(*k) != Some(*v))
            .count();
        assert!(writes >= 6, "{writes} keys written");
        for n in 0..writes {
            let mut s = before.clone();
            s.fail_after = Some(n);
            let no = open_book(&mut s, &file(), 6.0).unwrap_err();
            s.fail_after = None;
            assert_eq!(
                s.map, before.map,
                "failing after {n} writes: nothing changed"
            );
            assert!(no.needed > 0);
        }
        // Opened again, nothing more to write.
        let again = roomy.clone();
        assert!(!open_book(&mut roomy, &file(), 7.0).unwrap().changed());
        assert_eq!(roomy, again);
    }

    #[test]
    fn a_book_too_big_says_how_much_room_is_missing_and_what_could_go() {
        let before = device();
        let mut big = file();
        big.games[2].analysis = Some(format!("shoutan-analysis 1\n{}", "c".repeat(20_000)));
        let mut s = before.clone();
        // Room for 5 000 more units: the book needs about 21 000.
        s.quota = Some(before.used() + 5_000);
        let no = open_book(&mut s, &big, 6.0).unwrap_err();
        assert_eq!(s.map, before.map);
        let mut roomy = before.clone();
        open_book(&mut roomy, &big, 6.0).unwrap();
        let needed = roomy.used() - before.used();
        assert_eq!(no.needed, needed);
        assert!(no.free <= 5_000 && 5_000 - no.free <= 1_000, "{no:?}");
        assert!(no.missing() >= needed - 5_000 && no.missing() <= needed - 4_000);
        // What could go: game 2 (and its 复盘 alone), not game 1, which the book brings back.
        let rows = deletable(&s, &big);
        let ids: Vec<(&str, bool)> = rows
            .iter()
            .map(|d| (d.id.as_str(), d.analysis_only))
            .collect();
        assert_eq!(ids, [("2", false), ("2", true)]);
        assert!(rows[0].size > rows[1].size);
        // Deleting it is not enough (about 3 k of 16 k); with more room the book opens whole.
        s.quota = Some(before.used() + needed);
        assert!(open_book(&mut s, &big, 6.0).is_ok());
        assert_eq!(s.map, roomy.map);
    }

    #[test]
    fn games_the_index_lost_are_listed_again_in_their_place() {
        let mut s = device();
        // An older version's half-written book: games 3 and 0 stored, the index never written.
        s.map.insert(game_key("3"), record(3, &["A1"]));
        s.map.insert(game_key("0"), "damaged".into());
        assert_eq!(relist(&mut s), 2);
        assert_eq!(index(&s), ["0", "1", "2", "3"]);
        assert_eq!(relist(&mut s), 0);
        // A store that refuses the index keeps the old one (and lists them next time).
        let mut t = device();
        t.map.insert(game_key("5"), record(5, &[]));
        t.fail_after = Some(0);
        assert_eq!(relist(&mut t), 0);
        assert_eq!(index(&t), ["1", "2"]);
        assert_eq!(relist(&mut t), 1);
        assert_eq!(index(&t), ["1", "2", "5"]);
    }

    #[test]
    fn a_problem_sets_grades_are_kept_with_it_and_a_set_stored_before_reads_without() {
        let mut s = device();
        // As sets were stored before grades (issue 53): no `grades`.
        s.map.insert(
            PROBLEMS_KEY.into(),
            r#"[{"key":"file:a.sgf","name":"a","files":[["a.sgf","(;SZ[9])"]]}]"#.into(),
        );
        let mut set = problem_sets(&s).remove(0);
        assert!(set.grades.is_empty());
        // Graded: the same files with their grades, the ticks untouched.
        s.map
            .insert(LEARN_KEY.into(), "{\"file:a.sgf\":[0]}".into());
        set.grades = vec!["15k".into(), "none".into(), "-".into()];
        store_problem_set(&mut s, &set).unwrap();
        assert_eq!(problem_sets(&s), vec![set.clone()]);
        assert!(s.map[LEARN_KEY].contains("file:a.sgf"));
        // Written without the field while there are no grades (older apps read it as before).
        set.grades.clear();
        store_problem_set(&mut s, &set).unwrap();
        assert!(!s.map[PROBLEMS_KEY].contains("grades"));
    }

    #[test]
    fn a_problem_set_replaced_by_other_files_takes_its_ticks_along_or_nothing_changes() {
        let mut s = device();
        let set = |sgf: &str| ProblemSetRecord {
            key: "file:a.sgf".into(),
            name: "a".into(),
            files: vec![("a.sgf".into(), sgf.into())],
            grades: vec![],
        };
        store_problem_set(&mut s, &set("(;SZ[9])")).unwrap();
        s.map.insert(
            learn_key("小明"),
            "{\"course\":[0],\"file:a.sgf\":[0,2]}".into(),
        );
        s.map
            .insert(LEARN_KEY.into(), "{\"file:a.sgf\":[1]}".into());
        // The same files again: the ticks stay.
        store_problem_set(&mut s, &set("(;SZ[9])")).unwrap();
        assert!(s.get(&learn_key("小明")).unwrap().contains("file:a.sgf"));
        // Other files under the same name, on a store that fails after any number of writes.
        let before = s.clone();
        for n in 0..3 {
            let mut t = before.clone();
            t.fail_after = Some(n);
            assert!(store_problem_set(&mut t, &set("(;SZ[13])")).is_err());
            t.fail_after = None;
            assert_eq!(t, before, "failing after {n} writes");
        }
        store_problem_set(&mut s, &set("(;SZ[13])")).unwrap();
        assert_eq!(s.get(&learn_key("小明")).unwrap(), "{\"course\":[0]}");
        assert_eq!(s.get(LEARN_KEY).unwrap(), "{}");
        assert_eq!(problem_sets(&s)[0].files[0].1, "(;SZ[13])");
    }

    #[test]
    fn who_plays_is_written_whole_or_not_at_all() {
        let mut s = Memory::default();
        s.map.insert(LEARN_KEY.into(), "{\"capture\":[0]}".into());
        let mut w = Writes::default();
        set_pupil(&s, &mut w, " 小红 ", "一班");
        let mut t = s.clone();
        t.fail_after = Some(2);
        assert!(w.apply(&mut t).is_err());
        assert_eq!(t.map, s.map);
        w.apply(&mut s).unwrap();
        assert_eq!(pupil(&s), Some(("小红".into(), "一班".into())));
        assert_eq!(pupils(&s), ["小红"]);
        assert_eq!(s.get(&learn_key("小红")).unwrap(), "{\"capture\":[0]}");
    }
}

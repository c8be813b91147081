//! The only user of `localStorage`: keys, the index of games, revisions across tabs.
//!
//! Keys: `shoutan.game.<id>` holds one game as a versioned JSON record (its format and
//! migration live in [`crate::session::stored`]), `shoutan.index` the list of game ids (newest
//! last), `shoutan.settings` the player's settings, `shoutan.ladder` each pupil's rank and results, `shoutan.analysis.<id>` a game's 复盘
//! ([`crate::session::analysis`] v1; the first thing given up when storage is full). A game is written whole after every event,
//! so a reload never finds half a game; a record that does not replay is reported as damaged
//! and skipped, and the other games still load.

use crate::session::ladder::Ladder;
use crate::session::settings::{Lang, Settings};
use crate::session::stored::{
    from_record, is_conflict, parse_record, record_revision, to_record, RecordError,
};
use crate::session::{ClosePolicy, GameId, Session};

const GAME_PREFIX: &str = "shoutan.game.";
const INDEX_KEY: &str = "shoutan.index";
const SETTINGS_KEY: &str = "shoutan.settings";
const LEARN_KEY: &str = "shoutan.learn";
const REVIEW_KEY: &str = "shoutan.review";
const NOTICE_KEY: &str = "shoutan.notice";
const LADDER_KEY: &str = "shoutan.ladder";
const ANALYSIS_PREFIX: &str = "shoutan.analysis.";
const REVIEW_UNIT_KEY: &str = "shoutan.review-unit";
const EXAMS_KEY: &str = "shoutan.exams";
const EXAM_LOCK_KEY: &str = "shoutan.exam-lock";

/// Why a write failed.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// No `localStorage` (private mode, disabled).
    Unavailable,
    /// QuotaExceededError.
    Full,
    /// Another tab saved this game since this tab last did.
    Conflict,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn set(key: &str, value: &str) -> Result<(), StorageError> {
    let st = storage().ok_or(StorageError::Unavailable)?;
    st.set_item(key, value).map_err(|_| StorageError::Full)
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

pub fn load_settings() -> Settings {
    get(SETTINGS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The player's language, read when it is needed (学下棋's wasm): as set, or else the browser's.
pub fn load_lang() -> Lang {
    load_settings()
        .lang()
        .unwrap_or_else(|| Lang::from_tag(&super::browser_language()))
}

pub fn save_settings(s: &Settings) -> Result<(), StorageError> {
    set(SETTINGS_KEY, &serde_json::to_string(s).unwrap_or_default())
}

/// Each pupil's place on the ladder (`shoutan.ladder`, [`Ladder::to_text`] v1). A damaged
/// value reads as an empty ladder: the games themselves are never touched by it.
pub fn load_ladder() -> Ladder {
    get(LADDER_KEY)
        .and_then(|t| Ladder::from_text(&t))
        .unwrap_or_default()
}

pub fn save_ladder(l: &Ladder) -> Result<(), StorageError> {
    set(LADDER_KEY, &l.to_text())
}

/// The problems solved by the pupil playing, per set: `{"capture": [0, 3], …}` (indices in
/// the set; `shoutan.learn`, or `shoutan.learn.<name>` for a named pupil). Damaged
/// progress reads as none; it is never worth losing a game over.
pub fn load_learn_progress() -> std::collections::BTreeMap<String, Vec<u32>> {
    get(&learn_key(&pupil_name()))
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn save_learn_progress(
    p: &std::collections::BTreeMap<String, Vec<u32>>,
) -> Result<(), StorageError> {
    set(
        &learn_key(&pupil_name()),
        &serde_json::to_string(p).unwrap_or_default(),
    )
}

/// A notice for the page, left by whichever wasm sent it home (taken by [`take_notice`]).
pub fn put_notice(notice: &str) {
    let _ = set(NOTICE_KEY, notice);
}

/// The notice left for the page, taken (it is shown once).
pub fn take_notice() -> Option<String> {
    take(NOTICE_KEY)
}

/// A notice to show with review (in 学下棋's wasm) when it opens on game `id` (what an
/// opened file could not keep, say).
pub fn put_review(id: GameId, notice: &str) {
    let _ = set(REVIEW_KEY, &format!("{id}\n{notice}"));
}

/// The notice left for review of game `id`, taken (it is read once).
pub fn take_review_notice(id: GameId) -> Option<String> {
    let text = take(REVIEW_KEY)?;
    let (for_id, notice) = text.split_once('\n')?;
    (for_id.parse() == Ok(id)).then(|| notice.to_string())
}

/// A stored game to play on, by its id: as [`load_game`], and a casual game whose page was
/// closed with its clock running is paused at the moment it was last saved (the game's
/// setting; a game whose clock runs on keeps running).
pub fn resume_game(id: GameId) -> Option<Session> {
    let text = get(&game_key(id))?;
    let record = parse_record(&text).ok()?;
    let mut s = from_record(&record).ok()?;
    paused_on_close(&mut s, record.saved_ms);
    Some(s)
}

fn paused_on_close(s: &mut Session, saved_ms: f64) {
    if s.game.result().is_none() && s.setup.on_close == ClosePolicy::Pause && saved_ms > 0.0 {
        s.pause(saved_ms as u64);
    }
}

/// A stored game by its id, if it is there and readable.
pub fn load_game(id: GameId) -> Option<Session> {
    let text = get(&game_key(id))?;
    from_record(&parse_record(&text).ok()?).ok()
}

fn take(key: &str) -> Option<String> {
    let text = get(key)?;
    if let Some(st) = storage() {
        let _ = st.remove_item(key);
    }
    Some(text)
}

fn load_index() -> Vec<String> {
    get(INDEX_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// The revision of the game stored under `id`, if it is there and readable.
pub fn stored_revision(id: GameId) -> Option<u64> {
    record_revision(&get(&format!("{GAME_PREFIX}{id}"))?)
}

/// The game stored under `id` if another tab saved it after revision `ours`.
pub fn newer_than(id: GameId, ours: u64) -> Option<Session> {
    let text = get(&format!("{GAME_PREFIX}{id}"))?;
    let r = parse_record(&text).ok()?;
    (r.revision > ours).then(|| from_record(&r).ok()).flatten()
}

/// The storage key of a game (to recognise it in `storage` events).
pub fn game_key(id: GameId) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Writes a game (whole) as the next revision and puts it last in the index. Refuses with
/// [`StorageError::Conflict`] when another tab saved a newer revision since this one's.
/// Returns the revision written.
pub fn save_game(s: &Session) -> Result<u64, StorageError> {
    if is_conflict(s.revision, stored_revision(s.id)) {
        return Err(StorageError::Conflict);
    }
    let mut record = to_record(s);
    record.saved_ms = crate::web::now_ms();
    record.revision = s.revision + 1;
    let text = serde_json::to_string(&record).unwrap_or_default();
    let key = format!("{GAME_PREFIX}{}", s.id);
    // Storage full: the analyses go first, never a game.
    match set(&key, &text) {
        Err(StorageError::Full) if evict_analyses(None) > 0 => set(&key, &text)?,
        other => other?,
    }
    let id = s.id.to_string();
    let mut index = load_index();
    if index.last() != Some(&id) {
        index.retain(|i| *i != id);
        index.push(id);
        set(
            INDEX_KEY,
            &serde_json::to_string(&index).unwrap_or_default(),
        )?;
    }
    Ok(record.revision)
}

/// The most recent game that is still being played, and how many stored games were damaged.
pub fn load_latest_unfinished() -> (Option<Session>, usize) {
    let mut damaged = 0;
    for id in load_index().iter().rev() {
        let Some(text) = get(&format!("{GAME_PREFIX}{id}")) else {
            continue;
        };
        let parsed = parse_record(&text).and_then(|r| from_record(&r).map(|s| (s, r.saved_ms)));
        match parsed {
            Ok((mut s, saved_ms)) if s.game.result().is_none() => {
                // The page was closed with the clock running: a casual game paused then.
                paused_on_close(&mut s, saved_ms);
                return (Some(s), damaged);
            }
            Ok(_) => {}
            Err(_) => damaged += 1,
        }
    }
    (None, damaged)
}

/// One row of the game list: a game that loads, or a damaged value with its raw text.
pub enum Listed {
    Game(Box<Session>),
    Damaged {
        id: String,
        raw: String,
        why: RecordError,
    },
}

/// Every stored game, newest first. A damaged value is listed as damaged; the others load.
pub fn list_games() -> Vec<Listed> {
    let mut out = Vec::new();
    for id in load_index().iter().rev() {
        let Some(raw) = get(&format!("{GAME_PREFIX}{id}")) else {
            continue;
        };
        match parse_record(&raw).and_then(|r| from_record(&r)) {
            Ok(s) => out.push(Listed::Game(Box::new(s))),
            Err(e) => out.push(Listed::Damaged {
                id: id.clone(),
                raw,
                why: e,
            }),
        }
    }
    out
}

/// Every stored game that loads, newest first (damaged values left out).
pub fn all_games() -> Vec<Session> {
    list_games()
        .into_iter()
        .filter_map(|g| match g {
            Listed::Game(s) => Some(*s),
            Listed::Damaged { .. } => None,
        })
        .collect()
}

/// Writes a game back where it is in the index (rename), without moving it to the top.
pub fn save_game_in_place(s: &Session) -> Result<(), StorageError> {
    let mut record = to_record(s);
    record.saved_ms = crate::web::now_ms();
    set(
        &format!("{GAME_PREFIX}{}", s.id),
        &serde_json::to_string(&record).unwrap_or_default(),
    )
}

/// Whether the game is one of a rank exam still open (`shoutan.exam-lock`, the ids written with
/// the exams): it cannot be deleted until its exam is over.
pub fn exam_locked(id: &str) -> bool {
    get(EXAM_LOCK_KEY).is_some_and(|t| t.split(',').any(|i| i == id))
}

/// Removes a game and its analysis; returns the game's stored text so the deletion can be
/// undone. A game of an open exam is not removed (`None`).
pub fn delete_game(id: &str) -> Option<String> {
    if exam_locked(id) {
        return None;
    }
    let key = format!("{GAME_PREFIX}{id}");
    let raw = get(&key);
    let st = storage()?;
    let _ = st.remove_item(&key);
    // Its analysis goes too (made again if the game is brought back).
    let _ = st.remove_item(&format!("{ANALYSIS_PREFIX}{id}"));
    let mut index = load_index();
    index.retain(|i| i != id);
    let _ = set(
        INDEX_KEY,
        &serde_json::to_string(&index).unwrap_or_default(),
    );
    raw
}

/// Puts back a deleted game (undo), in its place by time.
pub fn restore_game(id: &str, raw: &str) -> Result<(), StorageError> {
    set(&format!("{GAME_PREFIX}{id}"), raw)?;
    let mut index = load_index();
    if !index.iter().any(|i| i == id) {
        // Ids are creation times: the index is in time order, and the game goes back in its
        // place (before the first later one).
        let time = |i: &str| i.parse::<u64>().unwrap_or(0);
        let at = index
            .iter()
            .position(|i| time(i) > time(id))
            .unwrap_or(index.len());
        index.insert(at, id.to_string());
        set(
            INDEX_KEY,
            &serde_json::to_string(&index).unwrap_or_default(),
        )?;
    }
    Ok(())
}

/// Every rank exam of the device (`shoutan.exams`); an error when the stored text does not read
/// (it is then left as it is: never written over).
pub fn load_exams() -> Result<crate::session::exam::Exams, crate::session::stored::exam::ExamsError>
{
    crate::session::stored::exam::read_exams(&get(EXAMS_KEY).unwrap_or_default())
}

/// Writes every exam, and the lock on the games of the open ones.
pub fn save_exams(exams: &crate::session::exam::Exams) -> Result<(), StorageError> {
    set(EXAMS_KEY, &crate::session::stored::exam::exams_text(exams))?;
    let ids: Vec<String> = exams.locked_games().iter().map(|g| g.to_string()).collect();
    set(EXAM_LOCK_KEY, &ids.join(","))
}

/// 复盘's unit for leads and losses as the player last chose it (a [`crate::ui::analysis::Unit`]
/// key; empty: never chosen).
pub fn load_review_unit() -> String {
    get(REVIEW_UNIT_KEY).unwrap_or_default()
}

/// Keeps 复盘's unit; a full storage keeps the old one (a preference, not a record).
pub fn save_review_unit(key: &str) {
    let _ = set(REVIEW_UNIT_KEY, key);
}

/// The 复盘 of a game kept beside it, if there is one made for its moves.
pub fn load_analysis(s: &Session) -> Option<crate::bot::review::GameReview> {
    crate::session::analysis::from_text(&get(&format!("{ANALYSIS_PREFIX}{}", s.id))?, &s.game)
}

/// Keeps a game's 复盘; when storage is full the other games' analyses are given up to make
/// room (never a game), and if there is still no room the error says so.
pub fn save_analysis(s: &Session, r: &crate::bot::review::GameReview) -> Result<(), StorageError> {
    let key = format!("{ANALYSIS_PREFIX}{}", s.id);
    let text = crate::session::analysis::to_text(r, s.game.size());
    match set(&key, &text) {
        Err(StorageError::Full) if evict_analyses(Some(&key)) > 0 => set(&key, &text),
        other => other,
    }
}

/// Removes the stored analysis of every game in the index but `keep`; returns how many went.
/// (Through the index, with the calls storage already makes: a deleted game's analysis goes
/// with it, in [`delete_game`].)
fn evict_analyses(keep: Option<&str>) -> usize {
    let Some(st) = storage() else {
        return 0;
    };
    let mut gone = 0;
    for id in load_index() {
        let key = format!("{ANALYSIS_PREFIX}{id}");
        if Some(key.as_str()) != keep && get(&key).is_some() {
            let _ = st.remove_item(&key);
            gone += 1;
        }
    }
    gone
}

// ---- Who is playing, and 我的棋册 (issue 40) --------------------------------------------------

const PUPIL_KEY: &str = "shoutan.pupil";
const PUPILS_KEY: &str = "shoutan.pupils";
const PROBLEMS_KEY: &str = "shoutan.problems";

/// The pupil playing on this device (`shoutan.pupil`: the name, a line break, the class), or
/// `None` when nobody was asked yet. A skipped question stores an empty name.
pub fn pupil() -> Option<(String, String)> {
    let text = get(PUPIL_KEY)?;
    let (name, class) = text.split_once('\n').unwrap_or((&text, ""));
    Some((name.to_string(), class.to_string()))
}

/// Whether the pupil was asked who they are (the answer may have been to skip).
pub fn pupil_asked() -> bool {
    pupil().is_some()
}

/// The pupil's name (empty: none given, or never asked).
pub fn pupil_name() -> String {
    pupil().unwrap_or_default().0
}

/// The names that played on this device, for 换人.
pub fn pupils() -> Vec<String> {
    get(PUPILS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Who plays from now on. The first name given takes over the progress made before it (kept
/// without a name until then).
pub fn set_pupil(name: &str, class: &str) -> Result<(), StorageError> {
    let name = name.trim().replace(['\n', '\r'], " ");
    let class = class.trim().replace(['\n', '\r'], " ");
    if !name.is_empty() && get(&learn_key(&name)).is_none() && pupil_name().is_empty() {
        if let Some(p) = get(LEARN_KEY) {
            set(&learn_key(&name), &p)?;
        }
    }
    set(PUPIL_KEY, &format!("{name}\n{class}"))?;
    let mut all = pupils();
    if !name.is_empty() && !all.contains(&name) {
        all.push(name);
        set(PUPILS_KEY, &serde_json::to_string(&all).unwrap_or_default())?;
    }
    Ok(())
}

/// Where a pupil's progress is kept: `shoutan.learn` without a name, `shoutan.learn.<name>`.
fn learn_key(name: &str) -> String {
    if name.is_empty() {
        LEARN_KEY.to_string()
    } else {
        format!("{LEARN_KEY}.{name}")
    }
}

/// The problem sets imported on this device (the teacher's), as their files.
pub fn problem_sets() -> Vec<crate::session::stored::book::ProblemSetRecord> {
    get(PROBLEMS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

pub fn save_problem_sets(
    sets: &[crate::session::stored::book::ProblemSetRecord],
) -> Result<(), StorageError> {
    set(
        PROBLEMS_KEY,
        &serde_json::to_string(sets).unwrap_or_default(),
    )
}

/// This device's state as a book: the games of `pupil` (all games with `all`), their analyses,
/// the ladder (the pupil's place; the whole ladder with `all`), the pupil's progress, the
/// problem sets and the settings.
pub fn device_book(pupil: &str, class: &str, all: bool) -> crate::session::stored::book::Book {
    use crate::session::stored::book::{belongs, Book, BookGame};
    let mut book = Book::new(pupil, class, crate::web::now_ms());
    for id in load_index() {
        let Some(raw) = get(&format!("{GAME_PREFIX}{id}")) else {
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
                analysis: get(&format!("{ANALYSIS_PREFIX}{id}")),
            });
        }
    }
    let mut ladder = load_ladder();
    if !all {
        ladder.pupils.retain(|p| p.name == pupil.trim());
    }
    if ladder != Ladder::default() {
        book.ladder = ladder.to_text();
    }
    book.progress = get(&learn_key(pupil.trim()))
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    book.problem_sets = problem_sets();
    book.settings = get(SETTINGS_KEY).and_then(|t| serde_json::from_str(&t).ok());
    // The pupil's rank exams (every pupil's with `all`).
    if let Ok(exams) = load_exams() {
        book.exams = exams
            .exams
            .iter()
            .filter(|e| all || e.pupil == pupil.trim())
            .map(crate::session::stored::exam::exam_record)
            .collect();
    }
    book
}

/// Opens a book (already read and checked) into this device: merged with what is here, the
/// changes written, the book's pupil playing from now on.
pub fn open_book(
    file: &crate::session::stored::book::Book,
) -> Result<crate::session::stored::book::Merged, StorageError> {
    use crate::session::stored::book::merge;
    let before = device_book(&file.pupil, &file.class, true);
    let (after, merged) = merge(&before, file);
    let mut index = load_index();
    for g in &after.games {
        let Some(id) = g.id() else {
            continue;
        };
        let old = before.games.iter().find(|b| b.id() == Some(id));
        if old.map(|o| &o.record) != Some(&g.record) {
            set(&format!("{GAME_PREFIX}{id}"), &g.record.to_string())?;
        }
        if old.map(|o| &o.analysis) != Some(&g.analysis) {
            if let Some(a) = &g.analysis {
                let _ = set(&format!("{ANALYSIS_PREFIX}{id}"), a);
            }
        }
        if !index.iter().any(|i| i == id) {
            index.push(id.to_string());
        }
    }
    // The index in time order (ids are creation times).
    index.sort_by_key(|i| i.parse::<u64>().unwrap_or(0));
    set(
        INDEX_KEY,
        &serde_json::to_string(&index).unwrap_or_default(),
    )?;
    if after.ladder != before.ladder {
        set(LADDER_KEY, &after.ladder)?;
    }
    set(
        &learn_key(file.pupil.trim()),
        &serde_json::to_string(&after.progress).unwrap_or_default(),
    )?;
    if after.problem_sets != before.problem_sets {
        save_problem_sets(&after.problem_sets)?;
    }
    if after.exams != before.exams {
        if let Ok(exams) = crate::session::stored::exam::records_exams(&after.exams) {
            save_exams(&exams)?;
        }
    }
    if before.settings.is_none() {
        if let Some(s) = &after.settings {
            set(SETTINGS_KEY, &s.to_string())?;
        }
    }
    set_pupil(&after.pupil, &after.class)?;
    Ok(merged)
}

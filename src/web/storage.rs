//! The only user of `localStorage`: keys, the index of games, revisions across tabs.
//!
//! Keys: `shoutan.game.<id>` holds one game as a versioned JSON record (its format and
//! migration live in [`crate::session::stored`]), `shoutan.index` the list of game ids (newest
//! last), `shoutan.settings` the player's settings, `shoutan.ladder` the ladder's games and
//! offers, `shoutan.analysis.<id>` a game's 复盘 ([`crate::session::analysis`] v1; the first
//! thing given up when storage is full), `shoutan.board.<id>` a teacher's board
//! ([`crate::session::stored::board`] v1); the keys of 我的棋册 are [`device`]'s. A game is
//! written whole after every event, so a reload never finds half a game; a record that does not
//! replay is reported as damaged and skipped, and the other games still load. Keys written
//! together (a game and the index, a book opened, a problem set and the ticks in it, who plays)
//! are written as one [`Writes`]: all of them, or none ([`crate::session::stored::store`]).

use crate::session::editor::BoardId;
use crate::session::ladder::{Ladder, Places};
use crate::session::settings::{Lang, Settings};
use crate::session::stored::board::{self, BoardError, KeptBoard};
use crate::session::stored::device::{
    self, analysis_key, index_text, learn_key, list_in_order, ANALYSIS_PREFIX, EXAMS_KEY,
    EXAM_LOCK_KEY, GAME_PREFIX, INDEX_KEY, LADDER_KEY, SETTINGS_KEY,
};
use crate::session::stored::store::{Refused, Store, Writes};
use crate::session::stored::{
    from_record, is_conflict, parse_record, record_revision, to_record, RecordError,
};
use crate::session::{ClosePolicy, GameId, Session};

const REVIEW_KEY: &str = "shoutan.review";
const NOTICE_KEY: &str = "shoutan.notice";
const REVIEW_UNIT_KEY: &str = "shoutan.review-unit";

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

/// `localStorage` as a [`Store`] (a refused write: the quota, or no storage).
pub struct Local(web_sys::Storage);

impl Store for Local {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok()?
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.set_item(key, value).map_err(|_| Refused)
    }

    fn remove(&mut self, key: &str) {
        let _ = self.0.remove_item(key);
    }

    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect()
    }
}

/// This page's `localStorage`, if it has one.
pub fn local() -> Option<Local> {
    storage().map(Local)
}

/// Makes writes all or none.
fn apply(w: &Writes) -> Result<(), StorageError> {
    let mut st = local().ok_or(StorageError::Unavailable)?;
    w.apply(&mut st).map_err(|_| StorageError::Full)
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

/// Where each pupil stands on the ladder (`shoutan.ladder`, v2 or v1), as the app shell reads
/// it ([`Places`]: the game screen counts a game, the new-game dialog offers the pupil's rank).
/// A damaged value reads as an empty ladder: the games themselves are never touched by it.
pub fn load_places() -> Places {
    get(LADDER_KEY)
        .and_then(|t| Places::from_text(&t))
        .unwrap_or_default()
}

pub fn save_places(p: &Places) -> Result<(), StorageError> {
    set(LADDER_KEY, &p.to_text())
}

/// The whole ladder, its history read (学下棋's wasm: a backup's ladder merged in).
pub fn load_ladder() -> Ladder {
    get(LADDER_KEY)
        .and_then(|t| Ladder::from_text(&t))
        .unwrap_or_default()
}

pub fn save_ladder(l: &Ladder) -> Result<(), StorageError> {
    set(LADDER_KEY, &l.to_text())
}

/// The stored ladder written back in order and trimmed (the shell only appends to it), when
/// 学下棋's wasm starts; a full storage keeps it as it was.
pub fn tidy_ladder() {
    if let Some(text) = get(LADDER_KEY) {
        if let Some(l) = Ladder::from_text(&text) {
            let tidy = l.to_text();
            if tidy != text {
                let _ = set(LADDER_KEY, &tidy);
            }
        }
    }
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

/// The playing pupil's 每日练习 (issue 53; `shoutan.daily.<name>`); none or damaged: empty
/// (it starts again from the pupil's rank).
pub fn load_daily() -> crate::session::stored::daily::DailyRecord {
    get(&crate::session::stored::device::daily_key(&pupil_name()))
        .and_then(|t| crate::session::stored::daily::DailyRecord::from_text(&t))
        .unwrap_or_default()
}

pub fn save_daily(r: &crate::session::stored::daily::DailyRecord) -> Result<(), StorageError> {
    set(
        &crate::session::stored::device::daily_key(&pupil_name()),
        &r.to_text(),
    )
}

/// The home screen's line under 学下棋 for the pupil playing, in Chinese or English
/// ([`device::NEXT_LESSON_KEY`]); `None` when 学下棋 has not said (or nothing comes next).
pub fn next_lesson(zh: bool) -> Option<String> {
    let text = get(&device::next_lesson_key(&pupil_name()))?;
    text.split('\n').nth(usize::from(!zh)).map(str::to_string)
}

/// Writes what comes next for the pupil playing (empty: nothing); 学下棋 calls it.
pub fn save_next_lesson(zh: &str, en: &str) {
    let _ = set(
        &device::next_lesson_key(&pupil_name()),
        &format!("{zh}\n{en}"),
    );
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
    local().map(|st| device::index(&st)).unwrap_or_default()
}

/// Lists again the games storage holds and the index does not (left by a book half-written by
/// an older version): at start, before anything lists the games.
pub fn relist_games() {
    if let Some(mut st) = local() {
        device::relist(&mut st);
    }
}

/// The revision of the game stored under `id`, if it is there and readable.
pub fn stored_revision(id: GameId) -> Option<u64> {
    record_revision(&get(&game_key(id))?)
}

/// The game stored under `id` if another tab saved it after revision `ours`.
pub fn newer_than(id: GameId, ours: u64) -> Option<Session> {
    let text = get(&game_key(id))?;
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
    let id = s.id.to_string();
    // The game and the index that lists it, together.
    let mut w = Writes::default();
    w.set(
        game_key(s.id),
        serde_json::to_string(&record).unwrap_or_default(),
    );
    let mut index = load_index();
    if index.last() != Some(&id) {
        index.retain(|i| *i != id);
        index.push(id);
        w.set(INDEX_KEY, index_text(&index));
    }
    // Storage full: the analyses go first, never a game.
    match apply(&w) {
        Err(StorageError::Full) if evict_analyses(None) > 0 => apply(&w)?,
        other => other?,
    }
    Ok(record.revision)
}

/// The most recent game that is still being played, and how many stored games were damaged.
pub fn load_latest_unfinished() -> (Option<Session>, usize) {
    let mut damaged = 0;
    for id in load_index().iter().rev() {
        let Some(text) = get(&device::game_key(id)) else {
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
        let Some(raw) = get(&device::game_key(id)) else {
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
        &game_key(s.id),
        &serde_json::to_string(&record).unwrap_or_default(),
    )
}

/// Whether the game is one of a rank exam still open (`shoutan.exam-lock`, the ids written with
/// the exams): it cannot be deleted until its exam is over.
pub fn exam_locked(id: &str) -> bool {
    get(EXAM_LOCK_KEY).is_some_and(|t| t.split(',').any(|i| i == id))
}

/// Why a game was not deleted (the game list says which).
#[derive(Clone, Debug, PartialEq)]
pub enum DeleteError {
    /// A game of a rank exam still open ([`exam_locked`]): kept until the exam is over.
    ExamRunning,
    /// The storage refused the write: nothing was changed.
    Storage(StorageError),
}

/// Removes a game and its analysis (made again if the game is brought back) and takes it off
/// the index; returns the game's stored text, when there was one, so the deletion can be
/// undone. A game of an open exam is not removed.
pub fn delete_game(id: &str) -> Result<Option<String>, DeleteError> {
    if exam_locked(id) {
        return Err(DeleteError::ExamRunning);
    }
    let key = device::game_key(id);
    let raw = get(&key);
    let mut w = Writes::default();
    w.remove(key);
    w.remove(analysis_key(id));
    let mut index = load_index();
    index.retain(|i| i != id);
    w.set(INDEX_KEY, index_text(&index));
    apply(&w).map_err(DeleteError::Storage)?;
    Ok(raw)
}

/// Puts back a deleted game (undo) with the index, in its place by time (ids are creation
/// times: the index is in time order).
pub fn restore_game(id: &str, raw: &str) -> Result<(), StorageError> {
    let mut w = Writes::default();
    w.set(device::game_key(id), raw);
    let mut index = load_index();
    if list_in_order(&mut index, id) {
        w.set(INDEX_KEY, index_text(&index));
    }
    apply(&w)
}

/// Removes a game's analysis only (to make room: made again when the game is reviewed).
pub fn delete_analysis(id: &str) {
    if let Some(st) = storage() {
        let _ = st.remove_item(&analysis_key(id));
    }
}

/// Every rank exam of the device (`shoutan.exams`); an error when the stored text does not read
/// (it is then left as it is: never written over).
pub fn load_exams() -> Result<crate::session::exam::Exams, crate::session::stored::exam::ExamsError>
{
    crate::session::stored::exam::read_exams(&get(EXAMS_KEY).unwrap_or_default())
}

/// Writes every exam, and the lock on the games of the open ones.
pub fn save_exams(exams: &crate::session::exam::Exams) -> Result<(), StorageError> {
    let mut w = Writes::default();
    device::exam_writes(&mut w, exams);
    apply(&w)
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

// ---- Who is playing, and 我的棋册 (issues 40 and 51) -----------------------------------------

/// The pupil playing on this device (`shoutan.pupil`: the name, a line break, the class), or
/// `None` when nobody was asked yet. A skipped question stores an empty name.
pub fn pupil() -> Option<(String, String)> {
    device::pupil(&local()?)
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
    local().map(|st| device::pupils(&st)).unwrap_or_default()
}

/// Who plays from now on. The first name given takes over the progress made before it (kept
/// without a name until then). All its keys or none.
pub fn set_pupil(name: &str, class: &str) -> Result<(), StorageError> {
    let st = local().ok_or(StorageError::Unavailable)?;
    let mut w = Writes::default();
    device::set_pupil(&st, &mut w, name, class);
    apply(&w)
}

/// The problem sets imported on this device (the teacher's), as their files.
pub fn problem_sets() -> Vec<crate::session::stored::book::ProblemSetRecord> {
    local()
        .map(|st| device::problem_sets(&st))
        .unwrap_or_default()
}

/// Keeps an imported problem set; one that replaces a set of other files takes the ticks in
/// the old one with it, in the same writes ([`device::store_problem_set`]).
pub fn store_problem_set(
    set: &crate::session::stored::book::ProblemSetRecord,
) -> Result<(), StorageError> {
    let mut st = local().ok_or(StorageError::Unavailable)?;
    device::store_problem_set(&mut st, set).map_err(|_| StorageError::Full)
}

/// This device's state as a book: the games of `pupil` (all games with `all`), their analyses,
/// the ladder (the pupil's; the whole ladder with `all`), the pupil's progress, the problem
/// sets and the settings.
pub fn device_book(pupil: &str, class: &str, all: bool) -> crate::session::stored::book::Book {
    let now = crate::web::now_ms();
    match local() {
        Some(st) => device::device_book(&st, pupil, class, all, now),
        None => crate::session::stored::book::Book::new(pupil, class, now),
    }
}

/// Opens a book (already read and checked) into this device: merged with what is here, the
/// changes written all at once, the book's pupil playing from now on; or, when storage has no
/// room for all of it, nothing written and how much room is missing.
pub fn open_book(
    file: &crate::session::stored::book::Book,
) -> Result<crate::session::stored::book::Merged, device::NoRoom> {
    let Some(mut st) = local() else {
        return Err(device::NoRoom { needed: 1, free: 0 });
    };
    device::open_book(&mut st, file, crate::web::now_ms())
}

/// What deleting would make room for `file`, biggest first ([`device::deletable`]).
pub fn deletable(file: &crate::session::stored::book::Book) -> Vec<device::Deletable> {
    local()
        .map(|st| device::deletable(&st, file))
        .unwrap_or_default()
}

/// Where the book of `pupil` was last saved or opened from, if it was.
pub fn book_state(pupil: &str) -> Option<crate::session::stored::book::BookState> {
    crate::session::stored::book::BookState::from_text(&get(&device::book_state_key(pupil))?)
}

/// Keeps where the book of `pupil` was saved or opened from (a full storage keeps the old
/// state: the book itself is safe either way).
pub fn put_book_state(pupil: &str, state: &crate::session::stored::book::BookState) {
    let _ = set(&device::book_state_key(pupil), &state.to_text());
}

// ---- The teacher's boards (issue 51) ---------------------------------------------------------

/// A kept teacher's board: `shoutan.board.<id>`, [`crate::session::stored::board`] v1, one
/// key a board (written whole at every change: a board is never half-written), found by its
/// prefix (no index to keep in step with the keys).
const BOARD_PREFIX: &str = "shoutan.board.";

fn board_key(id: BoardId) -> String {
    format!("{BOARD_PREFIX}{id}")
}

/// A teacher's board kept on this device, if it is there and reads.
pub fn load_board(id: BoardId) -> Option<KeptBoard> {
    board::read(&get(&board_key(id))?).ok()
}

/// Every kept board, oldest first (the order a lesson's boards were made in); a value that
/// does not read is listed by its key, with why, so that it can be deleted.
pub fn list_boards() -> Vec<Result<KeptBoard, (BoardId, BoardError)>> {
    let Some(st) = storage() else {
        return vec![];
    };
    let mut ids: Vec<BoardId> = (0..st.length().unwrap_or(0))
        .filter_map(|i| st.key(i).ok().flatten())
        .filter_map(|k| BoardId::new(k.strip_prefix(BOARD_PREFIX)?.parse().ok()?))
        .collect();
    ids.sort_unstable();
    ids.into_iter()
        .filter_map(|id| {
            let raw = get(&board_key(id))?;
            Some(board::read(&raw).map_err(|e| (id, e)))
        })
        .collect()
}

/// A new board's id: now, or the first free one after it (two boards are never one key).
pub fn new_board_id(now_ms: f64) -> BoardId {
    let mut ms = now_ms as u64;
    loop {
        if let Some(id) = BoardId::new(ms).filter(|&id| get(&board_key(id)).is_none()) {
            return id;
        }
        ms += 1;
    }
}

/// Writes a board whole (a board is small: when storage is full, the page says so, and the
/// teacher deletes old games or boards).
pub fn save_board(b: &KeptBoard) -> Result<(), StorageError> {
    set(&board_key(b.id), &board::to_text(b))
}

/// Removes a board; returns its stored text, so that the deletion can be undone.
pub fn delete_board(id: BoardId) -> Option<String> {
    let key = board_key(id);
    let raw = get(&key)?;
    storage()?.remove_item(&key).ok()?;
    Some(raw)
}

/// Puts a deleted board back as it was (undo).
pub fn restore_board(id: BoardId, raw: &str) -> Result<(), StorageError> {
    set(&board_key(id), raw)
}

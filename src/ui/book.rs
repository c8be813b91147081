//! 我的棋册 (in 学下棋's wasm, issue 40): who is playing on this device (asked once, skippable,
//! 换人 between the names that played here), the pupil's book saved and opened
//! ([`crate::web::book`]: the file pickers or a download and an upload), and the hand-in for
//! the teacher. The book's format and its merge are [`crate::session::stored::book`]'s. The
//! screen says where the book was last saved or opened from, read from storage (a reload says
//! it too); a book the device has no room for changes nothing, and the screen says how much
//! room is missing and lists the old games and analyses that could go.

use leptos::prelude::*;

use super::i18n::{learn, Lang, LearnMsg};
use crate::session::route::Route;
use crate::session::stored::book::{
    self, contents, Book, BookError, BookState, Kept, Merged, Progress, PupilFacts,
};
use crate::session::stored::device::{Deletable, NoRoom};
use crate::web::book::{self as file, Opened, Saved};
use crate::web::{route, storage};

/// Why a book was refused, in a child's words.
pub fn book_error(l: Lang, e: &BookError) -> &'static str {
    learn(
        l,
        match e {
            BookError::NotJson => LearnMsg::BookNotJson,
            BookError::NotABook => LearnMsg::BookNotOurs,
            BookError::TooNew(_) => LearnMsg::BookTooNew,
            BookError::Damaged(_) => LearnMsg::BookDamaged,
        },
    )
}

/// Lessons done of all, problems of the built-in sets solved of all.
pub fn progress_counts(p: &Progress) -> ((u32, u32), (u32, u32)) {
    let lessons = crate::learn::course::LESSONS.len() as u32;
    let done = p.get("course").map_or(0, |v| v.len() as u32).min(lessons);
    let mut solved = 0;
    let mut of = 0;
    for set in crate::learn::builtin::SETS.iter() {
        let n = crate::learn::Problem::read_all(set.sgf).map_or(0, |p| p.len() as u32);
        of += n;
        solved += p.get(set.key).map_or(0, |v| v.len() as u32).min(n);
    }
    ((done, lessons), (solved, of))
}

/// Today's date where the pupil is (`2026-12-04`).
fn today() -> String {
    local_day(js_sys::Date::now())
}

/// The pupil's book as it stands on this device now.
pub fn current_book() -> Book {
    let (name, class) = storage::pupil().unwrap_or_default();
    storage::device_book(&name, &class, false)
}

thread_local! {
    /// The book's contents as last written to the pupil's file (empty: never written).
    static WRITTEN: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The status line the book screen shows (the last save). An arc signal: it outlives the
/// screens that show it (an owned one would go with the first screen that made it).
pub fn status() -> ArcRwSignal<Option<String>> {
    thread_local! {
        static STATUS: ArcRwSignal<Option<String>> = ArcRwSignal::new(None);
    }
    STATUS.with(Clone::clone)
}

/// Writes the pupil's changes back to their file, if a file was picked and something changed;
/// says so quietly on the book screen.
pub fn write_back_if_changed() {
    if file::held_name().is_empty() {
        return;
    }
    let book = current_book();
    let now = contents(&book);
    if WRITTEN.with(|w| *w.borrow() == now) {
        return;
    }
    leptos::task::spawn_local(async move {
        if file::write_back(&book.to_json()).await {
            WRITTEN.with(|w| *w.borrow_mut() = now);
            remember(Kept::Saved, &file::held_name(), &book);
            status().set(Some(state_words(storage::load_lang())));
        }
    });
}

thread_local! {
    /// The pupil was reminded to save their book on this page already.
    static REMINDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// After a game, where no file was picked to write back to: if a named pupil's book changed
/// since it was last saved, the page reminds them once to save it (a notice in the corner).
/// Whoever plays without a name is not asked again.
pub fn remind_after_game() {
    if !file::held_name().is_empty() {
        return write_back_if_changed();
    }
    if REMINDED.get() || storage::pupil_name().is_empty() {
        return;
    }
    let book = current_book();
    let saved = storage::book_state(&book.pupil).is_some_and(|s| s.mark == book::mark(&book));
    if book.games.is_empty() || saved || WRITTEN.with(|w| *w.borrow() == contents(&book)) {
        return;
    }
    REMINDED.set(true);
    crate::web::learn::imported(learn(storage::load_lang(), LearnMsg::BookReminder));
}

/// Keeps the pupil's file up to date while 学下棋's wasm is loaded: every 20 seconds (a game
/// ended, a lesson ticked) and when the page is hidden or closed.
pub fn keep_written() {
    gloo_timers::callback::Interval::new(20_000, write_back_if_changed).forget();
    let hidden = window_event_listener_untyped("pagehide", |_| write_back_if_changed());
    std::mem::forget(hidden);
}

/// Keeps how the pupil's book last left or came into this device: where, when, and its mark
/// (to tell later whether it changed since).
fn remember(how: Kept, file: &str, b: &Book) {
    let state = BookState {
        how,
        at_ms: js_sys::Date::now(),
        file: file.to_string(),
        mark: book::mark(b),
    };
    storage::put_book_state(&b.pupil, &state);
}

/// When, in words: the time of day (`10:42`), with the day when it was not today.
fn when_words(l: Lang, ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    let time = format!("{:02}:{:02}", d.get_hours(), d.get_minutes());
    if local_day(ms) == today() {
        return time;
    }
    let (month, day) = (d.get_month(), d.get_date());
    match l {
        Lang::Zh => format!("{}月{day}日 {time}", month + 1),
        Lang::En => {
            const MONTHS: [&str; 12] = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ];
            format!("{} {day}, {time}", MONTHS[month as usize % 12])
        }
    }
}

/// What the book screen says of the pupil's book, from what storage kept (so a reload says
/// it too): where and when it was last saved or opened from, and whether it changed since;
/// never saved nor opened: that it is not saved yet.
pub fn state_words(l: Lang) -> String {
    let now = current_book();
    let Some(state) = storage::book_state(&now.pupil) else {
        return learn(l, LearnMsg::BookNotSaved).to_string();
    };
    let when = when_words(l, state.at_ms);
    let file = &state.file;
    let said = match (state.how, l) {
        (Kept::Saved, _) => format!("{} {file} · {when}", learn(l, LearnMsg::BookSavedTo)),
        (Kept::Downloaded, _) => format!("{} · {when}", learn(l, LearnMsg::BookDownloaded)),
        (Kept::Opened, Lang::Zh) => format!("从 {file} 打开 · {when}"),
        (Kept::Opened, Lang::En) => format!("Opened from {file} · {when}"),
    };
    let then = if state.mark != book::mark(&now) {
        learn(l, LearnMsg::BookChangedSince)
    } else if state.how == Kept::Downloaded {
        learn(l, LearnMsg::BookKeepIt)
    } else {
        return said;
    };
    let stop = if l == Lang::Zh { "。" } else { ". " };
    format!("{said}{stop}{then}")
}

/// A room size in words: `840 kB`, `2.3 MB` (storage's units: a character of text each).
pub fn size_words(n: usize) -> String {
    if n < 1_000_000 {
        format!("{} kB", n.div_ceil(1_000))
    } else {
        format!("{}.{} MB", n / 1_000_000, n % 1_000_000 / 100_000)
    }
}

/// A book the device had no room for: how much is missing, and what could be deleted (with
/// its title), the one asked about (delete it? id, analysis only).
#[derive(Clone, Debug, PartialEq)]
struct Room {
    missing: usize,
    rows: Vec<(Deletable, String)>,
    sure: Option<(String, bool)>,
}

impl Room {
    /// The book's rows of what could be deleted, biggest first, titled as the game list does.
    fn of(l: Lang, b: &Book, no: &NoRoom) -> Room {
        let rows = storage::deletable(b)
            .into_iter()
            .take(15)
            .map(|d| {
                let title =
                    d.id.parse()
                        .ok()
                        .and_then(|id| storage::load_game(crate::session::GameId(id)))
                        .map_or_else(
                            || d.id.clone(),
                            |s| format!("{} · {}", super::game_list::players(l, &s), s.played_on()),
                        );
                let title = if d.analysis_only {
                    format!("{}{title}", learn(l, LearnMsg::RoomReview))
                } else {
                    title
                };
                (d, title)
            })
            .collect();
        Room {
            missing: no.missing(),
            rows,
            sure: None,
        }
    }

    /// What deleting every row would free (a game's row holds its analysis).
    fn all(&self) -> usize {
        let game = |id: &str| {
            self.rows
                .iter()
                .any(|(d, _)| d.id == id && !d.analysis_only)
        };
        self.rows
            .iter()
            .filter(|(d, _)| !d.analysis_only || !game(&d.id))
            .map(|(d, _)| d.size)
            .sum()
    }

    /// How much room is missing and what to do, in a child's words.
    fn words(&self, l: Lang) -> String {
        if self.missing == 0 {
            return learn(l, LearnMsg::RoomEnough).to_string();
        }
        let then = if self.missing > self.all() {
            LearnMsg::BookNoRoomAtAll
        } else {
            LearnMsg::BookNoRoomDelete
        };
        format!(
            "{} {}{}",
            learn(l, LearnMsg::BookNoRoom),
            size_words(self.missing),
            learn(l, then)
        )
    }

    /// A row deleted: its room freed (a game's analysis row goes with it; an analysis deleted
    /// makes its game's row smaller).
    fn deleted(&mut self, id: &str, analysis_only: bool) {
        let Some(size) = self
            .rows
            .iter()
            .find(|(d, _)| d.id == id && d.analysis_only == analysis_only)
            .map(|(d, _)| d.size)
        else {
            return;
        };
        if analysis_only {
            self.rows.retain(|(d, _)| !(d.id == id && d.analysis_only));
            for (d, _) in &mut self.rows {
                if d.id == id {
                    d.size = d.size.saturating_sub(size);
                }
            }
        } else {
            self.rows.retain(|(d, _)| d.id != id);
        }
        self.missing = self.missing.saturating_sub(size);
        self.sure = None;
    }
}

/// The book screen's signals that opening a book changes.
#[derive(Clone, Copy)]
struct Screen {
    message: RwSignal<Option<String>>,
    who: RwSignal<Option<(String, String)>>,
    asking: RwSignal<bool>,
    version: RwSignal<u32>,
    status: RwSignal<Option<String>>,
    room: RwSignal<Option<Room>>,
    /// The book that did not fit and its file's name, to open again once room is made.
    held: StoredValue<Option<(Book, String)>>,
}

#[component]
pub fn BookScreen(lang: Signal<Lang>, name_first: bool) -> impl IntoView {
    let l = lang.get_untracked();
    let who = RwSignal::new(storage::pupil());
    // Asked when nobody was, or the name was skipped: a book without a name is nobody's.
    let asking = RwSignal::new(name_first || who.with_untracked(unnamed));
    let message = RwSignal::new(None::<String>);
    // Another pupil's book, asked about first (and its file's name).
    let pending = RwSignal::new(None::<(Book, String)>);
    // Bumped when the stored games change (a book opened), to list them again.
    let version = RwSignal::new(0u32);
    let status = RwSignal::from(status());
    let screen = Screen {
        message,
        who,
        asking,
        version,
        status,
        room: RwSignal::new(None),
        held: StoredValue::new(None),
    };
    // Where the book was last saved or opened from, as storage kept it (after a reload too).
    if !name_first {
        status.set(Some(state_words(l)));
    }

    let set_pupil = move |name: String, class: String| {
        let _ = storage::set_pupil(&name, &class);
        who.set(storage::pupil());
        asking.set(false);
        version.update(|v| *v += 1);
        if name_first {
            route::replace_and_show(&Route::NewGame { capture: false });
        } else {
            status.set(Some(state_words(l)));
        }
    };
    let name_form = move || {
        asking.get().then(|| {
            let (name, class) = who.get_untracked().unwrap_or_default();
            view! { <NameForm lang=lang name=name class=class done=Callback::new(move |(n, c)| set_pupil(n, c)) /> }
        })
    };
    let switch = move || {
        (!asking.get()).then(|| {
            let now = who.get().unwrap_or_default().0;
            let others = storage::pupils()
                .into_iter()
                .filter(|n| *n != now)
                .map(|n| {
                    let (pick, label) = (n.clone(), n.clone());
                    view! {
                        <button class="choice" data-pupil=n on:click=move |_| set_pupil(pick.clone(), String::new())>{label}</button>
                    }
                })
                .collect_view();
            view! {
                <p id="pupil-now">{learn(l, LearnMsg::NowPlaying)}" "<strong>{now}</strong></p>
                <details class="switch-pupil">
                    <summary id="switch-pupil">{learn(l, LearnMsg::SwitchPupil)}</summary>
                    <div class="choices">
                        {others}
                        <button id="new-pupil" class="choice" on:click=move |_| {
                            who.set(Some(Default::default()));
                            asking.set(true);
                        }>{learn(l, LearnMsg::NewPupil)}</button>
                    </div>
                </details>
            }
        })
    };

    let save = move |_| {
        let book = current_book();
        let name = book::book_file_name(&book.pupil, l == Lang::Zh);
        let now = contents(&book);
        leptos::task::spawn_local(async move {
            match file::save(&book.to_json(), &name).await {
                Saved::ToFile => {
                    WRITTEN.with(|w| *w.borrow_mut() = now);
                    remember(Kept::Saved, &file::held_name(), &book);
                }
                Saved::Downloaded => remember(Kept::Downloaded, &name, &book),
                Saved::Cancelled => return,
            }
            status.set(Some(state_words(l)));
        });
    };
    // A book's text and its file's name, from the picker, the file input or a drop: refused
    // with a reason, or confirmed first when it is another pupil's, or opened.
    let take = move |text: String, name: String| match book::read(&text) {
        Err(e) => message.set(Some(book_error(l, &e).to_string())),
        Ok(b) => {
            let here = storage::pupil_name();
            if !here.is_empty() && !b.pupil.trim().is_empty() && b.pupil.trim() != here {
                pending.set(Some((b, name)));
            } else {
                open_into_device(l, b, name, screen);
            }
        }
    };
    let open_picker = move |_| {
        leptos::task::spawn_local(async move {
            match file::open().await {
                Opened::File(text, name) => take(text, name),
                Opened::Cancelled => {}
                Opened::NoPicker => {
                    if let Some(input) = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("book-file"))
                    {
                        use wasm_bindgen::JsCast;
                        if let Ok(input) = input.dyn_into::<web_sys::HtmlElement>() {
                            input.click();
                        }
                    }
                }
            }
        });
    };
    let chosen = move |ev: leptos::ev::Event| {
        crate::web::files::on_sgf_chosen(&ev, move |name, text| take(text, name));
    };
    let dropped = move |ev: leptos::ev::DragEvent| {
        crate::web::files::on_files_dropped(&ev, move |files| {
            if let Some((name, text)) = files.into_iter().next() {
                take(text, name);
            }
        });
    };
    let confirm = move || {
        pending.get().map(|(b, _)| {
            let whose = b.pupil.clone();
            view! {
                <div id="book-confirm" class="message" role="alertdialog" aria-labelledby="book-confirm-text">
                    <p id="book-confirm-text">{format!("{}{whose}", learn(l, LearnMsg::OtherPupilsBook))}</p>
                    <div class="row">
                        <button id="book-confirm-open" class="primary" on:click=move |_| {
                            if let Some((b, name)) = pending.get_untracked() {
                                pending.set(None);
                                open_into_device(l, b, name, screen);
                            }
                        }>{learn(l, LearnMsg::OpenAnyway)}</button>
                        <button id="book-confirm-cancel" on:click=move |_| pending.set(None)>{learn(l, LearnMsg::DontOpen)}</button>
                    </div>
                </div>
            }
        })
    };

    // Before a first game only the name is asked; on a machine with no games yet, opening the
    // book the pupil brought comes first.
    let fresh = storage::all_games().is_empty();
    let open_first = (fresh && !name_first).then(|| {
        view! {
            <div class="book-first">
                <p>{learn(l, LearnMsg::NewMachine)}</p>
                <button id="book-open-first" class="primary" data-first="" on:click=open_picker>{learn(l, LearnMsg::OpenBook)}</button>
            </div>
        }
    });
    let book_part = (!name_first).then(|| {
        view! {
            <p class="hint">{learn(l, LearnMsg::BookIntro)}</p>
            <div class="row">
                <button id="book-save" class=if fresh { "" } else { "primary" } data-first="" on:click=save>{learn(l, LearnMsg::SaveBook)}</button>
                {(!fresh).then(|| view! { <button id="book-open" on:click=open_picker>{learn(l, LearnMsg::OpenBook)}</button> })}
            </div>
            <p><button id="export-all" on:click=|_| {
                crate::web::download::offer_all(&storage::all_games());
            }>{learn(l, LearnMsg::ExportAll)}</button></p>
            <p id="book-status" class="hint" role="status">{move || status.get().unwrap_or_else(|| learn(l, LearnMsg::BookNotSaved).to_string())}</p>
        }
    });
    view! {
        <section class="book learn-card" id="book" on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default() on:drop=dropped>
            <h2>{move || {
                let name = who.get().unwrap_or_default().0;
                if name.is_empty() { learn(l, LearnMsg::MyBook).to_string() } else { format!("{name}{}", learn(l, LearnMsg::BookOf)) }
            }}</h2>
            {open_first}
            {name_form}
            {switch}
            {book_part}
            <input id="book-file" class="sr-only" type="file" accept=".json,application/json" tabindex="-1" aria-hidden="true" on:change=chosen />
            {confirm}
            {move || message.get().map(|m| view! { <p id="book-message" class="message" role="alert">{m}</p> })}
            <RoomToMake lang=lang screen=screen />
        </section>
        {(!name_first).then(|| view! { <HandIn lang=lang version=version /> })}
    }
}

/// After a book did not fit: the old games and analyses that could go, biggest first, each
/// deleted after a second press ("真的删掉？"), and the book opened again.
#[component]
fn RoomToMake(lang: Signal<Lang>, screen: Screen) -> impl IntoView {
    let l = lang.get_untracked();
    let Screen { room, message, .. } = screen;
    let press = move |id: String, analysis_only: bool| {
        let asked = room.with_untracked(|r| {
            r.as_ref()
                .and_then(|r| r.sure.clone())
                .is_some_and(|s| s == (id.clone(), analysis_only))
        });
        if !asked {
            room.update(|r| {
                if let Some(r) = r {
                    r.sure = Some((id, analysis_only));
                }
            });
            return;
        }
        if analysis_only {
            storage::delete_analysis(&id);
        } else {
            let _ = storage::delete_game(&id);
            screen.version.update(|v| *v += 1);
        }
        room.update(|r| {
            if let Some(r) = r {
                r.deleted(&id, analysis_only);
                message.set(Some(r.words(l)));
            }
        });
    };
    let again = move |_| {
        if let Some((b, name)) = screen.held.get_value() {
            open_into_device(l, b, name, screen);
        }
    };
    move || {
        room.get().map(|r| {
            let rows = r
                .rows
                .iter()
                .map(|(d, title)| {
                    let (id, only) = (d.id.clone(), d.analysis_only);
                    let sure = r.sure.as_ref() == Some(&(id.clone(), only));
                    let label = learn(l, if sure { LearnMsg::RoomSure } else { LearnMsg::RoomDelete });
                    view! {
                        <li class="room-row">
                            <span class="room-title">{title.clone()}</span>
                            <span class="room-size">{size_words(d.size)}</span>
                            <button class="room-delete" class:sure=sure data-id=id.clone() data-analysis=only.to_string()
                                on:click=move |_| press(id.clone(), only)>{label}</button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div id="book-room" class="book-room">
                    <h3>{learn(l, LearnMsg::RoomListTitle)}</h3>
                    <ul class="room-list">{rows}</ul>
                    <button id="book-room-again" class="primary" on:click=again>{learn(l, LearnMsg::OpenAgain)}</button>
                </div>
            }
        })
    }
}

/// "你叫什么名字？": the pupil's name and (optionally) class, or skipped (the names kept as they
/// were); `done` gets what was written.
#[component]
pub fn NameForm(
    lang: Signal<Lang>,
    name: String,
    class: String,
    done: Callback<(String, String)>,
) -> impl IntoView {
    let l = lang.get_untracked();
    let (kept_name, kept_class) = (name.clone(), class.clone());
    let name_in = RwSignal::new(name);
    let class_in = RwSignal::new(class);
    view! {
        <form id="pupil-form" class="pupil-form" on:submit=move |ev| {
            ev.prevent_default();
            done.run((name_in.get_untracked(), class_in.get_untracked()));
        }>
            <label>{learn(l, LearnMsg::NameQuestion)}" "
                <input id="pupil-name" type="text" maxlength="24" autocomplete="off" data-first=""
                    prop:value=move || name_in.get()
                    on:input=move |ev| name_in.set(event_target_value(&ev)) />
            </label>
            <label>{learn(l, LearnMsg::ClassQuestion)}" "
                <input id="pupil-class" type="text" maxlength="24" autocomplete="off"
                    prop:value=move || class_in.get()
                    on:input=move |ev| class_in.set(event_target_value(&ev)) />
            </label>
            <p class="hint">{learn(l, LearnMsg::NameWhy)}</p>
            <div class="row">
                <button id="pupil-ok" class="primary" type="submit">{learn(l, LearnMsg::NameOk)}</button>
                <button id="pupil-skip" type="button" on:click=move |_| {
                    done.run((kept_name.clone(), kept_class.clone()))
                }>{learn(l, LearnMsg::NameSkip)}</button>
            </div>
        </form>
    }
}

/// Opens a checked book into the device and says what it did; where storage has no room for
/// all of it, nothing changed: how much room is missing is said, with what could go, and the
/// book is held to open again.
fn open_into_device(l: Lang, b: Book, name: String, s: Screen) {
    match storage::open_book(&b) {
        Ok(m) => {
            s.held.set_value(None);
            s.room.set(None);
            s.message.set(Some(opened_words(l, &b.pupil, &m)));
            remember(Kept::Opened, &name, &current_book());
            s.status.set(Some(state_words(l)));
            s.who.set(storage::pupil());
            // A book with a name answers the question; one without leaves it asked.
            s.asking.set(s.who.with_untracked(unnamed));
            s.version.update(|v| *v += 1);
        }
        Err(no) => {
            let room = Room::of(l, &b, &no);
            s.message.set(Some(room.words(l)));
            s.room.set(Some(room));
            s.held.set_value(Some((b, name)));
        }
    }
}

/// Nobody was asked yet, or the name was skipped: a book without a name is nobody's.
fn unnamed(who: &Option<(String, String)>) -> bool {
    who.as_ref().is_none_or(|(n, _)| n.is_empty())
}

fn opened_words(l: Lang, pupil: &str, m: &Merged) -> String {
    let head = format!("{} {pupil}", learn(l, LearnMsg::BookOpened));
    if !m.changed() {
        return format!("{head}：{}", learn(l, LearnMsg::BookNothingNew));
    }
    match l {
        Lang::Zh => {
            let mut parts = vec![format!("新添 {} 盘棋", m.added)];
            if m.updated > 0 {
                parts.push(format!("更新 {} 盘", m.updated));
            }
            if m.kept_both > 0 {
                parts.push(format!("两台电脑都改过的 {} 盘两份都留着", m.kept_both));
            }
            format!("{head}：{}。", parts.join("，"))
        }
        Lang::En => {
            let plural = if m.added == 1 { "" } else { "s" };
            let mut parts = vec![format!("{} new game{plural}", m.added)];
            if m.updated > 0 {
                parts.push(format!("{} updated", m.updated));
            }
            if m.kept_both > 0 {
                parts.push(format!(
                    "{} changed on both computers, both kept",
                    m.kept_both
                ));
            }
            format!("{head}: {}.", parts.join(", "))
        }
    }
}

/// 交给老师: the pupil's games (today's picked), downloaded as one SGF file named with their
/// name and the day.
#[component]
fn HandIn(lang: Signal<Lang>, version: RwSignal<u32>) -> impl IntoView {
    let l = lang.get_untracked();
    let day = today();
    let picked = RwSignal::new(Vec::<(crate::session::Session, bool)>::new());
    Effect::new(move |_| {
        version.track();
        let name = storage::pupil_name();
        let games: Vec<_> = storage::all_games()
            .into_iter()
            .filter(|s| {
                book::belongs(&crate::session::stored::to_record(s), &name)
                    && !s.game.moves().is_empty()
            })
            .map(|s| {
                let today = s.played_on() == day || local_day(s.created_ms) == day;
                (s, today)
            })
            .collect();
        picked.set(games);
    });
    let hand_in = move |_| {
        let (name, class) = storage::pupil().unwrap_or_default();
        let games: Vec<_> = picked.with_untracked(|all| {
            all.iter()
                .filter(|(_, on)| *on)
                .map(|(s, _)| (s.clone(), storage::load_analysis(s)))
                .collect()
        });
        if games.is_empty() {
            return;
        }
        let b = current_book();
        let ladder = crate::session::ladder::Ladder::from_text(&b.ladder).unwrap_or_default();
        let level = ladder.level_of(&name);
        let (lessons, problems) = progress_counts(&b.progress);
        let facts = PupilFacts {
            name: name.clone(),
            class,
            ladder: level.map(|v| v.key().to_string()).unwrap_or_default(),
            lessons,
            problems,
            exams: super::exam::summaries(&storage::load_exams().unwrap_or_default(), &name),
            daily: Some(crate::session::daily::summary(&storage::load_daily()))
                .filter(|s| s.done > 0),
            techniques: crate::learn::lessons::ticked_keys(&b.progress),
        };
        let rank = level.map(|v| {
            crate::session::Rank::from_kyu(v.measured_on(games[0].0.game.size()).kyu.round() as i32)
        });
        let text = book::hand_in(&games, &facts, rank);
        crate::web::download::offer(
            &book::hand_in_name(&name, &today()),
            "application/x-go-sgf",
            &text,
        );
    };
    let rows = move || {
        picked.with(|all| {
            all.iter()
                .enumerate()
                .map(|(i, (s, on))| {
                    let title = super::game_list::players(l, s) + " · " + &s.played_on();
                    view! {
                        <li><label class="report-pick">
                            <input type="checkbox" class="hand-in-pick" prop:checked=*on
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    picked.update(|all| all[i].1 = on);
                                } />
                            {title}
                        </label></li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="hand-in learn-card" id="hand-in-card">
            <h2>{learn(l, LearnMsg::HandIn)}</h2>
            <p class="hint">{learn(l, LearnMsg::HandInIntro)}</p>
            {move || picked.with(Vec::is_empty).then(|| view! { <p class="hint">{learn(l, LearnMsg::NoGamesYet)}</p> })}
            <ul class="report-games" id="hand-in-games">{rows}</ul>
            <button id="hand-in" class="primary"
                disabled=move || picked.with(|all| all.iter().all(|(_, on)| !on))
                on:click=hand_in>{learn(l, LearnMsg::HandInButton)}</button>
        </section>
    }
}

/// The local day of a moment (ms since the epoch).
pub(crate) fn local_day(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

//! 我的棋册 (in 学下棋's wasm, issue 40): who is playing on this device (asked once, skippable,
//! 换人 between the names that played here), the pupil's book saved and opened
//! ([`crate::web::book`]: the file pickers or a download and an upload), and the hand-in for
//! the teacher. The book's format and its merge are [`crate::session::stored::book`]'s.

use leptos::prelude::*;

use super::i18n::{learn, Lang, LearnMsg};
use crate::session::route::Route;
use crate::session::stored::book::{self, Book, BookError, Merged, Progress, PupilFacts};
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

/// The time of day (`10:42`).
fn clock_time() -> String {
    let d = js_sys::Date::new_0();
    format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
}

/// The pupil's book as it stands on this device now.
pub fn current_book() -> Book {
    let (name, class) = storage::pupil().unwrap_or_default();
    storage::device_book(&name, &class, false)
}

/// What the book holds that a write-back compares (not when it was written).
fn contents(b: &Book) -> String {
    let mut b = b.clone();
    b.saved_ms = 0.0;
    b.to_json()
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
            let l = storage::load_lang();
            status().set(Some(format!(
                "{} {} · {}",
                learn(l, LearnMsg::BookSavedTo),
                file::held_name(),
                clock_time()
            )));
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
    if book.games.is_empty() || WRITTEN.with(|w| *w.borrow() == contents(&book)) {
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

#[component]
pub fn BookScreen(lang: Signal<Lang>, name_first: bool) -> impl IntoView {
    let l = lang.get_untracked();
    let who = RwSignal::new(storage::pupil());
    // Asked when nobody was, or the name was skipped: a book without a name is nobody's.
    let asking = RwSignal::new(name_first || who.with_untracked(unnamed));
    let message = RwSignal::new(None::<String>);
    let pending = RwSignal::new(None::<Book>);
    // Bumped when the stored games change (a book opened), to list them again.
    let version = RwSignal::new(0u32);
    let status = RwSignal::from(status());

    let set_pupil = move |name: String, class: String| {
        let _ = storage::set_pupil(&name, &class);
        who.set(storage::pupil());
        asking.set(false);
        version.update(|v| *v += 1);
        if name_first {
            route::replace_and_show(&Route::NewGame { capture: false });
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
                    status.set(Some(format!(
                        "{} {} · {}",
                        learn(l, LearnMsg::BookSavedTo),
                        file::held_name(),
                        clock_time()
                    )));
                }
                Saved::Downloaded => status.set(Some(format!(
                    "{} · {}",
                    learn(l, LearnMsg::BookDownloaded),
                    clock_time()
                ))),
                Saved::Cancelled => {}
            }
        });
    };
    // A book's text, from the picker, the file input or a drop: refused with a reason, or
    // confirmed first when it is another pupil's, or opened.
    let take = move |text: String| match book::read(&text) {
        Err(e) => message.set(Some(book_error(l, &e).to_string())),
        Ok(b) => {
            let here = storage::pupil_name();
            if !here.is_empty() && !b.pupil.trim().is_empty() && b.pupil.trim() != here {
                pending.set(Some(b));
            } else {
                open_into_device(l, b, message, who, asking, version);
            }
        }
    };
    let open_picker = move |_| {
        leptos::task::spawn_local(async move {
            match file::open().await {
                Opened::File(text, _) => take(text),
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
        crate::web::files::on_sgf_chosen(&ev, move |_, text| take(text));
    };
    let dropped = move |ev: leptos::ev::DragEvent| {
        crate::web::files::on_files_dropped(&ev, move |files| {
            if let Some((_, text)) = files.into_iter().next() {
                take(text);
            }
        });
    };
    let confirm = move || {
        pending.get().map(|b| {
            let whose = b.pupil.clone();
            view! {
                <div id="book-confirm" class="message" role="alertdialog" aria-labelledby="book-confirm-text">
                    <p id="book-confirm-text">{format!("{}{whose}", learn(l, LearnMsg::OtherPupilsBook))}</p>
                    <div class="row">
                        <button id="book-confirm-open" class="primary" on:click=move |_| {
                            if let Some(b) = pending.get_untracked() {
                                pending.set(None);
                                open_into_device(l, b, message, who, asking, version);
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
                <button id="book-open-first" class="primary" on:click=open_picker>{learn(l, LearnMsg::OpenBook)}</button>
            </div>
        }
    });
    let book_part = (!name_first).then(|| {
        view! {
            <p class="hint">{learn(l, LearnMsg::BookIntro)}</p>
            <div class="row">
                <button id="book-save" class=if fresh { "" } else { "primary" } on:click=save>{learn(l, LearnMsg::SaveBook)}</button>
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
        </section>
        {(!name_first).then(|| view! { <HandIn lang=lang version=version /> })}
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
                <input id="pupil-name" type="text" maxlength="24" autocomplete="off"
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

/// Opens a checked book into the device and says what it did.
fn open_into_device(
    l: Lang,
    b: Book,
    message: RwSignal<Option<String>>,
    who: RwSignal<Option<(String, String)>>,
    asking: RwSignal<bool>,
    version: RwSignal<u32>,
) {
    let said = match storage::open_book(&b) {
        Ok(m) => opened_words(l, &b.pupil, &m),
        Err(_) => learn(l, LearnMsg::BookStorageFull).to_string(),
    };
    message.set(Some(said));
    who.set(storage::pupil());
    // A book with a name answers the question; one without leaves it asked.
    asking.set(who.with_untracked(unnamed));
    version.update(|v| *v += 1);
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
fn local_day(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

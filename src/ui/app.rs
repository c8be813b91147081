//! The app shell: settings bar, screens (home, new game, play) and the shared state. Which
//! screen is shown follows the page's address (`session::route`, `web::route`): every button
//! that changes screens goes to an address, and Back, Forward and a reload take the same way.

use leptos::prelude::*;

use super::game::GameView;
use super::game_list::GameList;
use super::i18n::{t, Lang, Msg};
use super::new_game::NewGame;
use crate::session::route::Route;
use crate::session::settings::Settings;
use crate::session::{GameId, Session};
use crate::web::{route, storage};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    Home,
    NewGame,
    Play,
}

/// The state every screen shares, provided as context.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub settings: RwSignal<Settings>,
    pub screen: RwSignal<Screen>,
    pub session: RwSignal<Option<Session>>,
    /// A notice for the player (storage trouble), shown until dismissed.
    pub notice: RwSignal<Option<String>>,
    pub lang: Signal<Lang>,
    pub touch_confirm: Signal<bool>,
    /// A new version is installed and waiting for the player's word.
    pub update_ready: RwSignal<bool>,
    /// Bumped when games were added or removed outside the list (an import).
    pub games_changed: RwSignal<u32>,
    /// What the browser says of this site's storage (persistent, bytes used).
    pub storage: RwSignal<Option<crate::web::offline::StorageState>>,
    /// The next new-game dialog opens on capture Go (asked from 学下棋).
    pub capture_preset: RwSignal<bool>,
    /// An SGF file from the home screen is being read (in 学下棋's wasm).
    pub importing: RwSignal<bool>,
    /// The settings menu is open (its own address, `#/settings`, over the screen there is).
    pub menu_open: RwSignal<bool>,
}

impl Ctx {
    /// Saves the current game; a failure becomes a notice and nothing is lost from memory.
    pub fn save(&self) {
        let lang = self.lang.get_untracked();
        let result = self
            .session
            .with_untracked(|s| s.as_ref().map(storage::save_game));
        match result {
            Some(Ok(revision)) => self.session.update_untracked(|s| {
                if let Some(s) = s {
                    s.revision = revision;
                }
            }),
            Some(Err(storage::StorageError::Full)) => {
                self.notice.set(Some(t(lang, Msg::StorageFull).into()))
            }
            Some(Err(storage::StorageError::Conflict)) => {
                // Another tab saved this game meanwhile: keep both, this tab's as a new game.
                let now = crate::web::now_ms();
                self.session.update(|s| {
                    if let Some(s) = s {
                        s.id = GameId(now as u64);
                        s.created_ms = now;
                        s.revision = 0;
                    }
                });
                let saved = self
                    .session
                    .with_untracked(|s| s.as_ref().map(storage::save_game));
                if let Some(Ok(revision)) = saved {
                    self.session.update_untracked(|s| {
                        if let Some(s) = s {
                            s.revision = revision;
                        }
                    });
                }
                // The address names the copy now (a reload opens this tab's game).
                route::replace(&Route::Game(GameId(now as u64)));
                self.notice
                    .set(Some(t(lang, Msg::ConflictSavedCopy).into()));
            }
            Some(Err(storage::StorageError::Unavailable)) | None => {}
        }
    }

    pub fn update_settings(&self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        let _ = storage::save_settings(&self.settings.get_untracked());
    }
}

#[component]
pub fn App() -> impl IntoView {
    let settings = RwSignal::new(storage::load_settings());
    // Games an older version's half-written 棋册 left out of the index come back first.
    storage::relist_games();
    let (latest, damaged) = storage::load_latest_unfinished();
    let has_latest = latest.is_some();
    let session = RwSignal::new(latest);
    let browser_lang = Lang::from_tag(&crate::web::browser_language());
    let lang = Signal::derive(move || settings.with(|s| s.lang()).unwrap_or(browser_lang));
    let touch = crate::web::is_touch_device();
    let touch_confirm = Signal::derive(move || settings.with(|s| s.touch_confirm).unwrap_or(touch));
    let ctx = Ctx {
        settings,
        screen: RwSignal::new(Screen::Home),
        session,
        notice: RwSignal::new(
            (damaged > 0).then(|| t(lang.get_untracked(), Msg::StorageCorrupt).to_string()),
        ),
        lang,
        touch_confirm,
        update_ready: RwSignal::new(false),
        games_changed: RwSignal::new(0),
        storage: RwSignal::new(None),
        capture_preset: RwSignal::new(false),
        importing: RwSignal::new(false),
        menu_open: RwSignal::new(false),
    };
    provide_context(ctx);

    // The screen follows the address: at the start (a reload, a bookmark, a shared link) and
    // at every change of it (Back, Forward, a button of either wasm).
    route::settle_start();
    route::follow(move |fragment| show(ctx, Route::parse_shell(fragment)));

    // Offline: the service worker, a new version offered (never swapped under a game), and
    // storage the browser should keep.
    crate::web::offline::register(move || ctx.update_ready.set(true));
    // Where storage is temporary, the player is told once (this visit), with the export.
    let storage_warning = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        let state = crate::web::offline::storage_state().await;
        ctx.storage.set(Some(state));
        if state.persistent == Some(false) && !settings.with_untracked(|s| s.storage_warned) {
            storage_warning.set(true);
            ctx.update_settings(|s| s.storage_warned = true);
        }
    });

    // Autosave: the game is saved whenever its autosave mark changes — every move, pass,
    // takeback, marking, result, seal, pause or referee event (the session says which
    // changes count); the clock's heartbeat and the page closing save the rest.
    // The save waits for the move's frame to be painted (a move shows first; the page's
    // closing and a hidden page save at once), and one save serves every change made until
    // it runs.
    let mark = Memo::new(move |_| session.with(|s| s.as_ref().map(Session::autosave_mark)));
    let save_pending = StoredValue::new(false);
    Effect::new(move |previous: Option<()>| {
        // Read (not just track) the memo, so that it computes and follows the session.
        mark.with(|_| ());
        if previous.is_some() && !save_pending.get_value() {
            save_pending.set_value(true);
            crate::web::after_paint(move || {
                save_pending.set_value(false);
                ctx.save();
            });
        }
    });

    // Another tab saved the open game: load its moves here (storage events fire only in the
    // other tabs of the same origin).
    let on_storage = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::StorageEvent)>::new(
        move |ev: web_sys::StorageEvent| {
            let Some(key) = ev.key() else {
                return;
            };
            let current = session.with_untracked(|s| s.as_ref().map(|s| (s.id, s.revision)));
            if let Some((id, revision)) = current {
                if key == storage::game_key(id) {
                    if let Some(newer) = storage::newer_than(id, revision) {
                        session.set(Some(newer));
                        ctx.notice.set(Some(
                            t(lang.get_untracked(), Msg::SyncedFromOtherTab).into(),
                        ));
                    }
                }
            }
        },
    );
    if let Some(w) = web_sys::window() {
        use wasm_bindgen::JsCast;
        let _ = w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    }
    on_storage.forget();

    // 学下棋 (its own wasm) says when it closes and when a capture-Go game is wanted.
    let learn_closed = window_event_listener_untyped(crate::web::learn::CLOSED, move |_| {
        // Review and the teacher's board may have stored games meanwhile.
        ctx.games_changed.update(|v| *v += 1);
        super::focus_by_id("learn");
    });
    // A file opened on the home screen was read there: the list may have grown.
    let imported = window_event_listener_untyped(crate::web::learn::IMPORTED, move |ev| {
        ctx.importing.set(false);
        ctx.games_changed.update(|v| *v += 1);
        let notice = crate::web::learn::imported_notice(&ev);
        if !notice.is_empty() {
            ctx.notice.set(Some(notice));
        }
    });
    // 学下棋's wasm did not load (the network, before it was cached): said, and tried again
    // at the next opening.
    let learn_failed = window_event_listener_untyped(crate::web::learn::FAILED, move |_| {
        ctx.importing.set(false);
        ctx.notice
            .set(Some(t(lang.get_untracked(), Msg::LearnUnavailable).into()));
        // In place of the address that could not be shown: Back does not try it again.
        route::replace_and_show(&Route::Home);
        super::focus_by_id("learn");
    });
    on_cleanup(move || {
        learn_closed.remove();
        imported.remove();
        learn_failed.remove();
    });

    // Keep <html lang> and the theme in step with the settings.
    Effect::new(move |_| {
        let l = lang.get();
        let (dark, contrast) = settings.with(|s| (s.dark, s.high_contrast));
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute("lang", l.tag());
            let _ = el.set_attribute("data-theme", if dark { "dark" } else { "light" });
            let _ = el.set_attribute("data-contrast", if contrast { "high" } else { "normal" });
        }
    });

    let tr = move |m: Msg| t(lang.get(), m);
    let menu_open = ctx.menu_open;
    // Escape closes the settings menu (its address goes back to the screen under it).
    let menu_escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && menu_open.get_untracked() {
            close_menu(ctx);
        }
    });
    on_cleanup(move || menu_escape.remove());
    // One settings switch: "声音 开", pressed when on.
    let switch = move |id: &'static str, m: Msg, on: Signal<bool>, flip: Callback<()>| {
        let label = Signal::derive(move || {
            format!(
                "{} {}",
                tr(m),
                tr(if on.get() { Msg::On } else { Msg::Off })
            )
        });
        toggle(id, on, label, flip)
    };

    view! {
        <header class="topbar">
            <button class="brand" on:click=move |_| route::go(&Route::Home)>
                <span class="brand-mark">"手谈"</span>
            </button>
            <button id="settings-toggle" class="menu-button" aria-expanded=move || menu_open.get().to_string()
                aria-controls="settings" on:click=move |_| {
                    if menu_open.get_untracked() {
                        close_menu(ctx);
                    } else {
                        route::go(&Route::Settings);
                    }
                }>
                <span aria-hidden="true">"⚙"</span>
                <span class="menu-label">{super::i18n::text(lang, Msg::Settings)}</span>
            </button>
            <nav id="settings" class="settings" class:open=move || menu_open.get() aria-label=super::i18n::text(lang, Msg::Settings)>
                <button id="lang-toggle" data-first="" on:click=move |_| {
                    let next = lang.get_untracked().other();
                    ctx.update_settings(|s| s.lang = Some(next.code().into()));
                }>{super::i18n::text(lang, Msg::Language)}</button>
                {toggle("theme-toggle", Signal::derive(move || settings.with(|s| s.dark)),
                    Signal::derive(move || tr(if settings.with(|s| s.dark) { Msg::Light } else { Msg::Dark }).to_string()),
                    Callback::new(move |_| ctx.update_settings(|s| s.dark = !s.dark)))}
                {switch("contrast-toggle", Msg::HighContrast, Signal::derive(move || settings.with(|s| s.high_contrast)),
                    Callback::new(move |_| ctx.update_settings(|s| s.high_contrast = !s.high_contrast)))}
                {switch("sound-toggle", Msg::Sound, Signal::derive(move || settings.with(|s| s.sound)),
                    Callback::new(move |_| ctx.update_settings(|s| s.sound = !s.sound)))}
                {switch("numbers-toggle", Msg::MoveNumbers, Signal::derive(move || settings.with(|s| s.move_numbers)),
                    Callback::new(move |_| ctx.update_settings(|s| s.move_numbers = !s.move_numbers)))}
                {switch("beep-toggle", Msg::Beep, Signal::derive(move || settings.with(|s| s.beep)),
                    Callback::new(move |_| ctx.update_settings(|s| s.beep = !s.beep)))}
                {switch("touch-toggle", Msg::TouchConfirm, touch_confirm,
                    Callback::new(move |_| {
                        let now = touch_confirm.get_untracked();
                        ctx.update_settings(|s| s.touch_confirm = Some(!now));
                    }))}
                <p id="storage-status" class="hint">{move || super::i18n::storage_status(lang.get(), ctx.storage.get())}</p>
            </nav>
        </header>
        // Notices float over the page's corner (never above the board, taking its room).
        <div class="toasts">
            {move || ctx.update_ready.get().then(|| view! {
                <div id="update-banner" class="banner update" role="status">
                    <span>{super::i18n::text(lang, Msg::UpdateReady)}</span>
                    <button id="update-now" class="primary" on:click=move |_| crate::web::offline::apply_update()>{super::i18n::text(lang, Msg::UpdateNow)}</button>
                </div>
            })}
            {move || ctx.notice.get().map(|n| view! {
                <div class="notice" role="alert">
                    <span>{n}</span>
                    <button aria-label=super::i18n::text(lang, Msg::Close) on:click=move |_| ctx.notice.set(None)>"×"</button>
                </div>
            })}
        </div>
        <main>
            {move || match ctx.screen.get() {
                Screen::Home => view! { <Home has_latest=has_latest storage_warning=storage_warning /> }.into_any(),
                Screen::NewGame => view! { <NewGame /> }.into_any(),
                Screen::Play => view! { <GameView /> }.into_any(),
            }}
        </main>
    }
}

/// A pressed/not-pressed button of the settings menu (one function for all of them: the
/// app's wasm stays small).
fn toggle(
    id: &'static str,
    on: Signal<bool>,
    label: Signal<String>,
    flip: Callback<()>,
) -> AnyView {
    view! {
        <button id=id aria-pressed=move || on.get().to_string() on:click=move |_| flip.run(())>
            {move || label.get()}
        </button>
    }
    .into_any()
}

/// Shows the screen the address names (it changed, or the page started): one of the shell's
/// own (`route`), or any other address, which 学下棋's wasm reads — loaded here the first time
/// — and shows, or sends home with a notice when it names nothing. A game that is not here
/// any more leads home with a notice too.
fn show(ctx: Ctx, route: Option<Route>) {
    let lang = ctx.lang.get_untracked();
    // 学下棋 sent the page home: what it opened is not there.
    if let Some(notice) = storage::take_notice() {
        ctx.notice.set(Some(notice));
    }
    ctx.menu_open.set(matches!(route, Some(Route::Settings)));
    let Some(route) = route else {
        return crate::web::learn::open();
    };
    crate::web::learn::hide();
    let screen = match route {
        Route::NewGame { capture } => {
            ctx.capture_preset.set(capture);
            Screen::NewGame
        }
        Route::Game(id) => {
            if ctx.session.with_untracked(|s| s.as_ref().map(|s| s.id)) != Some(id) {
                match storage::resume_game(id) {
                    Some(s) => ctx.session.set(Some(s)),
                    None => return route::home_with_notice(t(lang, Msg::GameGone)),
                }
            }
            Screen::Play
        }
        // The menu opens over the screen there is (home, when its address was opened cold),
        // the keyboard on its first item.
        Route::Settings => return super::focus_first("#settings"),
        _ => Screen::Home,
    };
    // Set only when it changes: a screen set anew is built anew (a game's board too).
    if SHOWN.with(|s| s.replace(screen)) != screen {
        ctx.screen.set(screen);
        super::focus_first("main");
    }
}

thread_local! {
    /// The screen shown (`ctx.screen` is set only by [`show`]), read without the signal.
    static SHOWN: std::cell::Cell<Screen> = const { std::cell::Cell::new(Screen::Home) };
}

/// The settings menu put away at once; its address goes Back to the screen under it.
fn close_menu(ctx: Ctx) {
    ctx.menu_open.set(false);
    route::leave(&Route::Settings);
    super::focus_by_id("settings-toggle");
}

#[component]
fn Home(has_latest: bool, storage_warning: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let can_continue = move || {
        has_latest
            && ctx
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.game.result().is_none()))
    };
    // An SGF file from the picker or a drop: read in 学下棋's wasm (loaded the first time),
    // which opens a game in review or adds a collection to the list, and says how it went.
    let open_file = move |file: web_sys::File| {
        ctx.importing.set(true);
        crate::web::learn::import(file);
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        if let Some(file) = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            open_file(file);
        }
    };

    view! {
        <section class="home" on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default() on:drop=on_drop>
            <h1>"手谈"</h1>
            <p class="tagline">{super::i18n::text(ctx.lang, Msg::Tagline)}</p>
            <div class="home-actions">
                <button id="new-game" class="primary" data-first="" on:click=move |_| {
                    // Who plays here is asked once, before a first game (我的棋册's screen).
                    let asked = crate::web::storage::pupil_asked();
                    route::go(&if asked { Route::NewGame { capture: false } } else { Route::Name })
                }>
                    {super::i18n::text(ctx.lang, Msg::NewGame)}
                </button>
                // What comes next there, as 学下棋 last said (issue 54: 下一课：倒扑), drawn
                // under the label by the style sheet from `data-next` (the shell stays small).
                <button id="learn" on:click=|_| route::go(&Route::Learn) data-next=move || {
                    ctx.games_changed.track();
                    crate::web::storage::next_lesson(ctx.lang.get() == Lang::Zh)
                }>
                    {super::i18n::text(ctx.lang, Msg::Learn)}
                </button>
                // Whose games these are, on the way to their 棋册.
                <button id="my-book" on:click=|_| route::go(&Route::Book)>
                    <span id="pupil-line">{move || {
                        // Named in 学下棋 meanwhile (it tells the page when it closes).
                        ctx.games_changed.track();
                        crate::web::storage::pupil_name()
                    }}</span>{super::i18n::text(ctx.lang, Msg::MyBook)}
                </button>
                <label class="open-sgf button-like">
                    {super::i18n::text(ctx.lang, Msg::OpenSgf)}
                    <input id="open-sgf" type="file" accept=".sgf,.mgt,application/x-go-sgf" on:change=move |ev| {
                        let input: web_sys::HtmlInputElement = event_target(&ev);
                        if let Some(file) = input.files().and_then(|f| f.get(0)) {
                            open_file(file);
                        }
                        input.set_value("");
                    } />
                </label>
                <p class="hint drop-hint">{super::i18n::text(ctx.lang, Msg::DropSgf)}</p>
                <p id="import-status" class="hint" role="status">
                    {move || ctx.importing.get().then(|| t(ctx.lang.get(), Msg::OpeningFile))}
                </p>
                {move || can_continue().then(|| view! {
                    <button id="continue-game" on:click=move |_| {
                        if let Some(id) = ctx.session.with_untracked(|s| s.as_ref().map(|s| s.id)) {
                            route::go(&Route::Game(id));
                        }
                    }>
                        {super::i18n::text(ctx.lang, Msg::Continue)}
                    </button>
                })}
            </div>
            // Said once, gently, where the browser may clear what is stored (shared machines):
            // a line of the home screen, never a bar above a board.
            {move || storage_warning.get().then(|| view! {
                <p id="storage-warning" class="home-line" role="status">
                    <span>{super::i18n::text(ctx.lang, Msg::StorageTemporary)}</span>
                    <button aria-label=super::i18n::text(ctx.lang, Msg::Close) on:click=move |_| storage_warning.set(false)>"×"</button>
                </p>
            })}
            <GameList />
        </section>
    }
}

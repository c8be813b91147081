//! 学下棋 is its own wasm (`learn.js` + `learn_bg.wasm`, built by Trunk beside the app and the
//! bot's worker): the app shell does not carry its screens. The first time it is opened the
//! page adds a full-screen root and loads it there; later it is shown again. Which of the two
//! is shown follows the address (`web/route.rs`): the page shows this root for 学下棋's routes
//! and hides it for its own. SGF files opened on the home screen are read there too
//! ([`import`]): the app shell carries no SGF reader for them.

use wasm_bindgen::JsCast;

pub const ROOT_ID: &str = "learn-root";
/// 学下棋 was hidden: the page went to one of the shell's screens.
pub const CLOSED: &str = "shoutan-learn-closed";
/// The page handed a file to import ([`take_import`]).
pub const IMPORT: &str = "shoutan-import";
/// 学下棋's wasm is done with a file: the event's `detail` is the notice for the page (empty
/// when there is none: a game opened in review says its own).
pub const IMPORTED: &str = "shoutan-imported";
/// 学下棋's script or wasm could not be loaded (a network failure before it was cached): its
/// root is gone again, and the next opening tries anew.
pub const FAILED: &str = "shoutan-learn-failed";
const SCRIPT_ID: &str = "learn-script";
/// Where the file waits on `window` until 学下棋's wasm takes it.
const IMPORT_SLOT: &str = "shoutanImport";
/// The page asks for a stored game as an SGF file ([`export`]).
pub const EXPORT: &str = "shoutan-export";
/// Where the game's id waits until 学下棋's wasm takes it.
const EXPORT_SLOT: &str = "shoutanExport";

/// Hands an SGF file opened on the home screen to 学下棋's wasm, which loads (hidden) if it has
/// not yet: a game opens there in review, a collection joins the game list, and the page hears
/// [`IMPORTED`].
pub fn import(file: web_sys::File) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let _ = js_sys::Reflect::set(&w, &IMPORT_SLOT.into(), &file);
    load(false);
    tell_page(IMPORT);
}

/// Offers a stored game as an SGF file, written in 学下棋's wasm (loaded hidden if it has not
/// yet): the SGF writer is not in the app shell.
pub fn export(id: crate::session::GameId) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let _ = js_sys::Reflect::set(&w, &EXPORT_SLOT.into(), &id.to_string().into());
    load(false);
    tell_page(EXPORT);
}

/// The game the page asked to export, once (called by 学下棋's wasm when it starts and at
/// [`EXPORT`]).
pub fn take_export() -> Option<crate::session::GameId> {
    let w = web_sys::window()?;
    let id = js_sys::Reflect::get(&w, &EXPORT_SLOT.into())
        .ok()?
        .as_string()?;
    let _ = js_sys::Reflect::delete_property(&w, &EXPORT_SLOT.into());
    id.parse().ok()
}

/// The file the page handed over, once (called by 学下棋's wasm when it starts and at [`IMPORT`]).
pub fn take_import() -> Option<web_sys::File> {
    let w = web_sys::window()?;
    let file = js_sys::Reflect::get(&w, &IMPORT_SLOT.into()).ok()?;
    let _ = js_sys::Reflect::delete_property(&w, &IMPORT_SLOT.into());
    file.dyn_into().ok()
}

/// Tells the page a file was imported, with the notice to show (`""`: none).
pub fn imported(notice: &str) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&notice.into());
    if let Ok(ev) = web_sys::CustomEvent::new_with_event_init_dict(IMPORTED, &init) {
        let _ = w.dispatch_event(&ev);
    }
}

/// The notice an [`IMPORTED`] event carries.
pub fn imported_notice(ev: &web_sys::Event) -> String {
    ev.dyn_ref::<web_sys::CustomEvent>()
        .and_then(|e| e.detail().as_string())
        .unwrap_or_default()
}

/// Hands `game` to the page to play (from 学下棋's wasm): stored, then its board opened by its
/// address. `false` when it could not be stored (then nothing changes).
pub fn play_game(game: &crate::session::Session) -> bool {
    if crate::web::storage::save_game(game).is_err() {
        return false;
    }
    super::route::go(&crate::session::route::Route::Game(game.id));
    true
}

/// Review (in 学下棋's wasm) opens on a stored game; `notice` is shown with it.
pub fn open_review(id: crate::session::GameId, notice: &str) {
    crate::web::storage::put_review(id, notice);
    super::route::go(&crate::session::route::Route::Review { game: id, at: None });
}

/// Shows 学下棋, loading it the first time.
pub fn open() {
    load(true);
}

/// Loads 学下棋's wasm the first time, in a root shown or hidden; later shows it (`show`) or
/// leaves it as it is.
fn load(show: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = doc.get_element_by_id(ROOT_ID) {
        if show {
            let _ = root.remove_attribute("hidden");
        }
        return;
    }
    let Some(body) = doc.body() else {
        return;
    };
    let Ok(root) = doc.create_element("div") else {
        return;
    };
    root.set_id(ROOT_ID);
    root.set_class_name("learn-root");
    if !show {
        let _ = root.set_attribute("hidden", "");
    }
    let _ = body.append_child(&root);
    // Its script ran before and only the wasm failed: the glue is there (it cannot run twice).
    if doc.get_element_by_id(SCRIPT_ID).is_some() {
        return start();
    }
    let Ok(script) = doc.create_element("script") else {
        return;
    };
    script.set_id(SCRIPT_ID);
    let _ = script.set_attribute("src", "learn.js");
    let ran = wasm_bindgen::closure::Closure::once_into_js(start);
    let _ = script.add_event_listener_with_callback("load", ran.unchecked_ref());
    let not_fetched = wasm_bindgen::closure::Closure::once_into_js(|| failed(true));
    let _ = script.add_event_listener_with_callback("error", not_fetched.unchecked_ref());
    let _ = body.append_child(&script);
}

/// Starts 学下棋's wasm: the no-modules glue defines `wasm_bindgen`, and starting it runs the
/// learn app's main.
fn start() {
    if let Ok(started) = js_sys::eval("wasm_bindgen('learn_bg.wasm')") {
        let fail = wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|_| {
            failed(false)
        });
        let _ = started.unchecked_into::<js_sys::Promise>().catch(&fail);
        fail.forget();
    }
}

/// 学下棋 did not load: its root leaves the page (nothing covers the home screen, and the next
/// opening loads it again; its script too when that was what failed: the glue cannot run
/// twice, so it stays once it ran), and the page hears [`FAILED`].
fn failed(script_too: bool) {
    super::remove_by_id(ROOT_ID);
    if script_too {
        super::remove_by_id(SCRIPT_ID);
    }
    tell_page(FAILED);
}

/// An event on `window` for both wasms (no detail).
pub fn tell_page(event: &str) {
    if let Some(w) = web_sys::window() {
        if let Ok(ev) = web_sys::Event::new(event) {
            let _ = w.dispatch_event(&ev);
        }
    }
}

/// Hides 学下棋 if it is shown (the page went to one of its own screens), and says so.
pub fn hide() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(ROOT_ID))
    else {
        return;
    };
    if root.get_attribute("hidden").is_some() {
        return;
    }
    let _ = root.set_attribute("hidden", "");
    tell_page(CLOSED);
}

//! 学下棋 is its own wasm (`learn.js` + `learn_bg.wasm`, built by Trunk beside the app and the
//! bot's worker): the app shell does not carry its screens. The first time it is opened the
//! page adds a full-screen root and loads it there; later it is shown again. It tells the page
//! when it closes (`shoutan-learn-closed`) and when the player wants a capture-Go game
//! (`shoutan-capture-go`).

use wasm_bindgen::JsCast;

pub const ROOT_ID: &str = "learn-root";
pub const CLOSED: &str = "shoutan-learn-closed";
pub const CAPTURE_GO: &str = "shoutan-capture-go";
/// The page handed a game to review (`storage::take_review`).
pub const REVIEW: &str = "shoutan-review";
/// Review or the teacher's board handed a game to play on (`storage::take_game_to_play`).
pub const PLAY_GAME: &str = "shoutan-play-game";

/// Hands `game` to the page to play (from 学下棋's wasm): stored, its id handed over, 学下棋
/// closed. `false` when it could not be stored (then nothing changes).
pub fn play_game(game: &crate::session::Session) -> bool {
    if crate::web::storage::save_game(game).is_err() {
        return false;
    }
    crate::web::storage::put_game_to_play(game.id);
    close();
    tell_page(PLAY_GAME);
    true
}

/// Review (in 学下棋's wasm) opens on a stored game, or with `None` on the shared game in the
/// page's address; `notice` is shown with it.
pub fn open_review(id: Option<crate::session::GameId>, notice: &str) {
    crate::web::storage::put_review(id, notice);
    open();
    tell_page(REVIEW);
}

/// Shows 学下棋, loading it the first time.
pub fn open() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = doc.get_element_by_id(ROOT_ID) {
        let _ = root.remove_attribute("hidden");
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
    let _ = body.append_child(&root);
    let Ok(script) = doc.create_element("script") else {
        return;
    };
    let _ = script.set_attribute("src", "learn.js");
    // The no-modules glue defines `wasm_bindgen`; starting it runs the learn app's main.
    let start = wasm_bindgen::closure::Closure::once_into_js(|| {
        let _ = js_sys::eval("wasm_bindgen('learn_bg.wasm')");
    });
    let _ = script.add_event_listener_with_callback("load", start.unchecked_ref());
    let _ = body.append_child(&script);
}

/// Said by the learn app: it is closed (hidden), or a capture-Go game is wanted.
pub fn tell_page(event: &str) {
    if let Some(w) = web_sys::window() {
        if let Ok(ev) = web_sys::Event::new(event) {
            let _ = w.dispatch_event(&ev);
        }
    }
}

/// Hides 学下棋 (the learn app calls this from its back button).
pub fn close() {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(ROOT_ID))
    {
        let _ = root.set_attribute("hidden", "");
    }
    tell_page(CLOSED);
}

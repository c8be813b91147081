//! Browser boundaries: storage, sound, speech. Everything here talks to the browser; nothing in the
//! core does.

pub mod book;
pub mod bot;
pub mod download;
pub mod files;
pub mod learn;
pub mod offline;
pub mod pool;
pub mod route;
pub mod sound;
pub mod speech;
pub mod storage;
pub mod tihai;

/// Focuses the first action of the screen under the element `root` (a CSS selector) in a task
/// after this one (the screen is drawn by then), unless the focus is inside it already: the
/// element marked `data-first` when it takes the focus itself, else the first control or tab
/// stop inside it (a board's roving cell). One line of script, by the `eval` the page has
/// bound already (`route.rs`): the app shell is smaller so than with the DOM's bindings and a
/// timer's closure (0.6 kB gzip).
pub fn focus_first(root: &str) {
    // `root` is one of the app's own selectors (no quote in it).
    let line = format!(
        "setTimeout(function(){{var r=document.querySelector('{root}');if(!r||r.querySelector(':focus'))return;\
         var f=r.querySelector('[data-first]:is(button,input,select,textarea,[tabindex]),[data-first]:not([tabindex]) :is(button:not(:disabled),input,select,textarea,[tabindex=\"0\"])');\
         if(f)f.focus()}})"
    );
    let _ = js_sys::eval(&line);
}

/// Milliseconds since the epoch (`Date.now()`).
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Whether the primary pointer is coarse (a touch screen).
pub fn is_touch_device() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The browser's preferred language tag.
pub fn browser_language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default()
}

/// A random number in [0, 1) from the browser (for nigiri; the core never draws randomness).
pub fn random() -> f64 {
    js_sys::Math::random()
}

/// The page's address without its fragment, and the fragment (without `#`).
pub fn location() -> (String, String) {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return (String::new(), String::new());
    };
    let href = loc.href().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    let base = href.split('#').next().unwrap_or("").to_string();
    (base, hash.trim_start_matches('#').to_string())
}

/// Puts `text` on the clipboard where the browser allows it (silently otherwise).
pub fn copy_to_clipboard(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Removes the element with this id from the page, if it is there.
pub fn remove_by_id(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.remove();
    }
}

/// Removes index.html's splash (the title shown while the app's wasm downloads).
pub fn remove_splash() {
    remove_by_id("splash");
}

/// Runs `f` once the frame being prepared has been painted (a task after the next animation
/// frame), or at once when the page is hidden (no frame comes then): work that must not hold
/// up a move's paint, such as the autosave.
pub fn after_paint(f: impl FnOnce() + 'static) {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return f();
    };
    if window.document().is_some_and(|d| d.hidden()) {
        return f();
    }
    let later = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let in_frame = later.clone();
    let frame = wasm_bindgen::closure::Closure::once_into_js(move || {
        if let Some(f) = in_frame.take() {
            gloo_timers::callback::Timeout::new(0, f).forget();
        }
    });
    if window
        .request_animation_frame(frame.unchecked_ref())
        .is_err()
    {
        if let Some(f) = later.take() {
            gloo_timers::callback::Timeout::new(0, f).forget();
        }
    }
}

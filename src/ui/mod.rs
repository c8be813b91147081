//! The UI: Leptos components that turn events into core calls and core state into SVG.
//! No rule is decided here: legality, captures and the count come from [`crate::rules`].

pub mod analysis;
mod analysis_panel;
pub mod app;
pub mod book;
pub mod class_report;
mod daily;
pub mod describe;
pub mod dialog;
pub mod exam;
pub mod game;
pub mod game_list;
pub mod goban;
mod grades;
pub mod help;
pub mod i18n;
mod import;
pub mod learn;
mod lesson;
mod line;
pub mod new_game;
mod pass;
mod proofs;
pub mod review;
pub mod teach;
mod teach_boards;
mod technique;

/// Focuses the element with this id, if it is on the page (the typed-move field from the M
/// key, the board back, the button that opened a view that closed).
pub fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// Focuses the element with this id a task later, once the view being built is on the page.
/// One future type for every caller: each `spawn_local` of a future of its own type brings its
/// own copy of the task's code into the wasm (~0.2 kB gzip of the app shell each).
pub fn focus_soon(id: &'static str) {
    leptos::task::spawn_local(async move { focus_by_id(id) });
}

/// Puts the focus on the first action of the screen just shown under `root` (`main` for the
/// app shell's screens, `#learn-root` for 学下棋's): the element marked `data-first` — a field,
/// a button, or a part of the screen (a board, a list) whose first tab stop takes it — once the
/// screen is drawn. A keyboard user starts where the screen's work starts, not six Tabs away.
/// The focus stays where it is when it is on a control of this screen already (one that was
/// given it back: the button that opened 学下棋).
pub fn focus_first(root: &str) {
    crate::web::focus_first(root);
}

//! The browser's side of [`Route`]: the address in the page's fragment and the history.
//!
//! Both wasms of the page (the app shell and 学下棋's) follow the address: each listens to
//! `popstate` and [`CHANGED`] and shows what the address names, so a click, Back, Forward, a
//! reload and a bookmark all take the same way to a screen. A button that changes screens
//! pushes a history entry, as a link does on any site; its state is the fragment it was left
//! from, so that a view opened over a screen (settings, the projector) leaves by the browser's
//! Back. Stepping through a game only replaces the address; an address that named nothing is
//! replaced by home.

use std::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};

use crate::session::route::{Route, Step, UnknownRoute};

/// Said on `window` when an app moved to a new address itself (`pushState` says nothing).
pub const CHANGED: &str = "shoutan-route";
thread_local! {
    /// The fragment this wasm last showed (each wasm of the page has its own).
    static SHOWN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Shows what the address names now and at every change of it (Back, Forward, a fragment
/// typed in the address bar — all `popstate` — or an app's [`go`]): `show` gets the fragment
/// once per address, however many events announce it, and reads it as its wasm does (the
/// shell only its own screens: [`Route::parse_shell`]).
pub fn follow(show: impl Fn(&str) + 'static) {
    let changed = move || {
        let here = fragment();
        let new = SHOWN.with(|s| s.replace(Some(here.clone())).as_deref() != Some(here.as_str()));
        if new {
            show(&here);
        }
    };
    let changed = std::rc::Rc::new(changed);
    let listening = changed.clone();
    if let Some(w) = web_sys::window() {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || listening());
        for event in ["popstate", CHANGED] {
            let _ = w.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
        }
        // The page's own listener, for as long as the page lives.
        listener.forget();
    }
    // Listening first: what the address names may send the page on (home, with a notice).
    changed();
}

/// The page's fragment without its `#` (as the address has it, percent-encoding kept); `/`
/// when there is none (home).
pub fn fragment() -> String {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    match hash.trim_start_matches('#') {
        "" => "/".into(),
        f => f.into(),
    }
}

/// The screen the address names.
pub fn current() -> Result<Route, UnknownRoute> {
    Route::parse(&fragment())
}

/// Runs a line on the page's `history` (by `eval`, already bound for 学下棋's glue: the app
/// shell is smaller with this one binding than with History's four). The texts in it are
/// JSON string literals, so no address can be read as code.
fn history(line: &str) -> Option<JsValue> {
    js_sys::eval(line).ok()
}

/// `s` as a JavaScript string literal.
fn literal(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// The fragment this history entry was pushed from, when one of our apps pushed it.
fn came_from() -> Option<String> {
    history("history.state")?.as_string()
}

/// Goes to `route`: a new history entry, and both apps show it at once. Nothing happens when
/// the page is already there.
pub fn go(route: &Route) {
    if push(route) {
        announce();
    }
}

/// A new history entry for `route`, its state the fragment it was left from, without showing
/// it; whether one was made (none when the page is already there).
fn push(route: &Route) -> bool {
    // Addresses are compared as written: the apps write each route one way.
    let here = fragment();
    let to = route.fragment();
    if here == to {
        return false;
    }
    let line = format!(
        "history.pushState({},'',{})",
        literal(&here),
        literal(&format!("#{to}"))
    );
    history(&line).is_some()
}

/// Goes to `route` from a screen of 学下棋 as [`Route::step_from`] says, so that Back goes up
/// a level: along a level (the next problem, the next lesson) in place of this address, a
/// problem opened from elsewhere than its set with the set put under it, else a new entry.
pub fn step(route: &Route) {
    let Ok(from) = current() else {
        return go(route);
    };
    match route.step_from(&from) {
        Step::Push => go(route),
        Step::Replace => replace_and_show(route),
        Step::Under { parent, keep } => {
            if keep {
                push(&parent);
            } else {
                replace(&parent);
            }
            go(route);
        }
    }
}

/// Up a level from `here` (a button to the screen above: all problems, all lessons): Back when
/// the entry under this one is that screen, else that screen in place of this one — never a
/// new entry, which Back would retrace.
pub fn up(here: &Route) {
    let parent = here.parent();
    if came_from().as_deref() == Some(parent.fragment().as_str()) {
        history("history.back()");
    } else {
        replace_and_show(&parent);
    }
}

/// Leaves `view`, opened over a screen (settings, the projector): Back when an app opened it
/// (the view has already put itself away: Back's `popstate` comes later), else to its parent
/// screen ([`Route::parent`]: the view was opened by its address).
pub fn leave(view: &Route) {
    match came_from() {
        Some(_) => {
            history("history.back()");
        }
        None => go(&view.parent()),
    }
}

/// Puts `route` in place of this entry's address and shows it (a started game takes the place
/// of the new-game dialog: Back from the game goes where the dialog was opened from).
pub fn replace_and_show(route: &Route) {
    replace(route);
    announce();
}

/// Puts `route` in place of this entry's address without showing anything: the screen is
/// already there (the move shown while stepping through a game).
pub fn replace(route: &Route) {
    let to = format!("#{}", route.fragment());
    history(&format!(
        "history.replaceState(history.state,'',{})",
        literal(&to)
    ));
}

/// At the page's start: an address opened cold on a screen other than home (a bookmark, a
/// reload in a new tab, a shared link) gets the home screen beneath it, so that Back goes
/// home before it leaves the app. A reload keeps its entry's state, so it adds nothing.
pub fn settle_start() {
    let fresh = history("history.state").is_none_or(|s| s.is_null() || s.is_undefined());
    let here = fragment();
    let home = Route::Home.fragment();
    if !fresh || here == home {
        return;
    }
    history(&format!(
        "history.replaceState(null,'',{});history.pushState({},'',{})",
        literal(&format!("#{home}")),
        literal(&home),
        literal(&format!("#{here}"))
    ));
}

/// Home in place of this address, with `notice` for the page to show (`storage::take_notice`): the
/// address named a game, a lesson or a problem that is not there (or nothing at all). In
/// place, so that Back does not return to it (and is sent home again, for ever).
pub fn home_with_notice(notice: &str) {
    super::storage::put_notice(notice);
    replace_and_show(&Route::Home);
}

fn announce() {
    super::learn::tell_page(CHANGED);
}

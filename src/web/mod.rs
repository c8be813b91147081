//! Browser boundaries: storage, sound, speech. Everything here talks to the browser; nothing in the
//! core does.

pub mod download;
pub mod files;
pub mod sound;
pub mod speech;
pub mod storage;

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

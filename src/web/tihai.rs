//! 题海's bands as data (issue 53): each band's SGF collection is a file of the site
//! (`tihai/<Band::file()>`, copied by Trunk, in no wasm), fetched by 学下棋's wasm when it needs
//! that band and kept by the service worker with the rest of the build (`assets/precache.mjs`
//! lists every file), so they work offline after one visit.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::learn::band::Band;

/// The band's address, relative to the page.
pub fn address(band: Band) -> String {
    format!("tihai/{}", band.file())
}

/// The band's file as text; `Err` when it could not be fetched (offline before a first visit,
/// or not on the server).
pub async fn fetch_band(band: Band) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&address(band)))
        .await
        .map_err(|_| "offline".to_string())?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| "no text".to_string())?)
        .await
        .map_err(|_| "cut short".to_string())?;
    text.as_string().ok_or_else(|| "not text".to_string())
}

//! Files for the player to keep: a text offered as a download (SGF records).

use wasm_bindgen::JsCast;

/// Offers `text` as a file called `name` with the MIME type `mime`. Returns false where the
/// browser refused (the caller shows the text another way).
pub fn offer(name: &str, mime: &str, text: &str) -> bool {
    (|| -> Option<()> {
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let document = web_sys::window()?.document()?;
        let a: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
        a.set_href(&url);
        a.set_download(name);
        a.click();
        // Revoked a little later: some browsers read the URL after the click returns.
        gloo_timers::callback::Timeout::new(30_000, move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        })
        .forget();
        Some(())
    })()
    .is_some()
}

/// Offers a game as an SGF file named after it.
pub fn offer_sgf(s: &crate::session::Session) -> bool {
    offer(
        &format!("shoutan-{}.sgf", s.id),
        "application/x-go-sgf",
        &s.to_sgf(),
    )
}

/// Offers every stored game as one SGF collection (a backup for shared machines), with the
/// pupils' ladder.
pub fn offer_all(games: &[crate::session::Session]) -> bool {
    let day = crate::session::utc_date_time(super::now_ms() as u64).0;
    offer(
        &format!("shoutan-all-{day}.sgf"),
        "application/x-go-sgf",
        &crate::session::collection_sgf(games, Some(&super::storage::load_ladder())),
    )
}

/// The link that carries a game in its fragment, put on the clipboard where allowed.
pub fn share_link(s: &crate::session::Session) -> String {
    let (base, _) = super::location();
    let link = format!("{base}#{}", s.share_fragment());
    super::copy_to_clipboard(&link);
    link
}

/// Offers an SVG document drawn as a PNG image (through a canvas, at twice its size for print).
pub fn offer_png(name: &'static str, svg: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(img) = document
        .create_element("img")
        .map(|e| e.unchecked_into::<web_sys::HtmlImageElement>())
    else {
        return;
    };
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    );
    let loaded = img.clone();
    let draw = wasm_bindgen::closure::Closure::once_into_js(move || {
        let (w, h) = (loaded.natural_width() * 2, loaded.natural_height() * 2);
        let Some(canvas) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .map(|e| e.unchecked_into::<web_sys::HtmlCanvasElement>())
        else {
            return;
        };
        canvas.set_width(w);
        canvas.set_height(h);
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .map(|c| c.unchecked_into::<web_sys::CanvasRenderingContext2d>())
        else {
            return;
        };
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(
            &loaded, 0.0, 0.0, w as f64, h as f64,
        );
        if let Ok(data) = canvas.to_data_url_with_type("image/png") {
            if let Ok(a) = document.create_element("a") {
                let a: web_sys::HtmlAnchorElement = a.unchecked_into();
                a.set_href(&data);
                a.set_download(name);
                a.click();
            }
        }
    });
    img.set_onload(Some(draw.unchecked_ref()));
    img.set_src(&url);
}

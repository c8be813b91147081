//! Files the player opens: SGF records from a file picker or a drop, read as bytes and decoded
//! with the browser's own TextDecoder — UTF-8, or what the record declares (`CA[GB2312]`), or
//! GB18030 for old Chinese collections that declare nothing.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::record::sgf::declared_charset;

fn decode_as(bytes: &[u8], label: &str, fatal: bool) -> Option<String> {
    let options = web_sys::TextDecoderOptions::new();
    options.set_fatal(fatal);
    let decoder = web_sys::TextDecoder::new_with_label_and_options(label, &options).ok()?;
    decoder.decode_with_u8_array(bytes).ok()
}

/// The text of an SGF file.
pub fn decode_sgf(bytes: &[u8]) -> String {
    match declared_charset(bytes) {
        Some(label) if label != "utf-8" && label != "utf8" => decode_as(bytes, &label, false),
        _ => None,
    }
    .or_else(|| decode_as(bytes, "utf-8", true))
    .or_else(|| decode_as(bytes, "gb18030", false))
    .unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned())
}

/// Reads a file's bytes.
pub async fn read_bytes(file: &web_sys::File) -> Option<Vec<u8>> {
    let buffer = JsFuture::from(file.array_buffer()).await.ok()?;
    Some(js_sys::Uint8Array::new(buffer.unchecked_ref()).to_vec())
}

/// The SGF file chosen in a file input (`change` event): the input is cleared (the same file may
/// be chosen again), the file read and decoded, and `then` called with its name and its text.
pub fn on_sgf_chosen(ev: &web_sys::Event, then: impl FnOnce(String, String) + 'static) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(bytes) = read_bytes(&file).await {
            then(file.name(), decode_sgf(&bytes));
        }
    });
}

/// Every SGF file chosen in a file input that takes several (`multiple`): the input is cleared,
/// the files read and decoded in the order chosen, and `then` called once with their names and
/// texts.
pub fn on_sgf_files_chosen(
    ev: &web_sys::Event,
    then: impl FnOnce(Vec<(String, String)>) + 'static,
) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(list) = input.files() else {
        return;
    };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    input.set_value("");
    read_files(files, then);
}

/// The files dropped (`drop` event, its default prevented), read as [`on_sgf_files_chosen`].
pub fn on_files_dropped(
    ev: &web_sys::DragEvent,
    then: impl FnOnce(Vec<(String, String)>) + 'static,
) {
    ev.prevent_default();
    let Some(list) = ev.data_transfer().and_then(|d| d.files()) else {
        return;
    };
    read_files(
        (0..list.length()).filter_map(|i| list.get(i)).collect(),
        then,
    );
}

/// Reads and decodes files in order, then calls `then` once with their names and texts.
pub fn read_files(files: Vec<web_sys::File>, then: impl FnOnce(Vec<(String, String)>) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let mut read = Vec::with_capacity(files.len());
        for file in files {
            if let Some(bytes) = read_bytes(&file).await {
                read.push((file.name(), decode_sgf(&bytes)));
            }
        }
        then(read);
    });
}

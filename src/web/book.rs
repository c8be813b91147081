//! 我的棋册's file on the pupil's disk or Drive (issue 40), in 学下棋's wasm only: saved through
//! the File System Access API's `showSaveFilePicker` where the browser has it (Chromium,
//! ChromeOS's Files app, where a signed-in pupil's Google Drive is a folder), else as a download;
//! opened through `showOpenFilePicker`, else a file input or a drop. Where the browser grants a
//! file handle, the pupil's changes are written back to the same file (after a game, and when
//! the page is hidden or closed). The handle lives as long as the page: a reload asks again.
//!
//! The API's calls are promises of plain objects; they are made from one small script (built
//! once with `Function`), so the app carries no binding for an API most browsers lack.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

const SCRIPT: &str = r#"
const types = [{ description: 'JSON', accept: { 'application/json': ['.json'] } }];
const put = async (h, text) => { const w = await h.createWritable(); await w.write(text); await w.close(); };
const api = {
  held: null,
  picker: () => typeof showSaveFilePicker === 'function',
  async save(text, name) {
    if (typeof showSaveFilePicker !== 'function') return 'download';
    try {
      const h = await showSaveFilePicker({ suggestedName: name, types });
      await put(h, text);
      api.held = h;
      return 'saved';
    } catch (e) {
      return e && e.name === 'AbortError' ? 'cancelled' : 'download';
    }
  },
  async open() {
    if (typeof showOpenFilePicker !== 'function') return null;
    try {
      const [h] = await showOpenFilePicker({ types, multiple: false });
      const text = await (await h.getFile()).text();
      let granted = false;
      try { granted = (await h.requestPermission({ mode: 'readwrite' })) === 'granted'; } catch (e) {}
      if (granted) api.held = h;
      return [text, h.name];
    } catch (e) {
      return e && e.name === 'AbortError' ? 'cancelled' : null;
    }
  },
  async write(text) {
    if (!api.held) return false;
    try { await put(api.held, text); return true; } catch (e) { api.held = null; return false; }
  },
  name: () => (api.held ? api.held.name : ''),
};
return api;
"#;

thread_local! {
    static API: JsValue = js_sys::Function::new_no_args(SCRIPT)
        .call0(&JsValue::NULL)
        .unwrap_or(JsValue::NULL);
}

fn call(method: &str, args: &[JsValue]) -> JsValue {
    API.with(|api| {
        let Ok(f) = js_sys::Reflect::get(api, &method.into()) else {
            return JsValue::NULL;
        };
        let Ok(f) = f.dyn_into::<js_sys::Function>() else {
            return JsValue::NULL;
        };
        let list: js_sys::Array = args.iter().collect();
        f.apply(api, &list).unwrap_or(JsValue::NULL)
    })
}

async fn awaited(v: JsValue) -> JsValue {
    match v.dyn_into::<js_sys::Promise>() {
        Ok(p) => JsFuture::from(p).await.unwrap_or(JsValue::NULL),
        Err(v) => v,
    }
}

/// Whether the browser has the save picker (else a save is a download).
pub fn has_picker() -> bool {
    call("picker", &[]).is_truthy()
}

/// How a save went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Written to a file the pupil picked (kept for writing back).
    ToFile,
    /// Offered as a download.
    Downloaded,
    /// The pupil closed the picker.
    Cancelled,
}

/// Saves the book's text: through the save picker where there is one, else as a download.
pub async fn save(text: &str, name: &str) -> Saved {
    match awaited(call("save", &[text.into(), name.into()]))
        .await
        .as_string()
        .as_deref()
    {
        Some("saved") => Saved::ToFile,
        Some("cancelled") => Saved::Cancelled,
        _ => {
            super::download::offer(name, "application/json", text);
            Saved::Downloaded
        }
    }
}

/// What the open picker gave.
pub enum Opened {
    /// The file's text and name.
    File(String, String),
    Cancelled,
    /// No picker here (or it failed): use the file input.
    NoPicker,
}

/// Opens a book through the open picker (asking to write back to it).
pub async fn open() -> Opened {
    let got = awaited(call("open", &[])).await;
    if got.as_string().as_deref() == Some("cancelled") {
        return Opened::Cancelled;
    }
    let Ok(pair) = got.dyn_into::<js_sys::Array>() else {
        return Opened::NoPicker;
    };
    Opened::File(
        pair.get(0).as_string().unwrap_or_default(),
        pair.get(1).as_string().unwrap_or_default(),
    )
}

/// Writes the book back to the file the pupil picked, if there is one; `false` when there is
/// none or the browser refused.
pub async fn write_back(text: &str) -> bool {
    awaited(call("write", &[text.into()])).await.is_truthy()
}

/// The name of the file written back to (empty: none).
pub fn held_name() -> String {
    call("name", &[]).as_string().unwrap_or_default()
}

//! The bot's boundary: its Web Worker and the messages to and from it.
//!
//! The page never runs a search. [`ask`] starts the worker on first use (so the bot's wasm is
//! fetched lazily, not with the app shell), posts a [`Request`] as JSON and calls back with
//! the [`Reply`]. Inside the worker, [`serve`] fetches KataGo's network once (progress as
//! `model:<percent>` messages, `model:ready` or `model:failed:<why>`) and answers with the
//! [`Brain`]: PUCT over the network when it has arrived, [`crate::bot::Search`] before (and
//! for what the network does not play), both against the wall clock. The messages ([`Request`], [`Reply`]) are plain data in
//! [`crate::session::computer`]; the game crosses as SGF, the one format both sides already read and write.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use crate::session::computer::{Brain, Reply, Request, WORKER_STOPPED};

/// The network's file beside the app (`assets/models`, copied by Trunk).
pub const MODEL_FILE: &str = "models/g170-b6c96.bin.gz";
/// Its size, for the progress bar when the server sends no length.
const MODEL_BYTES: f64 = 3_827_339.0;

thread_local! {
    static BRAIN: RefCell<Brain> = RefCell::new(Brain::default());
}

/// The worker's entry: answers every message, after saying it is ready, and fetches the
/// network in the background (the Monte-Carlo search answers until it has arrived).
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let out = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            let Ok(req) = serde_json::from_str::<Request>(&text) else {
                return;
            };
            let reply = BRAIN.with_borrow_mut(|b| b.answer(&req, js_sys::Date::now));
            if let Ok(json) = serde_json::to_string(&reply) {
                let _ = out.post_message(&JsValue::from_str(&json));
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
    wasm_bindgen_futures::spawn_local(async move {
        let said = match load_network(&scope).await {
            Ok(()) => "model:ready".to_string(),
            Err(e) => format!("model:failed:{e}"),
        };
        let _ = scope.post_message(&JsValue::from_str(&said));
        // What this worker holds with the network in it (for 复盘's pool and its measurement).
        let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
        let bytes = memory
            .buffer()
            .unchecked_into::<js_sys::ArrayBuffer>()
            .byte_length();
        let _ = scope.post_message(&JsValue::from_str(&format!("memory:{bytes}")));
    });
}

/// Fetches the network (from the cache once it is there: the service worker answers
/// `models/` from it, and the worker looks there first too), telling the page its progress as `model:<percent>`, and gives it to the brain.
async fn load_network(scope: &web_sys::DedicatedWorkerGlobalScope) -> Result<(), String> {
    use wasm_bindgen_futures::JsFuture;
    let url = js_sys::Reflect::get(scope, &JsValue::from_str("SHOUTAN_MODEL"))
        .ok()
        .and_then(|v| v.as_string())
        .ok_or("no model address")?;
    let cached = match scope.caches() {
        Ok(caches) => JsFuture::from(caches.match_with_str(&url))
            .await
            .ok()
            .filter(|r| !r.is_undefined())
            .map(|r| r.unchecked_into::<web_sys::Response>()),
        Err(_) => None,
    };
    let from_cache = cached.is_some();
    let response: web_sys::Response = match cached {
        Some(r) => r,
        None => JsFuture::from(scope.fetch_with_str(&url))
            .await
            .map_err(|_| "offline".to_string())?
            .unchecked_into(),
    };
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let total = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(MODEL_BYTES);
    // Kept for offline use by the worker itself, in the service worker's cache of models
    // (the service worker may not control the page yet on a first visit).
    if let (false, Ok(copy), Ok(caches)) = (from_cache, response.clone(), scope.caches()) {
        let url = url.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(cache) = JsFuture::from(caches.open("shoutan-models")).await {
                let cache: web_sys::Cache = cache.unchecked_into();
                let _ = JsFuture::from(cache.put_with_str(&url, &copy)).await;
            }
        });
    }
    let body = response.body().ok_or("no body")?;
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut bytes: Vec<u8> = Vec::with_capacity(total as usize);
    let mut said = -1i32;
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|_| "interrupted".to_string())?;
        let done = js_sys::Reflect::get(&chunk, &JsValue::from_str("done"))
            .ok()
            .and_then(|d| d.as_bool())
            .unwrap_or(true);
        if done {
            break;
        }
        let value =
            js_sys::Reflect::get(&chunk, &JsValue::from_str("value")).map_err(|_| "bad chunk")?;
        bytes.extend(js_sys::Uint8Array::new(&value).to_vec());
        let percent = ((bytes.len() as f64 / total) * 100.0).min(99.0) as i32;
        if percent / 5 != said / 5 {
            said = percent;
            let _ = scope.post_message(&JsValue::from_str(&format!("model:{percent}")));
        }
    }
    let model = crate::bot::nn::Model::from_bytes(&bytes).map_err(|e| e.to_string())?;
    BRAIN.with_borrow_mut(|b| b.network = Some(crate::bot::nn::Network::new(model)));
    Ok(())
}

/// What runs with a worker's answer (the app's own worker's, and 复盘's pool's).
pub(super) type Callback = Box<dyn FnOnce(Reply)>;

struct Client {
    worker: web_sys::Worker,
    ready: bool,
    queued: Vec<String>,
    /// The answers awaited, by request id (a few at most: a list, which costs the app shell
    /// less than a map).
    waiting: Vec<(u32, Callback)>,
    next_id: u32,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

/// index.html's `#model`: the network's download bar, which also says which bot build runs.
fn model_bar() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id("model")
}

/// The bot's worker: assets/worker-loader.js, from the page's own folder (so the app works
/// under any sub-path), picks the relaxed SIMD, SIMD or portable build of the bot and starts
/// it; the network's file is the worker's name. `handler` gets its messages and its error
/// event. 复盘's pool ([`super::pool`]) starts its workers here too.
pub(crate) fn spawn_worker(
    handler: Closure<dyn Fn(web_sys::MessageEvent)>,
) -> Option<web_sys::Worker> {
    let base = web_sys::window()?.document()?.base_uri().ok().flatten()?;
    let url = web_sys::Url::new_with_base("worker-loader.js", &base)
        .ok()?
        .href();
    let opts = web_sys::WorkerOptions::new();
    opts.set_name(MODEL_FILE);
    let worker = web_sys::Worker::new_with_options(&url, &opts).ok()?;
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    worker.set_onerror(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    Some(worker)
}

/// The app's own worker (the game's computer opponent, the estimates).
fn spawn() -> Option<web_sys::Worker> {
    // One handler for the worker's messages and its error event: the worker posts only text,
    // so an event without text (`data` is a plain property read, absent on an ErrorEvent) means
    // it stopped with a fault (a trap in its wasm, or a script error). A worker in that state
    // cannot be trusted again: it is dropped, what waited on it is answered with an error (each
    // asker says so or asks again), and the next request starts a new worker.
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
        let Some(text) = ev.data().as_string() else {
            let lost = CLIENT.with_borrow_mut(Option::take).map(|c| {
                c.worker.terminate();
                c.waiting
            });
            for (id, answer) in lost.unwrap_or_default() {
                answer(Reply::failed(id, WORKER_STOPPED.into()));
            }
            return;
        };
        // Which build of the bot runs (relaxed, simd or portable), on #model for anyone to read.
        if let Some(build) = text.strip_prefix("build:") {
            if let Some(el) = model_bar() {
                let _ = el.set_attribute("data-build", build);
            }
            return;
        }
        // The network's download: shown by index.html's #model (words in the style sheet).
        if let Some(state) = text.strip_prefix("model:") {
            if let Some(el) = model_bar() {
                let _ = el.set_attribute("data-model", state);
                if let Some(bar) = el.first_element_child() {
                    let _ = bar.set_attribute("value", state);
                }
            }
            return;
        }
        if text == "ready" {
            let queued = CLIENT.with_borrow_mut(|c| {
                c.as_mut().map(|c| {
                    c.ready = true;
                    std::mem::take(&mut c.queued)
                })
            });
            CLIENT.with_borrow(|c| {
                if let Some(c) = c {
                    for m in queued.unwrap_or_default() {
                        let _ = c.worker.post_message(&JsValue::from_str(&m));
                    }
                }
            });
            return;
        }
        let Ok(reply) = serde_json::from_str::<Reply>(&text) else {
            return;
        };
        let cb = CLIENT.with_borrow_mut(|c| {
            let w = &mut c.as_mut()?.waiting;
            let i = w.iter().position(|(id, _)| *id == reply.id)?;
            Some(w.swap_remove(i).1)
        });
        if let Some(cb) = cb {
            cb(reply);
        }
    });
    spawn_worker(on_message)
}

/// Starts the worker if it is not running (its wasm is fetched and compiled off the page's
/// thread): called when a game against the computer opens, so that starting it does not fall
/// on the player's first move. Returns false when no worker could start.
pub fn warm_up() -> bool {
    CLIENT.with_borrow_mut(start)
}

fn start(slot: &mut Option<Client>) -> bool {
    if slot.is_none() {
        let Some(worker) = spawn() else {
            return false;
        };
        *slot = Some(Client {
            worker,
            ready: false,
            queued: vec![],
            waiting: vec![],
            next_id: 1,
        });
    }
    true
}

/// Asks the bot; `on_reply` runs when it answers. Returns false when no worker could start.
pub fn ask(mut req: Request, on_reply: impl FnOnce(Reply) + 'static) -> bool {
    CLIENT.with_borrow_mut(|slot| {
        if !start(slot) {
            return false;
        }
        let Some(c) = slot.as_mut() else {
            return false;
        };
        req.id = c.next_id;
        c.next_id += 1;
        c.waiting.push((req.id, Box::new(on_reply)));
        let Ok(json) = serde_json::to_string(&req) else {
            return false;
        };
        if c.ready {
            let _ = c.worker.post_message(&JsValue::from_str(&json));
        } else {
            c.queued.push(json);
        }
        true
    })
}

/// Forgets every pending answer (a new game, a takeback): late replies are dropped.
pub fn forget_pending() {
    CLIENT.with_borrow_mut(|c| {
        if let Some(c) = c {
            c.waiting.clear();
        }
    });
}

//! The bot's boundary: its Web Worker and the messages to and from it.
//!
//! The page never runs a search. [`ask`] starts the worker on first use (so the bot's wasm is
//! fetched lazily, not with the app shell), posts a [`Request`] as JSON and calls back with
//! the [`Reply`]. Inside the worker, [`serve`] runs [`crate::bot::Search`] in batches against
//! the wall clock. The messages ([`Request`], [`Reply`]) are plain data in
//! [`crate::session::computer`]; the game crosses as SGF, the one format both sides already read and write.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use crate::session::computer::{answer, Reply, Request};

/// The worker's entry: answers every message, after saying it is ready.
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
            let reply = answer(&req, js_sys::Date::now);
            if let Ok(json) = serde_json::to_string(&reply) {
                let _ = out.post_message(&JsValue::from_str(&json));
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

type Callback = Box<dyn FnOnce(Reply)>;

struct Client {
    worker: web_sys::Worker,
    ready: bool,
    queued: Vec<String>,
    waiting: HashMap<u32, Callback>,
    next_id: u32,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

/// The worker's loader: a tiny script that imports the bot's wasm-bindgen glue from the page's
/// own folder (so the app works under any sub-path) and starts it.
fn spawn() -> Option<web_sys::Worker> {
    let document = web_sys::window()?.document()?;
    let base = document.base_uri().ok().flatten()?;
    let js = web_sys::Url::new_with_base("worker.js", &base).ok()?.href();
    let wasm = web_sys::Url::new_with_base("worker_bg.wasm", &base)
        .ok()?
        .href();
    let script = format!("importScripts({js:?});wasm_bindgen({wasm:?});");
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let worker = web_sys::Worker::new(&url).ok()?;
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
        let Some(text) = ev.data().as_string() else {
            return;
        };
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
        let cb = CLIENT.with_borrow_mut(|c| c.as_mut().and_then(|c| c.waiting.remove(&reply.id)));
        if let Some(cb) = cb {
            cb(reply);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Some(worker)
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
            waiting: HashMap::new(),
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
        c.waiting.insert(req.id, Box::new(on_reply));
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

//! 复盘's workers (issue 42): a pool of the bot's Web Workers, one fewer than the device's
//! cores (the page keeps one), at least one, at most [`MOST`]; the game's computer opponent
//! keeps its own worker ([`super::bot`]). Positions are independent, so each worker reads whole
//! positions on its own copy of the network: no shared memory, no cross-origin isolation.
//! Each worker holds the network's weights (≈ 17 MB with Winograd's transformed ones) and the
//! search's tree: the memory each one uses is posted as `memory:<bytes>` once the network has
//! arrived and kept on `<body data-worker-memory>` for the measurement script.
//!
//! Used by the pass only (学下棋's wasm); the app shell never starts a pool.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;

use super::bot::Callback as Answer;
use crate::session::computer::{Reply, Request, WORKER_STOPPED};

/// The most workers a pass uses (four cores' worth: past that, memory before speed).
pub const MOST: usize = 4;

struct Member {
    worker: web_sys::Worker,
    ready: bool,
    queued: Option<String>,
    waiting: Option<(u32, Answer)>,
}

thread_local! {
    static POOL: RefCell<Vec<Option<Member>>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// How many workers a pass runs on this device: `navigator.hardwareConcurrency − 1`, 1 to
/// [`MOST`].
pub fn size() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .unwrap_or(1.0);
    (cores as usize).saturating_sub(1).clamp(1, MOST)
}

/// The workers free for a request now (those not started yet included), by index.
pub fn free() -> Vec<usize> {
    let n = size();
    POOL.with_borrow(|pool| {
        (0..n)
            .filter(|&i| {
                pool.get(i)
                    .is_none_or(|m| m.as_ref().is_none_or(|m| m.waiting.is_none()))
            })
            .collect()
    })
}

/// Whether any worker is working on a request.
pub fn busy() -> bool {
    POOL.with_borrow(|pool| pool.iter().flatten().any(|m| m.waiting.is_some()))
}

/// Asks worker `i` (started if it is not running); `on_reply` runs with its answer. Returns
/// false when no worker could start.
pub fn ask(i: usize, mut req: Request, on_reply: impl FnOnce(Reply) + 'static) -> bool {
    req.id = NEXT_ID.get();
    NEXT_ID.set(req.id + 1);
    let Ok(json) = serde_json::to_string(&req) else {
        return false;
    };
    POOL.with_borrow_mut(|pool| {
        if pool.len() <= i {
            pool.resize_with(i + 1, || None);
        }
        if pool[i].is_none() {
            let Some(worker) = super::bot::spawn_worker(on_message(i)) else {
                return false;
            };
            pool[i] = Some(Member {
                worker,
                ready: false,
                queued: None,
                waiting: None,
            });
        }
        let Some(m) = pool[i].as_mut() else {
            return false;
        };
        m.waiting = Some((req.id, Box::new(on_reply)));
        if m.ready {
            let _ = m.worker.post_message(&JsValue::from_str(&json));
        } else {
            m.queued = Some(json);
        }
        true
    })
}

/// Stops every worker (the review closed, the pass stopped, the computer must play): their
/// searches end at once and their memory is freed; pending answers are dropped.
pub fn stop() {
    let pool = POOL.with_borrow_mut(std::mem::take);
    for m in pool.into_iter().flatten() {
        m.worker.terminate();
    }
}

/// Worker `i`'s messages: ready, its memory, an answer, or a fault (an event without text: the
/// worker is dropped and its request answered with [`WORKER_STOPPED`]).
fn on_message(i: usize) -> Closure<dyn Fn(web_sys::MessageEvent)> {
    Closure::new(move |ev: web_sys::MessageEvent| {
        let Some(text) = ev.data().as_string() else {
            let lost = POOL.with_borrow_mut(|pool| pool.get_mut(i).and_then(Option::take));
            if let Some(m) = lost {
                m.worker.terminate();
                if let Some((id, answer)) = m.waiting {
                    answer(Reply::failed(id, WORKER_STOPPED.into()));
                }
            }
            return;
        };
        if text == "ready" {
            POOL.with_borrow_mut(|pool| {
                if let Some(Some(m)) = pool.get_mut(i) {
                    m.ready = true;
                    if let Some(json) = m.queued.take() {
                        let _ = m.worker.post_message(&JsValue::from_str(&json));
                    }
                }
            });
            return;
        }
        if let Some(bytes) = text.strip_prefix("memory:") {
            if let Some(body) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.body())
            {
                let _ = body.set_attribute("data-worker-memory", bytes);
            }
            return;
        }
        let Ok(reply) = serde_json::from_str::<Reply>(&text) else {
            return;
        };
        let answer = POOL.with_borrow_mut(|pool| {
            let m = pool.get_mut(i)?.as_mut()?;
            if m.waiting.as_ref().is_some_and(|(id, _)| *id == reply.id) {
                m.waiting.take().map(|(_, a)| a)
            } else {
                None
            }
        });
        if let Some(answer) = answer {
            answer(reply);
        }
    })
}

//! The bot's boundary: its Web Worker and the messages to and from it.
//!
//! The page never runs a search. [`ask`] starts the worker on first use (so the bot's wasm is
//! fetched lazily, not with the app shell), posts a [`Request`] as JSON and calls back with
//! the [`Reply`]. Inside the worker, [`serve`] runs [`crate::bot::Search`] in batches against
//! the wall clock. The game crosses as SGF, the one format both sides already read and write.

use std::cell::RefCell;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::bot::{self, Decision, Level, Search};
use crate::record::sgf;
use crate::rules::{BoardSize, Point, Rules};

/// What the page asks.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Request {
    pub id: u32,
    /// The game so far (main line).
    pub sgf: String,
    /// The level's key ([`Level::key`]).
    pub level: String,
    /// Playouts and milliseconds; the search stops at whichever ends first.
    pub playouts: u32,
    pub max_ms: f64,
    pub seed: u64,
    /// Forbid passing while the opponent has dead stones on the board.
    pub cleanup: bool,
    /// Whether the bot may resign.
    pub resign: bool,
}

impl Request {
    /// An analysis of a position for the player to move (hint, estimate): a strong quick
    /// search that never resigns.
    pub fn analysis(sgf: String, playouts: u32, max_ms: f64, seed: u64) -> Request {
        Request {
            id: 0,
            sgf,
            level: Level::Advanced.key().into(),
            playouts,
            max_ms,
            seed,
            cleanup: false,
            resign: false,
        }
    }
}

/// What the worker answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Reply {
    pub id: u32,
    /// `D4`, `pass` or `resign`; empty when the game could not be read.
    pub mv: String,
    /// The best move's value for the side to move, 0–1.
    pub win_rate: f32,
    /// Black's expected lead in points, komi included.
    pub lead: f32,
    /// Per point, row by row: −100 (white's) … 100 (black's).
    pub ownership: Vec<i8>,
    pub playouts: u32,
    /// An error reading the game, if any.
    #[serde(default)]
    pub error: String,
}

impl Reply {
    /// Black's win rate, from the reply's rate for the side that was to move.
    pub fn black_win_rate(&self, black_to_move: bool) -> f32 {
        if black_to_move {
            self.win_rate
        } else {
            1.0 - self.win_rate
        }
    }

    /// The ownership on the board's points (row by row), −1 … 1, as the board draws it.
    pub fn ownership_on(&self, size: BoardSize) -> Vec<(Point, f32)> {
        size.points()
            .zip(&self.ownership)
            .map(|(p, &v)| (p, v as f32 / 100.0))
            .collect()
    }
}

/// Runs one request to the end (inside the worker; `now` is the worker's clock in ms).
pub fn answer(req: &Request, now: impl Fn() -> f64) -> Reply {
    let mut reply = Reply {
        id: req.id,
        mv: String::new(),
        win_rate: 0.5,
        lead: 0.0,
        ownership: vec![],
        playouts: 0,
        error: String::new(),
    };
    let loaded = match sgf::load(&req.sgf, Rules::chinese(), None) {
        Ok(l) => l,
        Err(e) => {
            reply.error = e.to_string();
            return reply;
        }
    };
    let game = loaded.game;
    let level = Level::from_key(&req.level).unwrap_or(Level::Intermediate);
    let mut search = Search::new(&game, req.seed, req.cleanup);
    let start = now();
    while search.playouts() < req.playouts && now() - start < req.max_ms {
        search.run(64.min(req.playouts - search.playouts()).max(1));
    }
    let resign = req.resign.then_some(0.03);
    let decision = bot::decide_at(&search, level, req.seed, resign);
    reply.mv = match decision {
        Decision::Play(p) => game.size().vertex(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    };
    let best = search.candidates();
    reply.win_rate = best.first().map_or(0.5, |c| c.win_rate);
    reply.lead = search.score_lead();
    reply.ownership = search
        .ownership()
        .into_iter()
        .map(|x| (x * 100.0).round() as i8)
        .collect();
    reply.playouts = search.playouts();
    reply
}

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

/// Asks the bot; `on_reply` runs when it answers. Returns false when no worker could start.
pub fn ask(mut req: Request, on_reply: impl FnOnce(Reply) + 'static) -> bool {
    CLIENT.with_borrow_mut(|slot| {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Colour, Game, Move};

    #[test]
    fn a_request_is_answered_with_a_legal_move_and_ownership() {
        let mut game = Game::new(BoardSize::NINE, Rules::chinese());
        game.play(Colour::Black, Move::Play(BoardSize::NINE.point(4, 4)))
            .unwrap();
        let req = Request {
            id: 3,
            sgf: sgf::write(&game, &[], &[]),
            level: "novice".into(),
            playouts: 300,
            max_ms: 1e9,
            seed: 1,
            cleanup: false,
            resign: true,
        };
        let reply = answer(&req, || 0.0);
        assert_eq!(reply.id, 3);
        assert_eq!(reply.playouts, 300);
        assert_eq!(reply.ownership.len(), 81);
        let p = BoardSize::NINE.parse_vertex(&reply.mv).unwrap();
        assert!(game.is_legal_point(Colour::White, p));
    }

    #[test]
    fn a_broken_game_is_an_error_not_a_move() {
        let req = Request {
            id: 1,
            sgf: "(;SZ[9];B[zz".into(),
            level: "novice".into(),
            playouts: 10,
            max_ms: 10.0,
            seed: 1,
            cleanup: false,
            resign: false,
        };
        let reply = answer(&req, || 0.0);
        assert!(reply.mv.is_empty() && !reply.error.is_empty());
    }
}

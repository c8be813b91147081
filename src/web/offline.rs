//! Offline and installable: the service worker's registration and updates, and storage that
//! the browser should not clear.
//!
//! `sw.js` (written by the build, see `assets/precache.mjs`) precaches the whole app. It is
//! registered with a relative URL, so its scope is whatever folder the app is served from. A
//! new deploy installs beside the running one and waits; the page offers it and swaps only
//! when the player says so ([`apply_update`]), never under a running game.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// How often a running page asks whether a new version was deployed.
const UPDATE_CHECK_MS: u32 = 30 * 60 * 1000;

fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    // Absent on insecure origins and in some private modes.
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()?
        .then(|| navigator.service_worker())
}

fn controlled() -> bool {
    container().is_some_and(|c| c.controller().is_some())
}

/// Registers the service worker; `on_update` runs when a new version is installed and waiting
/// (only when this page is already controlled: a first visit has nothing to update).
pub fn register(on_update: impl Fn() + 'static) {
    let Some(container) = container() else {
        return;
    };
    let on_update: Rc<dyn Fn()> = Rc::new(on_update);
    wasm_bindgen_futures::spawn_local(async move {
        // Where service workers are blocked the promise may fail, or give no registration.
        let Ok(reg) = JsFuture::from(container.register("sw.js")).await else {
            return;
        };
        let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else {
            return;
        };
        if reg.waiting().is_some() && controlled() {
            on_update();
        }
        let watched = reg.clone();
        let found = Closure::<dyn Fn()>::new(move || {
            let Some(worker) = watched.installing() else {
                return;
            };
            let w = worker.clone();
            let on_update = on_update.clone();
            let changed = Closure::<dyn Fn()>::new(move || {
                if w.state() == ServiceWorkerState::Installed && controlled() {
                    on_update();
                }
            });
            worker.set_onstatechange(Some(changed.as_ref().unchecked_ref()));
            changed.forget();
        });
        reg.set_onupdatefound(Some(found.as_ref().unchecked_ref()));
        found.forget();
        // A page left open for a day still learns of a new deploy.
        gloo_timers::callback::Interval::new(UPDATE_CHECK_MS, move || {
            let _ = reg.update();
        })
        .forget();
    });
}

/// The player accepted the new version: the waiting worker takes over and the page reloads
/// into it (the game was saved after its last event and resumes from storage).
pub fn apply_update() {
    let Some(container) = container() else {
        return;
    };
    let reload = Closure::<dyn Fn()>::new(|| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    container.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
    reload.forget();
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(reg) = JsFuture::from(container.get_registration()).await else {
            return;
        };
        let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else {
            return;
        };
        if let Some(waiting) = reg.waiting() {
            let _ = waiting.post_message(&JsValue::from_str("skip-waiting"));
        }
    });
}

/// What the browser says of this site's storage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StorageState {
    /// Whether the browser promised not to clear it (`navigator.storage.persist()`).
    pub persistent: Option<bool>,
    /// Bytes used, when the browser tells.
    pub usage: Option<f64>,
}

/// Asks for persistent storage (granted silently to installed apps and often-used sites in
/// Chromium) and reads the usage.
pub async fn storage_state() -> StorageState {
    let Some(window) = web_sys::window() else {
        return StorageState {
            persistent: None,
            usage: None,
        };
    };
    let navigator = window.navigator();
    let has_storage =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("storage")).unwrap_or(false);
    if !has_storage {
        return StorageState {
            persistent: None,
            usage: None,
        };
    }
    let manager = navigator.storage();
    let persistent = match manager.persist() {
        Ok(p) => JsFuture::from(p).await.ok().and_then(|v| v.as_bool()),
        Err(_) => None,
    };
    let usage = match manager.estimate() {
        Ok(p) => JsFuture::from(p)
            .await
            .ok()
            .and_then(|e| e.unchecked_into::<web_sys::StorageEstimate>().get_usage()),
        Err(_) => None,
    };
    StorageState { persistent, usage }
}

//! The bot's Web Worker (built by Trunk as `worker.js` + `worker_bg.wasm`): answers search
//! requests off the page's thread. See `shoutan::web::bot`.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    shoutan::web::bot::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser; build it with trunk");
}

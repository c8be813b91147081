//! 学下棋 (problems, capture Go): its own wasm, loaded by the page the first time it is opened
//! (built by Trunk as `learn.js` + `learn_bg.wasm`). See `shoutan::web::learn`.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    shoutan::ui::learn::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the learning screens run in the browser; build them with trunk");
}

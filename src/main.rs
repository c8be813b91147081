//! The wasm entry: a panic hook and the app, nothing else.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(shoutan::ui::app::App);
}

//! The wasm entry: a panic hook and the app, nothing else.

fn main() {
    // Panic messages in the console for development builds; the release shell leaves the hook
    // out (its formatting machinery is ~1.5 kB gzip of the 326 kB budget): a panic still stops
    // with `unreachable` in the console, and the worker and 学下棋 keep their hooks.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(shoutan::ui::app::App);
    // The home screen is in the page now: index.html's splash goes in the same task.
    shoutan::web::remove_splash();
}

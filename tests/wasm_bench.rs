//! The playout benchmark compiled to wasm32, for the wasm/native speed ratio. It is a
//! measurement, not a test: ignored by default, run by `tests/browser/wasm-bench.sh`:
//!   cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --include-ignored
#![cfg(target_arch = "wasm32")]

use shoutan::rules::playout::{playout, PlayoutRng};
use shoutan::rules::{Board, BoardSize, Colour};
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

#[wasm_bindgen_test]
#[ignore]
fn playout_speed_in_wasm() {
    for n in [9u32, 19] {
        let size = BoardSize::new(n).unwrap();
        let empty = Board::new(size);
        let max = 3 * size.area() as usize;
        let mut rng = PlayoutRng::new(42);
        // Warm up, then run for about two seconds.
        for _ in 0..200 {
            let mut b = empty.clone();
            playout(&mut b, Colour::Black, &mut rng, max);
        }
        let start = js_sys::Date::now();
        let (mut playouts, mut moves) = (0u64, 0u64);
        while js_sys::Date::now() - start < 2000.0 {
            for _ in 0..100 {
                let mut b = empty.clone();
                moves += playout(&mut b, Colour::Black, &mut rng, max) as u64;
                playouts += 1;
            }
        }
        let ms = js_sys::Date::now() - start;
        console_log!(
            "wasm playout {n}x{n}: {:.1} ns/move, {:.0} playouts/s",
            ms * 1e6 / moves as f64,
            playouts as f64 * 1000.0 / ms
        );
        assert!(playouts > 0);
    }
}

/// The bot's search (tree + policy playouts) in wasm: simulations a second on an empty 9×9
/// and 19×19 board; compare `bot_search_speed` in `tests/benches/engine.rs` natively.
#[wasm_bindgen_test]
#[ignore]
fn bot_search_speed_in_wasm() {
    use shoutan::bot::Search;
    use shoutan::rules::{Game, Rules};
    for n in [9u32, 19] {
        let game = Game::new(BoardSize::new(n).unwrap(), Rules::chinese());
        let mut search = Search::new(&game, 1, false);
        let start = js_sys::Date::now();
        while js_sys::Date::now() - start < 3000.0 {
            search.run(100);
        }
        let ms = js_sys::Date::now() - start;
        console_log!(
            "wasm bot search {n}x{n}: {:.0} simulations/s",
            search.playouts() as f64 * 1000.0 / ms
        );
        assert!(search.playouts() > 0);
    }
}

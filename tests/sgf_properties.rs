//! SGF round trip: any game written by our writer reads back to the same moves and position,
//! and the reader never panics on mangled text.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use shoutan::record::sgf;
use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::{handicap, BoardSize, Game, Move, Rules};

fn random_game(size: u32, seed: u64, moves: usize, stones: u32) -> Game {
    let size = BoardSize::new(size).unwrap();
    let hc = if stones >= 2 {
        handicap::fixed(size, stones).unwrap_or_default()
    } else {
        vec![]
    };
    let mut g = Game::with_handicap(size, Rules::chinese(), &hc);
    let mut rng = PlayoutRng::new(seed);
    for _ in 0..moves {
        if !g.is_playing() {
            break;
        }
        let c = g.to_move();
        let legal = g.legal_points(c);
        let mv = if legal.is_empty() || rng.below(15) == 0 {
            Move::Pass
        } else {
            Move::Play(legal[rng.below(legal.len() as u32) as usize])
        };
        g.play(c, mv).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn written_games_read_back_the_same(size in 2u32..=19, seed in any::<u64>(), moves in 0usize..150, stones in 0u32..5) {
        let g = random_game(size, seed, moves, stones);
        let text = sgf::write(&g, &[("PB", "黑]\\方".to_string())], &[(0, "根 [注]".into()), (1, "第一手".into())]);
        let back = sgf::load(&text, Rules::chinese(), None).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(back.skipped.is_empty());
        prop_assert_eq!(back.game.moves(), g.moves());
        prop_assert!(*back.game.board() == *g.board());
        prop_assert_eq!(back.game.to_move(), g.to_move());
        prop_assert_eq!(back.root().first("PB"), Some("黑]\\方"));
        prop_assert_eq!(back.game.komi_half_points(), g.komi_half_points());
    }

    #[test]
    fn mangled_sgf_never_panics(seed in any::<u64>(), cut in 0usize..400, byte in any::<u8>()) {
        let g = random_game(9, seed, 60, 0);
        let mut text = sgf::write(&g, &[], &[]).into_bytes();
        if !text.is_empty() {
            let i = cut % text.len();
            text[i] = byte;
            text.truncate(cut.max(1));
        }
        let text = String::from_utf8_lossy(&text);
        let _ = sgf::load(&text, Rules::chinese(), None);
    }
}

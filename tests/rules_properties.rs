//! Property tests on random games: the incrementally kept chains, liberties and hash equal a
//! recomputation from scratch; undo restores exactly; stones are conserved.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::{BoardSize, Colour, Game, Move, Rules};

/// Plays `moves` random legal moves (any legal point or a pass) and checks after each one.
fn random_game(size: u32, seed: u64, moves: usize, rules: Rules) -> Result<(), TestCaseError> {
    let size = BoardSize::new(size).unwrap();
    let mut game = Game::new(size, rules);
    let mut rng = PlayoutRng::new(seed);
    for _ in 0..moves {
        if !game.is_playing() {
            break;
        }
        let c = game.to_move();
        let legal = game.legal_points(c);
        // Every point refused by legal_points must be refused by play, with a reason.
        for p in size.points() {
            let ok = game.check(c, Move::Play(p)).is_ok();
            prop_assert_eq!(ok, legal.contains(&p));
        }
        let mv = if legal.is_empty() || rng.below(20) == 0 {
            Move::Pass
        } else {
            Move::Play(legal[rng.below(legal.len() as u32) as usize])
        };
        let before_board = game.board().clone();
        let before_moves = game.moves().len();
        let stones_before = before_board.stone_counts();
        let played = game.play(c, mv).unwrap();
        game.board()
            .check_invariants()
            .map_err(TestCaseError::fail)?;
        // Conservation: stones after = before + 1 (a move) − captured (− own stones by suicide).
        let after = game.board().stone_counts();
        let placed = matches!(mv, Move::Play(_)) as u32;
        let own_after = after[c.index()];
        let opp_after = after[c.opponent().index()];
        prop_assert_eq!(
            opp_after,
            stones_before[c.opponent().index()] - played.captured
        );
        prop_assert!(own_after <= stones_before[c.index()] + placed);
        if rules.suicide == shoutan::rules::Suicide::Forbidden {
            prop_assert_eq!(own_after, stones_before[c.index()] + placed);
        }
        // Undo restores exactly, then replay.
        let mut undone = game.clone();
        undone.undo().unwrap();
        undone
            .board()
            .check_invariants()
            .map_err(TestCaseError::fail)?;
        prop_assert!(*undone.board() == before_board);
        prop_assert_eq!(undone.board().hash(), before_board.hash());
        prop_assert_eq!(undone.moves().len(), before_moves);
        prop_assert_eq!(undone.to_move(), c);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_invariants(size in 2u32..=9, seed in any::<u64>()) {
        random_game(size, seed, 120, Rules::chinese())?;
    }

    #[test]
    fn random_games_with_suicide_keep_invariants(size in 2u32..=7, seed in any::<u64>()) {
        random_game(size, seed, 120, Rules::tromp_taylor())?;
    }
}

#[test]
fn a_long_game_on_every_preset_size() {
    for size in [13, 17, 19, 25] {
        random_game(size, size as u64, 300, Rules::chinese()).unwrap();
    }
}

#[test]
fn undo_restores_superko_history() {
    // Play into a position, undo back to the start: the same moves must be legal again.
    let size = BoardSize::new(5).unwrap();
    let mut g = Game::new(size, Rules::chinese());
    let seq = ["C3", "D3", "B3", "C2", "pass", "C4"];
    for (i, v) in seq.iter().enumerate() {
        let c = if i % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        let mv = if *v == "pass" {
            Move::Pass
        } else {
            Move::Play(size.parse_vertex(v).unwrap())
        };
        g.play(c, mv).unwrap();
    }
    while g.undo().is_ok() {}
    assert!(g.moves().is_empty());
    assert_eq!(g.board().stone_counts(), [0, 0]);
    g.play(Colour::Black, Move::Play(size.parse_vertex("C3").unwrap()))
        .unwrap();
}

#[test]
fn playout_candidate_agrees_with_its_definition() {
    // The one-pass playout test equals "not ko, not an own eye, not suicide" everywhere.
    use shoutan::rules::playout::playout;
    for seed in 0..40u64 {
        let size = BoardSize::new(5 + (seed % 5) as u32 * 2).unwrap();
        let mut board = shoutan::rules::Board::new(size);
        let mut rng = PlayoutRng::new(seed);
        playout(
            &mut board,
            Colour::Black,
            &mut rng,
            (seed as usize * 7) % 90,
        );
        for c in Colour::both() {
            for p in size.points().filter(|&p| board.is_empty(p)) {
                let slow =
                    board.ko_point() != Some(p) && !board.is_eye(c, p) && !board.is_suicide(c, p);
                assert_eq!(
                    board.playout_candidate(c, p),
                    slow,
                    "seed {seed} at {}",
                    size.vertex(p)
                );
            }
        }
    }
}

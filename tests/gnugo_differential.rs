//! Differential test against an implementation nobody here wrote: GNU Go 3.8 (Debian `gnugo`),
//! `--chinese-rules --positional-superko`, driven over GTP. Random games on 5×5 … 19×19: after
//! every move the legal-move sets, the stones and the captures must agree; at the end, where
//! neither engine sees dead stones, the area score must agree.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{gnugo_available, words, GtpClient};
use shoutan::rules::playout::{playout_candidate, PlayoutRng};
use shoutan::rules::{scoring, BoardSize, Colour, DeadStones, Game, Move, Rules};

fn colour_name(c: Colour) -> &'static str {
    if c == Colour::Black {
        "black"
    } else {
        "white"
    }
}

/// Plays one random game in both engines and compares them after every move.
/// Returns (moves played, whether the final score was compared).
fn differential_game(size: u32, seed: u64, gnugo: &mut GtpClient) -> (usize, bool) {
    let size = BoardSize::new(size).unwrap();
    let mut game = Game::new(size, Rules::chinese());
    let mut rng = PlayoutRng::new(seed);
    gnugo.ok(&format!("boardsize {}", size.get()));
    gnugo.ok("clear_board");
    gnugo.ok("komi 7.5");
    let max_moves = 8 * size.area() as usize;
    let mut moves = 0;
    while game.is_playing() && moves < max_moves {
        let c = game.to_move();
        let ours: Vec<String> = game
            .legal_points(c)
            .into_iter()
            .map(|p| size.vertex(p))
            .collect();
        let mut ours_sorted = ours.clone();
        ours_sorted.sort();
        let theirs = words(&gnugo.ok(&format!("all_legal {}", colour_name(c))));
        assert_eq!(
            ours_sorted,
            theirs,
            "legal moves of {c} differ on {size} (seed {seed}, move {moves})\n{}",
            game.board().to_ascii()
        );
        // Mostly playout-like moves (so games end), sometimes any legal move (own eyes too).
        let candidates: Vec<_> = game
            .legal_points(c)
            .into_iter()
            .filter(|&p| rng.below(10) == 0 || playout_candidate(game.board(), c, p))
            .collect();
        let mv = if candidates.is_empty() {
            Move::Pass
        } else {
            Move::Play(candidates[rng.below(candidates.len() as u32) as usize])
        };
        game.play(c, mv).unwrap();
        let vertex = match mv {
            Move::Play(p) => size.vertex(p),
            Move::Pass => "pass".into(),
        };
        gnugo.ok(&format!("play {} {vertex}", colour_name(c)));
        for side in Colour::both() {
            let ours: Vec<String> = {
                let mut v: Vec<String> = size
                    .points()
                    .filter(|&p| game.board().colour_at(p) == Some(side))
                    .map(|p| size.vertex(p))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(
                ours,
                words(&gnugo.ok(&format!("list_stones {}", colour_name(side)))),
                "stones differ"
            );
            assert_eq!(
                game.board().prisoners(side).to_string(),
                gnugo.ok(&format!("captures {}", colour_name(side))),
                "captures differ"
            );
        }
        moves += 1;
    }
    // At the end of a finished random game every chain should be settled; compare the area
    // count where GNU Go agrees that nothing is dead.
    // GNU Go's final_score is its own estimate and does not share dame, so compare only
    // finished games with no dame left and nothing dead.
    let area = scoring::count_area(game.board(), &DeadStones::new());
    let has_dame = size
        .points()
        .any(|p| area.owner_of(p) == scoring::Territory::Shared);
    if game.is_playing() || has_dame || !gnugo.ok("final_status_list dead").is_empty() {
        return (moves, false);
    }
    let ours = scoring::GameResult::Score {
        black_half: area.black_half,
        white_half: area.white_half,
        komi_half: game.komi_half_points(),
    };
    let theirs = gnugo.ok("final_score");
    let ours = ours.sgf();
    // GNU Go writes "B+3.0"; we write "B+3".
    let norm = |s: &str| s.trim_end_matches(".0").to_string();
    assert_eq!(
        norm(&ours),
        norm(&theirs),
        "final score differs (seed {seed})\n{}",
        game.board().to_ascii()
    );
    (moves, true)
}

#[test]
fn random_games_agree_with_gnugo() {
    if !gnugo_available() {
        eprintln!(
            "SKIPPED: GNU Go not found at {} (apt-get install gnugo)",
            common::GNUGO
        );
        return;
    }
    let mut gnugo = GtpClient::gnugo();
    let mut total_moves = 0;
    let mut scored = 0;
    let mut games = 0;
    for (size, count) in [(5, 40), (6, 20), (7, 20), (9, 20), (13, 6), (19, 4)] {
        for g in 0..count {
            let (m, s) = differential_game(size, 1000 * size as u64 + g, &mut gnugo);
            total_moves += m;
            scored += s as usize;
            games += 1;
        }
    }
    eprintln!("GNU Go differential: {games} games, {total_moves} moves compared, {scored} final scores compared");
    assert!(
        scored * 2 >= games,
        "too few games ended settled enough to compare scores"
    );
}

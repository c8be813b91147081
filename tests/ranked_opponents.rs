//! The ladder of opponents (issue 26) as the worker runs them ([`Brain`], with the network):
//! every rank plays only legal moves on every board size and in capture Go, and finishes its
//! games to a count; the weakest ignores an atari sometimes, 5 级 never leaves a big group in
//! atari; the beginner-like reference captures, runs and plays near the last moves.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::Cell;

use shoutan::bot::nn::{Model, Network};
use shoutan::bot::ranked::{self, saving_moves};
use shoutan::bot::{Decision, Level};
use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::{BoardSize, Colour, Game, Move, Phase, Rules};
use shoutan::session::computer::{Brain, Request};

const MODEL: &[u8] = include_bytes!("../assets/models/g170-b6c96.bin.gz");

fn brain() -> Brain {
    Brain::with_network(Network::new(Model::from_bytes(MODEL).unwrap()))
}

/// A clock that moves on 400 ms each time it is read: 最强's search ends after a few dozen
/// visits, the one-evaluation ranks do not read it.
fn fake_clock() -> impl Fn() -> f64 {
    let t = Cell::new(0.0);
    move || {
        t.set(t.get() + 400.0);
        t.get()
    }
}

/// A position from a diagram (`X` black, `O` white), `to_move` to play.
fn position(rows: &[&str], to_move: Colour, rules: Rules) -> Game {
    let size = BoardSize::new(rows.len() as u32).unwrap();
    let (mut black, mut white) = (vec![], vec![]);
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.split_whitespace().enumerate() {
            match ch {
                "X" => black.push(size.point(c as u8, r as u8)),
                "O" => white.push(size.point(c as u8, r as u8)),
                _ => {}
            }
        }
    }
    Game::from_setup(size, rules, &black, &white, to_move, 0)
}

fn decision(b: &mut Brain, g: &Game, level: Level, seed: u64) -> Decision {
    let reply = b.answer(&Request::move_at(g, level, seed), fake_clock());
    assert!(reply.error.is_empty(), "{level:?}: {}", reply.error);
    reply
        .decision(g.size())
        .unwrap_or_else(|| panic!("{level:?} said {}", reply.mv))
}

#[test]
fn every_rank_finishes_a_9x9_game_by_two_passes_and_a_count() {
    for level in Level::ALL {
        let mut b = brain();
        let mut g = Game::new(BoardSize::NINE, Rules::chinese());
        let mut moves = 0;
        while g.is_playing() && moves < 300 {
            let c = g.to_move();
            match decision(&mut b, &g, level, moves) {
                Decision::Play(p) => {
                    g.play(c, Move::Play(p))
                        .unwrap_or_else(|e| panic!("{level:?} move {moves}: {e:?}"));
                }
                Decision::Pass => {
                    g.play(c, Move::Pass).unwrap();
                }
                Decision::Resign => {
                    assert!(level.resigns(), "{level:?} resigned");
                    g.resign(c).unwrap();
                }
            };
            moves += 1;
        }
        if g.result().is_some() {
            continue; // resigned: a level that may
        }
        assert!(
            matches!(g.phase(), Phase::Counting(_)),
            "{level:?}: no end after {moves} moves\n{}",
            g.board().to_ascii()
        );
        let result = g.count_result();
        assert!(result.winner().is_some(), "{level:?}: {result:?}");
    }
}

#[test]
fn every_rank_plays_legal_moves_on_every_board_and_in_capture_go() {
    let mut b = brain();
    for n in [5u32, 7, 9, 13, 19] {
        let size = BoardSize::new(n).unwrap();
        for rules in [Rules::chinese(), Rules::capture_go(2)] {
            if n > 13 && rules != Rules::chinese() {
                continue;
            }
            for level in Level::ALL {
                let mut g = Game::new(size, rules);
                for k in 0..6u64 {
                    let c = g.to_move();
                    let mv = match decision(&mut b, &g, level, k) {
                        Decision::Play(p) => Move::Play(p),
                        Decision::Pass => Move::Pass,
                        Decision::Resign
                            if level.resigns() && k >= u64::from((n * n / 4).min(10)) =>
                        {
                            break
                        }
                        Decision::Resign => panic!("{level:?} resigned at move {k}"),
                    };
                    g.play(c, mv)
                        .unwrap_or_else(|e| panic!("{level:?} {n}×{n} {rules:?}: {e:?}"));
                    if !g.is_playing() {
                        break;
                    }
                }
            }
        }
    }
}

/// Black's five stones C5–G5 are in atari (their one liberty H5); running there leaves three.
const BIG_GROUP_IN_ATARI: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . O . .",
    ". . X . . . . . .",
    ". . O O O O O . .",
    ". O X X X X X . .",
    ". . O O O O O . .",
    ". . . . . . . . .",
    ". . X . . . X . .",
    ". . . . . . . . .",
];

#[test]
fn the_weakest_rank_ignores_an_atari_sometimes_and_5_kyu_never_leaves_a_big_group_in_it() {
    let g = position(&BIG_GROUP_IN_ATARI, Colour::Black, Rules::chinese());
    let chain = g.size().parse_vertex("C5").unwrap();
    assert_eq!(g.board().chain_len(chain), 5);
    let saves = saving_moves(g.board(), chain);
    assert_eq!(saves, vec![g.size().parse_vertex("H5").unwrap()]);
    let mut b = brain();
    let mut ignored = 0;
    for seed in 0..40 {
        // A fresh tree each time: the draw is the seed's.
        b = Brain::with_network(b.network.take().unwrap());
        match decision(&mut b, &g, Level::Kyu25, seed) {
            Decision::Play(p) if saves.contains(&p) => {}
            _ => ignored += 1,
        }
    }
    assert!(
        ignored >= 5,
        "25 级 ignored the atari {ignored} times in 40"
    );
    for level in [Level::Kyu10, Level::Kyu5, Level::Kyu1] {
        for seed in 0..40 {
            b = Brain::with_network(b.network.take().unwrap());
            let d = decision(&mut b, &g, level, seed);
            assert!(
                matches!(d, Decision::Play(p) if saves.contains(&p)),
                "{level:?} seed {seed} left five stones in atari: {d:?}"
            );
        }
    }
}

#[test]
fn the_beginner_reference_captures_runs_and_plays_near_the_last_moves() {
    // White D5 is in atari (liberty E5): the reference takes it nine times in ten.
    let capture = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X . . . . .",
        ". . X O . . . . .",
        ". . . X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];
    let g = position(&capture, Colour::Black, Rules::chinese());
    let e5 = Move::Play(g.size().parse_vertex("E5").unwrap());
    let took = (0..50)
        .filter(|&s| ranked::beginner_move(&g, &mut PlayoutRng::new(s)) == e5)
        .count();
    assert!(
        (35..50).contains(&took),
        "took the capture {took} times in 50"
    );
    // The same for White: its stone runs out at E5.
    let g = position(&capture, Colour::White, Rules::chinese());
    let ran = (0..50)
        .filter(|&s| ranked::beginner_move(&g, &mut PlayoutRng::new(s)) == e5)
        .count();
    assert!((35..50).contains(&ran), "ran {ran} times in 50");
    // Otherwise near the last two moves: within two lines of them.
    let mut g = Game::new(BoardSize::NINETEEN, Rules::chinese());
    let size = g.size();
    g.play(Colour::Black, Move::Play(size.parse_vertex("D4").unwrap()))
        .unwrap();
    g.play(Colour::White, Move::Play(size.parse_vertex("Q16").unwrap()))
        .unwrap();
    for s in 0..30 {
        let Move::Play(p) = ranked::beginner_move(&g, &mut PlayoutRng::new(s)) else {
            panic!("passed on an open board");
        };
        let (x, y) = size.col_row(p);
        let near = |v: &str| {
            let (a, b) = size.col_row(size.parse_vertex(v).unwrap());
            x.abs_diff(a) <= 2 && y.abs_diff(b) <= 2
        };
        assert!(near("D4") || near("Q16"), "{}", size.vertex(p));
    }
}

//! Bot tests: golden positions with one right answer (diagrams below, `X` black, `O` white),
//! legality from random positions on every board size, determinism by seed.

use super::*;
use crate::rules::playout::PlayoutRng;
use crate::rules::{BoardSize, Colour, Komi, Move, Point, Rules};

/// A game from a diagram, `to_move` to play, with `komi_half` half points of komi (also for
/// the facts' tests).
pub(super) fn position(rows: &[&str], to_move: Colour, komi_half: i32) -> Game {
    let size = BoardSize::new(rows.len() as u32).unwrap();
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.split_whitespace().enumerate() {
            let p = size.point(c as u8, r as u8);
            match ch {
                "X" => black.push(p),
                "O" => white.push(p),
                _ => {}
            }
        }
    }
    let rules = Rules::chinese().with_komi(Komi::from_half_points(komi_half));
    Game::from_setup(size, rules, &black, &white, to_move, 0)
}

/// Thinks with `playouts` and checks that the decision is one of `expected` (vertices or
/// "pass").
fn check(game: &Game, playouts: u32, cleanup: bool, expected: &[&str]) {
    let size = game.size();
    let (decision, search) = think(game, playouts, 7, cleanup);
    let got = match decision {
        Decision::Play(p) => size.vertex(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    };
    assert!(
        expected.contains(&got.as_str()),
        "expected {expected:?}, got {got}; candidates {:?}\n{}",
        &search.candidates()[..3.min(search.candidates().len())],
        game.board().to_ascii()
    );
}

const NINE_CAPTURE: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . X X . . . .",
    ". . X O O X . . .",
    ". . X O O . . . .",
    ". . . X X . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

#[test]
fn captures_a_chain_in_atari() {
    // The four white stones have one liberty left, at F5.
    check(
        &position(&NINE_CAPTURE, Colour::Black, 15),
        2000,
        false,
        &["F5"],
    );
}

#[test]
fn escapes_from_atari() {
    // Black's two cutting stones have one liberty (E4); extending there gives three and
    // joins the stone on G4.
    let rows = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O O . . . . .",
        ". O X X . . X . .",
        ". . O O . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];
    check(&position(&rows, Colour::Black, 15), 2000, false, &["E4"]);
}

/// Five by five: both walls alive, one dame left at C1; komi ½ makes it decide the game.
const LAST_DAME: [&str; 5] = [
    ". X X O .",
    ". X O O .",
    ". X X O .",
    ". X O O .",
    ". X . O .",
];

#[test]
fn fills_the_last_dame() {
    check(
        &position(&LAST_DAME, Colour::Black, 1),
        2000,
        false,
        &["C1"],
    );
}

#[test]
fn passes_back_when_the_count_wins() {
    // The dame is filled; white passes; black wins 13 to 12½ by counting.
    let mut rows = LAST_DAME;
    rows[4] = ". X X O .";
    let mut game = position(&rows, Colour::White, 1);
    game.play(Colour::White, Move::Pass).unwrap();
    check(&game, 1000, false, &["pass"]);
}

#[test]
fn cleanup_takes_dead_stones_off_before_passing() {
    // A dead white stone inside black's area: passing back wins the count anyway, but in
    // cleanup (kgs-genmove_cleanup) black captures it first.
    let mut rows = LAST_DAME;
    rows[4] = ". X X O .";
    rows[2] = "O X X O .";
    let mut game = position(&rows, Colour::White, 1);
    game.play(Colour::White, Move::Pass).unwrap();
    check(&game, 2000, false, &["pass"]);
    check(&game, 2000, true, &["A4", "A2"]);
}

#[test]
fn never_plays_an_illegal_move() {
    let mut rng = PlayoutRng::new(99);
    for (size, games) in [(5, 6), (9, 6), (13, 3), (17, 2), (19, 2)] {
        let size = BoardSize::new(size).unwrap();
        for g in 0..games {
            // A random game of random length (captures, ko fights and all).
            let mut game = Game::new(size, Rules::chinese());
            let length = rng.below(size.area() * 2);
            for _ in 0..length {
                let c = game.to_move();
                let legal: Vec<Point> = game
                    .legal_points(c)
                    .into_iter()
                    .filter(|&p| !game.board().is_eye(c, p))
                    .collect();
                let mv = match legal.len() {
                    0 => Move::Pass,
                    n => Move::Play(legal[rng.below(n as u32) as usize]),
                };
                if game.play(c, mv).is_err() || !game.is_playing() {
                    break;
                }
            }
            if !game.is_playing() {
                continue;
            }
            let (decision, _) = think(&game, 300, g as u64, g % 2 == 0);
            let c = game.to_move();
            match decision {
                Decision::Play(p) => {
                    assert_eq!(game.check(c, Move::Play(p)), Ok(()), "{}", size.vertex(p))
                }
                Decision::Pass | Decision::Resign => {}
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let game = position(&NINE_CAPTURE, Colour::White, 15);
    let a = think(&game, 500, 42, false);
    let b = think(&game, 500, 42, false);
    assert_eq!(a.0, b.0);
    assert_eq!(a.1.ownership(), b.1.ownership());
    assert_eq!(a.1.score_lead(), b.1.score_lead());
}

#[test]
fn ownership_sees_the_territories() {
    let (_, search) = think(&position(&LAST_DAME, Colour::Black, 1), 1000, 3, false);
    let own = search.ownership();
    // Column A is black's, column E white's.
    for row in 0..5 {
        assert!(own[row * 5] > 0.5, "{own:?}");
        assert!(own[row * 5 + 4] < -0.5, "{own:?}");
    }
}

#[test]
fn levels_round_trip_their_keys() {
    for l in Level::ALL {
        assert_eq!(Level::from_key(l.key()), Some(l));
    }
    assert!(Level::Kyu25.playouts() < Level::Strongest.playouts());
    // Games stored before the ladder keep their opponent.
    for (old, new) in [
        ("beginner", Level::Kyu20),
        ("novice", Level::Kyu15),
        ("intermediate", Level::Kyu5),
        ("advanced", Level::Kyu1),
        ("strongest", Level::Strongest),
    ] {
        assert_eq!(Level::from_key(old), Some(new));
    }
    // Ranks as people write them: a rank between two rungs is the weaker rung.
    assert_eq!(Level::from_rank("15级"), Some(Level::Kyu15));
    assert_eq!(Level::from_rank("12 kyu"), Some(Level::Kyu15));
    assert_eq!(Level::from_rank("最强"), Some(Level::Strongest));
    assert_eq!(Level::from_rank("5k"), Some(Level::Kyu5));
    assert_eq!(Level::from_rank("30k"), None);
    assert_eq!(Level::from_rank("9d"), None);
    assert_eq!(Level::from_key("15级"), None);
    // The ladder is ordered, and each rung knows its neighbours.
    assert_eq!(Level::Kyu25.weaker(), None);
    assert_eq!(Level::Kyu25.stronger(), Some(Level::Kyu20));
    assert_eq!(Level::Strongest.stronger(), None);
    let measured: Vec<f32> = Level::ALL.iter().map(|l| l.measured()).collect();
    assert!(measured.windows(2).all(|w| w[0] > w[1]), "{measured:?}");
    // On 19×19 each rank has its own measurement, as ordered; 最强 has none there and says
    // the board its rank was measured on.
    let on_19: Vec<f32> = Level::ALL.iter().filter_map(|l| l.measured_19()).collect();
    assert_eq!(on_19.len(), 6);
    assert!(on_19.windows(2).all(|w| w[0] > w[1]), "{on_19:?}");
    let nineteen = crate::rules::BoardSize::NINETEEN;
    let thirteen = crate::rules::BoardSize::new(13).unwrap();
    assert_eq!(Level::Kyu15.measured_on(nineteen).board, 19);
    assert_eq!(
        Level::Kyu15.measured_on(nineteen).kyu,
        Level::Kyu15.measured_19().unwrap()
    );
    // On 13×13 too (issue 55's exams of 15–11 级 are played there).
    let on_13: Vec<f32> = Level::ALL.iter().filter_map(|l| l.measured_13()).collect();
    assert_eq!(on_13.len(), 6);
    assert!(on_13.windows(2).all(|w| w[0] > w[1]), "{on_13:?}");
    assert_eq!(Level::Kyu15.measured_on(thirteen).board, 13);
    assert_eq!(
        Level::Kyu15
            .measured_on(crate::rules::BoardSize::new(11).unwrap())
            .board,
        13
    );
    assert_eq!(
        Level::Kyu15
            .measured_on(crate::rules::BoardSize::NINE)
            .board,
        9
    );
    assert_eq!(Level::Strongest.measured_on(nineteen).board, 9);
}

#[test]
fn reads_a_ladder() {
    // The black stone on C3 is in atari; running at D3 leaves two liberties, and white
    // chases it down to the edge (征子). With a black stone on E3 the run joins it and escapes.
    let caught = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O O . . . . .",
        ". O X . . . . . .",
        ". . O . . . . . .",
        ". . . . . . . . .",
    ];
    let game = position(&caught, Colour::Black, 15);
    let size = game.size();
    let chain = size.parse_vertex("C3").unwrap();
    assert!(policy::caught_in_ladder(
        game.board(),
        Colour::Black,
        chain,
        40
    ));
    let mut broken = caught;
    broken[6] = ". O X . X . . . .";
    let game = position(&broken, Colour::Black, 15);
    assert!(!policy::caught_in_ladder(
        game.board(),
        Colour::Black,
        chain,
        40
    ));
}

#[test]
fn levels_say_how_long_they_think() {
    // With the network (178 evaluations/s on 9×9 in wasm SIMD): 最强 uses its whole 8 s on
    // every board, the ranked levels one evaluation.
    let (t9, cap) = Level::Strongest.seconds_per_move(81);
    assert!(t9 == 8.0 && cap == 8.0, "{t9}");
    assert_eq!(Level::Strongest.seconds_per_move(361).0, 8.0);
    for l in &Level::ALL[..6] {
        let (b, _) = l.seconds_per_move(81);
        assert!(b < 0.1, "{l:?} {b}");
    }
    // Stronger levels never think less.
    for pts in [25, 81, 169, 361] {
        let times: Vec<f64> = Level::ALL
            .iter()
            .map(|l| l.seconds_per_move(pts).0)
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    }
}

/// A 吃子棋 position (first to `goal` captures) from a diagram.
fn capture_position(rows: &[&str], to_move: Colour, goal: u32) -> Game {
    let g = position(rows, to_move, 0);
    let (black, white): (Vec<Point>, Vec<Point>) = {
        let b = g.board();
        (b.stones_of(Colour::Black), b.stones_of(Colour::White))
    };
    Game::from_setup(
        g.size(),
        Rules::capture_go(goal),
        &black,
        &white,
        to_move,
        0,
    )
}

#[test]
fn capture_go_the_bot_takes_the_winning_capture_at_every_level() {
    // White D5 has one liberty, D6: black captures it there and wins (first to one capture).
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . X O X . .",
        ". . . X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let g = capture_position(&rows, Colour::Black, 1);
    let size = g.size();
    for level in Level::ALL {
        for seed in 0..4 {
            let mut search = Search::new(&g, seed, false);
            search.run(level.playouts().min(2_000));
            let got = match decide_at(&search, level, seed, None) {
                Decision::Play(p) => size.vertex(p),
                other => format!("{other:?}"),
            };
            assert_eq!(got, "D6", "{level:?} seed {seed}");
        }
    }
}

#[test]
fn capture_go_the_strongest_level_never_allows_a_one_move_capture() {
    // Black D4 has one liberty left, D3: a black move elsewhere lets white capture it and win.
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . . O . . .",
        ". . O X O . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let g = capture_position(&rows, Colour::Black, 1);
    let size = g.size();
    for seed in 0..6 {
        let mut search = Search::new(&g, seed, false);
        search.run(3_000);
        let d = decide_at(&search, Level::Strongest, seed, None);
        let Decision::Play(p) = d else {
            panic!("seed {seed}: {d:?}");
        };
        let mut after = g.clone();
        after.play(Colour::Black, Move::Play(p)).unwrap();
        let white_wins_at_once = size.points().any(|q| {
            let mut h = after.clone();
            h.play(Colour::White, Move::Play(q)).is_ok() && h.result().is_some()
        });
        assert!(
            !white_wins_at_once,
            "seed {seed}: {} lets white capture",
            size.vertex(p)
        );
    }
}

#[test]
fn capture_go_playouts_end_at_the_goal() {
    // A playout that reaches the capture goal stops there and adds nothing to the ownership
    // (no count): from the same empty 7×7, capture Go's ownership is far weaker than Go's,
    // where every playout is counted to the end.
    let seven = BoardSize::new(7).unwrap();
    let strength = |rules: Rules| {
        let mut s = Search::new(&Game::new(seven, rules), 3, false);
        s.run(2_000);
        s.ownership().iter().map(|v| v.abs()).sum::<f32>() / 49.0
    };
    let capture = strength(Rules::capture_go(1));
    let go = strength(Rules::chinese().with_komi(Komi::ZERO));
    assert!(capture < 0.5 * go, "capture Go {capture} vs Go {go}");
}

#[test]
fn reads_a_ladder_across_the_big_board_in_a_small_stack() {
    // The 19×19 ladder from C3 runs up to the top edge: some thirty ataris and replies deep.
    // The worker's wasm has a 1 MB stack; boards copied into every level of the reading (30 kB
    // a level) overflowed it on such ladders and killed the worker in the middle of a 19×19 复盘.
    let mut rows = vec![". . . . . . . . . . . . . . . . . . ."; 19];
    rows[15] = ". . O . . . . . . . . . . . . . . . .";
    rows[16] = ". O X . . . . . . . . . . . . . . . .";
    rows[17] = ". . O O . . . . . . . . . . . . . . .";
    let game = position(&rows, Colour::Black, 15);
    let chain = game.size().parse_vertex("C3").unwrap();
    let board = game.board().clone();
    let caught = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            (
                nn::ladder::caught(&board, chain),
                policy::caught_in_ladder(&board, Colour::Black, chain, 40),
            )
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(caught, (true, true), "the ladder works: nothing on its way");
}

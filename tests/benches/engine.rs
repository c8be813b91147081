//! Engine benchmarks (criterion): light random playouts on 9×9 and 19×19, and a fully checked
//! move with positional superko on 19×19, the bot's simulations (tree + policy playout), and
//! the tactical reader's questions (`reader`).
//! Run: `cargo bench --bench engine`.
//! Per-move figures: the playout benches count the moves they played and print ns/move.

#[cfg(not(target_arch = "wasm32"))]
mod bench {
    use std::hint::black_box;
    use std::time::{Duration, Instant};

    use criterion::{criterion_group, Criterion, Throughput};
    use shoutan::rules::playout::{playout, PlayoutRng};
    use shoutan::rules::{Board, BoardSize, Colour, Game, Move, Rules};

    fn playouts(c: &mut Criterion) {
        for n in [9u32, 19] {
            let size = BoardSize::new(n).unwrap();
            let empty = Board::new(size);
            let max = 3 * size.area() as usize;
            let mut group = c.benchmark_group(format!("playout {n}x{n}"));
            group.throughput(Throughput::Elements(1));
            let mut total_moves = 0u64;
            let mut total_playouts = 0u64;
            let mut total_time = Duration::ZERO;
            group.bench_function("light random playout", |b| {
                let mut rng = PlayoutRng::new(42);
                b.iter_custom(|iters| {
                    let start = Instant::now();
                    let mut moves = 0;
                    for _ in 0..iters {
                        let mut board = empty.clone();
                        moves += playout(&mut board, Colour::Black, &mut rng, max);
                        black_box(&board);
                    }
                    let t = start.elapsed();
                    total_moves += moves as u64;
                    total_playouts += iters;
                    total_time += t;
                    t
                })
            });
            group.finish();
            if total_moves > 0 {
                println!(
                    "playout {n}x{n}: {:.1} ns/move, {:.0} moves/playout, {:.0} playouts/s",
                    total_time.as_nanos() as f64 / total_moves as f64,
                    total_moves as f64 / total_playouts as f64,
                    total_playouts as f64 / total_time.as_secs_f64()
                );
            }
        }
    }

    /// The bot: simulations (tree descent, policy playout, RAVE update) a second, from an
    /// empty board, 1 000 simulations per iteration.
    fn bot_search(c: &mut Criterion) {
        for n in [9u32, 19] {
            let game = Game::new(BoardSize::new(n).unwrap(), Rules::chinese());
            let mut group = c.benchmark_group(format!("bot search {n}x{n}"));
            group.throughput(Throughput::Elements(1_000));
            group.sample_size(10);
            group.bench_function("1000 simulations", |b| {
                b.iter(|| {
                    let mut search = shoutan::bot::Search::new(&game, 7, false);
                    search.run(1_000);
                    black_box(search.playouts())
                })
            });
            group.finish();
        }
    }

    fn checked_move(c: &mut Criterion) {
        // A 19×19 game 200 moves deep, so superko compares against a real history.
        let size = BoardSize::NINETEEN;
        let mut game = Game::new(size, Rules::chinese());
        let mut rng = PlayoutRng::new(7);
        for _ in 0..200 {
            let col = game.to_move();
            let legal = game.legal_points(col);
            let candidates: Vec<_> = legal
                .into_iter()
                .filter(|&p| !game.board().is_eye(col, p))
                .collect();
            let mv = Move::Play(candidates[rng.below(candidates.len() as u32) as usize]);
            game.play(col, mv).unwrap();
        }
        let col = game.to_move();
        let targets: Vec<_> = game.legal_points(col).into_iter().take(16).collect();
        c.bench_function("19x19 checked move (superko) + undo", |b| {
            let mut i = 0;
            b.iter(|| {
                let p = targets[i % targets.len()];
                i += 1;
                game.play(col, Move::Play(p)).unwrap();
                game.undo().unwrap();
            })
        });
        c.bench_function("19x19 legality check (superko)", |b| {
            let mut i = 0;
            b.iter(|| {
                let p = targets[i % targets.len()];
                i += 1;
                black_box(game.check(col, Move::Play(p)))
            })
        });
    }

    /// One network evaluation (features + forward pass + softmax) on an opening position:
    /// evaluations a second on 9×9 and 19×19 (criterion's throughput line).
    fn network(c: &mut Criterion) {
        use shoutan::bot::nn::{Model, Network, Position, Scratch};
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/models/g170-b6c96.bin.gz"
        ))
        .expect("model");
        let net = Network::new(Model::from_bytes(&bytes).expect("model parses"));
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
            let mut scratch = Scratch::default();
            let col = game.to_move();
            let mut group = c.benchmark_group(format!("network {n}x{n}"));
            group.throughput(Throughput::Elements(1));
            group.measurement_time(Duration::from_secs(5));
            group.bench_function("evaluation", |b| {
                b.iter(|| {
                    black_box(net.evaluate(&pos, 0, &|p| game.is_legal_point(col, p), &mut scratch))
                })
            });
            let mut spatial = Vec::new();
            let mut global = [0.0; shoutan::bot::nn::features::GLOBAL];
            group.bench_function("inputs only", |b| {
                b.iter(|| {
                    shoutan::bot::nn::features::encode(black_box(&pos), &mut spatial, &mut global)
                })
            });
            group.finish();
        }
    }

    /// The reader (issue 52): whole questions answered (every first move classified, a line for
    /// each), one a technique, from `tests/data/reader`'s positions: questions a second.
    fn reader(c: &mut Criterion) {
        use shoutan::bot::reader::{read, Goal, Question, Region, Verdict};
        /// A board from rows, top row first: `X` black, `O` white, `.` empty.
        fn board(rows: &[&str]) -> Board {
            let size = BoardSize::new(rows.len() as u32).unwrap();
            let mut b = Board::new(size);
            for (r, row) in rows.iter().enumerate() {
                for (col, ch) in row.chars().enumerate() {
                    let p = size.point(col as u8, r as u8);
                    match ch {
                        'X' => b.place_setup(Colour::Black, p),
                        'O' => b.place_setup(Colour::White, p),
                        _ => {}
                    }
                }
            }
            b
        }
        let at = |b: &Board, v: &str| b.size().parse_vertex(v).unwrap();
        let ladder = board(&[
            ".........",
            ".........",
            ".........",
            "....X....",
            "...XO....",
            ".....X...",
            ".........",
            ".........",
            ".........",
        ]);
        let net = board(&[
            ".........",
            ".........",
            "......O..",
            "...X.....",
            "...XO....",
            "....XX...",
            ".........",
            ".........",
            ".........",
        ]);
        let bulky_five = board(&[
            ".......", ".......", ".......", ".XXXX..", "XOOOOX.", "XO..OOX", "XO...OX",
        ]);
        let race = board(&[
            ".......", ".......", ".......", "OOOOXXX", "O.XXO.X", "O.XXO.X", "O.X.O.X",
        ]);
        let questions = [
            (
                "征子 ladder 9x9",
                Question::new(
                    ladder.clone(),
                    Colour::Black,
                    Goal::Capture(at(&ladder, "E5")),
                )
                .escape_liberties(3),
            ),
            (
                "枷吃 net 9x9",
                Question::new(net.clone(), Colour::Black, Goal::Capture(at(&net, "E5")))
                    .escape_liberties(3),
            ),
            (
                "点眼 刀五 kill",
                Question::new(
                    bulky_five.clone(),
                    Colour::Black,
                    Goal::Kill(at(&bulky_five, "B2")),
                )
                .region(Region::rectangle(
                    bulky_five.size(),
                    at(&bulky_five, "C1"),
                    at(&bulky_five, "E2"),
                )),
            ),
            (
                "公气 race",
                Question::new(
                    race.clone(),
                    Colour::Black,
                    Goal::Race {
                        ours: at(&race, "C2"),
                        theirs: at(&race, "E2"),
                    },
                )
                .region(Region::rectangle(
                    race.size(),
                    at(&race, "B1"),
                    at(&race, "F3"),
                )),
            ),
        ];
        let mut group = c.benchmark_group("reader");
        group.throughput(Throughput::Elements(1));
        group.sample_size(10);
        for (name, q) in &questions {
            let a = read(q).expect("a fair question");
            assert!(matches!(a.verdict, Verdict::Proved(_)), "{name}: {a:?}");
            group.bench_function(*name, |b| b.iter(|| black_box(read(q).unwrap())));
        }
        group.finish();
    }

    criterion_group!(benches, playouts, bot_search, checked_move, network, reader);
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(bench::benches);

/// The benchmarks are native only; on wasm32 this target is empty.
#[cfg(target_arch = "wasm32")]
fn main() {}

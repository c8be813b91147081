//! Golden rules positions: every case in `tests/data/rules.txt` is run through one `check()`.
//! The same cases run natively (`cargo test`) and compiled to wasm32 (`wasm-bindgen-test` in
//! Node), so the engine the browser runs is checked too.

use shoutan::rules::{BoardSize, Colour, Game, GameResult, Move, Point, Rules};

#[derive(Default)]
struct Case {
    title: String,
    lines: Vec<String>,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(t) = line.strip_prefix("===") {
            cases.push(Case {
                title: t.trim().to_string(),
                lines: vec![],
            });
        } else {
            cases
                .last_mut()
                .expect("a line before the first ===")
                .lines
                .push(line.to_string());
        }
    }
    cases
}

fn is_diagram(line: &str) -> bool {
    line.split_whitespace()
        .all(|w| matches!(w, "X" | "O" | "."))
}

fn diagram_rows(lines: &[String], i: &mut usize) -> Vec<Vec<char>> {
    let mut rows = Vec::new();
    while *i < lines.len() && is_diagram(&lines[*i]) {
        rows.push(
            lines[*i]
                .split_whitespace()
                .map(|w| w.chars().next().unwrap())
                .collect(),
        );
        *i += 1;
    }
    rows
}

fn ascii(rows: &[Vec<char>]) -> String {
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

fn colour(s: &str) -> Colour {
    match s {
        "B" => Colour::Black,
        "W" => Colour::White,
        _ => panic!("colour {s}"),
    }
}

/// Runs one case; panics with the case title on the first difference.
fn check(case: &Case) {
    let t = &case.title;
    let lines = &case.lines;
    let mut i = 0;
    let mut rules = Rules::chinese();
    let mut to_move = Colour::Black;
    // Settings may stand anywhere in a case; they apply to its starting position.
    for line in lines {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[0] {
            "rules" => rules = Rules::by_name(w[1]).expect("rules name"),
            "to_move" => to_move = colour(w[1]),
            _ => {}
        }
    }
    while i < lines.len() && (lines[i].starts_with("rules") || lines[i].starts_with("to_move")) {
        i += 1;
    }
    let mut result: Option<GameResult> = None;
    let mut game: Option<Game> = None;
    if i < lines.len() && is_diagram(&lines[i]) {
        let rows = diagram_rows(lines, &mut i);
        let size = BoardSize::new(rows.len() as u32).unwrap();
        let (mut black, mut white) = (Vec::<Point>::new(), Vec::<Point>::new());
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), rows.len(), "{t}: the diagram is not square");
            for (c, &ch) in row.iter().enumerate() {
                let p = size.point(c as u8, r as u8);
                match ch {
                    'X' => black.push(p),
                    'O' => white.push(p),
                    _ => {}
                }
            }
        }
        game = Some(Game::from_setup(size, rules, &black, &white, to_move, 0));
    }
    let mut dead = Vec::new();
    while i < lines.len() {
        let w: Vec<&str> = lines[i].split_whitespace().collect();
        i += 1;
        match w[0] {
            "rules" | "to_move" => {}
            "play" => {
                let g = game.as_mut().expect("play needs a diagram");
                let c = colour(w[1]);
                let mv = if w[2] == "pass" {
                    Move::Pass
                } else {
                    Move::Play(g.size().parse_vertex(w[2]).unwrap())
                };
                let got = g.play(c, mv);
                match w.get(3) {
                    Some(&"!") => {
                        let want = w[4];
                        assert_eq!(
                            format!("{:?}", got.err()),
                            format!("Some({want})"),
                            "{t}: {} {}",
                            w[1],
                            w[2]
                        );
                    }
                    _ => assert!(
                        got.is_ok(),
                        "{t}: {} {} was refused: {:?}\n{:?}",
                        w[1],
                        w[2],
                        got,
                        g
                    ),
                }
                g.board()
                    .check_invariants()
                    .unwrap_or_else(|e| panic!("{t}: {e}"));
            }
            "after" => {
                let g = game.as_ref().unwrap();
                let rows = diagram_rows(lines, &mut i);
                assert_eq!(g.board().to_ascii(), ascii(&rows), "{t}: the board after");
            }
            "ataris" => {
                // The opposing chains the last move left with one liberty (叫吃), each named by
                // its first stone in board order.
                let g = game.as_ref().unwrap();
                let last = match g.last_move().expect("ataris after a move").mv {
                    Move::Play(p) => p,
                    Move::Pass => panic!("{t}: ataris after a pass"),
                };
                let got: Vec<String> = g
                    .board()
                    .ataris_next_to(last)
                    .into_iter()
                    .map(|p| g.size().vertex(p))
                    .collect();
                assert_eq!(got, w[1..].to_vec(), "{t}: ataris");
            }
            "captures" => {
                let g = game.as_ref().unwrap();
                assert_eq!(
                    g.board().prisoners(colour(w[1])).to_string(),
                    w[2],
                    "{t}: captures by {}",
                    w[1]
                );
            }
            "dead" => {
                let g = game.as_ref().unwrap();
                dead.extend(w[1..].iter().map(|v| g.size().parse_vertex(v).unwrap()));
            }
            "area" => {
                let g = game.as_ref().unwrap();
                let mut marks = shoutan::rules::DeadStones::new();
                for &p in &dead {
                    for s in g.board().chain(p) {
                        marks.set(s, true);
                    }
                }
                let area = shoutan::rules::scoring::count_area(g.board(), &marks);
                assert_eq!(
                    (area.black_half.to_string(), area.white_half.to_string()),
                    (w[2].into(), w[4].into()),
                    "{t}: area"
                );
                result = Some(GameResult::Score {
                    black_half: area.black_half,
                    white_half: area.white_half,
                    komi_half: g.komi_half_points(),
                });
            }
            "area-only" => {
                result = Some(GameResult::Score {
                    black_half: w[2].parse().unwrap(),
                    white_half: w[4].parse().unwrap(),
                    komi_half: rules.komi.half_points(),
                });
            }
            "over" => {
                // The game ended by itself (吃子棋): its result in both notations.
                let g = game.as_ref().unwrap();
                let r = g.result().expect("the game is over");
                assert_eq!(r.sgf(), w[1], "{t}: SGF result");
                assert_eq!(r.chinese(), w[2], "{t}: Chinese result");
            }
            "playing" => {
                let g = game.as_ref().unwrap();
                assert!(g.is_playing(), "{t}: the game goes on");
            }
            "result" => {
                let r = result.as_ref().expect("result needs an area line");
                assert_eq!(r.sgf(), w[1], "{t}: SGF result");
                assert_eq!(r.chinese(), w[2], "{t}: Chinese result");
            }
            other => panic!("{t}: unknown line {other}"),
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn golden_rules_positions() {
    let cases = parse_cases(include_str!("data/rules.txt"));
    assert!(cases.len() >= 15, "the golden file lost cases");
    for case in &cases {
        check(case);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn result_notations() {
    use Colour::*;
    let cases = [
        (GameResult::Resignation { winner: Black }, "B+R", "黑中盘胜"),
        (GameResult::Time { winner: White }, "W+T", "黑超时负，白胜"),
        (
            GameResult::Forfeit { winner: Black },
            "B+F",
            "黑胜（白判负）",
        ),
        (GameResult::Draw, "0", "和棋"),
        (GameResult::Void, "Void", "无胜负"),
        (
            GameResult::Score {
                black_half: 361,
                white_half: 361,
                komi_half: 0,
            },
            "0",
            "和棋",
        ),
        (
            GameResult::Score {
                black_half: 364,
                white_half: 358,
                komi_half: 1,
            },
            "B+2.5",
            "黑胜1又1/4子",
        ),
        (
            GameResult::Score {
                black_half: 358,
                white_half: 364,
                komi_half: 15,
            },
            "W+10.5",
            "白胜5又1/4子",
        ),
    ];
    for (r, sgf, zh) in cases {
        assert_eq!(r.sgf(), sgf);
        assert_eq!(r.chinese(), zh);
    }
}

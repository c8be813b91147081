//! The reader's life and death (issue 52) against GNU Go's `owl_attack`/`owl_defend` on
//! positions from real games: Debian's professional records (`goban-original-games`), cut late
//! in the game and at their end, where groups are settled or nearly.
//!
//! The reader's life and death is local: it needs a group shut in by the opponent. So the
//! groups asked are the enclosed ones: from each chain, a flood fill through empty points and
//! stones of its own colour, stopped by the opponent's stones; where that fill stays within
//! `MAX_REGION` points the group is enclosed, and the region is the fill with the opponent's
//! chains inside it (those whose every neighbour is in the fill: stones played into the eye
//! space). The target is the group's largest chain. Groups already alive by Benson's test are
//! left out (nothing to read) and counted apart.
//!
//! Asked of both: with the attacker to move, our `Goal::Kill` against GNU Go's `owl_attack`;
//! with the owner to move, our `Goal::Live` against its `owl_defend`. GNU Go answers 0 (fails),
//! 1 (succeeds), 2 or 3 (succeeds by ko, the attacker/defender taking first or not), 4 and 5
//! (GAIN / LOSS: part of the dragon captured, part saved — no such answer for one chain) —
//! `gtp_print_code` in GNU Go's `play_gtp.c`. Ko is ko on both sides; 4 and 5 are counted apart.
//! Seki is life on both sides. Counted where both decide; every disagreement is printed with
//! its diagram. Why they disagree is in the README (Architecture, the reader).
//! Skipped, saying so, where GNU Go or the records are missing.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::{gnugo_has_our_stones, gtp_colour, records_and_gnugo};
use shoutan::bot::reader::{read, Goal, Kind, Question, Region, Scope, Verdict};
use shoutan::record::sgf;
use shoutan::rules::scoring::pass_alive;
use shoutan::rules::{Board, BoardSize, Colour, Move, Point, Rules};

/// Games read (the first ones in name order).
const GAMES: usize = 60;
/// Move numbers each game is cut at (before that move), and its final position.
const CUTS: [usize; 2] = [150, 220];
/// The largest region asked (the group's stones, its eye space, the opponent's stones in it).
const MAX_REGION: usize = 30;
const BUDGET: u64 = 60_000;

/// What one side answers: the goal is reached, it is not, or a ko decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Says {
    Yes,
    No,
    Ko,
}

/// GNU Go's answer; `None` for GAIN and LOSS (a part of the dragon).
fn gnugo_says(answer: &str) -> Option<Says> {
    match answer.split_whitespace().next() {
        Some("0") => Some(Says::No),
        Some("1") => Some(Says::Yes),
        Some("2") | Some("3") => Some(Says::Ko),
        _ => None,
    }
}

fn neighbours(size: BoardSize, p: Point) -> impl Iterator<Item = Point> {
    let (c, r) = size.col_row(p);
    let (c, r) = (c as i32, r as i32);
    [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
        .into_iter()
        .filter_map(move |(c, r)| size.checked_point(c, r))
}

/// The group through `p` and its region, where the opponent shuts it in within `MAX_REGION`
/// points: the fill through empty points and `p`'s colour from `p`, and the opponent's chains
/// whose every neighbour is in the fill. `None` where the fill escapes.
fn enclosed(b: &Board, p: Point) -> Option<Vec<Point>> {
    let size = b.size();
    let owner = b.colour_at(p)?;
    let mut fill = vec![p];
    let mut inside = HashSet::from([p]);
    let mut i = 0;
    while i < fill.len() {
        let q = fill[i];
        i += 1;
        for n in neighbours(size, q) {
            if b.colour_at(n) != Some(owner.opponent()) && inside.insert(n) {
                fill.push(n);
                if fill.len() > MAX_REGION {
                    return None;
                }
            }
        }
    }
    let mut region = fill.clone();
    let mut seen = HashSet::new();
    for &q in &fill {
        for n in neighbours(size, q) {
            if b.colour_at(n) != Some(owner.opponent()) || !seen.insert(b.chain_id(n)) {
                continue;
            }
            let chain = b.chain(n);
            let shut_in = chain.iter().all(|&s| {
                neighbours(size, s)
                    .all(|m| b.colour_at(m) == Some(owner.opponent()) || inside.contains(&m))
            });
            if shut_in {
                region.extend(chain);
            }
        }
    }
    (region.len() <= MAX_REGION).then_some(region)
}

fn ours(q: &Question, goal: Goal) -> Option<(Says, Vec<Move>)> {
    let q = q.clone();
    let q = Question { goal, ..q };
    let a = read(&q.budget(BUDGET).scope(Scope::FirstWin)).ok()?;
    match a.verdict {
        Verdict::Unknown => None,
        Verdict::Refuted => Some((Says::No, vec![])),
        Verdict::Proved(Kind::Ko) => Some((Says::Ko, a.winning())),
        Verdict::Proved(_) => Some((Says::Yes, a.winning())),
    }
}

/// The board with the region marked: its empty points as `,`, GTP's column letters and row
/// numbers around it (a diagram for a disagreement).
fn diagram(b: &Board, region: &Region) -> String {
    let size = b.size();
    let n = size.get();
    let letters: String = (0..n).map(BoardSize::column_letter).collect();
    let mut out = format!("   {letters}\n");
    for (row, line) in b.to_ascii().lines().enumerate() {
        let cells: String = line
            .chars()
            .enumerate()
            .map(|(col, ch)| {
                let p = size.point(col as u8, row as u8);
                if ch == '.' && region.contains(p) {
                    ','
                } else {
                    ch
                }
            })
            .collect();
        out.push_str(&format!("{:>2} {cells}\n", size.row_number(row as u8)));
    }
    out
}

#[test]
fn the_reader_agrees_with_gnu_go_owl_on_real_games() {
    let Some((paths, mut gnugo)) = records_and_gnugo() else {
        return;
    };
    let start = std::time::Instant::now();
    let (mut groups, mut settled, mut asked, mut agreed, mut unknown, mut partial) =
        (0, 0, 0, 0, 0, 0);
    let (mut ko_both, mut gnugo_move_ours, mut both_yes) = (0, 0, 0);
    let mut gnugo_time = std::time::Duration::ZERO;
    let mut disagreements = Vec::new();
    // Both kill (or live), but GNU Go's move does not win by the reader's reading.
    let mut not_shown = Vec::new();
    // READER_OWL_SHOW=1: every question and both answers.
    let show = std::env::var("READER_OWL_SHOW").is_ok();
    for path in paths.iter().take(GAMES) {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut done: HashSet<Vec<(usize, Option<Colour>)>> = HashSet::new();
        for cut in CUTS.iter().map(|&c| Some(c)).chain([None]) {
            // GNU Go's `loadsgf FILE N` stops before move N: our position after N - 1 moves.
            let Ok(loaded) = sgf::load(&text, Rules::chinese(), cut.map(|c| c - 1)) else {
                continue;
            };
            if !loaded.skipped.is_empty() || cut.is_some_and(|c| loaded.game.moves().len() != c - 1)
            {
                continue;
            }
            let cmd = match cut {
                Some(c) => format!("loadsgf {} {c}", path.display()),
                None => format!("loadsgf {}", path.display()),
            };
            if gnugo.send(&cmd).is_err() {
                continue;
            }
            let board = loaded.game.board().clone();
            let size = board.size();
            // The game's earlier positions: no side may make one again (总则 第六条), so a ko
            // just taken cannot be taken back at once.
            let mut history = Vec::new();
            let mut replay = loaded.game.setup().clone();
            for played in loaded.game.moves() {
                history.push(replay.hash());
                if let Move::Play(p) = played.mv {
                    replay.play_unchecked(played.colour, p);
                }
            }
            assert_eq!(
                replay.hash(),
                board.hash(),
                "{}: the replay",
                path.display()
            );
            // The same position for both (GNU Go's stones as ours), else this cut is left out.
            if !gnugo_has_our_stones(&mut gnugo, &board) {
                continue;
            }
            let alive = [
                pass_alive(&board, Colour::Black),
                pass_alive(&board, Colour::White),
            ];
            let mut visited = HashSet::new();
            for p in size.points() {
                let Some(owner) = board.colour_at(p) else {
                    continue;
                };
                if !visited.insert(board.chain_id(p)) {
                    continue;
                }
                let Some(region_points) = enclosed(&board, p) else {
                    continue;
                };
                // The group: its chains are done; the target is its largest chain.
                let mut target = p;
                for &q in &region_points {
                    if board.colour_at(q) == Some(owner) {
                        visited.insert(board.chain_id(q));
                        if board.chain_len(q) > board.chain_len(target) {
                            target = board.chain_id(q);
                        }
                    }
                }
                let target = board.chain_id(target);
                // The same group in the same shape at a later cut is asked once.
                let mut key: Vec<(usize, Option<Colour>)> = region_points
                    .iter()
                    .map(|&q| (q.index(), board.colour_at(q)))
                    .collect();
                key.sort_by_key(|&(i, _)| i);
                if !done.insert(key) {
                    continue;
                }
                groups += 1;
                let benson = match owner {
                    Colour::Black => &alive[0],
                    Colour::White => &alive[1],
                };
                if benson[target.index()] {
                    settled += 1;
                    continue;
                }
                let region = Region::from_points(size, region_points.iter().copied());
                let v = size.vertex(target);
                let q = Question::new(board.clone(), owner, Goal::Live(target))
                    .region(region.clone())
                    .history(history.clone());
                for (cmd, to_play, goal) in [
                    ("owl_attack", owner.opponent(), Goal::Kill(target)),
                    ("owl_defend", owner, Goal::Live(target)),
                ] {
                    let t = std::time::Instant::now();
                    let theirs = gnugo.ok(&format!("{cmd} {v}"));
                    gnugo_time += t.elapsed();
                    let q = Question {
                        to_play,
                        ..q.clone()
                    };
                    let mine = ours(&q, goal);
                    if show {
                        println!(
                            "{} {}: {cmd} {v} ({} points): GNU Go '{theirs}', reader {mine:?}",
                            path.display(),
                            cut.map_or("end".into(), |c| format!("move {c}")),
                            region_points.len()
                        );
                    }
                    let Some(theirs_says) = gnugo_says(&theirs) else {
                        partial += 1;
                        continue;
                    };
                    let Some((mine, wins)) = mine else {
                        unknown += 1;
                        continue;
                    };
                    asked += 1;
                    if mine == theirs_says {
                        agreed += 1;
                        match mine {
                            Says::Ko => ko_both += 1,
                            Says::Yes => {
                                both_yes += 1;
                                // GNU Go's move: does it win by our reading too?
                                let mv = theirs.split_whitespace().nth(1).and_then(|w| {
                                    if w.eq_ignore_ascii_case("pass") {
                                        Some(Move::Pass)
                                    } else {
                                        size.parse_vertex(w).ok().map(Move::Play)
                                    }
                                });
                                if let Some(mv) = mv {
                                    let also = wins.contains(&mv)
                                        || read(
                                            &Question { goal, ..q.clone() }
                                                .budget(BUDGET)
                                                .scope(Scope::Only(vec![mv])),
                                        )
                                        .is_ok_and(|a| a.winning().contains(&mv));
                                    if also {
                                        gnugo_move_ours += 1;
                                    } else {
                                        let outside = match mv {
                                            Move::Play(p) if !region.contains(p) => {
                                                " (outside the region)"
                                            }
                                            _ => "",
                                        };
                                        not_shown.push(format!(
                                            "{} {}: {cmd} {v}: GNU Go '{theirs}'{outside}, the \
                                             reader's winning moves {:?}",
                                            path.file_name().unwrap().to_string_lossy(),
                                            cut.map_or("end".into(), |c| format!("move {c}")),
                                            wins.iter()
                                                .map(|&m| match m {
                                                    Move::Play(p) => size.vertex(p),
                                                    Move::Pass => "pass".into(),
                                                })
                                                .collect::<Vec<_>>(),
                                        ));
                                    }
                                }
                            }
                            Says::No => {}
                        }
                    } else {
                        disagreements.push(format!(
                            "{} {}: {cmd} {v} ({} points, {} to play): GNU Go '{theirs}', \
                             reader {mine:?} {:?}\n{}",
                            path.file_name().unwrap().to_string_lossy(),
                            cut.map_or("end".into(), |c| format!("move {c}")),
                            region_points.len(),
                            gtp_colour(to_play),
                            wins.iter()
                                .map(|&m| match m {
                                    Move::Play(p) => size.vertex(p),
                                    Move::Pass => "pass".into(),
                                })
                                .collect::<Vec<_>>(),
                            diagram(&board, &region)
                        ));
                    }
                }
            }
        }
    }
    println!(
        "reader vs GNU Go owl: {groups} enclosed groups ({settled} already alive by Benson's test, \
         not asked); {asked} questions decided by both, {agreed} agree ({both_yes} where both \
         kill or live, GNU Go's move wins for the reader in {gnugo_move_ours}; {ko_both} ko on \
         both sides), {} disagree; {unknown} left unknown by the reader's budget; {partial} \
         GAIN/LOSS answers of GNU Go left out; {:.1} s ({:.1} s in GNU Go)",
        disagreements.len(),
        start.elapsed().as_secs_f64(),
        gnugo_time.as_secs_f64()
    );
    for d in &not_shown {
        println!("{d}");
    }
    for d in &disagreements {
        println!("\n{d}");
    }
    assert!(asked >= 100, "only {asked} questions decided by both");
    // The reader is local (the enclosed region) and GNU Go's owl is not: a wall that is itself
    // weak, or eye space GNU Go counts outside the region, are the known differences (README).
    // More than one in ten disagreeing would mean something else is wrong.
    assert!(
        disagreements.len() * 10 <= asked,
        "{} of {asked} disagree",
        disagreements.len()
    );
}

//! The reader (issue 52) against GNU Go's tactical reading on positions from real games:
//! Debian's professional records (`goban-original-games`), cut at a few move numbers; every
//! chain of one to three liberties there is asked of both, GNU Go's `attack` (the opponent
//! moves first) against our `Goal::Capture`, its `defend` (the owner moves first) against our
//! `Goal::Escape`. Counted where both decide; every disagreement is printed with its diagram.
//! Why they disagree is in the README (Architecture, the reader).
//!
//! Our question is local: the region is the chain's bounding box widened by `MARGIN` points
//! (a chain that reaches a liberty outside it has escaped), five liberties are safe as in GNU
//! Go's `reading.c`, and a small node budget (`BUDGET`) keeps the test within a couple of
//! minutes; what the reader cannot decide in it is counted as unknown and left out.
//! Skipped, saying so, where GNU Go or the records are missing.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{gnugo_has_our_stones, gtp_colour, records_and_gnugo};
use shoutan::bot::reader::{read, Goal, Kind, Question, Region, Scope, Verdict};
use shoutan::record::sgf;
use shoutan::rules::{Board, Move, Point, Rules};

/// Games read (the first ones in name order), and the move numbers each is cut at.
const GAMES: usize = 40;
const CUTS: [usize; 3] = [60, 110, 160];
/// Chains asked per position at most (the fewest liberties first).
const PER_POSITION: usize = 4;
const MARGIN: i32 = 3;
const BUDGET: u64 = 30_000;

/// What one side answers: the chain falls (with the move), it does not, or a ko decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Says {
    Yes,
    No,
    Ko,
}

fn gnugo_says(answer: &str) -> Says {
    match answer.split_whitespace().next() {
        Some("0") => Says::No,
        Some("1") => Says::Yes,
        _ => Says::Ko,
    }
}

/// The chain's bounding box widened by `MARGIN`, on the board.
fn region_around(b: &Board, chain: &[Point]) -> Region {
    let size = b.size();
    let n = size.get() as i32;
    let (mut c0, mut r0, mut c1, mut r1) = (n, n, -1, -1);
    for &p in chain {
        let (c, r) = size.col_row(p);
        let (c, r) = (c as i32, r as i32);
        c0 = c0.min(c);
        r0 = r0.min(r);
        c1 = c1.max(c);
        r1 = r1.max(r);
    }
    let clip = |x: i32| x.clamp(0, n - 1) as u8;
    Region::rectangle(
        size,
        size.point(clip(c0 - MARGIN), clip(r0 - MARGIN)),
        size.point(clip(c1 + MARGIN), clip(r1 + MARGIN)),
    )
}

fn ours(q: Question) -> Option<(Says, Vec<Move>)> {
    let a = read(&q.budget(BUDGET).scope(Scope::FirstWin)).ok()?;
    match a.verdict {
        Verdict::Unknown => None,
        Verdict::Refuted => Some((Says::No, vec![])),
        Verdict::Proved(Kind::Ko) => Some((Says::Ko, a.winning())),
        Verdict::Proved(_) => Some((Says::Yes, a.winning())),
    }
}

#[test]
fn the_reader_agrees_with_gnu_go_on_real_games() {
    let Some((paths, mut gnugo)) = records_and_gnugo() else {
        return;
    };
    let start = std::time::Instant::now();
    let (mut asked, mut agreed, mut unknown, mut gnugo_move_ours) = (0, 0, 0, 0);
    let mut both_yes = 0;
    let mut disagreements = Vec::new();
    // READER_GNUGO_SHOW=1: every question and both answers.
    let show = std::env::var("READER_GNUGO_SHOW").is_ok();
    for path in paths.iter().take(GAMES) {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        for cut in CUTS {
            // GNU Go's `loadsgf FILE N` stops before move N: our position after N - 1 moves.
            let Ok(loaded) = sgf::load(&text, Rules::chinese(), Some(cut - 1)) else {
                continue;
            };
            if !loaded.skipped.is_empty() || loaded.game.moves().len() != cut - 1 {
                continue;
            }
            if gnugo
                .send(&format!("loadsgf {} {cut}", path.display()))
                .is_err()
            {
                continue;
            }
            let board = loaded.game.board().clone();
            let size = board.size();
            // The same position for both (GNU Go's stones as ours), else this cut is left out.
            if !gnugo_has_our_stones(&mut gnugo, &board) {
                continue;
            }
            let mut chains: Vec<(usize, Point)> = Vec::new();
            let mut seen = Vec::new();
            for p in size.points() {
                if board.is_empty(p) || seen.contains(&board.chain_id(p)) {
                    continue;
                }
                seen.push(board.chain_id(p));
                let libs = board.liberties(p).len();
                if (1..=3).contains(&libs) {
                    chains.push((libs, p));
                }
            }
            chains.sort_by_key(|&(l, p)| (std::cmp::Reverse(l.min(2)), p.index()));
            for &(libs, p) in chains.iter().take(PER_POSITION) {
                let owner = board.colour_at(p).unwrap();
                let region = region_around(&board, &board.chain(p));
                let v = size.vertex(p);
                for (cmd, to_play, goal) in [
                    ("attack", owner.opponent(), Goal::Capture(p)),
                    ("defend", owner, Goal::Escape(p)),
                ] {
                    let theirs = gnugo.ok(&format!("{cmd} {v}"));
                    let theirs_says = gnugo_says(&theirs);
                    let q = Question::new(board.clone(), to_play, goal).region(region.clone());
                    let mine = ours(q.clone());
                    if show {
                        println!(
                            "{} move {cut}: {cmd} {v}: GNU Go '{theirs}', reader {mine:?}",
                            path.display()
                        );
                    }
                    let Some((mine, wins)) = mine else {
                        unknown += 1;
                        continue;
                    };
                    asked += 1;
                    if mine == theirs_says {
                        agreed += 1;
                        if mine == Says::Yes {
                            both_yes += 1;
                            // GNU Go's move: does it win by our reading too?
                            let mv = theirs
                                .split_whitespace()
                                .nth(1)
                                .and_then(|w| size.parse_vertex(w).ok().map(Move::Play));
                            if let Some(mv) = mv {
                                let also = wins.contains(&mv)
                                    || read(&q.budget(BUDGET).scope(Scope::Only(vec![mv])))
                                        .is_ok_and(|a| a.winning().contains(&mv));
                                if also {
                                    gnugo_move_ours += 1;
                                }
                            }
                        }
                    } else {
                        disagreements.push(format!(
                            "{} move {cut}: {cmd} {v} ({libs} liberties, {} to play): GNU Go '{theirs}', \
                             reader {mine:?} {:?}\n{}",
                            path.file_name().unwrap().to_string_lossy(),
                            gtp_colour(to_play),
                            wins.iter().map(|&m| match m {
                                Move::Play(p) => size.vertex(p),
                                Move::Pass => "pass".into(),
                            }).collect::<Vec<_>>(),
                            board.to_ascii()
                        ));
                    }
                }
            }
        }
    }
    println!(
        "reader vs GNU Go: {asked} questions decided by both, {agreed} agree ({both_yes} where both \
         capture or save; GNU Go's move wins for the reader in {gnugo_move_ours}), {} disagree; \
         {unknown} left unknown by the reader's budget; {:.1} s",
        disagreements.len(),
        start.elapsed().as_secs_f64()
    );
    for d in &disagreements {
        println!("\n{d}");
    }
    assert!(asked >= 200, "only {asked} questions decided by both");
    // The reader is local (a region around the chain) and GNU Go's reading is not; ladders
    // that run out of the region and kos are the known differences (README). More than one in
    // ten disagreeing would mean something else is wrong.
    assert!(
        disagreements.len() * 10 <= asked,
        "{} of {asked} disagree",
        disagreements.len()
    );
}

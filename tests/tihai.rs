//! 题海 as shipped (issue 53, part 3): every problem of every band file (`assets/tihai/`) read
//! back and proved again by the reader — the whole region read, not only the moves the file
//! names: the verdict clean, every first move decided, the file's right first moves exactly the
//! winning ones, each wrong first move a loss, every line legal on the board — and graded into
//! the band of its file, no position twice (under the board's symmetries and the colour swap).
//!
//! Both cores: the problems are shared between two threads. `TIHAI_SHOW=1` prints the nodes of
//! each problem.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use shoutan::bot::reader::{self, Kind, Outcome, Scope, Verdict};
use shoutan::learn::band::Band;
use shoutan::learn::tihai::exercise::{canonical_hash, Exercise};
use shoutan::learn::tihai::grade::band_of;
use shoutan::learn::tihai::make::{legal_line, SCAN_BUDGET};
use shoutan::learn::Problem;
use shoutan::rules::Move;

fn band_text(b: Band) -> String {
    let path = format!("{}/assets/tihai/{}", env!("CARGO_MANIFEST_DIR"), b.file());
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What is wrong with a shipped problem, if anything.
fn check(e: &Exercise) -> Result<u64, String> {
    let size = e.board.size();
    let v = |m: Move| match m {
        Move::Pass => "pass".to_string(),
        Move::Play(p) => size.vertex(p),
    };
    let q = e.question(SCAN_BUDGET).scope(Scope::Every);
    let a = reader::read(&q).map_err(|err| format!("no question: {err:?}"))?;
    if a.verdict != Verdict::Proved(Kind::Clean) {
        return Err(format!("verdict {:?}", a.verdict));
    }
    if !a.is_complete() {
        return Err("not every first move decided within the budget".into());
    }
    let mut winning: Vec<Move> = a.winning();
    winning.sort_by_key(|m| format!("{m:?}"));
    let mut right: Vec<Move> = e.right.iter().map(|l| Move::Play(l.first)).collect();
    right.sort_by_key(|m| format!("{m:?}"));
    if winning != right {
        return Err(format!(
            "the file says {:?}, the reader proves {:?}",
            right.iter().map(|&m| v(m)).collect::<Vec<_>>(),
            winning.iter().map(|&m| v(m)).collect::<Vec<_>>()
        ));
    }
    for w in &e.wrong {
        match a.tried(Move::Play(w.first)).map(|t| t.outcome) {
            Some(Outcome::Loss) => {}
            other => {
                return Err(format!(
                    "wrong move {} is {other:?}",
                    v(Move::Play(w.first))
                ))
            }
        }
    }
    // Every line, right and wrong, is legal from the problem's position.
    for l in e.right.iter().chain(&e.wrong) {
        if !legal_line(&e.board, e.to_play, Move::Play(l.first), &l.rest) {
            return Err(format!(
                "the line after {} is not legal in the game",
                v(Move::Play(l.first))
            ));
        }
    }
    Ok(a.nodes)
}

#[test]
fn every_shipped_problem_is_proved_graded_in_its_band_and_there_once() {
    let start = Instant::now();
    let mut all: Vec<(Band, Exercise)> = Vec::new();
    for b in Band::ALL {
        for (i, r) in Exercise::read_all(&band_text(b)).into_iter().enumerate() {
            let e = r.unwrap_or_else(|err| panic!("{}: problem {}: {err}", b.file(), i + 1));
            all.push((b, e));
        }
    }
    let mut seen: HashMap<u64, String> = HashMap::new();
    for (b, e) in &all {
        let g = e
            .grade
            .unwrap_or_else(|| panic!("{}: {} has no grade", b.file(), e.key));
        assert_eq!(band_of(g), *b, "{}: {} graded {g:?}", b.file(), e.key);
        let h = canonical_hash(&e.board, e.to_play);
        if let Some(was) = seen.insert(h, e.key.clone()) {
            panic!("{} is the same position as {was}", e.key);
        }
        // The app's problem player reads it too.
        let p = Problem::read_all(&e.to_sgf()).unwrap_or_else(|err| panic!("{}: {err:?}", e.key));
        assert_eq!(p.len(), 1, "{}", e.key);
    }
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    let nodes = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((b, e)) = all.get(i) else { break };
                match check(e) {
                    Ok(n) => {
                        nodes.fetch_add(n as usize, Ordering::Relaxed);
                        if std::env::var("TIHAI_SHOW").is_ok() {
                            eprintln!("{} {} {n}", b.file(), e.key);
                        }
                    }
                    Err(why) => {
                        failed
                            .lock()
                            .unwrap()
                            .push(format!("{} {}: {why}", b.file(), e.key))
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    eprintln!(
        "题海: {} problems proved in {:.1} s, {} nodes",
        all.len(),
        start.elapsed().as_secs_f64(),
        nodes.load(Ordering::Relaxed)
    );
    assert!(
        failed.is_empty(),
        "{} not proved:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn the_bands_hold_1500_problems_200_a_kyu_band_as_the_readme_counts_them() {
    // The README's table of the bands (`tihai bands` prints it) is the files' own.
    let readme =
        std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut total = 0;
    for b in Band::ALL {
        let n = Exercise::read_all(&band_text(b)).len();
        total += n;
        let (lo, hi) = b.grades();
        let name = if b == Band::Dan {
            "段".to_string()
        } else {
            format!("{lo}–{hi} 级")
        };
        if b != Band::Dan {
            assert!(n >= 200, "{name}: {n} problems");
        }
        let row = format!("| {name} | {n} |");
        assert!(
            readme.contains(&row),
            "the README's band table should say {row}"
        );
    }
    // At least 1,500 problems (issue 53), and at least 200 in each kyu band.
    assert!(total >= 1500, "{total} problems");
}

//! The reader (issue 52): every position in `tests/data/reader/*.txt` (the format is in that
//! folder's README.md) run through one `check()`, the budget's "unknown", and property tests
//! that play the reader's proofs out against every defence.
//!
//! `READER_SHOW=1 cargo test --profile ci --test reader -- --nocapture positions` prints every
//! answer with its lines; `READER_ONLY=ladder` reads only the files or titles that contain it.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;
use std::fmt::Write as _;

use proptest::prelude::*;
use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::scoring::pass_alive;

use shoutan::bot::reader::{
    read, Answer, Goal, Kind, Outcome, Question, QuestionError, Region, Scope, Verdict,
};
use shoutan::rules::symmetry::Symmetry;
use shoutan::rules::{Board, BoardSize, Colour, Move, Point};

/// The budget a position gets unless it says otherwise.
const TEST_BUDGET: u64 = 2_000_000;

/// One position of a data file.
struct Entry {
    file: String,
    title: String,
    to_play: Colour,
    goal: Goal,
    expected: Expected,
    board: Board,
    history: Vec<u64>,
    region: Option<Region>,
    escape: Option<u8>,
    budget: u64,
}

#[derive(Debug, PartialEq)]
enum Expected {
    Refuted,
    Proved(Kind, Vec<Move>),
}

fn vertex(size: BoardSize, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => size.vertex(p),
    }
}

fn parse_move(size: BoardSize, w: &str) -> Result<Move, String> {
    if w.eq_ignore_ascii_case("pass") {
        Ok(Move::Pass)
    } else {
        size.parse_vertex(w)
            .map(Move::Play)
            .map_err(|e| e.to_string())
    }
}

fn colour(w: &str) -> Result<Colour, String> {
    match w.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Colour::Black),
        "white" | "w" | "o" => Ok(Colour::White),
        _ => Err(format!("'{w}' is not a colour")),
    }
}

/// The diagram's rows: `N . X O +` (the row number first), an optional letter row above.
fn parse_board(lines: &[&str]) -> Result<Board, String> {
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| {
            !l.trim()
                .chars()
                .all(|ch| ch.is_ascii_uppercase() || ch == ' ')
        })
        .collect();
    let n = rows.len();
    let size = BoardSize::new(n as u32).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    let mut stones = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let mut words = line.split_whitespace();
        let number: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| format!("row '{line}' does not start with its number"))?;
        if number != n - r {
            return Err(format!("row '{line}' should be row {}", n - r));
        }
        let cells: Vec<&str> = words.collect();
        if cells.len() != n {
            return Err(format!("row {number} has {} points, not {n}", cells.len()));
        }
        for (col, w) in cells.iter().enumerate() {
            let p = size.point(col as u8, r as u8);
            match *w {
                "X" => stones.push((Colour::Black, p)),
                "O" => stones.push((Colour::White, p)),
                "." | "+" => {}
                _ => return Err(format!("'{w}' in row {number} is not X, O, . or +")),
            }
        }
    }
    for (c, p) in stones {
        board.place_setup(c, p);
    }
    board
        .check_invariants()
        .map_err(|e| format!("the diagram is no position: {e}"))?;
    Ok(board)
}

fn parse_entry(file: &str, block: &[&str]) -> Result<Option<Entry>, String> {
    let title = block
        .iter()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect::<Vec<_>>()
        .join(" ");
    let body: Vec<&str> = block
        .iter()
        .copied()
        .filter(|l| !l.starts_with('#'))
        .collect();
    if body.is_empty() {
        return Ok(None);
    }
    let at = body
        .iter()
        .position(|l| l.trim() == "board:")
        .ok_or("no 'board:'")?;
    let board = parse_board(&body[at + 1..])?;
    let size = board.size();
    let mut to_play = None;
    let mut goal = None;
    let mut answer = None;
    let mut region = None;
    let mut escape = None;
    let mut moves = Vec::new();
    let mut budget = TEST_BUDGET;
    for line in &body[..at] {
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("'{line}' is not 'key: value'"))?;
        let words: Vec<&str> = value.split_whitespace().collect();
        let point = |i: usize| -> Result<Point, String> {
            let w = words
                .get(i)
                .ok_or_else(|| format!("'{line}' needs a point"))?;
            size.parse_vertex(w).map_err(|e| e.to_string())
        };
        match key.trim() {
            "technique" => {}
            "to-play" => to_play = Some(colour(value.trim())?),
            "goal" => {
                goal = Some(match words.first().copied() {
                    Some("capture") => Goal::Capture(point(1)?),
                    Some("capture-either") => Goal::CaptureEither(point(1)?, point(2)?),
                    Some("escape") => Goal::Escape(point(1)?),
                    Some("kill") => Goal::Kill(point(1)?),
                    Some("live") => Goal::Live(point(1)?),
                    Some("race") => Goal::Race {
                        ours: point(1)?,
                        theirs: point(2)?,
                    },
                    _ => return Err(format!("unknown goal '{}'", value.trim())),
                })
            }
            "answer" => {
                let firsts = words[1.min(words.len())..]
                    .iter()
                    .map(|w| parse_move(size, w))
                    .collect::<Result<Vec<_>, _>>()?;
                answer = Some(match words.first().copied() {
                    Some("refuted") if firsts.is_empty() => Expected::Refuted,
                    Some("proved") => Expected::Proved(Kind::Clean, firsts),
                    Some("ko") => Expected::Proved(Kind::Ko, firsts),
                    Some("seki") => Expected::Proved(Kind::Seki, firsts),
                    _ => return Err(format!("unknown answer '{}'", value.trim())),
                });
            }
            "region" => {
                let (a, b) = value
                    .trim()
                    .split_once('-')
                    .ok_or("a region is written like A1-E5")?;
                let a = size.parse_vertex(a).map_err(|e| e.to_string())?;
                let b = size.parse_vertex(b).map_err(|e| e.to_string())?;
                region = Some(Region::rectangle(size, a, b));
            }
            "escape" => escape = Some(value.trim().parse().map_err(|_| "escape: a number")?),
            "budget" => budget = value.trim().parse().map_err(|_| "budget: a number")?,
            "moves" => {
                for m in value.split(',') {
                    let w: Vec<&str> = m.split_whitespace().collect();
                    if w.len() != 2 {
                        return Err(format!("'{m}' is not 'B D4'"));
                    }
                    moves.push((colour(w[0])?, parse_move(size, w[1])?));
                }
            }
            other => return Err(format!("unknown key '{other}'")),
        }
    }
    // The moves before the question: each earlier position goes into the history.
    let mut board = board;
    let mut history = Vec::new();
    for (c, m) in moves {
        history.push(board.hash());
        if let Move::Play(p) = m {
            if !board.is_empty(p) || board.is_suicide(c, p) {
                return Err(format!("moves: {} is not legal", size.vertex(p)));
            }
            if history.contains(&board.hash_after(c, p)) {
                return Err(format!("moves: {} repeats a position", size.vertex(p)));
            }
            board.play_unchecked(c, p);
        } else {
            board.clear_ko();
        }
    }
    Ok(Some(Entry {
        file: file.to_string(),
        title,
        to_play: to_play.ok_or("no 'to-play:'")?,
        goal: goal.ok_or("no 'goal:'")?,
        expected: answer.ok_or("no 'answer:'")?,
        board,
        history,
        region,
        escape,
        budget,
    }))
}

fn entries() -> Vec<Entry> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/reader");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for block in lines.split(|l| l.trim().is_empty()) {
            if block.is_empty() {
                continue;
            }
            match parse_entry(&name, block) {
                Ok(Some(e)) => out.push(e),
                Ok(None) => {}
                Err(e) => panic!("{name}: '{}': {e}", block[0]),
            }
        }
    }
    out
}

fn question(e: &Entry) -> Question {
    let mut q = Question::new(e.board.clone(), e.to_play, e.goal)
        .history(e.history.clone())
        .budget(e.budget);
    if let Some(r) = &e.region {
        q = q.region(r.clone());
    }
    if let Some(n) = e.escape {
        q = q.escape_liberties(n);
    }
    q
}

fn describe(size: BoardSize, a: &Answer) -> String {
    let mut s = format!("  verdict {:?}, {} nodes\n", a.verdict, a.nodes);
    for t in &a.moves {
        let line: Vec<String> = t.line.iter().map(|&m| vertex(size, m)).collect();
        let _ = writeln!(
            s,
            "  {:>5} {:<10} {}",
            vertex(size, t.first),
            format!("{:?}", t.outcome),
            line.join(" ")
        );
    }
    s
}

/// Checks one position; the difference in words when the reader disagrees.
fn check(e: &Entry) -> Result<(Answer, std::time::Duration), String> {
    let size = e.board.size();
    let start = std::time::Instant::now();
    let a = read(&question(e)).map_err(|err| format!("refused: {err:?}"))?;
    let took = start.elapsed();
    let got = match a.verdict {
        Verdict::Refuted => Expected::Refuted,
        Verdict::Proved(k) => {
            let mut w = a.winning();
            w.sort_by_key(|&m| vertex(size, m));
            Expected::Proved(k, w)
        }
        Verdict::Unknown => {
            return Err(format!("unknown\n{}", describe(size, &a)));
        }
    };
    let mut expected = match &e.expected {
        Expected::Proved(k, w) => Expected::Proved(*k, w.clone()),
        Expected::Refuted => Expected::Refuted,
    };
    if let Expected::Proved(_, w) = &mut expected {
        w.sort_by_key(|&m| vertex(size, m));
    }
    if !a.is_complete() {
        return Err(format!(
            "not every first move decided\n{}",
            describe(size, &a)
        ));
    }
    if got != expected {
        return Err(format!(
            "expected {expected:?}, got {got:?}\n{}",
            describe(size, &a)
        ));
    }
    Ok((a, took))
}

#[test]
fn positions() {
    let only = std::env::var("READER_ONLY").ok();
    let all: Vec<Entry> = entries()
        .into_iter()
        .filter(|e| {
            only.as_ref()
                .is_none_or(|o| e.file.contains(o.as_str()) || e.title.contains(o.as_str()))
        })
        .collect();
    assert!(
        only.is_some() || all.len() >= 60,
        "only {} positions",
        all.len()
    );
    let show = std::env::var("READER_SHOW").is_ok();
    let mut failures = Vec::new();
    for e in &all {
        let size = e.board.size();
        match check(e) {
            Ok((a, took)) => {
                if show {
                    println!(
                        "{} {}: {:?} in {:.1} ms\n{}",
                        e.file,
                        e.title,
                        a.verdict,
                        took.as_secs_f64() * 1e3,
                        describe(size, &a)
                    );
                }
            }
            Err(why) => failures.push(format!(
                "{} — {}\n{}{}",
                e.file,
                e.title,
                e.board.to_ascii(),
                why
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions disagree:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// Every position turned by one of the board's seven other symmetries (a different one in
/// turn) has its answer turned the same way: the reader does not depend on which corner or edge
/// a shape is in, nor on the order it meets the points in.
#[test]
fn a_turned_position_has_the_turned_answer() {
    let mut turned = 0;
    let mut failures = Vec::new();
    for (i, e) in entries().into_iter().enumerate() {
        // The game's earlier positions are hashes; they would have to be turned too.
        if !e.history.is_empty() {
            continue;
        }
        let s = Symmetry::ALL[1 + i % 7];
        let size = e.board.size();
        let f = |p: Point| s.apply(size, p);
        let fm = |m: Move| match m {
            Move::Play(p) => Move::Play(f(p)),
            Move::Pass => Move::Pass,
        };
        let mut board = Board::new(size);
        for (c, p) in e.board.stones() {
            board.place_setup(c, f(p));
        }
        let goal = match e.goal {
            Goal::Capture(p) => Goal::Capture(f(p)),
            Goal::CaptureEither(p, r) => Goal::CaptureEither(f(p), f(r)),
            Goal::Escape(p) => Goal::Escape(f(p)),
            Goal::Kill(p) => Goal::Kill(f(p)),
            Goal::Live(p) => Goal::Live(f(p)),
            Goal::Race { ours, theirs } => Goal::Race {
                ours: f(ours),
                theirs: f(theirs),
            },
        };
        let expected = match &e.expected {
            Expected::Refuted => Expected::Refuted,
            Expected::Proved(k, w) => Expected::Proved(*k, w.iter().map(|&m| fm(m)).collect()),
        };
        let t = Entry {
            file: e.file.clone(),
            title: format!("{} (turned: {s:?})", e.title),
            to_play: e.to_play,
            goal,
            expected,
            board,
            history: Vec::new(),
            region: e
                .region
                .as_ref()
                .map(|r| Region::from_points(size, r.points().into_iter().map(f))),
            escape: e.escape,
            budget: e.budget,
        };
        turned += 1;
        if let Err(why) = check(&t) {
            failures.push(format!(
                "{} — {}\n{}{}",
                t.file,
                t.title,
                t.board.to_ascii(),
                why
            ));
        }
    }
    assert!(turned >= 60, "only {turned} positions turned");
    assert!(
        failures.is_empty(),
        "{} of {turned} turned positions disagree:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A ladder read with 10 nodes is unknown; with the default budget it is proved.
#[test]
fn a_tiny_budget_is_unknown() {
    let all = entries();
    let e = all
        .iter()
        .find(|e| e.title.starts_with("征子 1"))
        .expect("the first ladder");
    let small = read(&question(e).budget(10)).unwrap();
    assert_eq!(small.verdict, Verdict::Unknown, "{small:?}");
    assert!(small.nodes <= 11);
    assert!(small.moves.iter().any(|t| t.outcome == Outcome::Unknown));
    let big = read(&question(e)).unwrap();
    assert!(
        matches!(big.verdict, Verdict::Proved(Kind::Clean)),
        "{big:?}"
    );
}

/// 双打's goal names two chains, and both are checked as one chain is: each must be the
/// opponent's stone, and each closed in the region. Taking the second chain alone is a win.
#[test]
fn capture_either_checks_both_chains() {
    let e = entries()
        .into_iter()
        .find(|e| e.title.starts_with("双打 1:"))
        .expect("the first double atari");
    let size = e.board.size();
    let v = |s: &str| size.parse_vertex(s).unwrap();
    let ask = |goal: Goal| {
        read(&Question {
            goal,
            ..question(&e)
        })
        .map(|a| a.verdict)
    };
    assert_eq!(
        ask(Goal::CaptureEither(v("C3"), v("D2"))),
        Err(QuestionError::WrongColour(v("D2")))
    );
    assert_eq!(
        ask(Goal::CaptureEither(v("C3"), v("D3"))),
        Err(QuestionError::NoStone(v("D3")))
    );
    // The same two stones over a region without B3: C3 has a liberty outside it.
    let narrow = Region::rectangle(size, v("C3"), v("G3"));
    assert_eq!(
        read(&Question {
            goal: Goal::CaptureEither(v("E3"), v("C3")),
            ..question(&e).region(narrow)
        })
        .map(|a| a.verdict),
        Err(QuestionError::OpenRegion(v("C3")))
    );
    // After black D3 and white B3 (C3 saved, over the whole board), taking E3 alone at F3 wins.
    let mut b = e.board.clone();
    b.play_unchecked(Colour::Black, v("D3"));
    b.play_unchecked(Colour::White, v("B3"));
    let q = Question::new(b, Colour::Black, Goal::CaptureEither(v("C3"), v("E3")));
    let a = read(&q).unwrap();
    assert_eq!(a.verdict, Verdict::Proved(Kind::Clean), "{a:?}");
    assert!(a.winning().contains(&Move::Play(v("F3"))), "{a:?}");
}

// ---------------------------------------------------------------------------------------------
// Property tests.

/// A random position: a small board filled at random (setup stones, so every chain keeps a
/// liberty), then a few random legal moves, whose earlier positions are the history.
fn random_position(seed: u64, n: u32, fill: u32) -> (Board, Vec<u64>, Colour) {
    let size = BoardSize::new(n).unwrap();
    let mut rng = PlayoutRng::new(seed);
    let mut b = Board::new(size);
    for p in size.points() {
        let r = rng.below(100);
        if r < fill / 2 {
            b.place_setup(Colour::Black, p);
        } else if r < fill {
            b.place_setup(Colour::White, p);
        }
    }
    let mut history = Vec::new();
    let mut c = if rng.below(2) == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    for _ in 0..rng.below(5) {
        let legal: Vec<Point> = size
            .points()
            .filter(|&p| {
                b.is_empty(p)
                    && !b.is_suicide(c, p)
                    && b.hash_after(c, p) != b.hash()
                    && !history.contains(&b.hash_after(c, p))
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        history.push(b.hash());
        b.play_unchecked(c, legal[rng.below(legal.len() as u32) as usize]);
        c = c.opponent();
    }
    (b, history, c)
}

/// A goal for the position drawn from `pick`: a stone of the right side, or none.
fn random_goal(b: &Board, to_play: Colour, pick: u64) -> Option<Goal> {
    let own = b.stones_of(to_play);
    let theirs = b.stones_of(to_play.opponent());
    let one = |v: &Vec<Point>, k: u64| (!v.is_empty()).then(|| v[(k % v.len() as u64) as usize]);
    match pick % 6 {
        0 => one(&theirs, pick / 5).map(Goal::Capture),
        5 => Some(Goal::CaptureEither(
            one(&theirs, pick / 5)?,
            one(&theirs, pick / 7)?,
        )),
        1 => one(&own, pick / 5).map(Goal::Escape),
        2 => one(&theirs, pick / 5).map(Goal::Kill),
        3 => one(&own, pick / 5).map(Goal::Live),
        _ => Some(Goal::Race {
            ours: one(&own, pick / 5)?,
            theirs: one(&theirs, pick / 7)?,
        }),
    }
}

/// The same rules and goals as the reader, read by plain minimax: every move of the region
/// and the pass, no table but an exact one (the position, the side to move, the last pass and
/// the set of positions seen so far decide everything), no move found without search.
struct Naive<'a> {
    q: &'a Question,
    master: Colour,
    need_life: bool,
    memo: HashMap<(u64, u8, u64), bool>,
    nodes: u64,
}

/// Every point of the chain's liberties and whether one lies outside the region.
fn libs_of(b: &Board, p: Point, region: &Region) -> (usize, bool) {
    let l = b.liberties(p);
    (l.len(), l.iter().any(|&x| !region.contains(x)))
}

impl Naive<'_> {
    const CAP: u64 = 400_000;

    /// `Some(prover wins)` where the fight is over.
    fn over(&self, b: &Board) -> Option<bool> {
        let me = self.q.to_play;
        let (target, defender, attacker_is_prover) = match self.q.goal {
            Goal::Capture(t) | Goal::Kill(t) | Goal::CaptureEither(t, _) => {
                (t, me.opponent(), true)
            }
            Goal::Escape(t) | Goal::Live(t) => (t, me, false),
            Goal::Race { theirs, .. } => (theirs, me.opponent(), true),
        };
        if b.colour_at(target) != Some(defender) {
            return Some(attacker_is_prover);
        }
        if let Goal::Race { ours, .. } = self.q.goal {
            if b.colour_at(ours) != Some(me) {
                return Some(false);
            }
        }
        if let Goal::CaptureEither(_, also) = self.q.goal {
            if b.colour_at(also) != Some(defender) {
                return Some(true);
            }
            let safe = |p| {
                let (n, outside) = libs_of(b, p, &self.q.region);
                outside || n >= self.q.escape_liberties as usize
            };
            return (safe(target) && safe(also)).then_some(false);
        }
        let (n, outside) = libs_of(b, target, &self.q.region);
        if outside {
            return Some(!attacker_is_prover);
        }
        match self.q.goal {
            Goal::Capture(_) | Goal::Escape(_) if n >= self.q.escape_liberties as usize => {
                Some(!attacker_is_prover)
            }
            Goal::Kill(_) | Goal::Live(_) if n >= 2 && pass_alive(b, defender)[target.index()] => {
                Some(!attacker_is_prover)
            }
            _ => None,
        }
    }

    fn two_passes(&self) -> bool {
        match self.q.goal {
            Goal::Escape(_) => true,
            Goal::Live(_) => !self.need_life,
            _ => false,
        }
    }

    /// `None` when the depth limit or the node cap is reached on a line that matters.
    fn solve(
        &mut self,
        b: &Board,
        c: Colour,
        prev_pass: bool,
        seen: &mut Vec<u64>,
        rem: u32,
    ) -> Option<bool> {
        if let Some(v) = self.over(b) {
            return Some(v);
        }
        let mut set = seen.clone();
        set.sort_unstable();
        set.dedup();
        let print = set
            .iter()
            .fold(0u64, |a, &h| a ^ h.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let key = (b.hash(), c.index() as u8 * 2 + prev_pass as u8, print);
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        self.nodes += 1;
        if rem == 0 || self.nodes > Self::CAP {
            return None;
        }
        let prover = c == self.q.to_play;
        let mut moves: Vec<Move> = self
            .q
            .region
            .points()
            .into_iter()
            .filter(|&p| b.is_empty(p) && !b.is_suicide(c, p))
            .filter(|&p| c == self.master || !seen.contains(&b.hash_after(c, p)))
            .map(Move::Play)
            .collect();
        moves.push(Move::Pass);
        let mut undecided = false;
        for mv in moves {
            let v = match mv {
                Move::Pass if prev_pass => Some(self.two_passes()),
                _ => {
                    let mut nb = Box::new(b.clone());
                    match mv {
                        Move::Pass => nb.clear_ko(),
                        Move::Play(p) => {
                            nb.play_unchecked(c, p);
                        }
                    }
                    seen.push(nb.hash());
                    let v = self.solve(&nb, c.opponent(), mv == Move::Pass, seen, rem - 1);
                    seen.pop();
                    v
                }
            };
            match v {
                Some(v) if v == prover => {
                    self.memo.insert(key, prover);
                    return Some(prover);
                }
                Some(_) => {}
                None => undecided = true,
            }
        }
        if undecided {
            return None;
        }
        self.memo.insert(key, !prover);
        Some(!prover)
    }
}

/// What the plain minimax says of first move `mv`, solve by solve as the reader ranks them.
fn naive_outcome(q: &Question, mv: Move) -> Option<Outcome> {
    let me = q.to_play;
    let stages: Vec<(Colour, bool, Kind)> = match q.goal {
        Goal::Live(_) => vec![
            (me.opponent(), true, Kind::Clean),
            (me.opponent(), false, Kind::Seki),
            (me, false, Kind::Ko),
        ],
        _ => vec![(me.opponent(), false, Kind::Clean), (me, false, Kind::Ko)],
    };
    for (master, need_life, kind) in stages {
        let mut n = Naive {
            q,
            master,
            need_life,
            memo: HashMap::new(),
            nodes: 0,
        };
        let mut seen = q.history.clone();
        seen.push(q.board.hash());
        let mut b = q.board.clone();
        match mv {
            Move::Pass => b.clear_ko(),
            Move::Play(p) => {
                b.play_unchecked(me, p);
            }
        }
        seen.push(b.hash());
        // Deeper and deeper until decided: a win or a loss found within a limit is exact.
        let won =
            (1..=6).find_map(|i| n.solve(&b, me.opponent(), mv == Move::Pass, &mut seen, 8 * i))?;
        if won {
            return Some(Outcome::Win(kind));
        }
    }
    Some(Outcome::Loss)
}

/// Runs `f` on a thread with a stack for deep plain recursion (a board per level).
fn on_a_big_stack(
    f: impl FnOnce() -> Result<(), TestCaseError> + Send + 'static,
) -> Result<(), TestCaseError> {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// Positions with at most this many empty points are compared with the plain minimax.
const NAIVE_EMPTIES: usize = 7;

fn agrees_with_minimax(seed: u64, pick: u64) -> Result<(), TestCaseError> {
    let n = 4 + (seed % 2) as u32;
    let fill = if n == 4 { 60 } else { 72 };
    let (b, history, to_play) = random_position(seed, n, fill);
    if b.empty_count() > NAIVE_EMPTIES {
        return Ok(());
    }
    let Some(goal) = random_goal(&b, to_play, pick) else {
        return Ok(());
    };
    let q = Question::new(b.clone(), to_play, goal)
        .history(history)
        .escape_liberties(2 + (pick % 3) as u8)
        .budget(200_000);
    let Ok(a) = read(&q) else {
        return Ok(());
    };
    for t in a.moves.iter().filter(|t| t.outcome != Outcome::Unknown) {
        let Some(want) = naive_outcome(&q, t.first) else {
            continue;
        };
        prop_assert!(
            t.outcome == want,
            "{:?} to play, {:?}, first move {}: reader {:?}, minimax {:?}\n{}{}",
            to_play,
            goal,
            vertex(b.size(), t.first),
            t.outcome,
            want,
            b.to_ascii(),
            describe(b.size(), &a)
        );
    }
    Ok(())
}

/// The positions the game's rules allow `c` to make: (move, new board).
fn legal_moves(b: &Board, c: Colour, region: &Region, seen: &[u64]) -> Vec<(Move, Board)> {
    let mut out: Vec<(Move, Board)> = region
        .points()
        .into_iter()
        .filter(|&p| b.is_empty(p) && !b.is_suicide(c, p) && !seen.contains(&b.hash_after(c, p)))
        .map(|p| {
            let mut nb = b.clone();
            nb.play_unchecked(c, p);
            (Move::Play(p), nb)
        })
        .collect();
    let mut nb = b.clone();
    nb.clear_ko();
    out.push((Move::Pass, nb));
    out
}

/// Plays a proof of `q` out: the prover's moves from the reader (asked afresh at every turn,
/// with the line so far as history), the opponent's every legal move and the pass, each line
/// until the fight ends. `done` says, at the end of a line, whether the prover got what the
/// verdict promised. Errors name the line that broke.
struct Playout<'a> {
    q: &'a Question,
    kind: Kind,
    memo: std::collections::HashSet<(u64, u64)>,
    /// The reader's answers asked so far; past [`Playout::CALLS`] the case is left undecided.
    calls: u32,
}

/// Why a playout stopped: a broken proof (the line in words), or too much to play out.
const TOO_MUCH: &str = "too much to play out";

impl Playout<'_> {
    const CALLS: u32 = 150;

    fn target(&self) -> (Point, Colour) {
        match self.q.goal {
            Goal::Capture(t) | Goal::Kill(t) | Goal::CaptureEither(t, _) => {
                (t, self.q.to_play.opponent())
            }
            Goal::Escape(t) | Goal::Live(t) => (t, self.q.to_play),
            Goal::Race { theirs, .. } => (theirs, self.q.to_play.opponent()),
        }
    }

    /// Whether the line ended well for the prover, if it has ended (`passes`: two in a row).
    fn ended(&self, b: &Board, passes: bool) -> Option<bool> {
        let (t, d) = self.target();
        let present = b.colour_at(t) == Some(d);
        match self.q.goal {
            Goal::Capture(_) | Goal::Kill(_) => {
                if !present {
                    Some(true)
                } else {
                    passes.then_some(false)
                }
            }
            Goal::Live(_) => {
                if !present {
                    Some(false)
                } else if b.liberties(t).len() >= 2 && pass_alive(b, d)[t.index()] {
                    Some(true)
                } else {
                    passes.then_some(self.kind == Kind::Seki)
                }
            }
            _ => unreachable!("only captures, kills and lives are played out"),
        }
    }

    fn prover_turn(
        &mut self,
        b: &Board,
        seen: &mut Vec<u64>,
        line: &mut Vec<Move>,
        opp_passed: bool,
    ) -> Result<(), String> {
        if line.len() > 40 {
            return Err("the line is longer than 40 moves".into());
        }
        self.calls += 1;
        if self.calls > Self::CALLS {
            return Err(TOO_MUCH.into());
        }
        let q = Question::new(b.clone(), self.q.to_play, self.q.goal)
            .history(seen[..seen.len() - 1].to_vec())
            .region(self.q.region.clone())
            .escape_liberties(self.q.escape_liberties)
            .budget(self.q.budget)
            .scope(Scope::FirstWin);
        let a = read(&q).map_err(|e| format!("refused {e:?}"))?;
        // A seki promised, a clean life found later, is the promise kept.
        let kept = a.verdict == Verdict::Proved(self.kind)
            || (self.kind == Kind::Seki && a.verdict == Verdict::Proved(Kind::Clean));
        if a.verdict == Verdict::Unknown {
            return Err(TOO_MUCH.into());
        }
        if !kept {
            return Err(format!("the reader now says {:?}", a.verdict));
        }
        let mv = a.winning()[0];
        line.push(mv);
        let result = match legal_moves(b, self.q.to_play, &self.q.region, seen)
            .into_iter()
            .find(|(m, _)| *m == mv)
        {
            None => Err("the reader's move is not legal".into()),
            Some((_, nb)) if mv == Move::Pass && opp_passed => match self.ended(&nb, true) {
                Some(true) => Ok(()),
                _ => Err("two passes end it without the goal".into()),
            },
            Some((_, nb)) => match self.ended(&nb, false) {
                Some(true) => Ok(()),
                Some(false) => Err("the goal failed".into()),
                None => {
                    seen.push(nb.hash());
                    let r = self.opponent_turn(&nb, seen, line, mv == Move::Pass);
                    seen.pop();
                    r
                }
            },
        };
        line.pop();
        result
    }

    fn opponent_turn(
        &mut self,
        b: &Board,
        seen: &mut Vec<u64>,
        line: &mut Vec<Move>,
        passed: bool,
    ) -> Result<(), String> {
        let mut set = seen.clone();
        set.sort_unstable();
        set.dedup();
        let print = set.iter().fold(passed as u64, |a, &h| {
            a ^ h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        if !self.memo.insert((b.hash(), print)) {
            return Ok(());
        }
        let c = self.q.to_play.opponent();
        for (mv, nb) in legal_moves(b, c, &self.q.region, seen) {
            line.push(mv);
            let r = if mv == Move::Pass && passed {
                match self.ended(&nb, true) {
                    Some(true) => Ok(()),
                    _ => Err("two passes end it without the goal".into()),
                }
            } else {
                match self.ended(&nb, false) {
                    Some(true) => Ok(()),
                    Some(false) => Err("the goal failed".into()),
                    None => {
                        seen.push(nb.hash());
                        let r = self.prover_turn(&nb, seen, line, mv == Move::Pass);
                        seen.pop();
                        r
                    }
                }
            };
            if let Err(e) = r {
                if e == TOO_MUCH {
                    return Err(e);
                }
                let size = b.size();
                let words: Vec<String> = line.iter().map(|&m| vertex(size, m)).collect();
                line.pop();
                return Err(format!("{e} after {}", words.join(" ")));
            }
            line.pop();
        }
        Ok(())
    }
}

/// Plays out a clean (or seki) proof of a capture, kill or life from the position.
fn proof_holds(
    b: &Board,
    history: &[u64],
    to_play: Colour,
    goal: Goal,
) -> Result<Option<Kind>, TestCaseError> {
    let q = Question::new(b.clone(), to_play, goal)
        .history(history.to_vec())
        .budget(100_000);
    let Ok(a) = read(&q) else {
        return Ok(None);
    };
    let kind = match a.verdict {
        Verdict::Proved(k @ (Kind::Clean | Kind::Seki)) => k,
        _ => return Ok(None),
    };
    let mut p = Playout {
        q: &q,
        kind,
        memo: Default::default(),
        calls: 0,
    };
    let mut seen = history.to_vec();
    seen.push(b.hash());
    let r = p.prover_turn(b, &mut seen, &mut Vec::new(), false);
    if std::env::var("PLAYOUT_SHOW").is_ok() {
        println!("{:?} {:?}: {} calls, {:?}", to_play, goal, p.calls, r);
    }
    if r.as_ref().is_err_and(|e| e == TOO_MUCH) {
        return Ok(None);
    }
    prop_assert!(
        r.is_ok(),
        "{:?} to play, {:?} proved {:?}, but {}\n{}{}",
        to_play,
        goal,
        kind,
        r.unwrap_err(),
        b.to_ascii(),
        describe(b.size(), &a)
    );
    Ok(Some(kind))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// Tiny positions: every first move's outcome equals what plain minimax over the same rules
    /// finds (kos, superko with the history, seki, the escape liberties, passes).
    #[test]
    fn the_reader_agrees_with_plain_minimax(seed in any::<u64>(), pick in any::<u64>()) {
        on_a_big_stack(move || agrees_with_minimax(seed, pick))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A proved capture captures against every defence in the region.
    #[test]
    fn a_proved_capture_captures_against_every_defence(seed in any::<u64>(), pick in any::<u64>()) {
        let (b, history, to_play) = random_position(seed, 5, 62);
        let theirs = b.stones_of(to_play.opponent());
        if !theirs.is_empty() && b.empty_count() <= 8 {
            let t = theirs[(pick % theirs.len() as u64) as usize];
            let goal = if pick % 2 == 0 { Goal::Capture(t) } else { Goal::Kill(t) };
            proof_holds(&b, &history, to_play, goal)?;
        }
    }

    /// A proved life is never captured, whatever the attacker plays in the region.
    #[test]
    fn a_proved_life_is_never_captured(seed in any::<u64>(), pick in any::<u64>()) {
        let (b, history, to_play) = random_position(seed, 5, 62);
        let own = b.stones_of(to_play);
        if !own.is_empty() && b.empty_count() <= 8 {
            let t = own[(pick % own.len() as u64) as usize];
            proof_holds(&b, &history, to_play, Goal::Live(t))?;
        }
    }
}

#[test]
#[ignore]
fn minimax_stats() {
    let mut stats: HashMap<String, u32> = HashMap::new();
    for seed in 0..400u64 {
        let pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7;
        let n = 4 + (seed % 2) as u32;
        let fill = if n == 4 { 60 } else { 72 };
        let (b, history, to_play) = random_position(seed, n, fill);
        if b.empty_count() > NAIVE_EMPTIES {
            *stats.entry("too many empties".into()).or_default() += 1;
            continue;
        }
        let Some(goal) = random_goal(&b, to_play, pick) else {
            continue;
        };
        let q = Question::new(b.clone(), to_play, goal)
            .history(history.clone())
            .escape_liberties(2 + (pick % 3) as u8)
            .budget(200_000);
        let Ok(a) = read(&q) else {
            *stats.entry("refused".into()).or_default() += 1;
            continue;
        };
        *stats.entry(format!("verdict {:?}", a.verdict)).or_default() += 1;
        if a.verdict == Verdict::Unknown {
            println!(
                "UNKNOWN seed {seed} {:?} {:?}\n{}{}",
                to_play,
                goal,
                b.to_ascii(),
                describe(b.size(), &a)
            );
        }
        if !history.is_empty() {
            *stats.entry("with history".into()).or_default() += 1;
        }
        for t in &a.moves {
            let want = std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(s, || naive_outcome(&q, t.first))
                    .unwrap()
                    .join()
                    .unwrap()
            });
            match want {
                None => *stats.entry("naive undecided".into()).or_default() += 1,
                Some(w) => {
                    *stats.entry(format!("move {:?}", w)).or_default() += 1;
                    if w != t.outcome && t.outcome != Outcome::Unknown {
                        *stats.entry("MISMATCH".into()).or_default() += 1;
                        println!("seed {seed} {:?} to play {:?} hist {} move {}: reader {:?} naive {:?}\n{}{}", to_play, goal, history.len(), vertex(b.size(), t.first), t.outcome, w, b.to_ascii(), describe(b.size(), &a));
                    }
                }
            }
        }
    }
    let mut v: Vec<_> = stats.into_iter().collect();
    v.sort();
    for (k, n) in v {
        println!("{k}: {n}");
    }
}

#[test]
#[ignore]
fn debug_seed() {
    let seed: u64 = std::env::var("SEED").unwrap().parse().unwrap();
    let pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7;
    let n = 4 + (seed % 2) as u32;
    let fill = if n == 4 { 60 } else { 72 };
    let (b, history, to_play) = random_position(seed, n, fill);
    let goal = random_goal(&b, to_play, pick).unwrap();
    let budget: u64 = std::env::var("BUDGET")
        .map(|b| b.parse().unwrap())
        .unwrap_or(200_000);
    let q = Question::new(b.clone(), to_play, goal)
        .history(history.clone())
        .escape_liberties(2 + (pick % 3) as u8)
        .budget(budget);
    let a = read(&q).unwrap();
    println!(
        "{:?} {:?} esc {} hist {}\n{}{}",
        to_play,
        goal,
        2 + pick % 3,
        history.len(),
        b.to_ascii(),
        describe(b.size(), &a)
    );
    for t in &a.moves {
        let want = std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, || naive_outcome(&q, t.first))
                .unwrap()
                .join()
                .unwrap()
        });
        println!("{} naive {:?}", vertex(b.size(), t.first), want);
    }
}

#[test]
#[ignore]
fn playout_stats() {
    let mut stats: HashMap<String, u32> = HashMap::new();
    let t0 = std::time::Instant::now();
    for seed in 0..60u64 {
        let pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7;
        let (b, history, to_play) = random_position(seed, 5, 62);
        if b.empty_count() > 8 {
            *stats.entry("skip".into()).or_default() += 1;
            continue;
        }
        let theirs = b.stones_of(to_play.opponent());
        let own = b.stones_of(to_play);
        let goal = if pick % 3 == 2 {
            if own.is_empty() {
                continue;
            }
            Goal::Live(own[(pick % own.len() as u64) as usize])
        } else {
            if theirs.is_empty() {
                continue;
            }
            let t = theirs[(pick % theirs.len() as u64) as usize];
            if pick % 3 == 0 {
                Goal::Capture(t)
            } else {
                Goal::Kill(t)
            }
        };
        let t1 = std::time::Instant::now();
        let r = proof_holds(&b, &history, to_play, goal);
        let ms = t1.elapsed().as_millis();
        *stats
            .entry(format!(
                "{:?} {:?}",
                std::mem::discriminant(&goal),
                r.as_ref().map(|x| *x).map_err(|e| e.to_string())
            ))
            .or_default() += 1;
        if ms > 2000 {
            println!("slow seed {seed}: {ms} ms");
        }
    }
    let mut v: Vec<_> = stats.into_iter().collect();
    v.sort();
    for (k, n) in v {
        println!("{k}: {n}");
    }
    println!("{:?}", t0.elapsed());
}

//! `tihai`: 题海's generator (issue 53). Run out of CI, at low priority (`nice -n 19`): other
//! work shares the machine. Three steps, each reading the last one's file, so that each can be
//! run again alone:
//!
//! ```text
//! tihai scan  --seed 53 --games 9:300,13:60,19:30 --threads 2 --out target/tihai/games
//! tihai merge --in target/tihai/games --out target/tihai/scan.sgf
//! tihai grade --in target/tihai/scan.sgf --out target/tihai/graded.sgf --threads 2
//! tihai bands --in target/tihai/graded.sgf --out assets/tihai --per-band 400
//! tihai grade-file tests/data/tihai/graded-by-hand.sgf     # the grader on any problem file
//! ```
//!
//! - **scan** plays the app's ranked opponents (25 级 … 1 级, as `gtp --level` plays them, with
//!   the shipped network) against each other, the pairs and the seeds drawn from `--seed`;
//!   every position of every game is scanned for local fights (`learn::tihai::scan`), each
//!   framed and read ([`make`]); the problems found, without two alike (under the board's
//!   turns and the colour swap, and the same fight a few moves apart), are written with where
//!   they came from (`SO`), a file a game (a run stopped goes on where it was).
//! - **merge** puts the games' problems together in the order played, without two alike.
//! - **grade** grades each (`learn::tihai::grade`: the weakest level that plays a right first
//!   move 8 times in 10; 最强 is tried only where 1 级 fails), seeded by the problem's key.
//! - **bands** writes the band files the app fetches (`assets/tihai/*.sgf`), at most
//!   `--per-band` problems each, in the order found.
//!
//! Each step prints its figures (for the README).

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use shoutan::bot::nn::{Model, Network};
use shoutan::bot::puct::Puct;
use shoutan::bot::ranked::{salience, Fight};
use shoutan::bot::{Decision, Level};
use shoutan::learn::band::Band;
use shoutan::learn::tihai::exercise::Exercise;
use shoutan::learn::tihai::grade::{self, band_of};
use shoutan::learn::tihai::make::{self, Rejected};
use shoutan::learn::tihai::scan;
use shoutan::rules::playout::PlayoutRng;
use shoutan::rules::{BoardSize, Colour, Game, Move, Point, Rules};
use shoutan::session::computer::{answer_with, Request};

const MODEL: &str = "assets/models/g170-b6c96.bin.gz";

/// The ranked opponents, 25 级 … 1 级, play the games and grade the problems (最强 searches for
/// seconds a move: too slow to play hundreds of games with, and tried apart).
use grade::RANKED;

/// The network's favourite moves that count among what a pupil would try.
const POLICY_TOP: usize = 4;

fn fail(msg: &str) -> ! {
    eprintln!("{msg}");
    std::process::exit(2);
}

fn network() -> Network {
    let bytes = std::fs::read(MODEL).unwrap_or_else(|e| fail(&format!("{MODEL}: {e}")));
    Network::new(Model::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{MODEL}: {e}"))))
}

/// The options after the command: `--name value` pairs.
struct Args(Vec<(String, String)>);

impl Args {
    fn read(args: impl Iterator<Item = String>) -> Args {
        let mut out = Vec::new();
        let mut it = args.peekable();
        while let Some(a) = it.next() {
            let Some(name) = a.strip_prefix("--") else {
                out.push(("".into(), a));
                continue;
            };
            let v = it
                .next()
                .unwrap_or_else(|| fail(&format!("--{name} takes a value")));
            out.push((name.to_string(), v));
        }
        Args(out)
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> T {
        match self.get(name) {
            None => default,
            Some(v) => v
                .parse()
                .unwrap_or_else(|_| fail(&format!("--{name} takes a number"))),
        }
    }

    fn path(&self, name: &str) -> String {
        self.get(name)
            .map(str::to_string)
            .unwrap_or_else(|| fail(&format!("--{name} is needed")))
    }

    fn positional(&self) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.is_empty())
            .map(|(_, v)| v.as_str())
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let cmd = args.next().unwrap_or_default();
    let a = Args::read(args);
    match cmd.as_str() {
        "scan" => scan_games(&a),
        "merge" => merge(&a),
        "grade" => grade_file(&a, false),
        "grade-file" => grade_file(&a, true),
        "grade-builtin" => grade_builtin(),
        "grade-hand" => grade_hand(&a),
        "bands" => bands(&a),
        _ => fail("usage: tihai scan|grade|bands|grade-file … (see the source's docs)"),
    }
}

/// A seed for game `index` of board `size` from the run's seed.
fn game_seed(seed: u64, size: u32, index: u64) -> u64 {
    let mut rng = PlayoutRng::new(seed ^ (u64::from(size) << 40) ^ index.wrapping_mul(0x9e37_79b9));
    rng.next_u64()
}

/// The games to play: (size, index within the size), sizes taken in turn.
fn schedule(spec: &str) -> Vec<(u32, u64)> {
    let mut per: Vec<(u32, u64)> = Vec::new();
    for part in spec.split(',') {
        let (s, n) = part
            .split_once(':')
            .unwrap_or_else(|| fail("--games takes 9:N,13:N,19:N"));
        let s: u32 = s.parse().unwrap_or_else(|_| fail("--games: a size"));
        let n: u64 = n.parse().unwrap_or_else(|_| fail("--games: a count"));
        per.push((s, n));
    }
    let total: u64 = per.iter().map(|x| x.1).sum();
    let mut out = Vec::new();
    let mut done = vec![0u64; per.len()];
    // Interleave so that any prefix of the run has every size in proportion.
    while (out.len() as u64) < total {
        for (k, &(s, n)) in per.iter().enumerate() {
            // Take size k when it is behind its share.
            if done[k] < n && done[k] * total <= out.len() as u64 * n {
                out.push((s, done[k]));
                done[k] += 1;
            }
        }
    }
    out
}

/// What one game gave.
#[derive(Default)]
struct Found {
    problems: Vec<(Exercise, u64, usize)>,
    positions: usize,
    candidates: usize,
    asked: usize,
    rejected: BTreeMap<String, usize>,
    moves: usize,
}

/// Plays one game and scans every position of it.
fn one_game(net: &Network, size: u32, seed: u64, label: &str) -> Found {
    let mut rng = PlayoutRng::new(seed);
    let black = RANKED[rng.below(RANKED.len() as u32) as usize];
    let white = RANKED[rng.below(RANKED.len() as u32) as usize];
    let bs = BoardSize::new(size).unwrap_or_else(|e| fail(&e.to_string()));
    let mut game = Game::new(bs, Rules::chinese());
    let mut trees = [None, None];
    let mut positions: Vec<(shoutan::rules::Board, Vec<f32>)> = Vec::new();
    let mut history: Vec<u64> = Vec::new();
    loop {
        let c = game.to_move();
        let level = if c == Colour::Black { black } else { white };
        let req = Request::move_at(&game, level, seed.wrapping_add(game.moves().len() as u64));
        let reply = answer_with(Some(net), &mut trees[c.index()], &req, || 0.0);
        let own: Vec<f32> = reply
            .ownership
            .iter()
            .map(|&v| f32::from(v) / 100.0)
            .collect();
        if own.len() == (size * size) as usize {
            positions.push((game.board().clone(), own));
            history.push(game.board().hash());
        }
        let mv = match reply.decision(bs) {
            Some(Decision::Play(p)) => Move::Play(p),
            Some(Decision::Pass) => Move::Pass,
            _ => break,
        };
        if game.play(c, mv).is_err()
            || !game.is_playing()
            || game.moves().len() > 3 * size as usize * size as usize / 2
        {
            break;
        }
    }
    let mut found = Found {
        moves: game.moves().len(),
        ..Found::default()
    };
    let mut seen: HashSet<String> = HashSet::new();
    let mut local: HashSet<u64> = HashSet::new();
    for (at, (board, own)) in positions.iter().enumerate() {
        found.positions += 1;
        for to_play in [Colour::Black, Colour::White] {
            for cand in scan::candidates(board, to_play) {
                found.candidates += 1;
                // The same fight unchanged since an earlier position: asked already.
                let mut key = format!("{:?}{:?}{:?}", cand.fight, cand.goal, to_play);
                for p in scan::around(bs, &cand.region.points(), 1).points() {
                    key.push(match board.colour_at(p) {
                        Some(Colour::Black) => 'X',
                        Some(Colour::White) => 'O',
                        None => '.',
                    });
                }
                if !seen.insert(key) {
                    continue;
                }
                found.asked += 1;
                let made = make::framed_question(board, &cand, own).and_then(|q| {
                    let lh = make::local_hash(&q);
                    if !local.insert(lh) {
                        return Err(Rejected::Same);
                    }
                    let a = make::read_problem(&q)?;
                    let policy = policy_of(net, &q.board, to_play, seed);
                    let e = make::exercise(
                        &q,
                        &a,
                        cand.fight,
                        &make::plausible(&q, &policy, POLICY_TOP),
                    )?;
                    Ok((e, lh))
                });
                match made {
                    Ok((mut e, lh)) => {
                        e.source = format!(
                            "手谈 题海: {label}, {size}×{size}, {} (黑) – {} (白), {} 手后",
                            black.key(),
                            white.key(),
                            at
                        );
                        found.problems.push((e, lh, at));
                    }
                    Err(r) => *found.rejected.entry(format!("{r:?}")).or_insert(0) += 1,
                }
            }
        }
    }
    found
}

/// The network's moves on the board, best first (one evaluation).
fn policy_of(
    net: &Network,
    board: &shoutan::rules::Board,
    to_play: Colour,
    seed: u64,
) -> Vec<Point> {
    let game = grade::game_of(board, to_play);
    let mut t = Puct::new(&game, seed);
    t.run(net, 1);
    t.priors()
        .into_iter()
        .filter_map(|(m, _)| match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .collect()
}

/// `scan`: plays the games not played yet (a file per game in `--out`, so a run stopped
/// goes on where it was) and writes each game's problems and figures.
fn scan_games(a: &Args) {
    let seed: u64 = a.num("seed", 53);
    let threads: usize = a.num("threads", 1);
    let out = a.path("out");
    let games = schedule(a.get("games").unwrap_or("9:10"));
    let net = network();
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let _ = std::fs::create_dir_all(&out);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(size, index)) = games.get(i) else {
                    break;
                };
                let file = format!("{out}/{size}-{index:05}");
                if std::path::Path::new(&format!("{file}.txt")).exists() {
                    continue;
                }
                let gs = game_seed(seed, size, index);
                let label = format!("seed {seed} game {size}-{index}");
                let t = Instant::now();
                let f = one_game(&net, size, gs, &label);
                let mut sgf = String::new();
                for (e, lh, at) in &f.problems {
                    let mut e = e.clone();
                    // The local hash and the move rides along in the source line.
                    e.source = format!("{} #{lh:016x} @{at}", e.source);
                    sgf.push_str(&e.to_sgf());
                    sgf.push('\n');
                }
                write(&format!("{file}.sgf"), &sgf);
                let rejected: Vec<String> =
                    f.rejected.iter().map(|(k, n)| format!("{k}={n}")).collect();
                write(
                    &format!("{file}.txt"),
                    &format!(
                        "size {size}\nmoves {}\npositions {}\ncandidates {}\nasked {}\nseconds {:.1}\nrejected {}\n",
                        f.moves,
                        f.positions,
                        f.candidates,
                        f.asked,
                        t.elapsed().as_secs_f64(),
                        rejected.join(" ")
                    ),
                );
                eprintln!(
                    "[{:>6.0}s] game {i} {size}×{size} #{index}: {} moves, {} problems, {:.0} s",
                    start.elapsed().as_secs_f64(),
                    f.moves,
                    f.problems.len(),
                    t.elapsed().as_secs_f64()
                );
            });
        }
    });
}

/// `merge`: the games' problems in the order played, without two alike, into one file; the
/// figures of the scan.
fn merge(a: &Args) {
    let dir = a.path("in");
    let out = a.path("out");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| fail(&format!("{dir}: {e}")))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    // In the order the schedule played them: by index, sizes in turn.
    names.sort_by_key(|n| {
        let stem = n.trim_end_matches(".txt");
        let (s, i) = stem.split_once('-').unwrap_or(("0", "0"));
        (i.parse::<u64>().unwrap_or(0), s.parse::<u32>().unwrap_or(0))
    });
    let mut keys: HashSet<String> = HashSet::new();
    let mut locals: HashSet<String> = HashSet::new();
    let mut text = String::new();
    // size → (games, positions, positions with a kept problem, problems, seconds)
    let mut per_size: BTreeMap<u32, (usize, usize, usize, usize, f64)> = BTreeMap::new();
    let mut rejected: BTreeMap<String, usize> = BTreeMap::new();
    let mut fights: BTreeMap<String, usize> = BTreeMap::new();
    let mut techniques: BTreeMap<String, usize> = BTreeMap::new();
    let (mut candidates, mut asked) = (0usize, 0usize);
    for n in &names {
        let stem = format!("{dir}/{}", n.trim_end_matches(".txt"));
        let facts = std::fs::read_to_string(format!("{stem}.txt")).unwrap_or_default();
        let fact = |k: &str| -> f64 {
            facts
                .lines()
                .find_map(|l| l.strip_prefix(k).map(|v| v.trim().parse().unwrap_or(0.0)))
                .unwrap_or(0.0)
        };
        let size = fact("size ") as u32;
        let e = per_size.entry(size).or_default();
        e.0 += 1;
        e.1 += fact("positions ") as usize;
        e.4 += fact("seconds ");
        candidates += fact("candidates ") as usize;
        asked += fact("asked ") as usize;
        if let Some(r) = facts.lines().find_map(|l| l.strip_prefix("rejected ")) {
            for kv in r.split_whitespace() {
                if let Some((k, v)) = kv.split_once('=') {
                    *rejected.entry(k.into()).or_insert(0) += v.parse::<usize>().unwrap_or(0);
                }
            }
        }
        let sgf = std::fs::read_to_string(format!("{stem}.sgf")).unwrap_or_default();
        let mut from_positions: HashSet<String> = HashSet::new();
        for r in Exercise::read_all(&sgf) {
            let mut ex = r.unwrap_or_else(|e| fail(&format!("{stem}.sgf: {e}")));
            // The source line ends "#<local hash> @<move>".
            let (source, tail) = ex.source.rsplit_once(" #").unwrap_or((&ex.source, ""));
            let (lh, at) = tail.split_once(" @").unwrap_or((tail, ""));
            let (lh, at) = (lh.to_string(), at.to_string());
            ex.source = source.to_string();
            if !keys.insert(ex.key.clone()) || !locals.insert(lh) {
                *rejected.entry("Same".into()).or_insert(0) += 1;
                continue;
            }
            from_positions.insert(at);
            *fights.entry(ex.fight.key().into()).or_insert(0) += 1;
            let t = ex.right[0].technique.map_or("-", |t| t.key());
            *techniques.entry(t.into()).or_insert(0) += 1;
            text.push_str(&ex.to_sgf());
            text.push('\n');
            e.3 += 1;
        }
        e.2 += from_positions.len();
    }
    write(&out, &text);
    println!("| board | games | positions scanned | positions that gave a problem | problems | seconds |");
    println!("|---|---|---|---|---|---|");
    for (s, (g, p, w, n, secs)) in &per_size {
        println!(
            "| {s}×{s} | {g} | {p} | {w} ({:.1} %) | {n} | {secs:.0} |",
            100.0 * *w as f64 / (*p).max(1) as f64
        );
    }
    println!("candidates {candidates}, asked {asked}; not problems: {rejected:?}");
    println!("fights {fights:?}");
    println!("techniques of the right lines {techniques:?}");
}

fn write(path: &str, text: &str) {
    if let Some(dir) = std::path::Path::new(path).parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
}

/// The problem file `--in` (or the positional one): its name and its text.
fn input_file(a: &Args) -> (String, String) {
    let input = a
        .get("in")
        .or_else(|| a.positional())
        .map(str::to_string)
        .unwrap_or_else(|| fail("a problem file is needed (--in)"));
    let text = std::fs::read_to_string(&input).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
    (input, text)
}

/// Grades every problem of `--in` (or the positional file); writes them graded to `--out`, or
/// (`report`) prints each one's grade and what each level did.
fn grade_file(a: &Args, report: bool) {
    let (input, text) = input_file(a);
    let threads: usize = a.num("threads", 1);
    let with_max = a.get("max") != Some("no");
    let problems: Vec<Exercise> = Exercise::read_all(&text)
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.unwrap_or_else(|e| fail(&format!("{input}: problem {}: {e}", i + 1))))
        .collect();
    let net = network();
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let graded: Mutex<Vec<(usize, Option<Level>, String)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(e) = problems.get(i) else {
                    break;
                };
                let right: Vec<Point> = e.right.iter().map(|l| l.first).collect();
                let seed =
                    u64::from_str_radix(e.key.trim_start_matches("th-"), 16).unwrap_or(i as u64);
                let marked = e.marked();
                let (mut g, mut seen) = grade::grade(
                    &net,
                    &e.board,
                    e.to_play,
                    &right,
                    &marked,
                    RANKED,
                    seed,
                    &mut || true,
                );
                if g.is_none() && with_max {
                    let (gm, sm) = grade::grade(
                        &net,
                        &e.board,
                        e.to_play,
                        &right,
                        &marked,
                        &[Level::Strongest],
                        seed,
                        &mut || true,
                    );
                    g = gm;
                    seen.extend(sm);
                }
                let said = seen
                    .iter()
                    .map(|(l, t)| format!("{} {}/{}", l.key(), t.right, t.tries))
                    .collect::<Vec<_>>()
                    .join(", ");
                if i.is_multiple_of(50) {
                    eprintln!(
                        "[{:>6.0}s] {i}/{}",
                        start.elapsed().as_secs_f64(),
                        problems.len()
                    );
                }
                graded.lock().unwrap().push((i, g, said));
            });
        }
    });
    let mut graded = graded.into_inner().unwrap();
    graded.sort_by_key(|g| g.0);
    let mut by_band: BTreeMap<String, usize> = BTreeMap::new();
    let mut text = String::new();
    for (i, g, said) in &graded {
        let e = &problems[*i];
        let band = g.map_or("none".to_string(), |l| format!("{:?}", band_of(l)));
        *by_band.entry(band).or_insert(0) += 1;
        if report {
            // How loud the right first moves are (`bot::ranked::Salience`: 0 takes or saves …
            // 3 quiet) and how many moves a wrong answer can be.
            let fight = Fight::around(&e.board, &e.marked());
            let loud: Vec<u8> = e
                .right
                .iter()
                .map(|l| salience(&e.board, &fight, e.to_play, l.first) as u8)
                .collect();
            println!(
                "{:>3} {:<28} {:>4}  loud {loud:?} wrong {}  {said}",
                i + 1,
                e.source,
                g.map_or("—", |l| l.key()),
                e.wrong.len()
            );
        }
        if let Some(l) = g {
            let mut e = e.clone();
            e.grade = Some(*l);
            text.push_str(&e.to_sgf());
            text.push('\n');
        }
    }
    if let Some(out) = a.get("out") {
        write(out, &text);
    }
    println!(
        "graded {} problems in {:.0} s with {threads} threads: {by_band:?}",
        problems.len(),
        start.elapsed().as_secs_f64()
    );
}

/// At most `per` of `all`, the kinds of fight in turn (in scan order within a kind), so that a
/// band with more than it ships is not all captures.
fn balanced(all: &[Exercise], per: usize) -> Vec<&Exercise> {
    let mut kinds: Vec<Vec<&Exercise>> = Vec::new();
    for e in all {
        match kinds.iter_mut().find(|k| k[0].fight == e.fight) {
            Some(k) => k.push(e),
            None => kinds.push(vec![e]),
        }
    }
    let mut chosen = Vec::new();
    for i in 0.. {
        if chosen.len() >= per || kinds.iter().all(|k| k.len() <= i) {
            break;
        }
        for k in &kinds {
            if let Some(&e) = k.get(i) {
                if chosen.len() < per {
                    chosen.push(e);
                }
            }
        }
    }
    chosen
}

/// The band files: `25-21.sgf` … `dan.sgf`.
fn bands(a: &Args) {
    let input = a.path("in");
    let out = a.path("out");
    let per: usize = a.num("per-band", 400);
    let text = std::fs::read_to_string(&input).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
    let mut by: BTreeMap<Band, Vec<Exercise>> = BTreeMap::new();
    for r in Exercise::read_all(&text) {
        let e = r.unwrap_or_else(|e| fail(&format!("{input}: {e}")));
        let Some(g) = e.grade else { continue };
        // Problems scanned before `make` checked its lines against the game's superko.
        let mut e = e;
        e.wrong
            .retain(|l| make::legal_line(&e.board, e.to_play, Move::Play(l.first), &l.rest));
        if e.wrong.is_empty()
            || !e
                .right
                .iter()
                .all(|l| make::legal_line(&e.board, e.to_play, Move::Play(l.first), &l.rest))
        {
            continue;
        }
        by.entry(band_of(g)).or_default().push(e);
    }
    // Before the cap: the mean grade of the problems by the technique their right line shows.
    let mut by_technique: BTreeMap<&str, (usize, i32)> = BTreeMap::new();
    for e in by.values().flatten() {
        let t = e
            .right
            .first()
            .and_then(|l| l.technique)
            .map_or("(plain)", |t| t.key());
        let k = e.grade.map_or(0, grade::kyu_of);
        let entry = by_technique.entry(t).or_insert((0, 0));
        entry.0 += 1;
        entry.1 += k;
    }
    println!("| technique of the right line | graded | mean grade (kyu) |");
    println!("|---|---|---|");
    for (t, (n, sum)) in &by_technique {
        println!("| {t} | {n} | {:.1} |", f64::from(*sum) / *n as f64);
    }
    println!();
    println!("| band | problems | 9×9 | 13×13 | 19×19 | capture | escape | race | kill | live |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for b in Band::ALL {
        let all = by.remove(&b).unwrap_or_default();
        let chosen = balanced(&all, per);
        let count = |f: &dyn Fn(&Exercise) -> bool| chosen.iter().filter(|e| f(e)).count();
        let (lo, hi) = b.grades();
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            if b == Band::Dan {
                "段".to_string()
            } else {
                format!("{lo}–{hi} 级")
            },
            chosen.len(),
            count(&|e| e.board.size().get() == 9),
            count(&|e| e.board.size().get() == 13),
            count(&|e| e.board.size().get() == 19),
            count(&|e| e.fight == scan::Fight::Capture),
            count(&|e| e.fight == scan::Fight::Escape),
            count(&|e| e.fight == scan::Fight::Race),
            count(&|e| e.fight == scan::Fight::Kill),
            count(&|e| e.fight == scan::Fight::Live),
        );
        let mut text = String::new();
        for e in chosen {
            text.push_str(&e.to_sgf());
            text.push('\n');
        }
        write(&format!("{out}/{}", b.file()), &text);
    }
}

/// `grade-builtin`: the grader on the 40 built-in problems, sets we composed by hand in order
/// of difficulty (吃子 1–14, 手筋 1–14, 死活 1–12): each set cut in three levels by position
/// (first, middle, last third), and the mean grade of each level in kyu — the README's check
/// that the grades follow the level.
fn grade_builtin() {
    use shoutan::learn::builtin::SETS;
    use shoutan::learn::Problem;
    let net = network();
    println!("| set | level | problems | grades (kyu; – none of 25–1 级) | mean of those graded |");
    println!("|---|---|---|---|---|");
    for set in SETS {
        let problems = Problem::read_all(set.sgf).unwrap_or_else(|e| fail(&format!("{e:?}")));
        let n = problems.len();
        for level in 0..3 {
            let (lo, hi) = (level * n / 3, (level + 1) * n / 3);
            let mut grades = Vec::new();
            for (i, p) in problems.iter().enumerate().take(hi).skip(lo) {
                let (g, _) = grade::grade_problem(&net, p, RANKED, 53 + i as u64, &mut || true);
                grades.push(g.map(grade::kyu_of));
            }
            let graded: Vec<i32> = grades.iter().flatten().copied().collect();
            let mean = if graded.is_empty() {
                "–".to_string()
            } else {
                format!(
                    "{:.1}",
                    graded.iter().sum::<i32>() as f64 / graded.len() as f64
                )
            };
            println!(
                "| {} | {} ({}–{}) | {} | {} | {mean} |",
                set.name_en,
                level + 1,
                lo + 1,
                hi,
                hi - lo,
                grades
                    .iter()
                    .map(|g| g.map_or("–".to_string(), |k| k.to_string()))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
}

/// `grade-hand --in tests/tihai/graded-by-hand.sgf`: the grader on the set we composed by hand
/// per technique (`XT`) and level (`XH`, the level we judge it, not the grader's) on framed 9×9
/// boards: each problem's grade in kyu (– where none of 25–1 级 plays it: not graded, left out
/// of the mean as 题海 leaves such a problem out), and the mean grade per technique and level, then per level over all techniques — the
/// README's check that the grades follow the level. Each problem is graded with the seed its
/// name gives ([`hand_seed`]: adding a problem does not move the others' grades), as
/// `tests/graded_by_hand.rs` grades them. Before the table, a line a problem: its grade,
/// what each level tried did, and the moves 25 级 and 1 级 play there in ten tries (why a
/// problem grades against its level: the network's favourite elsewhere, a pass, …).
fn grade_hand(a: &Args) {
    use shoutan::learn::Problem;
    use shoutan::record::sgf;
    let (input, text) = input_file(a);
    let net = network();
    let start = Instant::now();
    const LEVELS: [&str; 3] = ["25k", "20k", "10k"];
    // (technique, level) → the grades, in kyu (0: beyond 1 级).
    let mut cells: BTreeMap<(String, usize), Vec<Option<i32>>> = BTreeMap::new();
    for (i, t) in sgf::game_trees(&text).into_iter().enumerate() {
        let bad = |e: String| -> ! { fail(&format!("{input}: problem {}: {e}", i + 1)) };
        let (tree, _) = sgf::parse(t).unwrap_or_else(|e| bad(format!("{e:?}")));
        let root = tree.node(tree.root());
        let tech = root.first("XT").unwrap_or_else(|| bad("no XT".into()));
        let level = root
            .first("XH")
            .and_then(|h| LEVELS.iter().position(|l| *l == h))
            .unwrap_or_else(|| bad("no XH of 25k, 20k or 10k".into()));
        let p = Problem::from_tree(&tree).unwrap_or_else(|e| bad(e.to_string()));
        let seed = hand_seed(&p.name);
        let (g, seen) = grade::grade_problem(&net, &p, RANKED, seed, &mut || true);
        let right = shoutan::learn::tihai::set_grade::right_points(&p, None);
        // Why: what the weakest and the strongest ranked opponent play there, ten tries each.
        let game = grade::game_of(p.start().board(), p.to_move);
        let plays = |level: Level| {
            let mut count: BTreeMap<String, u32> = BTreeMap::new();
            for t in 0..grade::TRIES {
                let mv = grade::level_move(
                    &net,
                    &game,
                    &p.marked,
                    level,
                    seed + u64::from(t),
                    &mut || true,
                );
                let v = mv.map_or("pass".to_string(), |q| p.size.vertex(q));
                *count.entry(v).or_insert(0) += 1;
            }
            let mut c: Vec<(String, u32)> = count.into_iter().collect();
            c.sort_by_key(|x| std::cmp::Reverse(x.1));
            c.iter()
                .map(|(v, n)| format!("{v}×{n}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "{:<8} {:<7} {:>3}  grade {:>3}  right {}  {}  | 25k plays {} | 1k plays {}",
            p.name.rsplit(' ').next().unwrap_or(""),
            tech,
            LEVELS[level],
            g.map_or("–".to_string(), |l| l.key().to_string()),
            right
                .iter()
                .map(|&q| p.size.vertex(q))
                .collect::<Vec<_>>()
                .join(" "),
            seen.iter()
                .map(|(l, t)| format!("{} {}/{}", l.key(), t.right, t.tries))
                .collect::<Vec<_>>()
                .join(", "),
            plays(Level::Kyu25),
            plays(Level::Kyu1),
        );
        cells
            .entry((tech.to_string(), level))
            .or_default()
            .push(g.map(grade::kyu_of));
    }
    println!();
    // The mean of those graded: a problem none of 25–1 级 plays is not graded (题海 does not
    // ship one), the network's blind spot rather than a grade.
    let mean = |gs: &[Option<i32>]| {
        let graded: Vec<i32> = gs.iter().flatten().copied().collect();
        if graded.is_empty() {
            "–".to_string()
        } else {
            format!(
                "{:.1}",
                graded.iter().sum::<i32>() as f64 / graded.len() as f64
            )
        }
    };
    let shown = |gs: &[Option<i32>]| {
        gs.iter()
            .map(|g| g.map_or("–".to_string(), |k| k.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("| technique | level (ours) | problems | grades (kyu; – none of 25–1 级) | mean of those graded |");
    println!("|---|---|---|---|---|");
    let mut per_level: BTreeMap<usize, Vec<Option<i32>>> = BTreeMap::new();
    for ((tech, level), gs) in &cells {
        println!(
            "| {tech} | {} | {} | {} | {} |",
            LEVELS[*level],
            gs.len(),
            shown(gs),
            mean(gs)
        );
        per_level.entry(*level).or_default().extend(gs);
    }
    for (level, gs) in &per_level {
        println!(
            "| all | {} | {} | {} | {} |",
            LEVELS[*level],
            gs.len(),
            shown(gs),
            mean(gs)
        );
    }
    println!(
        "graded {} problems in {:.0} s",
        per_level.values().map(Vec::len).sum::<usize>(),
        start.elapsed().as_secs_f64()
    );
}

/// The grading seed of a problem of the hand-made set: its name hashed (FNV-1a), so that a
/// problem keeps its grade wherever it stands in the file (`tests/graded_by_hand.rs` too).
fn hand_seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

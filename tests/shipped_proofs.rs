//! Everything we ship, proved (issue 52, part 3): every built-in problem (`src/learn/problems/`)
//! and every capture task of the rules course, read by the reader (`learn::proof`): the file's
//! right first moves proved, every other legal first move in the region refuted. A problem whose
//! answer is refuted, or where another move works too, fails the build with the reader's lines.
//! Also what the check says of files that are wrong, of moves that also work, of a budget too
//! small, and of problems that are no question.
//!
//! `PROOFS_SHOW=1 cargo test --profile ci --test shipped_proofs -- --nocapture` prints every
//! problem's region, nodes and lines.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use shoutan::bot::reader::{Kind, Outcome, DEFAULT_BUDGET};
use shoutan::learn::builtin::SETS;
use shoutan::learn::course::{Ask, LESSONS};
use shoutan::learn::proof::{
    aim_in_words, check, check_task, judge, question, right_first_moves, Aim, Check, Checked,
    NotAQuestion,
};
use shoutan::learn::Problem;
use shoutan::rules::{BoardSize, Move};

fn vertex(size: BoardSize, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => size.vertex(p),
    }
}

fn line(size: BoardSize, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| vertex(size, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The check in words, with every line, for a failure message.
fn said(size: BoardSize, c: &Checked) -> String {
    let tried = |t: &shoutan::bot::reader::Tried| {
        format!("{} then {}", vertex(size, t.first), line(size, &t.line))
    };
    match &c.check {
        Check::Proved(k) => format!("proved ({k:?})"),
        Check::WrongAnswer {
            refutation,
            instead,
        } => format!(
            "the file's answer is refuted: {}; what works: {}",
            refutation.as_ref().map_or("no right move".into(), tried),
            instead.iter().map(tried).collect::<Vec<_>>().join("; ")
        ),
        Check::AlsoRight { kind, moves } => format!(
            "also right ({kind:?}), add to the file: {}",
            moves.iter().map(tried).collect::<Vec<_>>().join("; ")
        ),
        Check::Unknown {
            marked_proved,
            undecided,
        } => format!(
            "unknown (the file's answer proved: {marked_proved}); undecided: {}",
            line(size, undecided)
        ),
    }
}

fn show(size: BoardSize, name: &str, c: &Checked) {
    if std::env::var_os("PROOFS_SHOW").is_none() {
        return;
    }
    println!(
        "{name}: {:?}, region of {} points, {} nodes: {}",
        c.asked.aim,
        c.asked.question.region.points().len(),
        c.answer.nodes,
        said(size, c)
    );
    for t in c.answer.moves.iter().filter(|t| t.outcome != Outcome::Loss) {
        println!(
            "  {} {:?}: {}",
            vertex(size, t.first),
            t.outcome,
            line(size, &t.line)
        );
    }
}

#[test]
fn every_shipped_problem_and_capture_task_is_proved() {
    let start = Instant::now();
    let mut failures = Vec::new();
    let (mut problems, mut tasks, mut nodes) = (0, 0, 0);
    for set in SETS {
        for p in Problem::read_all(set.sgf).unwrap() {
            problems += 1;
            let c = match check(&p, DEFAULT_BUDGET) {
                Ok(c) => c,
                Err(e) => {
                    failures.push(format!("{}: no question: {e}", p.name));
                    continue;
                }
            };
            nodes += c.answer.nodes;
            show(p.size, &p.name, &c);
            if !matches!(c.check, Check::Proved(_)) {
                failures.push(format!("{}: {}", p.name, said(p.size, &c)));
            }
            // The check can fail: each wrong first move the file lists, given as the answer,
            // is found refuted.
            for s in p.tree.iter().filter(|s| !s.right) {
                let wrong = judge(&[s.mv], &c.answer);
                if !matches!(wrong, Check::WrongAnswer { .. }) {
                    failures.push(format!(
                        "{}: the wrong move {} is not refuted",
                        p.name,
                        vertex(p.size, s.mv)
                    ));
                }
            }
        }
    }
    for lesson in LESSONS {
        for task in lesson.tasks.iter().filter(|t| t.ask == Ask::Capture) {
            tasks += 1;
            let size = task.position().size();
            match check_task(task, DEFAULT_BUDGET) {
                Ok(c) => {
                    nodes += c.answer.nodes;
                    show(size, task.en, &c);
                    if !matches!(c.check, Check::Proved(Kind::Clean)) {
                        failures.push(format!("{}: {}", task.en, said(size, &c)));
                    }
                }
                Err(e) => failures.push(format!("{}: no question: {e}", task.en)),
            }
        }
    }
    println!(
        "proved {problems} built-in problems and {tasks} capture tasks: {nodes} nodes in {:.2} s",
        start.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(problems >= 40, "{problems} built-in problems");
    assert_eq!(tasks, 4, "the course's capture tasks");
}

/// A problem of one tree in SGF, Black to play on 7×7.
fn one(text: &str) -> Problem {
    Problem::read_all(text).unwrap().remove(0)
}

fn at(p: &Problem, v: &str) -> Move {
    Move::Play(p.size.parse_vertex(v).unwrap())
}

/// 吃子 1's position (the white stone at D4 has one liberty, D3) with the file's answer swapped:
/// C3 marked right, D3 wrong.
const SWAPPED: &str = "(;GM[1]SZ[7]XG[capture]PL[B]AB[dc][cd][ed]AW[dd]TR[dd]\
    (;B[ce]C[RIGHT])(;B[de]BM[1]))";

#[test]
fn a_refuted_answer_is_found_with_its_refutation_and_the_move_that_works() {
    let p = one(SWAPPED);
    let c = check(&p, DEFAULT_BUDGET).unwrap();
    let Check::WrongAnswer {
        refutation: Some(r),
        instead,
    } = &c.check
    else {
        panic!("{}", said(p.size, &c));
    };
    assert_eq!(r.first, at(&p, "C3"));
    assert_eq!(r.outcome, Outcome::Loss);
    // White's refutation starts by getting out at D3.
    assert_eq!(r.line.first(), Some(&at(&p, "D3")));
    assert_eq!(
        instead.iter().map(|t| t.first).collect::<Vec<_>>(),
        vec![at(&p, "D3")]
    );
}

#[test]
fn another_move_that_works_is_also_right_with_its_line() {
    // The black stone at D4 has two liberties, D5 and D3, and nothing stops either extension
    // (the file gives only D3).
    let p = one("(;GM[1]SZ[7]XG[escape]PL[B]AB[dd]AW[cd][ed]TR[dd]\
        (;B[de]C[RIGHT])(;B[ce]BM[1]))");
    let c = check(&p, DEFAULT_BUDGET).unwrap();
    let Check::AlsoRight { kind, moves } = &c.check else {
        panic!("{}", said(p.size, &c));
    };
    assert_eq!(*kind, Kind::Clean);
    assert!(moves.iter().any(|t| t.first == at(&p, "D5")));
    assert!(moves.iter().all(|t| t.first != at(&p, "D3")));
    // Given D5 too, and every other move that works, the file is proved.
    let mut right = right_first_moves(&p);
    right.extend(moves.iter().map(|t| t.first));
    assert_eq!(judge(&right, &c.answer), Check::Proved(Kind::Clean));
}

#[test]
fn a_budget_too_small_leaves_the_answer_unknown() {
    let p = one(SWAPPED
        .replace("(;B[ce]C[RIGHT])(;B[de]BM[1])", "(;B[de]C[RIGHT])")
        .as_str());
    let c = check(&p, 3).unwrap();
    assert!(
        matches!(
            c.check,
            Check::Unknown {
                marked_proved: false,
                ..
            }
        ),
        "{}",
        said(p.size, &c)
    );
    // With its budget it is proved.
    assert_eq!(
        check(&p, DEFAULT_BUDGET).unwrap().check,
        Check::Proved(Kind::Clean)
    );
}

#[test]
fn a_problem_that_is_no_question_says_why() {
    let no = |text: &str| question(&one(text), DEFAULT_BUDGET).map(|a| a.aim);
    let pt = |v: &str| BoardSize::new(7).unwrap().parse_vertex(v).unwrap();
    // No XG and a question that names no goal.
    assert_eq!(
        no("(;SZ[7]C[做一做]AB[dc][cd]AW[dd](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::NoGoal)
    );
    // The marks: an empty point, one's own stone for a capture, two chains.
    assert_eq!(
        no("(;SZ[7]XG[capture]AB[dc]AW[dd]TR[aa](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::MarkedEmpty(pt("A7")))
    );
    assert_eq!(
        no("(;SZ[7]XG[capture]AB[dc]AW[dd]TR[dc](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::WrongColour(pt("D5")))
    );
    assert_eq!(
        no("(;SZ[7]XG[capture]AB[dc]AW[dd][ff]TR[dd][ff](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::SeveralChains)
    );
    // Nothing marked and no white stone to capture.
    assert_eq!(
        no("(;SZ[7]C[黑先吃]AB[dc](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::NoTarget)
    );
    // A crop that cuts the marked stone's liberties off (VW: the columns A–D only).
    assert_eq!(
        no("(;SZ[7]XG[capture]VW[aa:dg]AB[dc]AW[dd]TR[dd](;B[de]C[RIGHT]))"),
        Err(NotAQuestion::OpenRegion(pt("D4")))
    );
    // Without XG the words say it, and without marks the weakest white chain is the target.
    let p = one("(;SZ[7]C[黑先，吃掉白子]AB[dc][cd][ed]AW[dd](;B[de]C[RIGHT]))");
    let asked = question(&p, DEFAULT_BUDGET).unwrap();
    assert_eq!((asked.aim, asked.target), (Aim::Capture, pt("D4")));
    assert_eq!(
        check(&p, DEFAULT_BUDGET).unwrap().check,
        Check::Proved(Kind::Clean)
    );
}

#[test]
fn life_and_death_reads_the_enclosed_region_and_an_open_fight_the_stones_box() {
    let sets: Vec<Vec<Problem>> = SETS
        .iter()
        .map(|s| Problem::read_all(s.sgf).unwrap())
        .collect();
    // 死活 1: the black group on the lower edge, its three points of eye space, walled in.
    let life = &sets[2][0];
    let asked = question(life, DEFAULT_BUDGET).unwrap();
    assert_eq!(asked.aim, Aim::Live);
    assert_eq!(asked.question.region.points().len(), 10);
    // 死活 7: a capture asked of a group walled in is a kill.
    let kill = &sets[2][6];
    assert_eq!(question(kill, DEFAULT_BUDGET).unwrap().aim, Aim::Kill);
    // 吃子 1: the stones' box (C–E, 3–5) with a line around it.
    let open = &sets[0][0];
    let asked = question(open, DEFAULT_BUDGET).unwrap();
    assert_eq!(asked.aim, Aim::Capture);
    let region = asked.question.region.points();
    assert_eq!(region.len(), 25);
    for v in ["B2", "F6", "D4"] {
        assert!(region.contains(&open.size.parse_vertex(v).unwrap()), "{v}");
    }
    assert!(!region.contains(&open.size.parse_vertex("A1").unwrap()));
}

#[test]
fn the_goal_is_read_from_the_words_where_the_file_has_no_xg() {
    for (q, aim) in [
        ("黑先活", Some(Aim::Live)),
        ("白先杀", Some(Aim::Kill)),
        ("黒先白死", Some(Aim::Kill)),
        ("死活题：黑先做活", Some(Aim::Live)),
        ("Black to play and live", Some(Aim::Live)),
        ("White to kill", Some(Aim::Kill)),
        ("黑先，吃掉△白子。", Some(Aim::Capture)),
        (
            "Black to play: capture the marked stones",
            Some(Aim::Capture),
        ),
        ("救出△黑子", Some(Aim::Escape)),
        ("Black to play: save the marked stone", Some(Aim::Escape)),
        ("黑先", None),
    ] {
        assert_eq!(aim_in_words(q), aim, "{q}");
    }
}

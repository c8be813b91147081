//! 技巧课 (issue 54): every lesson file reads, every task is proved, the English has no Chinese
//! outside the README's glossary, the order and keys are unique, and the README's list of the
//! lessons is the files' own. `LESSONS_SHOW=1 cargo test --profile ci --test lessons --
//! --nocapture` prints what the reader proves of every task.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use shoutan::learn::lessons::check::{self, area_of, line_after, shape_points, Proof};
use shoutan::learn::lessons::{Area, Ask, Fight, Lesson, Mark, Shape, Task, FILES, QUIZ_TASKS};
use shoutan::rules::{Board, BoardSize, Colour, Move};

const README: &str = include_str!("../src/learn/lessons/README.md");

fn lessons() -> Vec<Lesson> {
    FILES
        .iter()
        .map(|(name, text)| Lesson::read(name, text).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn cjk(s: &str) -> bool {
    s.chars().any(|c| {
        ('\u{3400}'..='\u{9fff}').contains(&c)
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    })
}

#[test]
fn every_lesson_file_reads_is_listed_and_in_order() {
    let ls = lessons();
    // Every file in the folder is listed, and every listed name is a file there.
    let on_disk: BTreeSet<String> = std::fs::read_dir("src/learn/lessons")
        .unwrap()
        .filter_map(|e| {
            let n = e.ok()?.file_name().into_string().ok()?;
            n.strip_suffix(".lesson").map(String::from)
        })
        .collect();
    let listed: BTreeSet<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(on_disk, listed, "src/learn/lessons/*.lesson against FILES");
    // Numbered 1, 2, 3 … in FILES' order; keys unique.
    for (i, l) in ls.iter().enumerate() {
        assert_eq!(
            l.number as usize,
            i + 1,
            "{}: the number in its place",
            l.key
        );
    }
    let keys: BTreeSet<&str> = ls.iter().map(|l| l.key.as_str()).collect();
    assert_eq!(keys.len(), ls.len(), "the keys are unique");
    for l in &ls {
        assert!(
            (6..=10).contains(&l.tasks.len()),
            "{}: {} tasks (6–10)",
            l.key,
            l.tasks.len()
        );
        assert_eq!(l.quiz.len(), QUIZ_TASKS, "{}: the quiz", l.key);
        assert!(l.example.len() >= 3, "{}: an example of a few steps", l.key);
        assert_eq!(l.example_plays(), Ok(()), "{}: the example's moves", l.key);
        for t in l.tasks.iter().chain(&l.quiz) {
            let g = t.board.game();
            for m in &t.marks {
                assert!(g.size().contains(m.point()), "{} line {}", l.key, t.line);
            }
            for m in &t.right {
                if let Move::Play(p) = m {
                    assert!(
                        g.board().is_empty(*p),
                        "{} line {}: a right move on a stone",
                        l.key,
                        t.line
                    );
                }
            }
        }
    }
}

fn vertex(size: BoardSize, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => size.vertex(p),
    }
}

fn show(l: &Lesson, t: &Task) {
    if std::env::var_os("LESSONS_SHOW").is_none() {
        return;
    }
    let size = t.board.size;
    let mut out = format!("{} line {}: {:?}", l.key, t.line, check::check(t));
    if let Some(q) = check::question(t) {
        let a = shoutan::bot::reader::read(&q).unwrap();
        out += &format!(" verdict {:?}, {} nodes", a.verdict, a.nodes);
        for tr in &a.moves {
            if tr.outcome != shoutan::bot::reader::Outcome::Loss {
                let line: Vec<String> = tr.line.iter().map(|&m| vertex(size, m)).collect();
                out += &format!(
                    "\n   {} {:?}: {}",
                    vertex(size, tr.first),
                    tr.outcome,
                    line.join(" ")
                );
            }
        }
    }
    println!("{out}");
}

#[test]
fn every_task_is_proved() {
    let mut failures = Vec::new();
    let mut n = 0;
    for l in lessons() {
        for t in l.tasks.iter().chain(&l.quiz) {
            n += 1;
            show(&l, t);
            if let Proof::Wrong(why) = check::check(t) {
                failures.push(format!("{} line {}: {why}", l.key, t.line));
            }
            // A fight's wrong answers have the reader's refutation: a reply to play.
            if let Some(q) = check::question(t) {
                let a = shoutan::bot::reader::read(&q).unwrap();
                for tr in a.moves.iter().filter(|tr| !t.is_right(tr.first)) {
                    if tr.first != Move::Pass && tr.line.is_empty() {
                        failures.push(format!(
                            "{} line {}: no refutation of {}",
                            l.key,
                            t.line,
                            vertex(t.board.size, tr.first)
                        ));
                    }
                }
            }
        }
    }
    println!("{n} tasks");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The glossary: the words of the README between its markers, one a line (`- 气 (qi): …`).
fn glossary() -> Vec<String> {
    let a = README.find("<!-- glossary -->").expect("glossary marker");
    let b = README.find("<!-- /glossary -->").expect("glossary end");
    README[a..b]
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .filter_map(|l| l.split_whitespace().next())
        .map(String::from)
        .collect()
}

#[test]
fn the_english_has_no_chinese_outside_the_glossary() {
    let words = glossary();
    assert!(words.len() >= 3, "{words:?}");
    let mut bad = Vec::new();
    for l in lessons() {
        let mut texts = vec![&l.title.en, &l.text.en];
        texts.extend(l.example.iter().map(|s| &s.say.en));
        for t in l.tasks.iter().chain(&l.quiz) {
            texts.push(&t.say.en);
            texts.push(&t.hint.en);
        }
        for s in texts {
            let mut rest = s.clone();
            for w in &words {
                rest = rest.replace(w.as_str(), "");
            }
            if cjk(&rest) {
                bad.push(format!("{}: {s}", l.key));
            }
        }
        // And the Chinese is Chinese.
        assert!(cjk(&l.title.zh) && cjk(&l.text.zh), "{}", l.key);
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The README's table of the lessons, as the files make it.
fn table() -> String {
    let mut s = String::from(
        "| # | key | 课 | lesson | tasks | quiz | checked by |\n|---|---|---|---|---|---|---|\n",
    );
    for l in lessons() {
        let mut kinds: Vec<&str> = l
            .tasks
            .iter()
            .chain(&l.quiz)
            .map(|t| match t.ask {
                Ask::Fight(f) => match f {
                    Fight::Capture(_) => "reader: capture",
                    Fight::Escape(_) => "reader: escape",
                    Fight::CaptureEither(..) => "reader: capture-either",
                    Fight::Kill(_) => "reader: kill",
                    Fight::Live(_) => "reader: live",
                    Fight::Race { .. } => "reader: race",
                },
                Ask::Shape(..) => "shape_points",
                Ask::Place(_) => "area_of",
            })
            .collect();
        kinds.sort();
        kinds.dedup();
        s += &format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            l.number,
            l.key,
            l.title.zh,
            l.title.en,
            l.tasks.len(),
            l.quiz.len(),
            kinds.join(", ")
        );
    }
    s
}

#[test]
fn the_readme_lists_the_lessons_with_their_task_counts() {
    let a = README.find("<!-- lessons -->").expect("lessons marker") + "<!-- lessons -->\n".len();
    let b = README.find("<!-- /lessons -->").expect("lessons end");
    let want = table();
    // `LESSONS_WRITE_README=1` writes the table in (then look at the diff and commit it).
    if std::env::var_os("LESSONS_WRITE_README").is_some() && README[a..b] != want {
        let text = format!("{}{want}{}", &README[..a], &README[b..]);
        std::fs::write("src/learn/lessons/README.md", text).unwrap();
        return;
    }
    assert!(
        README[a..b] == want,
        "the README's list is stale (LESSONS_WRITE_README=1 writes it): put this between its markers\n{want}"
    );
}

// The checks can fail.

const GOOD: &str = "title: 打吃\ntitle.en: Atari\ntext: 只剩一口气。\ntext.en: One liberty left.\n\
[example]\nboard: (;SZ[7]AB[cd][dc][ed]AW[dd])\nsay: 白只剩一口气。\nsay.en: White has one liberty.\n\
play: B D3\nsay: 提掉了。\nsay.en: Taken.\n\
[task]\nboard: (;SZ[7]PL[B]AB[cd][dc][ed]AW[dd])\nask: capture D4\nright: D3\nmarks: △D4\n\
say: 黑先：吃掉白子。\nsay.en: Black to play: capture.\nhint: 白子只有一口气。\nhint.en: One liberty.\n";

#[test]
fn a_wrong_file_says_its_line() {
    assert!(Lesson::read("01-t", GOOD).is_ok());
    let e = |text: &str| Lesson::read("01-t", text).unwrap_err();
    assert_eq!(
        e(&GOOD.replace("ask: capture D4", "ask: capture Z9")).line,
        14
    );
    assert_eq!(e(&GOOD.replace("right: D3\n", "")).line, 12);
    assert_eq!(e(&GOOD.replace("marks: △D4", "marks: ☆D4")).line, 16);
    assert_eq!(e(&GOOD.replace("hint.en", "hint.fr")).line, 20);
    assert_eq!(e(&GOOD.replace("play: B D3", "play: D3")).line, 9);
    assert!(Lesson::read("1-t", GOOD).is_err());
    assert!(Lesson::read("00-t", GOOD).is_err());
}

#[test]
fn a_wrong_answer_in_a_file_is_found() {
    let l = Lesson::read("01-t", GOOD).unwrap();
    assert_eq!(
        check::check(&l.tasks[0]),
        Proof::Proved(Some(shoutan::bot::reader::Kind::Clean))
    );
    let wrong = Lesson::read("01-t", &GOOD.replace("right: D3", "right: C3")).unwrap();
    assert!(matches!(check::check(&wrong.tasks[0]), Proof::Wrong(_)));
    // One right move left out is found too.
    let both = Lesson::read("01-t", &GOOD.replace("right: D3", "right: D3 C3")).unwrap();
    assert!(matches!(check::check(&both.tasks[0]), Proof::Wrong(_)));
    // The refutation of a wrong move: White gets out at D3.
    let size = l.tasks[0].board.size;
    let c3 = Move::Play(size.parse_vertex("C3").unwrap());
    let tr = line_after(&l.tasks[0], c3).unwrap();
    assert_eq!(
        tr.line.first(),
        Some(&Move::Play(size.parse_vertex("D3").unwrap()))
    );
}

#[test]
fn shapes_and_places_are_what_go_players_call_them() {
    let size = BoardSize::new(9).unwrap();
    let p = |v: &str| size.parse_vertex(v).unwrap();
    let mut b = Board::new(size);
    b.place_setup(Colour::Black, p("C3"));
    b.place_setup(Colour::White, p("D3"));
    let names = |b: &Board, shape: Shape, at: &str| {
        let mut v: Vec<String> = shape_points(b, shape, p(at), Colour::Black)
            .into_iter()
            .map(|q| size.vertex(q))
            .collect();
        v.sort();
        v.join(" ")
    };
    assert_eq!(names(&b, Shape::Extend, "C3"), "B3 C2 C4");
    assert_eq!(names(&b, Shape::Descend, "C3"), "B3 C2");
    assert_eq!(names(&b, Shape::Diagonal, "C3"), "B2 B4 D2 D4");
    assert_eq!(names(&b, Shape::Jump, "C3"), "A3 C1 C5");
    assert_eq!(names(&b, Shape::Knight, "C3"), "A2 A4 B1 B5 D1 D5 E2 E4");
    // 挡: next to White's D3 and to a black stone.
    assert_eq!(names(&b, Shape::Block, "D3"), "");
    b.place_setup(Colour::Black, p("E4"));
    assert_eq!(names(&b, Shape::Block, "D3"), "D4 E3");
    let big = BoardSize::NINETEEN;
    let q = |v: &str| big.parse_vertex(v).unwrap();
    assert_eq!(area_of(big, q("D4")), Area::Corner);
    assert_eq!(area_of(big, q("Q16")), Area::Corner);
    assert_eq!(area_of(big, q("D10")), Area::Side);
    assert_eq!(area_of(big, q("K10")), Area::Centre);
    // F6 is on the 6th line both ways: the centre on 19×19 (a corner is lines 1–5).
    assert_eq!(area_of(big, q("F6")), Area::Centre);
    assert_eq!(area_of(size, p("C3")), Area::Corner);
}

#[test]
fn marks_read_in_both_spellings() {
    let l = Lesson::read(
        "01-t",
        &GOOD.replace("marks: △D4", "marks: TR:D4 A:C3 ×E5 B:E3"),
    )
    .unwrap();
    let size = l.tasks[0].board.size;
    let p = |v: &str| size.parse_vertex(v).unwrap();
    assert_eq!(
        l.tasks[0].marks,
        vec![
            Mark::Triangle(p("D4")),
            Mark::Letter('A', p("C3")),
            Mark::Cross(p("E5")),
            Mark::Letter('B', p("E3"))
        ]
    );
}

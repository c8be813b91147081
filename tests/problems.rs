//! The built-in problem sets, verified by the core: each problem's right line is legal and
//! meets its goal (the marked stones captured, alive beyond doubt by Benson's test, or out
//! with three liberties), and every listed wrong first move, followed by its refutation,
//! fails the same test. Also the problem reader on others' conventions.

use shoutan::learn::{builtin::SETS, goal_met, Answer, Attempt, Convention, Problem, Step};
use shoutan::rules::Colour;
use shoutan::rules::{Game, Move};

/// Plays a line (the first branch at every step after `first`) and returns the position.
fn play_line(p: &Problem, first: &Step) -> Game {
    let mut g = p.start();
    let mut step = first;
    loop {
        g.play(step.colour, step.mv).unwrap_or_else(|e| {
            panic!(
                "{}: {:?} {:?} is illegal: {e:?}",
                p.name, step.colour, step.mv
            )
        });
        match step.next.first() {
            Some(n) => step = n,
            None => return g,
        }
    }
}

#[test]
fn every_built_in_problem_is_right_where_it_says_and_wrong_where_it_says() {
    let mut total = 0;
    for set in SETS {
        let problems = Problem::read_all(set.sgf).unwrap_or_else(|e| panic!("{}: {e}", set.key));
        for p in &problems {
            total += 1;
            assert!(p.goal.is_some(), "{}: no goal", p.name);
            assert!(!p.marked.is_empty(), "{}: nothing marked", p.name);
            // Not already done before the first move.
            assert!(
                !goal_met(p, &p.start()),
                "{}: solved before it starts",
                p.name
            );
            let rights: Vec<&Step> = p.tree.iter().filter(|s| s.right).collect();
            let wrongs: Vec<&Step> = p.tree.iter().filter(|s| !s.right).collect();
            assert!(!rights.is_empty(), "{}: no right line", p.name);
            assert!(!wrongs.is_empty(), "{}: no wrong move listed", p.name);
            for s in rights {
                let g = play_line(p, s);
                assert!(
                    goal_met(p, &g),
                    "{}: the right line fails\n{}",
                    p.name,
                    g.board().to_ascii()
                );
            }
            for s in wrongs {
                let g = play_line(p, s);
                assert!(
                    !goal_met(p, &g),
                    "{}: the wrong move works\n{}",
                    p.name,
                    g.board().to_ascii()
                );
            }
            // Solved through an attempt as the app does it: the hint at every step.
            let mut a = Attempt::new(p.clone());
            let mut last = None;
            for _ in 0..20 {
                let hint = a.hint().unwrap_or_else(|| panic!("{}: no hint", p.name));
                last = Some(a.play(hint));
                if last != Some(Answer::Continue { reply: None })
                    && !matches!(last, Some(Answer::Continue { .. }))
                {
                    break;
                }
            }
            assert_eq!(last, Some(Answer::Right), "{}", p.name);
            // And failed by its first wrong move.
            let mut a = Attempt::new(p.clone());
            let wrong = p.tree.iter().find(|s| !s.right).unwrap().mv;
            assert!(matches!(a.play(wrong), Answer::Wrong { .. }), "{}", p.name);
        }
    }
    assert!(total >= 40, "{total} built-in problems");
}

#[test]
fn problems_as_others_write_them() {
    // A corner problem with VW, a comment-only node, RIGHT in a comment, a TE move, a BM move,
    // an unmarked dead end (wrong), and a move off the tree.
    let text = "(;GM[1]FF[4]SZ[19]PL[B]AB[aa][ba]AW[ab][bb][cb]VW[aa:ff]C[Black to play]\
        (;B[ca]TE[1];W[da];B[ac]C[Correct!])\
        (;C[a comment node](;B[ac]BM[1];W[ca]))\
        (;B[dd];W[ca]))";
    let p = Problem::read_all(text).unwrap().remove(0);
    assert_eq!(p.view, Some((0, 5, 0, 5)));
    assert_eq!(p.question, "Black to play");
    assert_eq!(
        p.tree.len(),
        3,
        "the comment node's move stands in its place"
    );
    assert!(p.tree[0].right);
    assert!(!p.tree[1].right && p.tree[1].bad);
    assert!(!p.tree[2].right, "a line that does not end right is wrong");
    let size = p.size;
    let at = |v: &str| Move::Play(size.parse_vertex(v).unwrap());
    let mut a = Attempt::new(p.clone());
    assert_eq!(a.hint(), Some(at("C19")));
    assert!(matches!(
        a.play(at("C19")),
        Answer::Continue { reply: Some(_) }
    ));
    assert_eq!(a.play(at("A17")), Answer::Right);
    let mut b = Attempt::new(p.clone());
    assert_eq!(b.play(at("Q4")), Answer::Wrong { reply: None });
    b.retry();
    assert!(matches!(b.play(at("A19")), Answer::Illegal(_)));
    assert_eq!(p.solution().len(), 3);
    // Broken files say so.
    assert!(Problem::read_all("(;GM[1]SZ[9]AB[zz](;B[aa]))").is_err());
    assert!(
        Problem::read_all("(;GM[1]SZ[9]AB[aa])").is_err(),
        "no solution tree"
    );
}

#[test]
fn the_teachers_comments_on_a_wrong_branch_are_what_the_attempt_says() {
    // The wrong first move and its refutation carry the teacher's words (and a marker word,
    // which is not repeated to the pupil).
    let text = "(;GM[1]FF[4]SZ[9]PL[B]AB[aa][ba]AW[ab][bb][cb]C[黑先]\
        (;B[ca];W[da];B[ac]C[正解])\
        (;B[ac]C[失败\n这样白可以在 C9 打吃。];W[ca]C[白提掉两子。]))";
    let p = Problem::read_all(text).unwrap().remove(0);
    let at = |v: &str| Move::Play(p.size.parse_vertex(v).unwrap());
    let mut a = Attempt::new(p.clone());
    assert!(matches!(a.play(at("A7")), Answer::Wrong { reply: Some(_) }));
    assert_eq!(a.said, vec!["这样白可以在 C9 打吃。", "白提掉两子。"]);
    a.retry();
    assert!(a.said.is_empty());
    assert!(matches!(a.play(at("C9")), Answer::Continue { .. }));
    assert!(a.said.is_empty(), "no words on the right line's first move");
    assert_eq!(a.play(at("A7")), Answer::Right);
    assert!(a.said.is_empty(), "a marker word alone is not repeated");
}

/// A problem file of the data set (tests/data/problems: written for these tests in the ways the
/// public collections write theirs).
fn problems(name: &str) -> Vec<Problem> {
    let text = std::fs::read_to_string(format!("tests/data/problems/{name}")).unwrap();
    Problem::read_all(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The "Ten Thousand Tsumego" way (Cho Chikun's encyclopedias as CGoban wrote them): the setup,
/// the solution as the main line, no marks at all, "Black to play" on the first move's node.
#[test]
fn a_main_line_problem_is_solved_by_its_line_and_failed_by_any_other_move() {
    let p = problems("cho-elementary-style.sgf").remove(0);
    assert_eq!(p.convention, Convention::MainLine);
    assert_eq!(p.question, "Black to play: Elementary");
    assert_eq!(p.to_move, Colour::Black);
    assert!(
        p.tree[0].comment.is_empty(),
        "the question is not also the first move's comment"
    );
    // Cropped to the lower right corner, with a margin, out to the edges.
    assert_eq!(p.view, Some((12, 18, 12, 18)));
    let at = |v: &str| Move::Play(p.size.parse_vertex(v).unwrap());
    let mut a = Attempt::new(p.clone());
    assert_eq!(a.hint(), Some(at("S1")));
    assert_eq!(
        a.play(at("S1")),
        Answer::Continue {
            reply: Some((Colour::White, at("R1")))
        }
    );
    assert_eq!(a.play(at("Q1")), Answer::Right);
    let mut b = Attempt::new(p.clone());
    assert_eq!(b.play(at("O1")), Answer::Wrong { reply: None });
    assert_eq!(p.solution().len(), 3);
}

/// Lee Changho's tesuji as the collections write them: White to play (PL and the root's 白先).
#[test]
fn a_white_to_play_problem_is_cropped_to_its_corner() {
    let p = problems("lee-tesuji-style.sgf").remove(0);
    assert_eq!((p.to_move, p.question.as_str()), (Colour::White, "白先"));
    assert_eq!(p.convention, Convention::MainLine);
    assert_eq!(p.view, Some((0, 8, 0, 5)));
    let mut a = Attempt::new(p.clone());
    let at = |v: &str| Move::Play(p.size.parse_vertex(v).unwrap());
    assert!(matches!(a.play(at("F19")), Answer::Continue { .. }));
    assert_eq!(a.play(at("G18")), Answer::Right);
}

/// Many problems in one file, each its own tree (a Chinese 死活题 collection).
#[test]
fn a_collection_in_one_file_is_a_set() {
    let set = problems("chinese-collection.sgf");
    assert_eq!(set.len(), 2);
    assert_eq!(
        (set[0].name.as_str(), set[0].question.as_str()),
        ("死活 1", "黑先活")
    );
    assert_eq!(set[0].to_move, Colour::Black);
    assert_eq!(
        (set[1].question.as_str(), set[1].to_move),
        ("白先杀", Colour::White)
    );
    for p in &set {
        assert_eq!(p.convention, Convention::MainLine);
        let mut a = Attempt::new(p.clone());
        let mut last = None;
        while let Some(h) = a.hint() {
            last = Some(a.play(h));
            if last == Some(Answer::Right) {
                break;
            }
        }
        assert_eq!(last, Some(Answer::Right), "{}", p.name);
    }
}

/// A Japanese file: 黒先白死, the right end 正解, the wrong ends 失敗 — today's marked rules.
#[test]
fn japanese_marks_are_read() {
    let p = problems("japanese-marked.sgf").remove(0);
    assert_eq!(p.convention, Convention::Marked);
    assert_eq!(p.to_move, Colour::Black);
    assert_eq!(
        p.tree.iter().map(|s| s.right).collect::<Vec<_>>(),
        [true, false, false]
    );
    assert!(p.view.is_some());
}

/// Only the wrong lines marked: the unmarked line is right.
#[test]
fn a_file_that_marks_only_wrong_lines_has_the_others_right() {
    let p = problems("wrong-only.sgf").remove(0);
    assert_eq!(p.convention, Convention::WrongMarked);
    assert_eq!(
        p.tree.iter().map(|s| s.right).collect::<Vec<_>>(),
        [false, true]
    );
    assert_eq!(p.view, None, "a 9×9 problem is shown whole");
}

#[test]
fn who_plays_is_read_from_the_question_in_three_languages() {
    use shoutan::learn::problem::says_to_move;
    for (q, c) in [
        ("黑先活", Some(Colour::Black)),
        ("黒先", Some(Colour::Black)),
        ("白先劫", Some(Colour::White)),
        ("White to play and live", Some(Colour::White)),
        ("Black to kill", Some(Colour::Black)),
        ("做活", None),
    ] {
        assert_eq!(says_to_move(q), c, "{q}");
    }
    // And with no PL and no move to tell, the question gives the player to move.
    let p = Problem::read_all("(;SZ[9]AB[aa]AW[ba]C[白先](;W[ab]C[正解]))").unwrap();
    assert_eq!(p[0].to_move, Colour::White);
}

/// A solution line too deep to be a problem is refused with its reason, not read by recursion.
#[test]
fn a_bottomless_file_is_refused() {
    let mut text = String::from("(;SZ[19]");
    for i in 0..2000 {
        text += &format!(
            ";{}[{}{}]",
            if i % 2 == 0 { "B" } else { "W" },
            (b'a' + (i % 19) as u8) as char,
            (b'a' + (i / 19 % 19) as u8) as char
        );
    }
    text += ")";
    assert_eq!(
        Problem::read_all(&text),
        Err(shoutan::learn::ProblemError::TooDeep)
    );
}

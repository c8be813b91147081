//! The built-in problem sets, verified by the core: each problem's right line is legal and
//! meets its goal (the marked stones captured, alive beyond doubt by Benson's test, or out
//! with three liberties), and every listed wrong first move, followed by its refutation,
//! fails the same test. Also the problem reader on others' conventions.

use shoutan::learn::{builtin::SETS, goal_met, Answer, Attempt, Problem, Step};
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

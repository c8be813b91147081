//! Help after a wrong answer in a technique lesson, as the rules course gives it
//! ([`crate::learn::help`]): the first wrong answer draws the marks — the stones the task is
//! about and their liberties — and shows the opponent's refutation of the pupil's move (from
//! the reader's line); the second gives the file's hint; the third plays the answer out with
//! the opponent's best resistance (the reader's line again) and the task is done.

use super::check::line_after;
use super::{Ask, Fight, Task};
use crate::learn::help::{Marks, Step};
use crate::rules::{Colour, Game, Move, Point};

/// The most moves of a reader's line played out on the board.
pub const LINE_SHOWN: usize = 8;

/// What the help says and draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskHelp {
    pub step: Step,
    pub marks: Marks,
    /// The pupil's wrong move and the opponent's reply to it (the refutation's first move),
    /// where the reader has one: drawn numbered 1 and 2 on the task's board.
    pub refuted: Option<(Move, Option<Move>)>,
    /// The stones the task is about: their colour and liberties now (a fight's).
    pub liberties: Option<(Colour, u32)>,
}

/// The stones a fight is about (the first, for a race or a double atari: the opponent's).
pub fn target(task: &Task) -> Option<Point> {
    match task.ask {
        Ask::Fight(Fight::Capture(p) | Fight::Escape(p) | Fight::Kill(p) | Fight::Live(p)) => {
            Some(p)
        }
        Ask::Fight(Fight::CaptureEither(p, _)) => Some(p),
        Ask::Fight(Fight::Race { theirs, .. }) => Some(theirs),
        Ask::Shape(_, p) => Some(p),
        Ask::Place(_) => None,
    }
}

/// The help after `wrong` wrong answers (at least one), the last of them `tried`.
pub fn help(task: &Task, wrong: u32, tried: Option<Move>) -> TaskHelp {
    let step = Step::after(wrong);
    let g = task.board.game();
    let board = g.board();
    let mut marks = Marks::default();
    let mut liberties = None;
    if let (Some(p), Ask::Fight(_)) = (target(task), task.ask) {
        if let Some(c) = board.colour_at(p) {
            marks.chain = board.chain(p);
            marks.liberties = board.liberties(p);
            liberties = Some((c, marks.liberties.len() as u32));
        }
    }
    let refuted = match (step, tried) {
        (Step::Explain, Some(m)) => {
            let reply = line_after(task, m).and_then(|t| t.line.first().copied());
            Some((m, reply))
        }
        _ => None,
    };
    if let Some((m, reply)) = refuted {
        let mut n = vec![];
        if let Move::Play(p) = m {
            n.push((p, 1));
        }
        if let Some(Move::Play(p)) = reply {
            n.push((p, 2));
        }
        marks.numbered = n;
    }
    if step == Step::Answer {
        marks.ring = task.right.iter().find_map(|m| match m {
            Move::Play(p) => Some(*p),
            Move::Pass => None,
        });
        marks.liberties.clear();
    }
    TaskHelp {
        step,
        marks,
        refuted,
        liberties,
    }
}

/// The game after `first` and the reader's line from it (the opponent's refutation after a
/// wrong move, its best resistance after a right one), at most [`LINE_SHOWN`] moves in all.
pub fn played_out(task: &Task, first: Move) -> Game {
    let mut g = task.board.game();
    let c = task.board.to_move;
    if g.play(c, first).is_err() {
        return g;
    }
    if let Some(t) = line_after(task, first) {
        let mut colour = c.opponent();
        for m in t.line.into_iter().take(LINE_SHOWN - 1) {
            if g.play(colour, m).is_err() {
                break;
            }
            colour = colour.opponent();
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::lessons::Lesson;

    fn task() -> Task {
        let text = "title: 打吃\ntitle.en: Atari\ntext: 一口气。\ntext.en: One liberty.\n\
            [example]\nboard: (;SZ[7]AB[cd][dc][ed]AW[dd])\nsay: 看。\nsay.en: Look.\n\
            [task]\nboard: (;SZ[7]PL[B]AB[cd][dc][ed]AW[dd])\nask: capture D4\nescape: 3\n\
            right: D3\nsay: 吃。\nsay.en: Capture.\nhint: 一口气。\nhint.en: One liberty.\n";
        Lesson::read("01-t", text).unwrap().tasks.remove(0)
    }

    #[test]
    fn the_help_goes_from_the_refutation_to_the_hint_to_the_answer() {
        let t = task();
        let size = t.board.size;
        let p = |v: &str| size.parse_vertex(v).unwrap();
        let first = help(&t, 1, Some(Move::Play(p("C3"))));
        assert_eq!(first.step, Step::Explain);
        // The white stone and its one liberty; the pupil's C3 and White's reply, D3.
        assert_eq!(first.marks.chain, vec![p("D4")]);
        assert_eq!(first.marks.liberties, vec![p("D3")]);
        assert_eq!(first.liberties, Some((Colour::White, 1)));
        assert_eq!(
            first.refuted,
            Some((Move::Play(p("C3")), Some(Move::Play(p("D3")))))
        );
        assert_eq!(first.marks.numbered, vec![(p("C3"), 1), (p("D3"), 2)]);
        let second = help(&t, 2, Some(Move::Play(p("C3"))));
        assert_eq!((second.step, second.refuted), (Step::Hint, None));
        let third = help(&t, 3, None);
        assert_eq!(
            (third.step, third.marks.ring),
            (Step::Answer, Some(p("D3")))
        );
        // The answer played out: D3 takes the stone.
        let g = played_out(&t, Move::Play(p("D3")));
        assert!(g.board().is_empty(p("D4")));
        // A wrong move played out: White gets out at D3.
        let g = played_out(&t, Move::Play(p("C3")));
        assert_eq!(g.board().colour_at(p("D3")), Some(Colour::White));
    }
}

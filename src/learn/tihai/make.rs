//! From a candidate fight to a problem: the frame, the reader's answer, the test that exactly
//! one first move (or two) works while the moves a pupil would try fail, and the lines with
//! their techniques and sentences.

use super::exercise::{canonical_hash, target_of, Exercise, Line};
use super::frame::{self, FrameError};
use super::scan::{Candidate, Fight};
use super::technique::{self, play_out};
use super::words;
use crate::bot::reader::{self, Answer, Kind, Outcome, Question, Verdict};
use crate::rules::{Board, Colour, Move, Point};

/// The reader's node budget while looking for problems (a problem that needs more is too
/// slow to prove in CI, and seldom one for a child).
pub const SCAN_BUDGET: u64 = 30_000;

/// At most this many right first moves ("exactly one, or a small set").
pub const MAX_RIGHT: usize = 2;

/// At most this many wrong first moves with their refutations.
pub const MAX_WRONG: usize = 5;

/// Why a candidate did not become a problem (counted by the generator).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Rejected {
    Frame(FrameError),
    /// The reader could not take the question (a target with a liberty outside the region).
    Question,
    /// The reader ran out of budget.
    Unknown,
    /// Nothing works.
    Refuted,
    /// Only by ko or seki.
    NotClean,
    /// Too many first moves work (or passing does: nothing to solve).
    TooManyRight,
    /// No move a pupil would try fails.
    NothingWrong,
    /// The same as a problem found before.
    Same,
    /// A right line the game would not allow (it repeats a whole-board position, which the
    /// reader's local search does not see: 禁止全局同形再现).
    Repeats,
}

/// Whether `first` and then `rest` can be played from `b` with `me` to move under the game's
/// own rules (the whole-board superko included).
pub fn legal_line(b: &Board, me: Colour, first: Move, rest: &[Move]) -> bool {
    let mut g = super::grade::game_of(b, me);
    std::iter::once(first).chain(rest.iter().copied()).all(|m| {
        let c = g.to_move();
        g.play(c, m).is_ok()
    })
}

/// The framed position and the question on it.
pub fn framed_question(
    board: &Board,
    cand: &Candidate,
    black_owns: &[f32],
) -> Result<Question, Rejected> {
    let framed =
        frame::frame(board, &cand.region, black_owns, cand.wall).map_err(Rejected::Frame)?;
    // The goal's stones must be there as they were.
    let t = target_of(cand.goal);
    if framed.colour_at(t) != board.colour_at(t) || framed.chain(t).len() != board.chain(t).len() {
        return Err(Rejected::Question);
    }
    Ok(Question::new(framed, cand.to_play, cand.goal)
        .region(cand.region.clone())
        .budget(SCAN_BUDGET))
}

/// The reader's answer to the question, if it is a problem: proved cleanly, every first move
/// decided, one or two right first moves (not a pass).
pub fn read_problem(q: &Question) -> Result<Answer, Rejected> {
    let a = reader::read(q).map_err(|_| Rejected::Question)?;
    match a.verdict {
        Verdict::Unknown => return Err(Rejected::Unknown),
        Verdict::Refuted => return Err(Rejected::Refuted),
        Verdict::Proved(Kind::Clean) => {}
        Verdict::Proved(_) => return Err(Rejected::NotClean),
    }
    if !a.is_complete() {
        return Err(Rejected::Unknown);
    }
    let wins = a.winning();
    if wins.is_empty() || wins.len() > MAX_RIGHT || wins.contains(&Move::Pass) {
        return Err(Rejected::TooManyRight);
    }
    Ok(a)
}

/// The moves a pupil would try: the network's favourites (`policy`, best first), the target
/// chain's liberties and the empty points next to them, in the region.
pub fn plausible(q: &Question, policy: &[Point], top: usize) -> Vec<Point> {
    let b = &q.board;
    let size = b.size();
    let t = target_of(q.goal);
    let mut out: Vec<Point> = policy
        .iter()
        .copied()
        .filter(|&p| q.region.contains(p))
        .take(top)
        .collect();
    let mut next_to: Vec<Point> = b.liberties(t);
    for l in b.liberties(t) {
        for n in size.neighbours(l) {
            let p = Point(n as u16);
            if size.contains(p) && b.is_empty(p) && !next_to.contains(&p) {
                next_to.push(p);
            }
        }
    }
    next_to.retain(|&p| q.region.contains(p));
    for p in next_to {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Trailing passes off a line (two passes end the fight; nothing to show).
fn trimmed(line: &[Move]) -> Vec<Move> {
    let mut v = line.to_vec();
    while v.last() == Some(&Move::Pass) {
        v.pop();
    }
    v
}

/// The problem from a proved answer: its right lines and, for each plausible first move that
/// loses, the refutation.
pub fn exercise(
    q: &Question,
    answer: &Answer,
    fight: Fight,
    plausible: &[Point],
) -> Result<Exercise, Rejected> {
    let me = q.to_play;
    let them = me.opponent();
    let b = &q.board;
    let target = target_of(q.goal);
    let ours = match q.goal {
        reader::Goal::Race { ours, .. } => Some(ours),
        _ => None,
    };
    let escape = q.escape_liberties as usize;
    let kill = fight == Fight::Kill;
    let capture_target = matches!(fight, Fight::Capture | Fight::Race).then_some(target);
    let mut right = Vec::new();
    for first in answer.winning() {
        let Move::Play(p) = first else {
            continue;
        };
        let t = answer.tried(first).ok_or(Rejected::Unknown)?;
        let rest = trimmed(&t.line);
        if !legal_line(b, me, first, &rest) {
            return Err(Rejected::Repeats);
        }
        let steps = play_out(b, me, first, &rest);
        let technique = technique::recognise(&steps, me, capture_target, kill);
        let end = words::ending(b, &steps, target, ours, escape);
        let (zh, en) = words::right(fight, me, technique, end, &steps);
        right.push(Line {
            first: p,
            rest,
            technique,
            zh,
            en,
        });
    }
    let mut wrong = Vec::new();
    for &p in plausible {
        if wrong.len() >= MAX_WRONG {
            break;
        }
        let Some(t) = answer.tried(Move::Play(p)) else {
            continue;
        };
        if t.outcome != Outcome::Loss {
            continue;
        }
        let rest = trimmed(&t.line);
        if rest.is_empty() || !legal_line(b, me, Move::Play(p), &rest) {
            continue;
        }
        let steps = play_out(b, me, Move::Play(p), &rest);
        // The opponent's technique, read from its reply on.
        let theirs = if steps.len() > 1 {
            let their_target = match fight {
                Fight::Escape | Fight::Live => Some(target),
                Fight::Race => ours,
                _ => None,
            };
            technique::recognise(&steps[1..], them, their_target, fight == Fight::Live)
        } else {
            None
        };
        let end = words::ending(b, &steps, target, ours, escape);
        let (zh, en) = words::wrong(fight, me, theirs, end);
        wrong.push(Line {
            first: p,
            rest,
            technique: theirs,
            zh,
            en,
        });
    }
    if wrong.is_empty() {
        return Err(Rejected::NothingWrong);
    }
    let size = b.size();
    Ok(Exercise {
        key: format!("th-{:016x}", canonical_hash(b, me)),
        board: b.clone(),
        to_play: me,
        fight,
        goal: q.goal,
        region: q.region.clone(),
        view: frame::view(size, &q.region, 1),
        grade: None,
        right,
        wrong,
        source: String::new(),
    })
}

/// A hash of the problem's neighbourhood only (the region and two lines around it, the rest
/// of the board left empty), the same under turns and colour swap: problems from the same
/// fight a few moves apart differ only in their frames, and are one problem.
pub fn local_hash(q: &Question) -> u64 {
    let size = q.board.size();
    let near = super::scan::around(size, &q.region.points(), 2);
    let mut b = Board::new(size);
    for (c, p) in q.board.stones() {
        if near.contains(p) {
            b.place_setup(c, p);
        }
    }
    // The region's shape counts too: a marker stone can't, so the hash of the region is mixed
    // in (its points in every turn).
    let mut h = canonical_hash(&b, q.to_play);
    let mut region_h = u64::MAX;
    for s in crate::rules::symmetry::Symmetry::ALL {
        let mut x: u64 = 0;
        for p in q.region.points() {
            let i = s.apply(size, p).index() as u64;
            x ^= i
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left((i % 61) as u32);
        }
        region_h = region_h.min(x);
    }
    h ^= region_h;
    let _ = Colour::Black;
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tihai::board;
    use crate::learn::tihai::scan;

    #[test]
    fn a_stone_in_atari_on_a_settled_board_is_a_problem_with_its_lines() {
        // White E5 is in atari at E4, and White owns the bottom of the board: Black must take
        // it now, or it runs home.
        let b = board(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . X . . . .",
            ". . . X O X . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let size = b.size();
        let own: Vec<f32> = (0..81)
            .map(|i| if i / 9 < 5 { 0.8 } else { -0.8 })
            .collect();
        let target = size.parse_vertex("E5").unwrap();
        let cand = scan::candidates(&b, Colour::Black)
            .into_iter()
            .find(|c| c.goal == reader::Goal::Capture(target))
            .expect("the white stone is a capture candidate");
        let q = framed_question(&b, &cand, &own).expect("frames");
        let a = read_problem(&q).unwrap_or_else(|e| panic!("{e:?}\n{}", q.board.to_ascii()));
        let e = exercise(&q, &a, cand.fight, &plausible(&q, &[], 3)).expect("lines");
        let right: Vec<String> = e.right.iter().map(|l| size.vertex(l.first)).collect();
        assert_eq!(right, ["E4"], "{}", q.board.to_ascii());
        assert_eq!(e.right[0].zh, "直接提掉1颗白子。");
        assert!(!e.wrong.is_empty());
        for w in &e.wrong {
            assert!(w.zh.starts_with("不对。") && w.en.starts_with("Not this one."));
            assert!(!w.rest.is_empty());
        }
        // It reads back and proves again under its own question.
        let back = Exercise::from_sgf(&e.to_sgf()).unwrap();
        let again = reader::read(&back.question(200_000)).unwrap();
        assert_eq!(again.winning(), vec![Move::Play(e.right[0].first)]);
        for w in &back.wrong {
            assert_eq!(
                again.tried(Move::Play(w.first)).unwrap().outcome,
                Outcome::Loss
            );
        }
    }
}

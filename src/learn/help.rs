//! Help after a wrong answer, in a lesson or a built-in problem: what the board shows, found by
//! the rules, in three steps — the first wrong answer gets a sentence and marks (the chain and
//! its liberties, the point that may not be played and why), the second the way (a ring on the
//! point to try, the count carried on), the third the answer with its reason. The words are the
//! screen's: [`Fact`] says what happened, [`Marks`] what to draw. Pure Rust, tested natively.

use super::course::{Ask, Task};
use super::{Goal, Problem};
use crate::rules::{Colour, Game, Move, PlayError, Point, Territory};

/// How far the help has gone: after one wrong answer, two, three or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    Explain,
    Hint,
    Answer,
}

impl Step {
    /// The step after `wrong` wrong answers (at least one).
    pub fn after(wrong: u32) -> Step {
        match wrong {
            0 | 1 => Step::Explain,
            2 => Step::Hint,
            _ => Step::Answer,
        }
    }
}

/// What happened on the board, for the help's sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The chain outlined (of `colour`) has `count` liberties, dotted on the board.
    Liberties { colour: Colour, count: u32 },
    /// The stones to capture still have `count` liberties: the move did not take the last one.
    NotCaptured { colour: Colour, count: u32 },
    /// A move at `at` may not be played, for this reason (总则 第五条, 第六条).
    Refused { at: Point, why: PlayError },
    /// A move at `at` may be played: it takes `count` stones off, and then has liberties (第四条二).
    CapturesSoAllowed { at: Point, count: u32 },
    /// A move at `at` may be played: the stone has a liberty.
    HasLiberty { at: Point },
    /// The ko may be taken back at `at`: a move was played elsewhere in between, so the whole
    /// board does not come back (第六条).
    KoAfterThreat { at: Point },
    /// Black's living stones and the empty points they surround (第九条).
    Count { stones: u32, points: u32 },
    /// Black's count in half 子, and the most Black can have and still lose, in whole 子
    /// (竞赛规定 第二条: Black gives 3¾ 子).
    Komi { black_half: u32, loses_at: u32 },
    /// Playing at `at` takes the `count` stones to capture.
    CaptureAt { at: Point, count: u32 },
    /// After the move and the reply, the stones the problem is about are in atari (one liberty,
    /// dotted) or gone.
    InDanger { colour: Colour, count: u32 },
    /// The reply took `count` of the player's stones.
    ReplyCaptured { colour: Colour, count: u32 },
}

/// What the help draws on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Marks {
    /// Stones outlined: the chain the help is about.
    pub chain: Vec<Point>,
    /// Empty points dotted: the chain's liberties.
    pub liberties: Vec<Point>,
    /// Points numbered in the order counted (stones, then the points they surround).
    pub numbered: Vec<(Point, u32)>,
    /// Points shaded: Black's area.
    pub area: Vec<Point>,
    /// The point that may not be played.
    pub forbidden: Option<Point>,
    /// The point to try (the way, or the answer).
    pub ring: Option<Point>,
}

/// The help after some wrong answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    pub step: Step,
    pub fact: Fact,
    pub marks: Marks,
}

/// The most 子 Black can count and still lose: Black wins with more than half the board and
/// half the komi (3¾ 子 of 7½ points, 竞赛规定 第二条) — (n² + komi) / 2, in quarters
/// n²·2 + komi_half.
pub fn black_loses_at(size: crate::rules::BoardSize, komi_half: i32) -> u32 {
    let n = size.get() as u32;
    (n * n * 2 + komi_half.max(0) as u32) / 4
}

/// The liberties of the chains at `points` (each once, in board order).
fn liberties_of(g: &Game, points: &[Point]) -> Vec<Point> {
    let b = g.board();
    let mut libs: Vec<Point> = points
        .iter()
        .filter(|p| b.colour_at(**p).is_some())
        .flat_map(|p| b.liberties(*p))
        .collect();
    libs.sort_by_key(|p| p.index());
    libs.dedup();
    libs
}

/// The stones of the chains at `points`.
fn chains_of(g: &Game, points: &[Point]) -> Vec<Point> {
    let b = g.board();
    let mut stones: Vec<Point> = points
        .iter()
        .filter(|p| b.colour_at(**p).is_some())
        .flat_map(|p| b.chain(*p))
        .collect();
    stones.sort_by_key(|p| p.index());
    stones.dedup();
    stones
}

impl Task {
    /// The help after `wrong` wrong answers; `tried` is the point played, for a capture task.
    pub fn help(&self, wrong: u32, tried: Option<Point>) -> Help {
        let step = Step::after(wrong);
        let g = self.position();
        let c = g.to_move();
        let mut marks = Marks::default();
        let fact = match self.ask {
            Ask::Liberties(v) => {
                let at = g.size().parse_vertex(v).ok();
                let at: Vec<Point> = at.into_iter().collect();
                marks.chain = chains_of(&g, &at);
                let libs = liberties_of(&g, &at);
                let count = libs.len() as u32;
                if step == Step::Explain {
                    marks.liberties = libs;
                } else {
                    marks.numbered = libs.into_iter().zip(1..).collect();
                }
                let colour = at
                    .first()
                    .and_then(|p| g.board().colour_at(*p))
                    .unwrap_or(Colour::Black);
                Fact::Liberties { colour, count }
            }
            Ask::Capture => {
                let targets = chains_of(&g, &self.marked());
                let colour = c.opponent();
                let capture = g.size().points().find(|p| self.captures(*p));
                let refused = tried.and_then(|p| g.check(c, Move::Play(p)).err().map(|e| (p, e)));
                marks.chain = targets.clone();
                match (step, refused) {
                    (Step::Explain, Some((at, why))) => {
                        marks.forbidden = Some(at);
                        Fact::Refused { at, why }
                    }
                    (Step::Explain, None) => {
                        marks.liberties = liberties_of(&g, &targets);
                        Fact::NotCaptured {
                            colour,
                            count: marks.liberties.len() as u32,
                        }
                    }
                    _ => {
                        marks.ring = capture;
                        let at = capture.unwrap_or(targets[0]);
                        if step == Step::Hint {
                            marks.liberties = liberties_of(&g, &targets);
                        }
                        Fact::CaptureAt {
                            at,
                            count: targets.len() as u32,
                        }
                    }
                }
            }
            Ask::Allowed(v) => {
                let at = g.size().parse_vertex(v).unwrap_or(g.size().point(0, 0));
                let near = g.board().chains_next_to(at, c.opponent());
                match g.check(c, Move::Play(at)) {
                    Err(why) => {
                        marks.forbidden = Some(at);
                        if why == PlayError::Suicide {
                            marks.chain = near.clone();
                            marks.liberties = liberties_of(&g, &near);
                        }
                        Fact::Refused { at, why }
                    }
                    Ok(()) => {
                        marks.ring = Some(at);
                        let mut after = g.clone();
                        let taken = after
                            .play(c, Move::Play(at))
                            .map(|p| p.captured)
                            .unwrap_or(0);
                        marks.chain = near
                            .into_iter()
                            .filter(|p| after.board().is_empty(*p))
                            .collect();
                        // A ko taken back after moves elsewhere (the task's history).
                        if self.before.len() > 1 {
                            Fact::KoAfterThreat { at }
                        } else if taken > 0 {
                            Fact::CapturesSoAllowed { at, count: taken }
                        } else {
                            Fact::HasLiberty { at }
                        }
                    }
                }
            }
            Ask::CountBlack => {
                let area = g.area();
                let stones = g.board().stones_of(Colour::Black);
                let points: Vec<Point> = g
                    .size()
                    .points()
                    .filter(|p| g.board().is_empty(*p) && area.owner[p.index()] == Territory::Black)
                    .collect();
                let s = stones.len() as u32;
                marks.numbered = stones.iter().copied().zip(1..).collect();
                if step >= Step::Hint {
                    marks.numbered.extend(points.iter().copied().zip(s + 1..));
                }
                Fact::Count {
                    stones: s,
                    points: points.len() as u32,
                }
            }
            Ask::Winner => {
                let area = g.area();
                marks.area = g
                    .size()
                    .points()
                    .filter(|p| {
                        g.board().colour_at(*p) == Some(Colour::Black)
                            || (g.board().is_empty(*p) && area.owner[p.index()] == Territory::Black)
                    })
                    .collect();
                Fact::Komi {
                    black_half: area.black_half,
                    loses_at: black_loses_at(g.size(), g.komi_half_points()),
                }
            }
        };
        Help { step, fact, marks }
    }
}

impl Problem {
    /// What the board shows after a wrong move and its reply (`game`): the stones the problem
    /// is about in danger or not taken, or the player's stones the reply took. `None` when the
    /// rules find nothing to say.
    pub fn help_after(&self, before: &Game, game: &Game) -> Option<(Fact, Marks)> {
        let mut marks = Marks::default();
        let theirs = self.to_move.opponent();
        let taken = before.board().stones_of(self.to_move).len() as i64 + 1
            - game.board().stones_of(self.to_move).len() as i64;
        let alive: Vec<Point> = self
            .marked
            .iter()
            .copied()
            .filter(|p| game.board().colour_at(*p).is_some())
            .collect();
        marks.chain = chains_of(game, &alive);
        marks.liberties = liberties_of(game, &alive);
        let count = marks.liberties.len() as u32;
        let colour = self
            .marked
            .first()
            .map(|p| {
                if self.black.contains(p) {
                    Colour::Black
                } else {
                    Colour::White
                }
            })
            .unwrap_or(theirs);
        match self.goal {
            Some(Goal::Capture) if !marks.chain.is_empty() => {
                Some((Fact::NotCaptured { colour, count }, marks))
            }
            Some(Goal::Live | Goal::Escape) if count <= 1 || alive.len() < self.marked.len() => {
                Some((Fact::InDanger { colour, count }, marks))
            }
            _ if taken > 0 => {
                let marks = Marks::default();
                Some((
                    Fact::ReplyCaptured {
                        colour: self.to_move,
                        count: taken as u32,
                    },
                    marks,
                ))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::course::{Solution, LESSONS};
    use crate::rules::BoardSize;

    fn at(size: u32, v: &str) -> Point {
        BoardSize::new(size).unwrap().parse_vertex(v).unwrap()
    }

    fn pts(size: u32, vs: &[&str]) -> Vec<Point> {
        let mut v: Vec<Point> = vs.iter().map(|s| at(size, s)).collect();
        v.sort_by_key(|p| p.index());
        v
    }

    /// The first wrong answer in lesson 1 outlines the stone and dots its four liberties; the
    /// second numbers them; the third says the answer.
    #[test]
    fn a_wrong_liberty_count_shows_the_chain_then_numbers_its_liberties() {
        let task = LESSONS[0].tasks[0];
        let h = task.help(1, None);
        assert_eq!(h.step, Step::Explain);
        assert_eq!(h.marks.chain, pts(5, &["C3"]));
        assert_eq!(h.marks.liberties, pts(5, &["C4", "B3", "D3", "C2"]));
        assert!(
            h.marks.numbered.is_empty(),
            "the first help does not count for the child"
        );
        assert_eq!(
            h.fact,
            Fact::Liberties {
                colour: Colour::Black,
                count: 4
            }
        );
        let h = task.help(2, None);
        assert_eq!(h.step, Step::Hint);
        assert_eq!(h.marks.numbered.len(), 4);
        assert_eq!(h.marks.numbered.last().unwrap().1, 4);
        assert_eq!(task.help(3, None).step, Step::Answer);
        // Two stones, one liberty taken by White.
        let h = LESSONS[0].tasks[2].help(1, None);
        assert_eq!(h.marks.chain, pts(5, &["B3", "C3"]));
        assert_eq!(h.marks.liberties.len(), 5);
    }

    #[test]
    fn a_move_that_captures_nothing_shows_the_last_liberty_then_rings_the_capture() {
        let task = LESSONS[1].tasks[1];
        let h = task.help(1, Some(at(5, "E5")));
        assert_eq!(h.marks.chain, pts(5, &["B3", "C3"]));
        assert_eq!(h.marks.liberties, pts(5, &["D3"]));
        assert_eq!(
            h.fact,
            Fact::NotCaptured {
                colour: Colour::White,
                count: 1
            }
        );
        // On a stone: the point is refused, and marked.
        let h = task.help(1, Some(at(5, "B4")));
        assert_eq!(
            h.fact,
            Fact::Refused {
                at: at(5, "B4"),
                why: PlayError::Occupied
            }
        );
        assert_eq!(h.marks.forbidden, Some(at(5, "B4")));
        let h = task.help(2, Some(at(5, "E5")));
        assert_eq!(h.marks.ring, Some(at(5, "D3")));
        let h = task.help(3, Some(at(5, "E5")));
        assert_eq!(
            h.fact,
            Fact::CaptureAt {
                at: at(5, "D3"),
                count: 2
            }
        );
        assert!(task.captures(at(5, "D3")));
    }

    #[test]
    fn a_forbidden_point_is_marked_with_the_chains_that_keep_their_liberties() {
        let h = LESSONS[3].tasks[0].help(1, None);
        assert_eq!(
            h.fact,
            Fact::Refused {
                at: at(5, "B4"),
                why: PlayError::Suicide
            }
        );
        assert_eq!(h.marks.forbidden, Some(at(5, "B4")));
        assert_eq!(h.marks.chain, pts(5, &["B5", "A4", "C4", "B3"]));
        assert!(!h.marks.liberties.contains(&at(5, "B4")) || h.marks.liberties.len() > 1);
        // The capture that makes a move allowed outlines what it takes.
        let h = LESSONS[3].tasks[1].help(1, None);
        assert_eq!(
            h.fact,
            Fact::CapturesSoAllowed {
                at: at(5, "B1"),
                count: 2
            }
        );
        assert_eq!(h.marks.chain, pts(5, &["B2", "A1"]));
        // The ko: refused at once, allowed after a threat.
        assert!(matches!(
            LESSONS[4].tasks[0].help(1, None).fact,
            Fact::Refused {
                why: PlayError::Ko,
                ..
            }
        ));
        assert!(matches!(
            LESSONS[4].tasks[1].help(1, None).fact,
            Fact::KoAfterThreat { .. }
        ));
    }

    /// The count goes stone by stone, then point by point, and ends on the answer.
    #[test]
    fn the_count_steps_through_stones_then_points() {
        for task in LESSONS[6].tasks {
            let Solution::Number(n) = task.answer() else {
                panic!("a count")
            };
            let h = task.help(1, None);
            let Fact::Count { stones, points } = h.fact else {
                panic!("{:?}", h.fact)
            };
            assert_eq!(stones + points, n);
            assert_eq!(h.marks.numbered.len() as u32, stones);
            let h = task.help(2, None);
            assert_eq!(h.marks.numbered.len() as u32, n);
            assert_eq!(h.marks.numbered.iter().map(|x| x.1).max(), Some(n));
        }
    }

    #[test]
    fn the_komi_help_says_what_black_has_and_what_loses() {
        let h = LESSONS[7].tasks[0].help(1, None);
        // Black has four columns of 9 (36 子); 44 子 or less loses on 9×9 with 3¾.
        assert_eq!(
            h.fact,
            Fact::Komi {
                black_half: 72,
                loses_at: 44
            }
        );
        assert_eq!(h.marks.area.len(), 36);
        let Fact::Komi { black_half, .. } = LESSONS[7].tasks[1].help(1, None).fact else {
            panic!()
        };
        assert_eq!(black_half, 90);
        // The thresholds the lesson says in words are the rules' (9×9: 44, 19×19: 184).
        let komi = crate::rules::Game::new(BoardSize::NINE, crate::rules::Rules::chinese())
            .komi_half_points();
        for (n, says) in [(9, "44"), (19, "184")] {
            let loses = black_loses_at(BoardSize::new(n).unwrap(), komi).to_string();
            assert_eq!(loses, says);
            assert!(LESSONS[7].text_zh.contains(&format!("超过 {says} 子")));
        }
    }

    /// Every task of the course has help at every step, never a placeholder.
    #[test]
    fn every_task_has_help_at_every_step() {
        for lesson in LESSONS {
            for task in lesson.tasks {
                for wrong in 1..=3 {
                    let h = task.help(wrong, Some(task.position().size().point(0, 0)));
                    let drawn = h.marks != Marks::default();
                    assert!(drawn, "{} step {wrong}: nothing drawn", task.en);
                }
            }
        }
    }
}

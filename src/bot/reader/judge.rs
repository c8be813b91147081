//! The question made ready for the search, and what ends a fight: a target captured, a target
//! safe (escape liberties, a liberty outside the region, Benson's life), two passes.

use std::collections::HashMap;

use super::{Goal, Question, QuestionError, Region};
use crate::rules::scoring::pass_alive;
use crate::rules::{Board, Colour, Point};

/// What the prover (the side to move at the root) is after.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Aim {
    Capture,
    Escape,
    Kill,
    Live,
    Race,
}

/// A question checked and made ready: who attacks what.
pub(super) struct Spec {
    pub board: Board,
    /// The region's points, row by row.
    pub points: Vec<Point>,
    pub region: Region,
    /// The earlier positions, sorted (binary search).
    history: Vec<u64>,
    /// The side to move at the root.
    pub prover: Colour,
    pub aim: Aim,
    /// The chain fought over: the prover's opponent's in a capture, kill or race, the prover's
    /// own in an escape or life.
    pub target: Point,
    /// Its owner.
    pub defender: Colour,
    /// A race's own chain.
    pub ours: Option<Point>,
    /// The second chain of [`Goal::CaptureEither`] (the defender's too): taking either wins.
    pub also: Option<Point>,
    pub escape: usize,
}

impl Spec {
    pub fn new(q: &Question) -> Result<Spec, QuestionError> {
        let b = &q.board;
        if q.region.size() != b.size() {
            return Err(QuestionError::RegionSize);
        }
        if q.escape_liberties < 2 {
            return Err(QuestionError::EscapeLiberties(q.escape_liberties));
        }
        let me = q.to_play;
        // The stone the goal names must be of `want`.
        let stone = |p: Point, want: Colour| -> Result<Point, QuestionError> {
            if !b.size().contains(p) {
                return Err(QuestionError::NoStone(p));
            }
            match b.colour_at(p) {
                None => Err(QuestionError::NoStone(p)),
                Some(c) if c != want => Err(QuestionError::WrongColour(p)),
                Some(_) => Ok(p),
            }
        };
        let mut also = None;
        let (aim, target, ours) = match q.goal {
            Goal::Capture(p) => (Aim::Capture, stone(p, me.opponent())?, None),
            Goal::CaptureEither(p, r) => {
                also = Some(stone(r, me.opponent())?);
                (Aim::Capture, stone(p, me.opponent())?, None)
            }
            Goal::Escape(p) => (Aim::Escape, stone(p, me)?, None),
            Goal::Kill(p) => (Aim::Kill, stone(p, me.opponent())?, None),
            Goal::Live(p) => (Aim::Live, stone(p, me)?, None),
            Goal::Race { ours, theirs } => (
                Aim::Race,
                stone(theirs, me.opponent())?,
                Some(stone(ours, me)?),
            ),
        };
        for p in std::iter::once(target).chain(ours).chain(also) {
            if b.liberties(p).iter().any(|&l| !q.region.contains(l)) {
                return Err(QuestionError::OpenRegion(p));
            }
        }
        let mut history = q.history.clone();
        history.sort_unstable();
        Ok(Spec {
            board: b.clone(),
            points: q.region.points(),
            region: q.region.clone(),
            history,
            prover: me,
            aim,
            target,
            defender: b.colour_at(target).unwrap_or(me),
            ours,
            also,
            escape: q.escape_liberties as usize,
        })
    }

    pub fn in_history(&self, hash: u64) -> bool {
        self.history.binary_search(&hash).is_ok()
    }

    /// The chains a side attacks: where a move of `c` that takes a chain with one liberty ends
    /// the fight in its favour.
    pub fn attacked_by(&self, c: Colour) -> Option<Point> {
        if c != self.defender {
            Some(self.target)
        } else if c == self.prover.opponent() {
            self.ours
        } else {
            None
        }
    }

    /// Whether the position ends the fight, and then whether the prover has won. `benson`
    /// caches Benson's test by position.
    pub fn judge(&self, b: &Board, benson: &mut HashMap<u64, bool>) -> Option<bool> {
        let attacker_wins = self.aim != Aim::Escape && self.aim != Aim::Live;
        let t = self.target;
        if b.colour_at(t) != Some(self.defender) {
            // 总则 第四条: the target was captured.
            return Some(attacker_wins);
        }
        if let Some(o) = self.ours {
            if b.colour_at(o) != Some(self.prover) {
                return Some(false);
            }
        }
        if let Some(a) = self.also {
            // 双打: taking either chain wins; the defender holds when both are safe.
            if b.colour_at(a) != Some(self.defender) {
                return Some(attacker_wins);
            }
            let safe = |p: Point| {
                let libs = b.liberties(p);
                libs.len() >= self.escape || libs.iter().any(|&l| !self.region.contains(l))
            };
            return (safe(t) && safe(a)).then_some(!attacker_wins);
        }
        let libs = b.liberties(t);
        if libs.iter().any(|&l| !self.region.contains(l)) {
            // Nobody may play there: it can never be captured in the region's game.
            return Some(!attacker_wins);
        }
        match self.aim {
            Aim::Capture | Aim::Escape if libs.len() >= self.escape => Some(!attacker_wins),
            Aim::Kill | Aim::Live if self.alive(b, benson) => Some(!attacker_wins),
            _ => None,
        }
    }

    /// Benson's unconditional life of the target's chain, on the real board.
    fn alive(&self, b: &Board, benson: &mut HashMap<u64, bool>) -> bool {
        // Two liberties at least, or it cannot have two vital regions.
        if b.liberties(self.target).len() < 2 {
            return false;
        }
        *benson
            .entry(b.hash())
            .or_insert_with(|| pass_alive(b, self.defender)[self.target.index()])
    }

    /// Whether the prover has won when both sides have passed with nothing ended.
    pub fn after_two_passes(&self, need_life: bool) -> bool {
        match self.aim {
            // The chain is still there: not captured.
            Aim::Capture | Aim::Kill => false,
            Aim::Escape => true,
            // Not Benson-alive (judge would have ended it): seki, a win unless life was asked.
            Aim::Live => !need_life,
            // Both chains still there: seki, no win.
            Aim::Race => false,
        }
    }
}

//! The search: depth-first AND/OR with iterative deepening over a transposition table.
//!
//! Values are the prover's (the side to move at the root): at its nodes one winning move makes a
//! win, at the opponent's one refutation makes a loss. A node at the depth limit is unknown;
//! wins and losses come from the ends of fights only, so they are exact whatever the limit was,
//! and the limit grows by one until every first move is decided or the budget is spent.
//!
//! # One side obeys superko
//! In a run one side is the ko master: its moves are limited only by the board (empty, not
//! suicide). The other side may not make any earlier position (the game's history and this
//! line's). So the game is finite: every position the other side makes is new, there are
//! finitely many, and while it only passes the master's stones only grow (nothing of the
//! master's is taken while its opponent does not play; two passes end the fight).
//!
//! # The Graph History Interaction
//! A result may depend on the line that led to its position, in two ways, and the table is kept
//! from carrying either to another line:
//! - a move of the other side was refused because it made a position *above* the node on this
//!   line: `dep` is the shallowest such depth, and a result is stored only when no refusal
//!   reaches above its own node (repetitions of positions below it happen again on any line);
//! - a move the other side made in the proof would be refused on another line, because that
//!   line passed through the position it makes: each result carries `span`, the ranges of stone
//!   counts (black, white) of the positions the other side made in its proof, and a stored
//!   result is used only when no position above the node on the current line has counts in that
//!   box (equal positions have equal counts, so this can only refuse too often, never too
//!   little).
//!
//! The same holds for "unknown at this depth": an unknown from a line where a position cannot
//! be decided (a ko the master loops) must not stop the search where it can be. An unknown's
//! span also holds the positions its own node's bound mover made: taking one of those moves
//! away (another line made that position) can decide it.
//! Refusals because of the game's history are the same on every line of one reading, and the
//! table lives for one reading. Positions are compared by 64-bit Zobrist hashes in the table and
//! against the history (the caller gives hashes); a repetition on the line is confirmed stone by
//! stone.
//!
//! # When a second solve is not needed
//! Each result also says whether its proof used the master's licence (a move the other side
//! could not have made), refused the other side a move, or ended in two passes with a living
//! target left (seki). A loss whose proof did none of these is a loss under the next solve's
//! rules as well (`mod.rs`).

use std::collections::HashMap;

use super::judge::{Aim, Spec};
use super::{order, Answer, Kind, Outcome, Scope, Tried, Verdict};
use crate::rules::{Board, Colour, Move};

/// No dependency on the line above.
const NONE: u32 = u32::MAX;
/// The deepest iteration (a budget ends a reading long before on anything real).
const MAX_DEPTH: u32 = 400;
/// The longest line given with an answer.
const LINE_CAP: usize = 80;

/// The proof used the master's licence: a master move that made an earlier position.
const LICENCE: u8 = 1;
/// The other side was refused a move for repetition at a node where it had to find a move.
const REFUSED: u8 = 2;
/// Two passes ended the fight with a [`Aim::Live`] target on the board without Benson's life.
const SEKI_LEAF: u8 = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Val {
    Win,
    Loss,
    Unknown,
}

/// Stones of each colour in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Counts {
    b: u16,
    w: u16,
}

/// A box of stone counts: the positions a proof's superko-bound side made lie in it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Span {
    b: (u16, u16),
    w: (u16, u16),
}

impl Span {
    const EMPTY: Span = Span {
        b: (u16::MAX, 0),
        w: (u16::MAX, 0),
    };

    fn is_empty(&self) -> bool {
        self.b.0 > self.b.1
    }

    fn add(&mut self, c: Counts) {
        self.b = (self.b.0.min(c.b), self.b.1.max(c.b));
        self.w = (self.w.0.min(c.w), self.w.1.max(c.w));
    }

    fn join(&mut self, o: &Span) {
        if !o.is_empty() {
            self.b = (self.b.0.min(o.b.0), self.b.1.max(o.b.1));
            self.w = (self.w.0.min(o.w.0), self.w.1.max(o.w.1));
        }
    }

    fn contains(&self, c: Counts) -> bool {
        (self.b.0..=self.b.1).contains(&c.b) && (self.w.0..=self.w.1).contains(&c.w)
    }
}

/// A node's result.
#[derive(Clone, Copy, Debug)]
struct Res {
    val: Val,
    /// The shallowest depth on this line whose position a refused move would have made.
    dep: u32,
    span: Span,
    flags: u8,
    /// Moves to the end of the fight along `best`.
    dist: u16,
    /// The winner's move where the winner moves, the loser's longest resistance where it moves.
    best: Option<Move>,
}

impl Res {
    fn end(win: bool, flags: u8) -> Res {
        Res {
            val: if win { Val::Win } else { Val::Loss },
            dep: NONE,
            span: Span::EMPTY,
            flags,
            dist: 0,
            best: None,
        }
    }

    fn unknown(best: Option<Move>) -> Res {
        Res {
            val: Val::Unknown,
            dep: NONE,
            span: Span::EMPTY,
            flags: 0,
            dist: 0,
            best,
        }
    }
}

struct Entry {
    val: Val,
    /// For an unknown: the depth searched.
    depth: u32,
    span: Span,
    flags: u8,
    dist: u16,
    best: Option<Move>,
}

/// The position, the side to move and its ko point, and whether the last move was a pass.
type Key = (u64, u32);

fn key(b: &Board, to_move: Colour, prev_pass: bool) -> Key {
    let ko = b.ko_point().map_or(0, |p| p.index() as u32);
    (
        b.hash(),
        ko << 2 | (to_move.index() as u32) << 1 | prev_pass as u32,
    )
}

/// The budget is spent.
struct Spent;

/// Whether a move would make an earlier position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rep {
    No,
    History,
    /// The position at this depth of the current line.
    Line(u32),
}

/// One solve: a ko master, the level of life asked, its own table.
struct Run<'a> {
    spec: &'a Spec,
    master: Colour,
    need_life: bool,
    /// The boards of the current line, one per depth.
    boards: Vec<Board>,
    path: Vec<(u64, Counts)>,
    tt: HashMap<Key, Entry>,
    benson: HashMap<u64, bool>,
    nodes: u64,
    limit: u64,
}

fn counts(b: &Board) -> Counts {
    let [bl, wh] = b.stone_counts();
    Counts {
        b: bl as u16,
        w: wh as u16,
    }
}

fn same_stones(a: &Board, b: &Board) -> bool {
    a.size().points().all(|p| a.stone(p) == b.stone(p))
}

impl<'a> Run<'a> {
    fn new(spec: &'a Spec, master: Colour, need_life: bool, limit: u64) -> Run<'a> {
        Run {
            spec,
            master,
            need_life,
            boards: vec![spec.board.clone()],
            path: vec![(spec.board.hash(), counts(&spec.board))],
            tt: HashMap::new(),
            benson: HashMap::new(),
            nodes: 0,
            limit,
        }
    }

    fn count_node(&mut self) -> Result<(), Spent> {
        self.nodes += 1;
        if self.nodes > self.limit {
            Err(Spent)
        } else {
            Ok(())
        }
    }

    /// Copies the board at `k` to `k + 1` and returns it.
    fn child_board(&mut self, k: usize) -> &mut Board {
        if self.boards.len() <= k + 1 {
            let b = self.boards[k].clone();
            self.boards.push(b);
        } else {
            let (parents, children) = self.boards.split_at_mut(k + 1);
            children[0].clone_from(&parents[k]);
        }
        &mut self.boards[k + 1]
    }

    /// Plays `mv` of `c` from the board at `k` into `k + 1` and pushes it on the line; returns
    /// the counts of the new position.
    fn push(&mut self, k: usize, c: Colour, mv: Move) -> Counts {
        let (hash, mut n) = self.path[k];
        let b = self.child_board(k);
        match mv {
            Move::Pass => b.clear_ko(),
            Move::Play(p) => {
                let placed = b.play_unchecked(c, p);
                let (own, opp) = match c {
                    Colour::Black => (&mut n.b, &mut n.w),
                    Colour::White => (&mut n.w, &mut n.b),
                };
                *own += 1;
                *opp -= placed.captured as u16;
            }
        }
        let hash = if mv == Move::Pass { hash } else { b.hash() };
        self.path.truncate(k + 1);
        self.path.push((hash, n));
        n
    }

    /// Whether `c` at `p` (empty, not suicide) would make an earlier position.
    fn repetition(&mut self, k: usize, c: Colour, p: crate::rules::Point) -> Rep {
        let h = self.boards[k].hash_after(c, p);
        if self.spec.in_history(h) {
            return Rep::History;
        }
        let Some(j) = (0..=k).find(|&j| self.path[j].0 == h) else {
            return Rep::No;
        };
        // Confirm stone by stone (the hash alone could collide).
        let mut b = self.boards[k].clone();
        b.play_unchecked(c, p);
        match (j..=k).find(|&j| self.path[j].0 == h && same_stones(&b, &self.boards[j])) {
            Some(j) => Rep::Line(j as u32),
            None => Rep::No,
        }
    }

    /// Whether a stored result holds on the current line (see the module docs).
    fn fits(&self, span: &Span, k: usize) -> bool {
        span.is_empty() || !self.path[..k].iter().any(|&(_, c)| span.contains(c))
    }

    /// Stores a result that holds on any line through its position (see the module docs); an
    /// unknown never replaces a decided result, nor a deeper unknown.
    fn store(&mut self, key: Key, k: usize, rem: u32, r: &Res) {
        if r.dep < k as u32 {
            return;
        }
        let entry = Entry {
            val: r.val,
            depth: rem,
            span: r.span,
            flags: r.flags,
            dist: r.dist,
            best: r.best,
        };
        match self.tt.get_mut(&key) {
            Some(e) if r.val == Val::Unknown && (e.val != Val::Unknown || e.depth > rem) => {}
            Some(e) => *e = entry,
            None => {
                self.tt.insert(key, entry);
            }
        }
    }

    /// A result decided by one move of `c`: the child's, with the move's own position in the
    /// span when `c` is bound by superko, and the licence when the master repeated.
    fn by_move(&self, c: Colour, mv: Move, child: &Res, made: Counts, rep: Rep) -> Res {
        let mut span = child.span;
        let mut flags = child.flags;
        if c != self.master {
            if mv != Move::Pass {
                span.add(made);
            }
        } else if rep != Rep::No {
            flags |= LICENCE;
        }
        Res {
            val: child.val,
            dep: child.dep,
            span,
            flags,
            dist: child.dist.saturating_add(1),
            best: Some(mv),
        }
    }

    /// One-move wins found without a search: taking a chain in atari that ends the fight, or
    /// (capture and escape) a move that gives the chain the escape liberties or one outside the
    /// region.
    fn quick(&mut self, k: usize, c: Colour) -> Result<Option<Res>, Spent> {
        let mut tries = Vec::new();
        {
            let b = &self.boards[k];
            if let Some(t) = self.spec.attacked_by(c) {
                for t in std::iter::once(t).chain(self.spec.also.filter(|_| t == self.spec.target))
                {
                    if let Some(l) = b.atari_liberty(t) {
                        tries.push(l);
                    }
                }
            }
            let escapes = matches!(self.spec.aim, Aim::Capture | Aim::Escape);
            if escapes && c == self.spec.defender {
                for t in std::iter::once(self.spec.target).chain(self.spec.also) {
                    if b.colour_at(t) != Some(c) {
                        continue;
                    }
                    for s in b.chain(t) {
                        for n in b.size().neighbours(s) {
                            let q = crate::rules::Point(n as u16);
                            if b.colour_at(q) == Some(c.opponent()) {
                                if let Some(l) = b.atari_liberty(q) {
                                    tries.push(l);
                                }
                            }
                        }
                    }
                    tries.extend(b.liberties(t));
                }
            }
        }
        let mover_wins = c == self.spec.prover;
        for (i, &p) in tries.iter().enumerate() {
            if tries[..i].contains(&p) || !self.spec.region.contains(p) {
                continue;
            }
            let b = &self.boards[k];
            if !b.is_empty(p) || b.is_suicide(c, p) {
                continue;
            }
            let rep = self.repetition(k, c, p);
            if rep != Rep::No && c != self.master {
                // The full move list will refuse it again and note why.
                continue;
            }
            self.count_node()?;
            let made = self.push(k, c, Move::Play(p));
            let ended = self.spec.judge(&self.boards[k + 1], &mut self.benson);
            self.path.truncate(k + 1);
            if ended == Some(mover_wins) {
                let end = Res::end(mover_wins, 0);
                return Ok(Some(self.by_move(c, Move::Play(p), &end, made, rep)));
            }
        }
        Ok(None)
    }

    /// The node at depth `k` of the current line, searched `rem` moves deep.
    fn search(&mut self, k: usize, c: Colour, prev_pass: bool, rem: u32) -> Result<Res, Spent> {
        if let Some(win) = self.spec.judge(&self.boards[k], &mut self.benson) {
            return Ok(Res::end(win, 0));
        }
        let key = key(&self.boards[k], c, prev_pass);
        let mut hint = None;
        if let Some(e) = self.tt.get(&key) {
            // A stored unknown stands only for a search as deep as it was.
            if (e.val != Val::Unknown || e.depth >= rem) && self.fits(&e.span, k) {
                return Ok(Res {
                    val: e.val,
                    dep: NONE,
                    span: e.span,
                    flags: e.flags,
                    dist: e.dist,
                    best: e.best,
                });
            }
            hint = e.best;
        }
        if let Some(r) = self.quick(k, c)? {
            self.store(key, k, rem, &r);
            return Ok(r);
        }
        if rem == 0 {
            return Ok(Res::unknown(hint));
        }
        let mut moves: Vec<Move> = order::moves(self.spec, &self.boards[k], c)
            .into_iter()
            .map(Move::Play)
            .collect();
        moves.push(Move::Pass);
        if let Some(i) = hint.and_then(|h| moves.iter().position(|&m| m == h)) {
            moves[..=i].rotate_right(1);
        }
        let prover = c == self.spec.prover;
        let bound = c != self.master;
        let mut all = Res::end(!prover, 0);
        let mut unknown = None;
        let mut refused = false;
        // The positions this node's superko-bound mover made: taking one away could decide an
        // unknown.
        let mut made_here = Span::EMPTY;
        for mv in moves {
            let rep = match mv {
                Move::Play(p) => self.repetition(k, c, p),
                Move::Pass => Rep::No,
            };
            if rep != Rep::No && bound {
                refused = true;
                if let Rep::Line(j) = rep {
                    all.dep = all.dep.min(j);
                }
                continue;
            }
            self.count_node()?;
            let (child, made) = if mv == Move::Pass && prev_pass {
                let flags = if self.spec.aim == Aim::Live {
                    SEKI_LEAF
                } else {
                    0
                };
                let win = self.spec.after_two_passes(self.need_life);
                (Res::end(win, flags), self.path[k].1)
            } else {
                let made = self.push(k, c, mv);
                let r = self.search(k + 1, c.opponent(), mv == Move::Pass, rem - 1);
                self.path.truncate(k + 1);
                (r?, made)
            };
            let decisive = if prover {
                child.val == Val::Win
            } else {
                child.val == Val::Loss
            };
            if decisive {
                let r = self.by_move(c, mv, &child, made, rep);
                self.store(key, k, rem, &r);
                return Ok(r);
            }
            all.dep = all.dep.min(child.dep);
            all.span.join(&child.span);
            if bound && mv != Move::Pass {
                made_here.add(made);
            }
            if child.val == Val::Unknown {
                unknown.get_or_insert(mv);
                continue;
            }
            all.flags |= child.flags;
            if all.best.is_none() || child.dist.saturating_add(1) > all.dist {
                all.dist = child.dist.saturating_add(1);
                all.best = Some(mv);
            }
        }
        if unknown.is_some() {
            let mut span = all.span;
            span.join(&made_here);
            let r = Res {
                span,
                ..Res::unknown(unknown)
            };
            let r = Res { dep: all.dep, ..r };
            self.store(key, k, rem, &r);
            return Ok(r);
        }
        if refused {
            all.flags |= REFUSED;
        }
        self.store(key, k, rem, &all);
        Ok(all)
    }

    /// The first move `mv` (legal by the game's rules) searched `d` moves deep, its own included.
    fn first(&mut self, mv: Move, d: u32) -> Result<Res, Spent> {
        self.count_node()?;
        self.push(0, self.spec.prover, mv);
        let r = self.search(1, self.spec.prover.opponent(), mv == Move::Pass, d - 1);
        self.path.truncate(1);
        r
    }

    /// The node at `k` deepened until it is decided.
    fn decide(&mut self, k: usize, c: Colour, prev_pass: bool) -> Result<Res, Spent> {
        for d in 1..=MAX_DEPTH {
            let r = self.search(k, c, prev_pass, d)?;
            if r.val != Val::Unknown {
                return Ok(r);
            }
        }
        Ok(Res::unknown(None))
    }

    /// The line after the decided first move `mv`: each side's `best` in turn.
    fn line(&mut self, mv: Move) -> Vec<Move> {
        let mut line = Vec::new();
        self.push(0, self.spec.prover, mv);
        let (mut k, mut c, mut prev_pass) = (1, self.spec.prover.opponent(), mv == Move::Pass);
        while line.len() < LINE_CAP {
            let Ok(r) = self.decide(k, c, prev_pass) else {
                break;
            };
            let Some(next) = r.best.filter(|_| r.val != Val::Unknown) else {
                break;
            };
            if let Move::Play(p) = next {
                let b = &self.boards[k];
                let legal = b.is_empty(p)
                    && !b.is_suicide(c, p)
                    && (c == self.master || self.repetition(k, c, p) == Rep::No);
                if !legal {
                    break;
                }
            }
            line.push(next);
            if next == Move::Pass && prev_pass {
                break;
            }
            self.push(k, c, next);
            k += 1;
            c = c.opponent();
            prev_pass = next == Move::Pass;
        }
        self.path.truncate(1);
        line
    }
}

/// One solve of the ladder of kinds: its rank, ko master and level of life.
struct Stage {
    rank: u8,
    master: Colour,
    need_life: bool,
}

/// What a first move is known to achieve: ranks `lo..=hi` (0 a loss).
struct Slot {
    first: Move,
    lo: u8,
    hi: u8,
    line: Vec<Move>,
}

/// Whether a loss proved in `from` with `flags` is a loss in `to` as well.
fn carries(flags: u8, from: &Stage, to: &Stage) -> bool {
    (from.master == to.master || flags & (LICENCE | REFUSED) == 0)
        && (from.need_life == to.need_life || flags & SEKI_LEAF == 0)
}

pub(super) fn solve(spec: &Spec, budget: u64, scope: &Scope) -> Answer {
    let me = spec.prover;
    let them = me.opponent();
    let stages: Vec<Stage> = if spec.aim == Aim::Live {
        vec![
            Stage {
                rank: 3,
                master: them,
                need_life: true,
            },
            Stage {
                rank: 2,
                master: them,
                need_life: false,
            },
            Stage {
                rank: 1,
                master: me,
                need_life: false,
            },
        ]
    } else {
        vec![
            Stage {
                rank: 2,
                master: them,
                need_life: false,
            },
            Stage {
                rank: 1,
                master: me,
                need_life: false,
            },
        ]
    };
    let kind = |rank: u8| match (spec.aim, rank) {
        (Aim::Live, 2) => Kind::Seki,
        (_, 1) => Kind::Ko,
        _ => Kind::Clean,
    };
    // The first moves the game's rules allow: not forbidden, not a repetition.
    let b = &spec.board;
    let mut slots: Vec<Slot> = spec
        .points
        .iter()
        .filter(|&&p| {
            b.is_empty(p) && !b.is_suicide(me, p) && !spec.in_history(b.hash_after(me, p))
        })
        .map(|&p| Move::Play(p))
        .chain(std::iter::once(Move::Pass))
        .filter(|m| match scope {
            Scope::Only(v) => v.contains(m),
            _ => true,
        })
        .map(|first| Slot {
            first,
            lo: 0,
            hi: stages[0].rank,
            line: Vec::new(),
        })
        .collect();
    let mut used = 0;
    'stages: for (s, stage) in stages.iter().enumerate() {
        let mut pending: Vec<usize> = (0..slots.len())
            .filter(|&i| slots[i].lo < stage.rank && stage.rank <= slots[i].hi)
            .collect();
        if pending.is_empty() {
            continue;
        }
        let mut run = Run::new(
            spec,
            stage.master,
            stage.need_life,
            budget.saturating_sub(used),
        );
        for d in 1..=MAX_DEPTH {
            let mut next = Vec::new();
            for &i in &pending {
                let r = match run.first(slots[i].first, d) {
                    Ok(r) => r,
                    Err(Spent) => {
                        used += run.nodes;
                        break 'stages;
                    }
                };
                match r.val {
                    Val::Unknown => next.push(i),
                    Val::Win => {
                        slots[i].lo = stage.rank;
                        slots[i].line = run.line(slots[i].first);
                        if s == 0 && *scope == Scope::FirstWin {
                            // The best there is: the others are not needed.
                            used += run.nodes.min(run.limit);
                            break 'stages;
                        }
                    }
                    Val::Loss => {
                        // The highest later stage where this loss may not hold.
                        slots[i].hi = stages[s + 1..]
                            .iter()
                            .find(|t| !carries(r.flags, stage, t))
                            .map_or(0, |t| t.rank)
                            .max(slots[i].lo);
                        slots[i].line = run.line(slots[i].first);
                    }
                }
            }
            pending = next;
            if pending.is_empty() {
                break;
            }
        }
        used += run.nodes.min(run.limit);
    }
    let best_lo = slots.iter().map(|s| s.lo).max().unwrap_or(0);
    let best_hi = slots.iter().map(|s| s.hi).max().unwrap_or(0);
    let verdict = match (best_lo == best_hi, best_lo) {
        (false, _) => Verdict::Unknown,
        (true, 0) => Verdict::Refuted,
        (true, r) => Verdict::Proved(kind(r)),
    };
    Answer {
        verdict,
        moves: slots
            .into_iter()
            .map(|s| Tried {
                first: s.first,
                outcome: match (s.lo == s.hi, s.lo) {
                    (false, _) => Outcome::Unknown,
                    (true, 0) => Outcome::Loss,
                    (true, r) => Outcome::Win(kind(r)),
                },
                line: s.line,
            })
            .collect(),
        nodes: used,
    }
}

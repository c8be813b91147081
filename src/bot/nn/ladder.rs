//! Ladders (征子) for the network's ladder planes: is a chain with one or two liberties caught
//! by a sequence of ataris? The same questions KataGo's `searchIsLadderCaptured` asks, with
//! its conventions, so the planes match what the network was trained on:
//! - the defender moves on its lone liberty or captures a neighbouring chain in atari;
//! - the attacker moves on one of the two liberties;
//! - a ko left by the attacker counts as an escape (no ladder that needs a ko), and at the
//!   start of a defender-first search the current ko ban is lifted;
//! - a double-ko trap with no escaping capture counts as caught;
//! - past 25 000 moves searched the ladder counts as not working, past a depth of 1.5 × the
//!   board's points as working.

use crate::rules::{Board, BoardStack, Colour, Point};

const NODE_BUDGET: u32 = 25_000;

struct Budget;

/// Whether the chain at `p` (one liberty, defender to move) is caught in a ladder.
pub fn caught(board: &Board, p: Point) -> bool {
    let mut r = Reading::new(board);
    r.boards.at_mut(0).clear_ko();
    r.search(p, true, 0).unwrap_or(false)
}

/// For a chain at `p` with two liberties: the liberties where the attacker, moving first,
/// catches it in a ladder (empty when none does).
pub fn working_ataris(board: &Board, p: Point) -> Vec<Point> {
    let Some(defender) = board.colour_at(p) else {
        return Vec::new();
    };
    let libs = board.liberties(p);
    if libs.len() != 2 {
        return Vec::new();
    }
    libs.into_iter()
        .filter(|&m| {
            let attacker = defender.opponent();
            if !board.is_legal_simple_ko(attacker, m) {
                return false;
            }
            let mut r = Reading::new(board);
            r.boards.at_mut(0).play_unchecked(attacker, m);
            r.boards.at_mut(0).clear_ko();
            r.search(p, true, 0).unwrap_or(false)
        })
        .collect()
}

/// A reading: its boards, one per depth, on the heap ([`BoardStack`]), and the moves read.
struct Reading {
    boards: BoardStack,
    nodes: u32,
    depth_limit: usize,
}

impl Reading {
    fn new(board: &Board) -> Reading {
        Reading {
            boards: BoardStack::new(board),
            nodes: 0,
            depth_limit: board.size().area() as usize * 3 / 2 + 1,
        }
    }

    fn child(&mut self, depth: usize, c: Colour, m: Point) {
        self.boards.play_child(depth, c, m);
        self.nodes += 1;
    }

    /// Minimax over ataris from the board at `depth`; `Err` when the node budget runs out.
    fn search(&mut self, target: Point, defender_turn: bool, depth: usize) -> Result<bool, Budget> {
        if depth >= self.depth_limit - 1 {
            return Ok(true);
        }
        if self.nodes >= NODE_BUDGET {
            return Err(Budget);
        }
        let b = self.boards.at(depth);
        let Some(defender) = b.colour_at(target) else {
            return Ok(true);
        };
        let attacker = defender.opponent();
        let libs = b.liberties(target);
        if defender_turn {
            if libs.len() >= 2 || b.ko_point().is_some() {
                return Ok(false);
            }
            // Captures that gain liberties first, then the lone liberty.
            let mut moves: Vec<Point> = Vec::new();
            for s in b.chain(target) {
                for n in b.size().neighbours(s) {
                    let q = Point(n as u16);
                    if b.colour_at(q) == Some(attacker) {
                        if let Some(l) = b.atari_liberty(q) {
                            if !moves.contains(&l) {
                                moves.push(l);
                            }
                        }
                    }
                }
            }
            for l in libs {
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
            for m in moves {
                if !self.boards.at(depth).is_legal_simple_ko(defender, m) {
                    continue;
                }
                self.child(depth, defender, m);
                if !self.search(target, false, depth + 1)? {
                    return Ok(false);
                }
            }
            Ok(true)
        } else {
            if libs.len() <= 1 {
                return Ok(true);
            }
            if libs.len() >= 3 {
                return Ok(false);
            }
            let (l0, l1) = (libs[0], libs[1]);
            if double_ko_trap(b, target, defender, l0, l1) {
                return Ok(true);
            }
            for m in [l0, l1] {
                if !self.boards.at(depth).is_legal_simple_ko(attacker, m) {
                    continue;
                }
                self.child(depth, attacker, m);
                if self.search(target, true, depth + 1)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

/// Both liberties are ko mouths the attacker could take, filling either gives the defender no
/// more than two liberties, and none of the attacker's chains around it is in atari.
fn double_ko_trap(b: &Board, target: Point, defender: Colour, l0: Point, l1: Point) -> bool {
    let attacker = defender.opponent();
    let size = b.size();
    let no_empty_neighbour = |p: Point| {
        size.neighbours(p)
            .iter()
            .all(|&n| !b.is_empty(Point(n as u16)))
    };
    if !(no_empty_neighbour(l0) && no_empty_neighbour(l1)) {
        return false;
    }
    if !(would_be_ko_capture(b, l0, attacker) && would_be_ko_capture(b, l1, attacker)) {
        return false;
    }
    if b.liberties_after(defender, l0, 3) > 2 || b.liberties_after(defender, l1, 3) > 2 {
        return false;
    }
    !b.chain(target).into_iter().any(|s| {
        size.neighbours(s).iter().any(|&n| {
            let q = Point(n as u16);
            b.colour_at(q) == Some(attacker) && b.atari_liberty(q).is_some()
        })
    })
}

/// Playing `c` at `p` would take exactly one stone, with every neighbour of `p` the opponent's
/// or the edge.
fn would_be_ko_capture(b: &Board, p: Point, c: Colour) -> bool {
    if !b.is_empty(p) {
        return false;
    }
    let opp = c.opponent();
    let mut capturable = None;
    for n in b.size().neighbours(p) {
        let q = Point(n as u16);
        if !b.on_board(q) {
            continue;
        }
        if b.colour_at(q) != Some(opp) {
            return false;
        }
        if b.atari_liberty(q).is_some() {
            if capturable.is_some() {
                return false;
            }
            capturable = Some(q);
        }
    }
    capturable.is_some_and(|q| b.chain_len(q) == 1)
}

//! The playout policy: light random moves with cheap Go knowledge, in the order MoGo made
//! standard — answer the last move's ataris (capture it, or run), then 3×3 shape around the
//! last two moves, then a random move that fills no own eye and seldom puts itself in atari.

use super::patterns;
use crate::rules::playout::PlayoutRng;
use crate::rules::{Board, BoardStack, Colour, Point};

/// How often (out of 16) the heuristics are taken when they have a move.
const TAKE_CAPTURE: u32 = 15;
const TAKE_PATTERN: u32 = 15;
/// How often (out of 16) a random self-atari is refused (not always: nakade needs them).
const REFUSE_SELF_ATARI: u32 = 8;

/// Collects up to 16 distinct candidate points.
pub(super) struct Candidates {
    pub(super) points: [u16; 16],
    pub(super) len: usize,
}

impl Candidates {
    pub(super) fn new() -> Self {
        Candidates {
            points: [0; 16],
            len: 0,
        }
    }
    pub(super) fn push(&mut self, p: Point) {
        let i = p.index() as u16;
        if self.len < 16 && !self.points[..self.len].contains(&i) {
            self.points[self.len] = i;
            self.len += 1;
        }
    }
    pub(super) fn contains(&self, p: Point) -> bool {
        self.points[..self.len].contains(&(p.index() as u16))
    }
    pub(super) fn pick(&self, rng: &mut PlayoutRng) -> Option<Point> {
        (self.len > 0).then(|| Point(self.points[rng.below(self.len as u32) as usize]))
    }
}

/// Moves that capture the chain just played or save own chains it put in atari.
pub(super) fn atari_candidates(board: &Board, c: Colour, last: Point) -> Candidates {
    let mut out = Candidates::new();
    let size = board.size();
    if board.colour_at(last) == Some(c.opponent()) {
        if let Some(l) = board.atari_liberty(last) {
            if board.playout_candidate(c, l) {
                out.push(l);
            }
        }
    }
    for n in size.neighbours(last) {
        let q = Point(n as u16);
        if board.colour_at(q) != Some(c) {
            continue;
        }
        if let Some(l) = board.atari_liberty(q) {
            if board.playout_candidate(c, l) && board.liberties_after(c, l, 2) >= 2 {
                out.push(l);
            }
        }
    }
    out
}

/// The eight points around `p` that are on the board.
#[inline]
pub fn around(board: &Board, p: Point) -> impl Iterator<Item = Point> {
    let size = board.size();
    let i = p.index();
    let s = size.stride();
    [
        i - s - 1,
        i - s,
        i - s + 1,
        i - 1,
        i + 1,
        i + s - 1,
        i + s,
        i + s + 1,
    ]
    .into_iter()
    .map(|j| Point(j as u16))
    .filter(move |&q| size.contains(q))
}

/// The playout move for `c` after `last` and `last2` (0 for none or a pass), or `None` to pass.
pub fn choose(
    board: &Board,
    c: Colour,
    last: u16,
    last2: u16,
    rng: &mut PlayoutRng,
) -> Option<Point> {
    if last != 0 && rng.below(16) < TAKE_CAPTURE {
        if let Some(p) = atari_candidates(board, c, Point(last)).pick(rng) {
            return Some(p);
        }
    }
    if rng.below(16) < TAKE_PATTERN {
        let mut shape = Candidates::new();
        for m in [last, last2] {
            if m == 0 {
                continue;
            }
            for q in around(board, Point(m)) {
                if board.is_empty(q)
                    && patterns::matches(board.neighbourhood(c, q))
                    && board.playout_candidate(c, q)
                    && !board.is_self_atari(c, q)
                {
                    shape.push(q);
                }
            }
        }
        if let Some(p) = shape.pick(rng) {
            return Some(p);
        }
    }
    random_move(board, c, rng)
}

/// A random move that fills no own eye; a self-atari is refused half of the time (and taken
/// when nothing else is left).
#[inline]
pub fn random_move(board: &Board, c: Colour, rng: &mut PlayoutRng) -> Option<Point> {
    let mut refused = None;
    let found = crate::rules::playout::scan_empties(board, rng, |p, rng| {
        if !board.playout_candidate(c, p) {
            return false;
        }
        if board.is_self_atari(c, p) && rng.below(16) < REFUSE_SELF_ATARI {
            refused.get_or_insert(p);
            return false;
        }
        true
    });
    found.or(refused)
}

/// Whether the chain through `chain` (in atari, its side `c` to move) is caught in a ladder
/// (征子): running out at its liberty leaves two liberties, the attacker ataris again from
/// either side, and so on until the chain is captured. Read on copies of the board, at most
/// `depth` steps; a capture on the way or three liberties count as an escape.
pub fn caught_in_ladder(board: &Board, c: Colour, chain: Point, depth: u32) -> bool {
    ladder_from(&mut BoardStack::new(board), 0, c, chain, depth)
}

/// [`caught_in_ladder`] from the board at `at` of `boards` (on the heap: a board on the stack at
/// each step overflowed a wasm thread's stack on a 19×19 ladder).
fn ladder_from(boards: &mut BoardStack, at: usize, c: Colour, chain: Point, depth: u32) -> bool {
    let b = boards.at(at);
    let Some(lib) = b.atari_liberty(chain) else {
        return false;
    };
    if depth == 0 || !b.playout_candidate(c, lib) {
        return depth > 0;
    }
    if boards.play_child(at, c, lib).captured > 0 {
        return false;
    }
    let libs = boards.at(at + 1).liberties(chain);
    match libs.len() {
        0 | 1 => true,
        2 => libs.iter().any(|&a| {
            let attacker = c.opponent();
            let b = boards.at(at + 1);
            if !b.playout_candidate(attacker, a) || b.is_self_atari(attacker, a) {
                return false;
            }
            boards.play_child(at + 1, attacker, a);
            boards.at(at + 2).colour_at(chain) == Some(c)
                && ladder_from(boards, at + 2, c, chain, depth - 1)
        }),
        _ => false,
    }
}

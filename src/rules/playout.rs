//! Light random playouts on the fast board: simple ko, suicide refused, no filling of one's own
//! eyes. They serve the dead-stone suggestion and the bot. The random source is passed in.

use super::board::Board;
use super::colour::{Colour, Stone};
use super::point::Point;

/// A small, fast random source for playouts (PCG32 from `oorandom`), seeded by the caller.
pub struct PlayoutRng(oorandom::Rand32);

impl PlayoutRng {
    pub fn new(seed: u64) -> PlayoutRng {
        PlayoutRng(oorandom::Rand32::new(seed))
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        // Lemire's multiply-shift: unbiased enough for playouts and much cheaper than modulo.
        ((self.0.rand_u32() as u64 * n as u64) >> 32) as u32
    }

    /// A number in `0..1`.
    pub fn unit(&mut self) -> f64 {
        self.0.rand_float() as f64
    }

    /// 64 random bits (a seed for another search).
    pub fn next_u64(&mut self) -> u64 {
        (self.0.rand_u32() as u64) << 32 | self.0.rand_u32() as u64
    }
}

/// Whether `c` may sensibly play at the empty point `p` in a playout.
#[inline]
pub fn playout_candidate(board: &Board, c: Colour, p: Point) -> bool {
    board.playout_candidate(c, p)
}

/// A random candidate move for `c`, or `None` (a pass). Starts at a random empty point and scans
/// the empty list from there.
#[inline]
pub fn random_move(board: &Board, c: Colour, rng: &mut PlayoutRng) -> Option<Point> {
    scan_empties(board, rng, |p, _| playout_candidate(board, c, p))
}

/// The first empty point, from a random start round the empty list, that `take` accepts
/// (`take` may draw from the same random source).
#[inline]
pub fn scan_empties(
    board: &Board,
    rng: &mut PlayoutRng,
    mut take: impl FnMut(Point, &mut PlayoutRng) -> bool,
) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = rng.below(n as u32) as usize;
    for k in 0..n {
        let mut i = start + k;
        if i >= n {
            i -= n;
        }
        let p = board.empty_at(i);
        if take(p, rng) {
            return Some(p);
        }
    }
    None
}

/// Plays random moves from `board` with `to_move` first until both pass or `max_moves`.
/// Returns the number of moves played (passes not counted).
pub fn playout(
    board: &mut Board,
    mut to_move: Colour,
    rng: &mut PlayoutRng,
    max_moves: usize,
) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match random_move(board, to_move, rng) {
            Some(p) => {
                board.play_unchecked(to_move, p);
                passes = 0;
                moves += 1;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        to_move = to_move.opponent();
    }
    moves
}

/// Who owns each point at the end of a playout: the stone on it, or the colour whose stones
/// alone surround it (a playout ends with single-point eyes). `None` for a point touching both.
pub fn final_owner(board: &Board, p: Point) -> Option<Colour> {
    match board.stone(p) {
        Stone::Black => Some(Colour::Black),
        Stone::White => Some(Colour::White),
        Stone::Empty => {
            let size = board.size();
            let mut owner = None;
            for n in size.neighbours(p) {
                let q = Point(n as u16);
                if !board.on_board(q) {
                    continue;
                }
                match (board.colour_at(q), owner) {
                    (None, _) => return None,
                    (Some(c), None) => owner = Some(c),
                    (Some(c), Some(o)) if c != o => return None,
                    _ => {}
                }
            }
            owner
        }
    }
}

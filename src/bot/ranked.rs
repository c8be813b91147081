//! Opponents by rank: one network evaluation a move, weakened the way a player of that rank is
//! weak. The idea is KaTrain's calibrated-rank opponent (draw some of the plausible moves at
//! random and play the one the policy likes best, more of them the stronger the rank); the
//! numbers are ours, measured against GNU Go and each other (`tests/strength/ladder.py`).
//!
//! A player who learned the rules last week does not see most of the board: of the moves a
//! strong player would consider they notice a few, and pick the best of those. So an atari is
//! answered when the answer is among the moves noticed, a capture taken when it is seen, a
//! group let die when its saving move is missed. From 5 级 up a big group in atari is always
//! seen ([`Ranked::guards_groups`]).
//!
//! Also here, the reference a ladder is measured against at its bottom: [`beginner_move`], a
//! program that plays like a beginner who knows only captures (no network).

use crate::rules::playout::PlayoutRng;
use crate::rules::{Board, Colour, Game, Move, Point};

use super::Decision;

/// How a ranked opponent chooses among the policy's moves.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Ranked {
    /// The share of the plausible moves noticed (drawn at random) each move; at least one.
    pub share: f32,
    /// Whether an own chain of [`BIG_GROUP`] stones or more in atari is always seen (saved
    /// when it can be).
    pub guards_groups: bool,
}

/// A chain this large in atari is never overlooked by an opponent that guards its groups.
pub const BIG_GROUP: usize = 5;

/// Moves the policy gives less than this share of its top move are not plausible: nobody of
/// any rank considers them (first-line moves in the opening, moves inside the other's area).
const PLAUSIBLE: f32 = 0.002;

impl Ranked {
    /// The move for the side to move in `game`, from the network's `priors` (legal moves,
    /// highest first, pass among them). A pass when the policy's top move is a pass, or when
    /// passing is better by the policy than the best move noticed (the game is over for it).
    pub fn choose(self, game: &Game, priors: &[(Move, f32)], rng: &mut PlayoutRng) -> Decision {
        let Some(&(top, p0)) = priors.first() else {
            return Decision::Pass;
        };
        if top == Move::Pass {
            return Decision::Pass;
        }
        let board = game.board();
        let c = game.to_move();
        let pool: Vec<(Point, f32)> = priors
            .iter()
            .filter_map(|&(m, p)| match m {
                Move::Play(q) if p >= p0 * PLAUSIBLE && !board.is_eye(c, q) => Some((q, p)),
                _ => None,
            })
            .collect();
        let pass_prior = priors
            .iter()
            .find(|(m, _)| *m == Move::Pass)
            .map_or(0.0, |x| x.1);
        let noticed =
            ((self.share * pool.len() as f32).round() as usize).clamp(1, pool.len().max(1));
        let chosen = draw_best(&pool, noticed, rng);
        let chosen = if self.guards_groups {
            guard_big_groups(board, c, priors, chosen)
        } else {
            chosen
        };
        match chosen {
            Some((q, p)) if p > pass_prior => Decision::Play(q),
            _ => Decision::Pass,
        }
    }
}

/// `n` of `pool` drawn at random without repeats, the one with the highest prior.
fn draw_best(pool: &[(Point, f32)], n: usize, rng: &mut PlayoutRng) -> Option<(Point, f32)> {
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    let mut best: Option<(Point, f32)> = None;
    for k in 0..n.min(pool.len()) {
        let j = k + rng.below((idx.len() - k) as u32) as usize;
        idx.swap(k, j);
        let cand = pool[idx[k]];
        if best.is_none_or(|b| cand.1 > b.1) {
            best = Some(cand);
        }
    }
    best
}

/// Moves that save the chain through `chain` (in atari): running out at its liberty to two
/// liberties or more, or capturing a neighbouring chain in atari.
pub fn saving_moves(board: &Board, chain: Point) -> Vec<Point> {
    let Some(c) = board.colour_at(chain) else {
        return vec![];
    };
    let Some(lib) = board.atari_liberty(chain) else {
        return vec![];
    };
    let mut out = vec![];
    if board.playout_candidate(c, lib) && board.liberties_after(c, lib, 2) >= 2 {
        out.push(lib);
    }
    let size = board.size();
    for s in board.chain(chain) {
        for n in size.neighbours(s) {
            let q = Point(n as u16);
            if board.colour_at(q) == Some(c.opponent()) {
                if let Some(l) = board.atari_liberty(q) {
                    if !out.contains(&l) && board.playout_candidate(c, l) {
                        out.push(l);
                    }
                }
            }
        }
    }
    out
}

/// The own chains of `c` with [`BIG_GROUP`] stones or more in atari, one point of each.
pub fn big_groups_in_atari(board: &Board, c: Colour) -> Vec<Point> {
    let mut seen: Vec<Point> = vec![];
    let mut out = vec![];
    for p in board.stones_of(c) {
        if seen.contains(&p) {
            continue;
        }
        let chain = board.chain(p);
        if chain.len() >= BIG_GROUP && board.atari_liberty(p).is_some() {
            out.push(p);
        }
        seen.extend(chain);
    }
    out
}

/// The chosen move, unless a big own group is in atari and the move does not save it while a
/// legal move would: then the saving move the policy likes best.
fn guard_big_groups(
    board: &Board,
    c: Colour,
    priors: &[(Move, f32)],
    chosen: Option<(Point, f32)>,
) -> Option<(Point, f32)> {
    for chain in big_groups_in_atari(board, c) {
        let saves = saving_moves(board, chain);
        if chosen.is_some_and(|(q, _)| saves.contains(&q)) {
            continue;
        }
        // Priors are highest first: the first saving move among them is the policy's choice.
        if let Some((q, p)) = priors.iter().find_map(|&(m, p)| match m {
            Move::Play(q) if saves.contains(&q) => Some((q, p.max(f32::MIN_POSITIVE))),
            _ => None,
        }) {
            return Some((q, p));
        }
    }
    chosen
}

/// The beginner-like reference (no network): captures when it can (the largest chain first),
/// runs from an atari when it sees one, otherwise plays near the last two moves (within two
/// lines), else anywhere; never fills its own eye; passes when nothing is left. It sees an
/// atari or a capture nine times in ten.
pub fn beginner_move(game: &Game, rng: &mut PlayoutRng) -> Move {
    let board = game.board();
    let c = game.to_move();
    let size = board.size();
    let legal = |q: Point| board.playout_candidate(c, q) && game.is_legal_point(c, q);
    let sees = |rng: &mut PlayoutRng| rng.below(10) < 9;
    // Captures, the largest first.
    if sees(rng) {
        let mut best: Option<(Point, usize)> = None;
        for p in board.stones_of(c.opponent()) {
            if let Some(l) = board.atari_liberty(p) {
                let n = board.chain_len(p);
                if legal(l) && best.is_none_or(|b| n > b.1) {
                    best = Some((l, n));
                }
            }
        }
        if let Some((l, _)) = best {
            return Move::Play(l);
        }
    }
    // Escapes from atari.
    if sees(rng) {
        for p in board.stones_of(c) {
            if let Some(l) = board.atari_liberty(p) {
                if legal(l) && board.liberties_after(c, l, 2) >= 2 {
                    return Move::Play(l);
                }
            }
        }
    }
    let recent: Vec<Point> = game
        .moves()
        .iter()
        .rev()
        .take(2)
        .filter_map(|m| match m.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .collect();
    let near = |q: Point| {
        let (x, y) = size.col_row(q);
        recent.iter().any(|&r| {
            let (a, b) = size.col_row(r);
            x.abs_diff(a) <= 2 && y.abs_diff(b) <= 2
        })
    };
    let empties: Vec<Point> = size
        .points()
        .filter(|&q| board.is_empty(q) && legal(q) && !board.is_self_atari(c, q))
        .collect();
    let local: Vec<Point> = empties.iter().copied().filter(|&q| near(q)).collect();
    let from = if local.is_empty() { &empties } else { &local };
    if from.is_empty() {
        return Move::Pass;
    }
    Move::Play(from[rng.below(from.len() as u32) as usize])
}

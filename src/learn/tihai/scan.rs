//! Where a position may hold a problem: the local fights the reader can be asked about.
//!
//! - **Capture and escape**: a chain of one to three liberties (of the side to move: can it be
//!   saved; of the other: can it be taken), asked over the points within two lines of it.
//! - **Capturing races (对杀)**: two adjacent chains of two or more stones, one of each side,
//!   each with two to four liberties.
//! - **Life and death**: a group on the edge or in a corner around a small space it encloses
//!   (at most [`MAX_EYE_SPACE`] points), asked over the group, its space and the points next to
//!   it; the frame walls it in with the attacker's stones ([`Candidate::wall`]).
//!
//! Pure: a board in, candidates out; the reader decides which of them are problems.

use crate::bot::reader::{Goal, Region};
use crate::rules::{Board, BoardSize, Colour, Point};

/// The largest space a group encloses that is asked about as life and death.
pub const MAX_EYE_SPACE: usize = 10;

/// The most stones a life-and-death group may have.
const MAX_GROUP: usize = 16;

/// The most empty points of a region the reader is asked over (larger fights take too long to
/// prove in CI, and are too big for a pupil's problem).
pub const MAX_REGION_EMPTIES: usize = 26;

/// What kind of fight a candidate is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Fight {
    Capture,
    Escape,
    Race,
    Kill,
    Live,
}

/// A question worth asking the reader about a position.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub fight: Fight,
    pub goal: Goal,
    pub to_play: Colour,
    pub region: Region,
    /// The colour the frame puts right around the region (life and death: the attacker's), or
    /// `None` for the board's own colours.
    pub wall: Option<Colour>,
}

/// Every candidate fight of `board` with `to_play` to move.
pub fn candidates(board: &Board, to_play: Colour) -> Vec<Candidate> {
    let size = board.size();
    let mut out = Vec::new();
    let heads = chain_heads(board);
    for &h in &heads {
        let Some(c) = board.colour_at(h) else {
            continue;
        };
        let libs = board.liberties(h).len();
        let stones = board.chain(h);
        if stones.len() > 12 {
            continue;
        }
        let fight = if c == to_play {
            if libs > 2 {
                continue;
            }
            Fight::Escape
        } else {
            if libs > 3 {
                continue;
            }
            Fight::Capture
        };
        let region = around(size, &stones, 2);
        let goal = if fight == Fight::Escape {
            Goal::Escape(h)
        } else {
            Goal::Capture(h)
        };
        push(board, &mut out, fight, goal, to_play, region, None);
    }
    // Races: own chain against an adjacent opponent chain, both short of liberties.
    for &a in &heads {
        if board.colour_at(a) != Some(to_play) {
            continue;
        }
        let la = board.liberties(a).len();
        let sa = board.chain(a);
        if !(2..=4).contains(&la) || sa.len() < 2 || sa.len() > 10 {
            continue;
        }
        let mut next: Vec<Point> = Vec::new();
        for &s in &sa {
            for q in board.chains_next_to(s, to_play.opponent()) {
                let h = board.chain_id(q);
                if !next.contains(&h) {
                    next.push(h);
                }
            }
        }
        for b in next {
            let lb = board.liberties(b).len();
            let sb = board.chain(b);
            if !(2..=4).contains(&lb) || sb.len() < 2 || sb.len() > 10 {
                continue;
            }
            let both: Vec<Point> = sa.iter().chain(&sb).copied().collect();
            let region = around(size, &both, 1);
            let goal = Goal::Race { ours: a, theirs: b };
            push(board, &mut out, Fight::Race, goal, to_play, region, None);
        }
    }
    // Life and death: a group around a small enclosed space near the edge.
    for defender in [to_play, to_play.opponent()] {
        for space in enclosed_spaces(board, defender) {
            let group = group_around(board, &space, defender);
            if group.is_empty() || group.len() > MAX_GROUP {
                continue;
            }
            // The group's points, its space and every point next to the group.
            let mut pts: Vec<Point> = group.iter().chain(&space).copied().collect();
            for &s in &group {
                for n in size.neighbours(s) {
                    let q = Point(n as u16);
                    if size.contains(q) && !pts.contains(&q) {
                        pts.push(q);
                    }
                }
            }
            let region = Region::from_points(size, pts);
            // The largest chain of the group is the one asked about.
            let target = *group
                .iter()
                .max_by_key(|&&p| (board.chain_len(p), std::cmp::Reverse(p.index())))
                .expect("a group has stones");
            let (fight, goal) = if defender == to_play {
                (Fight::Live, Goal::Live(target))
            } else {
                (Fight::Kill, Goal::Kill(target))
            };
            push(
                board,
                &mut out,
                fight,
                goal,
                to_play,
                region,
                Some(defender.opponent()),
            );
        }
    }
    out
}

/// Adds a candidate unless its region is too large to prove quickly.
fn push(
    board: &Board,
    out: &mut Vec<Candidate>,
    fight: Fight,
    goal: Goal,
    to_play: Colour,
    region: Region,
    wall: Option<Colour>,
) {
    let empties = region
        .points()
        .iter()
        .filter(|&&p| board.is_empty(p))
        .count();
    if empties == 0 || empties > MAX_REGION_EMPTIES {
        return;
    }
    out.push(Candidate {
        fight,
        goal,
        to_play,
        region,
        wall,
    });
}

/// One point of every chain, in board order.
pub fn chain_heads(board: &Board) -> Vec<Point> {
    let size = board.size();
    let mut seen = vec![false; crate::rules::point::ARRAY_LEN];
    let mut out = Vec::new();
    for p in size.points() {
        if board.is_empty(p) || seen[p.index()] {
            continue;
        }
        for s in board.chain(p) {
            seen[s.index()] = true;
        }
        out.push(p);
    }
    out
}

/// The points within `d` lines (either way, diagonals included) of `stones`.
pub fn around(size: BoardSize, stones: &[Point], d: i32) -> Region {
    let mut pts = Vec::new();
    for &s in stones {
        let (c, r) = size.col_row(s);
        for dc in -d..=d {
            for dr in -d..=d {
                if let Some(q) = size.checked_point(c as i32 + dc, r as i32 + dr) {
                    pts.push(q);
                }
            }
        }
    }
    Region::from_points(size, pts)
}

/// The connected spaces of points without `c`'s stones that `c` encloses: at most
/// [`MAX_EYE_SPACE`] points, touching the board's edge, holding at most two of the other
/// side's stones, with at least one empty point.
fn enclosed_spaces(board: &Board, c: Colour) -> Vec<Vec<Point>> {
    let size = board.size();
    let n = size.get();
    let mut seen = vec![false; crate::rules::point::ARRAY_LEN];
    let mut out = Vec::new();
    for p in size.points() {
        if seen[p.index()] || board.colour_at(p) == Some(c) {
            continue;
        }
        let mut space = vec![p];
        seen[p.index()] = true;
        let mut i = 0;
        let mut too_big = false;
        while i < space.len() {
            let q = space[i];
            i += 1;
            for m in size.neighbours(q) {
                let m = Point(m as u16);
                if size.contains(m) && !seen[m.index()] && board.colour_at(m) != Some(c) {
                    seen[m.index()] = true;
                    space.push(m);
                }
            }
            if space.len() > MAX_EYE_SPACE {
                too_big = true;
            }
        }
        if too_big {
            continue;
        }
        let on_edge = space.iter().any(|&q| {
            let (col, row) = size.col_row(q);
            col == 0 || row == 0 || col == n - 1 || row == n - 1
        });
        let theirs = space.iter().filter(|&&q| !board.is_empty(q)).count();
        let empty = space.len() - theirs;
        if on_edge && theirs <= 2 && empty >= 1 {
            out.push(space);
        }
    }
    out
}

/// The stones of `c` around `space` and every chain of `c` joined to them through other small
/// spaces the same group encloses: the group whose life is asked.
fn group_around(board: &Board, space: &[Point], c: Colour) -> Vec<Point> {
    let size = board.size();
    let mut stones: Vec<Point> = Vec::new();
    for &q in space {
        for m in size.neighbours(q) {
            let m = Point(m as u16);
            if board.colour_at(m) == Some(c) && !stones.contains(&m) {
                stones.extend(board.chain(m));
            }
        }
    }
    stones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tihai::board;

    #[test]
    fn a_chain_in_atari_is_a_capture_for_one_side_and_an_escape_for_the_other() {
        let b = board(&[
            ". . . . . . .",
            ". . . X . . .",
            ". . X O X . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let size = b.size();
        let white = size.point(3, 2);
        let black = candidates(&b, Colour::Black);
        assert!(black
            .iter()
            .any(|c| c.fight == Fight::Capture && c.goal == Goal::Capture(white)));
        assert!(!black.iter().any(|c| c.fight == Fight::Escape));
        let white_to_play = candidates(&b, Colour::White);
        let esc = white_to_play
            .iter()
            .find(|c| c.goal == Goal::Escape(white))
            .expect("white's stone may be saved");
        // The region holds every liberty of the chain and the points two lines around it.
        for l in b.liberties(white) {
            assert!(esc.region.contains(l));
        }
        assert!(esc.region.contains(size.point(5, 4)));
        assert!(!esc.region.contains(size.point(6, 5)));
    }

    #[test]
    fn a_corner_group_round_a_small_space_is_asked_for_life_and_for_death() {
        let b = board(&[
            ". . . O X . . . .",
            ". . . O X . . . .",
            "O O O O X . . . .",
            "X X X X X . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let size = b.size();
        let white = size.point(0, 2);
        let live = candidates(&b, Colour::White);
        let c = live
            .iter()
            .find(|c| c.fight == Fight::Live)
            .expect("white's corner is asked about");
        assert!(matches!(c.goal, Goal::Live(p) if b.chain(p).contains(&white)));
        assert_eq!(c.wall, Some(Colour::Black));
        // The space and the group are in the region, and the black wall next to it.
        assert!(c.region.contains(size.point(0, 0)));
        assert!(c.region.contains(size.point(4, 0)));
        assert!(!c.region.contains(size.point(6, 6)));
        let kill = candidates(&b, Colour::Black);
        assert!(kill.iter().any(|c| c.fight == Fight::Kill));
    }

    #[test]
    fn a_race_between_two_short_chains_is_found() {
        let b = board(&[
            ". . . . . . .",
            ". X X O . . .",
            ". O O X X . .",
            ". . O X . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let found = candidates(&b, Colour::Black);
        assert!(found.iter().any(|c| c.fight == Fight::Race));
    }
}

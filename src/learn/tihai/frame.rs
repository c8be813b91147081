//! The frame (as KaTrain's tsumego frame does for its network): the problem's region is kept as
//! the game left it and the rest of the board is filled with living stones, so that the fight
//! in the region is the only thing left to play for — for the reader, whose region is then
//! closed, and for the network, which then sees a settled board.
//!
//! Our frame is made from the game, not from a fixed pattern: each point outside the region
//! takes the colour of the side that owns it (the network's ownership of the game's position;
//! a stone whose owner is unclear keeps its colour), then a regular lattice of single points is
//! left empty as eyes inside one colour's stones (every fifth point, `(column + 2·row) mod 5`:
//! no two of them touch). Small pieces without two eyes are given to the side around them, so
//! every stone outside the region lives. For life and death the points right around the region
//! are the attacker's wall ([`super::scan::Candidate::wall`]).
//!
//! What the reader needs of it (checked, else there is no frame): every chain with a liberty
//! outside the region has two eyes there, so that no play inside the region can take it
//! (the reader counts such a chain as safe), and every chain has a liberty.

use crate::bot::reader::Region;
use crate::rules::{Board, BoardSize, Colour, Point};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn cell_of(c: Colour) -> u8 {
    match c {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

fn other(cell: u8) -> u8 {
    match cell {
        BLACK => WHITE,
        WHITE => BLACK,
        x => x,
    }
}

/// The cells of a board, row by row from the top left.
struct Grid {
    n: usize,
    cells: Vec<u8>,
}

impl Grid {
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = (i % self.n, i / self.n);
        let n = self.n;
        [
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// Chains: a label per cell (usize::MAX where empty) and the cells of each.
    fn chains(&self) -> (Vec<usize>, Vec<Vec<usize>>) {
        let mut label = vec![usize::MAX; self.cells.len()];
        let mut chains: Vec<Vec<usize>> = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] == EMPTY || label[i] != usize::MAX {
                continue;
            }
            let id = chains.len();
            let mut members = vec![i];
            label[i] = id;
            let mut k = 0;
            while k < members.len() {
                let j = members[k];
                k += 1;
                let nb: Vec<usize> = self.neighbours(j).collect();
                for m in nb {
                    if label[m] == usize::MAX && self.cells[m] == self.cells[i] {
                        label[m] = id;
                        members.push(m);
                    }
                }
            }
            chains.push(members);
        }
        (label, chains)
    }

    /// Whether the empty cell `i` has only `colour`'s stones next to it.
    fn eye_of(&self, i: usize, colour: u8) -> bool {
        self.cells[i] == EMPTY && self.neighbours(i).all(|m| self.cells[m] == colour)
    }
}

/// Why a position could not be framed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum FrameError {
    /// A chain with a liberty outside the region has fewer than two eyes there.
    WeakChain,
    /// A chain of the region would have no liberty.
    NoLiberty,
    /// The pieces outside the region did not settle.
    Unsettled,
}

/// The thickness of the attacker's wall around a life-and-death region.
const WALL: u32 = 3;

/// Each cell's distance from the region (0 inside), counting diagonal steps as one.
fn distances(n: usize, inside: &[bool]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; n * n];
    let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    for i in 0..n * n {
        if inside[i] {
            dist[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let (c, r) = ((i % n) as i32, (i / n) as i32);
        for dc in -1..=1 {
            for dr in -1..=1 {
                let (cc, rr) = (c + dc, r + dr);
                if (0..n as i32).contains(&cc) && (0..n as i32).contains(&rr) {
                    let j = rr as usize * n + cc as usize;
                    if dist[j] == u32::MAX {
                        dist[j] = dist[i] + 1;
                        queue.push_back(j);
                    }
                }
            }
        }
    }
    dist
}

/// Whether the point at `(c, r)` is an eye of the lattice.
fn lattice(c: usize, r: usize) -> bool {
    (c + 2 * r).is_multiple_of(5)
}

/// The framed board: the stones of `board` inside `region`, and outside it the owner's stones
/// by `black_owns` (the network's ownership, +1 Black … −1 White, row by row) with the eye
/// lattice; `wall` the colour of the ring right around the region, if any.
pub fn frame(
    board: &Board,
    region: &Region,
    black_owns: &[f32],
    wall: Option<Colour>,
) -> Result<Board, FrameError> {
    let size = board.size();
    let n = size.get() as usize;
    let at = |i: usize| size.point((i % n) as u8, (i / n) as u8);
    let inside: Vec<bool> = (0..n * n).map(|i| region.contains(at(i))).collect();
    // Each point's distance from the region in lines (diagonals count as one).
    let dist = distances(n, &inside);
    let near: Vec<bool> = dist.iter().map(|&d| d == 1).collect();
    // The attacker's wall: three lines thick, room for its own eyes.
    let walled = |i: usize| wall.is_some() && dist[i] <= WALL;
    let mut g = Grid {
        n,
        cells: vec![EMPTY; n * n],
    };
    for (i, &is_inside) in inside.iter().enumerate().take(n * n) {
        let stone = board.colour_at(at(i)).map_or(EMPTY, cell_of);
        g.cells[i] = if is_inside {
            stone
        } else if let (Some(w), true) = (wall, walled(i)) {
            cell_of(w)
        } else {
            let own = black_owns.get(i).copied().unwrap_or(0.0);
            if stone != EMPTY && own.abs() < 0.4 {
                stone
            } else if own >= 0.0 {
                BLACK
            } else {
                WHITE
            }
        };
    }
    // The eye lattice, where one colour is all around.
    let eye_points: Vec<usize> = (0..n * n)
        .filter(|&i| !inside[i] && !near[i] && lattice(i % n, i / n))
        .collect();
    for &i in &eye_points {
        let c = g.cells[i];
        if g.neighbours(i).all(|m| !inside[m] && g.cells[m] == c) {
            g.cells[i] = EMPTY;
        }
    }
    // Pieces outside the region without two eyes go to the side around them.
    let mut settled = false;
    for _ in 0..12 {
        let (label, chains) = g.chains();
        let mut changed = false;
        for members in &chains {
            if members.iter().any(|&i| inside[i] || walled(i)) {
                continue;
            }
            let colour = g.cells[members[0]];
            let eyes = eyes_of(&g, members, colour, &inside);
            if eyes >= 2 {
                continue;
            }
            // The other colour takes it, if it is next to the piece.
            let touches_other = members
                .iter()
                .any(|&i| g.neighbours(i).any(|m| g.cells[m] == other(colour)));
            if !touches_other || (members.len() > 40 && eyes >= 1) {
                continue;
            }
            for &i in members {
                g.cells[i] = other(colour);
            }
            changed = true;
        }
        let _ = label;
        // An eye point whose neighbours are no longer all of one colour is filled.
        for &i in &eye_points {
            if g.cells[i] == EMPTY {
                let first = g.neighbours(i).next().map_or(EMPTY, |m| g.cells[m]);
                if !g.eye_of(i, first) {
                    let black = g.neighbours(i).filter(|&m| g.cells[m] == BLACK).count();
                    let white = g.neighbours(i).filter(|&m| g.cells[m] == WHITE).count();
                    g.cells[i] = if black >= white { BLACK } else { WHITE };
                    changed = true;
                }
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return Err(FrameError::Unsettled);
    }
    // What the reader needs: each chain has a liberty; a chain with a liberty outside the
    // region has two eyes there.
    let (_, chains) = g.chains();
    for members in &chains {
        let colour = g.cells[members[0]];
        let mut libs_inside = 0;
        let mut libs_outside = 0;
        for &i in members {
            for m in g.neighbours(i) {
                if g.cells[m] == EMPTY {
                    if inside[m] {
                        libs_inside += 1;
                    } else {
                        libs_outside += 1;
                    }
                }
            }
        }
        if libs_inside + libs_outside == 0 {
            return Err(if members.iter().any(|&i| inside[i]) {
                FrameError::NoLiberty
            } else {
                FrameError::Unsettled
            });
        }
        if libs_outside > 0 && eyes_of(&g, members, colour, &inside) < 2 {
            return Err(FrameError::WeakChain);
        }
    }
    let stones = (0..n * n).filter_map(|i| match g.cells[i] {
        BLACK => Some((Colour::Black, at(i))),
        WHITE => Some((Colour::White, at(i))),
        _ => None,
    });
    Ok(Board::from_stones(size, stones, None, [0, 0]))
}

/// The eyes of a chain outside the region: empty points there with only its colour around.
fn eyes_of(g: &Grid, members: &[usize], colour: u8, inside: &[bool]) -> usize {
    let mut eyes: Vec<usize> = Vec::new();
    for &i in members {
        for m in g.neighbours(i) {
            if !inside[m] && g.eye_of(m, colour) && !eyes.contains(&m) {
                eyes.push(m);
            }
        }
    }
    eyes.len()
}

/// The rectangle of the region with a margin of `margin` lines, clipped to the board, reaching
/// the edge where it comes within two lines of it: (first column, last column, first row, last
/// row), 0-based from the top left — what a problem's `VW` shows.
pub fn view(size: BoardSize, region: &Region, margin: u8) -> (u8, u8, u8, u8) {
    let n = size.get();
    let pts = region.points();
    let cr: Vec<(u8, u8)> = pts.iter().map(|&p| size.col_row(p)).collect();
    let span = |v: &mut dyn Iterator<Item = u8>| {
        let v: Vec<u8> = v.collect();
        let lo = v.iter().copied().min().unwrap_or(0);
        let hi = v.iter().copied().max().unwrap_or(n - 1);
        let lo = lo.saturating_sub(margin);
        let hi = (hi + margin).min(n - 1);
        let lo = if lo <= 2 { 0 } else { lo };
        let hi = if hi + 3 >= n { n - 1 } else { hi };
        (lo, hi)
    };
    let (c0, c1) = span(&mut cr.iter().map(|x| x.0));
    let (r0, r1) = span(&mut cr.iter().map(|x| x.1));
    (c0, c1, r0, r1)
}

/// The whole board's point of a row-major index (for callers holding ownership by index).
pub fn point_at(size: BoardSize, i: usize) -> Point {
    let n = size.get() as usize;
    size.point((i % n) as u8, (i / n) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::reader::Region;
    use crate::learn::tihai::board;

    #[test]
    fn the_frame_keeps_the_region_and_fills_the_rest_with_living_stones() {
        let b = board(&[
            ". . . . . . . . .",
            ". . X . . . . . .",
            ". X O X . . . . .",
            ". . . . . . . . .",
            ". . . . . . O . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let size = b.size();
        let region = Region::rectangle(size, size.point(0, 0), size.point(4, 4));
        // Black owns the left half, White the right.
        let own: Vec<f32> = (0..81)
            .map(|i| if i % 9 < 5 { 0.9 } else { -0.9 })
            .collect();
        let f = frame(&b, &region, &own, None).expect("frames");
        for p in region.points() {
            assert_eq!(f.colour_at(p), b.colour_at(p), "{}", size.vertex(p));
        }
        f.check_invariants().unwrap();
        // Outside the region: mostly stones, the owner's, and every chain of them lives
        // (pass-alive by Benson).
        let outside: Vec<Point> = size.points().filter(|&p| !region.contains(p)).collect();
        let empty = outside.iter().filter(|&&p| f.is_empty(p)).count();
        assert!(
            empty * 4 < outside.len(),
            "{empty} empty of {}",
            outside.len()
        );
        assert!(f.colour_at(size.point(8, 8)).is_some());
        for c in [Colour::Black, Colour::White] {
            let alive = crate::rules::scoring::pass_alive(&f, c);
            for &p in &outside {
                if f.colour_at(p) == Some(c) {
                    assert!(
                        alive[p.index()],
                        "{} not alive\n{}",
                        size.vertex(p),
                        f.to_ascii()
                    );
                }
            }
        }
        assert_eq!(f.colour_at(size.point(8, 0)), Some(Colour::White));
        assert_eq!(f.colour_at(size.point(0, 8)), Some(Colour::Black));
    }

    #[test]
    fn a_wall_rings_the_region_in_the_attackers_colour() {
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
        let region = Region::rectangle(size, size.point(0, 0), size.point(3, 2));
        let own = vec![-0.9f32; 81];
        let f = frame(&b, &region, &own, Some(Colour::Black)).expect("frames");
        // The ring around the region is Black's even where White owned it.
        for p in [size.point(4, 0), size.point(4, 3), size.point(0, 3)] {
            assert_eq!(f.colour_at(p), Some(Colour::Black), "{}", size.vertex(p));
        }
        assert_eq!(f.colour_at(size.point(8, 8)), Some(Colour::White));
        // The wall lives by itself (Benson), so the region's fight cannot take it.
        let alive = crate::rules::scoring::pass_alive(&f, Colour::Black);
        for p in size.points().filter(|&p| !region.contains(p)) {
            if f.colour_at(p) == Some(Colour::Black) {
                assert!(alive[p.index()], "{}\n{}", size.vertex(p), f.to_ascii());
            }
        }
    }

    #[test]
    fn the_view_reaches_the_edge_when_close() {
        let size = BoardSize::new(19).unwrap();
        let region = Region::rectangle(size, size.point(2, 1), size.point(6, 5));
        assert_eq!(view(size, &region, 1), (0, 7, 0, 6));
        let mid = Region::rectangle(size, size.point(8, 8), size.point(10, 10));
        assert_eq!(view(size, &mid, 1), (7, 11, 7, 11));
    }
}

//! 3×3 shape knowledge for playouts and priors: the classic MoGo patterns (hane, cut, edge
//! moves; Gelly et al., "Modification of UCT with Patterns in Monte-Carlo Go", 2006, in the
//! form Michi spells them), expanded once into a table over every neighbourhood code of
//! [`Board::neighbourhood`](crate::rules::Board::neighbourhood).

use std::sync::OnceLock;

/// The patterns, the candidate point in the centre. `X`/`O`: a stone of either colour / the other
/// colour (both colourings match); `.` empty; `?` anything; `x`: not `X`; `o`: not `O`;
/// ` ` off the board. Every rotation and reflection matches too.
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // katatsuke or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut: unprotected cut
    ["XO?", "O.X", "???"], // cut: peeped cut
    ["?X?", "O.O", "ooo"], // cut: de
    ["OX?", "o.O", "???"], // cut: keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block side cut
    ["?X?", "x.O", "   "], // edge: block side connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// Whether a neighbourhood code matches one of the patterns.
#[inline]
pub fn matches(code: u16) -> bool {
    let t = table();
    t[(code >> 6) as usize] & (1 << (code & 63)) != 0
}

fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Box<[u64; 1024]> {
    let mut t = Box::new([0u64; 1024]);
    for src in SOURCE {
        let grid: [[u8; 3]; 3] = std::array::from_fn(|r| {
            let row = src[r].as_bytes();
            std::array::from_fn(|c| row[c])
        });
        for g in symmetries(grid) {
            for swapped in [false, true] {
                expand(&g, swapped, 0, 0, &mut t);
            }
        }
    }
    t
}

/// The eight rotations and reflections of a grid.
fn symmetries(g: [[u8; 3]; 3]) -> Vec<[[u8; 3]; 3]> {
    let rot = |g: [[u8; 3]; 3]| -> [[u8; 3]; 3] {
        std::array::from_fn(|r| std::array::from_fn(|c| g[2 - c][r]))
    };
    let flip = |g: [[u8; 3]; 3]| -> [[u8; 3]; 3] { std::array::from_fn(|r| g[2 - r]) };
    let mut out = Vec::new();
    let mut cur = g;
    for _ in 0..4 {
        out.push(cur);
        out.push(flip(cur));
        cur = rot(cur);
    }
    out
}

/// Sets every code matching the grid from neighbour `k` on (`code` holds the earlier ones).
/// With `swapped`, `X` means the opponent of the player to move.
fn expand(g: &[[u8; 3]; 3], swapped: bool, k: usize, code: u16, t: &mut [u64; 1024]) {
    const CELLS: [(usize, usize); 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ];
    if k == 8 {
        if plausible(code) {
            t[(code >> 6) as usize] |= 1 << (code & 63);
        }
        return;
    }
    let (r, c) = CELLS[k];
    let (x, o) = if swapped { (2u16, 1u16) } else { (1, 2) };
    let options: &[u16] = match g[r][c] {
        b'X' => &[x],
        b'O' => &[o],
        b'.' => &[0],
        b' ' => &[3],
        b'x' => &[0, o, 3],
        b'o' => &[0, x, 3],
        _ => &[0, 1, 2, 3],
    };
    for &v in options {
        expand(g, swapped, k + 1, code | v << (2 * k), t);
    }
}

/// Whether a code could occur on a board: the off-board cells form whole edges of the square.
fn plausible(code: u16) -> bool {
    let edge = |k: usize| (code >> (2 * k)) & 3 == 3;
    // Orthogonal neighbours N W E S are 1 3 4 6; an off-board orthogonal neighbour puts its
    // whole side off the board.
    let sides = [
        (1, [0, 1, 2]),
        (3, [0, 3, 5]),
        (4, [2, 4, 7]),
        (6, [5, 6, 7]),
    ];
    for (o, side) in sides {
        if edge(o) && !side.iter().all(|&k| edge(k)) {
            return false;
        }
    }
    // A diagonal is off the board only when one of its two sides is.
    for (d, a, b) in [(0, 1, 3), (2, 1, 4), (5, 3, 6), (7, 4, 6)] {
        if edge(d) && !edge(a) && !edge(b) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, BoardSize, Colour};

    fn code_at(rows: &[&str], c: Colour, col: u8, row: u8) -> u16 {
        let size = BoardSize::new(rows.len() as u32).unwrap();
        let mut b = Board::new(size);
        for (r, line) in rows.iter().enumerate() {
            for (k, ch) in line.chars().enumerate() {
                let p = size.point(k as u8, r as u8);
                match ch {
                    'X' => b.place_setup(Colour::Black, p),
                    'O' => b.place_setup(Colour::White, p),
                    _ => {}
                }
            }
        }
        b.neighbourhood(c, size.point(col, row))
    }

    #[test]
    fn hane_and_cut_match_both_colours_and_all_orientations() {
        // Enclosing hane below the O, as written and turned a quarter.
        let rows = [".....", ".XOX.", ".....", ".....", "....."];
        let turned = [".....", "...X.", "...O.", "...X.", "....."];
        for c in [Colour::Black, Colour::White] {
            assert!(matches(code_at(&rows, c, 2, 2)));
            assert!(matches(code_at(&turned, c, 2, 2)));
        }
        // Unprotected cut: X O / O . with nothing protecting.
        let cut = [".....", ".XO..", ".O...", ".....", "....."];
        assert!(matches(code_at(&cut, Colour::Black, 2, 2)));
        assert!(matches(code_at(&cut, Colour::White, 2, 2)));
    }

    #[test]
    fn empty_neighbourhoods_do_not_match() {
        let empty = [".....", ".....", ".....", ".....", "....."];
        assert!(!matches(code_at(&empty, Colour::Black, 2, 2)));
        assert!(!matches(code_at(&empty, Colour::Black, 0, 0)));
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // Edge sagari: ?XO / x.x / edge below — on the first line.
        let rows = [".....", ".....", ".....", "..XO.", "....."];
        assert!(matches(code_at(&rows, Colour::White, 2, 4)));
    }
}

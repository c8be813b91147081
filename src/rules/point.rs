//! Board sizes, points and their names.
//!
//! 总则 第一条一: the board is a grid of 19×19 lines, 361 points, with star points (星位) and a
//! centre (天元). We allow any size from 2 to 25; 9, 13, 17 (the Han-dynasty 汉魏 board) and 19
//! are the presets.
//!
//! A [`Point`] is an index into a padded one-dimensional array (one border row above and below,
//! one border column shared between rows), which is what lets the board look at neighbours
//! without bounds checks. Points only make sense together with the [`BoardSize`] they came from.

use std::fmt;

/// The largest board we play on.
pub const MAX_SIZE: u8 = 25;
/// Length of the padded arrays, enough for a 25×25 board: (25 + 2) × (25 + 1) + 1.
pub const ARRAY_LEN: usize = 704;

/// A point (交叉点) on a board of some [`BoardSize`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Point(pub(crate) u16);

impl Point {
    /// The index of this point in the padded arrays of its board.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a board size was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board size {} is outside 2–{MAX_SIZE}", self.0)
    }
}

/// Why a point name such as `D4` was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VertexError(pub String);

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a point on this board", self.0)
    }
}

/// The side length of a square board, 2..=25.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardSize(u8);

/// Column letters as Go players write them: A–Z without I.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl BoardSize {
    pub const NINE: BoardSize = BoardSize(9);
    pub const THIRTEEN: BoardSize = BoardSize(13);
    /// The Han-dynasty board, 17 lines, 289 points (汉魏 棋局纵横十七道).
    pub const SEVENTEEN: BoardSize = BoardSize(17);
    pub const NINETEEN: BoardSize = BoardSize(19);
    /// The sizes offered as presets.
    pub const PRESETS: [BoardSize; 4] =
        [Self::NINE, Self::THIRTEEN, Self::SEVENTEEN, Self::NINETEEN];

    pub fn new(n: u32) -> Result<Self, SizeError> {
        if (2..=MAX_SIZE as u32).contains(&n) {
            Ok(BoardSize(n as u8))
        } else {
            Err(SizeError(n))
        }
    }

    /// Lines on each side.
    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }

    /// Number of points (361 on 19×19).
    pub fn area(self) -> u32 {
        self.0 as u32 * self.0 as u32
    }

    /// Distance between vertically adjacent points in the padded arrays.
    #[inline]
    pub fn stride(self) -> usize {
        self.0 as usize + 1
    }

    /// Length of the padded arrays actually used by this size.
    pub fn padded_len(self) -> usize {
        (self.0 as usize + 2) * self.stride() + 1
    }

    /// The point at column `col` (0 = left, 'A') and row `row` (0 = top).
    #[inline]
    pub fn point(self, col: u8, row: u8) -> Point {
        debug_assert!(col < self.0 && row < self.0);
        Point(((row as usize + 1) * self.stride() + col as usize + 1) as u16)
    }

    /// The point at `(col, row)`, or `None` outside the board.
    pub fn checked_point(self, col: i32, row: i32) -> Option<Point> {
        let n = self.0 as i32;
        ((0..n).contains(&col) && (0..n).contains(&row)).then(|| self.point(col as u8, row as u8))
    }

    /// Column and row (0 = top) of a point.
    #[inline]
    pub fn col_row(self, p: Point) -> (u8, u8) {
        let s = self.stride();
        let i = p.index();
        ((i % s - 1) as u8, (i / s - 1) as u8)
    }

    /// Whether `p` is a point of a board of this size (and not a border cell).
    pub fn contains(self, p: Point) -> bool {
        let s = self.stride();
        let i = p.index();
        i >= s
            && i < self.padded_len()
            && !i.is_multiple_of(s)
            && i / s >= 1
            && i / s <= self.0 as usize
    }

    /// All points, row by row from the top left.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let n = self.0;
        (0..n).flat_map(move |row| (0..n).map(move |col| self.point(col, row)))
    }

    /// The four orthogonal neighbours in the padded arrays (some may be border cells).
    #[inline]
    pub fn neighbours(self, p: Point) -> [usize; 4] {
        let i = p.index();
        let s = self.stride();
        [i - s, i - 1, i + 1, i + s]
    }

    /// The column letter of a column: A–Z without I.
    pub fn column_letter(col: u8) -> char {
        LETTERS[col as usize] as char
    }

    /// The row number as written on the board edge: 1 at the bottom.
    pub fn row_number(self, row: u8) -> u8 {
        self.0 - row
    }

    /// The name of a point as Go players and GTP write it, e.g. `D4`.
    pub fn vertex(self, p: Point) -> String {
        let (c, r) = self.col_row(p);
        format!("{}{}", Self::column_letter(c), self.row_number(r))
    }

    /// Parses a point name such as `D4` or `q16` (the letter I is skipped).
    pub fn parse_vertex(self, s: &str) -> Result<Point, VertexError> {
        let err = || VertexError(s.to_string());
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let col = LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(err)?;
        let number: u32 = chars.as_str().parse().map_err(|_| err())?;
        if col >= self.0 as usize || number == 0 || number > self.0 as u32 {
            return Err(err());
        }
        Ok(self.point(col as u8, (self.0 as u32 - number) as u8))
    }

    /// The distance of the corner star points from the edge (0-based line), if any.
    fn corner_line(self) -> Option<u8> {
        match self.0 {
            n if n >= 13 => Some(3),
            n if n >= 7 => Some(2),
            _ => None,
        }
    }

    /// Points of the fixed handicap placement, in the GTP order, for `stones` handicap stones.
    /// `None` when the size does not offer that many fixed handicap points.
    pub fn fixed_handicap_points(self, stones: u8) -> Option<Vec<Point>> {
        let line = self.corner_line()?;
        let n = self.0;
        let (lo, hi) = (line, n - 1 - line);
        let mid = n / 2;
        let odd = n % 2 == 1;
        let max = if odd && n >= 9 { 9 } else { 4 };
        if !(2..=max).contains(&stones) {
            return None;
        }
        // GTP v2 §4.1.1 order: the corners first, then the sides, the centre for odd counts.
        let corners = [
            self.point(hi, lo),
            self.point(lo, hi),
            self.point(hi, hi),
            self.point(lo, lo),
        ];
        let mut v: Vec<Point> = corners[..(stones.min(4) as usize)].to_vec();
        if stones >= 5 {
            let sides = [
                self.point(lo, mid),
                self.point(hi, mid),
                self.point(mid, lo),
                self.point(mid, hi),
            ];
            let side_count = match stones {
                5 => 0,
                6 | 7 => 2,
                _ => 4,
            };
            v.extend_from_slice(&sides[..side_count]);
            if stones % 2 == 1 {
                v.push(self.point(mid, mid));
            }
        }
        Some(v)
    }

    /// The star points (星位) drawn on the board; on odd sizes the centre is 天元.
    pub fn star_points(self) -> Vec<Point> {
        let n = self.0;
        if n < 7 {
            return if n % 2 == 1 && n >= 5 {
                vec![self.point(n / 2, n / 2)]
            } else {
                vec![]
            };
        }
        let count = if n.is_multiple_of(2) {
            4
        } else if n >= 15 {
            9
        } else {
            5
        };
        // In board order, picked rather than sorted (no sort's code in the app shell).
        let v = self.fixed_handicap_points(count).unwrap_or_default();
        self.points().filter(|p| v.contains(p)).collect()
    }

    /// The centre point 天元 on odd sizes.
    pub fn tengen(self) -> Option<Point> {
        (self.0 % 2 == 1).then(|| self.point(self.0 / 2, self.0 / 2))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.0, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_names_round_trip_and_skip_i() {
        let s = BoardSize::NINETEEN;
        for p in s.points() {
            assert_eq!(s.parse_vertex(&s.vertex(p)).unwrap(), p);
        }
        assert_eq!(s.vertex(s.point(8, 18)), "J1");
        assert_eq!(s.vertex(s.point(0, 0)), "A19");
        assert!(s.parse_vertex("I5").is_err());
        assert!(s.parse_vertex("U5").is_err());
        assert!(s.parse_vertex("A20").is_err());
        assert!(s.parse_vertex("A0").is_err());
    }

    #[test]
    fn star_points_per_size() {
        let nineteen: Vec<String> = {
            let s = BoardSize::NINETEEN;
            let mut v: Vec<String> = s.star_points().into_iter().map(|p| s.vertex(p)).collect();
            v.sort();
            v
        };
        assert_eq!(
            nineteen,
            ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
        );
        assert_eq!(BoardSize::NINE.star_points().len(), 5);
        assert_eq!(BoardSize::THIRTEEN.star_points().len(), 5);
        assert_eq!(BoardSize::SEVENTEEN.star_points().len(), 9);
        assert_eq!(
            BoardSize::NINETEEN
                .tengen()
                .map(|p| BoardSize::NINETEEN.vertex(p)),
            Some("K10".into())
        );
    }

    #[test]
    fn contains_rejects_border_cells() {
        let s = BoardSize::new(5).unwrap();
        let inside: usize = (0..ARRAY_LEN)
            .filter(|&i| s.contains(Point(i as u16)))
            .count();
        assert_eq!(inside, 25);
        assert!(BoardSize::new(1).is_err() && BoardSize::new(26).is_err());
        assert!(BoardSize::new(MAX_SIZE as u32).unwrap().padded_len() <= ARRAY_LEN);
    }
}

//! The eight ways to turn a square board: rotations by quarter turns and their mirror images.
//! A teacher turns the board so pupils see it from their side; a problem is the same problem in
//! every corner. Points only: colours are swapped elsewhere.

use super::{BoardSize, Point};

/// A turn of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    Rotate180,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270,
    /// Left and right exchanged.
    FlipHorizontal,
    /// Top and bottom exchanged.
    FlipVertical,
    /// Across the diagonal from the top left to the bottom right.
    Transpose,
    /// Across the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where `p` goes on a board of `size`.
    pub fn apply(self, size: BoardSize, p: Point) -> Point {
        let (c, r) = size.col_row(p);
        let m = size.get() - 1;
        let (c2, r2) = match self {
            Symmetry::Identity => (c, r),
            // Clockwise: the top row becomes the right column.
            Symmetry::Rotate90 => (m - r, c),
            Symmetry::Rotate180 => (m - c, m - r),
            Symmetry::Rotate270 => (r, m - c),
            Symmetry::FlipHorizontal => (m - c, r),
            Symmetry::FlipVertical => (c, m - r),
            Symmetry::Transpose => (r, c),
            Symmetry::AntiTranspose => (m - r, m - c),
        };
        size.point(c2, r2)
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// This turn, then `next`.
    pub fn then(self, next: Symmetry) -> Symmetry {
        let size = BoardSize::new(3).expect("3×3 exists");
        let probe = [size.point(0, 0), size.point(1, 0)];
        let want = probe.map(|p| next.apply(size, self.apply(size, p)));
        Symmetry::ALL
            .into_iter()
            .find(|s| probe.map(|p| s.apply(size, p)) == want)
            .unwrap_or(Symmetry::Identity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_is_a_permutation_undone_by_its_inverse() {
        for n in [2, 5, 9, 19] {
            let size = BoardSize::new(n).unwrap();
            for s in Symmetry::ALL {
                let mut seen: Vec<Point> = size.points().map(|p| s.apply(size, p)).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), size.area() as usize, "{s:?} on {n}");
                for p in size.points() {
                    assert_eq!(s.inverse().apply(size, s.apply(size, p)), p, "{s:?}");
                }
            }
        }
    }

    #[test]
    fn flips_applied_twice_are_the_identity_and_four_quarter_turns_too() {
        let size = BoardSize::NINETEEN;
        for p in size.points() {
            for s in [
                Symmetry::FlipHorizontal,
                Symmetry::FlipVertical,
                Symmetry::Transpose,
                Symmetry::AntiTranspose,
                Symmetry::Rotate180,
            ] {
                assert_eq!(s.apply(size, s.apply(size, p)), p);
            }
            let mut q = p;
            for _ in 0..4 {
                q = Symmetry::Rotate90.apply(size, q);
            }
            assert_eq!(q, p);
        }
    }

    #[test]
    fn named_points_go_where_a_player_expects() {
        let size = BoardSize::NINETEEN;
        let v = |s: &str| size.parse_vertex(s).unwrap();
        // A quarter turn clockwise takes the top-left corner to the top-right.
        assert_eq!(Symmetry::Rotate90.apply(size, v("A19")), v("T19"));
        assert_eq!(Symmetry::Rotate90.apply(size, v("D4")), v("D16"));
        assert_eq!(Symmetry::Rotate180.apply(size, v("D4")), v("Q16"));
        assert_eq!(Symmetry::FlipHorizontal.apply(size, v("D4")), v("Q4"));
        assert_eq!(Symmetry::FlipVertical.apply(size, v("D4")), v("D16"));
        assert_eq!(Symmetry::Transpose.apply(size, v("C18")), v("B17"));
        assert_eq!(
            Symmetry::Rotate90.then(Symmetry::Rotate90),
            Symmetry::Rotate180
        );
        assert_eq!(
            Symmetry::FlipHorizontal.then(Symmetry::FlipVertical),
            Symmetry::Rotate180
        );
    }
}

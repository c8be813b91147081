//! Handicap stones (让子). Not in the seeds, but every player expects them: 2–9 black stones on
//! the star points, white moves first, and under Chinese counting black gives back half a stone
//! (one point) per handicap stone — see [`crate::rules::Rules::handicap_half_points`].

use super::point::{BoardSize, Point};

/// Why a handicap was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandicapError {
    /// The number of stones is not offered on this board size.
    InvalidCount { stones: u32, max: u32 },
}

impl std::fmt::Display for HandicapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let HandicapError::InvalidCount { stones, max } = *self;
        write!(
            f,
            "a handicap of {stones} stones is not possible on this board (2–{max})"
        )
    }
}

/// The most fixed handicap stones a size offers (9 on odd sizes from 9, 4 on others from 7).
pub fn max_fixed(size: BoardSize) -> u32 {
    (2..=9)
        .rev()
        .find(|&n| size.fixed_handicap_points(n).is_some())
        .map_or(0, |n| n as u32)
}

/// The fixed placement of `stones` handicap stones on star points (GTP `fixed_handicap`).
pub fn fixed(size: BoardSize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed(size);
    u8::try_from(stones)
        .ok()
        .and_then(|n| size.fixed_handicap_points(n))
        .ok_or(HandicapError::InvalidCount { stones, max })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_offers_nine_and_places_in_gtp_order() {
        let s = BoardSize::NINETEEN;
        assert_eq!(max_fixed(s), 9);
        let v: Vec<String> = fixed(s, 5)
            .unwrap()
            .into_iter()
            .map(|p| s.vertex(p))
            .collect();
        assert_eq!(v, ["Q16", "D4", "Q4", "D16", "K10"]);
        let v: Vec<String> = fixed(s, 6)
            .unwrap()
            .into_iter()
            .map(|p| s.vertex(p))
            .collect();
        assert_eq!(v, ["Q16", "D4", "Q4", "D16", "D10", "Q10"]);
        assert!(fixed(s, 10).is_err() && fixed(s, 1).is_err());
        assert_eq!(max_fixed(BoardSize::new(8).unwrap()), 4);
        assert_eq!(max_fixed(BoardSize::new(5).unwrap()), 0);
    }
}

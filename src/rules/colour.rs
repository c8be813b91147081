//! The two colours (总则 第一条二: 棋子分黑白两色) and what a point holds.

use std::fmt;

/// A side in the game. Black moves first (总则 第二条一: 黑先白后).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for black, 1 for white: an index for per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The SGF / GTP letter, `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }

    /// The Chinese name, 黑 or 白.
    pub fn hanzi(self) -> &'static str {
        match self {
            Colour::Black => "黑",
            Colour::White => "白",
        }
    }

    pub fn both() -> [Colour; 2] {
        [Colour::Black, Colour::White]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// What a point of the board holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stone {
    Empty,
    Black,
    White,
}

impl Stone {
    pub fn colour(self) -> Option<Colour> {
        match self {
            Stone::Empty => None,
            Stone::Black => Some(Colour::Black),
            Stone::White => Some(Colour::White),
        }
    }
}

impl From<Colour> for Stone {
    fn from(c: Colour) -> Stone {
        match c {
            Colour::Black => Stone::Black,
            Colour::White => Stone::White,
        }
    }
}

//! 题海 (issue 53): problems without end, made from our own games.
pub mod exercise;
pub mod frame;
pub mod grade;
pub mod make;
pub mod scan;
pub mod set_grade;
pub mod technique;
pub mod words;

/// A board from an ASCII diagram (`X` black, `O` white, anything else empty; spaces ignored),
/// the first row at the top: the tests' positions.
#[cfg(test)]
pub(crate) fn board(rows: &[&str]) -> crate::rules::Board {
    use crate::rules::{Board, BoardSize, Colour};
    let size = BoardSize::new(rows.len() as u32).unwrap();
    let mut b = Board::new(size);
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let p = size.point(c as u8, r as u8);
            match ch {
                'X' => b.place_setup(Colour::Black, p),
                'O' => b.place_setup(Colour::White, p),
                _ => {}
            }
        }
    }
    b
}

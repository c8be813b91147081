//! Moves as players type or say them: `D4`, `d4`, `Ｄ４`, `4-4` (column-row, counted from the
//! lower left as the letters and numbers are), `天元`, `pass` / `停一手`. The screen's typed-move
//! field reads them here; whether the move is legal is [`crate::rules::Game::check`]'s business.

use std::fmt;

use super::{BoardSize, Move};

/// Why typed text is not a move on this board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    /// Nothing was typed.
    Empty,
    /// The text names no point (`Z`, `hello`, `4-`).
    NotAPoint,
    /// A point off this board, e.g. `T19` on 9×9 (the text is kept, normalised).
    OffBoard(String),
    /// `天元` on an even board, which has no centre point.
    NoTengen,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => write!(f, "no move typed"),
            NotationError::NotAPoint => write!(f, "not a point"),
            NotationError::OffBoard(v) => write!(f, "{v} is off the board"),
            NotationError::NoTengen => write!(f, "an even board has no centre point"),
        }
    }
}

/// Full-width letters and digits (Ｄ４, typed with a Chinese input method) as ASCII, upper case,
/// and every kind of space, dash or comma as one separator.
fn normalise(text: &str) -> String {
    text.trim()
        .chars()
        .map(|ch| match ch {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(ch as u32 - 0xFEE0).unwrap_or(ch),
            '\u{3000}' => ' ',
            _ => ch,
        })
        .map(|ch| match ch {
            '-' | ',' | '，' | '、' | '–' | '—' | '－' | '/' => ' ',
            _ => ch.to_ascii_uppercase(),
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move as records, storage and messages write it: `D4`, `pass`.
pub fn move_text(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Play(p) => size.vertex(p),
        Move::Pass => "pass".into(),
    }
}

/// A move read back from [`move_text`] (`pass` in any case, as other programs' records write it;
/// no typed forms: this is data, not a player).
pub fn read_move_text(size: BoardSize, text: &str) -> Option<Move> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    size.parse_vertex(text).ok().map(Move::Play)
}

/// Reads a typed move for a board of `size`.
pub fn parse_move(size: BoardSize, text: &str) -> Result<Move, NotationError> {
    let t = normalise(text);
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    match t.as_str() {
        "PASS" | "停" | "停一手" | "虚着" | "虚手" | "弃权" => return Ok(Move::Pass),
        "天元" | "TENGEN" => return size.tengen().map(Move::Play).ok_or(NotationError::NoTengen),
        _ => {}
    }
    // "4 4" / "4-4": column then row, both counted from the lower left as the board edge reads.
    let numbers: Vec<&str> = t.split(' ').collect();
    if numbers.len() == 2
        && numbers
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_digit()))
    {
        let (Ok(col), Ok(row)) = (numbers[0].parse::<u32>(), numbers[1].parse::<u32>()) else {
            return Err(NotationError::NotAPoint);
        };
        let n = size.get() as u32;
        if col == 0 || row == 0 {
            return Err(NotationError::NotAPoint);
        }
        if col > n || row > n {
            return Err(NotationError::OffBoard(format!("{col}-{row}")));
        }
        return Ok(Move::Play(size.point(col as u8 - 1, (n - row) as u8)));
    }
    // "D4", "D 4": a column letter (I is skipped) and a row number.
    let compact: String = t.chars().filter(|c| *c != ' ').collect();
    let mut chars = compact.chars();
    let letter = chars.next().ok_or(NotationError::NotAPoint)?;
    let digits = chars.as_str();
    if !letter.is_ascii_alphabetic()
        || letter == 'I'
        || digits.is_empty()
        || !digits.chars().all(|c| c.is_ascii_digit())
        || digits.trim_start_matches('0').is_empty()
    {
        return Err(NotationError::NotAPoint);
    }
    size.parse_vertex(&compact)
        .map(Move::Play)
        .map_err(|_| NotationError::OffBoard(compact))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(size: u32, text: &str, want: Result<&str, NotationError>) {
        let size = BoardSize::new(size).unwrap();
        let got = parse_move(size, text).map(|m| match m {
            Move::Play(p) => size.vertex(p),
            Move::Pass => "pass".to_string(),
        });
        assert_eq!(got, want.map(str::to_string), "{text:?}");
    }

    #[test]
    fn points_as_players_type_them() {
        check(19, "D4", Ok("D4"));
        check(19, " d4 ", Ok("D4"));
        check(19, "Ｄ４", Ok("D4"));
        check(19, "q 16", Ok("Q16"));
        check(19, "T19", Ok("T19"));
        check(9, "j9", Ok("J9"));
    }

    #[test]
    fn numeric_column_row_from_the_lower_left() {
        check(19, "4-4", Ok("D4"));
        check(19, "16-4", Ok("Q4"));
        check(19, "9,10", Ok("J10"));
        check(19, "１０－１０", Ok("K10"));
        check(9, "1 9", Ok("A9"));
    }

    #[test]
    fn names_of_points_and_of_passing() {
        check(19, "天元", Ok("K10"));
        check(9, "天元", Ok("E5"));
        check(19, "pass", Ok("pass"));
        check(19, "停一手", Ok("pass"));
        check(12, "天元", Err(NotationError::NoTengen));
    }

    #[test]
    fn refusals_say_what_is_wrong() {
        check(19, "", Err(NotationError::Empty));
        check(19, "   ", Err(NotationError::Empty));
        check(19, "hello", Err(NotationError::NotAPoint));
        check(19, "I5", Err(NotationError::NotAPoint));
        check(19, "4-", Err(NotationError::NotAPoint));
        check(19, "0-4", Err(NotationError::NotAPoint));
        check(19, "D0", Err(NotationError::NotAPoint));
        check(9, "K5", Err(NotationError::OffBoard("K5".into())));
        check(9, "T19", Err(NotationError::OffBoard("T19".into())));
        check(9, "10-3", Err(NotationError::OffBoard("10-3".into())));
    }
}

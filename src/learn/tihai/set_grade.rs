//! A teacher's imported set graded (issue 53, item 5): each problem by [`super::grade::grade`]
//! over the ranked opponents ([`super::grade::RANKED`]), in the bot's worker; the set by the median of its
//! graded problems' grades ([`of_set`]), said as its band ("这套题大约 15–11 级"); when most
//! problems are ones no ranked opponent solves, the set is not graded (a problem 1 级 does not
//! play is the network's blind spot as often as a hard one: 题海 ships none, README).
//!
//! The problem is graded on its own board as the file sets it, not framed as 题海's are
//! (`frame.rs` fills the rest of the board from the network's ownership of a game's position;
//! a teacher's problem has no game around it, and its ownership near zero fills the board with
//! one colour). Measured on the 40 built-in problems graded as imports
//! (`tests/graded_imports.rs`, ignored test): as many graded either way.

use crate::bot::Level;
use crate::learn::band::Band;
use crate::learn::proof::{self, Check};
use crate::learn::Problem;
use crate::rules::{Move, Point};

/// A set's grade: the band of its median graded problem, or none when most are not graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetGrade {
    Band(Band),
    /// Most problems no ranked opponent solves: "电脑没法给这套题定级".
    MostUngraded,
}

/// The grade of a set from its problems' grades (`None`: no ranked opponent solved it, not
/// graded): the band of the median of those graded, the easier of the two middle ones when
/// there is an even number; [`SetGrade::MostUngraded`] when more than half are not graded.
/// `None` when the set has no problem graded or not.
pub fn of_set(grades: &[Option<Level>]) -> Option<SetGrade> {
    if grades.is_empty() {
        return None;
    }
    let mut graded: Vec<Level> = grades.iter().flatten().copied().collect();
    if graded.len() * 2 < grades.len() {
        return Some(SetGrade::MostUngraded);
    }
    // Weakest first.
    graded.sort();
    let median = graded[(graded.len() - 1) / 2];
    Some(SetGrade::Band(super::grade::band_of(median)))
}

/// The right first moves a problem is graded by: the file's answer, or, when the reader's check
/// found the file wrong and proved other first moves, those; with the first moves the reader
/// proved right besides the file's.
pub fn right_points(p: &Problem, check: Option<&Check>) -> Vec<Point> {
    let mut right: Vec<Move> = match check {
        Some(Check::WrongAnswer { instead, .. }) if !instead.is_empty() => {
            instead.iter().map(|t| t.first).collect()
        }
        _ => proof::right_first_moves(p),
    };
    if let Some(Check::AlsoRight { moves, .. }) = check {
        right.extend(moves.iter().map(|t| t.first));
    }
    let mut points: Vec<Point> = right
        .into_iter()
        .filter_map(|m| match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .collect();
    points.dedup();
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use Level::*;

    fn band(grades: &[Option<Level>]) -> Option<SetGrade> {
        of_set(grades)
    }

    #[test]
    fn the_ranked_opponents_are_every_level_but_the_strongest_weakest_first() {
        let r = super::super::grade::RANKED;
        assert_eq!(r.len(), Level::ALL.len() - 1);
        assert!(!r.contains(&Strongest));
        assert!(r.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_set_is_the_band_of_its_median_problem() {
        // Sorted: 25, 20, 15, 15, 1 → 15 级 in the middle, whatever the order.
        let set = [
            Some(Kyu15),
            Some(Kyu1),
            Some(Kyu25),
            Some(Kyu15),
            Some(Kyu20),
        ];
        assert_eq!(band(&set), Some(SetGrade::Band(Band::Kyu15)));
        // Not the mean: a problem not graded does not pull an easy set up.
        let easy = [Some(Kyu25), Some(Kyu25), None, Some(Kyu20)];
        assert_eq!(band(&easy), Some(SetGrade::Band(Band::Kyu25)));
        // An even number: the easier of the two in the middle (20 级, not 10 级).
        let even = [Some(Kyu10), Some(Kyu25), Some(Kyu20), Some(Kyu5)];
        assert_eq!(band(&even), Some(SetGrade::Band(Band::Kyu20)));
        // 5 级 and 1 级 share a band.
        assert_eq!(band(&[Some(Kyu1)]), Some(SetGrade::Band(Band::Kyu5)));
        assert_eq!(
            band(&[Some(Kyu5), Some(Kyu1), None]),
            Some(SetGrade::Band(Band::Kyu5))
        );
    }

    #[test]
    fn a_set_most_of_which_no_ranked_opponent_solves_is_not_graded() {
        assert_eq!(
            band(&[None, None, Some(Kyu25)]),
            Some(SetGrade::MostUngraded)
        );
        assert_eq!(band(&[None]), Some(SetGrade::MostUngraded));
        // Half is not most.
        assert_eq!(
            band(&[None, Some(Kyu10)]),
            Some(SetGrade::Band(Band::Kyu10))
        );
        assert_eq!(band(&[]), None);
    }

    #[test]
    fn a_problem_is_graded_by_the_files_answer_or_the_moves_the_reader_proved() {
        // A white stone in atari (its last liberty E6): Black captures at E6.
        let at = |answer: &str| {
            let sgf = format!(
                "(;GM[1]FF[4]SZ[9]AB[cd][de][dc]AW[dd]TR[dd]PL[B]C[Black to capture]\
                 ;B[{answer}]C[Right])"
            );
            Problem::read_all(&sgf).unwrap().remove(0)
        };
        let p = at("ed");
        let e6 = p.size.parse_vertex("E6").unwrap();
        assert_eq!(right_points(&p, None), vec![e6]);
        let checked = proof::check(&p, 40_000).map(|c| c.check);
        assert!(matches!(checked, Ok(Check::Proved(_))), "{checked:?}");
        assert_eq!(right_points(&p, checked.as_ref().ok()), vec![e6]);
        // A file whose answer (E4) does not capture: graded by the move the reader proved.
        let wrong = at("ef");
        let e4 = wrong.size.parse_vertex("E4").unwrap();
        assert_eq!(right_points(&wrong, None), vec![e4]);
        let checked = proof::check(&wrong, 40_000).map(|c| c.check);
        assert!(
            matches!(checked, Ok(Check::WrongAnswer { .. })),
            "{checked:?}"
        );
        assert_eq!(right_points(&wrong, checked.as_ref().ok()), vec![e6]);
    }
}

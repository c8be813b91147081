//! Problems by grade: the interface the rank exam takes its ten problems through (issue 55),
//! and that 题海 (issue 53) is to serve its graded bands through: 25–21, 20–16, 15–11, 10–6,
//! 5–1 级 and 段. A problem is named by a key that stays its own (the exam stores the key and
//! the problem's SGF, so a reload or a later change of the bands never changes an exam's
//! problems).
//!
//! 题海 does not exist yet: until it lands, [`Builtin`] feeds every band from the 40 built-in
//! problems ([`super::builtin::SETS`], graded from first captures through tesuji to life and
//! death), each band a window of them in that order. Connecting 题海 is implementing
//! [`ProblemSource`] over its bands' data.

use super::builtin::SETS;

/// A band of grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    /// 25–21 级
    Kyu25,
    /// 20–16 级
    Kyu20,
    /// 15–11 级
    Kyu15,
    /// 10–6 级
    Kyu10,
    /// 5–1 级
    Kyu5,
    /// 段
    Dan,
}

impl Band {
    pub const ALL: [Band; 6] = [
        Band::Kyu25,
        Band::Kyu20,
        Band::Kyu15,
        Band::Kyu10,
        Band::Kyu5,
        Band::Dan,
    ];

    /// The band of a rank (a kyu number, 1 段 is 0).
    pub fn of_kyu(kyu: i32) -> Band {
        match kyu {
            21.. => Band::Kyu25,
            16..=20 => Band::Kyu20,
            11..=15 => Band::Kyu15,
            6..=10 => Band::Kyu10,
            1..=5 => Band::Kyu5,
            _ => Band::Dan,
        }
    }

    /// Its file of 题海's problems (`assets/tihai/<file>`, an SGF collection).
    pub fn file(self) -> &'static str {
        match self {
            Band::Kyu25 => "25-21.sgf",
            Band::Kyu20 => "20-16.sgf",
            Band::Kyu15 => "15-11.sgf",
            Band::Kyu10 => "10-6.sgf",
            Band::Kyu5 => "5-1.sgf",
            Band::Dan => "dan.sgf",
        }
    }

    /// The grades it holds, weakest first, as kyu numbers (段: 0).
    pub fn grades(self) -> (i32, i32) {
        match self {
            Band::Kyu25 => (25, 21),
            Band::Kyu20 => (20, 16),
            Band::Kyu15 => (15, 11),
            Band::Kyu10 => (10, 6),
            Band::Kyu5 => (5, 1),
            Band::Dan => (0, 0),
        }
    }
}

/// A problem of a band: its key (`builtin:tesuji/3`) and its SGF (one game tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandProblem {
    pub key: String,
    pub sgf: String,
}

/// Where the problems of a band come from.
pub trait ProblemSource {
    /// Every problem of `band` (none: the band is not there, e.g. not yet fetched).
    fn band(&self, band: Band) -> Vec<BandProblem>;
}

/// The built-in sets as bands, until 题海 lands: the 40 problems in their order (吃子 1–14,
/// 手筋 1–14, 死活 1–12), each band a window of at least ten — 25–21 and 20–16 级 the capturing
/// problems (1–14), 15–11 级 the second half of those and the first of the tesuji (8–21), 10–6
/// 级 the tesuji (15–28), 5–1 级 the second half of the tesuji and life and death (22–40), 段
/// life and death (29–40).
pub struct Builtin;

impl Builtin {
    /// Every built-in problem in order: (key, SGF).
    pub fn all() -> Vec<BandProblem> {
        let mut out = Vec::new();
        for set in SETS {
            for (i, tree) in crate::record::sgf::game_trees(set.sgf)
                .into_iter()
                .enumerate()
            {
                out.push(BandProblem {
                    key: format!("builtin:{}/{}", set.key, i + 1),
                    sgf: tree.to_string(),
                });
            }
        }
        out
    }
}

impl ProblemSource for Builtin {
    fn band(&self, band: Band) -> Vec<BandProblem> {
        let all = Builtin::all();
        // 1-based, inclusive, in the order above.
        let (first, last) = match band {
            Band::Kyu25 | Band::Kyu20 => (1, 14),
            Band::Kyu15 => (8, 21),
            Band::Kyu10 => (15, 28),
            Band::Kyu5 => (22, 40),
            Band::Dan => (29, 40),
        };
        all.into_iter()
            .skip(first - 1)
            .take(last + 1 - first)
            .collect()
    }
}

/// 题海's bands as 学下棋 fetched them (`assets/tihai/<Band::file()>`, issue 53): each problem
/// keyed by its name (`GN[题海 th-…]`), its SGF as the file has it.
#[derive(Clone, Debug, Default)]
pub struct Fetched {
    bands: Vec<(Band, Vec<BandProblem>)>,
}

impl Fetched {
    /// A band's file read in: every game tree that names its key (others are left out).
    pub fn add(&mut self, band: Band, text: &str) {
        let problems = crate::record::sgf::game_trees(text)
            .into_iter()
            .filter_map(|tree| {
                let name = tree.split("GN[").nth(1)?.split(']').next()?;
                let key = name.split_whitespace().find(|w| w.starts_with("th-"))?;
                Some(BandProblem {
                    key: key.to_string(),
                    sgf: tree.to_string(),
                })
            })
            .collect();
        self.bands.retain(|(b, _)| *b != band);
        self.bands.push((band, problems));
    }
}

impl ProblemSource for Fetched {
    fn band(&self, band: Band) -> Vec<BandProblem> {
        self.bands
            .iter()
            .find(|(b, _)| *b == band)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    }
}

/// The rank exam's problems of a band (issue 55): 题海's when the band holds at least ten,
/// else the built-in ones.
pub fn exam_band(tihai: &impl ProblemSource, band: Band) -> Vec<BandProblem> {
    let theirs = tihai.band(band);
    if theirs.len() >= 10 {
        theirs
    } else {
        Builtin.band(band)
    }
}

/// `n` problems of `problems`, each once, chosen and ordered by `seed` (the exam's id: the same
/// exam always gets the same ten); all of them, shuffled, when there are fewer.
pub fn choose(problems: &[BandProblem], n: usize, seed: u64) -> Vec<BandProblem> {
    let mut pool: Vec<&BandProblem> = problems.iter().collect();
    let mut rng = crate::rules::playout::PlayoutRng::new(seed);
    let mut out = Vec::new();
    while out.len() < n && !pool.is_empty() {
        let i = rng.below(pool.len() as u32) as usize;
        out.push(pool.swap_remove(i).clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::Problem;

    #[test]
    fn every_band_has_ten_built_in_problems_that_read() {
        assert_eq!(Builtin::all().len(), 40);
        for band in Band::ALL {
            let problems = Builtin.band(band);
            assert!(problems.len() >= 10, "{band:?}: {}", problems.len());
            for p in &problems {
                let read = Problem::read_all(&p.sgf).unwrap();
                assert_eq!(read.len(), 1, "{}", p.key);
            }
        }
        // The bands follow the sets' order of difficulty.
        assert!(Builtin.band(Band::Kyu20)[0]
            .key
            .starts_with("builtin:capture/"));
        assert!(Builtin.band(Band::Kyu10)[0]
            .key
            .starts_with("builtin:tesuji/"));
        assert!(Builtin
            .band(Band::Dan)
            .iter()
            .all(|p| p.key.starts_with("builtin:life/")));
    }

    #[test]
    fn a_seed_chooses_the_same_ten_each_once() {
        let band = Builtin.band(Band::Kyu15);
        let a = choose(&band, 10, 1_796_388_955_244);
        assert_eq!(a, choose(&band, 10, 1_796_388_955_244));
        assert_eq!(a.len(), 10);
        let mut keys: Vec<&str> = a.iter().map(|p| p.key.as_str()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 10);
        assert_ne!(a, choose(&band, 10, 7));
        assert_eq!(choose(&band[..3], 10, 7).len(), 3);
    }

    /// A band file of `n` problems of 题海's form, each its own key.
    fn band_file(n: usize) -> String {
        (0..n)
            .map(|i| {
                format!(
                    "(;GM[1]FF[4]CA[UTF-8]SZ[9]GN[题海 th-{i:04x}]PL[B]AB[ca][cb][bc]AW[ba][bb]TR[ba]XD[20k]\
                     (;B[ab]C[正解\n先打吃。\nAtari first.]XL[aa][ac])(;B[aa]BM[1]C[失败\n不对。\nNot this one.];W[ab]))"
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_exam_takes_tihais_band_when_it_has_ten_else_the_built_in_one() {
        let mut t = Fetched::default();
        t.add(Band::Kyu20, &band_file(12));
        t.add(Band::Kyu15, &band_file(9));
        let twenty = exam_band(&t, Band::Kyu20);
        assert_eq!(twenty.len(), 12);
        assert!(twenty.iter().all(|p| p.key.starts_with("th-")));
        for p in &twenty {
            assert_eq!(Problem::read_all(&p.sgf).unwrap().len(), 1, "{}", p.key);
        }
        // Nine are too few, and a band not fetched is none: the built-in problems.
        assert_eq!(exam_band(&t, Band::Kyu15), Builtin.band(Band::Kyu15));
        assert_eq!(exam_band(&t, Band::Dan), Builtin.band(Band::Dan));
        // A band read again replaces what it had.
        t.add(Band::Kyu20, &band_file(3));
        assert_eq!(t.band(Band::Kyu20).len(), 3);
        assert_eq!(choose(&exam_band(&t, Band::Kyu20), 10, 1).len(), 10);
    }

    #[test]
    fn ranks_fall_in_their_bands() {
        assert_eq!(Band::of_kyu(25), Band::Kyu25);
        assert_eq!(Band::of_kyu(20), Band::Kyu20);
        assert_eq!(Band::of_kyu(16), Band::Kyu20);
        assert_eq!(Band::of_kyu(15), Band::Kyu15);
        assert_eq!(Band::of_kyu(7), Band::Kyu10);
        assert_eq!(Band::of_kyu(1), Band::Kyu5);
        assert_eq!(Band::of_kyu(0), Band::Dan);
        for b in Band::ALL {
            let (weak, strong) = b.grades();
            assert_eq!(Band::of_kyu(weak), b);
            assert_eq!(Band::of_kyu(strong), b);
        }
    }
}

//! Players: a name and a rank, the rank as a closed type that reads what records write
//! (`5k`, `2d`, `9p`, `8 dan`, `3级`, `业余2段`, `初段`, `职业九段`) and displays in either language.

use std::fmt;

/// A player as entered in the new-game dialog or read from a record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    pub name: String,
    pub rank: Option<Rank>,
}

impl Player {
    /// The rank as SGF's BR/WR write it, or empty.
    pub fn rank_sgf(&self) -> String {
        self.rank.as_ref().map(Rank::sgf).unwrap_or_default()
    }
}

/// A Go rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rank {
    /// Kyu (级), 1 (strongest) to 30.
    Kyu(u8),
    /// Amateur dan (业余段), 1 to 9.
    Dan(u8),
    /// Professional dan (职业段), 1 to 9.
    Pro(u8),
    /// A rank a record wrote in a form we do not know, kept as written.
    Other(String),
}

fn number(s: &str) -> Option<u8> {
    let s = s.trim();
    if let Ok(n) = s.parse::<u8>() {
        return Some(n);
    }
    // Chinese numerals one to nine (初段 is 1 dan).
    const DIGITS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if s == "初" {
        return Some(1);
    }
    DIGITS.iter().position(|d| *d == s).map(|i| i as u8 + 1)
}

impl Rank {
    /// The rank of a kyu number as the ladder measures them (1 dan is 0, 2 dan is −1).
    pub fn from_kyu(k: i32) -> Rank {
        if k >= 1 {
            Rank::Kyu(k.min(30) as u8)
        } else {
            Rank::Dan((1 - k).min(9) as u8)
        }
    }

    /// Reads a rank as records and people write it; an empty text is no rank, an unknown one
    /// is kept as [`Rank::Other`].
    pub fn parse(text: &str) -> Option<Rank> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let lower = t.to_ascii_lowercase();
        // Trailing marks some servers add ("4k*", "5d?").
        let core = lower.trim_end_matches(['*', '?']).trim();
        let split = |suffixes: &[&str]| {
            suffixes.iter().find_map(|suf| {
                core.strip_suffix(suf)
                    .and_then(number)
                    .filter(|n| (1..=30).contains(n))
            })
        };
        let zh = core.trim_start_matches("业余");
        let parsed = if let Some(n) = zh.strip_prefix("职业").and_then(|r| r.strip_suffix('段'))
        {
            number(n).map(Rank::Pro)
        } else if let Some(n) = split(&["k", " kyu", "kyu", "级"]) {
            Some(Rank::Kyu(n))
        } else if let Some(n) = split(&["p", " pro", "pro"]) {
            Some(Rank::Pro(n))
        } else {
            split(&["d", " dan", "dan"])
                .or_else(|| zh.strip_suffix('段').and_then(number))
                .map(Rank::Dan)
        };
        Some(match parsed {
            Some(Rank::Dan(n) | Rank::Pro(n)) if n > 9 => Rank::Other(t.to_string()),
            Some(r) => r,
            None => Rank::Other(t.to_string()),
        })
    }

    /// As SGF's BR/WR write it: `5k`, `2d`, `9p`.
    pub fn sgf(&self) -> String {
        match self {
            Rank::Kyu(n) => format!("{n}k"),
            Rank::Dan(n) => format!("{n}d"),
            Rank::Pro(n) => format!("{n}p"),
            Rank::Other(s) => s.clone(),
        }
    }

    /// In Chinese: 5级, 业余2段, 职业9段.
    pub fn zh(&self) -> String {
        match self {
            Rank::Kyu(n) => format!("{n}级"),
            Rank::Dan(n) => format!("业余{n}段"),
            Rank::Pro(n) => format!("职业{n}段"),
            Rank::Other(s) => s.clone(),
        }
    }

    /// In English: 5 kyu, 2 dan, 9 dan pro.
    pub fn en(&self) -> String {
        match self {
            Rank::Kyu(n) => format!("{n} kyu"),
            Rank::Dan(n) => format!("{n} dan"),
            Rank::Pro(n) => format!("{n} dan pro"),
            Rank::Other(s) => s.clone(),
        }
    }

    /// The ranks offered in the new-game dialog, weakest first: 25 级 … 业余 7 段.
    pub fn choices() -> Vec<Rank> {
        (1..=25)
            .rev()
            .map(Rank::Kyu)
            .chain((1..=7).map(Rank::Dan))
            .collect()
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sgf())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_measured_kyu_number_is_a_rank() {
        assert_eq!(Rank::from_kyu(25), Rank::Kyu(25));
        assert_eq!(Rank::from_kyu(1), Rank::Kyu(1));
        assert_eq!(Rank::from_kyu(0), Rank::Dan(1));
        assert_eq!(Rank::from_kyu(-2), Rank::Dan(3));
    }

    use super::*;

    #[test]
    fn ranks_read_as_records_write_them() {
        for (text, rank) in [
            ("5k", Rank::Kyu(5)),
            ("12 kyu", Rank::Kyu(12)),
            ("3级", Rank::Kyu(3)),
            ("2d", Rank::Dan(2)),
            ("8 dan", Rank::Dan(8)),
            ("业余2段", Rank::Dan(2)),
            ("初段", Rank::Dan(1)),
            ("9p", Rank::Pro(9)),
            ("职业九段", Rank::Pro(9)),
            ("4k*", Rank::Kyu(4)),
        ] {
            assert_eq!(Rank::parse(text), Some(rank), "{text}");
        }
        assert_eq!(Rank::parse("  "), None);
        assert_eq!(Rank::parse("strong"), Some(Rank::Other("strong".into())));
        assert_eq!(Rank::parse("12d"), Some(Rank::Other("12d".into())));
    }

    #[test]
    fn ranks_display_in_both_languages_and_round_trip_through_sgf() {
        assert_eq!(Rank::Dan(8).zh(), "业余8段");
        assert_eq!(Rank::Dan(8).en(), "8 dan");
        assert_eq!(Rank::Kyu(5).zh(), "5级");
        assert_eq!(Rank::Pro(9).zh(), "职业9段");
        for r in Rank::choices() {
            assert_eq!(Rank::parse(&r.sgf()), Some(r.clone()));
        }
        assert_eq!(Rank::choices().len(), 25 + 7);
    }
}

//! Rulesets as plain data, with named presets.
//!
//! The default is the Chinese rules of the seeds: positional superko (总则 第六条), suicide
//! forbidden (第五条), area counting (第九条) and a komi of 3¾ stones = 7.5 points (竞赛规定 第二条,
//! the newer number). The older 2¾ stones = 5.5 points stays available as a preset.

use std::fmt;

/// How repetition is limited.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KoRule {
    /// Only the immediate recapture of a single-stone ko is forbidden (for tests and playouts).
    Simple,
    /// No move may recreate a whole-board position seen before in the game (禁止全局同形再现).
    PositionalSuperko,
}

/// Whether a move that leaves its own chain without liberties may be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Suicide {
    /// 禁着点 (总则 第五条): refused.
    Forbidden,
    /// Allowed when it removes at least... any own chain (Tromp–Taylor, New Zealand).
    Allowed,
}

/// What white receives for handicap stones under area counting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandicapCompensation {
    /// Nothing besides komi.
    None,
    /// One point (½ 子) per handicap stone, as Chinese counting gives back (黑方每子还½子).
    PerStone,
}

/// Komi (贴子), kept exactly in half points: 7.5 points is 15.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub struct Komi(i32);

impl Komi {
    /// 3¾ 子 = 7.5 points (竞赛规定 第二条, current).
    pub const CHINESE: Komi = Komi(15);
    /// 2¾ 子 = 5.5 points (the older 竞赛规定 第二条).
    pub const CHINESE_OLD: Komi = Komi(11);
    pub const ZERO: Komi = Komi(0);
    pub const HALF: Komi = Komi(1);

    pub fn from_half_points(h: i32) -> Komi {
        Komi(h)
    }

    pub fn half_points(self) -> i32 {
        self.0
    }

    /// Parses a komi in points as GTP and SGF write it ("7.5", "6", "-0.5"); komi is rounded to
    /// the nearest half point.
    pub fn parse_points(s: &str) -> Option<Komi> {
        // Decimal text to half points without floats: "7.5" → 15, "-0.5" → -1, "6.75" → 14.
        let t = s.trim();
        let (negative, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if (whole.is_empty() && frac.is_empty())
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || whole.len() > 4
        {
            return None;
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        // Twice the fraction, rounded half up, from its first two digits.
        let digits: String = frac.chars().chain("00".chars()).take(2).collect();
        let hundredths: i32 = digits.parse().ok()?;
        let half = 2 * whole + (2 * hundredths + 50) / 100;
        Some(Komi(if negative { -half } else { half }))
    }

    /// The komi in points, as SGF writes it: `7.5`, `0`, `-3`.
    pub fn points_string(self) -> String {
        half_points_string(self.0)
    }

    /// The komi in stones the Chinese way: `3又3/4子`.
    pub fn zi_string(self) -> String {
        format!("{}子", quarters_string(self.0))
    }

    /// The komi in stones as English writes it: "3¾ stones", "¼ stone".
    pub fn stones_string(self) -> String {
        stones_words(self.0)
    }
}

/// Formats a number of half points as points: 15 → "7.5", 4 → "2", -1 → "-0.5".
pub fn half_points_string(h: i32) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}{}.5", if h < 0 { "-" } else { "" }, h.abs() / 2)
    }
}

/// Formats a number of quarter stones (= half points) in 子 the Chinese way: 3 → "3/4",
/// 5 → "1又1/4", 8 → "2", 15 → "3又3/4", -3 → "-3/4".
pub fn quarters_string(q: i32) -> String {
    let sign = if q < 0 { "-" } else { "" };
    let q = q.abs();
    let (whole, frac) = (q / 4, q % 4);
    let frac = ["", "1/4", "1/2", "3/4"][frac as usize];
    match (whole, frac) {
        (w, "") => format!("{sign}{w}"),
        (0, f) => format!("{sign}{f}"),
        (w, f) => format!("{sign}{w}又{f}"),
    }
}

/// A number of quarter stones as English writes it: 15 → "3¾", 3 → "¾", 8 → "2".
pub fn quarters_glyphs(q: i32) -> String {
    let sign = if q < 0 { "-" } else { "" };
    let q = q.abs();
    let (whole, frac) = (q / 4, ["", "¼", "½", "¾"][(q % 4) as usize]);
    match whole {
        0 if !frac.is_empty() => format!("{sign}{frac}"),
        w => format!("{sign}{w}{frac}"),
    }
}

/// A number of quarter stones in English words: 3 → "¾ stone", 4 → "1 stone", 15 → "3¾ stones",
/// 0 → "0 stones" (a stone or less is one stone's worth: singular).
pub fn stones_words(q: i32) -> String {
    let mut n = quarters_glyphs(q);
    n.push_str(if q > 0 && q <= 4 { " stone" } else { " stones" });
    n
}

/// Formats a number of half stones (= whole points... of a count in halves) in 子: 369 → "184又1/2".
pub fn halves_string(h: u32) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}又1/2", h / 2)
    }
}

/// A complete ruleset.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub ko: KoRule,
    pub suicide: Suicide,
    pub komi: Komi,
    pub handicap_compensation: HandicapCompensation,
    /// 吃子棋 (capture Go, how beginners start): the first to have captured this many stones
    /// wins at once. Suicide and ko stay as the rules say; if both pass first, the area count
    /// decides as usual (第九条). `None`: Go.
    pub capture_goal: Option<u32>,
}

impl Rules {
    /// 中国围棋竞赛规则 with the current komi 3¾ 子 (the default).
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Forbidden,
            komi: Komi::CHINESE,
            handicap_compensation: HandicapCompensation::PerStone,
            capture_goal: None,
        }
    }

    /// 吃子棋 under the Chinese rules: the first to capture `stones` stones (1–5 in the app) wins.
    pub const fn capture_go(stones: u32) -> Rules {
        Rules {
            capture_goal: Some(stones),
            ..Rules::chinese()
        }
    }

    /// The older Chinese komi of 2¾ 子 = 5.5 points.
    pub const fn chinese_old_komi() -> Rules {
        Rules {
            komi: Komi::CHINESE_OLD,
            ..Rules::chinese()
        }
    }

    /// Tromp–Taylor: positional superko, suicide allowed, area counting, no handicap compensation.
    pub const fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Allowed,
            komi: Komi::CHINESE,
            handicap_compensation: HandicapCompensation::None,
            capture_goal: None,
        }
    }

    /// Simple ko only, suicide forbidden: for tests and comparisons with simple engines.
    pub const fn simple_ko() -> Rules {
        Rules {
            ko: KoRule::Simple,
            ..Rules::chinese()
        }
    }

    /// The presets by name, as the GTP binary's `--rules` flag takes them (`capture-2`: 吃子棋,
    /// first to capture two stones).
    pub fn by_name(name: &str) -> Option<Rules> {
        let name = name.to_ascii_lowercase();
        if let Some(n) = name.strip_prefix("capture-") {
            return n
                .parse()
                .ok()
                .filter(|n| (1..=99).contains(n))
                .map(Rules::capture_go);
        }
        Some(match name.as_str() {
            "chinese" | "cn" => Rules::chinese(),
            "chinese-old" | "chinese-5.5" => Rules::chinese_old_komi(),
            "tromp-taylor" | "tt" => Rules::tromp_taylor(),
            "simple-ko" => Rules::simple_ko(),
            _ => return None,
        })
    }

    pub fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }

    pub fn with_capture_goal(self, capture_goal: Option<u32>) -> Rules {
        Rules {
            capture_goal,
            ..self
        }
    }

    /// What white receives in half points for `handicap` stones, besides komi.
    pub fn handicap_half_points(&self, handicap: u32) -> i32 {
        match self.handicap_compensation {
            HandicapCompensation::None => 0,
            // N stones give back N/2 子 = N points = 2N half points.
            HandicapCompensation::PerStone if handicap >= 2 => 2 * handicap as i32,
            HandicapCompensation::PerStone => 0,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.points_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_in_points_and_stones() {
        assert_eq!(Komi::CHINESE.points_string(), "7.5");
        assert_eq!(Komi::CHINESE.zi_string(), "3又3/4子");
        assert_eq!(Komi::CHINESE.stones_string(), "3¾ stones");
        assert_eq!(quarters_glyphs(3), "¾");
        assert_eq!(quarters_glyphs(-6), "-1½");
        assert_eq!(Komi::CHINESE_OLD.zi_string(), "2又3/4子");
        assert_eq!(Komi::parse_points("5.5"), Some(Komi::CHINESE_OLD));
        assert_eq!(Komi::parse_points("-0.5").unwrap().points_string(), "-0.5");
        assert_eq!(Komi::parse_points("x"), None);
        assert_eq!(Komi::parse_points("6"), Some(Komi(12)));
        assert_eq!(Komi::parse_points("0.5"), Some(Komi(1)));
        assert_eq!(Komi::parse_points(".5"), Some(Komi(1)));
        assert_eq!(Komi::parse_points("7.50"), Some(Komi(15)));
        assert_eq!(Komi::parse_points("6.75"), Some(Komi(14)));
        assert_eq!(Komi::parse_points("-3"), Some(Komi(-6)));
        assert_eq!(Komi::parse_points("1e3"), None);
        assert_eq!(Komi::parse_points(""), None);
        assert_eq!(quarters_string(3), "3/4");
        assert_eq!(quarters_string(5), "1又1/4");
        assert_eq!(quarters_string(8), "2");
        assert_eq!(halves_string(369), "184又1/2");
    }

    #[test]
    fn handicap_compensation_is_one_point_per_stone() {
        let r = Rules::chinese();
        assert_eq!(r.handicap_half_points(0), 0);
        assert_eq!(r.handicap_half_points(1), 0);
        assert_eq!(r.handicap_half_points(4), 8);
        assert_eq!(Rules::tromp_taylor().handicap_half_points(4), 0);
    }
}

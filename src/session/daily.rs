//! 每日练习 (issue 53, item 4): a stream of 题海's problems at the pupil's level that adapts.
//! The pupil and every problem have a Glicko-2 rating ([`crate::learn::glicko`], as OGS rates
//! its puzzles): the pupil's starts from their rank, a problem's from its grade (`XD`); the
//! next problem is one near the pupil's rating not done yet, chosen by a seed among the
//! nearest; each answer (the first try at a problem: right or wrong) moves both, as one game.
//!
//! Ranks and ratings: **25 级 = 500, then 100 a grade: 20 级 = 1000, 15 级 = 1500, 10 级 =
//! 2000, 1 级 = 2900, 1 段 = 3000** ([`kyu_rating`]); the other way, a rating is about the
//! grade nearest it, 25 级 at the weakest and 1 段 at the strongest ([`rating_kyu`]).
//!
//! The answers are the record ([`DailyRecord`]): the ratings are what playing them again in
//! order gives ([`replay`]), so two devices' records merge by the union of their answers
//! ([`merge`]) and none is lost. Pure: the time, the day and the seed are arguments.

use std::collections::BTreeMap;

use crate::bot::Level;
use crate::learn::band::Band;
use crate::learn::glicko::{self, Rating};
use crate::learn::problem::{says_right, says_wrong};
use crate::learn::Problem;
use crate::record::sgf;
use crate::rules::{Colour, Move};
use crate::session::settings::Lang;
use crate::session::stored::daily::{
    DailyAnswer, DailyRecord, DailySummary, RatingRecord, DAILY_VERSION,
};

/// The rating of 25 级, where a pupil with no rank starts.
pub const BEGINNER: f64 = 500.0;
/// A problem's deviation at the start: its grade was measured (the weakest of our ranked
/// opponents that plays its answer 8 times in 10), so it is surer than a new pupil's (350).
pub const PROBLEM_DEVIATION: f64 = 150.0;
/// The pupil's deviation at the start: their rank says roughly where they are (Glicko's 350,
/// someone unknown, moved a 20 级 pupil to 12 级 in two problems).
pub const PUPIL_DEVIATION: f64 = 200.0;
/// How many of the nearest problems the seed chooses among.
const NEAREST: usize = 5;

/// The rating of a kyu rank (0: 1 段): 25 级 = 500, 100 a grade up to 1 段 = 3000.
pub fn kyu_rating(kyu: i32) -> f64 {
    3000.0 - 100.0 * f64::from(kyu.clamp(0, 25))
}

/// The kyu rank a rating is about (0: 1 段): the nearest grade, 25 级 below 500, 1 段 above
/// 3000.
pub fn rating_kyu(rating: f64) -> i32 {
    ((3000.0 - rating) / 100.0).round().clamp(0.0, 25.0) as i32
}

/// The rating of one of our ranked opponents' ranks (a problem's grade; the pupil's rank on
/// the ladder): its kyu, 最强 as 1 段.
pub fn level_rating(level: Level) -> f64 {
    kyu_rating(level.kyu().map_or(0, i32::from))
}

fn rating(r: RatingRecord) -> Rating {
    Rating {
        rating: r.0,
        deviation: r.1,
        volatility: r.2,
    }
}

fn record(r: Rating) -> RatingRecord {
    (r.rating, r.deviation, r.volatility)
}

/// A new 每日练习 for a pupil of that rank (none: 25 级).
pub fn start(rank: Option<Level>) -> DailyRecord {
    DailyRecord {
        version: DAILY_VERSION,
        start: rank.map_or(BEGINNER, level_rating),
        ..DailyRecord::default()
    }
}

/// The pupil's rating now.
pub fn pupil(r: &DailyRecord) -> Rating {
    r.rating.map_or(
        Rating {
            deviation: PUPIL_DEVIATION,
            ..Rating::new(r.start)
        },
        rating,
    )
}

/// A problem's rating now: as its answers left it, or its grade's.
pub fn problem_rating(r: &DailyRecord, key: &str, grade: f64) -> Rating {
    r.problems.get(key).copied().map_or(
        Rating {
            deviation: PROBLEM_DEVIATION,
            ..Rating::new(grade)
        },
        rating,
    )
}

/// Whether the problem was answered before.
pub fn done(r: &DailyRecord, key: &str) -> bool {
    r.answers.iter().any(|a| a.key == key)
}

fn apply(r: &mut DailyRecord, a: &DailyAnswer) {
    let (p, q) = glicko::play(pupil(r), problem_rating(r, &a.key, a.grade), a.right);
    r.rating = Some(record(p));
    r.problems.insert(a.key.clone(), record(q));
}

/// The pupil's first try at a problem: both ratings move. A problem answered before is not
/// answered again (`false`: nothing changed).
pub fn answer(
    r: &mut DailyRecord,
    key: &str,
    grade: f64,
    right: bool,
    at_ms: f64,
    day: &str,
) -> bool {
    if done(r, key) {
        return false;
    }
    let a = DailyAnswer {
        key: key.to_string(),
        grade,
        right,
        at_ms,
        day: day.to_string(),
    };
    apply(r, &a);
    r.answers.push(a);
    true
}

/// The ratings computed again from the start and the answers in order of time.
pub fn replay(r: &mut DailyRecord) {
    r.answers
        .sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms).then(a.key.cmp(&b.key)));
    r.rating = None;
    r.problems = BTreeMap::new();
    let answers = std::mem::take(&mut r.answers);
    let mut kept: Vec<DailyAnswer> = Vec::with_capacity(answers.len());
    for a in answers {
        // The same problem answered on two devices: the first answer counts.
        if kept.iter().any(|k| k.key == a.key) {
            continue;
        }
        apply(r, &a);
        kept.push(a);
    }
    r.answers = kept;
}

/// Two devices' 每日练习 as one: every answer of both (the same answer once), the ratings
/// played again in order; the start of the one that began first.
pub fn merge(device: &DailyRecord, file: &DailyRecord) -> DailyRecord {
    if file.is_empty() {
        return device.clone();
    }
    if device.is_empty() {
        let mut out = file.clone();
        replay(&mut out);
        return out;
    }
    let first = |r: &DailyRecord| {
        r.answers
            .iter()
            .map(|a| a.at_ms)
            .fold(f64::INFINITY, f64::min)
    };
    let mut out = DailyRecord {
        version: DAILY_VERSION,
        start: if first(file) < first(device) {
            file.start
        } else {
            device.start
        },
        answers: device.answers.clone(),
        ..DailyRecord::default()
    };
    for a in &file.answers {
        if !out.answers.contains(a) {
            out.answers.push(a.clone());
        }
    }
    replay(&mut out);
    out
}

/// Problems done and right on `day`.
pub fn on_day(r: &DailyRecord, day: &str) -> (u32, u32) {
    let of_day = r.answers.iter().filter(|a| a.day == day);
    let done = of_day.clone().count() as u32;
    (done, of_day.filter(|a| a.right).count() as u32)
}

/// What the class report says: every problem done, right, and the grade now.
pub fn summary(r: &DailyRecord) -> DailySummary {
    DailySummary {
        done: r.answers.len() as u32,
        right: r.answers.iter().filter(|a| a.right).count() as u32,
        kyu: rating_kyu(pupil(r).rating),
    }
}

/// The bands to fetch for a pupil of this rating: their grade's band and the one each side.
pub fn bands_around(rating: f64) -> Vec<Band> {
    let at = Band::of_kyu(rating_kyu(rating));
    let i = Band::ALL.iter().position(|&b| b == at).unwrap_or(0);
    Band::ALL[i.saturating_sub(1)..(i + 2).min(Band::ALL.len())].to_vec()
}

/// The next problem: of `problems` (key and grade rating) not done yet, one of the
/// [`NEAREST`] whose ratings are nearest the pupil's, chosen by `seed`; `None` when every one
/// is done.
pub fn next(r: &DailyRecord, problems: &[(String, f64)], seed: u64) -> Option<usize> {
    let me = pupil(r).rating;
    let mut open: Vec<(f64, &str, usize)> = problems
        .iter()
        .enumerate()
        .filter(|(_, (key, _))| !done(r, key))
        .map(|(i, (key, grade))| {
            let q = problem_rating(r, key, *grade).rating;
            ((q - me).abs(), key.as_str(), i)
        })
        .collect();
    open.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(b.1)));
    open.truncate(NEAREST);
    if open.is_empty() {
        return None;
    }
    let mut rng = crate::rules::playout::PlayoutRng::new(seed);
    Some(open[rng.below(open.len() as u32) as usize].2)
}

/// A problem of 题海 as 每日练习 plays it.
#[derive(Clone, Debug)]
pub struct DailyProblem {
    /// Its key (`th-…`, from its name).
    pub key: String,
    /// The rating of its grade.
    pub grade: f64,
    pub problem: Problem,
    /// The right line from the start: the first right move and the line that follows it (`XL`).
    pub answer: Vec<(Colour, Move)>,
    /// What the right first move's comment says (Chinese, then English).
    pub answer_comment: String,
}

/// The problems of a band's file (an SGF collection); a problem that does not read is left
/// out, as is one without a key or a grade.
pub fn read_band(text: &str) -> Vec<DailyProblem> {
    sgf::game_trees(text)
        .into_iter()
        .filter_map(read_one)
        .collect()
}

fn read_one(text: &str) -> Option<DailyProblem> {
    let (tree, _) = sgf::parse(text).ok()?;
    let problem = Problem::from_tree(&tree).ok()?;
    let root = tree.node(tree.root());
    let key = root
        .first("GN")?
        .split_whitespace()
        .find(|w| w.starts_with("th-"))?
        .to_string();
    let grade = level_rating(Level::from_key(root.first("XD")?)?);
    let size = problem.size;
    let me = problem.to_move;
    let (first, comment) = problem
        .tree
        .iter()
        .find(|s| s.right)
        .map(|s| (s.mv, s.comment.clone()))?;
    let mut answer = vec![(me, first)];
    // The line after it, from the node of that move.
    let node = tree.children(tree.root()).iter().find_map(|&c| {
        let n = tree.node(c);
        let (colour, v) = n.move_value()?;
        let mv = sgf::point_from_sgf(size, v)
            .ok()?
            .map_or(Move::Pass, Move::Play);
        (colour == me && mv == first).then_some(n)
    })?;
    let mut colour = me.opponent();
    for v in node.get("XL").unwrap_or(&[]) {
        let mv = sgf::point_from_sgf(size, v)
            .ok()?
            .map_or(Move::Pass, Move::Play);
        answer.push((colour, mv));
        colour = colour.opponent();
    }
    Some(DailyProblem {
        key,
        grade,
        problem,
        answer,
        answer_comment: comment,
    })
}

/// A wrong first move's refutation: the moves after it as the tree has them (the first reply
/// each time) and the wrong move's comment; `None` when the tree does not have that move.
pub fn refutation(p: &Problem, mv: Move) -> Option<(Vec<(Colour, Move)>, String)> {
    let step = p.tree.iter().find(|s| s.mv == mv && !s.right)?;
    let mut line = Vec::new();
    let mut at = &step.next;
    while let Some(s) = at.first() {
        line.push((s.colour, s.mv));
        at = &s.next;
    }
    Some((line, step.comment.clone()))
}

/// A comment's sentence in the player's language: 题海's comments write the marker word,
/// then the Chinese sentence, then the English one, each on its own line.
pub fn sentence(comment: &str, lang: Lang) -> String {
    let lines: Vec<&str> = comment
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !((says_right(l) || says_wrong(l)) && l.chars().count() <= 8))
        .collect();
    match (lines.as_slice(), lang) {
        ([], _) => String::new(),
        ([one], _) => one.to_string(),
        ([zh, ..], Lang::Zh) => zh.to_string(),
        ([_, en @ ..], Lang::En) => en.join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_ratings_map_both_ways() {
        assert_eq!(kyu_rating(25), 500.0);
        assert_eq!(kyu_rating(20), 1000.0);
        assert_eq!(kyu_rating(1), 2900.0);
        assert_eq!(kyu_rating(0), 3000.0);
        for k in 0..=25 {
            assert_eq!(rating_kyu(kyu_rating(k)), k);
            assert_eq!(rating_kyu(kyu_rating(k) + 40.0), k);
            assert_eq!(rating_kyu(kyu_rating(k) - 40.0), k);
        }
        assert_eq!(rating_kyu(-200.0), 25);
        assert_eq!(rating_kyu(4000.0), 0);
        assert_eq!(level_rating(Level::Kyu20), 1000.0);
        assert_eq!(level_rating(Level::Strongest), 3000.0);
        assert_eq!(start(Some(Level::Kyu15)).start, 1500.0);
        assert_eq!(start(None).start, BEGINNER);
    }

    fn day(r: &mut DailyRecord, key: &str, grade: f64, right: bool, at: f64) -> bool {
        answer(r, key, grade, right, at, "2026-12-06")
    }

    #[test]
    fn right_answers_raise_the_pupil_and_lower_the_problem_wrong_ones_the_other_way() {
        let mut r = start(Some(Level::Kyu20));
        assert_eq!(rating_kyu(pupil(&r).rating), 20);
        assert!(day(&mut r, "th-a", 1000.0, true, 1.0));
        let after = pupil(&r).rating;
        assert!(after > 1000.0, "{after}");
        assert!(problem_rating(&r, "th-a", 1000.0).rating < 1000.0);
        // The same problem again does not count twice.
        assert!(!day(&mut r, "th-a", 1000.0, true, 2.0));
        assert_eq!(pupil(&r).rating, after);
        assert!(day(&mut r, "th-b", 1000.0, false, 3.0));
        assert!(pupil(&r).rating < after);
        assert!(problem_rating(&r, "th-b", 1000.0).rating > 1000.0);
        // A run of right answers at and above the level: the grade said goes up (fewer 级).
        let mut r = start(Some(Level::Kyu20));
        for i in 0..6 {
            day(
                &mut r,
                &format!("th-{i}"),
                1000.0 + 100.0 * i as f64,
                true,
                i as f64,
            );
        }
        assert!(rating_kyu(pupil(&r).rating) < 20, "{}", pupil(&r).rating);
        // One right answer moves a pupil whose rank is known by less than two grades.
        let mut one = start(Some(Level::Kyu20));
        day(&mut one, "th-x", 1500.0, true, 1.0);
        assert!(pupil(&one).rating < 1200.0, "{}", pupil(&one).rating);
        assert_eq!(on_day(&r, "2026-12-06"), (6, 6));
        assert_eq!(on_day(&r, "2026-12-07"), (0, 0));
        let s = summary(&r);
        assert_eq!((s.done, s.right), (6, 6));
        assert_eq!(s.kyu, rating_kyu(pupil(&r).rating));
    }

    #[test]
    fn the_next_problem_is_near_the_pupil_not_done_and_the_same_for_a_seed() {
        let problems: Vec<(String, f64)> = (0..20)
            .map(|i| (format!("th-{i:02}"), 500.0 + 100.0 * i as f64))
            .collect();
        let mut r = start(Some(Level::Kyu15));
        let n = next(&r, &problems, 7).unwrap();
        assert_eq!(next(&r, &problems, 7), Some(n));
        assert!((problems[n].1 - 1500.0).abs() <= 200.0, "{:?}", problems[n]);
        // Every seed picks one of the five nearest.
        for seed in 0..50 {
            let i = next(&r, &problems, seed).unwrap();
            assert!((problems[i].1 - 1500.0).abs() <= 200.0);
        }
        day(&mut r, &problems[n].0, problems[n].1, true, 1.0);
        for seed in 0..50 {
            assert_ne!(next(&r, &problems, seed), Some(n));
        }
        let mut all = start(None);
        for (i, (k, g)) in problems.iter().enumerate() {
            day(&mut all, k, *g, i % 2 == 0, i as f64);
        }
        assert_eq!(next(&all, &problems, 1), None);
        assert_eq!(
            bands_around(1000.0),
            vec![Band::Kyu25, Band::Kyu20, Band::Kyu15]
        );
        assert_eq!(bands_around(500.0), vec![Band::Kyu25, Band::Kyu20]);
        assert_eq!(bands_around(3000.0), vec![Band::Kyu5, Band::Dan]);
    }

    #[test]
    fn two_devices_merge_losing_no_answer_and_twice_is_once() {
        let mut a = start(Some(Level::Kyu20));
        day(&mut a, "th-1", 1000.0, true, 10.0);
        day(&mut a, "th-2", 1100.0, false, 30.0);
        let mut b = start(Some(Level::Kyu20));
        day(&mut b, "th-3", 900.0, true, 20.0);
        day(&mut b, "th-1", 1000.0, false, 40.0);
        let m = merge(&a, &b);
        let keys: Vec<&str> = m.answers.iter().map(|x| x.key.as_str()).collect();
        // th-1 answered on both: the first answer (right, on a) counts.
        assert_eq!(keys, ["th-1", "th-3", "th-2"]);
        assert!(m.answers[0].right);
        assert_eq!(merge(&m, &b), m);
        assert_eq!(merge(&m, &a), m);
        assert_eq!(merge(&b, &a).answers, m.answers);
        // The ratings are those of the answers played in order on one device.
        let mut one = start(Some(Level::Kyu20));
        day(&mut one, "th-1", 1000.0, true, 10.0);
        day(&mut one, "th-3", 900.0, true, 20.0);
        day(&mut one, "th-2", 1100.0, false, 30.0);
        assert_eq!(m.rating, one.rating);
        assert_eq!(m.problems, one.problems);
        assert_eq!(merge(&DailyRecord::default(), &a).answers, a.answers);
        assert_eq!(merge(&a, &DailyRecord::default()), a);
        // It travels as text.
        assert_eq!(DailyRecord::from_text(&m.to_text()), Some(m));
        assert_eq!(DailyRecord::from_text("{\"version\":9}"), None);
    }

    const BAND: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[9]GN[题海 th-00ff]C[黑先，吃掉△白子。
Black to play: capture the marked White stones.]PL[B]AB[ca][cb][bc]AW[ba][bb]TR[ba]XD[20k]
(;B[ab]C[正解
先打吃，白棋逃不掉。
Atari first: White cannot get away.]XL[aa][ac])
(;B[aa]BM[1]C[失败
不对。白棋长出来了。
Not this one. White gets out.]
;W[ab];B[ac]))
(;GM[1]SZ[9]GN[no key]XD[20k](;B[aa]C[正解]))";

    #[test]
    fn a_band_reads_with_its_keys_grades_answers_and_refutations() {
        let all = read_band(BAND);
        assert_eq!(all.len(), 1);
        let p = &all[0];
        assert_eq!(p.key, "th-00ff");
        assert_eq!(p.grade, 1000.0);
        let pt = |s: &str| Move::Play(sgf::point_from_sgf(p.problem.size, s).unwrap().unwrap());
        assert_eq!(
            p.answer,
            vec![
                (Colour::Black, pt("ab")),
                (Colour::White, pt("aa")),
                (Colour::Black, pt("ac"))
            ]
        );
        assert_eq!(
            sentence(&p.answer_comment, Lang::Zh),
            "先打吃，白棋逃不掉。"
        );
        let (line, said) = refutation(&p.problem, pt("aa")).unwrap();
        assert_eq!(
            line,
            vec![(Colour::White, pt("ab")), (Colour::Black, pt("ac"))]
        );
        assert_eq!(sentence(&said, Lang::Zh), "不对。白棋长出来了。");
        assert_eq!(sentence(&said, Lang::En), "Not this one. White gets out.");
        assert!(refutation(&p.problem, pt("ab")).is_none());
        assert!(refutation(&p.problem, pt("ee")).is_none());
    }

    #[test]
    fn the_shipped_bands_read_whole() {
        for band in Band::ALL {
            let path = format!(
                "{}/assets/tihai/{}",
                env!("CARGO_MANIFEST_DIR"),
                band.file()
            );
            let text = std::fs::read_to_string(&path).unwrap();
            let trees = sgf::game_trees(&text).len();
            let read = read_band(&text);
            assert_eq!(read.len(), trees, "{path}");
            for p in &read {
                assert!(!p.answer.is_empty() && !sentence(&p.answer_comment, Lang::En).is_empty());
                assert!(
                    !p.problem.tree.iter().filter(|s| !s.right).any(|s| sentence(
                        &s.comment,
                        Lang::Zh
                    )
                    .is_empty()),
                    "{}",
                    p.key
                );
            }
        }
    }
}

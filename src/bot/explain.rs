//! 复盘 for a pupil: each mistake shown says why, in a sentence that names what happened on
//! the board — the rules' facts about the move played ([`super::facts`]), a capture the better
//! move would have made or a chain it would have saved, stones the opponent took in the moves
//! after, or where the network's ownership moved ("右上角的白棋被吃掉了") — never a number alone.
//! The same point missed move after move is one lesson ("第 20–31 手，双方都没有下 H7"), not ten
//! entries. Which mistakes a view shows is [`View`]'s. Pure core: positions, the analysis and
//! any ownership come from the caller.

use super::facts::{self, colour_word, zh_stones, Fact};
use super::review::{Class, GameReview, Mistake};
use crate::rules::{BoardSize, Colour, Game, Move, Point};

/// Which mistakes 复盘 lists: the beginner view (10 级 and below, or no rank), or the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Only the moves that change the game (大恶手) whose better move the policy found likely,
    /// three lessons a player at most.
    Beginner,
    /// 恶手 and worse, five a player at most.
    Mistakes,
    /// Everything from 缓手 on.
    All,
}

impl View {
    pub const ALL: [View; 3] = [View::Beginner, View::Mistakes, View::All];

    /// The view for a player of this rank in kyu (`None`: not known): the beginner's for 10 级
    /// and weaker, or when the rank is not known.
    pub fn for_kyu(kyu: Option<u32>) -> View {
        match kyu {
            Some(k) if k < 10 => View::Mistakes,
            _ => View::Beginner,
        }
    }

    fn least(self) -> Class {
        match self {
            View::Beginner => Class::Blunder,
            View::Mistakes => Class::Bad,
            View::All => Class::Slack,
        }
    }

    /// How many lessons a player at most.
    pub fn most(self) -> usize {
        match self {
            View::Beginner => 3,
            View::Mistakes => 5,
            View::All => usize::MAX,
        }
    }

    /// `c`'s mistakes in `r` this view could show (before grouping), biggest first.
    pub fn mistakes(self, r: &GameReview, c: Colour) -> Vec<Mistake> {
        r.mistakes(c, self.least().threshold())
            .into_iter()
            .filter(|m| self != View::Beginner || findable(r, m.number))
            .collect()
    }
}

/// Whether the better move before move `n` is one a player could find: the policy gave it a
/// prior of at least 10 %.
fn findable(r: &GameReview, n: usize) -> bool {
    r.steps
        .get(n - 1)
        .and_then(Option::as_ref)
        .is_some_and(|s| s.best_prior >= 0.1)
}

/// A part of the board, as a child names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    TopLeft,
    Top,
    TopRight,
    Left,
    Centre,
    Right,
    BottomLeft,
    Bottom,
    BottomRight,
}

impl Region {
    /// The part of a board of `size` a point is in (the board cut in thirds each way).
    pub fn of(size: BoardSize, p: Point) -> Region {
        let n = size.get() as u32;
        let (c, r) = size.col_row(p);
        let third = |x: u32| {
            if x * 3 < n {
                0
            } else if x * 3 >= 2 * n {
                2
            } else {
                1
            }
        };
        use Region::*;
        [
            [TopLeft, Top, TopRight],
            [Left, Centre, Right],
            [BottomLeft, Bottom, BottomRight],
        ][third(r as u32)][third(c as u32)]
    }

    /// The part most of `points` are in.
    pub fn of_points(size: BoardSize, points: &[Point]) -> Option<Region> {
        let mut counts: Vec<(Region, usize)> = Vec::new();
        for &p in points {
            let r = Region::of(size, p);
            match counts.iter_mut().find(|(x, _)| *x == r) {
                Some((_, k)) => *k += 1,
                None => counts.push((r, 1)),
            }
        }
        counts.into_iter().max_by_key(|&(_, k)| k).map(|(r, _)| r)
    }

    pub fn words(self, zh: bool) -> &'static str {
        use Region::*;
        match (self, zh) {
            (TopLeft, true) => "左上角",
            (Top, true) => "上边",
            (TopRight, true) => "右上角",
            (Left, true) => "左边",
            (Centre, true) => "中间",
            (Right, true) => "右边",
            (BottomLeft, true) => "左下角",
            (Bottom, true) => "下边",
            (BottomRight, true) => "右下角",
            (TopLeft, false) => "the top left",
            (Top, false) => "the top",
            (TopRight, false) => "the top right",
            (Left, false) => "the left side",
            (Centre, false) => "the centre",
            (Right, false) => "the right side",
            (BottomLeft, false) => "the bottom left",
            (Bottom, false) => "the bottom",
            (BottomRight, false) => "the bottom right",
        }
    }
}

/// Why a move was a mistake: what happened on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// A fact of the rules about the move played (叫吃, 可以吃掉, 填了眼, 征子, 已经活了).
    Played(Fact),
    /// The better move would have captured `stones` of the opponent's stones.
    MissedCapture { at: Point, stones: usize },
    /// The better move would have saved the player's `stones` stones in atari.
    MissedSave { at: Point, stones: usize },
    /// The better move would have put `stones` of the opponent's stones in atari (叫吃).
    MissedAtari { at: Point, stones: usize },
    /// The player's `stones` stones had two liberties; the better move gave them more.
    MissedExtend { at: Point, stones: usize },
    /// In the moves after, the opponent took `stones` of the player's stones at `at`.
    LaterCaptured {
        at: Point,
        stones: usize,
        region: Region,
    },
    /// The network's ownership moved: the player's stones in `region` became the opponent's.
    StonesLost { region: Region },
    /// The network's ownership moved: the empty points of `region` became the opponent's.
    AreaLost { region: Region },
    /// Nothing proved or seen: the better move, where it is.
    BetterThere { at: Point, region: Region },
}

impl Why {
    /// Whether the reason says what happened (not only where the better move was).
    pub fn says_what_happened(&self) -> bool {
        !matches!(self, Why::BetterThere { .. })
    }
}

/// A mistake explained: the moves it covers (one, or a stretch where the same point was
/// missed), who made them, the better move, the chain in danger, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained {
    /// The first and last move numbers (equal for one move).
    pub first: usize,
    pub last: usize,
    /// Who the lesson is for: the player of the biggest loss in it.
    pub colour: Colour,
    /// Whether both players missed the point in the stretch.
    pub both: bool,
    /// The biggest loss in it, in points, and its class.
    pub loss: f32,
    pub class: Class,
    /// The move whose position the lesson is shown at (the biggest loss).
    pub number: usize,
    pub mv: Move,
    /// The better move, if the network had one other than the move played.
    pub better: Option<Point>,
    /// The stones to outline: the chain in danger, or the stones that could be taken.
    pub chain: Vec<Point>,
    pub why: Why,
}

/// The stones of `col`'s chains next to `at` whose last liberty is `at` (a stone there takes
/// them, or runs them out).
fn in_atari_at(g: &Game, col: Colour, at: Point) -> Vec<Point> {
    let b = g.board();
    b.chains_next_to(at, col)
        .into_iter()
        .filter(|&q| b.atari_liberty(q) == Some(at))
        .collect()
}

/// Ownership before and after a move, Black's view (+1 Black's), a value per point in
/// [`BoardSize::points`] order: what the network saw change.
pub struct Ownership<'a> {
    pub before: &'a [f32],
    pub after: &'a [f32],
}

/// Why move `n` (played by `c` in `positions[n - 1]`) was a mistake.
fn why(
    positions: &[Game],
    moves: &[(Colour, Move)],
    n: usize,
    better: Option<Point>,
    own: Option<Ownership>,
) -> (Why, Vec<Point>) {
    let before = &positions[n - 1];
    let (c, mv) = moves[n - 1];
    let size = before.size();
    let fs = facts::facts(before, c, mv);
    // Facts about stones in danger first: they are what a child can see.
    let danger = fs.iter().find(|f| {
        matches!(
            f,
            Fact::Capturable { .. } | Fact::SelfAtari { .. } | Fact::Ladder { .. }
        )
    });
    if let Some(f) = danger {
        let after = &positions[n];
        let chain = match f {
            Fact::Capturable { chain, .. }
            | Fact::SelfAtari { chain, .. }
            | Fact::Ladder { chain } => after.board().chain(*chain),
            _ => vec![],
        };
        return (Why::Played(f.clone()), chain);
    }
    if let Some(b) = better {
        let taken = in_atari_at(before, c.opponent(), b);
        if !taken.is_empty() {
            let stones = taken.len();
            return (Why::MissedCapture { at: b, stones }, taken);
        }
        let saved = in_atari_at(before, c, b);
        if !saved.is_empty() {
            let stones = saved.len();
            return (Why::MissedSave { at: b, stones }, saved);
        }
        let mut tried = before.clone();
        if tried.play(c, Move::Play(b)).is_ok() {
            let (b0, b1) = (before.board(), tried.board());
            let near = |col: Colour| b0.chains_next_to(b, col);
            // 叫吃: an opponent's chain next to it left with one liberty.
            let ataried: Vec<Point> = near(c.opponent())
                .into_iter()
                .filter(|&q| b1.colour_at(q).is_some() && b1.liberties(q).len() == 1)
                .collect();
            if !ataried.is_empty() {
                let stones = ataried.len();
                return (Why::MissedAtari { at: b, stones }, ataried);
            }
            // An own chain of two liberties given more.
            let short: Vec<Point> = near(c)
                .into_iter()
                .filter(|&q| b0.liberties(q).len() == 2 && b1.liberties(b).len() >= 3)
                .collect();
            if !short.is_empty() {
                let stones = short.len();
                return (Why::MissedExtend { at: b, stones }, short);
            }
        }
    }
    if let Some(f) = fs.first() {
        return (Why::Played(f.clone()), vec![]);
    }
    // The opponent's captures in the next few moves: stones of the player taken.
    for k in n..(n + 6).min(moves.len()) {
        let (who, m) = moves[k];
        if who == c {
            continue;
        }
        let (g0, g1) = (&positions[k], &positions[k + 1]);
        let lost: Vec<Point> = g0
            .board()
            .stones_of(c)
            .into_iter()
            .filter(|&p| g1.board().colour_at(p).is_none())
            .collect();
        if let (Move::Play(at), false) = (m, lost.is_empty()) {
            let region = Region::of_points(size, &lost).unwrap_or(Region::Centre);
            let stones = lost.len();
            return (Why::LaterCaptured { at, stones, region }, lost);
        }
    }
    // Where the network's ownership moved towards the opponent most.
    if let Some(o) = own {
        let sign = if c == Colour::Black { 1.0 } else { -1.0 };
        let points: Vec<Point> = size.points().collect();
        let lost = |stones: bool| -> Vec<Point> {
            points
                .iter()
                .enumerate()
                .filter(|&(i, p)| {
                    let drop = (o.before.get(i).copied().unwrap_or(0.0)
                        - o.after.get(i).copied().unwrap_or(0.0))
                        * sign;
                    let occupied = before.board().colour_at(*p) == Some(c);
                    drop >= 0.5 && occupied == stones
                })
                .map(|(_, p)| *p)
                .collect()
        };
        let (stones, area) = (lost(true), lost(false));
        if !stones.is_empty() && stones.len() * 2 >= area.len() {
            if let Some(region) = Region::of_points(size, &stones) {
                return (Why::StonesLost { region }, stones);
            }
        }
        if area.len() >= 2 {
            if let Some(region) = Region::of_points(size, &area) {
                return (Why::AreaLost { region }, vec![]);
            }
        }
    }
    match better {
        Some(at) => (
            Why::BetterThere {
                at,
                region: Region::of(size, at),
            },
            vec![],
        ),
        None => {
            let at = match mv {
                Move::Play(p) => p,
                Move::Pass => size.point(0, 0),
            };
            (
                Why::BetterThere {
                    at,
                    region: Region::of(size, at),
                },
                vec![],
            )
        }
    }
}

/// The better move before move `n`, if it is a point other than the move played.
fn better_move(r: &GameReview, n: usize) -> Option<Point> {
    let best = r.steps.get(n - 1)?.as_ref()?.best.first().copied()?;
    match best {
        Move::Play(p) if Move::Play(p) != r.moves[n - 1].1 => Some(p),
        _ => None,
    }
}

/// The lessons `view` shows of a game: its mistakes grouped (the same better point missed on
/// consecutive moves, by either player, is one lesson), each explained, a better point heading
/// one lesson only (the biggest), at most [`View::most`] a player, biggest first within each
/// player, players in turn. `positions`
/// are the game's from its start ([`super::review::positions`]); `ownership(n)` gives the
/// network's ownership before and after move `n`, when known.
pub fn lessons<'a>(
    view: View,
    r: &GameReview,
    positions: &[Game],
    ownership: impl Fn(usize) -> Option<Ownership<'a>>,
) -> Vec<Explained> {
    // Every mistake either player made that the view could show, in move order.
    let mut all: Vec<Mistake> = [Colour::Black, Colour::White]
        .into_iter()
        .flat_map(|c| view.mistakes(r, c))
        .collect();
    all.sort_by_key(|m| m.number);
    // Grouped: a mistake whose better point is the last group's, within two moves of it.
    let mut groups: Vec<Vec<Mistake>> = Vec::new();
    for m in all {
        let b = better_move(r, m.number);
        match groups.last_mut() {
            Some(g)
                if b.is_some()
                    && better_move(r, g[g.len() - 1].number) == b
                    && m.number <= g[g.len() - 1].number + 2 =>
            {
                g.push(m)
            }
            _ => groups.push(vec![m]),
        }
    }
    let mut out: Vec<Explained> = groups
        .into_iter()
        .map(|g| {
            let big = *g
                .iter()
                .max_by(|a, b| a.loss.total_cmp(&b.loss).then(b.number.cmp(&a.number)))
                .expect("a group has a move");
            let better = better_move(r, big.number);
            let (why, chain) = why(
                positions,
                &r.moves,
                big.number,
                better,
                ownership(big.number),
            );
            Explained {
                first: g[0].number,
                last: g[g.len() - 1].number,
                colour: big.colour,
                both: g.iter().any(|m| m.colour != big.colour),
                loss: big.loss,
                class: big.class,
                number: big.number,
                mv: big.mv,
                better,
                chain,
                why,
            }
        })
        .collect();
    out.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
    // A better point heads one lesson only (issue 51: the same point heading two cards read as
    // two lessons where there is one): the biggest keeps it, the repeats further apart than
    // the grouping reaches are dropped.
    let mut headed: Vec<Point> = Vec::new();
    out.retain(|e| match e.better {
        Some(p) if headed.contains(&p) => false,
        Some(p) => {
            headed.push(p);
            true
        }
        None => true,
    });
    let mut shown = Vec::new();
    for c in [Colour::Black, Colour::White] {
        shown.extend(
            out.iter()
                .filter(|e| e.colour == c)
                .take(view.most())
                .cloned(),
        );
    }
    shown
}

fn en_stones(n: usize) -> String {
    if n == 1 {
        "one stone".into()
    } else {
        format!("{n} stones")
    }
}

impl Explained {
    /// The lesson in a sentence (or two) a child reads: what happened, and for a stretch of
    /// moves, that the point was missed all along.
    pub fn words(&self, size: BoardSize, zh: bool) -> String {
        let c = self.colour;
        let name = |col: Colour| colour_word(col, zh);
        let v = |p: Point| size.vertex(p);
        let what = match (&self.why, zh) {
            (Why::Played(f), _) => {
                let s = f.words(size, c, zh);
                if zh {
                    format!("{s}。")
                } else {
                    format!("{s}.")
                }
            }
            (Why::MissedCapture { at, stones }, true) => format!(
                "{}在 {} 可以吃掉{}{}（圈起来的）。",
                name(c),
                v(*at),
                name(c.opponent()),
                zh_stones(*stones)
            ),
            (Why::MissedCapture { at, stones }, false) => format!(
                "{} could capture {} of {}’s (circled) at {}.",
                name(c),
                en_stones(*stones),
                name(c.opponent()),
                v(*at)
            ),
            (Why::MissedSave { at, stones }, true) => format!(
                "{}这{}只剩一口气了（圈起来的），下在 {} 才能救出来。",
                name(c),
                zh_stones(*stones),
                v(*at)
            ),
            (Why::MissedSave { at, stones }, false) => format!(
                "{}’s {} (circled) had one liberty left: {} would have saved them.",
                name(c),
                en_stones(*stones),
                v(*at)
            ),
            (Why::MissedAtari { at, stones }, true) => format!(
                "{}在 {} 可以叫吃{}{}（圈起来的），让它只剩一口气。",
                name(c),
                v(*at),
                name(c.opponent()),
                zh_stones(*stones)
            ),
            (Why::MissedAtari { at, stones }, false) => format!(
                "{} at {} would have put {} of {}’s (circled) in atari.",
                name(c),
                v(*at),
                en_stones(*stones),
                name(c.opponent())
            ),
            (Why::MissedExtend { at, stones }, true) => format!(
                "{}这{}只有两口气（圈起来的），在 {} 长出去就安全了。",
                name(c),
                zh_stones(*stones),
                v(*at)
            ),
            (Why::MissedExtend { at, stones }, false) => format!(
                "{}’s {} (circled) had only two liberties: {} would have made them safe.",
                name(c),
                en_stones(*stones),
                v(*at)
            ),
            (Why::LaterCaptured { at, stones, region }, true) => format!(
                "接着{}在 {} 提掉了{}的{}{}。",
                name(c.opponent()),
                v(*at),
                region.words(true),
                name(c),
                zh_stones(*stones)
            ),
            (Why::LaterCaptured { at, stones, region }, false) => format!(
                "Then {} captured {} of {}’s in {} at {}.",
                name(c.opponent()),
                en_stones(*stones),
                name(c),
                region.words(false),
                v(*at)
            ),
            (Why::StonesLost { region }, true) => {
                format!("这样{}的{}棋被吃掉了。", region.words(true), name(c))
            }
            (Why::StonesLost { region }, false) => {
                format!(
                    "After it {}’s stones in {} are lost.",
                    name(c),
                    region.words(false)
                )
            }
            (Why::AreaLost { region }, true) => format!(
                "这样{}这块地成了{}的。",
                region.words(true),
                name(c.opponent())
            ),
            (Why::AreaLost { region }, false) => format!(
                "After it the area in {} becomes {}’s.",
                region.words(false),
                name(c.opponent())
            ),
            (Why::BetterThere { at, region }, true) => {
                format!("下在{}的 {} 更好。", region.words(true), v(*at))
            }
            (Why::BetterThere { at, region }, false) => {
                format!("{} in {} was better.", v(*at), region.words(false))
            }
        };
        let Some(p) = self.better.filter(|_| self.first != self.last) else {
            return what;
        };
        let who = match (self.both, zh) {
            (true, true) => "双方都".to_string(),
            (false, true) => name(c).to_string(),
            (true, false) => "neither player".to_string(),
            (false, false) => name(c).to_string(),
        };
        if zh {
            format!(
                "第 {}–{} 手，{who}没有下 {}：{what}",
                self.first,
                self.last,
                v(p)
            )
        } else if self.both {
            format!(
                "Moves {}–{}: {who} played {}. {what}",
                self.first,
                self.last,
                v(p)
            )
        } else {
            format!(
                "Moves {}–{}: {who} never played {}. {what}",
                self.first,
                self.last,
                v(p)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::review::Step;
    use crate::rules::Rules;

    fn at(v: &str) -> Point {
        BoardSize::NINE.parse_vertex(v).unwrap()
    }

    #[test]
    fn regions_cut_the_board_in_thirds() {
        let s = BoardSize::NINE;
        assert_eq!(Region::of(s, at("A9")), Region::TopLeft);
        assert_eq!(Region::of(s, at("E5")), Region::Centre);
        assert_eq!(Region::of(s, at("H7")), Region::TopRight);
        assert_eq!(Region::of(s, at("E1")), Region::Bottom);
        assert_eq!(
            Region::of(
                BoardSize::NINETEEN,
                BoardSize::NINETEEN.parse_vertex("Q16").unwrap()
            ),
            Region::TopRight
        );
    }

    #[test]
    fn the_view_follows_the_rank() {
        assert_eq!(View::for_kyu(None), View::Beginner);
        assert_eq!(View::for_kyu(Some(25)), View::Beginner);
        assert_eq!(View::for_kyu(Some(10)), View::Beginner);
        assert_eq!(View::for_kyu(Some(9)), View::Mistakes);
    }

    /// A white stone at H7 in atari (its last liberty H7's neighbour) left for ten moves: both
    /// sides play elsewhere, each move losing the capture's worth. One lesson, not ten.
    #[test]
    fn a_capture_left_for_ten_moves_is_one_lesson() {
        // White G7 has one liberty, H7: Black F7, G8, G6 around it.
        let mut g = Game::new(BoardSize::NINE, Rules::chinese());
        for (c, v) in [
            (Colour::Black, "F7"),
            (Colour::White, "G7"),
            (Colour::Black, "G8"),
            (Colour::White, "C3"),
            (Colour::Black, "G6"),
        ] {
            g.play(c, Move::Play(at(v))).unwrap();
        }
        // Ten moves elsewhere along the bottom rows, alternately.
        let elsewhere = ["A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "D2", "E2"];
        for v in elsewhere {
            let c = g.to_move();
            g.play(c, Move::Play(at(v))).unwrap();
        }
        let mut r = GameReview::of(&g);
        let n = r.moves.len();
        // Whoever is to move may play H7 (Black to take G7, White to save it): each move
        // elsewhere loses 6 points for its player.
        for i in 0..=n {
            let lead = if i >= 5 && (i - 5) % 2 == 1 { 6.0 } else { 0.0 };
            r.steps[i] = Some(Step {
                lead,
                win: 0.5,
                best: vec![Move::Play(at("H7"))],
                best_prior: 0.5,
                played: Some((3, 0.01)),
                visits: 64,
            });
        }
        let positions = crate::bot::review::positions(&g);
        let shown = lessons(View::Mistakes, &r, &positions, |_| None);
        assert_eq!(shown.len(), 1, "{shown:#?}");
        let l = &shown[0];
        assert_eq!((l.first, l.last), (6, 15));
        assert!(l.both);
        assert_eq!(l.better, Some(at("H7")));
        let words = l.words(BoardSize::NINE, true);
        assert!(
            words.starts_with("第 6–15 手，双方都没有下 H7："),
            "{words}"
        );
        assert!(words.contains("H7"));
        // The stone to take is outlined.
        assert_eq!(l.chain, vec![at("G7")]);
    }

    /// The same better point missed at moves 3 and 9 (too far apart to be one stretch) by
    /// Black and by White: one card, the bigger loss's; another point keeps its own card.
    #[test]
    fn a_better_point_heads_one_lesson_only() {
        // Losses: move 3 Black 6, move 6 White 8 (better E5), move 9 Black 7, move 10 White 5.
        let leads = [
            0.0, 0.0, 0.0, -6.0, -6.0, -6.0, 2.0, 2.0, 2.0, -5.0, 0.0, 0.0,
        ];
        let mut r = crate::bot::review::tests::review_with(&leads);
        let g = {
            let mut g = Game::new(BoardSize::NINE, Rules::chinese());
            for &(c, mv) in &r.moves {
                g.play(c, mv).unwrap();
            }
            g
        };
        for (i, s) in r.steps.iter_mut().enumerate() {
            let s = s.as_mut().unwrap();
            s.best = vec![Move::Play(at(if i == 5 { "E5" } else { "H7" }))];
            s.best_prior = 0.5;
        }
        let positions = crate::bot::review::positions(&g);
        let shown = lessons(View::All, &r, &positions, |_| None);
        let heads: Vec<(usize, Option<Point>)> =
            shown.iter().map(|l| (l.number, l.better)).collect();
        assert_eq!(
            heads,
            vec![(9, Some(at("H7"))), (6, Some(at("E5")))],
            "{shown:#?}"
        );
    }

    #[test]
    fn a_missed_capture_and_a_chain_left_in_atari_are_named() {
        // Black to move: White G7 in atari at H7; Black plays A1 instead.
        let mut g = Game::new(BoardSize::NINE, Rules::chinese());
        for (c, v) in [
            (Colour::Black, "F7"),
            (Colour::White, "G7"),
            (Colour::Black, "G8"),
            (Colour::White, "C3"),
            (Colour::Black, "G6"),
            (Colour::White, "D3"),
            (Colour::Black, "A1"),
        ] {
            g.play(c, Move::Play(at(v))).unwrap();
        }
        let positions = crate::bot::review::positions(&g);
        let (w, chain) = why(
            &positions,
            &g.moves()
                .iter()
                .map(|m| (m.colour, m.mv))
                .collect::<Vec<_>>(),
            7,
            Some(at("H7")),
            None,
        );
        assert_eq!(
            w,
            Why::MissedCapture {
                at: at("H7"),
                stones: 1
            }
        );
        assert_eq!(chain, vec![at("G7")]);
    }
}

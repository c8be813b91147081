//! 复盘 with the network: a whole game read position by position.
//!
//! - [`quick`]: a glance at a position — one network evaluation, or a search of a few visits
//!   ([`quick_visits`]: the lead and win rate from them), the policy's best moves, and the rank
//!   and prior the policy gave the move that was played.
//! - [`deep`]: the same from a PUCT search (the lead averaged over its visits, the best moves by
//!   visits), for the moves the quick pass flags ([`GameReview::flagged`]).
//! - [`GameReview`]: the steps of a game, the points each move lost, each player's mistakes in
//!   order of size and their [`Class`] (OGS's thresholds, in points).
//!
//! Leads are Black's, in points (目), komi included; the page says them in 子 (half a point
//! each way: 1 子 = 2 points of area). Pure core: the network, the seeds and the budget come
//! from the caller.

use super::nn::{Network, Position, Scratch};
use super::puct::Puct;
use crate::rules::{BoardSize, Colour, Game, GameResult, Move, Point};

/// How many of the policy's (or search's) best moves a step keeps.
pub const BEST_KEPT: usize = 3;
/// The quick pass's searches (issue 42): after the glance, both sides of every move that loses
/// or gains at least `FLAG_MIN` points, or goes against a clear first choice of the network
/// ([`GameReview::against_the_policy`]), are searched with `DEEPEN_VISITS` visits;
/// `FLAG_PER_PLAYER` only bounds a player's losses taken (no game reaches it).
/// tests/review_pass.rs measures it against a 400-visit search: 92 % of the reference's 大恶手
/// listed as 恶手 or worse, 87 % of those listed lost ≥ 0.5 子 — what the reference reaches
/// against itself with other seeds (128 visits instead of 64 found no more).
pub const FLAG_PER_PLAYER: usize = 100;
pub const FLAG_MIN: f32 = 1.0;
/// The prior of a network's first choice that makes a move against it worth a search.
pub const CLEAR_CHOICE: f32 = 0.4;
pub const DEEPEN_VISITS: u32 = 64;
/// The quick pass's visits on 9×9. A raw evaluation misses the tactics a beginner's game is
/// full of (a chain left in atari and not taken): measured on the same 20 games, one
/// evaluation a position finds 37 % of the deep search's mistakes, one evaluation and the
/// policy's first reply 49 %, a 4-visit search 59 %, 8 visits 66 % at twice the time.
pub const QUICK_VISITS_9: u32 = 4;

/// The quick pass's visits on a board of `size`: [`QUICK_VISITS_9`] on 9×9, fewer on larger
/// boards, as a visit costs about the board's area, but never one evaluation alone: a search
/// of two visits reads the reply to the move, which a chain left in atari needs (13×13 and
/// 19×19: 2).
pub fn quick_visits(size: BoardSize) -> u32 {
    ((QUICK_VISITS_9 * 81 + size.area() / 2) / size.area()).clamp(2, QUICK_VISITS_9)
}

/// The thorough pass (issue 42): after the quick one, every position searched with this many
/// visits, while the pupil reads — on 9×9 [`THOROUGH_VISITS_9`] (what a 400-visit reference's
/// three biggest mistakes a player need, tests/review_pass.rs), on larger boards 100.
pub const THOROUGH_VISITS_9: u32 = 300;

/// The thorough pass's visits on a board of `size`.
pub fn thorough_visits(size: BoardSize) -> u32 {
    if size.area() <= 81 {
        THOROUGH_VISITS_9
    } else {
        100
    }
}

/// What the network says of the position before a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Black's lead in points, komi included.
    pub lead: f32,
    /// Black's chance of winning, 0–1.
    pub win: f32,
    /// The best moves for the side to move, best first (at most [`BEST_KEPT`]).
    pub best: Vec<Move>,
    /// The policy's prior for the first of them: how findable the better move is.
    pub best_prior: f32,
    /// The move played from here: its place among the policy's moves (0: the network's first
    /// choice) and its prior; `None` at the end of the game.
    pub played: Option<(u16, f32)>,
    /// Visits behind the step: 1 for a quick evaluation.
    pub visits: u32,
}

impl Step {
    /// Whether a search stands behind the step (the pass's deeper look), not the quick pass's
    /// glance: more than [`QUICK_VISITS_9`] visits, the most any board's quick pass spends.
    pub fn is_searched(&self) -> bool {
        self.visits > QUICK_VISITS_9
    }
}

/// The position after each move of a game, from its start (index 0: before the first move) to
/// its end (index `moves().len()`).
pub fn positions(game: &Game) -> Vec<Game> {
    let mut out = vec![game.clone()];
    let mut g = game.clone();
    while g.undo().is_ok() {
        out.push(g.clone());
    }
    out.reverse();
    out
}

/// A glance at `game`: with `visits` ≤ 1 the network's evaluation, otherwise the lead and win
/// rate of a search of `visits` visits (seeded by `seed`); the best moves, and the rank and
/// prior of `played`, are the policy's either way.
pub fn quick(
    net: &Network,
    game: &Game,
    played: Option<Move>,
    visits: u32,
    seed: u64,
    s: &mut Scratch,
) -> Step {
    let c = game.to_move();
    let size = game.size();
    let (ranked, lead, win) = if visits <= 1 {
        let pos = Position::from_game(game);
        let eval = net.evaluate(&pos, 0, &|p| game.is_legal_point(c, p), s);
        let ranked: Vec<(Move, f32)> = size
            .points()
            .enumerate()
            .map(|(i, p)| (Move::Play(p), eval.policy[i]))
            .chain([(Move::Pass, eval.policy[size.area() as usize])])
            .filter(|&(_, prior)| prior > 0.0)
            .collect();
        let own = |x: f32| if c == Colour::Black { x } else { -x };
        let win = (eval.win - eval.loss + 1.0) / 2.0;
        (ranked, own(eval.lead), win)
    } else {
        let mut tree = Puct::new(game, seed);
        tree.run(net, visits);
        let lead = tree.search_lead().unwrap_or(0.0);
        let ranked = tree.priors().into_iter().filter(|p| p.1 > 0.0).collect();
        (ranked, lead, tree.win_rate())
    };
    let mut ranked = ranked;
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let played = played.map(|m| rank_in(&ranked, m));
    Step {
        lead,
        win: if c == Colour::Black { win } else { 1.0 - win },
        best: ranked.iter().take(BEST_KEPT).map(|&(m, _)| m).collect(),
        best_prior: ranked.first().map_or(0.0, |b| b.1),
        played,
        visits: visits.max(1),
    }
}

/// The place and prior of `m` among moves ranked by prior (`u16::MAX` and 0 when absent).
fn rank_in(ranked: &[(Move, f32)], m: Move) -> (u16, f32) {
    ranked
        .iter()
        .position(|&(x, _)| x == m)
        .map_or((u16::MAX, 0.0), |i| (i as u16, ranked[i].1))
}

/// A search of `visits` visits from `game`: the lead averaged over its visits, its most visited
/// moves; the played move's rank and prior are the policy's, as in [`quick`].
pub fn deep(net: &Network, game: &Game, played: Option<Move>, visits: u32, seed: u64) -> Step {
    let mut tree = Puct::new(game, seed);
    tree.run(net, visits.max(1));
    let c = game.to_move();
    let priors = tree.priors();
    let played = played.map(|m| rank_in(&priors, m));
    let win = tree.win_rate();
    let best: Vec<Move> = tree
        .candidates()
        .into_iter()
        .filter(|m| m.visits > 0)
        .take(BEST_KEPT)
        .map(|m| m.mv)
        .collect();
    let best_prior = best
        .first()
        .and_then(|b| priors.iter().find(|p| p.0 == *b))
        .map_or(0.0, |p| p.1);
    Step {
        lead: tree.search_lead().unwrap_or(0.0),
        win: if c == Colour::Black { win } else { 1.0 - win },
        best,
        best_prior,
        played,
        visits: tree.visits(),
    }
}

/// A move's class by the points it lost (OGS's AI review thresholds: 0.6, 1, 2 and 5 points;
/// below 0.2 a move is as good as the network's own, still 好棋).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// 好棋: under 0.6 points lost.
    Good,
    /// 缓手: 0.6 to 1 point.
    Slack,
    /// 问题手: 1 to 2 points.
    Questionable,
    /// 恶手: 2 to 5 points.
    Bad,
    /// 大恶手: 5 points or more.
    Blunder,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Good,
        Class::Slack,
        Class::Questionable,
        Class::Bad,
        Class::Blunder,
    ];

    /// The class of a move that lost `points` (a gain counts as 0).
    pub fn of(points: f32) -> Class {
        match points {
            p if p >= 5.0 => Class::Blunder,
            p if p >= 2.0 => Class::Bad,
            p if p >= 1.0 => Class::Questionable,
            p if p >= 0.6 => Class::Slack,
            _ => Class::Good,
        }
    }

    /// The least points lost that puts a move in this class.
    pub fn threshold(self) -> f32 {
        match self {
            Class::Good => 0.0,
            Class::Slack => 0.6,
            Class::Questionable => 1.0,
            Class::Bad => 2.0,
            Class::Blunder => 5.0,
        }
    }

    /// The class's name as Chinese players say it, and in English as a child reads it (not the
    /// review programs' "slack", "inaccuracy", "blunder"). The beginner's view names none
    /// (the lessons teach none of them).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Class::Good => ("好棋", "good"),
            Class::Slack => ("缓手", "a bit slow"),
            Class::Questionable => ("问题手", "small mistake"),
            Class::Bad => ("恶手", "mistake"),
            Class::Blunder => ("大恶手", "big mistake"),
        }
    }

    /// A short key for storage and SGF (`g`, `s`, `q`, `b`, `x`).
    pub fn key(self) -> char {
        match self {
            Class::Good => 'g',
            Class::Slack => 's',
            Class::Questionable => 'q',
            Class::Bad => 'b',
            Class::Blunder => 'x',
        }
    }
}

/// A move that lost points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mistake {
    /// The move's number (1 for the first move).
    pub number: usize,
    pub colour: Colour,
    pub mv: Move,
    /// Points lost (> 0).
    pub loss: f32,
    pub class: Class,
}

/// A game's review: its moves and a step for each position (`steps[i]` before move `i + 1`,
/// the last after the last move). Steps may be missing while the pass runs.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameReview {
    pub moves: Vec<(Colour, Move)>,
    pub steps: Vec<Option<Step>>,
    /// Black's margin in points by the count that ended the game, when its last two moves were
    /// passes (总则 第八条: play stops, the count follows): what those passes are judged by
    /// ([`GameReview::loss`]).
    pub count: Option<f32>,
}

impl GameReview {
    /// An empty review of `game`'s moves (and the count that ended it, if one did).
    pub fn of(game: &Game) -> GameReview {
        let moves: Vec<(Colour, Move)> = game.moves().iter().map(|m| (m.colour, m.mv)).collect();
        let passed = moves.len() >= 2 && moves[moves.len() - 2..].iter().all(|m| m.1 == Move::Pass);
        let count = game
            .result()
            .and_then(GameResult::margin_half)
            .filter(|_| passed)
            .map(|half| half as f32 / 2.0);
        GameReview {
            steps: vec![None; moves.len() + 1],
            moves,
            count,
        }
    }

    /// Whether move `n` is one of the two passes that ended the game before its count.
    pub fn ended_by(&self, n: usize) -> bool {
        self.count.is_some() && n + 2 > self.moves.len() && n >= 1 && n <= self.moves.len()
    }

    /// Whether every position has its step.
    pub fn is_complete(&self) -> bool {
        self.steps.iter().all(Option::is_some)
    }

    /// How many positions have their step.
    pub fn done(&self) -> usize {
        self.steps.iter().filter(|s| s.is_some()).count()
    }

    /// How many positions a search stands behind ([`Step::is_searched`]).
    pub fn searched(&self) -> usize {
        self.steps
            .iter()
            .flatten()
            .filter(|s| s.is_searched())
            .count()
    }

    /// Black's lead after `n` moves, if known.
    pub fn lead(&self, n: usize) -> Option<f32> {
        self.steps.get(n)?.as_ref().map(|s| s.lead)
    }

    /// Points move `n` (1-based) lost for its player: the lead for that player before it minus
    /// the lead after it (negative: it gained).
    ///
    /// The two passes that ended a counted game are judged by the count that followed too
    /// (issue 51): after a pass the network reads on as if the opponent would take what it
    /// could, so a pass the opponent answered with a pass was listed as a blunder for a capture
    /// nobody played, in a game the count showed it had lost nothing. Such a pass loses what
    /// both say it lost, the smaller of the leads' loss and its player's lead before it less
    /// the count: a pass the count shows lost nothing is no mistake, and neither is one only
    /// the count blames (the network's leads near a whole board's margin fall a few points
    /// short of the count: −67.8 before a pass in a game counted −73.5).
    ///
    /// A move a search found best before it loses nothing, whatever the two leads say: the
    /// difference between two searches of a few dozen visits carries each one's noise (in the
    /// endgame, two points a move back and forth), and the search itself chose this move —
    /// unless the leads say it threw away a 大恶手's worth ([`Class::Blunder`]): then the search
    /// after the move read what the one before it did not (the reply that punishes it).
    pub fn loss(&self, n: usize) -> Option<f32> {
        let (c, mv) = *self.moves.get(n.checked_sub(1)?)?;
        let (before, after) = (self.lead(n - 1)?, self.lead(n)?);
        let own = |lead: f32| match c {
            Colour::Black => lead,
            Colour::White => -lead,
        };
        let loss = match self.count {
            Some(count) if self.ended_by(n) => {
                (own(before) - own(after)).min(own(before) - own(count))
            }
            _ => own(before) - own(after),
        };
        let step = self.steps[n - 1].as_ref()?;
        let chosen = step.is_searched() && step.best.first() == Some(&mv);
        let misread = loss >= Class::Blunder.threshold();
        Some(if chosen && !misread {
            loss.min(0.0)
        } else {
            loss
        })
    }

    /// Move `n`'s class, if both its positions are known.
    pub fn class(&self, n: usize) -> Option<Class> {
        self.loss(n).map(Class::of)
    }

    /// `c`'s moves that lost at least `min` points, biggest first (ties: the earlier move).
    pub fn mistakes(&self, c: Colour, min: f32) -> Vec<Mistake> {
        let mut out: Vec<Mistake> = (1..=self.moves.len())
            .filter(|&n| self.moves[n - 1].0 == c)
            .filter_map(|n| {
                let loss = self.loss(n)?;
                (loss >= min && loss > 0.0).then(|| Mistake {
                    number: n,
                    colour: c,
                    mv: self.moves[n - 1].1,
                    loss,
                    class: Class::of(loss),
                })
            })
            .collect();
        out.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
        out
    }

    /// The moves worth a deeper look: each player's `per_player` biggest losses of at least
    /// `min` points, in move order.
    pub fn flagged(&self, per_player: usize, min: f32) -> Vec<usize> {
        let mut out: Vec<usize> = [Colour::Black, Colour::White]
            .into_iter()
            .flat_map(|c| self.mistakes(c, min).into_iter().take(per_player))
            .map(|m| m.number)
            .chain((1..=self.moves.len()).filter(|&n| {
                // A big gain is as suspect as a big loss: one side of the move misread.
                self.against_the_policy(n) || self.loss(n).is_some_and(|l| l <= -min)
            }))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether move `n` went against a clear first choice of the network (its prior at least
    /// [`CLEAR_CHOICE`], the move's own under a quarter of it): the capture or the save a
    /// beginner's blunder leaves out, which a glance of a few visits may not read.
    pub fn against_the_policy(&self, n: usize) -> bool {
        let Some(Some(step)) = n.checked_sub(1).and_then(|i| self.steps.get(i)) else {
            return false;
        };
        step.played.is_some_and(|(rank, prior)| {
            rank > 0 && step.best_prior >= CLEAR_CHOICE && prior * 4.0 < step.best_prior
        })
    }

    /// The positions a deeper search should look at after the quick pass: both sides of each
    /// move [`flagged`](Self::flagged) with these limits, those already searched left out.
    pub fn to_deepen(&self, per_player: usize, min: f32) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .flagged(per_player, min)
            .into_iter()
            .flat_map(|n| [n - 1, n])
            .filter(|&i| self.steps[i].as_ref().is_none_or(|s| !s.is_searched()))
            .collect();
        out.dedup();
        out
    }

    /// The app's next position to search deeper (its limits: [`FLAG_PER_PLAYER`], [`FLAG_MIN`]),
    /// until each flagged move has been searched on both sides — at most
    /// `4 × FLAG_PER_PLAYER` positions in all, however the flags move as leads are refined.
    /// Positions in `busy` (being searched elsewhere) are passed over.
    pub fn next_to_deepen(&self, busy: &[usize]) -> Option<usize> {
        if self.searched() >= 4 * FLAG_PER_PLAYER || !self.is_complete() {
            return None;
        }
        self.to_deepen(FLAG_PER_PLAYER, FLAG_MIN)
            .into_iter()
            .find(|i| !busy.contains(i))
    }

    /// The thorough pass's order: the positions on both sides of each move, the moves by the
    /// size of their swing (the points they lost or gained, biggest first), those with `visits`
    /// already left out — the big mistakes are settled first, the quiet moves last.
    pub fn thorough_order(&self, visits: u32) -> Vec<usize> {
        let mut moves: Vec<(f32, usize)> = (1..=self.moves.len())
            .map(|n| (self.loss(n).map_or(f32::INFINITY, f32::abs), n))
            .collect();
        moves.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut seen = vec![false; self.steps.len()];
        let mut out = Vec::new();
        for (_, n) in moves {
            for i in [n - 1, n] {
                let done = self.steps[i].as_ref().is_some_and(|s| s.visits >= visits);
                if !seen[i] && !done {
                    out.push(i);
                }
                seen[i] = true;
            }
        }
        if self.moves.is_empty() && self.steps[0].as_ref().is_none_or(|s| s.visits < visits) {
            out.push(0);
        }
        out
    }

    /// Whether the thorough pass has searched every position of this game on a board of `size`
    /// (what the class report waits for, and what a review resumes until).
    pub fn is_thorough(&self, size: BoardSize) -> bool {
        self.searched_with(thorough_visits(size)) == self.steps.len()
    }

    /// How many positions have a search of at least `visits` behind them.
    pub fn searched_with(&self, visits: u32) -> usize {
        self.steps
            .iter()
            .flatten()
            .filter(|s| s.visits >= visits)
            .count()
    }

    /// How many of `c`'s moves fall in each class (in [`Class::ALL`]'s order).
    pub fn class_counts(&self, c: Colour) -> [usize; 5] {
        let mut counts = [0; 5];
        for n in 1..=self.moves.len() {
            if self.moves[n - 1].0 == c {
                if let Some(k) = self.class(n) {
                    counts[k as usize] += 1;
                }
            }
        }
        counts
    }
}

/// The point of a move, if it is one.
pub fn point_of(mv: Move) -> Option<Point> {
    match mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::{BoardSize, Rules};

    /// A review of `leads.len() - 1` alternating moves on 9×9 (Black first, on the points in
    /// order, skipping those the rules refuse) with Black's leads `leads`.
    pub(crate) fn review_with(leads: &[f32]) -> GameReview {
        let size = BoardSize::NINE;
        let mut g = Game::new(size, Rules::chinese());
        let mut points = size.points();
        while g.moves().len() + 1 < leads.len() {
            let c = g.to_move();
            let p = points.next().expect("a legal point left");
            if g.is_legal_point(c, p) {
                g.play(c, Move::Play(p)).unwrap();
            }
        }
        let mut r = GameReview::of(&g);
        for (i, &lead) in leads.iter().enumerate() {
            r.steps[i] = Some(Step {
                lead,
                win: 0.5,
                best: vec![],
                best_prior: 0.0,
                played: None,
                visits: 1,
            });
        }
        r
    }

    #[test]
    fn a_move_loses_what_the_lead_drops_for_its_player() {
        // Black's leads: 7.5 (start) → 1.5 after Black's move 1 → 9.5 after White's move 2.
        let r = review_with(&[7.5, 1.5, 9.5, 9.0]);
        assert_eq!(r.loss(1), Some(6.0), "Black's move lost 6 points");
        assert_eq!(
            r.loss(2),
            Some(8.0),
            "White's move lost 8 (Black's lead grew by 8)"
        );
        assert_eq!(r.loss(3), Some(0.5));
        assert_eq!(r.loss(0), None);
        assert_eq!(r.loss(4), None);
        assert_eq!(r.class(1), Some(Class::Blunder));
        assert_eq!(r.class(3), Some(Class::Good));
    }

    /// Black passes leaving stones White could take; White passes too, and the count gives
    /// Black what the lead before Black's pass said (issue 51).
    #[test]
    fn the_passes_that_end_a_game_are_judged_by_the_count_too() {
        let step = |lead| {
            Some(Step {
                lead,
                win: 0.5,
                best: vec![],
                best_prior: 0.0,
                played: None,
                visits: 1,
            })
        };
        let mut r = GameReview {
            moves: vec![(Colour::Black, Move::Pass), (Colour::White, Move::Pass)],
            steps: vec![step(10.0), step(-4.5), step(10.0)],
            count: None,
        };
        // By the leads alone, both passes lost 14.5 points.
        assert_eq!((r.loss(1), r.loss(2)), (Some(14.5), Some(14.5)));
        r.count = Some(10.5);
        assert!(r.ended_by(1) && r.ended_by(2) && !r.ended_by(0) && !r.ended_by(3));
        // Black's pass lost nothing by the count: no mistake. White's missed the capture.
        assert_eq!(r.loss(1), Some(-0.5));
        assert_eq!(r.class(1), Some(Class::Good));
        assert_eq!(r.loss(2), Some(14.5));
        assert!(r.mistakes(Colour::Black, 0.0).is_empty());
        // Only the count blaming a pass is not enough either: near a whole board's margin the
        // network's lead falls short of the count.
        r.steps = vec![step(60.0), step(60.0), step(60.0)];
        r.count = Some(73.5);
        assert_eq!(r.loss(2), Some(0.0));
        // A pass in the game (not answered by the end) is judged by the leads.
        let mut longer = r.clone();
        longer.moves.insert(0, (Colour::White, Move::Pass));
        longer.steps.insert(0, step(75.0));
        assert!(!longer.ended_by(1));
        assert_eq!(longer.loss(1), Some(-15.0));
    }

    #[test]
    fn the_quick_pass_spends_fewer_visits_on_larger_boards() {
        let v = |n| quick_visits(BoardSize::new(n).unwrap());
        assert_eq!((v(9), v(13), v(19)), (4, 2, 2));
        assert!((5..=19).all(|n| (2..=QUICK_VISITS_9).contains(&v(n))));
    }

    #[test]
    fn classes_follow_the_thresholds() {
        for (points, class) in [
            (-3.0, Class::Good),
            (0.0, Class::Good),
            (0.59, Class::Good),
            (0.6, Class::Slack),
            (1.0, Class::Questionable),
            (1.99, Class::Questionable),
            (2.0, Class::Bad),
            (4.9, Class::Bad),
            (5.0, Class::Blunder),
        ] {
            assert_eq!(Class::of(points), class, "{points}");
            assert!(Class::of(class.threshold()) == class);
        }
    }

    #[test]
    fn mistakes_are_listed_biggest_first_and_flagged_in_move_order() {
        // Black loses 1 (move 1), 3 (move 3), 0.2 (move 5); White loses 2 (move 2), 4 (move 4).
        let r = review_with(&[0.0, -1.0, 1.0, -2.0, 2.0, 1.8]);
        let black: Vec<usize> = r
            .mistakes(Colour::Black, 0.6)
            .iter()
            .map(|m| m.number)
            .collect();
        assert_eq!(black, vec![3, 1]);
        let white: Vec<(usize, Class)> = r
            .mistakes(Colour::White, 0.0)
            .iter()
            .map(|m| (m.number, m.class))
            .collect();
        assert_eq!(white, vec![(4, Class::Bad), (2, Class::Bad)]);
        assert_eq!(r.flagged(1, 0.6), vec![3, 4]);
        assert_eq!(r.to_deepen(1, 0.6), vec![2, 3, 4]);
        assert_eq!(r.class_counts(Colour::Black), [1, 0, 1, 1, 0]);
    }

    #[test]
    fn the_thorough_pass_reads_the_biggest_swings_first_and_every_position_once() {
        // Losses: move 1 Black 1, move 2 White 2, move 3 Black 3, move 4 White 4, move 5 0.2.
        let mut r = review_with(&[0.0, -1.0, 1.0, -2.0, 2.0, 1.8]);
        assert_eq!(r.thorough_order(300), vec![3, 4, 2, 1, 0, 5]);
        // A position searched deep enough is not read again; the rest keep their order.
        r.steps[4].as_mut().unwrap().visits = 300;
        assert_eq!(r.thorough_order(300), vec![3, 2, 1, 0, 5]);
        assert_eq!(r.searched_with(300), 1);
        for s in r.steps.iter_mut().flatten() {
            s.visits = 301;
        }
        assert!(r.thorough_order(300).is_empty());
    }

    #[test]
    fn searched_positions_are_not_searched_again_and_the_deepening_ends() {
        let mut r = review_with(&[0.0, -1.0, 1.0, -2.0, 2.0, 1.8]);
        let mut searched = 0;
        while let Some(i) = r.next_to_deepen(&[]) {
            let s = r.steps[i].as_mut().unwrap();
            s.visits = 64;
            searched += 1;
            assert!(searched <= r.steps.len(), "the deepening ends");
        }
        assert!(searched >= 3);
        // An incomplete review is not deepened.
        r.steps[5] = None;
        assert_eq!(r.next_to_deepen(&[]), None);
    }
}

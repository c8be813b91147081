//! Opponents by rank: one network evaluation a move, weakened the way a player of that rank is
//! weak. The idea is KaTrain's calibrated-rank opponent (draw some of the plausible moves at
//! random and play the one the policy likes best, more of them the stronger the rank); the
//! numbers are ours, measured against GNU Go and each other (`tests/strength/ladder.py`).
//!
//! A player who learned the rules last week does not see most of the board: of the moves a
//! strong player would consider they notice a few, and pick the best of those. So an atari is
//! answered when the answer is among the moves noticed, a capture taken when it is seen, a
//! group let die when its saving move is missed. From 10 级 up a big group in atari is always
//! seen ([`Ranked::guards_groups`]).
//!
//! A problem is different: the pupil is shown where to look (the marked stones) and what to do.
//! Shown a problem ([`Ranked::choose_marked`]), a player notices first what is loud in the marked
//! fight ([`Salience`]): a stone to take or save, then an atari to give or a chain of two
//! liberties to lengthen, then the points around the fight's stones; quiet moves only by chance,
//! as in a game. Each rank notices each kind with its own chance ([`Ranked::sees`]): 25 级 nearly
//! always sees the capture but seldom the atari, 20 级 sees ataris, 15 级 and 10 级 more and more
//! of the points around. This is how 题海's problems are graded (`learn::tihai::grade`); in a
//! game nothing is marked and the ranks play as the ladder measured them.
//!
//! Also here, the reference a ladder is measured against at its bottom: [`beginner_move`], a
//! program that plays like a beginner who knows only captures (no network).

use crate::rules::playout::PlayoutRng;
use crate::rules::{Board, Colour, Game, Move, Point};

use super::Decision;

/// How a ranked opponent chooses among the policy's moves.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Ranked {
    /// The share of the plausible moves noticed (drawn at random) each move; at least one.
    pub share: f32,
    /// Whether an own chain of [`BIG_GROUP`] stones or more in atari is always seen (saved
    /// when it can be).
    pub guards_groups: bool,
    /// On a problem, the chance that a plausible move of each loud kind in the marked fight is
    /// noticed, by [`Salience`]: takes or saves, ataris, around the fight (quiet moves only
    /// through [`Ranked::share`]). Unused in a game.
    pub sees: [f32; 3],
}

/// How loud a move is on the board, for a player who notices the loud ones first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Salience {
    /// Captures an opponent's chain of the fight, or saves an own one in atari by lengthening it.
    TakesOrSaves = 0,
    /// Puts an opponent's chain of the fight with two liberties in atari, or lengthens an own one.
    Atari = 1,
    /// Next to (or diagonal to) a stone of the fight.
    NearAFight = 2,
    /// None of these.
    Quiet = 3,
}

/// The stones of a marked fight: the marked chains and the chains touching them, by point index.
pub struct Fight(Vec<bool>);

impl Fight {
    /// The fight around the chains through `marked` (none: no fight, nothing is loud).
    pub fn around(board: &Board, marked: &[Point]) -> Fight {
        let size = board.size();
        let mut on = vec![false; size.padded_len()];
        for &m in marked {
            if board.colour_at(m).is_none() || on[m.index()] {
                continue;
            }
            let chain = board.chain(m);
            for &s in &chain {
                on[s.index()] = true;
            }
            for &s in &chain {
                for n in size.neighbours(s) {
                    let n = Point(n as u16);
                    if board.colour_at(n).is_some() && !on[n.index()] {
                        for t in board.chain(n) {
                            on[t.index()] = true;
                        }
                    }
                }
            }
        }
        Fight(on)
    }

    fn holds(&self, p: Point) -> bool {
        self.0.get(p.index()).copied().unwrap_or(false)
    }
}

/// How loud the move of `c` at the empty point `q` is in `fight`.
pub fn salience(board: &Board, fight: &Fight, c: Colour, q: Point) -> Salience {
    let size = board.size();
    let mut loudest = Salience::Quiet;
    for n in size.neighbours(q) {
        let n = Point(n as u16);
        let Some(owner) = board.colour_at(n) else {
            continue;
        };
        if !fight.holds(n) {
            continue;
        }
        let libs = board.liberties(n).len();
        let kind = match (owner == c, libs) {
            (false, 1) => Salience::TakesOrSaves,
            (true, 1) if board.liberties_after(c, q, 2) >= 2 => Salience::TakesOrSaves,
            (false, 2) => Salience::Atari,
            (true, 2) if board.liberties_after(c, q, 3) >= 3 => Salience::Atari,
            _ => Salience::NearAFight,
        };
        loudest = loudest.min(kind);
    }
    if loudest == Salience::Quiet && diagonal_to(board, fight, q) {
        loudest = Salience::NearAFight;
    }
    loudest
}

/// Whether a diagonal neighbour of `q` is a stone of the fight.
fn diagonal_to(board: &Board, fight: &Fight, q: Point) -> bool {
    let size = board.size();
    let (x, y) = size.col_row(q);
    [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)]
        .into_iter()
        .filter_map(|(dx, dy)| size.checked_point(i32::from(x) + dx, i32::from(y) + dy))
        .any(|d| fight.holds(d))
}

impl Ranked {
    /// The move for the side to move in `game`, from the network's `priors` (legal moves,
    /// highest first, pass among them). A pass when the policy's top move is a pass, or when
    /// passing is better by the policy than the best move noticed (the game is over for it).
    pub fn choose(self, game: &Game, priors: &[(Move, f32)], rng: &mut PlayoutRng) -> Decision {
        self.choose_marked(game, priors, &[], rng)
    }

    /// [`Ranked::choose`] on a problem whose stones `marked` the player is shown: the loud moves
    /// of the fight around them are noticed first, by [`Ranked::sees`].
    pub fn choose_marked(
        self,
        game: &Game,
        priors: &[(Move, f32)],
        marked: &[Point],
        rng: &mut PlayoutRng,
    ) -> Decision {
        // A problem asks for a move: shown one, a player does not pass (the policy may, on a
        // framed board that looks finished); in a game the policy's pass ends it.
        let shown = !marked.is_empty();
        let Some(&(top, p0)) = priors.iter().find(|(m, _)| !shown || *m != Move::Pass) else {
            return Decision::Pass;
        };
        if top == Move::Pass {
            return Decision::Pass;
        }
        let board = game.board();
        let c = game.to_move();
        let pool: Vec<(Point, f32)> = priors
            .iter()
            .filter_map(|&(m, p)| match m {
                Move::Play(q) if p >= p0 * PLAUSIBLE && !board.is_eye(c, q) => Some((q, p)),
                _ => None,
            })
            .collect();
        let pass_prior = priors
            .iter()
            .find(|(m, _)| *m == Move::Pass && !shown)
            .map_or(0.0, |x| x.1);
        let noticed =
            ((self.share * pool.len() as f32).round() as usize).clamp(1, pool.len().max(1));
        let drawn = draw_best(&pool, noticed, rng);
        // In a game nothing is marked, no loud move is noticed and nothing more is drawn.
        let loud = if !shown {
            None
        } else {
            self.loud_best(board, &Fight::around(board, marked), c, &pool, rng)
        };
        let chosen = match (loud, drawn) {
            (Some(l), Some(d)) if d.1 >= l.1 => Some(d),
            (Some(l), _) => Some(l),
            (None, d) => d,
        };
        let chosen = if self.guards_groups {
            guard_big_groups(board, c, priors, chosen)
        } else {
            chosen
        };
        match chosen {
            Some((q, p)) if shown || p > pass_prior => Decision::Play(q),
            _ => Decision::Pass,
        }
    }

    /// The best (by the policy) of the loud moves of `pool` noticed this move: each is noticed
    /// with the chance [`Ranked::sees`] gives its [`Salience`].
    fn loud_best(
        self,
        board: &Board,
        fight: &Fight,
        c: Colour,
        pool: &[(Point, f32)],
        rng: &mut PlayoutRng,
    ) -> Option<(Point, f32)> {
        let mut best: Option<(Point, f32)> = None;
        for &(q, p) in pool {
            let kind = salience(board, fight, c, q);
            let Some(&chance) = self.sees.get(kind as usize) else {
                continue;
            };
            if rng.unit() < f64::from(chance) && best.is_none_or(|b| p > b.1) {
                best = Some((q, p));
            }
        }
        best
    }
}

/// A chain this large in atari is never overlooked by an opponent that guards its groups.
pub const BIG_GROUP: usize = 5;

/// Moves the policy gives less than this share of its top move are not plausible: nobody of
/// any rank considers them (first-line moves in the opening, moves inside the other's area).
const PLAUSIBLE: f32 = 0.002;

/// `n` of `pool` drawn at random without repeats, the one with the highest prior.
fn draw_best(pool: &[(Point, f32)], n: usize, rng: &mut PlayoutRng) -> Option<(Point, f32)> {
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    let mut best: Option<(Point, f32)> = None;
    for k in 0..n.min(pool.len()) {
        let j = k + rng.below((idx.len() - k) as u32) as usize;
        idx.swap(k, j);
        let cand = pool[idx[k]];
        if best.is_none_or(|b| cand.1 > b.1) {
            best = Some(cand);
        }
    }
    best
}

/// Moves that save the chain through `chain` (in atari): running out at its liberty to two
/// liberties or more, or capturing a neighbouring chain in atari.
pub fn saving_moves(board: &Board, chain: Point) -> Vec<Point> {
    let Some(c) = board.colour_at(chain) else {
        return vec![];
    };
    let Some(lib) = board.atari_liberty(chain) else {
        return vec![];
    };
    let mut out = vec![];
    if board.playout_candidate(c, lib) && board.liberties_after(c, lib, 2) >= 2 {
        out.push(lib);
    }
    let size = board.size();
    for s in board.chain(chain) {
        for n in size.neighbours(s) {
            let q = Point(n as u16);
            if board.colour_at(q) == Some(c.opponent()) {
                if let Some(l) = board.atari_liberty(q) {
                    if !out.contains(&l) && board.playout_candidate(c, l) {
                        out.push(l);
                    }
                }
            }
        }
    }
    out
}

/// The own chains of `c` with [`BIG_GROUP`] stones or more in atari, one point of each.
pub fn big_groups_in_atari(board: &Board, c: Colour) -> Vec<Point> {
    let mut seen: Vec<Point> = vec![];
    let mut out = vec![];
    for p in board.stones_of(c) {
        if seen.contains(&p) {
            continue;
        }
        let chain = board.chain(p);
        if chain.len() >= BIG_GROUP && board.atari_liberty(p).is_some() {
            out.push(p);
        }
        seen.extend(chain);
    }
    out
}

/// The chosen move, unless a big own group is in atari and the move does not save it while a
/// legal move would: then the saving move the policy likes best.
fn guard_big_groups(
    board: &Board,
    c: Colour,
    priors: &[(Move, f32)],
    chosen: Option<(Point, f32)>,
) -> Option<(Point, f32)> {
    for chain in big_groups_in_atari(board, c) {
        let saves = saving_moves(board, chain);
        if chosen.is_some_and(|(q, _)| saves.contains(&q)) {
            continue;
        }
        // Priors are highest first: the first saving move among them is the policy's choice.
        if let Some((q, p)) = priors.iter().find_map(|&(m, p)| match m {
            Move::Play(q) if saves.contains(&q) => Some((q, p.max(f32::MIN_POSITIVE))),
            _ => None,
        }) {
            return Some((q, p));
        }
    }
    chosen
}

/// The beginner-like reference (no network): captures when it can (the largest chain first),
/// runs from an atari when it sees one, otherwise plays near the last two moves (within two
/// lines), else anywhere; never fills its own eye; passes when nothing is left. It sees an
/// atari or a capture nine times in ten.
pub fn beginner_move(game: &Game, rng: &mut PlayoutRng) -> Move {
    let board = game.board();
    let c = game.to_move();
    let size = board.size();
    let legal = |q: Point| board.playout_candidate(c, q) && game.is_legal_point(c, q);
    let sees = |rng: &mut PlayoutRng| rng.below(10) < 9;
    // Captures, the largest first.
    if sees(rng) {
        let mut best: Option<(Point, usize)> = None;
        for p in board.stones_of(c.opponent()) {
            if let Some(l) = board.atari_liberty(p) {
                let n = board.chain_len(p);
                if legal(l) && best.is_none_or(|b| n > b.1) {
                    best = Some((l, n));
                }
            }
        }
        if let Some((l, _)) = best {
            return Move::Play(l);
        }
    }
    // Escapes from atari.
    if sees(rng) {
        for p in board.stones_of(c) {
            if let Some(l) = board.atari_liberty(p) {
                if legal(l) && board.liberties_after(c, l, 2) >= 2 {
                    return Move::Play(l);
                }
            }
        }
    }
    let recent: Vec<Point> = game
        .moves()
        .iter()
        .rev()
        .take(2)
        .filter_map(|m| match m.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .collect();
    let near = |q: Point| {
        let (x, y) = size.col_row(q);
        recent.iter().any(|&r| {
            let (a, b) = size.col_row(r);
            x.abs_diff(a) <= 2 && y.abs_diff(b) <= 2
        })
    };
    let empties: Vec<Point> = size
        .points()
        .filter(|&q| board.is_empty(q) && legal(q) && !board.is_self_atari(c, q))
        .collect();
    let local: Vec<Point> = empties.iter().copied().filter(|&q| near(q)).collect();
    let from = if local.is_empty() { &empties } else { &local };
    if from.is_empty() {
        return Move::Pass;
    }
    Move::Play(from[rng.below(from.len() as u32) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Level, NetworkPlay};
    use crate::rules::{BoardSize, Rules};

    /// A position from a diagram (`X` black, `O` white, `.` empty), Black to play.
    fn position(rows: &[&str]) -> Game {
        let size = BoardSize::new(rows.len() as u32).unwrap();
        let (mut black, mut white) = (vec![], vec![]);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let p = size.point(c as u8, r as u8);
                match ch {
                    'X' => black.push(p),
                    'O' => white.push(p),
                    _ => {}
                }
            }
        }
        Game::from_setup(size, Rules::chinese(), &black, &white, Colour::Black, 0)
    }

    fn at(g: &Game, v: &str) -> Point {
        g.size().parse_vertex(v).unwrap()
    }

    fn ranked(level: Level) -> Ranked {
        match level.network_play() {
            NetworkPlay::Ranked(r) => r,
            NetworkPlay::Search { .. } => panic!("{level:?} searches"),
        }
    }

    /// White's stone at E6 is in atari (its last liberty F6); White's E2 has two liberties.
    const FIGHT: [&str; 9] = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . X O . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . O O X . . . .",
        ". . . X O . . . .",
        ". . . . . . . . .",
    ];

    #[test]
    fn loudness_is_taking_then_atari_then_around_then_quiet() {
        let g = position(&FIGHT);
        let b = g.board();
        let fight = Fight::around(b, &[at(&g, "E6")]);
        let loud = |v| salience(b, &fight, Colour::Black, at(&g, v));
        assert_eq!(b.liberties(at(&g, "E6")), vec![at(&g, "F6")]);
        assert_eq!(loud("F6"), Salience::TakesOrSaves);
        // Diagonal to the fight's stones: around it.
        assert_eq!(loud("F7"), Salience::NearAFight);
        assert_eq!(loud("G5"), Salience::Quiet);
        assert_eq!(loud("A9"), Salience::Quiet);
        // The white chain at E2 is not in the marked fight: its atari is quiet here …
        assert_eq!(loud("F2"), Salience::Quiet);
        // … and loud when it is the one marked.
        let other = Fight::around(b, &[at(&g, "E2")]);
        assert_eq!(
            salience(b, &other, Colour::Black, at(&g, "F2")),
            Salience::Atari
        );
        // Nothing marked (a game): nothing is loud.
        let none = Fight::around(b, &[]);
        assert_eq!(
            salience(b, &none, Colour::Black, at(&g, "F6")),
            Salience::Quiet
        );
    }

    /// Every empty point a plausible move, the capture `take` a little above the rest.
    fn priors(g: &Game, take: Point) -> Vec<(Move, f32)> {
        let mut v: Vec<(Move, f32)> = g
            .size()
            .points()
            .filter(|&q| g.board().is_empty(q))
            .map(|q| (Move::Play(q), if q == take { 0.03 } else { 0.02 }))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1));
        v.push((Move::Pass, 0.0));
        v
    }

    #[test]
    fn shown_the_marked_stone_25_kyu_takes_it_and_in_a_game_it_mostly_does_not() {
        let g = position(&FIGHT);
        let take = at(&g, "F6");
        let p = priors(&g, take);
        let r = ranked(Level::Kyu25);
        let takes = |marked: &[Point]| {
            (0..100u64)
                .filter(|&s| {
                    let mut rng = PlayoutRng::new(s);
                    r.choose_marked(&g, &p, marked, &mut rng) == Decision::Play(take)
                })
                .count()
        };
        let shown = takes(&[at(&g, "E6")]);
        let in_a_game = takes(&[]);
        assert!(
            shown >= 80,
            "shown the problem, 25 级 took it {shown} times in 100"
        );
        assert!(
            in_a_game <= 20,
            "in a game, 25 级 took it {in_a_game} times in 100"
        );
        // In a game `choose` is `choose_marked` with nothing marked, draw for draw.
        for s in 0..20 {
            let (mut a, mut b) = (PlayoutRng::new(s), PlayoutRng::new(s));
            assert_eq!(
                r.choose(&g, &p, &mut a),
                r.choose_marked(&g, &p, &[], &mut b)
            );
            assert_eq!(a.below(1 << 30), b.below(1 << 30));
        }
    }

    #[test]
    fn shown_a_problem_a_rank_plays_even_where_the_policy_would_pass() {
        let g = position(&FIGHT);
        let mut p = priors(&g, at(&g, "F6"));
        p.pop();
        p.insert(0, (Move::Pass, 0.9));
        for level in [Level::Kyu25, Level::Kyu1] {
            let r = ranked(level);
            let mut rng = PlayoutRng::new(7);
            assert_eq!(r.choose(&g, &p, &mut rng), Decision::Pass, "{level:?}");
            let shown = r.choose_marked(&g, &p, &[at(&g, "E6")], &mut rng);
            assert!(matches!(shown, Decision::Play(_)), "{level:?}: {shown:?}");
        }
    }

    #[test]
    fn a_stronger_rank_notices_every_loud_kind_at_least_as_often() {
        let ranks: Vec<Ranked> = Level::ALL
            .into_iter()
            .filter(|l| matches!(l.network_play(), NetworkPlay::Ranked(_)))
            .map(ranked)
            .collect();
        for w in ranks.windows(2) {
            for k in 0..3 {
                assert!(w[0].sees[k] <= w[1].sees[k], "{:?} then {:?}", w[0], w[1]);
            }
            assert!(w[0].share <= w[1].share);
        }
        // And each rank notices a louder kind at least as often as a quieter one.
        for r in &ranks {
            assert!(r.sees.windows(2).all(|s| s[0] >= s[1]), "{r:?}");
        }
    }
}

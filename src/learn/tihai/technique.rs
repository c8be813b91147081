//! The techniques a line shows, recognised from the moves alone: pure functions over a line
//! played out from a position, so that a problem's sentence can name what the pupil did (or
//! what the opponent did to them) as Go players name it.
//!
//! Each recogniser looks for the shape of its technique in the line, from the side that plays
//! first (`me`):
//! - [`Technique::Snapback`] 倒扑: I give a stone, it is taken, and I take back more at once.
//! - [`Technique::Ladder`] 征子: three ataris or more in a row on one chain, each answered by a
//!   run to two liberties, then the capture.
//! - [`Technique::DoubleAtari`] 双打: one move puts two of the other's chains in atari.
//! - [`Technique::ConnectAndDie`] 接不归: a chain in atari that would join another chain by
//!   connecting and still be in atari, and is taken.
//! - [`Technique::Door`] 门吃 (关门吃): a single stone in atari with the way out closed.
//! - [`Technique::Net`] 枷吃: the first move does not touch the chain, leaves it two
//!   liberties or more, and the chain is taken all the same.
//! - [`Technique::VitalPoint`] 点眼: the first move of a kill is inside the space the group
//!   encloses.
//! - [`Technique::ThrowIn`] 扑: a stone played into atari, taken, and the chain it was next to
//!   short of liberties after (not a snapback).
//!
//! The recognisers read the line as played: they are as right as the line is. Tested on
//! positions made for each (below), and run on every shipped line by `tests/tihai.rs`.

use crate::rules::{Board, Colour, Move, Point};

/// A technique a line shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Technique {
    Snapback,
    Ladder,
    DoubleAtari,
    ConnectAndDie,
    Door,
    Net,
    VitalPoint,
    ThrowIn,
}

impl Technique {
    pub const ALL: [Technique; 8] = [
        Technique::Snapback,
        Technique::Ladder,
        Technique::DoubleAtari,
        Technique::ConnectAndDie,
        Technique::Door,
        Technique::Net,
        Technique::VitalPoint,
        Technique::ThrowIn,
    ];

    /// The name Chinese players use.
    pub fn zh(self) -> &'static str {
        match self {
            Technique::Snapback => "倒扑",
            Technique::Ladder => "征子",
            Technique::DoubleAtari => "双打",
            Technique::ConnectAndDie => "接不归",
            Technique::Door => "门吃",
            Technique::Net => "枷吃",
            Technique::VitalPoint => "点眼",
            Technique::ThrowIn => "扑",
        }
    }

    /// The name English-speaking players use.
    pub fn en(self) -> &'static str {
        match self {
            Technique::Snapback => "snapback",
            Technique::Ladder => "ladder",
            Technique::DoubleAtari => "double atari",
            Technique::ConnectAndDie => "connect and die",
            Technique::Door => "door capture",
            Technique::Net => "net",
            Technique::VitalPoint => "vital point",
            Technique::ThrowIn => "throw-in",
        }
    }

    /// The key written in files (`XT`).
    pub fn key(self) -> &'static str {
        match self {
            Technique::Snapback => "snapback",
            Technique::Ladder => "ladder",
            Technique::DoubleAtari => "double-atari",
            Technique::ConnectAndDie => "connect-and-die",
            Technique::Door => "door",
            Technique::Net => "net",
            Technique::VitalPoint => "vital-point",
            Technique::ThrowIn => "throw-in",
        }
    }

    pub fn from_key(s: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.key() == s)
    }
}

/// One move of a line as it was played.
#[derive(Clone, Debug)]
pub struct Step {
    pub colour: Colour,
    pub mv: Move,
    /// The board before the move.
    pub before: Board,
    /// The board after it.
    pub after: Board,
    /// The other side's stones it took.
    pub captured: Vec<Point>,
}

impl Step {
    fn point(&self) -> Option<Point> {
        match self.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// The other side's chains next to the move left in atari by it (one point of each).
    fn ataris(&self) -> Vec<Point> {
        let Some(p) = self.point() else {
            return vec![];
        };
        let b = &self.after;
        let mut out: Vec<Point> = Vec::new();
        for q in b.chains_next_to(p, self.colour.opponent()) {
            let h = b.chain_id(q);
            if b.atari_liberty(h).is_some() && !out.iter().any(|&o| b.chain_id(o) == h) {
                out.push(h);
            }
        }
        out
    }
}

/// The line played out from `board`: `first` by `me`, then `rest` alternating from the other
/// side (passes included). Stops at a move the board refuses (a line is the reader's, legal).
pub fn play_out(board: &Board, me: Colour, first: Move, rest: &[Move]) -> Vec<Step> {
    let mut b = board.clone();
    let mut out = Vec::new();
    let mut c = me;
    for &mv in std::iter::once(&first).chain(rest) {
        let before = b.clone();
        let mut captured = Vec::new();
        if let Move::Play(p) = mv {
            if !b.is_empty(p) || b.is_suicide(c, p) {
                break;
            }
            let theirs: Vec<Point> = b.stones_of(c.opponent());
            b.play_unchecked(c, p);
            captured = theirs.into_iter().filter(|&q| b.is_empty(q)).collect();
        } else {
            b.clear_ko();
        }
        out.push(Step {
            colour: c,
            mv,
            before,
            after: b.clone(),
            captured,
        });
        c = c.opponent();
    }
    out
}

/// 倒扑: a move of `me` whose stone is taken at once, then `me` takes back more stones than
/// it gave, the taking stone among them. The stones given and taken back.
pub fn snapback(line: &[Step], me: Colour) -> Option<(usize, usize)> {
    for w in line.windows(3) {
        let (give, take, back) = (&w[0], &w[1], &w[2]);
        if give.colour != me {
            continue;
        }
        let (Some(p), Some(t)) = (give.point(), take.point()) else {
            continue;
        };
        if !take.captured.contains(&p) || back.captured.len() <= take.captured.len() {
            continue;
        }
        if back.captured.contains(&t) {
            return Some((take.captured.len(), back.captured.len()));
        }
    }
    None
}

/// 征子: three ataris or more by `me` in a row on the same chain, each answered by a run out of
/// atari to exactly two liberties. The number of ataris.
pub fn ladder(line: &[Step], me: Colour) -> Option<usize> {
    let mut best = 0;
    let mut run = 0;
    let mut i = 0;
    while i < line.len() {
        let s = &line[i];
        if s.colour != me {
            i += 1;
            continue;
        }
        let ataris = s.ataris();
        let answered = line.get(i + 1).is_some_and(|r| {
            r.point().is_some_and(|q| {
                ataris.iter().any(|&a| s.after.atari_liberty(a) == Some(q))
                    && r.after.liberties(q).len() == 2
            })
        });
        if ataris.len() == 1 && answered {
            run += 1;
        } else if ataris.len() == 1 && run >= 2 {
            // The last atari of the ladder: the run ends where it is taken.
            run += 1;
            best = best.max(run);
            run = 0;
        } else {
            best = best.max(run);
            run = 0;
        }
        i += 2;
    }
    best = best.max(run);
    (best >= 3).then_some(best)
}

/// 双打: a move of `me` that puts two of the other's chains in atari at once.
pub fn double_atari(line: &[Step], me: Colour) -> bool {
    line.iter()
        .filter(|s| s.colour == me)
        .any(|s| s.ataris().len() >= 2)
}

/// A chain of the other's put in atari by `me` which connecting at its liberty would leave in
/// atari still, and which `me` then takes: (its stones, whether connecting joins another chain).
fn no_way_out(line: &[Step], me: Colour) -> Option<(usize, bool)> {
    for (i, s) in line.iter().enumerate() {
        if s.colour != me {
            continue;
        }
        for a in s.ataris() {
            let b = &s.after;
            let Some(q) = b.atari_liberty(a) else {
                continue;
            };
            let them = me.opponent();
            if b.liberties_after(them, q, 2) >= 2 {
                continue;
            }
            // Taken later in the line.
            let stones = b.chain(a);
            let taken = line[i + 1..]
                .iter()
                .any(|t| t.colour == me && stones.iter().all(|x| t.captured.contains(x)));
            if !taken {
                continue;
            }
            let mut heads: Vec<Point> = b
                .chains_next_to(q, them)
                .into_iter()
                .map(|x| b.chain_id(x))
                .collect();
            heads.sort();
            heads.dedup();
            let joins = heads.len() >= 2;
            return Some((stones.len(), joins));
        }
    }
    None
}

/// 接不归: a chain in atari whose connecting move would join it to another chain and leave
/// them all in atari (or without a liberty), and which is taken.
pub fn connect_and_die(line: &[Step], me: Colour) -> bool {
    no_way_out(line, me).is_some_and(|(_, joins)| joins)
}

/// 门吃: a single stone in atari whose way out is closed, and taken.
pub fn door(line: &[Step], me: Colour) -> bool {
    no_way_out(line, me).is_some_and(|(n, joins)| n == 1 && !joins)
}

/// 枷吃: `me`'s first move touches neither the target chain nor its liberties, leaves it two
/// liberties or more, and the target is taken in the line.
pub fn net(line: &[Step], me: Colour, target: Point) -> bool {
    let Some(first) = line.first() else {
        return false;
    };
    let Some(p) = first.point() else {
        return false;
    };
    if first.colour != me || first.before.colour_at(target) != Some(me.opponent()) {
        return false;
    }
    let size = first.before.size();
    let chain = first.before.chain(target);
    let libs = first.before.liberties(target);
    let touches = size.neighbours(p).iter().any(|&n| {
        let q = Point(n as u16);
        chain.contains(&q)
    });
    let after_libs = first.after.liberties(target).len();
    let taken = line
        .iter()
        .any(|s| s.colour == me && s.captured.contains(&target));
    !touches && !libs.contains(&p) && after_libs >= 2 && taken
}

/// 点眼: `me`'s first move is inside a space the other side's stones enclose (at most
/// `max_space` points, none of `me`'s stones around it).
pub fn vital_point(line: &[Step], me: Colour, max_space: usize) -> bool {
    let Some(first) = line.first() else {
        return false;
    };
    let Some(p) = first.point() else {
        return false;
    };
    let b = &first.before;
    let size = b.size();
    let them = me.opponent();
    // The space of points without their stones around p.
    let mut space = vec![p];
    let mut i = 0;
    while i < space.len() {
        let q = space[i];
        i += 1;
        for n in size.neighbours(q) {
            let m = Point(n as u16);
            if size.contains(m) && b.colour_at(m) != Some(them) && !space.contains(&m) {
                space.push(m);
                if space.len() > max_space {
                    return false;
                }
            }
        }
    }
    space.len() >= 3 && space.iter().all(|&q| b.colour_at(q) != Some(me))
}

/// 扑: a stone of `me` played into atari and taken at once, not a snapback.
pub fn throw_in(line: &[Step], me: Colour) -> bool {
    if snapback(line, me).is_some() {
        return false;
    }
    line.windows(2).any(|w| {
        w[0].colour == me
            && w[0].point().is_some_and(|p| {
                w[0].after.colour_at(p) == Some(me)
                    && w[0].after.atari_liberty(p).is_some()
                    && w[1].captured.contains(&p)
            })
    })
}

/// The technique a line shows, the most telling first: snapback, ladder, connect and die,
/// door, double atari, net, vital point, throw-in.
pub fn recognise(
    line: &[Step],
    me: Colour,
    target: Option<Point>,
    kill: bool,
) -> Option<Technique> {
    if snapback(line, me).is_some() {
        return Some(Technique::Snapback);
    }
    if ladder(line, me).is_some() {
        return Some(Technique::Ladder);
    }
    if connect_and_die(line, me) {
        return Some(Technique::ConnectAndDie);
    }
    if double_atari(line, me) {
        return Some(Technique::DoubleAtari);
    }
    if door(line, me) {
        return Some(Technique::Door);
    }
    if target.is_some_and(|t| net(line, me, t)) {
        return Some(Technique::Net);
    }
    if kill && vital_point(line, me, super::scan::MAX_EYE_SPACE) {
        return Some(Technique::VitalPoint);
    }
    if throw_in(line, me) {
        return Some(Technique::ThrowIn);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tihai::board;

    /// The line of the vertices `moves` (`pass` too), Black first.
    fn line(b: &Board, moves: &str) -> Vec<Step> {
        let size = b.size();
        let mv: Vec<Move> = moves
            .split_whitespace()
            .map(|v| match v {
                "pass" => Move::Pass,
                v => Move::Play(size.parse_vertex(v).unwrap()),
            })
            .collect();
        let l = play_out(b, Colour::Black, mv[0], &mv[1..]);
        assert_eq!(l.len(), mv.len(), "every move of {moves} is legal");
        l
    }

    #[test]
    fn a_snapback_is_a_stone_given_and_more_taken_back() {
        // White's A2 B2 C2 C1 has two liberties, A1 and B1. Black B1 is taken by White A1,
        // which leaves White's five stones one liberty, B1: Black takes them back.
        let b = board(&[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            "X X X X . .",
            "O O O X . .",
            ". . O X . .",
        ]);
        let l = line(&b, "B1 A1 B1");
        assert_eq!(snapback(&l, Colour::Black), Some((1, 5)));
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::Snapback)
        );
        assert!(
            !throw_in(&l, Colour::Black),
            "a snapback is not named a throw-in"
        );
        // Taking back no more than was given is no snapback.
        let l = line(&b, "B1 A1 pass");
        assert_eq!(snapback(&l, Colour::Black), None);
    }

    #[test]
    fn a_ladder_is_a_run_of_ataris_answered_by_running() {
        // White D3 is in atari at E3; it runs along the second line and is taken on the first.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . X X X .",
            ". . X O . . .",
            ". . . X . . .",
            ". . . . . . .",
        ]);
        let l = line(&b, "pass E3 F3 E2 F2 E1 F1 D1 C1");
        assert_eq!(ladder(&l, Colour::Black), Some(3));
        assert_eq!(l.last().unwrap().captured.len(), 5);
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::Ladder)
        );
        // One atari answered is no ladder.
        let short = line(&b, "pass E3 F3 E2");
        assert_eq!(ladder(&short, Colour::Black), None);
        assert_eq!(recognise(&short, Colour::Black, None, false), None);
    }

    #[test]
    fn a_double_atari_is_two_chains_in_atari_at_once() {
        // White C4 (liberties C5, D4) and E4 (E5, D4): Black D4 puts both in atari.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". X O . O X .",
            ". . X . X . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let l = line(&b, "D4");
        assert!(double_atari(&l, Colour::Black));
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::DoubleAtari)
        );
        let one = line(&b, "C5");
        assert!(!double_atari(&one, Colour::Black));
    }

    #[test]
    fn connect_and_die_and_the_door() {
        // White B3 C3 C2 D2 has liberties D3 and D1; White E3 is in atari at D3. After Black
        // D1, White connecting at D3 joins the two chains with no liberty left: Black takes
        // all five stones.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". X X X X . .",
            "X O O . O X .",
            ". X O O X . .",
            ". . X . . . .",
        ]);
        let l = line(&b, "D1 pass D3");
        assert_eq!(l[2].captured.len(), 5);
        assert!(connect_and_die(&l, Colour::Black));
        assert!(!door(&l, Colour::Black));
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::ConnectAndDie)
        );
        // Three stones in atari that cannot run, with nothing to connect to: neither.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X . . .",
            "X O O . X . .",
            ". X O . X . .",
        ]);
        let l = line(&b, "D1 pass D2");
        assert!(!connect_and_die(&l, Colour::Black) && !door(&l, Colour::Black));
        // A lone White C3 (liberties D3, C2): after Black C2 the way out at D3 is closed.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . X X . . .",
            ". X O . X . .",
            ". . . X . . .",
            ". . . . . . .",
        ]);
        let l = line(&b, "C2 pass D3");
        assert!(door(&l, Colour::Black));
        assert!(!connect_and_die(&l, Colour::Black));
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::Door)
        );
        // An atari the stone runs out of is neither.
        let open = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . X . . . .",
            ". X O . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let l = line(&open, "C2 D3");
        assert!(!door(&l, Colour::Black) && !connect_and_die(&l, Colour::Black));
    }

    #[test]
    fn a_net_takes_without_touching_first() {
        // White C4 (liberties D4, C3): Black D3 touches neither the stone nor its liberties
        // and leaves it two; the line then takes it.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . X . . . .",
            ". X O . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let target = b.size().parse_vertex("C4").unwrap();
        let l = line(&b, "D3 pass C3 pass D4");
        assert!(net(&l, Colour::Black, target));
        assert_eq!(
            recognise(&l, Colour::Black, Some(target), false),
            Some(Technique::Net)
        );
        // An atari first is no net, nor a net the stone gets out of.
        let atari = line(&b, "C3 pass D4");
        assert!(!net(&atari, Colour::Black, target));
        let out = line(&b, "D3 D4");
        assert!(!net(&out, Colour::Black, target));
    }

    #[test]
    fn the_vital_point_is_inside_the_space() {
        // White's straight three A7 B7 C7: B7 is its vital point.
        let b = board(&[
            ". . . O X . .",
            "O O O O X . .",
            "X X X X X . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let l = line(&b, "B7");
        assert!(vital_point(&l, Colour::Black, 10));
        assert_eq!(
            recognise(&l, Colour::Black, None, true),
            Some(Technique::VitalPoint)
        );
        // Only a kill names it.
        assert_eq!(recognise(&l, Colour::Black, None, false), None);
        let outside = line(&b, "F5");
        assert!(!vital_point(&outside, Colour::Black, 10));
    }

    #[test]
    fn a_throw_in_is_a_stone_given_into_atari() {
        // Black B1 has one liberty, A1, where White takes it; nothing is taken back.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X . . .",
            "O O O . X . .",
            ". . O X . . .",
        ]);
        let l = line(&b, "B1 A1");
        assert!(throw_in(&l, Colour::Black));
        assert_eq!(snapback(&l, Colour::Black), None);
        assert_eq!(
            recognise(&l, Colour::Black, None, false),
            Some(Technique::ThrowIn)
        );
        let not = line(&b, "D2 pass");
        assert!(!throw_in(&not, Colour::Black));
    }

    #[test]
    fn every_technique_has_names_and_a_key() {
        for t in Technique::ALL {
            assert_eq!(Technique::from_key(t.key()), Some(t));
            assert!(!t.zh().is_empty() && t.en().is_ascii());
        }
    }
}

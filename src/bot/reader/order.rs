//! The moves of a node, best first. Only the order comes from Go knowledge: every empty point
//! of the region that is not a forbidden point (总则 第五条) is tried, so no proof rests on it.
//! First the liberties of the chains fought over (an atari before a quiet one), the captures
//! that give a chain under attack liberties, then moves that keep liberties, and in a life and
//! death fight the points with many empty neighbours (the vital point of 直三, 弯三, 丁四,
//! 刀五, 花五, 花六 touches the most of its eye space); self-ataris last, nearer points first.

use super::judge::{Aim, Spec};
use crate::rules::{Board, Colour, Point};

/// A chain fought over, seen from the side to move.
struct Chain {
    at: Point,
    own: bool,
    libs: Vec<Point>,
    /// Where the side to move takes an opponent chain next to it that is in atari (own chains).
    rescues: Vec<Point>,
}

fn chain(b: &Board, at: Point, c: Colour) -> Chain {
    let own = b.colour_at(at) == Some(c);
    let mut rescues = Vec::new();
    if own {
        for s in b.chain(at) {
            for n in b.size().neighbours(s) {
                let q = Point(n as u16);
                if b.colour_at(q) == Some(c.opponent()) {
                    if let Some(l) = b.atari_liberty(q) {
                        rescues.push(l);
                    }
                }
            }
        }
    }
    Chain {
        at,
        own,
        libs: b.liberties(at),
        rescues,
    }
}

fn distance(b: &Board, p: Point, q: Point) -> i32 {
    let (pc, pr) = b.size().col_row(p);
    let (qc, qr) = b.size().col_row(q);
    (pc as i32 - qc as i32).abs() + (pr as i32 - qr as i32).abs()
}

/// The legal points of `c` in the region by the board alone (empty, not forbidden), best first.
pub(super) fn moves(spec: &Spec, b: &Board, c: Colour) -> Vec<Point> {
    let chains: Vec<Chain> = std::iter::once(spec.target)
        .chain(spec.ours)
        .chain(spec.also)
        .filter(|&p| b.colour_at(p).is_some())
        .map(|p| chain(b, p, c))
        .collect();
    let eyes = matches!(spec.aim, Aim::Kill | Aim::Live);
    let mut scored: Vec<(i32, Point)> = spec
        .points
        .iter()
        .copied()
        .filter(|&p| b.is_empty(p) && !b.is_suicide(c, p))
        .map(|p| {
            let mut s = 0;
            let mut near = i32::MAX;
            for ch in &chains {
                if ch.libs.contains(&p) {
                    s += 100;
                    if !ch.own && ch.libs.len() == 2 {
                        s += 60;
                    }
                }
                if ch.rescues.contains(&p) {
                    s += 200;
                }
                near = near.min(distance(b, p, ch.at));
            }
            if b.captures_any(c, p) {
                s += 50;
            }
            let libs = b.liberties_after(c, p, 3) as i32;
            s += if libs <= 1 { -60 } else { 10 * libs };
            if eyes {
                let empty = b
                    .size()
                    .neighbours(p)
                    .iter()
                    .filter(|&&n| {
                        let q = Point(n as u16);
                        b.is_empty(q) && spec.region.contains(q)
                    })
                    .count() as i32;
                s += 15 * empty;
            }
            (s - 3 * near.min(20), p)
        })
        .collect();
    // Ties by point, so that the order and hence the lines are the same every run.
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    scored.into_iter().map(|(_, p)| p).collect()
}

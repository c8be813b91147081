//! Who owns each point as the network's area planes see it: Benson's pass-alive chains and the
//! regions they enclose, then every other stone as its own colour and every empty region that
//! touches one colour only as that colour (KataGo's `calculateArea` with non-pass-alive stones
//! and safe and unsafe big territories on, the same definition written again).
//!
//! For each colour, a *region* is a maximal connected set of points that are empty or hold an
//! opponent stone, grown from an empty point. A region is *vital* to a chain of the colour when
//! every empty point of the region touches that chain (suicide being forbidden, 总则 第五条,
//! occupied points do not count). Chains with fewer than two vital regions die, and regions
//! touching a dead chain stop being vital, until nothing changes.

use crate::rules::point::ARRAY_LEN;
use crate::rules::{Board, Colour, Point};

/// Owner of every padded index (`None` for no one and off the board).
pub fn area(board: &Board) -> Vec<Option<Colour>> {
    let mut owner = vec![None; ARRAY_LEN];
    for c in [Colour::Black, Colour::White] {
        mark(board, c, &mut owner);
    }
    for p in board.size().points() {
        if owner[p.index()].is_none() {
            owner[p.index()] = board.colour_at(p);
        }
    }
    owner
}

/// The chains of `c` that are pass-alive (Benson: alive however many moves the opponent makes in
/// a row), as the points of their stones.
pub fn pass_alive(board: &Board, c: Colour) -> Vec<Point> {
    let mut owner = vec![None; ARRAY_LEN];
    mark(board, c, &mut owner)
        .into_iter()
        .flat_map(|h| board.chain(h))
        .collect()
}

struct Region {
    points: Vec<Point>,
    /// Chains (by head) every empty point of the region touches.
    vital_for: Vec<Point>,
    /// Whether the region has at least two points (empty or opponent) touching no own stone.
    internal: u8,
    has_opponent: bool,
    touches_dead: bool,
}

/// Marks what `c` owns by Benson's algorithm and the regions it encloses; returns the heads of
/// its pass-alive chains.
fn mark(board: &Board, c: Colour, owner: &mut [Option<Colour>]) -> Vec<Point> {
    let size = board.size();
    let opp = c.opponent();
    let mut region_of = vec![usize::MAX; ARRAY_LEN];
    let mut regions: Vec<Region> = Vec::new();
    let mut any_own = false;
    let touches_own = |p: Point| {
        size.neighbours(p)
            .iter()
            .any(|&n| board.colour_at(Point(n as u16)) == Some(c))
    };
    let touches_head = |p: Point, head: Point| {
        size.neighbours(p).iter().any(|&n| {
            let q = Point(n as u16);
            board.colour_at(q) == Some(c) && board.chain_id(q) == head
        })
    };
    for p in size.points() {
        if region_of[p.index()] != usize::MAX {
            continue;
        }
        if let Some(col) = board.colour_at(p) {
            any_own |= col == c;
            continue;
        }
        let idx = regions.len();
        let mut vital_for: Vec<Point> = Vec::new();
        for n in size.neighbours(p) {
            let q = Point(n as u16);
            if board.colour_at(q) == Some(c) {
                let h = board.chain_id(q);
                if !vital_for.contains(&h) {
                    vital_for.push(h);
                }
            }
        }
        let mut r = Region {
            points: Vec::new(),
            vital_for,
            internal: 0,
            has_opponent: false,
            touches_dead: false,
        };
        let mut queue = vec![p];
        region_of[p.index()] = idx;
        let mut head = 0;
        while head < queue.len() {
            let q = queue[head];
            head += 1;
            let here = board.colour_at(q);
            if here.is_none() && !r.vital_for.is_empty() {
                r.vital_for.retain(|&h| touches_head(q, h));
            }
            if r.internal < 2 && !touches_own(q) {
                r.internal += 1;
            }
            r.has_opponent |= here == Some(opp);
            r.points.push(q);
            for n in size.neighbours(q) {
                let m = Point(n as u16);
                if board.on_board(m) && board.colour_at(m) != Some(c) && region_of[n] == usize::MAX
                {
                    region_of[n] = idx;
                    queue.push(m);
                }
            }
        }
        regions.push(r);
    }

    // Benson's iteration over the chains of `c`.
    let heads: Vec<Point> = {
        let mut hs: Vec<Point> = board
            .stones_of(c)
            .into_iter()
            .map(|p| board.chain_id(p))
            .collect();
        hs.sort_by_key(|p| p.index());
        hs.dedup();
        hs
    };
    let mut vital_count = vec![0u32; ARRAY_LEN];
    for r in &regions {
        for h in &r.vital_for {
            vital_count[h.index()] += 1;
        }
    }
    let mut dead = vec![false; heads.len()];
    loop {
        let mut killed = false;
        for (i, &h) in heads.iter().enumerate() {
            if dead[i] || vital_count[h.index()] >= 2 {
                continue;
            }
            dead[i] = true;
            killed = true;
            for s in board.chain(h) {
                for n in size.neighbours(s) {
                    let ri = region_of[n];
                    if ri == usize::MAX || regions[ri].touches_dead {
                        continue;
                    }
                    regions[ri].touches_dead = true;
                    for v in regions[ri].vital_for.clone() {
                        vital_count[v.index()] -= 1;
                    }
                }
            }
        }
        if !killed {
            break;
        }
    }
    let mut alive = Vec::new();
    for (i, &h) in heads.iter().enumerate() {
        if !dead[i] {
            alive.push(h);
            for s in board.chain(h) {
                owner[s.index()] = Some(c);
            }
        }
    }
    for r in &regions {
        let safe = any_own && !r.touches_dead && (r.internal <= 1 || !r.has_opponent);
        if safe {
            for q in &r.points {
                owner[q.index()] = Some(c);
            }
        } else if any_own && !r.has_opponent {
            for q in &r.points {
                if owner[q.index()].is_none() {
                    owner[q.index()] = Some(c);
                }
            }
        }
    }
    alive
}

//! Counting by area (数子法, 总则 第九条) and results in both notations.
//!
//! Dead stones are taken off first; each side then counts its living stones and the empty points
//! they alone surround; empty points between both sides' living stones are shared half each
//! (第九条), and after both sides declared the end, points still open are treated as seki
//! (裁判法 第十二条二: 按双活处理). On 19×19 the baseline is 180½; black, giving 3¾ 子, wins with
//! more than 184¼. One 子 is two points, so a margin of 1.5 points is ¾ 子.
//!
//! Everything is kept in half points (integers), so no float takes part in a decision.

use std::fmt;

use super::board::Board;
use super::colour::{Colour, Stone};
use super::playout::{final_owner, playout, PlayoutRng};
use super::point::{Point, ARRAY_LEN};
use super::rules::{half_points_string, halves_string, quarters_string, stones_words};

/// A set of points marked dead (a bitset over the padded board).
#[derive(Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct DeadStones(Vec<u64>);

impl DeadStones {
    pub fn new() -> DeadStones {
        DeadStones(vec![0; ARRAY_LEN.div_ceil(64)])
    }

    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    pub fn set(&mut self, p: Point, dead: bool) {
        if self.0.is_empty() {
            *self = DeadStones::new();
        }
        let i = p.index();
        if dead {
            self.0[i / 64] |= 1 << (i % 64);
        } else {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The marked points, in index order.
    pub fn points(&self) -> Vec<Point> {
        (0..self.0.len() * 64)
            .map(|i| Point(i as u16))
            .filter(|&p| self.contains(p))
            .collect()
    }
}

/// Who a point belongs to in the count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Territory {
    Black,
    White,
    /// Between both sides' living stones: half to each (第九条, 裁判法 第十二条二).
    Shared,
}

/// The count of a position with some stones marked dead.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AreaCount {
    /// Black's living stones plus surrounded points, in half points (shared points give 1).
    pub black_half: u32,
    pub white_half: u32,
    /// Per padded index: who owns the point (meaningful on board points only).
    pub owner: Vec<Territory>,
}

impl AreaCount {
    pub fn owner_of(&self, p: Point) -> Territory {
        self.owner[p.index()]
    }

    /// Black's count in 子 the Chinese way, e.g. `184又1/2`.
    pub fn black_zi(&self) -> String {
        halves_string(self.black_half)
    }

    pub fn white_zi(&self) -> String {
        halves_string(self.white_half)
    }
}

/// Counts the board after taking off the `dead` stones (总则 第九条).
pub fn count_area(board: &Board, dead: &DeadStones) -> AreaCount {
    let size = board.size();
    let mut b = board.clone();
    for p in dead.points() {
        if size.contains(p) {
            b.remove_chain_at(p);
        }
    }
    let mut owner = vec![Territory::Shared; ARRAY_LEN];
    let mut seen = vec![false; ARRAY_LEN];
    let (mut black, mut white) = (0u32, 0u32);
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for p in size.points() {
        match b.stone(p) {
            Stone::Black => {
                owner[p.index()] = Territory::Black;
                black += 2;
            }
            Stone::White => {
                owner[p.index()] = Territory::White;
                white += 2;
            }
            Stone::Empty if !seen[p.index()] => {
                // Flood the empty region and see which colours it touches.
                let (mut touches_black, mut touches_white) = (false, false);
                region.clear();
                stack.push(p);
                seen[p.index()] = true;
                while let Some(q) = stack.pop() {
                    region.push(q);
                    for n in size.neighbours(q) {
                        let np = Point(n as u16);
                        if !size.contains(np) {
                            continue;
                        }
                        match b.stone(np) {
                            Stone::Black => touches_black = true,
                            Stone::White => touches_white = true,
                            Stone::Empty if !seen[n] => {
                                seen[n] = true;
                                stack.push(np);
                            }
                            Stone::Empty => {}
                        }
                    }
                }
                let t = match (touches_black, touches_white) {
                    (true, false) => Territory::Black,
                    (false, true) => Territory::White,
                    _ => Territory::Shared,
                };
                let n = region.len() as u32;
                match t {
                    Territory::Black => black += 2 * n,
                    Territory::White => white += 2 * n,
                    Territory::Shared => {
                        black += n;
                        white += n;
                    }
                }
                for &q in &region {
                    owner[q.index()] = t;
                }
            }
            Stone::Empty => {}
        }
    }
    AreaCount {
        black_half: black,
        white_half: white,
        owner,
    }
}

/// Chains of `c` that are unconditionally alive (pass-alive) by Benson's algorithm: no sequence
/// of opponent moves can capture them even if `c` always passes. Returns a per-index flag.
pub fn pass_alive(board: &Board, c: Colour) -> Vec<bool> {
    let size = board.size();
    // Regions: connected sets of points that are not `c` stones.
    let mut region_of = vec![usize::MAX; ARRAY_LEN];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for p in size.points() {
        if board.colour_at(p) == Some(c) || region_of[p.index()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![p];
        region_of[p.index()] = id;
        let mut k = 0;
        while k < pts.len() {
            let q = pts[k];
            k += 1;
            for n in size.neighbours(q) {
                let np = Point(n as u16);
                if size.contains(np) && board.colour_at(np) != Some(c) && region_of[n] == usize::MAX
                {
                    region_of[n] = id;
                    pts.push(np);
                }
            }
        }
        regions.push(pts);
    }
    // Chains of `c`, by head, and for each region its bordering chains.
    let mut chain_alive = vec![false; ARRAY_LEN];
    let mut heads = Vec::new();
    for p in size.points() {
        if board.colour_at(p) == Some(c) && board.chain_id(p) == p {
            chain_alive[p.index()] = true;
            heads.push(p);
        }
    }
    let borders: Vec<Vec<Point>> = regions
        .iter()
        .map(|pts| {
            // Each chain once (a set kept as a list: a region borders few chains, and no
            // sort's code in the app shell for it).
            let mut v: Vec<Point> = Vec::new();
            for n in pts.iter().flat_map(|&q| size.neighbours(q)) {
                let n = Point(n as u16);
                if size.contains(n) && board.colour_at(n) == Some(c) {
                    let head = board.chain_id(n);
                    if !v.contains(&head) {
                        v.push(head);
                    }
                }
            }
            v
        })
        .collect();
    // A region is vital to a chain when each of its empty points is a liberty of the chain.
    let vital = |r: usize, head: Point| -> bool {
        regions[r].iter().filter(|&&q| board.is_empty(q)).all(|&q| {
            size.neighbours(q).into_iter().any(|n| {
                let np = Point(n as u16);
                size.contains(np) && board.colour_at(np) == Some(c) && board.chain_id(np) == head
            })
        })
    };
    let mut region_healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for &h in &heads {
            if !chain_alive[h.index()] {
                continue;
            }
            let vital_count = (0..regions.len())
                .filter(|&r| region_healthy[r] && borders[r].contains(&h) && vital(r, h))
                .count();
            if vital_count < 2 {
                chain_alive[h.index()] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_healthy[r] && borders[r].iter().any(|h| !chain_alive[h.index()]) {
                region_healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = vec![false; ARRAY_LEN];
    for p in size.points() {
        if board.colour_at(p) == Some(c) && chain_alive[board.chain_id(p).index()] {
            alive[p.index()] = true;
        }
    }
    alive
}

/// The engine's suggestion of dead stones at the end of play: chains that random playouts
/// (`playouts` of them, from `seed`) mostly lose, except pass-alive chains (Benson).
pub fn suggest_dead(board: &Board, to_move: Colour, seed: u64, playouts: u32) -> DeadStones {
    let size = board.size();
    let alive = [
        pass_alive(board, Colour::Black),
        pass_alive(board, Colour::White),
    ];
    let mut own = vec![0u32; ARRAY_LEN];
    let mut rng = PlayoutRng::new(seed);
    let max_moves = 3 * size.area() as usize + 50;
    for _ in 0..playouts {
        let mut b = board.clone();
        playout(&mut b, to_move, &mut rng, max_moves);
        for p in size.points() {
            if let Some(c) = board.colour_at(p) {
                if final_owner(&b, p) == Some(c) {
                    own[p.index()] += 1;
                }
            }
        }
    }
    let mut dead = DeadStones::new();
    let mut done = vec![false; ARRAY_LEN];
    for p in size.points() {
        let Some(c) = board.colour_at(p) else {
            continue;
        };
        let head = board.chain_id(p);
        if done[head.index()] {
            continue;
        }
        done[head.index()] = true;
        if alive[c.index()][p.index()] {
            continue;
        }
        let chain = board.chain(p);
        let kept: u64 = chain.iter().map(|q| own[q.index()] as u64).sum();
        // Dead when the chain survives in fewer than 30 % of the playouts.
        if kept * 10 < 3 * playouts as u64 * chain.len() as u64 {
            for q in chain {
                dead.set(q, true);
            }
        }
    }
    dead
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// Counted (总则 第九条): both sides' areas in half points and what white receives.
    Score {
        black_half: u32,
        white_half: u32,
        komi_half: i32,
    },
    /// 中盘胜: the other side resigned (总则 第七条二).
    Resignation { winner: Colour },
    /// 超时判负: the other side ran out of time (裁判法 第二十三条五).
    Time { winner: Colour },
    /// 判负: the other side was declared lost (a second warning, a forfeit).
    Forfeit { winner: Colour },
    /// 和棋 by verdict (e.g. triple ko, 裁判法 第十一条三).
    Draw,
    /// No result / 重下 (replay).
    Void,
    /// 吃子棋: `winner` reached the rules' capture goal first, with `stones` captured in all.
    Capture { winner: Colour, stones: u32 },
}

impl GameResult {
    /// Black's margin over white in half points after komi (positive: black ahead).
    pub fn margin_half(&self) -> Option<i64> {
        match *self {
            GameResult::Score {
                black_half,
                white_half,
                komi_half,
            } => Some(black_half as i64 - white_half as i64 - komi_half as i64),
            _ => None,
        }
    }

    /// The winner; `None` for a draw or no result.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            GameResult::Score { .. } => match self.margin_half() {
                Some(m) if m > 0 => Some(Colour::Black),
                Some(m) if m < 0 => Some(Colour::White),
                _ => None,
            },
            GameResult::Resignation { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner }
            | GameResult::Capture { winner, .. } => Some(winner),
            GameResult::Draw | GameResult::Void => None,
        }
    }

    /// The SGF `RE` value: `B+2.5`, `W+R`, `B+T`, `W+F`, `0`, `Void`.
    pub fn sgf(&self) -> String {
        let w = self.winner().map(|c| c.letter());
        match (self, w) {
            (GameResult::Void, _) => "Void".into(),
            (_, None) => "0".into(),
            (GameResult::Score { .. }, Some(w)) => {
                format!(
                    "{w}+{}",
                    half_points_string(self.margin_half().unwrap_or(0).unsigned_abs() as i32)
                )
            }
            (GameResult::Resignation { .. }, Some(w)) => format!("{w}+R"),
            (GameResult::Time { .. }, Some(w)) => format!("{w}+T"),
            (GameResult::Forfeit { .. }, Some(w)) => format!("{w}+F"),
            // SGF has no code for it: a win without a margin (the rules are in RU).
            (GameResult::Capture { .. }, Some(w)) => format!("{w}+"),
            (GameResult::Draw, Some(_)) => "0".into(),
        }
    }

    /// The Chinese notation: 黑胜3/4子, 白胜1又1/4子, 和棋, 黑中盘胜, 黑超时负，白胜 (a time-out names
    /// the side that ran out, as the referee says it: 超时判负), 黑胜（白判负）.
    pub fn chinese(&self) -> String {
        let w = self.winner();
        match (self, w) {
            (GameResult::Void, _) => "无胜负".into(),
            (_, None) => "和棋".into(),
            (GameResult::Score { .. }, Some(w)) => {
                let q = self.margin_half().unwrap_or(0).unsigned_abs() as i32;
                format!("{}胜{}子", w.hanzi(), quarters_string(q))
            }
            (GameResult::Resignation { .. }, Some(w)) => format!("{}中盘胜", w.hanzi()),
            (GameResult::Time { .. }, Some(w)) => {
                format!("{}超时负，{}胜", w.opponent().hanzi(), w.hanzi())
            }
            (GameResult::Forfeit { .. }, Some(w)) => {
                format!("{}胜（{}判负）", w.hanzi(), w.opponent().hanzi())
            }
            (GameResult::Capture { stones, .. }, Some(w)) => {
                format!("{}吃子胜（提{stones}子）", w.hanzi())
            }
            (GameResult::Draw, Some(_)) => "和棋".into(),
        }
    }

    /// The result in English words.
    pub fn english(&self) -> String {
        let w = self.winner();
        let name = |c: Colour| if c == Colour::Black { "Black" } else { "White" };
        match (self, w) {
            (GameResult::Void, _) => "No result".into(),
            (_, None) => "Draw (jigo)".into(),
            (GameResult::Score { .. }, Some(w)) => {
                let h = self.margin_half().unwrap_or(0).unsigned_abs() as i32;
                format!(
                    "{} wins by {} points ({})",
                    name(w),
                    half_points_string(h),
                    stones_words(h)
                )
            }
            (GameResult::Resignation { .. }, Some(w)) => format!("{} wins by resignation", name(w)),
            (GameResult::Time { .. }, Some(w)) => {
                format!("{} lost on time; {} wins", name(w.opponent()), name(w))
            }
            (GameResult::Forfeit { .. }, Some(w)) => format!("{} wins by forfeit", name(w)),
            (GameResult::Capture { stones, .. }, Some(w)) => format!(
                "{} wins by capture ({stones} stone{})",
                name(w),
                if *stones == 1 { "" } else { "s" }
            ),
            (GameResult::Draw, Some(_)) => "Draw".into(),
        }
    }
}

/// What Black's count was measured against (总则 第九条: half the board's points, the 归本数;
/// 竞赛规定 第二条: Black gives the komi; in a handicap game Black gives back half a 子 a stone),
/// so that a result can say why Black's count won or lost. All in quarters of a 子, which are
/// half points (a count of 40½ 子 is 162 quarters).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Needed {
    /// Black's count.
    pub black: i64,
    /// Black wins with more than this, draws with exactly this, loses with less.
    pub needed: i64,
    /// Half the board's points: what Black needs without komi or handicap.
    pub half_board: i64,
    /// The komi Black gives (negative: White gives it).
    pub komi: i64,
    /// The handicap stones, and what Black gives back for them.
    pub handicap: u32,
    pub given_back: i64,
}

impl Needed {
    /// For a counted result (`None` for any other): `komi_half` is the rules' komi alone, in
    /// half points; what the result's komi holds beyond it is the handicap's give-back.
    pub fn of(result: &GameResult, komi_half: i32, handicap: u32) -> Option<Needed> {
        let GameResult::Score {
            black_half,
            white_half,
            komi_half: all,
        } = *result
        else {
            return None;
        };
        // A count in half 子 doubled is in quarters; half the board, in quarters, is the
        // board's points in half 子. Half points of komi are quarters of a 子 (1 子 = 2 points).
        let half_board = black_half as i64 + white_half as i64;
        Some(Needed {
            black: 2 * black_half as i64,
            needed: half_board + all as i64,
            half_board,
            komi: komi_half as i64,
            handicap,
            given_back: all as i64 - komi_half as i64,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sgf())
    }
}

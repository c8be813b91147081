//! The board: stones, chains, liberties and captures — fast enough for playouts.
//!
//! 总则 第三条: a stone's liberties (气) are the empty points next to it; stones of one colour
//! next to each other form one chain (块) that shares its liberties. 第四条: after a move the
//! opponent's chains left without liberties are removed at once, also when the mover's own chain
//! has none left (第四条二). 第五条: a move that leaves the mover's chain without liberties and
//! captures nothing is forbidden (禁着点) — this board can also play it as suicide for rulesets
//! that allow it; the caller decides.
//!
//! Chains are circular linked lists of stones with a representative ("head"). Each chain keeps
//! *pseudo-liberties* incrementally: the number of (stone, empty neighbour) adjacencies, with the
//! sum and the sum of squares of those empty points. A chain has no liberty when the count is 0,
//! and exactly one liberty when `count × Σp² = (Σp)²` (all counted points are equal), which makes
//! atari detection O(1). Exact liberty sets are computed on demand ([`Board::liberties`]).
//!
//! The board knows simple ko only (the point an immediate recapture would take); whole-game
//! repetition (superko) belongs to [`crate::rules::Game`], which owns the history.

use super::colour::{Colour, Stone};
use super::point::{BoardSize, Point, ARRAY_LEN};
use super::zobrist;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

#[inline]
fn cell_of(c: Colour) -> u8 {
    match c {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// A Go board of any size from 2×2 to 25×25.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cell: [u8; ARRAY_LEN],
    /// Next stone in the same chain (circular).
    next: [u16; ARRAY_LEN],
    /// The chain representative of each stone.
    head: [u16; ARRAY_LEN],
    /// Per chain head: pseudo-liberty count, sum and sum of squares of the liberty indices.
    libs: [u16; ARRAY_LEN],
    lib_sum: [u32; ARRAY_LEN],
    lib_sum_sq: [u32; ARRAY_LEN],
    /// Per chain head: number of stones.
    stones: [u16; ARRAY_LEN],
    /// The empty points, for playouts, and where each one sits in that list.
    empties: [u16; ARRAY_LEN],
    empty_pos: [u16; ARRAY_LEN],
    empty_count: u16,
    hash: u64,
    /// The point where an immediate ko recapture is forbidden, or 0.
    ko: u16,
    /// Stones captured by black and by white (提子数).
    prisoners: [u32; 2],
}

/// Boards of a reading (a ladder's), one per depth, on the heap: a board is ~10 kB, and a
/// reading that copied one onto the stack at each level went ~2 MB deep on a 19×19 ladder —
/// twice the stack a wasm thread has.
pub struct BoardStack(Vec<Board>);

impl BoardStack {
    /// A stack with `board` at depth 0.
    pub fn new(board: &Board) -> BoardStack {
        BoardStack(vec![board.clone()])
    }

    /// The board at `depth`.
    pub fn at(&self, depth: usize) -> &Board {
        &self.0[depth]
    }

    /// The board at `depth`, to change.
    pub fn at_mut(&mut self, depth: usize) -> &mut Board {
        &mut self.0[depth]
    }

    /// Sets the board at `depth + 1` to the one at `depth` with `c` played at `p`
    /// ([`Board::play_unchecked`]). Never inlined, so that the copy's temporaries stay out of
    /// the caller's recursive frame.
    #[inline(never)]
    pub fn play_child(&mut self, depth: usize, c: Colour, p: Point) -> Placed {
        if self.0.len() <= depth + 1 {
            let b = self.0[depth].clone();
            self.0.push(b);
        } else {
            let (parents, children) = self.0.split_at_mut(depth + 1);
            children[0].clone_from(&parents[depth]);
        }
        self.0[depth + 1].play_unchecked(c, p)
    }
}

/// What a move did to the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Placed {
    /// Opponent stones removed (第四条).
    pub captured: u32,
    /// Own stones removed by a suicide move (only under rules that allow it).
    pub suicided: u32,
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut b = Board {
            size,
            cell: [EDGE; ARRAY_LEN],
            next: [0; ARRAY_LEN],
            head: [0; ARRAY_LEN],
            libs: [0; ARRAY_LEN],
            lib_sum: [0; ARRAY_LEN],
            lib_sum_sq: [0; ARRAY_LEN],
            stones: [0; ARRAY_LEN],
            empties: [0; ARRAY_LEN],
            empty_pos: [0; ARRAY_LEN],
            empty_count: 0,
            hash: 0,
            ko: 0,
            prisoners: [0; 2],
        };
        for p in size.points() {
            b.cell[p.index()] = EMPTY;
            b.add_empty(p.index());
        }
        b
    }

    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The Zobrist hash of the stones on the board (not of the player to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// What stands on `p`.
    #[inline]
    pub fn stone(&self, p: Point) -> Stone {
        match self.cell[p.index()] {
            BLACK => Stone::Black,
            WHITE => Stone::White,
            _ => Stone::Empty,
        }
    }

    #[inline]
    pub fn colour_at(&self, p: Point) -> Option<Colour> {
        self.stone(p).colour()
    }

    /// Whether `p` (any padded index) is a point of the board rather than its border — the
    /// cheap test for neighbours, without the divisions of [`BoardSize::contains`].
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        self.cell[p.index()] != EDGE
    }

    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cell[p.index()] == EMPTY
    }

    /// The point where the player to move may not immediately retake a ko, if any.
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0).then_some(Point(self.ko))
    }

    /// Forgets the ko point (after a pass the ko may be retaken).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Stones captured so far by `c`.
    pub fn prisoners(&self, c: Colour) -> u32 {
        self.prisoners[c.index()]
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The `i`-th empty point (in no particular order).
    #[inline]
    pub fn empty_at(&self, i: usize) -> Point {
        Point(self.empties[i])
    }

    /// The points holding stones of `c`, row by row from the top left.
    pub fn stones_of(&self, c: Colour) -> Vec<Point> {
        self.size
            .points()
            .filter(|&p| self.colour_at(p) == Some(c))
            .collect()
    }

    /// Number of stones of each colour.
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut n = [0; 2];
        for p in self.size.points() {
            match self.cell[p.index()] {
                BLACK => n[0] += 1,
                WHITE => n[1] += 1,
                _ => {}
            }
        }
        n
    }

    /// The representative point of the chain through `p` (a stone).
    #[inline]
    pub fn chain_id(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// The stones of the chain through `p`.
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let start = p.index();
        if !matches!(self.cell[start], BLACK | WHITE) {
            return vec![];
        }
        let mut v = Vec::with_capacity(self.stones[self.head[start] as usize] as usize);
        let mut i = start;
        loop {
            v.push(Point(i as u16));
            i = self.next[i] as usize;
            if i == start {
                break;
            }
        }
        v
    }

    /// Number of stones in the chain through `p`.
    pub fn chain_len(&self, p: Point) -> usize {
        self.stones[self.head[p.index()] as usize] as usize
    }

    /// The pseudo-liberty count of the chain through `p` (each stone–liberty adjacency once).
    pub fn pseudo_liberties(&self, p: Point) -> u32 {
        self.libs[self.head[p.index()] as usize] as u32
    }

    /// The distinct liberties of the chain through `p`, computed exactly.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut seen = [false; ARRAY_LEN];
        let (mut lo, mut hi) = (ARRAY_LEN, 0);
        for s in self.chain(p) {
            for n in self.size.neighbours(s) {
                if self.cell[n] == EMPTY {
                    seen[n] = true;
                    lo = lo.min(n);
                    hi = hi.max(n);
                }
            }
        }
        // In board order as they are read off between the first and the last (no sort's code
        // in the app shell for it).
        (lo..=hi)
            .filter(|&i| seen[i])
            .map(|i| Point(i as u16))
            .collect()
    }

    /// Whether the chain with head `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        let s = self.lib_sum[h] as u64;
        n > 0 && n * self.lib_sum_sq[h] as u64 == s * s
    }

    /// Whether the chain with head `h` has `i` as its only liberty.
    #[inline]
    fn atari_on(&self, h: usize, i: usize) -> bool {
        self.in_atari(h) && self.lib_sum[h] as u64 == i as u64 * self.libs[h] as u64
    }

    /// The only liberty of the chain through `p`, when it is in atari (叫吃).
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let h = self.head[p.index()] as usize;
        self.in_atari(h)
            .then(|| Point((self.lib_sum[h] / self.libs[h] as u32) as u16))
    }

    /// The opposing chains next to the stone at `p` that it left with one liberty (叫吃), each
    /// named by its first stone in board order; empty when `p` holds no stone.
    pub fn ataris_next_to(&self, p: Point) -> Vec<Point> {
        let Some(c) = self.colour_at(p) else {
            return vec![];
        };
        let opp = cell_of(c.opponent());
        let mut heads: Vec<u16> = Vec::new();
        let mut named = Vec::new();
        for n in self.size.neighbours(p) {
            let h = self.head[n];
            if self.cell[n] == opp && !heads.contains(&h) && self.in_atari(h as usize) {
                heads.push(h);
                // In board order: each put before the first later one (four at most).
                if let Some(first) = self.chain(Point(n as u16)).into_iter().min() {
                    let at = named.iter().position(|&x| x > first).unwrap_or(named.len());
                    named.insert(at, first);
                }
            }
        }
        named
    }

    /// The stones of the chains of colour `c` next to `p`, each chain once, in board order.
    pub fn chains_next_to(&self, p: Point, c: Colour) -> Vec<Point> {
        let mut heads: Vec<u16> = Vec::new();
        let mut stones = Vec::new();
        for n in self.size.neighbours(p) {
            let h = self.head[n];
            if self.cell[n] == cell_of(c) && !heads.contains(&h) {
                heads.push(h);
                stones.extend(self.chain(Point(n as u16)));
            }
        }
        stones.sort_by_key(|q| q.index());
        stones
    }

    /// Whether playing `c` at the empty point `p` would capture something.
    pub fn captures_any(&self, c: Colour, p: Point) -> bool {
        let opp = cell_of(c.opponent());
        let i = p.index();
        self.size
            .neighbours(p)
            .into_iter()
            .any(|n| self.cell[n] == opp && self.atari_on(self.head[n] as usize, i))
    }

    /// Whether `c` at the empty point `p` would be a forbidden point (禁着点, 总则 第五条): the
    /// new chain has no liberty and nothing is captured.
    pub fn is_suicide(&self, c: Colour, p: Point) -> bool {
        let own = cell_of(c);
        let i = p.index();
        for n in self.size.neighbours(p) {
            match self.cell[n] {
                EMPTY => return false,
                EDGE => {}
                x if x == own => {
                    if !self.atari_on(self.head[n] as usize, i) {
                        return false;
                    }
                }
                _ => {
                    if self.atari_on(self.head[n] as usize, i) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether `c` may play at `p` by the board alone: empty, not the ko point, not a forbidden
    /// point (总则 第五条) — superko, which needs the game's history, aside (the bot's tree,
    /// ladder reading).
    pub fn is_legal_simple_ko(&self, c: Colour, p: Point) -> bool {
        self.is_empty(p) && self.ko_point() != Some(p) && !self.is_suicide(c, p)
    }

    /// The position hash after `c` plays at the empty point `p`, without playing it.
    /// Includes the stones a suicide would remove.
    pub fn hash_after(&self, c: Colour, p: Point) -> u64 {
        let i = p.index();
        let mut h = self.hash ^ zobrist::key(c, i);
        let opp = c.opponent();
        let opp_cell = cell_of(opp);
        let mut done = [0u16; 4];
        let mut captured = false;
        for (k, n) in self.size.neighbours(p).into_iter().enumerate() {
            if self.cell[n] == opp_cell {
                let head = self.head[n];
                if done[..k].contains(&head) || !self.atari_on(head as usize, i) {
                    continue;
                }
                done[k] = head;
                captured = true;
                for s in self.chain(Point(n as u16)) {
                    h ^= zobrist::key(opp, s.index());
                }
            }
        }
        if !captured && self.is_suicide(c, p) {
            let mut b = self.clone();
            b.play_unchecked(c, p);
            return b.hash;
        }
        h
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empty_count;
        self.empties[self.empty_count as usize] = i as u16;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        self.empty_count -= 1;
        let last = self.empties[self.empty_count as usize];
        let pos = self.empty_pos[i];
        self.empties[pos as usize] = last;
        self.empty_pos[last as usize] = pos;
    }

    #[inline]
    fn add_lib(&mut self, h: usize, i: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += i as u32;
        self.lib_sum_sq[h] += (i * i) as u32;
    }

    #[inline]
    fn remove_lib(&mut self, h: usize, i: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= i as u32;
        self.lib_sum_sq[h] -= (i * i) as u32;
    }

    /// Joins chain `b` into chain `a` (both heads); returns the surviving head.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut i = small;
        loop {
            self.head[i] = big as u16;
            i = self.next[i] as usize;
            if i == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sum_sq[big] += self.lib_sum_sq[small];
        self.stones[big] += self.stones[small];
        big
    }

    /// Removes the chain with head `h` from the board; returns the number of stones.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let colour = if self.cell[h] == BLACK {
            Colour::Black
        } else {
            Colour::White
        };
        let count = self.stones[h] as u32;
        let mut i = h;
        loop {
            self.cell[i] = EMPTY;
            self.hash ^= zobrist::key(colour, i);
            self.add_empty(i);
            i = self.next[i] as usize;
            if i == h {
                break;
            }
        }
        let stride = self.size.stride();
        loop {
            for n in [i - stride, i - 1, i + 1, i + stride] {
                if matches!(self.cell[n], BLACK | WHITE) {
                    let nh = self.head[n] as usize;
                    self.add_lib(nh, i);
                }
            }
            i = self.next[i] as usize;
            if i == h {
                break;
            }
        }
        count
    }

    /// Plays `c` at the empty point `p` without checking ko; captures as 总则 第四条 says. A
    /// suicide (which the caller must have allowed) removes the mover's own chain.
    pub fn play_unchecked(&mut self, c: Colour, p: Point) -> Placed {
        let i = p.index();
        debug_assert_eq!(self.cell[i], EMPTY, "play on an occupied point");
        let own = cell_of(c);
        let opp = cell_of(c.opponent());
        let stride = self.size.stride();
        let nbrs = [i - stride, i - 1, i + 1, i + stride];

        self.remove_empty(i);
        self.cell[i] = own;
        self.hash ^= zobrist::key(c, i);
        self.next[i] = i as u16;
        self.head[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sum_sq[i] = 0;

        for n in nbrs {
            match self.cell[n] {
                EMPTY => self.add_lib(i, n),
                BLACK | WHITE => {
                    let nh = self.head[n] as usize;
                    self.remove_lib(nh, i);
                }
                _ => {}
            }
        }
        let mut h = i;
        for n in nbrs {
            if self.cell[n] == own {
                let nh = self.head[n] as usize;
                if nh != h {
                    h = self.merge(h, nh);
                }
            }
        }
        let mut placed = Placed::default();
        let mut last_captured = 0;
        for n in nbrs {
            if self.cell[n] == opp {
                let nh = self.head[n] as usize;
                if self.libs[nh] == 0 {
                    placed.captured += self.remove_chain(nh);
                    last_captured = n;
                }
            }
        }
        self.prisoners[c.index()] += placed.captured;
        if self.libs[h] == 0 {
            // Suicide under rules that allow it: the mover's chain goes (its opponent "captures").
            placed.suicided = self.remove_chain(h);
            self.prisoners[c.opponent().index()] += placed.suicided;
            self.ko = 0;
            return placed;
        }
        // A single stone that took a single stone and has that point as its only liberty: the
        // opponent may not retake at once (劫).
        self.ko = if placed.captured == 1 && self.stones[h] == 1 && self.libs[h] == 1 {
            last_captured as u16
        } else {
            0
        };
        placed
    }

    /// Puts a stone on an empty point without a move being played (handicap, setup stones).
    /// Chains left without liberties are removed as after a move.
    pub fn place_setup(&mut self, c: Colour, p: Point) {
        if self.is_empty(p) {
            self.play_unchecked(c, p);
            self.ko = 0;
        }
    }

    /// The board with the given stones, ko point and prisoners, built stone by stone. Exact in
    /// any order for a position whose chains all have liberties: every part of a chain placed
    /// so far still touches an empty point (a liberty, or a point of its own chain not yet
    /// placed), so no stone is ever taken while building. Takebacks use it ([`super::Game`]).
    pub fn from_stones(
        size: BoardSize,
        stones: impl IntoIterator<Item = (Colour, Point)>,
        ko: Option<Point>,
        prisoners: [u32; 2],
    ) -> Board {
        let mut b = Board::new(size);
        for (c, p) in stones {
            b.place_setup(c, p);
        }
        b.ko = ko.map_or(0, |p| p.0);
        b.prisoners = prisoners;
        b
    }

    /// Every stone on the board with its colour.
    pub fn stones(&self) -> impl Iterator<Item = (Colour, Point)> + '_ {
        self.size
            .points()
            .filter_map(|p| self.colour_at(p).map(|c| (c, p)))
    }

    /// Removes every stone of the chain through `p` (counting: dead stones off the board).
    pub fn remove_chain_at(&mut self, p: Point) -> u32 {
        if !matches!(self.cell[p.index()], BLACK | WHITE) {
            return 0;
        }
        let h = self.head[p.index()] as usize;
        self.remove_chain(h)
    }

    /// Whether the empty point `p` is a one-point eye of `c` (all neighbours `c` and not a false
    /// eye by its diagonals). Used by playouts so that no side fills its own eyes.
    #[inline]
    pub fn is_eye(&self, c: Colour, p: Point) -> bool {
        let i = p.index();
        let own = cell_of(c);
        let stride = self.size.stride();
        for n in [i - stride, i - 1, i + 1, i + stride] {
            let x = self.cell[n];
            if x != own && x != EDGE {
                return false;
            }
        }
        !self.false_eye_by_diagonals(c, i)
    }

    /// Whether the diagonals of the point at index `i` make an eye of `c` false: two opponent
    /// diagonals in the middle of the board, one on the edge or in the corner.
    #[inline]
    fn false_eye_by_diagonals(&self, c: Colour, i: usize) -> bool {
        let stride = self.size.stride();
        let opp = cell_of(c.opponent());
        let mut bad = 0;
        let mut edge = 0;
        for d in [
            i - stride - 1,
            i - stride + 1,
            i + stride - 1,
            i + stride + 1,
        ] {
            match self.cell[d] {
                EDGE => edge = 1,
                x if x == opp => bad += 1,
                _ => {}
            }
        }
        bad + edge >= 2
    }

    /// Whether `c` may sensibly play at the empty point `p` in a playout: not the ko point, not
    /// one of its own one-point eyes, not suicide. One pass over the neighbours does all three.
    #[inline]
    pub fn playout_candidate(&self, c: Colour, p: Point) -> bool {
        let i = p.index();
        if self.ko as usize == i {
            return false;
        }
        let own = cell_of(c);
        let stride = self.size.stride();
        let (mut empty, mut opp, mut own_safe, mut captures) = (false, false, false, false);
        for n in [i - stride, i - 1, i + 1, i + stride] {
            match self.cell[n] {
                EMPTY => empty = true,
                EDGE => {}
                x if x == own => own_safe |= !self.atari_on(self.head[n] as usize, i),
                _ => {
                    opp = true;
                    captures |= self.atari_on(self.head[n] as usize, i);
                }
            }
        }
        if empty {
            return true;
        }
        // Surrounded by own stones: an eye unless the diagonals make it false.
        if !opp && !self.false_eye_by_diagonals(c, i) {
            return false;
        }
        own_safe || captures
    }

    /// The 3×3 neighbourhood of `p` seen by `c`, for pattern lookups: two bits per point
    /// (0 empty, 1 own, 2 opponent, 3 off the board), NW N NE W E SW S SE from the low bits.
    #[inline]
    pub fn neighbourhood(&self, c: Colour, p: Point) -> u16 {
        let i = p.index();
        let s = self.size.stride();
        // Cells are 0 empty, 1 black, 2 white, 3 edge: already the code for black.
        let map: [u16; 4] = match c {
            Colour::Black => [0, 1, 2, 3],
            Colour::White => [0, 2, 1, 3],
        };
        let cell = |j: usize| map[self.cell[j] as usize & 3];
        cell(i - s - 1)
            | cell(i - s) << 2
            | cell(i - s + 1) << 4
            | cell(i - 1) << 6
            | cell(i + 1) << 8
            | cell(i + s - 1) << 10
            | cell(i + s) << 12
            | cell(i + s + 1) << 14
    }

    /// How many liberties the chain of `c` would have after playing at the empty point `p`,
    /// counted up to `limit` (at most 4) — enough to tell atari (1) and self-atari apart
    /// without building liberty sets. Captures count the captured stones next to `p`.
    pub fn liberties_after(&self, c: Colour, p: Point, limit: usize) -> usize {
        let limit = limit.min(4);
        let i = p.index();
        let s = self.size.stride();
        let own = cell_of(c);
        let mut found = [0u16; 4];
        let mut n = 0;
        let add = |j: usize, found: &mut [u16; 4], n: &mut usize| {
            if j != i && !found[..*n].contains(&(j as u16)) {
                found[*n] = j as u16;
                *n += 1;
            }
        };
        let nbrs = [i - s, i - 1, i + 1, i + s];
        for &j in &nbrs {
            match self.cell[j] {
                EMPTY => add(j, &mut found, &mut n),
                EDGE => {}
                x if x != own && self.atari_on(self.head[j] as usize, i) => {
                    add(j, &mut found, &mut n);
                }
                _ => {}
            }
            if n >= limit {
                return limit;
            }
        }
        let mut seen = [0u16; 4];
        for (k, &j) in nbrs.iter().enumerate() {
            if self.cell[j] != own {
                continue;
            }
            let h = self.head[j];
            if seen[..k].contains(&h) {
                continue;
            }
            seen[k] = h;
            let mut st = h as usize;
            loop {
                for q in [st - s, st - 1, st + 1, st + s] {
                    if self.cell[q] == EMPTY {
                        add(q, &mut found, &mut n);
                        if n >= limit {
                            return limit;
                        }
                    }
                }
                st = self.next[st] as usize;
                if st == h as usize {
                    break;
                }
            }
        }
        n
    }

    /// Whether `c` at `p` would leave its own chain in atari (自紧一气 to one liberty).
    #[inline]
    pub fn is_self_atari(&self, c: Colour, p: Point) -> bool {
        let i = p.index();
        let s = self.size.stride();
        let empties = [i - s, i - 1, i + 1, i + s]
            .into_iter()
            .filter(|&j| self.cell[j] == EMPTY)
            .count();
        // Two empty neighbours are two liberties whatever else happens.
        empties < 2 && self.liberties_after(c, p, 2) < 2
    }

    /// An ASCII picture: `X` black, `O` white, `.` empty, one row a line, top row first.
    pub fn to_ascii(&self) -> String {
        let n = self.size.get();
        let mut s = String::new();
        for row in 0..n {
            for col in 0..n {
                s.push(match self.stone(self.size.point(col, row)) {
                    Stone::Black => 'X',
                    Stone::White => 'O',
                    Stone::Empty => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// Checks every incrementally kept quantity against a recomputation from the stones alone.
    /// For tests; returns what is wrong.
    pub fn check_invariants(&self) -> Result<(), String> {
        let size = self.size;
        let mut hash = 0;
        let mut empties = 0;
        for p in size.points() {
            let i = p.index();
            match self.colour_at(p) {
                None => {
                    empties += 1;
                    if self.empties[self.empty_pos[i] as usize] as usize != i {
                        return Err(format!("empty list misses {}", size.vertex(p)));
                    }
                }
                Some(c) => {
                    hash ^= zobrist::key(c, i);
                    // The chain by flood fill must equal the linked chain.
                    let mut flood = vec![p];
                    let mut seen = vec![p];
                    while let Some(q) = flood.pop() {
                        for n in size.neighbours(q) {
                            let np = Point(n as u16);
                            if self.cell[n] == self.cell[i] && !seen.contains(&np) {
                                seen.push(np);
                                flood.push(np);
                            }
                        }
                    }
                    let mut linked = self.chain(p);
                    seen.sort();
                    linked.sort();
                    if seen != linked {
                        return Err(format!(
                            "chain at {} differs from flood fill",
                            size.vertex(p)
                        ));
                    }
                    if linked.iter().any(|&q| self.head[q.index()] != self.head[i]) {
                        return Err(format!("chain at {} has two heads", size.vertex(p)));
                    }
                    let h = self.head[i] as usize;
                    if self.stones[h] as usize != linked.len() {
                        return Err(format!("chain at {} has a wrong size", size.vertex(p)));
                    }
                    let (mut n, mut s, mut sq) = (0u32, 0u32, 0u32);
                    for &q in &linked {
                        for nb in size.neighbours(q) {
                            if self.cell[nb] == EMPTY {
                                n += 1;
                                s += nb as u32;
                                sq += (nb * nb) as u32;
                            }
                        }
                    }
                    if (n, s, sq) != (self.libs[h] as u32, self.lib_sum[h], self.lib_sum_sq[h]) {
                        return Err(format!("chain at {} has wrong liberties", size.vertex(p)));
                    }
                    if n == 0 {
                        return Err(format!("chain at {} has no liberty", size.vertex(p)));
                    }
                    let exact = self.liberties(p).len();
                    if (exact == 1) != self.in_atari(h) {
                        return Err(format!("atari test wrong at {}", size.vertex(p)));
                    }
                }
            }
        }
        if empties != self.empty_count as usize {
            return Err("empty count wrong".into());
        }
        if hash != self.hash {
            return Err("hash differs from a recomputation".into());
        }
        Ok(())
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board {}\n{}", self.size, self.to_ascii())
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same stones, ko point and prisoners.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.ko == other.ko
            && self.prisoners == other.prisoners
            && self.size.points().all(|p| self.stone(p) == other.stone(p))
    }
}

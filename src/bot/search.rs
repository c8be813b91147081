//! Monte-Carlo tree search: UCT-RAVE over the fast board, with MoGo/Michi-style priors.
//!
//! Each simulation walks down the tree choosing by a blend of the edge's win rate and its
//! all-moves-as-first (AMAF/RAVE) win rate, `β = ñ / (ñ + n + n·ñ / RAVE_EQUIV)` (Gelly &
//! Silver 2007), adds a node after `EXPAND_VISITS`, plays a [`policy`](super::policy) playout
//! to the end and counts the area. Wins go back up the path; RAVE statistics go to every
//! sibling whose point the same side played first later in the simulation.
//!
//! Positional superko binds only the root (from the game's history); inside the tree and in
//! playouts the board's simple ko is enough. The caller owns time: it runs batches of
//! playouts and stops when its clock says so, so the search itself never reads a clock.

use super::policy;
use crate::rules::playout::{final_owner, PlayoutRng};
use crate::rules::point::ARRAY_LEN;
use crate::rules::scoring::count_area;
use crate::rules::{Board, BoardSize, Colour, DeadStones, Game, Move, Point};

/// Visits before a leaf gets its own children.
const EXPAND_VISITS: u32 = 8;
/// How many visits make the plain win rate as trusted as the RAVE one.
const RAVE_EQUIV: f32 = 3500.0;
/// No more nodes than this (memory stays bounded on long thinks).
const MAX_NODES: usize = 400_000;
/// Priors, as virtual visits and wins (Michi's values).
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE_ONE: f32 = 15.0;
const PRIOR_CAPTURE_MANY: f32 = 30.0;
const PRIOR_PATTERN: f32 = 10.0;
const PRIOR_SELF_ATARI: f32 = 10.0;
const PRIOR_NEAR: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_EMPTY_AREA: f32 = 10.0;
const PRIOR_LADDER: f32 = 30.0;

/// The margin (in half points) over which the score bonus grows from ½ toward 1.
const SCORE_SCALE_HALF: f32 = 20.0;

const PASS: u16 = 0;

#[derive(Clone, Copy)]
struct Edge {
    mv: u16,
    /// Real simulations through this edge.
    visits: u32,
    /// Visits and wins with the priors, wins for the side making the move.
    n: f32,
    w: f32,
    /// AMAF visits and wins.
    rn: f32,
    rw: f32,
    /// The node after this move, or 0 (the root is never a child).
    child: u32,
}

impl Edge {
    /// A fresh edge with its priors as virtual visits and wins.
    fn new(mv: u16, n: f32, w: f32) -> Edge {
        Edge {
            mv,
            visits: 0,
            n,
            w,
            rn: 0.0,
            rw: 0.0,
            child: 0,
        }
    }
}

#[derive(Clone, Copy)]
struct Node {
    first: u32,
    len: u32,
    visits: u32,
}

/// What the bot decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

impl From<Move> for Decision {
    fn from(m: Move) -> Decision {
        match m {
            Move::Play(p) => Decision::Play(p),
            Move::Pass => Decision::Pass,
        }
    }
}

impl Decision {
    /// The move decided, or `None` for a resignation.
    pub fn as_move(self) -> Option<Move> {
        match self {
            Decision::Play(p) => Some(Move::Play(p)),
            Decision::Pass => Some(Move::Pass),
            Decision::Resign => None,
        }
    }
}

/// A candidate move at the root with its statistics.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u32,
    /// Value for the side to move, 0–1: the win rate with a little for the margin.
    pub win_rate: f32,
}

/// A search from one position. Feed it playouts with [`Search::run`], then ask.
pub struct Search {
    size: BoardSize,
    board: Board,
    to_move: Colour,
    komi_half: i32,
    /// 吃子棋: the captures that win at once (the rules' capture goal).
    capture_goal: Option<u32>,
    /// The last two moves before the root (index, 0 for none or a pass).
    last: [u16; 2],
    /// Whether the game's last move was a pass.
    opponent_passed: bool,
    cleanup: bool,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    rng: PlayoutRng,
    /// Per point: playouts where black owned it minus those where white did.
    ownership: Vec<i32>,
    /// Sum over playouts of black's margin in half points (komi included).
    margin_sum: i64,
    playouts: u32,
    /// Stones the playouts mostly lose (refreshed as the search goes).
    dead: DeadStones,
    /// Of those, only the bot's own (kept as dead when counting a double pass in cleanup).
    dead_own: DeadStones,
    // Scratch for one simulation.
    amaf: Vec<u8>,
    path: Vec<(u32, u32, Colour)>,
}

fn mark(c: Colour) -> u8 {
    match c {
        Colour::Black => 1,
        Colour::White => 2,
    }
}

impl Search {
    /// A search for the side to move of `game`. `cleanup` (GTP `kgs-genmove_cleanup`, and the
    /// app after its player passes) forbids passing while the opponent has dead stones left.
    pub fn new(game: &Game, seed: u64, cleanup: bool) -> Search {
        let board = game.board().clone();
        let size = board.size();
        let moves = game.moves();
        let point_of = |k: usize| -> u16 {
            match moves.len().checked_sub(k).map(|i| moves[i].mv) {
                Some(Move::Play(p)) => p.index() as u16,
                _ => PASS,
            }
        };
        let opponent_passed = matches!(moves.last(), Some(m) if m.mv == Move::Pass);
        let mut s = Search {
            size,
            to_move: game.to_move(),
            komi_half: game.komi_half_points(),
            capture_goal: game.rules().capture_goal,
            last: [point_of(1), point_of(2)],
            opponent_passed,
            cleanup,
            nodes: Vec::new(),
            edges: Vec::new(),
            rng: PlayoutRng::new(seed ^ board.hash()),
            ownership: vec![0; ARRAY_LEN],
            margin_sum: 0,
            playouts: 0,
            dead: DeadStones::new(),
            dead_own: DeadStones::new(),
            amaf: vec![0; ARRAY_LEN],
            path: Vec::new(),
            board,
        };
        // The root's moves are the game's legal ones (superko included).
        let legal: Vec<Point> = if game.is_playing() {
            game.legal_points(s.to_move)
        } else {
            Vec::new()
        };
        let passes = u32::from(opponent_passed);
        s.expand(&s.board.clone(), s.to_move, s.last, passes, Some(&legal));
        s
    }

    /// The side the search plays for.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Simulations run so far.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// Runs `n` more simulations.
    pub fn run(&mut self, n: u32) {
        for _ in 0..n {
            self.simulate();
            if self.playouts.is_power_of_two() && self.playouts >= 64
                || self.playouts.is_multiple_of(1024)
            {
                self.refresh_dead();
            }
        }
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(Node {
            first: 0,
            len: 0,
            visits: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Gives the node for `c` to move on `board` its children, with their priors.
    fn expand(
        &mut self,
        board: &Board,
        c: Colour,
        last: [u16; 2],
        passes: u32,
        legal: Option<&[Point]>,
    ) -> u32 {
        let id = self.new_node();
        let first = self.edges.len() as u32;
        let size = self.size;
        let saving: policy::Candidates = if last[0] != PASS {
            policy::atari_candidates(board, c, Point(last[0]))
        } else {
            policy::Candidates::new()
        };
        let last_point = (last[0] != PASS).then(|| size.col_row(Point(last[0])));
        let n = size.get() as i32;
        for p in size.points() {
            if !board.is_empty(p) || !board.playout_candidate(c, p) {
                continue;
            }
            if let Some(legal) = legal {
                if !legal.contains(&p) {
                    continue;
                }
            }
            let (mut pn, mut pw) = (PRIOR_EVEN, PRIOR_EVEN / 2.0);
            let mut bonus = |x: f32, won: bool| {
                pn += x;
                if won {
                    pw += x;
                }
            };
            let captured = captured_by(board, c, p);
            let saves = saving.contains(p);
            if saves && captured == 0 && running_into_ladder(board, c, p) {
                // Running from atari into a ladder only feeds the attacker.
                bonus(PRIOR_LADDER, false);
            } else if captured > 0 || saves {
                let big = captured > 1 || self_chain_len(board, c, p) > 1;
                bonus(
                    if big {
                        PRIOR_CAPTURE_MANY
                    } else {
                        PRIOR_CAPTURE_ONE
                    },
                    true,
                );
            }
            if super::patterns::matches(board.neighbourhood(c, p)) {
                bonus(PRIOR_PATTERN, true);
            }
            if captured == 0 && board.is_self_atari(c, p) {
                bonus(PRIOR_SELF_ATARI, false);
            }
            let (col, row) = size.col_row(p);
            let (col, row) = (col as i32, row as i32);
            if let Some((lc, lr)) = last_point {
                let d = (col - lc as i32).abs() + (row - lr as i32).abs();
                if (1..=3).contains(&d) {
                    bonus(PRIOR_NEAR[d as usize - 1], true);
                }
            }
            let height = col.min(row).min(n - 1 - col).min(n - 1 - row);
            if height <= 2 && n >= 9 && empty_area(board, col, row, 3) {
                match height {
                    0 | 1 => bonus(PRIOR_EMPTY_AREA, false),
                    _ => bonus(PRIOR_EMPTY_AREA, true),
                }
            }
            self.edges.push(Edge::new(p.index() as u16, pn, pw));
        }
        // Passing: natural after the opponent's pass, a last resort otherwise.
        let (pn, pw) = if passes > 0 {
            (PRIOR_EVEN, PRIOR_EVEN / 2.0)
        } else {
            (PRIOR_EVEN * 2.0, 0.0)
        };
        self.edges.push(Edge::new(PASS, pn, pw));
        let len = self.edges.len() as u32 - first;
        // Shuffle so that ties do not favour the top left.
        for i in (1..len).rev() {
            let j = self.rng.below(i + 1);
            self.edges.swap((first + i) as usize, (first + j) as usize);
        }
        self.nodes[id as usize].first = first;
        self.nodes[id as usize].len = len;
        id
    }

    fn select(&self, node: u32) -> u32 {
        let nd = self.nodes[node as usize];
        let mut best = nd.first;
        let mut best_value = f32::MIN;
        for e in nd.first..nd.first + nd.len {
            let edge = &self.edges[e as usize];
            let q = edge.w / edge.n;
            let value = if edge.rn > 0.0 {
                let beta = edge.rn / (edge.rn + edge.n + edge.n * edge.rn / RAVE_EQUIV);
                (1.0 - beta) * q + beta * (edge.rw / edge.rn)
            } else {
                q
            };
            if value > best_value {
                best_value = value;
                best = e;
            }
        }
        best
    }

    fn simulate(&mut self) {
        let mut board = self.board.clone();
        let mut c = self.to_move;
        let mut last = self.last;
        let mut passes = u32::from(self.opponent_passed);
        self.amaf.iter_mut().for_each(|a| *a = 0);
        self.path.clear();
        let mut node = 0u32;
        let mut terminal = false;
        let mut capture_winner = None;
        loop {
            let e = self.select(node);
            self.path.push((node, e, c));
            let mv = self.edges[e as usize].mv;
            if mv == PASS {
                passes += 1;
                board.clear_ko();
            } else {
                board.play_unchecked(c, Point(mv));
                passes = 0;
                if self.amaf[mv as usize] == 0 {
                    self.amaf[mv as usize] = mark(c);
                }
                if self.captured_goal(&board, c) {
                    capture_winner = Some(c);
                    break;
                }
            }
            last = [mv, last[0]];
            c = c.opponent();
            if passes >= 2 {
                terminal = true;
                break;
            }
            let edge = self.edges[e as usize];
            if edge.child != 0 {
                node = edge.child;
            } else if edge.visits >= EXPAND_VISITS && self.nodes.len() < MAX_NODES {
                let child = self.expand(&board, c, last, passes, None);
                self.edges[e as usize].child = child;
                node = child;
            } else {
                break;
            }
        }
        let margin = if let Some(winner) = capture_winner {
            self.capture_win(winner)
        } else if terminal {
            self.count_terminal(&board)
        } else {
            self.playout(&mut board, c, last, passes)
        };
        self.playouts += 1;
        self.margin_sum += margin as i64;
        // Winning is what counts; a little for the margin keeps a won game safely won.
        let black_value = 0.9 * f32::from(u8::from(margin > 0))
            + 0.1 * (0.5 + 0.5 * (margin as f32 / SCORE_SCALE_HALF).tanh());
        for k in (0..self.path.len()).rev() {
            let (node, e, mover) = self.path[k];
            let won = if mover == Colour::Black {
                black_value
            } else {
                1.0 - black_value
            };
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.n += 1.0;
            edge.w += won;
            let nd = self.nodes[node as usize];
            self.nodes[node as usize].visits += 1;
            let m = mark(mover);
            for s in nd.first..nd.first + nd.len {
                let sib = &mut self.edges[s as usize];
                if sib.mv != PASS && self.amaf[sib.mv as usize] == m {
                    sib.rn += 1.0;
                    sib.rw += won;
                }
            }
        }
    }

    /// Plays the simulation out and returns black's margin in half points (komi included).
    fn playout(&mut self, board: &mut Board, mut c: Colour, last: [u16; 2], passes: u32) -> i32 {
        let max_moves = 3 * self.size.area() as usize;
        let (mut last, mut last2) = (last[0], last[1]);
        let mut passes = passes;
        let mut moves = 0;
        while passes < 2 && moves < max_moves {
            match policy::choose(board, c, last, last2, &mut self.rng) {
                Some(p) => {
                    board.play_unchecked(c, p);
                    let i = p.index();
                    if self.amaf[i] == 0 {
                        self.amaf[i] = mark(c);
                    }
                    if self.captured_goal(board, c) {
                        return self.capture_win(c);
                    }
                    last2 = last;
                    last = i as u16;
                    passes = 0;
                    moves += 1;
                }
                None => {
                    board.clear_ko();
                    last2 = last;
                    last = PASS;
                    passes += 1;
                }
            }
            c = c.opponent();
        }
        let mut black = 0i32;
        for p in self.size.points() {
            match final_owner(board, p) {
                Some(Colour::Black) => {
                    black += 1;
                    self.ownership[p.index()] += 1;
                }
                Some(Colour::White) => {
                    black -= 1;
                    self.ownership[p.index()] -= 1;
                }
                None => {}
            }
        }
        2 * black - self.komi_half
    }

    /// 吃子棋: whether `c` has now captured enough to win.
    #[inline]
    fn captured_goal(&self, board: &Board, c: Colour) -> bool {
        self.capture_goal
            .is_some_and(|goal| board.prisoners(c) >= goal)
    }

    /// Black's "margin" for a capture win: beyond any area count, so a win is a win.
    fn capture_win(&self, winner: Colour) -> i32 {
        let m = 2 * self.size.area() as i32 + 2;
        if winner == Colour::Black {
            m
        } else {
            -m
        }
    }

    /// 吃子棋 at the root: a move that reaches the capture goal is played at once; and unless
    /// `careless` (the weakest level, which must lose sometimes), a move after which the
    /// opponent could reach the goal with one capture is replaced by the most visited move
    /// that does not allow it, if there is one.
    pub fn capture_guard(&self, decision: Decision, careless: bool) -> Decision {
        let Some(goal) = self.capture_goal else {
            return decision;
        };
        let me = self.to_move;
        let opp = me.opponent();
        let cands = self.candidates();
        let plays = || {
            cands.iter().filter_map(|c| match c.mv {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            })
        };
        if let Some(p) =
            plays().find(|&p| self.board.prisoners(me) + captured_by(&self.board, me, p) >= goal)
        {
            return Decision::Play(p);
        }
        if careless {
            return decision;
        }
        let loses = |mv: Option<Point>| {
            let mut b = self.board.clone();
            match mv {
                Some(p) => {
                    b.play_unchecked(me, p);
                }
                None => b.clear_ko(),
            }
            let have = b.prisoners(opp);
            self.size
                .points()
                .any(|q| b.is_empty(q) && have + captured_by(&b, opp, q) >= goal)
        };
        let chosen = match decision {
            Decision::Play(p) => Some(p),
            Decision::Pass => None,
            Decision::Resign => return decision,
        };
        if !loses(chosen) {
            return decision;
        }
        plays()
            .find(|&p| !loses(Some(p)))
            .map_or(decision, Decision::Play)
    }

    /// Counts a position both sides passed in: the stones the playouts find dead come off —
    /// in cleanup, only the bot's own, so that it captures the opponent's before passing.
    fn count_terminal(&mut self, board: &Board) -> i32 {
        let dead = if self.cleanup {
            &self.dead_own
        } else {
            &self.dead
        };
        let area = count_area(board, dead);
        for p in self.size.points() {
            match area.owner_of(p) {
                crate::rules::Territory::Black => self.ownership[p.index()] += 1,
                crate::rules::Territory::White => self.ownership[p.index()] -= 1,
                crate::rules::Territory::Shared => {}
            }
        }
        area.black_half as i32 - area.white_half as i32 - self.komi_half
    }

    fn refresh_dead(&mut self) {
        let mut dead = DeadStones::new();
        let mut dead_own = DeadStones::new();
        for p in self.size.points() {
            if let Some(c) = self.board.colour_at(p) {
                if self.owner_share(p, c) < 0.25 {
                    dead.set(p, true);
                    if c == self.to_move {
                        dead_own.set(p, true);
                    }
                }
            }
        }
        self.dead = dead;
        self.dead_own = dead_own;
    }

    /// The share of playouts in which `c` owned `p` (0–1).
    fn owner_share(&self, p: Point, c: Colour) -> f32 {
        if self.playouts == 0 {
            return 0.5;
        }
        let black = (self.ownership[p.index()] as f32 / self.playouts as f32 + 1.0) / 2.0;
        match c {
            Colour::Black => black,
            Colour::White => 1.0 - black,
        }
    }

    /// Per board point, row by row from the top left: from −1 (white owns it in every
    /// playout) to +1 (black does).
    pub fn ownership(&self) -> Vec<f32> {
        let n = self.playouts.max(1) as f32;
        self.size
            .points()
            .map(|p| self.ownership[p.index()] as f32 / n)
            .collect()
    }

    /// Black's expected margin in points, komi included (negative: white ahead).
    pub fn score_lead(&self) -> f32 {
        self.margin_sum as f32 / 2.0 / self.playouts.max(1) as f32
    }

    /// The stones the search thinks dead.
    pub fn dead_stones(&self) -> &DeadStones {
        &self.dead
    }

    /// The root's moves, most visited first.
    pub fn candidates(&self) -> Vec<Candidate> {
        let root = self.nodes[0];
        let mut out: Vec<Candidate> = (root.first..root.first + root.len)
            .map(|e| {
                let edge = &self.edges[e as usize];
                Candidate {
                    mv: if edge.mv == PASS {
                        Move::Pass
                    } else {
                        Move::Play(Point(edge.mv))
                    },
                    visits: edge.visits,
                    win_rate: edge.w / edge.n,
                }
            })
            .collect();
        out.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.win_rate.total_cmp(&a.win_rate))
        });
        out
    }

    /// Whether more playouts (up to `remaining`) could no longer change the most visited move.
    pub fn settled(&self, remaining: u32) -> bool {
        let c = self.candidates();
        match c.as_slice() {
            [] | [_] => true,
            [a, b, ..] => a.visits > b.visits + remaining,
        }
    }

    /// Black's area minus white's and komi, in half points, of the position as it stands with
    /// the stones the search thinks dead taken off.
    fn margin_now(&self, dead: &DeadStones) -> i32 {
        let area = count_area(&self.board, dead);
        area.black_half as i32 - area.white_half as i32 - self.komi_half
    }

    /// The move to play. `resign_below`: resign when the best win rate is under it (after
    /// enough playouts, and not in the opening).
    pub fn decide(&self, resign_below: Option<f32>) -> Decision {
        let cands = self.candidates();
        let me = self.to_move;
        let wins = |margin: i32| (margin > 0) == (me == Colour::Black);
        let opp_dead_left = self
            .dead
            .points()
            .iter()
            .any(|&p| self.board.colour_at(p) == Some(me.opponent()));
        let first_play = cands.iter().find(|c| c.mv != Move::Pass);
        // After the opponent's pass: pass back when the count wins (in cleanup, only once the
        // opponent's dead stones are off the board).
        if self.opponent_passed
            && wins(self.margin_now(&self.dead))
            && (!(self.cleanup && opp_dead_left) || first_play.is_none())
        {
            return Decision::Pass;
        }
        let Some(best) = cands.first() else {
            return Decision::Pass;
        };
        if let Some(threshold) = resign_below {
            let stones = self.board.stone_counts();
            let late = stones[0] + stones[1] > self.size.area() / 4;
            if late && self.playouts >= 500 && best.win_rate < threshold {
                return Decision::Resign;
            }
        }
        let pick = if best.mv == Move::Pass && self.cleanup && opp_dead_left {
            first_play.unwrap_or(best)
        } else {
            best
        };
        pick.mv.into()
    }
}

/// How many opponent stones `c` at `p` would capture.
fn captured_by(board: &Board, c: Colour, p: Point) -> u32 {
    let size = board.size();
    let mut heads = [Point(0); 4];
    let mut total = 0;
    for (k, n) in size.neighbours(p).into_iter().enumerate() {
        let q = Point(n as u16);
        if size.contains(q) && board.colour_at(q) == Some(c.opponent()) {
            let h = board.chain_id(q);
            if !heads[..k].contains(&h) && board.atari_liberty(q) == Some(p) {
                total += board.chain_len(q) as u32;
            }
            heads[k] = h;
        }
    }
    total
}

/// Whether `p` is the liberty of an own chain in atari that a ladder would still capture.
fn running_into_ladder(board: &Board, c: Colour, p: Point) -> bool {
    let size = board.size();
    size.neighbours(p).into_iter().any(|n| {
        let q = Point(n as u16);
        board.colour_at(q) == Some(c)
            && board.atari_liberty(q) == Some(p)
            && policy::caught_in_ladder(board, c, q, 40)
    })
}

/// The size of the largest own chain next to `p`.
fn self_chain_len(board: &Board, c: Colour, p: Point) -> usize {
    let size = board.size();
    size.neighbours(p)
        .into_iter()
        .map(|n| Point(n as u16))
        .filter(|&q| size.contains(q) && board.colour_at(q) == Some(c))
        .map(|q| board.chain_len(q))
        .max()
        .unwrap_or(0)
}

/// Whether no stone lies within Manhattan distance `d` of (`col`, `row`).
fn empty_area(board: &Board, col: i32, row: i32, d: i32) -> bool {
    let size = board.size();
    for dc in -d..=d {
        let r = d - dc.abs();
        for dr in -r..=r {
            if let Some(q) = size.checked_point(col + dc, row + dr) {
                if !board.is_empty(q) {
                    return false;
                }
            }
        }
    }
    true
}

//! PUCT search over the network (AlphaZero/KataGo style, no rollouts): each visit walks down
//! by `Q + c·P·√N / (1 + n)`, evaluates the new leaf with the network (a random symmetry, a
//! cache), and backs its value up the path.
//!
//! - Values are utilities from −1 to +1: the network's win − loss, plus a little for the
//!   expected lead (so a won game is still played out tidily and a lost one fought).
//! - Unvisited moves start at the parent's value minus a reduction that grows with the policy
//!   already explored (first-play urgency).
//! - Legality: positional superko (总则 第六条) at the root, from the game's history; below it
//!   the board's simple ko and no suicide (第五条).
//! - Two passes in a row end the game inside the tree: the board is counted (总则 第九条) with
//!   the stones the network's ownership calls dead taken off.
//! - The tree survives between moves ([`Puct::advance`]) when the moves played are in it.
//!
//! Pure core: the network, the seed and the visit budget come from the caller, who also keeps
//! the time.

use std::collections::HashMap;

use super::nn::{Evaluation, Network, Position, Scratch};
use super::search::{Candidate, Decision};
use crate::rules::playout::PlayoutRng;
use crate::rules::scoring::count_area;
use crate::rules::{Colour, DeadStones, Game, Move, Point};

/// Exploration constant.
const C_PUCT: f32 = 1.1;
/// First-play urgency: how far below the parent's value an unvisited move starts.
const FPU_REDUCTION: f32 = 0.2;
/// Weight of the lead in a utility, and the lead (in points per √points of the board) that
/// earns half of it.
const SCORE_WEIGHT: f32 = 0.15;
const SCORE_SCALE: f32 = 0.5;
/// Most tree nodes kept; beyond it the tree starts afresh at the next move.
const MAX_NODES: usize = 200_000;
/// Cached evaluations before the cache is emptied.
const MAX_CACHE: usize = 20_000;

const PASS: u16 = u16::MAX;

#[derive(Clone, Copy)]
struct Edge {
    /// The point's index in the padded board, or [`PASS`].
    mv: u16,
    prior: f32,
    visits: u32,
    /// Sum of utilities for the side making this move.
    value_sum: f32,
    /// Sum of leads (points) for the side making this move: the search's score ([`Puct::search_lead`]).
    lead_sum: f32,
    /// The node after this move, or 0 (none yet; the root is never a child).
    child: u32,
}

struct Node {
    first: u32,
    len: u32,
    expanded: bool,
    /// The network's utility for the side to move here.
    utility: f32,
    /// Where a pass ends the game: its value and its margin (points) for the side passing.
    pass_ends: Option<(f32, f32)>,
}

/// A PUCT search from one position.
pub struct Puct {
    game: Game,
    root_pos: Position,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    root: usize,
    rng: PlayoutRng,
    cache: HashMap<u64, Evaluation>,
    scratch: Scratch,
    root_eval: Option<Evaluation>,
    visits: u32,
}

impl Puct {
    pub fn new(game: &Game, seed: u64) -> Puct {
        Puct {
            game: game.clone(),
            root_pos: Position::from_game(game),
            nodes: vec![Node::fresh()],
            edges: Vec::new(),
            root: 0,
            rng: PlayoutRng::new(seed),
            cache: HashMap::new(),
            scratch: Scratch::default(),
            root_eval: None,
            visits: 0,
        }
    }

    pub fn to_move(&self) -> Colour {
        self.game.to_move()
    }

    /// Visits made from this root (those kept from the previous move included).
    pub fn visits(&self) -> u32 {
        let root = &self.nodes[self.root];
        self.edges[root.first as usize..(root.first + root.len) as usize]
            .iter()
            .map(|e| e.visits)
            .sum::<u32>()
            + self.visits.min(1)
    }

    /// Moves the root to the position of `game`, keeping what the tree knows when `game` is
    /// the old root's game plus moves found in the tree; otherwise starts afresh.
    pub fn advance(&mut self, game: &Game) {
        let old = self.game.moves().len();
        let played = game.moves();
        // Another board or other rules: nothing is shared, not even the evaluations cached by
        // position hash (an empty 9×9 and an empty 13×13 board hash alike).
        let same_game = game.size() == self.game.size() && game.rules() == self.game.rules();
        let reusable = same_game
            && played.len() >= old
            && played.len() - old <= 4
            && self.nodes.len() < MAX_NODES
            && played[..old] == *self.game.moves()
            && game.setup() == self.game.setup()
            && game.komi_half_points() == self.game.komi_half_points();
        let mut node = self.root;
        let mut pos = self.root_pos.clone();
        if reusable {
            for m in &played[old..] {
                let key = move_key(m.mv);
                let n = &self.nodes[node];
                let found = self.edges[n.first as usize..(n.first + n.len) as usize]
                    .iter()
                    .find(|e| e.mv == key && e.child != 0)
                    .map(|e| e.child as usize);
                match found {
                    Some(c) => {
                        node = c;
                        pos = pos.after(m.colour, m.mv);
                    }
                    None => {
                        node = usize::MAX;
                        break;
                    }
                }
            }
        }
        if !reusable || node == usize::MAX {
            let cache = std::mem::take(&mut self.cache);
            let seed = self.rng.next_u64();
            *self = Puct::new(game, seed);
            if same_game {
                self.cache = cache;
            }
            return;
        }
        self.game = game.clone();
        self.root_pos = pos;
        self.root = node;
        self.root_eval = None;
        self.visits = 1;
        // The old root's legality was simple ko; the new root's must be superko.
        let n = &self.nodes[node];
        if n.expanded {
            let (first, len) = (n.first as usize, n.len as usize);
            let c = self.game.to_move();
            for e in &mut self.edges[first..first + len] {
                if e.mv != PASS && !self.game.is_legal_point(c, Point(e.mv)) {
                    e.prior = 0.0;
                    e.visits = 0;
                    e.value_sum = 0.0;
                    e.lead_sum = 0.0;
                    e.child = 0;
                }
            }
        }
    }

    /// Runs `n` more visits.
    pub fn run(&mut self, net: &Network, n: u32) {
        // A root kept from the last move has its children but not its own evaluation (for the
        // ownership, the policy under superko, the resignation check): one evaluation more.
        if self.root_eval.is_none() && self.nodes[self.root].expanded {
            let pos = self.root_pos.clone();
            self.root_eval = Some(self.evaluate(&pos, net, true));
        }
        for _ in 0..n {
            self.visit(net);
        }
    }

    fn visit(&mut self, net: &Network) {
        let mut pos = self.root_pos.clone();
        let mut path: Vec<usize> = Vec::with_capacity(32);
        let mut node = self.root;
        let (leaf_value, leaf_lead);
        loop {
            if !self.nodes[node].expanded {
                let at_root = node == self.root;
                let (u, lead) = self.expand(node, &pos, net, at_root);
                (leaf_value, leaf_lead) = (-u, -lead);
                break;
            }
            let Some(e) = self.select(node) else {
                // No move at all (cannot happen: pass is always there); count as even.
                (leaf_value, leaf_lead) = (0.0, 0.0);
                break;
            };
            path.push(e);
            let edge = self.edges[e];
            if edge.mv == PASS {
                if let Some((v, margin)) = self.nodes[node].pass_ends {
                    (leaf_value, leaf_lead) = (v, margin);
                    break;
                }
            }
            let c = pos.to_move;
            pos = pos.after(c, edge_move(edge.mv));
            if edge.child == 0 {
                self.nodes.push(Node::fresh());
                let id = (self.nodes.len() - 1) as u32;
                self.edges[e].child = id;
            }
            node = self.edges[e].child as usize;
        }
        // `leaf_value` is for the side that made the last move of the path.
        let (mut v, mut lead) = (leaf_value, leaf_lead);
        for &e in path.iter().rev() {
            let edge = &mut self.edges[e];
            edge.visits += 1;
            edge.value_sum += v;
            edge.lead_sum += lead;
            v = -v;
            lead = -lead;
        }
        self.visits += 1;
    }

    fn select(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        let range = n.first as usize..(n.first + n.len) as usize;
        let (mut total, mut explored) = (0u32, 0.0f32);
        for e in &self.edges[range.clone()] {
            total += e.visits;
            if e.visits > 0 {
                explored += e.prior;
            }
        }
        let sqrt_n = ((total + 1) as f32).sqrt();
        let fpu = n.utility - FPU_REDUCTION * explored.sqrt();
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for i in range {
            let e = &self.edges[i];
            if e.prior <= 0.0 && e.visits == 0 && e.mv != PASS {
                continue;
            }
            let q = if e.visits > 0 {
                e.value_sum / e.visits as f32
            } else {
                fpu
            };
            let score = q + C_PUCT * e.prior * sqrt_n / (1.0 + e.visits as f32);
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        best
    }

    /// Evaluates and expands `node`; returns the utility and the lead for its side to move.
    fn expand(&mut self, node: usize, pos: &Position, net: &Network, at_root: bool) -> (f32, f32) {
        let eval = self.evaluate(pos, net, at_root);
        let c = pos.to_move;
        let size = pos.board.size();
        let first = self.edges.len() as u32;
        for (i, p) in size.points().enumerate() {
            if eval.policy[i] > 0.0 {
                self.edges.push(Edge {
                    mv: p.0,
                    prior: eval.policy[i],
                    visits: 0,
                    value_sum: 0.0,
                    lead_sum: 0.0,
                    child: 0,
                });
            }
        }
        let n2 = size.area() as usize;
        self.edges.push(Edge {
            mv: PASS,
            prior: eval.policy[n2],
            visits: 0,
            value_sum: 0.0,
            lead_sum: 0.0,
            child: 0,
        });
        let utility = utility(&eval, size.area());
        let pass_ends = (pos.trailing_passes() >= 1)
            .then(|| terminal_value(pos, &eval, c, self.game.komi_half_points()));
        let n = &mut self.nodes[node];
        n.first = first;
        n.len = self.edges.len() as u32 - first;
        n.expanded = true;
        n.utility = utility;
        n.pass_ends = pass_ends;
        let lead = eval.lead;
        if at_root {
            self.root_eval = Some(eval);
        }
        (utility, lead)
    }

    fn evaluate(&mut self, pos: &Position, net: &Network, at_root: bool) -> Evaluation {
        let key = position_key(pos);
        if !at_root {
            if let Some(e) = self.cache.get(&key) {
                return e.clone();
            }
        }
        let symmetry = self.rng.below(8) as u8;
        let eval = if at_root {
            let game = &self.game;
            let c = pos.to_move;
            net.evaluate(
                pos,
                symmetry,
                &|p| game.is_legal_point(c, p),
                &mut self.scratch,
            )
        } else {
            let b = &pos.board;
            let c = pos.to_move;
            net.evaluate(
                pos,
                symmetry,
                &|p| b.is_legal_simple_ko(c, p),
                &mut self.scratch,
            )
        };
        if !at_root {
            if self.cache.len() >= MAX_CACHE {
                self.cache.clear();
            }
            self.cache.insert(key, eval.clone());
        }
        eval
    }

    /// The root's network evaluation (after the first visit).
    pub fn root_evaluation(&self) -> Option<&Evaluation> {
        self.root_eval.as_ref()
    }

    /// The root's moves, most visited first (ties: higher prior first).
    pub fn candidates(&self) -> Vec<Candidate> {
        let root = &self.nodes[self.root];
        let mut out: Vec<(Candidate, f32)> = self.edges
            [root.first as usize..(root.first + root.len) as usize]
            .iter()
            .filter(|e| e.prior > 0.0 || e.visits > 0 || e.mv == PASS)
            .map(|e| {
                let q = if e.visits > 0 {
                    e.value_sum / e.visits as f32
                } else {
                    -root.utility
                };
                (
                    Candidate {
                        mv: edge_move(e.mv),
                        visits: e.visits,
                        win_rate: (q + 1.0) / 2.0,
                    },
                    e.prior,
                )
            })
            .collect();
        out.sort_by(|a, b| b.0.visits.cmp(&a.0.visits).then(b.1.total_cmp(&a.1)));
        out.into_iter().map(|(c, _)| c).collect()
    }

    /// The root's move priors (policy) with their moves, highest first.
    pub fn priors(&self) -> Vec<(Move, f32)> {
        let root = &self.nodes[self.root];
        let mut out: Vec<(Move, f32)> = self.edges
            [root.first as usize..(root.first + root.len) as usize]
            .iter()
            .map(|e| (edge_move(e.mv), e.prior))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }

    /// The side to move's chance of winning, 0–1, from the root's visits.
    pub fn win_rate(&self) -> f32 {
        let root = &self.nodes[self.root];
        let (mut n, mut v) = (0u32, 0.0f32);
        for e in &self.edges[root.first as usize..(root.first + root.len) as usize] {
            n += e.visits;
            v += e.value_sum;
        }
        let u = if n == 0 { root.utility } else { v / n as f32 };
        ((u + 1.0) / 2.0).clamp(0.0, 1.0)
    }

    /// The most visited move; resigns below `resign_below` (a win rate) once the search is
    /// sure, passes when passing is best.
    pub fn decide(&self, resign_below: Option<f32>) -> Decision {
        let cands = self.candidates();
        let Some(best) = cands.first() else {
            return Decision::Pass;
        };
        if let (Some(r), Some(eval)) = (resign_below, &self.root_eval) {
            if best.visits >= 16 && best.win_rate < r && eval.win < r {
                return Decision::Resign;
            }
        }
        best.mv.into()
    }

    /// A move drawn from the root's policy sharpened by `temperature` (0 → the top move),
    /// among moves with at least `floor` of the top move's probability.
    pub fn sample_policy(&mut self, temperature: f32, floor: f32) -> Decision {
        let priors = self.priors();
        let Some(&(top, p0)) = priors.first() else {
            return Decision::Pass;
        };
        if temperature <= 0.01 {
            return Decision::from(top);
        }
        let weights: Vec<(Move, f64)> = priors
            .iter()
            .filter(|(_, p)| *p >= p0 * floor && *p > 0.0)
            .map(|&(m, p)| (m, (p as f64 / p0 as f64).powf(1.0 / temperature as f64)))
            .collect();
        let total: f64 = weights.iter().map(|w| w.1).sum();
        let mut r = self.rng.unit() * total;
        for (m, w) in &weights {
            if r < *w {
                return Decision::from(*m);
            }
            r -= w;
        }
        Decision::from(top)
    }

    /// The search's random source (a ranked opponent's draw).
    pub fn rng(&mut self) -> &mut PlayoutRng {
        &mut self.rng
    }

    /// In cleanup (the opponent passed and the game may end): no pass while the opponent has
    /// stones the network calls dead on the board; the best move other than pass instead.
    pub fn cleanup(&self, decision: Decision) -> Decision {
        if decision != Decision::Pass {
            return decision;
        }
        let c = self.game.to_move();
        let Some(dead) = self.dead_stones() else {
            return decision;
        };
        let theirs_dead = dead
            .points()
            .into_iter()
            .any(|p| self.game.board().colour_at(p) == Some(c.opponent()));
        if !theirs_dead {
            return decision;
        }
        self.candidates()
            .iter()
            .find_map(|cand| match cand.mv {
                Move::Play(p) => Some(Decision::Play(p)),
                Move::Pass => None,
            })
            .unwrap_or(decision)
    }

    /// The stones the root's evaluation gives to the other side (after the first visit).
    pub fn dead_stones(&self) -> Option<DeadStones> {
        let eval = self.root_eval.as_ref()?;
        Some(dead_by_ownership(
            &self.root_pos,
            &eval.ownership,
            self.root_pos.to_move,
        ))
    }

    /// Ownership from the root's evaluation, Black's view: +1 Black, −1 White, row by row.
    pub fn ownership(&self) -> Option<Vec<f32>> {
        let eval = self.root_eval.as_ref()?;
        Some(match self.game.to_move() {
            Colour::Black => eval.ownership.clone(),
            Colour::White => eval.ownership.iter().map(|v| -v).collect(),
        })
    }

    /// Black's lead in points, komi included, as the search sees it: the leads of the root's
    /// visits averaged (KataGo's search score), the root's evaluation before any visit.
    pub fn search_lead(&self) -> Option<f32> {
        let root = &self.nodes[self.root];
        let (mut n, mut sum) = (0u32, 0.0f32);
        for e in &self.edges[root.first as usize..(root.first + root.len) as usize] {
            n += e.visits;
            sum += e.lead_sum;
        }
        // The edges hold the lead for the side moving from the root (the side to move here).
        let own = if n == 0 {
            self.root_eval.as_ref()?.lead
        } else {
            sum / n as f32
        };
        Some(match self.game.to_move() {
            Colour::Black => own,
            Colour::White => -own,
        })
    }

    /// The search's principal variation (KataGo's PV): from the root, the most visited move,
    /// then the most visited reply to it, and so on while a move has been searched, at most
    /// `max_len` moves. The line a review plays out after "the network would play here".
    pub fn principal_variation(&self, max_len: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut node = self.root;
        while line.len() < max_len {
            let n = &self.nodes[node];
            if !n.expanded {
                break;
            }
            let edges = &self.edges[n.first as usize..(n.first + n.len) as usize];
            let Some(best) = edges
                .iter()
                .filter(|e| e.visits > 0)
                .max_by(|a, b| a.visits.cmp(&b.visits).then(a.prior.total_cmp(&b.prior)))
            else {
                break;
            };
            line.push(edge_move(best.mv));
            if best.child == 0 {
                break;
            }
            node = best.child as usize;
        }
        line
    }

    /// Black's expected lead in points, komi included (from the root's evaluation).
    pub fn score_lead(&self) -> Option<f32> {
        let eval = self.root_eval.as_ref()?;
        Some(match self.game.to_move() {
            Colour::Black => eval.lead,
            Colour::White => -eval.lead,
        })
    }
}

impl Node {
    fn fresh() -> Node {
        Node {
            first: 0,
            len: 0,
            expanded: false,
            utility: 0.0,
            pass_ends: None,
        }
    }
}

fn move_key(m: Move) -> u16 {
    match m {
        Move::Play(p) => p.0,
        Move::Pass => PASS,
    }
}

fn edge_move(k: u16) -> Move {
    if k == PASS {
        Move::Pass
    } else {
        Move::Play(Point(k))
    }
}

/// The network's value as a utility for the side to move.
fn utility(eval: &Evaluation, points: u32) -> f32 {
    let scale = SCORE_SCALE * (points as f32).sqrt();
    (eval.win - eval.loss) + SCORE_WEIGHT * std::f32::consts::FRAC_2_PI * (eval.lead / scale).atan()
}

/// The value and the margin (points), for the side to move in `pos` passing after its opponent
/// passed, of the game ending now: the board counted with the stones the network gives to the
/// other side off.
fn terminal_value(pos: &Position, eval: &Evaluation, c: Colour, komi_half: i32) -> (f32, f32) {
    let dead = dead_by_ownership(pos, &eval.ownership, c);
    let area = count_area(&pos.board, &dead);
    let margin_black = area.black_half as i64 - area.white_half as i64 - komi_half as i64;
    let margin = match c {
        Colour::Black => margin_black,
        Colour::White => -margin_black,
    } as f32
        / 2.0;
    let points = pos.board.size().area();
    let scale = SCORE_SCALE * (points as f32).sqrt();
    let win = if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        -1.0
    } else {
        0.0
    };
    (
        win + SCORE_WEIGHT * std::f32::consts::FRAC_2_PI * (margin / scale).atan(),
        margin,
    )
}

/// Stones on ground the ownership gives to their opponent (`own` from `c`'s view).
fn dead_by_ownership(pos: &Position, own: &[f32], c: Colour) -> DeadStones {
    let mut dead = DeadStones::new();
    for (i, p) in pos.board.size().points().enumerate() {
        if let Some(s) = pos.board.colour_at(p) {
            let for_stone = if s == c { own[i] } else { -own[i] };
            if for_stone < 0.0 {
                dead.set(p, true);
            }
        }
    }
    dead
}

fn position_key(pos: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pos.board.hash().hash(&mut h);
    pos.to_move.hash(&mut h);
    pos.board.ko_point().map(|p| p.0).hash(&mut h);
    for (c, m) in &pos.recent {
        c.hash(&mut h);
        move_key(*m).hash(&mut h);
    }
    pos.white_komi.to_bits().hash(&mut h);
    h.finish()
}

/// Public for the GTP engine and the worker: whether the network is the right opponent for
/// this game (it knows neither capture Go nor boards beyond 19×19 or below 5×5).
pub fn suits(game: &Game) -> bool {
    game.rules().capture_goal.is_none() && (5..=19).contains(&game.size().get())
}

/// The network's dead stones for a finished game (the counting phase's suggestion): those
/// the ownership of one evaluation gives to the other side.
pub fn suggest_dead(net: &Network, game: &Game) -> DeadStones {
    let pos = Position::from_game(game);
    let c = pos.to_move;
    let legal = |p| pos.board.is_legal_simple_ko(c, p);
    let mut s = Scratch::default();
    // Average two symmetries: one evaluation's ownership is noisier at the borders.
    let a = net.evaluate(&pos, 0, &legal, &mut s);
    let b = net.evaluate(&pos, 5, &legal, &mut s);
    let own: Vec<f32> = a
        .ownership
        .iter()
        .zip(&b.ownership)
        .map(|(x, y)| (x + y) / 2.0)
        .collect();
    dead_by_ownership(&pos, &own, c)
}

//! KataGo's network, read and run by us: the model reader ([`model`]), the inputs
//! ([`features`], with [`area`] and [`ladder`]), the arithmetic ([`kernels`]: wasm SIMD or
//! portable) and here the forward pass and KataGo's post-processing (softmax over the legal
//! moves, value and score from the side to move, ownership through tanh).
//!
//! The model is data passed in (bytes read by the caller); nothing here fetches, times or
//! draws random numbers — a symmetry is chosen by the caller.

pub mod area;
pub mod features;
pub mod kernels;
pub mod ladder;
pub mod model;
pub mod winograd;

pub use features::Position;
pub use model::{Model, ModelError};

use crate::rules::{Colour, Point};
use features::{GLOBAL, SPATIAL};

/// What the network says about a position, from the side to move's point of view.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Move probabilities over the board's points (row by row from the top left) and, last,
    /// pass; illegal points are 0.
    pub policy: Vec<f32>,
    /// Probability that the side to move wins, loses, or that the game has no result.
    pub win: f32,
    pub loss: f32,
    pub no_result: f32,
    /// Expected final score and its mean square, and the lead (points ahead), all for the side
    /// to move, komi included.
    pub score_mean: f32,
    pub score_mean_sq: f32,
    pub lead: f32,
    /// −1…+1 for each point: +1 owned by the side to move.
    pub ownership: Vec<f32>,
}

/// The raw outputs of one forward pass.
pub struct Raw {
    pub policy: Vec<f32>,
    pub pass: f32,
    pub value: [f32; 3],
    pub score: [f32; 4],
    pub ownership: Vec<f32>,
}

/// Reusable buffers for forward passes (one per thread of evaluation).
#[derive(Default)]
pub struct Scratch {
    spatial: Vec<f32>,
    turned: Vec<f32>,
    padded: Vec<f32>,
    trunk: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
    c: Vec<f32>,
    v: Vec<f32>,
    w: Vec<f32>,
    tiles: Input,
}

/// A 3×3 layer's input as its kernel reads it: Winograd's transformed tiles, or a padded copy
/// for the direct kernel (a layer that does not fit Winograd's, in a model other than ours).
#[derive(Default)]
struct Input {
    v: Vec<f32>,
    m: Vec<f32>,
    act: Vec<f32>,
    padded: Vec<f32>,
    pw: usize,
}

impl Input {
    /// Reads `x` (`n`×`n`, `conv.cin` channels; through `pre` when given) for `conv` and any
    /// other layer of the same kind on the same input.
    fn read(&mut self, x: &[f32], n: usize, pre: Option<&model::Affine>, conv: &model::Conv) {
        if conv.winograd.is_empty() {
            self.pw = kernels::pad(x, n, conv.cin, conv.k / 2, pre, &mut self.padded);
        } else {
            // The batch norm once a point, not once for each tile that reads it.
            let x = match pre {
                Some(a) => {
                    self.act.clear();
                    self.act.extend_from_slice(x);
                    kernels::affine_relu(&mut self.act, a);
                    &self.act[..]
                }
                None => x,
            };
            winograd::input(x, n, conv.k, conv.cin, &mut self.v);
        }
    }

    fn conv(&mut self, n: usize, conv: &model::Conv, out: &mut [f32]) {
        if conv.winograd.is_empty() {
            kernels::conv(&self.padded, self.pw, n, conv, out);
        } else {
            winograd::multiply(&self.v, n, conv, &conv.winograd, &mut self.m);
            winograd::output(&self.m, n, conv, out);
        }
    }
}

/// `out = conv(pre(x))`, a convolution that keeps the board's size.
fn same(
    x: &[f32],
    n: usize,
    pre: Option<&model::Affine>,
    conv: &model::Conv,
    tiles: &mut Input,
    out: &mut [f32],
) {
    tiles.read(x, n, pre, conv);
    tiles.conv(n, conv, out);
}

/// A loaded network.
pub struct Network {
    pub model: Model,
}

impl Network {
    pub fn new(model: Model) -> Network {
        Network { model }
    }

    /// Evaluates `pos` seen through `symmetry` (0–7, KataGo's numbering: bit 1 flips rows,
    /// bit 2 flips columns, bit 4 transposes); the answer is in the board's own orientation.
    /// `legal(p)` says which points the side to move may play (pass always may).
    pub fn evaluate(
        &self,
        pos: &Position,
        symmetry: u8,
        legal: &dyn Fn(Point) -> bool,
        s: &mut Scratch,
    ) -> Evaluation {
        let n = pos.board.size().get() as usize;
        let mut global = [0.0f32; GLOBAL];
        let mut spatial = std::mem::take(&mut s.spatial);
        features::encode(pos, &mut spatial, &mut global);
        let mut turned = std::mem::take(&mut s.turned);
        turned.clear();
        turned.resize(spatial.len(), 0.0);
        for y in 0..n {
            for x in 0..n {
                let to = turn(symmetry, n, y, x, false);
                turned[to * SPATIAL..(to + 1) * SPATIAL]
                    .copy_from_slice(&spatial[(y * n + x) * SPATIAL..(y * n + x + 1) * SPATIAL]);
            }
        }
        let raw = self.forward(&turned, &global, n, s);
        s.spatial = spatial;
        s.turned = turned;

        // Back to the board's orientation.
        let mut policy_logits = vec![0.0f32; n * n];
        let mut own_raw = vec![0.0f32; n * n];
        for y in 0..n {
            for x in 0..n {
                let to = turn(symmetry, n, y, x, true);
                policy_logits[to] = raw.policy[y * n + x];
                own_raw[to] = raw.ownership[y * n + x];
            }
        }
        let size = pos.board.size();
        let mut policy = vec![0.0f32; n * n + 1];
        let mut max = raw.pass;
        let mut legal_at = vec![false; n * n];
        for (i, p) in size.points().enumerate() {
            if legal(p) {
                legal_at[i] = true;
                max = max.max(policy_logits[i]);
            }
        }
        let mut sum = 0.0f32;
        for i in 0..n * n {
            if legal_at[i] {
                policy[i] = (policy_logits[i] - max).exp();
                sum += policy[i];
            }
        }
        policy[n * n] = (raw.pass - max).exp();
        sum += policy[n * n];
        for v in &mut policy {
            *v /= sum;
        }

        let [w, l, nr] = raw.value.map(f64::from);
        let m = w.max(l).max(nr);
        let (ew, el, en) = ((w - m).exp(), (l - m).exp(), (nr - m).exp());
        let total = ew + el + en;
        let (win, loss, no_result) = (ew / total, el / total, en / total);
        let softplus = |x: f64| if x > 30.0 { x } else { x.exp().ln_1p() };
        let score_mean = f64::from(raw.score[0]) * 20.0;
        let stdev = softplus(f64::from(raw.score[1])) * 20.0;
        let lead = f64::from(raw.score[2]) * 20.0;
        Evaluation {
            policy,
            win: win as f32,
            loss: loss as f32,
            no_result: no_result as f32,
            score_mean: (score_mean * (1.0 - no_result)) as f32,
            score_mean_sq: ((score_mean * score_mean + stdev * stdev) * (1.0 - no_result)) as f32,
            lead: (lead * (1.0 - no_result)) as f32,
            ownership: own_raw.iter().map(|v| v.tanh()).collect(),
        }
    }

    /// The forward pass on `[point][plane]` inputs of an `n`×`n` board.
    pub fn forward(
        &self,
        spatial: &[f32],
        global: &[f32; GLOBAL],
        n: usize,
        s: &mut Scratch,
    ) -> Raw {
        use kernels::*;
        use model::Block;
        let m = &self.model;
        let tc = m.trunk_channels;
        let area = n * n;

        s.trunk.resize(area * tc, 0.0);
        same(spatial, n, None, &m.first, &mut s.tiles, &mut s.trunk);
        dense(global, &m.global_to_trunk, &mut s.v);
        add_channel_bias(&mut s.trunk, &s.v);

        for block in &m.blocks {
            match block {
                Block::Ordinary { pre, conv1, conv2 } => {
                    s.a.resize(area * conv1.cout, 0.0);
                    same(&s.trunk, n, Some(pre), conv1, &mut s.tiles, &mut s.a);
                    relu(&mut s.a);
                    s.b.resize(area * tc, 0.0);
                    same(&s.a, n, None, conv2, &mut s.tiles, &mut s.b);
                    add(&mut s.trunk, &s.b);
                }
                Block::GlobalPooling {
                    pre,
                    regular,
                    gpool,
                    gpool_to_bias,
                    last,
                } => {
                    // One input (its tiles, or its padded copy) for both branches.
                    s.a.resize(area * regular.cout, 0.0);
                    s.c.resize(area * gpool.cout, 0.0);
                    if regular.winograd.is_empty() == gpool.winograd.is_empty() {
                        s.tiles.read(&s.trunk, n, Some(pre), regular);
                        s.tiles.conv(n, regular, &mut s.a);
                        s.tiles.conv(n, gpool, &mut s.c);
                    } else {
                        same(&s.trunk, n, Some(pre), regular, &mut s.tiles, &mut s.a);
                        same(&s.trunk, n, Some(pre), gpool, &mut s.tiles, &mut s.c);
                    }
                    relu(&mut s.c);
                    global_pool(&s.c, gpool.cout, &mut s.v);
                    dense(&s.v, gpool_to_bias, &mut s.w);
                    add_channel_bias(&mut s.a, &s.w);
                    relu(&mut s.a);
                    s.b.resize(area * tc, 0.0);
                    same(&s.a, n, None, last, &mut s.tiles, &mut s.b);
                    add(&mut s.trunk, &s.b);
                }
            }
        }

        let pw = pad(&s.trunk, n, tc, 0, Some(&m.tip), &mut s.padded);
        s.a.resize(area * m.p1.cout, 0.0);
        conv(&s.padded, pw, n, &m.p1, &mut s.a);
        s.c.resize(area * m.g1.cout, 0.0);
        conv(&s.padded, pw, n, &m.g1, &mut s.c);
        relu(&mut s.c);
        global_pool(&s.c, m.g1.cout, &mut s.v);
        dense(&s.v, &m.g1_to_p1, &mut s.w);
        add_channel_bias(&mut s.a, &s.w);
        relu(&mut s.a);
        let mut pass = Vec::new();
        dense(&s.v, &m.g1_to_pass, &mut pass);
        let mut v1 = vec![0.0; area * m.v1.cout];
        conv(&s.padded, pw, n, &m.v1, &mut v1);
        relu(&mut v1);

        let pw = pad(&s.a, n, m.p1.cout, 0, None, &mut s.padded);
        let mut policy = vec![0.0; area];
        conv(&s.padded, pw, n, &m.p2, &mut policy);

        value_pool(&v1, m.v1.cout, &mut s.v);
        dense(&s.v, &m.v2, &mut s.w);
        relu(&mut s.w);
        let mut value = Vec::new();
        dense(&s.w, &m.v3, &mut value);
        let mut score = Vec::new();
        dense(&s.w, &m.sv3, &mut score);
        let pw = pad(&v1, n, m.v1.cout, 0, None, &mut s.padded);
        let mut ownership = vec![0.0; area];
        conv(&s.padded, pw, n, &m.ownership, &mut ownership);

        Raw {
            policy,
            pass: pass[0],
            value: [value[0], value[1], value[2]],
            score: [score[0], score[1], score[2], score[3]],
            ownership,
        }
    }
}

/// Where the point at row `y`, column `x` goes under `symmetry` (KataGo's
/// `copyWithSymmetry`): forward for inputs, `reverse` for outputs back to the board.
pub fn turn(symmetry: u8, n: usize, y: usize, x: usize, reverse: bool) -> usize {
    let transpose = symmetry & 4 != 0;
    let (mut flip_x, mut flip_y) = (symmetry & 2 != 0, symmetry & 1 != 0);
    if transpose && !reverse {
        std::mem::swap(&mut flip_x, &mut flip_y);
    }
    // KataGo flips rows and columns first and then swaps the strides, so under a transpose
    // a point's column decides its new row (flipped by the row flag) and vice versa.
    let (row, col) = if transpose { (x, y) } else { (y, x) };
    let row = if flip_y { n - 1 - row } else { row };
    let col = if flip_x { n - 1 - col } else { col };
    row * n + col
}

/// Index of a point in the network's row-major order.
pub fn point_index(size: crate::rules::BoardSize, p: Point) -> usize {
    let (x, y) = size.col_row(p);
    y as usize * size.get() as usize + x as usize
}

/// The side to move's ownership turned into White's (+1 = White), as KataGo prints it.
pub fn white_view(values: &[f32], to_move: Colour) -> Vec<f32> {
    match to_move {
        Colour::White => values.to_vec(),
        Colour::Black => values.iter().map(|v| -v).collect(),
    }
}

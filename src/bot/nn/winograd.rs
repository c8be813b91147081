//! The trunk's 3×3 convolutions by Winograd's minimal filtering, F(4×4, 3×3) (Lavin & Gray,
//! "Fast Algorithms for Convolutional Neural Networks", 2015; KataGo's Eigen backend does the
//! same): the board is cut in 4×4 output tiles, each read as a 6×6 input tile; in the
//! transformed domain a 3×3 convolution is 36 independent products of a tile's channels by a
//! `cin`×`cout` matrix, so a tile costs 36·cin·cout multiplications instead of 144·cin·cout.
//! On 19×19 (25 tiles) that is 3.6× fewer than the direct kernel, on 9×9 (9 tiles) 2.25×.
//!
//! Three steps: [`input`] gathers and transforms each tile (`V = Bᵀ·d·B`, a batch norm and
//! ReLU applied on the way when the layer has one), [`multiply`] runs the 36 products (the
//! same register-blocked kernel as the direct convolution, [`super::kernels::matmul`]), and
//! [`output`] turns each tile back (`Y = Aᵀ·M·A`) and adds the bias. The weights are turned
//! once when the model is read ([`weights`]: `U = G·g·Gᵀ`).
//!
//! Layouts: `V` is `[ξ][tile][cin]`, `U` `[ξ][cin][cout]`, `M` `[ξ][tile][cout]`, with
//! ξ = 6·a + b the place in the 6×6 tile; tiles row by row, their count rounded up to the
//! kernel's block of tiles (the spare tiles are zero).

use super::kernels::{self, three_operand_fn};
use super::model::Conv;

/// Input points per tile side.
const TILE: usize = 6;
/// Places in a tile.
pub const XI: usize = TILE * TILE;

/// `Bᵀ`: the input transform.
const BT: [[f32; 6]; 6] = [
    [4.0, 0.0, -5.0, 0.0, 1.0, 0.0],
    [0.0, -4.0, -4.0, 1.0, 1.0, 0.0],
    [0.0, 4.0, -4.0, -1.0, 1.0, 0.0],
    [0.0, -2.0, -1.0, 2.0, 1.0, 0.0],
    [0.0, 2.0, -1.0, -2.0, 1.0, 0.0],
    [0.0, 4.0, 0.0, -5.0, 0.0, 1.0],
];

/// One of the two transforms on the same six points (0, ±1, ±2, ∞, so `Bᵀ` is shared):
/// F(4×4, 3×3) for the trunk, F(2×2, 5×5) for the first layer.
struct Scheme {
    /// Output points per tile side.
    out: usize,
    /// `G`, the weights' transform (a `k`-tap row each, zeros beyond).
    g: [[f32; 5]; 6],
    /// `Aᵀ`, the output transform (`out` rows).
    at: &'static [[f32; 6]],
}

const F4X3: Scheme = Scheme {
    out: 4,
    g: [
        [1.0 / 4.0, 0.0, 0.0, 0.0, 0.0],
        [-1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0, 0.0, 0.0],
        [-1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0, 0.0, 0.0],
        [1.0 / 24.0, 1.0 / 12.0, 1.0 / 6.0, 0.0, 0.0],
        [1.0 / 24.0, -1.0 / 12.0, 1.0 / 6.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0, 0.0],
    ],
    at: &[
        [1.0, 1.0, 1.0, 1.0, 1.0, 0.0],
        [0.0, 1.0, -1.0, 2.0, -2.0, 0.0],
        [0.0, 1.0, 1.0, 4.0, 4.0, 0.0],
        [0.0, 1.0, -1.0, 8.0, -8.0, 1.0],
    ],
};

/// The rows of `G` are the powers of each point over the product of its distances to the
/// others (4, −6, −6, 24, 24; the point at infinity takes the last tap).
const F2X5: Scheme = Scheme {
    out: 2,
    g: [
        [1.0 / 4.0, 0.0, 0.0, 0.0, 0.0],
        [-1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0],
        [-1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0],
        [1.0 / 24.0, 2.0 / 24.0, 4.0 / 24.0, 8.0 / 24.0, 16.0 / 24.0],
        [
            1.0 / 24.0,
            -2.0 / 24.0,
            4.0 / 24.0,
            -8.0 / 24.0,
            16.0 / 24.0,
        ],
        [0.0, 0.0, 0.0, 0.0, 1.0],
    ],
    at: &[
        [1.0, 1.0, 1.0, 1.0, 1.0, 0.0],
        [0.0, 1.0, -1.0, 2.0, -2.0, 1.0],
    ],
};

fn scheme(k: usize) -> &'static Scheme {
    if k == 5 {
        &F2X5
    } else {
        &F4X3
    }
}

/// Whether a convolution runs here: 3×3 or 5×5, its outputs in whole lane groups.
pub fn fits(conv: &Conv) -> bool {
    (conv.k == 3 || conv.k == 5) && conv.cout.is_multiple_of(kernels::LANES_OUT)
}

/// `U = G·g·Gᵀ` for each input and output channel of a 3×3 convolution (`[ky][kx][in][out]`):
/// for each ξ, the `in`×`out` matrix in [`kernels::matmul`]'s order; four times the weights'
/// size.
pub fn weights(conv: &Conv) -> Vec<f32> {
    assert!(fits(conv));
    let (k, g) = (conv.k, &scheme(conv.k).g);
    let (cin, cout) = (conv.cin, conv.cout);
    let pairs = cin * cout;
    let mut u = vec![0.0f32; XI * pairs];
    for i in 0..pairs {
        let w = |ky: usize, kx: usize| conv.w[(ky * k + kx) * pairs + i];
        for a in 0..TILE {
            for b in 0..TILE {
                let mut sum = 0.0f32;
                for (ky, &ga) in g[a].iter().enumerate().take(k) {
                    for (kx, &gb) in g[b].iter().enumerate().take(k) {
                        sum += ga * w(ky, kx) * gb;
                    }
                }
                let (ci, co) = (i / cout, i % cout);
                u[(a * TILE + b) * pairs + kernels::weight_at(ci, co, cin)] = sum;
            }
        }
    }
    u
}

/// Tiles a side on an `n`×`n` board for a `k`×`k` kernel.
fn tiles_across(n: usize, k: usize) -> usize {
    n.div_ceil(scheme(k).out)
}

/// Tiles with the kernel's spare ones (a whole number of its blocks).
fn tiles_padded(n: usize, k: usize) -> usize {
    let t = tiles_across(n, k);
    let t = t * t;
    t.next_multiple_of(kernels::tile_block(t))
}

three_operand_fn! {
/// `V` for a `k`×`k` kernel over the `n`×`n`×`c` activations `x`, zero outside the board; each value [`kernels::SPREAD`] times, as the products read it.
pub fn input(x: &[f32], n: usize, k: usize, c: usize, v: &mut Vec<f32>) {
    let (out, reach) = (scheme(k).out, k / 2);
    let across = tiles_across(n, k);
    let tiles = tiles_padded(n, k);
    const S: usize = kernels::SPREAD;
    // Every real tile is written below, the spare ones zeroed here.
    let (real, spread) = (across * across, c * S);
    v.resize(XI * tiles * spread, 0.0);
    for xi in 0..XI {
        v[(xi * tiles + real) * spread..(xi + 1) * tiles * spread].fill(0.0);
    }
    // The board with the zeros the tiles reach beyond it, copied once a row (not a tile's 36
    // points one by one: on wasm each copy is a call).
    let side = (across - 1) * out + TILE;
    let mut padded = vec![0.0f32; side * side * c];
    for y in 0..n {
        let at = ((y + reach) * side + reach) * c;
        padded[at..at + n * c].copy_from_slice(&x[y * n * c..(y + 1) * n * c]);
    }
    let mut t = vec![0.0f32; XI * c];
    let mut column = vec![0.0f32; c];
    for ty in 0..across {
        for tx in 0..across {
            // t = Bᵀ·d over the tile's rows (d: the 6×6 tile of `padded` from `corner`).
            let corner = (ty * side + tx) * out * c;
            for (r, coefs) in BT.iter().enumerate() {
                for j in 0..TILE {
                    let at = (r * TILE + j) * c;
                    mix(&mut t[at..at + c], coefs, &padded, |k| corner + (k * side + j) * c);
                }
            }
            // Then V = t·B: V[a][b] = Σ_j t[a][j]·Bᵀ[b][j].
            let tile = ty * across + tx;
            for a in 0..TILE {
                for (b, coefs) in BT.iter().enumerate() {
                    mix(&mut column, coefs, &t, |j| (a * TILE + j) * c);
                    let at = ((a * TILE + b) * tiles + tile) * spread;
                    for (o, &x) in v[at..at + spread].chunks_exact_mut(S).zip(&column) {
                        o.fill(x);
                    }
                }
            }
        }
    }
}
}

/// `out[r][j] = Σ_k m[r][k]·src[k][j]` over 6-column grids of channel vectors (zero factors
/// skipped).
#[inline(always)]
fn combine(m: &[[f32; 6]], src: &[f32], out: &mut [f32], c: usize) {
    for (r, coefs) in m.iter().enumerate() {
        for j in 0..TILE {
            let at = (r * TILE + j) * c;
            mix(&mut out[at..at + c], coefs, src, |k| (k * TILE + j) * c);
        }
    }
}

/// `o = Σ_k coefs[k]·src[at(k)..]` (channel vectors; zero factors skipped, the first term
/// written rather than added to a cleared vector).
#[inline(always)]
fn mix(o: &mut [f32], coefs: &[f32; 6], src: &[f32], at: impl Fn(usize) -> usize) {
    let mut first = true;
    for (k, &f) in coefs.iter().enumerate() {
        if f == 0.0 {
            continue;
        }
        let s = &src[at(k)..at(k) + o.len()];
        if first {
            for (o, &s) in o.iter_mut().zip(s) {
                *o = f * s;
            }
            first = false;
        } else {
            kernels::add_scaled(o, f, s);
        }
    }
}

/// `M[ξ] = V[ξ]·U[ξ]` for the 36 places.
pub fn multiply(v: &[f32], n: usize, conv: &Conv, u: &[f32], m: &mut Vec<f32>) {
    let tiles = tiles_padded(n, conv.k);
    let (cin, cout) = (conv.cin, conv.cout);
    // Written whole by the products.
    m.resize(XI * tiles * cout, 0.0);
    for xi in 0..XI {
        kernels::matmul(
            &v[xi * tiles * cin * kernels::SPREAD..(xi + 1) * tiles * cin * kernels::SPREAD],
            tiles,
            &u[xi * cin * cout..(xi + 1) * cin * cout],
            cin,
            cout,
            &mut m[xi * tiles * cout..(xi + 1) * tiles * cout],
        );
    }
}

three_operand_fn! {
/// `out = Aᵀ·M·A + bias` on the board's points.
pub fn output(m: &[f32], n: usize, conv: &Conv, out: &mut [f32]) {
    let c = conv.cout;
    let Scheme { out: side, at, .. } = scheme(conv.k);
    let across = tiles_across(n, conv.k);
    let tiles = tiles_padded(n, conv.k);
    assert_eq!(out.len(), n * n * c);
    let mut grid = vec![0.0f32; XI * c];
    let mut rows = vec![0.0f32; side * TILE * c];
    for ty in 0..across {
        for tx in 0..across {
            let tile = ty * across + tx;
            for xi in 0..XI {
                let from = (xi * tiles + tile) * c;
                grid[xi * c..(xi + 1) * c].copy_from_slice(&m[from..from + c]);
            }
            // rows = Aᵀ·M (4×6), then each output point = rows·A.
            combine(at, &grid, &mut rows, c);
            for p in 0..*side {
                let y = ty * side + p;
                if y >= n {
                    break;
                }
                for (q, coefs) in at.iter().enumerate() {
                    let x = tx * side + q;
                    if x >= n {
                        break;
                    }
                    let o = &mut out[(y * n + x) * c..(y * n + x + 1) * c];
                    o.copy_from_slice(&conv.bias);
                    for (k, &f) in coefs.iter().enumerate() {
                        if f != 0.0 {
                            let from = (p * TILE + k) * c;
                            kernels::add_scaled(o, f, &rows[from..from + c]);
                        }
                    }
                }
            }
        }
    }
}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::nn::model::Affine;

    /// A convolution with weights and biases from a little generator (no `rand` in the core).
    fn conv(k: usize, cin: usize, cout: usize, seed: u32) -> Conv {
        let mut s = seed;
        let mut next = move || {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (s >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        };
        Conv {
            k,
            cin,
            cout,
            w: (0..k * k * cin * cout).map(|_| next()).collect(),
            bias: (0..cout).map(|_| next()).collect(),
            winograd: Vec::new(),
        }
    }

    /// The Winograd convolution equals the direct one on every board size the app plays, with
    /// and without a batch norm on the way in.
    #[test]
    fn winograd_equals_the_direct_convolution() {
        for (n, k, cin, cout) in [
            (9, 3, 16, 8),
            (13, 3, 8, 16),
            (19, 3, 24, 8),
            (5, 3, 8, 8),
            (7, 3, 8, 24),
            (9, 5, 22, 8),
            (19, 5, 22, 16),
            (13, 5, 8, 8),
        ] {
            let cv = conv(k, cin, cout, n as u32);
            let u = weights(&cv);
            let x: Vec<f32> = (0..n * n * cin)
                .map(|i| ((i * 37 % 101) as f32 - 50.0) / 25.0)
                .collect();
            let pre = Affine {
                scale: (0..cin).map(|c| 0.5 + c as f32 / 10.0).collect(),
                shift: (0..cin).map(|c| c as f32 / 7.0 - 0.8).collect(),
            };
            for pre in [None, Some(&pre)] {
                let mut padded = Vec::new();
                let pw = kernels::pad(&x, n, cin, k / 2, pre, &mut padded);
                let mut direct = vec![0.0; n * n * cout];
                kernels::conv(&padded, pw, n, &cv, &mut direct);
                let (mut v, mut m) = (Vec::new(), Vec::new());
                let mut read = x.clone();
                if let Some(a) = pre {
                    kernels::affine_relu(&mut read, a);
                }
                input(&read, n, k, cin, &mut v);
                multiply(&v, n, &cv, &u, &mut m);
                let mut fast = vec![0.0; n * n * cout];
                output(&m, n, &cv, &mut fast);
                let worst = direct
                    .iter()
                    .zip(&fast)
                    .map(|(a, b)| (a - b).abs() / (1.0 + a.abs()))
                    .fold(0.0f32, f32::max);
                assert!(
                    worst < 1e-4,
                    "{k}×{k} on {n}×{n}, {cin}→{cout}: off by {worst}"
                );
            }
        }
    }
}

//! The network's arithmetic: convolutions over a zero-padded board, pooling, dense layers.
//!
//! Activations are `[point][channel]` (NHWC, one position), points row by row from the top
//! left. A convolution reads a padded copy of its input ([`pad`]): `p` zero rows and columns
//! around the board (p = k/2) and [`SPARE`] more zero columns on the right, so the kernel
//! always computes [`P`] neighbouring points at once without a bounds test.
//!
//! One kernel, two vector types: with `simd128` on wasm32 a lane group is a `v128`
//! (`core::arch::wasm32`), elsewhere it is `[f32; 4]`, which native compilers vectorise by
//! themselves. Both paths compute the same sums in the same order.

use super::model::{Affine, Conv, Dense};

/// Points computed together (neighbours on one row).
pub const P: usize = 4;
/// Output channels computed together: two groups of four lanes.
const L: usize = 8;
/// Zero columns on the right of a padded board beyond the convolution's own padding.
pub const SPARE: usize = P - 1;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod lanes {
    use core::arch::wasm32::*;
    pub type V = v128;
    #[inline(always)]
    pub unsafe fn load(p: *const f32) -> V {
        v128_load(p as *const v128)
    }
    #[inline(always)]
    pub unsafe fn store(p: *mut f32, v: V) {
        v128_store(p as *mut v128, v)
    }
    #[inline(always)]
    pub fn splat(x: f32) -> V {
        f32x4_splat(x)
    }
    #[inline(always)]
    pub fn mul_add(acc: V, a: V, b: V) -> V {
        f32x4_add(acc, f32x4_mul(a, b))
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod lanes {
    pub type V = [f32; 4];
    #[inline(always)]
    pub unsafe fn load(p: *const f32) -> V {
        unsafe { [*p, *p.add(1), *p.add(2), *p.add(3)] }
    }
    #[inline(always)]
    pub unsafe fn store(p: *mut f32, v: V) {
        unsafe {
            for (i, x) in v.into_iter().enumerate() {
                *p.add(i) = x;
            }
        }
    }
    #[inline(always)]
    pub fn splat(x: f32) -> V {
        [x; 4]
    }
    #[inline(always)]
    pub fn mul_add(acc: V, a: V, b: V) -> V {
        [
            acc[0] + a[0] * b[0],
            acc[1] + a[1] * b[1],
            acc[2] + a[2] * b[2],
            acc[3] + a[3] * b[3],
        ]
    }
}

/// Whether this build runs the wasm SIMD kernels.
pub const SIMD: bool = cfg!(all(target_arch = "wasm32", target_feature = "simd128"));

/// Copies the `n`×`n`×`c` activations `x` into `out` with `p` zero rows and columns around
/// them and [`SPARE`] more on the right; with `pre`, each value goes through `max(x·s + t, 0)`
/// on the way (a batch norm and ReLU that could not be folded). Returns the padded width.
pub fn pad(
    x: &[f32],
    n: usize,
    c: usize,
    p: usize,
    pre: Option<&Affine>,
    out: &mut Vec<f32>,
) -> usize {
    let pw = n + 2 * p + SPARE;
    let ph = n + 2 * p;
    out.clear();
    out.resize(pw * ph * c, 0.0);
    for y in 0..n {
        let src = &x[y * n * c..(y + 1) * n * c];
        let at = ((y + p) * pw + p) * c;
        let dst = &mut out[at..at + n * c];
        match pre {
            None => dst.copy_from_slice(src),
            Some(a) => {
                for (d, s) in dst.chunks_exact_mut(c).zip(src.chunks_exact(c)) {
                    for ch in 0..c {
                        d[ch] = (s[ch] * a.scale[ch] + a.shift[ch]).max(0.0);
                    }
                }
            }
        }
    }
    pw
}

/// `out = conv(src)` for a board padded by [`pad`] with `conv.k / 2` and width `pw`.
pub fn conv(src: &[f32], pw: usize, n: usize, conv: &Conv, out: &mut [f32]) {
    let (k, cin, cout) = (conv.k, conv.cin, conv.cout);
    assert_eq!(src.len(), pw * (n + k - 1) * cin);
    assert!(pw >= n + k - 1 + SPARE);
    assert_eq!(out.len(), n * n * cout);
    assert_eq!(conv.w.len(), k * k * cin * cout);
    if cout % L != 0 {
        return conv_narrow(src, pw, n, conv, out);
    }
    // Rows of 9 split evenly in threes; other sizes waste less in fours.
    if n.is_multiple_of(3) && !n.is_multiple_of(4) {
        conv_blocks::<3>(src, pw, n, conv, out)
    } else {
        conv_blocks::<P>(src, pw, n, conv, out)
    }
}

/// The kernel: `Q` points × [`L`] output channels of accumulators, the input channels and the
/// kernel's taps summed into them.
fn conv_blocks<const Q: usize>(src: &[f32], pw: usize, n: usize, conv: &Conv, out: &mut [f32]) {
    let (k, cin, cout) = (conv.k, conv.cin, conv.cout);
    use lanes::*;
    let w = conv.w.as_ptr();
    let s = src.as_ptr();
    for y in 0..n {
        for x0 in (0..n).step_by(Q) {
            let points = Q.min(n - x0);
            for co in (0..cout).step_by(L) {
                // SAFETY: `co + L <= cout` and the bias has `cout` values.
                let b0 = unsafe { load(conv.bias.as_ptr().add(co)) };
                let b1 = unsafe { load(conv.bias.as_ptr().add(co + 4)) };
                let mut acc = [[b0, b1]; Q];
                for ky in 0..k {
                    for kx in 0..k {
                        let row = ((y + ky) * pw + x0 + kx) * cin;
                        let wrow = (ky * k + kx) * cin * cout + co;
                        for ci in 0..cin {
                            // SAFETY: the asserts above bound every index: the padded board
                            // has `k - 1 + SPARE` columns beyond the last point read, and the
                            // weights hold `k·k·cin·cout` values.
                            unsafe {
                                let wp = w.add(wrow + ci * cout);
                                let w0 = load(wp);
                                let w1 = load(wp.add(4));
                                for (j, a) in acc.iter_mut().enumerate() {
                                    let v = splat(*s.add(row + j * cin + ci));
                                    a[0] = mul_add(a[0], v, w0);
                                    a[1] = mul_add(a[1], v, w1);
                                }
                            }
                        }
                    }
                }
                for (j, a) in acc.iter().enumerate().take(points) {
                    let at = (y * n + x0 + j) * cout + co;
                    // SAFETY: `at + L <= n·n·cout` for the points of the board.
                    unsafe {
                        store(out.as_mut_ptr().add(at), a[0]);
                        store(out.as_mut_ptr().add(at + 4), a[1]);
                    }
                }
            }
        }
    }
}

/// The plain loop for heads with few outputs (the policy and ownership maps).
fn conv_narrow(src: &[f32], pw: usize, n: usize, conv: &Conv, out: &mut [f32]) {
    let (k, cin, cout) = (conv.k, conv.cin, conv.cout);
    for y in 0..n {
        for x in 0..n {
            for co in 0..cout {
                let mut acc = conv.bias[co];
                for ky in 0..k {
                    for kx in 0..k {
                        let row = ((y + ky) * pw + x + kx) * cin;
                        let wrow = (ky * k + kx) * cin * cout + co;
                        for ci in 0..cin {
                            acc += src[row + ci] * conv.w[wrow + ci * cout];
                        }
                    }
                }
                out[(y * n + x) * cout + co] = acc;
            }
        }
    }
}

/// `out = x·W + b`.
pub fn dense(x: &[f32], d: &Dense, out: &mut Vec<f32>) {
    out.clear();
    out.extend_from_slice(&d.bias);
    for (ci, &v) in x.iter().enumerate().take(d.cin) {
        let row = &d.w[ci * d.cout..(ci + 1) * d.cout];
        for (o, w) in out.iter_mut().zip(row) {
            *o += v * w;
        }
    }
}

pub fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

/// Adds `bias[c]` to every point's channel `c`.
pub fn add_channel_bias(x: &mut [f32], bias: &[f32]) {
    for point in x.chunks_exact_mut(bias.len()) {
        for (v, b) in point.iter_mut().zip(bias) {
            *v += b;
        }
    }
}

pub fn add(x: &mut [f32], y: &[f32]) {
    for (a, b) in x.iter_mut().zip(y) {
        *a += b;
    }
}

/// KataGo's global pooling of `c` channels over `area` points: the mean, the mean scaled by
/// `(√area − 14)/10`, and the max (the inputs follow a ReLU, so the max is at least 0).
pub fn global_pool(x: &[f32], c: usize, out: &mut Vec<f32>) {
    let (sum, max) = sums(x, c);
    let area = (x.len() / c) as f32;
    let scale = (area.sqrt() - 14.0) * 0.1;
    out.clear();
    out.extend(sum.iter().map(|s| s / area));
    out.extend(sum.iter().map(|s| s / area * scale));
    out.extend(max);
}

/// The value head's pooling: the mean, the mean scaled by `(√area − 14)/10`, and by
/// `((√area − 14)² / 100 − 0.1)`.
pub fn value_pool(x: &[f32], c: usize, out: &mut Vec<f32>) {
    let (sum, _) = sums(x, c);
    let area = (x.len() / c) as f32;
    let d = area.sqrt() - 14.0;
    out.clear();
    out.extend(sum.iter().map(|s| s / area));
    out.extend(sum.iter().map(|s| s / area * d * 0.1));
    out.extend(sum.iter().map(|s| s / area * (d * d * 0.01 - 0.1)));
}

fn sums(x: &[f32], c: usize) -> (Vec<f32>, Vec<f32>) {
    let mut sum = vec![0.0f32; c];
    let mut max = vec![-1.0f32; c];
    for point in x.chunks_exact(c) {
        for ch in 0..c {
            sum[ch] += point[ch];
            max[ch] = max[ch].max(point[ch]);
        }
    }
    (sum, max)
}

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
/// [`L`], for the layers that choose a kernel by it.
pub const LANES_OUT: usize = L;
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
    /// With relaxed SIMD, one fused multiply-add where the processor has one (wasm's
    /// `f32x4.relaxed_madd`: one rounding or two, as the machine does it).
    #[cfg(target_feature = "relaxed-simd")]
    #[inline(always)]
    pub fn mul_add(acc: V, a: V, b: V) -> V {
        f32x4_relaxed_madd(a, b, acc)
    }
    #[cfg(not(target_feature = "relaxed-simd"))]
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

/// Whether to run the kernels compiled for AVX (x86-64 processors that have it): the same sums
/// in the same order, without the register copies SSE's two-operand form needs, and LLVM pairs
/// a block's two lane groups into one 256-bit register — twice the lanes of wasm's v128, which
/// is most of what wasm lacks of native speed (stop 48: SSE's build runs the products within
/// 5 % of V8's).
#[inline(always)]
fn three_operand() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Defines a function that runs its body compiled for AVX's encoding where the processor has
/// it (see [`three_operand`]), as written elsewhere; the helpers it calls must be
/// `#[inline(always)]` to be compiled with it.
macro_rules! three_operand_fn {
    ($(#[$m:meta])* $vis:vis fn $name:ident($($a:ident: $t:ty),* $(,)?) $body:block) => {
        $(#[$m])*
        $vis fn $name($($a: $t),*) {
            #[inline(always)]
            fn body($($a: $t),*) $body
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx")]
                unsafe fn avx($($a: $t),*) {
                    body($($a),*)
                }
                if std::is_x86_feature_detected!("avx") {
                    // SAFETY: the processor has AVX.
                    return unsafe { avx($($a),*) };
                }
            }
            body($($a),*)
        }
    };
}
pub(super) use three_operand_fn;

/// [`conv_blocks`] and [`matmul_blocks`] compiled for AVX's encoding (see [`three_operand`]).
#[cfg(target_arch = "x86_64")]
mod avx {
    use super::*;

    /// # Safety
    /// The processor has AVX.
    #[target_feature(enable = "avx")]
    pub unsafe fn conv<const Q: usize>(
        src: &[f32],
        pw: usize,
        n: usize,
        c: &Conv,
        out: &mut [f32],
    ) {
        conv_blocks::<Q>(src, pw, n, c, out)
    }

    /// # Safety
    /// The processor has AVX.
    #[target_feature(enable = "avx")]
    pub unsafe fn matmul<const Q: usize>(
        v: &[f32],
        rows: usize,
        u: &[f32],
        cin: usize,
        cout: usize,
        out: &mut [f32],
    ) {
        matmul_blocks::<Q>(v, rows, u, cin, cout, out)
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod avx {
    pub(super) use super::conv_blocks as conv;
    pub(super) use super::matmul_blocks as matmul;
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
                        d[ch] = rectify(s[ch] * a.scale[ch] + a.shift[ch]);
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
    let thirds = n.is_multiple_of(3) && !n.is_multiple_of(4);
    match (three_operand(), thirds) {
        // SAFETY: the processor has AVX.
        #[allow(unused_unsafe)]
        (true, true) => unsafe { avx::conv::<3>(src, pw, n, conv, out) },
        #[allow(unused_unsafe)]
        (true, false) => unsafe { avx::conv::<P>(src, pw, n, conv, out) },
        (false, true) => conv_blocks::<3>(src, pw, n, conv, out),
        (false, false) => conv_blocks::<P>(src, pw, n, conv, out),
    }
}

/// The kernel: `Q` points × [`L`] output channels of accumulators, the input channels and the
/// kernel's taps summed into them.
#[inline(always)]
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

/// How many rows [`matmul`] computes together for `rows` rows (of which it wants a whole
/// number: the caller pads to it): the one of 3, 4 or 5 that wastes least.
pub fn tile_block(rows: usize) -> usize {
    // V8 gives wasm 15 vector registers and loads a block's values before its products: 5 rows
    // need 17 (10 sums, 2 weights, 5 values) and spill two sums every input channel; 4 fit.
    if cfg!(target_arch = "wasm32") {
        return 4;
    }
    // Fewer than 8 accumulators would wait on the adds' latency: 5 rows rather than 3.
    if rows.is_multiple_of(4) && !rows.is_multiple_of(5) {
        4
    } else {
        5
    }
}

/// Copies of each value of [`matmul`]'s `v`: one per lane, so that the kernel loads a value
/// already spread across a vector instead of shuffling it there (a quarter of its work).
pub const SPREAD: usize = 4;

/// Where [`matmul`] wants `u[ci][co]` of a `cin`×`cout` matrix: by groups of [`LANES_OUT`]
/// output channels, so that the kernel reads its weights in order, [`LANES_OUT`] an input.
pub fn weight_at(ci: usize, co: usize, cin: usize) -> usize {
    (co / L) * cin * L + ci * L + co % L
}

/// `out = v·u`: `v` is `rows`×`cin` (each value [`SPREAD`] times), `u` `cin`×`cout` (laid
/// out by [`weight_at`]), `out` `rows`×`cout`; `rows` a multiple of [`tile_block`]`(rows)`, `cout` of [`LANES_OUT`]. The
/// convolution's kernel with one tap.
pub fn matmul(v: &[f32], rows: usize, u: &[f32], cin: usize, cout: usize, out: &mut [f32]) {
    assert_eq!(v.len(), rows * cin * SPREAD);
    assert_eq!(u.len(), cin * cout);
    assert_eq!(out.len(), rows * cout);
    assert!(cout.is_multiple_of(L));
    match (three_operand(), tile_block(rows)) {
        // SAFETY: the processor has AVX.
        #[allow(unused_unsafe)]
        (true, 5) => unsafe { avx::matmul::<5>(v, rows, u, cin, cout, out) },
        #[allow(unused_unsafe)]
        (true, _) => unsafe { avx::matmul::<4>(v, rows, u, cin, cout, out) },
        (false, 5) => matmul_blocks::<5>(v, rows, u, cin, cout, out),
        (false, _) => matmul_blocks::<4>(v, rows, u, cin, cout, out),
    }
}

#[inline(always)]
fn matmul_blocks<const Q: usize>(
    v: &[f32],
    rows: usize,
    u: &[f32],
    cin: usize,
    cout: usize,
    out: &mut [f32],
) {
    use lanes::*;
    assert!(rows.is_multiple_of(Q));
    let (vp, up, op) = (v.as_ptr(), u.as_ptr(), out.as_mut_ptr());
    for co in (0..cout).step_by(L) {
        for r0 in (0..rows).step_by(Q) {
            let mut acc = [[splat(0.0); 2]; Q];
            for ci in 0..cin {
                // SAFETY: the asserts above: `r0 + Q <= rows`, `co + L <= cout`, `ci < cin`.
                unsafe {
                    let wp = up.add(co * cin + ci * L);
                    let w0 = load(wp);
                    let w1 = load(wp.add(4));
                    for (j, a) in acc.iter_mut().enumerate() {
                        let x = load(vp.add(((r0 + j) * cin + ci) * SPREAD));
                        a[0] = mul_add(a[0], x, w0);
                        a[1] = mul_add(a[1], x, w1);
                    }
                }
            }
            for (j, a) in acc.iter().enumerate() {
                // SAFETY: `(r0 + j)·cout + co + L <= rows·cout`.
                unsafe {
                    let at = (r0 + j) * cout + co;
                    store(op.add(at), a[0]);
                    store(op.add(at + 4), a[1]);
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

/// `o += f·s`, lane group by lane group where it can ([`lanes::mul_add`]: fused in the relaxed
/// SIMD build; elsewhere the same sums as the plain loop).
#[inline(always)]
pub fn add_scaled(o: &mut [f32], f: f32, s: &[f32]) {
    use lanes::*;
    let fv = splat(f);
    let (mut o4, s4) = (o.chunks_exact_mut(4), s.chunks_exact(4));
    let st = s4.remainder();
    for (o, s) in (&mut o4).zip(s4) {
        // SAFETY: both chunks hold four values.
        unsafe {
            store(
                o.as_mut_ptr(),
                mul_add(load(o.as_ptr()), load(s.as_ptr()), fv),
            )
        };
    }
    for (o, &s) in o4.into_remainder().iter_mut().zip(st) {
        *o += f * s;
    }
}

/// `max(x, 0)` written as a comparison: `f32::max` keeps the number beside a NaN, which wasm's
/// `f32x4.max` does not, so on wasm it would not vectorise (20 times slower there); this is
/// `f32x4.pmax`. The network has no NaN.
#[inline(always)]
fn rectify(x: f32) -> f32 {
    larger(x, 0.0)
}

/// `max(a, b)` as [`rectify`] writes it.
#[inline(always)]
fn larger(a: f32, b: f32) -> f32 {
    if a > b {
        a
    } else {
        b
    }
}

/// `x = max(x·scale + shift, 0)`, channel by channel.
pub fn affine_relu(x: &mut [f32], a: &Affine) {
    for point in x.chunks_exact_mut(a.scale.len()) {
        for ((v, s), t) in point.iter_mut().zip(&a.scale).zip(&a.shift) {
            *v = rectify(*v * s + t);
        }
    }
}

pub fn relu(x: &mut [f32]) {
    for v in x {
        *v = rectify(*v);
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
            max[ch] = larger(max[ch], point[ch]);
        }
    }
    (sum, max)
}

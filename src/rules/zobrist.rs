//! Zobrist keys for whole-board position hashes (总则 第六条: 禁止全局同形再现).
//!
//! The keys are a fixed table computed from a constant seed with splitmix64: the same on every
//! machine and target, so hashes can be compared across runs. They are not randomness in the
//! engine's behaviour. The table is filled at first use (zero-initialised memory until then),
//! not stored in the binary: 11 kB of random numbers would not compress in the app's download.

use super::colour::Colour;
use super::point::{Point, ARRAY_LEN};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn table() -> [[u64; ARRAY_LEN]; 2] {
    let mut t = [[0u64; ARRAY_LEN]; 2];
    let mut state = 0x5348_4F55_5441_4E00; // "SHOUTAN\0"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < ARRAY_LEN {
            let (s, v) = splitmix64(state);
            state = s;
            t[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    t
}

static KEYS: std::sync::OnceLock<[[u64; ARRAY_LEN]; 2]> = std::sync::OnceLock::new();

/// The key of a stone of colour `c` at padded index `i`.
#[inline]
pub fn key(c: Colour, i: usize) -> u64 {
    KEYS.get_or_init(table)[c.index()][i]
}

/// The key of a stone of colour `c` at `p`.
#[inline]
pub fn stone_key(c: Colour, p: Point) -> u64 {
    key(c, p.index())
}

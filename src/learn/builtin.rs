//! The built-in beginner sets, written for 手谈 (no copied collection): SGF collections in
//! `src/learn/problems/`, graded from first captures to tesuji and life and death. Every
//! problem's right line and listed wrong first moves are verified by the core
//! (`tests/problems.rs`), and its answer proved by the reader: the right first move wins, every
//! other first move in the region loses (`learn::proof`, `tests/shipped_proofs.rs`).

/// A set of problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set {
    /// The key its progress is kept under.
    pub key: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub sgf: &'static str,
}

pub const SETS: [Set; 3] = [
    Set {
        key: "capture",
        name_zh: "一、吃子",
        name_en: "1. Capturing",
        sgf: include_str!("problems/capture.sgf"),
    },
    Set {
        key: "tesuji",
        name_zh: "二、手筋",
        name_en: "2. Clever moves (tesuji)",
        sgf: include_str!("problems/tesuji.sgf"),
    },
    Set {
        key: "life",
        name_zh: "三、死活",
        name_en: "3. Life and death",
        sgf: include_str!("problems/life.sgf"),
    },
];

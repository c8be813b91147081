//! The reader that proves (issue 52): capture and escape, capturing races, life and death in an
//! enclosed region, answered **proved**, **refuted** or **unknown** (the node budget spent), with
//! every first move classified and a line for each.
//!
//! # The question
//! A position (a [`Board`] and the hashes of the game's earlier whole-board positions, for
//! 总则 第六条), the side to move, a [`Region`] (the points where either side may play; the
//! search never plays outside it) and a [`Goal`]:
//! - [`Goal::Capture`] / [`Goal::Escape`]: the chain through a point is taken, or is not. A chain
//!   that reaches [`Question::escape_liberties`] liberties (default 5, the number GNU Go's
//!   `reading.c` treats as safe) has escaped: that is the definition the answer is proved under.
//! - [`Goal::CaptureEither`]: one of two chains is taken (双打); the defender holds only when both
//!   have escaped.
//! - [`Goal::Kill`] / [`Goal::Live`]: the stone on a point (its chain, whatever it grows into) is
//!   captured, or never is. The defender lives cleanly when that chain becomes unconditionally
//!   alive (Benson's pass-alive, [`crate::rules::scoring::pass_alive`], on the real board); it
//!   lives in seki (双活) when both sides pass with it still on the board without that.
//! - [`Goal::Race`]: a capturing race (对杀): the side to move wins when `theirs` is captured
//!   before `ours`. Both passing with both chains on the board (seki) is not a win.
//!
//! A chain with a liberty outside the region can never be captured in the region's game: the
//! question refuses a target that starts so ([`QuestionError::OpenRegion`]), and a chain that
//! reaches such a liberty during the search counts as safe (escaped, alive).
//!
//! # The rules inside the search
//! Suicide is forbidden (总则 第五条); 第四条's captures are the board's. Passes are moves: either
//! side may pass, and two passes in a row end the local fight, judged by the board then. No
//! whole-board position may repeat (第六条, positional superko), counting the earlier positions
//! passed in — except for the **ko master** below.
//!
//! # Ko (劫): two solves
//! Each first move is solved first with the *opponent* as ko master: the master may retake any
//! ko at once and may recreate any earlier position (it is assumed to have ko threats), the other
//! side obeys positional superko. A win there does not depend on any ko: a clean win. Where it
//! loses, the move is solved again with the side to move as ko master: a win there is a win by
//! ko ([`Kind::Ko`]), a loss there a loss even with every ko won. This is the usual way of
//! telling 劫 apart without modelling threats (Kishimoto & Müller solve twice the same way); it
//! needs no count of threats and the master's side can never loop (see `search.rs`: every
//! position the other side makes is new, and the master's stones only grow while it alone plays).
//! A second solve is skipped when the first one's proof used neither the master's licence nor
//! a move the other side was refused for repetition: the same proof then holds with the roles
//! swapped.
//!
//! For [`Goal::Live`] the kinds are ranked clean life > seki > life by ko: the first solve asks
//! for clean (Benson) life, the second for survival (life or seki) with the attacker as master,
//! the third for survival with the defender as master. [`Goal::Kill`] succeeds only by capture:
//! seki is the defender's.
//!
//! # The search
//! `search.rs`: a depth-first AND/OR search with iterative deepening and a transposition table
//! keyed by the Zobrist hash, the side to move, the ko point and whether the last move was a
//! pass; see there for the Graph History Interaction (a result that depended on the path is not
//! stored; a stored result is not used where the path could make it wrong). `judge.rs`: what
//! ends the fight and the one-move wins found without search. `order.rs`: the moves, best first.
//!
//! Pure like the rest of the core: no clock, no randomness; the budget is a node count.

mod judge;
mod order;
mod search;

use crate::rules::{Board, BoardSize, Colour, Move, Point};

/// The default node budget: a few tenths of a second natively on the tactics above.
pub const DEFAULT_BUDGET: u64 = 400_000;

/// The liberties that count as escaped when a question does not say (GNU Go's `reading.c`).
pub const DEFAULT_ESCAPE_LIBERTIES: u8 = 5;

/// Words of a padded board (704 points, `point::ARRAY_LEN`) as a bit set.
const WORDS: usize = 11;

/// The points where either side may play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Region {
    size: BoardSize,
    bits: [u64; WORDS],
}

impl Region {
    /// Every point of the board.
    pub fn whole(size: BoardSize) -> Region {
        Region::from_points(size, size.points())
    }

    /// The rectangle with corners `a` and `b` (in either order).
    pub fn rectangle(size: BoardSize, a: Point, b: Point) -> Region {
        let (ac, ar) = size.col_row(a);
        let (bc, br) = size.col_row(b);
        let (c0, c1) = (ac.min(bc), ac.max(bc));
        let (r0, r1) = (ar.min(br), ar.max(br));
        Region::from_points(
            size,
            size.points().filter(|&p| {
                let (c, r) = size.col_row(p);
                (c0..=c1).contains(&c) && (r0..=r1).contains(&r)
            }),
        )
    }

    /// The given points (those on the board).
    pub fn from_points(size: BoardSize, points: impl IntoIterator<Item = Point>) -> Region {
        let mut bits = [0; WORDS];
        for p in points.into_iter().filter(|&p| size.contains(p)) {
            bits[p.index() / 64] |= 1 << (p.index() % 64);
        }
        Region { size, bits }
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        i / 64 < WORDS && self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// The region's points, row by row from the top left.
    pub fn points(&self) -> Vec<Point> {
        self.size.points().filter(|&p| self.contains(p)).collect()
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }
}

/// What the side to move wants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Capture the opponent's chain through this point.
    Capture(Point),
    /// Capture either of the opponent's chains through these points (双打: a double atari
    /// wins when one of them falls). The defender holds only when both reach the escape
    /// liberties or a liberty outside the region.
    CaptureEither(Point, Point),
    /// Save one's own chain through this point (it reaches the escape liberties, or cannot be
    /// captured).
    Escape(Point),
    /// Capture the opponent's stone on this point, in the region (破眼, 点眼).
    Kill(Point),
    /// Keep one's own stone on this point alive in the region (做眼), in seki at least.
    Live(Point),
    /// Win the capturing race: `theirs` (the opponent's chain) is captured before `ours`.
    Race { ours: Point, theirs: Point },
}

/// Which first moves a reading decides.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Every legal first move in the region and the pass (the default): the complete answer.
    Every,
    /// Until one first move wins at the best kind there is (a clean win); the moves not needed
    /// for that stay unknown. Where none does, as [`Scope::Every`].
    FirstWin,
    /// Only these first moves (those not legal are left out).
    Only(Vec<Move>),
}

/// A question for the reader.
#[derive(Clone, Debug)]
pub struct Question {
    pub board: Board,
    /// Hashes ([`Board::hash`]) of the game's earlier whole-board positions: none may be made
    /// again (总则 第六条). The board itself need not be among them.
    pub history: Vec<u64>,
    pub to_play: Colour,
    pub region: Region,
    pub goal: Goal,
    /// A chain with this many liberties has escaped (capture and escape goals).
    pub escape_liberties: u8,
    /// Nodes (moves made in the search) before the answer is "unknown".
    pub budget: u64,
    pub scope: Scope,
}

impl Question {
    /// A question over the whole board, no earlier positions, the default escape and budget.
    pub fn new(board: Board, to_play: Colour, goal: Goal) -> Question {
        Question {
            region: Region::whole(board.size()),
            board,
            history: Vec::new(),
            to_play,
            goal,
            escape_liberties: DEFAULT_ESCAPE_LIBERTIES,
            budget: DEFAULT_BUDGET,
            scope: Scope::Every,
        }
    }

    pub fn region(mut self, region: Region) -> Question {
        self.region = region;
        self
    }

    pub fn history(mut self, history: Vec<u64>) -> Question {
        self.history = history;
        self
    }

    pub fn escape_liberties(mut self, n: u8) -> Question {
        self.escape_liberties = n;
        self
    }

    pub fn budget(mut self, nodes: u64) -> Question {
        self.budget = nodes;
        self
    }

    pub fn scope(mut self, scope: Scope) -> Question {
        self.scope = scope;
        self
    }
}

/// Why a question cannot be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum QuestionError {
    /// The goal names an empty point or one off the board.
    NoStone(Point),
    /// The goal names a stone of the wrong side (capture and kill name the opponent's, escape
    /// and live one's own, a race one of each).
    WrongColour(Point),
    /// The chain through this point has a liberty outside the region, where nobody may play:
    /// it could never be captured there.
    OpenRegion(Point),
    /// The region is for another board size.
    RegionSize,
    /// Escape liberties below 2 mean nothing (a chain with one liberty is in atari).
    EscapeLiberties(u8),
}

impl std::fmt::Display for QuestionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuestionError::NoStone(_) => write!(f, "the goal names a point without a stone"),
            QuestionError::WrongColour(_) => write!(f, "the goal names a stone of the wrong side"),
            QuestionError::OpenRegion(_) => {
                write!(f, "the chain has a liberty outside the region")
            }
            QuestionError::RegionSize => write!(f, "the region is for another board size"),
            QuestionError::EscapeLiberties(n) => write!(f, "{n} escape liberties mean nothing"),
        }
    }
}

/// How a goal is reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Whatever the opponent does, whoever wins a ko.
    Clean,
    /// Only by winning a ko (劫): solved with the side to move as ko master.
    Ko,
    /// Alive in seki (双活): a [`Goal::Live`] only.
    Seki,
}

/// What one first move achieves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Kind),
    /// Not even by ko.
    Loss,
    /// The budget ran out before it was decided.
    Unknown,
}

/// The answer about the whole position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The side to move reaches the goal, and this is the best kind any first move reaches.
    Proved(Kind),
    /// No first move reaches the goal, not even by ko.
    Refuted,
    /// The budget ran out before that was decided.
    Unknown,
}

/// One first move and what it achieves, with its line: after a win the opponent's longest
/// resistance against the proof, after a loss the opponent's refutation (the principal line
/// that beats it), in both cases starting with the opponent's reply. A line ends where the
/// fight does (a capture, an escape, life, two passes) or where it was cut at 80 moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tried {
    pub first: Move,
    pub outcome: Outcome,
    pub line: Vec<Move>,
}

/// The reader's answer: the verdict and every legal first move in the region (and the pass),
/// or those of the question's [`Scope`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Answer {
    pub verdict: Verdict,
    pub moves: Vec<Tried>,
    /// Nodes searched.
    pub nodes: u64,
}

impl Answer {
    /// The first moves that reach the verdict's kind: every winning first move.
    pub fn winning(&self) -> Vec<Move> {
        match self.verdict {
            Verdict::Proved(k) => self
                .moves
                .iter()
                .filter(|t| t.outcome == Outcome::Win(k))
                .map(|t| t.first)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether every first move was decided (the list of winning moves is then complete).
    pub fn is_complete(&self) -> bool {
        self.moves.iter().all(|t| t.outcome != Outcome::Unknown)
    }

    /// What `first` achieves, with its line.
    pub fn tried(&self, first: Move) -> Option<&Tried> {
        self.moves.iter().find(|t| t.first == first)
    }
}

/// Reads the question: every legal first move in the region and the pass (or those of its
/// scope), each solved to a win (and its kind), a loss or unknown, within the budget.
pub fn read(q: &Question) -> Result<Answer, QuestionError> {
    let spec = judge::Spec::new(q)?;
    Ok(search::solve(&spec, q.budget, &q.scope))
}

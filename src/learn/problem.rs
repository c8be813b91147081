//! Problems (死活题, 手筋题): a position, the player to move, and a solution tree in SGF
//! variations, read as the collections people use write them:
//! - **marked trees** (goproblems.com, many Chinese files): a line is right when its last node
//!   says so (`RIGHT`, `Correct`, `正解`, `正确` in its comment) or the player's moves are
//!   marked `TE`; a move marked `BM`, or a line that ends without being right, is wrong;
//! - **wrong lines marked only** (`Wrong`, `失败`, `失敗`, `错误` at a line's end, or `BM`):
//!   every line that does not end so is right;
//! - **plain main lines** (the "Ten Thousand Tsumego" set: Cho Chikun's encyclopedias, Lee
//!   Changho's tesuji, Hashimoto, and many 死活题 files): no marks at all — the main line is
//!   the solution and every other move is wrong.
//!
//! The question is the first comment before the first move (the root's, or the first move's
//! own, where those collections put "Black to play"), or else says who plays (黑先 / 白先;
//! Japanese 黒先 read as 黑先). `VW` crops the board to the problem's corner; without it the
//! board is cropped to the stones with a margin. `TR` marks the stones the problem is about,
//! and our own `XG` property says what must become of them (`capture`, `live`, `escape`), for
//! the tests that verify the built-in set. The tree is walked by loops (no recursion on the
//! file's depth) and a solution is at most [`MAX_DEPTH`] moves deep.

use crate::record::replay;
use crate::record::sgf::{self, SgfError};
use crate::record::tree::{NodeId, Tree};
use crate::rules::{BoardSize, Colour, Game, Move, PlayError, Point, Rules};

/// The deepest solution line read (a problem is a few moves to a few dozen).
pub const MAX_DEPTH: usize = 500;

/// One move of the solution tree and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub colour: Colour,
    pub mv: Move,
    pub comment: String,
    /// Marked bad (`BM`): a wrong move.
    pub bad: bool,
    /// The line through this step ends right.
    pub right: bool,
    pub next: Vec<Step>,
}

/// What must become of the marked stones (our `XG` property; none in others' files).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The marked (opponent's) stones are captured.
    Capture,
    /// The marked (own) stones are alive beyond doubt: pass-alive (Benson).
    Live,
    /// The marked (own) stones get out: three liberties or more.
    Escape,
}

/// How a file says which lines are right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Right lines are marked (`RIGHT`, `正解`, `TE`).
    Marked,
    /// Only wrong lines are marked (`Wrong`, `失败`, `BM`): the others are right.
    WrongMarked,
    /// Nothing is marked: the main line is the solution.
    MainLine,
}

/// A problem as read from SGF.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    /// The question: the first comment before the first move (empty: none; the screen then
    /// says who plays).
    pub question: String,
    pub size: BoardSize,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_move: Colour,
    /// The part of the board to show: columns and rows, inclusive, 0-based from the top left
    /// (`VW`, or the stones' region with a margin); `None`: all of it.
    pub view: Option<(u8, u8, u8, u8)>,
    /// The stones the problem is about (`TR`).
    pub marked: Vec<Point>,
    pub goal: Option<Goal>,
    pub convention: Convention,
    pub tree: Vec<Step>,
}

/// Why a problem file could not be used.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemError {
    Sgf(SgfError),
    /// A point that is not on the board, or a move that is not a move.
    BadMove(String),
    /// No solution tree: nothing to answer with.
    NoSolution,
    /// A solution line deeper than [`MAX_DEPTH`] moves.
    TooDeep,
}

impl std::fmt::Display for ProblemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProblemError::Sgf(e) => write!(f, "{e}"),
            ProblemError::BadMove(m) => write!(f, "bad move {m}"),
            ProblemError::NoSolution => write!(f, "the problem has no solution tree"),
            ProblemError::TooDeep => {
                write!(f, "a solution line is longer than {MAX_DEPTH} moves")
            }
        }
    }
}

/// A comment without its marker words (`RIGHT`, `Wrong`, `正解`, `失败` …) where they stand
/// alone on a line: what is left is what the teacher wrote.
fn unmarked(comment: &str) -> String {
    comment
        .lines()
        .map(str::trim)
        .filter(|line| {
            let bare =
                line.trim_matches(|c: char| c.is_ascii_punctuation() || "。！：".contains(c));
            !(bare.is_empty()
                || ((says_right(bare) || says_wrong(bare)) && bare.chars().count() <= 8))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A comment that says the line is right (English, Chinese, Japanese).
pub fn says_right(comment: &str) -> bool {
    let c = comment.to_ascii_uppercase();
    (c.contains("RIGHT") || c.contains("CORRECT") && !c.contains("INCORRECT"))
        || ["正解", "正确", "正確"].iter().any(|w| comment.contains(w))
}

/// A comment that says the line is wrong.
pub fn says_wrong(comment: &str) -> bool {
    let c = comment.to_ascii_uppercase();
    c.contains("WRONG")
        || c.contains("INCORRECT")
        || c.contains("FAIL")
        || ["失败", "失敗", "错误", "錯誤", "错解", "不正解"]
            .iter()
            .any(|w| comment.contains(w))
}

/// Who plays, as a problem's question says it: 黑先 / 黒先 / 白先, "Black to play", ….
pub fn says_to_move(question: &str) -> Option<Colour> {
    let q = question.to_ascii_lowercase();
    let black = [
        "黑先",
        "黒先",
        "黑棋先",
        "黒番",
        "black to",
        "black first",
        "black plays",
    ];
    let white = [
        "白先",
        "白棋先",
        "白番",
        "white to",
        "white first",
        "white plays",
    ];
    let at = |words: &[&str]| words.iter().filter_map(|w| q.find(w)).min();
    match (at(&black), at(&white)) {
        (Some(b), Some(w)) => Some(if b < w { Colour::Black } else { Colour::White }),
        (Some(_), None) => Some(Colour::Black),
        (None, Some(_)) => Some(Colour::White),
        (None, None) => None,
    }
}

fn bad_value(e: replay::BadValue) -> ProblemError {
    ProblemError::BadMove(format!("{}[{}]", e.property, e.value))
}

/// The crop of a problem without `VW`: the region of its stones (setup and every move of the
/// tree) with two lines around it, reaching the edge where it comes within three lines of it;
/// none when that is (nearly) the whole board, or the board is small (under 13×13).
fn crop(size: BoardSize, points: &[Point]) -> Option<(u8, u8, u8, u8)> {
    let n = size.get();
    if points.is_empty() || n < 13 {
        return None;
    }
    let cr: Vec<(u8, u8)> = points.iter().map(|&p| size.col_row(p)).collect();
    let span = |v: Vec<u8>| {
        let (lo, hi) = (*v.iter().min()?, *v.iter().max()?);
        let lo = if lo <= 3 { 0 } else { lo - 2 };
        let hi = if hi + 3 >= n - 1 { n - 1 } else { hi + 2 };
        Some((lo, hi))
    };
    let (c0, c1) = span(cr.iter().map(|x| x.0).collect())?;
    let (r0, r1) = span(cr.iter().map(|x| x.1).collect())?;
    // At least six lines each way, so a small corner is still a board.
    let widen = |lo: u8, hi: u8| {
        let mut lo_hi = (lo, hi);
        while lo_hi.1 - lo_hi.0 < 5 {
            if lo_hi.0 > 0 {
                lo_hi.0 -= 1;
            }
            if lo_hi.1 < n - 1 {
                lo_hi.1 += 1;
            }
        }
        lo_hi
    };
    let ((c0, c1), (r0, r1)) = (widen(c0, c1), widen(r0, r1));
    let whole = |lo: u8, hi: u8| u32::from(hi - lo + 1) * 4 > u32::from(n) * 3;
    (!(whole(c0, c1) && whole(r0, r1))).then_some((c0, c1, r0, r1))
}

impl Problem {
    /// Reads a problem from its record tree: the root's setup (`AB`/`AW`/`PL`, or the first
    /// move's colour, or the question), its question, the view, `TR`, `XG`, and the tree.
    pub fn from_tree(tree: &Tree) -> Result<Problem, ProblemError> {
        let root_id = tree.root();
        let root = tree.node(root_id);
        let start = replay::Start::read(tree, Rules::chinese()).map_err(|e| match e {
            replay::StartError::NotGo(_) => ProblemError::BadMove("GM".into()),
            replay::StartError::Bad(b) => bad_value(b),
        })?;
        let size = start.size;
        let pts = |id: NodeId, prop: &str| {
            replay::points(size, id, tree.node(id), prop).map_err(bad_value)
        };
        // The question: the first comment before the first move, on the root or the nodes of
        // the main line up to and including the first move's.
        let mut question = String::new();
        let mut question_node = None;
        for id in tree.main_line() {
            let node = tree.node(id);
            if let Some(c) = node.first("C").map(str::trim).filter(|c| !c.is_empty()) {
                question = c.to_string();
                question_node = Some(id);
                break;
            }
            if node.move_value().is_some() {
                break;
            }
        }
        let first_mover = tree
            .main_line()
            .into_iter()
            .find_map(|id| tree.node(id).move_value().map(|(c, _)| c));
        let to_move = match root.first("PL").map(str::trim) {
            Some(p) if p.eq_ignore_ascii_case("W") || p == "2" => Colour::White,
            Some(_) => Colour::Black,
            None => first_mover
                .or_else(|| says_to_move(&question))
                .unwrap_or(Colour::Black),
        };
        let goal = match root.first("XG") {
            Some("capture") => Some(Goal::Capture),
            Some("live") => Some(Goal::Live),
            Some("escape") => Some(Goal::Escape),
            _ => None,
        };
        let (black, white) = (pts(root_id, "AB")?, pts(root_id, "AW")?);
        let convention = convention(tree, to_move);
        let mut steps = steps(tree, size, to_move, convention)?;
        // The question read from the first move's node is not that move's comment too.
        if let (Some(q), Some(first)) = (question_node, steps.first_mut()) {
            if q != root_id && first.comment == question {
                first.comment.clear();
            }
        }
        if steps.is_empty() {
            return Err(ProblemError::NoSolution);
        }
        let view = match pts(root_id, "VW")?.as_slice() {
            [] => {
                let mut all: Vec<Point> = black.iter().chain(&white).copied().collect();
                let mut stack: Vec<&Step> = steps.iter().collect();
                while let Some(s) = stack.pop() {
                    if let Move::Play(p) = s.mv {
                        all.push(p);
                    }
                    stack.extend(&s.next);
                }
                crop(size, &all)
            }
            all => {
                let cr: Vec<(u8, u8)> = all.iter().map(|&p| size.col_row(p)).collect();
                let cols = cr.iter().map(|x| x.0);
                let rows = cr.iter().map(|x| x.1);
                Some((
                    cols.clone().min().unwrap_or(0),
                    cols.max().unwrap_or(0),
                    rows.clone().min().unwrap_or(0),
                    rows.max().unwrap_or(0),
                ))
            }
        };
        Ok(Problem {
            name: root.first("GN").unwrap_or("").trim().to_string(),
            question,
            size,
            black,
            white,
            to_move,
            view,
            marked: pts(root_id, "TR")?,
            goal,
            convention,
            tree: std::mem::take(&mut steps),
        })
    }

    /// Every problem of an SGF file (a collection holds many).
    pub fn read_all(text: &str) -> Result<Vec<Problem>, ProblemError> {
        let mut out = Vec::new();
        for t in sgf::game_trees(text) {
            let (tree, _) = sgf::parse(t).map_err(ProblemError::Sgf)?;
            out.push(Problem::from_tree(&tree)?);
        }
        if out.is_empty() {
            return Err(ProblemError::NoSolution);
        }
        Ok(out)
    }

    /// The starting position (Chinese rules; the problem's own stones as setup).
    pub fn start(&self) -> Game {
        Game::from_setup(
            self.size,
            Rules::chinese(),
            &self.black,
            &self.white,
            self.to_move,
            0,
        )
    }

    /// A right line from the start (the first right branch at each step).
    pub fn solution(&self) -> Vec<Step> {
        let mut line = Vec::new();
        let mut at = &self.tree;
        while let Some(s) = at.iter().find(|s| s.right) {
            line.push(Step {
                next: vec![],
                ..s.clone()
            });
            at = &s.next;
        }
        line
    }
}

/// Which convention a tree is written in: right marks anywhere make it [`Convention::Marked`];
/// wrong marks alone [`Convention::WrongMarked`]; no marks [`Convention::MainLine`].
fn convention(tree: &Tree, player: Colour) -> Convention {
    let (mut right, mut wrong) = (false, false);
    for id in tree.preorder().into_iter().skip(1) {
        let n = tree.node(id);
        let c = n.first("C").unwrap_or("");
        let mover = n.move_value().map(|(c, _)| c);
        right |= says_right(c) || (mover == Some(player) && n.has("TE"));
        wrong |= says_wrong(c) || n.has("BM");
    }
    match (right, wrong) {
        (true, _) => Convention::Marked,
        (false, true) => Convention::WrongMarked,
        (false, false) => Convention::MainLine,
    }
}

/// The solution tree of the moves under the root: a node without a move (a comment) has its
/// children stand in its place. Built by loops: the nodes in the order SGF writes them, then
/// each step hung under its parent, the deepest first.
fn steps(
    tree: &Tree,
    size: BoardSize,
    player: Colour,
    convention: Convention,
) -> Result<Vec<Step>, ProblemError> {
    let main: std::collections::HashSet<NodeId> = tree.main_line().into_iter().collect();
    // (step, the index of the step it follows or none for a first move, depth)
    let mut flat: Vec<(Step, Option<usize>)> = Vec::new();
    // (node, the step it follows, its depth in moves)
    let mut stack: Vec<(NodeId, Option<usize>, usize)> = tree
        .children(tree.root())
        .iter()
        .rev()
        .map(|&c| (c, None, 0))
        .collect();
    while let Some((id, parent, depth)) = stack.pop() {
        let n = tree.node(id);
        let Some((colour, mv)) = replay::node_move(size, id, n).map_err(bad_value)? else {
            stack.extend(tree.children(id).iter().rev().map(|&c| (c, parent, depth)));
            continue;
        };
        if depth >= MAX_DEPTH {
            return Err(ProblemError::TooDeep);
        }
        let comment = n.first("C").unwrap_or("").trim().to_string();
        let bad = n.has("BM");
        // What this node alone says of the line (the lines under it are added below).
        let marked_right = match convention {
            Convention::Marked => says_right(&comment) || (colour == player && n.has("TE")),
            Convention::WrongMarked => !bad && !says_wrong(&comment),
            Convention::MainLine => main.contains(&id),
        };
        flat.push((
            Step {
                colour,
                mv,
                comment,
                bad,
                right: marked_right,
                next: vec![],
            },
            parent,
        ));
        let me = flat.len() - 1;
        stack.extend(
            tree.children(id)
                .iter()
                .rev()
                .map(|&c| (c, Some(me), depth + 1)),
        );
    }
    // Children come after their parents: hang each under its parent from the last back.
    let mut built: Vec<Option<Step>> = Vec::with_capacity(flat.len());
    let parents: Vec<Option<usize>> = flat.iter().map(|(_, p)| *p).collect();
    built.extend(flat.into_iter().map(|(s, _)| Some(s)));
    let mut firsts = Vec::new();
    for i in (0..built.len()).rev() {
        let Some(mut step) = built[i].take() else {
            continue;
        };
        step.next.reverse();
        step.right = !step.bad
            && match convention {
                // A marked line is right where its end says so.
                Convention::Marked => {
                    if step.next.is_empty() {
                        step.right
                    } else {
                        step.next.iter().any(|s| s.right)
                    }
                }
                // Right unless it or every line after it is marked wrong.
                Convention::WrongMarked => {
                    step.right && (step.next.is_empty() || step.next.iter().any(|s| s.right))
                }
                Convention::MainLine => step.right,
            };
        match parents[i] {
            Some(p) => built[p]
                .as_mut()
                .map_or((), |parent| parent.next.push(step)),
            None => firsts.push(step),
        }
    }
    firsts.reverse();
    Ok(firsts)
}

/// What the player's move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Refused by the rules (the reason, as for any move).
    Illegal(PlayError),
    /// On a right line: the tree's reply was played (or none is left to play).
    Continue { reply: Option<(Colour, Move)> },
    /// The problem is solved.
    Right,
    /// A wrong move: the tree's refutation (if any) was played.
    Wrong { reply: Option<(Colour, Move)> },
}

/// Someone solving a problem: the position so far and where in the tree it stands.
#[derive(Clone)]
pub struct Attempt {
    pub problem: Problem,
    pub game: Game,
    /// The moves played, by the player and the replies.
    path: Vec<usize>,
    pub finished: Option<bool>,
    /// What the file says at the last move and its reply (the comments a teacher wrote on the
    /// branches), without the words that only mark a line right or wrong.
    pub said: Vec<String>,
}

impl Attempt {
    pub fn new(problem: Problem) -> Attempt {
        let game = problem.start();
        Attempt {
            problem,
            game,
            path: Vec::new(),
            finished: None,
            said: Vec::new(),
        }
    }

    /// The steps that may come next.
    fn here(&self) -> &[Step] {
        let mut at = self.problem.tree.as_slice();
        for &i in &self.path {
            at = &at[i].next;
        }
        at
    }

    /// The first move of a right line from here (a hint).
    pub fn hint(&self) -> Option<Move> {
        self.here().iter().find(|s| s.right).map(|s| s.mv)
    }

    /// The player plays `mv`; the tree answers.
    pub fn play(&mut self, mv: Move) -> Answer {
        if self.finished.is_some() {
            return Answer::Illegal(PlayError::GameOver);
        }
        let me = self.game.to_move();
        if let Err(e) = self.game.check(me, mv) {
            return Answer::Illegal(e);
        }
        let found = self
            .here()
            .iter()
            .position(|s| s.colour == me && s.mv == mv);
        let _ = self.game.play(me, mv);
        self.said.clear();
        let Some(i) = found else {
            // Not in the tree: wrong, with no refutation to show.
            self.finished = Some(false);
            return Answer::Wrong { reply: None };
        };
        self.path.push(i);
        let step = &self.here_parent()[i];
        let (right, bad) = (step.right, step.bad);
        let mine = step.comment.clone();
        // The tree's reply: the first answer on a right line if there is one, else the first.
        let replies = self.here();
        let pick = replies
            .iter()
            .position(|s| s.right)
            .or((!replies.is_empty()).then_some(0));
        let reply = pick.map(|j| (j, replies[j].colour, replies[j].mv));
        let theirs = pick.map(|j| replies[j].comment.clone());
        self.said = [Some(mine), theirs]
            .into_iter()
            .flatten()
            .map(|c| unmarked(&c))
            .filter(|c| !c.is_empty())
            .collect();
        if let Some((j, c, m)) = reply {
            if self.game.play(c, m).is_ok() {
                self.path.push(j);
            }
        }
        let reply = reply.map(|(_, c, m)| (c, m));
        let at_end = self.here().is_empty();
        if !right || bad {
            self.finished = Some(false);
            return Answer::Wrong { reply };
        }
        if at_end {
            self.finished = Some(true);
            return Answer::Right;
        }
        Answer::Continue { reply }
    }

    /// The steps the last player's move was chosen from.
    fn here_parent(&self) -> &[Step] {
        let mut at = self.problem.tree.as_slice();
        for &i in &self.path[..self.path.len() - 1] {
            at = &at[i].next;
        }
        at
    }

    /// Back to the start.
    pub fn retry(&mut self) {
        *self = Attempt::new(self.problem.clone());
    }
}

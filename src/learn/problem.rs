//! Problems (死活题, 手筋题): a position, the player to move, and a solution tree in SGF
//! variations, read with the common conventions — a line is right when its last node says so
//! (`RIGHT`, `Correct`, `正解` in its comment) or the player's moves are marked `TE`; a move
//! marked `BM`, or a line that ends without being right, is wrong. `VW` crops the board to the
//! problem's corner; `TR` marks the stones the problem is about, and our own `XG` property
//! says what must become of them (`capture`, `live`, `escape`), for the tests that verify
//! the built-in set.

use crate::record::sgf::{self, Node, SgfError, TreeNode};
use crate::rules::{BoardSize, Colour, Game, Move, PlayError, Point, Rules};

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

/// A problem as read from SGF.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    /// The question, from the root comment.
    pub question: String,
    pub size: BoardSize,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_move: Colour,
    /// The part of the board to show (`VW`): columns and rows, inclusive, 0-based from the
    /// top left; `None`: all of it.
    pub view: Option<(u8, u8, u8, u8)>,
    /// The stones the problem is about (`TR`).
    pub marked: Vec<Point>,
    pub goal: Option<Goal>,
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
}

impl std::fmt::Display for ProblemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProblemError::Sgf(e) => write!(f, "{e}"),
            ProblemError::BadMove(m) => write!(f, "bad move {m}"),
            ProblemError::NoSolution => write!(f, "the problem has no solution tree"),
        }
    }
}

fn says_right(comment: &str) -> bool {
    let c = comment.to_ascii_uppercase();
    c.contains("RIGHT") || c.contains("CORRECT") || comment.contains("正解")
}

fn points(size: BoardSize, node: &Node, id: &str) -> Result<Vec<Point>, ProblemError> {
    let mut v = Vec::new();
    for s in node.get(id).unwrap_or(&[]) {
        let (a, b) = s.split_once(':').unwrap_or((s, s));
        let (Ok(Some(a)), Ok(Some(b))) =
            (sgf::point_from_sgf(size, a), sgf::point_from_sgf(size, b))
        else {
            return Err(ProblemError::BadMove(format!("{id}[{s}]")));
        };
        let ((c0, r0), (c1, r1)) = (size.col_row(a), size.col_row(b));
        for r in r0.min(r1)..=r0.max(r1) {
            for c in c0.min(c1)..=c0.max(c1) {
                v.push(size.point(c, r));
            }
        }
    }
    Ok(v)
}

fn steps(
    size: BoardSize,
    children: &[TreeNode],
    player: Colour,
) -> Result<Vec<Step>, ProblemError> {
    let mut out = Vec::new();
    for child in children {
        let n = &child.node;
        let (colour, value) = match (n.first("B"), n.first("W")) {
            (Some(v), _) => (Colour::Black, v),
            (None, Some(v)) => (Colour::White, v),
            // A node without a move (a comment): its children stand in its place.
            (None, None) => {
                out.extend(steps(size, &child.children, player)?);
                continue;
            }
        };
        let mv = match sgf::point_from_sgf(size, value) {
            Ok(Some(p)) => Move::Play(p),
            Ok(None) => Move::Pass,
            Err(_) => return Err(ProblemError::BadMove(value.to_string())),
        };
        let comment = n.first("C").unwrap_or("").trim().to_string();
        let next = steps(size, &child.children, player)?;
        let marked_right = says_right(&comment) || (colour == player && n.get("TE").is_some());
        let bad = n.get("BM").is_some();
        let right = !bad && (marked_right && next.is_empty() || next.iter().any(|s| s.right));
        out.push(Step {
            colour,
            mv,
            comment,
            bad,
            right,
            next,
        });
    }
    Ok(out)
}

impl Problem {
    /// Reads a problem: the root's setup (`AB`/`AW`/`PL`, or the first move's colour), its
    /// question, `VW`, `TR`, `XG`, and the tree.
    pub fn from_tree(tree: &TreeNode) -> Result<Problem, ProblemError> {
        let root = &tree.node;
        let size = match root.first("SZ") {
            None => BoardSize::NINETEEN,
            Some(s) => s
                .split(':')
                .next()
                .and_then(|n| n.trim().parse().ok())
                .and_then(|n| BoardSize::new(n).ok())
                .ok_or_else(|| ProblemError::BadMove(format!("SZ[{s}]")))?,
        };
        let first_mover = tree.children.iter().find_map(|c| {
            if c.node.get("B").is_some() {
                Some(Colour::Black)
            } else if c.node.get("W").is_some() {
                Some(Colour::White)
            } else {
                None
            }
        });
        let to_move = match root.first("PL") {
            Some(p) if p.eq_ignore_ascii_case("W") || p == "2" => Colour::White,
            Some(_) => Colour::Black,
            None => first_mover.unwrap_or(Colour::Black),
        };
        let view = match points(size, root, "VW")?.as_slice() {
            [] => None,
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
        let goal = match root.first("XG") {
            Some("capture") => Some(Goal::Capture),
            Some("live") => Some(Goal::Live),
            Some("escape") => Some(Goal::Escape),
            _ => None,
        };
        let tree_steps = steps(size, &tree.children, to_move)?;
        if tree_steps.is_empty() {
            return Err(ProblemError::NoSolution);
        }
        Ok(Problem {
            name: root.first("GN").unwrap_or("").trim().to_string(),
            question: root.first("C").unwrap_or("").trim().to_string(),
            size,
            black: points(size, root, "AB")?,
            white: points(size, root, "AW")?,
            to_move,
            view,
            marked: points(size, root, "TR")?,
            goal,
            tree: tree_steps,
        })
    }

    /// Every problem of an SGF file (a collection holds many).
    pub fn read_all(text: &str) -> Result<Vec<Problem>, ProblemError> {
        let mut out = Vec::new();
        for t in sgf::game_trees(text) {
            let tree = sgf::parse_whole_tree(t).map_err(ProblemError::Sgf)?;
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
}

impl Attempt {
    pub fn new(problem: Problem) -> Attempt {
        let game = problem.start();
        Attempt {
            problem,
            game,
            path: Vec::new(),
            finished: None,
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
        let Some(i) = found else {
            // Not in the tree: wrong, with no refutation to show.
            self.finished = Some(false);
            return Answer::Wrong { reply: None };
        };
        self.path.push(i);
        let step = &self.here_parent()[i];
        let (right, bad) = (step.right, step.bad);
        // The tree's reply: the first answer on a right line if there is one, else the first.
        let replies = self.here();
        let pick = replies
            .iter()
            .position(|s| s.right)
            .or((!replies.is_empty()).then_some(0));
        let reply = pick.map(|j| (j, replies[j].colour, replies[j].mv));
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

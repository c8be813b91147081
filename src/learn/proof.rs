//! A problem as a question for the reader (issue 52, part 3), and the check of its answer.
//!
//! # The question
//! From a [`Problem`] (its setup, who plays, its goal and marked stones, its crop) to a
//! [`reader::Question`]:
//! - **the goal**: our `XG` property, or else the question's words (活 / live, 杀 / kill,
//!   吃 / capture, 逃 / escape, …, as the collections write them: 黑先活, 白先杀, 黒先白死);
//!   a capture of a group shut in with the room it lives in is asked as a kill (the reader then
//!   counts Benson's life as the defender's success, not only the escape liberties);
//! - **the target**: the marked stones (`TR`), which must be one chain of the side the goal is
//!   about; without marks, that side's chain in the crop that is not already unconditionally
//!   alive (the one with fewest liberties for a capture or an escape, the largest for life and
//!   death);
//! - **the region**: for life and death, the natural enclosed region — the target and every
//!   point reached from it without crossing the other side's stones — where that is a closed
//!   corner or edge (at most [`ENCLOSED_MAX`] points, and inside the crop); otherwise the
//!   crop ([`Problem::view`]: `VW`, or the stones' bounding box with a margin; the whole board
//!   where the problem is shown whole). Every liberty of the target must lie in it.
//!
//! A problem whose goal cannot be turned into a question says why ([`NotAQuestion`]).
//!
//! # The check
//! The reader reads every legal first move in the region (and the pass). The file's right first
//! moves must reach the goal at the best kind any first move reaches (clean, else seki, else
//! ko); every other first move must not. The result is plain data ([`Check`]): proved, the
//! file's answer refuted (with its refutation and the moves that work instead), other moves
//! also right (with their lines), or unknown where the node budget ran out.
//!
//! The rules course's capture tasks ([`super::course::Ask::Capture`]) are checked the same way
//! ([`task_question`]): their answer is any move that takes the marked stones off at once, and
//! every other move must fail to capture them at all.

use super::course::Task;
use super::{Goal, Problem};
use crate::bot::reader::{self, Answer, Kind, Outcome, Question, QuestionError, Region, Tried};
use crate::rules::{scoring, Board, BoardSize, Colour, Move, Point};

/// The largest enclosed region read as life and death (a corner or edge group with its eye
/// space and the points between it and the wall); and never more than a third of the board.
pub const ENCLOSED_MAX: usize = 40;

/// The lines around the stones' bounding box in the region of an open fight.
pub const MARGIN: u8 = 1;

/// What a problem asks of its target, as the reader reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Capture the opponent's chain (it escapes with the reader's escape liberties).
    Capture,
    /// Capture the opponent's group in its enclosed region (it is safe once alive).
    Kill,
    /// Keep one's own group alive in its region.
    Live,
    /// Get one's own chain out (it is safe with the reader's escape liberties).
    Escape,
}

/// Why a problem cannot be read as a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAQuestion {
    /// Neither `XG` nor the question's words say what to achieve.
    NoGoal,
    /// Nothing is marked, and no stone of the side the goal is about is there to fight over.
    NoTarget,
    /// A marked point without a stone.
    MarkedEmpty(Point),
    /// A marked stone of the other side than the goal is about (a capture or a kill is of the
    /// opponent's stones, life or an escape of one's own).
    WrongColour(Point),
    /// The marked stones are more than one chain: the reader follows one.
    SeveralChains,
    /// The target's chain has a liberty outside the problem's crop: it could never be taken
    /// there.
    OpenRegion(Point),
}

impl std::fmt::Display for NotAQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotAQuestion::NoGoal => write!(f, "the problem does not say what to achieve"),
            NotAQuestion::NoTarget => write!(f, "no stones to fight over"),
            NotAQuestion::MarkedEmpty(_) => write!(f, "a marked point has no stone"),
            NotAQuestion::WrongColour(_) => write!(f, "a marked stone is of the other side"),
            NotAQuestion::SeveralChains => write!(f, "the marked stones are not one chain"),
            NotAQuestion::OpenRegion(_) => {
                write!(f, "the marked stones reach outside the problem's corner")
            }
        }
    }
}

impl From<QuestionError> for NotAQuestion {
    fn from(e: QuestionError) -> NotAQuestion {
        match e {
            QuestionError::NoStone(p) => NotAQuestion::MarkedEmpty(p),
            QuestionError::WrongColour(p) => NotAQuestion::WrongColour(p),
            QuestionError::OpenRegion(p) => NotAQuestion::OpenRegion(p),
            // Not made here: the region is the board's and the escape liberties the default.
            QuestionError::RegionSize | QuestionError::EscapeLiberties(_) => NotAQuestion::NoGoal,
        }
    }
}

/// The goal a problem's words say, where `XG` does not: 活 / live, 杀 / kill, 吃 / capture,
/// 逃 / escape, in Chinese, Japanese (黒先白死: the opponent dies) and English.
pub fn aim_in_words(question: &str) -> Option<Aim> {
    // 死活 names the kind of problem, not its goal.
    let q = question.to_lowercase().replace("死活", "");
    let has = |words: &[&str]| words.iter().any(|w| q.contains(w));
    if has(&["杀", "殺", "kill"]) {
        Some(Aim::Kill)
    } else if has(&["活", "live", "life", "alive"]) {
        Some(Aim::Live)
    } else if has(&["死", "dies", "dead"]) {
        Some(Aim::Kill)
    } else if has(&["逃", "救", "长出", "escape", "save", "get out", "run"]) {
        Some(Aim::Escape)
    } else if has(&["吃", "提", "capture", "take the", "atari"]) {
        Some(Aim::Capture)
    } else {
        None
    }
}

/// The points reached from `from` without crossing a stone of `wall` (the target, its eye space
/// and its outside liberties up to the wall), or `None` when that is more than `max` points.
pub(crate) fn enclosure(
    board: &Board,
    from: Point,
    wall: Colour,
    max: usize,
) -> Option<Vec<Point>> {
    let size = board.size();
    let mut seen = vec![false; crate::rules::point::ARRAY_LEN];
    let mut out = vec![from];
    seen[from.index()] = true;
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        i += 1;
        for n in size.neighbours(p) {
            let q = Point(n as u16);
            if size.contains(q) && !seen[q.index()] && board.colour_at(q) != Some(wall) {
                seen[q.index()] = true;
                out.push(q);
                if out.len() > max {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// The stones' bounding box with a margin of [`MARGIN`] lines, inside the crop the problem is
/// shown in (`view`: columns and rows, inclusive; `None`, the whole board).
pub(crate) fn stones_box(
    size: BoardSize,
    points: &[Point],
    view: Option<(u8, u8, u8, u8)>,
) -> Region {
    let n = size.get();
    let (v0, v1, w0, w1) = view.unwrap_or((0, n - 1, 0, n - 1));
    let cr: Vec<(u8, u8)> = points.iter().map(|&p| size.col_row(p)).collect();
    let lo = |v: &mut dyn Iterator<Item = u8>| v.min().unwrap_or(0).saturating_sub(MARGIN);
    let hi = |v: &mut dyn Iterator<Item = u8>| (v.max().unwrap_or(n - 1) + MARGIN).min(n - 1);
    let (c0, c1) = (
        lo(&mut cr.iter().map(|x| x.0)),
        hi(&mut cr.iter().map(|x| x.0)),
    );
    let (r0, r1) = (
        lo(&mut cr.iter().map(|x| x.1)),
        hi(&mut cr.iter().map(|x| x.1)),
    );
    let (c0, c1, r0, r1) = (c0.max(v0), c1.min(v1), r0.max(w0), r1.min(w1));
    if c0 > c1 || r0 > r1 {
        return Region::from_points(size, points.iter().copied());
    }
    Region::rectangle(size, size.point(c0, r0), size.point(c1, r1))
}

/// The chain the goal is about: the marked stones (one chain of `side`), or else `side`'s chain
/// in the region that is not unconditionally alive, the weakest for a capture or an escape, the
/// largest for life and death.
fn target(
    board: &Board,
    marked: &[Point],
    side: Colour,
    aim: Aim,
    region: &Region,
) -> Result<Point, NotAQuestion> {
    if let Some(&first) = marked.first() {
        for &p in marked {
            match board.colour_at(p) {
                None => return Err(NotAQuestion::MarkedEmpty(p)),
                Some(c) if c != side => return Err(NotAQuestion::WrongColour(p)),
                Some(_) => {}
            }
        }
        let id = board.chain_id(first);
        if marked.iter().any(|&p| board.chain_id(p) != id) {
            return Err(NotAQuestion::SeveralChains);
        }
        return Ok(first);
    }
    let alive = scoring::pass_alive(board, side);
    let mut best: Option<(Point, usize, usize)> = None;
    let mut seen = Vec::new();
    for p in region.points() {
        if board.colour_at(p) != Some(side) || alive[p.index()] {
            continue;
        }
        let id = board.chain_id(p);
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let libs = board.liberties(p);
        if libs.iter().any(|&l| !region.contains(l)) {
            continue;
        }
        let (n, l) = (board.chain_len(p), libs.len());
        let better = match best {
            None => true,
            Some((_, bn, bl)) => match aim {
                Aim::Capture | Aim::Escape => {
                    (l, std::cmp::Reverse(n)) < (bl, std::cmp::Reverse(bn))
                }
                Aim::Kill | Aim::Live => (n, std::cmp::Reverse(l)) > (bn, std::cmp::Reverse(bl)),
            },
        };
        if better {
            best = Some((p, n, l));
        }
    }
    best.map(|b| b.0).ok_or(NotAQuestion::NoTarget)
}

/// A position, who plays, what they want of which stones, and where: the question.
#[derive(Clone, Debug)]
pub struct Asked {
    pub aim: Aim,
    /// A stone of the target chain.
    pub target: Point,
    pub question: Question,
}

/// Builds the question on `board` (`marked` the stones the goal is about, if any).
fn ask(
    board: Board,
    history: Vec<u64>,
    to_play: Colour,
    aim: Aim,
    marked: &[Point],
    crop: Region,
    budget: u64,
) -> Result<Asked, NotAQuestion> {
    let side = match aim {
        Aim::Capture | Aim::Kill => to_play.opponent(),
        Aim::Live | Aim::Escape => to_play,
    };
    let t = target(&board, marked, side, aim, &crop)?;
    // Life and death where the group is shut in: the natural region, and a capture asked there
    // is a kill (a group that lives in it is safe, whatever its liberties).
    let max = ENCLOSED_MAX.min(board.size().area() as usize / 3);
    let shut_in = enclosure(&board, t, side.opponent(), max)
        .filter(|pts| pts.iter().all(|&p| crop.contains(p)));
    let (aim, region) = match (aim, shut_in) {
        (Aim::Capture | Aim::Kill, Some(pts)) => {
            (Aim::Kill, Region::from_points(board.size(), pts))
        }
        (Aim::Live, Some(pts)) => (Aim::Live, Region::from_points(board.size(), pts)),
        (aim, _) => (aim, crop),
    };
    let goal = match aim {
        Aim::Capture => reader::Goal::Capture(t),
        Aim::Kill => reader::Goal::Kill(t),
        Aim::Live => reader::Goal::Live(t),
        Aim::Escape => reader::Goal::Escape(t),
    };
    let question = Question::new(board, to_play, goal)
        .region(region)
        .history(history)
        .budget(budget);
    // The reader's own checks (a liberty outside the region above all).
    reader::read(&question.clone().scope(reader::Scope::Only(Vec::new())))?;
    Ok(Asked {
        aim,
        target: t,
        question,
    })
}

/// The question a problem asks, with `budget` nodes.
pub fn question(p: &Problem, budget: u64) -> Result<Asked, NotAQuestion> {
    let aim = match p.goal {
        Some(Goal::Capture) => Aim::Capture,
        Some(Goal::Live) => Aim::Live,
        Some(Goal::Escape) => Aim::Escape,
        None => aim_in_words(&p.question).ok_or(NotAQuestion::NoGoal)?,
    };
    let mut points: Vec<Point> = p.black.iter().chain(&p.white).copied().collect();
    let mut stack: Vec<&super::Step> = p.tree.iter().collect();
    while let Some(s) = stack.pop() {
        if let Move::Play(q) = s.mv {
            points.push(q);
        }
        stack.extend(&s.next);
    }
    ask(
        p.start().board().clone(),
        Vec::new(),
        p.to_move,
        aim,
        &p.marked,
        stones_box(p.size, &points, p.view),
        budget,
    )
}

/// The question a capture task of the rules course asks: take the marked stones (the whole
/// board is the region; the moves before the question are the game's history).
pub fn task_question(task: &Task, budget: u64) -> Result<Asked, NotAQuestion> {
    let g = task.position();
    let mut b = g.setup().clone();
    let mut history = vec![b.hash()];
    for m in g.moves() {
        if let Move::Play(p) = m.mv {
            b.play_unchecked(m.colour, p);
        }
        history.push(b.hash());
    }
    let stones: Vec<Point> = g.board().stones().map(|(_, p)| p).collect();
    ask(
        g.board().clone(),
        history,
        g.to_move(),
        Aim::Capture,
        &task.marked(),
        stones_box(g.size(), &stones, None),
        budget,
    )
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Every right first move of the file reaches the goal, at the best kind there is, and no
    /// other first move does.
    Proved(Kind),
    /// A right first move of the file does not reach the goal (or only by ko where a clean way
    /// exists): `refutation` is that move with the opponent's refutation, `instead` the first
    /// moves that do reach it (each with the opponent's best resistance). `refutation` is `None`
    /// when the file has no right first move at all.
    WrongAnswer {
        refutation: Option<Tried>,
        instead: Vec<Tried>,
    },
    /// The file's right first moves are proved, and these first moves (which the file does not
    /// give as right) reach the goal as well, each with its line.
    AlsoRight { kind: Kind, moves: Vec<Tried> },
    /// The node budget ran out before the file's answer, or another first move, was decided.
    Unknown {
        /// The file's right first moves were proved; only others are undecided.
        marked_proved: bool,
        undecided: Vec<Move>,
    },
}

/// Better kinds first: clean, then seki, then ko.
fn rank(k: Kind) -> u8 {
    match k {
        Kind::Clean => 3,
        Kind::Seki => 2,
        Kind::Ko => 1,
    }
}

/// Judges the reader's answer against the file's right first moves.
pub fn judge(right: &[Move], answer: &Answer) -> Check {
    let won = |t: &Tried| match t.outcome {
        Outcome::Win(k) => rank(k),
        _ => 0,
    };
    let best = answer.moves.iter().map(won).max().unwrap_or(0);
    let winners = || -> Vec<Tried> {
        answer
            .moves
            .iter()
            .filter(|t| best > 0 && won(t) == best)
            .cloned()
            .collect()
    };
    let marked: Vec<&Tried> = right.iter().filter_map(|&m| answer.tried(m)).collect();
    // A right move the rules refuse, or none at all: the file is wrong.
    if marked.len() < right.len() || right.is_empty() {
        return Check::WrongAnswer {
            refutation: None,
            instead: winners(),
        };
    }
    if let Some(bad) = marked
        .iter()
        .find(|t| t.outcome == Outcome::Loss || (won(t) > 0 && won(t) < best))
    {
        return Check::WrongAnswer {
            refutation: Some((*bad).clone()),
            instead: winners(),
        };
    }
    let undecided: Vec<Move> = answer
        .moves
        .iter()
        .filter(|t| t.outcome == Outcome::Unknown)
        .map(|t| t.first)
        .collect();
    let marked_proved = marked.iter().all(|t| won(t) > 0);
    if !undecided.is_empty() {
        return Check::Unknown {
            marked_proved,
            undecided,
        };
    }
    let kind = match marked[0].outcome {
        Outcome::Win(k) => k,
        _ => Kind::Clean,
    };
    let also: Vec<Tried> = winners()
        .into_iter()
        .filter(|t| !right.contains(&t.first))
        .collect();
    if also.is_empty() {
        Check::Proved(kind)
    } else {
        Check::AlsoRight { kind, moves: also }
    }
}

/// A problem checked: the question asked, the reader's answer and what it says of the file.
#[derive(Clone, Debug)]
pub struct Checked {
    pub asked: Asked,
    pub answer: Answer,
    pub check: Check,
}

/// The right first moves of a problem's file.
pub fn right_first_moves(p: &Problem) -> Vec<Move> {
    p.tree
        .iter()
        .filter(|s| s.right && s.colour == p.to_move)
        .map(|s| s.mv)
        .collect()
}

/// Checks a problem's answer with the reader, within `budget` nodes.
pub fn check(p: &Problem, budget: u64) -> Result<Checked, NotAQuestion> {
    let asked = question(p, budget)?;
    let answer = reader::read(&asked.question)?;
    let check = judge(&right_first_moves(p), &answer);
    Ok(Checked {
        asked,
        answer,
        check,
    })
}

/// Checks a capture task of the rules course: its answer is every move that takes the marked
/// stones off at once ([`Task::captures`]).
pub fn check_task(task: &Task, budget: u64) -> Result<Checked, NotAQuestion> {
    let asked = task_question(task, budget)?;
    let answer = reader::read(&asked.question)?;
    let right: Vec<Move> = task
        .position()
        .size()
        .points()
        .filter(|&p| task.captures(p))
        .map(Move::Play)
        .collect();
    let check = judge(&right, &answer);
    Ok(Checked {
        asked,
        answer,
        check,
    })
}

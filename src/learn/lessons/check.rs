//! Every task proved (issue 54, part 2): a fight by the reader, a shape or a place by a pure
//! function of its kind. [`check`] says whether a task's `right:` is exactly what is proved;
//! [`refutation`] gives the opponent's answer to a wrong move, from the reader, for the help.
//!
//! - **A fight** ([`Fight`]) is a reader question ([`question`]): the task's position, the side
//!   to move, the goal on the named stones, and the region — the task's `region:` rectangle,
//!   or for `kill`/`live` the group's enclosed region (as [`crate::learn::proof`] builds it),
//!   or else the stones' box with a line around it. Without `choices:` the file's right first
//!   moves must be every first move that wins at the best kind there is and no other
//!   ([`proof::judge`] says [`Check::Proved`]). With `choices:` only the lettered points are
//!   read, and the right letters must be those whose move wins.
//! - **A shape** ([`Shape`]): the right moves must be exactly the empty points that make that
//!   shape with the marked stone ([`shape_points`]), among the choices where there are some.
//! - **A place** ([`Area`]): the right moves must be exactly the choices (or, without choices,
//!   the empty points) in that area ([`area_of`]).

use super::{Area, Ask, Fight, Shape, Task};
use crate::bot::reader::{self, Answer, Goal, Kind, Outcome, Question, Region, Scope, Tried};
use crate::learn::proof::{self, Check, ENCLOSED_MAX};
use crate::rules::{Board, BoardSize, Colour, Move, Point};

/// The reader's budget for a lesson's task (they are small fights).
pub const BUDGET: u64 = reader::DEFAULT_BUDGET;

/// The reader's question a fight task asks (`None` for other kinds).
pub fn question(task: &Task) -> Option<Question> {
    let Ask::Fight(fight) = task.ask else {
        return None;
    };
    let g = task.board.game();
    let board = g.board().clone();
    let size = board.size();
    let to_play = task.board.to_move;
    let goal = match fight {
        Fight::Capture(p) => Goal::Capture(p),
        Fight::Escape(p) => Goal::Escape(p),
        Fight::CaptureEither(p, q) => Goal::CaptureEither(p, q),
        Fight::Kill(p) => Goal::Kill(p),
        Fight::Live(p) => Goal::Live(p),
        Fight::Race { ours, theirs } => Goal::Race { ours, theirs },
    };
    let region = match (task.region, fight) {
        (Some((a, b)), _) => Region::rectangle(size, a, b),
        (None, Fight::Kill(p) | Fight::Live(p)) => {
            let side = board.colour_at(p).unwrap_or(to_play);
            let max = ENCLOSED_MAX.min(size.area() as usize / 3);
            match proof::enclosure(&board, p, side.opponent(), max) {
                Some(pts) => Region::from_points(size, pts),
                None => stones_region(&board),
            }
        }
        (None, _) => stones_region(&board),
    };
    let mut q = Question::new(board, to_play, goal)
        .region(region)
        .budget(BUDGET);
    if let Some(n) = task.escape {
        q = q.escape_liberties(n);
    }
    Some(q)
}

fn stones_region(board: &Board) -> Region {
    let stones: Vec<Point> = board.stones().map(|(_, p)| p).collect();
    proof::stones_box(board.size(), &stones, None)
}

/// What the check of one task found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The file's right moves are exactly those proved (a fight: at this kind).
    Proved(Option<Kind>),
    /// They are not: what is proved instead, in words for the CI's message.
    Wrong(String),
}

fn vertex(size: BoardSize, m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(p) => size.vertex(p),
    }
}

fn moves(size: BoardSize, ms: &[Move]) -> String {
    let mut v: Vec<String> = ms.iter().map(|&m| vertex(size, m)).collect();
    v.sort();
    v.join(" ")
}

/// The moves of the task's lettered choices.
fn choice_moves(task: &Task) -> Vec<Move> {
    task.choices
        .iter()
        .filter_map(|&c| task.choice_point(c))
        .map(Move::Play)
        .collect()
}

/// Whether two sets of moves are equal.
fn same(a: &[Move], b: &[Move]) -> bool {
    a.iter().all(|m| b.contains(m)) && b.iter().all(|m| a.contains(m))
}

/// Checks a task: its right moves against the reader (a fight) or the checker of its kind.
pub fn check(task: &Task) -> Proof {
    let size = task.board.size;
    let choices = choice_moves(task);
    if !choices.is_empty() && !task.right.iter().all(|m| choices.contains(m)) {
        return Proof::Wrong("a right move is not one of the choices".into());
    }
    match task.ask {
        Ask::Fight(_) => {
            let Some(mut q) = question(task) else {
                return Proof::Wrong("no question".into());
            };
            if !choices.is_empty() {
                q = q.scope(Scope::Only(choices.clone()));
            }
            let answer = match reader::read(&q) {
                Ok(a) => a,
                Err(e) => return Proof::Wrong(format!("the reader refuses the question: {e}")),
            };
            if choices.is_empty() {
                match proof::judge(&task.right, &answer) {
                    Check::Proved(k) => Proof::Proved(Some(k)),
                    c => Proof::Wrong(format!(
                        "the reader proves {:?} ({:?}), the file says {} ({c:?})",
                        moves(size, &answer.winning()),
                        answer.verdict,
                        moves(size, &task.right),
                    )),
                }
            } else {
                let won = answer.winning();
                let unknown: Vec<Move> = answer
                    .moves
                    .iter()
                    .filter(|t| t.outcome == Outcome::Unknown)
                    .map(|t| t.first)
                    .collect();
                if !unknown.is_empty() {
                    Proof::Wrong(format!("undecided: {}", moves(size, &unknown)))
                } else if same(&won, &task.right) && won.len() < choices.len() {
                    Proof::Proved(match answer.verdict {
                        reader::Verdict::Proved(k) => Some(k),
                        _ => None,
                    })
                } else {
                    Proof::Wrong(format!(
                        "among the choices the reader proves {}, the file says {}",
                        moves(size, &won),
                        moves(size, &task.right)
                    ))
                }
            }
        }
        Ask::Shape(shape, at) => {
            let mut want: Vec<Move> =
                shape_points(task.board.game().board(), shape, at, task.board.to_move)
                    .into_iter()
                    .map(Move::Play)
                    .collect();
            if !choices.is_empty() {
                want.retain(|m| choices.contains(m));
            }
            if same(&want, &task.right) && !want.is_empty() {
                Proof::Proved(None)
            } else {
                Proof::Wrong(format!(
                    "the {shape:?} from {} is {}, the file says {}",
                    size.vertex(at),
                    moves(size, &want),
                    moves(size, &task.right)
                ))
            }
        }
        Ask::Place(area) => {
            let board = task.board.game().board().clone();
            let pool: Vec<Move> = if choices.is_empty() {
                size.points()
                    .filter(|&p| board.is_empty(p))
                    .map(Move::Play)
                    .collect()
            } else {
                choices
            };
            let want: Vec<Move> = pool
                .into_iter()
                .filter(|m| matches!(m, Move::Play(p) if area_of(size, *p) == area))
                .collect();
            if same(&want, &task.right) && !want.is_empty() {
                Proof::Proved(None)
            } else {
                Proof::Wrong(format!(
                    "the {area:?} points are {}, the file says {}",
                    moves(size, &want),
                    moves(size, &task.right)
                ))
            }
        }
    }
}

/// The reader's answer to one first move of a fight task: for a wrong move the opponent's
/// refutation (its line starts with the opponent's reply), for a right one the opponent's
/// longest resistance. `None` for a task that is no fight, or a move the reader cannot read.
pub fn line_after(task: &Task, mv: Move) -> Option<Tried> {
    let q = question(task)?.scope(Scope::Only(vec![mv]));
    let a: Answer = reader::read(&q).ok()?;
    a.tried(mv).cloned()
}

/// The line of a point from the nearest edge: 1 on the edge.
pub fn line_of(size: BoardSize, p: Point) -> (u8, u8) {
    let (c, r) = size.col_row(p);
    let n = size.get();
    (c.min(n - 1 - c) + 1, r.min(n - 1 - r) + 1)
}

/// Where a point is: a corner when both its lines from the nearest edges are at most `k`, a
/// side when one is, else the centre; `k` is 5 on 19×19 (the 5th line and below), 4 on 13×13,
/// 3 on 9×9 — a quarter of the board's lines, rounded up.
pub fn area_of(size: BoardSize, p: Point) -> Area {
    let k = size.get().div_ceil(4);
    let (a, b) = line_of(size, p);
    match (a <= k, b <= k) {
        (true, true) => Area::Corner,
        (true, false) | (false, true) => Area::Side,
        (false, false) => Area::Centre,
    }
}

/// The empty points where `mover` makes `shape` with the stone at `at` (its own stone; for
/// 挡 the opponent's stone it blocks):
/// - 长: an orthogonal neighbour of the stone;
/// - 立: an orthogonal neighbour on a lower line (towards the nearest edge);
/// - 尖: a diagonal neighbour;
/// - 跳: two points away on a line, the point between empty;
/// - 飞: a knight's move away (one and two);
/// - 挡: an orthogonal neighbour of the opponent's stone that is an orthogonal neighbour of one
///   of `mover`'s stones too.
pub fn shape_points(board: &Board, shape: Shape, at: Point, mover: Colour) -> Vec<Point> {
    let size = board.size();
    let (c, r) = size.col_row(at);
    let (c, r) = (c as i32, r as i32);
    let get = |dc: i32, dr: i32| size.checked_point(c + dc, r + dr);
    let orth = [(0, -1), (-1, 0), (1, 0), (0, 1)];
    let mut out: Vec<Point> = match shape {
        Shape::Extend => orth.iter().filter_map(|&(a, b)| get(a, b)).collect(),
        Shape::Descend => {
            let here = line_of(size, at);
            orth.iter()
                .filter_map(|&(a, b)| get(a, b))
                .filter(|&q| {
                    let l = line_of(size, q);
                    l.0.min(l.1) < here.0.min(here.1)
                })
                .collect()
        }
        Shape::Diagonal => [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .iter()
            .filter_map(|&(a, b)| get(a, b))
            .collect(),
        Shape::Jump => orth
            .iter()
            .filter(|&&(a, b)| get(a, b).is_some_and(|m| board.is_empty(m)))
            .filter_map(|&(a, b)| get(2 * a, 2 * b))
            .collect(),
        Shape::Knight => [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ]
        .iter()
        .filter_map(|&(a, b)| get(a, b))
        .collect(),
        Shape::Block => orth
            .iter()
            .filter_map(|&(a, b)| get(a, b))
            .filter(|&q| {
                let (qc, qr) = size.col_row(q);
                orth.iter().any(|&(a, b)| {
                    size.checked_point(qc as i32 + a, qr as i32 + b)
                        .is_some_and(|s| board.colour_at(s) == Some(mover))
                })
            })
            .collect(),
    };
    out.retain(|&q| board.is_empty(q));
    out
}

//! Marks a teacher puts on a position (SGF `TR` △, `SQ` □, `CR` ○, `MA` ×, `LB` letters and
//! numbers), each on the node after a number of moves (0: the setup), read and written as
//! other programs do (point lists such as `TR[aa:bb]` included).

use crate::record::sgf::{self, Node};
use crate::rules::{BoardSize, Point};

/// A kind of mark.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    Triangle,
    Square,
    Circle,
    Cross,
    /// A letter, a number or a short word (`LB`).
    Label(String),
}

impl MarkKind {
    /// The SGF property.
    pub fn sgf_id(&self) -> &'static str {
        match self {
            MarkKind::Triangle => "TR",
            MarkKind::Square => "SQ",
            MarkKind::Circle => "CR",
            MarkKind::Cross => "MA",
            MarkKind::Label(_) => "LB",
        }
    }
}

/// A mark on a point, shown after `after_moves` moves of the main line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    pub after_moves: usize,
    pub point: Point,
    pub kind: MarkKind,
}

/// The marks of one node.
pub fn of_node(size: BoardSize, node: &Node, after_moves: usize) -> Vec<Mark> {
    let mut out = Vec::new();
    for (id, kind) in [
        ("TR", MarkKind::Triangle),
        ("SQ", MarkKind::Square),
        ("CR", MarkKind::Circle),
        ("MA", MarkKind::Cross),
    ] {
        for v in node.get(id).unwrap_or(&[]) {
            for point in sgf::point_list(size, v).unwrap_or_default() {
                out.push(Mark {
                    after_moves,
                    point,
                    kind: kind.clone(),
                });
            }
        }
    }
    for v in node.get("LB").unwrap_or(&[]) {
        if let Some((at, text)) = v.split_once(':') {
            if let Ok(Some(point)) = sgf::point_from_sgf(size, at) {
                out.push(Mark {
                    after_moves,
                    point,
                    kind: MarkKind::Label(text.to_string()),
                });
            }
        }
    }
    out
}

/// The marks as node properties for the writer: `(node, id, value)`.
pub fn to_props(size: BoardSize, marks: &[Mark]) -> Vec<(usize, &'static str, String)> {
    marks
        .iter()
        .map(|m| {
            let at = sgf::point_to_sgf(size, m.point);
            let value = match &m.kind {
                MarkKind::Label(t) => format!("{at}:{t}"),
                _ => at,
            };
            (m.after_moves, m.kind.sgf_id(), value)
        })
        .collect()
}

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
    /// How the mark is written in text: △ □ ○ ×, or the label itself.
    pub fn symbol(&self) -> &str {
        match self {
            MarkKind::Triangle => "△",
            MarkKind::Square => "□",
            MarkKind::Circle => "○",
            MarkKind::Cross => "×",
            MarkKind::Label(t) => t,
        }
    }

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

/// The marks one SGF property value gives (`TR` `SQ` `CR` `MA` point lists, `LB` a point and
/// its text); nothing for another property or a value that is not one.
pub fn from_prop(size: BoardSize, after_moves: usize, id: &str, value: &str) -> Vec<Mark> {
    let kind = match id {
        "TR" => MarkKind::Triangle,
        "SQ" => MarkKind::Square,
        "CR" => MarkKind::Circle,
        "MA" => MarkKind::Cross,
        "LB" => {
            let Some((at, text)) = value.split_once(':') else {
                return vec![];
            };
            return match sgf::point_from_sgf(size, at) {
                Ok(Some(point)) => vec![Mark {
                    after_moves,
                    point,
                    kind: MarkKind::Label(text.to_string()),
                }],
                _ => vec![],
            };
        }
        _ => return vec![],
    };
    sgf::point_list(size, value)
        .unwrap_or_default()
        .into_iter()
        .map(|point| Mark {
            after_moves,
            point,
            kind: kind.clone(),
        })
        .collect()
}

/// The marks of one node.
pub fn of_node(size: BoardSize, node: &Node, after_moves: usize) -> Vec<Mark> {
    let mut out = Vec::new();
    for (id, values) in &node.props {
        for v in values {
            out.extend(from_prop(size, after_moves, id, v));
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

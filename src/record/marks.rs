//! Marks a teacher puts on a position (SGF `TR` △, `SQ` □, `CR` ○, `MA` ×, `LB` letters and
//! numbers), each on the node of the record that holds it, read and written as other programs
//! do (point lists such as `TR[aa:bb]` included).

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

/// A mark on a point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    pub point: Point,
    pub kind: MarkKind,
}

/// The marks one SGF property value gives (`TR` `SQ` `CR` `MA` point lists, `LB` a point and
/// its text); nothing for another property or a value that is not one.
pub fn from_prop(size: BoardSize, id: &str, value: &str) -> Vec<Mark> {
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
            point,
            kind: kind.clone(),
        })
        .collect()
}

/// The marks of one node.
pub fn of_node(size: BoardSize, node: &Node) -> Vec<Mark> {
    let mut out = Vec::new();
    for (id, values) in &node.props {
        for v in values {
            out.extend(from_prop(size, id, v));
        }
    }
    out
}

/// The marks as properties: `(id, value)`, one value a mark.
pub fn to_props(size: BoardSize, marks: &[Mark]) -> Vec<(&'static str, String)> {
    marks
        .iter()
        .map(|m| {
            let at = sgf::point_to_sgf(size, m.point);
            let value = match &m.kind {
                MarkKind::Label(t) => format!("{at}:{t}"),
                _ => at,
            };
            (m.kind.sgf_id(), value)
        })
        .collect()
}

/// The mark properties of the SGF (`TR` `SQ` `CR` `MA` `LB`).
pub const MARK_PROPERTIES: [&str; 5] = ["TR", "SQ", "CR", "MA", "LB"];

/// Replaces a node's marks by `marks`: its mark properties are taken off and the new ones
/// written where the first of them stood (or last), in the order of [`MARK_PROPERTIES`].
pub fn put_on_node(size: BoardSize, node: &mut Node, marks: &[Mark]) {
    let at = node
        .props
        .iter()
        .position(|(k, _)| MARK_PROPERTIES.contains(&k.as_str()))
        .unwrap_or(node.props.len());
    node.props
        .retain(|(k, _)| !MARK_PROPERTIES.contains(&k.as_str()));
    let at = at.min(node.props.len());
    let mut props: Vec<(String, Vec<String>)> = Vec::new();
    for (id, value) in to_props(size, marks) {
        match props.iter_mut().find(|(k, _)| k == id) {
            Some((_, vs)) => vs.push(value),
            None => props.push((id.to_string(), vec![value])),
        }
    }
    props.sort_by_key(|(k, _)| MARK_PROPERTIES.iter().position(|m| m == k));
    node.props.splice(at..at, props);
}

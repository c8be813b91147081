//! A game record on the teacher's board: stepped through node by node (a game in review, an
//! imported record, into any of its variations), each node marked (△ □ ○ ×, letters) and
//! commented — every change undoable — any position taken into the editor to set up from it,
//! and a range of moves drawn as a printed diagram. The record is a [`Session`]: the marks and
//! comments are the SGF `TR`/`SQ`/`CR`/`MA`/`LB` and `C` of its tree's nodes, written back
//! into them. Plain Rust, tested natively.

use super::editor::{self, Editor, Tool};
use super::Session;
use crate::record::diagram::Diagram;
use crate::record::marks::{Mark, MarkKind};
use crate::record::tree::NodeId;
use crate::rules::{Colour, Game, Move, Point};

/// What one node carries: its marks and its comment.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Annotation {
    pub marks: Vec<(Point, MarkKind)>,
    pub comment: String,
}

/// A record being studied, at one of its nodes.
#[derive(Clone, Debug)]
pub struct Study {
    pub record: Session,
    /// The node shown.
    at: NodeId,
    /// The position there (kept: replaying a record on every step is wasted work).
    position: Game,
    /// Annotation changes as (node, before), newest last.
    undo: Vec<(NodeId, Annotation)>,
    redo: Vec<(NodeId, Annotation)>,
}

impl Study {
    /// The record at node `at`.
    pub fn new(record: Session, at: NodeId) -> Study {
        let position = record
            .position_at(at)
            .unwrap_or_else(|_| record.game.clone());
        Study {
            record,
            at,
            position,
            undo: vec![],
            redo: vec![],
        }
    }

    pub fn at(&self) -> NodeId {
        self.at
    }

    /// The number of the move shown: the moves from the root to the node.
    pub fn number(&self) -> usize {
        let t = &self.record.tree;
        t.path_to(self.at)
            .iter()
            .filter(|&&id| t.node(id).move_value().is_some())
            .count()
    }

    /// The number of the last move of the line shown (on from the node by first children).
    pub fn len(&self) -> usize {
        let t = &self.record.tree;
        self.number()
            + t.line_from(self.at)[1..]
                .iter()
                .filter(|&&id| t.node(id).move_value().is_some())
                .count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Goes to a node; whether the node changed.
    pub fn go(&mut self, node: NodeId) -> bool {
        if node == self.at {
            return false;
        }
        let Ok(position) = self.record.position_at(node) else {
            return false;
        };
        self.at = node;
        self.position = position;
        true
    }

    /// Nodes on (the line's continuation) or back (towards the root) by `delta`.
    pub fn step(&mut self, delta: i64) -> bool {
        let t = &self.record.tree;
        let mut node = self.at;
        for _ in 0..delta.unsigned_abs() {
            let next = if delta > 0 {
                t.children(node).first().copied()
            } else {
                t.parent(node)
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        self.go(node)
    }

    /// The position at the node shown.
    pub fn position(&self) -> &Game {
        &self.position
    }

    /// The stones on the board at the node shown.
    pub fn stones(&self) -> Vec<(Point, Colour)> {
        self.position
            .board()
            .stones()
            .map(|(c, p)| (p, c))
            .collect()
    }

    /// The stone played to reach the node shown, if it was a stone.
    pub fn last_point(&self) -> Option<Point> {
        let node = self.record.tree.node(self.at);
        match crate::record::replay::node_move(self.position.size(), self.at, node) {
            Ok(Some((_, Move::Play(p)))) => Some(p),
            _ => None,
        }
    }

    /// The marks and the comment of a node.
    pub fn annotation_at(&self, node: NodeId) -> Annotation {
        Annotation {
            marks: self
                .record
                .marks(node)
                .into_iter()
                .map(|m| (m.point, m.kind))
                .collect(),
            comment: self.record.comment(node).to_string(),
        }
    }

    /// The node shown's marks and comment.
    pub fn annotation(&self) -> Annotation {
        self.annotation_at(self.at)
    }

    fn put(&mut self, node: NodeId, a: Annotation) {
        let size = self.position.size();
        let marks: Vec<Mark> = a
            .marks
            .into_iter()
            .map(|(point, kind)| Mark { point, kind })
            .collect();
        let n = self.record.tree.node_mut(node);
        crate::record::marks::put_on_node(size, n, &marks);
        if a.comment.is_empty() {
            n.remove("C");
        } else {
            n.set("C", vec![a.comment]);
        }
    }

    fn annotate(&mut self, f: impl FnOnce(&mut Annotation)) -> bool {
        let before = self.annotation();
        let mut after = before.clone();
        f(&mut after);
        if after == before {
            return false;
        }
        self.undo.push((self.at, before));
        self.redo.clear();
        self.put(self.at, after);
        true
    }

    /// A mark tool at `p` on the node shown (the same mark again takes it off; the eraser takes
    /// off any mark there). Stones are not changed in a record: `false` for a stone tool —
    /// the position is set up in the editor ([`Study::editor`]).
    pub fn click(&mut self, tool: &Tool, p: Point) -> bool {
        if !self.position.size().contains(p) {
            return false;
        }
        match tool {
            Tool::Stone(_) | Tool::Alternate => false,
            Tool::Erase | Tool::Mark(_) | Tool::Letter => {
                self.annotate(|a| editor::toggle_mark(&mut a.marks, tool, p))
            }
        }
    }

    pub fn set_comment(&mut self, text: &str) -> bool {
        let text = text.trim_end().to_string();
        self.annotate(|a| a.comment = text)
    }

    /// Takes back the last change of marks or comment, going to its node.
    pub fn undo(&mut self) -> bool {
        let Some((n, before)) = self.undo.pop() else {
            return false;
        };
        self.go(n);
        self.redo.push((n, self.annotation()));
        self.put(n, before);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some((n, after)) = self.redo.pop() else {
            return false;
        };
        self.go(n);
        self.undo.push((n, self.annotation()));
        self.put(n, after);
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The position shown, with its marks and comment, in the editor (to set up from it: the
    /// stones on the board now, the player to move next).
    pub fn editor(&self) -> Editor {
        let g = &self.position;
        let size = g.size();
        let a = self.annotation();
        Editor::from_setup(editor::Setup {
            size,
            stones: self.stones(),
            to_move: g.to_move(),
            marks: a.marks,
            comment: a.comment,
        })
    }

    /// Moves `from + 1 ..= to` of the line to the node shown as a printed diagram (numbered
    /// from 1 with `restart`, else by their move numbers), with the marks of the node shown.
    pub fn diagram(&self, from: usize, to: usize, restart: bool) -> Diagram {
        crate::record::diagram::diagram(
            &self.position,
            from,
            to,
            restart,
            &self.record.marks(self.at),
        )
    }

    /// The whole record as SGF, marks and comments included.
    pub fn to_sgf(&self) -> String {
        self.record.to_sgf()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameId;

    const SGF: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee]C[the centre]TR[ee];W[cc];B[gc];W[ce]SQ[dd]LB[ef:A])";

    fn study() -> Study {
        let imported = Session::from_sgf(SGF, GameId(1), 0.0).unwrap();
        let root = imported.session.tree.root();
        Study::new(imported.session, root)
    }

    /// The node of the main line after `n` moves (its end for more).
    fn node(s: &Study, n: usize) -> NodeId {
        let line = s.record.tree.main_line();
        line[n.min(line.len() - 1)]
    }

    fn at(v: &str) -> Point {
        crate::rules::BoardSize::NINE.parse_vertex(v).unwrap()
    }

    #[test]
    fn an_imported_records_marks_and_comments_are_on_their_nodes() {
        let mut s = study();
        assert_eq!(s.len(), 4);
        assert_eq!(s.annotation(), Annotation::default());
        assert!(s.go(node(&s, 1)));
        assert_eq!(s.last_point(), Some(at("E5")));
        assert_eq!(
            s.annotation(),
            Annotation {
                marks: vec![(at("E5"), MarkKind::Triangle)],
                comment: "the centre".into()
            }
        );
        s.go(node(&s, 99));
        assert_eq!(s.number(), 4);
        let a = s.annotation();
        assert!(a.marks.contains(&(at("D6"), MarkKind::Square)));
        assert!(a.marks.contains(&(at("E4"), MarkKind::Label("A".into()))));
        assert_eq!(
            s.position().board().colour_at(at("C5")),
            Some(Colour::White)
        );
        assert!(!s.step(1));
        assert!(s.step(-4));
        assert_eq!(s.position().board().stones_of(Colour::Black), vec![]);
    }

    #[test]
    fn marks_and_comments_are_added_undone_redone_and_written_back() {
        let mut s = study();
        s.go(node(&s, 2));
        assert!(s.click(&Tool::Mark(MarkKind::Circle), at("C7")));
        assert!(s.click(&Tool::Letter, at("D4")));
        assert!(s.click(&Tool::Letter, at("F4")));
        assert!(
            !s.click(&Tool::Stone(Colour::Black), at("A1")),
            "stones are set up in the editor"
        );
        assert!(s.set_comment("white approaches"));
        let a = s.annotation();
        assert_eq!(
            a.marks,
            vec![
                (at("C7"), MarkKind::Circle),
                (at("D4"), MarkKind::Label("A".into())),
                (at("F4"), MarkKind::Label("B".into())),
            ]
        );
        // The record written and read again keeps them on the same node.
        let back = Session::from_sgf(&s.to_sgf(), GameId(2), 0.0)
            .unwrap()
            .session;
        let second = back.tree.main_line()[2];
        let again = Study::new(back, second);
        assert_eq!(again.annotation(), a);
        assert_eq!(again.annotation_at(node(&again, 1)).comment, "the centre");
        // Undo from another node goes back to the node changed.
        s.go(node(&s, 0));
        assert!(s.undo());
        assert_eq!(s.number(), 2);
        assert_eq!(s.annotation().comment, "");
        assert!(s.undo());
        assert!(s.undo());
        assert!(s.undo());
        assert_eq!(s.annotation(), Annotation::default());
        assert!(!s.undo());
        assert!(s.redo());
        assert_eq!(s.annotation().marks, vec![(at("C7"), MarkKind::Circle)]);
        // A new change drops the redo.
        assert!(s.click(&Tool::Erase, at("C7")));
        assert!(!s.can_redo());
        assert_eq!(s.annotation(), Annotation::default());
    }

    #[test]
    fn the_position_shown_goes_to_the_editor_and_plays_on() {
        let mut s = study();
        s.go(node(&s, 4));
        let e = s.editor();
        assert_eq!(e.now.stones.len(), 4);
        assert_eq!(e.now.to_move, Colour::Black);
        assert_eq!(e.now.marks.len(), 2);
        let g = e.game();
        assert_eq!(g.board().colour_at(at("C7")), Some(Colour::White));
        assert_eq!(g.to_move(), Colour::Black);
        assert!(
            !e.can_undo(),
            "the editor starts from the position, nothing to undo"
        );
    }

    #[test]
    fn a_range_of_moves_is_a_diagram_with_the_marks_of_its_last_node() {
        let mut s = study();
        s.go(node(&s, 4));
        let d = s.diagram(2, 4, true);
        assert_eq!(d.stones.len(), 2);
        assert_eq!(
            d.numbered,
            vec![(at("G7"), Colour::Black, 1), (at("C5"), Colour::White, 2)]
        );
        assert_eq!(d.marks.len(), 2);
        let d = s.diagram(2, 4, false);
        assert_eq!(d.numbered[0].2, 3);
    }
}

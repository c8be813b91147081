//! A game record on the teacher's board: stepped through move by move (a game in review, an
//! imported record), each node marked (△ □ ○ ×, letters) and commented — every change undoable —
//! any position taken into the editor to set up from it, and a range of moves drawn as a printed
//! diagram. The record is a [`Session`]: its `marks` and `notes` are the SGF `TR`/`SQ`/`CR`/
//! `MA`/`LB` and `C` of the main line's nodes, written back with it. Plain Rust, tested natively.

use super::editor::{self, Editor, Tool};
use super::Session;
use crate::record::diagram::Diagram;
use crate::record::marks::{Mark, MarkKind};
use crate::rules::{Colour, Game, Point};

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
    /// The node shown: after this many moves of the main line (0: the setup).
    at: usize,
    /// The position there (kept: replaying a record on every step is wasted work).
    position: Game,
    /// Annotation changes as (node, before), newest last.
    undo: Vec<(usize, Annotation)>,
    redo: Vec<(usize, Annotation)>,
}

impl Study {
    /// The record at node `at` (clamped to its length).
    pub fn new(record: Session, at: usize) -> Study {
        let at = at.min(record.game.moves().len());
        let position = record.game_at(at);
        Study {
            record,
            at,
            position,
            undo: vec![],
            redo: vec![],
        }
    }

    pub fn at(&self) -> usize {
        self.at
    }

    /// The number of moves of the main line.
    pub fn len(&self) -> usize {
        self.record.game.moves().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Goes to node `n` (clamped); whether the node changed.
    pub fn go(&mut self, n: usize) -> bool {
        let n = n.min(self.len());
        if n == self.at {
            return false;
        }
        self.at = n;
        self.position = self.record.game_at(n);
        true
    }

    /// One move on or back (`delta` may be negative).
    pub fn step(&mut self, delta: i64) -> bool {
        let n = (self.at as i64 + delta).max(0) as usize;
        self.go(n)
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
        self.at
            .checked_sub(1)
            .and_then(|i| self.record.game.moves().get(i))
            .and_then(|m| match m.mv {
                crate::rules::Move::Play(p) => Some(p),
                crate::rules::Move::Pass => None,
            })
    }

    /// The marks and the comment of node `n`.
    pub fn annotation_at(&self, n: usize) -> Annotation {
        Annotation {
            marks: self
                .record
                .marks
                .iter()
                .filter(|m| m.after_moves == n)
                .map(|m| (m.point, m.kind.clone()))
                .collect(),
            comment: self.record.comment_at(n),
        }
    }

    /// The node shown's marks and comment.
    pub fn annotation(&self) -> Annotation {
        self.annotation_at(self.at)
    }

    fn put(&mut self, n: usize, a: Annotation) {
        self.record.marks.retain(|m| m.after_moves != n);
        self.record
            .marks
            .extend(a.marks.into_iter().map(|(point, kind)| Mark {
                after_moves: n,
                point,
                kind,
            }));
        self.record.notes.retain(|(k, _)| *k != n);
        if !a.comment.is_empty() {
            self.record.notes.push((n, a.comment));
            self.record.notes.sort_by_key(|(k, _)| *k);
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

    /// Moves `from + 1 ..= to` as a printed diagram (numbered from 1 with `restart`, else by
    /// their move numbers), with the marks of node `to`.
    pub fn diagram(&self, from: usize, to: usize, restart: bool) -> Diagram {
        crate::record::diagram::diagram(&self.record.game, from, to, restart, &self.record.marks)
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
        Study::new(imported.session, 0)
    }

    fn at(v: &str) -> Point {
        crate::rules::BoardSize::NINE.parse_vertex(v).unwrap()
    }

    #[test]
    fn an_imported_records_marks_and_comments_are_on_their_nodes() {
        let mut s = study();
        assert_eq!(s.len(), 4);
        assert_eq!(s.annotation(), Annotation::default());
        assert!(s.go(1));
        assert_eq!(s.last_point(), Some(at("E5")));
        assert_eq!(
            s.annotation(),
            Annotation {
                marks: vec![(at("E5"), MarkKind::Triangle)],
                comment: "the centre".into()
            }
        );
        s.go(99);
        assert_eq!(s.at(), 4);
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
        s.go(2);
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
        let again = Study::new(back, 2);
        assert_eq!(again.annotation(), a);
        assert_eq!(again.annotation_at(1).comment, "the centre");
        // Undo from another node goes back to the node changed.
        s.go(0);
        assert!(s.undo());
        assert_eq!(s.at(), 2);
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
        s.go(4);
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
        s.go(4);
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

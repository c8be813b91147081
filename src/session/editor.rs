//! The teacher's board: a position set up freely (SGF `AB`/`AW`/`AE`, `PL`), marked (△ □ ○ ×,
//! letters), commented, turned or with its colours swapped — every edit undoable — and handed on
//! as SGF (a game or a problem starts from it) or as a printed diagram. Plain Rust: the screen
//! calls it, tests drive it.

use crate::record::diagram::Diagram;
use crate::record::marks::{Mark, MarkKind};
use crate::record::sgf;
use crate::rules::{BoardSize, Colour, Game, Point, Rules, Symmetry};

/// One state of the board being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub size: BoardSize,
    pub stones: Vec<(Point, Colour)>,
    pub to_move: Colour,
    pub marks: Vec<(Point, MarkKind)>,
    pub comment: String,
}

/// What a click does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    Stone(Colour),
    /// Black and white in turn, as stones are laid out for a lesson.
    Alternate,
    Erase,
    Mark(MarkKind),
    /// The next free letter (A, B, C…).
    Letter,
}

impl Setup {
    /// Nothing on it yet: no stone, no mark, no comment (a board not worth keeping).
    pub fn is_blank(&self) -> bool {
        self.stones.is_empty() && self.marks.is_empty() && self.comment.trim().is_empty()
    }
}

/// A teacher's board kept on this device (`#/teach/<id>`): its creation time in ms, as game
/// ids are. Never 0, so that `Option<BoardId>` takes no more room than the id (an address
/// holds one, and the app shell copies addresses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BoardId(std::num::NonZeroU64);

impl BoardId {
    /// The board of id `ms`; none for 0.
    pub fn new(ms: u64) -> Option<BoardId> {
        std::num::NonZeroU64::new(ms).map(BoardId)
    }

    pub fn get(self) -> u64 {
        self.0.get()
    }
}

impl std::fmt::Display for BoardId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// The position under edit with its undo and redo history.
#[derive(Clone, Debug)]
pub struct Editor {
    pub now: Setup,
    undo: Vec<Setup>,
    redo: Vec<Setup>,
    /// The colour the alternating tool places next.
    next_alternate: Colour,
    /// The last edit was the comment typed ([`Editor::type_comment`]): the next keystroke
    /// belongs to the same undo step.
    typing: bool,
}

/// A mark tool at `p` on a node's marks: the same mark again takes it off, another replaces
/// it, a letter takes the next free one (or takes a mark off), the eraser takes any off.
pub fn toggle_mark(marks: &mut Vec<(Point, MarkKind)>, tool: &Tool, p: Point) {
    let had = marks
        .iter()
        .position(|(q, _)| *q == p)
        .map(|i| marks[i].1.clone());
    marks.retain(|(q, _)| *q != p);
    let new = match tool {
        Tool::Mark(kind) if had.as_ref() != Some(kind) => Some(kind.clone()),
        Tool::Letter if had.is_none() => Some(MarkKind::Label(next_letter(marks))),
        _ => None,
    };
    if let Some(kind) = new {
        marks.push((p, kind));
    }
}

/// The first letter not used by a label yet.
fn next_letter(marks: &[(Point, MarkKind)]) -> String {
    ('A'..='Z')
        .map(|c| c.to_string())
        .find(|l| !marks.iter().any(|(_, k)| *k == MarkKind::Label(l.clone())))
        .unwrap_or_else(|| "?".into())
}

impl Editor {
    pub fn new(size: BoardSize) -> Editor {
        Editor::from_setup(Setup {
            size,
            stones: vec![],
            to_move: Colour::Black,
            marks: vec![],
            comment: String::new(),
        })
    }

    /// Editing starts from `setup` (nothing to undo).
    pub fn from_setup(setup: Setup) -> Editor {
        Editor {
            next_alternate: setup.to_move,
            now: setup,
            undo: vec![],
            redo: vec![],
            typing: false,
        }
    }

    fn edit(&mut self, f: impl FnOnce(&mut Setup)) -> bool {
        let before = self.now.clone();
        f(&mut self.now);
        if self.now == before {
            return false;
        }
        self.undo.push(before);
        self.redo.clear();
        self.typing = false;
        true
    }

    /// Applies `tool` at `p`: a stone (placing the same colour again takes it off), an
    /// erasure, a mark (the same mark again takes it off), the next letter.
    pub fn click(&mut self, tool: &Tool, p: Point) -> bool {
        if !self.now.size.contains(p) {
            return false;
        }
        let here = self.now.stones.iter().position(|(q, _)| *q == p);
        match tool {
            Tool::Stone(c) => {
                let c = *c;
                self.edit(|s| match here {
                    Some(i) if s.stones[i].1 == c => {
                        s.stones.remove(i);
                    }
                    Some(i) => s.stones[i].1 = c,
                    None => s.stones.push((p, c)),
                })
            }
            Tool::Alternate => {
                if here.is_some() {
                    return false;
                }
                let c = self.next_alternate;
                let done = self.edit(|s| s.stones.push((p, c)));
                if done {
                    self.next_alternate = c.opponent();
                }
                done
            }
            Tool::Erase => self.edit(|s| {
                s.stones.retain(|(q, _)| *q != p);
                toggle_mark(&mut s.marks, tool, p);
            }),
            Tool::Mark(_) | Tool::Letter => self.edit(|s| toggle_mark(&mut s.marks, tool, p)),
        }
    }

    /// The first letter not used by a label yet.
    pub fn next_letter(&self) -> String {
        next_letter(&self.now.marks)
    }

    pub fn set_to_move(&mut self, c: Colour) -> bool {
        self.edit(|s| s.to_move = c)
    }

    pub fn set_comment(&mut self, text: &str) -> bool {
        self.edit(|s| s.comment = text.to_string())
    }

    /// The comment as it is typed, a keystroke at a time (so that it is kept as it changes):
    /// one undo step for a run of typing, ended by any other edit or an undo.
    pub fn type_comment(&mut self, text: &str) -> bool {
        if self.typing {
            if self.now.comment == text {
                return false;
            }
            self.now.comment = text.to_string();
            self.redo.clear();
            return true;
        }
        let done = self.set_comment(text);
        self.typing = done;
        done
    }

    /// The typing is over (the field was left): the next keystroke starts an undo step.
    pub fn end_typing(&mut self) {
        self.typing = false;
    }

    /// Black and white exchanged, and the player to move with them.
    pub fn swap_colours(&mut self) -> bool {
        self.edit(|s| {
            for st in &mut s.stones {
                st.1 = st.1.opponent();
            }
            s.to_move = s.to_move.opponent();
        })
    }

    /// The position turned (an edit: the stones and marks move).
    pub fn turn(&mut self, sym: Symmetry) -> bool {
        let size = self.now.size;
        self.edit(|s| {
            for st in &mut s.stones {
                st.0 = sym.apply(size, st.0);
            }
            for m in &mut s.marks {
                m.0 = sym.apply(size, m.0);
            }
        })
    }

    pub fn clear(&mut self) -> bool {
        self.edit(|s| {
            s.stones.clear();
            s.marks.clear();
        })
    }

    pub fn undo(&mut self) -> bool {
        self.typing = false;
        match self.undo.pop() {
            Some(prev) => {
                self.redo.push(std::mem::replace(&mut self.now, prev));
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        self.typing = false;
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(&mut self.now, next));
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The position as a game to play on from (Chinese rules, the player to move first).
    pub fn game(&self) -> Game {
        let of = |c: Colour| {
            self.now
                .stones
                .iter()
                .filter(|(_, k)| *k == c)
                .map(|(p, _)| *p)
                .collect::<Vec<_>>()
        };
        Game::from_setup(
            self.now.size,
            Rules::chinese(),
            &of(Colour::Black),
            &of(Colour::White),
            self.now.to_move,
            0,
        )
    }

    fn marks(&self) -> Vec<Mark> {
        self.now
            .marks
            .iter()
            .map(|(p, k)| Mark {
                point: *p,
                kind: k.clone(),
            })
            .collect()
    }

    /// The position as SGF: `AB`/`AW`, `PL`, the marks and the comment on the root.
    pub fn to_sgf(&self) -> String {
        self.to_sgf_named("")
    }

    /// As [`Editor::to_sgf`], with the board's name as the record's (`GN`) when it has one.
    pub fn to_sgf_named(&self, name: &str) -> String {
        let (mut tree, _) = sgf::game_tree(&self.game(), &[]);
        let root = tree.root();
        if !name.trim().is_empty() {
            tree.node_mut(root).set("GN", vec![name.trim().to_string()]);
        }
        crate::record::marks::put_on_node(self.now.size, tree.node_mut(root), &self.marks());
        if !self.now.comment.is_empty() {
            sgf::append_comment(tree.node_mut(root), &self.now.comment);
        }
        tree.to_sgf()
    }

    /// The position as a printed diagram (no moves: stones and marks).
    pub fn diagram(&self) -> Diagram {
        crate::record::diagram::diagram(&self.game(), 0, 0, true, &self.marks())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(v: &str) -> Point {
        BoardSize::NINE.parse_vertex(v).unwrap()
    }

    #[test]
    fn stones_marks_and_the_player_to_move_set_by_clicks_and_undone() {
        let mut e = Editor::new(BoardSize::NINE);
        assert!(e.click(&Tool::Stone(Colour::Black), at("C3")));
        assert!(e.click(&Tool::Alternate, at("D4")));
        assert!(e.click(&Tool::Alternate, at("E5")));
        assert!(
            !e.click(&Tool::Alternate, at("E5")),
            "an occupied point takes no stone"
        );
        assert!(e.click(&Tool::Mark(MarkKind::Triangle), at("D4")));
        assert!(e.click(&Tool::Letter, at("F6")));
        assert!(e.click(&Tool::Letter, at("G7")));
        assert!(e.set_to_move(Colour::White));
        assert_eq!(
            e.now.stones,
            vec![
                (at("C3"), Colour::Black),
                (at("D4"), Colour::Black),
                (at("E5"), Colour::White)
            ]
        );
        assert_eq!(
            e.now.marks,
            vec![
                (at("D4"), MarkKind::Triangle),
                (at("F6"), MarkKind::Label("A".into())),
                (at("G7"), MarkKind::Label("B".into()))
            ]
        );
        // The same stone again takes it off; the same mark too.
        assert!(e.click(&Tool::Stone(Colour::Black), at("C3")));
        assert!(e.click(&Tool::Mark(MarkKind::Triangle), at("D4")));
        assert_eq!(e.now.stones.len(), 2);
        assert_eq!(e.now.marks.len(), 2);
        let before = e.now.clone();
        assert!(e.undo() && e.undo());
        assert_eq!(e.now.stones.len(), 3);
        assert!(e.redo() && e.redo());
        assert_eq!(e.now, before);
        assert!(!e.redo());
    }

    #[test]
    fn a_comment_typed_is_kept_at_each_keystroke_and_undone_in_one_step() {
        let mut e = Editor::new(BoardSize::NINE);
        e.click(&Tool::Stone(Colour::Black), at("C3"));
        let question = "黑先：A 和 B 哪一手能吃掉△白子？";
        let mut typed = String::new();
        for ch in question.chars() {
            typed.push(ch);
            assert!(e.type_comment(&typed));
            assert_eq!(e.now.comment, typed, "the text is there at each keystroke");
        }
        assert!(!e.type_comment(question), "the same text is no change");
        assert!(e.undo(), "one step takes the whole typing back");
        assert_eq!(e.now.comment, "");
        assert_eq!(e.now.stones.len(), 1, "and only the typing");
        assert!(e.redo());
        assert_eq!(e.now.comment, question);
        // Another edit ends the run: typing after it is a step of its own.
        e.click(&Tool::Mark(MarkKind::Triangle), at("C3"));
        assert!(e.type_comment("白先"));
        assert!(e.undo());
        assert_eq!(e.now.comment, question);
        assert_eq!(e.now.marks.len(), 1);
        assert!(!e.now.is_blank());
        assert!(Editor::new(BoardSize::NINE).now.is_blank());
    }

    #[test]
    fn turned_swapped_and_handed_on_as_sgf_and_a_diagram() {
        let mut e = Editor::new(BoardSize::NINE);
        e.click(&Tool::Stone(Colour::Black), at("C3"));
        e.click(&Tool::Stone(Colour::White), at("G7"));
        e.click(&Tool::Mark(MarkKind::Square), at("C3"));
        e.set_comment("Where should White play?");
        e.set_to_move(Colour::White);
        let original = e.now.clone();
        assert!(e.turn(Symmetry::Rotate90));
        assert_eq!(
            e.now.stones[0],
            (
                Symmetry::Rotate90.apply(BoardSize::NINE, at("C3")),
                Colour::Black
            )
        );
        assert!(e.turn(Symmetry::Rotate270));
        assert_eq!(e.now, original, "turned and back");
        assert!(e.swap_colours());
        assert_eq!(e.now.stones[0].1, Colour::White);
        assert_eq!(e.now.to_move, Colour::Black);
        assert!(e.swap_colours());
        // SGF: read back by the app's own reader as the same position.
        let text = e.to_sgf();
        assert!(text.contains("AB[cg]") && text.contains("AW[gc]"), "{text}");
        assert!(text.contains("SQ[cg]") && text.contains("PL[W]"), "{text}");
        assert!(text.contains("C[Where should White play?]"), "{text}");
        assert!(!text.contains("GN["), "{text}");
        assert!(e.to_sgf_named("第三课").contains("GN[第三课]"));
        let loaded = sgf::load(&text, Rules::chinese(), None).unwrap();
        assert_eq!(loaded.game.to_move(), Colour::White);
        assert_eq!(loaded.game.board().colour_at(at("C3")), Some(Colour::Black));
        assert_eq!(
            crate::record::marks::of_node(BoardSize::NINE, loaded.root()).len(),
            1
        );
        // The diagram: the stones and the mark, nothing numbered.
        let svg = e.diagram().to_svg(true);
        assert!(svg.contains("data-vertex=\"C3\" data-stone=\"B\""));
        assert!(svg.contains("data-mark=\"SQ\" data-vertex=\"C3\""));
        assert!(!svg.contains("data-number"));
    }
}

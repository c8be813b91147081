//! A problem of 题海 as it is shipped: the framed position, the question the reader proves it
//! by, its grade, the right first moves and the wrong ones a pupil would try, each with its
//! line and its sentence — and its SGF, which any problem reader opens (a collection per band).
//!
//! The SGF is the common marked-tree kind ([`crate::learn::Problem`] reads it: a right first
//! move's comment says 正解 / RIGHT, a wrong one is `BM`, followed by the refutation), with our
//! own properties for what the reader and the app need:
//! - `XG[capture|escape|kill|live|race]`: the goal; `TR` the target chain's stones (the first
//!   in board order names it), `XO` a race's own chain;
//! - `XR`: the region where both sides play (point lists, rectangles `aa:cc` allowed);
//! - `XD`: the grade, the key of the weakest ranked opponent that plays the answer
//!   ([`crate::bot::Level::key`]: `25k` … `1k`, `max` for 段);
//! - `XL` on a right first move: the line that follows it (the opponent's longest resistance
//!   against the proof), moves alternating from the opponent, `[]` a pass;
//! - `XT` on a first move: the technique its line shows ([`Technique::key`]).
//!
//! The comments hold the Chinese sentence, then the English one, each on its own line, after
//! the marker word; the root's comment is the question, Chinese then English.

use super::scan::Fight;
use super::technique::Technique;
use crate::bot::reader::{Goal, Question, Region, Scope};
use crate::bot::Level;
use crate::record::replay;
use crate::record::sgf::{self, point_to_sgf};
use crate::record::tree::{Node, Tree};
use crate::rules::symmetry::Symmetry;
use crate::rules::{Board, BoardSize, Colour, Move, Point};

/// One first move and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub first: Point,
    /// The moves after it, alternating from the opponent.
    pub rest: Vec<Move>,
    pub technique: Option<Technique>,
    pub zh: String,
    pub en: String,
}

/// A problem of 题海.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// Its key: `th-` and the position's hash under symmetry and colour swap, in hex.
    pub key: String,
    pub board: Board,
    pub to_play: Colour,
    pub fight: Fight,
    pub goal: Goal,
    pub region: Region,
    /// The part of the board to show: first and last column, first and last row (0-based).
    pub view: (u8, u8, u8, u8),
    /// The weakest ranked opponent that plays a right first move 8 times in 10; `None` before
    /// it is graded.
    pub grade: Option<Level>,
    pub right: Vec<Line>,
    pub wrong: Vec<Line>,
    /// Where it came from (`SO`): the game and the move.
    pub source: String,
}

/// Why a problem could not be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExerciseError {
    Sgf(String),
    /// A property missing or not as written here.
    Property(&'static str),
}

impl std::fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExerciseError::Sgf(e) => write!(f, "{e}"),
            ExerciseError::Property(p) => write!(f, "the problem's {p} is missing or bad"),
        }
    }
}

impl Fight {
    pub fn key(self) -> &'static str {
        match self {
            Fight::Capture => "capture",
            Fight::Escape => "escape",
            Fight::Race => "race",
            Fight::Kill => "kill",
            Fight::Live => "live",
        }
    }

    pub fn from_key(s: &str) -> Option<Fight> {
        [
            Fight::Capture,
            Fight::Escape,
            Fight::Race,
            Fight::Kill,
            Fight::Live,
        ]
        .into_iter()
        .find(|f| f.key() == s)
    }
}

/// The point a goal names (the target; a race's opponent chain).
pub fn target_of(goal: Goal) -> Point {
    match goal {
        Goal::Capture(p)
        | Goal::CaptureEither(p, _)
        | Goal::Escape(p)
        | Goal::Kill(p)
        | Goal::Live(p) => p,
        Goal::Race { theirs, .. } => theirs,
    }
}

/// The question in both languages.
pub fn question_words(fight: Fight, me: Colour) -> (String, String) {
    let (mz, me_en, tz, them_en) = match me {
        Colour::Black => ("黑", "Black", "白", "White"),
        Colour::White => ("白", "White", "黑", "Black"),
    };
    match fight {
        Fight::Capture => (
            format!("{mz}先，吃掉△{tz}子。"),
            format!("{me_en} to play: capture the marked {them_en} stones."),
        ),
        Fight::Escape => (
            format!("{mz}先，救出△{mz}子。"),
            format!("{me_en} to play: save the marked {me_en} stones."),
        ),
        Fight::Race => (
            format!("{mz}先，对杀：吃掉△{tz}子。"),
            format!("{me_en} to play: win the capturing race against the marked stones."),
        ),
        Fight::Kill => (
            format!("{mz}先，杀死△{tz}棋。"),
            format!("{me_en} to play: kill the marked {them_en} group."),
        ),
        Fight::Live => (
            format!("{mz}先，做活△{mz}棋。"),
            format!("{me_en} to play: make the marked {me_en} group live."),
        ),
    }
}

/// A hash of the position with `to_play` to move, the same under the board's eight turns and
/// with the colours swapped (the side to move made Black first): two problems with the same
/// hash are the same problem.
pub fn canonical_hash(board: &Board, to_play: Colour) -> u64 {
    let size = board.size();
    let mut best = u64::MAX;
    for s in Symmetry::ALL {
        // FNV-1a over the cells in the turned board's reading order.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        h ^= u64::from(size.get());
        for p in size.points() {
            let from = s.inverse().apply(size, p);
            let cell = match board.colour_at(from) {
                None => 0u8,
                Some(c) if c == to_play => 1,
                Some(_) => 2,
            };
            h = (h ^ u64::from(cell)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        best = best.min(h);
    }
    best
}

fn colour_prop(c: Colour) -> &'static str {
    match c {
        Colour::Black => "B",
        Colour::White => "W",
    }
}

fn move_value(size: BoardSize, m: Move) -> String {
    match m {
        Move::Play(p) => point_to_sgf(size, p),
        Move::Pass => String::new(),
    }
}

/// The region as SGF point-list values: one run of points a row, `aa:ea`.
fn region_values(region: &Region) -> Vec<String> {
    let size = region.size();
    let mut out = Vec::new();
    for r in 0..size.get() {
        let mut c = 0;
        while c < size.get() {
            if !region.contains(size.point(c, r)) {
                c += 1;
                continue;
            }
            let start = c;
            while c < size.get() && region.contains(size.point(c, r)) {
                c += 1;
            }
            let (a, b) = (size.point(start, r), size.point(c - 1, r));
            out.push(if start == c - 1 {
                point_to_sgf(size, a)
            } else {
                format!("{}:{}", point_to_sgf(size, a), point_to_sgf(size, b))
            });
        }
    }
    out
}

impl Exercise {
    /// The reader's question: the position, the region, the goal; its scope the first moves
    /// the problem names (right and wrong), its budget `budget`.
    pub fn question(&self, budget: u64) -> Question {
        let mut firsts: Vec<Move> = self
            .right
            .iter()
            .chain(&self.wrong)
            .map(|l| Move::Play(l.first))
            .collect();
        firsts.dedup();
        Question::new(self.board.clone(), self.to_play, self.goal)
            .region(self.region.clone())
            .budget(budget)
            .scope(Scope::Only(firsts))
    }

    /// The stones of the target chain (marked `TR`).
    pub fn marked(&self) -> Vec<Point> {
        let mut v = self.board.chain(target_of(self.goal));
        v.sort();
        v
    }

    /// The problem as one SGF game tree.
    pub fn to_sgf(&self) -> String {
        let size = self.board.size();
        let pts = |v: Vec<Point>| -> Vec<String> {
            let mut v: Vec<String> = v.into_iter().map(|p| point_to_sgf(size, p)).collect();
            v.sort();
            v
        };
        let mut root = Node::default();
        root.set("GM", vec!["1".into()]);
        root.set("FF", vec!["4".into()]);
        root.set("CA", vec!["UTF-8".into()]);
        root.set("SZ", vec![size.get().to_string()]);
        root.set("GN", vec![format!("题海 {}", self.key)]);
        let (qz, qe) = question_words(self.fight, self.to_play);
        root.set("C", vec![format!("{qz}\n{qe}")]);
        root.set("PL", vec![colour_prop(self.to_play).into()]);
        root.set("AB", pts(self.board.stones_of(Colour::Black)));
        root.set("AW", pts(self.board.stones_of(Colour::White)));
        root.set("TR", pts(self.marked()));
        root.set("XG", vec![self.fight.key().into()]);
        if let Goal::Race { ours, .. } = self.goal {
            root.set("XO", vec![point_to_sgf(size, ours)]);
        }
        root.set("XR", region_values(&self.region));
        let (c0, c1, r0, r1) = self.view;
        root.set(
            "VW",
            vec![format!(
                "{}:{}",
                point_to_sgf(size, size.point(c0, r0)),
                point_to_sgf(size, size.point(c1, r1))
            )],
        );
        if let Some(g) = self.grade {
            root.set("XD", vec![g.key().into()]);
        }
        if !self.source.is_empty() {
            root.set("SO", vec![self.source.clone()]);
        }
        let mut tree = Tree::new(root);
        let top = tree.root();
        let me = colour_prop(self.to_play);
        let them = colour_prop(self.to_play.opponent());
        for l in &self.right {
            let mut n = Node::with(me, point_to_sgf(size, l.first));
            n.set("C", vec![format!("正解\n{}\n{}", l.zh, l.en)]);
            if let Some(t) = l.technique {
                n.set("XT", vec![t.key().into()]);
            }
            if !l.rest.is_empty() {
                n.set("XL", l.rest.iter().map(|&m| move_value(size, m)).collect());
            }
            tree.add_child(top, n);
        }
        for l in &self.wrong {
            let mut n = Node::with(me, point_to_sgf(size, l.first));
            n.set("BM", vec!["1".into()]);
            n.set("C", vec![format!("失败\n{}\n{}", l.zh, l.en)]);
            if let Some(t) = l.technique {
                n.set("XT", vec![t.key().into()]);
            }
            let mut at = tree.add_child(top, n);
            let mut colour = [them, me].into_iter().cycle();
            for &m in &l.rest {
                let c = colour.next().unwrap_or(them);
                at = tree.add_child(at, Node::with(c, move_value(size, m)));
            }
        }
        tree.to_sgf()
    }

    /// Reads a problem written by [`Exercise::to_sgf`].
    pub fn from_sgf(text: &str) -> Result<Exercise, ExerciseError> {
        let (tree, _) = sgf::parse(text).map_err(|e| ExerciseError::Sgf(e.to_string()))?;
        Exercise::from_tree(&tree)
    }

    /// Reads a problem from its tree.
    pub fn from_tree(tree: &Tree) -> Result<Exercise, ExerciseError> {
        let root_id = tree.root();
        let root = tree.node(root_id);
        let size = root
            .first("SZ")
            .and_then(|s| s.trim().parse::<u32>().ok())
            .and_then(|n| BoardSize::new(n).ok())
            .ok_or(ExerciseError::Property("SZ"))?;
        let pts = |prop: &'static str| {
            replay::points(size, root_id, root, prop).map_err(|_| ExerciseError::Property(prop))
        };
        let mut board = Board::new(size);
        for p in pts("AB")? {
            board.place_setup(Colour::Black, p);
        }
        for p in pts("AW")? {
            board.place_setup(Colour::White, p);
        }
        let to_play = match root.first("PL") {
            Some("W") => Colour::White,
            Some("B") => Colour::Black,
            _ => return Err(ExerciseError::Property("PL")),
        };
        let fight = root
            .first("XG")
            .and_then(Fight::from_key)
            .ok_or(ExerciseError::Property("XG"))?;
        let mut marked = pts("TR")?;
        marked.sort();
        let target = *marked.first().ok_or(ExerciseError::Property("TR"))?;
        let goal = match fight {
            Fight::Capture => Goal::Capture(target),
            Fight::Escape => Goal::Escape(target),
            Fight::Kill => Goal::Kill(target),
            Fight::Live => Goal::Live(target),
            Fight::Race => Goal::Race {
                ours: *pts("XO")?.first().ok_or(ExerciseError::Property("XO"))?,
                theirs: target,
            },
        };
        let region = Region::from_points(size, pts("XR")?);
        let view = match pts("VW")?.as_slice() {
            [] => (0, size.get() - 1, 0, size.get() - 1),
            all => {
                let cr: Vec<(u8, u8)> = all.iter().map(|&p| size.col_row(p)).collect();
                (
                    cr.iter().map(|x| x.0).min().unwrap_or(0),
                    cr.iter().map(|x| x.0).max().unwrap_or(0),
                    cr.iter().map(|x| x.1).min().unwrap_or(0),
                    cr.iter().map(|x| x.1).max().unwrap_or(0),
                )
            }
        };
        let grade = root.first("XD").and_then(Level::from_key);
        let key = root
            .first("GN")
            .and_then(|g| g.split_whitespace().last())
            .unwrap_or("")
            .to_string();
        let mut right = Vec::new();
        let mut wrong = Vec::new();
        for &child in tree.children(root_id) {
            let n = tree.node(child);
            let Ok(Some((c, Move::Play(first)))) = replay::node_move(size, child, n) else {
                return Err(ExerciseError::Property("B/W"));
            };
            if c != to_play {
                return Err(ExerciseError::Property("B/W"));
            }
            let comment = n.first("C").unwrap_or("");
            let mut lines = comment.lines().skip(1);
            let zh = lines.next().unwrap_or("").to_string();
            let en = lines.next().unwrap_or("").to_string();
            let technique = n.first("XT").and_then(Technique::from_key);
            if n.has("BM") {
                let mut rest = Vec::new();
                for id in tree.line_from(child).into_iter().skip(1) {
                    match replay::node_move(size, id, tree.node(id)) {
                        Ok(Some((_, m))) => rest.push(m),
                        _ => return Err(ExerciseError::Property("B/W")),
                    }
                }
                wrong.push(Line {
                    first,
                    rest,
                    technique,
                    zh,
                    en,
                });
            } else {
                let mut rest = Vec::new();
                for v in n.get("XL").unwrap_or(&[]) {
                    let m =
                        sgf::point_from_sgf(size, v).map_err(|_| ExerciseError::Property("XL"))?;
                    rest.push(m.map_or(Move::Pass, Move::Play));
                }
                right.push(Line {
                    first,
                    rest,
                    technique,
                    zh,
                    en,
                });
            }
        }
        if right.is_empty() {
            return Err(ExerciseError::Property("the right move"));
        }
        Ok(Exercise {
            key,
            board,
            to_play,
            fight,
            goal,
            region,
            view,
            grade,
            right,
            wrong,
            source: root.first("SO").unwrap_or("").to_string(),
        })
    }

    /// Every problem of a band's file (a collection), each read or its error.
    pub fn read_all(text: &str) -> Vec<Result<Exercise, ExerciseError>> {
        sgf::game_trees(text)
            .into_iter()
            .map(Exercise::from_sgf)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Exercise {
        let size = BoardSize::new(7).unwrap();
        let mut board = Board::new(size);
        let v = |s: &str| size.parse_vertex(s).unwrap();
        for s in ["C4", "D5", "E4"] {
            board.place_setup(Colour::Black, v(s));
        }
        board.place_setup(Colour::White, v("D4"));
        Exercise {
            key: format!("th-{:016x}", canonical_hash(&board, Colour::Black)),
            board,
            to_play: Colour::Black,
            fight: Fight::Capture,
            goal: Goal::Capture(v("D4")),
            region: Region::rectangle(size, v("A1"), v("G7")),
            view: (0, 6, 0, 6),
            grade: Some(Level::Kyu20),
            right: vec![Line {
                first: v("D3"),
                rest: vec![],
                technique: None,
                zh: "直接提掉1颗白子。".into(),
                en: "Capture 1 stone of White's at once.".into(),
            }],
            wrong: vec![Line {
                first: v("C3"),
                rest: vec![Move::Play(v("D3")), Move::Pass],
                technique: Some(Technique::Ladder),
                zh: "不对。白棋逃出来了，再也吃不掉了。".into(),
                en: "Not this one. White gets out and cannot be captured any more.".into(),
            }],
            source: "手谈 题海: a test".into(),
        }
    }

    #[test]
    fn a_problem_reads_back_as_written() {
        let e = sample();
        let text = e.to_sgf();
        let back = Exercise::from_sgf(&text).unwrap();
        assert_eq!(back.key, e.key);
        assert_eq!(back.board.hash(), e.board.hash());
        assert_eq!(back.to_play, e.to_play);
        assert_eq!(back.goal, e.goal);
        assert_eq!(back.region, e.region);
        assert_eq!(back.view, e.view);
        assert_eq!(back.grade, e.grade);
        assert_eq!(back.right, e.right);
        assert_eq!(back.wrong, e.wrong);
        assert_eq!(back.source, e.source);
        assert_eq!(back.to_sgf(), text);
    }

    #[test]
    fn the_problem_reader_of_the_app_reads_it_as_a_marked_tree() {
        let e = sample();
        let p = crate::learn::Problem::read_all(&e.to_sgf())
            .unwrap()
            .remove(0);
        assert_eq!(p.to_move, Colour::Black);
        assert_eq!(p.goal, Some(crate::learn::Goal::Capture));
        assert!(p.question.starts_with("黑先，吃掉△白子。"));
        let mut a = crate::learn::Attempt::new(p.clone());
        assert_eq!(
            a.play(Move::Play(e.right[0].first)),
            crate::learn::Answer::Right
        );
        let mut a = crate::learn::Attempt::new(p);
        assert!(matches!(
            a.play(Move::Play(e.wrong[0].first)),
            crate::learn::Answer::Wrong { reply: Some(_) }
        ));
    }

    #[test]
    fn the_same_position_turned_or_with_colours_swapped_hashes_alike() {
        let e = sample();
        let size = e.board.size();
        let h = canonical_hash(&e.board, Colour::Black);
        for s in Symmetry::ALL {
            let mut turned = Board::new(size);
            let mut swapped = Board::new(size);
            for (c, p) in e.board.stones() {
                turned.place_setup(c, s.apply(size, p));
                swapped.place_setup(c.opponent(), s.apply(size, p));
            }
            assert_eq!(canonical_hash(&turned, Colour::Black), h, "{s:?}");
            assert_eq!(canonical_hash(&swapped, Colour::White), h, "{s:?}");
            // The other side to move is another problem.
            assert_ne!(canonical_hash(&turned, Colour::White), h, "{s:?}");
        }
    }
}

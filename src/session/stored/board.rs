//! A teacher's board as kept on the device (`shoutan.board.<id>`, issue 51): its name, the
//! position (stones in the order they were set, the player to move), the marks and the
//! comment (the question the class is asked), written whole at every change so that a reload
//! or leaving the board finds it as it was. JSON, version [`BOARD_VERSION`]; a value that is
//! not one, is damaged or is of a newer version is refused whole ([`read`]), never half-read.
//!
//! ```json
//! {"format":"shoutan-teach-board","version":1,"id":"1796388955244","name":"第三课 ①",
//!  "created_ms":1796388955244.0,"saved_ms":1796388961000.0,"size":9,"to_move":"B",
//!  "stones":["B C4","W D4"],"marks":[{"at":"D4","mark":"TR"},{"at":"D3","mark":"LB","text":"A"}],
//!  "comment":"黑先：A 和 B 哪一手能吃掉△白子？"}
//! ```

use serde::{Deserialize, Serialize};

use crate::record::marks::MarkKind;
use crate::rules::{BoardSize, Colour, Point};
use crate::session::editor::{BoardId, Setup};

/// What the value says it is.
pub const BOARD_FORMAT: &str = "shoutan-teach-board";
/// The version of [`BoardRecord`] written now. History: 1, the first.
pub const BOARD_VERSION: u32 = 1;

/// A kept board, as the page uses it.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptBoard {
    pub id: BoardId,
    /// The teacher's name for it (never empty once kept: a new board is given one).
    pub name: String,
    pub created_ms: f64,
    /// When it was last written.
    pub saved_ms: f64,
    pub setup: Setup,
}

/// A kept board as stored.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BoardRecord {
    pub format: String,
    pub version: u32,
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub created_ms: f64,
    #[serde(default)]
    pub saved_ms: f64,
    pub size: u32,
    /// `B` or `W`.
    pub to_move: String,
    /// `B C3`, `W D3`, … in the order they were set (as a game record writes its moves).
    #[serde(default)]
    pub stones: Vec<String>,
    #[serde(default)]
    pub marks: Vec<MarkRecord>,
    #[serde(default)]
    pub comment: String,
}

/// A mark as stored: the point, the SGF property of its kind (`TR` `SQ` `CR` `MA` `LB`) and
/// a label's text.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MarkRecord {
    pub at: String,
    pub mark: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

/// Why a stored value is not a board.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardError {
    /// Not JSON of this format (another key's value, cut off).
    NotABoard,
    /// Written by a newer version of the app.
    TooNew(u32),
    /// The format's, but what it says does not hold together (a point off the board, two
    /// stones on one point, an unknown mark): what is wrong, in English.
    Damaged(String),
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::NotABoard => write!(f, "not a teacher's board"),
            BoardError::TooNew(v) => write!(f, "written by a newer version (board version {v})"),
            BoardError::Damaged(why) => write!(f, "damaged: {why}"),
        }
    }
}

fn colour_char(c: Colour) -> char {
    match c {
        Colour::Black => 'B',
        Colour::White => 'W',
    }
}

fn colour_of(s: &str) -> Option<Colour> {
    match s {
        "B" => Some(Colour::Black),
        "W" => Some(Colour::White),
        _ => None,
    }
}

/// The board as its stored record.
pub fn to_record(b: &KeptBoard) -> BoardRecord {
    let size = b.setup.size;
    BoardRecord {
        format: BOARD_FORMAT.into(),
        version: BOARD_VERSION,
        id: b.id.to_string(),
        name: b.name.clone(),
        created_ms: b.created_ms,
        saved_ms: b.saved_ms,
        size: size.get().into(),
        to_move: colour_char(b.setup.to_move).to_string(),
        stones: b
            .setup
            .stones
            .iter()
            .map(|&(p, c)| format!("{} {}", colour_char(c), size.vertex(p)))
            .collect(),
        marks: b
            .setup
            .marks
            .iter()
            .map(|(p, k)| MarkRecord {
                at: size.vertex(*p),
                mark: k.sgf_id().into(),
                text: match k {
                    MarkKind::Label(t) => t.clone(),
                    _ => String::new(),
                },
            })
            .collect(),
        comment: b.setup.comment.clone(),
    }
}

/// The board as the text stored under its key.
pub fn to_text(b: &KeptBoard) -> String {
    serde_json::to_string(&to_record(b)).unwrap_or_default()
}

/// A stored value read and checked whole.
pub fn read(text: &str) -> Result<KeptBoard, BoardError> {
    #[derive(Deserialize)]
    struct Head {
        #[serde(default)]
        format: String,
        #[serde(default)]
        version: u32,
    }
    let head: Head = serde_json::from_str(text).map_err(|_| BoardError::NotABoard)?;
    if head.format != BOARD_FORMAT {
        return Err(BoardError::NotABoard);
    }
    if head.version > BOARD_VERSION {
        return Err(BoardError::TooNew(head.version));
    }
    let r: BoardRecord =
        serde_json::from_str(text).map_err(|e| BoardError::Damaged(e.to_string()))?;
    from_record(&r)
}

/// The board a record holds, checked: the id is a number, every point is on the board and
/// written as the app writes it, no point holds two stones or two marks.
pub fn from_record(r: &BoardRecord) -> Result<KeptBoard, BoardError> {
    let bad = |why: String| BoardError::Damaged(why);
    let id =
        r.id.parse::<u64>()
            .ok()
            .and_then(BoardId::new)
            .ok_or_else(|| bad(format!("id {:?}", r.id)))?;
    let size = BoardSize::new(r.size).map_err(|_| bad(format!("size {}", r.size)))?;
    let point = |v: &str| -> Result<Point, BoardError> {
        size.parse_vertex(v)
            .ok()
            .filter(|&p| size.vertex(p) == v)
            .ok_or_else(|| bad(format!("point {v:?} on {}×{}", r.size, r.size)))
    };
    let to_move = colour_of(&r.to_move).ok_or_else(|| bad(format!("to move {:?}", r.to_move)))?;
    let mut stones: Vec<(Point, Colour)> = Vec::with_capacity(r.stones.len());
    for s in &r.stones {
        let (c, v) = s
            .split_once(' ')
            .ok_or_else(|| bad(format!("stone {s:?}")))?;
        let c = colour_of(c).ok_or_else(|| bad(format!("stone {s:?}")))?;
        let p = point(v)?;
        if stones.iter().any(|(q, _)| *q == p) {
            return Err(bad(format!("two stones on {v}")));
        }
        stones.push((p, c));
    }
    let mut marks: Vec<(Point, MarkKind)> = Vec::with_capacity(r.marks.len());
    for m in &r.marks {
        let p = point(&m.at)?;
        if marks.iter().any(|(q, _)| *q == p) {
            return Err(bad(format!("two marks on {}", m.at)));
        }
        let kind = match m.mark.as_str() {
            "TR" => MarkKind::Triangle,
            "SQ" => MarkKind::Square,
            "CR" => MarkKind::Circle,
            "MA" => MarkKind::Cross,
            "LB" if !m.text.is_empty() => MarkKind::Label(m.text.clone()),
            other => return Err(bad(format!("mark {other:?} on {}", m.at))),
        };
        marks.push((p, kind));
    }
    Ok(KeptBoard {
        id,
        name: r.name.clone(),
        created_ms: r.created_ms,
        saved_ms: r.saved_ms,
        setup: Setup {
            size,
            stones,
            to_move,
            marks,
            comment: r.comment.clone(),
        },
    })
}

/// The name a new board is given: `base` and the first number no kept board's name has
/// (`棋盘 1`, `棋盘 2`, …), so that several boards of one lesson are told apart until the
/// teacher names them.
pub fn new_name<'a>(base: &str, names: impl Iterator<Item = &'a str> + Clone) -> String {
    (1..)
        .map(|n| format!("{base} {n}"))
        .find(|candidate| !names.clone().any(|n| n.trim() == candidate))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::editor::{Editor, Tool};

    fn at(v: &str) -> Point {
        BoardSize::NINE.parse_vertex(v).unwrap()
    }

    /// The issue's board: 8 stones, △ on the white stone in atari, A the move that takes it
    /// and B the one that only ataris another, × a point to talk about, and the question.
    pub(crate) fn lesson_board() -> KeptBoard {
        let mut e = Editor::new(BoardSize::NINE);
        for v in ["C4", "D5", "E4", "C6"] {
            e.click(&Tool::Stone(Colour::Black), at(v));
        }
        for v in ["D4", "E5", "F3", "G5"] {
            e.click(&Tool::Stone(Colour::White), at(v));
        }
        e.click(&Tool::Mark(MarkKind::Triangle), at("D4"));
        e.click(&Tool::Letter, at("D3"));
        e.click(&Tool::Letter, at("F5"));
        e.click(&Tool::Mark(MarkKind::Cross), at("E6"));
        e.type_comment("黑先：A 和 B 哪一手能吃掉△白子？");
        KeptBoard {
            id: BoardId::new(1_796_388_955_244).unwrap(),
            name: "第三课 吃子".into(),
            created_ms: 1_796_388_955_244.0,
            saved_ms: 1_796_388_961_000.0,
            setup: e.now,
        }
    }

    #[test]
    fn a_board_round_trips_through_its_record() {
        let b = lesson_board();
        assert_eq!(b.setup.stones.len(), 8);
        let text = to_text(&b);
        assert_eq!(read(&text), Ok(b.clone()));
        // White to move, labels of every kind, a name with quotes and brackets: all kept.
        let mut e = Editor::from_setup(b.setup.clone());
        e.set_to_move(Colour::White);
        e.click(&Tool::Mark(MarkKind::Square), at("A1"));
        e.click(&Tool::Mark(MarkKind::Circle), at("J9"));
        let other = KeptBoard {
            name: "\"引号\" ] [".into(),
            setup: e.now,
            ..b
        };
        assert_eq!(read(&to_text(&other)), Ok(other));
        // Every size the editor offers, and the largest.
        for n in [2, 13, 19, 25] {
            let size = BoardSize::new(n).unwrap();
            let mut e = Editor::new(size);
            let corner = size.parse_vertex(&format!("A{n}")).unwrap();
            e.click(&Tool::Stone(Colour::Black), corner);
            e.click(&Tool::Letter, corner);
            let k = KeptBoard {
                setup: e.now,
                ..lesson_board()
            };
            assert_eq!(read(&to_text(&k)), Ok(k));
        }
    }

    #[test]
    fn the_frozen_board_of_version_1_reads() {
        let text = include_str!("../../../tests/data/records/teach-board-v1.json");
        let b = read(text).unwrap();
        assert_eq!(b, lesson_board(), "the fixture is the issue's board");
        // And it is written back as it was (the fixture is what this version writes).
        let again: serde_json::Value = serde_json::from_str(&to_text(&b)).unwrap();
        let frozen: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(again, frozen);
    }

    #[test]
    fn bad_values_are_refused_whole_with_a_reason() {
        let good = to_record(&lesson_board());
        let text = |r: &BoardRecord| serde_json::to_string(r).unwrap();
        assert_eq!(read("{not json"), Err(BoardError::NotABoard));
        assert_eq!(read("[1,2]"), Err(BoardError::NotABoard));
        // A game record is another key's value.
        let game = include_str!("../../../tests/data/records/v3-from-book.json");
        assert_eq!(read(game), Err(BoardError::NotABoard));
        let newer = BoardRecord {
            version: BOARD_VERSION + 1,
            ..good.clone()
        };
        assert_eq!(
            read(&text(&newer)),
            Err(BoardError::TooNew(BOARD_VERSION + 1))
        );
        let damaged = |f: &dyn Fn(&mut BoardRecord)| {
            let mut r = good.clone();
            f(&mut r);
            let got = read(&text(&r));
            assert!(matches!(got, Err(BoardError::Damaged(_))), "{r:?}: {got:?}");
        };
        damaged(&|r| r.id = "x".into());
        damaged(&|r| r.id = "0".into());
        damaged(&|r| r.size = 1);
        damaged(&|r| r.size = 26);
        damaged(&|r| r.to_move = "X".into());
        damaged(&|r| r.stones.push("B K9".into()));
        damaged(&|r| r.stones.push("B J10".into()));
        damaged(&|r| r.stones.push("B d5".into()));
        damaged(&|r| r.stones.push("W D5".into()));
        damaged(&|r| r.stones.push("G A1".into()));
        damaged(&|r| r.stones.push("A1".into()));
        damaged(&|r| r.marks[0].mark = "XX".into());
        damaged(&|r| r.marks[1].text.clear());
        damaged(&|r| r.marks[1].at = r.marks[0].at.clone());
        // Cut off anywhere: never read as a board with less on it.
        let whole = text(&good);
        for cut in 1..whole.len() {
            if whole.is_char_boundary(cut) {
                assert!(read(&whole[..cut]).is_err(), "cut at {cut}");
            }
        }
    }

    #[test]
    fn a_new_board_takes_the_first_number_free() {
        let names = ["棋盘 1", "第三课", "棋盘 3"];
        assert_eq!(new_name("棋盘", names.iter().copied()), "棋盘 2");
        assert_eq!(new_name("Board", [].iter().copied()), "Board 1");
    }
}

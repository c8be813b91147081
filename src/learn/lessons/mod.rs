//! 技巧课 (issue 54): technique lessons as data. One plain-text file a lesson
//! (`NN-key.lesson` beside this file, listed in [`FILES`] and compiled into 学下棋's wasm with
//! `include_str!`), read by [`Lesson::read`]: the title and a sentence or two in Chinese and
//! English, an example played out move by move with its marks, the tasks and a 3-task quiz.
//! The format is documented with a full example in `README.md` here.
//!
//! Nothing here stores an answer the pupil is judged by without a proof: every task's right
//! moves are checked in CI ([`check`]) — a fight by the reader, a shape or a place on the board
//! by a pure function of its kind. Pure Rust like the rest of the core.

pub mod advice;
pub mod check;
pub mod help;

use crate::record::{replay, sgf};
use crate::rules::{BoardSize, Colour, Game, Move, Point, Rules};

/// The lessons in their order: the file's name (`NN-key`) and its text.
pub const FILES: &[(&str, &str)] = &[
    ("01-atari", include_str!("01-atari.lesson")),
    ("02-connect", include_str!("02-connect.lesson")),
    ("03-double-atari", include_str!("03-double-atari.lesson")),
    ("04-ladder", include_str!("04-ladder.lesson")),
    ("05-net", include_str!("05-net.lesson")),
    ("06-door", include_str!("06-door.lesson")),
    ("07-snapback", include_str!("07-snapback.lesson")),
    (
        "08-connect-and-die",
        include_str!("08-connect-and-die.lesson"),
    ),
    ("09-fill-outside", include_str!("09-fill-outside.lesson")),
    ("10-race", include_str!("10-race.lesson")),
    ("11-eye-vs-no-eye", include_str!("11-eye-vs-no-eye.lesson")),
    ("12-real-eye", include_str!("12-real-eye.lesson")),
    ("13-make-eyes", include_str!("13-make-eyes.lesson")),
    ("14-vital-point", include_str!("14-vital-point.lesson")),
    ("15-ko", include_str!("15-ko.lesson")),
    ("16-seki", include_str!("16-seki.lesson")),
    ("17-tiger-mouth", include_str!("17-tiger-mouth.lesson")),
    ("18-escape", include_str!("18-escape.lesson")),
    ("19-sacrifice", include_str!("19-sacrifice.lesson")),
    ("20-sente", include_str!("20-sente.lesson")),
    ("21-endgame", include_str!("21-endgame.lesson")),
    ("22-opening", include_str!("22-opening.lesson")),
    ("23-shapes", include_str!("23-shapes.lesson")),
    ("24-edge-life", include_str!("24-edge-life.lesson")),
];

/// The tasks of a quiz.
pub const QUIZ_TASKS: usize = 3;

/// Words in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    pub zh: String,
    pub en: String,
}

/// A mark on the board: △ □ ○ × or a letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Triangle(Point),
    Square(Point),
    Circle(Point),
    Cross(Point),
    Letter(char, Point),
}

impl Mark {
    pub fn point(self) -> Point {
        match self {
            Mark::Triangle(p) | Mark::Square(p) | Mark::Circle(p) | Mark::Cross(p) => p,
            Mark::Letter(_, p) => p,
        }
    }
}

/// A position: the board's stones and who plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub size: BoardSize,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    pub to_move: Colour,
}

impl Position {
    /// The position as a game (Chinese rules, no komi: a lesson counts nothing).
    pub fn game(&self) -> Game {
        Game::from_setup(
            self.size,
            Rules::chinese(),
            &self.black,
            &self.white,
            self.to_move,
            0,
        )
    }
}

/// One step of the example: a move played (none for the first picture), its marks, its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExampleStep {
    pub play: Option<(Colour, Move)>,
    pub marks: Vec<Mark>,
    pub say: Words,
}

/// What a fight asks, as the reader's goal ([`crate::bot::reader::Goal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fight {
    Capture(Point),
    Escape(Point),
    CaptureEither(Point, Point),
    Kill(Point),
    Live(Point),
    Race { ours: Point, theirs: Point },
}

/// The shape a move makes with a marked stone (行棋的名字).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// 长: straight on from one's own stone, on a neighbouring point.
    Extend,
    /// 立: straight down towards the nearest edge from one's own stone.
    Descend,
    /// 尖: one point diagonally.
    Diagonal,
    /// 跳: one point skipped on a line, the point between empty.
    Jump,
    /// 飞: a knight's move.
    Knight,
    /// 挡: next to the opponent's marked stone, on its side away from the edge it is nearest…
    /// precisely: the empty neighbour of the opponent's stone that is also a neighbour of one
    /// of one's own stones (it blocks the way past them).
    Block,
}

/// Where a point is on the board (布局: 金角银边草肚皮).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    Corner,
    Side,
    Centre,
}

/// What a task asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A fight, proved by the reader.
    Fight(Fight),
    /// A move that makes this shape with the marked stone at the point.
    Shape(Shape, Point),
    /// A point in this area of the board.
    Place(Area),
}

/// A task (or a quiz task).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// The line of the file where the task starts (for the checks' messages).
    pub line: usize,
    pub board: Position,
    pub ask: Ask,
    /// Every right first move.
    pub right: Vec<Move>,
    /// The lettered points the pupil chooses among (empty: any point of the board).
    pub choices: Vec<char>,
    pub marks: Vec<Mark>,
    /// The fight's region, a rectangle (corners); `None`: the stones' box with a line around.
    pub region: Option<(Point, Point)>,
    /// The liberties that count as escaped (the reader's default when `None`).
    pub escape: Option<u8>,
    pub say: Words,
    pub hint: Words,
}

impl Task {
    /// The point of a lettered choice.
    pub fn choice_point(&self, letter: char) -> Option<Point> {
        self.marks.iter().find_map(|m| match *m {
            Mark::Letter(l, p) if l == letter => Some(p),
            _ => None,
        })
    }

    /// Whether playing `mv` is a right answer.
    pub fn is_right(&self, mv: Move) -> bool {
        self.right.contains(&mv)
    }
}

/// A technique lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The place in the course (from the file name: `NN`), from 1.
    pub number: u32,
    /// The key (from the file name: `key`), kept in the pupil's progress.
    pub key: String,
    pub title: Words,
    pub text: Words,
    pub example_board: Position,
    pub example: Vec<ExampleStep>,
    pub tasks: Vec<Task>,
    pub quiz: Vec<Task>,
}

/// Why a lesson file does not read: the line (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub line: usize,
    pub what: String,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

fn err<T>(line: usize, what: impl Into<String>) -> Result<T, LessonError> {
    Err(LessonError {
        line,
        what: what.into(),
    })
}

/// A board as SGF: `SZ` (2–19), `AB`, `AW`, `PL`.
fn read_board(line: usize, text: &str) -> Result<Position, LessonError> {
    let (tree, _) = sgf::parse(text).or_else(|e| err(line, format!("the SGF: {e:?}")))?;
    let start = replay::Start::read(&tree, Rules::chinese())
        .or_else(|_| err(line, "the SGF's size or game"))?;
    let root = tree.root();
    let node = tree.node(root);
    let pts = |prop: &str| {
        replay::points(start.size, root, node, prop)
            .or_else(|_| err(line, format!("{prop}: not points of the board")))
    };
    let to_move = match node.first("PL").map(str::trim) {
        Some("W") => Colour::White,
        Some("B") | None => Colour::Black,
        Some(o) => return err(line, format!("PL[{o}]: B or W")),
    };
    Ok(Position {
        size: start.size,
        black: pts("AB")?,
        white: pts("AW")?,
        to_move,
    })
}

fn read_point(line: usize, size: BoardSize, v: &str) -> Result<Point, LessonError> {
    size.parse_vertex(v)
        .or_else(|_| err(line, format!("{v} is not a point of the board")))
}

fn read_move(line: usize, size: BoardSize, v: &str) -> Result<Move, LessonError> {
    if v.eq_ignore_ascii_case("pass") {
        Ok(Move::Pass)
    } else {
        read_point(line, size, v).map(Move::Play)
    }
}

/// Marks: `△D4 □C3 ○E5 ×F2 A:D5` (or `TR:`, `SQ:`, `CR:`, `MA:` before the point).
fn read_marks(line: usize, size: BoardSize, v: &str) -> Result<Vec<Mark>, LessonError> {
    let mut out = Vec::new();
    for w in v.split_whitespace() {
        let (kind, at) = match w.split_once(':') {
            Some((k, at)) => (k.to_string(), at),
            None => {
                let mut cs = w.chars();
                let k = cs.next().map(String::from).unwrap_or_default();
                (k, cs.as_str())
            }
        };
        let p = read_point(line, size, at)?;
        out.push(match kind.as_str() {
            "△" | "TR" => Mark::Triangle(p),
            "□" | "SQ" => Mark::Square(p),
            "○" | "CR" => Mark::Circle(p),
            "×" | "MA" => Mark::Cross(p),
            k if k.len() == 1 && k.chars().all(|c| c.is_ascii_uppercase()) => {
                Mark::Letter(k.chars().next().unwrap_or('A'), p)
            }
            k => return err(line, format!("the mark {k}: △ □ ○ × or a letter A–Z")),
        });
    }
    Ok(out)
}

fn read_ask(line: usize, size: BoardSize, v: &str) -> Result<Ask, LessonError> {
    let w: Vec<&str> = v.split_whitespace().collect();
    let p = |i: usize| -> Result<Point, LessonError> {
        match w.get(i) {
            Some(s) => read_point(line, size, s),
            None => err(line, format!("ask: {} needs a point", w[0])),
        }
    };
    let shape = |s: &str| match s {
        "长" | "extend" => Some(Shape::Extend),
        "立" | "descend" => Some(Shape::Descend),
        "尖" | "diagonal" => Some(Shape::Diagonal),
        "跳" | "jump" => Some(Shape::Jump),
        "飞" | "knight" => Some(Shape::Knight),
        "挡" | "block" => Some(Shape::Block),
        _ => None,
    };
    Ok(match w.first().copied() {
        Some("capture") => Ask::Fight(Fight::Capture(p(1)?)),
        Some("escape") => Ask::Fight(Fight::Escape(p(1)?)),
        Some("capture-either") => Ask::Fight(Fight::CaptureEither(p(1)?, p(2)?)),
        Some("kill") => Ask::Fight(Fight::Kill(p(1)?)),
        Some("live") => Ask::Fight(Fight::Live(p(1)?)),
        Some("race") => Ask::Fight(Fight::Race {
            ours: p(1)?,
            theirs: p(2)?,
        }),
        Some("shape") => match w.get(1).and_then(|s| shape(s)) {
            Some(s) => Ask::Shape(s, p(2)?),
            None => return err(line, "ask: shape 长|立|尖|跳|飞|挡 POINT"),
        },
        Some("place") => Ask::Place(match w.get(1).copied() {
            Some("corner") => Area::Corner,
            Some("side") => Area::Side,
            Some("centre") => Area::Centre,
            _ => return err(line, "ask: place corner|side|centre"),
        }),
        _ => {
            return err(
                line,
                "ask: capture|escape|kill|live P, capture-either P Q, race OURS THEIRS, shape NAME P, place AREA",
            )
        }
    })
}

/// A task being read: its fields as written, with their lines.
#[derive(Default)]
struct Fields {
    start: usize,
    quiz: bool,
    lines: Vec<(usize, String, String)>,
}

impl Fields {
    fn get(&self, key: &str) -> Option<(usize, &str)> {
        self.lines
            .iter()
            .find(|(_, k, _)| k == key)
            .map(|(l, _, v)| (*l, v.as_str()))
    }

    fn need(&self, key: &str) -> Result<(usize, &str), LessonError> {
        self.get(key)
            .map_or_else(|| err(self.start, format!("the task has no `{key}:`")), Ok)
    }

    fn words(&self, key: &str) -> Result<Words, LessonError> {
        Ok(Words {
            zh: self.need(key)?.1.to_string(),
            en: self.need(&format!("{key}.en"))?.1.to_string(),
        })
    }

    fn task(&self) -> Result<Task, LessonError> {
        const KNOWN: [&str; 10] = [
            "board", "ask", "right", "choices", "marks", "region", "escape", "say", "hint", "",
        ];
        for (l, k, _) in &self.lines {
            let base = k.strip_suffix(".en").unwrap_or(k);
            if !KNOWN.contains(&base) || (k.ends_with(".en") && !["say", "hint"].contains(&base)) {
                return err(*l, format!("a task has no field `{k}`"));
            }
        }
        let (l, b) = self.need("board")?;
        let board = read_board(l, b)?;
        let size = board.size;
        let (l, a) = self.need("ask")?;
        let ask = read_ask(l, size, a)?;
        let (l, r) = self.need("right")?;
        let right = r
            .split_whitespace()
            .map(|v| read_move(l, size, v))
            .collect::<Result<Vec<_>, _>>()?;
        if right.is_empty() {
            return err(l, "right: at least one move");
        }
        let marks = match self.get("marks") {
            Some((l, m)) => read_marks(l, size, m)?,
            None => Vec::new(),
        };
        let choices: Vec<char> = match self.get("choices") {
            Some((l, c)) => {
                let cs: Vec<char> = c
                    .split_whitespace()
                    .filter_map(|w| w.chars().next())
                    .collect();
                for &c in &cs {
                    if !marks
                        .iter()
                        .any(|m| matches!(m, Mark::Letter(x, _) if *x == c))
                    {
                        return err(l, format!("the choice {c} is not a letter in marks"));
                    }
                }
                if cs.len() < 2 {
                    return err(l, "choices: two letters at least");
                }
                cs
            }
            None => Vec::new(),
        };
        let region = match self.get("region") {
            Some((l, r)) => match r.split_whitespace().collect::<Vec<_>>()[..] {
                [a, b] => Some((read_point(l, size, a)?, read_point(l, size, b)?)),
                _ => return err(l, "region: two corners, e.g. A1 E5"),
            },
            None => None,
        };
        let escape = match self.get("escape") {
            Some((l, e)) => Some(
                e.trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (2..=8).contains(n))
                    .map_or_else(|| err(l, "escape: a number of liberties, 2–8"), Ok)?,
            ),
            None => None,
        };
        Ok(Task {
            line: self.start,
            board,
            ask,
            right,
            choices,
            marks,
            region,
            escape,
            say: self.words("say")?,
            hint: self.words("hint")?,
        })
    }
}

enum Block {
    Head,
    Example,
    Task(Fields),
}

impl Lesson {
    /// Reads a lesson file; `name` is its file name without the extension (`NN-key`).
    pub fn read(name: &str, text: &str) -> Result<Lesson, LessonError> {
        let (number, key) = match name.split_once('-') {
            Some((n, k)) if n.len() == 2 && !k.is_empty() => match n.parse::<u32>() {
                Ok(n) if n > 0 => (n, k.to_string()),
                _ => return err(0, format!("the file name {name}: NN-key")),
            },
            _ => return err(0, format!("the file name {name}: NN-key")),
        };
        let mut lesson = Lesson {
            number,
            key,
            title: Words::default(),
            text: Words::default(),
            example_board: Position {
                size: BoardSize::NINE,
                black: vec![],
                white: vec![],
                to_move: Colour::Black,
            },
            example: Vec::new(),
            tasks: Vec::new(),
            quiz: Vec::new(),
        };
        let mut block = Block::Head;
        // The line of each step of the example (for a message about it).
        let mut step_lines: Vec<usize> = Vec::new();
        let mut has_example_board = false;
        let finish = |block: Block, lesson: &mut Lesson| -> Result<(), LessonError> {
            if let Block::Task(f) = block {
                let t = f.task()?;
                if f.quiz {
                    lesson.quiz.push(t);
                } else {
                    lesson.tasks.push(t);
                }
            }
            Ok(())
        };
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line {
                "[example]" | "[task]" | "[quiz]" => {
                    let old = std::mem::replace(
                        &mut block,
                        match line {
                            "[example]" => Block::Example,
                            q => Block::Task(Fields {
                                start: n,
                                quiz: q == "[quiz]",
                                lines: Vec::new(),
                            }),
                        },
                    );
                    finish(old, &mut lesson)?;
                    continue;
                }
                _ => {}
            }
            let Some((k, v)) = line.split_once(':') else {
                return err(n, "`field: value`, a [block] or a # comment");
            };
            let (k, v) = (k.trim(), v.trim());
            if v.is_empty() {
                return err(n, format!("`{k}:` says nothing"));
            }
            match &mut block {
                Block::Head => {
                    let w = match k {
                        "title" => &mut lesson.title.zh,
                        "title.en" => &mut lesson.title.en,
                        "text" => &mut lesson.text.zh,
                        "text.en" => &mut lesson.text.en,
                        _ => return err(n, format!("the lesson has no field `{k}`")),
                    };
                    *w = v.to_string();
                }
                Block::Example => {
                    let size = lesson.example_board.size;
                    match k {
                        "board" if !has_example_board => {
                            lesson.example_board = read_board(n, v)?;
                            has_example_board = true;
                            step_lines.push(n);
                            lesson.example.push(ExampleStep {
                                play: None,
                                marks: Vec::new(),
                                say: Words::default(),
                            });
                        }
                        _ if !has_example_board => {
                            return err(n, "the example starts with its `board:`")
                        }
                        "play" => {
                            let (c, m) = match v.split_whitespace().collect::<Vec<_>>()[..] {
                                ["B", m] => (Colour::Black, m),
                                ["W", m] => (Colour::White, m),
                                _ => return err(n, "play: B D4 or W D4"),
                            };
                            step_lines.push(n);
                            lesson.example.push(ExampleStep {
                                play: Some((c, read_move(n, size, m)?)),
                                marks: Vec::new(),
                                say: Words::default(),
                            });
                        }
                        "marks" => {
                            let marks = read_marks(n, size, v)?;
                            if let Some(s) = lesson.example.last_mut() {
                                s.marks = marks;
                            }
                        }
                        "say" | "say.en" => {
                            if let Some(s) = lesson.example.last_mut() {
                                let w = if k == "say" {
                                    &mut s.say.zh
                                } else {
                                    &mut s.say.en
                                };
                                *w = v.to_string();
                            }
                        }
                        _ => return err(n, format!("the example has no field `{k}`")),
                    }
                }
                Block::Task(f) => {
                    if f.get(k).is_some() {
                        return err(n, format!("`{k}:` twice in one task"));
                    }
                    f.lines.push((n, k.to_string(), v.to_string()));
                }
            }
        }
        finish(block, &mut lesson)?;
        let missing = |w: &Words| w.zh.is_empty() || w.en.is_empty();
        if missing(&lesson.title) || missing(&lesson.text) {
            return err(1, "the lesson needs title, title.en, text and text.en");
        }
        if lesson.example.is_empty() {
            return err(1, "the lesson needs an [example]");
        }
        if let Some(i) = lesson.example.iter().position(|s| missing(&s.say)) {
            return err(
                step_lines.get(i).copied().unwrap_or(1),
                format!("the example's step {} needs say and say.en", i + 1),
            );
        }
        Ok(lesson)
    }

    /// The example's game after `steps` of its moves (0: the first picture).
    pub fn example_at(&self, steps: usize) -> Game {
        let mut g = self.example_board.game();
        for s in self.example.iter().take(steps + 1) {
            if let Some((c, m)) = s.play {
                let _ = g.play(c, m);
            }
        }
        g
    }

    /// The example's moves, each legal in turn: `Err` names the first that is not.
    pub fn example_plays(&self) -> Result<(), usize> {
        let mut g = self.example_board.game();
        for (i, s) in self.example.iter().enumerate() {
            if let Some((c, m)) = s.play {
                g.play(c, m).map_err(|_| i)?;
            }
        }
        Ok(())
    }
}

/// The progress key of a lesson: its tick is kept as `technique:<key>` → `[0]` in the pupil's
/// progress (and 棋册), so that a lesson added or moved in the course keeps its pupils' ticks.
pub fn progress_key(key: &str) -> String {
    format!("technique:{key}")
}

/// The keys of the technique lessons a progress ticks, in the course's order (keys of lessons
/// not in this build last, as written).
pub fn ticked_keys<V: AsRef<[u32]>>(
    progress: &std::collections::BTreeMap<String, V>,
) -> Vec<String> {
    let mut keys: Vec<String> = progress
        .iter()
        .filter(|(_, v)| !v.as_ref().is_empty())
        .filter_map(|(k, _)| k.strip_prefix("technique:").map(String::from))
        .collect();
    let place = |k: &String| {
        FILES
            .iter()
            .position(|(n, _)| n.split_once('-').is_some_and(|(_, key)| key == k))
            .unwrap_or(usize::MAX)
    };
    keys.sort_by_key(place);
    keys
}

/// Every lesson, in order; a file that does not read is left out (the CI test reads them all).
pub fn all() -> Vec<Lesson> {
    FILES
        .iter()
        .filter_map(|(name, text)| Lesson::read(name, text).ok())
        .collect()
}

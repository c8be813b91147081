//! SGF FF[4]: the reader (text → [`Tree`], every node and property kept as written), point
//! and result values, a game loaded from its main line ([`load`]: GTP `loadsgf`, the bot's
//! worker) and a game written out ([`write`]). Used by the app (import/export), the worker and
//! GTP.
//!
//! The reader never panics and never recurses: a broken file gives an [`SgfError`] that says
//! where it broke, a file cut off before its end gives what it held.

use std::fmt;

use super::replay::{self, Start};
pub use super::tree::{Node, NodeId, Tree};
use crate::rules::{BoardSize, Colour, Game, Komi, Move, PlayError, Point, Rules};

/// Where and why an SGF text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// 1-based line and column of the problem.
    pub line: usize,
    pub column: usize,
    pub kind: SgfErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// No `(;` where a game tree should start.
    NoGameTree,
    /// The text ends inside a property value or before a `)`.
    UnexpectedEnd,
    /// A character that has no place there.
    Unexpected(char),
    /// A property value that is not valid for its property (e.g. a point off the board).
    BadValue { property: String, value: String },
    /// GM is not 1: not a Go record.
    NotGo,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            SgfErrorKind::NoGameTree => write!(f, "no game tree '(;' found"),
            SgfErrorKind::UnexpectedEnd => write!(f, "the file ends too early"),
            SgfErrorKind::Unexpected(c) => write!(f, "unexpected '{c}'"),
            SgfErrorKind::BadValue { property, value } => {
                write!(f, "bad value [{value}] for {property}")
            }
            SgfErrorKind::NotGo => write!(f, "this is not a Go record (GM is not 1)"),
        }
    }
}

impl SgfError {
    /// An error at byte `offset` of `text`.
    pub fn at(text: &str, offset: usize, kind: SgfErrorKind) -> SgfError {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        SgfError { line, column, kind }
    }

    /// A bad property value found at a node of a tree read from `text`.
    pub fn bad_value(text: &str, tree: &Tree, bad: replay::BadValue) -> SgfError {
        SgfError::at(
            text,
            tree.offset(bad.node).unwrap_or(0),
            SgfErrorKind::BadValue {
                property: bad.property,
                value: bad.value,
            },
        )
    }
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// The text ended inside the game tree: what was read before the cut is kept.
    truncated: bool,
}

impl<'a> Reader<'a> {
    fn error(&self, kind: SgfErrorKind) -> SgfError {
        SgfError::at(self.text, self.pos, kind)
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// One node's properties (after its `;`), up to the next `;`, `(` or `)`.
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::default();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_uppercase() => {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                        self.bump();
                    }
                    // FF[3] allowed lower-case letters in identifiers; keep the capitals only.
                    let id: String = self.text[start..self.pos]
                        .chars()
                        .filter(|c| c.is_ascii_uppercase())
                        .collect();
                    let mut values = Vec::new();
                    self.skip_ws();
                    while self.peek() == Some('[') {
                        match self.value() {
                            Some(v) => values.push(v),
                            // Cut inside a value: the property is incomplete and dropped.
                            None => {
                                self.truncated = true;
                                return Ok(node);
                            }
                        }
                        self.skip_ws();
                    }
                    if values.is_empty() {
                        if self.peek().is_none() {
                            self.truncated = true;
                            return Ok(node);
                        }
                        return Err(self.error(
                            self.peek()
                                .map_or(SgfErrorKind::UnexpectedEnd, SgfErrorKind::Unexpected),
                        ));
                    }
                    // A property repeated in one node (AB[aa]AB[bb], as GNU Go and others
                    // write it) is one property with all the values, as the common readers do.
                    match node.props.iter_mut().find(|(k, _)| *k == id) {
                        Some((_, vs)) => vs.extend(values),
                        None => node.props.push((id, values)),
                    }
                }
                Some(';' | '(' | ')') => return Ok(node),
                Some(c) => return Err(self.error(SgfErrorKind::Unexpected(c))),
                None => {
                    self.truncated = true;
                    return Ok(node);
                }
            }
        }
    }

    /// A property value (at its `[`), unescaped; `None` when the text ends inside it.
    fn value(&mut self) -> Option<String> {
        self.bump(); // '['
        let mut v = String::new();
        loop {
            match self.bump()? {
                '\\' => match self.bump()? {
                    // A soft line break: backslash-newline is removed.
                    '\n' => {}
                    '\r' => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    c => v.push(c),
                },
                ']' => return Some(v),
                c => v.push(c),
            }
        }
    }
}

/// Reads the first game tree of `text` whole: every node of every variation, every property
/// as written. Returns the tree and whether the text was cut off before the tree's end (what
/// was read up to the cut is kept). Text before the first `(` is skipped (mail headers,
/// byte-order marks), text after the tree is left (see [`game_trees`] for collections).
pub fn parse(text: &str) -> Result<(Tree, bool), SgfError> {
    let mut r = Reader {
        text,
        pos: 0,
        truncated: false,
    };
    r.pos = text
        .find('(')
        .ok_or_else(|| r.error(SgfErrorKind::NoGameTree))?;
    let mut tree: Option<Tree> = None;
    // For each open '(': the node the line inside it follows (its branch point).
    let mut open: Vec<Option<NodeId>> = Vec::new();
    // The node the next one follows.
    let mut current: Option<NodeId> = None;
    loop {
        r.skip_ws();
        match r.peek() {
            Some('(') => {
                if current.is_none() && !open.is_empty() {
                    // "((;…": a game tree must start with a node.
                    return Err(r.error(SgfErrorKind::Unexpected('(')));
                }
                r.bump();
                open.push(current);
            }
            Some(';') if !open.is_empty() => {
                let offset = r.pos;
                r.bump();
                let node = r.node()?;
                current = Some(match (&mut tree, current) {
                    (None, _) => {
                        let mut t = Tree::new(node);
                        t.set_root_offset(offset);
                        tree = Some(t);
                        NodeId::ROOT
                    }
                    (Some(t), Some(parent)) => t.add(parent, node, Some(offset)),
                    (Some(_), None) => return Err(r.error(SgfErrorKind::Unexpected(';'))),
                });
                if r.truncated {
                    break;
                }
            }
            Some(')') if !open.is_empty() => {
                r.bump();
                current = open.pop().flatten();
                if open.is_empty() {
                    break;
                }
            }
            None => {
                r.truncated = true;
                break;
            }
            Some(c) => return Err(r.error(SgfErrorKind::Unexpected(c))),
        }
    }
    match tree {
        Some(t) => Ok((t, r.truncated)),
        None => Err(r.error(if r.truncated {
            SgfErrorKind::UnexpectedEnd
        } else {
            SgfErrorKind::NoGameTree
        })),
    }
}

/// The game trees of a collection (SGF allows several in one file), as slices of `text`, in
/// order. Brackets and escapes inside property values are respected; text between the trees is
/// skipped. A tree cut off at the end of the text is included as it is (the reader then loads
/// what it holds).
pub fn game_trees(text: &str) -> Vec<&str> {
    let mut trees = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    let (mut in_value, mut escaped) = (false, false);
    for (i, c) in text.char_indices() {
        if in_value {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' if depth > 0 => in_value = true,
            '(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(&text[start..=i]);
                }
            }
            _ => {}
        }
    }
    if depth > 0 {
        trees.push(&text[start..]);
    }
    trees
}

/// The SGF name of a point: column letter then row letter, from the top left (`aa`).
pub fn point_to_sgf(size: BoardSize, p: Point) -> String {
    let (c, r) = size.col_row(p);
    format!("{}{}", (b'a' + c) as char, (b'a' + r) as char)
}

fn sgf_coord(ch: u8) -> Option<u8> {
    match ch {
        b'a'..=b'z' => Some(ch - b'a'),
        b'A'..=b'Z' => Some(ch - b'A' + 26),
        _ => None,
    }
}

/// An SGF point value that is not a point of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadPoint;

/// Parses an SGF point; `Ok(None)` is a pass (`[]`, or `[tt]` on boards up to 19×19).
pub fn point_from_sgf(size: BoardSize, s: &str) -> Result<Option<Point>, BadPoint> {
    // Old records break lines inside values ("W[oq\r\n]").
    let s = s.trim();
    let b = s.as_bytes();
    if b.is_empty() || (s == "tt" && size.get() <= 19) {
        return Ok(None);
    }
    if b.len() != 2 {
        return Err(BadPoint);
    }
    let (c, r) = (
        sgf_coord(b[0]).ok_or(BadPoint)?,
        sgf_coord(b[1]).ok_or(BadPoint)?,
    );
    if c >= size.get() || r >= size.get() {
        return Err(BadPoint);
    }
    Ok(Some(size.point(c, r)))
}

/// Expands an SGF point list value, including compressed rectangles `aa:cc`.
pub fn point_list(size: BoardSize, v: &str) -> Result<Vec<Point>, BadPoint> {
    if let Some((a, b)) = v.split_once(':') {
        let a = point_from_sgf(size, a)?.ok_or(BadPoint)?;
        let b = point_from_sgf(size, b)?.ok_or(BadPoint)?;
        let ((c1, r1), (c2, r2)) = (size.col_row(a), size.col_row(b));
        let mut out = Vec::new();
        for r in r1.min(r2)..=r1.max(r2) {
            for c in c1.min(c2)..=c1.max(c2) {
                out.push(size.point(c, r));
            }
        }
        Ok(out)
    } else {
        Ok(point_from_sgf(size, v)?.into_iter().collect())
    }
}

/// A result as SGF writes it (`B+R`, `W+2.5`, `0`, `Void`, `B+T`, `W+F`), when it can be kept
/// as a [`GameResult`]. A score keeps its margin (areas are not in the record).
pub fn parse_result(re: &str) -> Option<crate::rules::GameResult> {
    use crate::rules::GameResult;
    let re = re.trim();
    match re {
        "0" | "Draw" | "Jigo" => return Some(GameResult::Draw),
        "Void" | "?" => return Some(GameResult::Void),
        _ => {}
    }
    let (who, how) = re.split_once('+')?;
    let winner = match who {
        "B" => Colour::Black,
        "W" => Colour::White,
        _ => return None,
    };
    Some(match how {
        "R" | "Resign" => GameResult::Resignation { winner },
        "T" | "Time" => GameResult::Time { winner },
        "F" | "Forfeit" => GameResult::Forfeit { winner },
        margin => {
            let m = Komi::parse_points(margin)?.half_points();
            // Represent the margin as a score: areas that differ by it, no komi.
            let m = if winner == Colour::Black { m } else { -m };
            GameResult::Score {
                black_half: (1000 + m.max(0)) as u32,
                white_half: (1000 + (-m).max(0)) as u32,
                komi_half: 0,
            }
        }
    })
}

/// The character set an SGF file declares in its root (`CA[GB2312]`), read from the raw bytes
/// before decoding (the property itself is ASCII).
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = bytes.windows(3).position(|w| w == b"CA[")?;
    let rest = &bytes[at + 3..];
    let end = rest.iter().position(|&b| b == b']')?;
    let label = std::str::from_utf8(&rest[..end])
        .ok()?
        .trim()
        .to_ascii_lowercase();
    (!label.is_empty()).then_some(label)
}

/// A game read from SGF: the whole tree, and the game its main line plays.
#[derive(Clone, Debug)]
pub struct LoadedGame {
    /// The position at the end of the main line (or after `max_moves` moves).
    pub game: Game,
    /// The record, every node kept.
    pub tree: Tree,
    /// The node of each of the game's moves.
    pub nodes: Vec<NodeId>,
    /// Moves of the main line that were not legal and so were not played: the move number,
    /// the move and why.
    pub skipped: Vec<(usize, Colour, Move, PlayError)>,
    /// The file was cut off before its end: the game holds what was readable up to the cut.
    pub incomplete: bool,
}

impl LoadedGame {
    /// The root node (players PB/PW, ranks BR/WR, result RE, date DT …).
    pub fn root(&self) -> &Node {
        self.tree.node(self.tree.root())
    }
}

/// Reads SGF text and plays its main line up to `max_moves` moves (GTP `loadsgf file N`);
/// setup properties anywhere on the line are applied when reached.
pub fn load(text: &str, rules: Rules, max_moves: Option<usize>) -> Result<LoadedGame, SgfError> {
    let (tree, incomplete) = parse(text)?;
    let bad = |e| SgfError::bad_value(text, &tree, e);
    let start = Start::read(&tree, rules).map_err(|e| match e {
        replay::StartError::NotGo(node) => {
            SgfError::at(text, tree.offset(node).unwrap_or(0), SgfErrorKind::NotGo)
        }
        replay::StartError::Bad(b) => bad(b),
    })?;
    let mut path = tree.main_line();
    if let Some(max) = max_moves {
        let mut moves = 0;
        let cut = path.iter().position(|&id| {
            let has_move = tree.node(id).move_value().is_some();
            let stop = has_move && moves >= max;
            moves += usize::from(has_move);
            stop
        });
        if let Some(cut) = cut {
            path.truncate(cut);
        }
    }
    let played = replay::replay(&tree, &path, &start).map_err(bad)?;
    Ok(LoadedGame {
        game: played.game,
        nodes: played.nodes,
        skipped: played.skipped,
        tree,
        incomplete,
    })
}

/// A game as a record tree: the root with the game's facts (size, rules, komi, handicap, the
/// setup stones, who moves first, the result) and `extra_root` after them, then a node per
/// move. Returns the node of each move.
pub fn game_tree(game: &Game, extra_root: &[(&str, String)]) -> (Tree, Vec<NodeId>) {
    let size = game.size();
    let mut root = Node::default();
    let ru = match game.rules().capture_goal {
        Some(n) => format!("capture-{n}"),
        None => "Chinese".to_string(),
    };
    let facts = [
        ("GM", "1".to_string()),
        ("FF", "4".to_string()),
        ("CA", "UTF-8".to_string()),
        ("AP", format!("shoutan:{}", env!("CARGO_PKG_VERSION"))),
        ("SZ", size.get().to_string()),
        ("RU", ru),
        ("KM", game.rules().komi.points_string()),
    ];
    for (id, v) in facts {
        root.set(id, vec![v]);
    }
    if game.handicap() >= 2 {
        root.set("HA", vec![game.handicap().to_string()]);
    }
    for (id, v) in extra_root {
        root.set(id, vec![v.clone()]);
    }
    root.props.extend(setup_props(size, game));
    if let Some(r) = game.result() {
        root.set("RE", vec![r.sgf()]);
    }
    let mut tree = Tree::new(root);
    let mut at = tree.root();
    let mut nodes = Vec::with_capacity(game.moves().len());
    for m in game.moves() {
        at = tree.add_child(at, move_node(size, m.colour, m.mv));
        nodes.push(at);
    }
    (tree, nodes)
}

/// The setup of a game as root properties: `AB`, `AW` (one value a stone), and `PL[W]` when
/// White moves first without a handicap.
pub fn setup_props(size: BoardSize, game: &Game) -> Vec<(String, Vec<String>)> {
    let mut props = Vec::new();
    let setup = game.setup();
    for (id, c) in [("AB", Colour::Black), ("AW", Colour::White)] {
        let pts = setup.stones_of(c);
        if !pts.is_empty() {
            props.push((
                id.to_string(),
                pts.into_iter().map(|p| point_to_sgf(size, p)).collect(),
            ));
        }
    }
    let first = game.moves().first().map_or(game.to_move(), |m| m.colour);
    if first == Colour::White && game.handicap() < 2 {
        props.push(("PL".to_string(), vec!["W".to_string()]));
    }
    props
}

/// The node of a move: `B[dd]`, `W[]` for a pass.
pub fn move_node(size: BoardSize, c: Colour, mv: Move) -> Node {
    let v = match mv {
        Move::Play(p) => point_to_sgf(size, p),
        Move::Pass => String::new(),
    };
    Node::with(if c == Colour::Black { "B" } else { "W" }, v)
}

/// Writes a game as SGF FF[4] (its moves, one line), with `extra_root` properties on the root
/// and comments after a number of moves (0: the root).
pub fn write(game: &Game, extra_root: &[(&str, String)], comments: &[(usize, String)]) -> String {
    let (mut tree, nodes) = game_tree(game, extra_root);
    for (n, c) in comments {
        let id = if *n == 0 {
            Some(tree.root())
        } else {
            nodes.get(n - 1).copied()
        };
        if let Some(id) = id {
            append_comment(tree.node_mut(id), c);
        }
    }
    tree.to_sgf()
}

/// Adds a comment to a node's `C` (a line of its own after any comment already there).
pub fn append_comment(node: &mut Node, text: &str) {
    let joined = match node.first("C") {
        Some(c) if !c.is_empty() => format!("{c}\n{text}"),
        _ => text.to_string(),
    };
    node.set("C", vec![joined]);
}

//! A small SGF FF[4] reader and writer: the main line of a game (setup stones anywhere, moves,
//! komi, handicap, players, result, comments) and the variations that branch off it. Used by
//! the app (import/export), the bot's worker and GTP `loadsgf`/`printsgf`.
//!
//! The reader never panics: a broken file gives an [`SgfError`] that says where it broke.

use std::fmt;

use crate::rules::{BoardSize, Colour, Game, Komi, Move, Point, Rules};

/// One node: its properties in file order, values unescaped.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Node {
    pub props: Vec<(String, Vec<String>)>,
}

impl Node {
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.as_slice())
    }

    pub fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(|s| s.as_str())
    }
}

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

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// The text ended inside the game tree: what was read before the cut is kept.
    truncated: bool,
}

impl<'a> Reader<'a> {
    fn error(&self, kind: SgfErrorKind) -> SgfError {
        let before = &self.text[..self.pos.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        SgfError { line, column, kind }
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

    /// Reads one game tree: its main line (the first variation at each branch) into `main`
    /// and, when `vars` is given, every other branch off that line with the index of the
    /// main-line node it replaces (each branch by its own first line).
    fn tree(
        &mut self,
        main: &mut Vec<Node>,
        mut vars: Option<&mut Vec<(usize, Vec<Node>)>>,
    ) -> Result<(), SgfError> {
        // at '('
        self.bump();
        let mut branch_at = None;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(';') => {
                    self.bump();
                    let node = self.node()?;
                    if branch_at.is_none() {
                        main.push(node);
                    }
                }
                Some('(') => match branch_at {
                    None => {
                        branch_at = Some(main.len());
                        self.tree(main, vars.as_deref_mut())?;
                    }
                    Some(at) => {
                        let mut line = Vec::new();
                        self.tree(&mut line, None)?;
                        if let Some(v) = vars.as_deref_mut() {
                            v.push((at, line));
                        }
                    }
                },
                Some(')') => {
                    self.bump();
                    return Ok(());
                }
                Some(c) => return Err(self.error(SgfErrorKind::Unexpected(c))),
                None => {
                    // Cut off before its final ')': keep what was read.
                    self.truncated = true;
                    return Ok(());
                }
            }
        }
    }

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
                        match self.value()? {
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

    /// Reads one game tree whole (at '('): its first node, with every branch as children —
    /// a problem's solution tree.
    fn whole(&mut self) -> Result<TreeNode, SgfError> {
        self.bump();
        let mut line: Vec<Node> = Vec::new();
        let mut children = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(';') if children.is_empty() => {
                    self.bump();
                    line.push(self.node()?);
                }
                Some('(') => children.push(self.whole()?),
                Some(')') => {
                    self.bump();
                    break;
                }
                None => {
                    self.truncated = true;
                    break;
                }
                Some(c) => return Err(self.error(SgfErrorKind::Unexpected(c))),
            }
        }
        // The sequence is a chain: each node the only child of the one before; the branches
        // hang from the last.
        let mut tree: Option<TreeNode> = None;
        for node in line.into_iter().rev() {
            let children = match tree.take() {
                Some(t) => vec![t],
                None => std::mem::take(&mut children),
            };
            tree = Some(TreeNode { node, children });
        }
        tree.ok_or_else(|| self.error(SgfErrorKind::NoGameTree))
    }

    /// A property value; `None` when the text ends inside it.
    fn value(&mut self) -> Result<Option<String>, SgfError> {
        self.bump(); // '['
        let mut v = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    // A soft line break: backslash-newline is removed.
                    Some('\n') => {}
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => v.push(c),
                    None => return Ok(None),
                },
                Some(']') => return Ok(Some(v)),
                Some(c) => v.push(c),
                None => return Ok(None),
            }
        }
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

/// Parses the main line of the first game tree in `text`.
pub fn parse_main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    parse_tree(text).map(|(main, _)| main)
}

/// Parses the first game tree in `text`: its main line, and the branches off it with the
/// index of the main-line node each one replaces.
#[allow(clippy::type_complexity)]
pub fn parse_tree(text: &str) -> Result<(Vec<Node>, Vec<(usize, Vec<Node>)>), SgfError> {
    parse(text).map(|(main, vars, _)| (main, vars))
}

/// [`parse_tree`], and whether the text was cut off before the tree's end.
#[allow(clippy::type_complexity)]
fn parse(text: &str) -> Result<(Vec<Node>, Vec<(usize, Vec<Node>)>, bool), SgfError> {
    let mut r = Reader {
        text,
        pos: 0,
        truncated: false,
    };
    // Skip anything before the first "(;" (mail headers, byte-order marks).
    let start = text
        .find('(')
        .ok_or_else(|| r.error(SgfErrorKind::NoGameTree))?;
    r.pos = start;
    let mut main = Vec::new();
    let mut vars = Vec::new();
    r.tree(&mut main, Some(&mut vars))?;
    if main.is_empty() {
        return Err(r.error(if r.truncated {
            SgfErrorKind::UnexpectedEnd
        } else {
            SgfErrorKind::NoGameTree
        }));
    }
    Ok((main, vars, r.truncated))
}

/// A node of a whole game tree with all its branches (problems keep their solution trees
/// this way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub node: Node,
    pub children: Vec<TreeNode>,
}

/// Parses the first game tree in `text` whole, every branch kept.
pub fn parse_whole_tree(text: &str) -> Result<TreeNode, SgfError> {
    let mut r = Reader {
        text,
        pos: 0,
        truncated: false,
    };
    r.pos = text
        .find('(')
        .ok_or_else(|| r.error(SgfErrorKind::NoGameTree))?;
    r.whole()
}

/// A line of play that branches off the main line, with the comments and marks of its nodes
/// (placed by how many of its own moves are played: 1 its first move's node).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// How many main-line moves are played before the branch.
    pub after_moves: usize,
    pub moves: Vec<(Colour, Move)>,
    /// Comments: (moves of the variation played, text).
    pub comments: Vec<(usize, String)>,
    /// Marks, their `after_moves` counting the variation's own moves.
    pub marks: Vec<crate::record::marks::Mark>,
}

/// The moves of a list of nodes (setup inside a branch is not kept).
fn moves_of(size: BoardSize, nodes: &[Node]) -> Vec<(Colour, Move)> {
    let mut out = Vec::new();
    for n in nodes {
        for (id, c) in [("B", Colour::Black), ("W", Colour::White)] {
            if let Some(Ok(p)) = n.first(id).map(|v| point_from_sgf(size, v)) {
                out.push((c, p.map_or(Move::Pass, Move::Play)));
            }
        }
    }
    out
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
pub(crate) fn point_list(size: BoardSize, v: &str) -> Result<Vec<Point>, BadPoint> {
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

/// A game read from SGF: the position and moves of its main line.
#[derive(Clone, Debug)]
pub struct LoadedGame {
    pub game: Game,
    /// Other lines of play off the main line, to browse in review.
    pub variations: Vec<Variation>,
    /// The comments (C) of the main line: (move number, text), 0 for the root.
    pub comments: Vec<(usize, String)>,
    /// The marks (TR, SQ, CR, MA, LB) of the main line.
    pub marks: Vec<crate::record::marks::Mark>,
    /// Moves of the main line that were not legal and so were not played: the move number,
    /// the move and why.
    pub skipped: Vec<(usize, Colour, Move, crate::rules::PlayError)>,
    /// The root node (players PB/PW, ranks BR/WR, result RE, date DT …).
    pub root: Node,
    /// The file was cut off before its end: the game holds what was readable up to the cut.
    pub incomplete: bool,
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

/// Builds a [`Game`] from SGF text, playing the main line up to `max_moves` moves (GTP
/// `loadsgf file N`). Setup properties anywhere on the main line are applied when reached.
pub fn load(text: &str, rules: Rules, max_moves: Option<usize>) -> Result<LoadedGame, SgfError> {
    let (nodes, branches, incomplete) = parse(text)?;
    let root = &nodes[0];
    let bad = |p: &str, v: &str| SgfError {
        line: 1,
        column: 1,
        kind: SgfErrorKind::BadValue {
            property: p.into(),
            value: v.into(),
        },
    };
    if let Some(gm) = root.first("GM") {
        if gm.trim() != "1" {
            return Err(SgfError {
                line: 1,
                column: 1,
                kind: SgfErrorKind::NotGo,
            });
        }
    }
    let size = match root.first("SZ") {
        None => BoardSize::NINETEEN,
        Some(s) => {
            let n: u32 = s
                .split(':')
                .next()
                .unwrap_or("")
                .trim()
                .parse()
                .map_err(|_| bad("SZ", s))?;
            BoardSize::new(n).map_err(|_| bad("SZ", s))?
        }
    };
    let mut rules = rules;
    if let Some(k) = root.first("KM") {
        rules.komi = Komi::parse_points(k).ok_or_else(|| bad("KM", k))?;
    }
    // 吃子棋 as this app writes it, `RU[capture-2]` (any "capture" followed by the count).
    if let Some(ru) = root.first("RU") {
        let lower = ru.to_ascii_lowercase();
        if let Some(at) = lower.find("capture") {
            let digits: String = lower[at + 7..]
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(|c| c.is_ascii_digit())
                .collect();
            let n: u32 = digits.parse().map_err(|_| bad("RU", ru))?;
            if n == 0 {
                return Err(bad("RU", ru));
            }
            rules.capture_goal = Some(n);
        }
    }
    let handicap: u32 = root
        .first("HA")
        .and_then(|h| h.trim().parse().ok())
        .unwrap_or(0);
    let stones = |node: &Node, id: &str| -> Result<Vec<Point>, SgfError> {
        let mut v = Vec::new();
        for s in node.get(id).unwrap_or(&[]) {
            v.extend(point_list(size, s).map_err(|_| bad(id, s))?);
        }
        Ok(v)
    };
    let (black, white) = (stones(root, "AB")?, stones(root, "AW")?);
    let first_mover = nodes.iter().find_map(|n| {
        if n.get("B").is_some() {
            Some(Colour::Black)
        } else if n.get("W").is_some() {
            Some(Colour::White)
        } else {
            None
        }
    });
    let to_move = match root.first("PL") {
        Some("W" | "w") => Colour::White,
        Some("B" | "b") => Colour::Black,
        _ => first_mover.unwrap_or(if !black.is_empty() && white.is_empty() && handicap >= 2 {
            Colour::White
        } else {
            Colour::Black
        }),
    };
    let hcount = if handicap >= 2 { handicap } else { 0 };
    let mut game = Game::from_setup(size, rules, &black, &white, to_move, hcount);
    let mut skipped = Vec::new();
    let mut count = 0;
    for (i, node) in nodes.iter().enumerate() {
        if i > 0
            && (node.get("AB").is_some() || node.get("AW").is_some() || node.get("AE").is_some())
        {
            // Setup in the middle of a game: rebuild from the current stones plus the setup.
            let (ab, aw, ae) = (
                stones(node, "AB")?,
                stones(node, "AW")?,
                stones(node, "AE")?,
            );
            let board = game.board();
            let mut b = board.stones_of(Colour::Black);
            let mut w = board.stones_of(Colour::White);
            b.retain(|p| !ae.contains(p) && !aw.contains(p));
            w.retain(|p| !ae.contains(p) && !ab.contains(p));
            b.extend(ab);
            w.extend(aw);
            let pl = game.to_move();
            game = Game::from_setup(size, rules, &b, &w, pl, hcount);
        }
        // The player to move, set by a node (problem files and exported positions rely on it).
        if i > 0 {
            match node.first("PL").map(str::trim) {
                Some("W" | "w") => game.set_to_move(Colour::White),
                Some("B" | "b") => game.set_to_move(Colour::Black),
                _ => {}
            }
        }
        for (id, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            let Some(v) = node.first(id) else { continue };
            if max_moves.is_some_and(|m| count >= m) {
                return Ok(LoadedGame {
                    game,
                    variations: Vec::new(),
                    comments: Vec::new(),
                    marks: Vec::new(),
                    skipped,
                    root: root.clone(),
                    incomplete,
                });
            }
            let mv = match point_from_sgf(size, v).map_err(|_| bad(id, v))? {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            };
            count += 1;
            if let Err(e) = game.play_out_of_turn(colour, mv) {
                // A move the rules refuse is not played, but the turn goes on as in the record.
                game.set_to_move(colour.opponent());
                skipped.push((count, colour, mv, e));
            }
        }
    }
    // Moves before each main-line node, to place comments and branches.
    let mut before = Vec::with_capacity(nodes.len() + 1);
    let mut k = 0;
    for n in &nodes {
        before.push(k);
        k += usize::from(n.get("B").is_some() || n.get("W").is_some());
    }
    before.push(k);
    let (comments, marks) = annotations(size, &nodes, 0);
    let variations = branches
        .iter()
        .map(|(at, line)| {
            // A node before the branch's first move counts as that move's.
            let (comments, marks) = annotations(size, line, 1);
            Variation {
                after_moves: before[(*at).min(nodes.len())],
                moves: moves_of(size, line),
                comments,
                marks,
            }
        })
        .filter(|v| !v.moves.is_empty())
        .collect();
    Ok(LoadedGame {
        game,
        variations,
        comments,
        marks,
        skipped,
        root: root.clone(),
        incomplete,
    })
}

/// The comments and marks of a line of nodes, each placed by the moves of the line played up to
/// and including its node (at least `first`).
fn annotations(
    size: BoardSize,
    nodes: &[Node],
    first: usize,
) -> (Vec<(usize, String)>, Vec<crate::record::marks::Mark>) {
    let (mut comments, mut marks) = (Vec::new(), Vec::new());
    let mut played = 0;
    for n in nodes {
        played += usize::from(n.get("B").is_some() || n.get("W").is_some());
        let at = played.max(first);
        if let Some(c) = n.first("C") {
            comments.push((at, c.to_string()));
        }
        marks.extend(crate::record::marks::of_node(size, n, at));
    }
    (comments, marks)
}

/// The properties of node `n` as SGF text: `(node, id, value)` triples, several values of one
/// text property joined by newlines, a list property's values one bracket each.
fn node_text(node_props: &[(usize, &str, String)], n: usize) -> String {
    let mut out = String::new();
    let mut ids: Vec<&str> = Vec::new();
    for (k, id, _) in node_props {
        if *k == n && !ids.contains(id) {
            ids.push(id);
        }
    }
    for id in ids {
        let texts: Vec<&str> = node_props
            .iter()
            .filter(|(k, i, _)| *k == n && *i == id)
            .map(|(_, _, c)| c.as_str())
            .collect();
        if matches!(id, "C" | "GC") {
            // Text: several notes on one node are one comment, a line each.
            out += &format!("{id}[{}]", escape(&texts.join("\n")));
        } else {
            // Lists (marks, labels): one value per bracket, TR[aa][bb].
            out += id;
            for t in texts {
                out += &format!("[{}]", escape(t));
            }
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes a game as SGF FF[4] (main line only), with the given root properties added and
/// comments attached after a number of moves (0: the root node).
pub fn write(game: &Game, extra_root: &[(&str, String)], comments: &[(usize, String)]) -> String {
    let props: Vec<(usize, &str, String)> =
        comments.iter().map(|(n, c)| (*n, "C", c.clone())).collect();
    write_with(game, extra_root, &props, &[])
}

/// [`write`] with any properties on any node: `(node, id, value)`, node 0 the root and node
/// k the k-th move (e.g. `BL`/`WL` time left, `OB`/`OW` periods or stones left, `C`) — and
/// the variations that branch off the main line. Several values of one property on a node
/// are joined by newlines.
pub fn write_with(
    game: &Game,
    extra_root: &[(&str, String)],
    node_props: &[(usize, &str, String)],
    variations: &[Variation],
) -> String {
    let size = game.size();
    let ru = match game.rules().capture_goal {
        Some(n) => format!("capture-{n}"),
        None => "Chinese".to_string(),
    };
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[shoutan:{}]SZ[{}]RU[{ru}]KM[{}]",
        env!("CARGO_PKG_VERSION"),
        size.get(),
        game.rules().komi.points_string()
    );
    if game.handicap() >= 2 {
        s += &format!("HA[{}]", game.handicap());
    }
    for (k, v) in extra_root {
        s += &format!("{k}[{}]", escape(v));
    }
    let setup = game.setup();
    for (id, c) in [("AB", Colour::Black), ("AW", Colour::White)] {
        let pts = setup.stones_of(c);
        if !pts.is_empty() {
            s += id;
            for p in pts {
                s += &format!("[{}]", point_to_sgf(size, p));
            }
        }
    }
    let first = game.moves().first().map_or(game.to_move(), |m| m.colour);
    if first == Colour::White && game.handicap() < 2 {
        s += "PL[W]";
    }
    if let Some(r) = game.result() {
        s += &format!("RE[{}]", r.sgf());
    }
    s += &node_text(node_props, 0);
    let node = |c: Colour, mv: Move| -> String {
        let v = match mv {
            Move::Play(p) => point_to_sgf(size, p),
            Move::Pass => String::new(),
        };
        format!(";{}[{}]", c.letter(), v)
    };
    let main: Vec<(Colour, Move)> = game.moves().iter().map(|m| (m.colour, m.mv)).collect();
    // The main line from move `from` on. Where variations branch (after move i, with more
    // main line to come), the rest of the main line becomes the first sub-tree and each
    // variation one more, as SGF spells a fork.
    fn line(
        s: &mut String,
        size: BoardSize,
        main: &[(Colour, Move)],
        from: usize,
        variations: &[Variation],
        node: &dyn Fn(Colour, Move) -> String,
        node_props: &[(usize, &str, String)],
    ) {
        for i in from..main.len() {
            let here: Vec<&Variation> = variations
                .iter()
                .filter(|v| v.after_moves == i && !v.moves.is_empty())
                .collect();
            if !here.is_empty() {
                let later: Vec<Variation> = variations
                    .iter()
                    .filter(|v| v.after_moves > i)
                    .cloned()
                    .collect();
                *s += "\n(";
                line(s, size, main, i, &later, node, node_props);
                *s += ")";
                for v in here {
                    *s += "\n(";
                    let mut props: Vec<(usize, &str, String)> = v
                        .comments
                        .iter()
                        .map(|(j, c)| (*j, "C", c.clone()))
                        .collect();
                    props.extend(crate::record::marks::to_props(size, &v.marks));
                    for (j, &(c, mv)) in v.moves.iter().enumerate() {
                        *s += &node(c, mv);
                        *s += &node_text(&props, j + 1);
                    }
                    *s += ")";
                }
                return;
            }
            let (c, mv) = main[i];
            *s += &format!("\n{}{}", node(c, mv), node_text(node_props, i + 1));
        }
    }
    line(&mut s, size, &main, 0, variations, &node, node_props);
    s += ")\n";
    s
}

//! A record's positions: the game a path through the tree plays, from the root's setup through
//! each node's setup (`AB` `AW` `AE` `PL`, applied before the node's move, as SGF orders them)
//! and moves. A record is data people made, so the rules check every move's point — occupied,
//! forbidden, ko, superko — but not whose turn it is: one side may play twice in a row (a
//! tenuki in a joseki file). A move the rules refuse is not played and the turn passes as the
//! record says; a move after both passed resumes play, as a dispute does (裁判法 第十二条三).

use super::sgf::{self, Node};
use super::tree::{NodeId, Tree};
use crate::rules::{BoardSize, Colour, Game, Komi, Move, PlayError, Point, Rules};

/// A property value that is not valid for its property, and the node that holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    pub node: NodeId,
    pub property: String,
    pub value: String,
}

/// Why a record's root cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// `GM` is not 1: not a Go record.
    NotGo(NodeId),
    Bad(BadValue),
}

/// What the root says about the game: the board, the rules (komi, capture Go) and the
/// handicap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    pub size: BoardSize,
    pub rules: Rules,
    pub handicap: u32,
}

impl Start {
    /// Reads the root's `GM`, `SZ`, `KM`, `RU` (our `capture-N`) and `HA` over `rules`.
    pub fn read(tree: &Tree, rules: Rules) -> Result<Start, StartError> {
        let id = tree.root();
        let root = tree.node(id);
        let bad = |p: &str, v: &str| {
            StartError::Bad(BadValue {
                node: id,
                property: p.into(),
                value: v.into(),
            })
        };
        if root.first("GM").is_some_and(|gm| gm.trim() != "1") {
            return Err(StartError::NotGo(id));
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
                match digits.parse::<u32>() {
                    Ok(n) if n > 0 => rules.capture_goal = Some(n),
                    _ => return Err(bad("RU", ru)),
                }
            }
        }
        let handicap: u32 = root
            .first("HA")
            .and_then(|h| h.trim().parse().ok())
            .unwrap_or(0);
        Ok(Start {
            size,
            rules,
            handicap: if handicap >= 2 { handicap } else { 0 },
        })
    }
}

/// The game a path plays.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub game: Game,
    /// The node of each of `game.moves()` (a setup in the middle of the path starts the game
    /// again from its position: the moves before it are no longer the game's).
    pub nodes: Vec<NodeId>,
    /// Moves the rules refused (not played): the move's number on the path, colour, move, why.
    pub skipped: Vec<(usize, Colour, Move, PlayError)>,
}

/// The points of a point-list property of a node (`AB[aa][bb]`, `AE[aa:cc]`).
pub fn points(
    size: BoardSize,
    id: NodeId,
    node: &Node,
    prop: &str,
) -> Result<Vec<Point>, BadValue> {
    let mut out = Vec::new();
    for v in node.get(prop).unwrap_or(&[]) {
        out.extend(sgf::point_list(size, v).map_err(|_| BadValue {
            node: id,
            property: prop.into(),
            value: v.clone(),
        })?);
    }
    Ok(out)
}

/// The move of a node, if it has one: its colour and the move (a pass for `[]`, or `[tt]` up to
/// 19×19).
pub fn node_move(
    size: BoardSize,
    id: NodeId,
    node: &Node,
) -> Result<Option<(Colour, Move)>, BadValue> {
    let Some((colour, v)) = node.move_value() else {
        return Ok(None);
    };
    let mv = sgf::point_from_sgf(size, v).map_err(|_| BadValue {
        node: id,
        property: colour.letter().to_string(),
        value: v.to_string(),
    })?;
    Ok(Some((colour, mv.map_or(Move::Pass, Move::Play))))
}

/// Plays `path` (from the root; any path of the tree) under `start`.
pub fn replay(tree: &Tree, path: &[NodeId], start: &Start) -> Result<Replayed, BadValue> {
    let size = start.size;
    let Some(&root_id) = path.first() else {
        return Ok(Replayed {
            game: Game::new(size, start.rules),
            nodes: vec![],
            skipped: vec![],
        });
    };
    let root = tree.node(root_id);
    let (black, white) = (
        points(size, root_id, root, "AB")?,
        points(size, root_id, root, "AW")?,
    );
    // Who moves first: the root's PL, else the colour of the first move of the main line.
    let first_mover = tree
        .main_line()
        .into_iter()
        .find_map(|id| tree.node(id).move_value().map(|(c, _)| c));
    let to_move = match root.first("PL").map(str::trim) {
        Some("W" | "w" | "2") => Colour::White,
        Some("B" | "b" | "1") => Colour::Black,
        _ => first_mover.unwrap_or(
            if !black.is_empty() && white.is_empty() && start.handicap >= 2 {
                Colour::White
            } else {
                Colour::Black
            },
        ),
    };
    let mut game = Game::from_setup(size, start.rules, &black, &white, to_move, start.handicap);
    let mut nodes = Vec::new();
    let mut skipped = Vec::new();
    let mut count = 0;
    for (i, &id) in path.iter().enumerate() {
        let node = tree.node(id);
        // The root's setup made the game; a move there (old records start so) is played.
        if i > 0 && (node.has("AB") || node.has("AW") || node.has("AE")) {
            // Setup in the middle of a line: the game starts again from the stones now there
            // with the setup applied.
            let (ab, aw, ae) = (
                points(size, id, node, "AB")?,
                points(size, id, node, "AW")?,
                points(size, id, node, "AE")?,
            );
            let board = game.board();
            let mut b = board.stones_of(Colour::Black);
            let mut w = board.stones_of(Colour::White);
            b.retain(|p| !ae.contains(p) && !aw.contains(p));
            w.retain(|p| !ae.contains(p) && !ab.contains(p));
            b.extend(ab);
            w.extend(aw);
            game = Game::from_setup(size, start.rules, &b, &w, game.to_move(), start.handicap);
            nodes.clear();
        }
        match node.first("PL").map(str::trim) {
            Some("W" | "w" | "2") if i > 0 => game.set_to_move(Colour::White),
            Some("B" | "b" | "1") if i > 0 => game.set_to_move(Colour::Black),
            _ => {}
        }
        let Some((colour, mv)) = node_move(size, id, node)? else {
            continue;
        };
        count += 1;
        if game.counting().is_some() {
            let _ = game.resume_play();
        }
        match game.play_out_of_turn(colour, mv) {
            Ok(_) => nodes.push(id),
            Err(e) => {
                // Not played; the turn goes on as in the record.
                game.set_to_move(colour.opponent());
                skipped.push((count, colour, mv, e));
            }
        }
    }
    Ok(Replayed {
        game,
        nodes,
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replayed(text: &str, path_of: impl Fn(&Tree) -> Vec<NodeId>) -> Replayed {
        let (tree, _) = sgf::parse(text).unwrap();
        let start = Start::read(&tree, Rules::chinese()).unwrap();
        replay(&tree, &path_of(&tree), &start).unwrap()
    }

    fn at(v: &str) -> Point {
        BoardSize::NINE.parse_vertex(v).unwrap()
    }

    #[test]
    fn one_side_may_play_twice_in_a_record() {
        // A tenuki in a joseki file: White answers elsewhere, Black plays on.
        let r = replayed("(;SZ[9];B[cc];W[gg];B[cg];B[gc])", Tree::main_line);
        assert_eq!(r.game.moves().len(), 4);
        assert!(r.skipped.is_empty());
        assert_eq!(r.game.to_move(), Colour::White);
    }

    #[test]
    fn setup_in_a_node_with_a_move_comes_first_and_a_mid_line_setup_restarts_the_game() {
        let r = replayed("(;SZ[9];B[ee];AW[dd]AE[ee]B[cc];W[dc])", Tree::main_line);
        assert_eq!(r.game.board().colour_at(at("E5")), None);
        assert_eq!(r.game.board().colour_at(at("D6")), Some(Colour::White));
        assert_eq!(r.game.board().colour_at(at("C7")), Some(Colour::Black));
        assert_eq!(r.game.moves().len(), 2, "the game restarts at the setup");
        assert_eq!(r.nodes.len(), 2);
    }

    #[test]
    fn a_refused_move_is_skipped_and_the_turn_passes() {
        let r = replayed("(;SZ[9];B[ee];W[ee];B[cc])", Tree::main_line);
        assert_eq!(
            r.skipped,
            vec![(2, Colour::White, Move::Play(at("E5")), PlayError::Occupied)]
        );
        assert_eq!(r.game.moves().len(), 2);
    }

    #[test]
    fn any_path_of_the_tree_replays() {
        let r = replayed(
            "(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc](;B[cg])(;B[gg]PL[B])))",
            |t| {
                let b = t.children(t.root())[0];
                let w = t.children(b)[1];
                t.path_to(t.children(w)[1])
            },
        );
        assert_eq!(r.game.board().colour_at(at("G7")), Some(Colour::White));
        assert_eq!(r.game.board().colour_at(at("G3")), Some(Colour::Black));
        assert_eq!(r.game.moves().len(), 3);
    }

    #[test]
    fn a_move_in_the_root_node_is_played() {
        // Old professional records (GNU Go's collection) put the first move in the root.
        let r = replayed("(;B[ee]PB[x];W[cc])", Tree::main_line);
        assert_eq!(r.game.moves().len(), 2);
        assert_eq!(r.nodes[0], NodeId::ROOT);
    }

    #[test]
    fn moves_after_two_passes_resume_play() {
        let r = replayed("(;SZ[9];B[ee];W[];B[];W[cc])", Tree::main_line);
        assert!(r.game.is_playing());
        assert_eq!(r.game.moves().len(), 4);
    }

    #[test]
    fn a_bad_point_names_its_node() {
        let (tree, _) = sgf::parse("(;SZ[9];B[ee];W[zz])").unwrap();
        let start = Start::read(&tree, Rules::chinese()).unwrap();
        let err = replay(&tree, &tree.main_line(), &start).unwrap_err();
        assert_eq!((err.property.as_str(), err.value.as_str()), ("W", "zz"));
        assert_eq!(err.node, tree.main_line()[2]);
    }
}

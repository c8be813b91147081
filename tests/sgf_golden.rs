//! SGF golden files (tests/data/sgf): what the reader must make of them.

use shoutan::record::sgf;
use shoutan::rules::{BoardSize, Colour, Rules};

/// A record as Sabaki writes one: comments on the root and on moves, two variations at move
/// 3, one with a variation of its own — every node kept where it stands.
#[test]
fn variations_and_comments_are_kept() {
    let text = include_str!("data/sgf/variations.sgf");
    let loaded = sgf::load(text, Rules::chinese(), None).unwrap();
    // The main line: the first branch at every fork.
    assert_eq!(loaded.game.moves().len(), 5);
    let t = &loaded.tree;
    assert_eq!(t.len(), 11);
    let comment = |id| t.node(id).first("C").unwrap_or("");
    let main = t.main_line();
    assert_eq!(
        main.iter().map(|&id| comment(id)).collect::<Vec<_>>(),
        ["开局前的评论", "天元", "", "主线：挂角", "", ""]
    );
    // The fork after move 2: the main line and two variations, the first with its own fork.
    let fork = t.children(main[2]);
    assert_eq!(fork.len(), 3);
    let first = fork[1];
    assert_eq!(comment(first), "变化一");
    let inner = t.children(t.children(first)[0]);
    assert_eq!(inner.len(), 2);
    assert_eq!(comment(inner[1]), "变化中的变化");
    assert_eq!(t.node(inner[1]).first("B"), Some("ge"));
    assert_eq!(t.node(fork[2]).first("B"), Some("ce"));
    // Written back: the same tree.
    assert_eq!(sgf::parse(&t.to_sgf()).unwrap().0, *t);
}

fn stones(loaded: &sgf::LoadedGame, c: Colour) -> Vec<String> {
    let size = loaded.game.size();
    let mut v: Vec<String> = loaded
        .game
        .board()
        .stones_of(c)
        .into_iter()
        .map(|p| size.vertex(p))
        .collect();
    v.sort();
    v
}

/// `PL` in a setup node after the root gives the move (problem files rely on it).
#[test]
fn the_player_to_move_of_a_setup_node_is_kept() {
    let text = include_str!("data/sgf/setup-player-to-move.sgf");
    let loaded = sgf::load(text, Rules::chinese(), None).unwrap();
    assert_eq!(loaded.game.to_move(), Colour::White);
    assert_eq!(stones(&loaded, Colour::Black), vec!["A9"]);
    assert_eq!(stones(&loaded, Colour::White), vec!["C7"]);
    assert!(!loaded.incomplete);
}

/// A property repeated in one node keeps all its values: both handicap stones are there.
#[test]
fn repeated_properties_in_a_node_are_merged() {
    let text = include_str!("data/sgf/repeated-properties.sgf");
    let loaded = sgf::load(text, Rules::chinese(), None).unwrap();
    assert_eq!(stones(&loaded, Colour::Black), vec!["C7", "F4", "G3"]);
    assert_eq!(stones(&loaded, Colour::White), vec!["D6", "E5"]);
    assert_eq!(loaded.game.moves().len(), 2);
    assert!(loaded.skipped.is_empty(), "{:?}", loaded.skipped);
}

/// A file cut off before its end loads what it holds, and says it was incomplete.
#[test]
fn a_truncated_file_loads_up_to_the_cut() {
    let text = include_str!("data/sgf/truncated.sgf");
    let loaded = sgf::load(text, Rules::chinese(), None).unwrap();
    assert!(loaded.incomplete);
    // B E5, W D7, B D3 are whole; W C4 is cut inside its value and dropped.
    assert_eq!(loaded.game.moves().len(), 3);
    assert_eq!(loaded.root().first("PB"), Some("黑"));
    // Cut inside the root itself: the root's complete properties are kept.
    let cut = sgf::load("(;GM[1]SZ[9]PB[x", Rules::chinese(), None).unwrap();
    assert!(cut.incomplete && cut.game.moves().is_empty());
    assert_eq!(cut.game.size(), BoardSize::NINE);
    // Nothing at all after "(": still an error that says the file ended too early.
    let err = sgf::load("(", Rules::chinese(), None).unwrap_err();
    assert_eq!(err.kind, sgf::SgfErrorKind::UnexpectedEnd);
}

/// A collection holds several game trees; parentheses inside values are text, not trees.
#[test]
fn a_collection_splits_into_its_game_trees() {
    let text = "junk before\n(;GM[1]SZ[9]C[a (comment) with \\] and (brackets];B[ee](;W[cc])(;W[gg]))\n\n(;GM[1]SZ[13];B[dd])(;GM[1]SZ[9];B[ee";
    let trees = sgf::game_trees(text);
    assert_eq!(trees.len(), 3);
    assert!(trees[0].starts_with("(;GM[1]SZ[9]C[a (comment)") && trees[0].ends_with("(;W[gg]))"));
    assert_eq!(trees[1], "(;GM[1]SZ[13];B[dd])");
    // The last is cut off: kept, and it loads what it holds.
    let last = sgf::load(trees[2], Rules::chinese(), None).unwrap();
    assert!(last.incomplete);
    assert_eq!(last.game.moves().len(), 0);
    let first = sgf::load(trees[0], Rules::chinese(), None).unwrap();
    let fork = first.tree.main_line()[1];
    assert_eq!(first.tree.children(fork).len(), 2);
}

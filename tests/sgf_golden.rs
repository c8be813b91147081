//! SGF golden files (tests/data/sgf): what the reader must make of them.

use shoutan::record::sgf::{self, Variation};
use shoutan::rules::{BoardSize, Colour, Move, Rules};

fn mv(c: Colour, v: &str) -> (Colour, Move) {
    (c, Move::Play(BoardSize::NINE.parse_vertex(v).unwrap()))
}

/// A record as Sabaki writes one: comments on the root and on moves, two variations at move
/// 3, one with a variation of its own.
#[test]
fn variations_and_comments_are_kept() {
    let text = include_str!("data/sgf/variations.sgf");
    let loaded = sgf::load(text, Rules::chinese(), None).unwrap();
    // The main line: the first branch at every fork.
    assert_eq!(loaded.game.moves().len(), 5);
    assert_eq!(
        loaded.comments,
        vec![
            (0, "开局前的评论".to_string()),
            (1, "天元".to_string()),
            (3, "主线：挂角".to_string())
        ]
    );
    // The branches off the main line, each by its own first line.
    assert_eq!(
        loaded.variations,
        vec![
            Variation {
                after_moves: 2,
                moves: vec![
                    mv(Colour::Black, "C3"),
                    mv(Colour::White, "G7"),
                    mv(Colour::Black, "G3")
                ],
            },
            Variation {
                after_moves: 2,
                moves: vec![mv(Colour::Black, "C5")],
            },
        ]
    );
}

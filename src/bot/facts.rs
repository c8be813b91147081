//! What the rules can prove about a move, for the words of 复盘: the network says how much a
//! move lost; these say why, in terms a beginner knows (叫吃, 提子, 眼, 征子, 活棋). Each fact is
//! checked on the board, never guessed from the network.

use super::nn::{area, ladder};
use crate::rules::{BoardSize, Colour, Game, Move, Point};

/// A fact about one move, for the side that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The move left its own chain (at `chain`, `stones` stones) with one liberty: 叫吃.
    SelfAtari { chain: Point, stones: usize },
    /// After the move the opponent can take `stones` stones of the mover at `chain` by playing
    /// at `at` (an atari left unanswered, or a liberty filled).
    Capturable {
        at: Point,
        chain: Point,
        stones: usize,
    },
    /// The move filled one of the player's own eyes.
    FilledOwnEye,
    /// The move ran from an atari, and the chain at `chain` is caught in a ladder (征子)
    /// however it runs on.
    Ladder { chain: Point },
    /// The move was played next to the player's own group that was alive before it (pass-alive:
    /// alive however many moves the opponent makes), touching no opponent stone: it was not
    /// needed.
    AlreadyAlive { chain: Point },
}

/// The facts about `c` playing `mv` in `before` (none for a pass or a move the rules refuse).
pub fn facts(before: &Game, c: Colour, mv: Move) -> Vec<Fact> {
    let Move::Play(p) = mv else {
        return vec![];
    };
    let mut after = before.clone();
    if after.play_out_of_turn(c, mv).is_err() {
        return vec![];
    }
    let (b0, b1) = (before.board(), after.board());
    let size = before.size();
    let opp = c.opponent();
    let neighbours = |q: Point| {
        size.neighbours(q)
            .into_iter()
            .map(|n| Point(n as u16))
            .filter(|&n| b0.on_board(n))
            .collect::<Vec<_>>()
    };
    let mut out = Vec::new();
    let own_name =
        |board: &crate::rules::Board, q: Point| board.chain(q).into_iter().min().unwrap_or(q);

    if b0.is_eye(c, p) {
        out.push(Fact::FilledOwnEye);
    }
    let escaped = neighbours(p)
        .into_iter()
        .any(|n| b0.colour_at(n) == Some(c) && b0.atari_liberty(n) == Some(p));
    match b1.liberties(p).len() {
        1 => out.push(Fact::SelfAtari {
            chain: own_name(b1, p),
            stones: b1.chain_len(p),
        }),
        2 if escaped && !ladder::working_ataris(b1, p).is_empty() => out.push(Fact::Ladder {
            chain: own_name(b1, p),
        }),
        _ => {}
    }
    // The mover's other chains the opponent can now take.
    let played = b1.chain_id(p);
    let mut seen = Vec::new();
    for (col, q) in b1.stones() {
        if col != c || b1.chain_id(q) == played || seen.contains(&b1.chain_id(q)) {
            continue;
        }
        seen.push(b1.chain_id(q));
        if let Some(at) = b1.atari_liberty(q) {
            if after.is_legal_point(opp, at) {
                out.push(Fact::Capturable {
                    at,
                    chain: own_name(b1, q),
                    stones: b1.chain_len(q),
                });
            }
        }
    }
    // Next to an own group that was already alive, and to no opponent stone.
    let around = neighbours(p);
    let own: Vec<Point> = around
        .iter()
        .copied()
        .filter(|&n| b0.colour_at(n) == Some(c))
        .collect();
    let filled_eye = out.contains(&Fact::FilledOwnEye);
    if !filled_eye && !own.is_empty() && around.iter().all(|&n| b0.colour_at(n) != Some(opp)) {
        let alive = area::pass_alive(b0, c);
        if own.iter().all(|n| alive.contains(n)) {
            out.push(Fact::AlreadyAlive {
                chain: own_name(b0, own[0]),
            });
        }
    }
    out
}

/// A count of stones as Chinese writes it: 一子, 两子, 三子 … 十子, then figures.
pub(crate) fn zh_stones(n: usize) -> String {
    const DIGITS: [&str; 11] = [
        "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
    ];
    match DIGITS.get(n) {
        Some(d) => format!("{d}子"),
        None => format!("{n} 子"),
    }
}

fn en_stones(n: usize) -> String {
    if n == 1 {
        "stone".into()
    } else {
        format!("{n} stones")
    }
}

/// A colour's name in the sentences of 复盘: 黑 / White.
pub(crate) fn colour_word(c: Colour, zh: bool) -> &'static str {
    match (c, zh) {
        (Colour::Black, true) => "黑",
        (Colour::White, true) => "白",
        (Colour::Black, false) => "Black",
        (Colour::White, false) => "White",
    }
}

impl Fact {
    /// The fact in words for a player of `c` (who made the move) on a board of `size`.
    pub fn words(&self, size: BoardSize, c: Colour, zh: bool) -> String {
        let name = |col: Colour| colour_word(col, zh);
        let v = |p: Point| size.vertex(p);
        match (self, zh) {
            (Fact::SelfAtari { chain, stones }, true) => format!(
                "这手之后，{} {} {}只剩一口气（叫吃）",
                name(c),
                v(*chain),
                zh_stones(*stones)
            ),
            (Fact::SelfAtari { chain, stones }, false) => format!(
                "After this move {}’s {} at {} {} one liberty left (atari)",
                name(c),
                en_stones(*stones),
                v(*chain),
                if *stones == 1 { "has" } else { "have" }
            ),
            (Fact::Capturable { at, chain, stones }, true) => format!(
                "{} {} 可以吃掉{} {} {}",
                name(c.opponent()),
                v(*at),
                name(c),
                v(*chain),
                zh_stones(*stones)
            ),
            (Fact::Capturable { at, chain, stones }, false) => format!(
                "{} can capture {}’s {} at {} by playing {}",
                name(c.opponent()),
                name(c),
                en_stones(*stones),
                v(*chain),
                v(*at)
            ),
            (Fact::FilledOwnEye, true) => "这手自己填了眼".into(),
            (Fact::FilledOwnEye, false) => "This move filled its own eye".into(),
            (Fact::Ladder { chain }, true) => {
                format!("征子：{} {} 逃不掉", name(c), v(*chain))
            }
            (Fact::Ladder { chain }, false) => format!(
                "Ladder: {}’s stones at {} cannot escape",
                name(c),
                v(*chain)
            ),
            (Fact::AlreadyAlive { .. }, true) => "这块棋在这手之前已经活了（不用补）".into(),
            (Fact::AlreadyAlive { .. }, false) => {
                "This group was already alive before this move (it needed no move)".into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game from a diagram (`X` black, `O` white, `.` empty), `to_move` to play.
    fn position(rows: &[&str], to_move: Colour) -> Game {
        crate::bot::tests::position(rows, to_move, 15)
    }

    /// The facts of `c` at `vertex`, in Chinese words.
    fn check(rows: &[&str], c: Colour, vertex: &str) -> Vec<String> {
        let game = position(rows, c);
        let size = game.size();
        let p = size.parse_vertex(vertex).unwrap();
        facts(&game, c, Move::Play(p))
            .iter()
            .map(|f| f.words(size, c, true))
            .collect()
    }

    const OPEN: [&str; 7] = [
        ". . . . . . .",
        ". . . . . . .",
        ". . O . . . .",
        ". O X O . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];

    #[test]
    fn a_move_into_atari_is_said() {
        // Black C3 joins C4; White B3 and C2 leave the two stones D3 alone.
        let rows = [
            ". . . . . . .",
            ". . . . . . .",
            ". . O . . . .",
            ". O X O . . .",
            ". O . . . . .",
            ". . O . . . .",
            ". . . . . . .",
        ];
        assert_eq!(
            check(&rows, Colour::Black, "C3"),
            vec!["这手之后，黑 C4 两子只剩一口气（叫吃）".to_string()]
        );
        // On the open side the same move keeps three liberties: nothing to say.
        assert!(check(&OPEN, Colour::Black, "C3").is_empty());
        // A move the rules refuse (suicide) has no facts.
        let rows = [
            ". . . . . . .",
            ". . . . . . .",
            ". . O . . . .",
            ". O X O . . .",
            ". O . O . . .",
            ". . O . . . .",
            ". . . . . . .",
        ];
        assert!(check(&rows, Colour::Black, "C3").is_empty());
    }

    #[test]
    fn an_atari_left_unanswered_is_said() {
        // Black C4 is in atari (its liberty C3); Black plays elsewhere.
        let rows = [
            ". . . . . . .",
            ". . . . . . .",
            ". . O . . . .",
            ". O X O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ];
        assert_eq!(
            check(&rows, Colour::Black, "F2"),
            vec!["白 C3 可以吃掉黑 C4 一子".to_string()]
        );
        // Answering it leaves nothing to capture (C4-C3 have three liberties).
        assert!(check(&rows, Colour::Black, "C3")
            .iter()
            .all(|w| !w.contains("吃掉")));
        let en = facts(
            &position(&rows, Colour::Black),
            Colour::Black,
            Move::Play(BoardSize::new(7).unwrap().parse_vertex("F2").unwrap()),
        )[0]
        .words(BoardSize::new(7).unwrap(), Colour::Black, false);
        assert_eq!(en, "White can capture Black’s stone at C4 by playing C3");
    }

    #[test]
    fn filling_an_own_eye_is_said() {
        let rows = [
            ". X . X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ];
        let words = check(&rows, Colour::Black, "A7");
        assert!(words.contains(&"这手自己填了眼".to_string()), "{words:?}");
        // Playing outside is no eye filled.
        assert!(!check(&rows, Colour::Black, "F3").contains(&"这手自己填了眼".to_string()));
    }

    #[test]
    fn running_into_a_ladder_is_said() {
        // Black C6 in atari, its liberty C5: running there gives two liberties (B5, C4) and
        // White's ladder runs to the corner.
        let rows = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . O . . . . . .",
            ". O X O . . . . .",
            ". . . O . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        let words = check(&rows, Colour::Black, "C5");
        assert_eq!(words, vec!["征子：黑 C6 逃不掉".to_string()]);
        // A black stone on its path (A5): the run works, no ladder.
        let rows = [
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . O . . . . . .",
            ". O X O . . . . .",
            "X . . O . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        let words = check(&rows, Colour::Black, "C5");
        assert!(words.iter().all(|w| !w.contains("征子")), "{words:?}");
    }

    #[test]
    fn a_move_inside_a_living_group_is_said() {
        // Black's corner group has two eyes (A7 and C7): pass-alive.
        let rows = [
            ". X . X . . .",
            "X X X X . . .",
            ". . . . . . .",
            ". . . . . O .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ];
        let words = check(&rows, Colour::Black, "C5");
        assert!(
            words.contains(&"这块棋在这手之前已经活了（不用补）".to_string()),
            "{words:?}"
        );
        // One eye only: not alive, the move may be needed.
        let rows = [
            ". X . . . . .",
            "X X X X . . .",
            ". . . . . . .",
            ". . . . . O .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ];
        let words = check(&rows, Colour::Black, "C5");
        assert!(words.iter().all(|w| !w.contains("已经活了")), "{words:?}");
    }
}

//! The board in words, for a player who cannot see it: what the grid's cells are called, the
//! answers to the question keys (last move, liberties, captures, a row or a column, the count),
//! a text picture of the board for a braille display, and the key map. Plain functions of the
//! game and the language, tested natively; the game screen puts them in its live region.

use crate::rules::{BoardSize, Colour, Game, Move, Phase, Point, Territory};
use crate::session::settings::Lang;
use crate::ui::i18n;

/// The words the board's cells are labelled with, in the player's language (the board itself
/// knows no language: it gets these).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PointWords {
    pub black: &'static str,
    pub white: &'static str,
    pub empty: &'static str,
    pub star: &'static str,
    pub tengen: &'static str,
    pub last: &'static str,
    pub marked: &'static str,
    pub dead: &'static str,
    pub black_area: &'static str,
    pub white_area: &'static str,
    pub sep: &'static str,
}

pub fn point_words(lang: Lang) -> PointWords {
    match lang {
        Lang::Zh => PointWords {
            black: "黑子",
            white: "白子",
            empty: "空",
            star: "星位",
            tengen: "天元",
            last: "最后一手",
            marked: "△",
            dead: "死子",
            black_area: "黑方",
            white_area: "白方",
            sep: "，",
        },
        Lang::En => PointWords {
            black: "black stone",
            white: "white stone",
            empty: "empty",
            star: "star point",
            tengen: "centre point",
            last: "last move",
            marked: "marked △",
            dead: "dead",
            black_area: "black's area",
            white_area: "white's area",
            sep: ", ",
        },
    }
}

/// What a cell holds, as the board view knows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    pub stone: Option<Colour>,
    pub star: bool,
    pub tengen: bool,
    pub last: bool,
    /// Marked with a triangle (a problem's stones).
    pub marked: bool,
    pub dead: bool,
    /// The owner during counting (empty points and dead stones).
    pub owner: Option<Colour>,
}

/// A cell's accessible name: "D4，黑子，最后一手" / "D4, black stone, last move".
pub fn cell_label(w: &PointWords, vertex: &str, cell: Cell) -> String {
    let mut parts = vec![vertex];
    match cell.stone {
        Some(Colour::Black) => parts.push(w.black),
        Some(Colour::White) => parts.push(w.white),
        None => {
            if cell.tengen {
                parts.push(w.tengen);
            } else if cell.star {
                parts.push(w.star);
            }
            parts.push(w.empty);
        }
    }
    if cell.last {
        parts.push(w.last);
    }
    if cell.marked {
        parts.push(w.marked);
    }
    if cell.dead {
        parts.push(w.dead);
    }
    match cell.owner {
        Some(Colour::Black) => parts.push(w.black_area),
        Some(Colour::White) => parts.push(w.white_area),
        None => {}
    }
    parts.join(w.sep)
}

fn zh(lang: Lang) -> bool {
    lang == Lang::Zh
}

fn list(lang: Lang, items: &[String]) -> String {
    items.join(if zh(lang) { "、" } else { ", " })
}

/// "上一手：第 12 手，白 D4" / "Last move: move 12, White D4".
pub fn last_move(lang: Lang, g: &Game) -> String {
    let Some(m) = g.last_move() else {
        return if zh(lang) {
            "还没有着手"
        } else {
            "No move yet"
        }
        .into();
    };
    let n = g.moves().len();
    let what = match m.mv {
        Move::Play(p) => i18n::announce_move(lang, m.colour, Some(&g.size().vertex(p)), m.captured),
        Move::Pass => i18n::announce_move(lang, m.colour, None, 0),
    };
    if zh(lang) {
        format!("上一手：第 {n} 手，{what}")
    } else {
        format!("Last move: move {n}, {what}")
    }
}

/// The chain under the cursor and its liberties: "D4：黑 3 子，2 口气：D5、E4".
pub fn liberties(lang: Lang, g: &Game, p: Point) -> String {
    let size = g.size();
    let v = size.vertex(p);
    let board = g.board();
    let Some(c) = board.colour_at(p) else {
        return if zh(lang) {
            format!("{v}：空点")
        } else {
            format!("{v}: empty point")
        };
    };
    let stones = board.chain_len(p);
    let libs: Vec<String> = board
        .liberties(p)
        .into_iter()
        .map(|q| size.vertex(q))
        .collect();
    let n = libs.len();
    let colour = i18n::colour(lang, c);
    if zh(lang) {
        format!("{v}：{colour} {stones} 子，{n} 口气：{}", list(lang, &libs))
    } else {
        let s = if stones == 1 { "" } else { "s" };
        let l = if n == 1 { "liberty" } else { "liberties" };
        format!(
            "{v}: {colour}, {stones} stone{s}, {n} {l}: {}",
            list(lang, &libs)
        )
    }
}

/// The chains a move left in atari: "叫吃：黑 C3 一块 2 子只剩一口气" (said after the move).
pub fn ataris(lang: Lang, g: &Game, after: Point) -> Option<String> {
    let board = g.board();
    let named = board.ataris_next_to(after);
    let c = board.colour_at(after)?.opponent();
    let size = g.size();
    let chains: Vec<String> = named
        .iter()
        .map(|&p| {
            let n = board.chain_len(p);
            let v = size.vertex(p);
            if zh(lang) {
                format!("{v} {n} 子")
            } else if n == 1 {
                format!("{v}, 1 stone")
            } else {
                format!("{v}, {n} stones")
            }
        })
        .collect();
    if chains.is_empty() {
        return None;
    }
    let colour = i18n::colour(lang, c);
    Some(if zh(lang) {
        format!("叫吃：{colour} {}，只剩一口气", list(lang, &chains))
    } else {
        format!("Atari: {colour} {}, one liberty left", list(lang, &chains))
    })
}

/// Stones taken so far: "提子：黑提 3 子，白提 1 子".
pub fn captures(lang: Lang, g: &Game) -> String {
    let b = g.board().prisoners(Colour::Black);
    let w = g.board().prisoners(Colour::White);
    if zh(lang) {
        format!("提子：黑提 {b} 子，白提 {w} 子")
    } else {
        format!("Captured: Black has taken {b}, White has taken {w}")
    }
}

/// The stones of a line of points, in order: "黑 D4、白 Q4" or "空".
fn stones_on(lang: Lang, g: &Game, points: impl Iterator<Item = Point>) -> String {
    let size = g.size();
    let items: Vec<String> = points
        .filter_map(|p| {
            g.board()
                .colour_at(p)
                .map(|c| format!("{} {}", i18n::colour(lang, c), size.vertex(p)))
        })
        .collect();
    if items.is_empty() {
        if zh(lang) { "空" } else { "empty" }.into()
    } else {
        list(lang, &items)
    }
}

/// The row through `p`, left to right: "第 4 行：黑 D4、白 Q4".
pub fn row(lang: Lang, g: &Game, p: Point) -> String {
    let size = g.size();
    let (_, r) = size.col_row(p);
    let what = stones_on(lang, g, (0..size.get()).map(|c| size.point(c, r)));
    let n = size.row_number(r);
    if zh(lang) {
        format!("第 {n} 行：{what}")
    } else {
        format!("Row {n}: {what}")
    }
}

/// The column through `p`, top to bottom: "D 列：白 D16、黑 D4".
pub fn column(lang: Lang, g: &Game, p: Point) -> String {
    let size = g.size();
    let (c, _) = size.col_row(p);
    let what = stones_on(lang, g, (0..size.get()).map(|r| size.point(c, r)));
    let letter = BoardSize::column_letter(c);
    if zh(lang) {
        format!("{letter} 列：{what}")
    } else {
        format!("Column {letter}: {what}")
    }
}

/// The count in 子 while counting (第九条), or why there is none yet.
pub fn count(lang: Lang, g: &Game) -> String {
    match g.phase() {
        Phase::Counting(_) => {
            let area = g.area();
            let result = i18n::result(lang, &g.count_result());
            format!(
                "{}{}{result}",
                i18n::live_count(lang, area.black_half, area.white_half),
                if zh(lang) { "，" } else { ", " }
            )
        }
        Phase::Over(r) => i18n::result(lang, r),
        Phase::Playing => if zh(lang) {
            "尚未数子：双方连续停一手后数子"
        } else {
            "Not counting yet: the count starts after both players pass"
        }
        .into(),
    }
}

/// The stones marked dead, chain by chain: "死子：白 B5 1 子" / "Dead: White B5, 1 stone", or that
/// none are.
pub fn dead_stones(lang: Lang, g: &Game) -> String {
    let size = g.size();
    let board = g.board();
    // In board order already.
    let dead = g.counting().map(|c| c.dead.points()).unwrap_or_default();
    let mut named: Vec<String> = Vec::new();
    let mut seen: Vec<Point> = Vec::new();
    for p in dead {
        if seen.contains(&p) || board.colour_at(p).is_none() {
            continue;
        }
        let chain = board.chain(p);
        seen.extend(&chain);
        let c = i18n::colour(lang, board.colour_at(p).unwrap_or(Colour::Black));
        let n = chain.len();
        named.push(if zh(lang) {
            format!("{c} {} {n} 子", size.vertex(p))
        } else {
            format!(
                "{c} {}, {n} stone{}",
                size.vertex(p),
                if n == 1 { "" } else { "s" }
            )
        });
    }
    match (lang, named.is_empty()) {
        (Lang::Zh, true) => "无死子".into(),
        (Lang::En, true) => "No dead stones".into(),
        (Lang::Zh, false) => format!("死子：{}", list(lang, &named)),
        (Lang::En, false) => format!("Dead: {}", list(lang, &named)),
    }
}

/// Said when counting begins: the stones marked dead and the count.
pub fn counting_starts(lang: Lang, g: &Game) -> String {
    if zh(lang) {
        format!("开始数子。{}。{}", dead_stones(lang, g), count(lang, g))
    } else {
        format!("Counting. {}. {}", dead_stones(lang, g), count(lang, g))
    }
}

/// The board as text, one row a line with its number, then the column letters: `X` black,
/// `O` white, `.` empty, `+` a star point; in counting, dead stones in lower case and empty
/// points by their owner (`b` / `w`). For a braille display or a copy.
pub fn board_text(g: &Game) -> String {
    let size = g.size();
    let n = size.get();
    let stars = size.star_points();
    let counting = matches!(g.phase(), Phase::Counting(_));
    let area = counting.then(|| g.area());
    let dead = g.counting().map(|c| c.dead.points()).unwrap_or_default();
    let mut out = String::new();
    for r in 0..n {
        out.push_str(&format!("{:>2} ", size.row_number(r)));
        for c in 0..n {
            let p = size.point(c, r);
            let owner = area.as_ref().map(|a| a.owner_of(p));
            let ch = match (g.board().colour_at(p), dead.contains(&p)) {
                (Some(Colour::Black), false) => 'X',
                (Some(Colour::White), false) => 'O',
                (Some(Colour::Black), true) => 'x',
                (Some(Colour::White), true) => 'o',
                (None, _) => match owner {
                    Some(Territory::Black) => 'b',
                    Some(Territory::White) => 'w',
                    _ if stars.contains(&p) => '+',
                    _ => '.',
                },
            };
            out.push(ch);
            if c + 1 < n {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    let letters: Vec<String> = (0..n)
        .map(|c| BoardSize::column_letter(c).to_string())
        .collect();
    out.push_str(&letters.join(" "));
    out
}

/// The keys of the board, said when asked (H or ?).
pub fn key_help(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "方向键移动光标；Home、End 到左右边，PageUp、PageDown 到上下边；回车或空格落子；P 停一手；M 输入着手。提问：L 上一手，Q 光标处棋块的气，T 轮到谁和用时，X 提子数，R 本行棋子，C 本列棋子，S 数子结果，D 棋盘文字图，H 本帮助。",
        Lang::En => "Arrow keys move the cursor; Home and End go to the left and right edges, Page Up and Page Down to the top and bottom; Enter or Space plays; P passes; M types a move. Questions: L last move, Q liberties of the chain under the cursor, T whose turn and the clocks, X captured stones, R stones in this row, C stones in this column, S the count, D the board as text, H this help.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn game(moves: &[&str]) -> Game {
        let size = BoardSize::new(9).unwrap();
        let mut g = Game::new(size, Rules::chinese());
        for m in moves {
            let c = g.to_move();
            let mv = if *m == "pass" {
                Move::Pass
            } else {
                Move::Play(size.parse_vertex(m).unwrap())
            };
            g.play(c, mv).unwrap();
        }
        g
    }

    fn at(g: &Game, v: &str) -> Point {
        g.size().parse_vertex(v).unwrap()
    }

    #[test]
    fn cells_are_named_by_point_and_content() {
        let zh = point_words(Lang::Zh);
        let en = point_words(Lang::En);
        let black_last = Cell {
            stone: Some(Colour::Black),
            last: true,
            ..Cell::default()
        };
        assert_eq!(cell_label(&zh, "D4", black_last), "D4，黑子，最后一手");
        assert_eq!(
            cell_label(&en, "D4", black_last),
            "D4, black stone, last move"
        );
        let star = Cell {
            star: true,
            ..Cell::default()
        };
        assert_eq!(cell_label(&zh, "D4", star), "D4，星位，空");
        let centre = Cell {
            star: true,
            tengen: true,
            ..Cell::default()
        };
        assert_eq!(cell_label(&en, "E5", centre), "E5, centre point, empty");
        let dead = Cell {
            stone: Some(Colour::White),
            dead: true,
            owner: Some(Colour::Black),
            ..Cell::default()
        };
        assert_eq!(cell_label(&zh, "C3", dead), "C3，白子，死子，黑方");
    }

    #[test]
    fn the_last_move_and_the_liberties_of_a_chain() {
        let g = game(&["D4", "E4", "D5"]);
        assert_eq!(last_move(Lang::Zh, &g), "上一手：第 3 手，黑 D5");
        assert_eq!(last_move(Lang::En, &game(&[])), "No move yet");
        assert_eq!(
            liberties(Lang::Zh, &g, at(&g, "D4")),
            "D4：黑 2 子，5 口气：D6、C5、E5、C4、D3"
        );
        assert_eq!(
            liberties(Lang::En, &g, at(&g, "E4")),
            "E4: White, 1 stone, 3 liberties: E5, F4, E3"
        );
        assert_eq!(liberties(Lang::En, &g, at(&g, "A1")), "A1: empty point");
    }

    #[test]
    fn atari_is_said_for_the_chains_the_move_left_with_one_liberty() {
        // White E4 with black on D4, E5 and F4: one liberty at E3.
        let g = game(&["D4", "E4", "E5", "A1", "F4"]);
        assert_eq!(
            ataris(Lang::Zh, &g, at(&g, "F4")).as_deref(),
            Some("叫吃：白 E4 1 子，只剩一口气")
        );
        assert_eq!(
            ataris(Lang::En, &g, at(&g, "F4")).as_deref(),
            Some("Atari: White E4, 1 stone, one liberty left")
        );
        assert_eq!(ataris(Lang::Zh, &g, at(&g, "A1")), None);
    }

    #[test]
    fn rows_columns_and_captures() {
        let g = game(&["D4", "E4", "E5", "A1", "F4", "A2", "E3"]);
        assert_eq!(row(Lang::Zh, &g, at(&g, "A4")), "第 4 行：黑 D4、黑 F4");
        assert_eq!(
            column(Lang::En, &g, at(&g, "E9")),
            "Column E: Black E5, Black E3"
        );
        assert_eq!(row(Lang::En, &g, at(&g, "A9")), "Row 9: empty");
        assert_eq!(captures(Lang::Zh, &g), "提子：黑提 1 子，白提 0 子");
    }

    #[test]
    fn the_board_as_text_and_the_count() {
        let g = game(&["C3", "G7"]);
        let text = board_text(&g);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], " 9 . . . . . . . . .");
        assert_eq!(lines[2], " 7 . . + . . . O . .");
        assert_eq!(lines[4], " 5 . . . . + . . . .");
        assert_eq!(lines[6], " 3 . . X . . . + . .");
        assert_eq!(lines[9], "   A B C D E F G H J");
        assert!(count(Lang::En, &g).starts_with("Not counting yet"));
        let counted = game(&["E5", "pass", "pass"]);
        assert_eq!(dead_stones(Lang::Zh, &counted), "无死子");
        let mut marked = game(&["E5", "D5", "pass", "pass"]);
        marked.toggle_dead(at(&marked, "D5")).unwrap();
        assert_eq!(dead_stones(Lang::Zh, &marked), "死子：白 D5 1 子");
        assert!(
            counting_starts(Lang::En, &marked)
                .starts_with("Counting. Dead: White D5, 1 stone. Black 81 / White 0 stones"),
            "{}",
            counting_starts(Lang::En, &marked)
        );
        assert!(
            count(Lang::Zh, &counted).starts_with("黑 81 子 / 白 0 子，"),
            "{}",
            count(Lang::Zh, &counted)
        );
    }
}

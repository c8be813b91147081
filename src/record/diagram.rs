//! Printed diagrams (棋谱图): the position before a range of moves, the moves of the range
//! numbered (from 1, or by their move numbers), and the notes a printed diagram gives for
//! stones played where a stone of the diagram already stands ("9 = 3", "9 = D4"); then the
//! diagram drawn as SVG, with marks and coordinates, for printing or a handout.

use super::marks::{Mark, MarkKind};
use crate::rules::{BoardSize, Colour, Game, Move, Point};

/// A diagram ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub size: BoardSize,
    /// The stones on the board before the range, unnumbered.
    pub stones: Vec<(Point, Colour)>,
    /// The moves of the range drawn with their numbers.
    pub numbered: Vec<(Point, Colour, u32)>,
    /// Moves that could not be drawn at their point: `(number, what stands there)`, e.g.
    /// `(9, "3")` or `(9, "D4")`.
    pub at: Vec<(u32, String)>,
    pub marks: Vec<Mark>,
}

/// The diagram of moves `from + 1 ..= to` of `game` (all its moves are replayed from its
/// setup), with `marks` (those of the node after move `to`). `restart`: number them from 1, as a printed 棋谱 numbers each diagram; otherwise by
/// their move numbers.
pub fn diagram(game: &Game, from: usize, to: usize, restart: bool, marks: &[Mark]) -> Diagram {
    let size = game.size();
    let moves = game.moves();
    let to = to.min(moves.len());
    let from = from.min(to);
    // The position after `from` moves.
    let mut before = Game::from_setup(
        size,
        *game.rules(),
        &game.setup().stones_of(Colour::Black),
        &game.setup().stones_of(Colour::White),
        moves.first().map_or(game.to_move(), |m| m.colour),
        game.handicap(),
    );
    for m in &moves[..from] {
        let _ = before.play_out_of_turn(m.colour, m.mv);
    }
    let stones: Vec<(Point, Colour)> = size
        .points()
        .filter_map(|p| before.board().colour_at(p).map(|c| (p, c)))
        .collect();
    let mut numbered: Vec<(Point, Colour, u32)> = Vec::new();
    let mut at = Vec::new();
    for (k, m) in moves[from..to].iter().enumerate() {
        let n = if restart { k + 1 } else { from + k + 1 } as u32;
        let Move::Play(p) = m.mv else {
            continue;
        };
        if let Some(&(_, _, first)) = numbered.iter().find(|(q, _, _)| *q == p) {
            at.push((n, first.to_string()));
        } else if stones.iter().any(|(q, _)| *q == p) {
            at.push((n, size.vertex(p)));
        } else {
            numbered.push((p, m.colour, n));
        }
    }
    Diagram {
        size,
        stones,
        numbered,
        at,
        marks: marks.to_vec(),
    }
}

/// One line's spacing in the SVG's units.
const U: i32 = 40;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Diagram {
    /// The diagram as a standalone SVG document: board, stones, numbers, marks, coordinates
    /// (optional) and the "at" notes under the board. Stones carry `data-vertex` and
    /// `data-stone`, numbers `data-number`, marks `data-mark`, for whoever reads it back.
    pub fn to_svg(&self, coordinates: bool) -> String {
        let n = self.size.get() as i32;
        let margin = if coordinates { 2 * U } else { U };
        let notes_h = if self.at.is_empty() { 0 } else { U };
        let w = (n - 1) * U + 2 * margin;
        let h = w + notes_h;
        let xy = |p: Point| {
            let (c, r) = self.size.col_row(p);
            (margin + c as i32 * U, margin + r as i32 * U)
        };
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\">\
             <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
        );
        let (lo, hi) = (margin, margin + (n - 1) * U);
        for i in 0..n {
            let k = margin + i * U;
            s += &format!("<line x1=\"{lo}\" y1=\"{k}\" x2=\"{hi}\" y2=\"{k}\" stroke=\"#000\" stroke-width=\"1\"/>");
            s += &format!("<line x1=\"{k}\" y1=\"{lo}\" x2=\"{k}\" y2=\"{hi}\" stroke=\"#000\" stroke-width=\"1\"/>");
        }
        for p in self.size.star_points() {
            let (x, y) = xy(p);
            s += &format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"#000\"/>");
        }
        if coordinates {
            for i in 0..n {
                let k = margin + i * U;
                let letter = BoardSize::column_letter(i as u8);
                let number = self.size.row_number(i as u8);
                s += &format!("<text x=\"{k}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{letter}</text>", margin - U);
                s += &format!("<text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{number}</text>", margin - U, k + 6);
            }
        }
        let stone = |s: &mut String, p: Point, c: Colour| {
            let (x, y) = xy(p);
            let (fill, line) = match c {
                Colour::Black => ("#000", "#000"),
                Colour::White => ("#fff", "#000"),
            };
            *s += &format!(
                "<circle data-vertex=\"{}\" data-stone=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"1.5\"/>",
                self.size.vertex(p),
                c.letter(),
                U / 2 - 1
            );
        };
        for &(p, c) in &self.stones {
            stone(&mut s, p, c);
        }
        for &(p, c, num) in &self.numbered {
            stone(&mut s, p, c);
            let (x, y) = xy(p);
            let ink = if c == Colour::Black { "#fff" } else { "#000" };
            s += &format!(
                "<text data-number=\"{num}\" x=\"{x}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{num}</text>",
                y + 6,
                if num >= 100 { 14 } else { 17 }
            );
        }
        let on = |p: Point| {
            self.stones
                .iter()
                .map(|&(q, c)| (q, c))
                .chain(self.numbered.iter().map(|&(q, c, _)| (q, c)))
                .find(|(q, _)| *q == p)
                .map(|(_, c)| c)
        };
        for m in &self.marks {
            let (x, y) = xy(m.point);
            let ink = if on(m.point) == Some(Colour::Black) {
                "#fff"
            } else {
                "#000"
            };
            let r = U / 4;
            let v = self.size.vertex(m.point);
            s += &match &m.kind {
                MarkKind::Triangle => format!("<polygon data-mark=\"TR\" data-vertex=\"{v}\" points=\"{x},{} {},{} {},{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\"/>", y - r, x - r, y + r * 2 / 3, x + r, y + r * 2 / 3),
                MarkKind::Square => format!("<rect data-mark=\"SQ\" data-vertex=\"{v}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\"/>", x - r, y - r, 2 * r, 2 * r),
                MarkKind::Circle => format!("<circle data-mark=\"CR\" data-vertex=\"{v}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\"/>"),
                MarkKind::Cross => format!("<path data-mark=\"MA\" data-vertex=\"{v}\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{ink}\" stroke-width=\"2\"/>", x - r, y - r, x + r, y + r, x + r, y - r, x - r, y + r),
                MarkKind::Label(t) => {
                    let blank = if on(m.point).is_none() {
                        format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#fff\"/>", U / 3)
                    } else {
                        String::new()
                    };
                    format!("{blank}<text data-mark=\"LB\" data-vertex=\"{v}\" x=\"{x}\" y=\"{}\" font-size=\"18\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>", y + 6, esc(t))
                }
            };
        }
        if !self.at.is_empty() {
            let notes: Vec<String> = self
                .at
                .iter()
                .map(|(n, at)| format!("{n} = {at}"))
                .collect();
            s += &format!(
                "<text data-notes=\"at\" x=\"{}\" y=\"{}\" font-size=\"18\">{}</text>",
                margin,
                w + notes_h / 2,
                esc(&notes.join("   "))
            );
        }
        s += "</svg>";
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn game(moves: &[&str]) -> Game {
        let size = BoardSize::NINE;
        let mut g = Game::new(size, Rules::chinese());
        for m in moves {
            let c = g.to_move();
            g.play(c, Move::Play(size.parse_vertex(m).unwrap()))
                .unwrap();
        }
        g
    }

    #[test]
    fn numbers_restart_and_repeated_points_get_at_notes() {
        let g = game(&[
            "D5", "E5", "C4", "F4", "C6", "F6", "B5", "G5", "E4", "D4", "E6", "D6",
        ]);
        let d = diagram(&g, 2, 12, true, &[]);
        assert_eq!(d.stones.len(), 2, "D5 and E5 stand before the range");
        assert_eq!(d.numbered.first().map(|x| x.2), Some(1), "restarted at 1");
        let d2 = diagram(&g, 2, 12, false, &[]);
        assert_eq!(d2.numbered.first().map(|x| x.2), Some(3), "by move number");
        // A ko: White 8 at D5 is taken by Black 9 at E5; after a threat and its answer White 12
        // takes back at D5, where 8 was: printed as "12 = 8".
        let k = game(&[
            "C5", "F5", "D6", "E6", "D4", "E4", "A1", "D5", "E5", "A9", "A2", "D5",
        ]);
        let d = diagram(&k, 0, 12, true, &[]);
        assert_eq!(d.at, vec![(12, "8".to_string())]);
        assert_eq!(d.numbered.len(), 11);
        let svg = d.to_svg(true);
        assert!(svg.contains("12 = 8"), "{svg}");
        assert_eq!(svg.matches("data-stone=").count(), 11);
        // From move 8 on, numbered from 1: White's 8 at D5 stands before the range, so the
        // retake (now 4) is noted against the point.
        let later = diagram(&k, 8, 12, true, &[]);
        assert_eq!(later.at, vec![(4, "D5".to_string())]);
    }

    #[test]
    fn the_svg_has_the_stones_numbers_and_marks_where_they_belong() {
        let g = game(&["C3", "G7", "E5"]);
        let size = g.size();
        let marks = vec![
            Mark {
                point: size.parse_vertex("E5").unwrap(),
                kind: MarkKind::Triangle,
            },
            Mark {
                point: size.parse_vertex("D4").unwrap(),
                kind: MarkKind::Label("A".into()),
            },
        ];
        let svg = diagram(&g, 0, 3, true, &marks).to_svg(false);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("data-vertex=\"C3\" data-stone=\"B\""));
        assert!(svg.contains("data-vertex=\"G7\" data-stone=\"W\""));
        assert!(svg.contains("data-number=\"3\""));
        assert!(svg.contains("data-mark=\"TR\" data-vertex=\"E5\""));
        assert!(svg.contains("data-mark=\"LB\" data-vertex=\"D4\""));
        assert!(!svg.contains("data-notes"));
    }
}

//! The help's marks over a board in 学下棋 (lessons, problems, 复盘): the chain outlined, its
//! liberties dotted, a count numbered point by point, an area shaded, a forbidden point
//! crossed, the point to try ringed — a layer of its own over the [`super::goban::Goban`], so
//! the board itself (in the app shell) knows nothing of them. Each mark carries `data-help`
//! and `data-vertex` for the tests.

use super::goban::U;
use crate::learn::help::Marks;
use crate::rules::{BoardSize, Colour, Point};

fn xy(size: BoardSize, p: Point) -> (i32, i32) {
    let (c, r) = size.col_row(p);
    (c as i32 * U, r as i32 * U)
}

/// The marks as SVG, in the board's own units (its `viewBox` is [`super::goban::view_box`]).
pub fn layer(size: BoardSize, m: &Marks, stones: &[(Point, Colour)]) -> String {
    let mut s = String::new();
    let tag =
        |kind: &str, p: Point| format!("data-help=\"{kind}\" data-vertex=\"{}\"", size.vertex(p));
    for &p in &m.area {
        let (x, y) = xy(size, p);
        s += &format!(
            "<rect class=\"help-area\" {} x=\"{}\" y=\"{}\" width=\"70\" height=\"70\" rx=\"8\"/>",
            tag("area", p),
            x - 35,
            y - 35
        );
    }
    for &p in &m.chain {
        let (x, y) = xy(size, p);
        s += &format!(
            "<circle class=\"help-chain\" {} cx=\"{x}\" cy=\"{y}\" r=\"54\"/>",
            tag("chain", p)
        );
    }
    for &p in &m.liberties {
        let (x, y) = xy(size, p);
        s += &format!(
            "<circle class=\"help-liberty\" {} cx=\"{x}\" cy=\"{y}\" r=\"16\"/>",
            tag("liberty", p)
        );
    }
    for (p, n) in &m.numbered {
        let (x, y) = xy(size, *p);
        let class = match stones.iter().find(|(q, _)| q == p) {
            Some((_, Colour::Black)) => "on-black",
            Some((_, Colour::White)) => "on-white",
            None => {
                s += &format!("<circle class=\"help-blank\" cx=\"{x}\" cy=\"{y}\" r=\"30\"/>");
                "on-board"
            }
        };
        s += &format!(
            "<text class=\"help-count {class}\" {} x=\"{x}\" y=\"{}\">{n}</text>",
            tag("count", *p),
            y + 15
        );
    }
    if let Some(p) = m.forbidden {
        let (x, y) = xy(size, p);
        s += &format!(
            "<path class=\"help-forbidden\" {} d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
            tag("forbidden", p),
            x - 26,
            y - 26,
            x + 26,
            y + 26,
            x + 26,
            y - 26,
            x - 26,
            y + 26
        );
    }
    if let Some(p) = m.ring {
        let (x, y) = xy(size, p);
        s += &format!(
            "<circle class=\"help-ring\" {} cx=\"{x}\" cy=\"{y}\" r=\"40\"/>",
            tag("ring", p)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_is_drawn_once_with_its_point() {
        let size = BoardSize::new(5).unwrap();
        let p = |v| size.parse_vertex(v).unwrap();
        let m = Marks {
            chain: vec![p("C3")],
            liberties: vec![p("C4"), p("C2")],
            numbered: vec![(p("C3"), 1), (p("B3"), 2)],
            area: vec![p("A1")],
            forbidden: Some(p("E5")),
            ring: Some(p("D3")),
        };
        let svg = layer(size, &m, &[(p("C3"), Colour::Black)]);
        for (kind, n) in [
            ("chain", 1),
            ("liberty", 2),
            ("count", 2),
            ("area", 1),
            ("forbidden", 1),
            ("ring", 1),
        ] {
            assert_eq!(
                svg.matches(&format!("data-help=\"{kind}\"")).count(),
                n,
                "{kind}"
            );
        }
        assert!(svg.contains("help-count on-black"));
        assert!(svg.contains("data-vertex=\"D3\""));
        assert_eq!(layer(size, &Marks::default(), &[]), "");
    }
}

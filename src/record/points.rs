//! The record turned on the board (the teacher's board rotates and flips a whole record):
//! every property whose value names points — moves, setup, marks, labels, arrows, lines,
//! territory, the view — in every node, compressed rectangles (`aa:cc`) included. Properties
//! that name no point, ours or unknown, are left as they are.

use super::sgf::{point_from_sgf, point_to_sgf};
use super::tree::Tree;
use crate::rules::{BoardSize, Symmetry};

/// `tree` with every point of every node turned by `sym`.
pub fn transformed(tree: &Tree, size: BoardSize, sym: Symmetry) -> Tree {
    let mut t = tree.clone();
    for id in t.preorder() {
        for (prop, values) in &mut t.node_mut(id).props {
            for v in values.iter_mut() {
                if let Some(turned) = turned_value(prop, v, size, sym) {
                    *v = turned;
                }
            }
        }
    }
    t
}

fn turned_point(size: BoardSize, sym: Symmetry, s: &str) -> Option<String> {
    match point_from_sgf(size, s) {
        Ok(Some(p)) => Some(point_to_sgf(size, sym.apply(size, p))),
        // A pass (`[]`, `[tt]`) or not a point: as it was.
        _ => None,
    }
}

/// The value of `prop` turned, or `None` when it names no point (left as written).
fn turned_value(prop: &str, v: &str, size: BoardSize, sym: Symmetry) -> Option<String> {
    let turn = |s: &str| turned_point(size, sym, s);
    match prop {
        "B" | "W" => turn(v),
        "AB" | "AW" | "AE" | "TR" | "SQ" | "CR" | "MA" | "SL" | "DD" | "TB" | "TW" | "VW" => {
            match v.split_once(':') {
                None => turn(v),
                Some((a, b)) => {
                    // A rectangle turned is a rectangle: its corners, reordered.
                    let (a, b) = (
                        point_from_sgf(size, a).ok()??,
                        point_from_sgf(size, b).ok()??,
                    );
                    let ((c1, r1), (c2, r2)) = (
                        size.col_row(sym.apply(size, a)),
                        size.col_row(sym.apply(size, b)),
                    );
                    let corner = |c, r| point_to_sgf(size, size.point(c, r));
                    Some(format!(
                        "{}:{}",
                        corner(c1.min(c2), r1.min(r2)),
                        corner(c1.max(c2), r1.max(r2))
                    ))
                }
            }
        }
        "LB" => {
            let (at, text) = v.split_once(':')?;
            Some(format!("{}:{text}", turn(at)?))
        }
        "AR" | "LN" => {
            let (a, b) = v.split_once(':')?;
            Some(format!("{}:{}", turn(a)?, turn(b)?))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::sgf;

    #[test]
    fn every_point_of_every_node_turns_and_the_rest_stays() {
        let (tree, _) = sgf::parse(
            "(;SZ[9]AB[aa:bc]VW[aa:ee]XX[aa];B[ab]LB[ab:A]C[aa](;W[]AR[aa:bb])(;W[tt]TR[cc]))",
        )
        .unwrap();
        let size = BoardSize::NINE;
        let sym = Symmetry::ALL[1];
        let turned = transformed(&tree, size, sym);
        let again = transformed(&turned, size, sym.inverse());
        assert_eq!(again, tree);
        let root = turned.node(turned.root());
        assert_eq!(
            root.first("XX"),
            Some("aa"),
            "an unknown property is not a point"
        );
        let b = turned.children(turned.root())[0];
        assert_eq!(turned.node(b).first("C"), Some("aa"));
        let a = point_from_sgf(size, "ab").unwrap().unwrap();
        assert_eq!(
            turned.node(b).first("B"),
            Some(point_to_sgf(size, sym.apply(size, a)).as_str())
        );
        let pass = turned.children(b)[0];
        assert_eq!(turned.node(pass).first("W"), Some(""));
    }
}

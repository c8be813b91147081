//! The board, drawn in SVG. It knows no rules: plain data in ([`BoardView`]), point clicks out.
//! For assistive technology the click targets form one grid (`role="grid"`, a row per board
//! line, a cell per point) labelled in the player's language ([`PointWords`]), with one roving
//! tab stop that follows the keyboard cursor.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::rules::{BoardSize, Colour, Point, Territory};
use crate::ui::describe::{cell_label, Cell, PointWords};

/// Everything the board draws.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardView {
    pub size: BoardSize,
    pub stones: Vec<(Point, Colour)>,
    pub last: Option<Point>,
    /// Move numbers to print on stones.
    pub numbers: Vec<(Point, u32)>,
    /// Stones marked dead (drawn faded with a cross).
    pub dead: Vec<Point>,
    /// Owners of empty points and dead stones during counting.
    pub territory: Vec<(Point, Territory)>,
    /// The colour a ghost stone under the pointer takes, when a move may be played.
    pub ghost: Option<Colour>,
    /// A tapped point waiting for the confirming second tap.
    pub preview: Option<Point>,
    /// The keyboard cursor.
    pub cursor: Option<Point>,
    pub coordinates: bool,
    /// A suggested move (the bot's hint).
    pub hint: Option<Point>,
    /// Estimated ownership, −1 (white's) … 1 (black's), for the points to shade.
    pub ownership: Vec<(Point, f32)>,
    /// Points marked with a triangle (a problem's stones, SGF `TR`).
    pub marked: Vec<Point>,
    /// Letters or numbers on points (SGF `LB`, the branches of a fork in review).
    pub labels: Vec<(Point, String)>,
    /// Only this part is shown (a problem's corner, SGF `VW`): first and last column, first and
    /// last row, 0-based from the top left.
    pub crop: Option<(u8, u8, u8, u8)>,
}

impl BoardView {
    /// An empty board of `size` with coordinates.
    pub fn empty(size: BoardSize) -> BoardView {
        BoardView {
            size,
            stones: vec![],
            last: None,
            numbers: vec![],
            dead: vec![],
            territory: vec![],
            ghost: None,
            preview: None,
            cursor: None,
            coordinates: true,
            hint: None,
            ownership: vec![],
            marked: vec![],
            labels: vec![],
            crop: None,
        }
    }
}

/// Where a cursor key moves the keyboard cursor on a board of `size` (arrows one point, Home/End
/// to the row's ends, PageUp/PageDown to the column's); `None` for any other key. With no
/// cursor yet, the moves start from the centre.
pub fn cursor_after_key(size: BoardSize, cursor: Option<Point>, key: &str) -> Option<Point> {
    let n = size.get() as i32;
    let (c, r) = cursor
        .map(|p| {
            let (c, r) = size.col_row(p);
            (c as i32, r as i32)
        })
        .unwrap_or((n / 2, n / 2));
    let (c, r) = match key {
        "ArrowLeft" => (c - 1, r),
        "ArrowRight" => (c + 1, r),
        "ArrowUp" => (c, r - 1),
        "ArrowDown" => (c, r + 1),
        "Home" => (0, r),
        "End" => (n - 1, r),
        "PageUp" => (c, 0),
        "PageDown" => (c, n - 1),
        _ => return None,
    };
    size.checked_point(c.clamp(0, n - 1), r.clamp(0, n - 1))
}

/// One line's spacing in the SVG's units.
pub const U: i32 = 100;

/// The margin around the grid: room for edge stones (radius 47) and, with coordinates, for the
/// labels beside them without touching them.
fn margin(coordinates: bool) -> i32 {
    if coordinates {
        145
    } else {
        75
    }
}

/// The SVG viewBox of a board: its part (`crop`, or all of it) with the margin for the stones
/// and, with `coordinates`, for their labels (what another layer over the board must use).
pub fn view_box(size: BoardSize, coordinates: bool, crop: Option<(u8, u8, u8, u8)>) -> String {
    let n = size.get() as i32;
    let m = margin(coordinates);
    let (c0, c1, r0, r1) = crop
        .map(|(a, b, c, d)| (a as i32, b as i32, c as i32, d as i32))
        .unwrap_or((0, n - 1, 0, n - 1));
    format!(
        "{} {} {} {}",
        c0 * U - m,
        r0 * U - m,
        (c1 - c0) * U + 2 * m,
        (r1 - r0) * U + 2 * m
    )
}

fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Black => "stone black",
        Colour::White => "stone white",
    }
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// An SVG element with its attributes.
fn svg_element(
    doc: &web_sys::Document,
    tag: &str,
    attrs: &[(&str, &str)],
) -> Option<web_sys::Element> {
    let el = doc.create_element_ns(Some(SVG_NS), tag).ok()?;
    for (k, v) in attrs {
        let _ = el.set_attribute(k, v);
    }
    Some(el)
}

/// What is drawn at a point of one layer: the element's tag, attributes and text, all derived
/// from the point's state. Two equal drawings are the same picture, so nothing is written.
#[derive(Clone, PartialEq, Debug)]
struct Drawing {
    tag: &'static str,
    attrs: Vec<(&'static str, String)>,
    text: Option<String>,
}

/// A circle of radius `r` centred at `(x, y)`, with `attrs` (its class first) before its geometry.
fn circle_at((x, y): (i32, i32), r: i32, mut attrs: Vec<(&'static str, String)>) -> Drawing {
    attrs.extend([
        ("cx", x.to_string()),
        ("cy", y.to_string()),
        ("r", r.to_string()),
    ]);
    drawing("circle", attrs)
}

/// One layer of the board (stones, the last-move marker, numbers, territory …): at each point,
/// the small value that decides what is drawn there (a stone's colour, a number …), so that a
/// new view makes drawings only at the points whose value changed; the drawing and its element
/// are in `cells`, which is not generic (one copy of the DOM code for every layer).
struct Layer<K> {
    keys: Vec<Option<K>>,
    cells: Cells,
}

/// The drawn elements of a layer, by point.
struct Cells {
    group: web_sys::Element,
    at: Vec<Option<(Drawing, web_sys::Element)>>,
    drawn: usize,
}

impl<K: PartialEq> Layer<K> {
    fn new(doc: &web_sys::Document, parent: &web_sys::Element, points: usize) -> Option<Layer<K>> {
        let group = svg_element(doc, "g", &[])?;
        parent.append_child(&group).ok()?;
        Some(Layer {
            keys: (0..points).map(|_| None).collect(),
            cells: Cells {
                group,
                at: (0..points).map(|_| None).collect(),
                drawn: 0,
            },
        })
    }

    /// Draws the values `want` (by point index, any order; `draw` makes the drawing of a
    /// value): a point whose value is the same is not touched.
    fn sync(
        &mut self,
        doc: &web_sys::Document,
        want: Vec<(usize, K)>,
        draw: impl Fn(&K) -> Drawing,
    ) {
        if want.is_empty() && self.cells.drawn == 0 {
            return;
        }
        let mut wanted: Vec<Option<K>> = (0..self.keys.len()).map(|_| None).collect();
        for (i, k) in want {
            if let Some(slot) = wanted.get_mut(i) {
                *slot = Some(k);
            }
        }
        let mut changes = Vec::new();
        for (i, (slot, want)) in self.keys.iter_mut().zip(wanted).enumerate() {
            if *slot != want {
                changes.push((i, want.as_ref().map(&draw)));
                *slot = want;
            }
        }
        self.cells.apply(doc, changes);
    }
}

impl Cells {
    /// Puts the new drawings (none: nothing) at their points: where the tag is the same only
    /// the changed attributes and text are set; the others are added or removed.
    fn apply(&mut self, doc: &web_sys::Document, changes: Vec<(usize, Option<Drawing>)>) {
        for (i, new) in changes {
            let Some(slot) = self.at.get_mut(i) else {
                continue;
            };
            match (slot.take(), new) {
                (None, None) => {}
                (Some((_, el)), None) => {
                    el.remove();
                    self.drawn -= 1;
                }
                (Some((old, el)), Some(new)) if old.tag == new.tag => {
                    for (k, v) in &new.attrs {
                        if old.attrs.iter().find(|(ok, _)| ok == k).map(|(_, ov)| ov) != Some(v) {
                            let _ = el.set_attribute(k, v);
                        }
                    }
                    for (k, _) in &old.attrs {
                        if !new.attrs.iter().any(|(nk, _)| nk == k) {
                            let _ = el.remove_attribute(k);
                        }
                    }
                    if old.text != new.text {
                        el.set_text_content(new.text.as_deref());
                    }
                    *slot = Some((new, el));
                }
                (old, Some(new)) => {
                    if let Some((_, el)) = old {
                        el.remove();
                        self.drawn -= 1;
                    }
                    let attrs: Vec<(&str, &str)> =
                        new.attrs.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    if let Some(el) = svg_element(doc, new.tag, &attrs) {
                        if new.text.is_some() {
                            el.set_text_content(new.text.as_deref());
                        }
                        let _ = self.group.append_child(&el);
                        *slot = Some((new, el));
                        self.drawn += 1;
                    }
                }
            }
        }
    }
}

/// The board's layers, bottom to top, for one size (built again when the size, the
/// coordinates or the crop change).
struct Layers {
    size: BoardSize,
    coordinates: bool,
    crop: Option<(u8, u8, u8, u8)>,
    territory: Layer<(Point, Territory)>,
    stones: Layer<(Point, Colour, bool)>,
    /// Black's or White's, and the square's half side and opacity (in hundredths).
    ownership: Layer<(Point, bool, i32, u32)>,
    last: Layer<(Point, Colour)>,
    hint: Layer<Point>,
    numbers: Layer<(Point, u32, Colour)>,
    marked: Layer<(Point, Colour)>,
    labels: Layer<(Point, String, Option<Colour>)>,
    ghost: Layer<(Point, Colour, bool)>,
}

/// A drawing at point `p` of a board.
fn at(size: BoardSize, p: Point) -> (usize, i32, i32) {
    let (c, r) = size.col_row(p);
    (
        r as usize * size.get() as usize + c as usize,
        c as i32 * U,
        r as i32 * U,
    )
}

fn drawing(tag: &'static str, attrs: Vec<(&'static str, String)>) -> Drawing {
    Drawing {
        tag,
        attrs,
        text: None,
    }
}

/// The static board (background, lines, star points, coordinates) as SVG text: drawn once per
/// board. Integers only (hundredths of a line): no float formatting in the app's wasm.
fn static_board(size: BoardSize, coordinates: bool) -> String {
    let n = size.get();
    let edge = (n as i32 - 1) * U;
    let m = margin(coordinates);
    let mut s = format!(
        r#"<rect class="board-bg" x="{}" y="{}" width="{}" height="{}" rx="15"/>"#,
        -m,
        -m,
        edge + 2 * m,
        edge + 2 * m
    );
    for i in 0..n as i32 {
        let k = i * U;
        s += &format!(
            r#"<line class="grid" x1="0" y1="{k}" x2="{edge}" y2="{k}"/><line class="grid" x1="{k}" y1="0" x2="{k}" y2="{edge}"/>"#
        );
    }
    for p in size.star_points() {
        let (c, r) = size.col_row(p);
        s += &format!(
            r#"<circle class="star" cx="{}" cy="{}" r="11"/>"#,
            c as i32 * U,
            r as i32 * U
        );
    }
    if coordinates {
        for i in 0..n {
            let k = i as i32 * U;
            let letter = BoardSize::column_letter(i);
            let number = size.row_number(i);
            s += &format!(
                r#"<text class="coord" x="{k}" y="-80">{letter}</text><text class="coord" x="{k}" y="{}">{letter}</text><text class="coord" x="-100" y="{}">{number}</text><text class="coord" x="{}" y="{}">{number}</text>"#,
                edge + 106,
                k + 13,
                edge + 100,
                k + 13
            );
        }
    }
    s
}

/// The click targets, one per point: the accessible grid (a row per line) when `grid`.
fn targets(size: BoardSize, grid: bool) -> String {
    let n = size.get();
    let mut s = String::new();
    for r in 0..n {
        s += if grid { r#"<g role="row">"# } else { "<g>" };
        for c in 0..n {
            let p = size.point(c, r);
            s += &format!(
                r#"<rect class="target"{} data-vertex="{}" x="{}" y="{}" width="{U}" height="{U}"/>"#,
                if grid {
                    r#" role="gridcell" tabindex="-1""#
                } else {
                    ""
                },
                size.vertex(p),
                c as i32 * U - U / 2,
                r as i32 * U - U / 2
            );
        }
        s += "</g>";
    }
    s
}

impl Layers {
    fn build(
        doc: &web_sys::Document,
        static_group: &web_sys::Element,
        drawing_group: &web_sys::Element,
        targets_group: &web_sys::Element,
        v: &BoardView,
        grid: bool,
    ) -> Option<Layers> {
        let size = v.size;
        let points = size.area() as usize;
        static_group.set_inner_html(&static_board(size, v.coordinates));
        drawing_group.set_inner_html("");
        targets_group.set_inner_html(&targets(size, grid));
        Some(Layers {
            size,
            coordinates: v.coordinates,
            crop: v.crop,
            territory: Layer::new(doc, drawing_group, points)?,
            stones: Layer::new(doc, drawing_group, points)?,
            ownership: Layer::new(doc, drawing_group, points)?,
            last: Layer::new(doc, drawing_group, points)?,
            hint: Layer::new(doc, drawing_group, points)?,
            numbers: Layer::new(doc, drawing_group, points)?,
            marked: Layer::new(doc, drawing_group, points)?,
            labels: Layer::new(doc, drawing_group, points)?,
            ghost: Layer::new(doc, drawing_group, points)?,
        })
    }

    /// Draws a view: each layer touches only the points whose drawing changed.
    fn draw(&mut self, doc: &web_sys::Document, v: &BoardView) {
        let size = self.size;
        let index = |p: Point| at(size, p).0;
        let xy = |p: Point| {
            let (_, x, y) = at(size, p);
            (x, y)
        };
        let mut stone_at = vec![None; size.area() as usize];
        for &(p, c) in &v.stones {
            stone_at[index(p)] = Some(c);
        }
        let stone_at = |p: Point| stone_at[index(p)];
        let on = |c: Colour| {
            if c == Colour::Black {
                "on-black"
            } else {
                "on-white"
            }
        };
        // Territory under the stones: a small square for each side's point, a dot if shared.
        self.territory.sync(
            doc,
            v.territory
                .iter()
                .map(|&(p, t)| (index(p), (p, t)))
                .collect(),
            |&(p, t)| {
                let (x, y) = xy(p);
                match t {
                    Territory::Shared => drawing(
                        "circle",
                        vec![
                            ("class", "terr shared".into()),
                            ("cx", x.to_string()),
                            ("cy", y.to_string()),
                            ("r", "9".into()),
                        ],
                    ),
                    _ => drawing(
                        "rect",
                        vec![
                            (
                                "class",
                                if t == Territory::Black {
                                    "terr black"
                                } else {
                                    "terr white"
                                }
                                .into(),
                            ),
                            ("x", (x - 16).to_string()),
                            ("y", (y - 16).to_string()),
                            ("width", "32".into()),
                            ("height", "32".into()),
                        ],
                    ),
                }
            },
        );
        self.stones.sync(
            doc,
            v.stones
                .iter()
                .map(|&(p, c)| (index(p), (p, c, v.dead.contains(&p))))
                .collect(),
            |&(p, c, dead)| {
                circle_at(
                    xy(p),
                    47,
                    vec![
                        (
                            "class",
                            format!("{}{}", colour_class(c), if dead { " dead" } else { "" }),
                        ),
                        ("data-stone", c.letter().to_string()),
                    ],
                )
            },
        );
        // Ownership: a square on each point, as dark or light as the estimate is sure.
        self.ownership.sync(
            doc,
            v.ownership
                .iter()
                .filter(|(_, o)| o.abs() >= 0.2)
                .map(|&(p, o)| {
                    let half = (12.0 + 18.0 * o.abs()).round() as i32;
                    let opacity = ((0.35 + 0.55 * o.abs()).min(1.0) * 100.0).round() as u32;
                    (index(p), (p, o > 0.0, half, opacity))
                })
                .collect(),
            |&(p, black, half, opacity)| {
                let (x, y) = xy(p);
                drawing(
                    "rect",
                    vec![
                        (
                            "class",
                            if black { "own black" } else { "own white" }.into(),
                        ),
                        ("x", (x - half).to_string()),
                        ("y", (y - half).to_string()),
                        ("width", (2 * half).to_string()),
                        ("height", (2 * half).to_string()),
                        ("opacity", format!("0.{opacity:02}")),
                    ],
                )
            },
        );
        self.last.sync(
            doc,
            v.last
                .and_then(|p| stone_at(p).map(|c| (index(p), (p, c))))
                .into_iter()
                .collect(),
            |&(p, c)| circle_at(xy(p), 20, vec![("class", format!("last {}", on(c)))]),
        );
        self.hint.sync(
            doc,
            v.hint.map(|p| (index(p), p)).into_iter().collect(),
            |&p| {
                circle_at(
                    xy(p),
                    30,
                    vec![
                        ("class", "hint-mark".into()),
                        ("data-vertex", size.vertex(p)),
                    ],
                )
            },
        );
        self.numbers.sync(
            doc,
            v.numbers
                .iter()
                .filter_map(|&(p, n)| Some((index(p), (p, n, stone_at(p)?))))
                .collect(),
            |&(p, n, c)| {
                let (x, y) = xy(p);
                Drawing {
                    tag: "text",
                    attrs: vec![
                        ("class", format!("num {}", on(c))),
                        ("x", x.to_string()),
                        ("y", (y + 15).to_string()),
                    ],
                    text: Some(n.to_string()),
                }
            },
        );
        self.marked.sync(
            doc,
            v.marked
                .iter()
                .map(|&p| (index(p), (p, stone_at(p).unwrap_or(Colour::White))))
                .collect(),
            |&(p, c)| {
                let (x, y) = xy(p);
                drawing(
                    "polygon",
                    vec![
                        ("class", format!("mark {}", on(c))),
                        (
                            "points",
                            format!(
                                "{},{} {},{} {},{}",
                                x,
                                y - 24,
                                x - 21,
                                y + 13,
                                x + 21,
                                y + 13
                            ),
                        ),
                    ],
                )
            },
        );
        self.labels.sync(
            doc,
            v.labels
                .iter()
                .map(|(p, text)| (index(*p), (*p, text.clone(), stone_at(*p))))
                .collect(),
            |(p, text, c)| {
                let (x, y) = xy(*p);
                Drawing {
                    tag: "text",
                    attrs: vec![
                        (
                            "class",
                            match c {
                                Some(c) => format!("label {}", on(*c)),
                                None => "label on-board".into(),
                            },
                        ),
                        ("x", x.to_string()),
                        ("y", (y + 17).to_string()),
                        ("data-label", text.clone()),
                        ("data-vertex", size.vertex(*p)),
                    ],
                    text: Some(text.clone()),
                }
            },
        );
    }

    /// The ghost stone under the pointer (or the tapped preview), where a move may be played.
    fn draw_ghost(&mut self, doc: &web_sys::Document, v: &BoardView, hover: Option<Point>) {
        let size = self.size;
        let ghost = v.ghost.and_then(|c| {
            let p = v.preview.or(hover)?;
            if !size.contains(p) || v.stones.iter().any(|(q, _)| *q == p) {
                return None;
            }
            Some((at(size, p).0, (p, c, v.preview.is_some())))
        });
        self.ghost
            .sync(doc, ghost.into_iter().collect(), |&(p, c, preview)| {
                let (_, x, y) = at(size, p);
                drawing(
                    "circle",
                    vec![
                        (
                            "class",
                            format!(
                                "{} ghost{}",
                                colour_class(c),
                                if preview { " preview" } else { "" }
                            ),
                        ),
                        ("cx", x.to_string()),
                        ("cy", y.to_string()),
                        ("r", "47".into()),
                    ],
                )
            });
    }
}

/// What each point holds, in board order, for the cells' accessible names.
fn cells(v: &BoardView) -> Vec<Cell> {
    let size = v.size;
    let stars = size.star_points();
    let tengen = size.tengen();
    let mut cells: Vec<Cell> = size
        .points()
        .map(|p| Cell {
            star: stars.contains(&p),
            tengen: tengen == Some(p) && stars.contains(&p),
            ..Cell::default()
        })
        .collect();
    let index = |p: Point| {
        let (c, r) = size.col_row(p);
        r as usize * size.get() as usize + c as usize
    };
    for &(p, c) in &v.stones {
        cells[index(p)].stone = Some(c);
    }
    if let Some(p) = v.last {
        cells[index(p)].last = true;
    }
    for &p in &v.dead {
        cells[index(p)].dead = true;
    }
    for &p in &v.marked {
        cells[index(p)].marked = true;
    }
    for &(p, t) in &v.territory {
        cells[index(p)].owner = match t {
            Territory::Black => Some(Colour::Black),
            Territory::White => Some(Colour::White),
            Territory::Shared => None,
        };
    }
    cells
}

/// The point a board event happened on: the `data-vertex` of its target.
fn event_point(size: BoardSize, ev: &web_sys::Event) -> Option<Point> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    size.parse_vertex(&el.get_attribute("data-vertex")?).ok()
}

/// The SVG board. `on_point` receives clicks and taps on points. With `words`, the points are
/// a focusable grid for the keyboard and screen readers (the game); without, the board is one
/// labelled picture (review, where the keys step through the moves).
///
/// It is drawn as chessground and OGS draw theirs: the lines, star points, coordinates and
/// the click targets once per board; then each new view changes only the points whose drawing
/// changed (a quiet move: its stone and the last-move marker, and the two cells' names),
/// nothing written that is already there. One delegated listener serves all the points.
#[component]
pub fn Goban(
    view: Signal<BoardView>,
    on_point: Callback<Point>,
    /// The board's accessible name, in the player's language.
    #[prop(into)]
    board_label: Signal<String>,
    /// The cells' words, in the player's language; `None`: no grid.
    #[prop(optional, into)]
    words: Option<Signal<PointWords>>,
) -> impl IntoView {
    let grid_on = words.is_some();
    let size_memo = Memo::new(move |_| view.with(|v| v.size));
    let size = move || size_memo.get();
    let frame = Memo::new(move |_| view.with(|v| (v.size, v.coordinates, v.crop)));
    let cursor_memo = Memo::new(move |_| view.with(|v| v.cursor));
    let hover = RwSignal::new(None::<Point>);
    let static_ref = NodeRef::<leptos::svg::G>::new();
    let drawing_ref = NodeRef::<leptos::svg::G>::new();
    let targets_ref = NodeRef::<leptos::svg::G>::new();
    // The layers drawn (not Send: DOM handles; one per board, in this thread), and how many
    // times the board was built (the cells' names are set again on a new build).
    let layers = StoredValue::new_local(None::<Layers>);
    let builds = StoredValue::new(0u32);
    // The board built for the view's size, coordinates and crop, if it is not yet: every
    // effect below starts here, whichever runs first.
    let ensure_built = move || -> Option<web_sys::Document> {
        let (doc, b, g, t) = (
            document()?,
            static_ref.get()?,
            drawing_ref.get()?,
            targets_ref.get()?,
        );
        let (b, g, t): (web_sys::Element, web_sys::Element, web_sys::Element) =
            (b.into(), g.into(), t.into());
        view.with_untracked(|v| {
            layers.update_value(|l| {
                let stale = l.as_ref().is_none_or(|l| {
                    (l.size, l.coordinates, l.crop) != (v.size, v.coordinates, v.crop)
                });
                if stale {
                    *l = Layers::build(&doc, &b, &g, &t, v, grid_on);
                    builds.update_value(|b| *b += 1);
                }
            })
        });
        Some(doc)
    };
    // Each view's changes.
    Effect::new(move |_| {
        let _ = frame.get();
        let Some(doc) = ensure_built() else {
            return;
        };
        view.with(|v| {
            layers.update_value(|l| {
                if let Some(l) = l {
                    l.draw(&doc, v);
                    l.draw_ghost(&doc, v, hover.get_untracked());
                }
            });
        });
    });
    // The ghost follows the pointer alone.
    Effect::new(move |_| {
        let h = hover.get();
        if let Some(doc) = document() {
            view.with_untracked(|v| {
                layers.update_value(|l| {
                    if let Some(l) = l {
                        l.draw_ghost(&doc, v, h);
                    }
                });
            });
        }
    });

    // The grid's names and its tab stop, set on the cells that change (not 361 reactive
    // attributes redrawn on every move).
    let grid_cells = move || -> Vec<web_sys::Element> {
        if ensure_built().is_none() {
            return vec![];
        }
        let Some(t) = targets_ref.get() else {
            return vec![];
        };
        let t: web_sys::Element = t.into();
        let Ok(list) = t.query_selector_all("[role=gridcell]") else {
            return vec![];
        };
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
            .collect()
    };
    if let Some(words) = words {
        // The cells last named, with the words and the build of the board they were named for:
        // a view renames only the cells whose state changed.
        let said = StoredValue::new((0u32, None::<PointWords>, Vec::<Option<Cell>>::new()));
        let cells_memo = Memo::new(move |_| view.with(cells));
        Effect::new(move |_| {
            let w = words.get();
            let (s, _, _) = frame.get();
            let elements = grid_cells();
            cells_memo.with(|cells| {
                let build = builds.get_value();
                said.update_value(|(said_build, said_words, said)| {
                    if *said_build != build || *said_words != Some(w) {
                        *said_build = build;
                        *said_words = Some(w);
                        said.clear();
                    }
                    said.resize(cells.len(), None);
                    let n = s.get() as usize;
                    for (i, (el, cell)) in elements.iter().zip(cells).enumerate() {
                        if said[i] != Some(*cell) {
                            let p = s.point((i % n) as u8, (i / n) as u8);
                            let _ = el
                                .set_attribute("aria-label", &cell_label(&w, &s.vertex(p), *cell));
                            said[i] = Some(*cell);
                        }
                    }
                });
            });
        });
        // One tab stop: the cursor's cell (the centre before the cursor moves). The focus
        // follows the cursor while it is in the grid.
        let stop_at = StoredValue::new(None::<(u32, usize)>);
        Effect::new(move |_| {
            let (s, _, _) = frame.get();
            let n = s.get() as usize;
            let (c, r) = cursor_memo
                .get()
                .map(|p| s.col_row(p))
                .unwrap_or((s.get() / 2, s.get() / 2));
            let stop = r as usize * n + c as usize;
            let elements = grid_cells();
            let build = builds.get_value();
            let before = stop_at
                .get_value()
                .filter(|(b, _)| *b == build)
                .map(|x| x.1);
            if before != Some(stop) {
                if let Some(el) = before.and_then(|b| elements.get(b)) {
                    let _ = el.set_attribute("tabindex", "-1");
                }
                if let Some(el) = elements.get(stop) {
                    let _ = el.set_attribute("tabindex", "0");
                }
                stop_at.set_value(Some((build, stop)));
            }
            let active = document().and_then(|d| d.active_element());
            let focus_in_grid = active
                .as_ref()
                .is_some_and(|a| a.get_attribute("role").as_deref() == Some("gridcell"));
            if focus_in_grid && cursor_memo.get_untracked().is_some() {
                if let Some(el) = elements.get(stop) {
                    if active.as_ref() != Some(el) {
                        if let Some(el) = el.dyn_ref::<web_sys::SvgElement>() {
                            let _ = el.focus();
                        }
                    }
                }
            }
        });
    }

    let view_box = move || {
        let (s, coordinates, crop) = frame.get();
        view_box(s, coordinates, crop)
    };
    // Three pictures in one place, each its own layer for the browser: the board itself
    // (drawn once, never painted again while the game goes on), what stands on it (stones and
    // marks: all a move repaints), and the click targets (never painted: the accessible grid).
    view! {
        <div class="goban-stack" on:pointerleave=move |_| hover.set(None)>
            <svg class="goban goban-board" viewBox=view_box aria-hidden="true">
                <g node_ref=static_ref></g>
            </svg>
            <svg class="goban goban-stones" viewBox=view_box aria-hidden="true">
                <g node_ref=drawing_ref></g>
            </svg>
            <svg
                class="goban goban-targets"
                viewBox=view_box
                role=if grid_on { "none" } else { "img" }
                aria-label=move || (!grid_on).then(|| board_label.get())
            >
                <g
                    node_ref=targets_ref
                    class="targets"
                    role=grid_on.then_some("grid")
                    aria-label=move || grid_on.then(|| board_label.get())
                    aria-describedby=grid_on.then_some("status")
                    on:click=move |ev| {
                        if let Some(p) = event_point(size(), &ev) {
                            on_point.run(p);
                        }
                    }
                    on:pointerover=move |ev| {
                        let p = event_point(size(), &ev);
                        if hover.get_untracked() != p {
                            hover.set(p);
                        }
                    }
                ></g>
            </svg>
        </div>
    }
}

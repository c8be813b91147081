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

/// The SVG board. `on_point` receives clicks and taps on points. With `words`, the points are
/// a focusable grid for the keyboard and screen readers (the game); without, the board is one
/// labelled picture (review, where the keys step through the moves).
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
    // One memo per part, so a move redraws the stones and markers, not the grid or the
    // 361 click targets.
    let size_memo = Memo::new(move |_| view.with(|v| v.size));
    let size = move || size_memo.get();
    let coordinates = Memo::new(move |_| view.with(|v| v.coordinates));
    let stones_memo = Memo::new(move |_| view.with(|v| v.stones.clone()));
    let dead_memo = Memo::new(move |_| view.with(|v| v.dead.clone()));
    let territory_memo = Memo::new(move |_| view.with(|v| v.territory.clone()));
    let last_memo = Memo::new(move |_| view.with(|v| v.last));
    let numbers_memo = Memo::new(move |_| view.with(|v| v.numbers.clone()));
    let ghost_memo = Memo::new(move |_| view.with(|v| (v.ghost, v.preview)));
    let cursor_memo = Memo::new(move |_| view.with(|v| v.cursor));
    let hint_memo = Memo::new(move |_| view.with(|v| v.hint));
    let ownership_memo = Memo::new(move |_| view.with(|v| v.ownership.clone()));
    let hover = RwSignal::new(None::<Point>);
    // Drawn in hundredths of a line's spacing (`U` a line), integers only: no float
    // formatting in the app's wasm.
    let margin = move || margin(coordinates.get());
    let crop_memo = Memo::new(move |_| view.with(|v| v.crop));
    let view_box = move || view_box(size(), coordinates.get(), crop_memo.get());
    let xy = move |p: Point| {
        let (c, r) = size().col_row(p);
        (c as i32 * U, r as i32 * U)
    };

    let grid = move || {
        let s = size();
        let n = (s.get() as i32 - 1) * U;
        let lines = (0..s.get()).map(move |i| {
            let k = i as i32 * U;
            view! {
                <line class="grid" x1="0" y1=k x2=n y2=k />
                <line class="grid" x1=k y1="0" x2=k y2=n />
            }
        });
        let stars = s.star_points().into_iter().map(move |p| {
            let (x, y) = xy(p);
            view! { <circle class="star" cx=x cy=y r="11" /> }
        });
        view! {
            <rect class="board-bg" x=-margin() y=-margin() width=n + 2 * margin() height=n + 2 * margin() rx="15" />
            {lines.collect_view()}
            {stars.collect_view()}
        }
    };

    let labels = move || {
        if !coordinates.get() {
            return None;
        }
        let s = size();
        let n = s.get();
        let edge = (n as i32 - 1) * U;
        let items = (0..n).map(move |i| {
            let k = i as i32 * U;
            let letter = BoardSize::column_letter(i).to_string();
            let number = s.row_number(i).to_string();
            view! {
                <text class="coord" x=k y="-80">{letter.clone()}</text>
                <text class="coord" x=k y=edge + 106>{letter}</text>
                <text class="coord" x="-100" y=k + 13>{number.clone()}</text>
                <text class="coord" x=edge + 100 y=k + 13>{number}</text>
            }
        });
        Some(items.collect_view())
    };

    let stones = move || stones_memo.get();
    let dead_of = move |p: Point| dead_memo.with(|d| d.contains(&p));

    let territory = move || {
        territory_memo.with(|terr| {
            terr.iter()
                .filter(|(_, t)| *t != Territory::Shared)
                .map(|&(p, t)| {
                    let (x, y) = xy(p);
                    let class = if t == Territory::Black {
                        "terr black"
                    } else {
                        "terr white"
                    };
                    view! { <rect class=class x=x - 16 y=y - 16 width="32" height="32" /> }
                })
                .collect_view()
        })
    };
    let shared = move || {
        territory_memo.with(|terr| {
            terr.iter()
                .filter(|(_, t)| *t == Territory::Shared)
                .map(|&(p, _)| {
                    let (x, y) = xy(p);
                    view! { <circle class="terr shared" cx=x cy=y r="9" /> }
                })
                .collect_view()
        })
    };

    // Ownership: a square on each point, as dark or light as the estimate is sure.
    let ownership = move || {
        ownership_memo.with(|own| {
            own.iter()
                .filter(|(_, v)| v.abs() >= 0.2)
                .map(|&(p, v)| {
                    let (x, y) = xy(p);
                    let class = if v > 0.0 { "own black" } else { "own white" };
                    let half = (12.0 + 18.0 * v.abs()).round() as i32;
                    let opacity = ((0.35 + 0.55 * v.abs()).min(1.0) * 100.0).round() as u32;
                    view! {
                        <rect class=class x=x - half y=y - half width=2 * half height=2 * half
                            opacity=format!("0.{opacity:02}") />
                    }
                })
                .collect_view()
        })
    };

    let hint = move || {
        let p = hint_memo.get()?;
        let (x, y) = xy(p);
        Some(view! { <circle class="hint-mark" data-vertex=size().vertex(p) cx=x cy=y r="30" /> })
    };

    let last_marker = move || {
        let p = last_memo.get()?;
        let c = stones_memo.with(|s| s.iter().find(|(q, _)| *q == p).map(|x| x.1))?;
        let (x, y) = xy(p);
        let class = if c == Colour::Black {
            "last on-black"
        } else {
            "last on-white"
        };
        Some(view! { <circle class=class cx=x cy=y r="20" /> })
    };

    let numbers = move || {
        numbers_memo.with(|numbers| {
            numbers
                .iter()
                .filter_map(|&(p, n)| {
                    let c = stones_memo.with(|s| s.iter().find(|(q, _)| *q == p).map(|x| x.1))?;
                    let (x, y) = xy(p);
                    let class = if c == Colour::Black {
                        "num on-black"
                    } else {
                        "num on-white"
                    };
                    Some(view! { <text class=class x=x y=y + 15>{n}</text> })
                })
                .collect_view()
        })
    };

    let marked_memo = Memo::new(move |_| view.with(|v| v.marked.clone()));
    let triangles = move || {
        marked_memo.with(|m| {
            m.iter()
                .map(|&p| {
                    let (x, y) = xy(p);
                    let on_black = stones_memo.with(|s| s.contains(&(p, Colour::Black)));
                    let class = if on_black {
                        "mark on-black"
                    } else {
                        "mark on-white"
                    };
                    let points = format!(
                        "{},{} {},{} {},{}",
                        x,
                        y - 24,
                        x - 21,
                        y + 13,
                        x + 21,
                        y + 13
                    );
                    view! { <polygon class=class points=points /> }
                })
                .collect_view()
        })
    };

    let labels_memo = Memo::new(move |_| view.with(|v| v.labels.clone()));
    let point_labels = move || {
        labels_memo.with(|labels| {
            labels
                .iter()
                .map(|(p, text)| {
                    let (x, y) = xy(*p);
                    let class = match stones_memo.with(|s| s.iter().find(|(q, _)| q == p).map(|x| x.1)) {
                        Some(Colour::Black) => "label on-black",
                        Some(Colour::White) => "label on-white",
                        None => "label on-board",
                    };
                    let backing = stones_memo
                        .with(|s| !s.iter().any(|(q, _)| q == p))
                        .then(|| view! { <circle class="label-bg" cx=x cy=y r="34" /> });
                    view! {
                        {backing}
                        <text class=class x=x y=y + 17 data-label=text.clone() data-vertex=size().vertex(*p)>{text.clone()}</text>
                    }
                })
                .collect_view()
        })
    };

    let ghost = move || {
        let (c, preview) = ghost_memo.get();
        let c = c?;
        let p = preview.or(hover.get())?;
        if stones_memo.with(|s| s.iter().any(|(q, _)| *q == p)) {
            return None;
        }
        let (x, y) = xy(p);
        let class = format!(
            "{} ghost{}",
            colour_class(c),
            if preview.is_some() { " preview" } else { "" }
        );
        Some(view! { <circle class=class cx=x cy=y r="47" /> })
    };

    let grid_on = words.is_some();
    let targets = move || {
        let s = size();
        let n = s.get();
        (0..n)
            .map(move |r| {
                let row = (0..n)
                    .map(move |c| {
                        let p = s.point(c, r);
                        view! {
                            <rect
                                class="target"
                                role=grid_on.then_some("gridcell")
                                tabindex=grid_on.then_some("-1")
                                data-vertex=s.vertex(p)
                                x=c as i32 * U - U / 2
                                y=r as i32 * U - U / 2
                                width=U
                                height=U
                                on:pointerenter=move |_| hover.set(Some(p))
                                on:click=move |_| on_point.run(p)
                            />
                        }
                    })
                    .collect_view();
                view! { <g role=grid_on.then_some("row")>{row}</g> }
            })
            .collect_view()
    };

    // The grid's names and its tab stop, set on the cells that change (not 361 reactive
    // attributes redrawn on every move).
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let grid_cells = move || -> Vec<web_sys::Element> {
        let Some(svg) = svg_ref.get() else {
            return vec![];
        };
        let Ok(list) = svg.query_selector_all("[role=gridcell]") else {
            return vec![];
        };
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
            .collect()
    };
    if let Some(words) = words {
        // The names last set, for the board size they were set on.
        let said = StoredValue::new((0u8, Vec::<String>::new()));
        let cells_memo = Memo::new(move |_| view.with(cells));
        Effect::new(move |_| {
            let w = words.get();
            let s = size();
            let elements = grid_cells();
            cells_memo.with(|cells| {
                said.update_value(|(said_size, said)| {
                    if *said_size != s.get() {
                        *said_size = s.get();
                        said.clear();
                    }
                    said.resize(cells.len(), String::new());
                    for (i, (el, cell)) in elements.iter().zip(cells).enumerate() {
                        let n = s.get() as usize;
                        let p = s.point((i % n) as u8, (i / n) as u8);
                        let label = cell_label(&w, &s.vertex(p), *cell);
                        if said[i] != label {
                            let _ = el.set_attribute("aria-label", &label);
                            said[i] = label;
                        }
                    }
                });
            });
        });
        // One tab stop: the cursor's cell (the centre before the cursor moves). The focus
        // follows the cursor while it is in the grid.
        Effect::new(move |_| {
            let s = size();
            let n = s.get() as usize;
            let (c, r) = cursor_memo
                .get()
                .map(|p| s.col_row(p))
                .unwrap_or((s.get() / 2, s.get() / 2));
            let stop = r as usize * n + c as usize;
            let elements = grid_cells();
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            let focus_in_grid = active
                .as_ref()
                .is_some_and(|a| a.get_attribute("role").as_deref() == Some("gridcell"));
            for (i, el) in elements.iter().enumerate() {
                let want = if i == stop { "0" } else { "-1" };
                if el.get_attribute("tabindex").as_deref() != Some(want) {
                    let _ = el.set_attribute("tabindex", want);
                }
            }
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

    view! {
        <svg
            node_ref=svg_ref
            class="goban"
            viewBox=view_box
            role=if grid_on { "none" } else { "img" }
            aria-label=move || (!grid_on).then(|| board_label.get())
            on:pointerleave=move |_| hover.set(None)
        >
            <g aria-hidden="true">
            {grid}
            {labels}
            {territory}
            {shared}
            <For
                each=stones
                key=|s| *s
                children=move |(p, c)| {
                    let (x, y) = xy(p);
                    let class = move || {
                        format!("{}{}", colour_class(c), if dead_of(p) { " dead" } else { "" })
                    };
                    view! { <circle class=class cx=x cy=y r="47" data-stone=c.letter().to_string() /> }
                }
            />
            {ownership}
            {last_marker}
            {hint}
            {numbers}
            {triangles}
            {point_labels}
            {ghost}
            </g>
            <g
                class="targets"
                role=grid_on.then_some("grid")
                aria-label=move || grid_on.then(|| board_label.get())
                aria-describedby=grid_on.then_some("status")
            >
                {targets}
            </g>
        </svg>
    }
}

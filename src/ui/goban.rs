//! The board, drawn in SVG. It knows no rules: plain data in ([`BoardView`]), point clicks out.

use leptos::prelude::*;

use crate::rules::{BoardSize, Colour, Point, Territory};

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
        }
    }
}

fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Black => "stone black",
        Colour::White => "stone white",
    }
}

/// The SVG board. `on_point` receives clicks and taps on points.
#[component]
pub fn Goban(
    view: Signal<BoardView>,
    on_point: Callback<Point>,
    /// The board's accessible name, in the player's language.
    #[prop(into)]
    board_label: Signal<String>,
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
    // The margin around the grid: room for edge stones (radius 0.47) and, with coordinates,
    // for the labels beside them without touching them.
    let margin = move || if coordinates.get() { 1.45 } else { 0.75 };
    let view_box = move || {
        let n = size().get() as f64;
        let m = margin();
        format!("{} {} {} {}", -m, -m, n - 1.0 + 2.0 * m, n - 1.0 + 2.0 * m)
    };
    let xy = move |p: Point| {
        let (c, r) = size().col_row(p);
        (c as f64, r as f64)
    };

    let grid = move || {
        let s = size();
        let n = s.get() as f64 - 1.0;
        let lines = (0..s.get()).map(move |i| {
            let k = i as f64;
            view! {
                <line class="grid" x1="0" y1=k x2=n y2=k />
                <line class="grid" x1=k y1="0" x2=k y2=n />
            }
        });
        let stars = s.star_points().into_iter().map(move |p| {
            let (x, y) = xy(p);
            view! { <circle class="star" cx=x cy=y r="0.11" /> }
        });
        view! {
            <rect class="board-bg" x=-margin() y=-margin() width=n + 2.0 * margin() height=n + 2.0 * margin() rx="0.15" />
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
        let edge = n as f64 - 1.0;
        let items = (0..n).map(move |i| {
            let k = i as f64;
            let letter = BoardSize::column_letter(i).to_string();
            let number = s.row_number(i).to_string();
            view! {
                <text class="coord" x=k y="-0.8">{letter.clone()}</text>
                <text class="coord" x=k y=edge + 1.06>{letter}</text>
                <text class="coord" x="-1.0" y=k + 0.13>{number.clone()}</text>
                <text class="coord" x=edge + 1.0 y=k + 0.13>{number}</text>
            }
        });
        Some(items.collect_view())
    };

    let stones = move || stones_memo.get();
    let dead_of = move |p: Point| dead_memo.with(|d| d.contains(&p));

    let territory =
        move || {
            territory_memo.with(|terr| {
                terr.iter()
                .filter(|(_, t)| *t != Territory::Shared)
                .map(|&(p, t)| {
                    let (x, y) = xy(p);
                    let class = if t == Territory::Black { "terr black" } else { "terr white" };
                    view! { <rect class=class x=x - 0.16 y=y - 0.16 width="0.32" height="0.32" /> }
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
                    view! { <circle class="terr shared" cx=x cy=y r="0.09" /> }
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
                    let half = 0.12 + 0.18 * v.abs() as f64;
                    view! {
                        <rect class=class x=x - half y=y - half width=2.0 * half height=2.0 * half
                            opacity=format!("{:.2}", 0.35 + 0.55 * v.abs()) />
                    }
                })
                .collect_view()
        })
    };

    let hint = move || {
        let p = hint_memo.get()?;
        let (x, y) = xy(p);
        Some(view! { <circle class="hint-mark" data-vertex=size().vertex(p) cx=x cy=y r="0.3" /> })
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
        Some(view! { <circle class=class cx=x cy=y r="0.2" /> })
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
                    Some(view! { <text class=class x=x y=y + 0.15>{n}</text> })
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
        Some(view! { <circle class=class cx=x cy=y r="0.47" /> })
    };

    let cursor = move || {
        let p = cursor_memo.get()?;
        let (x, y) = xy(p);
        Some(view! { <rect class="cursor" x=x - 0.5 y=y - 0.5 width="1" height="1" rx="0.1" /> })
    };

    let targets = move || {
        let s = size();
        s.points()
            .map(move |p| {
                let (c, r) = s.col_row(p);
                let vertex = s.vertex(p);
                view! {
                    <rect
                        class="target"
                        data-vertex=vertex
                        x=c as f64 - 0.5
                        y=r as f64 - 0.5
                        width="1"
                        height="1"
                        on:pointerenter=move |_| hover.set(Some(p))
                        on:click=move |_| on_point.run(p)
                    />
                }
            })
            .collect_view()
    };

    view! {
        <svg
            class="goban"
            viewBox=view_box
            role="img"
            aria-label=move || board_label.get()
            on:pointerleave=move |_| hover.set(None)
        >
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
                    view! { <circle class=class cx=x cy=y r="0.47" data-stone=c.letter().to_string() /> }
                }
            />
            {ownership}
            {last_marker}
            {hint}
            {numbers}
            {ghost}
            {cursor}
            <g class="targets">{targets}</g>
        </svg>
    }
}

//! 教学棋盘, the teacher's board (in 学下棋's wasm): set up a position by clicks, mark it,
//! comment it, turn the view (or the position), swap colours, undo and redo; hand it on as SGF,
//! an SVG or PNG diagram, a printed A4 sheet of diagrams, or a game to play on from it; and a
//! projector view for the classroom screen. The edits are the session's
//! [`crate::session::editor::Editor`]; this file only draws and listens.

use leptos::prelude::*;

use crate::record::marks::MarkKind;
use crate::rules::{BoardSize, Colour, Point, Symmetry};
use crate::session::editor::{Editor, Tool};
use crate::session::settings::Lang;
use crate::ui::goban::{self, BoardView, Goban};
use crate::ui::i18n::{learn, t, LearnMsg, Msg};
use crate::web::{download, learn as page, storage};

/// The tools in the order of their buttons, with their names.
fn tools(l: Lang) -> Vec<(Tool, &'static str, String)> {
    let m = |x| learn(l, x).to_string();
    vec![
        (
            Tool::Stone(Colour::Black),
            "tool-black",
            m(LearnMsg::ToolBlack),
        ),
        (
            Tool::Stone(Colour::White),
            "tool-white",
            m(LearnMsg::ToolWhite),
        ),
        (
            Tool::Alternate,
            "tool-alternate",
            m(LearnMsg::ToolAlternate),
        ),
        (Tool::Erase, "tool-erase", m(LearnMsg::ToolErase)),
        (Tool::Mark(MarkKind::Triangle), "tool-triangle", "△".into()),
        (Tool::Mark(MarkKind::Square), "tool-square", "□".into()),
        (Tool::Mark(MarkKind::Circle), "tool-circle", "○".into()),
        (Tool::Mark(MarkKind::Cross), "tool-cross", "×".into()),
        (Tool::Letter, "tool-letter", "A B C".into()),
    ]
}

fn mark_name(k: &MarkKind) -> String {
    match k {
        MarkKind::Triangle => "△".into(),
        MarkKind::Square => "□".into(),
        MarkKind::Circle => "○".into(),
        MarkKind::Cross => "×".into(),
        MarkKind::Label(t) => t.clone(),
    }
}

/// The marks drawn over the board (the board itself draws stones and the grid), in its units.
fn mark_layer(size: BoardSize, marks: &[(Point, MarkKind)], stones: &[(Point, Colour)]) -> String {
    let u = goban::U;
    let mut s = String::new();
    for (p, k) in marks {
        let (c, r) = size.col_row(*p);
        let (x, y) = (c as i32 * u, r as i32 * u);
        let ink = if stones.contains(&(*p, Colour::Black)) {
            "#f3f3f3"
        } else {
            "#1b1b1b"
        };
        let r = 24;
        s += &match k {
            MarkKind::Triangle => format!("<polygon points=\"{x},{} {},{} {},{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"6\"/>", y - r, x - 21, y + 13, x + 21, y + 13),
            MarkKind::Square => format!("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"6\"/>", x - 18, y - 18, 36, 36),
            MarkKind::Circle => format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"20\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"6\"/>"),
            MarkKind::Cross => format!("<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{ink}\" stroke-width=\"6\"/>", x - 18, y - 18, x + 18, y + 18, x + 18, y - 18, x - 18, y + 18),
            MarkKind::Label(t) => {
                let blank = if stones.iter().any(|(q, _)| q == p) {
                    String::new()
                } else {
                    format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"30\" fill=\"var(--board)\"/>")
                };
                format!("{blank}<text x=\"{x}\" y=\"{}\" font-size=\"48\" font-weight=\"700\" text-anchor=\"middle\" fill=\"{ink}\">{t}</text>", y + 16)
            }
        };
    }
    s
}

#[component]
pub fn TeachBoard(lang: Signal<Lang>, sheet: RwSignal<Vec<String>>) -> impl IntoView {
    let l = lang.get_untracked();
    let editor = RwSignal::new(Editor::new(BoardSize::NINE));
    let tool = RwSignal::new(Tool::Stone(Colour::Black));
    let view_sym = RwSignal::new(Symmetry::Identity);
    let projector = RwSignal::new(false);
    let cursor = RwSignal::new(None::<Point>);
    let said = RwSignal::new(String::new());
    let size = move || editor.with(|e| e.now.size);
    // What the board shows: the position turned for viewing only.
    let shown = move || {
        let sym = view_sym.get();
        editor.with(|e| {
            let n = e.now.size;
            let stones: Vec<(Point, Colour)> = e
                .now
                .stones
                .iter()
                .map(|&(p, c)| (sym.apply(n, p), c))
                .collect();
            let marks: Vec<(Point, MarkKind)> = e
                .now
                .marks
                .iter()
                .map(|(p, k)| (sym.apply(n, *p), k.clone()))
                .collect();
            (n, stones, marks)
        })
    };
    let board = Signal::derive(move || {
        let (n, stones, _) = shown();
        BoardView {
            stones,
            cursor: cursor.get(),
            ..BoardView::empty(n)
        }
    });
    let on_point = Callback::new(move |shown_at: Point| {
        cursor.set(Some(shown_at));
        let n = size();
        let p = view_sym.get_untracked().inverse().apply(n, shown_at);
        let t = tool.get_untracked();
        editor.update(|e| {
            e.click(&t, p);
        });
        said.set(String::new());
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if crate::ui::learn::board_key(&ev, size(), cursor, on_point) {
            return;
        }
        match ev.key().as_str() {
            "Escape" if projector.get_untracked() => projector.set(false),
            // 1–9: the tools in the order of their buttons (for the projector, where the panel
            // is hidden).
            d if d.len() == 1 && ('1'..='9').contains(&d.chars().next().unwrap_or('0')) => {
                let i = d.parse::<usize>().unwrap_or(1) - 1;
                if let Some((t, _, name)) = tools(l).into_iter().nth(i) {
                    tool.set(t);
                    said.set(name);
                }
            }
            _ => {}
        }
    };
    let (words, label) = crate::ui::learn::board_names(lang);
    let marks_svg = move || {
        let (n, stones, marks) = shown();
        mark_layer(n, &marks, &stones)
    };
    let marks_text = move || {
        let (n, _, marks) = shown();
        marks
            .iter()
            .map(|(p, k)| format!("{} {}", n.vertex(*p), mark_name(k)))
            .collect::<Vec<_>>()
            .join(if l == Lang::Zh { "，" } else { ", " })
    };
    let tool_buttons = tools(l)
        .into_iter()
        .map(|(t, id, name)| {
            let pressed = {
                let t = t.clone();
                move || tool.with(|x| *x == t).to_string()
            };
            view! {
                <button class="choice" id=id aria-pressed=pressed on:click=move |_| tool.set(t.clone())>{name}</button>
            }
        })
        .collect_view();
    let svg_now = move || editor.with_untracked(|e| e.diagram().to_svg(true));
    let export_png = move |_| {
        let svg = svg_now();
        download::offer_png("diagram.png", &svg);
    };
    let play_on = move |_| {
        let sgf = editor.with_untracked(|e| e.to_sgf());
        if storage::put_position_to_play(&sgf).is_ok() {
            page::close();
            page::tell_page(page::PLAY_POSITION);
        }
    };
    let sizes = [9u32, 13, 19];
    view! {
        <section class="game teach" class:projector=move || projector.get() aria-labelledby="teach-title">
            <div class="board-wrap teach-board" on:keydown=on_key>
                <Goban view=board on_point=on_point board_label=label words=words />
                <svg class="goban mark-layer" aria-hidden="true"
                    viewBox=move || goban::view_box(size(), true, None) inner_html=marks_svg></svg>
            </div>
            <div class="panel">
                <h2 id="teach-title">{learn(l, LearnMsg::TeachBoard)}</h2>
                <div class="row" role="group" aria-label=learn(l, LearnMsg::BoardSizeLabel)>
                    {sizes.into_iter().map(|n| view! {
                        <button class="choice" data-size=n aria-pressed=move || (size().get() as u32 == n).to_string()
                            on:click=move |_| {
                                if let Ok(s) = BoardSize::new(n) {
                                    editor.set(Editor::new(s));
                                    view_sym.set(Symmetry::Identity);
                                    cursor.set(None);
                                }
                            }>{format!("{n}×{n}")}</button>
                    }).collect_view()}
                </div>
                <div class="row tools" role="group" aria-label=learn(l, LearnMsg::Tools)>{tool_buttons}</div>
                <div class="row">
                    <span class="hint">{learn(l, LearnMsg::ToMove)}</span>
                    <button id="to-move-black" class="choice" aria-pressed=move || editor.with(|e| e.now.to_move == Colour::Black).to_string()
                        on:click=move |_| editor.update(|e| { e.set_to_move(Colour::Black); })>{t(l, Msg::Black)}</button>
                    <button id="to-move-white" class="choice" aria-pressed=move || editor.with(|e| e.now.to_move == Colour::White).to_string()
                        on:click=move |_| editor.update(|e| { e.set_to_move(Colour::White); })>{t(l, Msg::White)}</button>
                </div>
                <div class="row">
                    <button id="edit-undo" disabled=move || !editor.with(Editor::can_undo) on:click=move |_| editor.update(|e| { e.undo(); })>{t(l, Msg::Undo)}</button>
                    <button id="edit-redo" disabled=move || !editor.with(Editor::can_redo) on:click=move |_| editor.update(|e| { e.redo(); })>{learn(l, LearnMsg::Redo)}</button>
                    <button id="edit-clear" on:click=move |_| editor.update(|e| { e.clear(); })>{learn(l, LearnMsg::ClearBoard)}</button>
                </div>
                <div class="row">
                    <button id="view-rotate" on:click=move |_| view_sym.update(|s| *s = s.then(Symmetry::Rotate90))>{learn(l, LearnMsg::RotateView)}</button>
                    <button id="view-flip" on:click=move |_| view_sym.update(|s| *s = s.then(Symmetry::FlipHorizontal))>{learn(l, LearnMsg::FlipView)}</button>
                    <button id="view-apply" disabled=move || view_sym.get() == Symmetry::Identity on:click=move |_| {
                        let s = view_sym.get_untracked();
                        editor.update(|e| { e.turn(s); });
                        view_sym.set(Symmetry::Identity);
                    }>{learn(l, LearnMsg::ApplyTurn)}</button>
                    <button id="edit-swap" on:click=move |_| editor.update(|e| { e.swap_colours(); })>{learn(l, LearnMsg::SwapColours)}</button>
                </div>
                <label class="comment">{learn(l, LearnMsg::Comment)}
                    <textarea id="teach-comment" rows="2" prop:value=move || editor.with(|e| e.now.comment.clone())
                        on:change=move |ev| {
                            let text = event_target_value(&ev);
                            editor.update(|e| { e.set_comment(&text); });
                        }></textarea>
                </label>
                <p id="teach-marks" class="hint">{move || {
                    let m = marks_text();
                    if m.is_empty() { String::new() } else { format!("{}：{m}", learn(l, LearnMsg::Marks)) }
                }}</p>
                <div class="row">
                    <button id="export-teach-sgf" on:click=move |_| { download::offer("position.sgf", "application/x-go-sgf", &editor.with_untracked(|e| e.to_sgf())); }>{learn(l, LearnMsg::ExportSgf)}</button>
                    <button id="export-svg" on:click=move |_| { download::offer("diagram.svg", "image/svg+xml", &svg_now()); }>{learn(l, LearnMsg::ExportSvg)}</button>
                    <button id="export-png" on:click=export_png>{learn(l, LearnMsg::ExportPng)}</button>
                </div>
                <div class="row">
                    <button id="sheet-add" on:click=move |_| {
                        sheet.update(|s| s.push(svg_now()));
                        said.set(format!("{} {}", learn(l, LearnMsg::OnSheet), sheet.with_untracked(Vec::len)));
                    }>{learn(l, LearnMsg::AddToSheet)}</button>
                    <button id="sheet-print" disabled=move || sheet.with(Vec::is_empty) on:click=move |_| {
                        if let Some(w) = web_sys::window() {
                            let _ = w.print();
                        }
                    }>{learn(l, LearnMsg::PrintSheet)}</button>
                    <button id="projector" aria-pressed=move || projector.get().to_string() on:click=move |_| projector.update(|p| *p = !*p)>{learn(l, LearnMsg::Projector)}</button>
                </div>
                <button id="play-on" class="primary" on:click=play_on>{learn(l, LearnMsg::PlayOn)}</button>
                <p id="teach-status" class="status" aria-live="polite">{move || said.get()}</p>
            </div>
        </section>
    }
}

/// The printed sheet: the diagrams put on it, two to a row on A4 (shown only when printing).
pub fn print_sheet(sheet: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <div class="print-sheet" aria-hidden="true">
            {move || sheet.get().into_iter().map(|svg| view! { <div class="sheet-diagram" inner_html=svg></div> }).collect_view()}
        </div>
    }
}

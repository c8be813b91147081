//! 教学棋盘, the teacher's board (in 学下棋's wasm): set up a position by clicks, mark it,
//! comment it, turn the view (or the position), swap colours, undo and redo; hand it on as SGF,
//! an SVG or PNG diagram, a printed A4 sheet of diagrams, or a game to play on from it; and a
//! projector view for the classroom screen, the question (the comment) shown with the board.
//! A position set up here is kept as it changes (issue 51): named, under its own address
//! (`#/teach/<id>`), back after a reload or after leaving it; the list of kept boards is
//! [`crate::ui::teach_boards`]. The edits are the session's
//! [`crate::session::editor::Editor`]; this file only draws and listens.

use leptos::prelude::*;

use crate::record::marks::MarkKind;
use crate::rules::{BoardSize, Colour, Point, Symmetry};
use crate::session::editor::{BoardId, Editor, Setup, Tool};
use crate::session::route::Route;
use crate::session::settings::Lang;
use crate::session::stored::board::{self, KeptBoard};
use crate::session::study::Study;
use crate::session::{GameId, Session};
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

/// The teacher's board. With a record in `study` (a game from review, an SGF file opened
/// here) it steps through the record's moves and marks and comments each; otherwise it edits a
/// position set up freely.
#[component]
pub fn TeachBoard(
    lang: Signal<Lang>,
    sheet: RwSignal<Vec<String>>,
    study: RwSignal<Option<Study>>,
    /// The projector view is shown (its own address, `#/teach/projector`).
    projector: RwSignal<bool>,
    /// The kept board the address names (`None`: a new one, kept once something is on it).
    board: RwSignal<Option<BoardId>>,
) -> impl IntoView {
    let l = lang.get_untracked();
    let editor = RwSignal::new(Editor::new(BoardSize::NINE));
    let name = RwSignal::new(String::new());
    // The kept board being edited (its id and creation time), and what was last written of it.
    let kept = StoredValue::new(None::<(BoardId, f64)>);
    let written = StoredValue::new(None::<(Setup, String)>);
    // Whether the last write failed (storage full): said until one succeeds.
    let not_saved = RwSignal::new(false);
    // The board the address names, opened (learn.rs checked that it is there); a new board when
    // it names none.
    Effect::new(move |_| {
        let want = board.get();
        let have = kept.with_value(|k| k.map(|k| k.0));
        if want == have {
            return;
        }
        // Back to the entry this board had before it was kept (`#/teach`, as Back from a
        // projector opened before the first stone lands): the same board, named again.
        if let (None, Some(id)) = (want, have) {
            board.set(Some(id));
            crate::web::route::replace(&if projector.get_untracked() {
                Route::Projector(Some(id))
            } else {
                Route::Teach(Some(id))
            });
            return;
        }
        let (e, n, k) = match want.and_then(storage::load_board) {
            Some(b) => (
                Editor::from_setup(b.setup),
                b.name,
                Some((b.id, b.created_ms)),
            ),
            None => (Editor::new(BoardSize::NINE), String::new(), None),
        };
        kept.set_value(k);
        written.set_value(Some((e.now.clone(), n.clone())));
        editor.set(e);
        name.set(n);
        not_saved.set(false);
    });
    // Kept as it changes: every edit and the name, written whole. A new board is kept from its
    // first stone, mark, word of comment or name: it gets an id, a name if it has none, and its
    // address (in place of `#/teach`, so Back still leaves it).
    Effect::new(move |_| {
        let now = editor.with(|e| e.now.clone());
        let n = name.get();
        if study.with_untracked(Option::is_some)
            || written.with_value(|w| w.as_ref() == Some(&(now.clone(), n.clone())))
        {
            return;
        }
        let at = crate::web::now_ms();
        let (id, created) = match kept.get_value() {
            Some(k) => k,
            None if now.is_blank() && n.trim().is_empty() => return,
            None => {
                let id = storage::new_board_id(at);
                kept.set_value(Some((id, at)));
                board.set(Some(id));
                crate::web::route::replace(&if projector.get_untracked() {
                    Route::Projector(Some(id))
                } else {
                    Route::Teach(Some(id))
                });
                (id, at)
            }
        };
        let n = if n.trim().is_empty() {
            let names: Vec<String> = storage::list_boards()
                .into_iter()
                .filter_map(Result::ok)
                .filter(|b| b.id != id)
                .map(|b| b.name)
                .collect();
            let given = board::new_name(
                learn(l, LearnMsg::BoardDefaultName),
                names.iter().map(String::as_str),
            );
            name.set(given.clone());
            given
        } else {
            n
        };
        let b = KeptBoard {
            id,
            name: n.clone(),
            created_ms: created,
            saved_ms: at,
            setup: now.clone(),
        };
        let ok = storage::save_board(&b).is_ok();
        not_saved.set(!ok);
        if ok {
            written.set_value(Some((now, n)));
        }
    });
    // Another position in place of the kept one (a new size, a record opened here): the kept
    // board stays as it was, and what comes is a new board (kept once something is on it).
    let start_new = move |e: Option<Editor>| {
        kept.set_value(None);
        written.set_value(None);
        name.set(String::new());
        not_saved.set(false);
        if board.get_untracked().is_some() {
            board.set(None);
            crate::web::route::replace(&if projector.get_untracked() {
                Route::Projector(None)
            } else {
                Route::Teach(None)
            });
        }
        if let Some(e) = e {
            editor.set(e);
        }
    };
    let tool = RwSignal::new(Tool::Stone(Colour::Black));
    let view_sym = RwSignal::new(Symmetry::Identity);
    // A point chosen by the keyboard (not by a click), for the projector's rule below.
    let keyboard_edit = StoredValue::new(false);
    // The projector view lets go at once: Escape wherever the focus is (no click on the board
    // first), its 退出 button, or Back; the keyboard returns to the button that opened it.
    let leave_projector = move || {
        projector.set(false);
        crate::web::route::leave(&Route::Projector(board.get_untracked()));
    };
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && projector.get_untracked() {
            ev.prevent_default();
            leave_projector();
        }
    });
    on_cleanup(move || escape.remove());
    Effect::new(move |was: Option<bool>| {
        let now = projector.get();
        if was.is_some() && was != Some(now) {
            let id = if now { "projector-exit" } else { "projector" };
            crate::ui::focus_soon(id);
        }
        now
    });
    let cursor = RwSignal::new(None::<Point>);
    let said = RwSignal::new(String::new());
    // A record's diagram: the moves after this one up to the move shown, numbered from 1.
    let range_from = RwSignal::new(0usize);
    let restart = RwSignal::new(true);
    let studying = move || study.with(Option::is_some);
    // A record opens with the triangle in hand (its stones are not placed by hand).
    let record_mode = Memo::new(move |_| studying());
    Effect::new(move |_| {
        if record_mode.get() && matches!(tool.get_untracked(), Tool::Stone(_) | Tool::Alternate) {
            tool.set(Tool::Mark(MarkKind::Triangle));
        }
    });
    let size = move || {
        study
            .with(|s| s.as_ref().map(|s| s.position().size()))
            .unwrap_or_else(|| editor.with(|e| e.now.size))
    };
    // What the board shows (the record's node, or the setup), turned for viewing only.
    let shown = move || {
        let sym = view_sym.get();
        let (n, stones, marks, last) = study.with(|st| match st {
            Some(st) => (
                st.position().size(),
                st.stones(),
                st.annotation().marks,
                st.last_point(),
            ),
            None => editor.with(|e| (e.now.size, e.now.stones.clone(), e.now.marks.clone(), None)),
        });
        (
            n,
            stones
                .into_iter()
                .map(|(p, c)| (sym.apply(n, p), c))
                .collect::<Vec<_>>(),
            marks
                .into_iter()
                .map(|(p, k)| (sym.apply(n, p), k))
                .collect::<Vec<_>>(),
            last.map(|p| sym.apply(n, p)),
        )
    };
    let board_view = Signal::derive(move || {
        let (n, stones, _, last) = shown();
        BoardView {
            stones,
            last,
            cursor: cursor.get(),
            ..BoardView::empty(n)
        }
    });
    let on_point = Callback::new(move |shown_at: Point| {
        cursor.set(Some(shown_at));
        // The projector shows; a click there (to point, or to take the focus) places nothing.
        // The keyboard still edits (Enter on the cursor is deliberate).
        if projector.get_untracked() && !keyboard_edit.get_value() {
            return;
        }
        let n = size();
        let p = view_sym.get_untracked().inverse().apply(n, shown_at);
        let t = tool.get_untracked();
        if studying() {
            let mut done = false;
            study.update(|s| done = s.as_mut().is_some_and(|s| s.click(&t, p)));
            let stone_tool = matches!(t, Tool::Stone(_) | Tool::Alternate);
            said.set(if !done && stone_tool {
                learn(l, LearnMsg::EditToPlace).to_string()
            } else {
                String::new()
            });
            return;
        }
        editor.update(|e| {
            e.click(&t, p);
        });
        said.set(String::new());
    });
    // Changes the record, if one is open; whether one was.
    let on_record = move |f: &dyn Fn(&mut Study)| {
        let mut open = false;
        study.update(|s| {
            if let Some(s) = s {
                f(s);
                open = true;
            }
        });
        open
    };
    let step = move |delta: i64| {
        on_record(&|s| {
            s.step(delta);
        });
    };
    // To the start of the record or the end of the line shown.
    let go_end = move |end: bool| {
        on_record(&|s| {
            s.step(if end { i64::MAX } else { i64::MIN + 1 });
        });
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        // A record: the previous and next move from the keyboard or a presenter's clicker
        // (Page Up/Down), the arrows staying with the cursor on the grid.
        if studying() {
            let delta = match ev.key().as_str() {
                "PageUp" | "," => -1,
                "PageDown" | "." => 1,
                _ => 0,
            };
            if delta != 0 {
                ev.prevent_default();
                step(delta);
                return;
            }
        }
        keyboard_edit.set_value(true);
        let handled = crate::ui::learn::board_key(&ev, size(), cursor, on_point);
        keyboard_edit.set_value(false);
        if handled {
            return;
        }
        match ev.key().as_str() {
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
        let (n, stones, marks, _) = shown();
        mark_layer(n, &marks, &stones)
    };
    let marks_text = move || {
        let (n, _, marks, _) = shown();
        marks
            .iter()
            .map(|(p, k)| format!("{} {}", n.vertex(*p), k.symbol()))
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
    // The diagram to hand out: the record's range of moves, or the position.
    let svg_now = move || {
        study
            .with_untracked(|s| {
                s.as_ref().map(|s| {
                    s.diagram(
                        range_from.get_untracked().min(s.number()),
                        s.number(),
                        restart.get_untracked(),
                    )
                })
            })
            .unwrap_or_else(|| editor.with_untracked(|e| e.diagram()))
            .to_svg(true)
    };
    let sgf_now = move || {
        study
            .with_untracked(|s| s.as_ref().map(Study::to_sgf))
            .unwrap_or_else(|| editor.with_untracked(|e| e.to_sgf_named(&name.get_untracked())))
    };
    // The file's name: the board's, where it has one.
    let sgf_file = move || {
        let n = name.get_untracked();
        let n = n.trim();
        if study.with_untracked(Option::is_some) || n.is_empty() {
            "position.sgf".to_string()
        } else {
            format!(
                "{}.sgf",
                n.replace(['/', '\\', ':', '*', '?', '"', '<', '>', '|'], "_")
            )
        }
    };
    let export_png = move |_| {
        let svg = svg_now();
        download::offer_png("diagram.png", &svg);
    };
    let play_on = move |_| {
        let sgf = study
            .with_untracked(|s| s.as_ref().map(|s| s.editor().to_sgf()))
            .unwrap_or_else(|| editor.with_untracked(|e| e.to_sgf()));
        let now = crate::web::now_ms();
        if let Ok(imported) = Session::from_sgf(&sgf, GameId(now as u64), now) {
            page::play_game(&imported.session);
        }
    };
    // A record from a file: studied here (saved to the games only if asked).
    let open_record = move |ev: leptos::ev::Event| {
        crate::web::files::on_sgf_chosen(&ev, move |_, text| {
            let now = crate::web::now_ms();
            match Session::from_sgf(&text, GameId(now as u64), now) {
                Ok(imported) => {
                    let root = imported.session.tree.root();
                    start_new(None);
                    study.set(Some(Study::new(imported.session, root)));
                    view_sym.set(Symmetry::Identity);
                    range_from.set(0);
                    said.set(String::new());
                }
                Err(_) => said.set(learn(l, LearnMsg::RecordBroken).into()),
            }
        });
    };
    let save_record = move |_| {
        let saved = study.with_untracked(|s| {
            s.as_ref().map(|s| {
                if storage::stored_revision(s.record.id).is_some() {
                    storage::save_game_in_place(&s.record).map(|_| ())
                } else {
                    storage::save_game(&s.record).map(|_| ())
                }
            })
        });
        said.set(
            learn(
                l,
                if matches!(saved, Some(Ok(()))) {
                    LearnMsg::RecordSaved
                } else {
                    LearnMsg::RecordNotSaved
                },
            )
            .into(),
        );
    };
    let undo = move |_| {
        if !on_record(&|s| {
            s.undo();
        }) {
            editor.update(|e| {
                e.undo();
            });
        }
    };
    let redo = move |_| {
        if !on_record(&|s| {
            s.redo();
        }) {
            editor.update(|e| {
                e.redo();
            });
        }
    };
    let can_undo = move || {
        study
            .with(|s| s.as_ref().map(Study::can_undo))
            .unwrap_or_else(|| editor.with(Editor::can_undo))
    };
    let can_redo = move || {
        study
            .with(|s| s.as_ref().map(Study::can_redo))
            .unwrap_or_else(|| editor.with(Editor::can_redo))
    };
    let comment = move || {
        study
            .with(|s| s.as_ref().map(|s| s.annotation().comment))
            .unwrap_or_else(|| editor.with(|e| e.now.comment.clone()))
    };
    let record_nav = move || {
        let (at, len) = study.with(|s| s.as_ref().map(|s| (s.number(), s.len())))?;
        Some(view! {
            <div class="record-nav">
                <div class="row review-steps">
                    <button id="record-start" on:click=move |_| { go_end(false); }>"|◀"</button>
                    <button id="record-prev" on:click=move |_| step(-1)>"◀"</button>
                    <span id="record-move" class="status">{format!("{} {at} / {len}", learn(l, LearnMsg::RecordMove))}</span>
                    <button id="record-next" on:click=move |_| step(1)>"▶"</button>
                    <button id="record-end" on:click=move |_| { go_end(true); }>"▶|"</button>
                </div>
                <p class="hint">{learn(l, LearnMsg::RecordKeys)}</p>
                <div class="row">
                    <label class="hint">{learn(l, LearnMsg::DiagramFrom)}" "
                        <input id="diagram-from" type="number" min="0" max=at.to_string() inputmode="numeric"
                            prop:value=move || range_from.get().min(at).to_string()
                            on:change=move |ev| range_from.set(event_target_value(&ev).parse().unwrap_or(0)) />
                    </label>
                    <label class="hint"><input id="diagram-restart" type="checkbox" prop:checked=move || restart.get()
                        on:change=move |ev| restart.set(leptos::prelude::event_target_checked(&ev)) />{learn(l, LearnMsg::NumberFromOne)}</label>
                </div>
                <div class="row">
                    <button id="edit-position" on:click=move |_| {
                        let e = study.with_untracked(|s| s.as_ref().map(Study::editor));
                        if let Some(e) = e {
                            study.set(None);
                            start_new(Some(e));
                            view_sym.set(Symmetry::Identity);
                        }
                    }>{learn(l, LearnMsg::EditPosition)}</button>
                    <button id="save-record" on:click=save_record>{learn(l, LearnMsg::SaveRecord)}</button>
                </div>
            </div>
        })
    };
    let sizes = [9u32, 13, 19];
    view! {
        <section class="game teach" class:projector=move || projector.get() aria-labelledby="teach-title">
            // The projector: the question (the comment) and a record's move, large, beside the
            // board (above it on a tall screen).
            {move || {
                if !projector.get() {
                    return None;
                }
                let at = study.with(|s| s.as_ref().map(|s| (s.number(), s.len())));
                let question = comment();
                (at.is_some() || !question.trim().is_empty()).then(|| view! {
                    <div class="projector-side">
                        {at.map(|(n, len)| view! {
                            <p class="projector-move">{format!("{} {n} / {len}", learn(l, LearnMsg::RecordMove))}</p>
                        })}
                        {(!question.trim().is_empty()).then(|| view! {
                            <p id="projector-question" class="projector-question">{question}</p>
                        })}
                    </div>
                })
            }}
            <div class="board-wrap teach-board" data-first="" on:keydown=on_key>
                <Goban view=board_view on_point=on_point board_label=label words=words />
                <svg class="goban mark-layer" aria-hidden="true"
                    viewBox=move || goban::view_box(size(), true, None) inner_html=marks_svg></svg>
                {move || projector.get().then(|| view! {
                    <button id="projector-exit" class="projector-exit" on:click=move |_| leave_projector()>
                        {learn(l, LearnMsg::ExitProjector)}
                    </button>
                })}
            </div>
            <div class="panel">
                <h2 id="teach-title">{learn(l, LearnMsg::TeachBoard)}</h2>
                <Show when=move || !studying()>
                    <label class="comment">{learn(l, LearnMsg::BoardName)}
                        <input id="board-name" type="text" maxlength="60" prop:value=move || name.get()
                            on:input=move |ev| name.set(event_target_value(&ev)) />
                    </label>
                    {move || if not_saved.get() {
                        view! { <p id="board-saved" class="message" role="alert">{learn(l, LearnMsg::BoardNotSaved)}</p> }.into_any()
                    } else {
                        let kept_now = name.with(|n| !n.trim().is_empty());
                        view! { <p id="board-saved" class="hint">{kept_now.then(|| learn(l, LearnMsg::BoardSaved))}</p> }.into_any()
                    }}
                </Show>
                {record_nav}
                <div class="row" role="group" aria-label=learn(l, LearnMsg::BoardSizeLabel)>
                    {sizes.into_iter().map(|n| view! {
                        <button class="choice" data-size=n aria-pressed=move || (!studying() && size().get() as u32 == n).to_string()
                            on:click=move |_| {
                                if let Ok(s) = BoardSize::new(n) {
                                    study.set(None);
                                    start_new(Some(Editor::new(s)));
                                    view_sym.set(Symmetry::Identity);
                                    cursor.set(None);
                                }
                            }>{format!("{n}×{n}")}</button>
                    }).collect_view()}
                    <label class="open-sgf button-like">{learn(l, LearnMsg::OpenRecord)}
                        <input id="open-record" type="file" accept=".sgf,application/x-go-sgf" on:change=open_record />
                    </label>
                </div>
                <div class="row tools" role="group" aria-label=learn(l, LearnMsg::Tools)>{tool_buttons}</div>
                <Show when=move || !studying()>
                    <div class="row">
                        <span class="hint">{learn(l, LearnMsg::ToMove)}</span>
                        <button id="to-move-black" class="choice" aria-pressed=move || editor.with(|e| e.now.to_move == Colour::Black).to_string()
                            on:click=move |_| editor.update(|e| { e.set_to_move(Colour::Black); })>{t(l, Msg::Black)}</button>
                        <button id="to-move-white" class="choice" aria-pressed=move || editor.with(|e| e.now.to_move == Colour::White).to_string()
                            on:click=move |_| editor.update(|e| { e.set_to_move(Colour::White); })>{t(l, Msg::White)}</button>
                    </div>
                </Show>
                <div class="row">
                    <button id="edit-undo" disabled=move || !can_undo() on:click=undo>{t(l, Msg::Undo)}</button>
                    <button id="edit-redo" disabled=move || !can_redo() on:click=redo>{learn(l, LearnMsg::Redo)}</button>
                    <button id="edit-clear" disabled=studying on:click=move |_| editor.update(|e| { e.clear(); })>{learn(l, LearnMsg::ClearBoard)}</button>
                </div>
                <div class="row">
                    <button id="view-rotate" on:click=move |_| view_sym.update(|s| *s = s.then(Symmetry::Rotate90))>{learn(l, LearnMsg::RotateView)}</button>
                    <button id="view-flip" on:click=move |_| view_sym.update(|s| *s = s.then(Symmetry::FlipHorizontal))>{learn(l, LearnMsg::FlipView)}</button>
                    <button id="view-apply" disabled=move || studying() || view_sym.get() == Symmetry::Identity on:click=move |_| {
                        let s = view_sym.get_untracked();
                        editor.update(|e| { e.turn(s); });
                        view_sym.set(Symmetry::Identity);
                    }>{learn(l, LearnMsg::ApplyTurn)}</button>
                    <button id="edit-swap" disabled=studying on:click=move |_| editor.update(|e| { e.swap_colours(); })>{learn(l, LearnMsg::SwapColours)}</button>
                </div>
                <label class="comment">{learn(l, LearnMsg::Comment)}
                    <textarea id="teach-comment" rows="2" prop:value=comment
                        // A position's comment is kept at each keystroke (one undo step for
                        // the typing); a record's node takes it when the field is left.
                        on:input=move |ev| {
                            if !studying() {
                                let text = event_target_value(&ev);
                                editor.update(|e| { e.type_comment(&text); });
                            }
                        }
                        on:change=move |ev| {
                            let text = event_target_value(&ev);
                            if !on_record(&|s| { s.set_comment(&text); }) {
                                editor.update(|e| { e.set_comment(&text); e.end_typing(); });
                            }
                        }></textarea>
                </label>
                <p id="teach-marks" class="hint">{move || {
                    let m = marks_text();
                    if m.is_empty() { String::new() } else { format!("{}：{m}", learn(l, LearnMsg::Marks)) }
                }}</p>
                <div class="row">
                    <button id="export-teach-sgf" on:click=move |_| { download::offer(&sgf_file(), "application/x-go-sgf", &sgf_now()); }>{learn(l, LearnMsg::ExportSgf)}</button>
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
                    <button id="projector" aria-pressed=move || projector.get().to_string() on:click=move |_| {
                        if projector.get_untracked() {
                            leave_projector();
                        } else {
                            crate::web::route::go(&Route::Projector(board.get_untracked()));
                        }
                    }>{learn(l, LearnMsg::Projector)}</button>
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

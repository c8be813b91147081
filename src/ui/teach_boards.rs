//! The teacher's boards kept on this device, listed under 教学棋盘 on 学下棋's page (in its
//! wasm): each by its name, with its size, stones and the start of its question; opened by its
//! address (`#/teach/<id>`), renamed, deleted with an undo. A board is kept by the board screen
//! itself ([`crate::ui::teach`]) as it changes.

use leptos::prelude::*;

use super::i18n::{learn, t, Lang, LearnMsg, Msg};
use crate::session::editor::BoardId;
use crate::session::route::Route;
use crate::session::stored::board::KeptBoard;
use crate::web::{route, storage};

/// The first words of a board's question, for its row.
fn question_start(comment: &str) -> String {
    let line = comment.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut out: String = line.trim().chars().take(24).collect();
    if line.trim().chars().count() > 24 {
        out.push('…');
    }
    out
}

/// What a board's row says under its name: 9×9 · 8 子 · 黑先：A 和 B 哪一手…
fn facts(l: Lang, b: &KeptBoard) -> String {
    let n = b.setup.size.get();
    let mut parts = vec![
        format!("{n}×{n}"),
        format!(
            "{} {}",
            b.setup.stones.len(),
            learn(l, LearnMsg::BoardStones)
        ),
    ];
    let q = question_start(&b.setup.comment);
    if !q.is_empty() {
        parts.push(q);
    }
    parts.join(" · ")
}

#[component]
pub fn TeachBoards(lang: Signal<Lang>) -> impl IntoView {
    let l = lang.get_untracked();
    // Bumped after every change here, to read the list again.
    let version = RwSignal::new(0u32);
    let deleted = RwSignal::new(None::<(BoardId, String)>);
    let renaming = RwSignal::new(None::<BoardId>);
    let delete = move |id: BoardId| {
        if let Some(raw) = storage::delete_board(id) {
            deleted.set(Some((id, raw)));
        }
        version.update(|v| *v += 1);
    };
    let rows = move || {
        version.get();
        storage::list_boards()
            .into_iter()
            .map(|entry| match entry {
                Ok(b) => {
                    let id = b.id;
                    let name = b.name.clone();
                    view! {
                        <li class="game-row board-row" data-board=id.to_string()>
                            <div class="game-title">{b.name.clone()}</div>
                            <div class="hint">{facts(l, &b)}</div>
                            {move || (renaming.get() == Some(id)).then(|| view! {
                                <input class="rename" type="text" maxlength="60" aria-label=learn(l, LearnMsg::BoardName)
                                    prop:value=name.clone()
                                    on:change=move |ev| {
                                        let new = event_target_value(&ev);
                                        if let Some(mut b) = storage::load_board(id).filter(|_| !new.trim().is_empty()) {
                                            b.name = new.trim().to_string();
                                            b.saved_ms = crate::web::now_ms();
                                            let _ = storage::save_board(&b);
                                        }
                                        renaming.set(None);
                                        version.update(|v| *v += 1);
                                    } />
                            })}
                            <div class="row">
                                <button class="open-board primary" on:click=move |_| route::go(&Route::Teach(Some(id)))>
                                    {learn(l, LearnMsg::OpenBoard)}
                                </button>
                                <button class="rename-board" on:click=move |_| renaming.set(Some(id))>{t(l, Msg::Rename)}</button>
                                <button class="delete-board" on:click=move |_| delete(id)>{t(l, Msg::Delete)}</button>
                            </div>
                        </li>
                    }
                    .into_any()
                }
                Err((id, why)) => view! {
                    <li class="game-row board-row damaged" data-board=id.to_string()>
                        <div class="game-title">{learn(l, LearnMsg::BoardDamaged)}</div>
                        <details class="tech">
                            <summary>{t(l, Msg::TechnicalDetail)}</summary>
                            <code>{why.to_string()}</code>
                        </details>
                        <div class="row">
                            <button class="delete-board" on:click=move |_| delete(id)>{t(l, Msg::Delete)}</button>
                        </div>
                    </li>
                }
                .into_any(),
            })
            .collect::<Vec<_>>()
    };
    view! {
        {move || deleted.get().map(|(id, raw)| view! {
            <div class="notice" role="status">
                <span>{learn(l, LearnMsg::BoardDeleted)}</span>
                <button id="undo-delete-board" on:click=move |_| {
                    let _ = storage::restore_board(id, &raw);
                    deleted.set(None);
                    version.update(|v| *v += 1);
                }>{t(l, Msg::UndoDelete)}</button>
            </div>
        })}
        {move || {
            let rows = rows();
            (!rows.is_empty()).then(|| view! {
                <h3 class="kept-boards">{learn(l, LearnMsg::KeptBoards)}</h3>
                <ul id="teach-boards" class="board-list">{rows}</ul>
            })
        }}
    }
}

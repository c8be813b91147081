//! The list of stored games on the home screen: newest first, with players, ranks, size,
//! handicap, result and date; continue, review, rename, delete (with undo), export. A damaged
//! record is shown as damaged, with its raw text to download, and the others still load.

use leptos::prelude::*;

use super::app::Ctx;
use super::i18n::{self, t, Lang, Msg};
use crate::session::Session;
use crate::web::storage::{self, DeleteError, Listed};

/// "黑方 业余2段 – 白方 5级": the players with their ranks in the player's language.
pub fn players(lang: Lang, s: &Session) -> String {
    let name = |c: crate::rules::Colour| {
        let p = s.player(c);
        let mut n = if p.name.is_empty() {
            i18n::colour(lang, c).to_string()
        } else {
            p.name.clone()
        };
        if let Some(r) = s.rank_shown(c) {
            n += &format!(" {}", i18n::rank(lang, r));
        }
        n
    };
    format!(
        "{} – {}",
        name(crate::rules::Colour::Black),
        name(crate::rules::Colour::White)
    )
}

/// Why a game was not deleted, in words: a rank exam still open keeps it, or the storage
/// refused (nothing changed).
fn refused(e: &DeleteError) -> Msg {
    match e {
        DeleteError::ExamRunning => Msg::ExamGameKept,
        DeleteError::Storage(_) => Msg::NotDeleted,
    }
}

#[component]
pub fn GameList() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let lang = ctx.lang;
    // Bumped after every change to the stored games, to read the list again.
    let version = RwSignal::new(0u32);
    let deleted = RwSignal::new(None::<(String, String)>);
    let renaming = RwSignal::new(None::<String>);

    // To its board or its 复盘, by the game's address.
    let open = move |s: Session, review: bool| {
        if review || s.game.result().is_some() {
            crate::web::learn::open_review(s.id, "");
        } else {
            crate::web::route::go(&crate::session::route::Route::Game(s.id));
        }
    };

    let rows = move || {
        version.get();
        ctx.games_changed.get();
        let l = lang.get();
        storage::list_games()
            .into_iter()
            .map(|entry| match entry {
                Listed::Game(s) => {
                    let s = *s;
                    let id = s.id.to_string();
                    let title = if s.title.is_empty() { players(l, &s) } else { format!("{} · {}", s.title, players(l, &s)) };
                    let size = s.game.size();
                    let mut facts = vec![format!("{size}")];
                    if s.setup.handicap >= 2 {
                        facts.push(format!("{} {}", t(l, Msg::Handicap), s.setup.handicap));
                    }
                    facts.push(match s.game.result() {
                        Some(r) => i18n::result_line(l, r),
                        None => i18n::moves_count(l, s.game.moves().len()),
                    });
                    facts.push(s.played_on());
                    // A game of a rank exam still open is not exported (nor deleted) until the
                    // exam is over, as its own screen hides export and share: its export hidden
                    // by the style, the row saying why in words (a title would not show on a
                    // touch screen; a `disabled` or an optional button cost the shell bytes).
                    let locked = storage::exam_locked(&id);
                    if locked {
                        facts.push(t(l, Msg::ExamGameKept).into());
                    }
                    let finished = s.game.result().is_some();
                    let (s1, s2, s3) = (s.clone(), s.clone(), s.clone());
                    let (id1, id2, id3) = (id.clone(), id.clone(), id.clone());
                    view! {
                        <li class="game-row" data-id=id.clone()>
                            <div class="game-title">{title}</div>
                            <div class="hint">{facts.join(" · ")}</div>
                            {move || (renaming.get().as_deref() == Some(id1.as_str())).then(|| view! {
                                <input class="rename" type="text" maxlength="60" placeholder=t(l, Msg::Rename)
                                    on:change={
                                        let s = s3.clone();
                                        move |ev| {
                                            let mut s = s.clone();
                                            s.title = event_target_value(&ev);
                                            let _ = storage::save_game_in_place(&s);
                                            renaming.set(None);
                                            version.update(|v| *v += 1);
                                        }
                                    } />
                            })}
                            <div class="row">
                                {(!finished).then(|| view! {
                                    <button class="continue primary" on:click={
                                        let s = s1.clone();
                                        move |_| open(s.clone(), false)
                                    }>{t(l, Msg::Continue)}</button>
                                })}
                                <button class="review" on:click={
                                    let s = s2.clone();
                                    move |_| open(s.clone(), true)
                                }>{t(l, Msg::Review)}</button>
                                <button class="rename-button" on:click=move |_| renaming.set(Some(id2.clone()))>{t(l, Msg::Rename)}</button>
                                <button class=if locked { "export hidden" } else { "export" } on:click={
                                    let id = s.id;
                                    move |_| crate::web::learn::export(id)
                                }>{t(l, Msg::ExportSgf)}</button>
                                <button class="delete" on:click=move |_| {
                                    match storage::delete_game(&id3) {
                                        Ok(raw) => {
                                            deleted.set(raw.map(|raw| (id3.clone(), raw)));
                                            if ctx.session.with_untracked(|x| x.as_ref().is_some_and(|x| x.id.to_string() == id3)) {
                                                ctx.session.set(None);
                                            }
                                        }
                                        Err(e) => ctx.notice.set(Some(t(l, refused(&e)).into())),
                                    }
                                    version.update(|v| *v += 1);
                                }>{t(l, Msg::Delete)}</button>
                            </div>
                        </li>
                    }
                    .into_any()
                }
                Listed::Damaged { id, raw, why } => {
                    let row_id = id.clone();
                    view! {
                    <li class="game-row damaged" data-id=row_id>
                        <div class="game-title">{t(l, Msg::DamagedGame)}</div>
                        <p class="hint damaged-why">{i18n::record_error(l, &why)}</p>
                        <details class="tech">
                            <summary>{t(l, Msg::TechnicalDetail)}</summary>
                            <code>{why.to_string()}</code>
                        </details>
                        <div class="row">
                            <button class="download-raw" on:click={
                                let (id, raw) = (id.clone(), raw.clone());
                                move |_| {
                                    crate::web::download::offer(&format!("shoutan-damaged-{id}.txt"), "text/plain", &raw);
                                }
                            }>{t(l, Msg::DownloadRaw)}</button>
                            <button class="delete" on:click=move |_| {
                                if let Ok(Some(raw)) = storage::delete_game(&id) {
                                    deleted.set(Some((id.clone(), raw)));
                                }
                                version.update(|v| *v += 1);
                            }>{t(l, Msg::Delete)}</button>
                        </div>
                    </li>
                    }
                    .into_any()
                }
            })
            .collect_view()
    };

    view! {
        <section class="game-list">
            {move || deleted.get().map(|(id, raw)| view! {
                <div class="notice" role="status">
                    <span>{t(lang.get(), Msg::Deleted)}</span>
                    <button id="undo-delete" on:click=move |_| {
                        let _ = storage::restore_game(&id, &raw);
                        deleted.set(None);
                        version.update(|v| *v += 1);
                    }>{t(lang.get(), Msg::UndoDelete)}</button>
                </div>
            })}
            <ul id="games">{rows}</ul>
        </section>
    }
}

//! Counting (第九条) and the result: confirm or dispute the marking, then the result both ways
//! and where to go next.

use leptos::prelude::*;

use super::{now, Play};
use crate::session::route::Route;
use crate::ui::i18n::{self, t, Msg};
use crate::web::route::go;

/// The player whose turn it is to confirm confirms the marking (the computer agrees by itself,
/// in the session).
fn confirm(g: Play) {
    let l = g.lang_now();
    let r = g.act(|s| s.game.next_confirmer().map(|c| s.confirm_count(c)));
    match r.flatten() {
        Some(Ok(Some(result))) => {
            g.tell(i18n::result(l, &result));
            // The counting panel is gone: the keyboard goes to the result.
            crate::ui::focus_soon("result-title");
        }
        Some(Err(e)) => g.say(i18n::counting_error(l, e).into()),
        _ => {}
    }
}

/// A dispute: play resumes (裁判法 第十二条三: 以实战解决).
fn dispute(g: Play) {
    let _ = g.act(|s| s.resume_play(now()));
}

/// The counting panel: the live count and the confirm/dispute buttons. Its elements stay while
/// the marking or the confirmer changes, so the keyboard focus is not lost on the way.
pub(super) fn panel(g: Play) -> AnyView {
    let confirmer = move || g.read(|s| s.game.next_confirmer()).flatten();
    let preview = move || {
        let l = g.lang.get();
        g.read(|s| {
            let r = s.game.count_result();
            i18n::result_line(l, &r)
        })
    };
    view! {
        <Show when=move || confirmer().is_some()>
            <div class="counting">
                <h2>{i18n::text(g.lang, Msg::Counting)}</h2>
                <p class="hint">{i18n::text(g.lang, Msg::CountingHelp)}</p>
                <p id="count-preview">{preview}</p>
                <div class="row">
                    <button id="confirm-count" class="primary" on:click=move |_| confirm(g)>
                        {move || confirmer().map(|c| {
                            // Whose button it is, then what it does: "黑方确认终局", "Black: confirm the count".
                            let l = g.lang.get();
                            let sep = if l == i18n::Lang::Zh { "方" } else { ": " };
                            format!("{}{sep}{}", i18n::colour(l, c), g.tr(Msg::ConfirmCount))
                        })}
                    </button>
                    <button id="dispute" on:click=move |_| dispute(g)>{i18n::text(g.lang, Msg::Dispute)}</button>
                </div>
            </div>
        </Show>
    }
    .into_any()
}

pub(super) fn result(g: Play) -> Option<AnyView> {
    let l = g.lang.get();
    let r = g.read(|s| s.game.result().cloned())??;
    // What Black's count was measured against: half the board, the komi, the handicap's
    // give-back (总则 第九条, 竞赛规定 第二条), so the margin is not a riddle.
    let needed = g
        .read(|s| {
            crate::rules::Needed::of(&r, s.game.rules().komi.half_points(), s.game.handicap())
        })
        .flatten()
        .map(|n| i18n::black_needed(l, &n))
        .unwrap_or_default();
    Some(view! {
        // The result in the player's language only; the SGF notation for programs (and tests)
        // in a data attribute.
        <div class="result" id="result" data-result=r.sgf()>
            <h2 id="result-title" tabindex="-1">{t(l, Msg::GameOver)}</h2>
            <p class="result-words">{i18n::result_line(l, &r)}</p>
            {match r {
                crate::rules::GameResult::Score { black_half, white_half, .. } => Some(view! {
                    <p id="result-count">{i18n::live_count(l, black_half, white_half)}</p>
                    <p id="result-needed" class="hint">{needed}</p>
                }),
                _ => None,
            }}
            <div class="row">
                <button id="review-this" class="primary" on:click=move |_| {
                    // The finished game is stored (the result changed its autosave mark).
                    if let Some(id) = g.read_untracked(|s| s.id) {
                        go(&Route::Review { game: id, at: None });
                    }
                }>{t(l, Msg::ReviewThis)}</button>
                <button id="result-new-game" on:click=move |_| go(&Route::NewGame { capture: false })>{t(l, Msg::NewGame)}</button>
                <button id="result-home" on:click=move |_| go(&Route::Home)>{t(l, Msg::Home)}</button>
            </div>
        </div>
    }
    .into_any())
}

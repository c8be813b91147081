//! The computer on the game screen: its turns (asked when the session says one is due, played
//! only if the game is still where it was asked), the hint and the 形势判断 estimate.

use leptos::prelude::*;

use super::{now, Play};
use crate::session::Applied;
use crate::ui::i18n::{self, t, Msg};

/// Whenever the session says the computer's move is due, ask the worker.
pub(super) fn start(g: Play) {
    // Against the computer, its worker starts with the screen, not on the first move.
    Effect::new(move |_| {
        if g.read(|s| s.setup.computer.is_some()) == Some(true) && !crate::web::bot::warm_up() {
            g.bot_broken.set(true);
        }
    });
    // The position at which the worker last stopped: it is asked once more there (by a new
    // worker), and a second stop at the same position gives up rather than start workers
    // without end (a fault that trapped once traps again).
    let stopped_at = RwSignal::new(None);
    Effect::new(move |_| {
        if g.thinking_for.get().is_some() || g.bot_broken.get() {
            return;
        }
        let Some((at, req)) = g.session.with(|s| s.as_ref().and_then(|s| s.due())) else {
            return;
        };
        g.thinking_for.set(Some(at));
        let sent = crate::web::bot::ask(req, move |reply| {
            if g.thinking_for.get_untracked() != Some(at) {
                return;
            }
            if reply.error == crate::web::bot::WORKER_STOPPED {
                if stopped_at.get_untracked() == Some(at) {
                    g.bot_broken.set(true);
                    unavailable(g);
                }
                stopped_at.set(Some(at));
            }
            g.thinking_for.set(None);
            match g.act(|s| s.apply(at, &reply, now())) {
                Some(Ok(Applied::Moved(judged))) => g.after_move(judged),
                Some(Ok(Applied::Resigned(r))) => g.tell(i18n::result(g.lang_now(), &r)),
                // A stale answer (the game moved on) is dropped.
                Some(Err(_)) | None => {}
            }
        });
        if !sent {
            g.thinking_for.set(None);
            g.bot_broken.set(true);
            unavailable(g);
        }
    });
}

/// Whether the computer is thinking about the position on the board.
pub(super) fn thinking(g: Play) -> bool {
    let key = g.position();
    g.thinking_for.with(|t| t.is_some() && *t == key) && g.playing()
}

/// The game as the bot reads it, and where it stands.
fn asked(g: Play) -> Option<(crate::session::Position, String, crate::rules::BoardSize)> {
    g.read_untracked(|s| {
        (
            s.position(),
            crate::record::sgf::write(&s.game, &[], &[]),
            s.game.size(),
        )
    })
}

/// Tells the player the computer cannot answer (the game goes on between two players).
fn unavailable(g: Play) {
    g.message
        .set(Some(t(g.lang_now(), Msg::BotUnavailable).into()));
}

/// Whether the worker stopped before it answered (said to the player; the next question
/// starts a new worker).
fn failed(g: Play, reply: &crate::web::bot::Reply) -> bool {
    let stopped = reply.error == crate::web::bot::WORKER_STOPPED;
    if stopped {
        unavailable(g);
    }
    stopped
}

/// Hint: the bot's move for the player to move (a strong, quick search).
fn ask_hint(g: Play) {
    let Some((at, sgf, size)) = asked(g) else {
        return;
    };
    let req = crate::web::bot::Request::analysis(sgf, 6_000, 2_000.0, at.moves as u64);
    let sent = crate::web::bot::ask(req, move |reply| {
        let l = g.lang_now();
        if failed(g, &reply) {
            return;
        }
        let p = size.parse_vertex(&reply.mv).ok();
        if p.is_none() && reply.mv == "pass" {
            g.say(t(l, Msg::HintNone).into());
        }
        if p.is_some() {
            g.say(format!(
                "{} {} · {}",
                t(l, Msg::Hint),
                reply.mv,
                i18n::estimate(l, reply.lead)
            ));
        }
        g.hint.set(Some((at, p)));
    });
    if !sent {
        unavailable(g);
    }
}

/// Estimate: ownership and the expected margin, shown on the board until the next move.
fn ask_estimate(g: Play) {
    if g.estimate.with_untracked(|e| e.is_some()) {
        g.estimate.set(None);
        return;
    }
    let Some((at, sgf, _)) = asked(g) else {
        return;
    };
    let req = crate::web::bot::Request::analysis(sgf, 3_000, 1_500.0, at.moves as u64 + 1);
    let sent = crate::web::bot::ask(req, move |reply| {
        let l = g.lang_now();
        if failed(g, &reply) {
            return;
        }
        g.say(i18n::estimate(l, reply.lead));
        g.estimate.set(Some((at, reply)));
    });
    if !sent {
        unavailable(g);
    }
}

/// 提示 and 形势判断 (casual games, not while adjourned; an exam game's style hides them).
pub(super) fn panel(g: Play) -> AnyView {
    let showing = move || {
        let key = g.position();
        g.estimate
            .with(|e| e.as_ref().is_some_and(|(at, _)| Some(*at) == key))
    };
    view! {
        <Show when=move || !g.referee_mode() && !g.sealed() && !g.over()>
            <div class="row actions">
                <Show when=move || g.playing()>
                    <button id="hint" disabled=move || !g.human_to_move() on:click=move |_| ask_hint(g)>{i18n::text(g.lang, Msg::Hint)}</button>
                </Show>
                <button id="estimate" aria-pressed=move || showing().to_string() on:click=move |_| ask_estimate(g)>
                    {move || if showing() { g.tr(Msg::EstimateHide) } else { g.tr(Msg::Estimate) }}
                </button>
            </div>
        </Show>
    }
    .into_any()
}

//! The player's actions: a move, pass, resign, undo — and the questions that guard them.

use leptos::prelude::*;

use super::{now, Dialog, Play};
use crate::rules::{Colour, Move};
use crate::session::ActError;
use crate::ui::dialog::Confirm;
use crate::ui::i18n::{self, t, Msg};

/// The player to move plays `mv`, or is told why not.
pub(super) fn play(g: Play, mv: Move) {
    let l = g.lang_now();
    let outcome = g.act(|s| s.play(mv, now()));
    g.preview.set(None);
    match outcome {
        Some(Ok(judged)) => g.after_move(judged),
        Some(Err(ActError::Play(e))) => g.say(i18n::play_error(l, e).to_string()),
        // The flag had fallen: the session ended the game (超时判负).
        Some(Err(ActError::TimeOut(_))) | None => {}
    }
}

fn resign(g: Play) {
    if let Some(Ok(r)) = g.act(|s| s.resign(now())) {
        g.tell(i18n::result(g.lang_now(), &r));
    }
}

/// Takes back the last move (against the computer, back to the human's turn).
fn undo(g: Play) {
    crate::web::bot::forget_pending();
    g.thinking_for.set(None);
    let _ = g.act(|s| s.take_back(now()));
    g.preview.set(None);
}

/// Pass, undo (an exam game's style hides it), resign; and "thinking…" while the computer
/// searches.
pub(super) fn panel(g: Play) -> AnyView {
    let can_undo = move || {
        g.read(|s| !s.game.moves().is_empty() && s.game.result().is_none())
            .unwrap_or(false)
    };
    let ask_undo = move |_| {
        if g.read_untracked(|s| s.setup.computer.is_some()) == Some(true) {
            undo(g);
            return;
        }
        // Face to face: the opponent is asked on the same device.
        if let Some(Some(m)) = g.read_untracked(|s| s.game.last_move()) {
            g.dialog.set(Some(Dialog::Undo(m.colour)));
        }
    };
    view! {
        <Show when=move || g.playing() && !g.sealed()>
            <div class="row actions">
                <button id="pass" disabled=move || !g.human_to_move() on:click=move |_| g.dialog.set(Some(Dialog::Pass))>{i18n::text(g.lang, Msg::Pass)}</button>
                <button id="undo" disabled=move || !can_undo() on:click=ask_undo>{i18n::text(g.lang, Msg::Undo)}</button>
                <button id="resign" disabled=move || !g.human_to_move() on:click=move |_| g.dialog.set(Some(Dialog::Resign))>{i18n::text(g.lang, Msg::Resign)}</button>
            </div>
            <Show when=move || super::computer::thinking(g)>
                <p id="thinking" class="thinking" aria-live="polite">{i18n::text(g.lang, Msg::Thinking)}</p>
            </Show>
        </Show>
    }
    .into_any()
}

/// The open question, if any: it takes the keyboard until answered.
pub(super) fn dialog(g: Play) -> Option<AnyView> {
    let d = g.dialog.get()?;
    let l = g.lang.get();
    let (text, yes, no) = match d {
        Dialog::Pass => (t(l, Msg::ConfirmPass).to_string(), Msg::Yes, Msg::No),
        Dialog::Resign => {
            let c: Colour = g.read_untracked(|s| s.game.to_move())?;
            (
                format!("{}：{}", i18n::colour(l, c), t(l, Msg::ConfirmResign)),
                Msg::Yes,
                Msg::No,
            )
        }
        Dialog::Referee => (t(l, Msg::OpenRefereePanel).to_string(), Msg::Yes, Msg::No),
        Dialog::Undo(c) => (
            format!("{} {}", i18n::colour(l, c), t(l, Msg::UndoRequest)),
            Msg::Accept,
            Msg::Decline,
        ),
    };
    Some(
        view! {
            <Confirm
                text=text
                yes=t(l, yes).to_string()
                no=t(l, no).to_string()
                on_yes=Callback::new(move |_| {
                    g.dialog.set(None);
                    match d {
                        Dialog::Pass => play(g, Move::Pass),
                        Dialog::Resign => resign(g),
                        Dialog::Undo(_) => undo(g),
                        Dialog::Referee => g.referee_open.set(true),
                    }
                })
                on_no=Callback::new(move |_| {
                    g.dialog.set(None);
                    if let Dialog::Undo(_) = d {
                        g.say(t(g.lang_now(), Msg::UndoDeclined).into());
                    }
                })
            />
        }
        .into_any(),
    )
}

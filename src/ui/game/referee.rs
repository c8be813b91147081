//! The referee's panel (裁判法): warnings with their reasons (a second one loses, 第二十五条二)
//! and verdicts that end the game.

use leptos::prelude::*;

use super::{now, Play};
use crate::rules::referee::{Verdict, WarningReason};
use crate::rules::Colour;
use crate::ui::i18n::{self, t, Msg};

fn warn(g: Play, c: Colour, reason: WarningReason) {
    let l = g.lang_now();
    let words = i18n::warning_reason(l, &reason).to_string();
    let ended = g.act(|s| s.warn(c, reason, now())).flatten();
    g.say(format!(
        "{} {}：{}",
        t(l, Msg::Warn),
        i18n::colour(l, c),
        words
    ));
    if let Some(r) = ended {
        g.tell(i18n::result(l, &r));
        g.referee_open.set(false);
    }
}

fn declare(g: Play, v: Verdict) {
    if let Some(Some(r)) = g.act(|s| s.declare(v, now())) {
        g.tell(i18n::result(g.lang_now(), &r));
    }
    g.referee_open.set(false);
}

pub(super) fn panel(g: Play) -> Option<AnyView> {
    if !g.referee_open.get() || !g.referee_mode() {
        return None;
    }
    let l = g.lang.get();
    let reasons = i18n::warning_reasons();
    let labels: Vec<String> = reasons
        .iter()
        .map(|r| i18n::warning_reason(l, r).to_string())
        .collect();
    // The reason chosen, by its place in the list.
    let chosen = RwSignal::new(0usize);
    let reason = move || {
        let i = chosen.get_untracked();
        i18n::warning_reasons()
            .into_iter()
            .nth(i)
            .unwrap_or(WarningReason::Other(String::new()))
    };
    let warnings = move |c: Colour| g.read(|s| s.referee.warnings(c)).unwrap_or(0);
    let warn_label = move |c: Colour| {
        let l = g.lang.get();
        format!(
            "{} {} ({})",
            t(l, Msg::Warn),
            i18n::colour(l, c),
            warnings(c)
        )
    };
    Some(view! {
        <div class="referee" id="referee-panel">
            <h2>{t(l, Msg::RefereePanel)}</h2>
            <label class="hint">{t(l, Msg::WarningReason)}" "
                <select id="warn-reason" on:change=move |ev| chosen.set(event_target_value(&ev).parse().unwrap_or(0))>
                    {labels.into_iter().enumerate().map(|(i, r)| view! { <option value=i.to_string()>{r}</option> }).collect_view()}
                </select>
            </label>
            <div class="row">
                <button id="warn-black" on:click=move |_| warn(g, Colour::Black, reason())>{move || warn_label(Colour::Black)}</button>
                <button id="warn-white" on:click=move |_| warn(g, Colour::White, reason())>{move || warn_label(Colour::White)}</button>
            </div>
            <h3>{t(l, Msg::Verdicts)}</h3>
            <div class="row">
                <button id="verdict-black-forfeit" on:click=move |_| declare(g, Verdict::Forfeit { loser: Colour::Black })>
                    {format!("{}{}", i18n::colour(l, Colour::Black), t(l, Msg::ForfeitLoss))}
                </button>
                <button id="verdict-white-forfeit" on:click=move |_| declare(g, Verdict::Forfeit { loser: Colour::White })>
                    {format!("{}{}", i18n::colour(l, Colour::White), t(l, Msg::ForfeitLoss))}
                </button>
                <button id="verdict-draw" on:click=move |_| declare(g, Verdict::Draw)>{t(l, Msg::DrawVerdict)}</button>
                <button id="verdict-replay" on:click=move |_| declare(g, Verdict::Replay)>{t(l, Msg::ReplayVerdict)}</button>
                <button id="verdict-none" on:click=move |_| declare(g, Verdict::NoResult)>{t(l, Msg::NoResultVerdict)}</button>
            </div>
            <button id="referee-close" on:click=move |_| g.referee_open.set(false)>{t(l, Msg::Close)}</button>
        </div>
    }
    .into_any())
}

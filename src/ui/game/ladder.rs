//! After a game against the computer: the pupil's ladder counts it once and may offer the next
//! rank (升级) or the one below (降级). The rules of the ladder are the session's
//! ([`crate::session::ladder`]); this only shows the offer and stores the answer.

use leptos::prelude::*;

use super::Play;
use crate::session::ladder::Advice;
use crate::ui::i18n::{self, Lang};

/// The offer panel: nothing until a finished game against the computer earns an offer.
pub(super) fn panel(g: Play) -> impl IntoView {
    let offer = RwSignal::new(None::<(String, Advice)>);
    let taken = RwSignal::new(None::<crate::bot::Level>);
    // Counted once per game (the ladder remembers which games it counted).
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !g.over() {
            return done.unwrap_or(false);
        }
        let advice = g.read_untracked(|s| {
            let mut ladder = crate::web::storage::load_ladder();
            let advice = ladder.record(s);
            let _ = crate::web::storage::save_ladder(&ladder);
            let human = s.setup.computer?.colour.opponent();
            advice.map(|a| (s.player(human).name.trim().to_string(), a))
        });
        offer.set(advice.flatten());
        true
    });
    let answer = move |accept: bool| {
        if let Some((name, advice)) = offer.get_untracked() {
            if accept {
                let level = match advice {
                    Advice::Promote(l) | Advice::Demote(l) => l,
                };
                let mut ladder = crate::web::storage::load_ladder();
                ladder.set_level(&name, level);
                let _ = crate::web::storage::save_ladder(&ladder);
                taken.set(Some(level));
            }
            offer.set(None);
        }
    };
    move || {
        let l = g.lang.get();
        if let Some(level) = taken.get() {
            let text = match l {
                Lang::Zh => format!("下一盘对 {}。", i18n::level_name(l, level)),
                Lang::En => format!("Next game: {}.", i18n::level_name(l, level)),
            };
            return Some(
                view! { <p id="ladder-next" class="message" role="status">{text}</p> }.into_any(),
            );
        }
        let (name, advice) = offer.get()?;
        let (level, up) = match advice {
            Advice::Promote(l) => (l, true),
            Advice::Demote(l) => (l, false),
        };
        let rank = i18n::level_name(l, level);
        let style = i18n::level_style(l, level);
        let text = match (l, up) {
            (Lang::Zh, true) => format!("{}赢得漂亮！升到 {rank} 吗？（{style}）", who(l, &name)),
            (Lang::Zh, false) => format!("{}先降到 {rank} 练一练？（{style}）", who(l, &name)),
            (Lang::En, true) => {
                format!("Well played{}! Move up to {rank}? ({style})", who(l, &name))
            }
            (Lang::En, false) => format!(
                "A hard run{}. Step down to {rank} for now? ({style})",
                who(l, &name)
            ),
        };
        let (yes, no) = match (l, up) {
            (Lang::Zh, true) => ("升级", "先不"),
            (Lang::Zh, false) => ("降级", "先不"),
            (Lang::En, true) => ("Move up", "Not now"),
            (Lang::En, false) => ("Step down", "Not now"),
        };
        Some(
            view! {
                <div id="ladder-offer" class="ladder-offer" role="status">
                    <p>{text}</p>
                    <div class="row">
                        <button id="ladder-accept" class="primary" on:click=move |_| answer(true)>{yes}</button>
                        <button id="ladder-decline" on:click=move |_| answer(false)>{no}</button>
                    </div>
                </div>
            }
            .into_any(),
        )
    }
}

/// "小明，" / ", 小明" — the pupil addressed by name when they gave one.
fn who(l: Lang, name: &str) -> String {
    match (l, name.is_empty()) {
        (_, true) => String::new(),
        (Lang::Zh, false) => format!("{name}，"),
        (Lang::En, false) => format!(", {name}"),
    }
}

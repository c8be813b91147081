//! After a game against the computer: the pupil's ladder counts it once and may offer the next
//! rank (升级) or the one below (降级). The rules of the ladder are the session's
//! ([`crate::session::ladder`]); this only shows the offer and stores the answer.

use leptos::prelude::*;

use super::Play;
use crate::session::ladder::Advice;
use crate::ui::i18n::{self, Lang};

/// The offer panel: nothing until a finished game against the computer earns an offer; after
/// the answer, the next game's rank if it was taken.
pub(super) fn panel(g: Play) -> impl IntoView {
    // (the pupil's name, the offer, taken)
    let offer = RwSignal::new(None::<(String, Advice, bool)>);
    let counted = StoredValue::new(false);
    let answer = move |accept: bool| {
        let Some((name, advice, _)) = offer.get_untracked() else {
            return;
        };
        let (Advice::Promote(level) | Advice::Demote(level)) = advice;
        if accept {
            let mut ladder = crate::web::storage::load_places();
            ladder.set_level(&name, level, crate::web::now_ms() as u64);
            let _ = crate::web::storage::save_places(&ladder);
        }
        offer.set(accept.then_some((name, advice, true)));
    };
    move || {
        // The game is counted once, when it is first seen over (the ladder also remembers
        // which games it counted, across reloads).
        if g.over() && !counted.get_value() {
            counted.set_value(true);
            let found = g.read_untracked(|s| {
                let mut ladder = crate::web::storage::load_places();
                let advice = ladder.record(s, crate::web::now_ms() as u64);
                let _ = crate::web::storage::save_places(&ladder);
                let human = s.setup.computer?.colour.opponent();
                Some((s.player(human).name.trim().to_string(), advice?, false))
            });
            offer.set(found.flatten());
        }
        let (name, advice, taken) = offer.get()?;
        let l = g.lang.get();
        let (level, up) = match advice {
            Advice::Promote(l) => (l, true),
            Advice::Demote(l) => (l, false),
        };
        let rank = i18n::level_name(l, level);
        if taken {
            let text = match l {
                Lang::Zh => format!("下一盘对 {rank}。"),
                Lang::En => format!("Next game: {rank}."),
            };
            return Some(
                view! { <p id="ladder-next" class="message" role="status">{text}</p> }.into_any(),
            );
        }
        let style = i18n::level_style(l, level);
        let (text, yes, no) = match l {
            Lang::Zh => {
                let who = if name.is_empty() { name } else { name + "，" };
                let (ask, yes) = if up {
                    ("赢得漂亮！升", "升级")
                } else {
                    ("先降", "降级")
                };
                (format!("{who}{ask}到 {rank}吗？（{style}）"), yes, "先不")
            }
            Lang::En => {
                let who = if name.is_empty() {
                    name
                } else {
                    format!(", {name}")
                };
                if up {
                    (
                        format!("Well played{who}! Move up to {rank}? ({style})"),
                        "Move up",
                        "Not now",
                    )
                } else {
                    let text = format!("A hard run{who}. Step down to {rank} for now? ({style})");
                    (text, "Step down", "Not now")
                }
            }
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

//! The clock on the game screen: the ticker, the call-outs (shown, spoken, beeped), pause,
//! and the sealed move (封棋).

use leptos::prelude::*;

use super::{now, Play};
use crate::clock::Callout;
use crate::rules::{GameResult, Move};
use crate::ui::i18n::{self, t, Lang, Msg};

/// Every 200 ms the clock is read from timestamps (never counted by ticks): the call-outs due
/// since the last look are shown and spoken, a time-out ends the game (the session decides),
/// and while a clock runs the game is saved every few seconds so a closed page pauses where
/// it was (the heartbeat; every event is saved by the autosave mark).
pub(super) fn start_ticker(g: Play) {
    let last_tick = StoredValue::new(now());
    let last_save = StoredValue::new(now());
    let tick = move || {
        let t = now();
        let since = last_tick.get_value();
        last_tick.set_value(t);
        // The clocks on screen follow `clock_now`. The session is changed by a tick only
        // when a side runs out of time (the game ends): only then is the rest of the screen
        // told. Redrawn five times a second, the whole panel was a long task every 200 ms on
        // a slow Chromebook while the computer thought.
        g.clock_now.set(t);
        let (said, ended) = g
            .session
            .try_update_untracked(|s| {
                s.as_mut().map(|s| {
                    let playing = s.game.is_playing();
                    let said = s.tick(since, t);
                    (said, playing && !s.game.is_playing())
                })
            })
            .flatten()
            .unwrap_or_default();
        if ended {
            g.session.notify();
        }
        let l = g.lang_now();
        if let Some(last) = said.last() {
            // What falls on the same instant is said together: "一分钟，还剩 1 分钟".
            let text = said
                .iter()
                .filter(|c| c.at_ms == last.at_ms)
                .map(|c| i18n::callout(l, c.callout))
                .collect::<Vec<_>>()
                .join(if l == Lang::Zh { "，" } else { ", " });
            g.callout_text.set(Some(text.clone()));
            // The last seconds are said over everything else (assertive), and nothing polite
            // is said while they are; the rest of the call-outs are news like a move.
            if matches!(last.callout, Callout::Count(_) | Callout::TimeOut) {
                g.alert.set(text.clone());
                g.urgent_until.set(t + 1_500);
            } else {
                g.tell(text.clone());
            }
            let (sound, beep) = g.ctx.settings.with_untracked(|s| (s.sound, s.beep));
            if sound {
                crate::web::speech::say(&text, l.tag());
                if beep {
                    let urgent = matches!(last.callout, Callout::Count(_) | Callout::TimeOut);
                    crate::web::sound::beep(urgent);
                }
            }
        }
        g.flush_held();
        let running = g
            .read_untracked(|s| s.clock.as_ref().is_some_and(|c| c.deadline().is_some()))
            .unwrap_or(false);
        if running && t.saturating_sub(last_save.get_value()) >= 5_000 {
            g.ctx.save();
            last_save.set_value(t);
        }
    };
    // Only a game with clocks ticks: an untimed one never wakes the page (a slow Chromebook's
    // battery, and nothing runs while the computer thinks).
    let timed = Memo::new(move |_| g.read(|s| s.clock.is_some()) == Some(true));
    let ticker = StoredValue::new_local(None::<gloo_timers::callback::Interval>);
    Effect::new(move |_| {
        if !timed.get() {
            ticker.set_value(None);
        } else if ticker.with_value(Option::is_none) {
            last_tick.set_value(now());
            ticker.set_value(Some(gloo_timers::callback::Interval::new(200, tick)));
        }
    });
    on_cleanup(move || {
        ticker.try_update_value(|t| *t = None);
    });
}

fn toggle_pause(g: Play) {
    let t = now();
    g.act(|s| {
        if s.is_paused() {
            s.resume(t);
        } else {
            s.pause(t);
        }
    });
}

/// Resumption: the sealed move is revealed and played, or counts as a pass (裁判法 第二十二条).
fn unseal(g: Play) {
    let l = g.lang_now();
    let Some(Some((sealed, result, size))) = g.act(|s| {
        s.unseal(now())
            .map(|(sealed, result)| (sealed, result, s.game.size()))
    }) else {
        return;
    };
    match result {
        Ok(played) => {
            let v = match sealed.mv {
                Move::Play(p) => Some(size.vertex(p)),
                Move::Pass => None,
            };
            g.tell(i18n::announce_move(
                l,
                sealed.colour,
                v.as_deref(),
                played.captured,
            ));
            g.message.set(None);
        }
        Err(_) => g.say(t(l, Msg::SealedPass).into()),
    }
}

/// The last call-out, pause, and sealing.
pub(super) fn panel(g: Play) -> AnyView {
    let lost_on_time = move || {
        g.read(|s| matches!(s.game.result(), Some(GameResult::Time { .. })))
            .unwrap_or(false)
    };
    view! {
        // The last call-out stays with a time-out result: "10，超时判负" is read to the end.
        {move || g.callout_text.get().filter(|_| g.has_clock() && (g.playing() || lost_on_time())).map(|text| view! {
            <p id="callout" class="callout">{text}</p>
        })}
        <Show when=move || g.paused() && !g.sealed() && g.playing()>
            <p class="paused">{i18n::text(g.lang, Msg::Paused)}</p>
        </Show>
        <Show when=move || g.sealed()>
            <div class="sealed">
                <p>{i18n::text(g.lang, Msg::Sealed)}</p>
                <button id="unseal" class="primary" on:click=move |_| unseal(g)>{i18n::text(g.lang, Msg::Unseal)}</button>
            </div>
        </Show>
        <Show when=move || g.playing() && g.has_clock() && !g.sealed()>
            <div class="row actions">
                <button id="pause" on:click=move |_| toggle_pause(g)>
                    {move || if g.paused() { g.tr(Msg::ResumeClock) } else { g.tr(Msg::Pause) }}
                </button>
                <button id="seal" aria-pressed=move || g.sealing.get().to_string() on:click=move |_| {
                    let on = !g.sealing.get_untracked();
                    g.sealing.set(on);
                    g.message.set(on.then(|| t(g.lang_now(), Msg::SealHelp).to_string()));
                }>{i18n::text(g.lang, Msg::Seal)}</button>
            </div>
        </Show>
    }
    .into_any()
}

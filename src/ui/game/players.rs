//! The players' lines (name, rank, captures, clock) and the status line.

use leptos::prelude::*;

use super::Play;
use crate::rules::{Colour, Phase};
use crate::ui::i18n::{self, t, Msg};

/// A side's clock. Built with its line; a tick of the clock (five a second) changes nothing on
/// screen until what is shown changes: its text once a second, its state (running, low). Then
/// its data attributes are set too: the time left and the instant it refers to. Rebuilt at
/// every tick, it was most of the page's work while the computer thought.
fn clock(g: Play, c: Colour) -> Option<AnyView> {
    g.session
        .with_untracked(|s| s.as_ref()?.clock.as_ref().map(|_| ()))?;
    let display = move |at: u64| {
        g.session.with_untracked(|s| {
            let clock = s.as_ref()?.clock.as_ref()?;
            Some((clock.display(c, at), clock.system()))
        })
    };
    // What is shown: (text, running, low), the same for most ticks.
    let shown = Memo::new(move |_| {
        let at = g.clock_now.get();
        let l = g.lang.get();
        g.session.track();
        display(at).map(|(d, system)| {
            (
                i18n::clock_display(l, system, d),
                d.running,
                d.overtime || d.main_ms < 60_000,
            )
        })
    });
    let part =
        move |f: fn(&(String, bool, bool)) -> bool| shown.with(|s| s.as_ref().is_some_and(f));
    // The instant of the last change shown, and the time left then.
    let at = move || {
        shown.track();
        g.clock_now.get_untracked()
    };
    Some(
        view! {
            <span
                class="clock"
                class:running=move || part(|s| s.1)
                class:low=move || part(|s| s.2)
                data-clock=c.letter().to_string()
                data-ms=move || display(at()).map(|(d, _)| d.main_ms).unwrap_or_default().to_string()
                data-at=move || at().to_string()
            >
                {move || shown.with(|s| s.as_ref().map(|s| s.0.clone()).unwrap_or_default())}
            </span>
        }
        .into_any(),
    )
}

/// A player's line. Built again only when who plays changes (name, rank in the player's
/// language, whether there is a clock); a move changes only whose turn it marks and the
/// captures.
pub(super) fn line(g: Play, c: Colour) -> impl IntoView {
    let facts = Memo::new(move |_| {
        let l = g.lang.get();
        g.session.with(|s| {
            let s = s.as_ref()?;
            let p = s.player(c);
            let name = if p.name.is_empty() {
                i18n::colour(l, c).to_string()
            } else {
                p.name.clone()
            };
            let rank = s
                .rank_shown(c)
                .map(|r| i18n::rank(l, r))
                .unwrap_or_default();
            // Whether there is a clock: a line is built with its clock or without.
            Some((name, rank, s.clock.is_some()))
        })
    });
    let to_move = move || {
        g.read(|s| s.game.is_playing() && s.game.to_move() == c)
            .unwrap_or(false)
    };
    let caps = move || {
        let n = g.read(|s| s.game.board().prisoners(c)).unwrap_or(0);
        format!("{} {}", g.tr(Msg::Captures), n)
    };
    let swatch = if c == Colour::Black {
        "swatch black"
    } else {
        "swatch white"
    };
    move || {
        let (name, rank, _) = facts.get()?;
        Some(view! {
            <div class="player-line" class:to-move=to_move data-colour=c.letter().to_string()>
                <span class=swatch></span>
                <span class="pname">{name}</span>
                <span class="prank">{rank}</span>
                <span class="caps">{caps}</span>
                {clock(g, c)}
            </div>
        })
    }
}

/// Whose turn (or 封棋), the live count in counting, the result at the end.
pub(super) fn status(g: Play) -> Option<String> {
    let l = g.lang.get();
    g.session.with(|s| {
        let s = s.as_ref()?;
        let game = &s.game;
        Some(match game.phase() {
            Phase::Playing if s.sealed.is_some() => t(l, Msg::Adjourned).to_string(),
            Phase::Playing => format!(
                "{} {} · {}",
                t(l, Msg::ToMove),
                i18n::colour(l, game.to_move()),
                i18n::moves_count(l, game.moves().len())
            ),
            Phase::Counting(_) => {
                let area = game.area();
                i18n::live_count(l, area.black_half, area.white_half)
            }
            Phase::Over(r) => format!("{}: {}", t(l, Msg::Result), i18n::result_line(l, r)),
        })
    })
}

/// The T key: whose turn and both clocks, e.g. "轮到 黑 · 12 手。黑 9:58，白 10:00".
pub(super) fn turn_and_clocks(g: Play) -> String {
    let l = g.lang_now();
    let at = g.clock_now.get_untracked();
    let status = status(g).unwrap_or_default();
    let clocks = g
        .read_untracked(|s| {
            let clock = s.clock.as_ref()?;
            let each: Vec<String> = [Colour::Black, Colour::White]
                .into_iter()
                .map(|c| {
                    format!(
                        "{} {}",
                        i18n::colour(l, c),
                        i18n::clock_display(l, clock.system(), clock.display(c, at))
                    )
                })
                .collect();
            Some(each.join(if l == i18n::Lang::Zh { "，" } else { ", " }))
        })
        .flatten();
    match clocks {
        Some(c) => format!(
            "{status}{}{c}",
            if l == i18n::Lang::Zh { "。" } else { ". " }
        ),
        None => status,
    }
}

//! The game screen: the board, the players, the actions, counting and the result.
//! Every action is a call into the core; the answer is shown, spoken to screen readers, saved.

use leptos::prelude::*;

use super::app::{Ctx, Screen};
use super::dialog::Confirm;
use super::goban::{BoardView, Goban};
use super::i18n::{self, t, Lang, Msg};
use crate::clock::Callout;
use crate::rules::referee::{Judged, Mode, Verdict, WarningReason};
use crate::rules::{Colour, Game, Move, Phase, Point};
use crate::session::{ActError, Applied, Position};

fn now() -> u64 {
    crate::web::now_ms() as u64
}

/// A question waiting for an answer.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Dialog {
    Pass,
    Resign,
    /// The player who asks to take back their last move.
    Undo(Colour),
    /// Opening the referee panel (so players do not open it by accident).
    Referee,
}

/// What the board shows of a game: stones, the last move, move numbers, and during counting the
/// dead stones and who owns each point. No ghost, preview or cursor.
pub fn view_of(g: &Game, move_numbers: bool, coordinates: bool) -> BoardView {
    let size = g.size();
    let board = g.board();
    let stones: Vec<(Point, Colour)> = size
        .points()
        .filter_map(|p| board.colour_at(p).map(|c| (p, c)))
        .collect();
    let last = g.last_move().and_then(|m| match m.mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    let numbers = if move_numbers {
        // The latest move number on each point that still holds its stone.
        let mut v: Vec<(Point, u32)> = Vec::new();
        for (i, m) in g.moves().iter().enumerate() {
            if let Move::Play(p) = m.mv {
                v.retain(|(q, _)| *q != p);
                v.push((p, i as u32 + 1));
            }
        }
        v.retain(|(p, _)| !board.is_empty(*p));
        v
    } else {
        vec![]
    };
    let (dead, territory) = match g.counting() {
        Some(c) => {
            let area = g.area();
            let dead: Vec<Point> = c
                .dead
                .points()
                .into_iter()
                .filter(|&p| size.contains(p))
                .collect();
            let terr = size
                .points()
                .filter(|&p| board.is_empty(p) || dead.contains(&p))
                .map(|p| (p, area.owner_of(p)))
                .collect();
            (dead, terr)
        }
        None => (vec![], vec![]),
    };
    BoardView {
        stones,
        last,
        numbers,
        dead,
        territory,
        coordinates,
        ..BoardView::empty(size)
    }
}

#[component]
pub fn GameView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let lang = ctx.lang;
    let tr = move |m: Msg| t(lang.get(), m);
    let session = ctx.session;

    let message = RwSignal::new(None::<String>);
    let announce = RwSignal::new(String::new());
    let preview = RwSignal::new(None::<Point>);
    let cursor = RwSignal::new(None::<Point>);
    let dialog = RwSignal::new(None::<Dialog>);
    // 封棋: the next point chosen is the sealed move.
    let sealing = RwSignal::new(false);
    let referee_open = RwSignal::new(false);
    let shared = RwSignal::new(None::<String>);
    let warn_reason = RwSignal::new(0usize);
    // The clock: the time shown, the last call-out, when the ticker last looked.
    let clock_now = RwSignal::new(now());
    let callout_text = RwSignal::new(None::<String>);
    let last_tick = StoredValue::new(now());
    let last_save = StoredValue::new(now());

    let phase = move || session.with(|s| s.as_ref().map(|s| s.game.phase().clone()));
    let playing = move || matches!(phase(), Some(Phase::Playing));
    let counting = move || matches!(phase(), Some(Phase::Counting(_)));

    // The bot's answers shown on the board: a hint and an ownership estimate, each for the
    // position it was asked about (game id and move count) and gone once the game moves on.
    let hint = RwSignal::new(None::<(Position, Option<Point>)>);
    let estimate = RwSignal::new(None::<(Position, crate::web::bot::Reply)>);
    let thinking_for = RwSignal::new(None::<Position>);
    let bot_broken = RwSignal::new(false);
    let position_key = move || session.with(|s| s.as_ref().map(|s| s.position()));
    let sealed = move || session.with(|s| s.as_ref().is_some_and(|s| s.sealed.is_some()));

    let board_view = Memo::new(move |_| {
        let settings = ctx.settings.get();
        let key = position_key();
        let hint_point = hint.with(|h| match h {
            Some((at, p)) if Some(*at) == key => *p,
            _ => None,
        });
        session
            .with(|s| {
                let g = &s.as_ref()?.game;
                let ownership = estimate.with(|e| match e {
                    Some((at, r)) if Some(*at) == key => r.ownership_on(g.size()),
                    _ => vec![],
                });
                // No ghost while adjourned: nothing may hint at the sealed point (封棋).
                let adjourned = s.as_ref()?.sealed.is_some();
                Some(BoardView {
                    ghost: (g.is_playing() && !adjourned).then(|| g.to_move()),
                    preview: if adjourned { None } else { preview.get() },
                    cursor: cursor.get(),
                    hint: hint_point,
                    ownership,
                    ..view_of(g, settings.move_numbers, settings.coordinates)
                })
            })
            .unwrap_or_else(|| BoardView::empty(crate::rules::BoardSize::NINETEEN))
    });

    // Plays at `p` for the player to move, or says why not.
    let play_at = move |p: Point| {
        let l = lang.get_untracked();
        let mut outcome = None;
        session.update(|s| {
            if let Some(s) = s {
                outcome = Some(
                    s.play(Move::Play(p), now())
                        .map(|played| (played, s.game.size().vertex(p))),
                );
            }
        });
        preview.set(None);
        match outcome {
            Some(Ok((Judged::Void { pass, reason }, _))) => {
                // Referee mode: 着手无效，弃权一次.
                let text = format!(
                    "{} — {}",
                    i18n::play_error(l, reason),
                    i18n::void_move(l, pass.colour)
                );
                announce.set(text.clone());
                message.set(Some(text.clone()));
                if ctx.settings.with_untracked(|s| s.sound) {
                    crate::web::speech::say(&i18n::void_move(l, pass.colour), l.tag());
                }
                ctx.save();
            }
            Some(Ok((Judged::Played(played), vertex))) => {
                message.set(None);
                announce.set(i18n::announce_move(
                    l,
                    played.colour,
                    Some(&vertex),
                    played.captured,
                ));
                if ctx.settings.with_untracked(|s| s.sound) {
                    crate::web::sound::stone(played.captured > 0);
                }
                ctx.save();
            }
            Some(Err(ActError::Play(e))) => {
                let text = i18n::play_error(l, e).to_string();
                announce.set(text.clone());
                message.set(Some(text));
            }
            Some(Err(ActError::TimeOut(_))) => {
                ctx.save();
            }
            None => {}
        }
    };

    let on_point = Callback::new(move |p: Point| {
        let l = lang.get_untracked();
        cursor.set(None);
        if counting() {
            let mut r = Ok(());
            session.update(|s| {
                if let Some(s) = s {
                    r = s.toggle_dead(p);
                }
            });
            match r {
                Ok(()) => {
                    message.set(None);
                    ctx.save();
                }
                Err(e) => message.set(Some(i18n::counting_error(l, e).into())),
            }
            return;
        }
        if sealed() {
            // Adjourned, not over: the sealed move is opened with 开封.
            message.set(Some(t(l, Msg::AdjournedHelp).into()));
            return;
        }
        if !playing() {
            return;
        }
        let computers_turn = session.with_untracked(|s| {
            s.as_ref().is_some_and(|s| {
                s.setup
                    .computer
                    .is_some_and(|c| c.colour == s.game.to_move())
            })
        });
        if computers_turn {
            message.set(Some(t(l, Msg::Thinking).into()));
            return;
        }
        if sealing.get_untracked() {
            let mut r = None;
            session.update(|s| {
                if let Some(s) = s {
                    r = Some(s.seal(Move::Play(p), now()));
                }
            });
            match r {
                Some(Ok(())) => {
                    sealing.set(false);
                    message.set(Some(t(l, Msg::Sealed).into()));
                    ctx.save();
                }
                Some(Err(ActError::Play(e))) => message.set(Some(i18n::play_error(l, e).into())),
                Some(Err(ActError::TimeOut(_))) => {
                    sealing.set(false);
                    ctx.save();
                }
                None => {}
            }
            return;
        }
        if ctx.touch_confirm.get_untracked() && preview.get_untracked() != Some(p) {
            // First tap: check the move and show it; the second tap plays it.
            let check = session.with_untracked(|s| {
                s.as_ref()
                    .map(|s| s.game.check(s.game.to_move(), Move::Play(p)))
            });
            match check {
                Some(Ok(())) => {
                    preview.set(Some(p));
                    message.set(Some(t(l, Msg::TapAgain).into()));
                }
                Some(Err(e)) => {
                    preview.set(None);
                    let text = i18n::play_error(l, e).to_string();
                    announce.set(text.clone());
                    message.set(Some(text));
                }
                None => {}
            }
            return;
        }
        play_at(p);
    });

    let do_pass = move || {
        let l = lang.get_untracked();
        let mut r = None;
        session.update(|s| {
            if let Some(s) = s {
                r = Some(s.play(Move::Pass, now()));
            }
        });
        preview.set(None);
        if let Some(Ok(Judged::Played(played) | Judged::Void { pass: played, .. })) = r {
            announce.set(i18n::announce_move(l, played.colour, None, 0));
            message.set(None);
            ctx.save();
        }
    };

    let do_resign = move || {
        let l = lang.get_untracked();
        let mut r = None;
        session.update(|s| r = s.as_mut().and_then(|s| s.resign(now()).ok()));
        if let Some(r) = r {
            announce.set(i18n::result(l, &r));
        }
        ctx.save();
    };

    let do_undo = move || {
        crate::web::bot::forget_pending();
        thinking_for.set(None);
        session.update(|s| {
            if let Some(s) = s {
                let _ = s.take_back(now());
            }
        });
        preview.set(None);
        ctx.save();
    };

    let confirm_count = move || {
        let l = lang.get_untracked();
        let mut r = None;
        session.update(|s| {
            if let Some(s) = s {
                if let Some(c) = s.game.next_confirmer() {
                    r = Some(s.confirm_count(c));
                }
            }
        });
        match r {
            Some(Ok(Some(result))) => announce.set(i18n::result(l, &result)),
            Some(Ok(None)) => {}
            Some(Err(e)) => message.set(Some(i18n::counting_error(l, e).into())),
            None => {}
        }
        ctx.save();
    };

    let dispute = move || {
        session.update(|s| {
            if let Some(s) = s {
                let _ = s.resume_play(now());
            }
        });
        ctx.save();
    };

    // Keyboard: arrows move the cursor, Enter/Space plays there, P passes.
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(size) = session.with_untracked(|s| s.as_ref().map(|s| s.game.size())) else {
            return;
        };
        let n = size.get() as i32;
        let (c, r) = cursor
            .get_untracked()
            .map(|p| {
                let (c, r) = size.col_row(p);
                (c as i32, r as i32)
            })
            .unwrap_or((n / 2, n / 2));
        let moved = match ev.key().as_str() {
            "ArrowLeft" => Some((c - 1, r)),
            "ArrowRight" => Some((c + 1, r)),
            "ArrowUp" => Some((c, r - 1)),
            "ArrowDown" => Some((c, r + 1)),
            _ => None,
        };
        if let Some((c, r)) = moved {
            ev.prevent_default();
            let p = size.checked_point(c.clamp(0, n - 1), r.clamp(0, n - 1));
            cursor.set(p);
            if let Some(p) = p {
                announce.set(size.vertex(p));
            }
            return;
        }
        match ev.key().as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                let p = cursor
                    .get_untracked()
                    .or_else(|| size.checked_point(n / 2, n / 2));
                if let Some(p) = p {
                    on_point.run(p);
                }
            }
            "p" | "P" if playing() => dialog.set(Some(Dialog::Pass)),
            _ => {}
        }
    };

    let clock_line = move |c: Colour| {
        let l = lang.get();
        let t = clock_now.get();
        session.with(|s| {
            let s = s.as_ref()?;
            let clock = s.clock.as_ref()?;
            let d = clock.display(c, t);
            let low = d.overtime || d.main_ms < 60_000;
            Some(view! {
                <span
                    class="clock"
                    class:running=d.running
                    class:low=low
                    data-clock=c.letter().to_string()
                    data-ms=d.main_ms.to_string()
                    data-at=t.to_string()
                >
                    {i18n::clock_display(l, clock.system(), d)}
                </span>
            })
        })
    };

    let player_line = move |c: Colour| {
        let l = lang.get();
        session.with(|s| {
            let s = s.as_ref()?;
            let p = s.player(c);
            let name = if p.name.is_empty() { i18n::colour(l, c).to_string() } else { p.name.clone() };
            let rank = p.rank.as_ref().map(|r| i18n::rank(l, r)).unwrap_or_default();
            let prisoners = s.game.board().prisoners(c);
            let to_move = s.game.is_playing() && s.game.to_move() == c;
            Some(view! {
                <div class="player-line" class:to-move=to_move data-colour=c.letter().to_string()>
                    <span class=format!("swatch {}", if c == Colour::Black { "black" } else { "white" })></span>
                    <span class="pname">{name}</span>
                    <span class="prank">{rank}</span>
                    <span class="caps">{format!("{} {}", t(l, Msg::Captures), prisoners)}</span>
                    {move || clock_line(c)}
                </div>
            })
        })
    };

    let status = move || {
        let l = lang.get();
        session.with(|s| {
            let s = s.as_ref()?;
            let g = &s.game;
            Some(match g.phase() {
                Phase::Playing if s.sealed.is_some() => t(l, Msg::Adjourned).to_string(),
                Phase::Playing => format!(
                    "{} {} · {} {}",
                    t(l, Msg::ToMove),
                    i18n::colour(l, g.to_move()),
                    g.moves().len(),
                    t(l, Msg::Moves)
                ),
                Phase::Counting(_) => {
                    let area = g.area();
                    i18n::live_count(l, &area.black_zi(), &area.white_zi())
                }
                Phase::Over(r) => format!(
                    "{}: {} ({})",
                    t(l, Msg::Result),
                    i18n::result(l, r),
                    r.sgf()
                ),
            })
        })
    };

    let counting_panel = move || {
        let l = lang.get();
        session.with(|s| {
            let s = s.as_ref()?;
            let confirmer = s.game.next_confirmer()?;
            let preview_result = s.game.count_result();
            Some(view! {
                <div class="counting">
                    <h2>{t(l, Msg::Counting)}</h2>
                    <p class="hint">{t(l, Msg::CountingHelp)}</p>
                    <p id="count-preview">{format!("{} · {}", i18n::result(l, &preview_result), preview_result.sgf())}</p>
                    <div class="row">
                        <button id="confirm-count" class="primary" on:click=move |_| confirm_count()>
                            {format!("{} {}", i18n::colour(l, confirmer), t(l, Msg::ConfirmCount))}
                        </button>
                        <button id="dispute" on:click=move |_| dispute()>{t(l, Msg::Dispute)}</button>
                    </div>
                </div>
            })
        })
    };

    let result_panel = move || {
        let l = lang.get();
        session.with(|s| {
            let r = s.as_ref()?.game.result()?.clone();
            Some(view! {
                <div class="result" id="result">
                    <h2>{t(l, Msg::GameOver)}</h2>
                    <p class="result-zh">{r.chinese()}</p>
                    <p class="result-sgf">{r.sgf()}</p>
                    {(l == Lang::En).then(|| view! { <p>{r.english()}</p> })}
                    <div class="row">
                        <button id="review-this" class="primary" on:click=move |_| {
                            ctx.review.set(session.get_untracked());
                            ctx.screen.set(Screen::Review);
                        }>{t(l, Msg::ReviewThis)}</button>
                        <button id="result-new-game" on:click=move |_| ctx.screen.set(Screen::NewGame)>{t(l, Msg::NewGame)}</button>
                        <button id="result-home" on:click=move |_| ctx.screen.set(Screen::Home)>{t(l, Msg::Home)}</button>
                    </div>
                </div>
            })
        })
    };

    let dialog_view = move || {
        let d = dialog.get()?;
        let l = lang.get();
        let (text, yes, no) = match d {
            Dialog::Pass => (
                t(l, Msg::ConfirmPass).to_string(),
                t(l, Msg::Yes),
                t(l, Msg::No),
            ),
            Dialog::Resign => {
                let c = session.with(|s| s.as_ref().map(|s| s.game.to_move()))?;
                (
                    format!("{}：{}", i18n::colour(l, c), t(l, Msg::ConfirmResign)),
                    t(l, Msg::Yes),
                    t(l, Msg::No),
                )
            }
            Dialog::Referee => (
                t(l, Msg::OpenRefereePanel).to_string(),
                t(l, Msg::Yes),
                t(l, Msg::No),
            ),
            Dialog::Undo(c) => (
                format!("{} {}", i18n::colour(l, c), t(l, Msg::UndoRequest)),
                t(l, Msg::Accept),
                t(l, Msg::Decline),
            ),
        };
        Some(view! {
            <Confirm
                text=text
                yes=yes.to_string()
                no=no.to_string()
                on_yes=Callback::new(move |_| {
                    dialog.set(None);
                    match d {
                        Dialog::Pass => do_pass(),
                        Dialog::Resign => do_resign(),
                        Dialog::Undo(_) => do_undo(),
                        Dialog::Referee => referee_open.set(true),
                    }
                })
                on_no=Callback::new(move |_| {
                    dialog.set(None);
                    if let Dialog::Undo(_) = d {
                        message.set(Some(t(lang.get_untracked(), Msg::UndoDeclined).into()));
                    }
                })
            />
        })
    };

    // The ticker: every 200 ms the clock is read from timestamps (never counted by ticks), the
    // call-outs due since the last look are shown and spoken, a time-out ends the game, and a
    // running game is saved every few seconds so a closed page pauses where it was.
    let tick = move || {
        let t = now();
        let since = last_tick.get_value();
        last_tick.set_value(t);
        clock_now.set(t);
        let has_clock = session.with_untracked(|s| s.as_ref().is_some_and(|s| s.clock.is_some()));
        if !has_clock {
            return;
        }
        let was_playing = playing();
        let mut said = Vec::new();
        session.update(|s| {
            if let Some(s) = s {
                said = s.tick(since, t);
            }
        });
        let l = lang.get_untracked();
        if let Some(last) = said.last() {
            // What falls on the same instant is said together: "一分钟，还剩 1 分钟".
            let text = said
                .iter()
                .filter(|c| c.at_ms == last.at_ms)
                .map(|c| i18n::callout(l, c.callout))
                .collect::<Vec<_>>()
                .join(if l == Lang::Zh { "，" } else { ", " });
            callout_text.set(Some(text.clone()));
            let (sound, beep) = ctx.settings.with_untracked(|s| (s.sound, s.beep));
            if sound {
                crate::web::speech::say(&text, l.tag());
                if beep {
                    let urgent = matches!(last.callout, Callout::Count(_) | Callout::TimeOut);
                    crate::web::sound::beep(urgent);
                }
            }
        }
        let ended = was_playing && !playing();
        let heartbeat = t.saturating_sub(last_save.get_value()) >= 5_000
            && session.with_untracked(|s| {
                s.as_ref()
                    .is_some_and(|s| s.clock.as_ref().is_some_and(|c| c.deadline().is_some()))
            });
        if ended || heartbeat {
            ctx.save();
            last_save.set_value(t);
        }
    };
    if let Ok(handle) = set_interval_with_handle(tick, std::time::Duration::from_millis(200)) {
        on_cleanup(move || handle.clear());
    }
    // Answers that arrive after this screen is gone are dropped.
    on_cleanup(crate::web::bot::forget_pending);
    let pagehide = window_event_listener(leptos::ev::pagehide, move |_| ctx.save());
    on_cleanup(move || pagehide.remove());

    let has_clock = move || session.with(|s| s.as_ref().is_some_and(|s| s.clock.is_some()));
    let lost_on_time = move || {
        session.with(|s| {
            s.as_ref().is_some_and(|s| {
                matches!(s.game.result(), Some(crate::rules::GameResult::Time { .. }))
            })
        })
    };
    let paused = move || session.with(|s| s.as_ref().is_some_and(|s| s.is_paused()));
    let toggle_pause = move || {
        let t = now();
        session.update(|s| {
            if let Some(s) = s {
                if s.is_paused() {
                    s.resume(t);
                } else {
                    s.pause(t);
                }
            }
        });
        ctx.save();
    };
    let unseal = move || {
        let l = lang.get_untracked();
        let mut r = None;
        session.update(|s| {
            if let Some(s) = s {
                r = s
                    .unseal(now())
                    .map(|(sealed, result)| (sealed, result, s.game.size()));
            }
        });
        if let Some((sealed, result, size)) = r {
            match result {
                Ok(played) => {
                    let v = match sealed.mv {
                        Move::Play(p) => Some(size.vertex(p)),
                        Move::Pass => None,
                    };
                    announce.set(i18n::announce_move(
                        l,
                        sealed.colour,
                        v.as_deref(),
                        played.captured,
                    ));
                    message.set(None);
                }
                Err(_) => message.set(Some(t(l, Msg::SealedPass).into())),
            }
            ctx.save();
        }
    };

    let referee_mode =
        move || session.with(|s| s.as_ref().is_some_and(|s| s.setup.mode == Mode::Referee));
    let warn = move |c: Colour| {
        let l = lang.get_untracked();
        let reason = i18n::warning_reasons()
            .into_iter()
            .nth(warn_reason.get_untracked())
            .unwrap_or(WarningReason::Other(String::new()));
        let words = i18n::warning_reason(l, &reason).to_string();
        let mut ended = None;
        session.update(|s| {
            if let Some(s) = s {
                ended = s.warn(c, reason, now());
            }
        });
        let text = format!("{} {}：{}", t(l, Msg::Warn), i18n::colour(l, c), words);
        announce.set(text.clone());
        message.set(Some(text));
        if let Some(r) = ended {
            announce.set(i18n::result(l, &r));
            referee_open.set(false);
        }
        ctx.save();
    };
    let declare = move |v: Verdict| {
        let l = lang.get_untracked();
        let mut ended = None;
        session.update(|s| {
            if let Some(s) = s {
                ended = s.declare(v, now());
            }
        });
        if let Some(r) = ended {
            announce.set(i18n::result(l, &r));
        }
        referee_open.set(false);
        ctx.save();
    };
    let export_sgf = move || {
        session.with_untracked(|s| s.as_ref().map(crate::web::download::offer_sgf));
    };
    let warnings =
        move |c: Colour| session.with(|s| s.as_ref().map_or(0, |s| s.referee.warnings(c)));
    let referee_panel = move || {
        if !referee_open.get() || !referee_mode() {
            return None;
        }
        let l = lang.get();
        let reasons: Vec<String> = i18n::warning_reasons()
            .iter()
            .map(|r| i18n::warning_reason(l, r).to_string())
            .collect();
        Some(view! {
            <div class="referee" id="referee-panel">
                <h2>{t(l, Msg::RefereePanel)}</h2>
                <label class="hint">{t(l, Msg::WarningReason)}" "
                    <select id="warn-reason" on:change=move |ev| warn_reason.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {reasons.into_iter().enumerate().map(|(i, r)| view! { <option value=i.to_string()>{r}</option> }).collect_view()}
                    </select>
                </label>
                <div class="row">
                    <button id="warn-black" on:click=move |_| warn(Colour::Black)>
                        {move || format!("{} {} ({})", t(lang.get(), Msg::Warn), i18n::colour(lang.get(), Colour::Black), warnings(Colour::Black))}
                    </button>
                    <button id="warn-white" on:click=move |_| warn(Colour::White)>
                        {move || format!("{} {} ({})", t(lang.get(), Msg::Warn), i18n::colour(lang.get(), Colour::White), warnings(Colour::White))}
                    </button>
                </div>
                <h3>{t(l, Msg::Verdicts)}</h3>
                <div class="row">
                    <button id="verdict-black-forfeit" on:click=move |_| declare(Verdict::Forfeit { loser: Colour::Black })>
                        {format!("{}{}", i18n::colour(l, Colour::Black), t(l, Msg::ForfeitLoss))}
                    </button>
                    <button id="verdict-white-forfeit" on:click=move |_| declare(Verdict::Forfeit { loser: Colour::White })>
                        {format!("{}{}", i18n::colour(l, Colour::White), t(l, Msg::ForfeitLoss))}
                    </button>
                    <button id="verdict-draw" on:click=move |_| declare(Verdict::Draw)>{t(l, Msg::DrawVerdict)}</button>
                    <button id="verdict-replay" on:click=move |_| declare(Verdict::Replay)>{t(l, Msg::ReplayVerdict)}</button>
                    <button id="verdict-none" on:click=move |_| declare(Verdict::NoResult)>{t(l, Msg::NoResultVerdict)}</button>
                </div>
                <button id="referee-close" on:click=move |_| referee_open.set(false)>{t(l, Msg::Close)}</button>
            </div>
        })
    };

    // The computer opponent: whenever the session says its move is due, ask the worker; the
    // session plays the answer only if the game is still where it was asked.
    let computer = move || session.with(|s| s.as_ref().and_then(|s| s.setup.computer));
    Effect::new(move |_| {
        if thinking_for.get().is_some() || bot_broken.get() {
            return;
        }
        let Some((at, req)) = session.with(|s| s.as_ref().and_then(|s| s.due())) else {
            return;
        };
        thinking_for.set(Some(at));
        let sent = crate::web::bot::ask(req, move |reply| {
            if thinking_for.get_untracked() != Some(at) {
                return;
            }
            thinking_for.set(None);
            let l = lang.get_untracked();
            let mut applied = None;
            session.update(|s| applied = s.as_mut().map(|s| s.apply(at, &reply, now())));
            match applied {
                Some(Ok(Applied::Moved(Judged::Played(played)))) => {
                    let vertex = session.with_untracked(|s| {
                        s.as_ref().and_then(|s| match played.mv {
                            Move::Play(p) => Some(s.game.size().vertex(p)),
                            Move::Pass => None,
                        })
                    });
                    announce.set(i18n::announce_move(
                        l,
                        played.colour,
                        vertex.as_deref(),
                        played.captured,
                    ));
                    if ctx.settings.with_untracked(|s| s.sound) && vertex.is_some() {
                        crate::web::sound::stone(played.captured > 0);
                    }
                    message.set(None);
                    ctx.save();
                }
                Some(Ok(Applied::Resigned(r))) => {
                    announce.set(i18n::result(l, &r));
                    ctx.save();
                }
                Some(Ok(Applied::Moved(Judged::Void { .. })) | Err(_)) => ctx.save(),
                None => {}
            }
        });
        if !sent {
            thinking_for.set(None);
            bot_broken.set(true);
            message.set(Some(t(lang.get_untracked(), Msg::BotUnavailable).into()));
        }
    });
    let thinking = move || {
        let key = position_key();
        thinking_for.with(|t| t.is_some() && *t == key) && playing()
    };
    // The game as the bot reads it, and where it stands.
    let asked = move || {
        session.with_untracked(|s| {
            s.as_ref().map(|s| {
                (
                    s.position(),
                    crate::record::sgf::write(&s.game, &[], &[]),
                    s.game.size(),
                    s.game.to_move() == Colour::Black,
                )
            })
        })
    };
    // Hint: the bot's move for the player to move (a strong, quick search).
    let ask_hint = move || {
        let Some((at, sgf, size, black_to_move)) = asked() else {
            return;
        };
        let req = crate::web::bot::Request::analysis(sgf, 6_000, 2_000.0, at.moves as u64);
        let sent = crate::web::bot::ask(req, move |reply| {
            let l = lang.get_untracked();
            let p = size.parse_vertex(&reply.mv).ok();
            if p.is_none() && reply.mv == "pass" {
                message.set(Some(t(l, Msg::HintNone).into()));
            }
            if p.is_some() {
                message.set(Some(format!(
                    "{} {} · {}",
                    t(l, Msg::Hint),
                    reply.mv,
                    i18n::estimate(l, reply.lead, reply.black_win_rate(black_to_move))
                )));
            }
            hint.set(Some((at, p)));
        });
        if !sent {
            message.set(Some(t(lang.get_untracked(), Msg::BotUnavailable).into()));
        }
    };
    // Estimate: ownership and the expected margin, shown on the board until the next move.
    let ask_estimate = move || {
        if estimate.with_untracked(|e| e.is_some()) {
            estimate.set(None);
            return;
        }
        let Some((at, sgf, _, black_to_move)) = asked() else {
            return;
        };
        let req = crate::web::bot::Request::analysis(sgf, 3_000, 1_500.0, at.moves as u64 + 1);
        let sent = crate::web::bot::ask(req, move |reply| {
            let l = lang.get_untracked();
            message.set(Some(i18n::estimate(
                l,
                reply.lead,
                reply.black_win_rate(black_to_move),
            )));
            estimate.set(Some((at, reply)));
        });
        if !sent {
            message.set(Some(t(lang.get_untracked(), Msg::BotUnavailable).into()));
        }
    };
    let showing_estimate = move || {
        let key = position_key();
        estimate.with(|e| e.as_ref().is_some_and(|(at, _)| Some(*at) == key))
    };
    let human_to_move = move || {
        session.with(|s| {
            s.as_ref().is_some_and(|s| {
                s.game.is_playing()
                    && s.setup
                        .computer
                        .is_none_or(|c| c.colour != s.game.to_move())
            })
        })
    };

    let can_undo = move || {
        session.with(|s| {
            s.as_ref()
                .is_some_and(|s| !s.game.moves().is_empty() && s.game.result().is_none())
        })
    };

    view! {
        <section class="game" aria-labelledby="game-title">
            <h1 id="game-title" class="sr-only">{move || tr(Msg::GameTitle)}</h1>
            <div class="board-wrap" tabindex="0" on:keydown=on_key aria-describedby="status">
                <Goban view=board_view.into() on_point=on_point board_label=Signal::derive(move || t(lang.get(), Msg::BoardLabel).to_string()) />
            </div>
            <aside class="panel">
                {move || player_line(Colour::Black)}
                {move || player_line(Colour::White)}
                <p id="status" class="status">{status}</p>
                <p id="message" class="message" role="status">{move || message.get()}</p>
                // The last call-out stays with a time-out result: "10，超时判负" is read to the end.
                {move || callout_text.get().filter(|_| has_clock() && (playing() || lost_on_time())).map(|text| view! {
                    <p id="callout" class="callout" aria-live="assertive">{text}</p>
                })}
                <Show when=move || paused() && !sealed() && playing()>
                    <p class="paused">{move || tr(Msg::Paused)}</p>
                </Show>
                <Show when=move || sealed()>
                    <div class="sealed">
                        <p>{move || tr(Msg::Sealed)}</p>
                        <button id="unseal" class="primary" on:click=move |_| unseal()>{move || tr(Msg::Unseal)}</button>
                    </div>
                </Show>
                <Show when=move || playing() && has_clock() && !sealed()>
                    <div class="row actions">
                        <button id="pause" on:click=move |_| toggle_pause()>
                            {move || if paused() { tr(Msg::ResumeClock) } else { tr(Msg::Pause) }}
                        </button>
                        <button id="seal" aria-pressed=move || sealing.get().to_string() on:click=move |_| {
                            let on = !sealing.get_untracked();
                            sealing.set(on);
                            message.set(on.then(|| tr(Msg::SealHelp).to_string()));
                        }>{move || tr(Msg::Seal)}</button>
                    </div>
                </Show>
                <Show when=move || referee_mode()>
                    <p class="mode-badge" id="mode-badge">{move || tr(Msg::RefereeMode)}</p>
                </Show>
                {referee_panel}
                <Show when=move || playing() && !sealed()>
                    <div class="row actions">
                        <button id="pass" disabled=move || !human_to_move() on:click=move |_| dialog.set(Some(Dialog::Pass))>{move || tr(Msg::Pass)}</button>
                        <button id="undo" disabled=move || !can_undo() on:click=move |_| {
                            if computer().is_some() {
                                thinking_for.set(None);
                                do_undo();
                                return;
                            }
                            let requester = session.with_untracked(|s| s.as_ref().and_then(|s| s.game.last_move()).map(|m| m.colour));
                            if let Some(c) = requester {
                                dialog.set(Some(Dialog::Undo(c)));
                            }
                        }>{move || tr(Msg::Undo)}</button>
                        <button id="resign" disabled=move || !human_to_move() on:click=move |_| dialog.set(Some(Dialog::Resign))>{move || tr(Msg::Resign)}</button>
                    </div>
                    <Show when=move || thinking()>
                        <p id="thinking" class="thinking" aria-live="polite">{move || tr(Msg::Thinking)}</p>
                    </Show>
                </Show>
                <Show when=move || !referee_mode() && !sealed() && session.with(|s| s.as_ref().is_some_and(|s| s.game.result().is_none()))>
                    <div class="row actions">
                        <Show when=move || playing()>
                            <button id="hint" disabled=move || !human_to_move() on:click=move |_| ask_hint()>{move || tr(Msg::Hint)}</button>
                        </Show>
                        <button id="estimate" aria-pressed=move || showing_estimate().to_string() on:click=move |_| ask_estimate()>
                            {move || if showing_estimate() { tr(Msg::EstimateHide) } else { tr(Msg::Estimate) }}
                        </button>
                    </div>
                </Show>
                {counting_panel}
                {result_panel}
                <div class="row actions">
                    <Show when=move || referee_mode() && session.with(|s| s.as_ref().is_some_and(|s| s.game.result().is_none()))>
                        <button id="referee" on:click=move |_| dialog.set(Some(Dialog::Referee))>{move || tr(Msg::RefereePanel)}</button>
                    </Show>
                    <button id="export-sgf" on:click=move |_| export_sgf()>{move || tr(Msg::ExportSgf)}</button>
                    <button id="share" on:click=move |_| {
                        shared.set(session.with_untracked(|s| s.as_ref().map(crate::web::download::share_link)));
                    }>{move || tr(Msg::Share)}</button>
                </div>
                {move || shared.get().map(|link| view! {
                    <label class="hint share">{move || tr(Msg::ShareHelp)}
                        <input id="share-link" type="text" readonly prop:value=link />
                    </label>
                })}
                <div class="row">
                </div>
                <div id="announce" class="sr-only" aria-live="polite">{move || announce.get()}</div>
            </aside>
            {dialog_view}
        </section>
    }
}

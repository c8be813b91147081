//! The game screen: the board, the players, the actions, counting and the result.
//! Every action is a call into the core; the answer is shown, spoken to screen readers, saved.

use leptos::prelude::*;

use super::app::{Ctx, Screen};
use super::goban::{BoardView, Goban};
use super::i18n::{self, t, Lang, Msg};
use crate::rules::{Colour, Move, Phase, Point};

/// A question waiting for an answer.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Dialog {
    Pass,
    Resign,
    /// The player who asks to take back their last move.
    Undo(Colour),
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

    let phase = move || session.with(|s| s.as_ref().map(|s| s.game.phase().clone()));
    let playing = move || matches!(phase(), Some(Phase::Playing));
    let counting = move || matches!(phase(), Some(Phase::Counting(_)));

    let board_view = Memo::new(move |_| {
        let settings = ctx.settings.get();
        session
            .with(|s| {
                let s = s.as_ref()?;
                let g = &s.game;
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
                let numbers = if settings.move_numbers {
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
                Some(BoardView {
                    size,
                    stones,
                    last,
                    numbers,
                    dead,
                    territory,
                    ghost: g.is_playing().then(|| g.to_move()),
                    preview: preview.get(),
                    cursor: cursor.get(),
                    coordinates: settings.coordinates,
                })
            })
            .unwrap_or_else(|| BoardView {
                size: crate::rules::BoardSize::NINETEEN,
                stones: vec![],
                last: None,
                numbers: vec![],
                dead: vec![],
                territory: vec![],
                ghost: None,
                preview: None,
                cursor: None,
                coordinates: true,
            })
    });

    // Plays at `p` for the player to move, or says why not.
    let play_at = move |p: Point| {
        let l = lang.get_untracked();
        let mut outcome = None;
        session.update(|s| {
            if let Some(s) = s {
                outcome = Some(s.play_at(p).map(|played| (played, s.game.size().vertex(p))));
            }
        });
        preview.set(None);
        match outcome {
            Some(Ok((played, vertex))) => {
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
            Some(Err(e)) => {
                let text = i18n::play_error(l, e).to_string();
                announce.set(text.clone());
                message.set(Some(text));
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
                    r = s.game.toggle_dead(p);
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
        if !playing() {
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
                r = Some(s.pass());
            }
        });
        preview.set(None);
        if let Some(Ok(played)) = r {
            announce.set(i18n::announce_move(l, played.colour, None, 0));
            message.set(None);
            ctx.save();
        }
    };

    let do_resign = move || {
        session.update(|s| {
            if let Some(s) = s {
                let c = s.game.to_move();
                let _ = s.game.resign(c);
            }
        });
        ctx.save();
    };

    let do_undo = move || {
        session.update(|s| {
            if let Some(s) = s {
                let _ = s.game.undo();
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
                let _ = s.game.resume_play();
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
                    if counting() {
                        on_point.run(p);
                    } else {
                        play_at(p);
                    }
                }
            }
            "p" | "P" if playing() => dialog.set(Some(Dialog::Pass)),
            _ => {}
        }
    };

    let player_line = move |c: Colour| {
        let l = lang.get();
        session.with(|s| {
            let s = s.as_ref()?;
            let p = s.player(c);
            let name = if p.name.is_empty() { i18n::colour(l, c).to_string() } else { p.name.clone() };
            let rank = super::i18n::ranks()
                .into_iter()
                .find(|(v, _, _)| !v.is_empty() && *v == p.rank)
                .map(|(_, zh, en)| if l == Lang::Zh { zh } else { en })
                .unwrap_or_default();
            let prisoners = s.game.board().prisoners(c);
            let to_move = s.game.is_playing() && s.game.to_move() == c;
            Some(view! {
                <div class="player-line" class:to-move=to_move data-colour=c.letter().to_string()>
                    <span class=format!("swatch {}", if c == Colour::Black { "black" } else { "white" })></span>
                    <span class="pname">{name}</span>
                    <span class="prank">{rank}</span>
                    <span class="caps">{format!("{} {}", t(l, Msg::Captures), prisoners)}</span>
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
                    <button class="primary" on:click=move |_| ctx.screen.set(Screen::NewGame)>{t(l, Msg::NewGame)}</button>
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
            Dialog::Undo(c) => (
                format!("{} {}", i18n::colour(l, c), t(l, Msg::UndoRequest)),
                t(l, Msg::Accept),
                t(l, Msg::Decline),
            ),
        };
        let label = text.clone();
        Some(view! {
            <div class="dialog-backdrop">
                <div class="dialog" role="alertdialog" aria-label=label>
                    <p>{text}</p>
                    <div class="row">
                        <button id="dialog-yes" class="primary" on:click=move |_| {
                            dialog.set(None);
                            match d {
                                Dialog::Pass => do_pass(),
                                Dialog::Resign => do_resign(),
                                Dialog::Undo(_) => do_undo(),
                            }
                        }>{yes}</button>
                        <button id="dialog-no" on:click=move |_| {
                            dialog.set(None);
                            if let Dialog::Undo(_) = d {
                                message.set(Some(t(lang.get_untracked(), Msg::UndoDeclined).into()));
                            }
                        }>{no}</button>
                    </div>
                </div>
            </div>
        })
    };

    let can_undo = move || {
        session.with(|s| {
            s.as_ref()
                .is_some_and(|s| !s.game.moves().is_empty() && s.game.result().is_none())
        })
    };

    view! {
        <section class="game">
            <div class="board-wrap" tabindex="0" on:keydown=on_key aria-describedby="status">
                <Goban view=board_view.into() on_point=on_point />
            </div>
            <aside class="panel">
                {move || player_line(Colour::Black)}
                {move || player_line(Colour::White)}
                <p id="status" class="status">{status}</p>
                <p id="message" class="message" role="status">{move || message.get()}</p>
                <Show when=playing>
                    <div class="row actions">
                        <button id="pass" on:click=move |_| dialog.set(Some(Dialog::Pass))>{move || tr(Msg::Pass)}</button>
                        <button id="undo" disabled=move || !can_undo() on:click=move |_| {
                            let requester = session.with_untracked(|s| s.as_ref().and_then(|s| s.game.last_move()).map(|m| m.colour));
                            if let Some(c) = requester {
                                dialog.set(Some(Dialog::Undo(c)));
                            }
                        }>{move || tr(Msg::Undo)}</button>
                        <button id="resign" on:click=move |_| dialog.set(Some(Dialog::Resign))>{move || tr(Msg::Resign)}</button>
                    </div>
                </Show>
                {counting_panel}
                {result_panel}
                <div id="announce" class="sr-only" aria-live="polite">{move || announce.get()}</div>
            </aside>
            {dialog_view}
        </section>
    }
}

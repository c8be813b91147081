//! Review: step through a game — buttons, ←/→, Home/End, a slider — with move numbers,
//! captures, comments and marks at each point and the result at the end; the variations of an
//! imported record open from their branch point; "play from here" starts a new game; the
//! teacher's board takes the record to mark it up. It runs in 学下棋's wasm (the page hands the
//! game over through storage: `web::learn::open_review`), not in the app shell.

use leptos::prelude::*;

use super::game::view_of;
use super::goban::Goban;
use super::i18n::{self, t, Lang, Msg};
use crate::rules::{Colour, Move, Point};
use crate::session::Session;
use crate::web::{learn as page, storage};

/// Review of `record`; `on_teach` takes it to the teacher's board at the move shown (of the
/// main line).
#[component]
pub fn Review(
    lang: Signal<Lang>,
    record: Session,
    on_teach: Callback<(Session, usize)>,
) -> impl IntoView {
    let settings = storage::load_settings();
    // The record never changes here: kept, not watched.
    let review = StoredValue::new(record);
    // The line shown: the main line, or a variation (then `at` counts its moves).
    let line = RwSignal::new(None::<usize>);
    let total = move || {
        review.with_value(|s| match line.get() {
            Some(v) => s.variations.get(v).map_or(0, |v| v.moves.len()),
            None => s.game.moves().len(),
        })
    };
    let at = RwSignal::new(total());

    let position = Memo::new_with_compare(
        move |_| {
            review.with_value(|s| match line.get() {
                Some(v) => s.variation_at(v, at.get()),
                None => Some(s.game_at(at.get())),
            })
        },
        |_, _| true,
    );
    // The bot's estimate of the position shown: (line, step, ownership), cleared by stepping.
    let estimate = RwSignal::new(None::<(Option<usize>, usize, crate::web::bot::Reply)>);
    let board_view = Signal::derive(move || {
        let own = estimate.with(|e| match e {
            Some((l, n, r)) if *l == line.get() && *n == at.get() => Some(r.clone()),
            _ => None,
        });
        position.with(|g| match g {
            Some(g) => super::goban::BoardView {
                ownership: own.map(|r| r.ownership_on(g.size())).unwrap_or_default(),
                ..view_of(g, settings.move_numbers, settings.coordinates)
            },
            None => super::goban::BoardView::empty(crate::rules::BoardSize::NINETEEN),
        })
    });
    let estimate_text = RwSignal::new(None::<String>);
    let ask_estimate = move || {
        let Some((sgf, black_to_move)) = position.with_untracked(|g| {
            g.as_ref().map(|g| {
                (
                    crate::record::sgf::write(g, &[], &[]),
                    g.to_move() == Colour::Black,
                )
            })
        }) else {
            return;
        };
        let key = (line.get_untracked(), at.get_untracked());
        let req = crate::web::bot::Request::analysis(sgf, 3_000, 1_500.0, key.1 as u64 + 1);
        let sent = crate::web::bot::ask(req, move |reply| {
            let l = lang.get_untracked();
            let rate = reply.black_win_rate(black_to_move);
            estimate_text.set(Some(i18n::estimate(l, reply.lead, rate)));
            estimate.set(Some((key.0, key.1, reply)));
        });
        if !sent {
            estimate_text.set(Some(t(lang.get_untracked(), Msg::BotUnavailable).into()));
        }
    };
    on_cleanup(crate::web::bot::forget_pending);
    let go = move |n: i64| at.set(n.clamp(0, total() as i64) as usize);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let n = at.get_untracked() as i64;
        match ev.key().as_str() {
            "ArrowLeft" => go(n - 1),
            "ArrowRight" => go(n + 1),
            "Home" => go(0),
            "End" => go(total() as i64),
            _ => return,
        }
        ev.prevent_default();
    };

    // Inside a variation: where it branched, how far in, and the way back.
    let variation_info = move || {
        let l = lang.get();
        let v = line.get()?;
        let n = at.get();
        let (after, len) =
            review.with_value(|s| s.variations.get(v).map(|v| (v.after_moves, v.moves.len())))?;
        let note = review.with_value(|s| note_at(s, Some(v), n));
        Some(view! {
            <p id="review-move" class="status">{format!("{} {} · {} {} / {}", t(l, Msg::Variation), v + 1, t(l, Msg::MoveNumber), after + n, after + len)}</p>
            {note}
            <button id="main-line" on:click=move |_| {
                line.set(None);
                at.set(after);
            }>{t(l, Msg::MainLine)}</button>
        }
        .into_any())
    };

    // Who played, where and when, and the result: as an imported record states them.
    let header = move || {
        let l = lang.get();
        review.with_value(|s| {
            let mut facts = Vec::new();
            if !s.event.is_empty() {
                facts.push(s.event.clone());
            }
            facts.push(s.played_on());
            if let Some(r) = s.game.result() {
                facts.push(i18n::result(l, r));
            }
            Some(view! {
                <p id="review-players" class="review-players">{super::game_list::players(l, s)}</p>
                <p id="review-facts" class="hint">{facts.join(" · ")}</p>
            })
        })
    };
    let info = move || {
        let l = lang.get();
        let n = at.get();
        if line.get().is_some() {
            return variation_info();
        }
        review.with_value(|s| {
            let g = position.get()?;
            let last = n.checked_sub(1).and_then(|i| s.game.moves().get(i).copied());
            let note = note_at(s, None, n);
            let branches: Vec<(usize, String)> = s
                .variations
                .iter()
                .enumerate()
                .filter(|(_, v)| v.after_moves == n)
                .map(|(i, v)| {
                    let first = v.moves.first().map_or(String::new(), |&(c, mv)| match mv {
                        Move::Play(p) => format!("{} {}", i18n::colour(l, c), g.size().vertex(p)),
                        Move::Pass => i18n::colour(l, c).to_string(),
                    });
                    (i, first)
                })
                .collect();
            let what = match last {
                Some(m) => {
                    let v = match m.mv {
                        Move::Play(p) => Some(g.size().vertex(p)),
                        Move::Pass => None,
                    };
                    i18n::announce_move(l, m.colour, v.as_deref(), m.captured)
                }
                None => String::new(),
            };
            let caps = format!(
                "{} {} {} · {} {}",
                t(l, Msg::Captures),
                i18n::colour(l, Colour::Black),
                g.board().prisoners(Colour::Black),
                i18n::colour(l, Colour::White),
                g.board().prisoners(Colour::White)
            );
            let result = (n == s.game.moves().len())
                .then(|| s.game.result().map(|r| format!("{} ({})", i18n::result(l, r), r.sgf())))
                .flatten();
            Some(view! {
                <p id="review-move" class="status">{format!("{} {} / {} · {}", t(l, Msg::MoveNumber), n, s.game.moves().len(), what)}</p>
                <p class="hint">{caps}</p>
                {note}
                {(!branches.is_empty()).then(|| view! {
                    <div class="row variations">
                        {branches.into_iter().enumerate().map(|(k, (i, first))| view! {
                            <button class="variation" data-variation=i.to_string() on:click=move |_| {
                                line.set(Some(i));
                                at.set(1);
                            }>{format!("{} {} · {}", t(l, Msg::Variation), k + 1, first)}</button>
                        }).collect_view()}
                    </div>
                })}
                {result.map(|r| view! { <p id="review-result" class="result-zh">{r}</p> })}
            }
            .into_any())
        })
    };

    // A new game from the position shown, stored and handed to the page to play.
    let play_from_here = move || {
        let now = crate::web::now_ms();
        let id = crate::session::GameId(now as u64);
        let next = review.with_value(|s| match line.get_untracked() {
            Some(v) => s
                .variation_at(v, at.get_untracked())
                .map(|g| s.continue_from_position(&g, id, now)),
            None => Some(s.continue_from(at.get_untracked(), id, now)),
        });
        if let Some(s) = next {
            page::play_game(&s);
        }
    };
    let teach = move || {
        // In a variation, `at` counts its moves: the teacher's board opens at its branch point.
        let n = match line.get_untracked() {
            Some(v) => review.with_value(|s| s.variations.get(v).map_or(0, |v| v.after_moves)),
            None => at.get_untracked(),
        };
        on_teach.run((review.get_value(), n));
    };
    let export = move || {
        review.with_value(crate::web::download::offer_sgf);
    };
    let no_click = Callback::new(|_: Point| {});
    let shared = RwSignal::new(None::<String>);

    view! {
        <section class="game review">
            <div class="board-wrap" tabindex="0" on:keydown=on_key>
                <Goban view=board_view on_point=no_click board_label=Signal::derive(move || t(lang.get(), Msg::BoardLabel).to_string()) />
            </div>
            <div class="panel">
                <h2 class="screen-title">{super::i18n::text(lang, Msg::Review)}</h2>
                {header}
                {info}
                <input id="review-slider" type="range" min="0" max=move || total().to_string()
                    aria-label=super::i18n::text(lang, Msg::ReviewMove)
                    prop:value=move || at.get().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0)) />
                <div class="row review-steps">
                    <button id="review-start" aria-label=super::i18n::text(lang, Msg::ReviewFirst) on:click=move |_| go(0)>"|◀"</button>
                    <button id="review-prev" aria-label=super::i18n::text(lang, Msg::ReviewPrev) on:click=move |_| go(at.get_untracked() as i64 - 1)>"◀"</button>
                    <button id="review-next" aria-label=super::i18n::text(lang, Msg::ReviewNext) on:click=move |_| go(at.get_untracked() as i64 + 1)>"▶"</button>
                    <button id="review-end" aria-label=super::i18n::text(lang, Msg::ReviewLast) on:click=move |_| go(total() as i64)>"▶|"</button>
                </div>
                {move || shared.get().map(|link| view! {
                    <label class="hint share">{super::i18n::text(lang, Msg::ShareHelp)}
                        <input id="share-link" type="text" readonly prop:value=link />
                    </label>
                })}
                {move || {
                    let shown = estimate.with(|e| {
                        e.as_ref().is_some_and(|(l, n, _)| *l == line.get() && *n == at.get())
                    });
                    estimate_text.get().filter(|_| shown).map(|text| view! { <p id="review-estimate" class="message">{text}</p> })
                }}
                <div class="row actions">
                    <button id="review-estimate-button" on:click=move |_| ask_estimate()>{super::i18n::text(lang, Msg::Estimate)}</button>
                    <button id="play-from-here" on:click=move |_| play_from_here()>{super::i18n::text(lang, Msg::PlayFromHere)}</button>
                    <button id="review-teach" on:click=move |_| teach()>{super::i18n::text(lang, Msg::OnTeachBoard)}</button>
                    <button id="review-export" on:click=move |_| export()>{super::i18n::text(lang, Msg::ExportSgf)}</button>
                    <button id="share" on:click=move |_| {
                        shared.set(Some(review.with_value(crate::web::download::share_link)));
                    }>{super::i18n::text(lang, Msg::Share)}</button>
                    <button id="review-home" on:click=move |_| page::close()>{super::i18n::text(lang, Msg::Home)}</button>
                </div>
            </div>
        </section>
    }
}

/// The comments and the marks of a node, as text under the move (the teacher's board draws
/// the marks): on the main line after `n` moves, or in variation `line` after `n` of its own.
fn note_at(s: &Session, line: Option<usize>, n: usize) -> Option<impl IntoView> {
    let size = s.game.size();
    let (comment, marks) = s.notes_at(line, n);
    let note = Some(comment)
        .filter(|c| !c.is_empty())
        .into_iter()
        .chain(
            marks
                .iter()
                .map(|m| format!("{} {}", m.kind.symbol(), size.vertex(m.point))),
        )
        .collect::<Vec<_>>()
        .join("\n");
    (!note.is_empty()).then(|| view! { <p id="review-note" class="note">{note}</p> })
}

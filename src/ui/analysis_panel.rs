//! 复盘's analysis panel under the review board, in 学下棋's wasm: the pass's progress while it
//! runs, the lead graph, the words at the move shown, each player's mistakes (the lessons the
//! filter chooses), the unit, and the table for screen readers. It reads the pass's analysis
//! and redraws only what a publication changed (the graph's line and marks, the words at the
//! move, the list items whose words changed): the panel is made once per filter and unit.

use leptos::prelude::*;

use super::analysis::{self, Filter};
use super::i18n::{learn, Lang, LearnMsg};
use super::line::{LineCtl, LinePanel};
use super::pass::{stop_pass, thorough_line, Pass};
use crate::bot::review::Class;
use crate::rules::Colour;
use crate::web::storage;

/// What the player chose to see of the analysis: which mistakes, in which unit.
#[derive(Clone, Copy)]
pub(super) struct Choice {
    pub filter: RwSignal<Filter>,
    /// The lessons the filter shows.
    pub lessons: Memo<Vec<crate::bot::explain::Explained>>,
    pub unit: RwSignal<analysis::Unit>,
    /// Whether the table for screen readers is open.
    pub table_open: RwSignal<bool>,
}

/// The words at the move shown: the move, its head, its lesson's words, the rules' facts.
type Here = (usize, String, Option<String>, Vec<String>);

/// How many items of each list the panel's first draw makes (the rest a task later).
const FIRST_ITEMS: usize = 6;

/// A mistake in a player's list, as it reads (its key: an item is redrawn only when its words
/// change).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Item {
    n: usize,
    first: usize,
    last: usize,
    class: char,
    text: String,
    why: String,
}

/// Steps `stage` up to `last`, one 0-ms task at a time.
fn step_through(stage: RwSignal<u8>, last: u8) {
    gloo_timers::callback::Timeout::new(0, move || {
        let now = stage.try_update(|s| {
            *s += 1;
            *s
        });
        if now.is_some_and(|s| s < last) {
            step_through(stage, last);
        }
    })
    .forget();
}

/// The analysis under the review: progress while it runs, the graph, the mistakes of each
/// player, the words at a mistake, the table for screen readers.
pub(super) fn analysis_view(
    l: Lang,
    p: Pass,
    choice: Choice,
    shown: Memo<Vec<usize>>,
    current: Memo<Option<usize>>,
    pick: Callback<usize>,
    line: LineCtl,
) -> impl IntoView {
    // Three parts that change apart: the progress at every answer, the note, the body only
    // when the analysis is published or the filter changes.
    // Made when a pass starts; each answer then changes only its count and bar (a row rebuilt
    // at every answer cost the page a layout and a paint of everything below it).
    let is_running = Memo::new(move |_| p.progress.with(Option::is_some));
    let running = move || {
        is_running.get().then(|| {
            // The words change when the pass turns to the flagged moves; the count and the bar
            // at each answer, each in a box of its own (style/main.css).
            let deep = Memo::new(move |_| p.progress().is_some_and(|(deep, _, _)| deep));
            let words = move || {
                learn(l, if deep.get() { LearnMsg::Deepening } else { LearnMsg::Analysing })
            };
            let count = move || p.progress().map(|(_, done, of)| format!("{done} / {of}"));
            view! {
                <div class="row analysis-progress">
                    <label>{words}" "<span class="count">{count}</span>
                        <progress id="analysis-progress" max=move || p.progress().map_or(0, |(_, _, of)| of).to_string() value=move || p.progress().map_or(0, |(_, done, _)| done).to_string()></progress>
                    </label>
                    <button id="analysis-stop" on:click=move |_| stop_pass(p)>{learn(l, LearnMsg::AnalyseStop)}</button>
                </div>
            }
        })
    };
    let note = move || {
        p.note
            .get()
            .map(|m| view! { <p id="analysis-note" class="hint" role="status">{learn(l, m)}</p> })
    };
    let Choice {
        filter,
        lessons,
        unit,
        table_open,
    } = choice;
    // The move whose words are on screen.
    let reading = StoredValue::new(None::<usize>);
    // Made once there is something to show (again when the pupil changes the filter or the
    // unit): each publication of the pass then redraws only what reads the analysis — the
    // graph, the words at the move, the lists when their lessons change — not the whole panel.
    let shown_any = Memo::new(move |_| {
        p.analysis
            .with(|a| a.as_ref().is_some_and(|a| a.done() > 0))
    });
    // Made a task after the analysis first comes (the task that publishes it also ends the
    // quick pass and stores it: together they held a slow machine's page over 50 ms).
    let ready = RwSignal::new(false);
    Effect::new(move |_| {
        if shown_any.get() {
            gloo_timers::callback::Timeout::new(0, move || {
                ready.try_set(true);
            })
            .forget();
        } else {
            ready.set(false);
        }
    });
    let body = move || {
        (shown_any.get() && ready.get()).then(|| {
        let size = p.review.with_value(|s| s.game.size());
        let f = filter.get();
        let w = analysis::Words::new(l, unit.get(), f);
        let u = w.unit;
        // The panel is drawn in stages, a task each (drawn at once, its first draw held a slow
        // machine's page for over 100 ms): 0 the graph's line and the words at the move; 1 the
        // graph's marks, the first items of each list and what is under the lists; 2 the rest
        // of the lists.
        let stage = RwSignal::new(0u8);
        step_through(stage, 2);
        let later = Memo::new(move |_| stage.get() >= 1);
        let all = Memo::new(move |_| stage.get() >= 2);
        // Each list is made once; its items are keyed by what they say, so a publication that
        // refines the lessons replaces only the items whose words changed (the others keep their
        // buttons, and the pupil's place), and one that changes nothing of a player's touches
        // nothing of their list.
        let list = move |c: Colour| {
            let items = Memo::new(move |_| {
                lessons.with(|ls| {
                    ls.iter()
                        .filter(|m| m.colour == c)
                        .map(|m| {
                            let text = analysis::card_words(w, size, m);
                            Item {
                                n: m.number,
                                first: m.first,
                                last: m.last,
                                class: m.class.key(),
                                text,
                                why: m.words(size, l == Lang::Zh),
                            }
                        })
                        .collect::<Vec<_>>()
                })
            });
            let item = move |i: Item| {
                let n = i.n;
                view! {
                    <li><button class="mistake" data-move=n.to_string() data-class=i.class.to_string()
                        data-first=i.first.to_string() data-last=i.last.to_string()
                        aria-current=move || (current.get() == Some(n)).then_some("true") on:click=move |_| pick.run(n)>
                        <span class="mistake-moves">{i.text}</span>
                        <span class="mistake-why">{i.why}</span>
                    </button></li>
                }
            };
            view! {
                <div class="mistakes" data-colour=if c == Colour::Black { "black" } else { "white" }>
                    <h3>{format!("{}{}", super::i18n::colour(l, c), learn(l, LearnMsg::MistakesOf))}</h3>
                    {move || items.with(Vec::is_empty).then(|| view! { <p class="hint">{learn(l, LearnMsg::NoMistakes)}</p> })}
                    <ol><For each=move || items.with(|v| v.iter().take(if all.get() { v.len() } else { FIRST_ITEMS }).cloned().collect::<Vec<_>>())
                        key=Item::clone children=item /></ol>
                </div>
            }
        };
        // The words at the move shown, when it lost points (缓手 and worse): a publication of
        // the pass redraws them only when they change. While the thorough pass runs they change
        // only once the move's own two positions have been read closely (and when the pass
        // ends): refined a position at a time, they could go back and forth (损失 3 子 → 2.5 →
        // 3), and the pupil reads them while the line says the computer is still looking.
        let looking = Memo::new(move |_| p.thorough.with(|t| t.is_some_and(|(done, of)| done < of)));
        let closely = crate::bot::review::thorough_visits(size);
        let held = StoredValue::new(None::<Here>);
        let here = Memo::new(move |_| {
            let n = current.get().filter(|&n| n >= 1)?;
            let settled = !looking.get()
                || p.analysis.with(|a| {
                    a.as_ref().and_then(|a| a.steps.get(n - 1..=n)).is_some_and(|s| {
                        s.iter().all(|s| s.as_ref().is_some_and(|s| s.visits >= closely))
                    })
                });
            if let Some(h) = held.get_value().filter(|h| !settled && h.0 == n) {
                return Some(h);
            }
            let (head, words) = p.analysis.with(|a| {
                let a = a.as_ref()?;
                // A mistake being read stays while the thorough pass refines it (its words
                // change in place, even if it turns out smaller).
                let read = reading.get_value() == Some(n);
                (read || a.class(n)? >= Class::Slack).then_some(())?;
                reading.set_value(Some(n));
                let before = p.review.with_value(|s| s.game_at(n - 1));
                analysis::mistake_words(w, a, &before, n)
            })?;
            // The lesson this move is in says why first, in a child's words; the rules' facts
            // follow (those it does not already say).
            let lesson = lessons.with(|ls| ls.iter().find(|x| x.first <= n && n <= x.last).map(|x| x.words(size, l == Lang::Zh)));
            let words: Vec<String> = words
                .into_iter()
                .filter(|w| !lesson.as_ref().is_some_and(|x| x.contains(w.as_str())))
                .collect();
            held.set_value(Some((n, head.clone(), lesson.clone(), words.clone())));
            Some((n, head, lesson, words))
        });
        let at_mistake = move || {
            let (n, head, lesson, words) = here.get()?;
            let words = words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view();
            Some(view! {
                <div id="mistake-here" class="message" role="status">
                    <p>{head}</p>
                    {lesson.map(|x| view! { <p id="mistake-why" class="mistake-why">{x}</p> })}
                    <ul class="facts">{words}</ul>
                    <p class="legend">
                        <svg class="legend-mark" viewBox="-50 -50 100 100" aria-hidden="true"><circle class="help-ring" r="40"/></svg>
                        {learn(l, LearnMsg::LegendBetter)}
                        <svg class="legend-mark" viewBox="-60 -60 120 120" aria-hidden="true"><circle class="help-chain" r="50"/></svg>
                        {learn(l, LearnMsg::LegendDanger)}
                    </p>
                    <LinePanel lang=l ctl=line n=n />
                </div>
            })
        };
        let counter = move || format!("({})", shown.get().len());
        let graph = analysis::graph(w, p.analysis, current, pick, later.into());
        view! {
            {graph}
            <p class="hint graph-legend">{learn(l, LearnMsg::GraphLegend)}</p>
            {at_mistake}
            <label class="row">{learn(l, LearnMsg::ShowMistakes)}
                <select id="mistake-filter" on:change=move |ev| filter.set(analysis::filter_from_key(&event_target_value(&ev)))>
                    {Filter::ALL.into_iter().map(|x| view! {
                        <option value=analysis::filter_key(x) selected=x == f>{analysis::filter_label(x, l)}</option>
                    }).collect_view()}
                </select>
                <span class="hint">{counter}</span>
            </label>
            // The beginner's view says 子 only (the lessons count in 子): no choice of 目.
            {w.names_classes().then(|| view! {
            <label class="row">{learn(l, LearnMsg::UnitChoice)}
                <select id="lead-unit" on:change=move |ev| {
                    let k = event_target_value(&ev);
                    storage::save_review_unit(&k);
                    unit.set(analysis::Unit::from_key(&k));
                }>
                    {analysis::Unit::ALL.into_iter().map(|x| view! {
                        <option value=x.key() selected=x == u>{x.name(l)}</option>
                    }).collect_view()}
                </select>
            </label>
            })}
            {move || later.get().then(|| view! {
                <div class="row mistake-lists">{list(Colour::Black)}{list(Colour::White)}</div>
                <p class="hint key-help">{learn(l, LearnMsg::MistakeKeys)}</p>
                {thorough_line(l, p)}
                {analysis::table(w, p.analysis, size, table_open)}
                // The classes explained in plain words, folded for the teacher, where they are
                // named (not in the beginner's view).
                {w.names_classes().then(|| view! {
                    <details id="class-words" class="hint">
                        <summary>{learn(l, LearnMsg::ClassesExplained)}</summary>
                        <p>{learn(l, LearnMsg::ClassThresholds)}</p>
                    </details>
                })}
            })}
        }
        })
    };
    view! {
        <section id="analysis" class="analysis" aria-label=learn(l, LearnMsg::LeadGraph)>
            {running}
            {note}
            {body}
        </section>
    }
}

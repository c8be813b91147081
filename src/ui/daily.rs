//! 每日练习's screen (issue 53, `#/daily`, in 学下棋's wasm): the problems of 题海 at the
//! pupil's level, one after another. The bands around the pupil's rating are fetched
//! ([`crate::web::tihai`]), the next problem chosen and each first try rated by the session
//! ([`crate::session::daily`]); a wrong move's refutation is played out on the board with its
//! sentence, and after the third wrong try the right line. The record is kept per pupil
//! (`web/storage`) and goes in the 棋册.

use leptos::prelude::*;

use crate::learn::band::Band;
use crate::learn::{Answer, Attempt};
use crate::rules::{Colour, Game, Move, Point};
use crate::session::daily::{self, DailyProblem};
use crate::session::settings::Lang;
use crate::session::stored::daily::DailyRecord;
use crate::ui::game::view_of;
use crate::ui::goban::{BoardView, Goban};
use crate::ui::i18n::daily::{self as words, DailyMsg as D};
use crate::ui::i18n::{self, learn, LearnMsg};
use crate::web::storage;

fn w(l: Lang, m: D) -> &'static str {
    words::daily(l, m)
}

/// The pupil's record, started from their rank on the ladder when they have none yet.
fn load_record() -> DailyRecord {
    let r = storage::load_daily();
    if !r.is_empty() {
        return r;
    }
    let level = storage::load_ladder().level_of(&storage::pupil_name());
    daily::start(level)
}

/// The seed of the next choice: the same record chooses the same problem (a reload shows it
/// again), each answer another.
fn seed(r: &DailyRecord) -> u64 {
    (r.answers.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ r.start.to_bits()
}

/// A problem's question in the player's language (题海 writes Chinese, then English).
fn question(l: Lang, p: &DailyProblem) -> String {
    let q = &p.problem.question;
    match (l, q.split_once('\n')) {
        (Lang::Zh, Some((zh, _))) => zh.trim().to_string(),
        (Lang::En, Some((_, en))) => en.trim().to_string(),
        _ if q.is_empty() => learn(
            l,
            if p.problem.to_move == Colour::Black {
                LearnMsg::BlackToPlay
            } else {
                LearnMsg::WhiteToPlay
            },
        )
        .to_string(),
        _ => q.clone(),
    }
}

/// The position after a line of moves from the problem's start.
fn played(p: &DailyProblem, line: &[(Colour, Move)]) -> Game {
    let mut g = p.problem.start();
    for &(c, m) in line {
        let _ = g.play(c, m);
    }
    g
}

#[component]
pub fn DailyScreen(lang: Signal<Lang>) -> impl IntoView {
    let l = lang.get_untracked();
    let record = RwSignal::new(load_record());
    let pool = RwSignal::new(Vec::<DailyProblem>::new());
    let fetched = StoredValue::new(Vec::<Band>::new());
    // None: loading; Some(Err): could not fetch; Some(Ok(None)): all done.
    let current = RwSignal::new(None::<Result<Option<usize>, ()>>);
    let attempt = RwSignal::new(None::<Attempt>);
    // A line played out on the board (a refutation, the answer), numbered.
    let shown = RwSignal::new(None::<Game>);
    // How many moves the line shown plays (for the screen reader's words and the tests).
    let line_len = RwSignal::new(0usize);
    let wrong = RwSignal::new(0u32);
    let finished = RwSignal::new(false);
    let said = RwSignal::new(String::new());
    let cursor = RwSignal::new(None::<Point>);
    let day = move || crate::ui::book::local_day(crate::web::now_ms());

    let pick = move || {
        let choice = pool.with_untracked(|all| {
            let keys: Vec<(String, f64)> = all.iter().map(|p| (p.key.clone(), p.grade)).collect();
            record.with_untracked(|r| daily::next(r, &keys, seed(r)))
        });
        attempt
            .set(choice.map(|i| pool.with_untracked(|all| Attempt::new(all[i].problem.clone()))));
        shown.set(None);
        wrong.set(0);
        finished.set(false);
        said.set(String::new());
        cursor.set(None);
        current.set(Some(Ok(choice)));
    };
    // Fetches the bands around the pupil's rating (then every band, if those are done), and
    // shows the next problem.
    let load = move || {
        leptos::task::spawn_local(async move {
            let me = record.with_untracked(|r| daily::pupil(r).rating);
            let mut failed = false;
            for round in [daily::bands_around(me), Band::ALL.to_vec()] {
                for band in round {
                    if fetched.with_value(|f| f.contains(&band)) {
                        continue;
                    }
                    match crate::web::tihai::fetch_band(band).await {
                        Ok(text) => {
                            let read = daily::read_band(&text);
                            fetched.update_value(|f| f.push(band));
                            pool.update(|all| {
                                for p in read {
                                    if !all.iter().any(|q| q.key == p.key) {
                                        all.push(p);
                                    }
                                }
                            });
                        }
                        Err(_) => failed = true,
                    }
                }
                let open = pool.with_untracked(|all| {
                    record.with_untracked(|r| all.iter().any(|p| !daily::done(r, &p.key)))
                });
                if open {
                    break;
                }
            }
            if failed && pool.with_untracked(Vec::is_empty) {
                current.set(Some(Err(())));
            } else {
                pick();
            }
        });
    };
    load();

    let problem = move || {
        current.with(|c| match c {
            Some(Ok(Some(i))) => pool.with(|all| all.get(*i).cloned()),
            _ => None,
        })
    };
    // The first try at a problem is its answer: both ratings move, and it is kept.
    let rate = move |right: bool| {
        let Some(p) = problem() else {
            return;
        };
        let today = day();
        record.update(|r| {
            daily::answer(r, &p.key, p.grade, right, crate::web::now_ms(), &today);
        });
        let _ = storage::save_daily(&record.get_untracked());
    };
    let show_answer = move |p: &DailyProblem, first: &str| {
        shown.set(Some(played(p, &p.answer)));
        line_len.set(p.answer.len());
        finished.set(true);
        let s = daily::sentence(&p.answer_comment, l);
        said.set(if s.is_empty() {
            first.to_string()
        } else {
            format!("{first}{s}")
        });
    };
    let on_point = Callback::new(move |pt: Point| {
        cursor.set(Some(pt));
        let Some(p) = problem() else {
            return;
        };
        if finished.get_untracked() {
            return;
        }
        // A line shown after a wrong try: a tap starts again from the problem.
        if shown.get_untracked().is_some() {
            shown.set(None);
            attempt.set(Some(Attempt::new(p.problem.clone())));
            said.set(String::new());
            return;
        }
        let mv = Move::Play(pt);
        let mut got = None;
        attempt.update(|a| got = a.as_mut().map(|a| a.play(mv)));
        let first_try = wrong.get_untracked() == 0;
        match got {
            Some(Answer::Illegal(e)) => said.set(i18n::play_error(l, e).to_string()),
            Some(Answer::Continue { .. } | Answer::Right) => {
                if first_try {
                    rate(true);
                }
                show_answer(&p, &format!("{} ", w(l, D::Right)));
            }
            Some(Answer::Wrong { .. }) => {
                if first_try {
                    rate(false);
                }
                let n = wrong.get_untracked() + 1;
                wrong.set(n);
                if n >= 3 {
                    show_answer(&p, w(l, D::AnswerIs));
                    return;
                }
                let (line, comment) = daily::refutation(&p.problem, mv).unwrap_or_default();
                let mut all = vec![(p.problem.to_move, mv)];
                all.extend(line);
                line_len.set(all.len());
                shown.set(Some(played(&p, &all)));
                let s = daily::sentence(&comment, l);
                let s = if s.is_empty() {
                    w(l, D::NotThere).to_string()
                } else {
                    s
                };
                said.set(format!("{s}\n{}", w(l, D::TryAgain)));
            }
            None => {}
        }
    });
    let board = Signal::derive(move || {
        let crop = problem().and_then(|p| p.problem.view);
        let marked = problem().map(|p| p.problem.marked).unwrap_or_default();
        match shown.get() {
            Some(g) => {
                // The line played out: the marked stones keep their △ where they still stand
                // and carry no number.
                let v = view_of(&g, true, true);
                let marked = marked
                    .into_iter()
                    .filter(|p| {
                        v.stones.iter().any(|(q, _)| q == p)
                            && !v.numbers.iter().any(|(q, _)| q == p)
                    })
                    .collect();
                BoardView {
                    crop,
                    marked,
                    cursor: cursor.get(),
                    ..v
                }
            }
            None => attempt.with(|a| match a {
                Some(a) => BoardView {
                    crop,
                    marked,
                    cursor: cursor.get(),
                    ..view_of(&a.game, false, true)
                },
                None => view_of(
                    &Game::with_handicap(
                        crate::rules::BoardSize::NINE,
                        crate::rules::Rules::chinese(),
                        &[],
                    ),
                    false,
                    true,
                ),
            }),
        }
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(p) = problem() {
            super::learn::board_key(&ev, p.problem.size, cursor, on_point);
        }
    };
    // The board's box has the shape of what it shows (the viewBox's sides as `--w`/`--h`,
    // style/main.css): a cropped problem fills it, with no empty band under or beside it.
    let shape = Memo::new(move |_| {
        board.with(|v| {
            let b = super::goban::view_box(v.size, v.coordinates, v.crop);
            let mut sides = b.split(' ').skip(2);
            let (w, h) = (sides.next().unwrap_or("1"), sides.next().unwrap_or("1"));
            format!("--w:{w};--h:{h}")
        })
    });
    let (names, label) = super::learn::board_names(lang);
    let level = move || {
        record.with(|r| {
            let me = daily::pupil(r).rating;
            (daily::rating_kyu(me), me)
        })
    };
    let today = move || record.with(|r| daily::on_day(r, &day()));
    view! {
        <section class="game problem daily" id="daily" aria-labelledby="daily-title"
            data-key=move || problem().map(|p| p.key).unwrap_or_default()
            data-kyu=move || level().0.to_string()
            data-rating=move || format!("{:.0}", level().1)
            data-line=move || if shown.with(Option::is_some) { line_len.get().to_string() } else { String::new() }>
            <div class="board-wrap" style=move || shape.get() on:keydown=on_key>
                {move || problem().is_some().then(|| view! {
                    <Goban view=board on_point=on_point board_label=label words=names />
                })}
            </div>
            <div class="panel">
                <h2 id="daily-title">{w(l, D::Title)}</h2>
                <p id="daily-level" class="daily-level">{move || words::level_now(l, level().0)}</p>
                <p id="daily-today" class="hint">{move || { let (d, r) = today(); words::today(l, d, r) }}</p>
                {move || match current.get() {
                    None => Some(view! { <p id="daily-loading" class="hint">{w(l, D::Loading)}</p> }.into_any()),
                    Some(Err(())) => Some(view! { <p id="daily-error" class="message" role="alert">{w(l, D::Offline)}</p> }.into_any()),
                    Some(Ok(None)) => Some(view! { <p id="daily-all-done" class="message">{w(l, D::AllDone)}</p> }.into_any()),
                    Some(Ok(Some(_))) => None,
                }}
                {move || problem().map(|p| view! { <p id="question" class="question">{question(l, &p)}</p> })}
                <p id="status" class="status" aria-live="polite">{move || said.get()}</p>
                <div class="row actions">
                    <Show when=move || finished.get()>
                        <button id="daily-next" class="primary" on:click=move |_| load()>{w(l, D::Next)}</button>
                    </Show>
                </div>
            </div>
        </section>
    }
}

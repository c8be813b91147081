//! 升级考试's screens (issue 55), in 学下棋's wasm: the exams (the rank to try, the one open, the
//! history), an exam (its five games, the next step, its result and what to practise), the
//! problem test (ten problems, 45 seconds each, timed from when each is first shown) and the
//! certificate (a printable A4 page, in Chinese or English). The exam's rules are the session's
//! ([`crate::session::exam`]); this draws them, stores each step (`web/storage`) and hands the
//! games to the page's game screen, which hides what the session forbids in an exam game.

use leptos::prelude::*;

use crate::learn::band::{choose, exam_band, Fetched};
use crate::learn::{Answer, Attempt, Problem};
use crate::rules::{Colour, Move, Point};
use crate::session::exam::{
    wins_before_retry, Exam, ExamEnd, ExamRank, Exams, GameEnd, Observed, Stage, StartError,
    DAY_MS, PROBLEMS,
};
use crate::session::route::Route;
use crate::session::settings::Lang;
use crate::session::stored::exam::ExamSummary;
use crate::session::{GameId, Player, Rank};
use crate::ui::goban::{BoardView, Goban};
use crate::ui::i18n::exam::{self as words, exam as w, ExamMsg as E};
use crate::ui::i18n::{self, learn, t, LearnMsg, Msg};
use crate::web::route::go;
use crate::web::storage;

fn now() -> u64 {
    crate::web::now_ms() as u64
}

/// A moment's local day (`2026-12-06`) and, with `time`, its local time too (`… 10:42`).
fn local(ms: u64, time: bool) -> String {
    let d = js_sys::Date::new(&(ms as f64).into());
    let day = format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    );
    if time {
        format!("{day} {:02}:{:02}", d.get_hours(), d.get_minutes())
    } else {
        day
    }
}

/// Shows `route` in place of this address, once the screen being built is done (a problem
/// test with nothing to answer, a certificate of an exam not passed: the exam's page instead).
/// An exam game the pupil gives up (left for more than a day, or its exam abandoned): the side
/// the computer does not play resigns, and the game is saved ended.
fn pupil_concedes(mut s: crate::session::Session, at: u64) {
    let pupil = s
        .setup
        .computer
        .map_or(Colour::Black, |c| c.colour.opponent());
    s.concede(pupil, at);
    let _ = storage::save_game(&s);
}

fn redirect(route: Route) {
    gloo_timers::callback::Timeout::new(0, move || crate::web::route::replace_and_show(&route))
        .forget();
}

/// The local day an exam is dated by: the day it ended, or began while it is open.
pub fn exam_day(e: &Exam) -> String {
    local(e.end.map_or(e.started_ms, |end| end.at_ms()), false)
}

/// The summaries of a pupil's exams, for a hand-in or a 棋册 read by the report.
pub fn summaries(exams: &Exams, pupil: &str) -> Vec<ExamSummary> {
    exams
        .of(pupil)
        .into_iter()
        .rev()
        .map(|e| ExamSummary::of(e, &exam_day(e)))
        .collect()
}

/// The device's exams, brought up to date with their games' records: a game that ended is
/// counted, one left for more than a day counts as lost and its record is ended too, one whose
/// record is gone counts as lost. Stored again when anything changed.
pub fn load_synced() -> Result<Exams, crate::session::stored::exam::ExamsError> {
    let mut exams = storage::load_exams()?;
    let at = now();
    let mut changed = false;
    for e in exams.exams.iter_mut().filter(|e| e.is_open()) {
        let Stage::Playing { game, .. } = e.stage() else {
            continue;
        };
        let record = storage::load_game(game);
        match e.observe(record.as_ref(), at) {
            Observed::Nothing => {}
            Observed::Overdue(_) => {
                if let Some(s) = record {
                    pupil_concedes(s, at);
                }
                changed = true;
            }
            Observed::Counted | Observed::Gone => changed = true,
        }
    }
    if changed {
        let _ = storage::save_exams(&exams);
    }
    Ok(exams)
}

/// The rank exam still open on this device that a stored game is one of, if any (no 复盘 for
/// it until the exam is over).
pub fn locked(s: &crate::session::Session) -> Option<u64> {
    let tag = s.exam()?;
    storage::load_exams()
        .is_ok_and(|x| x.is_open(&tag))
        .then_some(tag.exam)
}

/// The computer's player in an exam game: its name in the pupil's language and its measured
/// rank on the exam's board, as the new-game dialog names it.
fn computer(l: Lang, e: &Exam) -> Player {
    Player {
        name: computer_name(l, e),
        rank: Some(Rank::from_kyu(
            e.level.measured_on(e.rank.size()).kyu.round() as i32,
        )),
    }
}

fn computer_name(l: Lang, e: &Exam) -> String {
    format!(
        "{} · {}",
        t(l, Msg::ComputerName),
        i18n::level_name(l, e.level)
    )
}

/// 升级考试, by its address: the exams, an exam, its problems or its certificate.
#[component]
pub fn ExamScreen(lang: Signal<Lang>, route: Route) -> impl IntoView {
    let l = lang.get_untracked();
    let exams = match load_synced() {
        Ok(e) => e,
        Err(_) => {
            return view! {
                <div class="exam-screen"><p id="exam-error" class="message" role="alert">{w(l, E::StorageBroken)}</p></div>
            }
            .into_any()
        }
    };
    let state = RwSignal::new(exams);
    let notice = RwSignal::new(None::<String>);
    let body = match route {
        Route::Exam(id) if state.with_untracked(|x| x.get(id).is_none()) => {
            view! { <p id="exam-error" class="message" role="alert">{w(l, E::NotFound)}</p> }
                .into_any()
        }
        Route::Exam(id) => exam_page(l, state, notice, id),
        Route::ExamProblems(id) => {
            view! { <ProblemTest lang=lang state=state notice=notice id=id /> }.into_any()
        }
        Route::Certificate(id) => certificate(l, state, id),
        _ => exams_page(lang, state, notice),
    };
    view! {
        <div class="exam-screen">
            {body}
            {move || notice.get().map(|n| view! { <p id="exam-notice" class="message" role="alert">{n}</p> })}
        </div>
    }
    .into_any()
}

/// Stores the exams; says so when storage is full.
fn save(l: Lang, state: RwSignal<Exams>, notice: RwSignal<Option<String>>) -> bool {
    let ok = state.with_untracked(storage::save_exams).is_ok();
    if !ok {
        notice.set(Some(w(l, E::NotSaved).to_string()));
    }
    ok
}

/// `#/exam`: the rank to try (the ladder's next offered), the exam open, the exams taken.
fn exams_page(
    lang: Signal<Lang>,
    state: RwSignal<Exams>,
    notice: RwSignal<Option<String>>,
) -> AnyView {
    let l = lang.get_untracked();
    let who = RwSignal::new(storage::pupil());
    let name = move || {
        who.with(|p| p.as_ref().map(|(n, _)| n.trim().to_string()))
            .unwrap_or_default()
    };
    let ladder = StoredValue::new(storage::load_ladder());
    let offered = move || {
        let n = name();
        let level = ladder.with_value(|d| d.level_of(&n));
        state.with(|x| x.offered(&n, level))
    };
    let picked = RwSignal::new(None::<ExamRank>);
    let chosen = move || picked.get().or_else(offered).unwrap_or(ExamRank::Kyu20);
    let start = move |_| {
        let (n, class) = who.get_untracked().unwrap_or_default();
        let at = now();
        // The rank read before the update: `chosen` reads the exams too.
        let rank = chosen();
        let mut got = None;
        state.update(|x| got = Some(x.start(&n, &class, rank, at, at)));
        match got {
            // Stored first (`save` says when it cannot be), then shown.
            Some(Ok(id)) if save(l, state, notice) => go(&Route::Exam(id)),
            Some(Err(StartError::OtherOpen(r))) => notice.set(Some(words::other_open(l, r))),
            Some(Ok(_)) | None => {}
        }
    };
    let rank_buttons = move || {
        let offer = offered();
        ExamRank::ALL
            .into_iter()
            .map(|r| {
                let label = if Some(r) == offer {
                    format!("{} · {}", words::rank_words(l, r.kyu()), w(l, E::Offered))
                } else {
                    words::rank_words(l, r.kyu())
                };
                view! {
                    <button class="choice exam-rank" data-rank=r.key()
                        aria-pressed=move || (chosen() == r).to_string()
                        on:click=move |_| picked.set(Some(r))>{label}</button>
                }
            })
            .collect_view()
    };
    let open = move || {
        let n = name();
        state.with(|x| x.open_for(&n).cloned())
    };
    let history = move || {
        let n = name();
        state.with(|x| {
            x.of(&n)
                .into_iter()
                .filter(|e| !e.is_open())
                .map(|e| {
                    let id = e.id;
                    let line = words::summary_line(l, &ExamSummary::of(e, &exam_day(e)));
                    view! {
                        <li class="exam-history-item" data-exam=id.to_string()>
                            <button class="link-like" on:click=move |_| go(&Route::Exam(id))>{line}</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let no_history = move || {
        let n = name();
        state.with(|x| x.of(&n).iter().all(|e| e.is_open()))
    };
    view! {
        <section class="exam learn-card" id="exam-list">
            <h2>{w(l, E::Title)}</h2>
            <p class="hint">{w(l, E::Intro)}</p>
            <p class="hint exam-rules">{w(l, E::Rules)}</p>
            {move || who.with(|p| p.as_ref().is_none_or(|(n, _)| n.trim().is_empty())).then(|| view! {
                <div class="exam-name">
                    <p class="message">{w(l, E::NoName)}</p>
                    <crate::ui::book::NameForm lang=lang name=String::new() class=String::new()
                        done=Callback::new(move |(n, c): (String, String)| {
                            let _ = storage::set_pupil(&n, &c);
                            who.set(storage::pupil());
                        }) />
                </div>
            })}
            {move || match open() {
                Some(e) => {
                    let id = e.id;
                    let what = match e.stage() {
                        Stage::NextGame(n) | Stage::Playing { number: n, .. } => {
                            format!("{} · {}", words::exam_name(l, e.rank), words::game_number(l, n))
                        }
                        _ => format!("{} · {}", words::exam_name(l, e.rank), w(l, E::Problems)),
                    };
                    view! {
                        <div class="exam-open" id="exam-open">
                            <h3>{w(l, E::Open)}</h3>
                            <p>{what}</p>
                            <button id="exam-continue" class="primary" on:click=move |_| go(&Route::Exam(id))>{w(l, E::Continue)}</button>
                        </div>
                    }
                    .into_any()
                }
                None => {
                    let named = !name().is_empty();
                    view! {
                        <div class="exam-pick">
                            <h3>{w(l, E::PickRank)}</h3>
                            <div class="choices" id="exam-ranks">{rank_buttons}</div>
                            <p class="hint" id="exam-setup">{move || {
                                let r = chosen();
                                words::exam_setup(l, r, &computer_name(l, &Exam::new(0, "", "", r, 0)))
                            }}</p>
                            <p class="hint" id="exam-awards">{move || words::awards_words(l, chosen())}</p>
                            <button id="exam-start" class="primary" disabled=!named on:click=start>{w(l, E::Start)}</button>
                        </div>
                    }
                    .into_any()
                }
            }}
            <h3>{w(l, E::History)}</h3>
            {move || no_history().then(|| view! { <p class="hint">{w(l, E::NoneYet)}</p> })}
            <ul id="exam-history" class="exam-history">{history}</ul>
            <div class="row">
                <button id="exam-back" on:click=move |_| go(&Route::Learn)>{learn(l, LearnMsg::BackToLearn)}</button>
            </div>
        </section>
    }
    .into_any()
}

/// Starts the exam's next game: stored with its tag, the exam stored with it, then the game's
/// board opened by its address.
fn start_game(l: Lang, state: RwSignal<Exams>, notice: RwSignal<Option<String>>, id: u64) {
    let at = crate::web::now_ms();
    let game = GameId(at as u64);
    let mut planned = None;
    state.update(|x| {
        if let Some(e) = x.get_mut(id) {
            let pupil = Player {
                name: e.pupil.clone(),
                rank: None,
            };
            let bot = computer(l, e);
            planned = e
                .start_game(game, at as u64)
                .ok()
                .map(|(plan, tag)| plan.session(tag, game, at, pupil, bot));
        }
    });
    let Some(session) = planned else {
        return;
    };
    if storage::save_game(&session).is_err() {
        notice.set(Some(w(l, E::NotSaved).to_string()));
        state.set(storage::load_exams().unwrap_or_default());
        return;
    }
    if !save(l, state, notice) {
        let _ = storage::delete_game(&game.to_string());
        state.set(storage::load_exams().unwrap_or_default());
        return;
    }
    go(&Route::Game(game));
}

/// The problem test's ten problems, chosen from the exam's band by its id (题海's band, fetched,
/// when it has ten; else the built-in problems), then shown.
fn start_problems(l: Lang, state: RwSignal<Exams>, notice: RwSignal<Option<String>>, id: u64) {
    let Some((band, chosen)) =
        state.with_untracked(|x| x.get(id).map(|e| (e.rank.band(), !e.problems.is_empty())))
    else {
        return;
    };
    leptos::task::spawn_local(async move {
        let mut tihai = Fetched::default();
        if !chosen {
            if let Ok(text) = crate::web::tihai::fetch_band(band).await {
                tihai.add(band, &text);
            }
        }
        take_problems(l, state, notice, id, &tihai);
    });
}

fn take_problems(
    l: Lang,
    state: RwSignal<Exams>,
    notice: RwSignal<Option<String>>,
    id: u64,
    tihai: &Fetched,
) {
    let mut ok = false;
    state.update(|x| {
        if let Some(e) = x.get_mut(id) {
            if !e.problems.is_empty() {
                ok = true;
                return;
            }
            let ten: Vec<(String, String)> =
                choose(&exam_band(tihai, e.rank.band()), PROBLEMS, e.id)
                    .into_iter()
                    .map(|p| (p.key, p.sgf))
                    .collect();
            ok = e.set_problems(ten).is_ok();
        }
    });
    if !ok {
        notice.set(Some(w(l, E::NoProblems).to_string()));
        return;
    }
    if save(l, state, notice) {
        go(&Route::ExamProblems(id));
    }
}

/// `#/exam/<id>`: the exam's games, its next step, its result.
fn exam_page(
    l: Lang,
    state: RwSignal<Exams>,
    notice: RwSignal<Option<String>>,
    id: u64,
) -> AnyView {
    let exam = move || state.with(|x| x.get(id).cloned());
    let asking = RwSignal::new(false);
    let abandon = move || {
        let at = now();
        let mut running = None;
        state.update(|x| {
            if let Some(e) = x.get_mut(id) {
                running = e.abandon(at).ok().flatten();
            }
        });
        if let Some(s) = running.and_then(storage::load_game) {
            pupil_concedes(s, at);
        }
        save(l, state, notice);
        asking.set(false);
    };
    let games = move || {
        let e = exam()?;
        let over = !e.is_open();
        Some(
            (1..=5u8)
                .map(|n| {
                    let g = e.games.iter().find(|g| g.number == n);
                    let black = e.plan(n).pupil == Colour::Black;
                    let line = words::game_line(l, n, black, g.and_then(|g| g.end.as_ref()), g.is_some());
                    let state_key = match g.map(|g| g.end.as_ref().map(|e| e.0)) {
                        Some(Some(end)) if end.won() => "won",
                        Some(Some(_)) => "lost",
                        Some(None) => "playing",
                        None => "",
                    };
                    // Over, a game played out may be reviewed (and analysed) now.
                    let review = g
                        .filter(|g| over && matches!(g.end, Some((GameEnd::Played { .. }, _, _))))
                        .map(|g| {
                            let game = g.game;
                            view! {
                                <button class="exam-review" on:click=move |_| crate::web::learn::open_review(game, "")>
                                    {words::review_game(l, n)}
                                </button>
                            }
                        });
                    view! { <li class="exam-game" data-game=n data-state=state_key>{line}" "{review}</li> }
                })
                .collect_view(),
        )
    };
    let next = move || {
        let e = exam()?;
        let view = match e.stage() {
            Stage::NextGame(n) => view! {
                <button id="exam-next-game" class="primary" on:click=move |_| start_game(l, state, notice, id)>{words::game_button(l, n, false)}</button>
            }
            .into_any(),
            Stage::Playing { number, game } => {
                let started = e.games.iter().find(|g| g.game == game).map_or(0, |g| g.started_ms);
                view! {
                    <button id="exam-next-game" class="primary" on:click=move |_| go(&Route::Game(game))>{words::game_button(l, number, true)}</button>
                    <p class="hint" id="exam-deadline">{words::deadline_words(l, &local(started + DAY_MS, true))}</p>
                }
                .into_any()
            }
            Stage::ChooseProblems => view! {
                <button id="exam-problems" class="primary" on:click=move |_| start_problems(l, state, notice, id)>{w(l, E::StartProblems)}</button>
            }
            .into_any(),
            Stage::Problem(_) => view! {
                <button id="exam-problems" class="primary" on:click=move |_| go(&Route::ExamProblems(id))>{w(l, E::ContinueProblems)}</button>
            }
            .into_any(),
            Stage::Over(end) => result_view(l, &e, end),
        };
        Some(view)
    };
    let head = exam().map(|e| {
        let title = format!("{} · {}", words::exam_name(l, e.rank), e.pupil);
        let setup = words::exam_setup(l, e.rank, &computer_name(l, &e));
        (title, setup, words::awards_words(l, e.rank))
    });
    let (title, setup, awards) = head.unwrap_or_default();
    view! {
        <section class="exam learn-card" id="exam-page" data-stage=move || exam().map(|e| stage_key(e.stage())).unwrap_or("")>
            <h2>{title}</h2>
            <p class="hint">{setup}</p>
            <p class="hint">{awards}</p>
            <h3>{w(l, E::Games)}</h3>
            <ol id="exam-games" class="exam-games">{games}</ol>
            {move || exam().filter(|e| !e.problems.is_empty()).map(|e| {
                let (right, done) = e.problem_score();
                view! { <p id="exam-score">{words::problem_score(l, right, done)}</p> }
            })}
            <div class="exam-next">{next}</div>
            {move || exam().filter(Exam::is_open).map(|_| view! {
                <p class="hint" id="exam-review-later">{w(l, E::ReviewLocked)}</p>
                <div class="row">
                    <button id="exam-abandon" on:click=move |_| asking.set(true)>{w(l, E::Abandon)}</button>
                </div>
            })}
            {move || asking.get().then(|| view! {
                <crate::ui::dialog::Confirm
                    text=w(l, E::AbandonAsk).to_string()
                    yes=w(l, E::AbandonYes).to_string()
                    no=w(l, E::AbandonNo).to_string()
                    on_yes=Callback::new(move |_| abandon())
                    on_no=Callback::new(move |_| asking.set(false)) />
            })}
            <div class="row">
                <button id="exam-back" on:click=move |_| go(&Route::Exams)>{w(l, E::BackToExams)}</button>
            </div>
        </section>
    }
    .into_any()
}

fn stage_key(s: Stage) -> &'static str {
    match s {
        Stage::NextGame(_) => "next-game",
        Stage::Playing { .. } => "playing",
        Stage::ChooseProblems | Stage::Problem(_) => "problems",
        Stage::Over(ExamEnd::Passed { .. }) => "passed",
        Stage::Over(ExamEnd::Failed { .. }) => "failed",
        Stage::Over(ExamEnd::Abandoned { .. }) => "abandoned",
    }
}

/// One more of `key` in a tally kept in the order first seen.
fn count<K: PartialEq>(tally: &mut Vec<(K, usize)>, key: K) {
    match tally.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => tally.push((key, 1)),
    }
}

/// The result: passed (the certificate), or what went well, what to practise and when the
/// ladder says to try again.
fn result_view(l: Lang, e: &Exam, end: ExamEnd) -> AnyView {
    let id = e.id;
    let sentence = words::result_words(l, e);
    if let ExamEnd::Passed { .. } = end {
        return view! {
            <p id="exam-result" class="exam-result passed">{sentence}</p>
            <button id="exam-certificate" class="primary" on:click=move |_| go(&Route::Certificate(id))>{w(l, E::Certificate)}</button>
        }
        .into_any();
    }
    if let ExamEnd::Abandoned { .. } = end {
        return view! { <p id="exam-result" class="exam-result">{sentence}</p> }.into_any();
    }
    // What went well: the games won, the problems right.
    let won: Vec<u8> = e
        .games
        .iter()
        .filter(|g| g.end.as_ref().is_some_and(|x| x.0.won()))
        .map(|g| g.number)
        .collect();
    let well: Vec<String> = [
        words::won_games(l, &won),
        words::right_problems(l, e.problem_score().0),
    ]
    .into_iter()
    .flatten()
    .collect();
    // What to practise: the 复盘's biggest mistakes of the games analysed since, the sets of the
    // built-in problems missed, and the technique lessons of 题海's.
    let mut practise = Vec::new();
    for g in &e.games {
        let Some(s) = storage::load_game(g.game) else {
            continue;
        };
        let Some(review) = storage::load_analysis(&s) else {
            continue;
        };
        for m in review.mistakes(g.pupil, 2.5).into_iter().take(2) {
            let move_words =
                super::analysis::move_words(l, s.game.size(), m.number, m.colour, m.mv);
            practise.push(words::game_mistake(l, g.number, &move_words, m.loss));
        }
    }
    let mut missed: Vec<(usize, usize)> = Vec::new();
    let mut missed_lessons: Vec<(&'static str, usize)> = Vec::new();
    for p in &e.problems {
        if p.answer.is_some_and(|a| a.right) {
            continue;
        }
        let set = p
            .key
            .strip_prefix("builtin:")
            .and_then(|k| k.split('/').next())
            .and_then(|k| crate::learn::builtin::SETS.iter().position(|s| s.key == k));
        if let Some(set) = set {
            count(&mut missed, set);
        } else if let Some(key) = crate::learn::lessons::advice::lesson_for(&p.sgf) {
            // 题海's problems: the technique lesson that teaches what it asks.
            count(&mut missed_lessons, key);
        }
    }
    let rules = crate::learn::course::LESSONS.len();
    let lessons = missed_lessons
        .into_iter()
        .filter_map(|(key, n)| {
            let i = super::technique::all().iter().position(|x| x.key == key)?;
            let title = &super::technique::all()[i].title;
            let name = if l == Lang::Zh { &title.zh } else { &title.en };
            let text = words::practise_lesson(l, name, n);
            Some(view! {
                <li><button class="link-like exam-practise-lesson" data-lesson=key on:click=move |_| go(&Route::Lesson(rules + i))>{text}</button></li>
            })
        })
        .collect_view();
    let sets = missed
        .into_iter()
        .map(|(set, n)| {
            let s = crate::learn::builtin::SETS[set];
            let name = if l == Lang::Zh { s.name_zh } else { s.name_en };
            let text = words::practise_set(l, name, n);
            view! {
                <li><button class="link-like exam-practise-set" on:click=move |_| go(&Route::Problems { set, problem: None })>{text}</button></li>
            }
        })
        .collect_view();
    // When to try again: the ladder's run against the exam's opponent.
    let ladder = storage::load_ladder();
    let pupil = ladder.pupil(&e.pupil);
    let more = wins_before_retry(e, pupil.map(|p| (p.level, p.results.as_slice())));
    let retry = words::retry_words(l, &computer_name(l, e), more);
    view! {
        <p id="exam-result" class="exam-result failed">{sentence}</p>
        <h3>{w(l, E::WentWell)}</h3>
        <ul id="exam-well">{well.into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}</ul>
        <h3>{w(l, E::Practise)}</h3>
        <ul id="exam-practise">
            {practise.into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}
            {sets}
            {lessons}
        </ul>
        <h3>{w(l, E::TryAgain)}</h3>
        <p id="exam-retry">{retry}{(more == 0).then(|| format!(" {}", w(l, E::ReadyAgain)))}</p>
        <button id="exam-ladder" on:click=move |_| go(&Route::NewGame { capture: false })>{w(l, E::PlayLadder)}</button>
    }
    .into_any()
}

/// `#/exam/<id>/problems`: one problem at a time, 45 seconds from when it is first shown (a
/// reload keeps that moment), answered by the first move that ends its line.
#[component]
fn ProblemTest(
    lang: Signal<Lang>,
    state: RwSignal<Exams>,
    notice: RwSignal<Option<String>>,
    id: u64,
) -> impl IntoView {
    let l = lang.get_untracked();
    // (the problem shown, its deadline); `None` between problems and at the end.
    let shown = RwSignal::new(None::<(usize, u64)>);
    let attempt = RwSignal::new(None::<Attempt>);
    let said = RwSignal::new(String::new());
    let clock = RwSignal::new(now());
    let cursor = RwSignal::new(None::<Point>);
    let show_next = move || {
        let at = now();
        let mut next = None;
        state.update(|x| {
            if let Some(e) = x.get_mut(id) {
                next = e.show_problem(at).map(|(i, deadline)| {
                    let p = Problem::read_all(&e.problems[i].sgf)
                        .ok()
                        .and_then(|mut v| v.pop());
                    (i, deadline, p)
                });
            }
        });
        save(l, state, notice);
        match next {
            Some((i, deadline, Some(p))) => {
                shown.set(Some((i, deadline)));
                attempt.set(Some(Attempt::new(p)));
                said.set(String::new());
                clock.set(at);
            }
            // Every problem answered: the result is on the exam's page.
            _ => redirect(Route::Exam(id)),
        }
    };
    let record = move |right: bool, late: bool| {
        let Some((i, _)) = shown.get_untracked() else {
            return;
        };
        let at = now();
        state.update(|x| {
            if let Some(e) = x.get_mut(id) {
                if late {
                    e.expire(at);
                } else {
                    let _ = e.answer(i, right, at);
                }
            }
        });
        save(l, state, notice);
        shown.set(None);
        said.set(w(l, if late { E::TimeUp } else { E::Answered }).to_string());
    };
    // The stage decides: the problems not chosen or all answered lead back to the exam.
    let ready =
        state.with_untracked(|x| matches!(x.get(id).map(Exam::stage), Some(Stage::Problem(_))));
    if ready {
        show_next();
    } else {
        redirect(Route::Exam(id));
    }
    let ticker =
        send_wrapper::SendWrapper::new(gloo_timers::callback::Interval::new(250, move || {
            let at = now();
            clock.set(at);
            if let Some((_, deadline)) = shown.get_untracked() {
                if at > deadline {
                    record(false, true);
                }
            }
        }));
    on_cleanup(move || drop(ticker));
    let on_point = Callback::new(move |p: Point| {
        cursor.set(Some(p));
        if shown.get_untracked().is_none() {
            return;
        }
        let mut got = None;
        attempt.update(|a| got = a.as_mut().map(|a| a.play(Move::Play(p))));
        match got {
            Some(Answer::Illegal(e)) => said.set(i18n::play_error(l, e).to_string()),
            Some(Answer::Continue { .. }) => said.set(learn(l, LearnMsg::ProblemGoOn).to_string()),
            Some(Answer::Right) => record(true, false),
            Some(Answer::Wrong { .. }) => record(false, false),
            None => {}
        }
    });
    let board = Signal::derive(move || {
        attempt.with(|a| match a {
            Some(a) => BoardView {
                cursor: cursor.get(),
                marked: a.problem.marked.clone(),
                crop: a.problem.view,
                ..crate::ui::game::view_of(&a.game, false, true)
            },
            None => crate::ui::game::view_of(
                &crate::rules::Game::with_handicap(
                    crate::rules::BoardSize::NINE,
                    crate::rules::Rules::chinese(),
                    &[],
                ),
                false,
                true,
            ),
        })
    });
    let size = move || attempt.with(|a| a.as_ref().map(|a| a.problem.size));
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(size) = size() {
            super::learn::board_key(&ev, size, cursor, on_point);
        }
    };
    let (words_signal, label) = super::learn::board_names(lang);
    let question = move || {
        attempt.with(|a| {
            a.as_ref().map(|a| {
                let q = &a.problem.question;
                match (l, q.split_once('\n')) {
                    (Lang::Zh, Some((zh, _))) => zh.trim().to_string(),
                    (Lang::En, Some((_, en))) => en.trim().to_string(),
                    _ if q.is_empty() => learn(
                        l,
                        if a.problem.to_move == Colour::Black {
                            LearnMsg::BlackToPlay
                        } else {
                            LearnMsg::WhiteToPlay
                        },
                    )
                    .to_string(),
                    _ => q.clone(),
                }
            })
        })
    };
    let index = move || {
        state.with(|x| match x.get(id).map(Exam::stage) {
            Some(Stage::Problem(i)) => Some(i),
            _ => None,
        })
    };
    let last = move || index().is_none();
    view! {
        <section class="game problem exam-problem" id="exam-problem" aria-labelledby="exam-problem-title"
            data-index=move || shown.get().map(|(i, _)| i.to_string()).unwrap_or_default()>
            <div class="board-wrap" on:keydown=on_key>
                {move || size().is_some().then(|| view! {
                    <Goban view=board on_point=on_point board_label=label words=words_signal />
                })}
            </div>
            <div class="panel">
                <h2 id="exam-problem-title">{move || {
                    let i = shown.get().map(|(i, _)| i).or_else(|| index().map(|i| i.saturating_sub(1)));
                    i.map(|i| words::problem_of(l, i)).unwrap_or_default()
                }}</h2>
                <p id="question" class="question">{question}</p>
                <p id="exam-timer" class="exam-timer" aria-live="off">{move || shown.get().map(|(_, deadline)| {
                    let left = deadline.saturating_sub(clock.get()).div_ceil(1000);
                    words::seconds_left(l, left)
                })}</p>
                <p id="status" class="status" aria-live="polite">{move || said.get()}</p>
                {move || shown.get().is_none().then(|| view! {
                    <div class="row actions">
                        <button id="exam-next-problem" class="primary" on:click=move |_| show_next()>
                            {move || w(l, if last() { E::SeeResult } else { E::NextProblem })}
                        </button>
                    </div>
                })}
            </div>
        </section>
    }
}

/// `#/exam/<id>/certificate`: a passed exam's certificate, an A4 page (the print style leaves
/// it alone on the page), in Chinese or English.
fn certificate(l: Lang, state: RwSignal<Exams>, id: u64) -> AnyView {
    let Some(e) = state.with_untracked(|x| x.get(id).cloned()) else {
        return view! { <p id="exam-error" class="message" role="alert">{w(l, E::NotFound)}</p> }
            .into_any();
    };
    let Some(rank) = e.passed() else {
        redirect(Route::Exam(id));
        return ().into_any();
    };
    let cert_lang = RwSignal::new(l);
    let day = exam_day(&e);
    let exam = e.clone();
    let page = move || {
        let c = cert_lang.get();
        let rows = exam
            .games
            .iter()
            .map(|g| {
                let colour = i18n::colour(c, g.pupil);
                let result = g
                    .end
                    .as_ref()
                    .and_then(|(_, _, r)| crate::record::sgf::parse_result(r))
                    .map(|r| i18n::result_line(c, &r))
                    .unwrap_or_default();
                let won = g.end.as_ref().is_some_and(|x| x.0.won());
                let mark = match (c, won) {
                    (Lang::Zh, true) => "胜",
                    (Lang::Zh, false) => "负",
                    (Lang::En, true) => "won",
                    (Lang::En, false) => "lost",
                };
                view! {
                    <tr><td>{words::game_number(c, g.number)}</td><td>{colour}</td><td>{format!("{mark} · {result}")}</td></tr>
                }
            })
            .collect_view();
        let [h1, h2, h3] = words::certificate_heads(c);
        let (right, _) = exam.problem_score();
        view! {
            <article id="certificate" class="certificate" lang=if c == Lang::Zh { "zh-CN" } else { "en" }>
                <p class="cert-by">{w(c, E::CertificateBy)}</p>
                <h1 class="cert-title">{w(c, E::CertificateTitle)}</h1>
                <p class="cert-text">{words::certificate_text(c, &exam.pupil, &exam.class, &day)}</p>
                <p class="cert-rank" id="cert-rank">{words::rank_words(c, rank)}</p>
                <table class="cert-games">
                    <thead><tr><th scope="col">{h1}</th><th scope="col">{h2}</th><th scope="col">{h3}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
                <p class="cert-problems">{words::problem_score(c, right, PROBLEMS)}</p>
                // A line for the teacher's hand: what makes the printed page one a club trusts.
                <p class="cert-sign">{w(c, E::CertificateSign)}<span class="cert-sign-line"></span></p>
                <p class="cert-rule">{w(c, E::CertificateRule)}</p>
                <p class="cert-number">{words::certificate_number(c, exam.id)}</p>
            </article>
        }
    };
    view! {
        <div class="row actions no-print cert-actions">
            <button id="cert-print" class="primary" on:click=move |_| {
                if let Some(win) = web_sys::window() {
                    let _ = win.print();
                }
            }>{w(l, E::Print)}</button>
            <button id="cert-language" on:click=move |_| cert_lang.update(|c| *c = if *c == Lang::Zh { Lang::En } else { Lang::Zh })>
                {move || words::other_language(cert_lang.get())}
            </button>
            <button id="cert-back" on:click=move |_| go(&Route::Exam(id))>{w(l, E::BackToExam)}</button>
        </div>
        {page}
    }
    .into_any()
}

//! A lesson of the rules course in 学下棋's wasm: what the article says in a child's words, a
//! board, the tasks one by one; after a wrong answer the help of [`crate::learn::help`] (said
//! and drawn on its own layer), and the way on (下一题, 下一课, the problems).

use leptos::prelude::*;

use super::learn::{board_key, board_names};
use crate::learn::course::{Ask, Solution, LESSONS};
use crate::rules::{Colour, Point};
use crate::session::route::Route;
use crate::session::settings::Lang;
use crate::ui::game::view_of;
use crate::ui::goban::{BoardView, Goban};
use crate::ui::i18n::{self, learn, LearnMsg};
use crate::web::route;

/// A lesson of the rules course: what the article says, a board, and its tasks one by one —
/// the answers come from the rules ([`Task::answer`]), never from stored strings.
#[component]
pub(super) fn LessonView(
    index: usize,
    lang: Signal<Lang>,
    mark_solved: Callback<(String, usize)>,
) -> impl IntoView {
    let l = lang.get_untracked();
    let lesson = LESSONS[index];
    let task_i = RwSignal::new(0usize);
    let said = RwSignal::new(String::new());
    let done = RwSignal::new(false);
    // The position shown: the task's, or after the player's capture.
    let shown = RwSignal::new(lesson.tasks[0].position());
    let number = RwSignal::new(String::new());
    let cursor = RwSignal::new(None::<Point>);
    let task = move || lesson.tasks[task_i.get()];
    let board = Signal::derive(move || {
        let t = task();
        BoardView {
            marked: t.marked(),
            cursor: cursor.get(),
            ..shown.with(|g| view_of(g, false, true))
        }
    });
    // Wrong answers to this task so far: the help goes further with each (learn::help).
    let wrong_count = RwSignal::new(0u32);
    let help = RwSignal::new(None::<crate::learn::help::Help>);
    let finish = move |msg: LearnMsg| {
        done.set(true);
        let last = task_i.get_untracked() + 1 == lesson.tasks.len();
        if last {
            mark_solved.run(("course".to_string(), index));
        }
        let m = if last { LearnMsg::LessonDone } else { msg };
        said.set(learn(l, m).to_string());
        // The answer buttons went: the keyboard goes on to the way on (下一题, 下一课).
        crate::ui::focus_first("#learn-root");
    };
    let right = move || {
        help.set(None);
        finish(LearnMsg::TaskRight);
    };
    // A wrong answer (or 一起数 on a count, `counted`): the next step of help, said and drawn;
    // at the last step the answer, and the task is done.
    let wrong = move |tried: Option<Point>, counted: bool| {
        let n = wrong_count.get_untracked() + 1;
        wrong_count.set(n);
        let t = task();
        let h = t.help(n, tried);
        let words = i18n::help_words(l, t.position().size(), &h);
        let answer = h.step == crate::learn::help::Step::Answer;
        if answer {
            if let (Ask::Capture, Some(g)) = (t.ask, h.marks.ring.and_then(|p| t.played(p))) {
                shown.set(g);
            }
            finish(LearnMsg::TaskRight);
        }
        let head = match (counted || answer, l) {
            (true, _) => String::new(),
            (false, Lang::Zh) => learn(l, LearnMsg::TaskWrong).to_string(),
            (false, Lang::En) => format!("{} ", learn(l, LearnMsg::TaskWrong)),
        };
        // At a lesson's end the answer is followed by 本课完成.
        let last = task_i.get_untracked() + 1 == lesson.tasks.len();
        let tail = if answer && last {
            format!(" {}", learn(l, LearnMsg::LessonDone))
        } else {
            String::new()
        };
        said.set(format!("{head}{words}{tail}"));
        help.set(Some(h));
    };
    let on_point = Callback::new(move |p: Point| {
        cursor.set(Some(p));
        let t = task();
        if t.ask != Ask::Capture || done.get_untracked() {
            return;
        }
        if let Some(g) = t.played(p).filter(|_| t.captures(p)) {
            shown.set(g);
            right();
        } else {
            wrong(Some(p), false);
        }
    });
    let answer_allowed = move |yes: bool| {
        if let Solution::Allowed(r) = task().answer() {
            let reason = r.err().map(|e| i18n::play_error(l, e).to_string());
            if yes == r.is_ok() {
                right();
                if let Some(why) = reason {
                    said.update(|s| *s = format!("{s} {why}"));
                }
            } else {
                wrong(None, false);
            }
        }
    };
    let answer_number = move || {
        let got: Option<u32> = number.get_untracked().trim().parse().ok();
        match (task().answer(), got) {
            (Solution::Number(n), Some(g)) if n == g => right(),
            _ => wrong(None, false),
        }
    };
    let answer_winner = move |c: Colour| match task().answer() {
        Solution::Winner(w) if w == Some(c) => right(),
        _ => wrong(None, false),
    };
    let next = move |_| {
        let i = task_i.get_untracked() + 1;
        if i < lesson.tasks.len() {
            task_i.set(i);
            shown.set(lesson.tasks[i].position());
            done.set(false);
            said.set(String::new());
            number.set(String::new());
            wrong_count.set(0);
            help.set(None);
            // The next task's first answer takes the keyboard (下一题 went with the last).
            crate::ui::focus_first("#learn-root");
        } else {
            route::up(&Route::Lesson(index));
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        board_key(&ev, shown.with_untracked(|g| g.size()), cursor, on_point);
    };
    let (words, label) = board_names(lang);
    let pick = move |zh: &'static str, en: &'static str| if l == Lang::Zh { zh } else { en };
    let help_svg = move || {
        let stones = shown.with(|g| view_of(g, false, true).stones);
        let size = shown.with(|g| g.size());
        help.with(|h| {
            h.as_ref()
                .map(|h| super::help::layer(size, &h.marks, &stones))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="game problem lesson" aria-labelledby="lesson-title">
            // The first action: the board for a capture, else the first answer.
            <div class="board-wrap help-board" on:keydown=on_key
                data-first=move || (task().ask == Ask::Capture && !done.get()).then_some("")>
                <Goban view=board on_point=on_point board_label=label words=words />
                <svg class="goban mark-layer help-layer" aria-hidden="true"
                    viewBox=move || super::goban::view_box(shown.with(|g| g.size()), true, None) inner_html=help_svg></svg>
            </div>
            <div class="panel">
                <h2 id="lesson-title">{pick(lesson.title_zh, lesson.title_en)}</h2>
                <p class="lesson-text">{pick(lesson.text_zh, lesson.text_en)}</p>
                // The article of the rules the lesson follows, its words as the rules say them (in
                // English, ours): for the teacher, folded.
                <details class="rule-text">
                    <summary>{learn(l, LearnMsg::RuleText)}</summary>
                    <p class="rule-article"><strong>{pick(lesson.article, lesson.article_en)}</strong></p>
                    <p class="rule-words">{pick(lesson.rule_zh, lesson.rule_en)}</p>
                </details>
                <p id="task" class="question">{move || {
                    let t = task();
                    format!("{}/{} · {}", task_i.get() + 1, lesson.tasks.len(), pick(t.zh, t.en))
                }}</p>
                {move || (!done.get()).then(|| match task().ask {
                    Ask::Allowed(_) => view! {
                        <div class="row">
                            <button id="answer-yes" data-first="" on:click=move |_| answer_allowed(true)>{learn(l, LearnMsg::Allowed)}</button>
                            <button id="answer-no" on:click=move |_| answer_allowed(false)>{learn(l, LearnMsg::NotAllowed)}</button>
                        </div>
                    }.into_any(),
                    // Liberties by a tap on a number (beginners on a tablet); counts typed.
                    Ask::Liberties(_) => view! {
                        <div class="row" role="group" data-first="" aria-label=learn(l, LearnMsg::YourAnswer)>
                            {(1..=8u32).map(|n| view! {
                                <button class="choice" data-answer=n on:click=move |_| {
                                    number.set(n.to_string());
                                    answer_number();
                                }>{n}</button>
                            }).collect_view()}
                        </div>
                    }.into_any(),
                    Ask::CountBlack => view! {
                        <button id="count-together" on:click=move |_| wrong(None, true)>{learn(l, LearnMsg::CountTogether)}</button>
                        <form class="move-form" on:submit=move |ev| {
                            ev.prevent_default();
                            answer_number();
                        }>
                            <input id="answer-number" type="number" min="0" inputmode="numeric" data-first=""
                                aria-label=learn(l, LearnMsg::YourAnswer)
                                prop:value=move || number.get()
                                on:input=move |ev| number.set(event_target_value(&ev)) />
                            <button type="submit">{learn(l, LearnMsg::Answer)}</button>
                        </form>
                    }.into_any(),
                    Ask::Winner => view! {
                        <div class="row">
                            <button id="answer-black" data-first="" on:click=move |_| answer_winner(Colour::Black)>{learn(l, LearnMsg::BlackWins)}</button>
                            <button id="answer-white" on:click=move |_| answer_winner(Colour::White)>{learn(l, LearnMsg::WhiteWins)}</button>
                        </div>
                    }.into_any(),
                    Ask::Capture => view! { <p class="hint">{learn(l, LearnMsg::ClickToCapture)}</p> }.into_any(),
                })}
                <p id="status" class="status">{move || said.get()}</p>
                <div id="announce" class="sr-only" aria-live="polite">{move || said.get()}</div>
                <div class="row actions">
                    <button id="lesson-list" on:click=move |_| route::up(&Route::Lesson(index))>{learn(l, LearnMsg::AllLessons)}</button>
                    // The way on: the next task, at the lesson's end the next lesson, after the
                    // last lesson the problems.
                    {move || done.get().then(|| if task_i.get() + 1 < lesson.tasks.len() {
                        view! { <button id="task-next" class="primary" data-first="" on:click=next>{learn(l, LearnMsg::NextTask)}</button> }.into_any()
                    } else if index + 1 < LESSONS.len() + super::technique::all().len() {
                        view! { <button id="lesson-next" class="primary" data-first="" on:click=move |_| route::step(&Route::Lesson(index + 1))>{learn(l, LearnMsg::NextLesson)}</button> }.into_any()
                    } else {
                        view! { <button id="lesson-next" class="primary" data-first="" on:click=move |_| route::step(&Route::Problems { set: 0, problem: Some(0) })>{learn(l, LearnMsg::ToProblems)}</button> }.into_any()
                    })}
                </div>
            </div>
        </section>
    }
}

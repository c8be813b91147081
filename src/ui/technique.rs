//! 技巧课 (issue 54) in 学下棋's wasm: a technique lesson read from its file
//! ([`crate::learn::lessons`]) — the example step by step with its marks, the tasks one by one
//! with the help after a wrong answer ([`crate::learn::lessons::help`]: the reader's
//! refutation, the hint, the answer played out), and the 3-task quiz that ticks the lesson.
//! The lessons follow the rules course in one numbering: `#/learn/lesson/9` is the first.

use leptos::prelude::*;

use super::learn::{board_key, board_names};
use crate::learn::help::Step;
use crate::learn::lessons::help::{help, played_out, TaskHelp};
use crate::learn::lessons::{self, progress_key, Lesson, Mark, Task};
use crate::rules::{BoardSize, Colour, Game, Move, Point};
use crate::session::route::Route;
use crate::session::settings::Lang;
use crate::session::stored::book::Progress;
use crate::ui::game::view_of;
use crate::ui::goban::{BoardView, Goban, U};
use crate::ui::i18n::technique::{self as words, tech, TechMsg};
use crate::ui::i18n::{self, learn, LearnMsg};
use crate::web::route;

/// The quiz is passed with this many of its tasks right at the first try.
pub const QUIZ_TO_PASS: usize = 2;

/// Whether the progress ticks the lesson.
pub fn ticked(p: &Progress, key: &str) -> bool {
    p.get(&progress_key(key)).is_some_and(|v| !v.is_empty())
}

/// The technique lessons (read from their files once).
pub fn all() -> &'static [Lesson] {
    use std::sync::OnceLock;
    static ALL: OnceLock<Vec<Lesson>> = OnceLock::new();
    ALL.get_or_init(lessons::all)
}

/// The next lesson of the course the progress has not ticked (the rules course first, then
/// the techniques), as the route's index.
pub fn next_unticked(p: &Progress) -> Option<usize> {
    let rules = crate::learn::course::LESSONS.len();
    let done_rules = |i: usize| p.get("course").is_some_and(|v| v.contains(&(i as u32)));
    (0..rules).find(|&i| !done_rules(i)).or_else(|| {
        all()
            .iter()
            .position(|l| !ticked(p, &l.key))
            .map(|i| rules + i)
    })
}

/// Tells the home screen what comes next on the path ("下一课：倒扑"), from the progress:
/// the next lesson not done, or after the lessons 每日练习 at the pupil's level.
pub fn tell_next(p: &Progress) {
    let rules = &crate::learn::course::LESSONS;
    let (zh, en) = match next_unticked(p) {
        Some(i) if i < rules.len() => {
            (rules[i].title_zh.to_string(), rules[i].title_en.to_string())
        }
        Some(i) => (
            all()[i - rules.len()].title.zh.clone(),
            all()[i - rules.len()].title.en.clone(),
        ),
        None => {
            crate::web::storage::save_next_lesson(
                tech(Lang::Zh, TechMsg::NextProblems),
                tech(Lang::En, TechMsg::NextProblems),
            );
            return;
        }
    };
    crate::web::storage::save_next_lesson(
        &words::next_lesson(Lang::Zh, &zh),
        &words::next_lesson(Lang::En, &en),
    );
}

/// The marks the board itself does not draw (○ □ ×), as SVG in the board's units.
fn marks_layer(size: BoardSize, marks: &[Mark], stones: &[(Point, Colour)]) -> String {
    let mut s = String::new();
    for m in marks {
        let p = m.point();
        let (c, r) = size.col_row(p);
        let (x, y) = (c as i32 * U, r as i32 * U);
        let on = match stones.iter().find(|(q, _)| *q == p) {
            Some((_, Colour::Black)) => "on-black",
            Some((_, Colour::White)) => "on-white",
            None => "on-board",
        };
        let v = size.vertex(p);
        s += &match m {
            Mark::Circle(_) => format!(
                "<circle class=\"lesson-mark {on}\" data-mark=\"circle\" data-vertex=\"{v}\" cx=\"{x}\" cy=\"{y}\" r=\"24\"/>"
            ),
            Mark::Square(_) => format!(
                "<rect class=\"lesson-mark {on}\" data-mark=\"square\" data-vertex=\"{v}\" x=\"{}\" y=\"{}\" width=\"44\" height=\"44\"/>",
                x - 22,
                y - 22
            ),
            Mark::Cross(_) => format!(
                "<path class=\"lesson-mark {on}\" data-mark=\"cross\" data-vertex=\"{v}\" d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
                x - 22, y - 22, x + 22, y + 22, x + 22, y - 22, x - 22, y + 22
            ),
            _ => String::new(),
        };
    }
    s
}

/// The board as a lesson shows it: the game, △ and the letters drawn by the board.
fn lesson_view(g: &Game, marks: &[Mark]) -> BoardView {
    let mut v = view_of(g, false, true);
    v.marked = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Triangle(p) => Some(*p),
            _ => None,
        })
        .collect();
    v.labels = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Letter(c, p) if g.board().is_empty(*p) => Some((*p, c.to_string())),
            _ => None,
        })
        .collect();
    v
}

/// The space between two sentences: none in Chinese.
fn gap(l: Lang) -> &'static str {
    if l == Lang::Zh {
        ""
    } else {
        " "
    }
}

/// Where the lesson is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Example(usize),
    Task(usize),
    Quiz(usize),
}

/// A technique lesson: `index` among the technique lessons (from 0).
#[component]
pub(super) fn TechniqueView(
    index: usize,
    lang: Signal<Lang>,
    mark_solved: Callback<(String, usize)>,
) -> impl IntoView {
    let l = lang.get_untracked();
    let lesson: &'static Lesson = &all()[index];
    let rules = crate::learn::course::LESSONS.len();
    let pick = move |w: &'static lessons::Words| {
        if l == Lang::Zh {
            w.zh.as_str()
        } else {
            w.en.as_str()
        }
    };
    let phase = RwSignal::new(Phase::Example(0));
    let task = move || -> Option<&'static Task> {
        match phase.get() {
            Phase::Example(_) => None,
            Phase::Task(i) => lesson.tasks.get(i),
            Phase::Quiz(i) => lesson.quiz.get(i),
        }
    };
    let shown = RwSignal::new(lesson.example_at(0));
    let said = RwSignal::new(String::new());
    let done = RwSignal::new(false);
    let wrong_count = RwSignal::new(0u32);
    let help_now = RwSignal::new(None::<TaskHelp>);
    let cursor = RwSignal::new(None::<Point>);
    // The quiz's tasks right at the first try; the quiz passed.
    let quiz_right = RwSignal::new(0usize);
    let passed = RwSignal::new(false);
    let marks = move || -> Vec<Mark> {
        match phase.get() {
            Phase::Example(s) => lesson.example[s].marks.clone(),
            _ if done.get() => Vec::new(),
            _ => task().map(|t| t.marks.clone()).unwrap_or_default(),
        }
    };
    let board = Signal::derive(move || {
        let m = marks();
        let mut v = shown.with(|g| lesson_view(g, &m));
        // An answered task shows its moves played out, numbered.
        if done.get() {
            v.numbers = shown.with(|g| view_of(g, true, true).numbers);
            // The numbers say the order: no last-move ring over the last of them.
            v.last = None;
        }
        BoardView {
            cursor: cursor.get(),
            ..v
        }
    });
    let open_task = move |p: Phase| {
        phase.set(p);
        let t = task();
        if let Some(t) = t {
            shown.set(t.board.game());
        }
        done.set(false);
        said.set(String::new());
        wrong_count.set(0);
        help_now.set(None);
        cursor.set(None);
        crate::ui::focus_first("#learn-root");
    };
    let last_of_phase = move || match phase.get_untracked() {
        Phase::Task(i) => i + 1 == lesson.tasks.len(),
        Phase::Quiz(i) => i + 1 == lesson.quiz.len(),
        Phase::Example(_) => false,
    };
    let finish = move |first_try: bool| {
        done.set(true);
        if let Phase::Quiz(_) = phase.get_untracked() {
            if first_try {
                quiz_right.update(|n| *n += 1);
            }
            if last_of_phase() && quiz_right.get_untracked() >= QUIZ_TO_PASS {
                passed.set(true);
                mark_solved.run((progress_key(&lesson.key), 0));
                said.update(|s| *s = format!("{s}{}{}", gap(l), tech(l, TechMsg::Passed)));
            } else if last_of_phase() {
                let n = quiz_right.get_untracked();
                said.update(|s| {
                    *s = format!(
                        "{s}{}{}",
                        gap(l),
                        words::quiz_score(l, n, lesson.quiz.len(), QUIZ_TO_PASS)
                    )
                });
            }
        }
        crate::ui::focus_first("#learn-root");
    };
    let answer = move |mv: Move| {
        let Some(t) = task() else { return };
        if done.get_untracked() {
            return;
        }
        let mover = t.board.to_move;
        if let Err(e) = t.board.game().check(mover, mv) {
            said.set(i18n::play_error(l, e).to_string());
            return;
        }
        if t.is_right(mv) {
            shown.set(played_out(t, mv));
            help_now.set(None);
            said.set(learn(l, LearnMsg::TaskRight).to_string());
            finish(wrong_count.get_untracked() == 0);
            return;
        }
        let n = wrong_count.get_untracked() + 1;
        wrong_count.set(n);
        let h = help(t, n, Some(mv));
        let text = match h.step {
            Step::Explain => format!(
                "{}{}{}",
                learn(l, LearnMsg::TaskWrong),
                gap(l),
                match h.refuted {
                    Some((_, reply)) => words::refuted(l, mover, reply, h.liberties),
                    None => String::new(),
                }
            ),
            Step::Hint => format!(
                "{}{}{}",
                learn(l, LearnMsg::TaskWrong),
                gap(l),
                pick(&t.hint)
            ),
            Step::Answer => {
                if let Some(&right) = t.right.first() {
                    shown.set(played_out(t, right));
                }
                tech(l, TechMsg::AnswerShown).to_string()
            }
        };
        said.set(text);
        let answer_step = h.step == Step::Answer;
        help_now.set(Some(h));
        if answer_step {
            finish(false);
        }
    };
    let on_point = Callback::new(move |p: Point| {
        cursor.set(Some(p));
        let Some(t) = task() else { return };
        // A choice task takes only its lettered points.
        if !t.choices.is_empty() && !t.choices.iter().any(|&c| t.choice_point(c) == Some(p)) {
            said.set(tech(l, TechMsg::Choose).to_string());
            return;
        }
        answer(Move::Play(p));
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        board_key(&ev, shown.with_untracked(|g| g.size()), cursor, on_point);
    };
    let (point_words, label) = board_names(lang);
    let layers = move || {
        let stones = shown.with(|g| view_of(g, false, true).stones);
        let size = shown.with(|g| g.size());
        let mut svg = marks_layer(size, &marks(), &stones);
        if let Some(h) = help_now.get() {
            svg += &super::help::layer(size, &h.marks, &stones);
        }
        svg
    };
    let example_step = move |s: usize| {
        phase.set(Phase::Example(s));
        shown.set(lesson.example_at(s));
    };
    let next_lesson = move || {
        let i = rules + index + 1;
        if index + 1 < all().len() {
            view! {
                <button id="lesson-next" class="primary" data-first="" on:click=move |_| route::step(&Route::Lesson(i))>
                    {words::next_lesson(l, pick(&all()[index + 1].title))}
                </button>
            }
            .into_any()
        } else {
            view! {
                <button id="lesson-next" class="primary" data-first="" on:click=move |_| route::step(&Route::Daily)>
                    {tech(l, TechMsg::ToProblems)}
                </button>
            }
            .into_any()
        }
    };
    view! {
        <section class="game problem lesson technique" aria-labelledby="lesson-title" data-lesson=lesson.key.clone()>
            <div class="board-wrap help-board" on:keydown=on_key
                data-first=move || (task().is_some_and(|t| t.choices.is_empty()) && !done.get()).then_some("")>
                <Goban view=board on_point=on_point board_label=label words=point_words />
                <svg class="goban mark-layer help-layer" aria-hidden="true"
                    viewBox=move || super::goban::view_box(shown.with(|g| g.size()), true, None) inner_html=layers></svg>
            </div>
            <div class="panel">
                <p class="hint lesson-course">{format!("{} {}", tech(l, TechMsg::Course), lesson.number)}</p>
                <h2 id="lesson-title">{pick(&lesson.title)}</h2>
                <p class="lesson-text">{pick(&lesson.text)}</p>
                {move || match phase.get() {
                    Phase::Example(s) => view! {
                        <p id="task" class="question">{format!("{} {}/{} · {}", tech(l, TechMsg::Example), s + 1, lesson.example.len(), pick(&lesson.example[s].say))}</p>
                        <div class="row">
                            <button id="example-back" disabled=s == 0 on:click=move |_| example_step(s - 1)>{tech(l, TechMsg::Back)}</button>
                            {if s + 1 < lesson.example.len() {
                                view! { <button id="example-next" class="primary" data-first="" on:click=move |_| example_step(s + 1)>{tech(l, TechMsg::Next)}</button> }.into_any()
                            } else {
                                view! { <button id="tasks-start" class="primary" data-first="" on:click=move |_| open_task(Phase::Task(0))>{tech(l, TechMsg::StartTasks)}</button> }.into_any()
                            }}
                        </div>
                    }.into_any(),
                    p => {
                        let (head, i, of) = match p {
                            Phase::Task(i) => (tech(l, TechMsg::Task), i, lesson.tasks.len()),
                            Phase::Quiz(i) => (tech(l, TechMsg::Quiz), i, lesson.quiz.len()),
                            Phase::Example(_) => unreachable!(),
                        };
                        let t = task();
                        view! {
                            <p id="task" class="question">{format!("{head} {}/{of} · {}", i + 1, t.map(|t| pick(&t.say)).unwrap_or(""))}</p>
                            {move || (!done.get()).then(|| match task() {
                                Some(t) if !t.choices.is_empty() => view! {
                                    <div class="row" role="group" aria-label=tech(l, TechMsg::Choose)>
                                        {t.choices.iter().enumerate().map(|(k, &c)| {
                                            let p = t.choice_point(c);
                                            view! {
                                                <button class="choice" data-choice=c.to_string() data-first=(k == 0).then_some("")
                                                    on:click=move |_| if let Some(p) = p { answer(Move::Play(p)) }>{c.to_string()}</button>
                                            }
                                        }).collect_view()}
                                    </div>
                                }.into_any(),
                                _ => view! { <p class="hint">{tech(l, TechMsg::TapPoint)}</p> }.into_any(),
                            })}
                        }.into_any()
                    }
                }}
                <p id="status" class="status">{move || said.get()}</p>
                <div id="announce" class="sr-only" aria-live="polite">{move || said.get()}</div>
                <div class="row actions">
                    <button id="lesson-list" on:click=move |_| route::up(&Route::Lesson(rules + index))>{tech(l, TechMsg::AllLessons)}</button>
                    {move || done.get().then(|| match phase.get() {
                        Phase::Task(i) if i + 1 < lesson.tasks.len() => view! {
                            <button id="task-next" class="primary" data-first="" on:click=move |_| open_task(Phase::Task(i + 1))>{tech(l, TechMsg::NextTask)}</button>
                        }.into_any(),
                        Phase::Task(_) => view! {
                            <button id="quiz-start" class="primary" data-first="" on:click=move |_| { quiz_right.set(0); open_task(Phase::Quiz(0)) }>{tech(l, TechMsg::ToQuiz)}</button>
                        }.into_any(),
                        Phase::Quiz(i) if i + 1 < lesson.quiz.len() => view! {
                            <button id="task-next" class="primary" data-first="" on:click=move |_| open_task(Phase::Quiz(i + 1))>{tech(l, TechMsg::NextTask)}</button>
                        }.into_any(),
                        _ if passed.get() => next_lesson(),
                        _ => view! {
                            <button id="quiz-again" class="primary" data-first="" on:click=move |_| { quiz_right.set(0); open_task(Phase::Quiz(0)) }>{tech(l, TechMsg::QuizAgain)}</button>
                        }.into_any(),
                    })}
                </div>
            </div>
        </section>
    }
}

/// 技巧课 on 学下棋's page: the lessons in order, each ticked when its quiz was passed.
#[component]
pub(super) fn TechniqueList(lang: Signal<Lang>, progress: RwSignal<Progress>) -> impl IntoView {
    let l = lang.get_untracked();
    let rules = crate::learn::course::LESSONS.len();
    view! {
        <section class="learn-card" id="techniques">
            <h2>{tech(l, TechMsg::Course)}" "<span class="hint">{move || {
                let done = progress.with(|p| all().iter().filter(|x| ticked(p, &x.key)).count());
                format!("{} {done}/{}", tech(l, TechMsg::Done), all().len())
            }}</span></h2>
            <p class="hint">{tech(l, TechMsg::Intro)}</p>
            <ol class="lessons" start=(rules + 1).to_string()>
                {all().iter().enumerate().map(|(i, lesson)| {
                    let title = if l == Lang::Zh { lesson.title.zh.clone() } else { lesson.title.en.clone() };
                    let key = lesson.key.clone();
                    let data_key = key.clone();
                    view! {
                        <li>
                            <button class="lesson-button" data-lesson=data_key on:click=move |_| crate::web::route::go(&Route::Lesson(rules + i))>
                                {title}{move || progress.with(|p| ticked(p, &key)).then_some(" ✓")}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}

/// The technique lessons a pupil finished, for the class report: "技巧课 2/4：打吃与长、征子".
pub fn report_words(l: Lang, keys: &[String]) -> String {
    let titles: Vec<String> = keys
        .iter()
        .map(|k| match all().iter().find(|x| &x.key == k) {
            Some(x) if l == Lang::Zh => x.title.zh.clone(),
            Some(x) => x.title.en.clone(),
            None => k.clone(),
        })
        .collect();
    let n = all().len();
    match (l, titles.is_empty()) {
        (Lang::Zh, true) => format!("技巧课 0/{n}"),
        (Lang::Zh, false) => format!("技巧课 {}/{n}：{}", titles.len(), titles.join("、")),
        (Lang::En, true) => format!("techniques 0/{n}"),
        (Lang::En, false) => format!("techniques {}/{n}: {}", titles.len(), titles.join(", ")),
    }
}

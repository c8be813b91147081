//! 学下棋: the way in for beginners — capture Go against the computer, then the problem sets
//! (built in, or opened from an SGF file) and the problem player. It runs as its own wasm
//! (`src/bin/learn.rs`, loaded by [`crate::web::learn`]) in a full-screen root, so the app
//! shell does not carry it. The answers come from the problem's tree through the core
//! ([`crate::learn::Attempt`]); progress is kept by `web/storage`.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::learn::course::LESSONS;
use crate::learn::{builtin::SETS, Answer, Attempt, Problem};
use crate::rules::{Colour, Move, Point};
use crate::session::route::Route;
use crate::session::settings::Lang;
use crate::session::stored::book::ProblemSetRecord;
use crate::ui::describe::point_words;
use crate::ui::game::view_of;
use crate::ui::goban::{cursor_after_key, BoardView, Goban};
use crate::ui::i18n::{self, learn, t, text, LearnMsg, Msg};
use crate::web::route::go;
use crate::web::{learn as page, route, storage};

/// A set of problems as shown: built in, or opened from a file.
#[derive(Clone)]
struct ProblemSet {
    key: String,
    name: String,
    problems: Vec<Problem>,
    /// The files of an imported set (saved again as a class set for the pupils).
    files: Option<Vec<(String, String)>>,
}

/// A stored imported set, read again.
fn imported_set(stored: &ProblemSetRecord) -> ProblemSet {
    ProblemSet {
        key: stored.key.clone(),
        name: stored.name.clone(),
        problems: stored
            .files
            .iter()
            .flat_map(|(_, text)| Problem::read_all(text).unwrap_or_default())
            .collect(),
        files: Some(stored.files.clone()),
    }
}

/// Mounts 学下棋 in the page's root for it (called once, when its wasm starts).
pub fn mount() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(page::ROOT_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    leptos::mount::mount_to(root, LearnApp).forget();
}

#[component]
fn LearnApp() -> impl IntoView {
    let l = storage::load_lang();
    let lang = Signal::stored(l);
    let sets = RwSignal::new(
        SETS.iter()
            .map(|s| ProblemSet {
                key: s.key.to_string(),
                name: if l == Lang::Zh { s.name_zh } else { s.name_en }.to_string(),
                problems: Problem::read_all(s.sgf).unwrap_or_default(),
                files: None,
            })
            .collect::<Vec<_>>(),
    );
    // The sets imported before (the teacher's, stored): after the built-in ones.
    sets.update(|all| {
        for stored in storage::problem_sets() {
            all.push(imported_set(&stored));
        }
    });
    // The computer checks the imported sets' answers after the list is drawn (issue 52).
    let proofs = super::proofs::Proofs::new();
    // And grades them by the ranked opponents, in the bot's worker (issue 53), once for all.
    let grades = super::grades::Grades::new(proofs);
    let stored_grades: Vec<(String, Vec<String>)> = storage::problem_sets()
        .into_iter()
        .map(|r| (r.key, r.grades))
        .collect();
    sets.with_untracked(|all| {
        for set in all.iter().filter(|s| s.files.is_some()) {
            proofs.read_set(&set.key, &set.problems, false);
            let kept = stored_grades
                .iter()
                .find(|(k, _)| *k == set.key)
                .map(|(_, g)| g.as_slice());
            grades.grade_set(&set.key, &set.problems, kept.unwrap_or_default(), false);
        }
    });
    let progress = RwSignal::new(storage::load_learn_progress());
    // The home screen says what comes next on the path (issue 54).
    progress.with_untracked(super::technique::tell_next);
    // 我的棋册 (`Some(true)`: the name asked before a first game).
    let book_open = RwSignal::new(None::<bool>);
    // The pupil was asked who they are (the first visit asks, on top of the page).
    let named = RwSignal::new(storage::pupil_asked());
    crate::ui::book::keep_written();
    // The ladder as the shell appended to it, put in order and trimmed.
    storage::tidy_ladder();
    let open = RwSignal::new(None::<(usize, usize)>);
    let lesson_open = RwSignal::new(None::<usize>);
    let teach_open = RwSignal::new(false);
    let report_open = RwSignal::new(false);
    let daily_open = RwSignal::new(false);
    // 升级考试's screen, by its address (built anew at each: it reads the exams then).
    let exam_open = RwSignal::new(None::<Route>);
    // The diagrams put on the A4 print sheet (kept while 学下棋 is open).
    let sheet = RwSignal::new(Vec::<String>::new());
    let notice = RwSignal::new(None::<String>);
    // The teacher's board's record (from review, or a file opened there).
    let study = RwSignal::new(None::<crate::session::study::Study>);
    // Review: a stored game, or the shared one in the address.
    let reviewing = RwSignal::new(None::<crate::session::Session>);
    // The move the address asks review to open on (read when review mounts).
    let review_at = StoredValue::new(None::<usize>);
    // The shared link's fragment under review, if that is what review shows.
    let shared_shown = StoredValue::new(None::<String>);
    let projector = RwSignal::new(false);
    // The kept teacher's board the address names (`#/teach/<id>`).
    let teach_board = RwSignal::new(None::<crate::session::editor::BoardId>);
    // What this wasm shows follows the address, as the page's does (`web/route.rs`): a
    // screen of 学下棋 is opened by its address, and one that is not here any more (a
    // deleted game, a lesson or a problem that does not exist) leads home with a notice. The
    // page handles the addresses of its own screens and hides this root for them.
    let last_route = StoredValue::new(None::<Route>);
    let show = move |fragment: &str| {
        // A screen left (a game ended and its board closed, a lesson done): the pupil's file,
        // if they picked one, gets the changes; without one, back home from a game, they are
        // reminded to save it.
        let parsed = Route::parse(fragment).ok();
        let was = last_route.get_value();
        last_route.set_value(parsed);
        if matches!(was, Some(Route::Game(_))) && parsed == Some(Route::Home) {
            crate::ui::book::remind_after_game();
        } else {
            crate::ui::book::write_back_if_changed();
        }
        let Some(route) = parsed else {
            return route::home_with_notice(learn(l, LearnMsg::AddressUnknown));
        };
        // 我的棋册 reads storage when it opens: it is built anew each time it is shown (the
        // games played meanwhile are on it), so it goes when any other screen shows.
        set_if(
            book_open,
            match route {
                Route::Book => Some(false),
                Route::Name => Some(true),
                _ => None,
            },
        );
        // 升级考试 is read anew when it is shown again (a game of it was played meanwhile).
        set_if(
            exam_open,
            matches!(
                route,
                Route::Exams | Route::Exam(_) | Route::ExamProblems(_) | Route::Certificate(_)
            )
            .then_some(route),
        );
        if !route.in_learn() {
            return;
        }
        // The name may have been given meanwhile (the question before a first game): asked
        // once, it is not asked again on this page.
        set_if(named, storage::pupil_asked());
        let gone = |m: &str| route::home_with_notice(m);
        let same = |a: &Option<String>, b: &str| a.as_deref() == Some(b);
        match route {
            Route::Review { game, at } => {
                if reviewing.with_untracked(|r| r.as_ref().map(|r| r.id)) != Some(game)
                    || shared_shown.with_value(Option::is_some)
                {
                    let Some(record) = storage::load_game(game) else {
                        return gone(t(l, Msg::GameGone));
                    };
                    // A game of a rank exam still open: no 复盘 until the exam is over; the
                    // exam's page instead (what comes next, and that 复盘 waits for the end).
                    if let Some(exam) = crate::ui::exam::locked(&record) {
                        return route::replace_and_show(&Route::Exam(exam));
                    }
                    notice.set(storage::take_review_notice(game).filter(|n| !n.is_empty()));
                    review_at.set_value(at);
                    shared_shown.set_value(None);
                    reviewing.set(Some(record));
                }
            }
            Route::Shared => {
                let fragment = route::fragment();
                if !shared_shown.with_value(|s| same(s, &fragment)) {
                    let now = crate::web::now_ms();
                    let id = crate::session::GameId(now as u64);
                    let Ok(record) = crate::session::Session::from_share(&fragment, id, now) else {
                        return gone(learn(l, LearnMsg::ShareBroken));
                    };
                    review_at.set_value(None);
                    shared_shown.set_value(Some(fragment));
                    reviewing.set(Some(record));
                }
            }
            _ => {
                shared_shown.set_value(None);
                if reviewing.with_untracked(Option::is_some) {
                    reviewing.set(None);
                }
            }
        }
        let lesson = match route {
            Route::Lesson(i) if i >= LESSONS.len() + super::technique::all().len() => {
                return gone(learn(l, LearnMsg::LessonGone))
            }
            Route::Lesson(i) => Some(i),
            _ => None,
        };
        let problem = match route {
            Route::Problems { set, problem } => {
                let found = sets.with_untracked(|all| match (all.get(set), problem) {
                    (Some(s), Some(p)) if p >= s.problems.len() => None,
                    (Some(_), p) => Some((set, p)),
                    (None, _) => None,
                });
                let Some((si, p)) = found else {
                    return gone(learn(l, LearnMsg::ProblemGone));
                };
                if p.is_none() {
                    scroll_to_set(si);
                }
                p.map(|p| (si, p))
            }
            _ => None,
        };
        set_if(lesson_open, lesson);
        set_if(open, problem);
        if let Route::Teach(b) | Route::Projector(b) = route {
            if b.is_some_and(|b| storage::load_board(b).is_none()) {
                return gone(learn(l, LearnMsg::BoardGone));
            }
            set_if(teach_board, b);
        }
        set_if(
            teach_open,
            matches!(route, Route::Teach(_) | Route::Projector(_)),
        );
        set_if(projector, matches!(route, Route::Projector(_)));
        set_if(report_open, route == Route::Report);
        set_if(daily_open, route == Route::Daily);
        // A screen shown anew: the keyboard on its first action (a set's first problem, when
        // the address names a set of the list). The projector keeps its own.
        if was != Some(route) && !matches!(route, Route::Projector(_)) {
            crate::ui::focus_first(&match route {
                Route::Problems { set, problem: None } => format!("#problem-set-{set}"),
                _ => "#learn-root".to_string(),
            });
        }
    };
    route::follow(show);
    // An SGF file opened on the page's home screen (read here: the app shell has no reader).
    let take_import = || {
        if let Some(file) = page::take_import() {
            leptos::task::spawn_local(super::import::import(file));
        }
    };
    take_import();
    let file_handed = window_event_listener_untyped(page::IMPORT, move |_| take_import());
    // A stored game the page asked for as SGF: written here, offered as a download.
    let take_export = || {
        if let Some(s) = page::take_export().and_then(crate::web::storage::load_game) {
            crate::web::download::offer_sgf(&s);
        }
    };
    take_export();
    let export_asked = window_event_listener_untyped(page::EXPORT, move |_| take_export());
    // Hidden (the page went to one of its screens): a review stops (its pass with it).
    let closed = window_event_listener_untyped(page::CLOSED, move |_| {
        if reviewing.with_untracked(Option::is_some) {
            reviewing.set(None);
            shared_shown.set_value(None);
            notice.set(None);
        }
    });
    // The teacher who just opened a file is told which problems to look at.
    Effect::new(move |_| {
        if let Some(told) = proofs.take_told(l) {
            notice.set(Some(told));
        }
    });
    on_cleanup(move || {
        file_handed.remove();
        export_asked.remove();
        closed.remove();
    });
    let to_teach = Callback::new(
        move |(record, at): (crate::session::Session, crate::record::tree::NodeId)| {
            study.set(Some(crate::session::study::Study::new(record, at)));
            go(&Route::Teach(None));
        },
    );
    let solved = move |set: &str, i: usize| {
        progress.with(|p| p.get(set).is_some_and(|v| v.contains(&(i as u32))))
    };
    let mark_solved = Callback::new(move |(set, i): (String, usize)| {
        progress.update(|p| {
            let v = p.entry(set).or_default();
            if !v.contains(&(i as u32)) {
                v.push(i as u32);
            }
        });
        let _ = storage::save_learn_progress(&progress.get_untracked());
        progress.with_untracked(super::technique::tell_next);
    });
    // Problem files, one or many (a collection in one file, or a folder's files chosen at
    // once): every problem read goes into one set; a file that cannot be read is named.
    let import = move |ev: leptos::ev::Event| {
        crate::web::files::on_sgf_files_chosen(&ev, move |files| {
            let mut problems = Vec::new();
            let mut broken = Vec::new();
            let mut read = Vec::new();
            for (name, text) in &files {
                match Problem::read_all(text) {
                    Ok(p) => {
                        problems.extend(p);
                        read.push((name.clone(), text.clone()));
                    }
                    Err(e) => broken.push(format!("{name}: {}", i18n::problem_error(l, &e))),
                }
            }
            notice.set((!broken.is_empty()).then(|| broken.join("\n")));
            if problems.is_empty() {
                return;
            }
            let name = match files.as_slice() {
                [(one, _)] => one.clone(),
                [(first, _), rest @ ..] => format!("{first} +{}", rest.len()),
                [] => return,
            };
            let record = ProblemSetRecord {
                key: format!("file:{name}"),
                name: format!("{} · {name}", learn(l, LearnMsg::ImportedProblems)),
                files: read,
                grades: vec![],
            };
            // Kept for the next visit (prepared before class); storage full: said, still shown.
            // The set and the ticks in a set it replaces, together.
            if storage::store_problem_set(&record).is_err() {
                notice.set(Some(learn(l, LearnMsg::ProblemsNotStored).to_string()));
            }
            progress.set(storage::load_learn_progress());
            let key = record.key.clone();
            proofs.read_set(&key, &problems, true);
            grades.grade_set(&key, &problems, &[], true);
            let mut at = 0;
            sets.update(|s| {
                s.retain(|s| s.key != key);
                at = s.len();
                s.push(ProblemSet {
                    key,
                    name: record.name.clone(),
                    problems,
                    files: Some(record.files.clone()),
                })
            });
            route::step(&Route::Problems {
                set: at,
                problem: Some(0),
            });
        });
    };

    let list = move || {
        sets.with(|all| {
            all.iter()
                .enumerate()
                .map(|(si, set)| {
                    let done = (0..set.problems.len())
                        .filter(|&i| solved(&set.key, i))
                        .count();
                    let buttons = set
                        .problems
                        .iter()
                        .enumerate()
                        .map(|(pi, _)| {
                            let ok = solved(&set.key, pi);
                            let key = si;
                            let name = match problem_name(set, pi, l) {
                                n if n.is_empty() => (pi + 1).to_string(),
                                n => n,
                            };
                            let label = if ok {
                                format!("{name} · {}", learn(l, LearnMsg::ProblemSolvedMark))
                            } else {
                                name
                            };
                            // An imported problem's grade (issue 53), then the computer's check
                            // of its answer (issue 52).
                            let set_key_g = set.key.clone();
                            let graded = move || grades.get(&set_key_g, pi);
                            let graded_1 = graded.clone();
                            let label = move || match super::grades::mark_words(l, graded_1()) {
                                g if g.is_empty() => label.clone(),
                                g => format!("{label} · {g}"),
                            };
                            let set_key = set.key.clone();
                            let found = move || proofs.get(&set_key, pi);
                            let (found_1, found_2, found_3) = (found.clone(), found.clone(), found);
                            let label = move || match super::proofs::mark_words(l, found_1().as_ref()) {
                                "" => label(),
                                m => format!("{} · {m}", label()),
                            };
                            view! {
                                <button class="choice problem-button" class:solved=ok aria-label=label
                                    data-grade=move || super::grades::mark(l, graded())
                                    class:doubtful=move || found_2().is_some_and(|f| f.doubtful())
                                    on:click=move |_| route::step(&Route::Problems { set: key, problem: Some(pi) })>{pi + 1}{ok.then_some(" ✓")}{move || super::proofs::mark(found_3().as_ref())}</button>
                            }
                        })
                        .collect_view();
                    let class_set = set.files.clone().map(|files| {
                        let name = set.name.clone();
                        view! {
                            <button class="class-set" on:click=move |_| {
                                let text: Vec<&str> = files.iter().map(|(_, t)| t.as_str()).collect();
                                crate::web::download::offer(&format!("{name}.sgf"), "application/x-go-sgf", &text.join("\n"));
                            }>{learn(l, LearnMsg::SaveClassSet)}</button>
                        }
                    });
                    let set_key = set.key.clone();
                    let summary = move || proofs.summary(&set_key, l).map(|s| view! {
                        <p class="hint proof-summary" id=format!("proof-summary-{si}")
                            data-read=proofs.readings(&set_key)>{s}</p>
                    });
                    let set_key = set.key.clone();
                    let graded = move || grades.summary(&set_key, l).map(|s| view! {
                        <p class="hint set-grade" id=format!("set-grade-{si}")>{s}</p>
                    });
                    view! {
                        <section class="problem-set" id=format!("problem-set-{si}")>
                            <h2>{set.name.clone()}" "<span class="hint">{format!("{} {done}/{}", learn(l, LearnMsg::SolvedCount), set.problems.len())}</span></h2>
                            {summary}
                            {graded}
                            <div class="choices" data-first="">{buttons}</div>
                            {class_set}
                        </section>
                    }
                })
                .collect_view()
        })
    };

    view! {
        <div class="learn" role="dialog" aria-modal="true" aria-labelledby="learn-title">
            <div class="topbar">
                <button id="learn-close" on:click=move |_| go(&Route::Home)>{text(lang, Msg::Close)}</button>
                <h1 id="learn-title" class="learn-title">{move || if book_open.get().is_some() { learn(l, LearnMsg::MyBook) } else { t(lang.get(), if reviewing.with(Option::is_some) { Msg::Review } else { Msg::Learn }) }}</h1>
            </div>
            <div class="toasts">
                {move || notice.get().map(|n| view! {
                    <div class="notice" role="alert">
                        <span>{n}</span>
                        <button aria-label=text(lang, Msg::Close) on:click=move |_| notice.set(None)>"×"</button>
                    </div>
                })}
            </div>
            {move || reviewing.get().map(|record| {
                let address = shared_shown.with_value(Option::is_none).then_some(record.id);
                view! {
                    <crate::ui::review::Review lang=lang record=record on_teach=to_teach
                        address=address start=review_at.get_value() />
                }
            })}
            <Show when=move || open.get().is_none() && lesson_open.get().is_none() && !teach_open.get() && !report_open.get() && !daily_open.get() && reviewing.with(Option::is_none) && book_open.get().is_none() && exam_open.with(Option::is_none)>
                <div class="learn-home">
                    {move || (!named.get()).then(|| view! {
                        <section class="learn-card" id="learn-name">
                            <crate::ui::book::NameForm lang=lang name=String::new() class=String::new()
                                done=Callback::new(move |(n, c): (String, String)| {
                                    let _ = storage::set_pupil(&n, &c);
                                    progress.set(storage::load_learn_progress());
                                    progress.with_untracked(super::technique::tell_next);
                                    named.set(true);
                                }) />
                        </section>
                    })}
                    <p class="tagline">{learn(lang.get(), LearnMsg::LearnIntro)}</p>
                    <section class="learn-card">
                        <h2>{text(lang, Msg::CaptureGo)}</h2>
                        <p class="hint">{learn(lang.get(), LearnMsg::CaptureGoIntro)}</p>
                        <button id="learn-capture-go" class="primary" data-first="" on:click=move |_| go(&Route::NewGame { capture: true })>{learn(lang.get(), LearnMsg::PlayCaptureGo)}</button>
                    </section>
                    <section class="learn-card" id="course">
                        <h2>{learn(l, LearnMsg::Course)}" "<span class="hint">{move || {
                            let done = (0..LESSONS.len()).filter(|&i| solved("course", i)).count();
                            format!("{} {done}/{}", learn(l, LearnMsg::LessonsDone), LESSONS.len())
                        }}</span></h2>
                        <ol class="lessons">
                            {LESSONS.iter().enumerate().map(|(i, lesson)| {
                                let title = if l == Lang::Zh { lesson.title_zh } else { lesson.title_en };
                                view! {
                                    <li>
                                        <button class="lesson-button" on:click=move |_| go(&Route::Lesson(i))>
                                            {title}{move || solved("course", i).then_some(" ✓")}
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ol>
                    </section>
                    <super::technique::TechniqueList lang=lang progress=progress />
                    <h2>{learn(lang.get(), LearnMsg::ProblemSets)}</h2>
                    {list}
                    <label class="open-sgf button-like">
                        {learn(lang.get(), LearnMsg::ImportProblems)}
                        <input id="open-problems" type="file" multiple accept=".sgf,application/x-go-sgf" on:change=import />
                    </label>
                    // 每日练习: 题海's problems at the pupil's level (issue 53).
                    <section class="learn-card" id="path-daily">
                        <h2>{crate::ui::i18n::daily::daily(l, crate::ui::i18n::daily::DailyMsg::Title)}</h2>
                        <p class="hint">{crate::ui::i18n::daily::daily(l, crate::ui::i18n::daily::DailyMsg::Intro)}</p>
                        <button id="learn-daily" class="primary" on:click=move |_| go(&Route::Daily)>{crate::ui::i18n::daily::daily(l, crate::ui::i18n::daily::DailyMsg::Start)}</button>
                    </section>
                    // The path's last step: a whole game against the computer.
                    <section class="learn-card" id="path-game">
                        <h2>{learn(l, LearnMsg::PathGame)}</h2>
                        <p class="hint">{learn(l, LearnMsg::PathGameIntro)}</p>
                        <button id="learn-play" class="primary" on:click=move |_| go(&Route::NewGame { capture: false })>{learn(l, LearnMsg::PathGameStart)}</button>
                    </section>
                    // 升级考试: five games and ten problems for a rank and its certificate.
                    <section class="learn-card" id="path-exam">
                        <h2>{crate::ui::i18n::exam::exam(l, crate::ui::i18n::exam::ExamMsg::Title)}</h2>
                        <p class="hint">{crate::ui::i18n::exam::exam(l, crate::ui::i18n::exam::ExamMsg::Intro)}</p>
                        <button id="learn-exam" on:click=move |_| go(&Route::Exams)>{crate::ui::i18n::exam::exam(l, crate::ui::i18n::exam::ExamMsg::Title)}</button>
                    </section>
                    // The teacher's tools: a place of their own, after the pupil's steps.
                    <h2 class="for-teachers">{learn(l, LearnMsg::ForTeachers)}</h2>
                    <section class="learn-card">
                        <h2>{learn(l, LearnMsg::TeachBoard)}</h2>
                        <p class="hint">{learn(l, LearnMsg::TeachIntro)}</p>
                        <button id="open-teach" on:click=move |_| go(&Route::Teach(None))>{learn(l, LearnMsg::OpenTeachBoard)}</button>
                        <crate::ui::teach_boards::TeachBoards lang=lang />
                    </section>
                    <section class="learn-card">
                        <h2>{learn(l, LearnMsg::ClassReport)}</h2>
                        <p class="hint">{learn(l, LearnMsg::ClassReportIntro)}</p>
                        <button id="open-report" on:click=move |_| go(&Route::Report)>{learn(l, LearnMsg::OpenClassReport)}</button>
                    </section>
                </div>
            </Show>
            {move || teach_open.get().then(|| view! {
                <div class="row teach-back">
                    <button id="teach-close" on:click=move |_| route::up(&Route::Teach(None))>{learn(l, LearnMsg::BackToLearn)}</button>
                </div>
                <crate::ui::teach::TeachBoard lang=lang sheet=sheet study=study projector=projector board=teach_board />
            })}
            {move || report_open.get().then(|| view! {
                <div class="row teach-back">
                    <button id="report-close" on:click=move |_| route::up(&Route::Report)>{learn(l, LearnMsg::BackToLearn)}</button>
                </div>
                <crate::ui::class_report::ClassReport lang=lang />
            })}
            {move || daily_open.get().then(|| view! {
                <div class="row teach-back">
                    <button id="daily-close" on:click=move |_| route::up(&Route::Daily)>{learn(l, LearnMsg::BackToLearn)}</button>
                </div>
                <crate::ui::daily::DailyScreen lang=lang />
            })}
            {move || exam_open.get().map(|route| view! {
                <crate::ui::exam::ExamScreen lang=lang route=route />
            })}
            {move || book_open.get().map(|first| view! {
                <crate::ui::book::BookScreen lang=lang name_first=first />
            })}
            {crate::ui::teach::print_sheet(sheet)}
            {move || lesson_open.get().map(|i| if i < LESSONS.len() {
                view! { <super::lesson::LessonView index=i lang=lang mark_solved=mark_solved /> }.into_any()
            } else {
                view! { <super::technique::TechniqueView index=i - LESSONS.len() lang=lang mark_solved=mark_solved /> }.into_any()
            })}
            {move || open.get().map(|(si, pi)| {
                let set = sets.with_untracked(|s| s[si].clone());
                view! { <Player set=set index=pi lang=lang mark_solved=mark_solved set_index=si proofs=proofs /> }
            })}
        </div>
    }
}

/// Sets a signal only when its value changes: the address is applied again and again (a
/// reload, Back to the same screen), and a screen set anew would be built anew, losing what
/// the player did there (the teacher's board above all).
fn set_if<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|v| *v != value) {
        signal.set(value);
    }
}

/// Brings a problem set's section of 学下棋's page into view (its address was opened).
fn scroll_to_set(index: usize) {
    gloo_timers::callback::Timeout::new(0, move || {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(&format!("problem-set-{index}")))
        {
            el.scroll_into_view();
        }
    })
    .forget();
}

/// One problem: the board, the question, the tree's answers, hint, retry, the answer.
#[component]
fn Player(
    set: ProblemSet,
    index: usize,
    lang: Signal<Lang>,
    mark_solved: Callback<(String, usize)>,
    /// The set's place in the list (its address).
    set_index: usize,
    /// The computer's check of an imported set's answers.
    proofs: super::proofs::Proofs,
) -> impl IntoView {
    let l = lang.get_untracked();
    let count = set.problems.len();
    let set_key = set_index;
    // The next problem takes this one's place; all problems goes up to the set (Back goes
    // up a level, never through every problem tried).
    let here = Route::Problems {
        set: set_key,
        problem: Some(index),
    };
    let to = move |problem: Option<usize>| match problem {
        Some(_) => route::step(&Route::Problems {
            set: set_key,
            problem,
        }),
        None => route::up(&here),
    };
    let problem = set.problems[index].clone();
    let attempt = RwSignal::new(Attempt::new(problem.clone()));
    let said = RwSignal::new(String::new());
    let hint = RwSignal::new(None::<Point>);
    let cursor = RwSignal::new(None::<Point>);
    // The answer shown: the solution line played from the start, numbered.
    let answer = RwSignal::new(None::<crate::rules::Game>);
    let size = problem.size;
    let marked = problem.marked.clone();
    let crop = problem.view;
    let board = Signal::derive(move || {
        let shown = answer.get();
        let numbered = shown.is_some();
        let v = match &shown {
            Some(g) => view_of(g, true, true),
            None => attempt.with(|a| view_of(&a.game, false, true)),
        };
        BoardView {
            hint: hint.get(),
            cursor: cursor.get(),
            marked: if numbered { vec![] } else { marked.clone() },
            crop,
            ..v
        }
    });
    let vertex = move |mv: Move| match mv {
        Move::Play(p) => size.vertex(p),
        Move::Pass => t(l, Msg::Pass).to_string(),
    };
    let reply_text = move |reply: Option<(crate::rules::Colour, Move)>| {
        reply
            .map(|(c, m)| format!(" {} {}", i18n::colour(l, c), vertex(m)))
            .unwrap_or_default()
    };
    let key = set.key.clone();
    // Wrong answers so far and the help drawn after the last (learn::help): the first says
    // what happened and marks it, the second rings the way, the third shows the answer.
    let wrong_count = RwSignal::new(0u32);
    let marks = RwSignal::new(crate::learn::help::Marks::default());
    let first_right = problem.solution().first().and_then(|s| match s.mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    let show_answer = {
        let problem = problem.clone();
        let solution = problem.solution();
        Callback::new(move |()| {
            let mut g = problem.start();
            let mut moves = Vec::new();
            for s in &solution {
                let _ = g.play(s.colour, s.mv);
                moves.push(format!("{} {}", i18n::colour(l, s.colour), vertex(s.mv)));
            }
            answer.set(Some(g));
            marks.set(Default::default());
            said.set(format!(
                "{}{}",
                learn(l, LearnMsg::SolutionIs),
                moves.join(if l == Lang::Zh { "，" } else { ", " })
            ));
        })
    };
    let on_point = Callback::new(move |p: Point| {
        cursor.set(Some(p));
        if answer.with_untracked(|a| a.is_some()) {
            return;
        }
        hint.set(None);
        marks.set(Default::default());
        // A tap after a wrong line starts again from the beginning.
        if attempt.with_untracked(|a| a.finished == Some(false)) {
            attempt.update(Attempt::retry);
        }
        let before = attempt.with_untracked(|a| a.game.clone());
        let mut got = None;
        attempt.update(|a| got = Some(a.play(Move::Play(p))));
        // What the help says of the board after a wrong move (learn::help), if anything.
        let mut helped = String::new();
        if let Some(Answer::Wrong { .. }) = got {
            let n = wrong_count.get_untracked() + 1;
            wrong_count.set(n);
            if n >= 3 {
                show_answer.run(());
                return;
            }
            let (fact, m) = attempt
                .with_untracked(|a| a.problem.help_after(&before, &a.game))
                .unzip();
            let mut m = m.unwrap_or_default();
            if n == 2 {
                m.ring =
                    first_right.filter(|q| attempt.with_untracked(|a| a.game.board().is_empty(*q)));
            }
            marks.set(m);
            if let Some(f) = fact {
                let h = crate::learn::help::Help {
                    step: crate::learn::help::Step::Explain,
                    fact: f,
                    marks: Default::default(),
                };
                helped = i18n::help_words(l, size, &h);
            }
        }
        let text = match got {
            Some(Answer::Illegal(e)) => i18n::play_error(l, e).to_string(),
            Some(Answer::Continue { reply }) => {
                format!("{}{}", learn(l, LearnMsg::ProblemGoOn), reply_text(reply))
            }
            Some(Answer::Right) => {
                mark_solved.run((key.clone(), index));
                learn(l, LearnMsg::ProblemRight).to_string()
            }
            Some(Answer::Wrong { reply: None }) => {
                format!(
                    "{} {}",
                    learn(l, LearnMsg::ProblemWrong),
                    learn(l, LearnMsg::ProblemNotInTree)
                )
            }
            Some(Answer::Wrong { reply }) => {
                format!("{}{}", learn(l, LearnMsg::ProblemWrong), reply_text(reply))
            }
            None => String::new(),
        };
        // What the file's author wrote at this move and its reply (a teacher's words).
        let file_says = attempt.with_untracked(|a| a.said.join(" "));
        let text = if file_says.is_empty() {
            text
        } else {
            format!("{text}\n{}{file_says}", learn(l, LearnMsg::FileSays))
        };
        // The way ringed is said with the second wrong answer only: a right answer after it
        // (a retry on the ringed point) says 正确 and nothing of the help before.
        let wrong = matches!(got, Some(Answer::Wrong { .. }));
        let way = if wrong && wrong_count.get_untracked() == 2 && first_right.is_some() {
            format!(" {}", learn(l, LearnMsg::TryTheRing))
        } else {
            String::new()
        };
        said.set(if helped.is_empty() {
            format!("{text}{way}")
        } else {
            format!("{text}\n{helped}{way}")
        });
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        board_key(&ev, size, cursor, on_point);
    };
    let finished = move || attempt.with(|a| a.finished.is_some());
    let show_hint = move |_| {
        let h = attempt.with_untracked(|a| a.hint());
        if let Some(Move::Play(p)) = h {
            hint.set(Some(p));
            said.set(format!("{} {}", t(l, Msg::Hint), size.vertex(p)));
        }
    };
    let retry = move |_| {
        attempt.update(Attempt::retry);
        answer.set(None);
        marks.set(Default::default());
        // After two wrong answers the way stays ringed on the fresh board.
        hint.set(first_right.filter(|_| wrong_count.get_untracked() >= 2));
        said.set(String::new());
    };
    let help_svg = move || {
        let stones = attempt.with(|a| view_of(&a.game, false, true).stones);
        marks.with(|m| super::help::layer(size, m, &stones))
    };
    let (words, label) = board_names(lang);
    // An imported problem: the computer's check of its answer, the line that shows it drawn.
    let proof_note = proofs.has(&set.key).then(|| {
        proofs.hurry(&set.key, index);
        let key = set.key.clone();
        let found = Signal::derive(move || proofs.get(&key, index));
        let show_line = Callback::new(move |(g, words): (crate::rules::Game, String)| {
            answer.set(Some(g));
            marks.set(Default::default());
            said.set(words);
        });
        view! { <super::proofs::ProofNote problem=problem.clone() found=found lang=lang show_line=show_line /> }
    });
    view! {
        <section class="game problem" aria-labelledby="problem-title">
            <div class="board-wrap help-board" data-first="" on:keydown=on_key>
                <Goban view=board on_point=on_point board_label=label words=words />
                <svg class="goban mark-layer help-layer" aria-hidden="true"
                    viewBox=super::goban::view_box(size, true, crop) inner_html=help_svg></svg>
            </div>
            <div class="panel">
                <h2 id="problem-title">{problem_title(&set, index, l)}</h2>
                <p id="question" class="question">{problem_question(&set, index, l)}</p>
                {proof_note}
                <p id="status" class="status">{move || said.get()}</p>
                <div id="announce" class="sr-only" aria-live="polite">{move || said.get()}</div>
                <div class="row actions">
                    <button id="problem-hint" disabled=finished on:click=show_hint>{text(lang, Msg::Hint)}</button>
                    <button id="problem-retry" on:click=retry>{learn(lang.get(), LearnMsg::Retry)}</button>
                    <button id="problem-answer" on:click=move |_| show_answer.run(())>{learn(lang.get(), LearnMsg::ShowSolution)}</button>
                </div>
                <div class="row actions">
                    <button id="problem-list" on:click=move |_| to(None)>{learn(lang.get(), LearnMsg::AllProblems)}</button>
                    <Show when=move || index + 1 < count>
                        <button id="problem-next" class="primary" on:click=move |_| to(Some(index + 1))>
                            {learn(lang.get(), LearnMsg::NextProblem)}
                        </button>
                    </Show>
                </div>
            </div>
        </section>
    }
}

/// The keys of a board in 学下棋 (problems, lessons, the teacher's board): the cursor keys move
/// the cursor (the grid's focus follows), Enter or Space chooses the point under it (the centre
/// before the cursor moves). Returns whether the key was one of these.
pub(crate) fn board_key(
    ev: &leptos::ev::KeyboardEvent,
    size: crate::rules::BoardSize,
    cursor: RwSignal<Option<Point>>,
    on_point: Callback<Point>,
) -> bool {
    if let Some(p) = cursor_after_key(size, cursor.get_untracked(), &ev.key()) {
        ev.prevent_default();
        cursor.set(Some(p));
        return true;
    }
    if !matches!(ev.key().as_str(), "Enter" | " ") {
        return false;
    }
    ev.prevent_default();
    let n = size.get() as i32;
    if let Some(p) = cursor
        .get_untracked()
        .or_else(|| size.checked_point(n / 2, n / 2))
    {
        on_point.run(p);
    }
    true
}

/// The board's cell words and its name, in the player's language (every board of 学下棋).
pub(crate) fn board_names(
    lang: Signal<Lang>,
) -> (Signal<crate::ui::describe::PointWords>, Signal<String>) {
    (
        Signal::derive(move || point_words(lang.get())),
        Signal::derive(move || t(lang.get(), Msg::BoardLabel).to_string()),
    )
}

/// A problem's own name: as its file names it, but a built-in problem in English by its
/// number (the built-in files name them in Chinese: 吃子 1).
fn problem_name(set: &ProblemSet, i: usize, lang: Lang) -> String {
    let built_in = !set.key.starts_with("file:");
    if built_in && lang == Lang::En {
        return String::new();
    }
    set.problems[i].name.clone()
}

/// A problem's heading: its set and its own name, or its number in the set.
fn problem_title(set: &ProblemSet, i: usize, lang: Lang) -> String {
    let name = problem_name(set, i, lang);
    if name.is_empty() {
        match lang {
            Lang::Zh => format!("{} · 第 {} 题", set.name, i + 1),
            Lang::En => format!("{} · problem {}", set.name, i + 1),
        }
    } else {
        format!("{} · {name}", set.name)
    }
}

/// The question in the player's language: the built-in sets write it in Chinese, then English
/// on the next line; others' files as they are; a problem with no question says who plays.
fn problem_question(set: &ProblemSet, i: usize, lang: Lang) -> String {
    let p = &set.problems[i];
    let q = &p.question;
    if q.is_empty() {
        return learn(
            lang,
            match p.to_move {
                Colour::Black => LearnMsg::BlackToPlay,
                Colour::White => LearnMsg::WhiteToPlay,
            },
        )
        .to_string();
    }
    let built_in = !set.key.starts_with("file:");
    match (lang, q.split_once('\n')) {
        (Lang::Zh, Some((zh, _))) if built_in => zh.trim().to_string(),
        (Lang::En, Some((_, en))) if built_in => en.trim().to_string(),
        _ => q.clone(),
    }
}

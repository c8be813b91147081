//! 班级报告, the teacher's view (in 学下棋's wasm): pick games from the list (or import a
//! collection of records), have the ones not yet analysed analysed in turn by the same 复盘
//! pass as review, and get one page for the class — per player the games, the points lost per
//! move by phase, the count of each class, the three biggest mistakes with a small diagram —
//! printable on A4 and exported as CSV. The figures are [`crate::session::class_report`]'s.

use leptos::prelude::*;

use super::analysis::zi;
use super::i18n::{self, learn, Lang, LearnMsg};
use super::pass::{abandon, kept_analysis, start_pass, Pass};
use crate::bot::review::{Class, GameReview};
use crate::record::marks::{Mark, MarkKind};
use crate::rules::{BoardSize, Colour, Move};
use crate::session::class_report::{self, Phase, ReportGame};
use crate::session::stored::book::{self, Book, PupilFacts};
use crate::session::stored::{from_record, parse_record};
use crate::session::{GameId, Session};
use crate::web::{download, storage};

/// A game the teacher may pick, with its analysis when there is one.
#[derive(Clone)]
struct Entry {
    session: Session,
    analysis: Option<GameReview>,
    picked: bool,
    /// The pass could not analyse it (no worker, capture Go): left out of the report, said.
    failed: bool,
}

impl Entry {
    fn new(session: Session, picked: bool) -> Entry {
        let analysis = kept_analysis(&session);
        Entry {
            session,
            analysis,
            picked,
            failed: false,
        }
    }

    fn ready(&self) -> bool {
        self.analysis.as_ref().is_some_and(GameReview::is_complete)
    }

    /// Whether the thorough pass has searched every position (what a teacher asks for before
    /// class: the pupils then open 复盘 with it done).
    fn thorough(&self) -> bool {
        let size = self.session.game.size();
        self.analysis.as_ref().is_some_and(|a| a.is_thorough(size))
    }

    fn title(&self, l: Lang) -> String {
        let s = &self.session;
        let who = super::game_list::players(l, s);
        if s.title.is_empty() {
            format!("{who} · {}", s.played_on())
        } else {
            format!("{} · {who}", s.title)
        }
    }

    /// The game as the report names it: its players — a side that gave no name is
    /// "没写名字的对手", never a colour taken for a name — its title and date.
    fn report_title(&self, l: Lang, g: &ReportGame) -> String {
        let s = &self.session;
        let who = g.players(
            |c| {
                s.rank_shown(c)
                    .map(|r| i18n::rank(l, r))
                    .unwrap_or_default()
            },
            learn(l, LearnMsg::UnnamedOpponent),
        );
        if s.title.is_empty() {
            format!("{who} · {}", s.played_on())
        } else {
            format!("{} · {who}", s.title)
        }
    }
}

#[component]
pub fn ClassReport(lang: Signal<Lang>) -> impl IntoView {
    let l = lang.get_untracked();
    // The stored games that have moves, newest first; none picked to begin with.
    let entries = RwSignal::new(
        storage::all_games()
            .into_iter()
            .filter(|s| !s.game.moves().is_empty())
            .map(|s| Entry::new(s, false))
            .collect::<Vec<_>>(),
    );
    let note = RwSignal::new(None::<String>);
    // What the hand-ins and books say of each pupil (their ladder, lessons and problems).
    let facts = RwSignal::new(Vec::<PupilFacts>::new());
    // While games are analysed: (the entry, its pass).
    let running = RwSignal::new(None::<(usize, Pass)>);
    let shown = RwSignal::new(false);
    // Leaving the report stops its passes' workers (the next game may be against the computer):
    // a pass started from the last one's end has no owner to do it for it.
    on_cleanup(move || {
        if let Some(Some((_, p))) = running.try_get_untracked() {
            abandon(p);
        }
    });

    // Hand-ins and books, one file or many (a picker or a drop): each game joins the game list
    // (once: a file opened twice adds nothing), picked when it belongs in a report (not capture
    // Go, not a set-up position); what a file says of its pupil is kept for their section.
    let take_files = move |files: Vec<(String, String)>| {
        let now = crate::web::now_ms();
        let mut broken = Vec::new();
        let mut added: Vec<Entry> = Vec::new();
        let mut known = Vec::new();
        let mut trees = 0u64;
        let mut add = |s: Session, broken: &mut Vec<String>, what: String| {
            let here = entries.with_untracked(|all| all.iter().any(|e| e.session.same_game(&s)))
                || added.iter().any(|e| e.session.same_game(&s));
            if here {
                return;
            }
            if storage::save_game(&s).is_err() {
                broken.push(format!("{what}: {}", learn(l, LearnMsg::ReportNotStored)));
            }
            let pick = class_report::reportable(&s);
            added.push(Entry::new(s, pick));
        };
        for (name, text) in &files {
            if text.trim_start().starts_with('{') {
                match book::read(text) {
                    Ok(b) => {
                        known.push(book_facts(&b));
                        for g in &b.games {
                            let record = parse_record(&g.record.to_string()).ok();
                            if let Some(s) = record.and_then(|r| from_record(&r).ok()) {
                                add(s, &mut broken, name.clone());
                            }
                        }
                    }
                    Err(e) => broken.push(format!("{name}: {}", super::book::book_error(l, &e))),
                }
                continue;
            }
            for (i, tree) in crate::record::sgf::game_trees(text).into_iter().enumerate() {
                trees += 1;
                let id = GameId(now as u64 + trees);
                match Session::from_sgf(tree, id, now) {
                    Ok(imported) => {
                        let s = imported.session;
                        known.extend(PupilFacts::of(&s));
                        add(s, &mut broken, format!("{name} #{}", i + 1));
                    }
                    Err(e) => broken.push(format!("{name} #{}: {}", i + 1, i18n::sgf_error(l, &e))),
                }
            }
        }
        note.set((!broken.is_empty()).then(|| broken.join("\n")));
        facts.update(|all| {
            for f in known {
                all.retain(|k| k.name != f.name);
                all.push(f);
            }
        });
        entries.update(|all| {
            for (k, e) in added.into_iter().enumerate() {
                all.insert(k, e);
            }
        });
    };
    let import =
        move |ev: leptos::ev::Event| crate::web::files::on_sgf_files_chosen(&ev, take_files);
    let dropped =
        move |ev: leptos::ev::DragEvent| crate::web::files::on_files_dropped(&ev, take_files);

    // Analyses the next picked game that has no complete analysis, then the next, …; shows the
    // report when none is left.
    fn next(
        entries: RwSignal<Vec<Entry>>,
        running: RwSignal<Option<(usize, Pass)>>,
        shown: RwSignal<bool>,
        thorough: bool,
    ) {
        let todo = entries.with_untracked(|all| {
            all.iter()
                .position(|e| e.picked && !(e.ready() && (!thorough || e.thorough())) && !e.failed)
        });
        let Some(i) = todo else {
            running.set(None);
            shown.set(true);
            return;
        };
        let (session, kept) =
            entries.with_untracked(|all| (all[i].session.clone(), all[i].analysis.clone()));
        let analysis = RwSignal::new(kept);
        let pass = Pass::new(StoredValue::new(session), analysis)
            .thorough(thorough)
            .then(Callback::new(move |_| {
                let got = analysis.get_untracked();
                entries.update(|all| {
                    let e = &mut all[i];
                    e.failed = !got.as_ref().is_some_and(GameReview::is_complete);
                    e.analysis = got;
                });
                next(entries, running, shown, thorough);
            }));
        running.set(Some((i, pass)));
        start_pass(pass);
    }
    // The teacher's choice: the thorough pass too, for a set of hand-ins before class.
    let thorough = RwSignal::new(false);
    let make = move |_| {
        if entries.with_untracked(|all| all.iter().all(|e| !e.picked)) {
            note.set(Some(learn(l, LearnMsg::ReportNoGames).into()));
            return;
        }
        note.set(None);
        shown.set(false);
        entries.update(|all| all.iter_mut().for_each(|e| e.failed = false));
        next(entries, running, shown, thorough.get_untracked());
    };

    let picker = move || {
        entries.with(|all| {
            all.iter()
                .enumerate()
                .map(|(i, e)| {
                    let title = e.title(l);
                    let state = if e.ready() {
                        learn(l, LearnMsg::ReportAnalysed)
                    } else if e.failed {
                        learn(l, LearnMsg::ReportNotAnalysed)
                    } else {
                        learn(l, LearnMsg::ReportToAnalyse)
                    };
                    view! {
                        <li><label class="report-pick">
                            <input type="checkbox" prop:checked=e.picked
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    entries.update(|all| all[i].picked = on);
                                    shown.set(false);
                                } />
                            {title}" "<span class="hint">{state}</span>
                        </label></li>
                    }
                })
                .collect_view()
        })
    };
    let progress = move || {
        running.get().map(|(i, pass)| {
            let of = entries.with_untracked(|all| all.iter().filter(|e| e.picked).count());
            let at = entries.with_untracked(|all| all[..=i].iter().filter(|e| e.picked).count());
            let (deep, done, total) = pass.progress().unwrap_or((false, 0, 1));
            let what = learn(l, if deep { LearnMsg::Deepening } else { LearnMsg::Analysing });
            view! {
                <p id="report-progress" class="hint" role="status">
                    {format!("{} {at} / {of} · {what} {done} / {total}", learn(l, LearnMsg::ReportGame))}
                    <progress max=total.to_string() value=done.to_string()></progress>
                </p>
            }
        })
    };
    // The games the report covers (picked, analysed), as the core takes them.
    let games = move || {
        entries.with(|all| {
            all.iter()
                .filter(|e| e.picked && e.ready())
                .map(|e| {
                    let mut g = ReportGame {
                        title: String::new(),
                        black: e.session.player(Colour::Black).name.clone(),
                        white: e.session.player(Colour::White).name.clone(),
                        size: e.session.game.size(),
                        review: e.analysis.clone().unwrap_or_default(),
                        computer: e.session.computer_side(),
                        winner: e.session.game.result().and_then(|r| r.winner()),
                    };
                    g.title = e.report_title(l, &g);
                    (e.session.clone(), g)
                })
                .collect::<Vec<_>>()
        })
    };
    let export_csv = move |_| {
        let (_, games): (Vec<Session>, Vec<ReportGame>) = games().into_iter().unzip();
        let text = class_report::csv(&class_report::report(&games), &games, l == Lang::Zh);
        // A byte-order mark: spreadsheets then read the Chinese names as UTF-8.
        download::offer("class-report.csv", "text/csv", &format!("\u{feff}{text}"));
    };
    let report = move || {
        if !shown.get() {
            return None;
        }
        let (sessions, games): (Vec<Session>, Vec<ReportGame>) = games().into_iter().unzip();
        let reports = class_report::report(&games);
        let nobodys = class_report::nobodys(&games).len();
        let mut sizes: Vec<BoardSize> = games.iter().map(|g| g.size).collect();
        sizes.sort_by_key(|s| s.get());
        sizes.dedup();
        let ranges = sizes
            .iter()
            .map(|&s| phase_ranges(l, s))
            .collect::<Vec<_>>()
            .join("；");
        let players = reports
            .into_iter()
            .map(|p| {
                let played = p
                    .games
                    .iter()
                    .map(|&g| games[g].title.clone())
                    .collect::<Vec<_>>()
                    .join(" / ");
                let phases = Phase::ALL
                    .into_iter()
                    .map(|ph| {
                        let (zh, en) = ph.names();
                        let avg = p.average(ph).map_or("–".to_string(), |a| format!("{:.2}", a / 2.0));
                        view! { <tr><th scope="row">{if l == Lang::Zh { zh } else { en }}</th><td>{p.moves[ph as usize]}</td><td>{avg}</td></tr> }
                    })
                    .collect_view();
                let classes = Class::ALL
                    .into_iter()
                    .map(|c| view! { <li data-class=c.key().to_string()>{format!("{} {}", super::analysis::class_name(l, c), p.classes[c as usize])}</li> })
                    .collect_view();
                let mistakes = p
                    .biggest
                    .iter()
                    .map(|m| {
                        let g = &games[m.game];
                        let s = &sessions[m.game];
                        let n = m.mistake.number;
                        let best = g.review.steps[n - 1]
                            .as_ref()
                            .and_then(|st| st.best.first().copied())
                            .filter(|&b| b != m.mistake.mv);
                        let marks: Vec<Mark> = match best {
                            Some(Move::Play(q)) => vec![Mark { point: q, kind: MarkKind::Label("A".into()) }],
                            _ => vec![],
                        };
                        let svg = crate::record::diagram::diagram(&s.game, n - 1, n, true, &marks).to_svg(true);
                        let better = match best {
                            Some(b) => format!(" · {} A ({})", learn(l, LearnMsg::BetterMove), crate::rules::notation::move_text(g.size, b)),
                            None => String::new(),
                        };
                        let caption = format!(
                            "{} · {} · {} {} {} · {}{better}",
                            g.title,
                            super::analysis::move_words(l, g.size, n, m.mistake.colour, m.mistake.mv),
                            learn(l, LearnMsg::Lost),
                            zi(m.mistake.loss),
                            learn(l, LearnMsg::ZiUnit),
                            super::analysis::class_name(l, m.mistake.class),
                        );
                        view! {
                            <figure class="report-mistake">
                                <div class="report-diagram" inner_html=svg></div>
                                <figcaption>{caption}</figcaption>
                            </figure>
                        }
                    })
                    .collect_view();
                let about = facts.with_untracked(|all| all.iter().find(|f| f.name == p.name).map(|f| pupil_line(l, f)));
                let results = match l {
                    Lang::Zh => format!("胜 {} 负 {}", p.won, p.lost_games),
                    Lang::En => format!("won {}, lost {}", p.won, p.lost_games),
                };
                view! {
                    <section class="player-report" data-player=p.name.clone()>
                        <h3>{p.name.clone()}</h3>
                        <p class="hint">{format!("{} {}：{played} · {results}", p.games.len(), learn(l, LearnMsg::ReportGames))}</p>
                        {about.map(|a| view! { <p class="hint report-about">{a}</p> })}
                        <table class="report-phases">
                            <thead><tr>
                                <th scope="col">{learn(l, LearnMsg::ReportPhase)}</th>
                                <th scope="col">{learn(l, LearnMsg::ReportMoves)}</th>
                                <th scope="col">{learn(l, LearnMsg::ReportAvgLoss)}</th>
                            </tr></thead>
                            <tbody>{phases}</tbody>
                        </table>
                        <ul class="report-classes" aria-label=learn(l, LearnMsg::ReportClasses)>{classes}</ul>
                        <h4>{learn(l, LearnMsg::ReportBiggest)}</h4>
                        <div class="report-mistakes">{mistakes}</div>
                    </section>
                }
            })
            .collect_view();
        Some(view! {
            <article id="class-report" class="class-report">
                <h2>{learn(l, LearnMsg::ClassReport)}</h2>
                <p class="hint">{format!("{} {} · {ranges}", games.len(), learn(l, LearnMsg::ReportGames))}</p>
                <p class="hint">{learn(l, LearnMsg::ClassThresholds)}</p>
                {(nobodys > 0).then(|| view! {
                    <p id="report-nobodys" class="hint">{format!("{nobodys} {}", learn(l, LearnMsg::NobodysGames))}</p>
                })}
                <div class="row actions no-print">
                    <button id="report-print" on:click=move |_| {
                        if let Some(w) = web_sys::window() {
                            let _ = w.print();
                        }
                    }>{learn(l, LearnMsg::ReportPrint)}</button>
                    <button id="report-csv" on:click=export_csv>{learn(l, LearnMsg::ReportCsv)}</button>
                </div>
                {players}
            </article>
        })
    };

    view! {
        <section class="report-setup learn-card" data-first="" on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default() on:drop=dropped>
            <h2>{learn(l, LearnMsg::ClassReport)}</h2>
            <p class="hint">{learn(l, LearnMsg::ClassReportIntro)}</p>
            <ul id="report-games" class="report-games">{picker}</ul>
            <div class="row">
                <label class="open-sgf button-like">
                    {learn(l, LearnMsg::ReportImport)}
                    <input id="report-import" type="file" multiple accept=".sgf,.json,application/x-go-sgf,application/json" on:change=import />
                </label>
                <label class="report-pick report-option hint"><input id="report-thorough" type="checkbox" prop:checked=move || thorough.get()
                    on:change=move |ev| thorough.set(event_target_checked(&ev)) />{learn(l, LearnMsg::ReportThorough)}</label>
                <button id="report-make" class="primary" disabled=move || running.with(Option::is_some) on:click=make>{learn(l, LearnMsg::ReportMake)}</button>
            </div>
            {progress}
            {move || note.get().map(|n| view! { <p id="report-note" class="message" role="alert">{n}</p> })}
        </section>
        {move || exams_section(l, facts, entries)}
        {report}
    }
}

/// 升级考试 in the report: each pupil's exams as their hand-in or 棋册 says them ("15 级 · 12 月
/// 6 日 · 对局 3/5 · 题目 9/10"), each exam's games one click away (found among the opened games
/// by their exam property).
fn exams_section(
    l: Lang,
    facts: RwSignal<Vec<PupilFacts>>,
    entries: RwSignal<Vec<Entry>>,
) -> Option<AnyView> {
    use crate::ui::i18n::exam as words;
    let all = facts.get();
    if all.iter().all(|f| f.exams.is_empty()) {
        return None;
    }
    let pupils = all
        .into_iter()
        .filter(|f| !f.exams.is_empty())
        .map(|f| {
            let items = f
                .exams
                .iter()
                .map(|x| {
                    let mut games: Vec<(u8, GameId)> = entries.with(|all| {
                        all.iter()
                            .filter_map(|e| {
                                let tag = book::exam_tag(&e.session)?;
                                (tag.exam.to_string() == x.id).then_some((tag.number, e.session.id))
                            })
                            .collect()
                    });
                    games.sort_unstable();
                    games.dedup_by_key(|g| g.0);
                    let links = games
                        .into_iter()
                        .map(|(n, id)| view! {
                            <button class="link-like report-exam-game" data-game=n
                                on:click=move |_| crate::web::learn::open_review(id, "")>{words::game_number(l, n)}</button>
                        })
                        .collect_view();
                    view! {
                        <li class="report-exam" data-exam=x.id.clone()>
                            <span class="report-exam-line">{words::summary_line(l, x)}</span>" "{links}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <h3>{f.name.clone()}</h3>
                <ul class="report-exams-list">{items}</ul>
            }
        })
        .collect_view();
    Some(
        view! {
            <section id="report-exams" class="learn-card report-exams">
                <h2>{words::exam(l, words::ExamMsg::Title)}</h2>
                {pupils}
            </section>
        }
        .into_any(),
    )
}

/// The phases' move ranges on a board of `size`, as the report states them.
fn phase_ranges(l: Lang, size: BoardSize) -> String {
    let (a, b) = class_report::phase_ends(size);
    let n = size.get();
    let name = |p: Phase| {
        if l == Lang::Zh {
            p.names().0
        } else {
            p.names().1
        }
    };
    format!(
        "{n}×{n}: {} 1–{a}, {} {}–{b}, {} {}–",
        name(Phase::Opening),
        name(Phase::Middle),
        a + 1,
        name(Phase::End),
        b + 1
    )
}

/// What a book says of its pupil, as a hand-in says it.
fn book_facts(b: &Book) -> PupilFacts {
    let ladder = crate::session::ladder::Ladder::from_text(&b.ladder).unwrap_or_default();
    let (lessons, problems) = super::book::progress_counts(&b.progress);
    PupilFacts {
        name: b.pupil.clone(),
        class: b.class.clone(),
        ladder: ladder
            .level_of(&b.pupil)
            .map(|l| l.key().to_string())
            .unwrap_or_default(),
        lessons,
        problems,
        exams: crate::session::stored::exam::records_exams(&b.exams)
            .map(|x| super::exam::summaries(&x, &b.pupil))
            .unwrap_or_default(),
        daily: (!b.daily.is_empty()).then(|| crate::session::daily::summary(&b.daily)),
        techniques: crate::learn::lessons::ticked_keys(&b.progress),
    }
}

/// A pupil's line in the report: class, ladder rank, lessons and problems done.
fn pupil_line(l: Lang, f: &PupilFacts) -> String {
    let mut parts = Vec::new();
    if !f.class.is_empty() {
        parts.push(f.class.clone());
    }
    if let Some(level) = crate::bot::Level::from_key(&f.ladder) {
        parts.push(format!(
            "{} {}",
            learn(l, LearnMsg::LadderRank),
            i18n::level_name(l, level)
        ));
    }
    parts.push(format!(
        "{} {}/{}",
        learn(l, LearnMsg::ReportLessons),
        f.lessons.0,
        f.lessons.1
    ));
    parts.push(super::technique::report_words(l, &f.techniques));
    parts.push(format!(
        "{} {}/{}",
        learn(l, LearnMsg::ReportProblems),
        f.problems.0,
        f.problems.1
    ));
    if let Some(d) = &f.daily {
        parts.push(i18n::daily::report(l, d));
    }
    parts.join(" · ")
}

//! 复盘's pass in the page (学下棋's wasm): the quick glance at every position, then the
//! searches of the moves it flags — the quick pass, published when it ends — then the thorough
//! pass (issue 42), every position searched again from the biggest swings outwards while the
//! pupil reads, published every few seconds in place. The positions go to a pool of workers
//! ([`crate::web::pool`]: one fewer than the cores, 1 to 4), each asked as soon as it is free;
//! the analysis is kept after every answer, with each position's visits, so a pass stopped
//! (the review closed, the stop button, a reload) resumes where it was. Review and the class
//! report drive it.

use leptos::prelude::*;

use super::i18n::LearnMsg;
use crate::bot::review::{self, GameReview};
use crate::session::computer::{self, Reply, Request};
use crate::session::Session;
use crate::web::{pool, storage};

/// How often the thorough pass shows what it has found (ms): often enough to see it move,
/// seldom enough that redrawing the graph and the lists never weighs on a slow machine.
const PUBLISH_MS: f64 = 3000.0;

/// A 复盘 pass in the page: what it drives and what it shows (review's, and the class
/// report's for each game it analyses).
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    pub(super) review: StoredValue<Session>,
    /// The analysis shown: published when the quick pass ends, every [`PUBLISH_MS`] of the
    /// thorough pass, when the pass ends or stops (not at every answer: redrawing the graph,
    /// the lists and the table each time would make long tasks on a slow machine).
    pub(super) analysis: RwSignal<Option<GameReview>>,
    /// The analysis the pass fills in.
    pub(super) work: StoredValue<Option<GameReview>>,
    /// While the quick pass runs: (deepening, done, of).
    pub(super) progress: RwSignal<Option<(bool, usize, usize)>>,
    /// While the thorough pass runs, and after: (positions searched, of).
    pub(super) thorough: RwSignal<Option<(usize, usize)>>,
    pub(super) note: RwSignal<Option<LearnMsg>>,
    /// The pass running; a new number stops the old one (its late replies are dropped).
    pub(super) run: StoredValue<u32>,
    pub(super) sgf: StoredValue<String>,
    /// Positions asked of a worker and not answered yet.
    busy: StoredValue<Vec<usize>>,
    /// Whether the quick pass is over (the thorough one under way).
    deeper: StoredValue<bool>,
    /// Whether to go on to the thorough pass after the quick one.
    go_deeper: StoredValue<bool>,
    /// When the thorough pass last published.
    published: StoredValue<f64>,
    /// When the analysis was last stored (every [`PUBLISH_MS`] at most while the pass runs,
    /// and when it ends or stops: a reload loses a few seconds of it at worst).
    saved: StoredValue<f64>,
    /// Run when the pass ends (done, or the worker could not): the class report's next game.
    pub(super) then: StoredValue<Option<Callback<()>>>,
}

impl Pass {
    /// A pass over the game in `review`, showing its analysis in `analysis`; its workers stop
    /// when the screen that made it closes.
    pub(crate) fn new(
        review: StoredValue<Session>,
        analysis: RwSignal<Option<GameReview>>,
    ) -> Pass {
        let p = Pass {
            review,
            analysis,
            work: StoredValue::new(None),
            progress: RwSignal::new(None),
            thorough: RwSignal::new(None),
            note: RwSignal::new(None),
            run: StoredValue::new(0),
            sgf: StoredValue::new(
                review.with_value(|s| crate::record::sgf::write(&s.game, &[], &[])),
            ),
            busy: StoredValue::new(Vec::new()),
            deeper: StoredValue::new(false),
            go_deeper: StoredValue::new(true),
            published: StoredValue::new(0.0),
            saved: StoredValue::new(0.0),
            then: StoredValue::new(None),
        };
        on_cleanup(move || abandon(p));
        p
    }

    /// Runs `f` when the pass ends.
    pub(crate) fn then(self, f: Callback<()>) -> Pass {
        self.then.set_value(Some(f));
        self
    }

    /// Whether the pass goes on to the thorough one (the class report asks for it only when
    /// the teacher does).
    pub(crate) fn thorough(self, yes: bool) -> Pass {
        self.go_deeper.set_value(yes);
        self
    }

    /// While it runs: (deepening, done, of).
    pub(crate) fn progress(self) -> Option<(bool, usize, usize)> {
        self.progress.get()
    }

    /// Whether the pass is running (either stage).
    pub(crate) fn running(self) -> bool {
        self.progress.with(Option::is_some)
            || self.thorough.with(|t| t.is_some_and(|(d, of)| d < of))
    }

    fn ended(self) {
        if let Some(f) = self.then.get_value() {
            f.run(());
        }
    }
}

/// A game's analysis as it is kept: beside the stored game, or carried by the record (a file
/// this app exported with its 复盘).
pub(crate) fn kept_analysis(s: &Session) -> Option<GameReview> {
    storage::load_analysis(s).or_else(|| crate::session::analysis::from_record(s))
}

/// Starts (or resumes: what is analysed is kept) the pass over the game.
pub(crate) fn start_pass(p: Pass) {
    let fresh = p.review.with_value(|s| GameReview::of(&s.game));
    let kept = p
        .analysis
        .get_untracked()
        .filter(|a| a.moves == fresh.moves);
    p.work.set_value(Some(kept.unwrap_or(fresh)));
    p.note.set(None);
    p.busy.set_value(Vec::new());
    p.deeper.set_value(false);
    p.run.update_value(|r| *r += 1);
    // The progress row is drawn in this task and the workers start in the next: together
    // they held a slow machine's page over 50 ms.
    show_progress(p);
    let run = p.run.get_value();
    gloo_timers::callback::Timeout::new(0, move || drive(p, run)).forget();
}

/// Resumes a thorough pass that has not finished (the review opened again, the page
/// reloaded), from the positions the stored analysis says are searched.
pub(crate) fn resume_pass(p: Pass) {
    let unfinished = p.analysis.with_untracked(|a| {
        a.as_ref().is_some_and(|a| {
            let size = p.review.with_value(|s| s.game.size());
            a.is_complete() && !a.is_thorough(size)
        })
    });
    if unfinished {
        start_pass(p);
    }
}

/// Drops the pass without a word (its screen is gone: the review or the report closed, a game
/// where the computer may have to play opened): its answers are ignored, its workers stop.
pub(crate) fn abandon(p: Pass) {
    // Stopped while it ran: what it found since it was last stored is kept.
    let running = p.progress.try_with_untracked(Option::is_some) == Some(true)
        || p.thorough
            .try_with_untracked(|t| t.is_some_and(|(d, of)| d < of))
            == Some(true);
    p.run.try_update_value(|r| *r += 1);
    if running {
        save(p);
    }
    pool::stop();
}

/// Stores the pass's analysis beside the game (or says it could not).
fn save(p: Pass) {
    p.saved.try_set_value(js_sys::Date::now());
    let saved = p.work.try_with_value(|a| {
        a.as_ref()
            .and_then(|a| p.review.try_with_value(|s| storage::save_analysis(s, a)))
    });
    if let Some(Some(Err(_))) = saved {
        p.note.try_set(Some(LearnMsg::AnalysisNotSaved));
    }
}

pub(super) fn stop_pass(p: Pass) {
    halt(p, LearnMsg::AnalysisStopped);
}

/// Stops the pass and its workers, shows what it found and says `why`.
fn halt(p: Pass, why: LearnMsg) {
    p.run.update_value(|r| *r += 1);
    pool::stop();
    save(p);
    p.analysis.set(p.work.get_value());
    p.progress.set(None);
    p.thorough.set(None);
    p.note.set(Some(why));
}

/// Gives every free worker the pass's next positions, and again as each answers, until the
/// pass is done or stopped.
fn drive(p: Pass, run: u32) {
    if p.run.try_get_value() != Some(run) {
        return;
    }
    for member in pool::free() {
        let Some(req) = next_request(p) else {
            break;
        };
        let at = computer::review_positions(&req);
        p.busy.update_value(|b| b.extend(&at));
        let sent = pool::ask(member, req, move |reply| answered(p, run, at, reply));
        if !sent {
            unavailable(p);
            return;
        }
    }
    show_progress(p);
    if !pool::busy() && next_request(p).is_none() {
        finish(p);
    }
}

/// The next request: the quick pass's, then (once it is over and every answer of it is in) the
/// thorough pass's.
fn next_request(p: Pass) -> Option<Request> {
    let busy = p.busy.get_value();
    let sgf = p.sgf.get_value();
    let size = p.review.with_value(|s| s.game.size());
    if !p.deeper.get_value() {
        let quick = p
            .work
            .with_value(|a| computer::next_review_request(a.as_ref()?, &sgf, &busy));
        if quick.is_some() || !busy.is_empty() {
            return quick;
        }
        // The quick pass is over: its graph and lists are shown while the search goes on.
        p.deeper.set_value(true);
        save(p);
        p.analysis.set(p.work.get_value());
        p.published.set_value(js_sys::Date::now());
        p.progress.set(None);
        // Done only when nothing is left to read: while the thorough pass runs, the words say
        // the computer is still looking (issue 51: "分析完成" at 22 s of a 77-move game, with
        // 100 s of reading to come and sentences it would rewrite).
        let said = if p.go_deeper.get_value() {
            LearnMsg::QuickDone
        } else {
            LearnMsg::AnalysisDone
        };
        if p.note.get_untracked() != Some(LearnMsg::AnalysisNotSaved) {
            p.note.set(Some(said));
        }
    }
    if !p.go_deeper.get_value() {
        return None;
    }
    p.work
        .with_value(|a| computer::next_thorough_request(a.as_ref()?, &sgf, size, &busy))
}

fn show_progress(p: Pass) {
    let size = p.review.with_value(|s| s.game.size());
    p.work.with_value(|a| {
        let Some(a) = a.as_ref() else {
            return;
        };
        if p.deeper.get_value() {
            let searched = a.searched_with(review::thorough_visits(size));
            p.thorough.set(Some((searched, a.steps.len())));
            return;
        }
        let (total, done) = (a.steps.len(), a.done());
        p.progress.set(Some(if done < total {
            (false, done, total)
        } else {
            let searched = a.searched();
            let left = a.to_deepen(review::FLAG_PER_PLAYER, review::FLAG_MIN).len();
            (true, searched, searched + left)
        }));
    });
}

/// A worker's answer: kept, shown now and then, and the next positions asked.
fn answered(p: Pass, run: u32, at: Vec<usize>, reply: Reply) {
    if p.run.try_get_value() != Some(run) {
        return;
    }
    p.busy.update_value(|b| b.retain(|i| !at.contains(i)));
    if reply.error == computer::NO_NETWORK {
        p.note.set(Some(LearnMsg::WaitNetwork));
        gloo_timers::callback::Timeout::new(500, move || drive(p, run)).forget();
        return;
    }
    if !reply.error.is_empty() {
        unavailable(p);
        return;
    }
    if p.note.get_untracked() == Some(LearnMsg::WaitNetwork) {
        p.note.set(None);
    }
    let size = p.review.with_value(|s| s.game.size());
    p.work.update_value(|a| {
        if let Some(a) = a {
            computer::apply_review(a, &reply, size);
        }
    });
    // Stored and shown every few seconds, not at each answer: on a slow machine each costs the
    // page's thread a frame.
    let now = js_sys::Date::now();
    if now - p.saved.get_value() >= PUBLISH_MS {
        save(p);
    }
    if p.deeper.get_value() && now - p.published.get_value() >= PUBLISH_MS {
        p.published.set_value(now);
        p.analysis.set(p.work.get_value());
    }
    drive(p, run);
}

/// The pass is over; its workers stay until the screen closes (the class report's next game
/// uses them without fetching the network again).
fn finish(p: Pass) {
    p.run.update_value(|r| *r += 1);
    save(p);
    p.analysis.set(p.work.get_value());
    p.progress.set(None);
    if p.note.get_untracked() != Some(LearnMsg::AnalysisNotSaved) {
        p.note.set(Some(LearnMsg::AnalysisDone));
    }
    p.ended();
}

fn unavailable(p: Pass) {
    halt(p, LearnMsg::AnalysisUnavailable);
    p.ended();
}

/// The thorough pass's quiet line, under the lists (nothing the pupil reads moves for it). The
/// line is made once; each answer changes only its count.
pub(super) fn thorough_line(l: super::i18n::Lang, p: Pass) -> impl IntoView {
    let shown = Memo::new(move |_| p.thorough.with(Option::is_some));
    let at = move || p.thorough.get().unwrap_or((0, 0));
    move || {
        shown.get().then(|| {
            // The words change once, when it is done; the count at each answer, in a box of
            // its own (style/main.css `.count`: a slow machine re-lays out and repaints only
            // the count).
            let going = Memo::new(move |_| {
                let (done, of) = at();
                done < of
            });
            let words = move || {
                super::i18n::learn(
                    l,
                    if going.get() {
                        LearnMsg::Thorough
                    } else {
                        LearnMsg::ThoroughDone
                    },
                )
            };
            let count = move || {
                going.get().then(|| {
                    view! { <span class="count">{move || format!("{} / {}", at().0, at().1)}</span> }
                })
            };
            view! {
                <p id="analysis-thorough" class="hint" data-done=move || at().0.to_string()
                    data-of=move || at().1.to_string()>{words}{count}</p>
            }
        })
    }
}

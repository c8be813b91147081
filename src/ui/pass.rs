//! 复盘's pass in the page (学下棋's wasm): the quick glance at every position, then the
//! searches of the flagged moves, asked of the bot's worker a chunk at a time; the analysis
//! kept after every answer and published when each stage ends. Review and the class report
//! drive it.

use leptos::prelude::*;

use super::i18n::LearnMsg;
use crate::bot::review::GameReview;
use crate::session::{computer, Session};
use crate::web::storage;

/// A 复盘 pass in the page: what it drives and what it shows (review's, and the class
/// report's for each game it analyses).
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    pub(super) review: StoredValue<Session>,
    /// The analysis shown: published when the quick pass ends, when the pass ends or stops
    /// (not at every answer: redrawing the graph, the lists and the table each time would
    /// make long tasks on a slow machine).
    pub(super) analysis: RwSignal<Option<GameReview>>,
    /// The analysis the pass fills in.
    pub(super) work: StoredValue<Option<GameReview>>,
    /// While it runs: (deepening, done, of).
    pub(super) progress: RwSignal<Option<(bool, usize, usize)>>,
    pub(super) note: RwSignal<Option<LearnMsg>>,
    /// The pass running; a new number stops the old one (its late replies are dropped).
    pub(super) run: StoredValue<u32>,
    pub(super) sgf: StoredValue<String>,
    /// Run when the pass ends (done, or the worker could not): the class report's next game.
    pub(super) then: StoredValue<Option<Callback<()>>>,
}

impl Pass {
    /// A pass over the game in `review`, showing its analysis in `analysis`.
    pub(crate) fn new(
        review: StoredValue<Session>,
        analysis: RwSignal<Option<GameReview>>,
    ) -> Pass {
        Pass {
            review,
            analysis,
            work: StoredValue::new(None),
            progress: RwSignal::new(None),
            note: RwSignal::new(None),
            run: StoredValue::new(0),
            sgf: StoredValue::new(
                review.with_value(|s| crate::record::sgf::write(&s.game, &[], &[])),
            ),
            then: StoredValue::new(None),
        }
    }

    /// Runs `f` when the pass ends.
    pub(crate) fn then(self, f: Callback<()>) -> Pass {
        self.then.set_value(Some(f));
        self
    }

    /// While it runs: (deepening, done, of).
    pub(crate) fn progress(self) -> Option<(bool, usize, usize)> {
        self.progress.get()
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
    p.run.update_value(|r| *r += 1);
    drive(p, p.run.get_value());
}

pub(super) fn stop_pass(p: Pass) {
    p.run.update_value(|r| *r += 1);
    p.analysis.set(p.work.get_value());
    p.progress.set(None);
    p.note.set(Some(LearnMsg::AnalysisStopped));
}

/// Asks the worker for the pass's next positions, and again when they come, until the pass
/// is done or stopped; the analysis is kept after every answer.
fn drive(p: Pass, run: u32) {
    if p.run.get_value() != run {
        return;
    }
    let next = p.work.with_value(|a| {
        let a = a.as_ref()?;
        let req = computer::next_review_request(a, &p.sgf.get_value())?;
        let total = a.steps.len();
        let done = a.done();
        let progress = if done < total {
            (false, done, total)
        } else {
            let searched = a.searched();
            let left = a
                .to_deepen(
                    crate::bot::review::FLAG_PER_PLAYER,
                    crate::bot::review::FLAG_MIN,
                )
                .len();
            (true, searched, searched + left)
        };
        Some((req, progress))
    });
    let Some((req, progress)) = next else {
        p.analysis.set(p.work.get_value());
        p.progress.set(None);
        if p.note.get_untracked() != Some(LearnMsg::AnalysisNotSaved) {
            p.note.set(Some(LearnMsg::AnalysisDone));
        }
        p.ended();
        return;
    };
    // The quick pass has just ended: its graph and lists are shown while the search goes on.
    if progress.0 && p.progress.get_untracked().is_none_or(|(deep, _, _)| !deep) {
        p.analysis.set(p.work.get_value());
    }
    p.progress.set(Some(progress));
    let size = p.review.with_value(|s| s.game.size());
    let sent = crate::web::bot::ask(req, move |reply| {
        if p.run.get_value() != run {
            return;
        }
        if reply.error == computer::NO_NETWORK {
            p.note.set(Some(LearnMsg::WaitNetwork));
            gloo_timers::callback::Timeout::new(500, move || drive(p, run)).forget();
            return;
        }
        if !reply.error.is_empty() {
            p.progress.set(None);
            p.note.set(Some(LearnMsg::AnalysisUnavailable));
            p.ended();
            return;
        }
        if p.note.get_untracked() == Some(LearnMsg::WaitNetwork) {
            p.note.set(None);
        }
        p.work.update_value(|a| {
            if let Some(a) = a {
                computer::apply_review(a, &reply, size);
            }
        });
        let saved = p.work.with_value(|a| {
            a.as_ref()
                .map(|a| p.review.with_value(|s| storage::save_analysis(s, a)))
        });
        if let Some(Err(_)) = saved {
            p.note.set(Some(LearnMsg::AnalysisNotSaved));
        }
        drive(p, run);
    });
    if !sent {
        p.progress.set(None);
        p.note.set(Some(LearnMsg::AnalysisUnavailable));
        p.ended();
    }
}

//! The grade of a teacher's imported set (issue 53, item 5), in 学下棋's wasm: after the
//! reader's check of a problem ([`super::proofs`]), the bot's worker grades it
//! ([`Request::grade`]: the weakest ranked opponent that plays a right first move in 8 of 10
//! tries), one problem per request, so the page answers between problems; each problem's grade
//! fills in beside it in the set's list, and the set's line says its band once every problem is
//! graded ("这套题大约 15–11 级"; [`set_grade::of_set`]). The grades live as long as the page,
//! and are kept with the stored set ([`crate::session::stored::book::ProblemSetRecord::grades`]): a set read again is not
//! graded again.
//!
//! The words are here, beside the only screen that says them.

use std::collections::{HashMap, VecDeque};

use leptos::prelude::*;

use super::proofs::{Found, Proofs};
use crate::bot::Level;
use crate::learn::band::Band;
use crate::learn::tihai::grade::RANKED;
use crate::learn::tihai::set_grade::{self, SetGrade};
use crate::learn::Problem;
use crate::session::computer::{Request, NO_NETWORK, UNGRADED};
use crate::ui::i18n::Lang;

/// A problem's grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graded {
    /// The weakest ranked opponent that solves it.
    At(Level),
    /// No ranked opponent solves it: not graded (as hard, or the network's blind spot).
    Unsolved,
    /// Not graded: no right first move to grade by.
    Not,
    /// Not graded this time: the worker could not (it stopped, or could not read the
    /// position). Not kept: the set is graded again on the next visit.
    Lost,
}

impl Graded {
    /// As the stored set keeps it: the level's key, `none` (unsolved) or `-`.
    pub fn key(self) -> &'static str {
        match self {
            Graded::At(l) => l.key(),
            Graded::Unsolved => UNGRADED,
            Graded::Not | Graded::Lost => "-",
        }
    }

    pub fn from_key(key: &str) -> Option<Graded> {
        match key {
            UNGRADED => Some(Graded::Unsolved),
            "-" => Some(Graded::Not),
            k => Level::from_key(k)
                .filter(|l| RANKED.contains(l))
                .map(Graded::At),
        }
    }
}

/// How long to wait before asking again while the network is on its way (ms), and how many
/// times (five minutes: offline before a first visit, it never comes; the set stays ungraded).
const NETWORK_WAIT_MS: u32 = 1_000;
const NETWORK_WAITS: u32 = 300;
/// How long to wait for the reader's check of the next problem (ms).
const PROOF_WAIT_MS: u32 = 200;

/// One set waiting to be graded.
struct Queued {
    key: String,
    /// Which reading of the set this is: an answer for a set imported again since is dropped.
    generation: u32,
    problems: Vec<Problem>,
    pending: VecDeque<usize>,
}

/// The grades of the imported sets, by set key and problem (`None`: not graded yet), and the
/// queue of problems still to grade.
#[derive(Clone, Copy)]
pub struct Grades {
    graded: RwSignal<HashMap<String, Vec<Option<Graded>>>>,
    queue: StoredValue<VecDeque<Queued>>,
    running: StoredValue<bool>,
    waits: StoredValue<u32>,
    generation: StoredValue<u32>,
    proofs: Proofs,
}

impl Grades {
    pub fn new(proofs: Proofs) -> Grades {
        Grades {
            graded: RwSignal::new(HashMap::new()),
            queue: StoredValue::new(VecDeque::new()),
            running: StoredValue::new(false),
            waits: StoredValue::new(0),
            generation: StoredValue::new(0),
            proofs,
        }
    }

    /// Grades a set's problems in the background (after each one's check), those `stored` with
    /// the set excepted; a set the teacher just opened goes first.
    pub fn grade_set(&self, key: &str, problems: &[Problem], stored: &[String], first: bool) {
        if problems.is_empty() {
            return;
        }
        let known: Vec<Option<Graded>> = (0..problems.len())
            .map(|i| stored.get(i).and_then(|k| Graded::from_key(k)))
            .collect();
        let pending: VecDeque<usize> = (0..problems.len())
            .filter(|&i| known[i].is_none())
            .collect();
        self.graded
            .update(|g| drop(g.insert(key.to_string(), known)));
        if pending.is_empty() {
            return;
        }
        let generation = self.generation.get_value() + 1;
        self.generation.set_value(generation);
        let q = Queued {
            key: key.to_string(),
            generation,
            problems: problems.to_vec(),
            pending,
        };
        self.queue.update_value(|queue| {
            queue.retain(|s| s.key != key);
            if first {
                queue.push_front(q);
            } else {
                queue.push_back(q);
            }
        });
        if !self.running.get_value() {
            self.running.set_value(true);
            self.later(0);
        }
    }

    fn later(self, ms: u32) {
        gloo_timers::callback::Timeout::new(ms, move || self.step()).forget();
    }

    /// The next problem whose check is done, asked of the worker; the next step when it answers.
    fn step(self) {
        let next = self.queue.with_value(|queue| {
            let s = queue.front()?;
            let i = *s.pending.front()?;
            Some((s.key.clone(), s.generation, i, s.problems.get(i).cloned()))
        });
        let Some((key, generation, i, problem)) = next else {
            // A set graded: the next one, or the end.
            let more = self.queue.try_update_value(|queue| {
                queue.pop_front();
                !queue.is_empty()
            });
            if more == Some(true) {
                return self.later(0);
            }
            return self.running.set_value(false);
        };
        let Some(problem) = problem else {
            return self.done(&key, generation, i, Graded::Not);
        };
        // The reader's check first: its proved first moves are what the problem is graded by.
        let check = match self.proofs.get_untracked(&key, i) {
            None => return self.later(PROOF_WAIT_MS),
            Some(Found::Checked { check, .. }) => Some(check),
            Some(Found::NoQuestion(_)) => None,
        };
        let Some(req) = Request::grade(&problem, check.as_ref(), i as u64 + 1) else {
            return self.done(&key, generation, i, Graded::Not);
        };
        let asked = crate::web::bot::ask(req, move |reply| {
            if reply.error == NO_NETWORK {
                let waits = self.waits.get_value() + 1;
                self.waits.set_value(waits);
                if waits <= NETWORK_WAITS {
                    return self.later(NETWORK_WAIT_MS);
                }
                return self.running.set_value(false);
            }
            self.waits.set_value(0);
            let graded = if reply.error.is_empty() {
                Graded::from_key(&reply.review).unwrap_or(Graded::Lost)
            } else {
                Graded::Lost
            };
            self.done(&key, generation, i, graded);
        });
        if !asked {
            self.running.set_value(false);
        }
    }

    /// A problem graded: kept, and the next one in a new task.
    fn done(self, key: &str, generation: u32, i: usize, graded: Graded) {
        let current = self.queue.try_update_value(|queue| {
            let s = queue
                .iter_mut()
                .find(|s| s.key == key && s.generation == generation)?;
            s.pending.retain(|&k| k != i);
            Some(())
        });
        if current.flatten().is_none() {
            return self.later(0);
        }
        self.graded.update(|g| {
            if let Some(slot) = g.get_mut(key).and_then(|v| v.get_mut(i)) {
                *slot = Some(graded);
            }
        });
        let complete =
            |v: &Vec<Option<Graded>>| v.iter().all(|x| x.is_some_and(|x| x != Graded::Lost));
        if self
            .graded
            .with_untracked(|g| g.get(key).is_some_and(complete))
        {
            self.keep(key);
        }
        self.later(0);
    }

    /// A set's grades kept with the stored set, once all are in.
    fn keep(&self, key: &str) {
        let Some(grades) = self.graded.with_untracked(|g| {
            g.get(key).map(|v| {
                v.iter()
                    .map(|x| x.map_or("-", Graded::key).to_string())
                    .collect::<Vec<_>>()
            })
        }) else {
            return;
        };
        let stored = crate::web::storage::problem_sets();
        if let Some(mut record) = stored.into_iter().find(|r| r.key == key) {
            record.grades = grades;
            let _ = crate::web::storage::store_problem_set(&record);
        }
    }

    /// A problem's grade (tracked).
    pub fn get(&self, key: &str, index: usize) -> Option<Graded> {
        self.graded
            .with(|g| g.get(key).and_then(|v| v.get(index).copied().flatten()))
    }

    /// The set's line: how far the grading is, then the set's band.
    pub fn summary(&self, key: &str, l: Lang) -> Option<String> {
        self.graded.with(|g| {
            let v = g.get(key)?;
            let done = v.iter().filter(|x| x.is_some()).count();
            if done < v.len() {
                return Some(match l {
                    Lang::Zh => format!("电脑正在看这套题有多难… {done}/{}", v.len()),
                    Lang::En => format!(
                        "The computer is finding out how hard these problems are… {done}/{}",
                        v.len()
                    ),
                });
            }
            let grades: Vec<Option<Level>> = v
                .iter()
                .filter_map(|x| match x {
                    Some(Graded::At(l)) => Some(Some(*l)),
                    Some(Graded::Unsolved) => Some(None),
                    _ => None,
                })
                .collect();
            Some(set_words(l, set_grade::of_set(&grades)))
        })
    }
}

/// "15–11 级" / "15–11 kyu".
fn band_words(l: Lang, band: Band) -> String {
    match (band, l) {
        (Band::Dan, Lang::Zh) => "段".into(),
        (Band::Dan, Lang::En) => "dan".into(),
        (b, Lang::Zh) => format!("{}–{} 级", b.grades().0, b.grades().1),
        (b, Lang::En) => format!("{}–{} kyu", b.grades().0, b.grades().1),
    }
}

/// The set's line once graded.
pub fn set_words(l: Lang, grade: Option<SetGrade>) -> String {
    match (grade, l) {
        (Some(SetGrade::Band(b)), Lang::Zh) => format!("这套题大约 {}", band_words(l, b)),
        (Some(SetGrade::Band(b)), Lang::En) => format!("This set is about {}", band_words(l, b)),
        (Some(SetGrade::MostUngraded), Lang::Zh) => {
            "电脑没法给这套题定级：大多数题它自己也做不对".into()
        }
        (Some(SetGrade::MostUngraded), Lang::En) => {
            "The computer cannot grade this set: it cannot solve most of it itself".into()
        }
        (None, Lang::Zh) => "电脑没能看出这套题有多难".into(),
        (None, Lang::En) => "The computer could not tell how hard this set is".into(),
    }
}

/// A problem's grade beside its button: "15级" / "15k", "–" (not graded).
pub fn mark(l: Lang, g: Option<Graded>) -> String {
    match (g, l) {
        (Some(Graded::At(level)), Lang::Zh) => format!("{}级", level.kyu().unwrap_or(0)),
        (Some(Graded::At(level)), Lang::En) => format!("{}k", level.kyu().unwrap_or(0)),
        (Some(Graded::Unsolved), _) => "–".into(),
        _ => String::new(),
    }
}

/// The same for screen readers: "大约 15 级" / "about 15 kyu".
pub fn mark_words(l: Lang, g: Option<Graded>) -> String {
    match (g, l) {
        (Some(Graded::At(level)), Lang::Zh) => format!("大约 {} 级", level.kyu().unwrap_or(0)),
        (Some(Graded::At(level)), Lang::En) => format!("about {} kyu", level.kyu().unwrap_or(0)),
        (Some(Graded::Unsolved), Lang::Zh) => "电脑没法定级".into(),
        (Some(Graded::Unsolved), Lang::En) => "the computer could not grade it".into(),
        _ => String::new(),
    }
}

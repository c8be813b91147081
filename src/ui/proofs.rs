//! The computer's check of a teacher's problem file (issue 52, part 4), in 学下棋's wasm: each
//! problem of an imported set is read by the reader ([`crate::learn::proof`]) after the list is
//! drawn, one problem per task (a 0 ms timer between problems, so the page answers between
//! them), and the verdict fills in — in the set's list (a problem whose file answer is refuted,
//! or where another move works too, is flagged before a pupil opens it; a line sums the set up)
//! and on the problem's screen ("答案已证明", "文件里的答案可能不对：B2 也能活" with the line that
//! shows it drawn on the board, numbered, or "电脑也没有把握"). A teacher who has just opened the
//! file is told which problems to look at. The built-in sets are proved in CI
//! (`tests/shipped_proofs.rs`) and not read here. Verdicts live as long as the page.
//!
//! The words are here, beside the only screen that says them.

use std::collections::{HashMap, VecDeque};

use leptos::prelude::*;

use crate::bot::reader::Tried;
use crate::learn::proof::{self, Aim, Check, NotAQuestion};
use crate::learn::Problem;
use crate::rules::{BoardSize, Game, Move};
use crate::ui::i18n::{self, Lang};

/// The reader's node budget for a problem here: within a second on a slow Chromebook (6× CPU
/// in headless Chromium: `tests/browser/measure-proofs.mjs`) for the tactics of issue 52.
pub const BUDGET: u64 = 40_000;

/// What the check found for one problem, with what its words need.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    Checked {
        aim: Aim,
        check: Check,
        /// The reader's nodes.
        nodes: u64,
    },
    NoQuestion(NotAQuestion),
}

impl Found {
    /// The file's answer is refuted, or another first move works too: to be looked at before a
    /// pupil does the problem.
    pub fn doubtful(&self) -> bool {
        matches!(
            self,
            Found::Checked {
                check: Check::WrongAnswer { .. } | Check::AlsoRight { .. },
                ..
            }
        )
    }

    /// The reader could not decide the file's answer (its budget ran out, or it could not read
    /// the problem as a question).
    pub fn unsure(&self) -> bool {
        matches!(
            self,
            Found::NoQuestion(_)
                | Found::Checked {
                    check: Check::Unknown {
                        marked_proved: false,
                        ..
                    },
                    ..
                }
        )
    }
}

/// Reads one problem (pure: what a task of the queue does).
pub fn find(p: &Problem, budget: u64) -> Found {
    match proof::check(p, budget) {
        Ok(c) => Found::Checked {
            aim: c.asked.aim,
            check: c.check,
            nodes: c.answer.nodes,
        },
        Err(e) => Found::NoQuestion(e),
    }
}

/// One set waiting to be read.
struct Queued {
    key: String,
    problems: Vec<Problem>,
    /// The problems not read yet, the next first.
    pending: VecDeque<usize>,
    /// The teacher has just opened the file: told what to look at when the set is read.
    announce: bool,
}

/// The verdicts of the imported sets, by set key and problem (`None`: not read yet), and the
/// queue of problems still to read.
#[derive(Clone, Copy)]
pub struct Proofs {
    found: RwSignal<HashMap<String, Vec<Option<Found>>>>,
    queue: StoredValue<VecDeque<Queued>>,
    running: StoredValue<bool>,
    /// How long each problem's reading took (ms, by set key), for the measurements.
    took: StoredValue<HashMap<String, Vec<f64>>>,
    /// Said to the teacher when a set they just opened is read (the flagged problems, 1-based).
    told: RwSignal<Option<Vec<usize>>>,
}

impl Proofs {
    pub fn new() -> Proofs {
        Proofs {
            found: RwSignal::new(HashMap::new()),
            queue: StoredValue::new(VecDeque::new()),
            running: StoredValue::new(false),
            took: StoredValue::new(HashMap::new()),
            told: RwSignal::new(None),
        }
    }

    /// Reads a set's problems in the background; a set the teacher just opened goes first.
    pub fn read_set(&self, key: &str, problems: &[Problem], announce: bool) {
        if problems.is_empty() {
            return;
        }
        self.found
            .update(|f| drop(f.insert(key.to_string(), vec![None; problems.len()])));
        let q = Queued {
            key: key.to_string(),
            problems: problems.to_vec(),
            pending: (0..problems.len()).collect(),
            announce,
        };
        self.queue.update_value(|queue| {
            queue.retain(|s| s.key != key);
            if announce {
                queue.push_front(q);
            } else {
                queue.push_back(q);
            }
        });
        self.run();
    }

    /// Reads this problem next (it is on the screen).
    pub fn hurry(&self, key: &str, index: usize) {
        self.queue.update_value(|queue| {
            let Some(i) = queue.iter().position(|s| s.key == key) else {
                return;
            };
            if let Some(mut s) = queue.remove(i) {
                if let Some(j) = s.pending.iter().position(|&k| k == index) {
                    s.pending.remove(j);
                    s.pending.push_front(index);
                }
                queue.push_front(s);
            }
        });
    }

    fn run(&self) {
        if self.running.get_value() {
            return;
        }
        self.running.set_value(true);
        let me = *self;
        // After the frame that shows the list: the first paint is not held up.
        request_animation_frame(move || {
            gloo_timers::callback::Timeout::new(0, move || me.step()).forget();
        });
    }

    /// One problem, then the next in a new task.
    fn step(self) {
        let job = self.queue.try_update_value(|queue| {
            let s = queue.front_mut()?;
            let i = s.pending.pop_front()?;
            let p = s.problems.get(i).cloned();
            let done = s.pending.is_empty();
            let key = s.key.clone();
            let announce = s.announce;
            if done {
                queue.pop_front();
            }
            Some((key, i, p, done, announce))
        });
        let Some(Some((key, i, p, done, announce))) = job else {
            self.running.set_value(false);
            return;
        };
        if let Some(p) = p {
            let t0 = crate::web::now_ms();
            let found = find(&p, BUDGET);
            let ms = crate::web::now_ms() - t0;
            self.took.update_value(|t| {
                let v = t.entry(key.clone()).or_default();
                v.resize(v.len().max(i + 1), f64::NAN);
                v[i] = ms;
            });
            self.found.update(|f| {
                if let Some(slot) = f.get_mut(&key).and_then(|v| v.get_mut(i)) {
                    *slot = Some(found);
                }
            });
        }
        if done && announce {
            let flagged = self.found.with_untracked(|f| {
                f.get(&key).map_or(Vec::new(), |v| {
                    v.iter()
                        .enumerate()
                        .filter(|(_, x)| x.as_ref().is_some_and(Found::doubtful))
                        .map(|(i, _)| i + 1)
                        .collect()
                })
            });
            if !flagged.is_empty() {
                self.told.set(Some(flagged));
            }
        }
        gloo_timers::callback::Timeout::new(0, move || self.step()).forget();
    }

    /// What was found for a problem (tracked).
    pub fn get(&self, key: &str, index: usize) -> Option<Found> {
        self.found
            .with(|f| f.get(key).and_then(|v| v.get(index).cloned().flatten()))
    }

    /// What was found for a problem, untracked (the grading asks before each problem).
    pub fn get_untracked(&self, key: &str, index: usize) -> Option<Found> {
        self.found
            .with_untracked(|f| f.get(key).and_then(|v| v.get(index).cloned().flatten()))
    }

    /// Each problem's reading as `ms:nodes`, comma-separated in the set's order (tracked): on
    /// the set's summary for `tests/browser/measure-proofs.mjs`.
    pub fn readings(&self, key: &str) -> String {
        self.found.with(|f| {
            let Some(v) = f.get(key) else {
                return String::new();
            };
            self.took.with_value(|t| {
                let ms = t.get(key);
                v.iter()
                    .enumerate()
                    .map(|(i, x)| match x {
                        Some(Found::Checked { nodes, .. }) => format!(
                            "{:.0}:{nodes}",
                            ms.and_then(|m| m.get(i)).copied().unwrap_or(f64::NAN)
                        ),
                        Some(Found::NoQuestion(_)) => "0:0".into(),
                        None => "-".into(),
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
        })
    }

    /// Whether a set is read by the computer (an imported one); untracked: a screen asks once.
    pub fn has(&self, key: &str) -> bool {
        self.found.with_untracked(|f| f.contains_key(key))
    }

    /// The teacher's notice for a set just opened and read, once.
    pub fn take_told(&self, l: Lang) -> Option<String> {
        let flagged = self.told.get()?;
        self.told.set(None);
        let list = numbers(l, &flagged);
        Some(match l {
            Lang::Zh => format!("注意：文件里{list}的答案可能不对。给学生做之前，请先打开看一看电脑找到的下法。"),
            Lang::En => format!("Note: the file's answer to {list} may be wrong. Before the pupils do it, open it to see the line the computer found."),
        })
    }

    /// The set's line in the list: how many are proved, which to look at, which the computer
    /// is not sure of, or how far it has read.
    pub fn summary(&self, key: &str, l: Lang) -> Option<String> {
        self.found.with(|f| {
            let v = f.get(key)?;
            let read = v.iter().filter(|x| x.is_some()).count();
            if read < v.len() {
                return Some(match l {
                    Lang::Zh => format!("电脑正在检查答案… {read}/{}", v.len()),
                    Lang::En => format!("The computer is checking the answers… {read}/{}", v.len()),
                });
            }
            let pick = |f: fn(&Found) -> bool| -> Vec<usize> {
                v.iter()
                    .enumerate()
                    .filter(|(_, x)| x.as_ref().is_some_and(f))
                    .map(|(i, _)| i + 1)
                    .collect()
            };
            let doubtful = pick(Found::doubtful);
            let unsure = pick(Found::unsure);
            let proved = v.len() - doubtful.len() - unsure.len();
            let mut parts = vec![match l {
                Lang::Zh => format!("电脑检查：{proved} 题答案已证明"),
                Lang::En => format!("The computer's check: {proved} proved"),
            }];
            if !doubtful.is_empty() {
                parts.push(match l {
                    Lang::Zh => format!("{}答案可能不对", numbers(l, &doubtful)),
                    Lang::En => format!("{} may be wrong", numbers(l, &doubtful)),
                });
            }
            if !unsure.is_empty() {
                parts.push(match l {
                    Lang::Zh => format!("{}电脑也没有把握", numbers(l, &unsure)),
                    Lang::En => format!("not sure of {}", numbers(l, &unsure)),
                });
            }
            Some(parts.join(if l == Lang::Zh { "；" } else { "; " }))
        })
    }
}

/// "第 2、5 题" / "problems 2 and 5".
fn numbers(l: Lang, v: &[usize]) -> String {
    let s: Vec<String> = v.iter().map(|n| n.to_string()).collect();
    match (l, s.as_slice()) {
        (Lang::Zh, _) => format!("第 {} 题", s.join("、")),
        (Lang::En, [one]) => format!("problem {one}"),
        (Lang::En, [rest @ .., last]) => format!("problems {} and {last}", rest.join(", ")),
        (Lang::En, []) => String::new(),
    }
}

/// A problem's mark in the list: "!" for one to look at, "?" where the computer is not sure.
pub fn mark(found: Option<&Found>) -> &'static str {
    match found {
        Some(f) if f.doubtful() => " !",
        Some(f) if f.unsure() => " ?",
        _ => "",
    }
}

/// The words of a problem button's mark, for screen readers.
pub fn mark_words(l: Lang, found: Option<&Found>) -> &'static str {
    match (found, l) {
        (Some(f), Lang::Zh) if f.doubtful() => "文件里的答案可能不对",
        (Some(f), Lang::En) if f.doubtful() => "the file's answer may be wrong",
        (Some(f), Lang::Zh) if f.unsure() => "电脑也没有把握",
        (Some(f), Lang::En) if f.unsure() => "the computer is not sure",
        _ => "",
    }
}

fn vertex(l: Lang, size: BoardSize, m: Move) -> String {
    match m {
        Move::Play(p) => size.vertex(p),
        Move::Pass => match l {
            Lang::Zh => "停一手".into(),
            Lang::En => "a pass".into(),
        },
    }
}

/// What a move achieves, said after it: "也能活" / "lives too".
fn achieves(l: Lang, aim: Aim, too: bool) -> &'static str {
    match (l, aim, too) {
        (Lang::Zh, Aim::Live, true) => "也能活",
        (Lang::Zh, Aim::Kill, true) => "也能杀",
        (Lang::Zh, Aim::Capture, true) => "也能吃掉",
        (Lang::Zh, Aim::Escape, true) => "也能逃出",
        (Lang::En, Aim::Live, true) => "lives too",
        (Lang::En, Aim::Kill, true) => "kills too",
        (Lang::En, Aim::Capture, true) => "captures too",
        (Lang::En, Aim::Escape, true) => "gets out too",
        // The opponent's refutation: what it does to the side to play.
        (Lang::Zh, Aim::Live, false) => "就能杀死它",
        (Lang::Zh, Aim::Kill, false) => "就能活",
        (Lang::Zh, Aim::Capture, false) => "就能逃出",
        (Lang::Zh, Aim::Escape, false) => "就能吃掉它",
        (Lang::En, Aim::Live, false) => "kills it",
        (Lang::En, Aim::Kill, false) => "lives",
        (Lang::En, Aim::Capture, false) => "gets out",
        (Lang::En, Aim::Escape, false) => "captures it",
    }
}

/// Why a problem is no question for the reader, in words.
fn no_question(l: Lang, e: NotAQuestion) -> &'static str {
    match (l, e) {
        (Lang::Zh, NotAQuestion::NoGoal) => "文件没有说是要吃子、做活还是杀棋。",
        (Lang::En, NotAQuestion::NoGoal) => {
            "The file does not say whether to capture, to live or to kill."
        }
        (Lang::Zh, NotAQuestion::NoTarget) => "找不到要吃或要救的棋子。",
        (Lang::En, NotAQuestion::NoTarget) => "There are no stones to capture or to save.",
        (Lang::Zh, NotAQuestion::MarkedEmpty(_)) => "标记（△）的点上没有棋子。",
        (Lang::En, NotAQuestion::MarkedEmpty(_)) => "A marked point (△) has no stone.",
        (Lang::Zh, NotAQuestion::WrongColour(_)) => "标记（△）的棋子颜色不对。",
        (Lang::En, NotAQuestion::WrongColour(_)) => "A marked stone (△) is of the wrong colour.",
        (Lang::Zh, NotAQuestion::SeveralChains) => "标记（△）的棋子不是连在一起的一块。",
        (Lang::En, NotAQuestion::SeveralChains) => "The marked stones (△) are not one chain.",
        (Lang::Zh, NotAQuestion::OpenRegion(_)) => "标记（△）的棋子能跑到题目的范围外面。",
        (Lang::En, NotAQuestion::OpenRegion(_)) => {
            "The marked stones (△) reach outside the problem's corner."
        }
    }
}

/// What the screen says of a problem, and the line it can draw.
pub struct Said {
    /// `proved`, `doubtful` or `unsure` (the note's class).
    pub class: &'static str,
    pub words: String,
    /// The line that shows it: the first move (of the side to play) and the replies.
    pub line: Option<Tried>,
}

/// The verdict in words: "答案已证明", "文件里的答案可能不对：B2 也能活", "电脑也没有把握".
pub fn said(l: Lang, p: &Problem, found: &Found) -> Said {
    let v = |m| vertex(l, p.size, m);
    let me = i18n::colour(l, p.to_move);
    let them = i18n::colour(l, p.to_move.opponent());
    let (aim, check) = match found {
        Found::NoQuestion(e) => {
            let why = no_question(l, *e);
            return Said {
                class: "unsure",
                words: match l {
                    Lang::Zh => format!("电脑也没有把握：{why}"),
                    Lang::En => format!("The computer is not sure either: {why}"),
                },
                line: None,
            };
        }
        Found::Checked { aim, check, .. } => (*aim, check),
    };
    let may_be_wrong = match l {
        Lang::Zh => "文件里的答案可能不对：",
        Lang::En => "The file's answer may be wrong: ",
    };
    match check {
        Check::Proved(_)
        | Check::Unknown {
            marked_proved: true,
            ..
        } => Said {
            class: "proved",
            words: match l {
                Lang::Zh => "答案已证明".into(),
                Lang::En => "The answer is proved".into(),
            },
            line: None,
        },
        Check::Unknown { .. } => Said {
            class: "unsure",
            words: match l {
                Lang::Zh => "电脑也没有把握".into(),
                Lang::En => "The computer is not sure either".into(),
            },
            line: None,
        },
        Check::AlsoRight { moves, .. } => {
            let names: Vec<String> = moves.iter().map(|t| v(t.first)).collect();
            let names = names.join(if l == Lang::Zh { "、" } else { ", " });
            Said {
                class: "doubtful",
                words: format!("{may_be_wrong}{names} {}", achieves(l, aim, true)),
                line: moves.first().cloned(),
            }
        }
        Check::WrongAnswer {
            refutation,
            instead,
        } => {
            let works = match (l, instead.is_empty()) {
                (Lang::Zh, true) => "这一题没有一步能做到。".to_string(),
                (Lang::En, true) => "No first move does it.".to_string(),
                (Lang::Zh, false) => format!(
                    "能做到的是 {}。",
                    instead
                        .iter()
                        .map(|t| v(t.first))
                        .collect::<Vec<_>>()
                        .join("、")
                ),
                (Lang::En, false) => format!(
                    "What works: {}.",
                    instead
                        .iter()
                        .map(|t| v(t.first))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let why = match refutation {
                Some(r) => match (l, r.line.first()) {
                    (Lang::Zh, Some(&reply)) => format!(
                        "{me} {} 以后，{them} {} {}。",
                        v(r.first),
                        v(reply),
                        achieves(l, aim, false)
                    ),
                    (Lang::En, Some(&reply)) => format!(
                        "after {me} {}, {them} {} {}. ",
                        v(r.first),
                        v(reply),
                        achieves(l, aim, false)
                    ),
                    (Lang::Zh, None) => format!("{me} {} 做不到。", v(r.first)),
                    (Lang::En, None) => format!("{me} {} does not do it. ", v(r.first)),
                },
                None => match l {
                    Lang::Zh => "文件里没有能下的正解。".into(),
                    Lang::En => "the file has no right move that can be played. ".into(),
                },
            };
            Said {
                class: "doubtful",
                words: format!("{may_be_wrong}{why}{works}"),
                line: refutation.clone().or_else(|| instead.first().cloned()),
            }
        }
    }
}

/// The first `steps` moves of a line played from the problem's start (as far as the rules
/// allow): the game (numbered on the board) and its moves in words; and how many moves the
/// line has that can be played.
pub fn line_game(l: Lang, p: &Problem, line: &Tried, steps: usize) -> (Game, String, usize) {
    let mut g = p.start();
    let mut words = Vec::new();
    let mut c = p.to_move;
    let mut shown = None;
    for &m in std::iter::once(&line.first).chain(&line.line) {
        if words.len() == steps {
            shown = Some((
                g.clone(),
                words.join(if l == Lang::Zh { "，" } else { ", " }),
            ));
        }
        if g.play(c, m).is_err() {
            break;
        }
        words.push(format!("{} {}", i18n::colour(l, c), vertex(l, p.size, m)));
        c = c.opponent();
    }
    let n = words.len();
    let (g, said) =
        shown.unwrap_or_else(|| (g, words.join(if l == Lang::Zh { "，" } else { ", " })));
    (g, said, n)
}

/// The note on a problem's screen: the verdict (or that the computer is reading), and a button
/// that draws the line that shows it on the board, numbered, a move at a time (◀ ▶: a stone a
/// later move takes stays visible at its own step).
#[component]
pub fn ProofNote(
    problem: Problem,
    found: Signal<Option<Found>>,
    lang: Signal<Lang>,
    /// Draws a line on the board: the position after it and its words.
    show_line: Callback<(Game, String)>,
) -> impl IntoView {
    let l = lang.get_untracked();
    // The moves of the line drawn (none: not drawn).
    let step = RwSignal::new(0usize);
    move || {
        let Some(f) = found.get() else {
            return view! {
                <p id="proof" class="proof reading" role="status">{match l {
                    Lang::Zh => "电脑正在检查这一题的答案…",
                    Lang::En => "The computer is checking this problem's answer…",
                }}</p>
            }
            .into_any();
        };
        let s = said(l, &problem, &f);
        let button = s.line.map(|line| {
            let problem = problem.clone();
            let length = line_game(l, &problem, &line, usize::MAX).2;
            let draw = move |k: usize| {
                step.set(k);
                let (g, words, _) = line_game(l, &problem, &line, k);
                show_line.run((g, words));
            };
            let draw_back = draw.clone();
            let draw_on = draw.clone();
            let (show, back, on) = match l {
                Lang::Zh => ("在棋盘上看这个下法", "上一步", "下一步"),
                Lang::En => ("Show the line on the board", "Back a move", "Forward a move"),
            };
            let at_start = move || step.get() <= 1;
            let at_end = move || step.get() == 0 || step.get() >= length;
            view! {
                <div class="row proof-steps">
                    <button id="proof-line" on:click=move |_| draw(length)>{show}</button>
                    <button id="proof-back" disabled=at_start aria-label=back
                        on:click=move |_| draw_back(step.get_untracked().saturating_sub(1).max(1))>"◀"</button>
                    <button id="proof-forward" disabled=at_end aria-label=on
                        on:click=move |_| draw_on((step.get_untracked() + 1).min(length))>"▶"</button>
                </div>
            }
        });
        view! {
            <div id="proof" class=format!("proof {}", s.class) role="status">
                <p>{s.words}</p>
                {button}
            </div>
        }
        .into_any()
    }
}

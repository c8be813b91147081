//! 复盘 at a mistake (in 学下棋's wasm, under review's words at the move): the network's line
//! from the position before the mistake, on its own small board beside the game's, stepped by
//! ◀ ▶ or `,` `.`; the points whose owner the move changed, for the game's board to shade. The
//! worker answers one [`crate::session::computer::Request::line`]; reading and playing the line
//! out are [`crate::session::analysis`]'s.

use leptos::prelude::*;

use super::game::view_of;
use super::goban::Goban;
use super::i18n::{self, learn, Lang, LearnMsg};
use crate::rules::{Move, Point};
use crate::session::Session;

/// The network's line at a mistake, asked for when the pupil opens it: from the position
/// before move `number`, stepped through; and where the move changed who owns what.
#[derive(Clone)]
pub struct Line {
    pub number: usize,
    before: crate::rules::Game,
    /// The move played there.
    played: Option<Move>,
    moves: Vec<Move>,
    /// Moves of the line shown (1 … its length).
    step: usize,
    /// The points whose ownership the move moved, each with how far, towards Black (> 0) or
    /// White.
    pub moved: Vec<(Point, f32)>,
}

/// The line's state and where it is said: passed to the analysis view as one.
#[derive(Clone, Copy)]
pub struct LineCtl {
    pub line: RwSignal<Option<Line>>,
    pub note: RwSignal<Option<LearnMsg>>,
    pub review: StoredValue<Session>,
    /// Whether boards show their coordinates (the settings').
    pub coordinates: bool,
}

impl LineCtl {
    /// Visits of the line's search on a board of `size`: 300 on 9×9, fewer on larger boards
    /// (a visit costs about the board's area), so that the line comes in a second or two
    /// (19×19: 67 visits).
    fn visits(size: crate::rules::BoardSize) -> u32 {
        (300 * 81 / size.area()).clamp(48, 300)
    }

    /// Asks the worker for the line at move `n`: a search of the position before it (its
    /// principal variation), and the points whose owner the move changed.
    pub fn open(self, n: usize) {
        if n == 0
            || self
                .line
                .with_untracked(|l| l.as_ref().is_some_and(|l| l.number == n))
        {
            return;
        }
        let (before, after) = self.review.with_value(|s| (s.game_at(n - 1), s.game_at(n)));
        let size = before.size();
        self.line.set(None);
        self.note.set(Some(LearnMsg::LineWaiting));
        let sgf = self
            .review
            .with_value(|s| crate::record::sgf::write(&s.game, &[], &[]));
        let req = crate::web::bot::Request::line(sgf, n as u32 - 1, Self::visits(size), n as u64);
        let me = self;
        let sent = crate::web::bot::ask(req, move |reply| {
            // The worker is still fetching the network (复盘's pass runs on other workers):
            // asked again in a moment, the pupil seeing 'waiting' meanwhile.
            if reply.error == crate::session::computer::NO_NETWORK {
                gloo_timers::callback::Timeout::new(500, move || {
                    if me.note.try_get_untracked() == Some(Some(LearnMsg::LineWaiting)) {
                        me.open(n);
                    }
                })
                .forget();
                return;
            }
            let (moves, moved) = crate::session::analysis::parse_line(size, &reply.review);
            if moves.is_empty() {
                me.note.set(Some(LearnMsg::LineUnavailable));
                return;
            }
            me.note.set(None);
            me.line.set(Some(Line {
                number: n,
                played: after.last_move().map(|m| m.mv),
                before,
                moves,
                step: 1,
                moved,
            }));
        });
        if !sent {
            self.note.set(Some(LearnMsg::LineUnavailable));
        }
    }

    /// Steps the line shown at move `n` by `delta` moves, within it.
    pub fn step(self, n: usize, delta: i64) {
        self.line.update(|l| {
            if let Some(l) = l.as_mut().filter(|l| l.number == n) {
                l.step = (l.step as i64 + delta).clamp(1, l.moves.len() as i64) as usize;
            }
        });
    }
}

/// The network's line at move `n` beside the board: its own small board stepped with ◀ ▶ (or
/// `,` `.`), the step said, and the words for the ownership the move moved.
#[component]
pub fn LinePanel(lang: Lang, ctl: LineCtl, n: usize) -> impl IntoView {
    let here = move || ctl.line.with(|l| l.as_ref().is_some_and(|l| l.number == n));
    let view = Signal::derive(move || {
        ctl.line
            .with(|l| match l.as_ref().filter(|l| l.number == n) {
                Some(l) => {
                    let (g, numbers) =
                        crate::session::analysis::line_position(&l.before, &l.moves, l.step);
                    super::goban::BoardView {
                        numbers,
                        ..view_of(&g, false, ctl.coordinates)
                    }
                }
                None => super::goban::BoardView::empty(crate::rules::BoardSize::NINE),
            })
    });
    let said = move || {
        ctl.line.with(|l| {
            let l = l.as_ref().filter(|l| l.number == n)?;
            let size = l.before.size();
            let first = l.before.to_move();
            let c = if l.step % 2 == 1 {
                first
            } else {
                first.opponent()
            };
            let at = super::analysis::where_words(lang, size, l.moves[l.step - 1]);
            Some(i18n::line_step(lang, l.step, l.moves.len(), c, &at))
        })
    };
    let moved = move || {
        ctl.line.with(|l| {
            let l = l.as_ref().filter(|l| l.number == n)?;
            Some(i18n::ownership_moved(lang, l.moved.len()))
        })
    };
    // A deeper look may side with the move played (the quick pass flagged it): said, not hidden.
    let agrees = move || {
        ctl.line.with(|l| {
            l.as_ref()
                .filter(|l| l.number == n && l.played.is_some() && l.moves.first() == l.played.as_ref())
                .map(|_| view! { <p id="line-agrees" class="hint">{learn(lang, LearnMsg::LineAgrees)}</p> })
        })
    };
    let at_end = move |last: bool| {
        ctl.line.with(|l| {
            l.as_ref().is_none_or(|l| {
                if last {
                    l.step >= l.moves.len()
                } else {
                    l.step <= 1
                }
            })
        })
    };
    let no_click = Callback::new(|_: Point| {});
    view! {
        <button id="mistake-line" hidden=here on:click=move |_| ctl.open(n)>{learn(lang, LearnMsg::ShowLine)}</button>
        {move || ctl.note.get().filter(|_| !here()).map(|m| view! { <p id="line-note" class="hint" role="status">{learn(lang, m)}</p> })}
        <Show when=here>
            <figure id="line" class="line">
                <figcaption>{learn(lang, LearnMsg::LineTitle)}</figcaption>
                <div class="line-board">
                    <Goban view=view on_point=no_click board_label=Signal::derive(move || learn(lang, LearnMsg::LineTitle).to_string()) />
                </div>
                <div class="row line-steps">
                    <button id="line-prev" aria-label=learn(lang, LearnMsg::LinePrev) aria-keyshortcuts=","
                        disabled=move || at_end(false) on:click=move |_| ctl.step(n, -1)>"◀"</button>
                    <span id="line-step" aria-live="polite">{said}</span>
                    <button id="line-next" aria-label=learn(lang, LearnMsg::LineNext) aria-keyshortcuts="."
                        disabled=move || at_end(true) on:click=move |_| ctl.step(n, 1)>"▶"</button>
                </div>
                {agrees}
                <p id="ownership-moved" class="hint">{moved}</p>
                <p class="hint">{learn(lang, LearnMsg::LineKeys)}</p>
            </figure>
        </Show>
    }
}

//! The game screen: the board, the players and clocks, the actions, counting and the result,
//! the referee's panel, the computer's turns. Each part is a file; they share one [`Play`]
//! (the screen's signals, `Copy`) whose [`Play::act`] is the one way to change the session.
//! Nothing here decides a rule or saves by hand: the session decides, and the app saves
//! whenever the session's autosave mark changes.

mod actions;
mod board;
mod clock;
mod computer;
mod counting;
mod ladder;
mod players;
mod referee;

use leptos::prelude::*;

use super::app::Ctx;
use super::goban::Goban;
use super::i18n::{self, t, Lang, Msg};
use crate::rules::referee::{Judged, Mode};
use crate::rules::{Move, Phase, Point};
use crate::session::{Position, Session};

pub use board::{counted, view_of};

fn now() -> u64 {
    crate::web::now_ms() as u64
}

/// A question waiting for an answer.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Dialog {
    Pass,
    Resign,
    /// The player who asks to take back their last move.
    Undo(crate::rules::Colour),
    /// Opening the referee panel (so players do not open it by accident).
    Referee,
}

/// The game screen's state, shared by its parts.
#[derive(Clone, Copy)]
struct Play {
    ctx: Ctx,
    session: RwSignal<Option<Session>>,
    lang: Signal<Lang>,
    /// The message under the status line (refusals, help).
    message: RwSignal<Option<String>>,
    /// What the screen reader hears (a polite live region); set through [`Play::tell`].
    announce: RwSignal<String>,
    /// The 读秒 count of the last seconds (an assertive live region).
    alert: RwSignal<String>,
    /// Until then (ms) the count is being said: polite news waits in `held`.
    urgent_until: RwSignal<u64>,
    held: RwSignal<Option<String>>,
    /// The board as text (D), shown for a braille display until closed.
    board_text: RwSignal<Option<String>>,
    /// A tapped point waiting for the confirming tap.
    preview: RwSignal<Option<Point>>,
    /// The keyboard cursor.
    cursor: RwSignal<Option<Point>>,
    dialog: RwSignal<Option<Dialog>>,
    /// 封棋: the next point chosen is the sealed move.
    sealing: RwSignal<bool>,
    referee_open: RwSignal<bool>,
    /// The time the clocks show, and the last call-out.
    clock_now: RwSignal<u64>,
    callout_text: RwSignal<Option<String>>,
    /// The bot's answers shown on the board, each for the position it was asked about.
    hint: RwSignal<Option<(Position, Option<Point>)>>,
    estimate: RwSignal<Option<(Position, crate::web::bot::Reply)>>,
    thinking_for: RwSignal<Option<Position>>,
    bot_broken: RwSignal<bool>,
}

impl Play {
    fn new(ctx: Ctx) -> Play {
        Play {
            ctx,
            session: ctx.session,
            lang: ctx.lang,
            message: RwSignal::new(None),
            announce: RwSignal::new(String::new()),
            alert: RwSignal::new(String::new()),
            urgent_until: RwSignal::new(0),
            held: RwSignal::new(None),
            board_text: RwSignal::new(None),
            preview: RwSignal::new(None),
            cursor: RwSignal::new(None),
            dialog: RwSignal::new(None),
            sealing: RwSignal::new(false),
            referee_open: RwSignal::new(false),
            clock_now: RwSignal::new(now()),
            callout_text: RwSignal::new(None),
            hint: RwSignal::new(None),
            estimate: RwSignal::new(None),
            thinking_for: RwSignal::new(None),
            bot_broken: RwSignal::new(false),
        }
    }

    /// Changes the session through `f` (the one way the screen changes it) and returns what
    /// `f` answered; `None` when no game is open.
    fn act<R>(self, f: impl FnOnce(&mut Session) -> R) -> Option<R> {
        let mut out = None;
        self.session.update(|s| out = s.as_mut().map(f));
        out
    }

    /// Reads the session (tracked).
    fn read<R>(self, f: impl FnOnce(&Session) -> R) -> Option<R> {
        self.session.with(|s| s.as_ref().map(f))
    }

    fn read_untracked<R>(self, f: impl FnOnce(&Session) -> R) -> Option<R> {
        self.session.with_untracked(|s| s.as_ref().map(f))
    }

    fn tr(self, m: Msg) -> &'static str {
        t(self.lang.get(), m)
    }

    fn lang_now(self) -> Lang {
        self.lang.get_untracked()
    }

    /// Says `text` in the polite live region — after the 读秒 count, if it is being said (the
    /// count is not talked over). The same words twice are said twice.
    fn tell(self, text: String) {
        if now() < self.urgent_until.get_untracked() {
            self.held.set(Some(text));
            return;
        }
        let again = self
            .announce
            .with_untracked(|a| a.trim_end_matches('\u{a0}') == text);
        let twice = again && !self.announce.with_untracked(|a| a.ends_with('\u{a0}'));
        self.announce
            .set(if twice { format!("{text}\u{a0}") } else { text });
    }

    /// Says what waited for the count, once the count is said.
    fn flush_held(self) {
        if now() >= self.urgent_until.get_untracked() {
            if let Some(text) = self.held.get_untracked() {
                self.held.set(None);
                self.tell(text);
            }
        }
    }

    /// Shows and announces `text`.
    fn say(self, text: String) {
        self.tell(text.clone());
        self.message.set(Some(text));
    }

    fn playing(self) -> bool {
        self.read(|s| matches!(s.game.phase(), Phase::Playing))
            .unwrap_or(false)
    }

    fn counting(self) -> bool {
        self.read(|s| matches!(s.game.phase(), Phase::Counting(_)))
            .unwrap_or(false)
    }

    fn over(self) -> bool {
        self.read(|s| s.game.result().is_some()).unwrap_or(false)
    }

    fn sealed(self) -> bool {
        self.read(|s| s.sealed.is_some()).unwrap_or(false)
    }

    fn has_clock(self) -> bool {
        self.read(|s| s.clock.is_some()).unwrap_or(false)
    }

    fn paused(self) -> bool {
        self.read(|s| s.is_paused()).unwrap_or(false)
    }

    fn referee_mode(self) -> bool {
        self.read(|s| s.setup.mode == Mode::Referee)
            .unwrap_or(false)
    }

    fn position(self) -> Option<Position> {
        self.read(|s| s.position())
    }

    /// Whether the human may act now (playing, and not the computer's turn).
    fn human_to_move(self) -> bool {
        self.read(Session::human_to_move).unwrap_or(false)
    }

    /// Tells what a move did: the stone and its captures (with its sound), or a void move
    /// in referee mode (着手无效，弃权一次, spoken).
    fn after_move(self, judged: Judged) {
        let l = self.lang_now();
        let sound = self.ctx.settings.with_untracked(|s| s.sound);
        match judged {
            Judged::Void { pass, reason } => {
                self.say(format!(
                    "{} — {}",
                    i18n::play_error(l, reason),
                    i18n::void_move(l, pass.colour)
                ));
                if sound {
                    crate::web::speech::say(&i18n::void_move(l, pass.colour), l.tag());
                }
            }
            Judged::Played(played) => {
                let vertex = match played.mv {
                    Move::Play(p) => self.read_untracked(|s| s.game.size().vertex(p)),
                    Move::Pass => None,
                };
                // Atari on the stones of the player to move (against the computer: after its
                // moves only).
                let atari = match played.mv {
                    Move::Play(p) => self
                        .read_untracked(|s| {
                            let by_human =
                                s.setup.computer.is_some_and(|c| c.colour != played.colour);
                            (!by_human)
                                .then(|| super::describe::ataris(l, &s.game, p))
                                .flatten()
                        })
                        .flatten(),
                    Move::Pass => None,
                };
                self.message.set(None);
                let said =
                    i18n::announce_move(l, played.colour, vertex.as_deref(), played.captured);
                // Both passed: counting starts with the stones the app marks dead (第九条).
                let counting = self
                    .read_untracked(|s| {
                        matches!(s.game.phase(), Phase::Counting(_))
                            .then(|| super::describe::counting_starts(l, &s.game))
                    })
                    .flatten();
                // 吃子棋: the capture that reaches the goal ends the game.
                let over = self
                    .read_untracked(|s| s.game.result().map(|r| i18n::result(l, r)))
                    .flatten();
                let stop = if l == Lang::Zh { "。" } else { ". " };
                let mut text = said;
                for extra in [atari, counting, over].into_iter().flatten() {
                    text = format!("{text}{stop}{extra}");
                }
                self.tell(text);
                if sound && vertex.is_some() {
                    crate::web::sound::stone(played.captured > 0);
                }
            }
        }
    }
}

#[component]
pub fn GameView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let g = Play::new(ctx);
    let board_view = board::view(g);
    let on_point = board::on_point(g);
    let on_key = board::on_key(g);
    let words = Signal::derive(move || super::describe::point_words(g.lang.get()));
    clock::start_ticker(g);
    computer::start(g);
    if ctx.settings.with_untracked(|s| s.sound || s.beep) {
        crate::web::sound::prepare();
    }
    // Answers that arrive after this screen is gone are dropped.
    on_cleanup(crate::web::bot::forget_pending);
    // Closing the page saves where the clock stands.
    let pagehide = window_event_listener(leptos::ev::pagehide, move |_| ctx.save());
    on_cleanup(move || pagehide.remove());
    let label = Signal::derive(move || g.tr(Msg::BoardLabel).to_string());
    let shared = RwSignal::new(None::<String>);
    let typed = RwSignal::new(String::new());
    // The typed-move field is drawn again only when it comes or goes, not at every move.
    let can_type = Memo::new(move |_| g.playing() || g.counting());

    view! {
        <section class="game" aria-labelledby="game-title">
            <h1 id="game-title" class="sr-only">{i18n::text(g.lang, Msg::GameTitle)}</h1>
            <div class="board-wrap" data-first="" on:keydown=on_key>
                <Goban view=board_view.into() on_point=on_point board_label=label words=words />
            </div>
            <div class="panel">
                {players::line(g, crate::rules::Colour::Black)}
                {players::line(g, crate::rules::Colour::White)}
                <p id="status" class="status">{move || players::status(g)}</p>
                <p id="message" class="message">{move || g.message.get()}</p>
                {move || can_type.get().then(|| typed_move(g, typed))}
                {move || board_text(g)}
                {clock::panel(g)}
                // 吃子棋's goal, or a rank exam's game: in an exam's the session allows no help
                // (`Session::helps`), and the style, seeing #exam-badge, hides undo, hint,
                // 形势判断, export and share (one badge rather than a condition per button: the
                // app shell's bytes).
                {move || g.read(|s| badge(g.lang.get(), s)).flatten().map(|(id, text)| view! {
                    <p class="mode-badge" id=id>{text}</p>
                })}
                <Show when=move || g.referee_mode()>
                    <p class="mode-badge" id="mode-badge">{i18n::text(g.lang, Msg::RefereeMode)}</p>
                </Show>
                {move || referee::panel(g)}
                {actions::panel(g)}
                {computer::panel(g)}
                {counting::panel(g)}
                {move || counting::result(g)}
                {ladder::panel(g)}
                <div class="row actions">
                    <Show when=move || g.referee_mode() && !g.over()>
                        <button id="referee" on:click=move |_| g.dialog.set(Some(Dialog::Referee))>{i18n::text(g.lang, Msg::RefereePanel)}</button>
                    </Show>
                    <button id="export-sgf" on:click=move |_| {
                        // Saved first: the file is written from storage, in 学下棋's wasm.
                        g.ctx.save();
                        if let Some(id) = g.read_untracked(|s| s.id) {
                            crate::web::learn::export(id);
                        }
                    }>{i18n::text(g.lang, Msg::ExportSgf)}</button>
                    <button id="share" on:click=move |_| {
                        shared.set(g.read_untracked(crate::web::download::share_link));
                    }>{i18n::text(g.lang, Msg::Share)}</button>
                </div>
                {move || shared.get().map(|link| view! {
                    <label class="hint share">{i18n::text(g.lang, Msg::ShareHelp)}
                        <input id="share-link" type="text" readonly prop:value=link />
                    </label>
                })}
                <div id="announce" class="sr-only" aria-live="polite">{move || g.announce.get()}</div>
                <div id="alert" class="sr-only" aria-live="assertive">{move || g.alert.get()}</div>
            </div>
            {move || actions::dialog(g)}
        </section>
    }
}

/// The game's badge, if any: 吃子棋's goal, or the rank exam it is a game of.
fn badge(l: Lang, s: &Session) -> Option<(&'static str, String)> {
    if !s.helps() {
        return Some(("exam-badge", t(l, Msg::ExamBadge).into()));
    }
    let n = s.setup.capture_goal?;
    Some(("capture-badge", i18n::capture_badge(l, n)))
}

/// Focuses the board's tab stop (the cursor's cell).
fn focus_board() {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("[role=gridcell][tabindex='0']")
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok())
    {
        let _ = el.focus();
    }
}

/// The typed-move field: a move as players write it (D4, 4-4, 天元, pass), while a point may
/// be chosen (playing or counting).
/// Its text lives with the screen (`text`): what the player was typing stays when the field is
/// drawn again.
fn typed_move(g: Play, text: RwSignal<String>) -> AnyView {
    view! {
        <form class="move-form" on:submit=move |ev| {
            ev.prevent_default();
            if board::typed(g, &text.get_untracked()) {
                text.set(String::new());
            }
        }>
            <input id="move-input" type="text" autocomplete="off" autocapitalize="characters"
                enterkeyhint="go" spellcheck="false"
                aria-label=i18n::text(g.lang, Msg::TypeMoveLabel)
                placeholder=i18n::text(g.lang, Msg::TypeMovePlaceholder)
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    if ev.key() == "Escape" {
                        focus_board();
                    }
                } />
            <button type="submit">{i18n::text(g.lang, Msg::TypeMoveButton)}</button>
        </form>
    }
    .into_any()
}

/// The board as text (the D key), for a braille display: read, then Escape or 关闭 goes back
/// to the board where the cursor was.
fn board_text(g: Play) -> Option<AnyView> {
    let text = g.board_text.get()?;
    let rows = text.lines().count();
    let close = move || {
        g.board_text.set(None);
        focus_board();
    };
    // Opened from the board: the reader goes to the text.
    crate::ui::focus_soon("board-text");
    Some(
        view! {
            <div class="board-text">
                <label for="board-text">{i18n::text(g.lang, Msg::BoardText)}</label>
                <textarea id="board-text" readonly rows=rows spellcheck="false"
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                        if ev.key() == "Escape" {
                            close();
                        }
                    }>{text}</textarea>
                <button on:click=move |_| close()>{i18n::text(g.lang, Msg::Close)}</button>
            </div>
        }
        .into_any(),
    )
}

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
mod players;
mod referee;

use leptos::prelude::*;

use super::app::Ctx;
use super::goban::Goban;
use super::i18n::{self, t, Lang, Msg};
use crate::rules::referee::{Judged, Mode};
use crate::rules::{Move, Phase, Point};
use crate::session::{Position, Session};

pub use board::view_of;

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
    /// What the screen reader hears (a polite live region).
    announce: RwSignal<String>,
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

    /// Shows and announces `text`.
    fn say(self, text: String) {
        self.announce.set(text.clone());
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
                self.message.set(None);
                self.announce.set(i18n::announce_move(
                    l,
                    played.colour,
                    vertex.as_deref(),
                    played.captured,
                ));
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
    let on_key = board::on_key(g, on_point);
    clock::start_ticker(g);
    computer::start(g);
    // Answers that arrive after this screen is gone are dropped.
    on_cleanup(crate::web::bot::forget_pending);
    // Closing the page saves where the clock stands.
    let pagehide = window_event_listener(leptos::ev::pagehide, move |_| ctx.save());
    on_cleanup(move || pagehide.remove());
    let label = Signal::derive(move || g.tr(Msg::BoardLabel).to_string());
    let shared = RwSignal::new(None::<String>);

    view! {
        <section class="game" aria-labelledby="game-title">
            <h1 id="game-title" class="sr-only">{move || g.tr(Msg::GameTitle)}</h1>
            <div class="board-wrap" tabindex="0" on:keydown=on_key aria-describedby="status">
                <Goban view=board_view.into() on_point=on_point board_label=label />
            </div>
            <aside class="panel">
                {move || players::line(g, crate::rules::Colour::Black)}
                {move || players::line(g, crate::rules::Colour::White)}
                <p id="status" class="status">{move || players::status(g)}</p>
                <p id="message" class="message" role="status">{move || g.message.get()}</p>
                {clock::panel(g)}
                <Show when=move || g.referee_mode()>
                    <p class="mode-badge" id="mode-badge">{move || g.tr(Msg::RefereeMode)}</p>
                </Show>
                {move || referee::panel(g)}
                {actions::panel(g)}
                {computer::panel(g)}
                {move || counting::panel(g)}
                {move || counting::result(g)}
                <div class="row actions">
                    <Show when=move || g.referee_mode() && !g.over()>
                        <button id="referee" on:click=move |_| g.dialog.set(Some(Dialog::Referee))>{move || g.tr(Msg::RefereePanel)}</button>
                    </Show>
                    <button id="export-sgf" on:click=move |_| {
                        g.read_untracked(crate::web::download::offer_sgf);
                    }>{move || g.tr(Msg::ExportSgf)}</button>
                    <button id="share" on:click=move |_| {
                        shared.set(g.read_untracked(crate::web::download::share_link));
                    }>{move || g.tr(Msg::Share)}</button>
                </div>
                {move || shared.get().map(|link| view! {
                    <label class="hint share">{move || g.tr(Msg::ShareHelp)}
                        <input id="share-link" type="text" readonly prop:value=link />
                    </label>
                })}
                <div id="announce" class="sr-only" aria-live="polite">{move || g.announce.get()}</div>
            </aside>
            {move || actions::dialog(g)}
        </section>
    }
}

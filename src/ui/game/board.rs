//! The board of the game screen: what it shows (stones, marks, the ghost, a hint, the
//! estimate) and what a click, a tap or a key on it does.

use leptos::prelude::*;

use super::{actions, now, Dialog, Play};
use crate::rules::{notation, BoardSize, Colour, Game, Move, Point};
use crate::session::ActError;
use crate::ui::describe;
use crate::ui::goban::{self, BoardView};
use crate::ui::i18n::{self, Msg};

/// What the board shows of a game: stones, the last move, move numbers, and during counting the
/// dead stones and who owns each point. No ghost, preview or cursor.
pub fn view_of(g: &Game, move_numbers: bool, coordinates: bool) -> BoardView {
    let size = g.size();
    let board = g.board();
    let stones: Vec<(Point, Colour)> = size
        .points()
        .filter_map(|p| board.colour_at(p).map(|c| (p, c)))
        .collect();
    let last = g.last_move().and_then(|m| match m.mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    let numbers = if move_numbers {
        // The latest move number on each point that still holds its stone.
        let mut v: Vec<(Point, u32)> = Vec::new();
        for (i, m) in g.moves().iter().enumerate() {
            if let Move::Play(p) = m.mv {
                v.retain(|(q, _)| *q != p);
                v.push((p, i as u32 + 1));
            }
        }
        v.retain(|(p, _)| !board.is_empty(*p));
        v
    } else {
        vec![]
    };
    let (dead, territory) = match g.counting() {
        Some(c) => {
            let area = g.area();
            let dead: Vec<Point> = c
                .dead
                .points()
                .into_iter()
                .filter(|&p| size.contains(p))
                .collect();
            let terr = size
                .points()
                .filter(|&p| board.is_empty(p) || dead.contains(&p))
                .map(|p| (p, area.owner_of(p)))
                .collect();
            (dead, terr)
        }
        None => (vec![], vec![]),
    };
    BoardView {
        stones,
        last,
        numbers,
        dead,
        territory,
        coordinates,
        ..BoardView::empty(size)
    }
}

/// `v` with the count the players agreed: the dead stones faded and crossed, each empty point
/// or dead stone marked with its owner (the result screen, 复盘's last position). `view_of`
/// writes the same for the marking during counting inline: shared, the app shell grew by
/// 0.3–0.4 kB gzip (measured), so the eight lines stay twice.
pub fn counted(
    v: BoardView,
    g: &Game,
    dead: Vec<Point>,
    area: &crate::rules::AreaCount,
) -> BoardView {
    let board = g.board();
    let territory = g
        .size()
        .points()
        .filter(|p| board.is_empty(*p) || dead.contains(p))
        .map(|p| (p, area.owner_of(p)))
        .collect();
    BoardView {
        dead,
        territory,
        ..v
    }
}

/// The board as the screen shows it now.
pub(super) fn view(g: Play) -> Memo<BoardView> {
    Memo::new(move |_| {
        let settings = g.ctx.settings.get();
        let key = g.position();
        let hint_point = g.hint.with(|h| match h {
            Some((at, p)) if Some(*at) == key => *p,
            _ => None,
        });
        g.session
            .with(|s| {
                let s = s.as_ref()?;
                let game = &s.game;
                let ownership = g.estimate.with(|e| match e {
                    Some((at, r)) if Some(*at) == key => r.ownership_on(game.size()),
                    _ => vec![],
                });
                // No ghost while adjourned: nothing may hint at the sealed point (封棋).
                let adjourned = s.sealed.is_some();
                let v = view_of(game, settings.move_numbers, settings.coordinates);
                // After the count, the agreed dead stones and territory stay on the board.
                let v = match s.final_count() {
                    Some((dead, area)) => counted(v, game, dead, &area),
                    None => v,
                };
                Some(BoardView {
                    ghost: (game.is_playing() && !adjourned).then(|| game.to_move()),
                    preview: if adjourned { None } else { g.preview.get() },
                    cursor: g.cursor.get(),
                    hint: hint_point,
                    ownership,
                    ..v
                })
            })
            .unwrap_or_else(|| BoardView::empty(BoardSize::NINETEEN))
    })
}

/// A point chosen — clicked, tapped, by Enter on the grid or typed: in counting it marks a
/// chain, while adjourned it says so, sealing it seals, on a touch screen the first tap
/// previews (not a typed move: `confirmed`); otherwise it plays. The cursor goes there.
pub(super) fn choose(g: Play, p: Point, confirmed: bool) {
    let l = g.lang_now();
    g.cursor.set(Some(p));
    if g.counting() {
        match g.act(|s| s.toggle_dead(p)) {
            Some(Ok(())) => {
                g.message.set(None);
                let text = g.read_untracked(|s| describe::count(l, &s.game));
                g.tell(text.unwrap_or_default());
            }
            Some(Err(e)) => g.say(i18n::counting_error(l, e).into()),
            None => {}
        }
        return;
    }
    if g.sealed() {
        // Adjourned, not over: the sealed move is opened with 启封.
        g.say(i18n::t(l, Msg::AdjournedHelp).into());
        return;
    }
    if !g.playing() {
        return;
    }
    if !g.human_to_move() {
        g.say(i18n::t(l, Msg::Thinking).into());
        return;
    }
    if g.sealing.get_untracked() {
        match g.act(|s| s.seal(Move::Play(p), now())) {
            Some(Ok(())) => {
                g.sealing.set(false);
                g.say(i18n::t(l, Msg::Sealed).into());
            }
            Some(Err(ActError::Play(e))) => g.say(i18n::play_error(l, e).into()),
            Some(Err(ActError::TimeOut(_))) => g.sealing.set(false),
            None => {}
        }
        return;
    }
    if !confirmed && g.ctx.touch_confirm.get_untracked() && g.preview.get_untracked() != Some(p) {
        // First tap: check the move and show it; the second tap plays it.
        match g.read_untracked(|s| s.game.check(s.game.to_move(), Move::Play(p))) {
            Some(Ok(())) => {
                g.preview.set(Some(p));
                g.say(i18n::t(l, Msg::TapAgain).into());
            }
            Some(Err(e)) => {
                g.preview.set(None);
                g.say(i18n::play_error(l, e).to_string());
            }
            None => {}
        }
        return;
    }
    actions::play(g, Move::Play(p));
}

pub(super) fn on_point(g: Play) -> Callback<Point> {
    Callback::new(move |p: Point| choose(g, p, false))
}

/// A typed move (`D4`, `4-4`, `天元`, `pass`): read by the core's notation, then chosen as a
/// click would be, with the same refusals. Returns whether the text was a move (the field is
/// then cleared; a refused text stays for the player to mend).
pub(super) fn typed(g: Play, text: &str) -> bool {
    let l = g.lang_now();
    let Some(size) = g.read_untracked(|s| s.game.size()) else {
        return false;
    };
    match notation::parse_move(size, text) {
        Ok(Move::Play(p)) => {
            choose(g, p, true);
            true
        }
        Ok(Move::Pass) if g.playing() && g.human_to_move() && !g.sealed() => {
            g.dialog.set(Some(Dialog::Pass));
            true
        }
        Ok(Move::Pass) => false,
        Err(e) => {
            g.say(i18n::notation_error(l, size, text, &e));
            false
        }
    }
}

/// Keyboard on the board's grid: arrows, Home/End, PageUp/PageDown move the cursor (the focus
/// follows it), Enter/Space chooses the point, P asks to pass, M goes to the typed-move field;
/// the question keys answer in the live region without moving the cursor.
pub(super) fn on_key(g: Play) -> impl Fn(leptos::ev::KeyboardEvent) {
    move |ev: leptos::ev::KeyboardEvent| {
        if ev.ctrl_key() || ev.alt_key() || ev.meta_key() {
            return;
        }
        let Some(size) = g.read_untracked(|s| s.game.size()) else {
            return;
        };
        let key = ev.key();
        if let Some(p) = goban::cursor_after_key(size, g.cursor.get_untracked(), &key) {
            ev.prevent_default();
            g.cursor.set(Some(p));
            return;
        }
        let n = size.get() as i32;
        let (c, r) = g
            .cursor
            .get_untracked()
            .map(|p| {
                let (c, r) = size.col_row(p);
                (c as i32, r as i32)
            })
            .unwrap_or((n / 2, n / 2));
        let here = size.checked_point(c, r).unwrap_or_else(|| size.point(0, 0));
        let l = g.lang_now();
        let answer = |f: &dyn Fn(&crate::session::Session) -> String| {
            if let Some(text) = g.read_untracked(f) {
                g.tell(text);
            }
        };
        match key.as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                choose(g, here, false);
            }
            "p" | "P" if g.playing() && !g.sealed() => g.dialog.set(Some(Dialog::Pass)),
            "m" | "M" => {
                ev.prevent_default();
                crate::ui::focus_by_id("move-input");
            }
            "l" | "L" => answer(&|s| describe::last_move(l, &s.game)),
            "q" | "Q" => answer(&|s| describe::liberties(l, &s.game, here)),
            "x" | "X" => answer(&|s| describe::captures(l, &s.game)),
            "r" | "R" => answer(&|s| describe::row(l, &s.game, here)),
            "c" | "C" => answer(&|s| describe::column(l, &s.game, here)),
            "s" | "S" => answer(&|s| describe::count(l, &s.game)),
            "t" | "T" => {
                let text = super::players::turn_and_clocks(g);
                g.tell(text);
            }
            "d" | "D" => {
                ev.prevent_default();
                g.board_text
                    .set(g.read_untracked(|s| describe::board_text(&s.game)));
                g.tell(i18n::t(l, Msg::BoardTextOpened).into());
            }
            "h" | "H" | "?" => g.tell(describe::key_help(l).into()),
            _ => {}
        }
    }
}

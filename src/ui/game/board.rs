//! The board of the game screen: what it shows (stones, marks, the ghost, a hint, the
//! estimate) and what a click, a tap or a key on it does.

use leptos::prelude::*;

use super::{actions, now, Dialog, Play};
use crate::rules::{BoardSize, Colour, Game, Move, Point};
use crate::session::ActError;
use crate::ui::goban::BoardView;
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
                Some(BoardView {
                    ghost: (game.is_playing() && !adjourned).then(|| game.to_move()),
                    preview: if adjourned { None } else { g.preview.get() },
                    cursor: g.cursor.get(),
                    hint: hint_point,
                    ownership,
                    ..view_of(game, settings.move_numbers, settings.coordinates)
                })
            })
            .unwrap_or_else(|| BoardView::empty(BoardSize::NINETEEN))
    })
}

/// A point clicked or tapped: in counting it marks a chain, while adjourned it says so,
/// sealing it seals, on a touch screen the first tap previews; otherwise it plays.
pub(super) fn on_point(g: Play) -> Callback<Point> {
    Callback::new(move |p: Point| {
        let l = g.lang_now();
        g.cursor.set(None);
        if g.counting() {
            match g.act(|s| s.toggle_dead(p)) {
                Some(Ok(())) => g.message.set(None),
                Some(Err(e)) => g.message.set(Some(i18n::counting_error(l, e).into())),
                None => {}
            }
            return;
        }
        if g.sealed() {
            // Adjourned, not over: the sealed move is opened with 启封.
            g.message.set(Some(i18n::t(l, Msg::AdjournedHelp).into()));
            return;
        }
        if !g.playing() {
            return;
        }
        if !g.human_to_move() {
            g.message.set(Some(i18n::t(l, Msg::Thinking).into()));
            return;
        }
        if g.sealing.get_untracked() {
            match g.act(|s| s.seal(Move::Play(p), now())) {
                Some(Ok(())) => {
                    g.sealing.set(false);
                    g.message.set(Some(i18n::t(l, Msg::Sealed).into()));
                }
                Some(Err(ActError::Play(e))) => g.message.set(Some(i18n::play_error(l, e).into())),
                Some(Err(ActError::TimeOut(_))) => g.sealing.set(false),
                None => {}
            }
            return;
        }
        if g.ctx.touch_confirm.get_untracked() && g.preview.get_untracked() != Some(p) {
            // First tap: check the move and show it; the second tap plays it.
            match g.read_untracked(|s| s.game.check(s.game.to_move(), Move::Play(p))) {
                Some(Ok(())) => {
                    g.preview.set(Some(p));
                    g.message.set(Some(i18n::t(l, Msg::TapAgain).into()));
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
    })
}

/// Keyboard: arrows move the cursor, Enter/Space plays there, P asks to pass.
pub(super) fn on_key(g: Play, on_point: Callback<Point>) -> impl Fn(leptos::ev::KeyboardEvent) {
    move |ev: leptos::ev::KeyboardEvent| {
        let Some(size) = g.read_untracked(|s| s.game.size()) else {
            return;
        };
        let n = size.get() as i32;
        let (c, r) = g
            .cursor
            .get_untracked()
            .map(|p| {
                let (c, r) = size.col_row(p);
                (c as i32, r as i32)
            })
            .unwrap_or((n / 2, n / 2));
        let moved = match ev.key().as_str() {
            "ArrowLeft" => Some((c - 1, r)),
            "ArrowRight" => Some((c + 1, r)),
            "ArrowUp" => Some((c, r - 1)),
            "ArrowDown" => Some((c, r + 1)),
            _ => None,
        };
        if let Some((c, r)) = moved {
            ev.prevent_default();
            let p = size.checked_point(c.clamp(0, n - 1), r.clamp(0, n - 1));
            g.cursor.set(p);
            if let Some(p) = p {
                g.announce.set(size.vertex(p));
            }
            return;
        }
        match ev.key().as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                let p = g
                    .cursor
                    .get_untracked()
                    .or_else(|| size.checked_point(n / 2, n / 2));
                if let Some(p) = p {
                    on_point.run(p);
                }
            }
            "p" | "P" if g.playing() && !g.sealed() => g.dialog.set(Some(Dialog::Pass)),
            _ => {}
        }
    }
}

//! Positions of a session for review: the main line after any number of moves, a variation,
//! and a new game continued from either ("play from here").

use super::{GameId, Session, Setup};
use crate::record::marks::Mark;
use crate::rules::{Colour, Game};

impl Session {
    /// The position of variation `v` after `j` of its moves (the main line up to its branch
    /// first).
    pub fn variation_at(&self, v: usize, j: usize) -> Option<Game> {
        let var = self.variations.get(v)?;
        let mut g = self.game_at(var.after_moves);
        for &(c, mv) in var.moves.iter().take(j) {
            if g.counting().is_some() {
                let _ = g.resume_play();
            }
            if g.play_out_of_turn(c, mv).is_err() {
                g.set_to_move(c.opponent());
            }
        }
        Some(g)
    }

    /// The comments of the node after `n` moves of the main line, a line each.
    pub fn comment_at(&self, n: usize) -> String {
        self.notes_at(None, n).0
    }

    /// The comments (a line each) and the marks of a node: after `n` moves of the main line
    /// (`line` none) or of variation `line`.
    pub fn notes_at(&self, line: Option<usize>, n: usize) -> (String, Vec<&Mark>) {
        let (comments, marks) = match line.map(|v| self.variations.get(v)) {
            None => (&self.notes, &self.marks),
            Some(Some(v)) => (&v.comments, &v.marks),
            Some(None) => return (String::new(), vec![]),
        };
        let text = comments
            .iter()
            .filter(|(k, _)| *k == n)
            .map(|(_, c)| c.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        (text, marks.iter().filter(|m| m.after_moves == n).collect())
    }

    /// The game as it stood after its first `n` moves (for review).
    pub fn game_at(&self, n: usize) -> Game {
        let setup = self.game.setup();
        let size = self.game.size();
        let stones = |c: Colour| setup.stones_of(c);
        let first = self
            .game
            .moves()
            .first()
            .map_or(self.game.to_move(), |m| m.colour);
        let mut g = Game::from_setup(
            size,
            *self.game.rules(),
            &stones(Colour::Black),
            &stones(Colour::White),
            first,
            self.game.handicap(),
        );
        for m in self.game.moves().iter().take(n) {
            if g.counting().is_some() {
                let _ = g.resume_play();
            }
            let _ = g.play_out_of_turn(m.colour, m.mv);
        }
        g
    }

    /// A new game that starts from the position after `n` moves of this one ("play from here").
    pub fn continue_from(&self, n: usize, id: GameId, created_ms: f64) -> Session {
        self.continue_from_position(&self.game_at(n), id, created_ms)
    }

    /// A new game from a position of this one (a point of the main line or of a variation):
    /// its stones as setup, the same players and komi, untimed.
    pub fn continue_from_position(&self, at: &Game, id: GameId, created_ms: f64) -> Session {
        let size = at.size();
        let stones = |c: Colour| at.board().stones_of(c);
        let setup = Setup {
            handicap: 0,
            time: None,
            ..self.setup.clone()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.game = Game::from_setup(
            size,
            *at.rules(),
            &stones(Colour::Black),
            &stones(Colour::White),
            at.to_move(),
            0,
        );
        s
    }
}

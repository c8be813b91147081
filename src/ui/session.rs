//! A game as the app holds it: the core [`Game`] plus who plays and how it was set up.
//! Plain Rust, tested natively; the components keep one in a signal and call into it.

use crate::rules::{
    handicap, BoardSize, Colour, Game, Komi, Move, PlayError, Played, Point, Rules,
};

/// A player as entered in the new-game dialog.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    pub name: String,
    /// Amateur rank as SGF writes it: `5k`, `2d`, or empty.
    pub rank: String,
}

/// How a game was set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub size: BoardSize,
    pub komi: Komi,
    /// Number of fixed handicap stones (0, or 2–9).
    pub handicap: u32,
    pub black: Player,
    pub white: Player,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            size: BoardSize::NINETEEN,
            komi: Komi::CHINESE,
            handicap: 0,
            black: Player::default(),
            white: Player::default(),
        }
    }
}

/// A game in the app.
#[derive(Clone, Debug)]
pub struct Session {
    /// A unique id (the creation time in ms, as text), also the storage key suffix.
    pub id: String,
    pub created_ms: f64,
    pub setup: Setup,
    pub game: Game,
    /// The dead stones of the confirmed count, kept once the game is over.
    pub final_dead: Vec<Point>,
}

impl Session {
    pub fn new(id: String, created_ms: f64, setup: Setup) -> Session {
        let rules = Rules::chinese().with_komi(setup.komi);
        let stones: Vec<Point> = if setup.handicap >= 2 {
            handicap::fixed(setup.size, setup.handicap).unwrap_or_default()
        } else {
            vec![]
        };
        let game = Game::with_handicap(setup.size, rules, &stones);
        Session {
            id,
            created_ms,
            setup,
            game,
            final_dead: Vec::new(),
        }
    }

    /// The player to move plays at `p`.
    pub fn play_at(&mut self, p: Point) -> Result<Played, PlayError> {
        let c = self.game.to_move();
        self.game.play(c, Move::Play(p))
    }

    pub fn pass(&mut self) -> Result<Played, PlayError> {
        let c = self.game.to_move();
        self.game.play(c, Move::Pass)
    }

    /// `c` confirms the count; the marking is kept for the record when the game ends.
    pub fn confirm_count(
        &mut self,
        c: Colour,
    ) -> Result<Option<crate::rules::GameResult>, crate::rules::CountingError> {
        let marking = self
            .game
            .counting()
            .map(|k| k.dead.points())
            .unwrap_or_default();
        let r = self.game.confirm_count(c)?;
        if r.is_some() {
            self.final_dead = marking;
        }
        Ok(r)
    }

    /// The player's display name, or the colour's name when none was entered.
    pub fn player(&self, c: Colour) -> &Player {
        match c {
            Colour::Black => &self.setup.black,
            Colour::White => &self.setup.white,
        }
    }
}

/// Nigiri (猜先, 竞赛规定 第一条): the holder of the white stones takes a handful, the other
/// guesses odd or even; a right guess takes black. Returns whether the guesser gets black.
pub fn nigiri(handful: u32, guessed_odd: bool) -> bool {
    (handful % 2 == 1) == guessed_odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_session_starts_with_white_to_move() {
        let s = Session::new(
            "1".into(),
            0.0,
            Setup {
                size: BoardSize::NINE,
                handicap: 4,
                komi: Komi::HALF,
                ..Setup::default()
            },
        );
        assert_eq!(s.game.to_move(), Colour::White);
        assert_eq!(s.game.board().stone_counts(), [4, 0]);
        // Komi ½ plus one point per stone for white.
        assert_eq!(s.game.komi_half_points(), 1 + 8);
    }

    #[test]
    fn nigiri_right_guess_takes_black() {
        assert!(nigiri(7, true));
        assert!(!nigiri(8, true));
        assert!(nigiri(8, false));
    }
}

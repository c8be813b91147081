//! Positions of a session's record for review: the position at any node of the tree, the
//! comment and marks a node carries, and a new game continued from a position ("play from
//! here").

use super::{GameId, Session, Setup};
use crate::record::marks::Mark;
use crate::record::replay::{self, BadValue, Start};
use crate::record::tree::NodeId;
use crate::rules::Game;

impl Session {
    /// What the record's root says the game starts from (the board, the rules, the handicap).
    pub fn start(&self) -> Start {
        Start {
            size: self.game.size(),
            rules: *self.game.rules(),
            handicap: self.setup.handicap,
        }
    }

    /// The position at a node of the record (any variation, any depth).
    pub fn position_at(&self, node: NodeId) -> Result<Game, BadValue> {
        replay::replay(&self.tree, &self.tree.path_to(node), &self.start()).map(|r| r.game)
    }

    /// The game as it stood after its first `n` moves (the main line; the game itself past its
    /// end).
    pub fn game_at(&self, n: usize) -> Game {
        self.node_of_move(n)
            .and_then(|id| self.position_at(id).ok())
            .unwrap_or_else(|| self.game.clone())
    }

    /// The rank in kyu 复盘 pitches its words at: the pupil's (the side the computer did not
    /// play, or the weaker of two ranked players); `None` when no one's rank is known
    /// (a dan player counts as 0, a rank not in kyu or dan as unknown).
    pub fn pupil_kyu(&self) -> Option<u32> {
        use super::Rank;
        let computer = self.computer_side();
        [crate::rules::Colour::Black, crate::rules::Colour::White]
            .into_iter()
            .filter(|&c| Some(c) != computer)
            .filter_map(|c| match self.player(c).rank.clone()? {
                Rank::Kyu(k) => Some(u32::from(k)),
                Rank::Dan(_) | Rank::Pro(_) => Some(0),
                Rank::Other(_) => None,
            })
            .max()
    }

    /// The comment of a node (empty: none).
    pub fn comment(&self, node: NodeId) -> &str {
        self.tree.node(node).first("C").unwrap_or("")
    }

    /// The marks of a node.
    pub fn marks(&self, node: NodeId) -> Vec<Mark> {
        crate::record::marks::of_node(self.game.size(), self.tree.node(node))
    }

    /// A new game that starts from the position after `n` moves of this one ("play from here").
    pub fn continue_from(&self, n: usize, id: GameId, created_ms: f64) -> Session {
        self.continue_from_position(&self.game_at(n), id, created_ms)
    }

    /// A new game from a position of this one (any node of its record): its stones as setup,
    /// the same players and komi, untimed.
    pub fn continue_from_position(&self, at: &Game, id: GameId, created_ms: f64) -> Session {
        let size = at.size();
        let stones = |c| at.board().stones_of(c);
        let setup = Setup {
            handicap: 0,
            time: None,
            ..self.setup.clone()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.set_game(Game::from_setup(
            size,
            *at.rules(),
            &stones(crate::rules::Colour::Black),
            &stones(crate::rules::Colour::White),
            at.to_move(),
            0,
        ));
        s
    }
}

//! A game: the fully checked moves, the history that owns superko, the end of play and counting.
//!
//! 总则 第二条: black first, alternate, one stone a move, passing allowed. 第六条: no move may
//! recreate an earlier whole-board position. 第七条: play ends when both sides are done (two
//! consecutive passes) or one resigns. 第八条: dead stones are agreed by both sides, and a
//! dispute is settled by playing on (裁判法 第十二条三). 第九条: area counting.

use std::fmt;

use super::board::{Board, Placed};
use super::colour::Colour;
use super::point::{BoardSize, Point};
use super::rules::{KoRule, Rules, Suicide};
use super::scoring::{self, AreaCount, DeadStones, GameResult};

/// A move on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Play(Point),
    /// 弃权 / 停一手 (总则 第二条四).
    Pass,
}

/// Why a move was refused. Each cause has its own variant; the UI words them for players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// Play has ended (after resignation, a time-out or a verdict), or the game is being counted.
    GameOver,
    /// It is the other side's turn (总则 第二条一).
    NotYourTurn,
    /// The point is not on this board.
    OffBoard,
    /// 占位: a stone already stands there (总则 第二条三).
    Occupied,
    /// 禁着点: the move would leave its own chain without liberties and capture nothing (第五条).
    Suicide,
    /// 打劫: the immediate recapture of a ko; find a ko threat first (裁判法 第十一条一).
    Ko,
    /// 全局同形再现: the move would recreate an earlier whole-board position (总则 第六条).
    Superko,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::GameOver => "the game is over",
            PlayError::NotYourTurn => "it is not your turn",
            PlayError::OffBoard => "that point is not on the board",
            PlayError::Occupied => "there is already a stone there",
            PlayError::Suicide => "suicide: the stone would have no liberties",
            PlayError::Ko => "ko: you may not retake the ko at once",
            PlayError::Superko => "superko: the move would repeat an earlier position",
        })
    }
}

impl std::error::Error for PlayError {}

/// Why a counting action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CountingError {
    /// The game is not in the counting phase.
    NotCounting,
    /// 竞赛规定 第四条二: the player to move confirms first, then the opponent.
    NotYourConfirmation,
    /// There is no stone at that point.
    NoStone,
}

impl fmt::Display for CountingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CountingError::NotCounting => "the game is not being counted",
            CountingError::NotYourConfirmation => "the player to move confirms first",
            CountingError::NoStone => "there is no stone there",
        })
    }
}

/// Why an undo was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UndoError {
    NothingToUndo,
}

/// The marking of dead stones after play has stopped.
#[derive(Clone, PartialEq, Debug)]
pub struct Counting {
    pub dead: DeadStones,
    /// Who has confirmed so far (the player to move first, 竞赛规定 第四条二).
    pub confirmed: Option<Colour>,
}

/// Where the game stands.
#[derive(Clone, PartialEq, Debug)]
pub enum Phase {
    Playing,
    /// Both sides passed; dead stones are being marked (总则 第八条).
    Counting(Counting),
    Over(GameResult),
}

/// A move with what it did, as kept in the history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    pub colour: Colour,
    pub mv: Move,
    pub captured: u32,
}

/// What a takeback needs to restore the position before a move (as KataGo's `Board` keeps it:
/// the stones the move took off, the ko point and counters) — a few dozen bytes a move
/// instead of a copy of the board.
#[derive(Clone)]
struct MoveRecord {
    to_move: Colour,
    passes: u32,
    ko: Option<Point>,
    prisoners: [u32; 2],
    /// Stones the move removed: the opponent's captured chains, or the mover's own chain
    /// after a suicide the rules allow.
    removed: Vec<(Colour, Point)>,
}

/// A game by some [`Rules`], from its setup to its result.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    handicap: u32,
    setup: Board,
    board: Board,
    to_move: Colour,
    passes: u32,
    phase: Phase,
    played: Vec<Played>,
    undo: Vec<MoveRecord>,
    /// Hashes of every position of the game, the setup included (for superko).
    positions: Vec<u64>,
}

/// Number of playouts used to suggest dead stones.
pub const DEAD_STONE_PLAYOUTS: u32 = 160;

impl Game {
    /// An even game on an empty board, black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Game {
        Game::from_setup(size, rules, &[], &[], Colour::Black, 0)
    }

    /// A handicap game: black stones on `stones` (fixed or free placement), white to move.
    /// White receives the handicap compensation of the rules (Chinese: one point per stone).
    pub fn with_handicap(size: BoardSize, rules: Rules, stones: &[Point]) -> Game {
        let to_move = if stones.len() >= 2 {
            Colour::White
        } else {
            Colour::Black
        };
        let n = if stones.len() >= 2 {
            stones.len() as u32
        } else {
            0
        };
        Game::from_setup(size, rules, stones, &[], to_move, n)
    }

    /// A game from setup stones (SGF AB/AW) with the given player to move.
    pub fn from_setup(
        size: BoardSize,
        rules: Rules,
        black: &[Point],
        white: &[Point],
        to_move: Colour,
        handicap: u32,
    ) -> Game {
        let mut board = Board::new(size);
        for &p in black.iter().filter(|&&p| size.contains(p)) {
            board.place_setup(Colour::Black, p);
        }
        for &p in white.iter().filter(|&&p| size.contains(p)) {
            board.place_setup(Colour::White, p);
        }
        Game {
            rules,
            handicap,
            positions: vec![board.hash()],
            setup: board.clone(),
            board,
            to_move,
            passes: 0,
            phase: Phase::Playing,
            played: Vec::new(),
            undo: Vec::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position before the first move (handicap or setup stones).
    pub fn setup(&self) -> &Board {
        &self.setup
    }

    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn is_playing(&self) -> bool {
        self.phase == Phase::Playing
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Played] {
        &self.played
    }

    /// Consecutive passes at the end of the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Komi plus the handicap compensation, in half points, that white receives.
    pub fn komi_half_points(&self) -> i32 {
        self.rules.komi.half_points() + self.rules.handicap_half_points(self.handicap)
    }

    /// Changes komi (GTP `komi`, the new-game dialog); the result is computed with the new value.
    pub fn set_komi(&mut self, komi: super::rules::Komi) {
        self.rules.komi = komi;
    }

    /// Whether `c` may play `mv` now, and if not, why.
    pub fn check(&self, c: Colour, mv: Move) -> Result<(), PlayError> {
        if self.phase != Phase::Playing {
            return Err(PlayError::GameOver);
        }
        if c != self.to_move {
            return Err(PlayError::NotYourTurn);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => self.check_point(c, p),
        }
    }

    /// The board rules of a move at `p`, turn order aside.
    fn check_point(&self, c: Colour, p: Point) -> Result<(), PlayError> {
        let size = self.board.size();
        if !size.contains(p) {
            return Err(PlayError::OffBoard);
        }
        if !self.board.is_empty(p) {
            return Err(PlayError::Occupied);
        }
        // 总则 第四条 before 第五条: a move that captures is never suicide.
        if self.rules.suicide == Suicide::Forbidden && self.board.is_suicide(c, p) {
            return Err(PlayError::Suicide);
        }
        // The ko point binds the opponent of the side that took the ko (an out-of-turn second
        // move by the taker is no recapture).
        if self.board.ko_point() == Some(p) && self.played.last().is_none_or(|m| m.colour != c) {
            return Err(PlayError::Ko);
        }
        if self.rules.ko == KoRule::PositionalSuperko {
            let h = self.board.hash_after(c, p);
            if self.positions.contains(&h) {
                return Err(PlayError::Superko);
            }
        }
        Ok(())
    }

    /// Whether `c` may play at `p` by the board rules — occupied, suicide, ko, superko — with
    /// turn order and phase aside (GTP `is_legal`; a controller may play on after two passes).
    pub fn is_legal_point(&self, c: Colour, p: Point) -> bool {
        self.check_point(c, p).is_ok()
    }

    /// All points where `c` may play by the board rules (turn order and phase aside).
    pub fn legal_points(&self, c: Colour) -> Vec<Point> {
        self.board
            .size()
            .points()
            .filter(|&p| self.is_legal_point(c, p))
            .collect()
    }

    /// Plays a move for `c`, fully checked. Two consecutive passes end play and start counting
    /// with the engine's suggestion of dead stones.
    pub fn play(&mut self, c: Colour, mv: Move) -> Result<Played, PlayError> {
        self.check(c, mv)?;
        Ok(self.play_checked(c, mv))
    }

    /// Plays a move for `c` even when it is the other side's turn (edited records put two
    /// moves of one colour in a row); every board rule still applies.
    pub fn play_out_of_turn(&mut self, c: Colour, mv: Move) -> Result<Played, PlayError> {
        if self.phase != Phase::Playing {
            return Err(PlayError::GameOver);
        }
        if let Move::Play(p) = mv {
            self.check_point(c, p)?;
        }
        Ok(self.play_checked(c, mv))
    }

    /// Gives the move to `c` without a move being played (SGF `PL`, a refused record move).
    pub fn set_to_move(&mut self, c: Colour) {
        self.to_move = c;
    }

    /// Plays a move already known to be legal.
    fn play_checked(&mut self, c: Colour, mv: Move) -> Played {
        debug_assert!(
            self.phase == Phase::Playing,
            "moves are played only in play"
        );
        let removed = match mv {
            Move::Play(p) => self.removed_by(c, p),
            Move::Pass => Vec::new(),
        };
        self.undo.push(MoveRecord {
            to_move: self.to_move,
            passes: self.passes,
            ko: self.board.ko_point(),
            prisoners: [
                self.board.prisoners(Colour::Black),
                self.board.prisoners(Colour::White),
            ],
            removed,
        });
        let placed = match mv {
            Move::Play(p) => {
                self.passes = 0;
                self.board.play_unchecked(c, p)
            }
            Move::Pass => {
                self.passes += 1;
                self.board.clear_ko();
                Placed::default()
            }
        };
        self.positions.push(self.board.hash());
        self.to_move = c.opponent();
        let played = Played {
            colour: c,
            mv,
            captured: placed.captured,
        };
        self.played.push(played);
        // 吃子棋: the capture that reaches the goal ends the game at once.
        if let Some(goal) = self.rules.capture_goal {
            let stones = self.board.prisoners(c);
            if placed.captured > 0 && stones >= goal {
                self.phase = Phase::Over(GameResult::Capture { winner: c, stones });
                return played;
            }
        }
        if self.passes >= 2 {
            self.start_counting();
        }
        played
    }

    /// A turn that is lost: in referee mode a void move counts as a pass (裁判法 第十条).
    pub fn forfeit_turn(&mut self, c: Colour) -> Result<Played, PlayError> {
        self.play(c, Move::Pass)
    }

    fn start_counting(&mut self) {
        let dead = scoring::suggest_dead(
            &self.board,
            self.to_move,
            self.board.hash(),
            DEAD_STONE_PLAYOUTS,
        );
        self.phase = Phase::Counting(Counting {
            dead,
            confirmed: None,
        });
    }

    /// The stones `c` at `p` would take off the board: opponent chains whose last liberty is
    /// `p`, or else, for a suicide, the mover's own chain.
    fn removed_by(&self, c: Colour, p: Point) -> Vec<(Colour, Point)> {
        let b = &self.board;
        let mut removed: Vec<(Colour, Point)> = Vec::new();
        let neighbours = self.size().neighbours(p).map(|i| Point(i as u16));
        for &n in &neighbours {
            if b.colour_at(n) == Some(c.opponent())
                && b.atari_liberty(n) == Some(p)
                && !removed.iter().any(|&(_, q)| q == n)
            {
                removed.extend(b.chain(n).into_iter().map(|q| (c.opponent(), q)));
            }
        }
        if removed.is_empty() && b.is_suicide(c, p) {
            removed.push((c, p));
            for &n in &neighbours {
                if b.colour_at(n) == Some(c) && !removed.iter().any(|&(_, q)| q == n) {
                    removed.extend(b.chain(n).into_iter().map(|q| (c, q)));
                }
            }
        }
        removed
    }

    /// Takes back the last move, restoring the position, the player to move, the superko history
    /// and the phase exactly: the board is rebuilt from its stones without the move's stone and
    /// with the stones the move took off.
    pub fn undo(&mut self) -> Result<Played, UndoError> {
        let rec = self.undo.pop().ok_or(UndoError::NothingToUndo)?;
        let played = self.played.pop().expect("a record per move");
        if let Move::Play(p) = played.mv {
            let kept = self.board.stones().filter(|&(_, q)| q != p);
            let stones: Vec<(Colour, Point)> = kept
                .filter(|s| !rec.removed.contains(s))
                .chain(rec.removed.iter().copied().filter(|&(_, q)| q != p))
                .collect();
            self.board = Board::from_stones(self.size(), stones, rec.ko, rec.prisoners);
        } else if let Some(ko) = rec.ko {
            // A pass only forgot the ko point.
            self.board = Board::from_stones(
                self.size(),
                self.board.stones().collect::<Vec<_>>(),
                Some(ko),
                rec.prisoners,
            );
        }
        self.to_move = rec.to_move;
        self.passes = rec.passes;
        self.phase = Phase::Playing;
        self.positions.pop();
        Ok(played)
    }

    /// 总则 第七条二: `c` resigns and the opponent wins 中盘胜.
    pub fn resign(&mut self, c: Colour) -> Result<(), PlayError> {
        self.end(GameResult::Resignation {
            winner: c.opponent(),
        })
    }

    /// Ends the game with a result decided off the board (time-out, forfeit, verdict).
    pub fn end(&mut self, result: GameResult) -> Result<(), PlayError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(PlayError::GameOver);
        }
        self.phase = Phase::Over(result);
        Ok(())
    }

    /// The dead-stone marking, during counting.
    pub fn counting(&self) -> Option<&Counting> {
        match &self.phase {
            Phase::Counting(c) => Some(c),
            _ => None,
        }
    }

    /// Marks the chain through `p` dead, or alive again; any confirmation is withdrawn.
    pub fn toggle_dead(&mut self, p: Point) -> Result<(), CountingError> {
        let board = &self.board;
        let Phase::Counting(counting) = &mut self.phase else {
            return Err(CountingError::NotCounting);
        };
        if !board.size().contains(p) || board.is_empty(p) {
            return Err(CountingError::NoStone);
        }
        let dead = !counting.dead.contains(p);
        for s in board.chain(p) {
            counting.dead.set(s, dead);
        }
        counting.confirmed = None;
        Ok(())
    }

    /// Replaces the suggested marking with `dead` (the chains through those points), e.g. the
    /// network's, before anyone confirmed.
    pub fn set_dead(&mut self, dead: &[Point]) -> Result<(), CountingError> {
        let board = &self.board;
        let Phase::Counting(counting) = &mut self.phase else {
            return Err(CountingError::NotCounting);
        };
        let mut marked = DeadStones::new();
        for &p in dead
            .iter()
            .filter(|&&p| board.size().contains(p) && !board.is_empty(p))
        {
            for s in board.chain(p) {
                marked.set(s, true);
            }
        }
        counting.dead = marked;
        counting.confirmed = None;
        Ok(())
    }

    /// The area count of the current marking (or of the board as it stands while playing).
    pub fn area(&self) -> AreaCount {
        let none = DeadStones::new();
        let dead = self.counting().map(|c| &c.dead).unwrap_or(&none);
        scoring::count_area(&self.board, dead)
    }

    /// Who must confirm the count next: the player to move first, then the opponent.
    pub fn next_confirmer(&self) -> Option<Colour> {
        match &self.phase {
            Phase::Counting(c) => Some(match c.confirmed {
                None => self.to_move,
                Some(first) => first.opponent(),
            }),
            _ => None,
        }
    }

    /// `c` confirms the marking (竞赛规定 第四条二). When both have, the game ends with the count.
    pub fn confirm_count(&mut self, c: Colour) -> Result<Option<GameResult>, CountingError> {
        let expected = self.next_confirmer().ok_or(CountingError::NotCounting)?;
        if c != expected {
            return Err(CountingError::NotYourConfirmation);
        }
        let Phase::Counting(counting) = &mut self.phase else {
            return Err(CountingError::NotCounting);
        };
        if counting.confirmed.is_none() {
            counting.confirmed = Some(c);
            return Ok(None);
        }
        let result = self.count_result();
        self.phase = Phase::Over(result.clone());
        Ok(Some(result))
    }

    /// The result the current marking would give.
    pub fn count_result(&self) -> GameResult {
        let area = self.area();
        GameResult::Score {
            black_half: area.black_half,
            white_half: area.white_half,
            komi_half: self.komi_half_points(),
        }
    }

    /// A dispute over life and death: the marking is dropped and play resumes, to be settled by
    /// playing it out (裁判法 第十二条三). The player to move keeps the move.
    pub fn resume_play(&mut self) -> Result<(), CountingError> {
        if !matches!(self.phase, Phase::Counting(_)) {
            return Err(CountingError::NotCounting);
        }
        self.phase = Phase::Playing;
        self.passes = 0;
        Ok(())
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        match &self.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Played> {
        self.played.last().copied()
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Game {:?} to move {}\n{}",
            self.phase,
            self.to_move,
            self.board.to_ascii()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_record_is_small_beside_a_board() {
        // What a takeback keeps per move: 48 bytes plus 4 per captured stone, where a copy
        // of the board was 14.8 kB.
        assert!(std::mem::size_of::<MoveRecord>() <= 48);
        assert!(std::mem::size_of::<Board>() > 14_000);
    }
}

//! The application model: a game as the app holds it — the core [`Game`] plus its setup,
//! players, clock, referee, sealed move and record — and every rule of the app above the rules
//! of Go. Plain Rust beside the core: time, ids and seeds are passed in, nothing here knows the
//! browser, and it is tested natively. The UI holds a [`Session`] in a signal and calls into
//! it; `web/storage.rs` writes it through [`stored`].

pub mod analysis;
pub mod class_report;
pub mod computer;
pub mod daily;
pub mod editor;
pub mod exam;
pub mod ladder;
pub mod player;
mod record;
mod review;
pub mod route;
pub mod settings;
pub mod stored;
pub mod study;

pub use player::{Player, Rank};
pub use record::{
    collection_sgf, import_collection, utc_date_time, CollectionImport, LADDER_PROPERTY,
};

use std::fmt;

use crate::clock::{Clock, ClockError, TimeSystem, TimedCallout};
use crate::rules::referee::{Judged, Mode, Referee, Verdict, WarningReason};
use crate::rules::{
    handicap, BoardSize, Colour, CountingError, Game, GameResult, Komi, Move, PlayError, Played,
    Point, Rules, UndoError,
};

/// A game's id: its creation time in ms since the epoch (unique per device; a copy made on a
/// save conflict gets a new one). Also the storage key's suffix, written in decimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<GameId, Self::Err> {
        s.trim().parse().map(GameId)
    }
}

/// A position of a game, to tell whether an answer (the computer's move, a hint) still
/// belongs to the game as it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub id: GameId,
    pub moves: usize,
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
    /// The time system, or `None` for an untimed game.
    pub time: Option<TimeSystem>,
    /// What the clock does while the page is closed.
    pub on_close: ClosePolicy,
    /// Casual (refusals) or referee mode (the penalties of 裁判法).
    pub mode: Mode,
    /// The computer's side and level, in a game against it.
    pub computer: Option<Computer>,
    /// 吃子棋: the first to capture this many stones wins (`None`: Go).
    pub capture_goal: Option<u32>,
}

/// The computer opponent of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer {
    pub colour: Colour,
    pub level: crate::bot::Level,
}

/// What happens to a running clock while the page is closed (a game setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ClosePolicy {
    /// The game pauses (casual games).
    #[default]
    Pause,
    /// The clock runs on (tournaments).
    RunOn,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            size: BoardSize::NINETEEN,
            komi: Komi::CHINESE,
            handicap: 0,
            black: Player::default(),
            white: Player::default(),
            time: None,
            on_close: ClosePolicy::Pause,
            mode: Mode::Casual,
            computer: None,
            capture_goal: None,
        }
    }
}

/// Why an action on the board was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActError {
    Play(PlayError),
    /// The side to move had already run out of time: the game is lost on time (超时判负).
    TimeOut(Colour),
}

/// A game read from an SGF file.
#[derive(Clone, Debug)]
pub struct Imported {
    pub session: Session,
    /// The file was cut off before its end: the game holds what was readable.
    pub incomplete: bool,
}

/// What [`Session::autosave_mark`] compares.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveMark {
    id: GameId,
    moves: usize,
    last: Option<Played>,
    phase: u8,
    counting: Option<(Vec<Point>, Option<Colour>)>,
    result: Option<GameResult>,
    sealed: Option<Sealed>,
    paused: bool,
    events: usize,
    title: String,
}

/// What the computer's answer did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    Moved(Judged),
    Resigned(GameResult),
}

/// Why the computer's answer was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// The game moved on (a takeback, a new game) since the question was asked.
    Stale,
    /// The answer names no move of this board.
    Broken,
    /// The move was refused (never for a sound search; a time-out is possible).
    Act(ActError),
}

/// A move written down and sealed at an adjournment (封棋, 竞赛规定 第五条).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sealed {
    pub colour: Colour,
    pub mv: Move,
}

/// A game in the app.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: GameId,
    pub created_ms: f64,
    pub setup: Setup,
    pub game: Game,
    /// The dead stones of the confirmed count, kept once the game is over.
    pub final_dead: Vec<Point>,
    pub clock: Option<Clock>,
    /// The sealed move while the game is adjourned.
    pub sealed: Option<Sealed>,
    /// The referee's record (void moves, warnings, verdicts).
    pub referee: Referee,
    /// A title the player gave the game in the game list (empty: none).
    pub title: String,
    /// How many times this game has been saved (storage compares it across tabs).
    pub revision: u64,
    /// The mover's clock after each timed move: (move number from 1, colour, ms left in main
    /// time or the current period, periods or stones left in overtime) — SGF BL/WL, OB/OW.
    pub times: Vec<MoveTime>,
    /// The record: the game tree as SGF holds it — every variation, comment, mark and property
    /// of an imported record, as written; the moves played here are nodes of its main line.
    pub tree: crate::record::tree::Tree,
    /// The node of each of `game.moves()` (the main line's moves the game played).
    move_nodes: Vec<crate::record::tree::NodeId>,
    /// The event (SGF EV) of an imported record, or empty.
    pub event: String,
    /// The date as an imported record wrote it (SGF DT), or empty: a game played here is
    /// dated by its creation time.
    pub date: String,
    /// The computer's dead stones when it last passed, with the board they were seen on: the
    /// counting that starts on that board is marked with them (the network's view).
    pub computer_dead: Option<(u64, Vec<Point>)>,
}

/// The clock of the side that just moved, as SGF records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    pub move_number: usize,
    pub colour: Colour,
    pub left_ms: u64,
    pub overtime: Option<u32>,
}

impl Session {
    pub fn new(id: GameId, created_ms: f64, setup: Setup) -> Session {
        let rules = Rules::chinese()
            .with_komi(setup.komi)
            .with_capture_goal(setup.capture_goal);
        let stones: Vec<Point> = if setup.handicap >= 2 {
            handicap::fixed(setup.size, setup.handicap).unwrap_or_default()
        } else {
            vec![]
        };
        let game = Game::with_handicap(setup.size, rules, &stones);
        let clock = setup.time.map(Clock::new);
        let tree = crate::record::tree::Tree::new(crate::record::tree::Node {
            props: crate::record::sgf::setup_props(setup.size, &game),
        });
        Session {
            id,
            created_ms,
            setup,
            game,
            final_dead: Vec::new(),
            clock,
            sealed: None,
            referee: Referee::new(),
            title: String::new(),
            revision: 0,
            times: Vec::new(),
            tree,
            move_nodes: Vec::new(),
            event: String::new(),
            date: String::new(),
            computer_dead: None,
        }
    }

    /// The player to move plays `mv` at time `now` (ms): the move is checked by the rules, the
    /// clock is pressed (a move made after the deadline loses on time), then it is played.
    pub fn play(&mut self, mv: Move, now: u64) -> Result<Judged, ActError> {
        let c = self.game.to_move();
        if self.sealed.is_some() {
            return Err(ActError::Play(PlayError::GameOver));
        }
        let referee = self.setup.mode == Mode::Referee;
        match self.game.check(c, mv) {
            // In referee mode these moves are void and cost the turn (裁判法 第十条, 第十一条一).
            Err(PlayError::Suicide | PlayError::Ko) if referee => {}
            other => other.map_err(ActError::Play)?,
        }
        if let Some(clock) = &mut self.clock {
            if let Err(ClockError::TimeOut(loser) | ClockError::Flagged(loser)) =
                clock.press(c, now)
            {
                self.lose_on_time(loser, now);
                return Err(ActError::TimeOut(loser));
            }
        }
        let judged = if referee {
            self.referee.judge(&mut self.game, c, mv, now)
        } else {
            self.game.play(c, mv).map(Judged::Played)
        }
        .map_err(ActError::Play)?;
        self.sync_record();
        if let Some(clock) = &self.clock {
            let d = clock.display(c, now);
            let overtime = d.overtime.then(|| match clock.system() {
                TimeSystem::Canadian { .. } => d.stones,
                _ => d.periods,
            });
            self.times.push(MoveTime {
                move_number: self.game.moves().len(),
                colour: c,
                left_ms: if d.overtime {
                    d.period_left_ms
                } else {
                    d.main_ms
                },
                overtime,
            });
        }
        self.stop_clock_if_over(now);
        if let Some((board, dead)) = &self.computer_dead {
            if *board == self.game.board().hash() {
                let _ = self.game.set_dead(dead);
            }
        }
        self.computer_agrees();
        Ok(judged)
    }

    /// The player to move resigns (总则 第七条二: the opponent wins 中盘胜); the clock stops.
    pub fn resign(&mut self, now: u64) -> Result<GameResult, ActError> {
        if self.sealed.is_some() {
            return Err(ActError::Play(PlayError::GameOver));
        }
        let c = self.game.to_move();
        self.game.resign(c).map_err(ActError::Play)?;
        self.stop_clock_if_over(now);
        Ok(GameResult::Resignation {
            winner: c.opponent(),
        })
    }

    /// `loser`'s flag fell (超时判负, 裁判法 第二十三条五): the game ends whatever the board,
    /// the clock stops and the record says the loser had no time left.
    fn lose_on_time(&mut self, loser: Colour, now: u64) {
        let _ = self.game.end(GameResult::Time {
            winner: loser.opponent(),
        });
        if let Some(clock) = &mut self.clock {
            if clock.flagged().is_none() {
                clock.flag(now);
            }
            let overtime = !matches!(
                clock.system(),
                TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. }
            );
            self.times.push(MoveTime {
                move_number: self.game.moves().len(),
                colour: loser,
                left_ms: 0,
                overtime: overtime.then_some(0),
            });
        }
        self.stop_clock_if_over(now);
    }

    /// The autosave policy: a mark of everything a save must keep. It changes with every
    /// event — a move, a pass, a takeback, a marking or confirmation in counting, a result, a
    /// seal, a pause, a referee event, a rename — and not while a clock merely runs, so the
    /// page saves when the mark changes (plus a heartbeat while a clock runs, which the
    /// ticker owns).
    pub fn autosave_mark(&self) -> SaveMark {
        let counting = self.game.counting().map(|c| (c.dead.points(), c.confirmed));
        SaveMark {
            id: self.id,
            moves: self.game.moves().len(),
            last: self.game.last_move(),
            phase: match self.game.phase() {
                crate::rules::Phase::Playing => 0,
                crate::rules::Phase::Counting(_) => 1,
                crate::rules::Phase::Over(_) => 2,
            },
            counting,
            result: self.game.result().cloned(),
            sealed: self.sealed,
            paused: self.is_paused(),
            events: self.referee.events().len(),
            title: self.title.clone(),
        }
    }

    /// Where the game stands (for answers that arrive later).
    pub fn position(&self) -> Position {
        Position {
            id: self.id,
            moves: self.game.moves().len(),
        }
    }

    /// Whether the side to move is the computer's.
    fn computer_to_move(&self) -> bool {
        self.setup
            .computer
            .is_some_and(|c| c.colour == self.game.to_move())
    }

    /// Whether it is the computer's move now (playing, not adjourned, not paused).
    pub fn computers_turn(&self) -> bool {
        self.computer_to_move()
            && self.game.is_playing()
            && self.sealed.is_none()
            && !self.is_paused()
    }

    /// Whether the player at this device may act (play, pass, resign, ask a hint): play goes
    /// on and the move is not the computer's.
    pub fn human_to_move(&self) -> bool {
        self.game.is_playing() && !self.computer_to_move()
    }

    /// The question to put to the computer now, if its move is due: the game as SGF, its
    /// level's budget, a seed from the game and the move number (so a reload asks the same),
    /// cleanup after the human's pass (dead stones are taken off before passing back).
    pub fn due(&self) -> Option<(Position, computer::Request)> {
        if !self.computers_turn() {
            return None;
        }
        let level = self.setup.computer?.level;
        let at = self.position();
        let seed = self.id.0.to_string().bytes().fold(at.moves as u64, |h, b| {
            h.wrapping_mul(31).wrapping_add(b as u64)
        });
        Some((at, computer::Request::move_at(&self.game, level, seed)))
    }

    /// Plays the computer's answer to the question asked at `at`, if the game is still there.
    pub fn apply(
        &mut self,
        at: Position,
        reply: &computer::Reply,
        now: u64,
    ) -> Result<Applied, ApplyError> {
        if at != self.position() || !self.computers_turn() {
            return Err(ApplyError::Stale);
        }
        match reply.decision(self.game.size()) {
            Some(crate::bot::Decision::Resign) => self
                .resign(now)
                .map(Applied::Resigned)
                .map_err(ApplyError::Act),
            Some(crate::bot::Decision::Pass) => {
                let size = self.game.size();
                let dead = reply
                    .dead
                    .iter()
                    .filter_map(|v| size.parse_vertex(v).ok())
                    .collect();
                self.computer_dead = Some((self.game.board().hash(), dead));
                self.play(Move::Pass, now)
                    .map(Applied::Moved)
                    .map_err(ApplyError::Act)
            }
            Some(crate::bot::Decision::Play(p)) => self
                .play(Move::Play(p), now)
                .map(Applied::Moved)
                .map_err(ApplyError::Act),
            None => Err(ApplyError::Broken),
        }
    }

    /// Takes back the last move — against the computer, back to the human's own turn — and
    /// the clock goes on for the player to move again. Returns how many moves were taken back.
    pub fn take_back(&mut self, now: u64) -> Result<usize, UndoError> {
        if !self.can_take_back() {
            return Err(UndoError::NothingToUndo);
        }
        self.undo(now)?;
        let mut n = 1;
        if let Some(c) = self.setup.computer {
            if self.game.to_move() == c.colour && self.can_take_back() {
                self.undo(now)?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// In counting, marks or unmarks the chain at `p` as dead; the computer agrees again when
    /// it is to confirm.
    pub fn toggle_dead(&mut self, p: Point) -> Result<(), CountingError> {
        self.game.toggle_dead(p)?;
        self.computer_agrees();
        Ok(())
    }

    /// The computer agrees with the marking when its turn to confirm the count comes.
    fn computer_agrees(&mut self) {
        if let Some(c) = self.setup.computer {
            if self.game.next_confirmer() == Some(c.colour) {
                let _ = self.confirm_count(c.colour);
            }
        }
    }

    /// The referee warns `c` (a second warning loses the game, 裁判法 第二十五条二).
    pub fn warn(&mut self, c: Colour, reason: WarningReason, now: u64) -> Option<GameResult> {
        let r = self.referee.warn(&mut self.game, c, reason, now);
        self.stop_clock_if_over(now);
        r
    }

    /// The referee declares a verdict that ends the game.
    pub fn declare(&mut self, v: Verdict, now: u64) -> Option<GameResult> {
        let r = self.referee.declare(&mut self.game, v, now);
        self.stop_clock_if_over(now);
        r
    }

    /// The player to move plays at `p`, untimed (tests, replays).
    pub fn play_at(&mut self, p: Point) -> Result<Played, PlayError> {
        let c = self.game.to_move();
        let played = self.game.play(c, Move::Play(p))?;
        self.sync_record();
        Ok(played)
    }

    pub fn pass(&mut self) -> Result<Played, PlayError> {
        let c = self.game.to_move();
        let played = self.game.play(c, Move::Pass)?;
        self.sync_record();
        Ok(played)
    }

    /// Brings the record's main line in step with the game: a node appended for each move
    /// played since, the nodes of moves taken back removed (only plain moves are ever taken
    /// back: see [`Session::can_take_back`]).
    fn sync_record(&mut self) {
        let moves = self.game.moves();
        while self.move_nodes.len() > moves.len() {
            if let Some(id) = self.move_nodes.pop() {
                self.tree.remove_leaf(id);
            }
        }
        let size = self.game.size();
        for m in &moves[self.move_nodes.len()..] {
            let tail = self.tree.main_tail();
            let id = self
                .tree
                .add_child(tail, crate::record::sgf::move_node(size, m.colour, m.mv));
            self.move_nodes.push(id);
        }
    }

    /// Whether the last move may be taken back: there is one, the game is not over, and its node
    /// in the record holds nothing but the move (a move of an imported record with a comment,
    /// marks or variations stays: taking it back would lose them).
    pub fn can_take_back(&self) -> bool {
        if self.game.result().is_some() || self.sealed.is_some() || !self.helps() {
            return false;
        }
        match self.move_nodes.last() {
            Some(&id) => {
                let node = self.tree.node(id);
                self.tree.parent(id).is_some()
                    && self.tree.children(id).is_empty()
                    && node.props.len() == 1
                    && node.move_value().is_some()
            }
            None => false,
        }
    }

    /// Whether the player may have help in this game — take a move back, ask a hint or a
    /// 形势判断, share or export it while it is played: not in a rank exam's game (issue 55: no
    /// undo, no hints, no analysis until the exam is over). The game screen shows only what this
    /// allows.
    pub fn helps(&self) -> bool {
        self.tree
            .node(self.tree.root())
            .first(exam::EXAM_PROPERTY)
            .is_none()
    }

    /// The rank exam this game is a game of (issue 55), as its record's root says it
    /// ([`exam::EXAM_PROPERTY`]: the exam's id, its rank, the game's number).
    pub fn exam(&self) -> Option<exam::ExamTag> {
        let text = self
            .tree
            .node(self.tree.root())
            .first(exam::EXAM_PROPERTY)?;
        exam::ExamTag::from_text(text)
    }

    /// Makes this game the exam's game `tag` (written on its record's root).
    pub fn set_exam(&mut self, tag: exam::ExamTag) {
        let root = self.tree.root();
        self.tree
            .node_mut(root)
            .set(exam::EXAM_PROPERTY, vec![tag.to_text()]);
    }

    /// `c` gives the game up (an exam game left for more than a day, or its exam given up): the
    /// game ends as a resignation and the clock stops.
    pub fn concede(&mut self, c: Colour, now: u64) {
        if self.game.result().is_none() {
            self.sealed = None;
            let _ = self.game.resign(c);
            self.stop_clock_if_over(now);
        }
    }

    /// Replaces the record and plays its main line (an imported record, a stored one).
    pub fn adopt_tree(
        &mut self,
        tree: crate::record::tree::Tree,
    ) -> Result<Vec<(usize, Colour, Move, PlayError)>, crate::record::replay::BadValue> {
        let start = crate::record::replay::Start {
            size: self.setup.size,
            rules: *self.game.rules(),
            handicap: self.setup.handicap,
        };
        let played = crate::record::replay::replay(&tree, &tree.main_line(), &start)?;
        self.game = played.game;
        self.move_nodes = played.nodes;
        self.tree = tree;
        Ok(played.skipped)
    }

    /// Makes `game` the session's game and its record a plain one: the root holds its setup
    /// and who plays first, a node for each of its moves (a game from a position, a shared
    /// link's game).
    pub fn set_game(&mut self, game: Game) {
        self.tree = crate::record::tree::Tree::new(crate::record::tree::Node {
            props: crate::record::sgf::setup_props(game.size(), &game),
        });
        self.move_nodes.clear();
        self.game = game;
        self.sync_record();
    }

    fn stop_clock_if_over(&mut self, now: u64) {
        if !self.game.is_playing() {
            if let Some(clock) = &mut self.clock {
                clock.stop(now);
            }
        }
    }

    /// Checks the clock at `now`: a side out of time loses at once, whatever the board
    /// (裁判法 第二十三条五). Returns the call-outs due in `(since, now]`.
    pub fn tick(&mut self, since: u64, now: u64) -> Vec<TimedCallout> {
        let Some(clock) = &mut self.clock else {
            return vec![];
        };
        if !self.game.is_playing() {
            return vec![];
        }
        let callouts = clock.callouts(since, now);
        if let Some(loser) = clock.expired(now) {
            self.lose_on_time(loser, now);
        }
        callouts
    }

    /// Takes back the last move; the clock goes on for the player to move again.
    pub fn undo(&mut self, now: u64) -> Result<Played, UndoError> {
        if !self.can_take_back() {
            return Err(UndoError::NothingToUndo);
        }
        let played = self.game.undo()?;
        self.sync_record();
        let n = self.game.moves().len();
        self.times.retain(|t| t.move_number <= n);
        if let Some(clock) = &mut self.clock {
            if clock.running().is_some() && self.game.is_playing() {
                clock.start(self.game.to_move(), now);
            }
        }
        Ok(played)
    }

    /// A dispute in counting: play resumes and the clock of the player to move runs again.
    pub fn resume_play(&mut self, now: u64) -> Result<(), CountingError> {
        self.game.resume_play()?;
        if let Some(clock) = &mut self.clock {
            if clock.running().is_some() {
                clock.start(self.game.to_move(), now);
            }
        }
        Ok(())
    }

    /// 暂停: both clocks stop; the paused time is not counted (竞赛规定 第五条).
    pub fn pause(&mut self, now: u64) {
        if let Some(clock) = &mut self.clock {
            clock.pause(now);
        }
    }

    pub fn resume(&mut self, now: u64) {
        if self.sealed.is_none() && self.game.is_playing() {
            if let Some(clock) = &mut self.clock {
                clock.resume(now);
            }
        }
    }

    pub fn is_paused(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| c.is_paused() && c.running().is_some())
    }

    /// 封棋 (竞赛规定 第五条): the player to move seals `mv`; their time so far is charged, both
    /// clocks stop and the move stays hidden until [`Session::unseal`].
    pub fn seal(&mut self, mv: Move, now: u64) -> Result<(), ActError> {
        let c = self.game.to_move();
        self.game.check(c, mv).map_err(ActError::Play)?;
        if let Some(clock) = &mut self.clock {
            if let Err(ClockError::TimeOut(loser) | ClockError::Flagged(loser)) =
                clock.press(c, now)
            {
                self.lose_on_time(loser, now);
                return Err(ActError::TimeOut(loser));
            }
            clock.pause(now);
        }
        self.sealed = Some(Sealed { colour: c, mv });
        Ok(())
    }

    /// Resumption: the sealed move is revealed and played; if it is not legal now it counts as
    /// a pass (裁判法 第二十二条: 弃权一次). The opponent's clock starts.
    pub fn unseal(&mut self, now: u64) -> Option<(Sealed, Result<Played, PlayError>)> {
        let sealed = self.sealed.take()?;
        let result = match self.game.play(sealed.colour, sealed.mv) {
            Ok(p) => Ok(p),
            Err(e) => {
                let _ = self.game.play(sealed.colour, Move::Pass);
                Err(e)
            }
        };
        self.sync_record();
        if let Some(clock) = &mut self.clock {
            clock.resume(now);
        }
        self.stop_clock_if_over(now);
        Some((sealed, result))
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
        } else {
            self.computer_agrees();
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

    /// The side the computer played: as the game's setup says, or, for a record read from a
    /// file (which says who the computer was only by its name), as its name says.
    pub fn computer_side(&self) -> Option<Colour> {
        self.setup.computer.map(|c| c.colour).or_else(|| {
            [Colour::Black, Colour::White]
                .into_iter()
                .find(|&c| class_report::is_computer_name(&self.player(c).name))
        })
    }

    /// The rank a player's line shows: none for the computer, whose name says its rank already
    /// ("电脑 · 25 级": named once).
    pub fn rank_shown(&self, c: Colour) -> Option<&Rank> {
        self.player(c)
            .rank
            .as_ref()
            .filter(|_| self.computer_side() != Some(c))
    }
}

/// Nigiri (猜先, 竞赛规定 第一条): the holder of the white stones takes a handful, the other
/// guesses odd or even; a right guess takes black. Returns whether the guesser gets black.
pub fn nigiri(handful: u32, guessed_odd: bool) -> bool {
    (handful % 2 == 1) == guessed_odd
}

#[cfg(test)]
mod tests;

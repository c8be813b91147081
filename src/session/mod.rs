//! The application model: a game as the app holds it — the core [`Game`] plus its setup,
//! players, clock, referee, sealed move and record — and every rule of the app above the rules
//! of Go. Plain Rust beside the core: time, ids and seeds are passed in, nothing here knows the
//! browser, and it is tested natively. The UI holds a [`Session`] in a signal and calls into
//! it; `web/storage.rs` writes it through [`stored`].

pub mod computer;
pub mod player;
pub mod settings;
pub mod stored;

pub use player::{Player, Rank};

use std::fmt;

use crate::clock::{Clock, ClockError, TimeSystem, TimedCallout};
use crate::rules::referee::{Event as RefereeEvent, Judged, Mode, Referee, Verdict, WarningReason};
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
    /// Other lines of play kept from an imported record, browsable in review.
    pub variations: Vec<crate::record::sgf::Variation>,
    /// Comments kept from an imported record: (move number, text), 0 for the start.
    pub notes: Vec<(usize, String)>,
    /// The event (SGF EV) of an imported record, or empty.
    pub event: String,
    /// The date as an imported record wrote it (SGF DT), or empty: a game played here is
    /// dated by its creation time.
    pub date: String,
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
        let rules = Rules::chinese().with_komi(setup.komi);
        let stones: Vec<Point> = if setup.handicap >= 2 {
            handicap::fixed(setup.size, setup.handicap).unwrap_or_default()
        } else {
            vec![]
        };
        let game = Game::with_handicap(setup.size, rules, &stones);
        let clock = setup.time.map(Clock::new);
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
            variations: Vec::new(),
            notes: Vec::new(),
            event: String::new(),
            date: String::new(),
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

    /// Whether it is the computer's move now (playing, not adjourned, not paused).
    pub fn computers_turn(&self) -> bool {
        self.setup
            .computer
            .is_some_and(|c| c.colour == self.game.to_move())
            && self.game.is_playing()
            && self.sealed.is_none()
            && !self.is_paused()
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
        let human_passed = self.game.last_move().is_some_and(|m| m.mv == Move::Pass);
        let seed = self.id.0.to_string().bytes().fold(at.moves as u64, |h, b| {
            h.wrapping_mul(31).wrapping_add(b as u64)
        });
        Some((
            at,
            computer::Request {
                id: 0,
                sgf: crate::record::sgf::write(&self.game, &[], &[]),
                level: level.key().into(),
                playouts: level.playouts(),
                max_ms: level.max_millis(),
                seed,
                cleanup: human_passed,
                resign: true,
            },
        ))
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
            Some(crate::bot::Decision::Pass) => self
                .play(Move::Pass, now)
                .map(Applied::Moved)
                .map_err(ApplyError::Act),
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
        if self.game.result().is_some() || self.sealed.is_some() {
            return Err(UndoError::NothingToUndo);
        }
        self.undo(now)?;
        let mut n = 1;
        if let Some(c) = self.setup.computer {
            if self.game.to_move() == c.colour && !self.game.moves().is_empty() {
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
        self.game.play(c, Move::Play(p))
    }

    pub fn pass(&mut self) -> Result<Played, PlayError> {
        let c = self.game.to_move();
        self.game.play(c, Move::Pass)
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
        let played = self.game.undo()?;
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

    /// A session from an SGF record (main line; players, ranks, komi, event and date from the
    /// root). A file cut off before its end gives what it holds, marked incomplete.
    pub fn from_sgf(
        text: &str,
        id: GameId,
        created_ms: f64,
    ) -> Result<Imported, crate::record::sgf::SgfError> {
        let loaded = crate::record::sgf::load(text, Rules::chinese(), None)?;
        let incomplete = loaded.incomplete;
        let root = &loaded.root;
        let player = |name: &str, rank: &str| Player {
            name: root.first(name).unwrap_or("").trim().to_string(),
            rank: root.first(rank).and_then(Rank::parse),
        };
        let setup = Setup {
            size: loaded.game.size(),
            komi: loaded.game.rules().komi,
            handicap: loaded.game.handicap(),
            black: player("PB", "BR"),
            white: player("PW", "WR"),
            ..Setup::default()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.game = loaded.game;
        s.variations = loaded.variations;
        s.notes = loaded.comments;
        let text_of = |id: &str| root.first(id).unwrap_or("").trim().to_string();
        s.title = root
            .first("GN")
            .or(root.first("EV"))
            .unwrap_or("")
            .trim()
            .to_string();
        s.event = text_of("EV");
        s.date = text_of("DT");
        if s.game.result().is_none() {
            // Keep the recorded result for the list and review.
            if let Some(r) = root.first("RE").and_then(crate::record::sgf::parse_result) {
                let _ = s.game.end(r);
            }
        }
        Ok(Imported {
            session: s,
            incomplete,
        })
    }

    /// The link fragment that carries this game (see [`crate::record::share`]).
    pub fn share_fragment(&self) -> String {
        let info = crate::record::share::SharedInfo {
            black: self.setup.black.name.clone(),
            white: self.setup.white.name.clone(),
            black_rank: self
                .setup
                .black
                .rank
                .as_ref()
                .map(Rank::sgf)
                .unwrap_or_default(),
            white_rank: self
                .setup
                .white
                .rank
                .as_ref()
                .map(Rank::sgf)
                .unwrap_or_default(),
            result: self.game.result().map(|r| r.sgf()),
        };
        crate::record::share::encode(&self.game, &info)
    }

    /// A session from a shared link's fragment.
    pub fn from_share(
        fragment: &str,
        id: GameId,
        created_ms: f64,
    ) -> Result<Session, crate::record::share::ShareError> {
        let (game, info) = crate::record::share::decode(fragment, Rules::chinese())?;
        let setup = Setup {
            size: game.size(),
            komi: game.rules().komi,
            handicap: game.handicap(),
            black: Player {
                name: info.black,
                rank: Rank::parse(&info.black_rank),
            },
            white: Player {
                name: info.white,
                rank: Rank::parse(&info.white_rank),
            },
            ..Setup::default()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.game = game;
        if let Some(r) = info
            .result
            .as_deref()
            .and_then(crate::record::sgf::parse_result)
        {
            let _ = s.game.end(r);
        }
        Ok(s)
    }

    /// The game as it stood after its first `n` moves (for review).
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

    /// The player's display name, or the colour's name when none was entered.
    pub fn player(&self, c: Colour) -> &Player {
        match c {
            Colour::Black => &self.setup.black,
            Colour::White => &self.setup.white,
        }
    }
}

/// A UTC date and time from ms since the epoch: ("2026-11-29", "09:03:05").
pub fn utc_date_time(ms: u64) -> (String, String) {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{:02}:{:02}:{:02}", rem / 3600, (rem / 60) % 60, rem % 60),
    )
}

impl Session {
    /// The game as SGF FF[4]: players, ranks, date, time control, result, and the referee's
    /// events as timestamped comments.
    pub fn to_sgf(&self) -> String {
        let mut root: Vec<(&str, String)> = Vec::new();
        for (id, p) in [("PB", &self.setup.black), ("PW", &self.setup.white)] {
            if !p.name.is_empty() {
                root.push((id, p.name.clone()));
            }
        }
        for (id, p) in [("BR", &self.setup.black), ("WR", &self.setup.white)] {
            if let Some(rank) = &p.rank {
                root.push((id, rank.sgf()));
            }
        }
        if !self.event.is_empty() {
            root.push(("EV", self.event.clone()));
        }
        root.push((
            "DT",
            if self.date.is_empty() {
                utc_date_time(self.created_ms as u64).0
            } else {
                self.date.clone()
            },
        ));
        if let Some(t) = self.setup.time {
            let (main, ot) = match t {
                TimeSystem::Absolute { main_ms } => (main_ms, None),
                TimeSystem::Byoyomi {
                    main_ms,
                    periods,
                    period_ms,
                    ..
                } => (
                    main_ms,
                    Some(format!("{periods}x{} byo-yomi", period_ms / 1000)),
                ),
                TimeSystem::Fischer {
                    main_ms,
                    increment_ms,
                    ..
                } => (main_ms, Some(format!("{} fischer", increment_ms / 1000))),
                TimeSystem::Canadian {
                    main_ms,
                    stones,
                    period_ms,
                } => (
                    main_ms,
                    Some(format!("{stones}/{} canadian", period_ms / 1000)),
                ),
            };
            root.push(("TM", (main / 1000).to_string()));
            if let Some(ot) = ot {
                root.push(("OT", ot));
            }
        }
        let comments: Vec<(usize, String)> = self
            .referee
            .events()
            .iter()
            .map(|e| {
                let (date, time) = utc_date_time(e.at_ms);
                let what = match &e.event {
                    RefereeEvent::VoidMove { colour, reason, .. } => {
                        let why = if *reason == PlayError::Ko {
                            "劫争马上回提"
                        } else {
                            "禁着点"
                        };
                        format!("{}{why}，着手无效，弃权一次", colour.hanzi())
                    }
                    RefereeEvent::Warning { colour, reason } => {
                        format!("警告{}：{}", colour.hanzi(), reason.chinese())
                    }
                    RefereeEvent::Verdict(v) => match v {
                        Verdict::Forfeit { loser } => format!("判决：{}判负", loser.hanzi()),
                        Verdict::Draw => "判决：和棋".into(),
                        Verdict::Replay => "判决：重下".into(),
                        Verdict::NoResult => "判决：无胜负".into(),
                    },
                };
                (
                    e.after_move + usize::from(matches!(e.event, RefereeEvent::VoidMove { .. })),
                    format!("裁判 [{date} {time} UTC] {what}"),
                )
            })
            .collect();
        let mut props: Vec<(usize, &str, String)> = self
            .notes
            .iter()
            .cloned()
            .chain(comments)
            .map(|(n, c)| (n, "C", c))
            .collect();
        for t in &self.times {
            let (l, o) = match t.colour {
                Colour::Black => ("BL", "OB"),
                Colour::White => ("WL", "OW"),
            };
            props.push((
                t.move_number,
                l,
                format!("{:.1}", t.left_ms as f64 / 1000.0),
            ));
            if let Some(n) = t.overtime {
                props.push((t.move_number, o, n.to_string()));
            }
        }
        crate::record::sgf::write_with(&self.game, &root, &props, &self.variations)
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
            GameId(1),
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

    fn timed(reserved: u32) -> Session {
        let time = Some(TimeSystem::chinese(0, reserved));
        Session::new(
            GameId(7),
            0.0,
            Setup {
                size: BoardSize::NINE,
                time,
                ..Setup::default()
            },
        )
    }

    #[test]
    fn time_left_after_each_move_goes_to_the_sgf() {
        // Ten minutes and 3×30 s byo-yomi: white's first move after 12 s leaves 588 s of
        // main time; white's after its main time is gone is in byo-yomi, the period renewed.
        let mut s = Session::new(
            GameId(7),
            0.0,
            Setup {
                size: BoardSize::NINE,
                time: Some(TimeSystem::Byoyomi {
                    main_ms: 600_000,
                    periods: 3,
                    period_ms: 30_000,
                    style: crate::clock::ByoyomiStyle::Japanese,
                }),
                ..Setup::default()
            },
        );
        let v = |x: &str| Move::Play(BoardSize::NINE.parse_vertex(x).unwrap());
        s.play(v("E5"), 1_000).unwrap();
        s.play(v("D5"), 13_000).unwrap();
        s.play(v("E4"), 20_000).unwrap();
        s.play(v("D4"), 620_000).unwrap();
        let sgf = s.to_sgf();
        assert!(sgf.contains(";B[ee]BL[600.0]"), "{sgf}");
        assert!(sgf.contains(";W[de]WL[588.0]"), "{sgf}");
        assert!(sgf.contains(";W[df]WL[30.0]OW[3]"), "{sgf}");
        // A takeback forgets the times of the moves it takes back.
        s.undo(621_000).unwrap();
        assert_eq!(s.times.len(), 3);
    }

    #[test]
    fn a_move_after_the_deadline_loses_on_time() {
        let mut s = timed(1);
        let e5 = s.game.size().parse_vertex("E5").unwrap();
        let d5 = s.game.size().parse_vertex("D5").unwrap();
        s.play(Move::Play(e5), 1_000).unwrap();
        // White's last minute ends at 61 000 ms.
        assert_eq!(
            s.play(Move::Play(d5), 61_000),
            Err(ActError::TimeOut(Colour::White))
        );
        assert_eq!(
            s.game.result(),
            Some(&GameResult::Time {
                winner: Colour::Black
            })
        );
    }

    #[test]
    fn the_tick_ends_the_game_when_time_is_up_whatever_the_board() {
        let mut s = timed(1);
        s.play(Move::Pass, 0).unwrap();
        assert!(s
            .tick(0, 59_999)
            .iter()
            .all(|c| c.callout != crate::clock::Callout::TimeOut));
        assert!(s.game.is_playing());
        let said = s.tick(59_999, 60_000);
        assert_eq!(
            said.last().map(|c| c.callout),
            Some(crate::clock::Callout::TimeOut)
        );
        assert_eq!(
            s.game.result(),
            Some(&GameResult::Time {
                winner: Colour::Black
            })
        );
    }

    #[test]
    fn a_sealed_move_is_played_on_resumption_or_counts_as_a_pass() {
        let mut s = timed(3);
        let e5 = s.game.size().parse_vertex("E5").unwrap();
        s.play(Move::Pass, 0).unwrap();
        s.seal(Move::Play(e5), 20_000).unwrap();
        assert!(s.game.board().is_empty(e5), "the sealed move stays hidden");
        assert!(
            s.play(Move::Pass, 25_000).is_err(),
            "nothing is played while adjourned"
        );
        assert_eq!(
            s.clock.as_ref().unwrap().expired(10_000_000),
            None,
            "both clocks stopped"
        );
        let (sealed, result) = s.unseal(10_000_000).unwrap();
        assert_eq!(sealed.colour, Colour::White);
        assert!(result.is_ok());
        assert_eq!(s.game.board().colour_at(e5), Some(Colour::White));
        assert_eq!(s.clock.as_ref().unwrap().running(), Some(Colour::Black));
        // A sealed move that is illegal on resumption is a pass.
        let mut t = timed(3);
        t.sealed = Some(Sealed {
            colour: Colour::Black,
            mv: Move::Play(e5),
        });
        t.game.play(Colour::Black, Move::Play(e5)).unwrap();
        t.game.play(Colour::White, Move::Pass).unwrap();
        let (_, result) = t.unseal(0).unwrap();
        assert_eq!(result, Err(PlayError::Occupied));
        assert_eq!(t.game.last_move().unwrap().mv, Move::Pass);
    }

    #[test]
    fn review_positions_and_play_from_here() {
        let mut s = Session::new(
            GameId(7),
            0.0,
            Setup {
                size: BoardSize::NINE,
                ..Setup::default()
            },
        );
        for v in ["D5", "E5", "F5", "A1", "E6", "A2", "E4"] {
            let p = s.game.size().parse_vertex(v).unwrap();
            s.play_at(p).unwrap();
        }
        assert_eq!(s.game_at(0).board().stone_counts(), [0, 0]);
        assert_eq!(s.game_at(6).board().stone_counts(), [3, 3]);
        assert!(
            *s.game_at(7).board() == *s.game.board(),
            "the capture is replayed"
        );
        let t = s.continue_from(6, GameId(8), 1.0);
        assert_eq!(t.game.board().stone_counts(), [3, 3]);
        assert_eq!(t.game.to_move(), Colour::Black);
        assert!(t.game.moves().is_empty());
    }

    #[test]
    fn dates_from_epoch_ms() {
        assert_eq!(utc_date_time(0), ("1970-01-01".into(), "00:00:00".into()));
        assert_eq!(utc_date_time(1_796_000_000_000).0, "2026-11-30");
        assert_eq!(utc_date_time(951_782_400_000).0, "2000-02-29");
    }

    #[test]
    fn referee_events_reach_the_sgf() {
        let mut s = Session::new(
            GameId(7),
            1_796_000_000_000.0,
            Setup {
                size: BoardSize::NINE,
                mode: Mode::Referee,
                ..Setup::default()
            },
        );
        s.setup.black.name = "甲".into();
        for v in ["B9", "J1", "A8", "J2", "J3"] {
            let p = s.game.size().parse_vertex(v).unwrap();
            s.play(Move::Play(p), 0).unwrap();
        }
        // White plays into black's eye at A9: void, a pass.
        let a9 = s.game.size().parse_vertex("A9").unwrap();
        assert!(matches!(
            s.play(Move::Play(a9), 5_000),
            Ok(Judged::Void { .. })
        ));
        assert_eq!(
            s.warn(Colour::Black, WarningReason::Disturbing, 6_000),
            None
        );
        assert!(s.declare(Verdict::Draw, 7_000).is_some());
        let sgf = s.to_sgf();
        assert!(
            sgf.contains("PB[甲]") && sgf.contains("RE[0]") && sgf.contains("DT[2026-11-30]"),
            "{sgf}"
        );
        assert!(
            sgf.contains(";W[]C[裁判 [1970-01-01 00:00:05 UTC\\] 白禁着点，着手无效，弃权一次"),
            "{sgf}"
        );
        assert!(sgf.contains("判决：和棋"), "{sgf}");
    }

    #[test]
    fn an_imported_record_keeps_its_players_event_and_date() {
        let text =
            "(;GM[1]FF[4]SZ[9]EV[全国围棋锦标赛]DT[2025-05-01]PB[甲]BR[9p]PW[乙]WR[8 dan];B[ee])";
        let imported = Session::from_sgf(text, GameId(3), 0.0).unwrap();
        assert!(!imported.incomplete);
        let s = imported.session;
        assert_eq!(s.setup.black.rank, Some(Rank::Pro(9)));
        assert_eq!(s.setup.white.rank, Some(Rank::Dan(8)));
        assert_eq!(
            (s.event.as_str(), s.date.as_str()),
            ("全国围棋锦标赛", "2025-05-01")
        );
        let back = stored::from_record(&stored::to_record(&s)).unwrap();
        assert_eq!((back.event, back.date), (s.event.clone(), s.date.clone()));
        let sgf = s.to_sgf();
        for p in ["EV[全国围棋锦标赛]", "DT[2025-05-01]", "BR[9p]", "WR[8d]"] {
            assert!(sgf.contains(p), "{p} in {sgf}");
        }
    }

    #[test]
    fn the_autosave_mark_moves_with_every_event_and_not_with_the_clock() {
        let mut s = timed(3);
        let v = |x: &str| Move::Play(BoardSize::NINE.parse_vertex(x).unwrap());
        let mut marks = vec![s.autosave_mark()];
        let mut changed = |s: &Session, what: &str| {
            let m = s.autosave_mark();
            assert_ne!(Some(&m), marks.last(), "{what} must be saved");
            marks.push(m);
        };
        s.play(v("E5"), 1_000).unwrap();
        changed(&s, "a move");
        // The clock runs: nothing to save but the heartbeat's.
        let quiet = s.autosave_mark();
        s.tick(1_000, 20_000);
        assert_eq!(s.autosave_mark(), quiet, "a clock tick is not an event");
        s.pause(21_000);
        changed(&s, "a pause");
        s.resume(22_000);
        changed(&s, "a resumption");
        s.undo(23_000).unwrap();
        changed(&s, "a takeback");
        s.play(v("E5"), 24_000).unwrap();
        s.play(Move::Pass, 25_000).unwrap();
        s.play(Move::Pass, 26_000).unwrap();
        changed(&s, "counting begins");
        s.toggle_dead(BoardSize::NINE.parse_vertex("E5").unwrap())
            .unwrap();
        changed(&s, "a marking");
        let c = s.game.next_confirmer().unwrap();
        s.confirm_count(c).unwrap();
        changed(&s, "a confirmation");
        s.title = "练习".into();
        changed(&s, "a rename");
    }

    #[test]
    fn nigiri_right_guess_takes_black() {
        assert!(nigiri(7, true));
        assert!(!nigiri(8, true));
        assert!(nigiri(8, false));
    }
}

//! 升级考试, the rank exam (issue 55): five games against the app's opponent at the rank, then
//! ten problems of that grade, as Chinese clubs grade children — by results, not by a teacher's
//! impression. Plain Rust beside the session: the thresholds as data, which opponent, board and
//! clock each exam is played with, and the exam as a state machine whose time is always an
//! argument (a game left for more than a day, a problem answered after 45 s). The screens are
//! in 学下棋's wasm (`ui/exam.rs`); the game itself is a normal game of the app whose record
//! carries an [`ExamTag`], and the session refuses it undo and help ([`super::Session::helps`]).
//!
//! The thresholds follow the common model of Chinese club grading as the Canadian Go
//! Association documents it from Chinese practice (its write-up of the Chinese kyu system, which
//! issue 55 cites): five games against players of the rank to reach; 25→20, 20→15 and 15→10 级
//! need three wins; from 10 级, four wins give 5 级 and three 7 级; from 5 级, five wins give
//! 2 级 and four 3 级; from 2 级, five wins give 1 段 and four 1 级. The problem test is
//! 101weiqi's 棋力测试: ten problems of the level, 45 seconds each, eight right to pass.

use crate::bot::Level;
use crate::clock::{ByoyomiStyle, TimeSystem};
use crate::rules::{BoardSize, Colour, Komi};

use super::GameId;

/// Games in an exam.
pub const GAMES: usize = 5;
/// Problems in an exam's problem test, and how many must be right.
pub const PROBLEMS: usize = 10;
pub const PROBLEMS_TO_PASS: usize = 8;
/// The time for one problem, from when it is first shown.
pub const PROBLEM_MS: u64 = 45_000;
/// An exam game still unfinished this long after it started counts as lost.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The exams, by the rank each awards with the most wins (20 级 is the exam a 25 级 pupil
/// takes). A rank is a kyu number as the ladder measures them: 1 段 is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExamRank {
    Kyu20,
    Kyu15,
    Kyu10,
    Kyu5,
    Kyu2,
    Dan1,
}

/// One step of the table: the exam, the rank it is taken from, and the ranks its wins give
/// (wins of five needed, the rank reached), best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub exam: ExamRank,
    pub from: i32,
    pub awards: &'static [(u32, i32)],
}

/// The thresholds (the Canadian Go Association's write-up of Chinese practice, issue 55).
pub const STEPS: [Step; 6] = [
    Step {
        exam: ExamRank::Kyu20,
        from: 25,
        awards: &[(3, 20)],
    },
    Step {
        exam: ExamRank::Kyu15,
        from: 20,
        awards: &[(3, 15)],
    },
    Step {
        exam: ExamRank::Kyu10,
        from: 15,
        awards: &[(3, 10)],
    },
    Step {
        exam: ExamRank::Kyu5,
        from: 10,
        awards: &[(4, 5), (3, 7)],
    },
    Step {
        exam: ExamRank::Kyu2,
        from: 5,
        awards: &[(5, 2), (4, 3)],
    },
    Step {
        exam: ExamRank::Dan1,
        from: 2,
        awards: &[(5, 0), (4, 1)],
    },
];

impl ExamRank {
    pub const ALL: [ExamRank; 6] = [
        ExamRank::Kyu20,
        ExamRank::Kyu15,
        ExamRank::Kyu10,
        ExamRank::Kyu5,
        ExamRank::Kyu2,
        ExamRank::Dan1,
    ];

    /// Its line of the table.
    pub fn step(self) -> &'static Step {
        &STEPS[self as usize]
    }

    /// The rank it awards with the most wins, as a kyu number (1 段 is 0).
    pub fn kyu(self) -> i32 {
        self.step().awards[0].1
    }

    /// The key stored and written in addresses' data: `20k` … `2k`, `1d`.
    pub fn key(self) -> &'static str {
        match self {
            ExamRank::Kyu20 => "20k",
            ExamRank::Kyu15 => "15k",
            ExamRank::Kyu10 => "10k",
            ExamRank::Kyu5 => "5k",
            ExamRank::Kyu2 => "2k",
            ExamRank::Dan1 => "1d",
        }
    }

    pub fn from_key(key: &str) -> Option<ExamRank> {
        ExamRank::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The rank the games give for `wins` of five, if any (the table, as data).
    pub fn awarded(self, wins: u32) -> Option<i32> {
        self.step()
            .awards
            .iter()
            .find(|&&(need, _)| wins >= need)
            .map(|&(_, rank)| rank)
    }

    /// The fewest wins that give any rank.
    pub fn wins_needed(self) -> u32 {
        self.step().awards.iter().map(|a| a.0).min().unwrap_or(3)
    }

    /// The board: 9×9 for 25–16 级, 13×13 for 15–11 级, 19×19 from 10 级 (by the rank the exam
    /// awards).
    pub fn size(self) -> BoardSize {
        match self.kyu() {
            16.. => BoardSize::NINE,
            11..=15 => BoardSize::new(13).unwrap_or(BoardSize::NINETEEN),
            _ => BoardSize::NINETEEN,
        }
    }

    /// The clock, by the board: Japanese byo-yomi of three 30-second periods after 10 minutes
    /// on 9×9, 20 on 13×13, 30 on 19×19 (the README's "The rank exam" says why).
    pub fn time(self) -> TimeSystem {
        let minutes = match self.size().get() {
            ..=9 => 10,
            10..=13 => 20,
            _ => 30,
        };
        TimeSystem::Byoyomi {
            main_ms: minutes * 60_000,
            periods: 3,
            period_ms: 30_000,
            style: ByoyomiStyle::Japanese,
        }
    }

    /// The opponent "at that rank": of the app's ranked opponents measured on the exam's board
    /// ([`Level::measured_on`]: 9×9 up to 13×13, 19×19 above), the one whose measured rank is
    /// nearest the rank the exam awards (the stronger on a tie). 最强 is left out: it was not
    /// measured on 19×19 and its 9×9 place is far from any exam.
    pub fn opponent(self) -> Level {
        let size = self.size();
        let target = self.kyu() as f32;
        let mut best = Level::Kyu25;
        let mut gap = f32::MAX;
        for level in Level::ALL {
            if level == Level::Strongest {
                continue;
            }
            // In tenths of a rank, as measured: two as near are a tie (16.8 and 13.2 around 15),
            // not a difference in the float's last bit.
            let d = ((level.measured_on(size).kyu - target).abs() * 10.0).round();
            if d <= gap {
                best = level;
                gap = d;
            }
        }
        best
    }

    /// The problems' band (issue 53's bands: 25–21, 20–16, 15–11, 10–6, 5–1 级, 段), by the
    /// rank the exam awards.
    pub fn band(self) -> crate::learn::band::Band {
        crate::learn::band::Band::of_kyu(self.kyu())
    }

    /// The next exam up.
    pub fn next(self) -> Option<ExamRank> {
        ExamRank::ALL.into_iter().find(|&r| r > self)
    }

    /// The exam a pupil playing `level` on the ladder is offered first: the one that awards
    /// the rank nearest what they play (the nominal rank: 15 级 on the ladder, the 15 级 exam).
    pub fn for_ladder(level: Level) -> ExamRank {
        match level {
            Level::Kyu25 | Level::Kyu20 => ExamRank::Kyu20,
            Level::Kyu15 => ExamRank::Kyu15,
            Level::Kyu10 => ExamRank::Kyu10,
            Level::Kyu5 => ExamRank::Kyu5,
            Level::Kyu1 => ExamRank::Kyu2,
            Level::Strongest => ExamRank::Dan1,
        }
    }
}

/// The property a game's record carries its place in a rank exam in, on its SGF root
/// ([`ExamTag::to_text`]: `SHOUTANEXAM[1796388955244 20k 3]`). In the record's tree rather than
/// a field of its own: the stored record keeps it (its tree is stored whenever the root holds
/// more than the setup), old records have none, and it goes with the game wherever the game
/// goes — an exported file, the hand-in, the 棋册 — with no code of its own; the app shell reads
/// it with the tree it already has (a serde field cost the shell ~0.4 kB gzip).
pub const EXAM_PROPERTY: &str = "SHOUTANEXAM";

/// What a game record says about the exam it belongs to: the exam's id, its rank and the game's
/// number (1 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExamTag {
    pub exam: u64,
    pub rank: ExamRank,
    pub number: u8,
}

impl ExamTag {
    /// As a game record's root property writes it: `<exam id> <rank key> <number>`
    /// (`1796388955244 15k 3`).
    pub fn to_text(self) -> String {
        let mut out = self.exam.to_string();
        out.push(' ');
        out.push_str(self.rank.key());
        out.push(' ');
        out.push(char::from(b'0' + self.number));
        out
    }

    pub fn from_text(text: &str) -> Option<ExamTag> {
        let mut parts = text.split(' ');
        let exam = parts.next()?.parse().ok()?;
        let rank = ExamRank::from_key(parts.next()?)?;
        let number = match parts.next()?.as_bytes() {
            [d @ b'1'..=b'5'] => d - b'0',
            _ => return None,
        };
        parts
            .next()
            .is_none()
            .then_some(ExamTag { exam, rank, number })
    }
}

/// How an exam game was set up: the pupil's colour alternates, Black in games 1, 3 and 5.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePlan {
    pub number: u8,
    pub size: BoardSize,
    pub komi: Komi,
    pub time: TimeSystem,
    pub level: Level,
    pub pupil: Colour,
}

impl GamePlan {
    /// The game as a session: `pupil` against the computer at the exam's level (`computer`:
    /// its name in the pupil's language and its rank), as the plan says, tagged as the exam's.
    pub fn session(
        &self,
        tag: ExamTag,
        id: GameId,
        now: f64,
        pupil: super::Player,
        computer: super::Player,
    ) -> super::Session {
        let (black, white) = match self.pupil {
            Colour::Black => (pupil, computer),
            Colour::White => (computer, pupil),
        };
        let setup = super::Setup {
            size: self.size,
            komi: self.komi,
            handicap: 0,
            black,
            white,
            time: Some(self.time),
            on_close: super::ClosePolicy::Pause,
            mode: crate::rules::referee::Mode::Casual,
            computer: Some(super::Computer {
                colour: self.pupil.opponent(),
                level: self.level,
            }),
            capture_goal: None,
        };
        let mut s = super::Session::new(id, now, setup);
        s.set_exam(tag);
        s
    }
}

/// Why an exam game counts as it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Played to its end: won or lost on the board.
    Played { won: bool },
    /// Still unfinished a day after it started: lost.
    Overdue,
    /// The exam was given up while it was being played: lost.
    Abandoned,
    /// Its record is gone from the device: lost (a game cannot be erased to be played again).
    Gone,
}

impl GameEnd {
    pub fn won(self) -> bool {
        matches!(self, GameEnd::Played { won: true })
    }
}

/// One game of an exam.
#[derive(Clone, Debug, PartialEq)]
pub struct ExamGame {
    pub game: GameId,
    pub number: u8,
    pub pupil: Colour,
    pub started_ms: u64,
    /// How it ended, when, and the SGF result (`B+7.5`, `W+R`; empty when not played out).
    pub end: Option<(GameEnd, u64, String)>,
}

/// One problem of the test: its key in its band, its SGF, when it was first shown and how it
/// was answered.
#[derive(Clone, Debug, PartialEq)]
pub struct ExamProblem {
    pub key: String,
    pub sgf: String,
    pub shown_ms: Option<u64>,
    pub answer: Option<ProblemAnswer>,
}

/// How a problem was answered: right, and when (an answer after the 45 s, or none by then,
/// counts wrong: `late`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemAnswer {
    pub right: bool,
    pub late: bool,
    pub at_ms: u64,
}

/// How an exam ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExamEnd {
    /// The games gave `rank` (a kyu number, 1 段 is 0) and the problems were passed.
    Passed {
        rank: i32,
        at_ms: u64,
    },
    Failed {
        at_ms: u64,
    },
    Abandoned {
        at_ms: u64,
    },
}

impl ExamEnd {
    pub fn at_ms(self) -> u64 {
        match self {
            ExamEnd::Passed { at_ms, .. }
            | ExamEnd::Failed { at_ms }
            | ExamEnd::Abandoned { at_ms } => at_ms,
        }
    }
}

/// Where an exam stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Game `number` (1 to 5) is to be started.
    NextGame(u8),
    /// Game `number` is being played.
    Playing {
        number: u8,
        game: GameId,
    },
    /// The five games are over; the problems are to be chosen.
    ChooseProblems,
    /// The problem test, at problem `index` (from 0).
    Problem(usize),
    Over(ExamEnd),
}

/// What [`Exam::observe`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observed {
    Nothing,
    /// The game ended and was counted.
    Counted,
    /// The game went more than a day without ending: counted lost, and its record is to be
    /// ended too ([`super::Session::concede`]), so that it cannot be played on.
    Overdue(GameId),
    /// The game's record is gone: counted lost.
    Gone,
}

/// When play stopped in a game, by its clock: the moment the clock last stopped — at the end
/// of play (the last move, a resignation, the second pass before counting), or at a pause
/// before it. Saves after the end (a page closed, a rename) do not move it.
pub fn ended_ms(s: &super::Session) -> Option<u64> {
    let clock = s.clock.as_ref()?;
    let (_, _, running, paused, _) = clock.parts();
    let (_, since, _) = running?;
    paused.then_some(since)
}

/// Why an exam refused a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExamError {
    /// Not what the exam is at now (a game started twice, a problem answered out of turn, the
    /// exam already over).
    NotNow,
    /// The problem test needs exactly [`PROBLEMS`] problems.
    Problems,
}

/// A rank exam.
#[derive(Clone, Debug, PartialEq)]
pub struct Exam {
    pub id: u64,
    pub pupil: String,
    pub class: String,
    pub rank: ExamRank,
    pub started_ms: u64,
    /// The opponent, fixed when the exam started (the table may be calibrated again since).
    pub level: Level,
    pub games: Vec<ExamGame>,
    pub problems: Vec<ExamProblem>,
    pub end: Option<ExamEnd>,
}

impl Exam {
    pub fn new(id: u64, pupil: &str, class: &str, rank: ExamRank, now: u64) -> Exam {
        Exam {
            id,
            pupil: pupil.trim().to_string(),
            class: class.trim().to_string(),
            rank,
            started_ms: now,
            level: rank.opponent(),
            games: Vec::new(),
            problems: Vec::new(),
            end: None,
        }
    }

    pub fn is_open(&self) -> bool {
        self.end.is_none()
    }

    pub fn stage(&self) -> Stage {
        if let Some(end) = self.end {
            return Stage::Over(end);
        }
        if let Some(g) = self.games.iter().find(|g| g.end.is_none()) {
            return Stage::Playing {
                number: g.number,
                game: g.game,
            };
        }
        if self.games.len() < GAMES {
            return Stage::NextGame(self.games.len() as u8 + 1);
        }
        match self.problems.iter().position(|p| p.answer.is_none()) {
            _ if self.problems.is_empty() => Stage::ChooseProblems,
            Some(i) => Stage::Problem(i),
            // Every problem answered closes the exam; not reached.
            None => Stage::ChooseProblems,
        }
    }

    /// How game `number` is played: the exam's board, komi 7.5, no handicap, its clock, its
    /// opponent, and the pupil Black in the odd games.
    pub fn plan(&self, number: u8) -> GamePlan {
        GamePlan {
            number,
            size: self.rank.size(),
            komi: Komi::CHINESE,
            time: self.rank.time(),
            level: self.level,
            pupil: if number % 2 == 1 {
                Colour::Black
            } else {
                Colour::White
            },
        }
    }

    /// The next game starts now as `game`: how it is to be set up, and its tag.
    pub fn start_game(&mut self, game: GameId, now: u64) -> Result<(GamePlan, ExamTag), ExamError> {
        let Stage::NextGame(number) = self.stage() else {
            return Err(ExamError::NotNow);
        };
        let plan = self.plan(number);
        self.games.push(ExamGame {
            game,
            number,
            pupil: plan.pupil,
            started_ms: now,
            end: None,
        });
        let tag = ExamTag {
            exam: self.id,
            rank: self.rank,
            number,
        };
        Ok((plan, tag))
    }

    /// The game being played ended at `at` with `result` (its SGF notation), won by the pupil or
    /// not. A game finished more than a day after it started counts as lost all the same.
    pub fn game_over(
        &mut self,
        game: GameId,
        won: bool,
        result: &str,
        at: u64,
    ) -> Result<(), ExamError> {
        let g = self.playing_mut(game)?;
        let end = if at > g.started_ms + DAY_MS {
            GameEnd::Overdue
        } else {
            GameEnd::Played { won }
        };
        g.end = Some((end, at, result.to_string()));
        Ok(())
    }

    /// The game being played is gone from the device: it counts as lost.
    pub fn game_gone(&mut self, game: GameId, now: u64) -> Result<(), ExamError> {
        self.playing_mut(game)?.end = Some((GameEnd::Gone, now, String::new()));
        Ok(())
    }

    fn playing_mut(&mut self, game: GameId) -> Result<&mut ExamGame, ExamError> {
        if self.end.is_some() {
            return Err(ExamError::NotNow);
        }
        self.games
            .iter_mut()
            .find(|g| g.game == game && g.end.is_none())
            .ok_or(ExamError::NotNow)
    }

    /// At `now`, a game left unfinished for more than a day counts as lost: returns its id (the
    /// caller ends its record) once, when it is so counted.
    pub fn overdue(&mut self, now: u64) -> Option<GameId> {
        if self.end.is_some() {
            return None;
        }
        let g = self
            .games
            .iter_mut()
            .find(|g| g.end.is_none() && now > g.started_ms + DAY_MS)?;
        g.end = Some((GameEnd::Overdue, now, String::new()));
        Some(g.game)
    }

    /// What the exam learns from the record of the game being played (`None`: its record is
    /// gone) at `now`: the game ended (counted, won or lost by its result, at the moment its
    /// clock stopped), or went more than a day without ending (the caller ends its record: see
    /// [`Observed::Overdue`]), or nothing new.
    pub fn observe(&mut self, game: Option<&super::Session>, now: u64) -> Observed {
        let Stage::Playing { game: id, .. } = self.stage() else {
            return Observed::Nothing;
        };
        let Some(s) = game.filter(|s| s.id == id) else {
            let _ = self.game_gone(id, now);
            return Observed::Gone;
        };
        if let Some(r) = s.game.result() {
            let pupil = s
                .setup
                .computer
                .map_or(Colour::Black, |c| c.colour.opponent());
            let at = ended_ms(s).unwrap_or(now);
            let _ = self.game_over(id, r.winner() == Some(pupil), &r.sgf(), at);
            return Observed::Counted;
        }
        match self.overdue(now) {
            Some(id) => Observed::Overdue(id),
            None => Observed::Nothing,
        }
    }

    /// The problem test's ten problems (key, SGF), chosen once the five games are over.
    pub fn set_problems(&mut self, problems: Vec<(String, String)>) -> Result<(), ExamError> {
        if self.stage() != Stage::ChooseProblems || !self.problems.is_empty() {
            return Err(ExamError::NotNow);
        }
        if problems.len() != PROBLEMS {
            return Err(ExamError::Problems);
        }
        self.problems = problems
            .into_iter()
            .map(|(key, sgf)| ExamProblem {
                key,
                sgf,
                shown_ms: None,
                answer: None,
            })
            .collect();
        Ok(())
    }

    /// The problem to answer now, shown from `now` if it was not yet (a reload keeps the time it
    /// was first shown): its index and the moment its 45 seconds end. A problem whose time ran
    /// out while nobody answered counts wrong first.
    pub fn show_problem(&mut self, now: u64) -> Option<(usize, u64)> {
        self.expire(now);
        let Stage::Problem(i) = self.stage() else {
            return None;
        };
        let shown = *self.problems[i].shown_ms.get_or_insert(now);
        Some((i, shown + PROBLEM_MS))
    }

    /// The shown problem whose time is over counts wrong (answered at its deadline).
    pub fn expire(&mut self, now: u64) {
        let Stage::Problem(i) = self.stage() else {
            return;
        };
        if let Some(shown) = self.problems[i].shown_ms {
            if now > shown + PROBLEM_MS {
                self.problems[i].answer = Some(ProblemAnswer {
                    right: false,
                    late: true,
                    at_ms: shown + PROBLEM_MS,
                });
                self.close_if_done(shown + PROBLEM_MS);
            }
        }
    }

    /// Problem `index` was answered at `now`, right or not; after its 45 seconds it counts
    /// wrong. Returns whether it counted right. The last answer closes the exam.
    pub fn answer(&mut self, index: usize, right: bool, now: u64) -> Result<bool, ExamError> {
        if self.stage() != Stage::Problem(index) {
            return Err(ExamError::NotNow);
        }
        let p = &mut self.problems[index];
        let shown = *p.shown_ms.get_or_insert(now);
        let late = now > shown + PROBLEM_MS;
        p.answer = Some(ProblemAnswer {
            right: right && !late,
            late,
            at_ms: now,
        });
        self.close_if_done(now);
        Ok(right && !late)
    }

    fn close_if_done(&mut self, now: u64) {
        if self.end.is_some() || self.problems.iter().any(|p| p.answer.is_none()) {
            return;
        }
        self.end = Some(match self.passed_rank() {
            Some(rank) => ExamEnd::Passed { rank, at_ms: now },
            None => ExamEnd::Failed { at_ms: now },
        });
    }

    /// The pupil gives the exam up: it is closed as abandoned, and the game being played (its
    /// id returned, for the caller to end its record) counts as lost.
    pub fn abandon(&mut self, now: u64) -> Result<Option<GameId>, ExamError> {
        if self.end.is_some() {
            return Err(ExamError::NotNow);
        }
        let mut running = None;
        for g in &mut self.games {
            if g.end.is_none() {
                g.end = Some((GameEnd::Abandoned, now, String::new()));
                running = Some(g.game);
            }
        }
        self.end = Some(ExamEnd::Abandoned { at_ms: now });
        Ok(running)
    }

    /// Games won so far.
    pub fn wins(&self) -> u32 {
        self.games
            .iter()
            .filter(|g| g.end.as_ref().is_some_and(|(e, _, _)| e.won()))
            .count() as u32
    }

    /// Games over so far.
    pub fn games_over(&self) -> usize {
        self.games.iter().filter(|g| g.end.is_some()).count()
    }

    /// Problems right so far, and answered so far.
    pub fn problem_score(&self) -> (usize, usize) {
        let answered = self.problems.iter().filter_map(|p| p.answer);
        let (mut right, mut done) = (0, 0);
        for a in answered {
            done += 1;
            right += usize::from(a.right);
        }
        (right, done)
    }

    /// The rank the exam gives when everything is answered: the games' rank if the problems
    /// were passed too.
    fn passed_rank(&self) -> Option<i32> {
        let rank = self.rank.awarded(self.wins())?;
        (self.games_over() == GAMES && self.problem_score().0 >= PROBLEMS_TO_PASS).then_some(rank)
    }

    /// The rank passed, if the exam was passed.
    pub fn passed(&self) -> Option<i32> {
        match self.end {
            Some(ExamEnd::Passed { rank, .. }) => Some(rank),
            _ => None,
        }
    }

    /// Whether this copy of the exam carries `older` further: the same exam, each of `older`'s
    /// games here (the same game, ended the same way where it had ended), each problem it
    /// showed or answered the same here, and its end, if it had one, this one's.
    pub fn extends(&self, older: &Exam) -> bool {
        let games = self.games.len() >= older.games.len()
            && older
                .games
                .iter()
                .zip(&self.games)
                .all(|(o, n)| o.game == n.game && (o.end.is_none() || o.end == n.end));
        let problems = older.problems.is_empty()
            || (older.problems.len() == self.problems.len()
                && older.problems.iter().zip(&self.problems).all(|(o, n)| {
                    o.key == n.key
                        && (o.shown_ms.is_none() || o.shown_ms == n.shown_ms)
                        && (o.answer.is_none() || o.answer == n.answer)
                }));
        self.id == older.id
            && self.rank == older.rank
            && games
            && problems
            && (older.end.is_none() || older.end == self.end)
    }

    /// The games of this exam (their ids, in order).
    pub fn game_ids(&self) -> Vec<GameId> {
        self.games.iter().map(|g| g.game).collect()
    }
}

/// Why an exam could not be started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The pupil has another exam open (this rank): finish or give it up first.
    OtherOpen(ExamRank),
}

/// Every exam taken on this device (all pupils), oldest first.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Exams {
    pub exams: Vec<Exam>,
}

impl Exams {
    pub fn get(&self, id: u64) -> Option<&Exam> {
        self.exams.iter().find(|e| e.id == id)
    }

    pub fn get_mut(&mut self, id: u64) -> Option<&mut Exam> {
        self.exams.iter_mut().find(|e| e.id == id)
    }

    /// The exam `pupil` has open, if any (one at a time).
    pub fn open_for(&self, pupil: &str) -> Option<&Exam> {
        self.exams
            .iter()
            .find(|e| e.is_open() && e.pupil == pupil.trim())
    }

    /// The pupil's exams, newest first.
    pub fn of(&self, pupil: &str) -> Vec<&Exam> {
        self.exams
            .iter()
            .rev()
            .filter(|e| e.pupil == pupil.trim())
            .collect()
    }

    /// `pupil` starts the exam of `rank` at `now` (its id `id`): the one they have open of that
    /// rank is resumed rather than started again (a lost game cannot be played again by starting
    /// over); another rank open is refused. Returns the exam's id.
    pub fn start(
        &mut self,
        pupil: &str,
        class: &str,
        rank: ExamRank,
        id: u64,
        now: u64,
    ) -> Result<u64, StartError> {
        if let Some(open) = self.open_for(pupil) {
            return if open.rank == rank {
                Ok(open.id)
            } else {
                Err(StartError::OtherOpen(open.rank))
            };
        }
        // Ids are creation times: a second exam in the same millisecond gets the next one.
        let id = self
            .exams
            .iter()
            .map(|e| e.id + 1)
            .max()
            .map_or(id, |next| id.max(next));
        self.exams.push(Exam::new(id, pupil, class, rank, now));
        Ok(id)
    }

    /// The best rank the pupil passed an exam at (a kyu number, 1 段 is 0).
    pub fn best_passed(&self, pupil: &str) -> Option<i32> {
        self.of(pupil).iter().filter_map(|e| e.passed()).min()
    }

    /// The exam the pupil is offered: the first above the best rank they passed, or without
    /// one the exam of the rank they play on the ladder (20 级 without a ladder either).
    pub fn offered(&self, pupil: &str, ladder: Option<Level>) -> Option<ExamRank> {
        match self.best_passed(pupil) {
            Some(best) => ExamRank::ALL.into_iter().find(|r| r.kyu() < best),
            None => Some(ladder.map_or(ExamRank::Kyu20, ExamRank::for_ladder)),
        }
    }

    /// The games of open exams: they cannot be deleted, nor analysed, until their exam is over.
    pub fn locked_games(&self) -> Vec<GameId> {
        self.exams
            .iter()
            .filter(|e| e.is_open())
            .flat_map(Exam::game_ids)
            .collect()
    }

    /// Whether the exam `tag` names is still open (an exam not on this device is not: a game
    /// from a hand-in or another device's file is the teacher's to look at).
    pub fn is_open(&self, tag: &ExamTag) -> bool {
        self.get(tag.exam).is_some_and(Exam::is_open)
    }
}

/// When the ladder says a pupil who failed an exam may try it again: after a clear run of wins
/// against the exam's opponent on the ladder, the same run that offers 升级 there (three wins in
/// a row, or five of the last seven). `ladder` is the pupil's place there (the rank they play and
/// their results at it, oldest first). Returns how many more wins would do: 0 when ready, 3 when
/// they do not play the exam's opponent on the ladder.
pub fn wins_before_retry(exam: &Exam, ladder: Option<(Level, &[bool])>) -> u32 {
    let Some((_, results)) = ladder.filter(|(l, _)| *l == exam.level) else {
        return 3;
    };
    let last: Vec<bool> = results.iter().rev().take(7).copied().collect();
    let run = last.iter().take_while(|&&w| w).count() as u32;
    let of_seven = last.len() == 7 && last.iter().filter(|&&w| w).count() >= 5;
    if run >= 3 || of_seven {
        0
    } else {
        3 - run
    }
}

#[cfg(test)]
mod tests;

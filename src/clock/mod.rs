//! The game clock (竞赛规定 第三条, 裁判法 第二十三条) as a pure state machine: time comes in as
//! milliseconds from the caller, no timer lives here, and the state is only ever computed from
//! timestamps — so background tabs, sleeping laptops and reloads cannot make it drift.
//!
//! Time systems: absolute; byo-yomi in periods — the Chinese 读秒 (the last N minutes of the
//! time limit are reserved: a move under one minute costs nothing, each full minute taken
//! removes one reserved minute, and the last one cannot be used up) is byo-yomi with periods of
//! one minute and the referee's call-outs; Japanese byo-yomi (P periods of S seconds); Fischer
//! (an increment after each move, optionally capped); Canadian (M moves in T).
//!
//! The call-outs are produced here as events, exactly as the seed's referee calls them
//! (竞赛规定 第三条二): in each minute of 读秒 at 30, 40, 50, 55, 58 seconds and the full
//! minute, then "还剩 X 分钟"; in the last minute 30, 40, 50, then 1 … 9 second by second, and
//! "10，超时判负".

use crate::rules::Colour;

pub mod custom;

pub use custom::{CustomKind, CustomTime, TimeError};

pub const MINUTE: u64 = 60_000;
pub const SECOND: u64 = 1_000;

/// How call-outs are made during byo-yomi.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ByoyomiStyle {
    /// 读秒 by the Chinese rules: one-minute periods and the seed's call-outs.
    Chinese,
    /// Japanese byo-yomi: the last ten seconds of each period are counted.
    Japanese,
}

/// A time system.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeSystem {
    /// No extra time: when the main time is gone, the game is lost.
    Absolute { main_ms: u64 },
    /// Main time, then `periods` periods of `period_ms`: a move within a period costs nothing,
    /// each full period taken removes one, and the last one cannot be used up.
    Byoyomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
        style: ByoyomiStyle,
    },
    /// `increment_ms` added after each move; the time left never exceeds `max_ms` (if set).
    Fischer {
        main_ms: u64,
        increment_ms: u64,
        max_ms: Option<u64>,
    },
    /// Main time, then `stones` moves in `period_ms`, again and again.
    Canadian {
        main_ms: u64,
        stones: u32,
        period_ms: u64,
    },
}

impl TimeSystem {
    /// 读秒 with `main_minutes` of main time and `reserved` reserved minutes.
    pub fn chinese(main_minutes: u64, reserved: u32) -> TimeSystem {
        TimeSystem::Byoyomi {
            main_ms: main_minutes * MINUTE,
            periods: reserved,
            period_ms: MINUTE,
            style: ByoyomiStyle::Chinese,
        }
    }

    /// The presets offered in the new-game dialog, by name.
    pub fn presets() -> Vec<(&'static str, TimeSystem)> {
        vec![
            // 基层比赛: 1 hour and one minute of 读秒 (竞赛规定 第三条).
            ("club", TimeSystem::chinese(60, 1)),
            // 全国比赛: 2 hours, five minutes of 读秒.
            ("national", TimeSystem::chinese(120, 5)),
            ("rapid", TimeSystem::chinese(20, 3)),
            (
                "quick",
                TimeSystem::Byoyomi {
                    main_ms: 10 * MINUTE,
                    periods: 3,
                    period_ms: 30 * SECOND,
                    style: ByoyomiStyle::Japanese,
                },
            ),
            (
                "fischer",
                TimeSystem::Fischer {
                    main_ms: 5 * MINUTE,
                    increment_ms: 5 * SECOND,
                    max_ms: None,
                },
            ),
            (
                "canadian",
                TimeSystem::Canadian {
                    main_ms: 10 * MINUTE,
                    stones: 25,
                    period_ms: 5 * MINUTE,
                },
            ),
            (
                "blitz",
                TimeSystem::Absolute {
                    main_ms: 10 * MINUTE,
                },
            ),
        ]
    }

    fn fresh(self) -> SideTime {
        match self {
            TimeSystem::Absolute { main_ms } => SideTime {
                main_ms,
                periods: 0,
                period_ms: 0,
                stones: 0,
            },
            TimeSystem::Byoyomi {
                main_ms, periods, ..
            } => SideTime {
                main_ms,
                periods,
                period_ms: 0,
                stones: 0,
            },
            TimeSystem::Fischer { main_ms, .. } => SideTime {
                main_ms,
                periods: 0,
                period_ms: 0,
                stones: 0,
            },
            TimeSystem::Canadian {
                main_ms,
                stones,
                period_ms,
            } => SideTime {
                main_ms,
                periods: 0,
                period_ms,
                stones,
            },
        }
    }
}

/// One side's time, between moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SideTime {
    /// Main time left.
    pub main_ms: u64,
    /// Byo-yomi periods (reserved minutes in 读秒) left.
    pub periods: u32,
    /// Canadian: time left in the current period.
    pub period_ms: u64,
    /// Canadian: moves still to make in the current period.
    pub stones: u32,
}

/// A call-out, as the referee says it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Callout {
    /// Main time is over; Japanese byo-yomi begins with this many periods ("还剩 3 次").
    ByoyomiStarts { periods: u32 },
    /// Main time is over; Chinese 读秒 begins with this many reserved minutes (竞赛规定 第三条:
    /// counted in minutes, "开始读秒，还剩 2 分钟").
    DumiaoStarts { minutes: u32 },
    /// "30秒": seconds into the current byo-yomi period.
    Seconds(u32),
    /// "1" … "9": the last seconds counted one by one.
    Count(u32),
    /// The full minute of a 读秒 minute ("一分钟").
    FullMinute,
    /// "还剩 X 分钟": after a reserved minute is taken.
    MinutesLeft(u32),
    /// "还剩 X 次": after a Japanese period is taken.
    PeriodsLeft(u32),
    /// In main time (or a Canadian period): this many seconds are left.
    SecondsLeft(u32),
    /// "10，超时判负": the time is over.
    TimeOut,
}

/// A call-out at a moment, for the side whose clock runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimedCallout {
    pub at_ms: u64,
    pub side: Colour,
    pub callout: Callout,
}

/// Why a clock action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClockError {
    /// The side ran out of time before pressing (超时判负).
    TimeOut(Colour),
    /// It is not this side's clock that runs.
    NotRunning,
    /// A time-out already ended the game.
    Flagged(Colour),
}

/// The running move: whose clock, since when, and what was already used before a pause.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Run {
    side: Colour,
    since_ms: u64,
    carried_ms: u64,
}

/// What a side's clock shows at a moment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Display {
    /// Main time left.
    pub main_ms: u64,
    /// In byo-yomi (or Canadian overtime) now.
    pub overtime: bool,
    /// Periods (reserved minutes) left, counting the current one.
    pub periods: u32,
    /// Time left in the current period (byo-yomi or Canadian).
    pub period_left_ms: u64,
    /// Canadian: moves still to make in the period.
    pub stones: u32,
    pub running: bool,
}

/// Both sides' clocks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clock {
    system: TimeSystem,
    sides: [SideTime; 2],
    run: Option<Run>,
    paused: bool,
    flagged: Option<Colour>,
}

impl Clock {
    pub fn new(system: TimeSystem) -> Clock {
        Clock {
            system,
            sides: [system.fresh(); 2],
            run: None,
            paused: false,
            flagged: None,
        }
    }

    /// A clock restored from saved parts (see [`Clock::parts`]).
    pub fn from_parts(
        system: TimeSystem,
        sides: [SideTime; 2],
        running: Option<(Colour, u64, u64)>,
        paused: bool,
        flagged: Option<Colour>,
    ) -> Clock {
        let run = running.map(|(side, since_ms, carried_ms)| Run {
            side,
            since_ms,
            carried_ms,
        });
        Clock {
            system,
            sides,
            run,
            paused,
            flagged,
        }
    }

    /// The saved parts: system, both sides, the running move (side, since, carried), paused, flagged.
    #[allow(clippy::type_complexity)]
    pub fn parts(
        &self,
    ) -> (
        TimeSystem,
        [SideTime; 2],
        Option<(Colour, u64, u64)>,
        bool,
        Option<Colour>,
    ) {
        (
            self.system,
            self.sides,
            self.run.map(|r| (r.side, r.since_ms, r.carried_ms)),
            self.paused,
            self.flagged,
        )
    }

    pub fn system(&self) -> TimeSystem {
        self.system
    }

    pub fn side(&self, c: Colour) -> SideTime {
        self.sides[c.index()]
    }

    /// The side whose clock runs (also while paused).
    pub fn running(&self) -> Option<Colour> {
        self.run.map(|r| r.side)
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    pub fn flagged(&self) -> Option<Colour> {
        self.flagged
    }

    /// Starts `c`'s clock at `now` (the first move after setup, or a resumption).
    pub fn start(&mut self, c: Colour, now: u64) {
        self.run = Some(Run {
            side: c,
            since_ms: now,
            carried_ms: 0,
        });
        self.paused = false;
    }

    /// Stops both clocks without charging anything more (game over).
    pub fn stop(&mut self, now: u64) {
        // As a pause: what the move used so far is kept, so the display stays where it was.
        self.pause(now);
        self.paused = true;
    }

    /// Time the running side has used on this move at `now`.
    fn used(&self, now: u64) -> u64 {
        match self.run {
            Some(r) if self.paused => r.carried_ms,
            Some(r) => r.carried_ms + now.saturating_sub(r.since_ms),
            None => 0,
        }
    }

    /// The longest a side with time `t` can think on one move before losing on time.
    fn allowance(&self, t: SideTime) -> u64 {
        match self.system {
            TimeSystem::Absolute { .. } | TimeSystem::Fischer { .. } => t.main_ms,
            TimeSystem::Byoyomi { period_ms, .. } => t.main_ms + t.periods as u64 * period_ms,
            TimeSystem::Canadian { .. } => t.main_ms + t.period_ms,
        }
    }

    /// When the running side loses on time if it does not move, or `None` when nothing runs.
    pub fn deadline(&self) -> Option<u64> {
        let r = self.run?;
        if self.paused || self.flagged.is_some() {
            return None;
        }
        Some(
            r.since_ms
                + self
                    .allowance(self.sides[r.side.index()])
                    .saturating_sub(r.carried_ms),
        )
    }

    /// The side that has run out of time at `now`, if any (超时判负, 裁判法 第二十三条五).
    pub fn expired(&self, now: u64) -> Option<Colour> {
        if let Some(c) = self.flagged {
            return Some(c);
        }
        let r = self.run?;
        (self.used(now) >= self.allowance(self.sides[r.side.index()])).then_some(r.side)
    }

    /// Marks the running side as out of time when it is; returns it.
    pub fn flag(&mut self, now: u64) -> Option<Colour> {
        let c = self.expired(now)?;
        self.fall(c, now);
        Some(c)
    }

    /// `c`'s flag falls: all of its time is used up (its clock shows 0:00 and the record says
    /// so), both clocks stop.
    fn fall(&mut self, c: Colour, now: u64) {
        if self.flagged.is_none() {
            self.pause(now);
        }
        self.flagged = Some(c);
        self.paused = true;
        self.sides[c.index()] = SideTime {
            main_ms: 0,
            periods: 0,
            period_ms: 0,
            stones: 0,
        };
        if let Some(run) = &mut self.run {
            run.carried_ms = 0;
        }
    }

    /// `c` has moved at `now`: its time is charged and the opponent's clock starts. A move made
    /// after the deadline is refused with [`ClockError::TimeOut`]; one made before it never is.
    pub fn press(&mut self, c: Colour, now: u64) -> Result<(), ClockError> {
        if let Some(f) = self.flagged {
            return Err(ClockError::Flagged(f));
        }
        let Some(run) = self.run else {
            // Not started yet: the first move after setup starts the opponent's clock.
            self.start(c.opponent(), now);
            return Ok(());
        };
        if run.side != c {
            return Err(ClockError::NotRunning);
        }
        let used = self.used(now);
        let t = self.sides[c.index()];
        if used >= self.allowance(t) {
            self.fall(c, now);
            return Err(ClockError::TimeOut(c));
        }
        self.sides[c.index()] = self.charge(t, used);
        self.run = Some(Run {
            side: c.opponent(),
            since_ms: now,
            carried_ms: 0,
        });
        self.paused = false;
        Ok(())
    }

    /// The side's time after a move that used `used` ms (known to be within its allowance).
    fn charge(&self, t: SideTime, used: u64) -> SideTime {
        // Main time is spent first; what is left of the move (if any) is overtime.
        let in_main = SideTime {
            main_ms: t.main_ms.saturating_sub(used),
            ..t
        };
        let over = used.saturating_sub(t.main_ms);
        match self.system {
            TimeSystem::Absolute { .. } => in_main,
            TimeSystem::Fischer {
                increment_ms,
                max_ms,
                ..
            } => {
                let left = in_main.main_ms + increment_ms;
                SideTime {
                    main_ms: max_ms.map_or(left, |m| left.min(m)),
                    ..t
                }
            }
            _ if over == 0 => in_main,
            // Each full period taken removes one; a move within a period costs nothing.
            TimeSystem::Byoyomi { period_ms, .. } => SideTime {
                periods: t.periods - (over / period_ms) as u32,
                ..in_main
            },
            TimeSystem::Canadian {
                stones, period_ms, ..
            } => match t.stones.saturating_sub(1) {
                // The period's moves are made: a new period begins.
                0 => SideTime {
                    period_ms,
                    stones,
                    ..in_main
                },
                left => SideTime {
                    period_ms: t.period_ms - over,
                    stones: left,
                    ..in_main
                },
            },
        }
    }

    /// Pauses both clocks (暂停, 竞赛规定 第五条): the paused time is not counted.
    pub fn pause(&mut self, now: u64) {
        if let Some(run) = self.run {
            if !self.paused {
                self.run = Some(Run {
                    carried_ms: run.carried_ms + now.saturating_sub(run.since_ms),
                    since_ms: now,
                    ..run
                });
                self.paused = true;
            }
        }
    }

    /// Resumes after a pause; the move goes on with the time it had used.
    pub fn resume(&mut self, now: u64) {
        if let Some(run) = self.run {
            if self.paused && self.flagged.is_none() {
                self.run = Some(Run {
                    since_ms: now,
                    ..run
                });
                self.paused = false;
            }
        }
    }

    /// What `c`'s clock shows at `now`.
    pub fn display(&self, c: Colour, now: u64) -> Display {
        let t = self.sides[c.index()];
        if self.flagged == Some(c) {
            // Out of time: nothing left, in overtime where the system has one.
            return Display {
                main_ms: 0,
                overtime: matches!(
                    self.system,
                    TimeSystem::Byoyomi { .. } | TimeSystem::Canadian { .. }
                ),
                periods: 0,
                period_left_ms: 0,
                stones: 0,
                running: false,
            };
        }
        let running = self.run.is_some_and(|r| r.side == c);
        let used = if running {
            self.used(now).min(self.allowance(t))
        } else {
            0
        };
        let mut d = Display {
            main_ms: t.main_ms.saturating_sub(used),
            overtime: false,
            periods: t.periods,
            period_left_ms: 0,
            stones: t.stones,
            running: running && !self.paused,
        };
        match self.system {
            TimeSystem::Byoyomi { period_ms, .. } => {
                d.period_left_ms = period_ms;
                if used > t.main_ms || (t.main_ms == 0 && t.periods > 0) {
                    let over = used.saturating_sub(t.main_ms);
                    let taken = (over / period_ms) as u32;
                    d.overtime = true;
                    d.periods = t.periods.saturating_sub(taken);
                    d.period_left_ms = if d.periods == 0 {
                        0
                    } else {
                        period_ms - over % period_ms
                    };
                }
            }
            TimeSystem::Canadian { .. } => {
                d.period_left_ms = t.period_ms;
                if used > t.main_ms || t.main_ms == 0 {
                    d.overtime = true;
                    d.period_left_ms = t.period_ms.saturating_sub(used.saturating_sub(t.main_ms));
                }
            }
            _ => {}
        }
        d
    }

    /// The call-outs due in `(from, to]` for the side whose clock runs, in order.
    pub fn callouts(&self, from: u64, to: u64) -> Vec<TimedCallout> {
        let Some(run) = self.run else { return vec![] };
        if self.paused || to <= from {
            return vec![];
        }
        // Offsets (ms of thinking on this move) at which call-outs fall.
        let t = self.sides[run.side.index()];
        let start = run.since_ms as i128 - run.carried_ms as i128;
        let mut out = Vec::new();
        let mut push = |offset: u64, callout: Callout| {
            let at = start + offset as i128;
            if at > from as i128 && at <= to as i128 {
                out.push(TimedCallout {
                    at_ms: at as u64,
                    side: run.side,
                    callout,
                });
            }
        };
        match self.system {
            TimeSystem::Byoyomi {
                period_ms, style, ..
            } => {
                let base = t.main_ms;
                if base > 0 {
                    push(
                        base,
                        match style {
                            ByoyomiStyle::Chinese => Callout::DumiaoStarts { minutes: t.periods },
                            ByoyomiStyle::Japanese => Callout::ByoyomiStarts { periods: t.periods },
                        },
                    );
                }
                for j in 0..t.periods {
                    let p0 = base + j as u64 * period_ms;
                    let left = t.periods - j; // periods left while in this one
                    let last = left == 1;
                    match style {
                        ByoyomiStyle::Chinese => {
                            // 竞赛规定 第三条二: 30、40、50、55、58 秒、一分钟; the last minute 30、40、50, then 1…9, "10，超时判负".
                            let marks: &[u32] = if last {
                                &[30, 40, 50]
                            } else {
                                &[30, 40, 50, 55, 58]
                            };
                            for &s in marks {
                                push(p0 + s as u64 * SECOND, Callout::Seconds(s));
                            }
                            if last {
                                for k in 1..=9 {
                                    push(p0 + (50 + k) as u64 * SECOND, Callout::Count(k));
                                }
                                push(p0 + period_ms, Callout::TimeOut);
                            } else {
                                push(p0 + period_ms, Callout::FullMinute);
                                push(p0 + period_ms, Callout::MinutesLeft(left - 1));
                            }
                        }
                        ByoyomiStyle::Japanese => {
                            let secs = (period_ms / SECOND) as u32;
                            let mut s = 10;
                            while s + 10 <= secs {
                                push(p0 + s as u64 * SECOND, Callout::Seconds(s));
                                s += 10;
                            }
                            if secs >= 10 {
                                for k in 1..=9u32 {
                                    push(p0 + (secs - 10 + k) as u64 * SECOND, Callout::Count(k));
                                }
                            }
                            push(
                                p0 + period_ms,
                                if last {
                                    Callout::TimeOut
                                } else {
                                    Callout::PeriodsLeft(left - 1)
                                },
                            );
                        }
                    }
                }
            }
            _ => {
                // Count down the last minute, 30 s, and the last ten seconds of the allowance.
                let allowance = self.allowance(t);
                for secs in [60u64, 30] {
                    if allowance > secs * SECOND + SECOND {
                        push(allowance - secs * SECOND, Callout::SecondsLeft(secs as u32));
                    }
                }
                for k in 1..=9u64 {
                    if allowance > (10 - k) * SECOND {
                        push(allowance - (10 - k) * SECOND, Callout::Count(k as u32));
                    }
                }
                push(allowance, Callout::TimeOut);
            }
        }
        // In time order, equal times as pushed: an insertion sort, as the list is a handful of
        // call-outs (a general sort's code would cost the app shell a kilobyte).
        for i in 1..out.len() {
            let mut j = i;
            while j > 0 && out[j - 1].at_ms > out[j].at_ms {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;

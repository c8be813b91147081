//! A time control entered by hand (a club's own, e.g. 45 min + 3×30 s), checked before a game
//! starts: every system the clock knows, with the reason when the numbers do not make one.

use super::{ByoyomiStyle, TimeSystem, MINUTE, SECOND};

/// Which system a custom time control uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomKind {
    /// Main time only (包干).
    Absolute,
    /// Chinese 读秒: reserved minutes (竞赛规定 第三条).
    Dumiao,
    /// Japanese byo-yomi: periods of some seconds.
    Byoyomi,
    /// Fischer: an increment per move, with an optional cap.
    Fischer,
    /// Canadian: some moves in a period.
    Canadian,
}

impl CustomKind {
    pub const ALL: [CustomKind; 5] = [
        CustomKind::Dumiao,
        CustomKind::Byoyomi,
        CustomKind::Fischer,
        CustomKind::Canadian,
        CustomKind::Absolute,
    ];

    pub fn key(self) -> &'static str {
        match self {
            CustomKind::Absolute => "absolute",
            CustomKind::Dumiao => "dumiao",
            CustomKind::Byoyomi => "byoyomi",
            CustomKind::Fischer => "fischer",
            CustomKind::Canadian => "canadian",
        }
    }

    pub fn from_key(s: &str) -> Option<CustomKind> {
        CustomKind::ALL.into_iter().find(|k| k.key() == s)
    }
}

/// The numbers of a custom time control as entered (whole minutes, seconds, counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CustomTime {
    pub kind: CustomKind,
    pub main_minutes: u32,
    /// 读秒: reserved minutes; byo-yomi: periods.
    pub periods: u32,
    /// Byo-yomi: seconds a period.
    pub period_seconds: u32,
    /// Fischer: seconds added a move.
    pub increment_seconds: u32,
    /// Fischer: the most a clock may hold, in minutes (0: no cap).
    pub cap_minutes: u32,
    /// Canadian: moves to make in a period.
    pub stones: u32,
    /// Canadian: minutes a period.
    pub canadian_minutes: u32,
}

impl Default for CustomTime {
    fn default() -> CustomTime {
        CustomTime {
            kind: CustomKind::Dumiao,
            main_minutes: 30,
            periods: 3,
            period_seconds: 30,
            increment_seconds: 10,
            cap_minutes: 0,
            stones: 25,
            canadian_minutes: 5,
        }
    }
}

/// Why numbers do not make a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeError {
    /// No time at all: a game could not make its first move.
    NoTime,
    /// Main time over ten hours.
    MainTooLong,
    /// 读秒 needs 1–60 reserved minutes; byo-yomi 1–60 periods.
    Periods,
    /// A byo-yomi period must last 5–300 seconds.
    PeriodLength,
    /// The Fischer increment must be 1–300 seconds.
    Increment,
    /// A Fischer cap must hold at least the main time.
    CapBelowMain,
    /// Canadian needs 1–100 moves in a period of 1–60 minutes.
    Canadian,
}

/// The longest main time accepted (10 hours).
pub const MAX_MAIN_MINUTES: u32 = 600;

impl CustomTime {
    /// The time system these numbers make, or why they make none.
    pub fn system(&self) -> Result<TimeSystem, TimeError> {
        if self.main_minutes > MAX_MAIN_MINUTES {
            return Err(TimeError::MainTooLong);
        }
        let main_ms = self.main_minutes as u64 * MINUTE;
        match self.kind {
            CustomKind::Absolute if main_ms == 0 => Err(TimeError::NoTime),
            CustomKind::Absolute => Ok(TimeSystem::Absolute { main_ms }),
            CustomKind::Dumiao if !(1..=60).contains(&self.periods) => Err(TimeError::Periods),
            CustomKind::Dumiao => Ok(TimeSystem::chinese(self.main_minutes as u64, self.periods)),
            CustomKind::Byoyomi if !(1..=60).contains(&self.periods) => Err(TimeError::Periods),
            CustomKind::Byoyomi if !(5..=300).contains(&self.period_seconds) => {
                Err(TimeError::PeriodLength)
            }
            CustomKind::Byoyomi => Ok(TimeSystem::Byoyomi {
                main_ms,
                periods: self.periods,
                period_ms: self.period_seconds as u64 * SECOND,
                style: ByoyomiStyle::Japanese,
            }),
            CustomKind::Fischer if !(1..=300).contains(&self.increment_seconds) => {
                Err(TimeError::Increment)
            }
            CustomKind::Fischer if self.cap_minutes > 0 && self.cap_minutes < self.main_minutes => {
                Err(TimeError::CapBelowMain)
            }
            CustomKind::Fischer if main_ms == 0 => Err(TimeError::NoTime),
            CustomKind::Fischer => Ok(TimeSystem::Fischer {
                main_ms,
                increment_ms: self.increment_seconds as u64 * SECOND,
                max_ms: (self.cap_minutes > 0).then_some(self.cap_minutes as u64 * MINUTE),
            }),
            CustomKind::Canadian
                if !(1..=100).contains(&self.stones)
                    || !(1..=60).contains(&self.canadian_minutes) =>
            {
                Err(TimeError::Canadian)
            }
            CustomKind::Canadian => Ok(TimeSystem::Canadian {
                main_ms,
                stones: self.stones,
                period_ms: self.canadian_minutes as u64 * MINUTE,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clubs_own_time_control_is_made() {
        // 45 min + 3×30 s byo-yomi.
        let t = CustomTime {
            kind: CustomKind::Byoyomi,
            main_minutes: 45,
            periods: 3,
            period_seconds: 30,
            ..CustomTime::default()
        };
        assert_eq!(
            t.system(),
            Ok(TimeSystem::Byoyomi {
                main_ms: 45 * MINUTE,
                periods: 3,
                period_ms: 30 * SECOND,
                style: ByoyomiStyle::Japanese
            })
        );
        let f = CustomTime {
            kind: CustomKind::Fischer,
            main_minutes: 15,
            increment_seconds: 10,
            cap_minutes: 20,
            ..CustomTime::default()
        };
        assert_eq!(
            f.system(),
            Ok(TimeSystem::Fischer {
                main_ms: 15 * MINUTE,
                increment_ms: 10 * SECOND,
                max_ms: Some(20 * MINUTE)
            })
        );
        let c = CustomTime {
            kind: CustomKind::Canadian,
            main_minutes: 0,
            stones: 20,
            canadian_minutes: 10,
            ..CustomTime::default()
        };
        assert!(
            c.system().is_ok(),
            "Canadian with no main time starts in overtime"
        );
    }

    #[test]
    fn numbers_that_make_no_time_control_say_why() {
        let base = CustomTime::default();
        let with = |f: fn(&mut CustomTime)| {
            let mut t = base;
            f(&mut t);
            t.system()
        };
        assert_eq!(
            with(|t| {
                t.kind = CustomKind::Absolute;
                t.main_minutes = 0
            }),
            Err(TimeError::NoTime)
        );
        assert_eq!(with(|t| t.main_minutes = 601), Err(TimeError::MainTooLong));
        assert_eq!(with(|t| t.periods = 0), Err(TimeError::Periods));
        assert_eq!(
            with(|t| {
                t.kind = CustomKind::Byoyomi;
                t.period_seconds = 2
            }),
            Err(TimeError::PeriodLength)
        );
        assert_eq!(
            with(|t| {
                t.kind = CustomKind::Fischer;
                t.increment_seconds = 0
            }),
            Err(TimeError::Increment)
        );
        assert_eq!(
            with(|t| {
                t.kind = CustomKind::Fischer;
                t.cap_minutes = 10
            }),
            Err(TimeError::CapBelowMain)
        );
        assert_eq!(
            with(|t| {
                t.kind = CustomKind::Canadian;
                t.stones = 0
            }),
            Err(TimeError::Canadian)
        );
    }
}

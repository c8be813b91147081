//! The clock with scripted timestamps: every time system, the boundaries, pause, call-outs.

use super::*;
use crate::rules::Colour::{Black, White};

const S: u64 = SECOND;
const M: u64 = MINUTE;

/// A 读秒 clock already in byo-yomi with `reserved` minutes, black to move at t = 0.
fn in_duchmiao(reserved: u32) -> Clock {
    let mut c = Clock::new(TimeSystem::chinese(0, reserved));
    c.start(Black, 0);
    c
}

#[test]
fn a_move_under_one_minute_costs_nothing() {
    let mut c = in_duchmiao(5);
    c.press(Black, 59_999).unwrap();
    assert_eq!(c.side(Black).periods, 5);
    c.press(White, 59_999 + 60_000).unwrap();
    assert_eq!(
        c.side(White).periods,
        4,
        "60.000 s takes one reserved minute"
    );
}

#[test]
fn several_minutes_in_one_move() {
    let mut c = in_duchmiao(5);
    c.press(Black, 3 * M + 10 * S).unwrap();
    assert_eq!(c.side(Black).periods, 2);
    assert_eq!(c.display(Black, 0).periods, 2);
}

#[test]
fn the_last_minute_cannot_be_used_up() {
    let mut c = in_duchmiao(1);
    assert_eq!(c.deadline(), Some(M));
    assert_eq!(c.expired(M - 1), None);
    assert_eq!(c.expired(M), Some(Black));
    c.press(Black, M - 1).unwrap();
    assert_eq!(c.side(Black).periods, 1);
    assert_eq!(c.press(White, M - 1 + M), Err(ClockError::TimeOut(White)));
    assert_eq!(c.flagged(), Some(White));
    assert_eq!(c.press(White, 3 * M), Err(ClockError::Flagged(White)));
}

#[test]
fn main_time_runs_into_duchmiao_within_a_move() {
    let mut c = Clock::new(TimeSystem::chinese(1, 3));
    c.start(Black, 0);
    // 60 s main + 70 s: one reserved minute taken.
    c.press(Black, 130 * S).unwrap();
    assert_eq!(
        c.side(Black),
        SideTime {
            main_ms: 0,
            periods: 2,
            period_ms: 0,
            stones: 0
        }
    );
    let d = c.display(White, 130 * S);
    assert!(!d.overtime && d.main_ms == M && d.running);
    let d = c.display(White, 130 * S + 75 * S);
    assert!(d.overtime);
    assert_eq!((d.periods, d.period_left_ms), (3, 45 * S));
}

#[test]
fn the_first_move_starts_the_opponents_clock() {
    let mut c = Clock::new(TimeSystem::chinese(10, 1));
    assert_eq!(c.running(), None);
    c.press(Black, 5_000).unwrap();
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.side(Black).main_ms, 10 * M, "the first move is not timed");
    assert_eq!(c.press(Black, 6_000), Err(ClockError::NotRunning));
}

#[test]
fn absolute_time_runs_out() {
    let mut c = Clock::new(TimeSystem::Absolute { main_ms: 10 * S });
    c.start(Black, 1_000);
    c.press(Black, 5_000).unwrap();
    assert_eq!(c.side(Black).main_ms, 6 * S);
    c.press(White, 6_000).unwrap();
    assert_eq!(c.expired(6_000 + 6 * S - 1), None);
    assert_eq!(c.expired(6_000 + 6 * S), Some(Black));
}

#[test]
fn fischer_adds_the_increment_up_to_the_cap() {
    let mut c = Clock::new(TimeSystem::Fischer {
        main_ms: 60 * S,
        increment_ms: 5 * S,
        max_ms: Some(62 * S),
    });
    c.start(Black, 0);
    c.press(Black, 2 * S).unwrap();
    assert_eq!(c.side(Black).main_ms, 62 * S, "58 + 5 capped at 62");
    c.press(White, 2 * S + 30 * S).unwrap();
    assert_eq!(c.side(White).main_ms, 35 * S);
}

#[test]
fn canadian_periods_reset_after_the_stones() {
    let mut c = Clock::new(TimeSystem::Canadian {
        main_ms: 0,
        stones: 2,
        period_ms: 60 * S,
    });
    c.start(Black, 0);
    c.press(Black, 20 * S).unwrap();
    assert_eq!((c.side(Black).stones, c.side(Black).period_ms), (1, 40 * S));
    c.press(White, 21 * S).unwrap();
    c.press(Black, 21 * S + 30 * S).unwrap();
    assert_eq!(
        (c.side(Black).stones, c.side(Black).period_ms),
        (2, 60 * S),
        "a new period"
    );
    c.press(White, 52 * S).unwrap();
    assert_eq!(c.expired(52 * S + 60 * S), Some(Black));
}

#[test]
fn paused_time_is_not_counted() {
    let mut c = in_duchmiao(1);
    c.pause(40 * S);
    assert_eq!(c.expired(10 * M), None);
    assert_eq!(c.deadline(), None);
    assert!(
        c.callouts(0, 10 * M).is_empty(),
        "no call-outs while paused"
    );
    c.resume(10 * M);
    // 40 s were used before the pause: 20 s are left.
    assert_eq!(c.deadline(), Some(10 * M + 20 * S));
    assert_eq!(c.display(Black, 10 * M + 5 * S).period_left_ms, 15 * S);
    c.press(Black, 10 * M + 19 * S).unwrap();
    assert_eq!(c.side(Black).periods, 1);
}

fn said(c: &Clock, from: u64, to: u64) -> Vec<(u64, Callout)> {
    c.callouts(from, to)
        .into_iter()
        .map(|x| (x.at_ms / S, x.callout))
        .collect()
}

#[test]
fn duchmiao_callouts_as_the_referee_makes_them() {
    use Callout::*;
    let c = in_duchmiao(2);
    let expected = vec![
        (30, Seconds(30)),
        (40, Seconds(40)),
        (50, Seconds(50)),
        (55, Seconds(55)),
        (58, Seconds(58)),
        (60, FullMinute),
        (60, MinutesLeft(1)),
        (90, Seconds(30)),
        (100, Seconds(40)),
        (110, Seconds(50)),
        (111, Count(1)),
        (112, Count(2)),
        (113, Count(3)),
        (114, Count(4)),
        (115, Count(5)),
        (116, Count(6)),
        (117, Count(7)),
        (118, Count(8)),
        (119, Count(9)),
        (120, TimeOut),
    ];
    assert_eq!(said(&c, 0, 10 * M), expected);
    // Asked piecewise, as a ticking UI does, the same list comes out once.
    let mut piecewise = Vec::new();
    let mut t = 0;
    while t < 10 * M {
        piecewise.extend(said(&c, t, t + 333));
        t += 333;
    }
    assert_eq!(piecewise, expected);
}

#[test]
fn main_time_then_duchmiao_announces_the_start() {
    let c = {
        let mut c = Clock::new(TimeSystem::chinese(1, 1));
        c.start(White, 1_000);
        c
    };
    let list = said(&c, 0, 3 * M);
    assert_eq!(list[0], (61, Callout::DumiaoStarts { minutes: 1 }));
    assert_eq!(list.last(), Some(&(121, Callout::TimeOut)));
}

#[test]
fn japanese_periods_count_the_last_ten_seconds() {
    use Callout::*;
    let mut c = Clock::new(TimeSystem::Byoyomi {
        main_ms: 0,
        periods: 2,
        period_ms: 30 * S,
        style: ByoyomiStyle::Japanese,
    });
    c.start(Black, 0);
    let list = said(&c, 0, 2 * M);
    assert_eq!(
        &list[..3],
        &[(10, Seconds(10)), (20, Seconds(20)), (21, Count(1))]
    );
    assert!(list.contains(&(30, PeriodsLeft(1))));
    assert_eq!(list.last(), Some(&(60, TimeOut)));
}

#[test]
fn absolute_time_counts_down_the_last_seconds() {
    use Callout::*;
    let mut c = Clock::new(TimeSystem::Absolute { main_ms: 2 * M });
    c.start(Black, 0);
    let list = said(&c, 0, 3 * M);
    assert_eq!(list[0], (60, SecondsLeft(60)));
    assert_eq!(list[1], (90, SecondsLeft(30)));
    assert_eq!(list[2], (111, Count(1)));
    assert_eq!(list.last(), Some(&(120, TimeOut)));
}

#[test]
fn saved_parts_restore_the_same_clock() {
    let mut c = Clock::new(TimeSystem::chinese(5, 3));
    c.press(Black, 100).unwrap();
    c.press(White, 40_100).unwrap();
    c.pause(50_000);
    let (system, sides, running, paused, flagged) = c.parts();
    assert_eq!(
        Clock::from_parts(system, sides, running, paused, flagged),
        c
    );
}

#[test]
fn a_fallen_flag_shows_no_time_left() {
    // 读秒 1 minute: white's flag falls at the tick; its clock must not jump back to 1:00.
    let mut c = in_duchmiao(1);
    c.press(Black, 10 * S).unwrap();
    assert_eq!(c.flag(10 * S + M), Some(White));
    let d = c.display(White, 10 * S + M + 5 * S);
    assert_eq!((d.main_ms, d.periods, d.period_left_ms), (0, 0, 0));
    assert!(d.overtime && !d.running);
    assert_eq!(c.side(White).periods, 0);
    // The same when the flag falls on a late press, and in absolute time.
    let mut a = Clock::new(TimeSystem::Absolute { main_ms: 5 * M });
    a.start(Black, 0);
    assert_eq!(a.press(Black, 6 * M), Err(ClockError::TimeOut(Black)));
    let d = a.display(Black, 7 * M);
    assert_eq!((d.main_ms, d.overtime), (0, false));
    // The winner's clock keeps what it had.
    assert_eq!(a.display(White, 7 * M).main_ms, 5 * M);
}

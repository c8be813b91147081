//! The clock's words: what a side's clock shows, the referee's call-outs, time systems and
//! custom time controls.

use super::Lang;
use crate::clock::{ByoyomiStyle, Callout, Display, TimeSystem};

/// A call-out as the referee says it (竞赛规定 第三条二).
pub fn callout(lang: Lang, c: Callout) -> String {
    match (lang, c) {
        (Lang::Zh, Callout::ByoyomiStarts { periods }) => format!("开始读秒，{periods} 次"),
        (Lang::Zh, Callout::DumiaoStarts { minutes }) => format!("开始读秒，还剩 {minutes} 分钟"),
        (Lang::En, Callout::DumiaoStarts { minutes }) => {
            format!("Byo-yomi begins: {minutes} minutes left")
        }
        (Lang::En, Callout::ByoyomiStarts { periods }) => format!("Byo-yomi: {periods} periods"),
        (Lang::Zh, Callout::Seconds(s)) => format!("{s}秒"),
        (Lang::En, Callout::Seconds(s)) => format!("{s} seconds"),
        (_, Callout::Count(k)) => format!("{k}"),
        (Lang::Zh, Callout::FullMinute) => "一分钟".into(),
        (Lang::En, Callout::FullMinute) => "One minute".into(),
        (Lang::Zh, Callout::MinutesLeft(x)) => format!("还剩 {x} 分钟"),
        (Lang::En, Callout::MinutesLeft(x)) => format!("{x} minutes left"),
        (Lang::Zh, Callout::PeriodsLeft(x)) => format!("还剩 {x} 次"),
        (Lang::En, Callout::PeriodsLeft(x)) => format!("{x} periods left"),
        (Lang::Zh, Callout::SecondsLeft(s)) => format!("还剩 {s} 秒"),
        (Lang::En, Callout::SecondsLeft(s)) => format!("{s} seconds left"),
        (Lang::Zh, Callout::TimeOut) => "10，超时判负".into(),
        (Lang::En, Callout::TimeOut) => "10 — out of time, the game is lost".into(),
    }
}

/// Milliseconds as a clock shows them: `1:05:03`, `4:59`, `0:07` (rounded up, as a clock does).
pub fn clock_time(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

/// What a side's clock shows: main time, or the byo-yomi state.
pub fn clock_display(lang: Lang, system: TimeSystem, d: Display) -> String {
    if !d.overtime {
        return clock_time(d.main_ms);
    }
    match (system, lang) {
        (
            TimeSystem::Byoyomi {
                style: ByoyomiStyle::Chinese,
                ..
            },
            Lang::Zh,
        ) => {
            format!("读秒 {} 分 · {}", d.periods, clock_time(d.period_left_ms))
        }
        (
            TimeSystem::Byoyomi {
                style: ByoyomiStyle::Chinese,
                ..
            },
            Lang::En,
        ) => {
            format!(
                "Byo-yomi {} min · {}",
                d.periods,
                clock_time(d.period_left_ms)
            )
        }
        (TimeSystem::Byoyomi { period_ms, .. }, _) => {
            format!(
                "{}×{}s · {}",
                d.periods,
                period_ms / 1000,
                clock_time(d.period_left_ms)
            )
        }
        (TimeSystem::Canadian { .. }, Lang::Zh) => {
            format!("{} 手 · {}", d.stones, clock_time(d.period_left_ms))
        }
        (TimeSystem::Canadian { .. }, Lang::En) => {
            format!("{} moves · {}", d.stones, clock_time(d.period_left_ms))
        }
        _ => clock_time(d.main_ms),
    }
}

/// A time system described for the new-game dialog.
pub fn time_system(lang: Lang, t: TimeSystem) -> String {
    let min = |ms: u64| ms / 60_000;
    match (t, lang) {
        (TimeSystem::Absolute { main_ms }, Lang::Zh) => format!("{} 分钟包干", min(main_ms)),
        (TimeSystem::Absolute { main_ms }, Lang::En) => format!("{} min absolute", min(main_ms)),
        (
            TimeSystem::Byoyomi {
                main_ms,
                periods,
                style: ByoyomiStyle::Chinese,
                ..
            },
            Lang::Zh,
        ) => {
            format!("{} 分钟 + 读秒 {} 分钟", min(main_ms), periods)
        }
        (
            TimeSystem::Byoyomi {
                main_ms,
                periods,
                style: ByoyomiStyle::Chinese,
                ..
            },
            Lang::En,
        ) => {
            format!("{} min + {} min byo-yomi", min(main_ms), periods)
        }
        (
            TimeSystem::Byoyomi {
                main_ms,
                periods,
                period_ms,
                ..
            },
            Lang::Zh,
        ) => {
            format!(
                "{} 分钟 + {}×{} 秒",
                min(main_ms),
                periods,
                period_ms / 1000
            )
        }
        (
            TimeSystem::Byoyomi {
                main_ms,
                periods,
                period_ms,
                ..
            },
            Lang::En,
        ) => {
            format!(
                "{} min + {}×{} s byo-yomi",
                min(main_ms),
                periods,
                period_ms / 1000
            )
        }
        (
            TimeSystem::Fischer {
                main_ms,
                increment_ms,
                ..
            },
            Lang::Zh,
        ) => {
            format!("{} 分钟 + 每手加 {} 秒", min(main_ms), increment_ms / 1000)
        }
        (
            TimeSystem::Fischer {
                main_ms,
                increment_ms,
                ..
            },
            Lang::En,
        ) => {
            format!("{} min + {} s Fischer", min(main_ms), increment_ms / 1000)
        }
        (
            TimeSystem::Canadian {
                main_ms,
                stones,
                period_ms,
            },
            Lang::Zh,
        ) => {
            format!(
                "{} 分钟 + {} 分钟 {} 手",
                min(main_ms),
                min(period_ms),
                stones
            )
        }
        (
            TimeSystem::Canadian {
                main_ms,
                stones,
                period_ms,
            },
            Lang::En,
        ) => {
            format!(
                "{} min + {} moves in {} min",
                min(main_ms),
                stones,
                min(period_ms)
            )
        }
    }
}

/// A kind of custom time control, by its name in `lang`.
pub fn custom_kind(lang: Lang, k: crate::clock::CustomKind) -> &'static str {
    use crate::clock::CustomKind as K;
    let (zh, en) = match k {
        K::Dumiao => ("读秒（中国）", "Byo-yomi, Chinese (whole minutes)"),
        K::Byoyomi => ("日本读秒（byo-yomi）", "Byo-yomi, Japanese (periods)"),
        K::Fischer => ("费舍尔加秒", "Fischer increment"),
        K::Canadian => ("加拿大读秒", "Canadian"),
        K::Absolute => ("包干", "Absolute"),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Why the numbers entered make no time control.
pub fn time_error(lang: Lang, e: crate::clock::TimeError) -> &'static str {
    use crate::clock::TimeError as E;
    let (zh, en) = match e {
        E::NoTime => (
            "用时不能为零：请填写基本用时。",
            "There must be some time: enter a main time.",
        ),
        E::MainTooLong => (
            "基本用时最多 600 分钟。",
            "Main time is at most 600 minutes.",
        ),
        E::Periods => (
            "读秒次数（或保留分钟）须为 1–60。",
            "Periods (or reserved minutes) must be 1–60.",
        ),
        E::PeriodLength => (
            "每次读秒须为 5–300 秒。",
            "A period must last 5–300 seconds.",
        ),
        E::Increment => (
            "每手加秒须为 1–300 秒。",
            "The increment must be 1–300 seconds.",
        ),
        E::CapBelowMain => (
            "上限不能少于基本用时。",
            "The cap cannot be less than the main time.",
        ),
        E::Canadian => (
            "加拿大读秒：每段 1–100 手、1–60 分钟。",
            "Canadian: 1–100 moves in 1–60 minutes.",
        ),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

//! The computer opponents as the new-game dialog and the ladder name them.

use super::Lang;

/// An opponent as offered in the new-game dialog: its rank and the rank it measured on this
/// board ("15 级 · 实测约 12 级"), or on the board it was measured on when that is another one
/// ("15 级 · 9路实测约 13 级"); 最强 says how long it thinks on this board.
pub fn level_choice(lang: Lang, level: crate::bot::Level, size: crate::rules::BoardSize) -> String {
    let name = level_name(lang, level);
    if level.kyu().is_none() {
        // Whole seconds (an integer: no float formatting in the shell).
        let secs = level.seconds_per_move(size.area() as usize).0.round() as u32;
        return match lang {
            Lang::Zh => format!("{name} · 约 {secs} 秒/手"),
            Lang::En => format!("{name} · about {secs} s a move"),
        };
    }
    let m = level.measured_on(size);
    let rank = measured_rank(lang, m.kyu);
    // The board it was measured on, when it is another one (literals: no number formatting).
    let (zh, en) = match (m.board != size.get(), m.board) {
        (false, _) => ("", ""),
        (true, 9) => ("9路", " on 9×9"),
        (true, 13) => ("13路", " on 13×13"),
        (true, _) => ("19路", " on 19×19"),
    };
    match lang {
        Lang::Zh => format!("{name} · {zh}实测约 {rank}"),
        Lang::En => format!("{name} · measured{en} ≈ {rank}"),
    }
}

/// A measured rank in kyu (1 dan = 0): "16 级", "2 段" / "16 kyu", "2 dan".
pub fn measured_rank(lang: Lang, kyu: f32) -> String {
    let k = kyu.round() as i32;
    let (n, unit) = match (lang, k >= 1) {
        (Lang::Zh, true) => (k, "级"),
        (Lang::Zh, false) => (1 - k, "段"),
        (Lang::En, true) => (k, "kyu"),
        (Lang::En, false) => (1 - k, "dan"),
    };
    format!("{n} {unit}")
}

/// The opponent's name: its rank on the ladder ("15 级"), or 最强.
pub fn level_name(lang: Lang, level: crate::bot::Level) -> String {
    match (level.kyu(), lang) {
        (Some(k), Lang::Zh) => format!("{k} 级"),
        (Some(k), Lang::En) => format!("{k} kyu"),
        (None, Lang::Zh) => "最强".into(),
        (None, Lang::En) => "Strongest".into(),
    }
}

/// How an opponent plays, in a line a pupil and a teacher read beside the rank.
pub fn level_style(lang: Lang, level: crate::bot::Level) -> &'static str {
    use crate::bot::Level::*;
    let (zh, en) = match level {
        Kyu25 => (
            "刚学会规则：常常不应叫吃，看不见能吃的子",
            "Has just learned the rules: often misses an atari or a capture",
        ),
        Kyu20 => (
            "会吃子，但常常顾此失彼",
            "Captures stones, but often forgets its own",
        ),
        Kyu15 => (
            "会吃子、会逃，不大会做活",
            "Captures and runs, but seldom makes life",
        ),
        Kyu10 => (
            "懂得做活，大块棋不会不管",
            "Makes life and never leaves a big group in atari",
        ),
        Kyu5 => (
            "有棋形、有方向，偶尔看漏",
            "Plays good shape in the right direction; overlooks now and then",
        ),
        Kyu1 => (
            "凭第一感下棋，不计算",
            "Plays its first instinct without reading",
        ),
        Strongest => (
            "每手计算数秒，全力以赴",
            "Reads for seconds; plays its best",
        ),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

//! The words of analysis and 复盘: the estimate, ownership that changed, the network's line.

use super::{colour, Lang};
use crate::rules::Colour;

/// The bot's estimate (hint, 形势判断): "形势：黑约领先 3.5 目", or "形势：双方差不多" when it
/// rounds to half a point or less. One figure, Black's lead from the search that chose the hint: the win rate beside it
/// came from another evaluation and could say the opposite ("黑约领先 0.5 目 · 黑胜率 45%",
/// issue 51) — a lead a pupil can check against the count; a percentage they cannot.
pub fn estimate(lang: Lang, lead: f32) -> String {
    let halves = (lead.abs() * 2.0).round() as i64;
    let pts = if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        crate::record::tenths_string(halves * 5)
    };
    let black = lead >= 0.0;
    match (lang, halves < 2) {
        (Lang::Zh, true) => "形势：双方差不多".into(),
        (Lang::En, true) => "Estimate: about even".into(),
        (Lang::Zh, false) => format!("形势：{}约领先 {pts} 目", if black { "黑" } else { "白" }),
        (Lang::En, false) => format!(
            "Estimate: {} ahead by about {pts} points",
            if black { "Black" } else { "White" }
        ),
    }
}

/// Where the move shown changed who owns what: `n` points, shaded on the board in the colour of
/// the side they moved towards.
pub fn ownership_moved(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::Zh, 0) => "这手之后，没有哪个点换了主人。".into(),
        (Lang::En, 0) => "This move changed no point’s owner.".into(),
        (Lang::Zh, n) => format!("这手之后，涂了颜色的 {n} 个点换了主人（颜色是得到它们的一方）。"),
        (Lang::En, 1) => "After this move, the shaded point changed hands (its colour is the side that gained it).".into(),
        (Lang::En, n) => format!("After this move, the {n} shaded points changed hands (their colour is the side that gained them)."),
    }
}

/// A step of the network's line: 变化 2 / 8：白 D4 / Line 2 / 8: White D4.
pub fn line_step(lang: Lang, step: usize, len: usize, c: Colour, at: &str) -> String {
    let who = colour(lang, c);
    match lang {
        Lang::Zh => format!("变化 {step} / {len}：{who} {at}"),
        Lang::En => format!("Line {step} / {len}: {who} {at}"),
    }
}

//! The words of 每日练习 (issue 53) in Chinese and English, and its line in the class report.
//! Part of the catalogue (`ui/i18n.rs`); only 学下棋's wasm uses them.

use super::Lang;
use crate::session::stored::daily::DailySummary;

/// Fixed phrases of 每日练习's screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DailyMsg {
    Title,
    Intro,
    Start,
    Loading,
    Offline,
    AllDone,
    Right,
    TryAgain,
    NotThere,
    AnswerIs,
    Next,
    Back,
}

pub fn daily(l: Lang, m: DailyMsg) -> &'static str {
    use DailyMsg::*;
    let (zh, en) = match m {
        Title => ("每日练习", "Daily practice"),
        Intro => (
            "每天做几道题。做对了，题目会难一点；做错了，会容易一点。",
            "A few problems every day. Get one right and the next is a little harder; get one wrong and it is a little easier.",
        ),
        Start => ("开始练习", "Start practising"),
        Loading => ("正在拿题目……", "Getting the problems…"),
        Offline => (
            "题目没拿到。要先连上网，打开一次每日练习，以后没有网也能做。",
            "Could not get the problems. Open daily practice once with the internet on; after that it works without it.",
        ),
        AllDone => (
            "这一级的题都做完了！明天再来，或者去做别的题。",
            "You have done every problem at your level! Come back tomorrow, or try the other problems.",
        ),
        Right => ("对了！", "Right!"),
        TryAgain => ("点棋盘，再试一次。", "Tap the board to try again."),
        NotThere => (
            "不对。这一步不行。",
            "Not this one. That move does not work.",
        ),
        AnswerIs => ("正解是这样的：", "Here is the right answer:"),
        Next => ("下一题", "Next problem"),
        Back => ("回到学下棋", "Back to Learn"),
    };
    if l == Lang::Zh {
        zh
    } else {
        en
    }
}

/// A grade as 每日练习 says it: `18 级`, `1 段` (kyu 0).
pub fn grade(l: Lang, kyu: i32) -> String {
    match (l, kyu) {
        (Lang::Zh, 0) => "1 段".to_string(),
        (Lang::Zh, k) => format!("{k} 级"),
        (Lang::En, 0) => "1 dan".to_string(),
        (Lang::En, k) => format!("{k} kyu"),
    }
}

/// "现在约 18 级".
pub fn level_now(l: Lang, kyu: i32) -> String {
    match l {
        Lang::Zh => format!("现在约 {}", grade(l, kyu)),
        Lang::En => format!("You are now about {}", grade(l, kyu)),
    }
}

/// Today's count: "今天做了 5 题，对了 3 题".
pub fn today(l: Lang, done: u32, right: u32) -> String {
    match l {
        Lang::Zh => format!("今天做了 {done} 题，对了 {right} 题"),
        Lang::En => format!("Today: {done} done, {right} right"),
    }
}

/// The class report's line: "每日练习：做了 42 题，对 31 题，现在约 18 级".
pub fn report(l: Lang, s: &DailySummary) -> String {
    match l {
        Lang::Zh => format!(
            "每日练习：做了 {} 题，对 {} 题，现在约 {}",
            s.done,
            s.right,
            grade(l, s.kyu)
        ),
        Lang::En => format!(
            "Daily practice: {} done, {} right, now about {}",
            s.done,
            s.right,
            grade(l, s.kyu)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_line_says_it_as_the_issue_does() {
        let s = DailySummary {
            done: 42,
            right: 31,
            kyu: 18,
        };
        assert_eq!(
            report(Lang::Zh, &s),
            "每日练习：做了 42 题，对 31 题，现在约 18 级"
        );
        assert_eq!(
            report(Lang::En, &s),
            "Daily practice: 42 done, 31 right, now about 18 kyu"
        );
        assert_eq!(level_now(Lang::Zh, 0), "现在约 1 段");
    }
}

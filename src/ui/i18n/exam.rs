//! The words of 升级考试 (issue 55) in Chinese and English: its pages, the problem test, the
//! certificate, and the exam's line in the class report. Part of the catalogue (`ui/i18n.rs`);
//! only 学下棋's wasm uses them.

use super::Lang;
use crate::session::exam::{Exam, ExamEnd, ExamRank, GameEnd, PROBLEMS, PROBLEMS_TO_PASS};
use crate::session::Rank;

/// Fixed phrases of the exam's screens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExamMsg {
    Title,
    Intro,
    Rules,
    NoName,
    PickRank,
    Offered,
    Start,
    Open,
    Continue,
    History,
    NoneYet,
    Games,
    Problems,
    StartProblems,
    ContinueProblems,
    Abandon,
    AbandonAsk,
    AbandonYes,
    AbandonNo,
    BackToExams,
    BackToExam,
    Certificate,
    Print,
    Answered,
    TimeUp,
    NextProblem,
    SeeResult,
    WentWell,
    Practise,
    TryAgain,
    ReadyAgain,
    PlayLadder,
    Abandoned,
    ReviewLocked,
    NotFound,
    StorageBroken,
    NotSaved,
    NoProblems,
    CertificateTitle,
    CertificateRule,
    CertificateBy,
    CertificateSign,
    ExamInProgress,
}

pub fn exam(l: Lang, m: ExamMsg) -> &'static str {
    use ExamMsg::*;
    let (zh, en) = match m {
        Title => ("升级考试", "Rank exam"),
        Intro => (
            "和电脑下五盘棋，再做十道题。赢够盘数、答对八题，就升级，还有一张证书可以打印。",
            "Play five games against the computer, then do ten problems. Win enough games and get eight problems right to move up a rank, with a certificate to print.",
        ),
        Rules => (
            "考试的规矩：不能悔棋，没有提示，也不能看形势判断和复盘，考完才能看。每盘棋要在一天内下完，不然算输。关掉网页也没关系，回来接着下。每道题 45 秒。",
            "Exam rules: no taking moves back, no hints, no position estimate and no review until the exam is over. Finish each game within a day, or it counts as lost. Closing the page is fine: come back and go on. Each problem has 45 seconds.",
        ),
        NoName => (
            "考试的证书上要写名字。先写上你的名字吧。",
            "The certificate needs your name. Write your name first.",
        ),
        PickRank => ("考哪一级？", "Which rank do you want to try?"),
        Offered => ("推荐", "suggested"),
        Start => ("开始考试", "Start the exam"),
        Open => ("正在考", "Exam in progress"),
        Continue => ("继续考试", "Go on with the exam"),
        History => ("考过的", "Exams taken"),
        NoneYet => ("还没有考过。", "No exams yet."),
        Games => ("五盘棋", "Five games"),
        Problems => ("十道题", "Ten problems"),
        StartProblems => ("开始做题（10 题，每题 45 秒）", "Start the problems (10, 45 seconds each)"),
        ContinueProblems => ("接着做题", "Go on with the problems"),
        Abandon => ("放弃考试", "Give up the exam"),
        AbandonAsk => (
            "真的放弃吗？正在下的这盘算输，这次考试结束，不能再接着考。",
            "Really give up? The game being played counts as lost and this exam ends for good.",
        ),
        AbandonYes => ("放弃", "Give up"),
        AbandonNo => ("接着考", "Keep going"),
        BackToExams => ("回到升级考试", "Back to the rank exams"),
        BackToExam => ("回到这次考试", "Back to the exam"),
        Certificate => ("看证书", "See the certificate"),
        Print => ("打印证书", "Print the certificate"),
        Answered => ("答好了。", "Answered."),
        TimeUp => ("时间到了。", "Time is up."),
        NextProblem => ("下一题", "Next problem"),
        SeeResult => ("看结果", "See the result"),
        WentWell => ("做得好的地方", "What went well"),
        Practise => ("要多练的地方", "What to practise"),
        TryAgain => ("什么时候再考", "When to try again"),
        ReadyAgain => ("可以再考了！", "You can try again now!"),
        PlayLadder => ("去和电脑下棋", "Play the computer"),
        Abandoned => ("这次考试放弃了。", "This exam was given up."),
        ReviewLocked => (
            "考试的棋要等考完以后才能复盘。",
            "You can review the exam's games when the exam is over.",
        ),
        NotFound => ("没有找到这次考试。", "That exam is not here."),
        StorageBroken => (
            "考试的记录读不出来了，没有改动它。请告诉老师。",
            "The exam records could not be read; nothing was changed. Please tell your teacher.",
        ),
        NotSaved => (
            "存不下了：浏览器的空间满了。删掉一些旧棋谱再试。",
            "Could not save: the browser's storage is full. Delete some old games and try again.",
        ),
        NoProblems => (
            "这一级的题目还没有准备好。",
            "The problems for this rank are not ready yet.",
        ),
        CertificateTitle => ("升级证书", "Rank Certificate"),
        CertificateRule => (
            "按中国业余级位的常用考法：和同级的对手下五盘棋，再做十道同级的题，每题 45 秒。",
            "Graded as Chinese clubs grade children: five games against an opponent of the rank, then ten problems of the rank, 45 seconds each.",
        ),
        CertificateSign => ("老师签名", "Teacher's signature"),
        CertificateBy => ("手谈 · 中国规则围棋", "Shoutan (手谈) · Go by the Chinese rules"),
        ExamInProgress => ("升级考试中", "Rank exam in progress"),
    };
    match l {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// A rank as a kyu number (1 段 is 0) in words: 15 级, 1 段 / 15 kyu, 1 dan.
pub fn rank_words(l: Lang, kyu: i32) -> String {
    match (l, Rank::from_kyu(kyu)) {
        (Lang::Zh, Rank::Kyu(n)) => format!("{n} 级"),
        (Lang::Zh, Rank::Dan(n)) => format!("{n} 段"),
        (_, r) => r.en(),
    }
}

/// The exam's name: "15 级考试" / "15 kyu exam".
pub fn exam_name(l: Lang, r: ExamRank) -> String {
    match l {
        Lang::Zh => format!("{}考试", rank_words(l, r.kyu())),
        Lang::En => format!("{} exam", rank_words(l, r.kyu())),
    }
}

/// What it takes to pass an exam: "赢 3 盘升 15 级，题目要对 8 题" / "To pass: 4 wins → 5 kyu,
/// 3 wins → 7 kyu; and 8 of the 10 problems right".
pub fn awards_words(l: Lang, r: ExamRank) -> String {
    let parts: Vec<String> = r
        .step()
        .awards
        .iter()
        .map(|&(wins, rank)| match l {
            Lang::Zh => format!("赢 {wins} 盘升 {}", rank_words(l, rank)),
            Lang::En => format!("{wins} wins → {}", rank_words(l, rank)),
        })
        .collect();
    let sep = if l == Lang::Zh { "，" } else { ", " };
    let problems = match l {
        Lang::Zh => format!("，题目要对 {PROBLEMS_TO_PASS} 题"),
        Lang::En => format!("; and {PROBLEMS_TO_PASS} of the {PROBLEMS} problems right"),
    };
    let head = if l == Lang::Zh { "" } else { "To pass: " };
    format!("{head}{}{problems}", parts.join(sep))
}

/// A game's line: "第 1 盘 · 执黑 · 赢了" / "Game 1 · Black · won".
pub fn game_line(
    l: Lang,
    number: u8,
    black: bool,
    end: Option<&(GameEnd, u64, String)>,
    started: bool,
) -> String {
    let colour = match (l, black) {
        (Lang::Zh, true) => "执黑",
        (Lang::Zh, false) => "执白",
        (Lang::En, true) => "Black",
        (Lang::En, false) => "White",
    };
    let state = match (l, end.map(|e| e.0), started) {
        (Lang::Zh, Some(GameEnd::Played { won: true }), _) => "赢了".to_string(),
        (Lang::Zh, Some(GameEnd::Played { won: false }), _) => "输了".to_string(),
        (Lang::Zh, Some(GameEnd::Overdue), _) => "一天没下完，算输".to_string(),
        (Lang::Zh, Some(GameEnd::Abandoned), _) => "放弃了，算输".to_string(),
        (Lang::Zh, Some(GameEnd::Gone), _) => "棋谱没有了，算输".to_string(),
        (Lang::Zh, None, true) => "正在下".to_string(),
        (Lang::Zh, None, false) => "还没下".to_string(),
        (Lang::En, Some(GameEnd::Played { won: true }), _) => "won".to_string(),
        (Lang::En, Some(GameEnd::Played { won: false }), _) => "lost".to_string(),
        (Lang::En, Some(GameEnd::Overdue), _) => "not finished within a day: lost".to_string(),
        (Lang::En, Some(GameEnd::Abandoned), _) => "given up: lost".to_string(),
        (Lang::En, Some(GameEnd::Gone), _) => "its record is gone: lost".to_string(),
        (Lang::En, None, true) => "being played".to_string(),
        (Lang::En, None, false) => "not played yet".to_string(),
    };
    match l {
        Lang::Zh => format!("第 {number} 盘 · {colour} · {state}"),
        Lang::En => format!("Game {number} · {colour} · {state}"),
    }
}

/// "开始第 3 盘" / "Start game 3"; "继续第 3 盘" / "Go on with game 3".
pub fn game_button(l: Lang, number: u8, playing: bool) -> String {
    match (l, playing) {
        (Lang::Zh, false) => format!("开始第 {number} 盘"),
        (Lang::Zh, true) => format!("继续第 {number} 盘"),
        (Lang::En, false) => format!("Start game {number}"),
        (Lang::En, true) => format!("Go on with game {number}"),
    }
}

/// The opponent and board of an exam: "对手：电脑 · 15 级 · 13 路棋盘" / "Opponent: …".
pub fn exam_setup(l: Lang, r: ExamRank, computer: &str) -> String {
    let n = r.size().get();
    let minutes = match r.time() {
        crate::clock::TimeSystem::Byoyomi { main_ms, .. } => main_ms / 60_000,
        _ => 0,
    };
    match l {
        Lang::Zh => format!(
            "对手：{computer} · {n}×{n} 棋盘 · 贴 3¾ 子 · 每方 {minutes} 分钟，再 3 次 30 秒读秒"
        ),
        Lang::En => format!(
            "Opponent: {computer} · {n}×{n} board · komi 7.5 · {minutes} minutes each, then 3 × 30 seconds byo-yomi"
        ),
    }
}

/// The problem test's progress: "第 3 题，共 10 题" / "Problem 3 of 10".
pub fn problem_of(l: Lang, index: usize) -> String {
    match l {
        Lang::Zh => format!("第 {} 题，共 {PROBLEMS} 题", index + 1),
        Lang::En => format!("Problem {} of {PROBLEMS}", index + 1),
    }
}

/// "还剩 32 秒" / "32 seconds left".
pub fn seconds_left(l: Lang, s: u64) -> String {
    match l {
        Lang::Zh => format!("还剩 {s} 秒"),
        Lang::En => format!("{s} seconds left"),
    }
}

/// "题目：9/10" / "Problems: 9 of 10 right".
pub fn problem_score(l: Lang, right: usize, done: usize) -> String {
    match l {
        Lang::Zh => format!("题目：对了 {right} 题（做了 {done} 题）"),
        Lang::En => format!("Problems: {right} right of {done}"),
    }
}

/// The result in a sentence.
pub fn result_words(l: Lang, e: &Exam) -> String {
    let wins = e.wins();
    let (right, _) = e.problem_score();
    match (l, e.end) {
        (Lang::Zh, Some(ExamEnd::Passed { rank, .. })) => format!(
            "通过了！五盘赢了 {wins} 盘，十道题对了 {right} 道。你现在是 {}。",
            rank_words(l, rank)
        ),
        (Lang::En, Some(ExamEnd::Passed { rank, .. })) => format!(
            "Passed! You won {wins} of the five games and got {right} of the ten problems right. You are {} now.",
            rank_words(l, rank)
        ),
        (Lang::Zh, Some(ExamEnd::Failed { .. })) => format!(
            "这次没有通过：五盘赢了 {wins} 盘（要赢 {} 盘），十道题对了 {right} 道（要对 {PROBLEMS_TO_PASS} 道）。没关系，练一练再来！",
            e.rank.wins_needed()
        ),
        (Lang::En, Some(ExamEnd::Failed { .. })) => format!(
            "Not passed this time: {wins} of five games won ({} needed), {right} of ten problems right ({PROBLEMS_TO_PASS} needed). That's fine: practise and try again!",
            e.rank.wins_needed()
        ),
        (_, Some(ExamEnd::Abandoned { .. })) => exam(l, ExamMsg::Abandoned).to_string(),
        (_, None) => String::new(),
    }
}

/// The day as a pupil reads it: "12 月 6 日" / "6 December 2026" from `2026-12-06`; with the year
/// in Chinese when `year` ("2026 年 12 月 6 日").
pub fn day_words(l: Lang, day: &str, year: bool) -> String {
    let mut parts = day.split('-').filter_map(|p| p.parse::<u32>().ok());
    let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
        return day.to_string();
    };
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match l {
        Lang::Zh if year => format!("{y} 年 {m} 月 {d} 日"),
        Lang::Zh => format!("{m} 月 {d} 日"),
        Lang::En => {
            let month = MONTHS
                .get(m.saturating_sub(1) as usize)
                .copied()
                .unwrap_or("");
            if year {
                format!("{d} {month} {y}")
            } else {
                format!("{d} {month}")
            }
        }
    }
}

/// An exam's line in the class report and the history: "15 级 · 12 月 6 日 · 对局 3/5 · 题目
/// 9/10 · 通过".
pub fn summary_line(l: Lang, s: &crate::session::stored::exam::ExamSummary) -> String {
    let rank = ExamRank::from_key(&s.rank)
        .map(|r| rank_words(l, r.kyu()))
        .unwrap_or_else(|| s.rank.clone());
    let outcome = match (l, s.outcome.as_str()) {
        (Lang::Zh, "passed") => {
            let reached = crate::session::Rank::parse(&s.reached)
                .map(|r| match r {
                    Rank::Kyu(n) => format!("{n} 级"),
                    Rank::Dan(n) => format!("{n} 段"),
                    other => other.zh(),
                })
                .unwrap_or_default();
            format!("通过，{reached}")
        }
        (Lang::En, "passed") => format!(
            "passed, {}",
            crate::session::Rank::parse(&s.reached)
                .map(|r| r.en())
                .unwrap_or_default()
        ),
        (Lang::Zh, "failed") => "没通过".to_string(),
        (Lang::En, "failed") => "not passed".to_string(),
        (Lang::Zh, "abandoned") => "放弃了".to_string(),
        (Lang::En, "abandoned") => "given up".to_string(),
        (Lang::Zh, _) => "还在考".to_string(),
        (Lang::En, _) => "in progress".to_string(),
    };
    let wins = s.wins();
    let (right, _) = s.problems;
    match l {
        Lang::Zh => format!(
            "{rank} · {} · 对局 {wins}/5 · 题目 {right}/{PROBLEMS} · {outcome}",
            day_words(l, &s.day, false)
        ),
        Lang::En => format!(
            "{rank} · {} · games {wins}/5 · problems {right}/{PROBLEMS} · {outcome}",
            day_words(l, &s.day, false)
        ),
    }
}

/// When to try again: "在升级路上和电脑 · 15 级连赢 3 盘（或最近 7 盘赢 5 盘）就可以再考。还要赢 2 盘。"
pub fn retry_words(l: Lang, computer: &str, more: u32) -> String {
    match l {
        Lang::Zh => {
            let left = if more > 0 {
                format!("还要赢 {more} 盘。")
            } else {
                String::new()
            };
            format!("和 {computer} 下棋，连赢 3 盘（或最近 7 盘赢 5 盘），就可以再考。{left}")
        }
        Lang::En => {
            let left = if more > 0 {
                format!(" {more} more to go.")
            } else {
                String::new()
            };
            format!("Win 3 games in a row against {computer} (or 5 of your last 7), then try again.{left}")
        }
    }
}

/// The games that went well: "你赢了第 1、3 盘。" / "You won games 1 and 3."
pub fn won_games(l: Lang, numbers: &[u8]) -> Option<String> {
    if numbers.is_empty() {
        return None;
    }
    let list: Vec<String> = numbers.iter().map(u8::to_string).collect();
    Some(match l {
        Lang::Zh => format!("你赢了第 {} 盘。", list.join("、")),
        Lang::En => format!(
            "You won game{} {}.",
            if numbers.len() > 1 { "s" } else { "" },
            list.join(", ")
        ),
    })
}

/// "你做对了 7 道题。" / "You got 7 problems right."
pub fn right_problems(l: Lang, right: usize) -> Option<String> {
    (right > 0).then(|| match l {
        Lang::Zh => format!("你做对了 {right} 道题。"),
        Lang::En => format!(
            "You got {right} problem{} right.",
            if right == 1 { "" } else { "s" }
        ),
    })
}

/// A missed technique to practise: "吃子的题错了 2 道：去练「一、吃子」" / "…".
pub fn practise_set(l: Lang, set_name: &str, missed: usize) -> String {
    match l {
        Lang::Zh => format!("错了 {missed} 道题：去练「{set_name}」"),
        Lang::En => format!("{missed} wrong: practise “{set_name}”"),
    }
}

/// A technique lesson to take again for the problems missed: "错了 2 道题：去上技巧课「倒扑」".
pub fn practise_lesson(l: Lang, lesson: &str, missed: usize) -> String {
    match l {
        Lang::Zh => format!("错了 {missed} 道题：去上技巧课「{lesson}」"),
        Lang::En => format!("{missed} wrong: take the lesson “{lesson}”"),
    }
}

/// A mistake from a game's 复盘, `loss` in points (the review's unit: a 子 of the count is two
/// of them): "第 2 盘：" + the move's words + "，少了 3.5 子" / "Game 2: …, lost about 7 points".
pub fn game_mistake(l: Lang, number: u8, move_words: &str, loss: f32) -> String {
    let tenth = |v: f32| (v * 10.0).round() / 10.0;
    match l {
        // In 子 as 复盘 says it (`analysis::zi`): the points halved.
        Lang::Zh => format!(
            "第 {number} 盘：{move_words}，少了 {} 子",
            tenth(loss / 2.0)
        ),
        Lang::En => format!(
            "Game {number}: {move_words}, lost about {} points",
            tenth(loss)
        ),
    }
}

/// "复盘第 2 盘" / "Review game 2".
pub fn review_game(l: Lang, number: u8) -> String {
    match l {
        Lang::Zh => format!("复盘第 {number} 盘"),
        Lang::En => format!("Review game {number}"),
    }
}

/// The certificate's sentence.
pub fn certificate_text(l: Lang, name: &str, class: &str, day: &str) -> String {
    let who = if class.is_empty() {
        name.to_string()
    } else {
        match l {
            Lang::Zh => format!("{name}（{class}）"),
            Lang::En => format!("{name} ({class})"),
        }
    };
    match l {
        Lang::Zh => format!(
            "{who}于 {}通过手谈升级考试，棋力为",
            day_words(l, day, true)
        ),
        // The date kept on one line (no break inside "6 December 2026").
        Lang::En => format!(
            "This certifies that {who} passed the Shoutan rank exam on {}, at the rank of",
            day_words(l, day, true).replace(' ', "\u{a0}")
        ),
    }
}

/// "局" heading words of the certificate's table.
pub fn certificate_heads(l: Lang) -> [&'static str; 3] {
    match l {
        Lang::Zh => ["对局", "执子", "结果"],
        Lang::En => ["Game", "Colour", "Result"],
    }
}

/// "第 1 盘" / "Game 1"
pub fn game_number(l: Lang, n: u8) -> String {
    match l {
        Lang::Zh => format!("第 {n} 盘"),
        Lang::En => format!("Game {n}"),
    }
}

/// The exam's number on the certificate.
pub fn certificate_number(l: Lang, id: u64) -> String {
    match l {
        Lang::Zh => format!("证书编号 {id}"),
        Lang::En => format!("Certificate no. {id}"),
    }
}

/// "另一种语言" button: print the certificate in the other language.
pub fn other_language(l: Lang) -> &'static str {
    match l {
        Lang::Zh => "English",
        Lang::En => "中文",
    }
}

/// The refusal when another rank's exam is open.
pub fn other_open(l: Lang, r: ExamRank) -> String {
    match l {
        Lang::Zh => format!("你的{}还没考完：先考完它，或者放弃它。", exam_name(l, r)),
        Lang::En => format!(
            "Your {} is not finished: finish it or give it up first.",
            exam_name(l, r)
        ),
    }
}

/// The deadline of the game being played: "这盘要在 12 月 7 日 10:42 前下完".
pub fn deadline_words(l: Lang, when: &str) -> String {
    match l {
        Lang::Zh => format!("这盘要在 {when} 前下完，不然算输。"),
        Lang::En => format!("Finish this game before {when}, or it counts as lost."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::stored::exam::ExamSummary;

    fn summary(outcome: &str, reached: &str) -> ExamSummary {
        ExamSummary {
            id: "1".into(),
            rank: "15k".into(),
            day: "2026-12-06".into(),
            games: "WLWWL".into(),
            problems: (9, 10),
            outcome: outcome.into(),
            reached: reached.into(),
        }
    }

    #[test]
    fn an_exam_reads_in_the_report_as_the_issue_writes_it() {
        assert_eq!(
            summary_line(Lang::Zh, &summary("passed", "15k")),
            "15 级 · 12 月 6 日 · 对局 3/5 · 题目 9/10 · 通过，15 级"
        );
        assert_eq!(
            summary_line(Lang::En, &summary("failed", "")),
            "15 kyu · 6 December · games 3/5 · problems 9/10 · not passed"
        );
        assert_eq!(
            day_words(Lang::Zh, "2026-12-06", true),
            "2026 年 12 月 6 日"
        );
        assert_eq!(day_words(Lang::En, "2026-12-06", true), "6 December 2026");
        assert_eq!(rank_words(Lang::Zh, 0), "1 段");
        assert_eq!(rank_words(Lang::En, 7), "7 kyu");
        // A mistake from a game's 复盘 in words a child reads in English (no 子 or 复盘 in them).
        assert_eq!(
            game_mistake(Lang::En, 2, "Move 12, Black D4", 7.04),
            "Game 2: Move 12, Black D4, lost about 7 points"
        );
        assert_eq!(review_game(Lang::En, 2), "Review game 2");
        // The same mistake in 子, as 复盘 says it: 7 points are 3.5 子.
        assert_eq!(
            game_mistake(Lang::Zh, 2, "第 12 手 黑 D4", 7.04),
            "第 2 盘：第 12 手 黑 D4，少了 3.5 子"
        );
        assert_eq!(
            awards_words(Lang::Zh, ExamRank::Kyu5),
            "赢 4 盘升 5 级，赢 3 盘升 7 级，题目要对 8 题"
        );
    }
}

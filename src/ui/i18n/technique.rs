//! The words of the 技巧课 screen (issue 54) in Chinese and English: its buttons and the help's
//! sentences. The lessons' own words live in their files (`src/learn/lessons/`), not here.
//! Only 学下棋's wasm uses them.

use super::Lang;
use crate::rules::{Colour, Move};

/// Fixed phrases of the technique lessons' screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TechMsg {
    Course,
    Intro,
    Example,
    Back,
    Next,
    StartTasks,
    Task,
    Quiz,
    NextTask,
    ToQuiz,
    QuizAgain,
    Passed,
    TapPoint,
    Choose,
    AnswerShown,
    AllLessons,
    ToProblems,
    Done,
    NextProblems,
}

pub fn tech(l: Lang, m: TechMsg) -> &'static str {
    use TechMsg::*;
    let (zh, en) = match m {
        Course => ("技巧课", "Techniques"),
        Intro => (
            "规则学会了，再一招一招学技巧：先看例子，再做练习，最后做小测验。",
            "You know the rules: now learn the techniques one at a time. First an example, then tasks, then a short quiz.",
        ),
        Example => ("例子", "Example"),
        Back => ("上一步", "Step back"),
        Next => ("下一步", "Next step"),
        StartTasks => ("开始练习", "Start the tasks"),
        Task => ("练习", "Task"),
        Quiz => ("小测验", "Quiz"),
        NextTask => ("下一题", "Next task"),
        ToQuiz => ("做小测验", "Take the quiz"),
        QuizAgain => ("再做一次小测验", "Take the quiz again"),
        Passed => ("小测验通过了，本课完成！", "Quiz passed: lesson done!"),
        TapPoint => ("在棋盘上点一点。", "Tap a point on the board."),
        Choose => ("选一个：", "Choose one:"),
        AnswerShown => (
            "看，正确答案是 ○：它是这样下的。",
            "Look: the answer is the ringed point, and this is how it goes.",
        ),
        AllLessons => ("全部课程", "All lessons"),
        ToProblems => ("去做每日练习", "On to daily practice"),
        Done => ("已完成", "done"),
        NextProblems => ("下一步：每日练习", "Next: daily practice"),
    };
    if l == Lang::Zh {
        zh
    } else {
        en
    }
}

fn colour(l: Lang, c: Colour) -> &'static str {
    match (l, c) {
        (Lang::Zh, Colour::Black) => "黑",
        (Lang::Zh, Colour::White) => "白",
        (Lang::En, Colour::Black) => "Black",
        (Lang::En, Colour::White) => "White",
    }
}

/// The lesson's place and title, for the list and 下一课.
pub fn next_lesson(l: Lang, title: &str) -> String {
    match l {
        Lang::Zh => format!("下一课：{title}"),
        Lang::En => format!("Next lesson: {title}"),
    }
}

/// The quiz's score when it is not yet passed.
pub fn quiz_score(l: Lang, right: usize, of: usize, needed: usize) -> String {
    match l {
        Lang::Zh => format!("小测验第一次就答对了 {right}/{of} 题，要答对 {needed} 题才算通过。"),
        Lang::En => {
            format!("You got {right} of {of} right at the first try; {needed} are needed to pass.")
        }
    }
}

/// The first help: the pupil's move (1) and the opponent's reply (2), and the liberties of
/// the stones the task is about.
pub fn refuted(
    l: Lang,
    mover: Colour,
    reply: Option<Move>,
    liberties: Option<(Colour, u32)>,
) -> String {
    let opp = colour(l, mover.opponent());
    let mut s = match (l, reply) {
        (Lang::Zh, Some(Move::Play(_))) => format!("你下 1，{opp}就下 2。"),
        (Lang::Zh, _) => format!("你下 1，{opp}不用理会。"),
        (Lang::En, Some(Move::Play(_))) => format!("You play 1, and {opp} answers at 2."),
        (Lang::En, _) => format!("You play 1, and {opp} need not answer."),
    };
    if let Some((c, n)) = liberties {
        s += &match (l, n) {
            (Lang::Zh, _) => format!("看看圈起来的{}棋：现在有 {n} 口气。", colour(l, c)),
            (Lang::En, 1) => format!(
                " Look at the circled {} stones: one liberty now.",
                colour(l, c)
            ),
            (Lang::En, _) => format!(
                " Look at the circled {} stones: {n} liberties now.",
                colour(l, c)
            ),
        };
    }
    s
}

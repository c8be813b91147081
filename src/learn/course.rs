//! The rules course: the articles of the seed (中国围棋竞赛规则) a lesson each, in two or three
//! sentences and a small board, with tasks whose answers the core works out — the liberties of
//! a chain, whether a move is allowed (and why not), a capture, a count, a winner with komi.
//! Nothing here stores an answer: [`Task::answer`] asks the rules.

use crate::rules::{BoardSize, Colour, Game, GameResult, Move, PlayError, Point, Rules};

/// What a task asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// How many liberties has the chain at this point? (总则 第三条)
    Liberties(&'static str),
    /// May the side to move play here? (第四条二, 第五条, 第六条, 第八条)
    Allowed(&'static str),
    /// Capture the marked stones (第四条).
    Capture,
    /// Black's count in 子: living stones and the points they surround (第九条), in whole 子
    /// (the positions have no shared points).
    CountBlack,
    /// Who wins with black giving 3¾子 (竞赛规定 第二条)?
    Winner,
}

/// A task on a small board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    pub zh: &'static str,
    pub en: &'static str,
    /// The board, top row first: `X` black, `O` white, `.` empty; `x`/`o` marked stones.
    pub diagram: &'static str,
    pub to_move: Colour,
    /// Moves played from the diagram before the question (a ko needs its history).
    pub before: &'static [&'static str],
    pub ask: Ask,
}

/// The answer the rules give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    Number(u32),
    /// Allowed, or refused for this reason.
    Allowed(Result<(), PlayError>),
    /// Any move that captures all the marked stones.
    Capture,
    Winner(Option<Colour>),
}

/// A lesson: the article it follows, what it says, its tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub key: &'static str,
    /// The article, as the rules number it (总则 第三条), and in English.
    pub article: &'static str,
    pub article_en: &'static str,
    /// The article's text: the seed's words (中国围棋竞赛规则), and in English our own
    /// rendering of them (for the teacher, in 规则原文's fold).
    pub rule_zh: &'static str,
    pub rule_en: &'static str,
    pub title_zh: &'static str,
    pub title_en: &'static str,
    pub text_zh: &'static str,
    pub text_en: &'static str,
    pub tasks: &'static [Task],
}

impl Task {
    /// The board size, the stones and the marked points of the diagram.
    fn parse(&self) -> (BoardSize, Vec<Point>, Vec<Point>, Vec<Point>) {
        let rows: Vec<Vec<char>> = self
            .diagram
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|w| w.chars().next())
                    .collect()
            })
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
        let size = BoardSize::new(rows.len() as u32).unwrap_or(BoardSize::NINE);
        let (mut black, mut white, mut marked) = (vec![], vec![], vec![]);
        for (r, row) in rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let p = size.point(c as u8, r as u8);
                match ch {
                    'X' => black.push(p),
                    'O' => white.push(p),
                    'x' => {
                        black.push(p);
                        marked.push(p);
                    }
                    'o' => {
                        white.push(p);
                        marked.push(p);
                    }
                    _ => {}
                }
            }
        }
        (size, black, white, marked)
    }

    /// The marked stones.
    pub fn marked(&self) -> Vec<Point> {
        self.parse().3
    }

    /// The position the task is asked on (Chinese rules, komi 3¾子).
    pub fn position(&self) -> Game {
        let (size, black, white, _) = self.parse();
        let mut g = Game::from_setup(size, Rules::chinese(), &black, &white, self.to_move, 0);
        for m in self.before {
            let c = g.to_move();
            if let Ok(p) = size.parse_vertex(m) {
                let _ = g.play(c, Move::Play(p));
            }
        }
        g
    }

    fn at(&self, v: &str) -> Option<Point> {
        self.parse().0.parse_vertex(v).ok()
    }

    /// What the rules say.
    pub fn answer(&self) -> Solution {
        let g = self.position();
        match self.ask {
            Ask::Liberties(v) => Solution::Number(
                self.at(v)
                    .map_or(0, |p| g.board().liberties(p).len() as u32),
            ),
            Ask::Allowed(v) => Solution::Allowed(match self.at(v) {
                Some(p) => g.check(g.to_move(), Move::Play(p)),
                None => Err(PlayError::OffBoard),
            }),
            Ask::Capture => Solution::Capture,
            Ask::CountBlack => Solution::Number(g.area().black_half / 2),
            Ask::Winner => {
                let a = g.area();
                let r = GameResult::Score {
                    black_half: a.black_half,
                    white_half: a.white_half,
                    komi_half: g.komi_half_points(),
                };
                Solution::Winner(r.winner())
            }
        }
    }

    /// The position after the side to move plays `p`; `None` when the rules refuse it.
    pub fn played(&self, p: Point) -> Option<Game> {
        let mut g = self.position();
        let c = g.to_move();
        g.play(c, Move::Play(p)).ok()?;
        Some(g)
    }

    /// Whether playing `p` does the capture the task asks for.
    pub fn captures(&self, p: Point) -> bool {
        // After the move the side to move is the one whose marked stones must be gone.
        self.played(p).is_some_and(|g| {
            self.marked()
                .iter()
                .all(|q| g.board().colour_at(*q) != Some(g.to_move()))
        })
    }
}

const LIBERTIES: [Task; 3] = [
    Task {
        zh: "△黑子有几口气？",
        en: "How many liberties has the marked black stone?",
        diagram: ". . . . .\n. . . . .\n. . x . .\n. . . . .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Liberties("C3"),
    },
    Task {
        zh: "边上的△黑子有几口气？",
        en: "And the marked stone on the edge?",
        diagram: ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . x . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Liberties("C1"),
    },
    Task {
        zh: "连在一起的△黑棋有几口气？（白子占去了一口）",
        en: "How many liberties have the connected black stones? (White took one.)",
        diagram: ". . . . .\n. . . . .\n. x x O .\n. . . . .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Liberties("B3"),
    },
];

const CAPTURES: [Task; 2] = [
    Task {
        zh: "黑先：提掉△白子。",
        en: "Black to play: capture the marked white stone.",
        diagram: ". . . . .\n. . X . .\n. X o . .\n. . X . .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Capture,
    },
    Task {
        zh: "黑先：提掉两颗△白子。",
        en: "Black to play: capture the two marked white stones.",
        diagram: ". . . . .\n. X X . .\n X o o . .\n. X X . .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Capture,
    },
];

const BOTH_AIRLESS: [Task; 2] = [
    Task {
        zh: "白下在 A4：白子下去没有气，黑子 A5 也没有气。这一步可以吗？",
        en: "White at A4 would have no liberty, and neither would Black A5. Is the move allowed?",
        diagram: "X O . . .\n. X . . .\nX . . . .\n. . . . .\n. . . . .",
        to_move: Colour::White,
        before: &[],
        ask: Ask::Allowed("A4"),
    },
    Task {
        zh: "白先：下在双方都无气的点，提掉△黑子。",
        en: "White to play where both sides would have no liberty: capture the marked stone.",
        diagram: "x O . . .\n. X . . .\nX . . . .\n. . . . .\n. . . . .",
        to_move: Colour::White,
        before: &[],
        ask: Ask::Capture,
    },
];

const FORBIDDEN: [Task; 2] = [
    Task {
        zh: "黑能下在 B4 吗？",
        en: "May Black play at B4?",
        diagram: ". O . . .\nO . O . .\n. O . . .\n. . . . .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Allowed("B4"),
    },
    Task {
        zh: "这次 B2 的白子只剩一口气（B1）。黑能下在 B1 吗？",
        en: "Here White B2 has one liberty left, B1. May Black play at B1?",
        diagram: ". . . . .\n. . . . .\n. X . . .\nX O X . .\nO . O . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Allowed("B1"),
    },
];

const KO: [Task; 2] = [
    Task {
        zh: "白在 B3 提了黑 C3 一子（打劫）。黑能马上在 C3 提回吗？",
        en: "White took Black's C3 stone at B3 (a ko). May Black take back at C3 at once?",
        diagram: ". . . . .\n. X O . .\nX . X O .\n. X O . .\n. . . . .",
        to_move: Colour::White,
        before: &["B3"],
        ask: Ask::Allowed("C3"),
    },
    Task {
        zh: "白提劫后，黑先在别处下一手（劫材），白应了。现在黑可以在 C3 提回吗？",
        en: "After White took the ko, Black played elsewhere (a ko threat) and White answered. May Black take back at C3 now?",
        diagram: ". . . . .\n. X O . .\nX . X O .\n. X O . .\n. . . . .",
        to_move: Colour::White,
        before: &["B3", "E5", "E1"],
        ask: Ask::Allowed("C3"),
    },
];

const EYES: [Task; 2] = [
    Task {
        zh: "白棋有两只真眼（A1 和 C1）。黑能下在 A1 吗？",
        en: "White has two real eyes (A1 and C1). May Black play in A1?",
        diagram: ". . . . .\n. . . . .\nX X X X .\nO O O O X\n. O . O X",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Allowed("A1"),
    },
    Task {
        zh: "白棋只有一只眼（A1），外面的气都被黑占了。黑先：提掉白棋。",
        en: "White has one eye (A1) and no outside liberty. Black to play: capture it.",
        diagram: ". . . . .\n. . . . .\nX X X X .\no O O X .\n. O X X .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Capture,
    },
];

const COUNTING: [Task; 2] = [
    Task {
        zh: "终局。数一数黑棋：活子加上围住的空点，共几子？",
        en: "The game is over. Count Black: living stones plus the points they surround.",
        diagram: ". . X O .\n. . X O .\nX X X O .\nO O O O .\n. . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::CountBlack,
    },
    Task {
        zh: "9×9 终局，全盘 81 点。黑棋共几子？",
        en: "A finished 9×9 game, 81 points in all. How many 子 has Black?",
        diagram: ". . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\nX X X X O . . . .\nO O O O O . . . .\n. . . . . . . . .\n. . . . . . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::CountBlack,
    },
];

const KOMI: [Task; 2] = [
    Task {
        zh: "9 路棋盘上，黑要超过 44 子才赢。数一数黑棋，这盘谁赢？",
        en: "On a 9×9 board Black needs more than 44 to win. Count Black: who wins?",
        diagram: ". . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .\n. . . X O . . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Winner,
    },
    Task {
        zh: "黑多围了一路。这盘谁赢？",
        en: "Black took one more line. Who wins now?",
        diagram: ". . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .\n. . . . X O . . .",
        to_move: Colour::Black,
        before: &[],
        ask: Ask::Winner,
    },
];

/// The course, in the seed's order.
pub const LESSONS: [Lesson; 8] = [
    Lesson {
        key: "liberties",
        article: "总则 第三条",
        article_en: "General rules, article 3: liberties",
        rule_zh: "一个棋子在棋盘上，与它直线紧邻的空点是这个棋子的“气”。棋子直线紧邻的点上，如果有同色棋子存在，则它们便相互连接成一个不可分割的整体。它们的气也应一并计算。棋子直线紧邻的点上，如果有异色棋子存在，这口气就不复存在。如所有的气均为对方所占据，便呈无气状态。无气状态的棋子不能在棋盘上存在，也就是第四条——提子。",
        rule_en: "The empty points right next to a stone along the lines are that stone's liberties. Stones of one colour on points right next to each other are joined into one whole that cannot be split, and their liberties are counted together. A neighbouring point held by a stone of the other colour is no longer a liberty. When the opponent holds every liberty, the stones have none left, and stones without liberties cannot stay on the board: that is article 4, capture.",
        title_zh: "棋子的气",
        title_en: "Liberties",
        text_zh: "棋子上下左右的空点，就是它的“气”。连在一起的同色棋子是一家人，气合起来数；旁边的点被对方占了，这口气就没有了。",
        text_en: "The empty points next to a stone along the lines are its liberties. Stones of one colour that touch are one chain and share their liberties; a point the opponent holds is no longer a liberty.",
        tasks: &LIBERTIES,
    },
    Lesson {
        key: "capture",
        article: "总则 第四条一",
        article_en: "General rules, article 4.1: capture",
        rule_zh: "把无气之子提出盘外的手段叫“提子”。提子有二种：一、下子后，对方棋子无气，应立即提取。",
        rule_en: "Taking stones without liberties off the board is called capture. There are two cases. 1. When after a move the opponent's stones have no liberties, they are taken off at once.",
        title_zh: "提子",
        title_en: "Capture",
        text_zh: "下一步棋以后，对方的棋子一口气也没有了，就马上把它们拿出棋盘，这叫“提子”。",
        text_en: "When a move leaves the opponent's stones without liberties, they are taken off the board at once.",
        tasks: &CAPTURES,
    },
    Lesson {
        key: "both-airless",
        article: "总则 第四条二",
        article_en: "General rules, article 4.2: capture",
        rule_zh: "把无气之子提出盘外的手段叫“提子”。提子有二种：……二、下子后，双方棋子都呈无气状态，应立即提取对方无气之子。",
        rule_en: "Taking stones without liberties off the board is called capture. There are two cases. … 2. When after a move the stones of both sides have no liberties, the opponent's stones without liberties are taken off at once.",
        title_zh: "双方都无气",
        title_en: "Both sides without liberties",
        text_zh: "下一步棋以后，如果双方的棋子都没有气了，先把对方没有气的棋子拿掉；拿掉以后，自己的棋子就有气了。",
        text_en: "If after a move both sides' stones have no liberty, the opponent's are taken off — and then the mover's stones have liberties again.",
        tasks: &BOTH_AIRLESS,
    },
    Lesson {
        key: "forbidden",
        article: "总则 第五条",
        article_en: "General rules, article 5: forbidden points",
        rule_zh: "棋盘上的任何一子，如某方下子后，该子立即呈无气状态，同时又不能提取对方的棋子，这个点，叫做“禁着点”，禁止被提方下子。",
        rule_en: "If a stone played on a point would at once have no liberties and could not capture any of the opponent's stones, that point is called a forbidden point: the side whose stone would be left without liberties may not play there.",
        title_zh: "禁着点",
        title_en: "Forbidden points",
        text_zh: "下在一个点，自己的棋子马上没有气，又提不掉对方的棋子，这个点就不能下，叫“禁着点”。",
        text_en: "A point where the new stone would have no liberty and capture nothing is forbidden: it may not be played.",
        tasks: &FORBIDDEN,
    },
    Lesson {
        key: "ko",
        article: "总则 第六条",
        article_en: "General rules, article 6: no whole-board repetition",
        rule_zh: "禁止全局同形再现：不允许全局同形再现。",
        rule_en: "No repetition of the whole board: a move may not bring back a whole-board position that has been seen before.",
        title_zh: "打劫",
        title_en: "Ko",
        text_zh: "下完一步，整个棋盘不能变回以前出现过的样子。所以对方刚在打劫时提了你一个子，你不能马上提回来，要先在别处下一手（找劫材）。",
        text_en: "No move may bring back a whole-board position seen before. So a ko cannot be taken back at once: play elsewhere first (a ko threat).",
        tasks: &KO,
    },
    Lesson {
        key: "eyes",
        article: "总则 第八条",
        article_en: "General rules, article 8: living and dead stones",
        rule_zh: "终局时，经双方确认，不能避免被提取的棋，都是死棋。终局时，经双方确认，不能被提取的棋，都是活棋。活棋有两只或以上真眼，死棋没有两只真眼。",
        rule_en: "At the end of the game, stones that both players agree cannot escape capture are dead; stones that both players agree cannot be captured are alive. Living stones have two or more real eyes; dead stones do not have two real eyes.",
        title_zh: "活棋和死棋",
        title_en: "Life and death",
        text_zh: "有两只真眼的棋是活棋：对方不能下进眼里去。只有一只眼的棋，外面的气被占完就会被提掉，是死棋。",
        text_en: "A group with two or more real eyes lives: the opponent cannot play in them. A group with one eye is captured once its outside liberties are gone: it is dead.",
        tasks: &EYES,
    },
    Lesson {
        key: "counting",
        article: "总则 第七条、第九条",
        article_en: "General rules, articles 7 and 9: the end and the count",
        rule_zh: "第七条 终局：一、棋局下到双方一致确认着子完毕，为终局。二、对局中，有一方中途认输，为终局；另一方中盘胜。第九条 计算胜负：双方下子完毕的棋局，计算胜负采用数子法。先将双方死子全部清理出盘外，然后对一方的活棋（包括活棋围住的点）以子为单位进行计数。双方活棋之间的空点各得一半，一个点即为一子。胜负的基准以棋局总点数的一半180又1/2点为归本数。凡一方活棋与所属空点的总和大于此数者为胜，小于此数者为负，等于此数者为和。采用贴子方式的棋局，胜负标准另行规定。",
        rule_en: "Article 7, the end: 1. The game ends when both players agree that the moves are finished. 2. The game also ends when a player resigns; the other wins by resignation. Article 9, winning and losing: a finished game is decided by counting stones. First all dead stones of both sides are taken off the board; then one side's living stones, with the points they surround, are counted in stones. Empty points between the two sides' living stones are shared, half each; one point is one stone. The baseline is half the board's points, 180½: a side whose living stones and their points come to more than this wins, less loses, exactly this is a draw. Games with komi have their own rule for winning.",
        title_zh: "终局和数子",
        title_en: "The end and the count",
        text_zh: "两个人都说下完了，这盘棋就结束了。然后数子：先拿掉死子，再数一方的活子和它围住的空点，加起来就是这一方的子数。两边中间的空点，一人一半。",
        text_en: "The game ends when both players say there is nothing more to play. Then count: take the dead stones off, and count one side's living stones and the empty points they surround. Empty points between the two sides are shared half and half.",
        tasks: &COUNTING,
    },
    Lesson {
        key: "komi",
        article: "竞赛规定 第二条",
        article_en: "Competition rules, article 2: komi",
        rule_zh: "为了抵消黑方先手的效率，现行全国性正式比赛在终局计算胜负时，黑方需贴出三又四分之三子。",
        rule_en: "To make up for the advantage of playing first, in official national tournaments today Black gives 3¾ stones when the game is counted at the end.",
        title_zh: "贴子",
        title_en: "Komi",
        text_zh: "黑棋先下，占了一点便宜，所以数子时黑要还给白一些，这叫“贴子”。黑要比棋盘的一半多出不少才赢：9 路棋盘上黑要超过 44 子，19 路棋盘上要超过 184 子。",
        text_en: "Black plays first, which is an advantage, so at the count Black gives some back to White: this is komi. Black needs clearly more than half the board to win: more than 44 on 9×9, more than 184 on 19×19.",
        tasks: &KOMI,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// 规则原文 gives every lesson's article in words: the rules' own in Chinese, ours in
    /// English (no Chinese in it).
    #[test]
    fn every_lesson_has_its_article_in_both_languages() {
        let cjk = |s: &str| s.chars().any(|c| ('\u{3400}'..='\u{9fff}').contains(&c));
        for l in LESSONS {
            assert!(
                l.rule_zh.chars().count() > 10 && cjk(l.rule_zh),
                "{}",
                l.key
            );
            assert!(l.rule_en.len() > 40 && !cjk(l.rule_en), "{}", l.key);
            assert!(!l.article_en.is_empty() && !cjk(l.article_en), "{}", l.key);
        }
        // The komi the course teaches is the current rules' (三又四分之三子).
        assert!(LESSONS[7].rule_zh.contains("三又四分之三子"));
    }

    /// The answers the rules give are the ones the lessons teach.
    #[test]
    fn the_rules_answer_every_task_as_the_lesson_means() {
        use Solution::*;
        let expected: [&[Solution]; 8] = [
            &[Number(4), Number(3), Number(5)],
            &[Capture, Capture],
            &[Allowed(Ok(())), Capture],
            &[Allowed(Err(PlayError::Suicide)), Allowed(Ok(()))],
            &[Allowed(Err(PlayError::Ko)), Allowed(Ok(()))],
            &[Allowed(Err(PlayError::Suicide)), Capture],
            &[Number(9), Number(24)],
            &[Winner(Some(Colour::White)), Winner(Some(Colour::Black))],
        ];
        for (lesson, want) in LESSONS.iter().zip(expected) {
            let got: Vec<Solution> = lesson.tasks.iter().map(Task::answer).collect();
            assert_eq!(got, want.to_vec(), "{}", lesson.title_en);
        }
    }

    /// Every capture task can be solved, and not by every move.
    #[test]
    fn capture_tasks_have_a_capturing_move_and_wrong_ones() {
        for lesson in LESSONS {
            for task in lesson.tasks.iter().filter(|t| t.ask == Ask::Capture) {
                let g = task.position();
                let points: Vec<Point> = g.size().points().collect();
                let good = points.iter().filter(|&&p| task.captures(p)).count();
                assert!(good >= 1, "{}: no capturing move", task.en);
                assert!(
                    good < points.len() / 2,
                    "{}: almost anything captures",
                    task.en
                );
            }
        }
    }
}

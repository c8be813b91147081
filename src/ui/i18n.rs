//! The words of the UI in Chinese (简体) and English. Every string a player sees comes from here.

use crate::rules::{Colour, CountingError, GameResult, PlayError};

pub use crate::session::settings::Lang;

pub mod analysis;
pub mod clock;
pub mod daily;
pub mod exam;
pub mod learning;
pub mod opponents;
pub mod technique;

pub use analysis::{estimate, line_step, ownership_moved};
pub use clock::{callout, clock_display, clock_time, custom_kind, time_error, time_system};
pub use learning::{help_words, learn, problem_error, LearnMsg};
pub use opponents::{level_choice, level_name, level_style, measured_rank};

/// Fixed phrases.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Msg {
    Tagline,
    NewGame,
    Continue,
    Home,
    BoardSize,
    Custom,
    Komi,
    Handicap,
    NoHandicap,
    HandicapNote,
    Black,
    White,
    Name,
    Rank,
    Colours,
    ColoursAsEntered,
    ColoursNigiri,
    Start,
    Cancel,
    Pass,
    Resign,
    Undo,
    Yes,
    No,
    ConfirmPass,
    ConfirmResign,
    UndoRequest,
    Accept,
    Decline,
    UndoDeclined,
    ToMove,
    Captures,
    Counting,
    CountingHelp,
    ConfirmCount,
    Dispute,
    Result,
    Settings,
    Language,
    Sound,
    MoveNumbers,
    TouchConfirm,
    TapAgain,
    GameOver,
    NigiriTitle,
    NigiriGuessOdd,
    NigiriGuessEven,
    Dark,
    Light,
    On,
    Off,
    Review,
    StorageFull,
    StorageCorrupt,
    TimeControl,
    Untimed,
    CustomTime,
    TimeSystemKind,
    Periods,
    PeriodSeconds,
    IncrementSeconds,
    CapMinutes,
    CanadianStones,
    CanadianMinutes,
    MoreSettings,
    MainMinutes,
    ReservedMinutes,
    OnClose,
    OnClosePause,
    OnCloseRun,
    Pause,
    ResumeClock,
    Paused,
    Seal,
    SealHelp,
    Sealed,
    Adjourned,
    AdjournedHelp,
    ReviewThis,
    ExamBadge,
    ExamGameKept,
    NotDeleted,
    UpdateReady,
    UpdateNow,
    StorageTemporary,
    MyBook,
    OpeningFile,
    LearnUnavailable,
    GameGone,
    TechnicalDetail,
    BoardLabel,
    Learn,
    GameKind,
    GoGame,
    CaptureGo,
    CaptureGoal,
    CaptureHelp,
    TypeMoveLabel,
    TypeMovePlaceholder,
    TypeMoveButton,
    BoardText,
    BoardTextOpened,
    HighContrast,
    GameTitle,
    Unseal,
    SealedPass,
    GameMode,
    Casual,
    RefereeMode,
    CasualHint,
    RefereeHint,
    RefereePanel,
    OpenRefereePanel,
    Warn,
    WarningReason,
    Verdicts,
    ForfeitLoss,
    DrawVerdict,
    ReplayVerdict,
    NoResultVerdict,
    ExportSgf,
    Close,
    Rename,
    Delete,
    Deleted,
    UndoDelete,
    DamagedGame,
    DownloadRaw,
    /// Review → the teacher's board, with this record.
    OpenSgf,
    DropSgf,
    Beep,
    Share,
    ShareHelp,
    Opponent,
    TwoPlayers,
    AgainstComputer,
    YouPlay,
    Level,
    Thinking,
    Hint,
    HintNone,
    Estimate,
    EstimateHide,
    ComputerName,
    BotUnavailable,
    SyncedFromOtherTab,
    ConflictSavedCopy,
}

/// A phrase that follows the language, for a view: one closure type for every use, so the
/// app's wasm holds one copy of the code that renders and updates it (not one per phrase).
pub fn text(
    lang: leptos::prelude::Signal<Lang>,
    m: Msg,
) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    use leptos::prelude::Get;
    move || t(lang.get(), m)
}

/// A phrase in `lang`.
/// How many moves a game has: "12 手", "1 move", "12 moves".
pub fn moves_count(lang: Lang, n: usize) -> String {
    match (lang, n) {
        (Lang::Zh, _) => format!("{n} 手"),
        (Lang::En, 1) => "1 move".to_string(),
        (Lang::En, _) => format!("{n} moves"),
    }
}

pub fn t(lang: Lang, m: Msg) -> &'static str {
    use Msg::*;
    let (zh, en) = match m {
        Tagline => ("围棋 · 中国规则", "Go by the Chinese rules"),
        NewGame => ("新对局", "New game"),
        Continue => ("继续对局", "Continue game"),
        Home => ("首页", "Home"),
        BoardSize => ("棋盘", "Board"),
        Custom => ("自定义", "Custom"),
        Komi => ("贴子", "Komi"),
        Handicap => ("让子", "Handicap"),
        NoHandicap => ("分先", "Even"),
        HandicapNote => (
            "让子棋白先；数子时黑方每让一子还白½子。",
            "White moves first after the handicap; under Chinese counting black gives back ½ stone (1 point) per handicap stone.",
        ),
        Black => ("黑", "Black"),
        White => ("白", "White"),
        Name => ("姓名", "Name"),
        Rank => ("段级", "Rank"),
        Colours => ("执子", "Colours"),
        ColoursAsEntered => ("按填写", "As entered"),
        ColoursNigiri => ("猜先", "Nigiri"),
        Start => ("开始", "Start"),
        Cancel => ("取消", "Cancel"),
        Pass => ("停一手", "Pass"),
        Resign => ("认输", "Resign"),
        Undo => ("悔棋", "Undo"),
        Yes => ("是", "Yes"),
        No => ("否", "No"),
        ConfirmPass => ("确定停一手？", "Pass this turn?"),
        ConfirmResign => ("确定认输？", "Resign this game?"),
        UndoRequest => ("请求悔棋。对方同意吗？", "asks to take back a move. Does the opponent accept?"),
        Accept => ("同意", "Accept"),
        Decline => ("不同意", "Decline"),
        UndoDeclined => ("对方不同意悔棋", "The opponent declined the undo"),
        ToMove => ("轮到", "To move"),
        Captures => ("提子", "Captures"),
        Counting => ("数子", "Counting"),
        CountingHelp => (
            "点击棋块标记死活。双方确认后计算胜负。",
            "Tap a chain to mark it dead or alive. Both players confirm to finish.",
        ),
        ConfirmCount => ("确认终局", "confirm the count"),
        Dispute => ("有争议，继续下", "Dispute: play on"),
        Result => ("结果", "Result"),
        Settings => ("设置", "Settings"),
        Language => ("English", "中文"),
        Sound => ("声音", "Sound"),
        MoveNumbers => ("手数", "Move numbers"),
        TouchConfirm => ("点两下落子", "Tap twice to play"),
        TapAgain => ("再点一次确认落子", "Tap again to play there"),
        GameOver => ("对局结束", "Game over"),
        NigiriTitle => ("猜先", "Nigiri"),
        NigiriGuessOdd => ("猜单", "Guess odd"),
        NigiriGuessEven => ("猜双", "Guess even"),
        Dark => ("深色", "Dark"),
        Light => ("浅色", "Light"),
        On => ("开", "On"),
        Off => ("关", "Off"),
        Review => ("复盘", "Review"),
        StorageFull => (
            "本地存储已满：本局仍在内存中。请删除旧对局以便保存。",
            "Storage is full: this game is kept in memory. Delete old games so it can be saved.",
        ),
        StorageCorrupt => ("有一局存档已损坏，已跳过。", "A saved game is damaged and was skipped."),
        TimeControl => ("用时", "Time control"),
        Untimed => ("不计时", "Untimed"),
        CustomTime => ("自定义…", "Custom…"),
        TimeSystemKind => ("计时方式", "Time system"),
        Periods => ("读秒次数", "Periods"),
        PeriodSeconds => ("每次（秒）", "Seconds a period"),
        IncrementSeconds => ("每手加秒", "Seconds added a move"),
        CapMinutes => ("上限（分钟，0 为不限）", "Cap (minutes, 0 = none)"),
        CanadianStones => ("每段手数", "Moves a period"),
        CanadianMinutes => ("每段（分钟）", "Minutes a period"),
        MoreSettings => ("更多设置（贴目、让子、棋手、规则）", "More settings (komi, handicap, players, rules)"),
        MainMinutes => ("基本用时（分钟）", "Main time (minutes)"),
        ReservedMinutes => ("保留读秒（分钟）", "Byo-yomi minutes kept for the end"),
        OnClose => ("关闭页面时", "When the page is closed"),
        OnClosePause => ("暂停计时", "the clocks pause"),
        OnCloseRun => ("继续计时（比赛）", "the clocks run on (tournament)"),
        Pause => ("暂停", "Pause"),
        ResumeClock => ("继续", "Resume"),
        Paused => ("已暂停：计时停止", "Paused: the clocks are stopped"),
        Seal => ("封棋", "Seal a move"),
        SealHelp => ("请点选封棋的着点（不会显示在棋盘上）", "Choose the sealed move on the board (it will not be shown)"),
        Sealed => ("已封棋，对局暂停。续赛时启封。", "A move is sealed and the game adjourned. Unseal to resume."),
        ReviewThis => ("复盘", "Review"),
        ExamBadge => ("升级考试：不能悔棋，没有提示", "Rank exam: no undo, no hints"),
        ExamGameKept => ("考试的棋：考完才能导出和删除。", "An exam game: export or delete it after the exam."),
        NotDeleted => ("没能删除。", "Could not delete it."),
        UpdateReady => ("新版本可用", "A new version is available"),
        UpdateNow => ("刷新", "Reload"),
        StorageTemporary => (
            "这台电脑可能会清除保存的棋：下课前保存你的棋册。",
            "This computer may clear saved games: save your Go book.",
        ),
        MyBook => ("我的棋册", "My Go book"),
        TechnicalDetail => ("技术细节", "Technical detail"),
        BoardLabel => ("棋盘", "Go board"),
        GameTitle => ("对局", "Game"),
        OpeningFile => ("正在打开文件…", "Opening the file…"),
        LearnUnavailable => (
            "学下棋、复盘和打开棋谱的部分没能载入，可能是网络断了。对局都还在，请稍后再试。",
            "Learning, review and opening files could not be loaded: the network may be down. Your games are safe; try again later.",
        ),
        GameGone => ("这盘棋找不到了。", "That game is not here."),
        Adjourned => ("封棋 · 对局暂停", "Adjourned (sealed move)"),
        AdjournedHelp => ("对局已封棋暂停，续赛时请按“启封”", "The game is adjourned: press Unseal to resume"),
        Unseal => ("启封续赛", "Unseal and resume"),
        SealedPass => ("封棋之着此时不合法，判弃权一次", "The sealed move is not legal now: it counts as a pass"),
        GameMode => ("模式", "Mode"),
        Opponent => ("对手", "Opponent"),
        TwoPlayers => ("两人对弈", "Two players"),
        AgainstComputer => ("对电脑", "Computer"),
        YouPlay => ("你执", "You play"),
        Level => ("难度", "Level"),
        Thinking => ("电脑思考中…", "The computer is thinking…"),
        Hint => ("提示", "Hint"),
        HintNone => ("电脑建议：停一手", "The computer suggests passing"),
        Estimate => ("形势判断", "Estimate"),
        EstimateHide => ("隐藏形势", "Hide estimate"),
        ComputerName => ("电脑", "Computer"),
        BotUnavailable => (
            "电脑对手无法启动或出错停止了。对局已保存，可以两人继续下。",
            "The computer opponent could not start, or stopped with an error. The game is saved; you can go on as two players.",
        ),
        SyncedFromOtherTab => ("此棋局已在另一个标签页中更新，已载入最新着法。", "This game changed in another tab; its latest moves are loaded here."),
        ConflictSavedCopy => (
            "另一个标签页同时改动了此棋局：本页的着法已另存为新棋局，两边都不会丢失。",
            "Another tab changed this game at the same time: this tab's moves were saved as a new game, so neither is lost.",
        ),
        Casual => ("休闲", "Casual"),
        RefereeMode => ("裁判模式", "Referee mode"),
        CasualHint => ("不合规则的着手会被拒绝并说明原因，不受处罚。", "Illegal moves are refused with their reason, without penalty."),
        RefereeHint => (
            "按裁判法：禁着点或劫争马上回提判着手无效、弃权一次；警告满二次判负。",
            "By the referee rules: a forbidden point or an immediate ko recapture is void and counts as a pass; a second warning loses.",
        ),
        RefereePanel => ("裁判", "Referee"),
        OpenRefereePanel => ("打开裁判面板？（仅限裁判）", "Open the referee panel? (for the referee only)"),
        Warn => ("警告", "Warn"),
        WarningReason => ("原因", "Reason"),
        Verdicts => ("判决", "Verdict"),
        ForfeitLoss => ("判负", "forfeits"),
        DrawVerdict => ("和棋", "Draw"),
        ReplayVerdict => ("重下", "Replay"),
        NoResultVerdict => ("无胜负", "No result"),
        ExportSgf => ("导出 SGF", "Download SGF"),
        Close => ("关闭", "Close"),
        Rename => ("改名", "Rename"),
        Delete => ("删除", "Delete"),
        Deleted => ("已删除一局。", "A game was deleted."),
        UndoDelete => ("撤销", "Undo"),
        DamagedGame => ("存档已损坏", "Damaged record"),
        DownloadRaw => ("下载原始数据", "Download the raw text"),
        OpenSgf => ("打开 SGF 棋谱", "Open an SGF file"),
        Beep => ("读秒提示音", "Clock beep"),
        Share => ("分享链接", "Share link"),
        ShareHelp => ("链接已复制，也可以从这里复制：", "The link is copied; you can also copy it here:"),
        DropSgf => ("也可以把 SGF 文件拖到这里", "or drop an SGF file here"),
        Learn => ("学下棋", "Learn Go"),
        GameKind => ("玩法", "Game"),
        GoGame => ("围棋", "Go"),
        CaptureGo => ("吃子棋", "Capture Go"),
        CaptureGoal => ("先吃几子获胜", "Captures to win"),
        CaptureHelp => ("先吃到这么多子的一方获胜；自杀和打劫仍按规则禁止。若双方都停一手时还没有人吃够，按数子决定胜负。", "The first to capture that many stones wins; suicide and ko are forbidden as in Go. If both pass before anyone has, the area count decides."),
        TypeMoveLabel => ("输入着手（如 D4、4-4、天元、pass）", "Type a move (e.g. D4, 4-4, tengen, pass)"),
        TypeMovePlaceholder => ("输入着手，如 D4", "Type a move, e.g. D4"),
        TypeMoveButton => ("落子", "Play"),
        BoardText => ("棋盘文字图（X 黑，O 白，+ 星位）", "The board as text (X black, O white, + star point)"),
        BoardTextOpened => ("棋盘文字图已打开，按 Esc 回到棋盘", "The board as text is open; Escape goes back to the board"),
        HighContrast => ("高对比度", "High contrast"),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// A colour's name.
pub fn colour(lang: Lang, c: Colour) -> &'static str {
    t(
        lang,
        if c == Colour::Black {
            Msg::Black
        } else {
            Msg::White
        },
    )
}

/// Why a move was refused, for the player.
pub fn play_error(lang: Lang, e: PlayError) -> &'static str {
    let (zh, en) = match e {
        PlayError::Occupied => (
            "占位：这里已经有子了",
            "Occupied: there is already a stone there",
        ),
        PlayError::Suicide => (
            "禁着点：此处落子无气，又不能提子",
            "Forbidden point: the stone would have no liberties and captures nothing",
        ),
        PlayError::Ko => (
            "打劫：不能马上回提，须先找劫材",
            "Ko: you may not retake at once — play a ko threat first",
        ),
        PlayError::Superko => (
            "全局同形再现：此着会重复以前的局面",
            "Superko: this move would repeat an earlier whole-board position",
        ),
        PlayError::NotYourTurn => ("还没轮到这一方", "It is not this side's turn"),
        PlayError::GameOver => ("对局已经结束", "The game is over"),
        PlayError::OffBoard => ("不在棋盘上", "That point is not on the board"),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

pub fn counting_error(lang: Lang, e: CountingError) -> &'static str {
    let (zh, en) = match e {
        CountingError::NotCounting => ("现在不是数子阶段", "The game is not being counted"),
        CountingError::NotYourConfirmation => {
            ("应由轮走方先确认", "The player to move confirms first")
        }
        CountingError::NoStone => ("这里没有棋子", "There is no stone there"),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Reasons for a warning, as the seed names them (裁判法 第二十三、二十四条).
pub fn warning_reasons() -> Vec<crate::rules::referee::WarningReason> {
    use crate::rules::referee::WarningReason;
    let mut v = WarningReason::LISTED.to_vec();
    v.push(WarningReason::Other(String::new()));
    v
}

/// A warning's reason in the player's language.
pub fn warning_reason(lang: Lang, r: &crate::rules::referee::WarningReason) -> &str {
    match lang {
        Lang::Zh => r.chinese(),
        Lang::En => r.english(),
    }
}

/// Why an SGF file could not be read, and where.
pub fn sgf_error(lang: Lang, e: &crate::record::sgf::SgfError) -> String {
    use crate::record::sgf::SgfErrorKind as K;
    let what = match (&e.kind, lang) {
        (K::NoGameTree, Lang::Zh) => "找不到棋谱开头“(;”".to_string(),
        (K::NoGameTree, Lang::En) => "no game tree '(;' found".to_string(),
        (K::UnexpectedEnd, Lang::Zh) => "文件提前结束".to_string(),
        (K::UnexpectedEnd, Lang::En) => "the file ends too early".to_string(),
        (K::Unexpected(c), Lang::Zh) => format!("此处不应出现“{c}”"),
        (K::Unexpected(c), Lang::En) => format!("unexpected '{c}'"),
        (K::BadValue { property, value }, Lang::Zh) => format!("{property}[{value}] 的值不对"),
        (K::BadValue { property, value }, Lang::En) => {
            format!("bad value [{value}] for {property}")
        }
        (K::NotGo, Lang::Zh) => "这不是围棋棋谱（GM 不是 1）".to_string(),
        (K::NotGo, Lang::En) => "not a Go record (GM is not 1)".to_string(),
    };
    match lang {
        Lang::Zh => format!("SGF 文件有误：第 {} 行第 {} 列，{what}", e.line, e.column),
        Lang::En => format!(
            "The SGF file is broken at line {}, column {}: {what}",
            e.line, e.column
        ),
    }
}

/// The referee's word on a void move (裁判法 第十条, 第十一条一).
pub fn void_move(lang: Lang, c: Colour) -> String {
    match lang {
        Lang::Zh => format!("{}着手无效，弃权一次", colour(lang, c)),
        Lang::En => format!("{}'s move is void and counts as a pass", colour(lang, c)),
    }
}

/// A result in the player's language (the Chinese notation in Chinese, words in English).
pub fn result(lang: Lang, r: &GameResult) -> String {
    match lang {
        Lang::Zh => r.chinese(),
        Lang::En => r.english(),
    }
}

/// A result as a line says it: in Chinese as Chinese players say it (黑胜3/4子, 中盘胜, 超时胜),
/// never in SGF's notation; in English with the notation players of other programs know
/// ("Black wins by 1.5 points (B+1.5)"). One language at a time.
pub fn result_line(lang: Lang, r: &GameResult) -> String {
    match lang {
        Lang::Zh => r.chinese(),
        Lang::En => format!("{} ({})", r.english(), r.sgf()),
    }
}

/// What screen readers hear after a move: "黑 D4，提 2 子" / "Black D4, captures 2".
pub fn announce_move(lang: Lang, c: Colour, vertex: Option<&str>, captured: u32) -> String {
    let name = colour(lang, c);
    match (lang, vertex) {
        (Lang::Zh, None) => format!("{name} 停一手"),
        (Lang::En, None) => format!("{name} passes"),
        (Lang::Zh, Some(v)) if captured > 0 => format!("{name} {v}，提 {captured} 子"),
        (Lang::Zh, Some(v)) => format!("{name} {v}"),
        (Lang::En, Some(v)) if captured > 0 => format!("{name} {v}, captures {captured}"),
        (Lang::En, Some(v)) => format!("{name} {v}"),
    }
}

/// The capture-Go badge of the game screen: "吃子棋 · 先吃 2 子胜".
pub fn capture_badge(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Zh => format!("吃子棋 · 先吃 {n} 子胜"),
        Lang::En if n == 1 => "Capture Go · first capture wins".into(),
        Lang::En => format!("Capture Go · first to capture {n} stones wins"),
    }
}

/// Why typed text is not a move on this board.
pub fn notation_error(
    lang: Lang,
    size: crate::rules::BoardSize,
    text: &str,
    e: &crate::rules::notation::NotationError,
) -> String {
    use crate::rules::notation::NotationError as E;
    let text = text.trim();
    match (lang, e) {
        (Lang::Zh, E::Empty) => "请输入着手，如 D4".into(),
        (Lang::En, E::Empty) => "Type a move, e.g. D4".into(),
        (Lang::Zh, E::NotAPoint) => format!("“{text}”不是棋盘上的点：请输入如 D4、4-4 或 天元"),
        (Lang::En, E::NotAPoint) => format!("“{text}” is not a point: type e.g. D4, 4-4 or tengen"),
        (Lang::Zh, E::OffBoard(v)) => format!("{v} 不在这块 {size} 棋盘上"),
        (Lang::En, E::OffBoard(v)) => format!("{v} is off this {size} board"),
        (Lang::Zh, E::NoTengen) => "偶数路棋盘没有天元".into(),
        (Lang::En, E::NoTengen) => "An even-sized board has no centre point".into(),
    }
}

/// The live count during counting: "黑 185 子 / 白 176 子".
pub fn live_count(lang: Lang, black_half: u32, white_half: u32) -> String {
    // Half 子 as each language writes it: 40又1/2, 40½.
    let zi = |h: u32| match (h % 2, lang) {
        (0, _) => (h / 2).to_string(),
        (_, Lang::Zh) => format!("{}又1/2", h / 2),
        (_, Lang::En) => format!("{}½", h / 2),
    };
    match lang {
        Lang::Zh => format!("黑 {} 子 / 白 {} 子", zi(black_half), zi(white_half)),
        Lang::En => format!("Black {} / White {} stones", zi(black_half), zi(white_half)),
    }
}

/// What Black's count was measured against, under the result (总则 第九条, 竞赛规定 第二条):
/// "黑 32 子，要多于 44又1/4 子才赢（含贴 3又3/4 子）" / "Black has 32 stones; more than 44¼
/// were needed to win (komi included: 7.5 points = 3¾ stones)". A handicap game names what
/// Black gave back for its stones.
pub fn black_needed(lang: Lang, n: &crate::rules::Needed) -> String {
    use crate::rules::rules::{half_points_string, quarters_glyphs, quarters_string, stones_words};
    let zh = lang == Lang::Zh;
    let q = |x: i64| {
        if zh {
            quarters_string(x as i32)
        } else {
            quarters_glyphs(x as i32)
        }
    };
    // Quarters of a 子 are half points: English says the points, the stones beside.
    let pts = |x: i64| {
        let x = x.abs() as i32;
        format!("{} points = {}", half_points_string(x), stones_words(x))
    };
    let (b, need, k, g, h) = (q(n.black), q(n.needed), n.komi, n.given_back, n.handicap);
    let mut why = match (k.signum(), zh) {
        (0, _) => String::new(),
        (1, true) => format!("含贴 {} 子", q(k)),
        (_, true) => format!("白贴 {} 子", q(-k)),
        (1, false) => format!("komi included: {}", pts(k)),
        (_, false) => format!("White gave {} of komi", pts(k)),
    };
    if g != 0 {
        why += &match (why.is_empty(), zh) {
            (true, true) => format!("含让 {h} 子还 {} 子", q(g)),
            (false, true) => format!("、让 {h} 子还 {} 子", q(g)),
            (first, false) => format!(
                "{}{} given back for the {h} handicap stones",
                if first { "" } else { "; " },
                stones_words(g as i32)
            ),
        };
    }
    if why.is_empty() {
        why = (if zh { "不贴子" } else { "no komi" }).into();
    }
    // Exactly so many is a draw (the result above says 和棋).
    if zh {
        format!("黑 {b} 子，要多于 {need} 子才赢（{why}）")
    } else {
        format!("Black has {b} stones; more than {need} were needed to win ({why})")
    }
}

/// Why a stored game cannot be opened, in the player's language (the technical detail is
/// shown apart, in English, for a bug report).
pub fn record_error(lang: Lang, e: &crate::session::stored::RecordError) -> String {
    use crate::session::stored::RecordError as E;
    match (e, lang) {
        (E::Malformed(_), Lang::Zh) => "存储的数据已损坏，不是可读的棋谱记录。".into(),
        (E::Malformed(_), Lang::En) => "The stored data is damaged: it is not a readable game record.".into(),
        (E::TooNew(v), Lang::Zh) => format!("此棋谱由更新版本的手谈保存（记录版本 {v}），请刷新页面以更新。"),
        (E::TooNew(v), Lang::En) => format!("This game was saved by a newer version of 手谈 (record version {v}): reload the page to update."),
        (E::DoesNotReplay(_), Lang::Zh) => "记录中的着法无法按规则复盘，棋谱已损坏。".into(),
        (E::DoesNotReplay(_), Lang::En) => "The recorded moves do not replay under the rules: the record is damaged.".into(),
    }
}

/// What an import of a collection did.
pub fn imported(lang: Lang, added: usize, duplicates: usize, broken: usize) -> String {
    let mut s = match lang {
        Lang::Zh => format!("已导入 {added} 局"),
        Lang::En => format!("{added} games imported"),
    };
    if duplicates > 0 {
        s += &match lang {
            Lang::Zh => format!("；{duplicates} 局已在列表中，未重复导入"),
            Lang::En => format!("; {duplicates} already here, not doubled"),
        };
    }
    if broken > 0 {
        s += &match lang {
            Lang::Zh => format!("；{broken} 局无法读取"),
            Lang::En => format!("; {broken} could not be read"),
        };
    }
    s
}

/// The storage line of the settings: persistent or not, and how much is used.
pub fn storage_status(lang: Lang, s: Option<crate::web::offline::StorageState>) -> String {
    let Some(s) = s else {
        return String::new();
    };
    let kind = match (lang, s.persistent) {
        (Lang::Zh, Some(true)) => "存储：持久",
        (Lang::Zh, Some(false)) => "存储：临时（浏览器可能清除）",
        (Lang::Zh, None) => "存储：未知",
        (Lang::En, Some(true)) => "Storage: persistent",
        (Lang::En, Some(false)) => "Storage: temporary (the browser may clear it)",
        (Lang::En, None) => "Storage: unknown",
    };
    match s.usage {
        Some(bytes) => match lang {
            Lang::Zh => format!("{kind} · 已用 {} KB", (bytes / 1024.0).ceil() as u64),
            Lang::En => format!("{kind} · {} KB used", (bytes / 1024.0).ceil() as u64),
        },
        None => kind.to_string(),
    }
}

/// A rank as players of `lang` say it: 业余2段 / 2 dan.
pub fn rank(lang: Lang, r: &crate::session::Rank) -> String {
    match lang {
        Lang::Zh => r.zh(),
        Lang::En => r.en(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Callout, TimeSystem};

    #[test]
    fn announcements_read_as_players_say_them() {
        assert_eq!(
            announce_move(Lang::Zh, Colour::Black, Some("D4"), 2),
            "黑 D4，提 2 子"
        );
        assert_eq!(
            announce_move(Lang::En, Colour::White, None, 0),
            "White passes"
        );
        assert_eq!(Lang::from_tag("zh-TW"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
        assert_eq!(callout(Lang::Zh, Callout::MinutesLeft(4)), "还剩 4 分钟");
        assert_eq!(callout(Lang::Zh, Callout::TimeOut), "10，超时判负");
        // 读秒 is counted in minutes; 次 is the Japanese period's word.
        assert_eq!(
            callout(Lang::Zh, Callout::DumiaoStarts { minutes: 2 }),
            "开始读秒，还剩 2 分钟"
        );
        assert_eq!(
            callout(Lang::Zh, Callout::ByoyomiStarts { periods: 3 }),
            "开始读秒，3 次"
        );
        assert_eq!(clock_time(59_001), "1:00");
        assert_eq!(clock_time(3_723_000), "1:02:03");
        assert_eq!(
            time_system(Lang::Zh, TimeSystem::chinese(60, 1)),
            "60 分钟 + 读秒 1 分钟"
        );
        // English says byo-yomi, in English words (the issue saw "60 min + 1 min 读秒").
        assert_eq!(
            time_system(Lang::En, TimeSystem::chinese(60, 1)),
            "60 min + 1 min byo-yomi"
        );
        assert_eq!(
            callout(Lang::En, Callout::DumiaoStarts { minutes: 2 }),
            "Byo-yomi begins: 2 minutes left"
        );
    }

    /// Komi and margins in English: points, the stones beside, a stone or less in the singular.
    #[test]
    fn english_says_points_and_stones() {
        use crate::rules::Komi;
        assert_eq!(Komi::HALF.stones_string(), "¼ stone");
        assert_eq!(Komi::CHINESE.stones_string(), "3¾ stones");
        assert_eq!(Komi::ZERO.stones_string(), "0 stones");
        assert_eq!(
            result(Lang::En, &score(82, 80, 1)),
            "Black wins by 0.5 points (¼ stone)"
        );
        assert_eq!(
            result(Lang::En, &score(90, 72, 15)),
            "Black wins by 1.5 points (¾ stone)"
        );
        assert_eq!(
            result(Lang::En, &score(92, 70, 15)),
            "Black wins by 3.5 points (1¾ stones)"
        );
        assert_eq!(
            result(Lang::En, &score(90, 70, 12)),
            "Black wins by 4 points (2 stones)"
        );
    }

    /// A counted result with both counts in half 子 and what white receives in half points.
    fn score(black_half: u32, white_half: u32, komi_half: i32) -> GameResult {
        GameResult::Score {
            black_half,
            white_half,
            komi_half,
        }
    }

    /// The words under a counted result, from the count, the komi and the handicap of a game
    /// set up as the new-game dialog sets it up.
    fn needed(lang: Lang, size: u32, komi: i32, handicap: u32, black_half: u32) -> String {
        let (game, n) = counted(size, komi, handicap, black_half);
        black_needed(lang, &n.unwrap_or_else(|| panic!("{:?}", game.result())))
    }

    fn counted(
        size: u32,
        komi: i32,
        handicap: u32,
        black_half: u32,
    ) -> (crate::rules::Game, Option<crate::rules::Needed>) {
        use crate::rules::{handicap::fixed, BoardSize, Game, Komi, Needed, Rules};
        let size = BoardSize::new(size).unwrap();
        let rules = Rules {
            komi: Komi::from_half_points(komi),
            ..Rules::chinese()
        };
        let stones = if handicap >= 2 {
            fixed(size, handicap).unwrap()
        } else {
            vec![]
        };
        let game = Game::with_handicap(size, rules, &stones);
        let all = 2 * size.area();
        let r = score(black_half, all - black_half, game.komi_half_points());
        let n = Needed::of(&r, komi, game.handicap());
        (game, n)
    }

    #[test]
    fn the_result_says_what_black_needed() {
        // The game: 黑 32 子 / 白 49 子 on 9×9 with 3¾ 子 of komi, 白胜12又1/4子.
        assert_eq!(
            needed(Lang::Zh, 9, 15, 0, 64),
            "黑 32 子，要多于 44又1/4 子才赢（含贴 3又3/4 子）"
        );
        assert_eq!(
            needed(Lang::En, 9, 15, 0, 64),
            "Black has 32 stones; more than 44¼ were needed to win (komi included: 7.5 points = 3¾ stones)"
        );
        assert_eq!(result(Lang::Zh, &score(64, 98, 15)), "白胜12又1/4子");
        // 13×13: half of 169 is 84½; 19×19: half of 361 is 180½ (第九条's 归本数).
        assert_eq!(
            needed(Lang::Zh, 13, 15, 0, 180),
            "黑 90 子，要多于 88又1/4 子才赢（含贴 3又3/4 子）"
        );
        assert_eq!(
            needed(Lang::Zh, 19, 15, 0, 369),
            "黑 184又1/2 子，要多于 184又1/4 子才赢（含贴 3又3/4 子）"
        );
        // The older komi, 2¾ 子 (5.5 points).
        assert_eq!(
            needed(Lang::Zh, 19, 11, 0, 360),
            "黑 180 子，要多于 183又1/4 子才赢（含贴 2又3/4 子）"
        );
        assert_eq!(
            needed(Lang::En, 19, 11, 0, 360),
            "Black has 180 stones; more than 183¼ were needed to win (komi included: 5.5 points = 2¾ stones)"
        );
        // No komi, and half a point.
        assert_eq!(
            needed(Lang::Zh, 9, 0, 0, 82),
            "黑 41 子，要多于 40又1/2 子才赢（不贴子）"
        );
        assert_eq!(
            needed(Lang::En, 9, 0, 0, 82),
            "Black has 41 stones; more than 40½ were needed to win (no komi)"
        );
        assert_eq!(
            needed(Lang::Zh, 9, 1, 0, 80),
            "黑 40 子，要多于 40又3/4 子才赢（含贴 1/4 子）"
        );
        assert_eq!(
            needed(Lang::En, 9, 1, 0, 80),
            "Black has 40 stones; more than 40¾ were needed to win (komi included: 0.5 points = ¼ stone)"
        );
        // Handicap: Black gives back half a 子 a stone (four stones: 2 子), on top of the komi.
        assert_eq!(
            needed(Lang::Zh, 19, 1, 4, 370),
            "黑 185 子，要多于 182又3/4 子才赢（含贴 1/4 子、让 4 子还 2 子）"
        );
        assert_eq!(
            needed(Lang::En, 19, 1, 4, 370),
            "Black has 185 stones; more than 182¾ were needed to win (komi included: 0.5 points = ¼ stone; 2 stones given back for the 4 handicap stones)"
        );
        assert_eq!(
            needed(Lang::Zh, 19, 0, 3, 360),
            "黑 180 子，要多于 182 子才赢（含让 3 子还 1又1/2 子）"
        );
        assert_eq!(
            needed(Lang::En, 13, 0, 2, 180),
            "Black has 90 stones; more than 85½ were needed to win (1 stone given back for the 2 handicap stones)"
        );
        // A draw: exactly half the board with no komi — not more, so no win; the result line
        // above says 和棋.
        assert_eq!(
            needed(Lang::Zh, 9, 0, 0, 81),
            "黑 40又1/2 子，要多于 40又1/2 子才赢（不贴子）"
        );
        assert_eq!(
            needed(Lang::En, 9, 0, 0, 81),
            "Black has 40½ stones; more than 40½ were needed to win (no komi)"
        );
        assert_eq!(result(Lang::Zh, &score(81, 81, 0)), "和棋");
        // White giving komi (a custom komi of -1 point).
        assert_eq!(
            needed(Lang::Zh, 9, -2, 0, 80),
            "黑 40 子，要多于 40 子才赢（白贴 1/2 子）"
        );
        // Not a count: nothing to say.
        let resigned = GameResult::Resignation {
            winner: Colour::White,
        };
        assert_eq!(crate::rules::Needed::of(&resigned, 15, 0), None);
    }

    /// Every board size, komi and handicap the dialog offers, every count: the words say Black's
    /// count and the count needed, and they agree with the result — more wins, exactly is a
    /// draw, less loses — and name the handicap's give-back exactly when there is one.
    #[test]
    fn what_black_needed_agrees_with_every_result() {
        use crate::rules::rules::quarters_string;
        for size in [9, 13, 19] {
            let points = (size * size) as i64;
            for komi in [15, 11, 0, 1] {
                for handicap in [0, 2, 3, 4, 5, 6, 7, 8, 9] {
                    let board = crate::rules::BoardSize::new(size).unwrap();
                    if handicap > crate::rules::handicap::max_fixed(board) {
                        continue;
                    }
                    for black_half in 0..=(2 * size * size) {
                        let (game, n) = counted(size, komi, handicap, black_half);
                        let n = n.unwrap();
                        let all = 2 * size * size;
                        let r = score(black_half, all - black_half, game.komi_half_points());
                        let back = if handicap >= 2 {
                            2 * handicap as i64
                        } else {
                            0
                        };
                        assert_eq!(n.given_back, back, "{size} {komi} {handicap}");
                        assert_eq!(n.needed, 2 * points + komi as i64 + back);
                        assert_eq!(n.black, 2 * black_half as i64);
                        let winner = r.winner();
                        assert_eq!(n.black > n.needed, winner == Some(Colour::Black), "{r:?}");
                        assert_eq!(n.black < n.needed, winner == Some(Colour::White), "{r:?}");
                        let words = black_needed(Lang::Zh, &n);
                        let (b, need) = (
                            quarters_string(n.black as i32),
                            quarters_string(n.needed as i32),
                        );
                        assert!(
                            words.starts_with(&format!("黑 {b} 子，要多于 {need} 子才赢")),
                            "{words}"
                        );
                        // Exactly what was needed is a draw.
                        assert_eq!(n.black == n.needed, winner.is_none(), "{r:?}");
                        assert_eq!(
                            words.contains(&format!("让 {handicap} 子还")),
                            back > 0,
                            "{words}"
                        );
                        assert_eq!(words.contains("贴 "), komi != 0, "{words}");
                        let en = black_needed(Lang::En, &n);
                        assert!(
                            !en.chars().any(|c| ('\u{3400}'..='\u{9fff}').contains(&c)),
                            "{en}"
                        );
                        assert!(
                            en.starts_with(&format!(
                                "Black has {} stones; more than {} were needed",
                                crate::rules::rules::quarters_glyphs(n.black as i32),
                                crate::rules::rules::quarters_glyphs(n.needed as i32)
                            )),
                            "{en}"
                        );
                    }
                }
            }
        }
    }

    /// A handicap game counted by the core (no move played: every point is Black's) says the
    /// same as the numbers do.
    #[test]
    fn a_counted_handicap_game_says_what_black_needed() {
        use crate::rules::{handicap::fixed, BoardSize, Colour, Game, Komi, Move, Needed, Rules};
        let size = BoardSize::new(19).unwrap();
        let rules = Rules {
            komi: Komi::HALF,
            ..Rules::chinese()
        };
        let mut game = Game::with_handicap(size, rules, &fixed(size, 6).unwrap());
        game.play(Colour::White, Move::Pass).unwrap();
        game.play(Colour::Black, Move::Pass).unwrap();
        let first = game.next_confirmer().unwrap();
        game.confirm_count(first).unwrap();
        let r = game.confirm_count(first.opponent()).unwrap().unwrap();
        let n = Needed::of(&r, rules.komi.half_points(), game.handicap()).unwrap();
        assert_eq!(
            black_needed(Lang::Zh, &n),
            "黑 361 子，要多于 183又3/4 子才赢（含贴 1/4 子、让 6 子还 3 子）"
        );
        assert_eq!(result(Lang::Zh, &r), "黑胜177又1/4子");
    }

    /// The estimate says one thing (issue 51: "黑约领先 0.5 目 · 黑胜率 45%"): one figure, the
    /// side ahead the lead's, no chance beside it; a lead of half a point or less is "even".
    #[test]
    fn the_estimate_names_one_side_and_one_figure() {
        assert_eq!(estimate(Lang::Zh, 3.4), "形势：黑约领先 3.5 目");
        assert_eq!(estimate(Lang::Zh, -12.0), "形势：白约领先 12 目");
        assert_eq!(estimate(Lang::Zh, 0.5), "形势：双方差不多");
        assert_eq!(estimate(Lang::En, -0.6), "Estimate: about even");
        assert_eq!(
            estimate(Lang::En, 7.5),
            "Estimate: Black ahead by about 7.5 points"
        );
        for tenths in -400..=400 {
            let lead = tenths as f32 / 10.0;
            let (zh, en) = (estimate(Lang::Zh, lead), estimate(Lang::En, lead));
            for w in [&zh, &en] {
                assert!(!w.contains('%') && !w.contains("胜率"), "{w}");
                let figures = w.split(|c: char| !c.is_ascii_digit() && c != '.');
                assert!(figures.filter(|f| !f.is_empty()).count() <= 1, "{w}");
            }
            let (black, white) = (zh.contains('黑'), zh.contains('白'));
            match lead {
                l if l >= 0.75 => assert!(black && !white, "{lead}: {zh}"),
                l if l <= -0.75 => assert!(white && !black, "{lead}: {zh}"),
                _ => assert!(!black && !white && en.contains("even"), "{lead}: {zh}"),
            }
        }
    }
}

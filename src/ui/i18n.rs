//! The words of the UI in Chinese (简体) and English. Every string a player sees comes from here.

use crate::clock::{ByoyomiStyle, Callout, Display, TimeSystem};
use crate::rules::{Colour, CountingError, GameResult, PlayError};

pub use crate::session::settings::Lang;

pub mod exam;
pub mod technique;

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

/// The phrases of 学下棋 only (its own wasm: the app shell does not carry them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LearnMsg {
    BackToLearn,
    LessonGone,
    ProblemGone,
    ExitProjector,
    AddressUnknown,
    TeachBoard,
    TeachIntro,
    OpenTeachBoard,
    BoardSizeLabel,
    Tools,
    ToolBlack,
    ToolWhite,
    ToolAlternate,
    ToolErase,
    ToMove,
    Redo,
    ClearBoard,
    RotateView,
    FlipView,
    ApplyTurn,
    SwapColours,
    Comment,
    Marks,
    ExportSgf,
    ExportSvg,
    ExportPng,
    AddToSheet,
    OnSheet,
    PrintSheet,
    Projector,
    PlayOn,
    OpenRecord,
    RecordMove,
    EditPosition,
    EditToPlace,
    SaveRecord,
    RecordSaved,
    RecordNotSaved,
    RecordBroken,
    DiagramFrom,
    NumberFromOne,
    RecordKeys,
    Course,
    LessonsDone,
    Answer,
    YourAnswer,
    Allowed,
    NotAllowed,
    BlackWins,
    WhiteWins,
    TaskRight,
    TaskWrong,
    CountTogether,
    TryTheRing,
    NextTask,
    LessonDone,
    AllLessons,
    ClickToCapture,
    LearnIntro,
    PlayCaptureGo,
    CaptureGoIntro,
    PathGame,
    PathGameIntro,
    PathGameStart,
    ProblemSets,
    SolvedCount,
    ImportProblems,
    ImportedProblems,
    AllProblems,
    ProblemRight,
    ProblemWrong,
    ProblemGoOn,
    ProblemNotInTree,
    Retry,
    ShowSolution,
    NextProblem,
    SolutionIs,
    ProblemSolvedMark,
    MainLineShort,
    Branches,
    MovesShort,
    TreeView,
    TreeCut,
    ReviewKeys,
    BlackToPlay,
    WhiteToPlay,
    Analyse,
    AnalyseStop,
    Analysing,
    Deepening,
    WaitNetwork,
    AnalysisStopped,
    AnalysisDone,
    QuickDone,
    Thorough,
    ReportThorough,
    ThoroughDone,
    AnalysisNotSaved,
    AnalysisUnavailable,
    LeadGraph,
    GraphScale,
    LeadTable,
    MoveCol,
    LeadCol,
    ClassCol,
    Lost,
    ZiUnit,
    BetterMove,
    PassWord,
    FilterBeginner,
    FilterMistakes,
    FilterAll,
    ShowMistakes,
    MistakesOf,
    LegendBetter,
    LegendDanger,
    GraphLegend,
    NoMistakes,
    MistakeKeys,
    ClassThresholds,
    ClassesExplained,
    LostLittle,
    ShowLine,
    LineTitle,
    LinePrev,
    LineNext,
    LineWaiting,
    LineUnavailable,
    LineKeys,
    LineAgrees,
    PointsUnit,
    UnitChoice,
    ClassReport,
    ClassReportIntro,
    OpenClassReport,
    ReportImport,
    ReportMake,
    ReportNoGames,
    ReportNotStored,
    ReportAnalysed,
    ReportNotAnalysed,
    ReportToAnalyse,
    ReportGame,
    ReportGames,
    ReportPhase,
    ReportMoves,
    ReportAvgLoss,
    ReportClasses,
    ReportBiggest,
    ReportPrint,
    ReportCsv,
    MoveNumber,
    SgfIncomplete,
    FileUnreadable,
    ImportStorageFull,
    ReviewMove,
    ReviewFirst,
    ReviewPrev,
    ReviewNext,
    ReviewLast,
    PlayFromHere,
    OnTeachBoard,
    ShareBroken,
    Variation,
    MainLine,
    MyBook,
    ForTeachers,
    RuleText,
    NextLesson,
    ToProblems,
    ExportAll,
    BookReminder,
    NewMachine,
    BookOf,
    NameQuestion,
    ClassQuestion,
    NameOk,
    NameSkip,
    NameWhy,
    NowPlaying,
    SwitchPupil,
    NewPupil,
    BookIntro,
    SaveBook,
    OpenBook,
    BookSavedTo,
    BookDownloaded,
    BookKeepIt,
    BookNotSaved,
    BookOpened,
    BookNothingNew,
    BookNotJson,
    BookNotOurs,
    BookTooNew,
    BookDamaged,
    BookNoRoom,
    BookNoRoomDelete,
    BookNoRoomAtAll,
    RoomListTitle,
    RoomDelete,
    RoomSure,
    RoomReview,
    OpenAgain,
    RoomEnough,
    BookChangedSince,
    OtherPupilsBook,
    OpenAnyway,
    DontOpen,
    HandIn,
    HandInIntro,
    HandInButton,
    HandInNone,
    NoGamesYet,
    ReportLessons,
    ReportProblems,
    LadderRank,
    SaveClassSet,
    ProblemsNotStored,
    FileSays,
    // The teacher's boards kept (issue 51).
    BoardName,
    BoardDefaultName,
    BoardSaved,
    BoardNotSaved,
    BoardGone,
    KeptBoards,
    OpenBoard,
    BoardDeleted,
    BoardDamaged,
    BoardStones,
    // The class report's sections (issue 51).
    UnnamedOpponent,
    NobodysGames,
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

/// A phrase of 学下棋 in `lang`.
pub fn learn(lang: Lang, m: LearnMsg) -> &'static str {
    use LearnMsg::*;
    let (zh, en) = match m {
        MoveNumber => ("第", "Move"),
        SgfIncomplete => (
            "此 SGF 文件不完整（在结尾前中断）：已载入其中可读的部分。",
            "This SGF file is incomplete (cut off before its end): what it holds was loaded.",
        ),
        FileUnreadable => ("无法读取这个文件，什么也没有改变。", "This file could not be read; nothing was changed."),
        ImportStorageFull => (
            "本地存储已满，没能全部导入。请删除旧对局后再打开这个文件。",
            "Storage is full: not everything was imported. Delete old games, then open the file again.",
        ),
        ReviewMove => ("手数", "Move number"),
        ReviewFirst => ("回到开局", "To the start"),
        ReviewPrev => ("上一手", "Previous move"),
        ReviewNext => ("下一手", "Next move"),
        ReviewLast => ("到最后一手", "To the last move"),
        PlayFromHere => ("从此处续下", "Play from here"),
        OnTeachBoard => ("标注 · 出图", "Mark up · diagrams"),
        ShareBroken => ("这个链接里的棋局已损坏，无法打开。", "The game in this link is damaged and cannot be opened."),
        Variation => ("变化", "Variation"),
        MainLine => ("回到主线", "Back to the main line"),
        MainLineShort => ("主线", "main line"),
        Analyse => ("分析全局", "Analyse the game"),
        AnalyseStop => ("停止分析", "Stop analysing"),
        Analysing => ("正在分析", "Analysing"),
        Deepening => ("再仔细看看失误", "Looking again at the mistakes"),
        WaitNetwork => ("电脑正在准备…", "Getting the computer ready…"),
        AnalysisStopped => ("分析已停止，已分析的部分保留。", "Analysis stopped; what was analysed is kept."),
        AnalysisDone => ("分析完成。", "Analysis done."),
        QuickDone => ("快速看完了，电脑还在仔细看…", "A quick look is done; the computer is still looking closely…"),
        ReportThorough => ("仔细分析每一手（用时更长，学生打开复盘时就已看完）", "Look closely at every move (takes longer; done before pupils open the review)"),
        Thorough => ("电脑在更仔细地看每一手：", "The computer is looking more closely at every move: "),
        ThoroughDone => ("电脑已经仔细看过每一手了。", "The computer has looked closely at every move."),
        AnalysisNotSaved => ("存储已满：分析没有保存（棋谱都还在）。", "Storage is full: the analysis was not kept (every game is safe)."),
        AnalysisUnavailable => ("这盘棋电脑不能分析（吃子棋，或棋盘不在 5–19 路）。", "The computer cannot analyse this game (capture Go, or a board outside 5–19)."),
        LeadGraph => ("形势图：上方黑领先，下方白领先", "Lead over the game: Black ahead above, White below"),
        GraphScale => ("刻度 ±", "scale ±"),
        LeadTable => ("形势表（文字，按损失大小）", "The lead as a table (largest swings first)"),
        MoveCol => ("手", "Move"),
        LeadCol => ("这手之后", "After it"),
        ClassCol => ("评价", "Class"),
        Lost => ("损失", "lost"),
        ZiUnit => ("子", "stones (子)"),
        PointsUnit => ("目", "points"),
        UnitChoice => ("单位", "Unit"),
        BetterMove => ("更好的一手", "better move"),
        PassWord => ("停一手", "pass"),
        FilterBeginner => ("只看大错（初学）", "Only the big mistakes (beginners)"),
        FilterMistakes => ("多看几个错", "More mistakes"),
        FilterAll => ("每一手都看", "Every move"),
        ShowMistakes => ("显示", "Show"),
        MistakesOf => ("的失误", "’s mistakes"),
        LegendBetter => ("更好的一手", "the better move"),
        LegendDanger => ("有危险的棋", "the stones in danger"),
        GraphLegend => ("线在上面：黑领先；线在下面：白领先；竖线：现在看的这一手", "Line above the middle: Black ahead; below: White ahead; the upright line: the move shown"),
        NoMistakes => ("没有要看的失误。", "No mistakes to look at."),
        MistakeKeys => ("n / p：下一个、上一个失误", "n / p: next and previous mistake"),
        LostLittle => ("电脑仔细看过：这手几乎没有损失", "Looked at closely, this move lost almost nothing"),
        ClassesExplained => ("这些评价是什么意思？（给老师）", "What do these words mean? (for the teacher)"),
        ClassThresholds => ("每一手的评价，看电脑算出这手让自己少了多少：少于 0.3 子是好棋；0.3 到 0.5 子是缓手（慢了一点）；0.5 到 1 子是问题手（小错）；1 到 2.5 子是恶手（错了）；2.5 子以上是大恶手（大错）。初学的孩子看到的只有大错，不说这些名字。", "Each move is judged by how much the computer says it gave away: under 0.3 stones (子) it is good; 0.3 to 0.5 a bit slow; 0.5 to 1 a small mistake; 1 to 2.5 a mistake; 2.5 or more a big mistake. Beginners see only the big mistakes, without these names."),
        ShowLine => ("看电脑怎么下", "Show how the computer would play"),
        LineTitle => ("电脑的下法（这手之前的局面）", "The computer’s line (the position before this move)"),
        LinePrev => ("变化退一步", "Line: step back"),
        LineNext => ("变化进一步", "Line: step on"),
        LineWaiting => ("电脑正在想这手之前的局面…", "The computer is thinking about the position before this move…"),
        LineUnavailable => ("电脑还没准备好，过一会儿再试。", "The computer is not ready yet; try again in a moment."),
        LineAgrees => ("电脑想得更仔细以后，也下这一手：这手的损失可能没有上面说的那么大。", "Thinking more deeply, the computer plays this move too: it may have lost less than said above."),
        ClassReport => ("班级报告", "Class report"),
        ClassReportIntro => ("选几盘对局（或导入一个棋谱合集），没分析过的先逐盘分析，然后看每个棋手各阶段每手损失多少、各类手有几手、最大的三个问题手；可打印（A4），可导出 CSV。", "Pick games (or import a collection of records); those not analysed yet are analysed in turn; then see, for each player, the points lost per move in each phase, how many moves of each class, and the three biggest mistakes. Print it on A4 or export it as CSV."),
        OpenClassReport => ("打开班级报告", "Open the class report"),
        ReportImport => ("导入棋谱合集", "Import a collection"),
        ReportMake => ("生成报告", "Make the report"),
        ReportNoGames => ("先选至少一盘对局。", "Pick at least one game first."),
        ReportNotStored => ("存储已满，这盘只在本次报告里", "storage is full: this game is only in this report"),
        ReportAnalysed => ("已分析", "analysed"),
        ReportNotAnalysed => ("未能分析", "could not be analysed"),
        ReportToAnalyse => ("待分析", "to analyse"),
        ReportGame => ("对局", "Game"),
        ReportGames => ("盘对局", "games"),
        ReportPhase => ("阶段", "Phase"),
        ReportMoves => ("手数", "Moves"),
        ReportAvgLoss => ("每手平均损失（子）", "Lost per move (zi)"),
        ReportClasses => ("各类手数", "Moves of each class"),
        ReportBiggest => ("最大的三个问题手", "The three biggest mistakes"),
        ReportPrint => ("打印", "Print"),
        ReportCsv => ("导出 CSV", "Export CSV"),
        LineKeys => (", / . 变化退一步、进一步", ", / . step the line back and on"),
        BlackToPlay => ("黑先", "Black to play"),
        WhiteToPlay => ("白先", "White to play"),
        Branches => ("这一手的变化", "Branches at this move"),
        MovesShort => ("手", "moves"),
        TreeView => ("变化图", "Variations"),
        TreeCut => ("只列出前 200 段。", "Only the first 200 stretches are listed."),
        ReviewKeys => ("← → 后退、前进 · ↑ ↓ 换变化 · 字母键进入分支 · Home / End 开头、结尾", "← → back and on · ↑ ↓ other variations · a letter takes a branch · Home / End start and end"),
        BackToLearn => ("返回学下棋", "Back to Learn Go"),
        LessonGone => ("没有这一课，回到了首页。", "There is no such lesson: here is the home screen."),
        ProblemGone => ("没有找到这道题（导入的题目要重新打开），回到了首页。", "That problem is not here (imported problems must be opened again): here is the home screen."),
        ExitProjector => ("退出", "Exit"),
        AddressUnknown => ("这个地址打不开，回到了首页。", "That address leads nowhere: here is the home screen."),
        TeachBoard => ("教学棋盘", "Teacher’s board"),
        TeachIntro => ("摆棋、做标记、转动棋盘，导出或打印棋谱图，投影给全班看。", "Set up a position, mark it, turn the board, export or print diagrams, project it for the class."),
        OpenTeachBoard => ("新的教学棋盘", "New teacher’s board"),
        BoardSizeLabel => ("棋盘大小", "Board size"),
        Tools => ("工具", "Tools"),
        ToolBlack => ("黑子", "Black"),
        ToolWhite => ("白子", "White"),
        ToolAlternate => ("黑白交替", "Alternate"),
        ToolErase => ("擦除", "Erase"),
        ToMove => ("轮到", "To play"),
        Redo => ("重做", "Redo"),
        ClearBoard => ("清空", "Clear"),
        RotateView => ("旋转 90°", "Rotate 90°"),
        FlipView => ("左右翻转", "Flip"),
        ApplyTurn => ("把转动应用到局面", "Apply the turn to the position"),
        SwapColours => ("黑白互换", "Swap colours"),
        Comment => ("说明", "Comment"),
        Marks => ("标记", "Marks"),
        ExportSgf => ("导出 SGF", "Download SGF"),
        ExportSvg => ("导出 SVG 图", "Download SVG"),
        ExportPng => ("导出 PNG 图", "Download PNG"),
        AddToSheet => ("加入打印页", "Add to the print sheet"),
        OnSheet => ("打印页上的图：", "Diagrams on the sheet:"),
        PrintSheet => ("打印（A4）", "Print (A4)"),
        Projector => ("投影", "Projector"),
        PlayOn => ("从这个局面开始对局", "Play on from this position"),
        OpenRecord => ("打开棋谱（SGF）", "Open a record (SGF)"),
        RecordMove => ("第", "Move"),
        EditPosition => ("编辑此局面", "Edit this position"),
        EditToPlace => ("棋谱中不能摆子：先「编辑此局面」。", "A record’s stones stay as played: choose “Edit this position” first."),
        SaveRecord => ("保存到我的棋局", "Save to my games"),
        RecordSaved => ("已保存标记和注释。", "Marks and comments saved."),
        RecordNotSaved => ("没能保存：浏览器存储已满或不可用。请导出 SGF。", "Could not save: the browser’s storage is full or unavailable. Download the SGF instead."),
        RecordBroken => ("这个棋谱读不了。", "This record cannot be read."),
        DiagramFrom => ("棋谱图从此手之后开始", "Diagram starts after move"),
        NumberFromOne => ("从 1 编号", "Number from 1"),
        RecordKeys => ("翻页键或 , . 键：上一手、下一手", "Page Up/Down or , and . : previous, next move"),
        Course => ("规则课", "The rules"),
        LessonsDone => ("已学", "done"),
        Answer => ("回答", "Answer"),
        YourAnswer => ("你的答案", "Your answer"),
        Allowed => ("可以", "Allowed"),
        NotAllowed => ("不可以", "Not allowed"),
        BlackWins => ("黑胜", "Black wins"),
        WhiteWins => ("白胜", "White wins"),
        TaskRight => ("对！", "Right!"),
        TaskWrong => ("不对。", "Not quite."),
        CountTogether => ("一起数", "Count with me"),
        TryTheRing => ("再试一次：先下画了圈的点。", "Try again: start on the ringed point."),
        NextTask => ("下一题", "Next task"),
        LessonDone => ("本课完成！", "Lesson done!"),
        AllLessons => ("课程列表", "All lessons"),
        ClickToCapture => (
            "在棋盘上点出提子的一步。",
            "Click the capturing move on the board.",
        ),
        LearnIntro => (
            "先下吃子棋，再学规则课，然后做题，最后和电脑下一盘。",
            "Start with capture Go, then the rules lessons, then problems, then a game against the computer.",
        ),
        PlayCaptureGo => ("下吃子棋", "Play capture Go"),
        PathGame => ("和电脑下一盘", "A game against the computer"),
        PathGameIntro => ("选一个和你差不多的电脑级别，从头下到数子。", "Pick a computer level close to yours and play a whole game, to the count."),
        PathGameStart => ("开始对局", "Start a game"),
        CaptureGoIntro => (
            "先吃到一子者胜：初学者的第一盘棋。",
            "The first to capture a stone wins: a beginner’s first game.",
        ),
        ProblemSets => ("做题", "Problems"),
        SolvedCount => ("已解", "solved"),
        ImportProblems => ("打开题目文件（SGF）", "Open a problem file (SGF)"),
        ImportedProblems => ("导入的题目", "Imported problems"),
        AllProblems => ("题目列表", "All problems"),
        ProblemRight => ("正确！", "Right!"),
        ProblemWrong => ("不对。", "Not right."),
        ProblemGoOn => ("好，继续。", "Good — go on."),
        ProblemNotInTree => ("这一步不在解答里。", "That move is not in the solution."),
        Retry => ("重试", "Try again"),
        ShowSolution => ("看答案", "Show the answer"),
        NextProblem => ("下一题", "Next problem"),
        SolutionIs => ("答案：", "The answer: "),
        ProblemSolvedMark => ("已解", "solved"),
        MyBook => ("我的棋册", "My Go book"),
        ForTeachers => ("给老师", "For teachers"),
        RuleText => ("规则原文", "The rule's own words"),
        NextLesson => ("下一课", "Next lesson"),
        ToProblems => ("去做题", "On to the problems"),
        ExportAll => ("全部棋谱导出为一个 SGF 文件", "Export every game as one SGF file"),
        NewMachine => ("在别的电脑上下过棋？先打开你的棋册，你的棋就都回来了。", "Played on another computer? Open your Go book first and your games come back."),
        BookReminder => ("记得保存你的棋册：点“我的棋册”，再点“保存我的棋册”。", "Remember to save your Go book: press “My Go book”, then “Save my Go book”."),
        BookOf => ("的棋册", "’s Go book"),
        NameQuestion => ("你叫什么名字？", "What is your name?"),
        ClassQuestion => ("班级（可以不写）", "Class (you can leave it empty)"),
        NameOk => ("好", "OK"),
        NameSkip => ("跳过", "Skip"),
        NameWhy => ("写上名字，你下的棋、学的课和做的题都会记在你的名下，老师也能认出是你的。", "With your name, your games, lessons and problems are kept under it, and your teacher can tell they are yours."),
        NowPlaying => ("现在下棋的是", "Playing now:"),
        SwitchPupil => ("换人", "Someone else"),
        NewPupil => ("新同学", "A new pupil"),
        BookIntro => ("棋册是一个文件，里面有你的全部棋、课程和题目。下课前保存它；换一台电脑时打开它，一切都回来了。", "Your Go book is one file with all your games, lessons and problems. Save it before the lesson ends; open it on another computer and everything is back."),
        SaveBook => ("保存我的棋册", "Save my Go book"),
        OpenBook => ("打开我的棋册", "Open my Go book"),
        BookSavedTo => ("已保存到", "Saved to"),
        BookDownloaded => ("棋册已下载", "Your Go book was downloaded"),
        BookKeepIt => ("把它放进你的云端硬盘或 U 盘，下次打开它。", "Keep it in your Drive or on a USB stick and open it next time."),
        BookNotSaved => ("还没有保存。下课前点“保存我的棋册”。", "Not saved yet. Press “Save my Go book” before the lesson ends."),
        BookOpened => ("打开了棋册", "Opened the Go book"),
        BookNothingNew => ("里面的棋这台电脑都有了。", "This computer already had everything in it."),
        BookNotJson => ("这个文件不是棋册，也许它坏了或者不完整。什么也没有改变。", "This file is not a Go book: it may be damaged or cut short. Nothing was changed."),
        BookNotOurs => ("这个文件不是手谈的棋册。什么也没有改变。", "This file is not a Shoutan Go book. Nothing was changed."),
        BookTooNew => ("这个棋册是新版手谈做的，请先更新手谈。什么也没有改变。", "This Go book was made by a newer Shoutan: update the app first. Nothing was changed."),
        BookDamaged => ("这个棋册被改坏了，没有打开。什么也没有改变。", "This Go book was changed by hand and does not read. Nothing was changed."),
        BookNoRoom => ("这台电脑放不下这本棋册，还差大约", "This computer has no room for this Go book: it needs about"),
        BookNoRoomDelete => ("。可以删掉下面的旧棋或复盘，再点“再打开一次”；也可以在另一台电脑上打开这个文件。什么也没有改变。", " more. Delete some old games or reviews below, then press “Open again”; or open the file on another computer. Nothing was changed."),
        BookNoRoomAtAll => ("。把下面的旧棋全删掉也不够：请在另一台电脑上打开这个文件。什么也没有改变。", " more. Even deleting every old game below is not enough: open the file on another computer. Nothing was changed."),
        RoomListTitle => ("可以删掉的旧棋和复盘（大的在前）", "Old games and reviews you can delete (biggest first)"),
        RoomDelete => ("删掉", "Delete"),
        RoomSure => ("真的删掉？", "Really delete?"),
        RoomReview => ("复盘：", "Review of "),
        OpenAgain => ("再打开一次", "Open again"),
        RoomEnough => ("现在放得下了：点“再打开一次”。", "There is room now: press “Open again”."),
        BookChangedSince => ("后来又有新的棋或进度还没保存：下课前再点“保存我的棋册”。", "There is something new since then: press “Save my Go book” again before the lesson ends."),
        OtherPupilsBook => ("这是另一个同学的棋册：", "This is another pupil’s Go book:"),
        OpenAnyway => ("打开，换成这个同学", "Open it and switch to them"),
        DontOpen => ("不打开", "Don’t open"),
        HandIn => ("交给老师", "Hand in to the teacher"),
        HandInIntro => ("选好要交的棋（今天下的已经选好了），下载一个文件交给老师。", "Pick the games to hand in (today’s are picked) and download one file for your teacher."),
        HandInButton => ("下载交给老师的文件", "Download the file for the teacher"),
        HandInNone => ("还没有选棋。", "No game is picked."),
        NoGamesYet => ("还没有下过棋。", "No games yet."),
        ReportLessons => ("课程", "lessons"),
        ReportProblems => ("题目", "problems"),
        LadderRank => ("对电脑", "plays the computer at"),
        SaveClassSet => ("保存成题目文件（发给学生）", "Save as a problem file (for pupils)"),
        ProblemsNotStored => ("题目打开了，但这台电脑的存储满了，重新加载后会不见。", "The problems opened, but storage is full: they will be gone after a reload."),
        FileSays => ("题目文件里写着：", "The problem file says: "),
        BoardName => ("棋盘的名字", "Board’s name"),
        BoardDefaultName => ("棋盘", "Board"),
        BoardSaved => ("改动都自动保存在这台电脑上。", "Every change is saved on this computer."),
        BoardNotSaved => ("这台电脑的存储满了，这个棋盘刚才的改动没有保存。删掉一些旧棋或旧棋盘，再改一下就会保存。", "This computer’s storage is full: the board’s last changes were not saved. Delete some old games or boards, then change it again to save it."),
        BoardGone => ("这个教学棋盘不在这台电脑上了。", "That teacher’s board is not on this computer any more."),
        KeptBoards => ("保存的棋盘", "Saved boards"),
        OpenBoard => ("打开", "Open"),
        BoardDeleted => ("已删除一个棋盘。", "A board was deleted."),
        BoardDamaged => ("这个棋盘坏了，打不开。", "This board is damaged and cannot be opened."),
        BoardStones => ("子", "stones"),
        UnnamedOpponent => ("没写名字的对手", "an opponent with no name"),
        NobodysGames => ("盘棋里没有人写名字，不在报告里。", "game(s) in which nobody wrote a name are not in the report."),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
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
        ExamGameKept => ("考试的棋，考完才能删除。", "An exam game: delete it after the exam."),
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

/// A problem that cannot be used: "题目文件无法读取：…".
pub fn problem_error(lang: Lang, e: &crate::learn::ProblemError) -> String {
    match lang {
        Lang::Zh => format!("题目文件无法读取：{e}"),
        Lang::En => format!("The problem file cannot be read: {e}"),
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

/// The help after a wrong answer, in a child's words: what the board shows (the marks are
/// drawn beside it), and at the last step the answer (学下棋's wasm only).
pub fn help_words(
    lang: Lang,
    size: crate::rules::BoardSize,
    h: &crate::learn::help::Help,
) -> String {
    use crate::learn::help::{Fact, Step};
    let zh = lang == Lang::Zh;
    let v = |p| size.vertex(p);
    let answer = h.step == Step::Answer;
    // A yes-or-no task's answer, said first at the last step.
    let verdict = match (answer, h.fact, zh) {
        (true, Fact::Refused { .. }, true) => "答案：不可以。",
        (true, Fact::Refused { .. }, false) => "The answer: not allowed. ",
        (
            true,
            Fact::CapturesSoAllowed { .. } | Fact::HasLiberty { .. } | Fact::KoAfterThreat { .. },
            true,
        ) => "答案：可以。",
        (
            true,
            Fact::CapturesSoAllowed { .. } | Fact::HasLiberty { .. } | Fact::KoAfterThreat { .. },
            false,
        ) => "The answer: allowed. ",
        _ => "",
    };
    match h.fact {
        Fact::Liberties { colour: c, count } => {
            let who = colour(lang, c);
            match (h.step, zh) {
                (Step::Explain, true) => format!("圈起来的是{who}棋。它旁边打了点的空点，就是它的气。数一数有几个点？"),
                (Step::Explain, false) => format!("The circled stones are {who}. The dotted empty points next to them are their liberties. How many dots are there?"),
                (Step::Hint, true) => "跟着数字数一遍：最后一个数就是气数。".to_string(),
                (Step::Hint, false) => "Count along the numbers: the last number is how many liberties.".to_string(),
                (Step::Answer, true) => format!("答案：{who}棋有 {count} 口气。"),
                (Step::Answer, false) => format!("The answer: {who} has {count} liberties."),
            }
        }
        Fact::NotCaptured { colour: c, count } => {
            let who = colour(lang, c);
            if zh {
                format!("圈起来的{who}子还有 {count} 口气（打了点）。把它最后一口气也占住，才能提掉它。")
            } else {
                format!("The circled {who} stones still have {count} liberties (dotted). Take the last one to capture them.")
            }
        }
        Fact::Refused { at, why } => {
            let p = v(at);
            let s = match (why, zh) {
                (crate::rules::PlayError::Occupied, true) => format!("{p} 上已经有棋子了，不能再下。"),
                (crate::rules::PlayError::Occupied, false) => format!("There is already a stone on {p}."),
                (crate::rules::PlayError::Suicide, true) => format!("下在 {p}，这颗子一口气也没有，旁边圈起来的对方棋子还有别的气（打了点），提不掉。所以 {p} 是禁着点，不能下。"),
                (crate::rules::PlayError::Suicide, false) => format!("A stone on {p} would have no liberty, and the circled stones next to it still have others (dotted), so nothing is captured: {p} is a forbidden point."),
                (crate::rules::PlayError::Ko | crate::rules::PlayError::Superko, true) => format!("马上在 {p} 提回，整个棋盘就和以前一模一样了，这是不允许的。要先在别处下一手。"),
                (crate::rules::PlayError::Ko | crate::rules::PlayError::Superko, false) => format!("Taking back at {p} at once would bring back the whole board as it was, which is not allowed. Play somewhere else first."),
                (e, _) => play_error(lang, e).to_string(),
            };
            format!("{verdict}{s}")
        }
        Fact::CapturesSoAllowed { at, count } => {
            let p = v(at);
            let s = if zh {
                format!(
                    "下在 {p}，能提掉圈起来的 {count} 个子；提掉以后，这颗子就有气了。所以可以下。"
                )
            } else {
                format!("A stone on {p} captures the {count} circled stones; once they are off, it has liberties. So it is allowed.")
            };
            format!("{verdict}{s}")
        }
        Fact::HasLiberty { at } | Fact::KoAfterThreat { at } => {
            let p = v(at);
            let ko = matches!(h.fact, Fact::KoAfterThreat { .. });
            let s = match (ko, zh) {
                (true, true) => format!("中间双方在别处各下了一手，在 {p} 提回后，棋盘和以前不一样了。所以可以提回。"),
                (true, false) => format!("Both sides played elsewhere in between: taking back at {p} does not bring back an earlier board. So it is allowed."),
                (false, true) => format!("下在 {p}，这颗子还有气。所以可以下。"),
                (false, false) => format!("A stone on {p} has a liberty. So it is allowed."),
            };
            format!("{verdict}{s}")
        }
        Fact::CaptureAt { at, count } => {
            let p = v(at);
            match (h.step, zh) {
                (Step::Hint, true) => "试试画了圈的点：下在那里，圈起来的棋子就一口气也没有了。".to_string(),
                (Step::Hint, false) => "Try the ringed point: a stone there takes the circled stones' last liberty.".to_string(),
                (_, true) => format!("答案：下在 {p}，圈起来的 {count} 个子没有气了，被提掉。"),
                (_, false) => format!("The answer: {p} takes the last liberty, and the {count} circled stones are captured."),
            }
        }
        Fact::Count { stones, points } => {
            let n = stones + points;
            match (h.step, zh) {
                (Step::Explain, true) => format!("先数黑棋的活子：盘上标了数字，一共 {stones} 颗。"),
                (Step::Explain, false) => format!("First count Black's living stones: they are numbered, {stones} in all."),
                (Step::Hint, true) => format!("再接着数黑棋围住的空点：从 {} 往下数，最后一个数就是黑棋的子数。", stones + 1),
                (Step::Hint, false) => format!("Then go on counting the empty points Black surrounds, from {}: the last number is Black's count.", stones + 1),
                (Step::Answer, true) => format!("答案：{stones} 颗活子加上 {points} 个空点，黑棋一共 {n} 子。"),
                (Step::Answer, false) => format!("The answer: {stones} stones and {points} points, {n} in all."),
            }
        }
        Fact::Komi {
            black_half,
            loses_at,
        } => {
            let b = if black_half % 2 == 1 {
                if zh {
                    format!("{} 子半", black_half / 2)
                } else {
                    format!("{}½", black_half / 2)
                }
            } else {
                (black_half / 2).to_string()
            };
            let wins = black_half > loses_at * 2;
            let s = if zh {
                format!("黑棋有 {b} 子（活子加围住的空点，画了阴影）。黑要超过 {loses_at} 子才赢。")
            } else {
                format!("Black has {b} (stones and surrounded points, shaded). Black needs more than {loses_at} to win.")
            };
            match (answer, zh, wins) {
                (false, ..) => s,
                (true, true, true) => format!("{s}答案：黑胜。"),
                (true, true, false) => format!("{s}答案：白胜。"),
                (true, false, true) => format!("{s} The answer: Black wins."),
                (true, false, false) => format!("{s} The answer: White wins."),
            }
        }
        Fact::InDanger { colour: c, count } => {
            let who = colour(lang, c);
            match (count, zh) {
                (0, true) => format!("这样{who}棋被提掉了。"),
                (0, false) => format!("Now the {who} stones are captured."),
                (_, true) => format!("这样圈起来的{who}棋只剩 {count} 口气了（打了点），很危险。"),
                (_, false) => format!("Now the circled {who} stones have only {count} liberty left (dotted): they are in danger."),
            }
        }
        Fact::ReplyCaptured { colour: c, count } => {
            let who = colour(lang, c);
            if zh {
                format!("对方这一手提掉了{who}棋 {count} 个子。")
            } else {
                format!("That reply captured {count} {who} stones.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

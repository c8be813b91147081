//! The rank exam's tests: the thresholds table, the exam's board, clock and opponent, the state
//! machine with scripted timestamps (results, a reload mid-game, a day-old game, abandon, the
//! problem test, pass and fail), and the exam read back from its stored text, a 棋册 and a
//! hand-in.

use super::*;
use crate::learn::band::{choose, Builtin, ProblemSource};
use crate::rules::{BoardSize, Move};
use crate::session::stored::book::{self, Book, PupilFacts};
use crate::session::stored::exam::{
    exam_of, exam_record, exams_text, merge_exams, read_exams, ExamSummary, ExamsError,
};
use crate::session::stored::{from_record, parse_record, to_record};
use crate::session::{Player, Rank, Session};

const T0: u64 = 1_796_388_955_244;
const MIN: u64 = 60_000;

#[test]
fn the_thresholds_give_the_ranks_of_the_table_for_every_count_of_wins() {
    // Written out from the table, not from STEPS: (exam, [rank for 0..=5 wins]).
    let none = None;
    let table: [(ExamRank, [Option<i32>; 6]); 6] = [
        (
            ExamRank::Kyu20,
            [none, none, none, Some(20), Some(20), Some(20)],
        ),
        (
            ExamRank::Kyu15,
            [none, none, none, Some(15), Some(15), Some(15)],
        ),
        (
            ExamRank::Kyu10,
            [none, none, none, Some(10), Some(10), Some(10)],
        ),
        (
            ExamRank::Kyu5,
            [none, none, none, Some(7), Some(5), Some(5)],
        ),
        (ExamRank::Kyu2, [none, none, none, none, Some(3), Some(2)]),
        (ExamRank::Dan1, [none, none, none, none, Some(1), Some(0)]),
    ];
    for (exam, ranks) in table {
        for (wins, want) in ranks.into_iter().enumerate() {
            assert_eq!(exam.awarded(wins as u32), want, "{exam:?} with {wins} wins");
        }
    }
    // Each exam is taken from the rank the one before awards.
    let from: Vec<i32> = STEPS.iter().map(|s| s.from).collect();
    assert_eq!(from, [25, 20, 15, 10, 5, 2]);
    for pair in ExamRank::ALL.windows(2) {
        assert_eq!(pair[1].step().from, pair[0].kyu());
        assert_eq!(pair[0].next(), Some(pair[1]));
    }
    assert_eq!(ExamRank::Kyu5.wins_needed(), 3);
    assert_eq!(ExamRank::Kyu2.wins_needed(), 4);
    for r in ExamRank::ALL {
        assert_eq!(ExamRank::from_key(r.key()), Some(r));
    }
}

#[test]
fn each_exam_has_its_board_clock_and_opponent_at_its_rank() {
    let sizes: Vec<u8> = ExamRank::ALL.iter().map(|r| r.size().get()).collect();
    assert_eq!(sizes, [9, 13, 19, 19, 19, 19]);
    let minutes: Vec<u64> = ExamRank::ALL
        .iter()
        .map(|r| match r.time() {
            TimeSystem::Byoyomi {
                main_ms,
                periods: 3,
                period_ms: 30_000,
                style: ByoyomiStyle::Japanese,
            } => main_ms / MIN,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(minutes, [10, 20, 30, 30, 30, 30]);
    // The opponent whose measured rank on the exam's board is nearest (README, "The rank exam").
    let opponents: Vec<Level> = ExamRank::ALL.iter().map(|r| r.opponent()).collect();
    assert_eq!(
        opponents,
        [
            Level::Kyu20, // 9×9: 19.4
            Level::Kyu15, // 13×13: 13.2 (20 级's 16.8 as near: the stronger)
            Level::Kyu15, // 19×19: 11.8
            Level::Kyu10, // 19×19: 5.4
            Level::Kyu5,  // 19×19: 1.9
            Level::Kyu1,  // 19×19: 1.4
        ]
    );
    for r in ExamRank::ALL {
        let measured = r.opponent().measured_on(r.size()).kyu;
        for l in Level::ALL.into_iter().filter(|&l| l != Level::Strongest) {
            let other = l.measured_on(r.size()).kyu;
            // Nearest to a tenth of a rank (the measurements' precision).
            assert!((measured - r.kyu() as f32).abs() <= (other - r.kyu() as f32).abs() + 0.05);
        }
    }
    let bands: Vec<_> = ExamRank::ALL.iter().map(|r| r.band()).collect();
    use crate::learn::band::Band;
    assert_eq!(
        bands,
        [
            Band::Kyu20,
            Band::Kyu15,
            Band::Kyu10,
            Band::Kyu5,
            Band::Kyu5,
            Band::Dan
        ]
    );
}

/// The pupil's and the computer's players.
fn players() -> (Player, Player) {
    (
        Player {
            name: "小明".into(),
            rank: None,
        },
        Player {
            name: "电脑 · 20 级".into(),
            rank: Some(Rank::Kyu(19)),
        },
    )
}

/// Starts the next game of `e` at `now`, as the exam page does: the session it is played in.
fn next_game(e: &mut Exam, now: u64) -> Session {
    let id = GameId(now);
    let (plan, tag) = e.start_game(id, now).unwrap();
    let (pupil, computer) = players();
    plan.session(tag, id, now as f64, pupil, computer)
}

/// Plays one stone and ends the game, the pupil winning or not.
fn finish(s: &mut Session, pupil_wins: bool, now: u64) -> String {
    let pupil = s.setup.computer.unwrap().colour.opponent();
    if s.game.to_move() == pupil {
        s.play(Move::Play(s.game.size().point(2, 2)), now).unwrap();
    }
    s.concede(if pupil_wins { pupil.opponent() } else { pupil }, now);
    s.game.result().unwrap().sgf()
}

/// The exam through the stored text and back (what a reload does).
fn reload(e: &Exam) -> Exam {
    let mut all = Exams::default();
    all.exams.push(e.clone());
    let back = read_exams(&exams_text(&all)).unwrap();
    assert_eq!(back.exams.len(), 1);
    back.exams[0].clone()
}

/// Ten problems of the exam's band, chosen by its id.
fn ten(e: &Exam) -> Vec<(String, String)> {
    choose(&Builtin.band(e.rank.band()), PROBLEMS, e.id)
        .into_iter()
        .map(|p| (p.key, p.sgf))
        .collect()
}

/// Plays the exam's five games, winning `wins` of them (the first ones).
fn play_games(e: &mut Exam, wins: u32, mut now: u64) -> u64 {
    for k in 0..GAMES as u32 {
        let mut s = next_game(e, now);
        now += 20 * MIN;
        let result = finish(&mut s, k < wins, now);
        e.game_over(s.id, k < wins, &result, now).unwrap();
        now += MIN;
    }
    now
}

/// Answers the ten problems, `right` of them right, each 20 s after it was shown.
fn answer_problems(e: &mut Exam, right: usize, mut now: u64) -> u64 {
    e.set_problems(ten(e)).unwrap();
    for i in 0..PROBLEMS {
        let (at, deadline) = e.show_problem(now).unwrap();
        assert_eq!((at, deadline), (i, now + PROBLEM_MS));
        now += 20_000;
        assert_eq!(e.answer(i, i < right, now), Ok(i < right));
        now += 5_000;
    }
    now
}

#[test]
fn an_exam_goes_game_by_game_with_colours_alternating_then_the_problems() {
    let mut e = Exam::new(T0, " 小明 ", "三(2)班", ExamRank::Kyu20, T0);
    assert_eq!((e.pupil.as_str(), e.level), ("小明", Level::Kyu20));
    assert_eq!(e.stage(), Stage::NextGame(1));
    let mut now = T0;
    for k in 1..=5u8 {
        let mut s = next_game(&mut e, now);
        assert_eq!(
            e.stage(),
            Stage::Playing {
                number: k,
                game: s.id
            }
        );
        // A second start while a game is being played is refused.
        assert_eq!(e.start_game(GameId(1), now), Err(ExamError::NotNow));
        let tag = s.exam().unwrap();
        assert_eq!((tag.exam, tag.rank, tag.number), (T0, ExamRank::Kyu20, k));
        let pupil = if k % 2 == 1 {
            Colour::Black
        } else {
            Colour::White
        };
        assert_eq!(s.setup.computer.unwrap().colour, pupil.opponent());
        assert_eq!(s.player(pupil).name, "小明");
        assert_eq!(
            (s.game.size().get(), s.setup.komi, s.setup.handicap),
            (9, Komi::CHINESE, 0)
        );
        assert_eq!(s.setup.time, Some(ExamRank::Kyu20.time()));
        // No undo, no help in an exam game.
        s.play(Move::Play(s.game.size().point(4, 4)), now + 1_000)
            .ok();
        assert!(!s.helps() && !s.can_take_back());
        assert!(s.take_back(now + 2_000).is_err());
        now += 10 * MIN;
        let won = k != 2 && k != 4;
        let result = finish(&mut s, won, now);
        e.game_over(s.id, won, &result, now).unwrap();
        // The same game cannot be counted twice.
        assert_eq!(e.game_over(s.id, true, "B+R", now), Err(ExamError::NotNow));
        now += MIN;
    }
    assert_eq!((e.wins(), e.games_over()), (3, 5));
    assert_eq!(e.stage(), Stage::ChooseProblems);
    assert_eq!(e.start_game(GameId(9), now), Err(ExamError::NotNow));
    assert_eq!(e.set_problems(vec![]), Err(ExamError::Problems));
    answer_problems(&mut e, 8, now);
    assert!(matches!(e.end, Some(ExamEnd::Passed { rank: 20, .. })));
    assert_eq!(e.passed(), Some(20));
    assert_eq!(e.problem_score(), (8, 10));
    assert_eq!(e.abandon(now), Err(ExamError::NotNow));
}

#[test]
fn pass_needs_the_games_and_eight_problems() {
    // (exam, wins, problems right) → the rank passed, if any.
    for (rank, wins, right, want) in [
        (ExamRank::Kyu20, 3, 8, Some(20)),
        (ExamRank::Kyu20, 3, 7, None),
        (ExamRank::Kyu20, 2, 10, None),
        (ExamRank::Kyu15, 5, 10, Some(15)),
        (ExamRank::Kyu5, 3, 9, Some(7)),
        (ExamRank::Kyu5, 4, 8, Some(5)),
        (ExamRank::Kyu2, 4, 8, Some(3)),
        (ExamRank::Kyu2, 3, 10, None),
        (ExamRank::Dan1, 5, 8, Some(0)),
        (ExamRank::Dan1, 4, 10, Some(1)),
    ] {
        let mut e = Exam::new(T0, "小明", "", rank, T0);
        let now = play_games(&mut e, wins, T0);
        answer_problems(&mut e, right, now);
        assert_eq!(e.passed(), want, "{rank:?} {wins} wins, {right} right");
        assert!(!e.is_open());
        assert_eq!(
            matches!(e.end, Some(ExamEnd::Failed { .. })),
            want.is_none()
        );
    }
}

#[test]
fn a_reload_mid_game_resumes_the_same_game_and_exam() {
    let mut e = Exam::new(T0 + 1, "小明", "", ExamRank::Kyu15, T0);
    let mut now = T0;
    for _ in 0..2 {
        let mut s = next_game(&mut e, now);
        now += 30 * MIN;
        let result = finish(&mut s, true, now);
        e.game_over(s.id, true, &result, now).unwrap();
    }
    let mut s = next_game(&mut e, now);
    for (i, v) in ["D4", "K10", "C11"].iter().enumerate() {
        let p = s.game.size().parse_vertex(v).unwrap();
        s.play(Move::Play(p), now + i as u64 * 5_000).unwrap();
    }
    // The page closes: the game's record and the exam's text are what is left.
    let text = serde_json::to_string(&to_record(&s)).unwrap();
    let back = reload(&e);
    assert_eq!(back, e);
    assert_eq!(
        back.stage(),
        Stage::Playing {
            number: 3,
            game: s.id
        }
    );
    let game = from_record(&parse_record(&text).unwrap()).unwrap();
    assert_eq!(game.exam(), s.exam());
    assert_eq!(game.game.moves().len(), 3);
    assert!(!game.helps() && !game.can_take_back());
    assert_eq!(game.game.size().get(), 13);
    // The record's tree carries the exam on its root; a record without it (as every record
    // before exams) loads as a game with help.
    let property = format!("SHOUTANEXAM[{} 15k 3]", T0 + 1);
    assert!(text.contains(&property), "{text}");
    let plain = text.replace(&property, "");
    let old = from_record(&parse_record(&plain).unwrap()).unwrap();
    assert!(old.exam().is_none() && old.helps());
    assert_eq!(old.game.moves().len(), 3);
}

#[test]
fn a_game_left_for_more_than_a_day_counts_as_lost() {
    let mut e = Exam::new(T0, "小明", "", ExamRank::Kyu20, T0);
    let s = next_game(&mut e, T0);
    assert_eq!(e.overdue(T0 + DAY_MS), None);
    assert_eq!(e.overdue(T0 + DAY_MS + 1), Some(s.id));
    // Counted once; the game is over for the exam and the next one may start.
    assert_eq!(e.overdue(T0 + 2 * DAY_MS), None);
    assert_eq!(e.games[0].end.as_ref().unwrap().0, GameEnd::Overdue);
    assert_eq!(e.stage(), Stage::NextGame(2));
    // A game finished, but more than a day after it started, is lost all the same.
    let mut t = next_game(&mut e, T0 + 3 * DAY_MS);
    let result = finish(&mut t, true, T0 + 4 * DAY_MS + 1);
    e.game_over(t.id, true, &result, T0 + 4 * DAY_MS + 1)
        .unwrap();
    assert_eq!(e.wins(), 0);
    assert_eq!(e.games[1].end.as_ref().unwrap().0, GameEnd::Overdue);
    // A game whose record is gone counts as lost too.
    let u = next_game(&mut e, T0 + 5 * DAY_MS);
    e.game_gone(u.id, T0 + 5 * DAY_MS + 1).unwrap();
    assert_eq!(e.games[2].end.as_ref().unwrap().0, GameEnd::Gone);
    assert_eq!(reload(&e), e);
}

#[test]
fn the_exam_learns_each_games_end_from_its_record() {
    let mut e = Exam::new(T0, "小明", "", ExamRank::Kyu20, T0);
    let mut s = next_game(&mut e, T0);
    let p = |v: &str| Move::Play(BoardSize::NINE.parse_vertex(v).unwrap());
    s.play(p("E5"), T0 + 5_000).unwrap();
    s.play(p("D4"), T0 + 9_000).unwrap();
    assert_eq!(e.observe(Some(&s), T0 + MIN), Observed::Nothing);
    // The computer (White) resigns at 10 minutes; the page is saved again an hour later.
    s.play(p("C3"), T0 + 10 * MIN).unwrap();
    s.concede(Colour::White, T0 + 10 * MIN + 2_000);
    assert_eq!(ended_ms(&s), Some(T0 + 10 * MIN + 2_000));
    assert_eq!(e.observe(Some(&s), T0 + 2 * DAY_MS), Observed::Counted);
    assert_eq!(
        e.games[0].end,
        Some((
            GameEnd::Played { won: true },
            T0 + 10 * MIN + 2_000,
            "B+R".into()
        ))
    );
    // Game 2, the pupil White: a loss by resignation.
    let mut s = next_game(&mut e, T0 + 3 * DAY_MS);
    s.play(p("E5"), T0 + 3 * DAY_MS + 1_000).unwrap();
    s.resign(T0 + 3 * DAY_MS + 60_000).unwrap();
    assert_eq!(
        e.observe(Some(&s), T0 + 3 * DAY_MS + 61_000),
        Observed::Counted
    );
    assert_eq!(e.wins(), 1);
    // Game 3 left open: after a day the exam says so; its record is then ended.
    let mut s = next_game(&mut e, T0 + 4 * DAY_MS);
    assert_eq!(
        e.observe(Some(&s), T0 + 5 * DAY_MS + 1),
        Observed::Overdue(s.id)
    );
    s.concede(Colour::Black, T0 + 5 * DAY_MS + 1);
    assert!(s.game.result().is_some());
    assert_eq!(e.observe(Some(&s), T0 + 5 * DAY_MS + 2), Observed::Nothing);
    // Game 4's record deleted: lost.
    let _ = next_game(&mut e, T0 + 6 * DAY_MS);
    assert_eq!(e.observe(None, T0 + 6 * DAY_MS + 1), Observed::Gone);
    assert_eq!((e.wins(), e.games_over()), (1, 4));
}

#[test]
fn an_exam_given_up_is_closed_with_its_game_lost_and_stays_in_the_history() {
    let mut all = Exams::default();
    let id = all.start("小明", "", ExamRank::Kyu20, T0, T0).unwrap();
    let e = all.get_mut(id).unwrap();
    let mut s = next_game(e, T0);
    assert_eq!(e.abandon(T0 + MIN), Ok(Some(s.id)));
    assert_eq!(
        e.stage(),
        Stage::Over(ExamEnd::Abandoned { at_ms: T0 + MIN })
    );
    assert_eq!(e.games[0].end.as_ref().unwrap().0, GameEnd::Abandoned);
    s.concede(Colour::Black, T0 + MIN);
    assert_eq!(
        s.game.result(),
        Some(&crate::rules::GameResult::Resignation {
            winner: Colour::White
        })
    );
    assert!(all.locked_games().is_empty());
    // A new exam of the same rank is a new exam; the abandoned one stays.
    let again = all
        .start("小明", "", ExamRank::Kyu20, T0 + 2 * MIN, T0 + 2 * MIN)
        .unwrap();
    assert_ne!(again, id);
    assert_eq!(all.of("小明").len(), 2);
    assert_eq!(all.of("小明")[1].id, id);
}

#[test]
fn an_open_exam_is_resumed_not_restarted_and_its_games_are_locked() {
    let mut all = Exams::default();
    let id = all.start("小明", "", ExamRank::Kyu15, T0, T0).unwrap();
    let e = all.get_mut(id).unwrap();
    let mut s = next_game(e, T0);
    let result = finish(&mut s, false, T0 + MIN);
    e.game_over(s.id, false, &result, T0 + MIN).unwrap();
    let t = next_game(e, T0 + 2 * MIN);
    // Starting the same rank again resumes it, the lost game still lost.
    assert_eq!(
        all.start("小明", "", ExamRank::Kyu15, T0 + 3 * MIN, T0 + 3 * MIN),
        Ok(id)
    );
    assert_eq!(all.exams.len(), 1);
    assert_eq!(
        all.get(id).unwrap().games[0].end.as_ref().unwrap().0,
        GameEnd::Played { won: false }
    );
    // Another rank while one is open: refused, saying which.
    assert_eq!(
        all.start("小明", "", ExamRank::Kyu20, T0 + 4 * MIN, T0 + 4 * MIN),
        Err(StartError::OtherOpen(ExamRank::Kyu15))
    );
    // Another pupil may start theirs.
    let other = all.start("小红", "", ExamRank::Kyu20, T0, T0).unwrap();
    assert_ne!(other, id);
    assert_eq!(all.locked_games(), vec![s.id, t.id]);
    assert!(all.is_open(&t.exam().unwrap()));
    assert!(!all.is_open(&ExamTag {
        exam: 5,
        rank: ExamRank::Kyu15,
        number: 1
    }));
}

#[test]
fn problems_are_timed_from_when_they_are_first_shown_even_across_a_reload() {
    let mut e = Exam::new(T0, "小明", "", ExamRank::Kyu20, T0);
    let now = play_games(&mut e, 3, T0);
    assert_eq!(e.show_problem(now), None);
    e.set_problems(ten(&e)).unwrap();
    assert_eq!(e.set_problems(ten(&e)), Err(ExamError::NotNow));
    assert_eq!(e.stage(), Stage::Problem(0));
    assert_eq!(e.show_problem(now), Some((0, now + PROBLEM_MS)));
    // A reload 10 s later shows the same problem with its first deadline.
    let mut e = reload(&e);
    assert_eq!(e.show_problem(now + 10_000), Some((0, now + PROBLEM_MS)));
    // Out of turn: refused.
    assert_eq!(e.answer(3, true, now + 11_000), Err(ExamError::NotNow));
    // Right within 45 s.
    assert_eq!(e.answer(0, true, now + 44_000), Ok(true));
    // Right after 45 s counts wrong.
    let (i, _) = e.show_problem(now + 50_000).unwrap();
    assert_eq!(e.answer(i, true, now + 50_000 + PROBLEM_MS + 1), Ok(false));
    assert!(e.problems[1].answer.unwrap().late);
    // Shown, then the tab closed for a minute: wrong at its deadline, and the next one waits
    // to be shown.
    let shown = now + 200_000;
    assert_eq!(e.show_problem(shown), Some((2, shown + PROBLEM_MS)));
    let mut e = reload(&e);
    let later = shown + 60_000;
    assert_eq!(e.show_problem(later), Some((3, later + PROBLEM_MS)));
    assert_eq!(
        e.problems[2].answer,
        Some(ProblemAnswer {
            right: false,
            late: true,
            at_ms: shown + PROBLEM_MS
        })
    );
    assert_eq!(e.problem_score(), (1, 3));
    assert_eq!(reload(&e), e);
}

#[test]
fn the_ladder_says_when_to_try_again() {
    let mut e = Exam::new(T0, "小明", "", ExamRank::Kyu15, T0);
    let now = play_games(&mut e, 1, T0);
    answer_problems(&mut e, 10, now);
    assert_eq!(e.passed(), None);
    assert_eq!(wins_before_retry(&e, None), 3);
    assert_eq!(wins_before_retry(&e, Some((Level::Kyu20, &[true; 5]))), 3);
    assert_eq!(
        wins_before_retry(&e, Some((Level::Kyu15, &[false, true]))),
        2
    );
    assert_eq!(
        wins_before_retry(&e, Some((Level::Kyu15, &[true, true, true]))),
        0
    );
    let five_of_seven = [true, true, false, true, false, true, true];
    assert_eq!(
        wins_before_retry(&e, Some((Level::Kyu15, &five_of_seven))),
        0
    );
}

#[test]
fn the_next_exam_offered_follows_the_passes_then_the_ladder() {
    let mut all = Exams::default();
    assert_eq!(all.offered("小明", None), Some(ExamRank::Kyu20));
    assert_eq!(
        all.offered("小明", Some(Level::Kyu10)),
        Some(ExamRank::Kyu10)
    );
    assert_eq!(all.offered("小明", Some(Level::Kyu1)), Some(ExamRank::Kyu2));
    let id = all.start("小明", "", ExamRank::Kyu5, T0, T0).unwrap();
    let e = all.get_mut(id).unwrap();
    let now = play_games(e, 3, T0);
    answer_problems(e, 9, now);
    // 3 wins of the 5 级 exam: 7 级; the next offered is the 5 级 exam again.
    assert_eq!(all.best_passed("小明"), Some(7));
    assert_eq!(
        all.offered("小明", Some(Level::Kyu25)),
        Some(ExamRank::Kyu5)
    );
    assert_eq!(all.offered("小红", None), Some(ExamRank::Kyu20));
}

#[test]
fn the_stored_exams_read_back_and_a_damaged_or_newer_text_is_refused() {
    let mut all = Exams::default();
    let id = all
        .start("小明", "三(2)班", ExamRank::Kyu20, T0, T0)
        .unwrap();
    let e = all.get_mut(id).unwrap();
    let now = play_games(e, 4, T0);
    answer_problems(e, 9, now);
    all.start(
        "小明",
        "三(2)班",
        ExamRank::Kyu15,
        now + DAY_MS,
        now + DAY_MS,
    )
    .unwrap();
    let text = exams_text(&all);
    assert_eq!(read_exams(&text), Ok(all.clone()));
    assert_eq!(read_exams(""), Ok(Exams::default()));
    assert!(matches!(
        read_exams(&text.replace("\"version\":1", "\"version\":2")),
        Err(ExamsError::TooNew(2))
    ));
    // A pass the results do not give (edited by hand) is refused.
    let edited = text.replacen("\"how\":\"won\"", "\"how\":\"lost\"", 2);
    assert!(matches!(read_exams(&edited), Err(ExamsError::Malformed(_))));
    assert!(read_exams("{\"format\":\"x\"}").is_err());
    assert!(read_exams(&text[..text.len() / 2]).is_err());
}

#[test]
fn the_frozen_exams_of_version_1_read() {
    let text = include_str!("../../../tests/data/records/exams-v1.json");
    let all = read_exams(text).unwrap();
    assert_eq!(all.exams.len(), 2);
    let passed = &all.exams[0];
    assert_eq!(
        (passed.pupil.as_str(), passed.rank),
        ("小明", ExamRank::Kyu20)
    );
    assert_eq!(passed.passed(), Some(20));
    assert_eq!((passed.wins(), passed.problem_score()), (3, (9, 10)));
    let open = &all.exams[1];
    assert_eq!(
        open.stage(),
        Stage::Playing {
            number: 3,
            game: GameId(1796477876244)
        }
    );
    assert_eq!(all.locked_games(), open.game_ids());
}

#[test]
fn two_copies_of_an_exam_merge_to_the_one_carried_furthest_or_the_worse() {
    let mut e = Exam::new(T0, "小明", "", ExamRank::Kyu20, T0);
    let mut s = next_game(&mut e, T0);
    let early = exam_record(&e);
    let result = finish(&mut s, true, T0 + MIN);
    e.game_over(s.id, true, &result, T0 + MIN).unwrap();
    let later = exam_record(&e);
    // One device went on: the further copy wins whichever side has it.
    assert_eq!(
        merge_exams(std::slice::from_ref(&early), std::slice::from_ref(&later)),
        vec![later.clone()]
    );
    assert_eq!(
        merge_exams(std::slice::from_ref(&later), std::slice::from_ref(&early)),
        vec![later.clone()]
    );
    // Game 2 played on two devices: the copy with the loss is kept, on both sides.
    let mut a = e.clone();
    let mut b = e.clone();
    let mut sa = next_game(&mut a, T0 + 2 * MIN);
    let mut sb = next_game(&mut b, T0 + 3 * MIN);
    let ra = finish(&mut sa, true, T0 + 9 * MIN);
    a.game_over(sa.id, true, &ra, T0 + 9 * MIN).unwrap();
    let rb = finish(&mut sb, false, T0 + 9 * MIN);
    b.game_over(sb.id, false, &rb, T0 + 9 * MIN).unwrap();
    let (ra, rb) = (exam_record(&a), exam_record(&b));
    assert_eq!(
        merge_exams(std::slice::from_ref(&ra), std::slice::from_ref(&rb)),
        vec![rb.clone()]
    );
    assert_eq!(
        merge_exams(std::slice::from_ref(&rb), std::slice::from_ref(&ra)),
        vec![rb.clone()]
    );
    // Another exam is added; merging again changes nothing.
    let other = exam_record(&Exam::new(T0 - 5, "小明", "", ExamRank::Kyu15, T0 - 5));
    let merged = merge_exams(std::slice::from_ref(&rb), &[other.clone(), ra.clone()]);
    assert_eq!(merged, vec![other.clone(), rb.clone()]);
    assert_eq!(merge_exams(&merged, &[other, ra]), merged);
    assert_eq!(exam_of(&rb).unwrap(), b);
}

/// A passed 20 级 exam and its five games, as a device holds them.
fn passed_exam() -> (Exam, Vec<Session>) {
    let mut e = Exam::new(T0, "小明", "三(2)班", ExamRank::Kyu20, T0);
    let mut games = Vec::new();
    let mut now = T0;
    for k in 0..GAMES {
        let mut s = next_game(&mut e, now);
        now += 10 * MIN;
        let result = finish(&mut s, k % 2 == 0, now);
        e.game_over(s.id, k % 2 == 0, &result, now).unwrap();
        games.push(s);
    }
    answer_problems(&mut e, 9, now);
    (e, games)
}

#[test]
fn an_exam_travels_in_a_book_and_merges_into_a_device() {
    let (e, games) = passed_exam();
    let mut b = Book::new("小明", "三(2)班", 0.0);
    b.exams.push(exam_record(&e));
    for s in &games {
        b.games.push(book::BookGame {
            record: serde_json::to_value(to_record(s)).unwrap(),
            analysis: None,
        });
    }
    let read = book::read(&b.to_json()).unwrap();
    assert_eq!(read, b);
    let exams = crate::session::stored::exam::records_exams(&read.exams).unwrap();
    assert_eq!(exams.exams, vec![e.clone()]);
    // Each game of the book is tagged as the exam's.
    for (k, g) in read.games.iter().enumerate() {
        let s = from_record(&parse_record(&g.record.to_string()).unwrap()).unwrap();
        assert_eq!(
            s.exam().map(|t| (t.exam, t.number)),
            Some((T0, k as u8 + 1))
        );
    }
    // Opened on a device that has none: the exam arrives; twice is once.
    let device = Book::new("小明", "", 0.0);
    let (merged, _) = book::merge(&device, &read);
    assert_eq!(merged.exams, b.exams);
    let (again, _) = book::merge(&merged, &read);
    assert_eq!(again.exams, b.exams);
    // A book whose exam does not hold together is refused whole.
    let broken = b
        .to_json()
        .replace("\"rank\": \"20k\"", "\"rank\": \"17k\"");
    assert_ne!(broken, b.to_json());
    assert_eq!(book::read(&broken), Err(book::BookError::Damaged(0)));
    // A book written before exams reads with none.
    let old = include_str!("../../../tests/data/records/book-v1.json");
    assert!(book::read(old).unwrap().exams.is_empty());
}

#[test]
fn an_exam_travels_in_a_hand_in_with_its_games_tagged() {
    let (e, games) = passed_exam();
    let facts = PupilFacts {
        name: "小明".into(),
        class: "三(2)班".into(),
        ladder: "20k".into(),
        lessons: (3, 8),
        problems: (12, 40),
        exams: vec![ExamSummary::of(&e, "2026-12-06")],
        daily: None,
        techniques: vec![],
    };
    // Games 1 and 3: the same moves by the same players on the same day, yet two games (their
    // numbers in the exam differ), which the report and an import both keep.
    assert_eq!(games[0].game.moves(), games[2].game.moves());
    assert_eq!(games[0].played_on(), games[2].played_on());
    assert!(!games[0].same_game(&games[2]) && games[2].same_game(&games[2].clone()));
    let picked: Vec<_> = games.iter().map(|s| (s.clone(), None)).collect();
    let text = book::hand_in(&picked, &facts, Some(Rank::Kyu(20)));
    let trees = crate::record::sgf::game_trees(&text);
    assert_eq!(trees.len(), 5);
    for (k, tree) in trees.into_iter().enumerate() {
        let s = Session::from_sgf(tree, GameId(k as u64 + 1), 0.0)
            .unwrap()
            .session;
        // As the report reads it: the pupil's facts and the game's place in the exam.
        let f = PupilFacts::of(&s).unwrap();
        assert_eq!(f, facts);
        let tag = book::exam_tag(&s).unwrap();
        assert_eq!(
            (tag.exam, tag.rank, tag.number),
            (T0, ExamRank::Kyu20, k as u8 + 1)
        );
        // On the teacher's device the exam is not open: its games may be looked at.
        assert!(!Exams::default().is_open(&tag));
    }
    let summary = &facts.exams[0];
    assert_eq!(
        (
            summary.rank.as_str(),
            summary.games.as_str(),
            summary.problems
        ),
        ("20k", "WLWLW", (9, 10))
    );
    assert_eq!(
        (summary.outcome.as_str(), summary.reached.as_str()),
        ("passed", "20k")
    );
    assert_eq!(summary.wins(), 3);
    // A hand-in written before exams reads with none.
    let old: PupilFacts = serde_json::from_str("{\"name\":\"小明\"}").unwrap();
    assert!(old.exams.is_empty());
}

/// The browser tests' starting points (`tests/data/exam/`): a 20 级 exam of 小明 with its five
/// games played (three won) and its problems still to do, the same exam in the middle of game 3
/// (three moves played), and a hand-in of the passed exam. Each seed is the exams' stored text
/// and the games' records, as `localStorage` holds them.
fn browser_seeds() -> (String, String, String) {
    let seed = |e: &Exam, games: &[Session]| {
        let mut all = Exams::default();
        all.exams.push(e.clone());
        let records: serde_json::Map<String, serde_json::Value> = games
            .iter()
            .map(|s| {
                let mut r = to_record(s);
                r.revision = 1;
                r.saved_ms = r.created_ms;
                (
                    s.id.to_string(),
                    serde_json::Value::String(serde_json::to_string(&r).unwrap()),
                )
            })
            .collect();
        let v = serde_json::json!({ "exams": exams_text(&all), "games": records });
        serde_json::to_string_pretty(&v).unwrap() + "\n"
    };
    // Five games played.
    let mut e = Exam::new(T0, "小明", "三(2)班", ExamRank::Kyu20, T0);
    let mut games = Vec::new();
    let mut now = T0;
    for k in 0..GAMES {
        let mut s = next_game(&mut e, now);
        for v in ["E5", "D4", "F6"] {
            now += 20_000;
            s.play(Move::Play(BoardSize::NINE.parse_vertex(v).unwrap()), now)
                .unwrap();
        }
        now += 5 * MIN;
        let won = k % 2 == 0;
        let pupil = s.setup.computer.unwrap().colour.opponent();
        s.concede(if won { pupil.opponent() } else { pupil }, now);
        e.game_over(s.id, won, &s.game.result().unwrap().sgf(), now)
            .unwrap();
        games.push(s);
        now += MIN;
    }
    let passed_games = seed(&e, &games);
    // The same exam in the middle of game 3.
    let mut mid = Exam::new(T0, "小明", "三(2)班", ExamRank::Kyu20, T0);
    let mut mid_games = Vec::new();
    let mut now = T0;
    for k in 0..2 {
        let mut s = next_game(&mut mid, now);
        now += 5 * MIN;
        let result = finish(&mut s, k == 0, now);
        mid.game_over(s.id, k == 0, &result, now).unwrap();
        mid_games.push(s);
        now += MIN;
    }
    let mut s = next_game(&mut mid, now);
    for v in ["E5", "D4", "F6"] {
        now += 20_000;
        s.play(Move::Play(BoardSize::NINE.parse_vertex(v).unwrap()), now)
            .unwrap();
    }
    mid_games.push(s);
    let game3 = seed(&mid, &mid_games);
    // The hand-in of the passed exam (its problems 9 of 10).
    let mut passed = e.clone();
    answer_problems(&mut passed, 9, now + DAY_MS);
    let facts = PupilFacts {
        name: "小明".into(),
        class: "三(2)班".into(),
        ladder: "20k".into(),
        lessons: (3, 8),
        problems: (12, 40),
        exams: vec![ExamSummary::of(&passed, "2026-12-06")],
        daily: None,
        techniques: vec![],
    };
    let picked: Vec<_> = games.iter().map(|s| (s.clone(), None)).collect();
    let hand_in = book::hand_in(&picked, &facts, Some(Rank::Kyu(20)));
    (passed_games, game3, hand_in + "\n")
}

#[test]
#[ignore = "writes tests/data/exam/: run after a change of the exam's or the games' format"]
fn regenerate_the_browser_seeds() {
    let (passed, game3, hand_in) = browser_seeds();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/exam");
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(format!("{dir}/seed-five-games.json"), passed).unwrap();
    std::fs::write(format!("{dir}/seed-game-3.json"), game3).unwrap();
    std::fs::write(format!("{dir}/hand-in.sgf"), hand_in).unwrap();
}

#[test]
fn the_browser_seeds_are_what_this_version_writes_and_read_back() {
    let (passed, game3, hand_in) = browser_seeds();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/exam");
    let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
    assert_eq!(
        read("seed-five-games.json"),
        passed,
        "run regenerate_the_browser_seeds"
    );
    assert_eq!(
        read("seed-game-3.json"),
        game3,
        "run regenerate_the_browser_seeds"
    );
    assert_eq!(
        read("hand-in.sgf"),
        hand_in,
        "run regenerate_the_browser_seeds"
    );
    for (text, stage) in [
        (&passed, Stage::ChooseProblems),
        (
            &game3,
            Stage::Playing {
                number: 3,
                game: GameId(T0 + 2 * 6 * MIN),
            },
        ),
    ] {
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        let exams = read_exams(v["exams"].as_str().unwrap()).unwrap();
        assert_eq!(exams.exams[0].stage(), stage);
        for (id, record) in v["games"].as_object().unwrap() {
            let s = from_record(&parse_record(record.as_str().unwrap()).unwrap()).unwrap();
            assert_eq!(s.id.to_string(), *id);
            assert!(s.exam().is_some() && !s.helps());
        }
    }
}

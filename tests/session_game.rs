//! A whole game against the computer through the session alone — the computer's turns, a
//! takeback, the counting agreement, resignation stopping a timed clock, the stored record
//! round trip and a save conflict — natively, with a fake clock and small search budgets.

use shoutan::bot::Level;
use shoutan::clock::TimeSystem;
use shoutan::rules::{BoardSize, Colour, GameResult, Move, Phase};
use shoutan::session::computer::answer;
use shoutan::session::stored::{from_record, is_conflict, parse_record, to_record};
use shoutan::session::{Applied, ApplyError, Computer, GameId, Session, Setup};

fn against_computer(time: Option<TimeSystem>) -> Session {
    Session::new(
        GameId(1_796_000_000_000),
        1_796_000_000_000.0,
        Setup {
            size: BoardSize::NINE,
            time,
            computer: Some(Computer {
                colour: Colour::White,
                level: Level::Kyu20,
            }),
            ..Setup::default()
        },
    )
}

/// Asks and applies the computer's move, as the page does through its worker.
fn computer_moves(s: &mut Session, now: u64) -> Applied {
    assert!(
        !s.human_to_move(),
        "no human move while the computer's is due"
    );
    let (at, mut req) = s.due().expect("the computer's move is due");
    req.playouts = 200;
    let reply = answer(&req, || 0.0);
    s.apply(at, &reply, now).expect("the answer applies")
}

#[test]
fn a_whole_game_against_the_computer() {
    let mut s = against_computer(None);
    let size = s.game.size();
    assert!(s.due().is_none(), "black (the human) moves first");
    let mut now = 0;
    // The human plays the first legal point in a fixed scan, then passes when nothing sensible
    // is left; the computer answers every move.
    let mut moves = 0;
    while s.game.is_playing() && moves < 200 {
        now += 1_000;
        if s.computers_turn() {
            computer_moves(&mut s, now);
            continue;
        }
        let mv = size
            .points()
            .map(Move::Play)
            .find(|&m| {
                let Move::Play(p) = m else { return false };
                s.game.check(Colour::Black, m).is_ok() && !s.game.board().is_eye(Colour::Black, p)
            })
            .unwrap_or(Move::Pass);
        s.play(mv, now).unwrap();
        moves += 1;
        if moves == 6 {
            // A takeback against the computer goes back to the human's own turn.
            let before = s.game.moves().len();
            if s.computers_turn() {
                computer_moves(&mut s, now);
            }
            let taken = s.take_back(now).unwrap();
            assert_eq!(
                s.game.moves().len(),
                before + usize::from(taken == 2) - taken
            );
            assert_eq!(s.game.to_move(), Colour::Black);
        }
    }
    // Two passes start counting; the computer agrees when its turn to confirm comes, so the
    // human's confirmation (first or second) finishes the game.
    if let Some(c) = s.game.next_confirmer() {
        assert_eq!(c, Colour::Black, "the computer confirms by itself");
        s.confirm_count(Colour::Black).unwrap();
    }
    assert!(
        matches!(s.game.phase(), Phase::Over(_)),
        "{:?}",
        s.game.phase()
    );
    // The record round trip keeps the game and its opponent.
    let back = from_record(&parse_record(&serde_json::to_string(&to_record(&s)).unwrap()).unwrap())
        .unwrap();
    assert_eq!(back.game.moves(), s.game.moves());
    assert_eq!(back.game.result(), s.game.result());
    assert_eq!(back.setup.computer, s.setup.computer);
    assert_eq!(back.id, s.id);
}

#[test]
fn an_answer_for_an_earlier_position_is_not_played() {
    let mut s = against_computer(None);
    s.play(Move::Play(BoardSize::NINE.point(4, 4)), 0).unwrap();
    let (at, mut req) = s.due().unwrap();
    req.playouts = 50;
    let reply = answer(&req, || 0.0);
    // The human takes the move back before the answer arrives.
    s.take_back(10).unwrap();
    assert_eq!(s.apply(at, &reply, 20), Err(ApplyError::Stale));
    assert!(s.game.moves().is_empty());
}

#[test]
fn resignation_stops_a_timed_clock() {
    let mut s = against_computer(Some(TimeSystem::chinese(1, 3)));
    s.play(Move::Play(BoardSize::NINE.point(4, 4)), 1_000)
        .unwrap();
    computer_moves(&mut s, 3_000);
    assert_eq!(
        s.resign(5_000),
        Ok(GameResult::Resignation {
            winner: Colour::White
        })
    );
    let clock = s.clock.as_ref().unwrap();
    assert_eq!(clock.deadline(), None, "no clock runs after a resignation");
    let shown = clock.display(Colour::Black, 5_000).main_ms;
    assert_eq!(clock.display(Colour::Black, 500_000).main_ms, shown);
    // Nothing more ticks: no call-out, no time-out replacing the resignation.
    assert!(s.tick(5_000, 10_000_000).is_empty());
    assert!(matches!(
        s.game.result(),
        Some(GameResult::Resignation { .. })
    ));
}

#[test]
fn a_save_never_overwrites_another_tabs_newer_one() {
    let mut s = against_computer(None);
    s.revision = 3;
    assert!(!is_conflict(s.revision, Some(3)));
    assert!(is_conflict(s.revision, Some(4)));
}

#[test]
fn a_time_out_charges_the_loser_to_zero_in_the_record() {
    let mut s = against_computer(Some(TimeSystem::chinese(0, 1)));
    s.setup.computer = None;
    s.play(Move::Play(BoardSize::NINE.point(4, 4)), 0).unwrap();
    // White's last 读秒 minute runs out on the tick.
    s.tick(0, 60_000);
    assert_eq!(
        s.game.result(),
        Some(&GameResult::Time {
            winner: Colour::Black
        })
    );
    let d = s.clock.as_ref().unwrap().display(Colour::White, 70_000);
    assert_eq!((d.main_ms, d.periods, d.period_left_ms), (0, 0, 0));
    let sgf = s.to_sgf();
    assert!(sgf.contains("WL[0.0]OW[0]"), "{sgf}");
    assert!(sgf.contains("RE[B+T]"), "{sgf}");
}

/// The computer's pass carries its dead stones (the network's, in the worker): the counting
/// that starts on that board is marked with them — when its pass ends play, and when the
/// player's pass right after it does; a move in between makes them stale.
#[test]
fn the_computers_dead_stones_mark_the_counting_on_its_board() {
    let size = BoardSize::NINE;
    let v = |s: &str| size.parse_vertex(s).unwrap();
    let pass_with = |dead: &[&str]| shoutan::session::computer::Reply {
        id: 0,
        mv: "pass".into(),
        win_rate: 0.9,
        lead: 10.0,
        ownership: vec![],
        playouts: 1,
        error: String::new(),
        dead: dead.iter().map(|d| d.to_string()).collect(),
        review: String::new(),
    };
    // Black (the human) E5 and C3, White (the computer) G7 then passes: the reply says C3 is dead.
    let mut s = against_computer(None);
    s.play(Move::Play(v("E5")), 1).unwrap();
    s.play(Move::Play(v("G7")), 2).unwrap();
    s.play(Move::Play(v("C3")), 3).unwrap();
    let (at, _) = s.due().unwrap();
    s.apply(at, &pass_with(&["C3"]), 4).unwrap();
    // The player passes too: counting, with the computer's marking instead of the playouts'.
    s.play(Move::Pass, 5).unwrap();
    let counting = s.game.counting().expect("two passes start the counting");
    assert!(counting.dead.contains(v("C3")));
    assert!(!counting.dead.contains(v("E5")) && !counting.dead.contains(v("G7")));

    // The player passes first, the computer's pass ends play: marked at once.
    let mut s = against_computer(None);
    s.play(Move::Play(v("E5")), 1).unwrap();
    s.play(Move::Play(v("G7")), 2).unwrap();
    s.play(Move::Pass, 3).unwrap();
    let (at, _) = s.due().unwrap();
    s.apply(at, &pass_with(&["G7"]), 4).unwrap();
    let counting = s.game.counting().expect("two passes start the counting");
    assert!(counting.dead.contains(v("G7")) && !counting.dead.contains(v("E5")));

    // A stone played after the computer's pass: its marking was for another board.
    let mut s = against_computer(None);
    s.play(Move::Play(v("E5")), 1).unwrap();
    s.play(Move::Play(v("G7")), 2).unwrap();
    s.play(Move::Play(v("C3")), 3).unwrap();
    let (at, _) = s.due().unwrap();
    s.apply(at, &pass_with(&["E5", "C3"]), 4).unwrap();
    s.play(Move::Play(v("D4")), 5).unwrap();
    s.play(Move::Play(v("G3")), 6).unwrap();
    s.play(Move::Pass, 7).unwrap();
    s.play(Move::Pass, 8).unwrap();
    let counting = s.game.counting().expect("two passes start the counting");
    let playouts = shoutan::rules::scoring::suggest_dead(
        s.game.board(),
        s.game.to_move(),
        s.game.board().hash(),
        shoutan::rules::game::DEAD_STONE_PLAYOUTS,
    );
    assert_eq!(
        counting.dead.points(),
        playouts.points(),
        "the stale marking is not used"
    );
}

/// The kyu ranks up to 10 级 play a lost game to its count (a beginner learns it by
/// finishing); 5 级 and above may resign.
#[test]
fn weak_levels_are_never_asked_to_resign() {
    for (level, resigns) in [
        (Level::Kyu25, false),
        (Level::Kyu20, false),
        (Level::Kyu10, false),
        (Level::Kyu5, true),
        (Level::Strongest, true),
    ] {
        let mut s = against_computer(None);
        s.setup.computer = Some(Computer {
            colour: Colour::White,
            level,
        });
        s.play(Move::Play(BoardSize::NINE.parse_vertex("E5").unwrap()), 1)
            .unwrap();
        let (_, req) = s.due().expect("the computer's move is due");
        assert_eq!(req.resign, resigns, "{level:?}");
    }
}

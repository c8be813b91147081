//! The stored formats against their frozen fixtures and round trips.

use super::*;
use crate::rules::Point;

fn sample() -> Session {
    let mut s = Session::new(
        super::super::GameId(42),
        42.0,
        Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        },
    );
    s.setup.black.name = "李\"]".into();
    for v in ["E5", "D5", "E4", "D4"] {
        let p: Point = s.game.size().parse_vertex(v).unwrap();
        s.play_at(p).unwrap();
    }
    s
}

#[test]
fn a_game_round_trips_through_its_record() {
    let s = sample();
    let text = serde_json::to_string(&to_record(&s)).unwrap();
    let back = from_record(&parse_record(&text).unwrap()).unwrap();
    assert_eq!(back.game.moves(), s.game.moves());
    assert_eq!(back.setup, s.setup);
    assert!(*back.game.board() == *s.game.board());
}

#[test]
fn a_counted_game_round_trips_with_its_marking_and_result() {
    let mut s = sample();
    s.pass().unwrap();
    s.pass().unwrap();
    let p = s.game.size().parse_vertex("D5").unwrap();
    if !s.game.counting().unwrap().dead.contains(p) {
        s.game.toggle_dead(p).unwrap();
    }
    s.final_dead = s.game.counting().unwrap().dead.points();
    let first = s.game.next_confirmer().unwrap();
    s.game.confirm_count(first).unwrap();
    let result = s.game.confirm_count(first.opponent()).unwrap().unwrap();
    let back = from_record(&to_record(&s)).unwrap();
    assert_eq!(back.game.result(), Some(&result));
}

#[test]
fn a_game_from_a_set_up_position_round_trips_with_its_stones_and_player_to_move() {
    // An imported problem (AB/AW, White first), one move played: stored and read back, the
    // setup stones are there and the move replays (it was refused: the stored record had
    // no setup, so the game was read as damaged).
    let sgf = "(;GM[1]FF[4]SZ[9]KM[0]AB[cc][dc][ec]AW[cd][dd][ed]PL[W];W[fc])";
    let s = Session::from_sgf(sgf, super::super::GameId(7), 0.0)
        .unwrap()
        .session;
    let back = from_record(&to_record(&s)).unwrap();
    assert_eq!(back.game.setup(), s.game.setup());
    assert_eq!(back.game.board(), s.game.board());
    assert_eq!(back.game.moves().len(), 1);
    assert_eq!(back.game.to_move(), Colour::Black);
    // "Play from here" at the start: no moves yet, White to move.
    let here = s.continue_from(0, super::super::GameId(8), 0.0);
    let back = from_record(&to_record(&here)).unwrap();
    assert_eq!(back.game.to_move(), Colour::White);
    assert_eq!(back.game.setup(), s.game.setup());
    // A plain game stores no setup.
    assert_eq!(to_record(&sample()).setup, None);
}

#[test]
fn bad_records_are_refused_with_a_reason() {
    // The technical detail says what kind of text it is and where it went wrong.
    assert_eq!(
        parse_record("{not json"),
        Err(RecordError::Malformed("not JSON at line 1 column 2".into()))
    );
    assert_eq!(
        parse_record("{\"version\":3,\n\"size\":\"nine\"}"),
        Err(RecordError::Malformed(
            "JSON, but not a game's fields at line 2 column 13".into()
        ))
    );
    assert_eq!(
        parse_record("{\"version\":3,"),
        Err(RecordError::Malformed(
            "the text ends too early at line 1 column 13".into()
        ))
    );
    assert!(matches!(
        parse_record(r#"{"version":99}"#),
        Err(RecordError::TooNew(99))
    ));
    let mut r = to_record(&sample());
    r.moves.push("B E5".into());
    assert!(matches!(
        from_record(&r),
        Err(RecordError::DoesNotReplay(_))
    ));
}

/// A record written by version 1 of the app (before revisions and the computer opponent),
/// kept as a file: it must load, replay and come out as the current version.
#[test]
fn migration_from_1_keeps_a_timed_referee_game() {
    let text = include_str!("../../../tests/data/records/v1-timed-referee.json");
    let r = parse_record(text).unwrap();
    assert_eq!(r.version, 1);
    let m = migrate(r.clone());
    assert_eq!(
        (m.version, m.revision, m.computer.clone()),
        (RECORD_VERSION, 0, None)
    );
    let s = from_record(&r).unwrap();
    assert_eq!(s.game.moves().len(), 5);
    assert_eq!(s.setup.black.name, "李昌镐");
    assert_eq!(s.setup.mode, Mode::Referee);
    assert_eq!(s.setup.on_close, ClosePolicy::RunOn);
    assert!(s.clock.is_some());
    assert_eq!(s.referee.events().len(), 1);
    assert_eq!(s.title, "周末练习");
    assert_eq!(s.setup.computer, None);
    // Saved again, it is a version 2 record that reads back the same.
    let again = to_record(&s);
    assert_eq!(again.version, RECORD_VERSION);
    let back = from_record(&again).unwrap();
    assert_eq!(back.game.moves(), s.game.moves());
}

#[test]
fn a_frozen_v2_record_loads_through_the_closed_types() {
    // Written by the app before ids, ranks, modes, event kinds and warning reasons were
    // closed types: strings in the record, read through them now.
    let text = include_str!("../../../tests/data/records/v2-referee-timed.json");
    let r = parse_record(text).unwrap();
    assert_eq!(r.version, 2);
    let s = from_record(&r).unwrap();
    assert_eq!(s.id, super::super::GameId(1_796_000_000_000));
    assert_eq!(s.setup.black.rank, Some(super::super::Rank::Dan(2)));
    assert_eq!(s.setup.white.rank, Some(super::super::Rank::Kyu(3)));
    assert_eq!(
        (s.setup.mode, s.setup.on_close),
        (Mode::Referee, ClosePolicy::RunOn)
    );
    assert_eq!(s.game.moves().len(), 7);
    assert_eq!(s.game.result(), Some(&GameResult::Draw));
    let kinds: Vec<&Event> = s.referee.events().iter().map(|e| &e.event).collect();
    assert!(matches!(
        kinds[0],
        Event::VoidMove {
            reason: PlayError::Suicide,
            ..
        }
    ));
    assert_eq!(
        kinds[1],
        &Event::Warning {
            colour: Colour::Black,
            reason: WarningReason::Disturbing
        }
    );
    assert_eq!(kinds[2], &Event::Verdict(Verdict::Draw));
    assert_eq!(s.times.len(), 7);
    assert_eq!(s.revision, 12);
    // Written again: the same game, the reason now by its key, and it reads back equal.
    let again = to_record(&s);
    assert_eq!(again.events[1].detail, "disturbing");
    let json = serde_json::to_string(&again).unwrap();
    assert!(json.contains(r#""mode":"referee""#) && json.contains(r#""kind":"warning""#));
    let back = from_record(&parse_record(&json).unwrap()).unwrap();
    assert_eq!(back.referee.events(), s.referee.events());
    assert_eq!(back.game.moves(), s.game.moves());
    // An English reason from a record saved with the English UI reads as the same reason.
    assert_eq!(
        WarningReason::parse("Disturbing the opponent"),
        WarningReason::Disturbing
    );
}

#[test]
fn a_game_against_the_computer_keeps_its_opponent() {
    let mut s = sample();
    s.setup.computer = Some(super::super::Computer {
        colour: Colour::White,
        level: crate::bot::Level::Kyu1,
    });
    s.revision = 7;
    let r = to_record(&s);
    let back = from_record(&parse_record(&serde_json::to_string(&r).unwrap()).unwrap()).unwrap();
    assert_eq!(back.setup.computer, s.setup.computer);
    assert_eq!(back.revision, 7);
}

/// The record's tree through storage: JSON written and read back, the same tree.
fn stored_and_read(s: &Session) -> Session {
    let json = serde_json::to_string(&to_record(s)).unwrap();
    from_record(&parse_record(&json).unwrap()).unwrap()
}

#[test]
fn a_teachers_record_keeps_every_node_of_every_depth() {
    // Nested variations, a comment and marks two levels deep, an unknown property, one
    // side playing twice (a tenuki), setup in the middle of a line.
    let text = "(;GM[1]FF[4]SZ[9]XY[其他程序]C[root];B[ee];W[cc](;B[gc];W[gg];W[cg]C[脱先])\
        (;B[cg](;W[gc]C[这里更好]TR[cg]LB[ee:A])(;AB[aa]W[gg]C[再设置])))";
    let s = Session::from_sgf(text, super::super::GameId(11), 11.0)
        .unwrap()
        .session;
    assert_eq!(
        s.game.moves().len(),
        5,
        "the main line, two white moves at its end"
    );
    assert_eq!(s.tree.len(), 9);
    let back = stored_and_read(&s);
    assert_eq!(back.tree, s.tree);
    assert_eq!(back.game.moves(), s.game.moves());
    let t = &back.tree;
    let w_cc = t.main_line()[2];
    let b_cg = t.children(w_cc)[1];
    let deep = t.children(b_cg)[0];
    assert_eq!(back.comment(deep), "这里更好");
    assert_eq!(back.marks(deep).len(), 2);
    let g = back.position_at(t.children(b_cg)[1]).unwrap();
    assert_eq!(g.board().stone_counts(), [3, 2]);
    // Written as SGF and read again: the same tree, the unknown property kept.
    let sgf = back.to_sgf();
    assert!(
        sgf.contains("XY[其他程序]") && sgf.contains("C[这里更好]"),
        "{sgf}"
    );
    let again = Session::from_sgf(&sgf, super::super::GameId(12), 12.0)
        .unwrap()
        .session;
    assert_eq!(again.tree.len(), s.tree.len());
    let nodes = |s: &Session| -> Vec<crate::record::tree::Node> {
        s.tree.preorder()[1..]
            .iter()
            .map(|&id| s.tree.node(id).clone())
            .collect()
    };
    assert_eq!(nodes(&again), nodes(&s));
    // A plain game stores no tree; a damaged tree is refused, not half-read.
    assert_eq!(to_record(&sample()).tree, None);
    let mut r = to_record(&s);
    r.tree = Some("(;SZ[9];B[ee];W[ee])".into());
    assert!(matches!(
        from_record(&r),
        Err(RecordError::DoesNotReplay(_))
    ));
    r.tree = Some("(;SZ[9];B[zz])".into());
    assert!(matches!(from_record(&r), Err(RecordError::Malformed(_))));
}

#[test]
fn moves_played_on_an_imported_record_are_nodes_and_its_own_moves_stay() {
    let text = "(;SZ[9];B[ee]C[天元];W[cc])";
    let mut s = Session::from_sgf(text, super::super::GameId(5), 5.0)
        .unwrap()
        .session;
    let g7 = s.game.size().parse_vertex("G7").unwrap();
    s.play(crate::rules::Move::Play(g7), 0).unwrap();
    assert_eq!(s.tree.main_line().len(), 4);
    assert!(s.can_take_back());
    assert_eq!(s.take_back(0), Ok(1));
    assert_eq!(s.tree.main_line().len(), 3);
    // W C7 is the record's own move: a plain one may be taken back, B E5 with its comment
    // may not (its comment would be lost).
    assert_eq!(s.take_back(0), Ok(1));
    assert!(!s.can_take_back());
    assert!(s.take_back(0).is_err());
    assert_eq!(s.comment(s.tree.main_line()[1]), "天元");
    assert_eq!(stored_and_read(&s).tree, s.tree);
}

/// A record saved by version 2 of the app (an imported teacher's record: comments and marks
/// on the main line, variations with their own), kept as a file: read as a tree.
#[test]
fn a_frozen_v2_record_with_variations_becomes_a_tree() {
    let text = include_str!("../../../tests/data/records/v2-variations-notes-marks.json");
    let r = parse_record(text).unwrap();
    assert_eq!(r.version, 2);
    let s = from_record(&r).unwrap();
    let t = &s.tree;
    let main = t.main_line();
    assert_eq!(main.len(), 5);
    assert_eq!(s.comment(main[0]), "开局");
    assert_eq!(s.comment(main[1]), "天元");
    assert_eq!(s.marks(main[1]).len(), 1);
    assert_eq!(s.comment(main[3]), "主线");
    assert_eq!(s.marks(main[4]).len(), 1);
    let forks = t.children(main[2]);
    assert_eq!(forks.len(), 3, "the main line and two variations at move 3");
    let second = t.children(forks[1])[0];
    assert_eq!(s.comment(second), "这里更好");
    assert_eq!(s.marks(second).len(), 2);
    assert_eq!(t.node(forks[2]).first("B"), Some("gg"));
    // Saved again as version 3: the tree, and it reads back the same.
    let again = to_record(&s);
    assert_eq!(again.version, RECORD_VERSION);
    assert!(again.tree.is_some() && again.variations.is_empty());
    assert_eq!(stored_and_read(&s).tree, s.tree);
}

#[test]
fn the_revision_is_read_without_the_rest() {
    let mut s = sample();
    s.revision = 41;
    let mut r = to_record(&s);
    r.revision = 42;
    let json = serde_json::to_string(&r).unwrap();
    assert_eq!(record_revision(&json), Some(42));
    assert_eq!(record_revision(&format!("  {json}")), Some(42));
    // What a save must not be stopped by: a damaged value, and not a record at all.
    assert_eq!(record_revision(&json[..json.len() / 2]), None);
    assert_eq!(record_revision("[3, 4]"), None);
    assert_eq!(record_revision("not json"), None);
    // A newer version's record is not this version's to judge (as parse_record refuses it).
    let newer = json.replacen(
        &format!(r#""version":{RECORD_VERSION}"#),
        &format!(r#""version":{}"#, RECORD_VERSION + 1),
        1,
    );
    assert_ne!(newer, json);
    assert_eq!(record_revision(&newer), None);
}

#[test]
fn a_save_never_overwrites_a_newer_revision() {
    assert!(!is_conflict(3, None));
    assert!(!is_conflict(3, Some(3)));
    assert!(!is_conflict(3, Some(2)));
    assert!(is_conflict(3, Some(4)));
}

#[test]
fn an_imported_record_keeps_its_variations_and_comments() {
    let text = include_str!("../../../tests/data/sgf/variations.sgf");
    let s = Session::from_sgf(text, super::super::GameId(9), 9.0)
        .unwrap()
        .session;
    let back = stored_and_read(&s);
    assert_eq!(back.tree, s.tree);
    assert_eq!(
        (back.event.as_str(), back.date.as_str()),
        (s.event.as_str(), s.date.as_str())
    );
    // The first variation's position: the main line's first two moves, then its own.
    let fork = back.tree.main_line()[2];
    let first = back.tree.children(fork)[1];
    let end = *back.tree.line_from(first).last().unwrap();
    let g = back.position_at(end).unwrap();
    assert_eq!(g.board().stone_counts(), [3, 2]);
    let sgf = back.to_sgf();
    assert!(sgf.contains("C[天元]"));
    let again = Session::from_sgf(&sgf, super::super::GameId(10), 10.0)
        .unwrap()
        .session;
    assert_eq!(again.tree.len(), s.tree.len());
    assert_eq!(again.game.moves(), s.game.moves());
}

#[test]
fn the_frozen_formats_of_every_version_read() {
    // Game record v3 (v1 and v2 above).
    let text = include_str!("../../../tests/data/records/v3-from-book.json");
    let s = from_record(&parse_record(text).unwrap()).unwrap();
    assert_eq!(s.game.moves().len(), 3);
    assert_eq!(s.setup.black.name, "小明");
    // The ladder, v1.
    let l = crate::session::ladder::Ladder::from_text(include_str!(
        "../../../tests/data/records/ladder-v1.txt"
    ))
    .unwrap();
    assert_eq!(l.pupils()[0].results, vec![true, false]);
    assert!(l.counts(1_796_388_955_244));
    // The ladder, v2: the games it counted and the offers taken, counted in order.
    let text = include_str!("../../../tests/data/records/ladder-v2.txt");
    let l = crate::session::ladder::Ladder::from_text(text).unwrap();
    let xiaoming = l.pupil("小明").unwrap();
    assert_eq!(xiaoming.level, crate::bot::Level::Kyu20);
    assert_eq!(xiaoming.results, vec![true]);
    assert_eq!(l.pupil("王 小红").unwrap().results, vec![true]);
    assert!(l.counts(1_796_388_000_000) && l.counts(1_796_388_060_000));
    assert_eq!(l.to_text(), text, "written as it was read");
    // The app shell reads where each pupil stands from its first lines.
    let places = crate::session::ladder::Places::from_text(text).unwrap();
    assert_eq!(places.pupils(), l.pupils());
    assert!(places.counts(1_796_388_000_000) && places.counts(1_796_390_350_000));
    // The problems solved, v1 (`shoutan.learn`).
    let p: book::Progress =
        serde_json::from_str(include_str!("../../../tests/data/records/progress-v1.json")).unwrap();
    assert_eq!(p["course"], vec![0, 1]);
}

//! The session's own tests: whole flows with scripted timestamps.

use super::*;

#[test]
fn handicap_session_starts_with_white_to_move() {
    let s = Session::new(
        GameId(1),
        0.0,
        Setup {
            size: BoardSize::NINE,
            handicap: 4,
            komi: Komi::HALF,
            ..Setup::default()
        },
    );
    assert_eq!(s.game.to_move(), Colour::White);
    assert_eq!(s.game.board().stone_counts(), [4, 0]);
    // Komi ½ plus one point per stone for white.
    assert_eq!(s.game.komi_half_points(), 1 + 8);
}

fn timed(reserved: u32) -> Session {
    let time = Some(TimeSystem::chinese(0, reserved));
    Session::new(
        GameId(7),
        0.0,
        Setup {
            size: BoardSize::NINE,
            time,
            ..Setup::default()
        },
    )
}

#[test]
fn time_left_after_each_move_goes_to_the_sgf() {
    // Ten minutes and 3×30 s byo-yomi: white's first move after 12 s leaves 588 s of
    // main time; white's after its main time is gone is in byo-yomi, the period renewed.
    let mut s = Session::new(
        GameId(7),
        0.0,
        Setup {
            size: BoardSize::NINE,
            time: Some(TimeSystem::Byoyomi {
                main_ms: 600_000,
                periods: 3,
                period_ms: 30_000,
                style: crate::clock::ByoyomiStyle::Japanese,
            }),
            ..Setup::default()
        },
    );
    let v = |x: &str| Move::Play(BoardSize::NINE.parse_vertex(x).unwrap());
    s.play(v("E5"), 1_000).unwrap();
    s.play(v("D5"), 13_000).unwrap();
    s.play(v("E4"), 20_000).unwrap();
    s.play(v("D4"), 620_000).unwrap();
    let sgf = s.to_sgf();
    assert!(sgf.contains(";B[ee]BL[600.0]"), "{sgf}");
    assert!(sgf.contains(";W[de]WL[588.0]"), "{sgf}");
    assert!(sgf.contains(";W[df]WL[30.0]OW[3]"), "{sgf}");
    // A takeback forgets the times of the moves it takes back.
    s.undo(621_000).unwrap();
    assert_eq!(s.times.len(), 3);
}

#[test]
fn a_move_after_the_deadline_loses_on_time() {
    let mut s = timed(1);
    let e5 = s.game.size().parse_vertex("E5").unwrap();
    let d5 = s.game.size().parse_vertex("D5").unwrap();
    s.play(Move::Play(e5), 1_000).unwrap();
    // White's last minute ends at 61 000 ms.
    assert_eq!(
        s.play(Move::Play(d5), 61_000),
        Err(ActError::TimeOut(Colour::White))
    );
    assert_eq!(
        s.game.result(),
        Some(&GameResult::Time {
            winner: Colour::Black
        })
    );
}

#[test]
fn the_tick_ends_the_game_when_time_is_up_whatever_the_board() {
    let mut s = timed(1);
    s.play(Move::Pass, 0).unwrap();
    assert!(s
        .tick(0, 59_999)
        .iter()
        .all(|c| c.callout != crate::clock::Callout::TimeOut));
    assert!(s.game.is_playing());
    let said = s.tick(59_999, 60_000);
    assert_eq!(
        said.last().map(|c| c.callout),
        Some(crate::clock::Callout::TimeOut)
    );
    assert_eq!(
        s.game.result(),
        Some(&GameResult::Time {
            winner: Colour::Black
        })
    );
}

#[test]
fn a_sealed_move_is_played_on_resumption_or_counts_as_a_pass() {
    let mut s = timed(3);
    let e5 = s.game.size().parse_vertex("E5").unwrap();
    s.play(Move::Pass, 0).unwrap();
    s.seal(Move::Play(e5), 20_000).unwrap();
    assert!(s.game.board().is_empty(e5), "the sealed move stays hidden");
    assert!(
        s.play(Move::Pass, 25_000).is_err(),
        "nothing is played while adjourned"
    );
    assert_eq!(
        s.clock.as_ref().unwrap().expired(10_000_000),
        None,
        "both clocks stopped"
    );
    let (sealed, result) = s.unseal(10_000_000).unwrap();
    assert_eq!(sealed.colour, Colour::White);
    assert!(result.is_ok());
    assert_eq!(s.game.board().colour_at(e5), Some(Colour::White));
    assert_eq!(s.clock.as_ref().unwrap().running(), Some(Colour::Black));
    // A sealed move that is illegal on resumption is a pass.
    let mut t = timed(3);
    t.sealed = Some(Sealed {
        colour: Colour::Black,
        mv: Move::Play(e5),
    });
    t.game.play(Colour::Black, Move::Play(e5)).unwrap();
    t.game.play(Colour::White, Move::Pass).unwrap();
    let (_, result) = t.unseal(0).unwrap();
    assert_eq!(result, Err(PlayError::Occupied));
    assert_eq!(t.game.last_move().unwrap().mv, Move::Pass);
}

#[test]
fn review_positions_and_play_from_here() {
    let mut s = Session::new(
        GameId(7),
        0.0,
        Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        },
    );
    for v in ["D5", "E5", "F5", "A1", "E6", "A2", "E4"] {
        let p = s.game.size().parse_vertex(v).unwrap();
        s.play_at(p).unwrap();
    }
    assert_eq!(s.game_at(0).board().stone_counts(), [0, 0]);
    assert_eq!(s.game_at(6).board().stone_counts(), [3, 3]);
    assert!(
        *s.game_at(7).board() == *s.game.board(),
        "the capture is replayed"
    );
    let t = s.continue_from(6, GameId(8), 1.0);
    assert_eq!(t.game.board().stone_counts(), [3, 3]);
    assert_eq!(t.game.to_move(), Colour::Black);
    assert!(t.game.moves().is_empty());
}

#[test]
fn dates_from_epoch_ms() {
    assert_eq!(utc_date_time(0), ("1970-01-01".into(), "00:00:00".into()));
    assert_eq!(utc_date_time(1_796_000_000_000).0, "2026-11-30");
    assert_eq!(utc_date_time(951_782_400_000).0, "2000-02-29");
}

#[test]
fn referee_events_reach_the_sgf() {
    let mut s = Session::new(
        GameId(7),
        1_796_000_000_000.0,
        Setup {
            size: BoardSize::NINE,
            mode: Mode::Referee,
            ..Setup::default()
        },
    );
    s.setup.black.name = "甲".into();
    for v in ["B9", "J1", "A8", "J2", "J3"] {
        let p = s.game.size().parse_vertex(v).unwrap();
        s.play(Move::Play(p), 0).unwrap();
    }
    // White plays into black's eye at A9: void, a pass.
    let a9 = s.game.size().parse_vertex("A9").unwrap();
    assert!(matches!(
        s.play(Move::Play(a9), 5_000),
        Ok(Judged::Void { .. })
    ));
    assert_eq!(
        s.warn(Colour::Black, WarningReason::Disturbing, 6_000),
        None
    );
    assert!(s.declare(Verdict::Draw, 7_000).is_some());
    let sgf = s.to_sgf();
    assert!(
        sgf.contains("PB[甲]") && sgf.contains("RE[0]") && sgf.contains("DT[2026-11-30]"),
        "{sgf}"
    );
    assert!(
        sgf.contains(";W[]C[裁判 [1970-01-01 00:00:05 UTC\\] 白禁着点，着手无效，弃权一次"),
        "{sgf}"
    );
    assert!(sgf.contains("判决：和棋"), "{sgf}");
}

#[test]
fn an_imported_record_keeps_its_players_event_and_date() {
    let text =
        "(;GM[1]FF[4]SZ[9]EV[全国围棋锦标赛]DT[2025-05-01]PB[甲]BR[9p]PW[乙]WR[8 dan];B[ee])";
    let imported = Session::from_sgf(text, GameId(3), 0.0).unwrap();
    assert!(!imported.incomplete);
    let s = imported.session;
    assert_eq!(s.setup.black.rank, Some(Rank::Pro(9)));
    assert_eq!(s.setup.white.rank, Some(Rank::Dan(8)));
    assert_eq!(
        (s.event.as_str(), s.date.as_str()),
        ("全国围棋锦标赛", "2025-05-01")
    );
    let back = stored::from_record(&stored::to_record(&s)).unwrap();
    assert_eq!((back.event, back.date), (s.event.clone(), s.date.clone()));
    let sgf = s.to_sgf();
    // As the record wrote them (WR[8 dan] is 8d: left as written).
    for p in [
        "EV[全国围棋锦标赛]",
        "DT[2025-05-01]",
        "BR[9p]",
        "WR[8 dan]",
    ] {
        assert!(sgf.contains(p), "{p} in {sgf}");
    }
}

#[test]
fn the_autosave_mark_moves_with_every_event_and_not_with_the_clock() {
    let mut s = timed(3);
    let v = |x: &str| Move::Play(BoardSize::NINE.parse_vertex(x).unwrap());
    let mut marks = vec![s.autosave_mark()];
    let mut changed = |s: &Session, what: &str| {
        let m = s.autosave_mark();
        assert_ne!(Some(&m), marks.last(), "{what} must be saved");
        marks.push(m);
    };
    s.play(v("E5"), 1_000).unwrap();
    changed(&s, "a move");
    // The clock runs: nothing to save but the heartbeat's.
    let quiet = s.autosave_mark();
    s.tick(1_000, 20_000);
    assert_eq!(s.autosave_mark(), quiet, "a clock tick is not an event");
    s.pause(21_000);
    changed(&s, "a pause");
    s.resume(22_000);
    changed(&s, "a resumption");
    s.undo(23_000).unwrap();
    changed(&s, "a takeback");
    s.play(v("E5"), 24_000).unwrap();
    s.play(Move::Pass, 25_000).unwrap();
    s.play(Move::Pass, 26_000).unwrap();
    changed(&s, "counting begins");
    s.toggle_dead(BoardSize::NINE.parse_vertex("E5").unwrap())
        .unwrap();
    changed(&s, "a marking");
    let c = s.game.next_confirmer().unwrap();
    s.confirm_count(c).unwrap();
    changed(&s, "a confirmation");
    s.title = "练习".into();
    changed(&s, "a rename");
}

#[test]
fn nigiri_right_guess_takes_black() {
    assert!(nigiri(7, true));
    assert!(!nigiri(8, true));
    assert!(nigiri(8, false));
}

#[test]
fn every_game_exported_as_one_collection_comes_back_once() {
    let v = |x: &str| Move::Play(BoardSize::NINE.parse_vertex(x).unwrap());
    let mut a = Session::new(
        GameId(1),
        1_796_000_000_000.0,
        Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        },
    );
    a.setup.black.name = "甲".into();
    a.setup.white.rank = Some(Rank::Kyu(3));
    a.title = "周末练习".into();
    for m in ["E5", "C3", "G7"] {
        a.play(v(m), 0).unwrap();
    }
    let mut b = Session::new(
        GameId(2),
        1_796_100_000_000.0,
        Setup {
            size: BoardSize::NINETEEN,
            handicap: 3,
            komi: Komi::HALF,
            ..Setup::default()
        },
    );
    b.play(Move::Pass, 0).unwrap();
    b.resign(1).unwrap();
    let file = crate::session::collection_sgf(&[a.clone(), b.clone()], None);
    assert_eq!(crate::record::sgf::game_trees(&file).len(), 2);
    let mut id = 100;
    let mut next = || {
        id += 1;
        GameId(id)
    };
    let first = crate::session::import_collection(&file, &[], &mut next, 5.0);
    assert_eq!((first.added.len(), first.duplicates), (2, 0));
    assert!(first.broken.is_empty());
    let (x, y) = (&first.added[0], &first.added[1]);
    assert!(x.same_game(&a) && y.same_game(&b));
    assert_eq!(x.game.moves(), a.game.moves());
    assert_eq!(
        (x.title.as_str(), x.setup.black.name.as_str()),
        ("周末练习", "甲")
    );
    assert_eq!(x.setup.white.rank, Some(Rank::Kyu(3)));
    assert_eq!(y.game.handicap(), 3);
    assert_eq!(y.game.result(), b.game.result());
    // Imported again over what is there: recognised, not doubled.
    let again = crate::session::import_collection(&file, &first.added, &mut next, 6.0);
    assert_eq!((again.added.len(), again.duplicates), (0, 2));
    // A broken tree is named by its place; the others still come in.
    let mixed = format!("{}\n(;GM[1]SZ[9];B[ee]x)\n{}", a.to_sgf(), b.to_sgf());
    let m = crate::session::import_collection(&mixed, &[], &mut next, 7.0);
    assert_eq!(m.added.len(), 2);
    assert_eq!(m.broken.len(), 1);
    assert_eq!(m.broken[0].0, 2);
    assert!(m.ladder.is_none());
    // A backup carries the pupils' ladder on its first root; it comes back, and the game's
    // record does not keep it (exported again, it is there once).
    let mut ladder = crate::session::ladder::Ladder::default();
    ladder.add(crate::session::ladder::Entry {
        at: 1,
        what: crate::session::ladder::What::Moved(crate::bot::Level::Kyu15),
        name: "小明".into(),
    });
    let file = crate::session::collection_sgf(&[a.clone(), b.clone()], Some(&ladder));
    assert_eq!(file.matches(crate::session::LADDER_PROPERTY).count(), 1);
    let back = crate::session::import_collection(&file, &[], &mut next, 8.0);
    assert_eq!(back.ladder.as_ref(), Some(&ladder));
    assert_eq!(back.added.len(), 2);
    assert!(!back.added[0]
        .to_sgf()
        .contains(crate::session::LADDER_PROPERTY));
    let mut here = crate::session::ladder::Ladder::default();
    here.add(crate::session::ladder::Entry {
        at: 2,
        what: crate::session::ladder::What::Moved(crate::bot::Level::Kyu20),
        name: "小红".into(),
    });
    here.merge(back.ladder.as_ref().unwrap());
    assert_eq!(here.level_of("小明"), Some(crate::bot::Level::Kyu15));
    assert_eq!(here.level_of("小红"), Some(crate::bot::Level::Kyu20));
}

#[test]
fn capture_go_ends_at_the_goal_and_keeps_its_rules_in_storage_and_sgf() {
    let seven = BoardSize::new(7).unwrap();
    let mut s = Session::new(
        GameId(3),
        0.0,
        Setup {
            size: seven,
            capture_goal: Some(1),
            ..Setup::default()
        },
    );
    // Black surrounds White D4 and takes it: the first capture wins.
    for (i, v) in ["C4", "D4", "E4", "A1", "D5", "A2", "D3"]
        .iter()
        .enumerate()
    {
        s.play(Move::Play(seven.parse_vertex(v).unwrap()), 1_000 * i as u64)
            .unwrap();
    }
    let won = Some(GameResult::Capture {
        winner: Colour::Black,
        stones: 1,
    });
    assert_eq!(s.game.result(), won.as_ref());
    // Stored and loaded back: the rules and the result come back (by replaying the moves).
    let json = serde_json::to_string(&stored::to_record(&s)).unwrap();
    let back = stored::from_record(&stored::parse_record(&json).unwrap()).unwrap();
    assert_eq!(back.setup.capture_goal, Some(1));
    assert_eq!(back.game.result(), won.as_ref());
    // SGF: the variant in RU and a root comment; read back as capture Go, the comment not
    // turned into a note (it is written again on export).
    let sgf = s.to_sgf();
    assert!(sgf.contains("RU[capture-1]"), "{sgf}");
    assert!(sgf.contains("C[吃子棋：先吃 1 子者胜。"), "{sgf}");
    assert!(sgf.contains("RE[B+]"), "{sgf}");
    let imported = Session::from_sgf(&sgf, GameId(4), 0.0).unwrap().session;
    assert_eq!(imported.setup.capture_goal, Some(1));
    assert_eq!(imported.game.result(), won.as_ref());
    assert_eq!(imported.to_sgf().matches("吃子棋：").count(), 1);
}

#[test]
fn capture_go_falls_back_to_the_area_count_when_both_pass() {
    let mut s = Session::new(
        GameId(5),
        0.0,
        Setup {
            size: BoardSize::new(5).unwrap(),
            capture_goal: Some(2),
            ..Setup::default()
        },
    );
    s.play(Move::Play(s.game.size().parse_vertex("C3").unwrap()), 0)
        .unwrap();
    s.play(Move::Pass, 1).unwrap();
    s.play(Move::Pass, 2).unwrap();
    assert!(matches!(s.game.phase(), crate::rules::Phase::Counting(_)));
}

/// Marks and comments as other programs write them (Sabaki, CGoban, KGS: point lists, labels,
/// several values, marks on the setup and on a move), kept through SGF and storage.
#[test]
fn marks_and_comments_round_trip_through_sgf_and_storage() {
    use crate::record::marks::{Mark, MarkKind};
    let text = "(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[ee]TR[aa:bb]LB[dd:A][ff:12]C[Setup]\
                ;B[cg]SQ[cg][dh]MA[ii]C[Black takes the corner]\
                ;W[gc]CR[gc])";
    let s = Session::from_sgf(text, GameId(9), 0.0).unwrap().session;
    let size = s.game.size();
    let at = |v: &str| size.parse_vertex(v).unwrap();
    let mark = |v, kind| Mark { point: at(v), kind };
    let sorted = |mut v: Vec<Mark>| {
        v.sort_by_key(|m| (m.point, format!("{:?}", m.kind)));
        v
    };
    let want = [
        sorted(vec![
            mark("A9", MarkKind::Triangle),
            mark("B9", MarkKind::Triangle),
            mark("A8", MarkKind::Triangle),
            mark("B8", MarkKind::Triangle),
            mark("D6", MarkKind::Label("A".into())),
            mark("F4", MarkKind::Label("12".into())),
        ]),
        sorted(vec![
            mark("C3", MarkKind::Square),
            mark("D2", MarkKind::Square),
            mark("J1", MarkKind::Cross),
        ]),
        vec![mark("G7", MarkKind::Circle)],
    ];
    let marks = |s: &Session| -> Vec<Vec<Mark>> {
        s.tree
            .main_line()
            .into_iter()
            .map(|id| sorted(s.marks(id)))
            .collect()
    };
    let comments = |s: &Session| -> Vec<String> {
        s.tree
            .main_line()
            .into_iter()
            .map(|id| s.comment(id).to_string())
            .collect()
    };
    assert_eq!(marks(&s), want);
    assert_eq!(comments(&s), ["Setup", "Black takes the corner", ""]);
    // Written and read back, as written: point lists stay lists.
    let sgf = s.to_sgf();
    assert!(sgf.contains("TR[aa:bb]LB[dd:A][ff:12]"), "{sgf}");
    let back = Session::from_sgf(&sgf, GameId(10), 0.0).unwrap().session;
    assert_eq!(marks(&back), want);
    assert_eq!(comments(&back), comments(&s));
    // Stored and loaded.
    let json = serde_json::to_string(&stored::to_record(&s)).unwrap();
    let loaded = stored::from_record(&stored::parse_record(&json).unwrap()).unwrap();
    assert_eq!(marks(&loaded), want);
}

/// Turning a record: every point goes where the turn takes it, and turning back (or a flip
/// twice, or four quarter turns) gives the record again.
#[test]
fn a_record_turned_and_turned_back_is_the_same_record() {
    use crate::rules::Symmetry;
    let text = "(;GM[1]FF[4]SZ[9]AB[cc]TR[cc]LB[dd:A];B[cg];W[gc](;B[ee])(;B[dd]))";
    let s = Session::from_sgf(text, GameId(11), 0.0).unwrap().session;
    let size = s.game.size();
    let picture = |s: &Session| {
        (
            s.game.board().to_ascii(),
            s.game.moves().to_vec(),
            s.tree.to_sgf(),
        )
    };
    for sym in Symmetry::ALL {
        let turned = s.transformed(sym);
        let p = size.parse_vertex("C3").unwrap();
        assert_eq!(
            turned.game.board().colour_at(sym.apply(size, p)),
            Some(Colour::Black),
            "{sym:?}: the stone at C3 went where the turn takes it"
        );
        assert_eq!(
            picture(&turned.transformed(sym.inverse())),
            picture(&s),
            "{sym:?}"
        );
    }
    let flip = Symmetry::FlipHorizontal;
    assert_eq!(picture(&s.transformed(flip).transformed(flip)), picture(&s));
    let mut q = s.clone();
    for _ in 0..4 {
        q = q.transformed(Symmetry::Rotate90);
    }
    assert_eq!(picture(&q), picture(&s));
    assert_ne!(picture(&s.transformed(Symmetry::Rotate90)), picture(&s));
}

/// A shared link's game opens with its record: a node for each move (review walks the record).
#[test]
fn a_shared_game_has_its_moves_in_its_record() {
    let mut s = Session::new(
        GameId(1),
        0.0,
        Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        },
    );
    for v in ["E5", "C3", "G7"] {
        s.play_at(s.game.size().parse_vertex(v).unwrap()).unwrap();
    }
    let shared = Session::from_share(&s.share_fragment(), GameId(2), 0.0).unwrap();
    assert_eq!(shared.game.moves(), s.game.moves());
    assert_eq!(shared.tree.main_line().len(), 4);
    assert_eq!(shared.game_at(2).board().stone_counts(), [1, 1]);
}

/// A counted game: black's wall on E, white's on F, a white stone dead inside black's side.
fn counted_game() -> Session {
    let mut s = Session::new(
        GameId(9),
        0.0,
        Setup {
            size: BoardSize::NINE,
            ..Setup::default()
        },
    );
    let at = |v: &str| BoardSize::NINE.parse_vertex(v).unwrap();
    for row in 1..=9 {
        s.play(Move::Play(at(&format!("E{row}"))), 0).unwrap();
        s.play(Move::Play(at(&format!("F{row}"))), 0).unwrap();
    }
    s.play(Move::Play(at("C3")), 0).unwrap();
    s.play(Move::Play(at("B7")), 0).unwrap();
    s.pass().unwrap();
    s.pass().unwrap();
    if !s.game.counting().unwrap().dead.contains(at("B7")) {
        s.toggle_dead(at("B7")).unwrap();
    }
    let first = s.game.next_confirmer().unwrap();
    s.confirm_count(first).unwrap();
    if s.game.result().is_none() {
        s.confirm_count(first.opponent()).unwrap();
    }
    s
}

/// The agreed count stays with the game: the result screen and 复盘 show the dead stone and
/// each side's area; the SGF carries it as territory (TB/TW) on the last node, and a record
/// read back has the same dead stone and count. A record without territory claims nothing.
#[test]
fn the_agreed_count_is_kept_written_as_territory_and_read_back() {
    let at = |v: &str| BoardSize::NINE.parse_vertex(v).unwrap();
    let s = counted_game();
    let Some(GameResult::Score {
        black_half,
        white_half,
        ..
    }) = s.game.result().cloned()
    else {
        panic!("counted: {:?}", s.game.result())
    };
    assert_eq!((black_half, white_half), (90, 72));
    let (dead, area) = s.final_count().expect("a counted game has its count");
    assert_eq!(dead, vec![at("B7")]);
    assert_eq!((area.black_half, area.white_half), (90, 72));
    assert_eq!(area.owner_of(at("B7")), crate::rules::Territory::Black);
    let sgf = s.to_sgf();
    let tb = sgf.find("TB[").expect("black's territory written");
    assert!(
        sgf[tb..].contains("[bc]"),
        "the dead stone B7 is in TB: {sgf}"
    );
    assert!(sgf.contains("TW["));
    let back = Session::from_sgf(&sgf, GameId(10), 0.0).unwrap().session;
    assert_eq!(
        back.game.result().map(|r| r.sgf()),
        s.game.result().map(|r| r.sgf())
    );
    let (dead, area) = back.final_count().expect("read back with its count");
    assert_eq!(dead, vec![at("B7")]);
    assert_eq!((area.black_half, area.white_half), (90, 72));
    // Written again, the territory is the file's own, not written twice.
    assert_eq!(back.to_sgf().matches("TB[").count(), 1);
    // Without TB/TW a record's score says nothing of which stones were dead.
    let bare = Session::from_sgf("(;GM[1]FF[4]SZ[9]RE[B+5.5];B[ee];W[ff])", GameId(11), 0.0)
        .unwrap()
        .session;
    assert!(bare.final_count().is_none());
}

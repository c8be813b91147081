//! The GTP engine as a controller sees it: answers, errors, handicap, SGF and scoring commands.
#![cfg(not(target_arch = "wasm32"))]

use shoutan::gtp::{Engine, Reply};
use shoutan::rules::Rules;

fn run(engine: &mut Engine, line: &str) -> Reply {
    engine.handle_line(line).expect("a command").1
}

fn ok(engine: &mut Engine, line: &str) -> String {
    match run(engine, line) {
        Reply::Success(s) => s,
        other => panic!("{line}: {other:?}"),
    }
}

fn err(engine: &mut Engine, line: &str) -> String {
    match run(engine, line) {
        Reply::Failure(s) => s,
        other => panic!("{line} should fail: {other:?}"),
    }
}

#[test]
fn protocol_basics_and_errors() {
    let mut e = Engine::new(Rules::chinese(), 1);
    assert_eq!(ok(&mut e, "protocol_version"), "2");
    assert_eq!(ok(&mut e, "known_command kgs-genmove_cleanup"), "true");
    assert_eq!(ok(&mut e, "known_command frobnicate"), "false");
    assert!(ok(&mut e, "list_commands")
        .lines()
        .any(|l| l == "final_status_list"));
    assert_eq!(err(&mut e, "frobnicate"), "unknown command");
    assert_eq!(err(&mut e, "boardsize 26"), "unacceptable size");
    assert_eq!(err(&mut e, "play b Z99"), "invalid coordinate");
    assert_eq!(err(&mut e, "play x D4"), "invalid color");
    ok(&mut e, "boardsize 9");
    ok(&mut e, "play b E5");
    assert!(err(&mut e, "play w E5").starts_with("illegal move"));
    assert_eq!(ok(&mut e, "is_legal w E5"), "0");
    assert_eq!(ok(&mut e, "is_legal w D5"), "1");
    assert_eq!(
        Engine::format(Some(3), &Reply::Success("x".into())),
        "=3 x\n\n"
    );
    assert_eq!(
        Engine::format(None, &Reply::Failure("bad".into())),
        "? bad\n\n"
    );
    assert!(e.handle_line("# a comment").is_none());
    assert_eq!(run(&mut e, "quit"), Reply::Quit);
}

#[test]
fn either_colour_may_move_and_undo_works() {
    let mut e = Engine::new(Rules::chinese(), 1);
    ok(&mut e, "boardsize 5");
    ok(&mut e, "play w C3");
    assert_eq!(ok(&mut e, "list_stones white"), "C3");
    ok(&mut e, "undo");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "list_stones white"), "");
    assert_eq!(err(&mut e, "undo"), "cannot undo");
}

#[test]
fn handicap_and_scoring() {
    let mut e = Engine::new(Rules::chinese(), 1);
    ok(&mut e, "boardsize 19");
    assert_eq!(ok(&mut e, "fixed_handicap 4"), "Q16 D4 Q4 D16");
    assert_eq!(err(&mut e, "fixed_handicap 2"), "board not empty");
    ok(&mut e, "clear_board");
    assert_eq!(err(&mut e, "fixed_handicap 10"), "invalid handicap");
    ok(&mut e, "boardsize 5");
    ok(&mut e, "komi 0.5");
    // Black owns columns A–B, white D–E, C is shared.
    for m in [
        "b B5", "w D5", "b B4", "w D4", "b B3", "w D3", "b B2", "w D2", "b B1", "w D1",
    ] {
        ok(&mut e, &format!("play {m}"));
    }
    assert_eq!(ok(&mut e, "final_score"), "W+0.5");
    assert_eq!(ok(&mut e, "final_status_list dead"), "");
    assert_eq!(ok(&mut e, "final_status_list alive").lines().count(), 2);
}

#[test]
fn sgf_round_trip_through_printsgf_and_loadsgf() {
    let dir = std::env::temp_dir().join(format!("shoutan-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sgf");
    let mut e = Engine::new(Rules::chinese(), 1);
    ok(&mut e, "boardsize 9");
    ok(&mut e, "fixed_handicap 2");
    for m in ["w E5", "b D5", "w pass", "b C4"] {
        ok(&mut e, &format!("play {m}"));
    }
    let sgf = ok(&mut e, "printsgf");
    assert!(
        sgf.contains("SZ[9]")
            && sgf.contains("HA[2]")
            && sgf.contains("RU[Chinese]")
            && sgf.contains("AB[gc][cg]")
    );
    ok(&mut e, &format!("printsgf {}", path.display()));
    let mut f = Engine::new(Rules::chinese(), 1);
    assert_eq!(ok(&mut f, &format!("loadsgf {}", path.display())), "white");
    assert_eq!(
        ok(&mut f, "list_stones black"),
        ok(&mut e, "list_stones black")
    );
    assert_eq!(ok(&mut f, "list_stones white"), "E5");
    // Up to (not including) move 3.
    assert_eq!(
        ok(&mut f, &format!("loadsgf {} 3", path.display())),
        "white"
    );
    assert_eq!(ok(&mut f, "list_stones black"), "G7 D5 C3");
    assert!(err(&mut f, "loadsgf /nonexistent/file.sgf").starts_with("cannot load"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `gtp --level RANK` plays every rung of the app's ladder (the worker's own request and
/// answer), with the network and, in capture Go, by the Monte-Carlo search.
#[test]
fn every_level_plays_through_gtp() {
    const MODEL: &[u8] = include_bytes!("../assets/models/g170-b6c96.bin.gz");
    for rules in [Rules::chinese(), Rules::capture_go(1)] {
        for level in shoutan::bot::Level::ALL {
            let mut e = Engine::new(rules, 3);
            e.network = Some(shoutan::bot::nn::Network::new(
                shoutan::bot::nn::Model::from_bytes(MODEL).unwrap(),
            ));
            e.thinking.level = Some(level);
            // Few visits for 最强: the test gives the search a clock of its own.
            let t = std::cell::Cell::new(0.0);
            e.thinking.clock = Some(Box::new(move || {
                t.set(t.get() + 500.0);
                t.get()
            }));
            ok(&mut e, "boardsize 9");
            ok(&mut e, "clear_board");
            ok(&mut e, "play B E5");
            let mv = ok(&mut e, "genmove W");
            assert!(mv != "resign" && mv != "E5", "{level:?}: {mv}");
            let mv = ok(&mut e, "genmove B");
            assert!(mv != "resign", "{level:?}: {mv}");
        }
    }
}

//! Real game records: Debian's `goban-original-games` (about 600 professional games, SGF and
//! the older .mgt, which is SGF too) loaded by our SGF reader and engine, compared with GNU Go's
//! `loadsgf` as the independent reference: stones, captures and the player to move at the end.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{records_and_gnugo, words};
use shoutan::record::sgf;
use shoutan::rules::{Colour, PlayError, Rules};

#[test]
fn professional_games_replay_as_gnu_go_replays_them() {
    let Some((paths, mut gnugo)) = records_and_gnugo() else {
        return;
    };
    let (mut games, mut moves, mut skipped_by_us) = (0, 0, 0);
    let mut broken = Vec::new();
    let mut mismatches = Vec::new();
    for path in &paths {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let loaded = match sgf::load(&text, Rules::chinese(), None) {
            Ok(l) => l,
            Err(e) => panic!("{}: {e}", path.display()),
        };
        let theirs = match gnugo.send(&format!("loadsgf {}", path.display())) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("GNU Go cannot load {}: {e}", path.display());
                continue;
            }
        };
        // A record with a move on an occupied point is broken data: no engine defines what it
        // means (GNU Go overwrites), so it is counted and left out of the comparison.
        if loaded.skipped.iter().any(|s| s.3 == PlayError::Occupied) {
            broken.push(path.display().to_string());
            continue;
        }
        games += 1;
        moves += loaded.game.moves().len();
        skipped_by_us += loaded.skipped.len();
        for (n, c, _, e) in &loaded.skipped {
            eprintln!("{}: move {n} by {c} refused: {e:?}", path.display());
        }
        let game = &loaded.game;
        let size = game.size();
        let mut problems = Vec::new();
        for (side, name) in [(Colour::Black, "black"), (Colour::White, "white")] {
            let mut ours: Vec<String> = size
                .points()
                .filter(|&p| game.board().colour_at(p) == Some(side))
                .map(|p| size.vertex(p))
                .collect();
            ours.sort();
            if ours != words(&gnugo.ok(&format!("list_stones {name}"))) {
                problems.push(format!("{name} stones"));
            }
            if game.board().prisoners(side).to_string() != gnugo.ok(&format!("captures {name}")) {
                problems.push(format!("{name} captures"));
            }
        }
        let to_move = if game.to_move() == Colour::Black {
            "black"
        } else {
            "white"
        };
        if theirs != to_move {
            problems.push(format!("to move: ours {to_move}, GNU Go {theirs}"));
        }
        if !problems.is_empty() {
            mismatches.push(format!("{}: {}", path.display(), problems.join(", ")));
        }
    }
    eprintln!(
        "real records: {games} games compared, {moves} moves replayed, {skipped_by_us} moves refused, {} mismatches; {} broken records (moves on occupied points) left out: {}",
        mismatches.len(),
        broken.len(),
        broken.join(", ")
    );
    assert!(broken.len() <= 10, "too many records called broken");
    assert!(games > 500, "the corpus was not read ({games} games)");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

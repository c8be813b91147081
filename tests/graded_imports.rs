//! Graded imports (issue 53, item 5): the bot's worker answers "grade this problem" with the
//! weakest ranked opponent that plays a right first move in 8 of 10 tries — the request as
//! 学下棋 sends it (JSON there and back), answered by the worker's [`Brain`] with the network.
#![cfg(not(target_arch = "wasm32"))]

use shoutan::bot::nn::{Model, Network};
use shoutan::bot::Level;
use shoutan::learn::Problem;
use shoutan::session::computer::{Brain, Reply, Request, UNGRADED};

const MODEL: &[u8] = include_bytes!("../assets/models/g170-b6c96.bin.gz");

/// A white stone in atari on 7×7 (its last liberty D3), Black to play: 吃子 1 of the built-in
/// problems.
const ATARI: &str = "(;GM[1]FF[4]SZ[7]AB[dc][cd][ed]AW[dd]TR[dd]PL[B]C[Black to capture];B[de])";

fn ask(brain: &mut Brain, req: Request) -> Reply {
    let json = serde_json::to_string(&req).unwrap();
    let req: Request = serde_json::from_str(&json).unwrap();
    let reply = brain.answer(&req, || 0.0);
    serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap()
}

fn problem(sgf: &str) -> Problem {
    Problem::read_all(sgf).unwrap().remove(0)
}

#[test]
fn a_stone_in_atari_is_graded_by_a_ranked_opponent_and_a_silly_answer_by_none() {
    let mut brain = Brain::with_network(Network::new(Model::from_bytes(MODEL).unwrap()));
    let p = problem(ATARI);
    let reply = ask(&mut brain, Request::grade(&p, None, 1).unwrap());
    assert!(reply.error.is_empty(), "{reply:?}");
    let level = Level::from_key(&reply.review);
    assert!(
        level.is_some_and(|l| l != Level::Strongest),
        "capturing a stone in atari: {reply:?}"
    );
    assert!(reply.playouts >= 8, "the tries made: {reply:?}");
    // The corner (A7) as "the answer": no opponent plays it with a capture on the board.
    let silly = problem(&ATARI.replace("B[de]", "B[aa]"));
    let reply = ask(&mut brain, Request::grade(&silly, None, 1).unwrap());
    assert_eq!(reply.review, UNGRADED, "{reply:?}");
}

#[test]
fn a_grade_asked_before_the_network_has_arrived_is_asked_again() {
    let mut brain = Brain::default();
    let req = Request::grade(&problem(ATARI), None, 1).unwrap();
    let reply = brain.answer(&req, || 0.0);
    assert_eq!(reply.error, shoutan::session::computer::NO_NETWORK);
    assert!(reply.review.is_empty());
}

/// The built-in sets graded as if imported (a measurement, not a check: `cargo test --profile ci
/// --test graded_imports -- --ignored --nocapture`): the grades by set, in their order.
#[test]
#[ignore]
fn the_built_in_sets_graded_as_imports() {
    use shoutan::learn::builtin::SETS;
    use shoutan::learn::tihai::set_grade;
    let mut brain = Brain::with_network(Network::new(Model::from_bytes(MODEL).unwrap()));
    for set in SETS {
        let mut grades = Vec::new();
        for p in Problem::read_all(set.sgf).unwrap() {
            let check = shoutan::learn::proof::check(&p, 40_000)
                .ok()
                .map(|c| c.check);
            let Some(req) = Request::grade(&p, check.as_ref(), 1) else {
                continue;
            };
            grades.push(Level::from_key(&ask(&mut brain, req).review));
        }
        let keys: Vec<&str> = grades.iter().map(|g| g.map_or("-", Level::key)).collect();
        println!(
            "{}: {:?} {}",
            set.key,
            set_grade::of_set(&grades),
            keys.join(" ")
        );
    }
}

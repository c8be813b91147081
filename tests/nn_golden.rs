//! Our network evaluator against KataGo itself: every line of `tests/data/katago/golden.jsonl`
//! (KataGo v1.17.2's `kata-raw-nn` on the g170-b6c96 network, see that folder's README for how
//! it was produced) — policy, win/loss/no-result, score lead, self-play score and ownership,
//! on 9×9, 13×13 and 19×19, at all eight symmetries of one position.
//!
//! Tolerances: 1e-3 on probabilities and ownership (KataGo prints 6–7 decimals; float32 sums in
//! another order differ by ~1e-5), 0.05 points on scores.
//!
//! The same tests run compiled to wasm32 in Node, with the SIMD kernels (`.ci/test`):
//!   RUSTFLAGS="-C target-feature=+simd128" cargo test --release --no-default-features \
//!     --target wasm32-unknown-unknown --test nn_golden

use std::sync::OnceLock;

use shoutan::bot::nn::{self, Network, Position, Scratch};
use shoutan::rules::{BoardSize, Colour, Game, Komi, Move, Rules};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const MODEL: &[u8] = include_bytes!("../assets/models/g170-b6c96.bin.gz");

fn network() -> &'static Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| Network::new(nn::Model::from_bytes(MODEL).expect("the model parses")))
}

#[derive(serde::Deserialize)]
struct Line {
    id: String,
    size: u32,
    komi: f32,
    moves: Vec<(String, String)>,
    to_move: String,
    symmetry: u8,
    #[serde(rename = "whiteWin")]
    white_win: f32,
    #[serde(rename = "whiteLoss")]
    white_loss: f32,
    #[serde(rename = "noResult")]
    no_result: f32,
    #[serde(rename = "whiteLead")]
    white_lead: f32,
    #[serde(rename = "whiteScoreSelfplay")]
    white_score: f32,
    policy: Vec<f32>,
    #[serde(rename = "whiteOwnership")]
    white_ownership: Vec<f32>,
}

fn colour(s: &str) -> Colour {
    if s == "B" {
        Colour::Black
    } else {
        Colour::White
    }
}

fn game_of(line: &Line) -> Game {
    let size = BoardSize::new(line.size).unwrap();
    let komi = Komi::parse_points(&line.komi.to_string()).expect("komi");
    let mut game = Game::new(size, Rules::chinese().with_komi(komi));
    for (c, v) in &line.moves {
        let mv = if v.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Play(size.parse_vertex(v).expect("vertex"))
        };
        game.play_out_of_turn(colour(c), mv)
            .unwrap_or_else(|e| panic!("{}: {v}: {e:?}", line.id));
    }
    assert_eq!(game.to_move(), colour(&line.to_move), "{}", line.id);
    game
}

#[test]
fn every_golden_line_matches_katago() {
    let net = network();
    let text = include_str!("data/katago/golden.jsonl");
    let mut scratch = Scratch::default();
    let mut checked = 0;
    let mut worst = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    for raw in text.lines().filter(|l| !l.trim().is_empty()) {
        let line: Line = serde_json::from_str(raw).expect("golden line");
        let game = game_of(&line);
        let pos = Position::from_game(&game);
        let c = game.to_move();
        let eval = net.evaluate(
            &pos,
            line.symmetry,
            &|p| game.is_legal_point(c, p),
            &mut scratch,
        );
        let n = (line.size * line.size) as usize;
        assert_eq!(eval.policy.len(), n + 1);
        let mut policy_err = 0.0f32;
        for (i, (&ours, &theirs)) in eval.policy.iter().zip(&line.policy).enumerate() {
            if theirs < 0.0 {
                assert_eq!(ours, 0.0, "{}: point {i} is illegal for KataGo", line.id);
            } else {
                policy_err = policy_err.max((ours - theirs).abs());
            }
        }
        let (white_win, white_loss, white_lead, white_score) = match c {
            Colour::White => (eval.win, eval.loss, eval.lead, eval.score_mean),
            Colour::Black => (eval.loss, eval.win, -eval.lead, -eval.score_mean),
        };
        let value_err = (white_win - line.white_win)
            .abs()
            .max((white_loss - line.white_loss).abs())
            .max((eval.no_result - line.no_result).abs());
        let score_err = (white_lead - line.white_lead)
            .abs()
            .max((white_score - line.white_score).abs());
        let ownership = nn::white_view(&eval.ownership, c);
        let own_err = ownership
            .iter()
            .zip(&line.white_ownership)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(policy_err < 1e-3, "{}: policy off by {policy_err}", line.id);
        assert!(value_err < 1e-3, "{}: value off by {value_err}", line.id);
        assert!(score_err < 0.05, "{}: score off by {score_err}", line.id);
        assert!(own_err < 1e-3, "{}: ownership off by {own_err}", line.id);
        worst = (
            worst.0.max(policy_err),
            worst.1.max(value_err),
            worst.2.max(score_err),
            worst.3.max(own_err),
        );
        checked += 1;
    }
    assert_eq!(checked, 31);
    println!(
        "31 golden lines ({}): worst policy {:.2e}, value {:.2e}, score {:.3}, ownership {:.2e}",
        if nn::kernels::SIMD {
            "wasm SIMD"
        } else {
            "portable lanes"
        },
        worst.0,
        worst.1,
        worst.2,
        worst.3
    );
}

#[test]
fn the_model_is_what_katago_reports() {
    let m = &network().model;
    assert_eq!(m.name, "g170-b6c96-s175395328-d26788732");
    assert_eq!(m.version, 8);
    assert_eq!(m.blocks.len(), 6);
    assert_eq!(m.trunk_channels, 96);
}

#[test]
fn a_broken_model_file_is_refused_with_a_reason() {
    let bytes = MODEL;
    // Cut inside the compressed stream, and inside the weights.
    assert!(nn::Model::from_bytes(&bytes[..bytes.len() / 2]).is_err());
    assert!(matches!(
        nn::Model::parse(b"name 8 22 19 trunk 6 96"),
        Err(nn::ModelError::Truncated(_))
    ));
    assert!(matches!(
        nn::Model::parse(b"name 14 22 19"),
        Err(nn::ModelError::Unsupported(_))
    ));
    assert!(nn::Model::parse(b"").is_err());
}

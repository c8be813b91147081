//! `gtp`: the 手谈 engine over the Go Text Protocol v2 on stdin/stdout.
//!
//! Usage: `gtp [--rules chinese|chinese-old|tromp-taylor|simple-ko] [--seed N] [--playouts N]
//! [--no-resign] [--model g170-b6c96.bin.gz [--visits N] [--policy-only]] [--level RANK]
//! [--reference beginner]`. With `--level 25k|20k|15k|10k|5k|1k|max` it plays as the app's
//! opponent of that rank (with the shipped network unless `--model` names one); with
//! `--reference beginner` as the beginner-like reference the ladder is measured against. With
//! `time_settings` the bot paces itself by the wall clock; without, it runs `--playouts`
//! simulations a move (10 000 by default), or with `--model` KataGo's network and `--visits`
//! PUCT visits (200 by default).

use std::io::{BufRead, Write};

use shoutan::bot::nn::{Model, Network};
use shoutan::bot::Level;
use shoutan::gtp::{Engine, Reply, Thinking};
use shoutan::rules::Rules;

fn main() {
    let mut rules = Rules::chinese();
    let mut seed = 1u64;
    let mut thinking = Thinking::default();
    let mut network = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rules" => {
                match args.next().as_deref().and_then(Rules::by_name) {
                    Some(r) => rules = r,
                    None => {
                        eprintln!("--rules takes chinese, chinese-old, tromp-taylor, simple-ko or capture-N");
                        std::process::exit(2);
                    }
                }
            }
            "--seed" => match args.next().and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => {
                    eprintln!("--seed takes a number");
                    std::process::exit(2);
                }
            },
            "--playouts" => match args.next().and_then(|s| s.parse().ok()) {
                Some(n) if n > 0 => thinking.playouts = n,
                _ => {
                    eprintln!("--playouts takes a positive number");
                    std::process::exit(2);
                }
            },
            "--no-resign" => thinking.resign_below = None,
            "--model" => {
                let Some(path) = args.next() else {
                    eprintln!("--model takes the path of a KataGo .bin.gz network");
                    std::process::exit(2);
                };
                match std::fs::read(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|b| Model::from_bytes(&b).map_err(|e| e.to_string()))
                {
                    Ok(m) => network = Some(Network::new(m)),
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        std::process::exit(2);
                    }
                }
            }
            "--visits" => match args.next().and_then(|s| s.parse().ok()) {
                Some(n) if n > 0 => thinking.visits = n,
                _ => {
                    eprintln!("--visits takes a positive number");
                    std::process::exit(2);
                }
            },
            "--policy-only" => thinking.policy_only = true,
            "--level" => match args.next().as_deref().and_then(Level::from_rank) {
                Some(l) => thinking.level = Some(l),
                None => {
                    eprintln!(
                        "--level takes a rank of the ladder: 25k 20k 15k 10k 5k 1k max \
                         (级 and kyu are read too; a rank between two is the weaker one)"
                    );
                    std::process::exit(2);
                }
            },
            "--reference" => match args.next().as_deref() {
                Some("beginner") => thinking.reference = true,
                _ => {
                    eprintln!("--reference takes beginner");
                    std::process::exit(2);
                }
            },
            "--verbose" => thinking.verbose = true,
            "-h" | "--help" => {
                println!(
                    "usage: gtp [--rules chinese|chinese-old|tromp-taylor|simple-ko] [--seed N] \
                     [--playouts N] [--no-resign] [--model FILE.bin.gz [--visits N] [--policy-only]] \
                     [--level 25k|20k|15k|10k|5k|1k|max] [--reference beginner]"
                );
                return;
            }
            other => {
                eprintln!("unknown argument {other}");
                std::process::exit(2);
            }
        }
    }
    // A level plays as in the app, where the network is there once it has loaded: the one
    // this checkout ships, unless --model named another.
    if thinking.level.is_some() && network.is_none() {
        let shipped = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/models/g170-b6c96.bin.gz"
        );
        if let Ok(m) = std::fs::read(shipped)
            .map_err(|e| e.to_string())
            .and_then(|b| Model::from_bytes(&b).map_err(|e| e.to_string()))
        {
            network = Some(Network::new(m));
        } else {
            eprintln!("no network at {shipped}: the level plays its Monte-Carlo search");
        }
    }
    let start = std::time::Instant::now();
    thinking.clock = Some(Box::new(move || start.elapsed().as_secs_f64() * 1000.0));
    let mut engine = Engine::new(rules, seed);
    engine.thinking = thinking;
    engine.network = network;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Some((id, reply)) = engine.handle_line(&line) else {
            continue;
        };
        let _ = out.write_all(Engine::format(id, &reply).as_bytes());
        let _ = out.flush();
        if reply == Reply::Quit {
            break;
        }
    }
}

//! Helpers shared by the integration tests: a GTP client for GNU Go, 复盘's pass as the app runs it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Where Debian installs GNU Go (not on root's PATH).
pub const GNUGO: &str = "/usr/games/gnugo";

pub fn gnugo_available() -> bool {
    std::path::Path::new(GNUGO).exists()
}

/// A colour as GTP writes it.
pub fn gtp_colour(c: shoutan::rules::Colour) -> &'static str {
    match c {
        shoutan::rules::Colour::Black => "black",
        shoutan::rules::Colour::White => "white",
    }
}

/// Whether GNU Go's board holds exactly our stones (`list_stones` for both colours): a position
/// both read the same, else a comparison there means nothing.
pub fn gnugo_has_our_stones(gnugo: &mut GtpClient, board: &shoutan::rules::Board) -> bool {
    let size = board.size();
    [shoutan::rules::Colour::Black, shoutan::rules::Colour::White]
        .iter()
        .all(|&c| {
            let mut mine: Vec<String> = board
                .stones_of(c)
                .into_iter()
                .map(|p| size.vertex(p))
                .collect();
            mine.sort();
            words(&gnugo.ok(&format!("list_stones {}", gtp_colour(c)))) == mine
        })
}

/// Where Debian installs its professional records (`goban-original-games`: about 600 games,
/// SGF and the older .mgt, which is SGF too).
pub const CORPUS: &str = "/usr/share/goban";

/// The professional records in name order, with GNU Go started to compare against; `None`,
/// after saying SKIPPED and why, where either is missing.
pub fn records_and_gnugo() -> Option<(Vec<std::path::PathBuf>, GtpClient)> {
    let Ok(dir) = std::fs::read_dir(CORPUS) else {
        eprintln!("SKIPPED: {CORPUS} not found (apt-get install goban-original-games)");
        return None;
    };
    if !gnugo_available() {
        eprintln!("SKIPPED: GNU Go not found at {GNUGO}");
        return None;
    }
    let mut paths: Vec<_> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    Some((paths, GtpClient::gnugo()))
}

/// A GTP engine in a child process.
pub struct GtpClient {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GtpClient {
    pub fn spawn(program: &str, args: &[&str]) -> GtpClient {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        GtpClient {
            child,
            stdin,
            stdout,
        }
    }

    pub fn gnugo() -> GtpClient {
        GtpClient::spawn(
            GNUGO,
            &["--mode", "gtp", "--chinese-rules", "--positional-superko"],
        )
    }

    /// Sends a command; `Ok(answer)` for `=`, `Err(answer)` for `?`.
    pub fn send(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).unwrap() == 0 {
                panic!("engine closed its output after {cmd}");
            }
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        let ok = answer.starts_with('=');
        let body = answer[1..].trim().to_string();
        if ok {
            Ok(body)
        } else {
            Err(body)
        }
    }

    pub fn ok(&mut self, cmd: &str) -> String {
        self.send(cmd)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Sorted words of a GTP list answer.
pub fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .split_whitespace()
        .map(|w| w.to_ascii_uppercase())
        .collect();
    v.sort();
    v
}

/// 复盘's pass over `game` as the app runs it: the worker's brain answering the requests the
/// page makes, one after another.
pub fn app_pass(
    brain: &mut shoutan::session::computer::Brain,
    game: &shoutan::rules::Game,
) -> shoutan::bot::review::GameReview {
    use shoutan::session::computer;
    let sgf = shoutan::record::sgf::write(game, &[], &[]);
    let mut r = shoutan::bot::review::GameReview::of(game);
    while let Some(req) = computer::next_review_request(&r, &sgf, &[]) {
        let reply = brain.answer(&req, || 0.0);
        assert!(reply.error.is_empty(), "{}", reply.error);
        computer::apply_review(&mut r, &reply, game.size());
    }
    r
}

//! A whole game in a URL fragment, so a link can carry it with no server: setup, players and
//! moves in a compact text — two letters a move (the SGF coordinates, `zz` for a pass) — about
//! a third of the SGF, made only of characters a URL keeps as they are.
//!
//! `#g=1&sz=19&km=15&ha=0&pb=…&pw=…&br=…&wr=…&re=B%2BR&ab=…&aw=…&mv=ddpdpp…`

use std::fmt;

use crate::rules::{BoardSize, Colour, Game, Komi, Move, Point, Rules};

/// What a shared link holds besides the game itself.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SharedInfo {
    pub black: String,
    pub white: String,
    pub black_rank: String,
    pub white_rank: String,
    /// The result as SGF writes it, if the game ended.
    pub result: Option<String>,
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Not a 手谈 game link.
    NotAGame,
    /// A field is missing or wrong.
    Bad(&'static str),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::NotAGame => write!(f, "this link carries no game"),
            ShareError::Bad(field) => write!(f, "the link's {field} is damaged"),
        }
    }
}

fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    out
}

fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn coord(size: BoardSize, p: Point) -> String {
    let (c, r) = size.col_row(p);
    format!("{}{}", (b'a' + c) as char, (b'a' + r) as char)
}

fn point(size: BoardSize, s: &[u8]) -> Option<Point> {
    let (c, r) = (s[0].checked_sub(b'a')?, s[1].checked_sub(b'a')?);
    (c < size.get() && r < size.get()).then(|| size.point(c, r))
}

/// The fragment (without `#`) that carries `game`.
pub fn encode(game: &Game, info: &SharedInfo) -> String {
    let size = game.size();
    let setup = game.setup();
    let stones = |c: Colour| -> String {
        setup
            .stones_of(c)
            .into_iter()
            .map(|p| coord(size, p))
            .collect()
    };
    let mut moves = String::new();
    let mut expected = game.moves().first().map_or(game.to_move(), |m| m.colour);
    let first = expected;
    for m in game.moves() {
        if m.colour != expected {
            // An out-of-turn move in an edited record: the other side passes in the link.
            moves += "zz";
        }
        moves += &match m.mv {
            Move::Play(p) => coord(size, p),
            Move::Pass => "zz".into(),
        };
        expected = m.colour.opponent();
    }
    let mut s = format!(
        "g=1&sz={}&km={}&ha={}&pl={}",
        size.get(),
        game.rules().komi.half_points(),
        game.handicap(),
        first.letter()
    );
    for (k, v) in [
        ("pb", &info.black),
        ("pw", &info.white),
        ("br", &info.black_rank),
        ("wr", &info.white_rank),
    ] {
        if !v.is_empty() {
            s += &format!("&{k}={}", percent_encode(v));
        }
    }
    if let Some(r) = &info.result {
        s += &format!("&re={}", percent_encode(r));
    }
    for (k, c) in [("ab", Colour::Black), ("aw", Colour::White)] {
        let v = stones(c);
        if !v.is_empty() {
            s += &format!("&{k}={v}");
        }
    }
    s + "&mv=" + &moves
}

/// Reads a fragment (with or without `#`) back into a game and its information.
pub fn decode(fragment: &str, rules: Rules) -> Result<(Game, SharedInfo), ShareError> {
    let fragment = fragment.trim_start_matches('#');
    let fields: Vec<(&str, &str)> = fragment
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .collect();
    let get = |k: &str| fields.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
    if get("g") != Some("1") {
        return Err(ShareError::NotAGame);
    }
    let size = get("sz")
        .and_then(|v| v.parse().ok())
        .and_then(|n| BoardSize::new(n).ok())
        .ok_or(ShareError::Bad("board size"))?;
    let komi = get("km")
        .and_then(|v| v.parse().ok())
        .map(Komi::from_half_points)
        .ok_or(ShareError::Bad("komi"))?;
    let handicap: u32 = get("ha").and_then(|v| v.parse().ok()).unwrap_or(0);
    let first = if get("pl") == Some("W") {
        Colour::White
    } else {
        Colour::Black
    };
    let text = |k: &str| get(k).and_then(percent_decode).unwrap_or_default();
    let info = SharedInfo {
        black: text("pb"),
        white: text("pw"),
        black_rank: text("br"),
        white_rank: text("wr"),
        result: get("re").and_then(percent_decode),
    };
    let points = |k: &'static str| -> Result<Vec<Point>, ShareError> {
        let v = get(k).unwrap_or("").as_bytes();
        if v.len() % 2 != 0 {
            return Err(ShareError::Bad(k));
        }
        v.chunks(2)
            .map(|c| point(size, c).ok_or(ShareError::Bad(k)))
            .collect()
    };
    let (ab, aw) = (points("ab")?, points("aw")?);
    let mut game = Game::from_setup(
        size,
        rules.with_komi(komi),
        &ab,
        &aw,
        first,
        if handicap >= 2 { handicap } else { 0 },
    );
    let moves = get("mv").unwrap_or("").as_bytes();
    if moves.len() % 2 != 0 {
        return Err(ShareError::Bad("moves"));
    }
    for c in moves.chunks(2) {
        let mv = if c == b"zz" {
            Move::Pass
        } else {
            Move::Play(point(size, c).ok_or(ShareError::Bad("moves"))?)
        };
        if game.counting().is_some() {
            let _ = game.resume_play();
        }
        let colour = game.to_move();
        game.play(colour, mv)
            .map_err(|_| ShareError::Bad("moves"))?;
    }
    Ok((game, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_round_trips_through_a_link() {
        let size = BoardSize::NINETEEN;
        let hc = crate::rules::handicap::fixed(size, 3).unwrap();
        let mut g = Game::with_handicap(size, Rules::chinese().with_komi(Komi::HALF), &hc);
        for v in ["R5", "C3", "pass", "R17"] {
            let c = g.to_move();
            let mv = if v == "pass" {
                Move::Pass
            } else {
                Move::Play(size.parse_vertex(v).unwrap())
            };
            g.play(c, mv).unwrap();
        }
        let info = SharedInfo {
            black: "柯洁 & co".into(),
            white: "AlphaGo=1".into(),
            black_rank: "7d".into(),
            ..Default::default()
        };
        let link = encode(&g, &info);
        assert!(link.bytes().all(|b| b.is_ascii_graphic()), "{link}");
        let (back, info2) = decode(&format!("#{link}"), Rules::chinese()).unwrap();
        assert_eq!(info2, info);
        assert_eq!(back.moves(), g.moves());
        assert!(*back.board() == *g.board());
        assert_eq!(back.komi_half_points(), g.komi_half_points());
        assert_eq!(back.handicap(), 3);
    }

    #[test]
    fn damaged_links_are_refused() {
        assert_eq!(
            decode("#x=1", Rules::chinese()).unwrap_err(),
            ShareError::NotAGame
        );
        assert_eq!(
            decode("g=1&sz=99&km=15", Rules::chinese()).unwrap_err(),
            ShareError::Bad("board size")
        );
        assert_eq!(
            decode("g=1&sz=9&km=15&mv=ddd", Rules::chinese()).unwrap_err(),
            ShareError::Bad("moves")
        );
        assert_eq!(
            decode("g=1&sz=9&km=15&mv=dddd", Rules::chinese()).unwrap_err(),
            ShareError::Bad("moves")
        );
    }
}

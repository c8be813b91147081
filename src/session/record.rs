//! A session as a record: read from SGF, written as SGF (players, ranks, event, date, time
//! control, BL/WL after each timed move, the referee's events as comments, variations), and
//! carried whole in a share link's fragment.

use super::{GameId, Imported, Player, Rank, Session, Setup};
use crate::clock::TimeSystem;
use crate::rules::referee::{Event as RefereeEvent, Verdict};
use crate::rules::{Colour, PlayError, Rules};

const CAPTURE_COMMENT_START: &str = "吃子棋：";

/// The root comment of a capture-Go record (the rules are in `RU[capture-N]`), in both
/// languages for whoever opens the file.
fn capture_comment(n: u32) -> String {
    format!(
        "{CAPTURE_COMMENT_START}先吃 {n} 子者胜。Capture Go: the first to capture {n} stone{} wins.",
        if n == 1 { "" } else { "s" }
    )
}

impl Session {
    /// The same game turned on the board (the record as a whole: setup, moves, variations,
    /// marks, the dead stones of a count). Applied with its inverse it is the game again.
    pub fn transformed(&self, sym: crate::rules::Symmetry) -> Session {
        use crate::rules::{Game, Move};
        let size = self.game.size();
        let t = |p: crate::rules::Point| sym.apply(size, p);
        let tm = |m: Move| match m {
            Move::Play(p) => Move::Play(t(p)),
            Move::Pass => Move::Pass,
        };
        let setup = self.game.setup();
        let stones = |c| setup.stones_of(c).into_iter().map(t).collect::<Vec<_>>();
        let first = self
            .game
            .moves()
            .first()
            .map_or(self.game.to_move(), |m| m.colour);
        let mut game = Game::from_setup(
            size,
            *self.game.rules(),
            &stones(Colour::Black),
            &stones(Colour::White),
            first,
            self.game.handicap(),
        );
        for m in self.game.moves() {
            // The same moves turned are legal in the same way (the rules have no direction).
            let _ = game.play_out_of_turn(m.colour, tm(m.mv));
        }
        if let Some(c) = self.game.counting() {
            for p in c.dead.points() {
                if size.contains(p) && game.counting().is_some_and(|d| !d.dead.contains(t(p))) {
                    let _ = game.toggle_dead(t(p));
                }
            }
        }
        if let (Some(r), None) = (self.game.result(), game.result()) {
            let _ = game.end(r.clone());
        }
        let mut s = self.clone();
        s.game = game;
        s.final_dead = self.final_dead.iter().map(|&p| t(p)).collect();
        let tmark = |m: &crate::record::marks::Mark| crate::record::marks::Mark {
            point: t(m.point),
            ..m.clone()
        };
        s.variations = self
            .variations
            .iter()
            .map(|v| crate::record::sgf::Variation {
                after_moves: v.after_moves,
                moves: v.moves.iter().map(|&(c, m)| (c, tm(m))).collect(),
                comments: v.comments.clone(),
                marks: v.marks.iter().map(tmark).collect(),
            })
            .collect();
        s.marks = self.marks.iter().map(tmark).collect();
        s
    }

    /// A session from an SGF record (main line; players, ranks, komi, event and date from the
    /// root). A file cut off before its end gives what it holds, marked incomplete.
    pub fn from_sgf(
        text: &str,
        id: GameId,
        created_ms: f64,
    ) -> Result<Imported, crate::record::sgf::SgfError> {
        let loaded = crate::record::sgf::load(text, Rules::chinese(), None)?;
        let incomplete = loaded.incomplete;
        let root = &loaded.root;
        let player = |name: &str, rank: &str| Player {
            name: root.first(name).unwrap_or("").trim().to_string(),
            rank: root.first(rank).and_then(Rank::parse),
        };
        let setup = Setup {
            size: loaded.game.size(),
            komi: loaded.game.rules().komi,
            handicap: loaded.game.handicap(),
            black: player("PB", "BR"),
            white: player("PW", "WR"),
            capture_goal: loaded.game.rules().capture_goal,
            ..Setup::default()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.game = loaded.game;
        s.variations = loaded.variations;
        // The variant's own root comment is written again on export, not kept as a note.
        s.notes = loaded
            .comments
            .into_iter()
            .filter(|(n, c)| !(*n == 0 && c.starts_with(CAPTURE_COMMENT_START)))
            .collect();
        s.marks = loaded.marks;
        let text_of = |id: &str| root.first(id).unwrap_or("").trim().to_string();
        s.title = root
            .first("GN")
            .or(root.first("EV"))
            .unwrap_or("")
            .trim()
            .to_string();
        s.event = text_of("EV");
        s.date = text_of("DT");
        if s.game.result().is_none() {
            // Keep the recorded result for the list and review.
            if let Some(r) = root.first("RE").and_then(crate::record::sgf::parse_result) {
                let _ = s.game.end(r);
            }
        }
        Ok(Imported {
            session: s,
            incomplete,
        })
    }

    /// The link fragment that carries this game (see [`crate::record::share`]).
    pub fn share_fragment(&self) -> String {
        let info = crate::record::share::SharedInfo {
            black: self.setup.black.name.clone(),
            white: self.setup.white.name.clone(),
            black_rank: self.setup.black.rank_sgf(),
            white_rank: self.setup.white.rank_sgf(),
            result: self.game.result().map(|r| r.sgf()),
        };
        crate::record::share::encode(&self.game, &info)
    }

    /// A session from a shared link's fragment.
    pub fn from_share(
        fragment: &str,
        id: GameId,
        created_ms: f64,
    ) -> Result<Session, crate::record::share::ShareError> {
        let (game, info) = crate::record::share::decode(fragment, Rules::chinese())?;
        let setup = Setup {
            size: game.size(),
            komi: game.rules().komi,
            handicap: game.handicap(),
            black: Player {
                name: info.black,
                rank: Rank::parse(&info.black_rank),
            },
            white: Player {
                name: info.white,
                rank: Rank::parse(&info.white_rank),
            },
            ..Setup::default()
        };
        let mut s = Session::new(id, created_ms, setup);
        s.game = game;
        if let Some(r) = info
            .result
            .as_deref()
            .and_then(crate::record::sgf::parse_result)
        {
            let _ = s.game.end(r);
        }
        Ok(s)
    }

    /// The game as SGF FF[4]: players, ranks, date, time control, result, and the referee's
    /// events as timestamped comments.
    pub fn to_sgf(&self) -> String {
        let mut root: Vec<(&str, String)> = Vec::new();
        for (id, p) in [("PB", &self.setup.black), ("PW", &self.setup.white)] {
            if !p.name.is_empty() {
                root.push((id, p.name.clone()));
            }
        }
        for (id, p) in [("BR", &self.setup.black), ("WR", &self.setup.white)] {
            if let Some(rank) = &p.rank {
                root.push((id, rank.sgf()));
            }
        }
        if !self.title.is_empty() {
            root.push(("GN", self.title.clone()));
        }
        if !self.event.is_empty() {
            root.push(("EV", self.event.clone()));
        }
        root.push((
            "DT",
            if self.date.is_empty() {
                utc_date_time(self.created_ms as u64).0
            } else {
                self.date.clone()
            },
        ));
        if let Some(t) = self.setup.time {
            let (main, ot) = match t {
                TimeSystem::Absolute { main_ms } => (main_ms, None),
                TimeSystem::Byoyomi {
                    main_ms,
                    periods,
                    period_ms,
                    ..
                } => (
                    main_ms,
                    Some(format!("{periods}x{} byo-yomi", period_ms / 1000)),
                ),
                TimeSystem::Fischer {
                    main_ms,
                    increment_ms,
                    ..
                } => (main_ms, Some(format!("{} fischer", increment_ms / 1000))),
                TimeSystem::Canadian {
                    main_ms,
                    stones,
                    period_ms,
                } => (
                    main_ms,
                    Some(format!("{stones}/{} canadian", period_ms / 1000)),
                ),
            };
            root.push(("TM", (main / 1000).to_string()));
            if let Some(ot) = ot {
                root.push(("OT", ot));
            }
        }
        let comments: Vec<(usize, String)> = self
            .referee
            .events()
            .iter()
            .map(|e| {
                let (date, time) = utc_date_time(e.at_ms);
                let what = match &e.event {
                    RefereeEvent::VoidMove { colour, reason, .. } => {
                        let why = if *reason == PlayError::Ko {
                            "劫争马上回提"
                        } else {
                            "禁着点"
                        };
                        format!("{}{why}，着手无效，弃权一次", colour.hanzi())
                    }
                    RefereeEvent::Warning { colour, reason } => {
                        format!("警告{}：{}", colour.hanzi(), reason.chinese())
                    }
                    RefereeEvent::Verdict(v) => match v {
                        Verdict::Forfeit { loser } => format!("判决：{}判负", loser.hanzi()),
                        Verdict::Draw => "判决：和棋".into(),
                        Verdict::Replay => "判决：重下".into(),
                        Verdict::NoResult => "判决：无胜负".into(),
                    },
                };
                (
                    e.after_move + usize::from(matches!(e.event, RefereeEvent::VoidMove { .. })),
                    format!("裁判 [{date} {time} UTC] {what}"),
                )
            })
            .collect();
        let mut props: Vec<(usize, &str, String)> = self
            .setup
            .capture_goal
            .map(|n| (0, capture_comment(n)))
            .into_iter()
            .chain(self.notes.iter().cloned())
            .chain(comments)
            .map(|(n, c)| (n, "C", c))
            .collect();
        props.extend(crate::record::marks::to_props(
            self.game.size(),
            &self.marks,
        ));
        for t in &self.times {
            let (l, o) = match t.colour {
                Colour::Black => ("BL", "OB"),
                Colour::White => ("WL", "OW"),
            };
            props.push((
                t.move_number,
                l,
                crate::record::tenths_string(((t.left_ms + 50) / 100) as i64),
            ));
            if let Some(n) = t.overtime {
                props.push((t.move_number, o, n.to_string()));
            }
        }
        crate::record::sgf::write_with(&self.game, &root, &props, &self.variations)
    }
}

/// A UTC date and time from ms since the epoch: ("2026-11-29", "09:03:05").
pub fn utc_date_time(ms: u64) -> (String, String) {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{:02}:{:02}:{:02}", rem / 3600, (rem / 60) % 60, rem % 60),
    )
}

impl Session {
    /// The date the game was played: as its record says, or the day it was created here.
    pub fn played_on(&self) -> String {
        if self.date.is_empty() {
            utc_date_time(self.created_ms as u64).0
        } else {
            self.date.clone()
        }
    }

    /// Whether `other` is this same game (a copy exported and imported again): the same board,
    /// setup, players, date and moves. Ids, titles and clocks may differ.
    pub fn same_game(&self, other: &Session) -> bool {
        self.game.size() == other.game.size()
            && self.game.setup() == other.game.setup()
            && self.game.moves() == other.game.moves()
            && self.setup.black.name == other.setup.black.name
            && self.setup.white.name == other.setup.white.name
            && self.played_on() == other.played_on()
    }
}

/// Every game as one SGF collection (SGF allows several game trees in one file), for a backup
/// that [`import_collection`] reads back.
pub fn collection_sgf(games: &[Session]) -> String {
    games
        .iter()
        .map(Session::to_sgf)
        .collect::<Vec<_>>()
        .join("\n")
}

/// What importing a collection did.
#[derive(Debug)]
pub struct CollectionImport {
    /// The new games, in the file's order.
    pub added: Vec<Session>,
    /// Games already here (recognised by [`Session::same_game`]), not added again.
    pub duplicates: usize,
    /// Trees that could not be read: their place in the file (from 1) and why.
    pub broken: Vec<(usize, crate::record::sgf::SgfError)>,
}

/// Reads every game of an SGF collection; games already among `existing` (or twice in the
/// file) are recognised and not doubled. Ids come from `next_id`.
pub fn import_collection(
    text: &str,
    existing: &[Session],
    mut next_id: impl FnMut() -> GameId,
    now_ms: f64,
) -> CollectionImport {
    let mut out = CollectionImport {
        added: Vec::new(),
        duplicates: 0,
        broken: Vec::new(),
    };
    for (i, tree) in crate::record::sgf::game_trees(text).into_iter().enumerate() {
        match Session::from_sgf(tree, next_id(), now_ms) {
            Ok(imported) => {
                let s = imported.session;
                let known = existing.iter().chain(&out.added).any(|e| e.same_game(&s));
                if known {
                    out.duplicates += 1;
                } else {
                    out.added.push(s);
                }
            }
            Err(e) => out.broken.push((i + 1, e)),
        }
    }
    out
}

//! A session as a record: read from SGF, written as SGF (players, ranks, event, date, time
//! control, BL/WL after each timed move, the referee's events as comments, variations), and
//! carried whole in a share link's fragment.

use super::{GameId, Imported, Player, Rank, Session, Setup};
use crate::clock::TimeSystem;
use crate::rules::referee::{Event as RefereeEvent, Verdict};
use crate::rules::{AreaCount, Colour, DeadStones, GameResult, PlayError, Point, Rules, Territory};

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
    /// The same game turned on the board: the record as a whole (every node's points: moves,
    /// setup, marks, labels, arrows, the view), the dead stones of a count. Applied with its
    /// inverse it is the game again.
    pub fn transformed(&self, sym: crate::rules::Symmetry) -> Session {
        let size = self.game.size();
        let t = |p: crate::rules::Point| sym.apply(size, p);
        let mut s = self.clone();
        s.tree = crate::record::points::transformed(&self.tree, size, sym);
        // The same moves turned are legal in the same way (the rules have no direction).
        let _ = s.adopt_tree(s.tree.clone());
        if let Some(c) = self.game.counting() {
            for p in c.dead.points() {
                if size.contains(p) && s.game.counting().is_some_and(|d| !d.dead.contains(t(p))) {
                    let _ = s.game.toggle_dead(t(p));
                }
            }
        }
        if let (Some(r), None) = (self.game.result(), s.game.result()) {
            let _ = s.game.end(r.clone());
        }
        s.final_dead = self.final_dead.iter().map(|&p| t(p)).collect();
        s
    }

    /// A session from an SGF record: the whole tree kept, its main line played; players, ranks,
    /// komi, event and date from the root. A file cut off before its end gives what it holds,
    /// marked incomplete.
    pub fn from_sgf(
        text: &str,
        id: GameId,
        created_ms: f64,
    ) -> Result<Imported, crate::record::sgf::SgfError> {
        let loaded = crate::record::sgf::load(text, Rules::chinese(), None)?;
        let incomplete = loaded.incomplete;
        let root = loaded.root();
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
        let text_of = |id: &str| root.first(id).unwrap_or("").trim().to_string();
        let title = root
            .first("GN")
            .or(root.first("EV"))
            .unwrap_or("")
            .trim()
            .to_string();
        let (event, date) = (text_of("EV"), text_of("DT"));
        let result = root.first("RE").and_then(crate::record::sgf::parse_result);
        let mut s = Session::new(id, created_ms, setup);
        s.game = loaded.game;
        s.move_nodes = loaded.nodes;
        s.tree = loaded.tree;
        s.title = title;
        s.event = event;
        s.date = date;
        if s.game.result().is_none() {
            // Keep the recorded result for the list and review.
            if let Some(r) = result {
                let _ = s.game.end(r);
            }
        }
        // The agreed dead stones of a counted game: those standing in the other side's
        // territory (TB/TW) on the last node, as this app writes them.
        let last = s.move_nodes.last().copied().unwrap_or(s.tree.root());
        let size = s.game.size();
        for (id, owner) in [("TB", Colour::Black), ("TW", Colour::White)] {
            for v in s.tree.node(last).get(id).unwrap_or(&[]) {
                for p in crate::record::sgf::point_list(size, v).unwrap_or_default() {
                    if s.game.board().colour_at(p) == Some(owner.opponent()) {
                        s.final_dead.push(p);
                    }
                }
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
        s.set_game(game);
        if let Some(r) = info
            .result
            .as_deref()
            .and_then(crate::record::sgf::parse_result)
        {
            let _ = s.game.end(r);
        }
        Ok(s)
    }

    /// The facts of the game the session knows, as root properties: the file (GM, FF, CA, AP),
    /// the board and rules (SZ, RU, KM, HA), players, ranks, title, event, date, the time
    /// control and the result.
    fn game_info(&self) -> Vec<(&'static str, String)> {
        let g = &self.game;
        let mut info = vec![
            ("GM", "1".to_string()),
            ("FF", "4".to_string()),
            ("CA", "UTF-8".to_string()),
            ("AP", format!("shoutan:{}", env!("CARGO_PKG_VERSION"))),
            ("SZ", g.size().get().to_string()),
            (
                "RU",
                match g.rules().capture_goal {
                    Some(n) => format!("capture-{n}"),
                    None => "Chinese".to_string(),
                },
            ),
            ("KM", g.rules().komi.points_string()),
        ];
        if g.handicap() >= 2 {
            info.push(("HA", g.handicap().to_string()));
        }
        for (id, p) in [("PB", &self.setup.black), ("PW", &self.setup.white)] {
            if !p.name.is_empty() {
                info.push((id, p.name.clone()));
            }
        }
        for (id, p) in [("BR", &self.setup.black), ("WR", &self.setup.white)] {
            if let Some(rank) = &p.rank {
                info.push((id, rank.sgf()));
            }
        }
        // A record's own root: its title came from GN or else EV, and it may have no date.
        let root = self.tree.node(self.tree.root());
        let from_file = self.is_from_file();
        let read_title = root.first("GN").or(root.first("EV")).map(str::trim);
        if !self.title.is_empty() && (root.has("GN") || read_title != Some(self.title.as_str())) {
            info.push(("GN", self.title.clone()));
        }
        if !self.event.is_empty() {
            info.push(("EV", self.event.clone()));
        }
        if !(from_file && self.date.is_empty()) {
            info.push(("DT", self.played_on()));
        }
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
            info.push(("TM", (main / 1000).to_string()));
            if let Some(ot) = ot {
                info.push(("OT", ot));
            }
        }
        if let Some(r) = g.result() {
            info.push(("RE", r.sgf()));
        }
        info
    }

    /// The game as SGF FF[4]: the record tree whole — every variation, comment, mark and
    /// property as it was written — with what the session knows put on it: the game's facts on
    /// the root (a property the record wrote differently but that means the same is left as
    /// written), the clock after each timed move (BL/WL, OB/OW) and the referee's events as
    /// timestamped comments.
    pub fn to_sgf(&self) -> String {
        let mut tree = self.tree.clone();
        let root = tree.root();
        let from_file = self.is_from_file();
        merge_root(tree.node_mut(root), self.game_info(), from_file);
        if let Some(n) = self.setup.capture_goal {
            let has = tree
                .node(root)
                .first("C")
                .is_some_and(|c| c.contains(CAPTURE_COMMENT_START));
            if !has {
                crate::record::sgf::append_comment(tree.node_mut(root), &capture_comment(n));
            }
        }
        let node_of_move = |n: usize| match n {
            0 => Some(root),
            n => self.move_nodes.get(n - 1).copied(),
        };
        for e in self.referee.events() {
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
            let after =
                e.after_move + usize::from(matches!(e.event, RefereeEvent::VoidMove { .. }));
            if let Some(id) = node_of_move(after) {
                crate::record::sgf::append_comment(
                    tree.node_mut(id),
                    &format!("裁判 [{date} {time} UTC] {what}"),
                );
            }
        }
        for t in &self.times {
            let Some(id) = node_of_move(t.move_number) else {
                continue;
            };
            let (l, o) = match t.colour {
                Colour::Black => ("BL", "OB"),
                Colour::White => ("WL", "OW"),
            };
            let node = tree.node_mut(id);
            node.set(
                l,
                vec![crate::record::tenths_string(
                    ((t.left_ms + 50) / 100) as i64,
                )],
            );
            if let Some(n) = t.overtime {
                node.set(o, vec![n.to_string()]);
            }
        }
        // The agreed count on the last node: each side's territory, the dead stones in it
        // (TB/TW), unless the record already says it.
        if let (Some((_, area)), Some(&last)) = (self.final_count(), self.move_nodes.last()) {
            let node = tree.node_mut(last);
            if !node.has("TB") && !node.has("TW") {
                let size = self.game.size();
                let board = self.game.board();
                for (id, owner) in [("TB", Territory::Black), ("TW", Territory::White)] {
                    let points: Vec<String> = size
                        .points()
                        .filter(|&p| {
                            area.owner_of(p) == owner
                                && (board.is_empty(p) || self.final_dead.contains(&p))
                        })
                        .map(|p| crate::record::sgf::point_to_sgf(size, p))
                        .collect();
                    if !points.is_empty() {
                        node.set(id, points);
                    }
                }
            }
        }
        tree.to_sgf()
    }

    /// The count the players agreed, once the game ended by it (第九条): the dead stones and
    /// who owns each point — for the result screen and 复盘's last position. A record from a
    /// file says it only by territory (TB/TW) on its last node: without it, nothing is claimed.
    pub fn final_count(&self) -> Option<(Vec<Point>, AreaCount)> {
        if !matches!(self.game.result(), Some(GameResult::Score { .. })) {
            return None;
        }
        let last = self.move_nodes.last().copied().unwrap_or(self.tree.root());
        let said = |id| self.tree.node(last).has(id);
        if self.is_from_file() && self.final_dead.is_empty() && !said("TB") && !said("TW") {
            return None;
        }
        let mut dead = DeadStones::new();
        for &p in &self.final_dead {
            dead.set(p, true);
        }
        let area = crate::rules::scoring::count_area(self.game.board(), &dead);
        Some((self.final_dead.clone(), area))
    }

    /// Whether the record came from a file (its root says more than the setup a game played
    /// here puts there).
    fn is_from_file(&self) -> bool {
        self.tree
            .node(self.tree.root())
            .props
            .iter()
            .any(|(k, _)| !matches!(k.as_str(), "AB" | "AW" | "PL"))
    }

    /// The node of the game's `n`-th move (0: the root).
    /// The move number of a node of the main line (0: the root), `None` off it.
    pub fn move_number_of(&self, node: crate::record::tree::NodeId) -> Option<usize> {
        if node == self.tree.root() {
            return Some(0);
        }
        self.move_nodes
            .iter()
            .position(|&n| n == node)
            .map(|i| i + 1)
    }

    pub fn node_of_move(&self, n: usize) -> Option<crate::record::tree::NodeId> {
        match n {
            0 => Some(self.tree.root()),
            n => self.move_nodes.get(n - 1).copied(),
        }
    }
}

/// Puts the game's facts on a record's root: a property the root does not have is added (before
/// the others, as files start with GM, FF, SZ); one it has that means the same is left as it
/// was written (`KM[6.50]` for 6.5, `RE[B+Resign]` for B+R, a name with spaces around it);
/// one that says otherwise is replaced. The file's own description (FF, CA, AP) is always
/// ours: the text is written as FF[4] in UTF-8 by this app. A record from a file that left out
/// what every reader assumes (GM[1], SZ[19], the Chinese komi and rules) is not made to say it.
fn merge_root(
    root: &mut crate::record::tree::Node,
    info: Vec<(&'static str, String)>,
    from_file: bool,
) {
    let assumed = |id: &str, v: &str| match id {
        "GM" => v == "1",
        "SZ" => v == "19",
        "RU" => v == "Chinese",
        "KM" => crate::rules::Komi::parse_points(v) == Some(Rules::chinese().komi),
        _ => false,
    };
    let order: Vec<&str> = info.iter().map(|(id, _)| *id).collect();
    for (i, (id, value)) in info.into_iter().enumerate() {
        match root.first(id) {
            Some(old) if !matches!(id, "FF" | "CA" | "AP") && same_meaning(id, old, &value) => {}
            Some(_) => root.set(id, vec![value]),
            None if from_file && assumed(id, &value) => {}
            None => {
                // After the facts that come before it, where the root has them.
                let at = root
                    .props
                    .iter()
                    .rposition(|(k, _)| order[..i].contains(&k.as_str()))
                    .map_or(0, |j| j + 1);
                root.props.insert(at, (id.to_string(), vec![value]));
            }
        }
    }
}

/// Whether two values of a root property say the same.
fn same_meaning(id: &str, a: &str, b: &str) -> bool {
    use crate::record::sgf::parse_result;
    use crate::rules::Komi;
    let number = |s: &str| s.split(':').next().unwrap_or("").trim().parse::<u32>().ok();
    match id {
        "KM" => Komi::parse_points(a).is_some() && Komi::parse_points(a) == Komi::parse_points(b),
        "RE" => parse_result(a).is_some() && parse_result(a) == parse_result(b),
        "BR" | "WR" => Rank::parse(a).is_some() && Rank::parse(a) == Rank::parse(b),
        "SZ" | "HA" | "GM" => number(a).is_some() && number(a) == number(b),
        // The rules a record names stay named; only capture Go is ours to say.
        "RU" => {
            let goal = |s: &str| s.to_ascii_lowercase().contains("capture");
            goal(a) == goal(b) && (!goal(a) || a == b)
        }
        _ => a.trim() == b.trim(),
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
    /// setup, players, date and moves, and the same rank exam's game if any (two exam games
    /// resigned at once on one day are two games). Ids, titles and clocks may differ.
    pub fn same_game(&self, other: &Session) -> bool {
        self.game.size() == other.game.size()
            && self.exam() == other.exam()
            && self.game.setup() == other.game.setup()
            && self.game.moves() == other.game.moves()
            && self.setup.black.name == other.setup.black.name
            && self.setup.white.name == other.setup.white.name
            && self.played_on() == other.played_on()
    }
}

/// The first game's root property that carries the device's ladder in a backup (a private
/// property, as SGF allows: other programs keep or ignore it).
pub const LADDER_PROPERTY: &str = "SHOUTANLADDER";

/// Every game as one SGF collection (SGF allows several game trees in one file), for a backup
/// that [`import_collection`] reads back; the pupils' ladder, if any, rides on the first game's
/// root as [`LADDER_PROPERTY`] (its stored text, [`super::ladder::Ladder::to_text`]).
pub fn collection_sgf(games: &[Session], ladder: Option<&super::ladder::Ladder>) -> String {
    let mut trees: Vec<String> = games.iter().map(Session::to_sgf).collect();
    if let (Some(first), Some(l)) = (trees.first_mut(), ladder.filter(|l| !l.pupils().is_empty())) {
        if let Ok((mut tree, _)) = crate::record::sgf::parse(first) {
            let root = tree.root();
            tree.node_mut(root).set(LADDER_PROPERTY, vec![l.to_text()]);
            *first = tree.to_sgf();
        }
    }
    trees.join("\n")
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
    /// The ladder a backup of ours carried (taken off the game's record, which keeps the rest).
    pub ladder: Option<super::ladder::Ladder>,
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
        ladder: None,
    };
    for (i, tree) in crate::record::sgf::game_trees(text).into_iter().enumerate() {
        let mut tree = std::borrow::Cow::Borrowed(tree);
        if i == 0 {
            if let Ok((mut parsed, _)) = crate::record::sgf::parse(&tree) {
                let root = parsed.root();
                let carried = parsed.node(root).first(LADDER_PROPERTY).map(str::to_string);
                if let Some(text) = carried {
                    out.ladder = super::ladder::Ladder::from_text(&text);
                    parsed.node_mut(root).remove(LADDER_PROPERTY);
                    tree = std::borrow::Cow::Owned(parsed.to_sgf());
                }
            }
        }
        match Session::from_sgf(&tree, next_id(), now_ms) {
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

//! The ladder each pupil climbs on this device (issue 26): per player name, the opponent's rank
//! they are playing and their recent results against it. After a clear run of wins it offers
//! the next rank (升级), after a clear run of losses the one below (降级); between two ranks it
//! suggests handicap stones.
//!
//! The ladder is kept as what happened on it (issue 51), not as where each pupil stands: every
//! game it counted (the game's id, which is the same on every device, when it was counted, the
//! computer's rank, whether it had handicap stones, the result) and every offer taken, in the
//! order they happened ([`Entry`]). Each pupil's place is what counting those in that order
//! gives ([`Ladder::pupils`]): an even game at a rank puts the pupil at that rank (the rank
//! chosen in the new-game dialog is the game's, so a choice nobody played changes nothing) and
//! counts its result there; a game with handicap stones counts for nothing; an offer taken
//! moves the pupil and their results start afresh. So two devices' ladders merge by putting
//! their histories together ([`Ladder::merge`]): the union, each game once, counted in order, is
//! the ladder as if every game had been played on one device, whichever file was opened first
//! and however often.
//!
//! What no later count can need is let go (when [`Ladder`] reads or merges): of each pupil's
//! even games at a rank only the newest [`KEPT`] can be among their results, and their first
//! game says where they started; the other games keep only their ids (a game counts once), the
//! newest [`IDS_KEPT`]. Which entries go depends only on the entries, so a ladder merged from
//! two trimmed ones is the trimmed ladder of the whole story.
//!
//! Plain data: storage keeps it as a small versioned text (v2; v1, which kept only each pupil's
//! place, still reads) whose `place` lines say where each pupil stands (what counting the
//! entries gives). Two readers share it: [`Places`], in the app shell, reads only those lines,
//! counts each finished game once ([`Places::record`]) and takes offers by appending the entry
//! and the pupil's new place (the shell's budget: it carries no code to read, order, merge or
//! trim the history); [`Ladder`], in 学下棋's wasm, reads the whole history, merges and trims
//! it, and writes it back in order, the places first (when 学下棋 starts, and when a book is
//! opened).

use super::Session;
use crate::bot::Level;
use crate::rules::BoardSize;

/// Recent results kept per pupil (the runs are read from the last seven).
pub const KEPT: usize = 10;

/// The ids of games counted whose entries were let go: the newest this many are kept (a game
/// older than all of them, when so many were kept, counts as counted).
pub const IDS_KEPT: usize = 300;

/// A pupil's place on the ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct Pupil {
    /// The name as entered (empty: whoever plays on this device without a name).
    pub name: String,
    /// The rank they are playing.
    pub level: Level,
    /// Their results at that rank, oldest first (`true` a win); a new rank starts afresh.
    pub results: Vec<bool>,
}

/// What the ladder offers after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// 升级: three wins in a row, or five of the last seven.
    Promote(Level),
    /// 降级: three losses in a row, or five of the last seven lost.
    Demote(Level),
}

/// One thing that happened on a pupil's ladder. Entries are kept in the order they happened
/// (by time, then by what they are: the order is total, so two devices put them alike).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// When (ms since the epoch): a game when it was counted, an offer when it was taken.
    pub at: u64,
    pub what: What,
    /// The pupil's name, trimmed (empty: nobody named).
    pub name: String,
}

/// What an [`Entry`] is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum What {
    /// A finished game against the computer: the game's id, the computer's rank, whether the
    /// pupil had handicap stones, whether the pupil won.
    Game {
        id: u64,
        level: Level,
        handicap: bool,
        won: bool,
    },
    /// The pupil moved to a rank: an offer (升级/降级) taken.
    Moved(Level),
    /// A place carried over from a ladder of version 1, which kept no games: the rank and the
    /// results at it (when: the newest game that ladder had counted).
    Carried(Level, Vec<bool>),
}

impl What {
    fn level(&self) -> Level {
        match *self {
            What::Game { level, .. } | What::Moved(level) | What::Carried(level, _) => level,
        }
    }
}

/// Where each pupil stands, as the app shell reads and writes the stored ladder: the `place`
/// lines (a later one of a pupil replaces an earlier), the text kept as it was, and a game
/// counted or an offer taken appended to it with the pupil's new place. [`Ladder`] reads the
/// same text whole, and writes it back in order and trimmed; the places are always what
/// counting its entries gives.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Places {
    pupils: Vec<Pupil>,
    /// Games with a smaller id count as counted (the oldest id kept, when [`IDS_KEPT`] were).
    horizon: u64,
    /// The stored text (version 2).
    text: String,
}

impl Places {
    /// Every pupil, in the order they first came.
    pub fn pupils(&self) -> &[Pupil] {
        &self.pupils
    }

    /// The pupil of that name, if they have played here.
    pub fn pupil(&self, name: &str) -> Option<&Pupil> {
        self.pupils.iter().find(|p| p.name == name.trim())
    }

    /// The rank a pupil plays (the level to offer first in the new-game dialog).
    pub fn level_of(&self, name: &str) -> Option<Level> {
        self.pupil(name).map(|p| p.level)
    }

    /// The places from a stored ladder's text, of version 2 or 1; `None` for a text that is
    /// not one. A ladder of version 1 (each pupil's place and the ids counted) becomes one of
    /// version 2: its ids, and each place as a [`What::Carried`] entry at the newest game it had
    /// counted (so that, of two old ladders of one pupil, the one that counted later is where
    /// the pupil stands, as version 1's merge had it, and later games count after it).
    pub fn from_text(text: &str) -> Option<Places> {
        let mut lines = text.lines();
        let v1 = match lines.next()? {
            LADDER_V1 => true,
            LADDER_V2 => false,
            _ => return None,
        };
        let mut out = Places {
            text: text.to_string(),
            ..Places::default()
        };
        let mut counted = "";
        for line in lines {
            let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
            match kind {
                // A place (version 1 wrote `pupil`); one whose rank is unknown is left out.
                "place" | "pupil" => {
                    if let Some(p) = place_read(rest) {
                        match out.pupils.iter_mut().find(|q| q.name == p.name) {
                            Some(q) => *q = p,
                            None => out.pupils.push(p),
                        }
                    }
                }
                "counted" => counted = rest,
                _ => {}
            }
        }
        // The ids kept are in order: the first is the oldest.
        if counted.split(',').count() >= IDS_KEPT {
            out.horizon = ids(counted).next().unwrap_or(0);
        }
        if v1 {
            let at = ids(counted).max().unwrap_or(0);
            out.text = format!("{LADDER_V2}\ncounted {counted}\n");
            for p in &out.pupils {
                out.text += &entry_line(&Entry {
                    at,
                    what: What::Carried(p.level, p.results.clone()),
                    name: p.name.clone(),
                });
                out.text += &place_line(p);
            }
        }
        Some(out)
    }

    /// The stored text.
    pub fn to_text(&self) -> String {
        self.text.clone()
    }

    /// Whether the game of that id was counted already (an entry, or an id kept when its entry
    /// was let go; older than every id kept, when so many were: counted).
    pub fn counts(&self, id: u64) -> bool {
        let id_text = id.to_string();
        let this = |i: &str| i == id_text;
        self.text.lines().any(|l| {
            let mut f = l.split(' ');
            match f.next() {
                Some("even" | "handicap") => f.nth(1).is_some_and(this),
                Some("counted") => f.next().is_some_and(|ids| ids.split(',').any(this)),
                _ => false,
            }
        }) || id < self.horizon
    }

    /// Counts a finished game against the computer for the human's name, once (`at_ms`: now);
    /// returns what the ladder offers now. An even game puts the pupil at the computer's rank
    /// and counts there; a game with handicap stones is remembered as counted and counts for
    /// nothing. Not a game against the computer, not finished, no winner (a draw, a void
    /// game), capture Go, or counted already: nothing.
    pub fn record(&mut self, s: &Session, at_ms: u64) -> Option<Advice> {
        let computer = s.setup.computer?;
        if s.setup.capture_goal.is_some() || self.counts(s.id.0) {
            return None;
        }
        let winner = s.game.result()?.winner()?;
        let human = computer.colour.opponent();
        let name = s.player(human).name.trim().to_string();
        let handicap = s.setup.handicap > 0;
        self.add(Entry {
            at: at_ms,
            what: What::Game {
                id: s.id.0,
                level: computer.level,
                handicap,
                won: winner == human,
            },
            name: name.clone(),
        });
        if handicap {
            return None;
        }
        advice(self.pupil(&name)?)
    }

    /// What the ladder offers a pupil now, from their results at their rank.
    pub fn advice(&self, name: &str) -> Option<Advice> {
        advice(self.pupil(name)?)
    }

    /// The pupil moves to `level` (an offer taken) at `at_ms`: their results start afresh
    /// there (a move to the rank they play changes nothing).
    pub fn set_level(&mut self, name: &str, level: Level, at_ms: u64) {
        self.add(Entry {
            at: at_ms,
            what: What::Moved(level),
            name: name.to_string(),
        });
    }

    /// Appends what happened (now: after everything stored) and the pupil's place after it.
    fn add(&mut self, mut e: Entry) {
        e.name = clean(&e.name);
        if self.text.is_empty() {
            self.text = format!("{LADDER_V2}\n");
        }
        self.text += &entry_line(&e);
        let at = step(&mut self.pupils, &e);
        self.text += &place_line(&self.pupils[at]);
    }
}

/// Every pupil of this device: the entries of their ladder, and where counting them puts each
/// pupil; read whole, in order, trimmed (学下棋's wasm: the book, the backup, the report).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ladder {
    /// In order; a game at most once.
    entries: Vec<Entry>,
    /// Ids of games counted whose entries were let go, ascending.
    counted: Vec<u64>,
    /// Each pupil's place: what counting `entries` in order gives.
    pupils: Vec<Pupil>,
}

impl Ladder {
    /// Every pupil, in the order they first came.
    pub fn pupils(&self) -> &[Pupil] {
        &self.pupils
    }

    /// What happened, in order (what is kept of it).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The pupil of that name, if they have played here.
    pub fn pupil(&self, name: &str) -> Option<&Pupil> {
        self.pupils.iter().find(|p| p.name == name.trim())
    }

    /// The rank a pupil plays.
    pub fn level_of(&self, name: &str) -> Option<Level> {
        self.pupil(name).map(|p| p.level)
    }

    /// Whether the game of that id was counted already.
    pub fn counts(&self, id: u64) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.what, What::Game { id: g, .. } if g == id))
            || self.counted.binary_search(&id).is_ok()
            || (self.counted.len() >= IDS_KEPT && id < self.counted[0])
    }

    /// Adds what happened (a game already counted is not counted again) and counts again.
    pub fn add(&mut self, mut e: Entry) {
        e.name = clean(&e.name);
        if let What::Game { id, .. } = e.what {
            if self.counts(id) {
                return;
            }
        }
        self.insert(e);
        self.normalize();
    }

    /// What the ladder offers a pupil now, from their results at their rank.
    pub fn advice(&self, name: &str) -> Option<Advice> {
        advice(self.pupil(name)?)
    }

    /// Puts `other`'s history (another device's, a book's, a backup's) together with this one:
    /// every entry of either, a game once, counted in order. Merging is commutative and
    /// idempotent (merging the same ladder twice is merging it once).
    pub fn merge(&mut self, other: &Ladder) {
        for e in &other.entries {
            self.insert(e.clone());
        }
        for &id in &other.counted {
            if let Err(at) = self.counted.binary_search(&id) {
                self.counted.insert(at, id);
            }
        }
        self.normalize();
    }

    /// The ladder of one pupil (for their book): their entries, and the ids counted.
    pub fn only(&self, name: &str) -> Ladder {
        let mut out = Ladder {
            entries: self
                .entries
                .iter()
                .filter(|e| e.name == name.trim())
                .cloned()
                .collect(),
            counted: self.counted.clone(),
            pupils: Vec::new(),
        };
        out.normalize();
        out
    }

    /// Puts an entry in its place; of two entries of one game the first stays.
    fn insert(&mut self, e: Entry) {
        let game = |x: &Entry| match x.what {
            What::Game { id, .. } => Some(id),
            _ => None,
        };
        if let Some(id) = game(&e) {
            if let Some(i) = self.entries.iter().position(|x| game(x) == Some(id)) {
                if self.entries[i] <= e {
                    return;
                }
                self.entries.remove(i);
            }
        } else if self.entries.contains(&e) {
            return;
        }
        let at = self.entries.partition_point(|x| *x < e);
        self.entries.insert(at, e);
    }

    /// Lets go of the games no count can need (of each pupil's even games at a rank all but the
    /// newest [`KEPT`]; games with handicap stones; all but each pupil's first game), keeping
    /// their ids, then counts the entries in order.
    fn normalize(&mut self) {
        let game = |e: &Entry| match e.what {
            What::Game {
                id,
                level,
                handicap,
                ..
            } => Some((id, level, handicap)),
            _ => None,
        };
        let mut i = 0;
        while i < self.entries.len() {
            let e = &self.entries[i];
            if let Some((id, level, handicap)) = game(e) {
                let mine = |x: &&Entry| x.name == e.name;
                let first = !self.entries[..i]
                    .iter()
                    .filter(mine)
                    .any(|x| game(x).is_some());
                let newer = self.entries[i + 1..]
                    .iter()
                    .filter(mine)
                    .filter(|x| game(x).is_some_and(|g| g.1 == level && !g.2))
                    .count();
                let place = self.counted.binary_search(&id);
                if !first && (handicap || newer >= KEPT) {
                    if let Err(p) = place {
                        self.counted.insert(p, id);
                    }
                    self.entries.remove(i);
                    continue;
                }
                if let Ok(p) = place {
                    self.counted.remove(p);
                }
            }
            i += 1;
        }
        if self.counted.len() > IDS_KEPT {
            self.counted.drain(..self.counted.len() - IDS_KEPT);
        }
        self.pupils = Vec::new();
        for e in &self.entries {
            step(&mut self.pupils, e);
        }
    }

    /// The ladder as stored (`shoutan.ladder`, and in a book or a backup): a small versioned
    /// text, one line each — `shoutan-ladder 2`; each pupil's place, `place <rank key> <W/L
    /// results, oldest first>- <name>`; `counted <ids,…>` (when some were let go); then the
    /// entries in order:
    /// `<kind> <at> <id> <rank key> <marks> <name>`, a game `even` or `handicap` with its id and
    /// its result as marks (`W-` won, `L-` lost), an offer taken `moved` (id 0, marks `-`), a
    /// place carried from version 1 `carried` (id 0, its results as marks); the name last: it may
    /// hold spaces (tabs and line breaks in it are stored as spaces). Plain text rather than a serde record: the
    /// shell carries no serde code for it (the app shell's budget, issue 24).
    pub fn to_text(&self) -> String {
        let mut out = format!("{LADDER_V2}\n");
        for p in &self.pupils {
            out.push_str(&place_line(p));
        }
        // (No ids let go, no line: as the shell writes a ladder it began.)
        if !self.counted.is_empty() {
            let ids: Vec<String> = self.counted.iter().map(u64::to_string).collect();
            out.push_str(&format!("counted {}\n", ids.join(",")));
        }
        for e in &self.entries {
            out.push_str(&entry_line(e));
        }
        out
    }

    /// The ladder from its stored text, of version 2 or 1 (read as [`Places::from_text`]
    /// says); `None` for a text that is not one (a newer version, a damaged value). The places
    /// are counted again from the entries; a line whose rank is unknown is left out; entries
    /// out of order (edited by hand, or appended by a device whose clock was behind) are put
    /// in order.
    pub fn from_text(text: &str) -> Option<Ladder> {
        let places = Places::from_text(text)?;
        let mut ladder = Ladder::default();
        for line in places.text.lines().skip(1) {
            // `<kind> <at> <id> <rank key> <marks> <name>`, the name last (it may hold spaces).
            let f: Vec<&str> = line.splitn(6, ' ').collect();
            if f[0] == "counted" {
                for id in ids(f.get(1).copied().unwrap_or("")) {
                    if let Err(at) = ladder.counted.binary_search(&id) {
                        ladder.counted.insert(at, id);
                    }
                }
                continue;
            }
            if f.len() < 5 {
                continue;
            }
            let (Ok(at), Ok(id), Some(level)) = (f[1].parse(), f[2].parse(), Level::from_key(f[3]))
            else {
                continue;
            };
            let marks = results_read(f[4]);
            let what = match f[0] {
                "even" | "handicap" => What::Game {
                    id,
                    level,
                    handicap: f[0] == "handicap",
                    won: marks.first() == Some(&true),
                },
                "moved" => What::Moved(level),
                "carried" => What::Carried(level, marks),
                _ => continue,
            };
            let name = f.get(5).copied().unwrap_or("").to_string();
            ladder.insert(Entry { at, what, name });
        }
        ladder.normalize();
        Some(ladder)
    }
}

/// A name as entries keep it: trimmed, tabs and line breaks as spaces.
fn clean(name: &str) -> String {
    name.trim().replace(['\t', '\n', '\r'], " ")
}

/// What the ladder offers a pupil, from their results at their rank.
fn advice(p: &Pupil) -> Option<Advice> {
    let last: Vec<bool> = p.results.iter().rev().take(7).copied().collect();
    let run = |won: bool| last.len() >= 3 && last[..3].iter().all(|&r| r == won);
    let of_seven = |won: bool| last.len() == 7 && last.iter().filter(|&&r| r == won).count() >= 5;
    if run(true) || of_seven(true) {
        p.level.stronger().map(Advice::Promote)
    } else if run(false) || of_seven(false) {
        p.level.weaker().map(Advice::Demote)
    } else {
        None
    }
}

/// Counts one entry: a pupil starts at the rank of their first entry; an even game at another
/// rank moves them there (their results start afresh) and every even game adds its result
/// (the last [`KEPT`] are kept); an offer taken moves them to its rank unless they are there; a
/// carried place is where they are.
fn step(pupils: &mut Vec<Pupil>, e: &Entry) -> usize {
    let level = e.what.level();
    let at = match pupils.iter().position(|p| p.name == e.name) {
        Some(at) => at,
        None => {
            pupils.push(Pupil {
                name: e.name.clone(),
                level,
                results: Vec::new(),
            });
            pupils.len() - 1
        }
    };
    let p = &mut pupils[at];
    let moved = p.level != level;
    match &e.what {
        What::Game { handicap: true, .. } => {}
        What::Game { won, .. } => {
            if moved {
                p.level = level;
                p.results.clear();
            }
            p.results.push(*won);
            if p.results.len() > KEPT {
                p.results.remove(0);
            }
        }
        What::Moved(_) => {
            if moved {
                p.level = level;
                p.results.clear();
            }
        }
        What::Carried(_, results) => {
            p.level = level;
            p.results.clone_from(results);
        }
    }
    at
}

/// An entry as a line of the stored text ([`Ladder::to_text`]): `<kind> <at> <id> <rank key>
/// <marks> <name>`, one shape for every kind (one reader).
fn entry_line(e: &Entry) -> String {
    let (kind, id, marks) = match &e.what {
        What::Game {
            id, handicap, won, ..
        } => {
            let kind = if *handicap { "handicap" } else { "even" };
            (kind, *id, results_text(&[*won]))
        }
        What::Moved(_) => ("moved", 0, results_text(&[])),
        What::Carried(_, results) => ("carried", 0, results_text(results)),
    };
    let level = e.what.level().key();
    format!("{kind} {} {id} {level} {marks} {}\n", e.at, e.name)
}

/// A pupil's place as a line: `place <rank key> <W/L results>- <name>`.
fn place_line(p: &Pupil) -> String {
    format!(
        "place {} {} {}\n",
        p.level.key(),
        results_text(&p.results),
        p.name
    )
}

/// A place read from what follows `place` (`<rank key> <W/L results>- <name>`; version 1
/// wrote its pupils so too).
fn place_read(text: &str) -> Option<Pupil> {
    let mut f = text.splitn(3, ' ');
    let level = Level::from_key(f.next()?)?;
    let results = results_read(f.next()?);
    Some(Pupil {
        name: f.next().unwrap_or("").to_string(),
        level,
        results,
    })
}

/// The ids of a `counted` line's list.
fn ids(list: &str) -> impl Iterator<Item = u64> + '_ {
    list.split(',').filter_map(|i| i.parse().ok())
}

/// Results as stored: `W` a win, `L` a loss, oldest first, then `-`.
fn results_text(results: &[bool]) -> String {
    let mut out: String = results.iter().map(|&w| if w { 'W' } else { 'L' }).collect();
    out.push('-');
    out
}

fn results_read(text: &str) -> Vec<bool> {
    text.bytes()
        .filter(|&c| c != b'-')
        .map(|c| c == b'W')
        .collect()
}

/// The first line of a stored ladder, version 1 (each pupil's place, no games).
const LADDER_V1: &str = "shoutan-ladder 1";
/// The first line of a stored ladder, version 2 (the places, the games counted and the offers
/// taken).
const LADDER_V2: &str = "shoutan-ladder 2";

/// Handicap stones for a pupil whose rank is `pupil` against an opponent of rank `opponent`
/// (kyu numbers, the measured ones; 1 dan is 0) on a board of `size`: none when the opponent is
/// not at least two ranks stronger (one rank is 让先: the pupil takes Black), else one stone a
/// rank on 19×19 as Chinese practice gives it, up to nine; on smaller boards a stone is worth
/// more ranks (about 2.5 on 13×13 and 6 on 9×9, the rule of thumb players use), so fewer stones;
/// never more than the board's fixed handicap points. The rules' compensation (黑贴还让子数的
/// 一半) applies as for any handicap game.
pub fn handicap_for(pupil: f32, opponent: f32, size: BoardSize) -> u32 {
    let gap = (pupil - opponent).round();
    if gap < 2.0 {
        return 0;
    }
    let n = size.get() as f32;
    let ranks_per_stone = if n >= 17.0 {
        1.0
    } else if n >= 12.0 {
        2.5
    } else {
        6.0
    };
    let stones = (gap / ranks_per_stone).round() as u32;
    let most = crate::rules::handicap::max_fixed(size).min(9);
    if stones < 2 {
        // One stone is no handicap stone: the pupil takes Black without komi... which the
        // app's handicap control does not offer; two stones is the least it gives.
        return if gap / ranks_per_stone >= 1.5 {
            2.min(most)
        } else {
            0
        };
    }
    stones.min(most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Colour, Move};
    use crate::session::{Computer, GameId, Setup};

    fn game(id: u64, level: Level, human_wins: bool, name: &str) -> Session {
        let mut setup = Setup {
            size: BoardSize::NINE,
            computer: Some(Computer {
                colour: Colour::White,
                level,
            }),
            ..Setup::default()
        };
        setup.black.name = name.into();
        let mut s = Session::new(GameId(id), 0.0, setup);
        s.play(Move::Play(BoardSize::NINE.point(4, 4)), 0).unwrap();
        let loser = if human_wins {
            Colour::White
        } else {
            Colour::Black
        };
        s.game.resign(loser).unwrap();
        s
    }

    /// A game entry: id, when, rank, handicap, won, whose.
    fn played(id: u64, at: u64, level: Level, handicap: bool, won: bool, name: &str) -> Entry {
        Entry {
            at,
            what: What::Game {
                id,
                level,
                handicap,
                won,
            },
            name: name.into(),
        }
    }

    /// Each pupil's place from every entry, none let go.
    fn count(entries: &[Entry]) -> Vec<Pupil> {
        let mut pupils = Vec::new();
        for e in entries {
            step(&mut pupils, e);
        }
        pupils
    }

    /// The whole ladder of a stored text (what 学下棋's wasm reads).
    fn whole(text: &str) -> Ladder {
        Ladder::from_text(text).unwrap()
    }

    #[test]
    fn three_wins_in_a_row_offer_the_next_rank() {
        let mut l = Places::default();
        assert_eq!(l.record(&game(1, Level::Kyu20, true, "小明"), 10), None);
        assert_eq!(l.record(&game(2, Level::Kyu20, true, "小明"), 20), None);
        assert_eq!(
            l.record(&game(3, Level::Kyu20, true, "小明"), 30),
            Some(Advice::Promote(Level::Kyu15))
        );
        // The same game again (a reload) counts once.
        assert_eq!(l.record(&game(3, Level::Kyu20, true, "小明"), 40), None);
        assert_eq!(l.pupil("小明").unwrap().results, vec![true; 3]);
        // Another pupil's games are theirs.
        assert_eq!(l.record(&game(4, Level::Kyu20, false, "小红"), 50), None);
        l.set_level("小明", Level::Kyu15, 60);
        assert_eq!(l.level_of("小明"), Some(Level::Kyu15));
        assert!(l.pupil("小明").unwrap().results.is_empty());
        assert_eq!(l.advice("小明"), None);
        assert_eq!(l.level_of("小红"), Some(Level::Kyu20));
        assert_eq!(whole(&l.to_text()).pupils(), l.pupils());
    }

    #[test]
    fn five_of_seven_promote_and_three_losses_demote() {
        let mut l = Places::default();
        let mut advice = None;
        for (i, won) in [true, true, false, true, false, true, true]
            .into_iter()
            .enumerate()
        {
            advice = l.record(&game(i as u64, Level::Kyu10, won, ""), i as u64);
        }
        // W W L W L W W: the last two alone are no run of three, but five of seven.
        assert_eq!(advice, Some(Advice::Promote(Level::Kyu5)));
        let mut l = Places::default();
        for i in 0..2 {
            assert_eq!(l.record(&game(i, Level::Kyu10, false, "a"), i), None);
        }
        assert_eq!(
            l.record(&game(9, Level::Kyu10, false, "a"), 9),
            Some(Advice::Demote(Level::Kyu15))
        );
        assert_eq!(whole(&l.to_text()).advice("a"), l.advice("a"));
        // At the bottom there is nothing below.
        let mut l = Places::default();
        for i in 0..3 {
            l.record(&game(i, Level::Kyu25, false, "b"), i);
        }
        assert_eq!(l.advice("b"), None);
    }

    #[test]
    fn an_even_game_puts_the_pupil_at_its_rank_and_handicap_games_count_for_nothing() {
        let mut l = Places::default();
        l.set_level("c", Level::Kyu15, 1);
        l.record(&game(1, Level::Kyu15, true, "c"), 2);
        assert_eq!(l.pupil("c").unwrap().results, vec![true]);
        // An even game at 20 级 (chosen in the dialog): 20 级 from now on, afresh.
        assert_eq!(l.record(&game(2, Level::Kyu20, false, "c"), 3), None);
        assert_eq!(l.level_of("c"), Some(Level::Kyu20));
        assert_eq!(l.pupil("c").unwrap().results, vec![false]);
        // Four stones against 10 级: remembered as counted, counts for nothing.
        let mut h = game(3, Level::Kyu10, true, "c");
        h.setup.handicap = 4;
        assert_eq!(l.record(&h, 4), None);
        assert_eq!(l.level_of("c"), Some(Level::Kyu20));
        assert_eq!(l.pupil("c").unwrap().results, vec![false]);
        assert!(l.counts(1) && l.counts(2) && l.counts(3) && !l.counts(4));
        // A move to the rank the pupil plays changes nothing.
        l.set_level("c", Level::Kyu20, 5);
        assert_eq!(l.pupil("c").unwrap().results, vec![false]);
        // Not against the computer, capture Go, a draw: not counted.
        let mut capture = game(6, Level::Kyu20, true, "c");
        capture.setup.capture_goal = Some(1);
        assert_eq!(l.record(&capture, 6), None);
        let mut friends = game(7, Level::Kyu20, true, "c");
        friends.setup.computer = None;
        assert_eq!(l.record(&friends, 7), None);
        assert!(!l.counts(6) && !l.counts(7));
        let w = whole(&l.to_text());
        assert_eq!(w.pupils(), l.pupils());
        assert!(w.counts(3) && !w.counts(6));
    }

    #[test]
    fn the_stored_text_round_trips_and_skips_what_it_cannot_read() {
        let mut l = Places::default();
        for i in 0..2 {
            l.record(&game(i, Level::Kyu5, i == 0, "王 小明"), 100 + i);
        }
        l.set_level("", Level::Kyu25, 200);
        // The shell appends each entry and the pupil's place after it.
        let text = l.to_text();
        assert_eq!(
            text,
            "shoutan-ladder 2\n\
             even 100 0 5k W- 王 小明\n\
             place 5k W- 王 小明\n\
             even 101 1 5k L- 王 小明\n\
             place 5k WL- 王 小明\n\
             moved 200 0 25k - \n\
             place 25k - \n"
        );
        assert_eq!(Places::from_text(&text), Some(l.clone()));
        // 学下棋's reader writes it in order: the places first, then the entries.
        let w = whole(&text);
        assert_eq!(w.pupils(), l.pupils());
        let tidy = w.to_text();
        assert_eq!(
            tidy,
            "shoutan-ladder 2\n\
             place 5k WL- 王 小明\n\
             place 25k - \n\
             even 100 0 5k W- 王 小明\n\
             even 101 1 5k L- 王 小明\n\
             moved 200 0 25k - \n"
        );
        assert_eq!(whole(&tidy), w);
        assert_eq!(Places::from_text(&tidy).unwrap().pupils(), l.pupils());
        // A name with a tab or a line break is stored with spaces.
        let mut odd = Places::default();
        odd.set_level("a\tb\nc", Level::Kyu10, 1);
        assert_eq!(whole(&odd.to_text()).pupils()[0].name, "a b c");
        assert_eq!(
            Places::from_text(&odd.to_text()).unwrap().pupils()[0].name,
            "a b c"
        );
        // A newer version or damage: no ladder; an unknown rank: that line left out.
        assert_eq!(Ladder::from_text("shoutan-ladder 3\n"), None);
        assert_eq!(Places::from_text("{\"v\":1}"), None);
        let unknown = tidy.replace("even 101 1 5k", "even 101 1 9d");
        let read = whole(&unknown);
        assert_eq!(read.entries().len(), 2);
        assert_eq!(read.pupil("王 小明").unwrap().results, vec![true]);
        assert_eq!(
            Places::from_text(&tidy.replace("place 25k", "place 9d"))
                .unwrap()
                .pupils()
                .len(),
            1
        );
        // Entries out of order (a device whose clock was behind, a hand edit) are put in order.
        let swapped = tidy.replace(
            "even 100 0 5k W- 王 小明\neven 101 1 5k L- 王 小明\n",
            "even 101 1 5k L- 王 小明\neven 100 0 5k W- 王 小明\n",
        );
        assert_eq!(whole(&swapped), w);
    }

    #[test]
    fn a_ladder_of_version_1_carries_each_place_and_later_games_count_after_it() {
        // The frozen one: 小明 at 20 级, W L, one game counted.
        let text = include_str!("../../tests/data/records/ladder-v1.txt");
        let v1 = whole(text);
        assert_eq!(v1.pupils().len(), 1);
        assert_eq!(v1.pupil("小明").unwrap().level, Level::Kyu20);
        assert_eq!(v1.pupil("小明").unwrap().results, vec![true, false]);
        assert!(v1.counts(1_796_388_955_244));
        assert_eq!(
            v1.entries()[0].what,
            What::Carried(Level::Kyu20, vec![true, false])
        );
        assert_eq!(v1.entries()[0].at, 1_796_388_955_244);
        // The shell reads it too, and writes it as version 2.
        let mut later = Places::from_text(text).unwrap();
        assert_eq!(later.pupils(), v1.pupils());
        assert!(later.counts(1_796_388_955_244) && !later.counts(5));
        later.record(
            &game(1_796_400_000_000, Level::Kyu20, true, "小明"),
            1_796_400_000_500,
        );
        assert_eq!(
            later.pupil("小明").unwrap().results,
            vec![true, false, true]
        );
        assert_eq!(whole(&later.to_text()).pupils(), later.pupils());
        // Two old ladders of one pupil: the one that counted later is where the pupil stands.
        let old = whole("shoutan-ladder 1\ncounted 5,9\npupil 15k WWL- 小红\npupil 25k - \n");
        let older = whole("shoutan-ladder 1\ncounted 3\npupil 20k LL- 小红\n");
        for (mut a, b) in [(old.clone(), &older), (older.clone(), &old)] {
            a.merge(b);
            assert_eq!(a.level_of("小红"), Some(Level::Kyu15));
            assert_eq!(a.pupil("小红").unwrap().results, vec![true, true, false]);
            assert_eq!(a.level_of(""), Some(Level::Kyu25));
            assert!(a.counts(3) && a.counts(5) && a.counts(9));
        }
    }

    /// A device as storage keeps it: the shell counts a game on its text, a book opened merges
    /// the file's text into it.
    fn play(text: &mut String, e: Entry) {
        let mut p = Places::from_text(text).unwrap_or_default();
        p.add(e);
        *text = p.to_text();
    }

    fn open(text: &mut String, file: &str) {
        let mut here = Ladder::from_text(text).unwrap_or_default();
        here.merge(&Ladder::from_text(file).unwrap_or_default());
        *text = here.to_text();
    }

    /// Issue 51's story: one loss to 25 级 on device A; the file opened on B and one lost
    /// there; the first file opened again on A and one more lost; both files opened on C.
    #[test]
    fn games_counted_on_three_devices_are_all_counted_where_both_files_are_opened() {
        let (mut a, mut b) = (String::new(), String::new());
        play(&mut a, played(1, 1_000, Level::Kyu25, false, false, "小明"));
        let file_1 = a.clone();
        open(&mut b, &file_1);
        play(&mut b, played(2, 2_000, Level::Kyu25, false, false, "小明"));
        let file_2 = b.clone();
        open(&mut a, &file_1);
        play(&mut a, played(3, 3_000, Level::Kyu25, false, false, "小明"));
        let file_3 = a.clone();
        for (first, second) in [(&file_2, &file_3), (&file_3, &file_2)] {
            let mut c = String::new();
            open(&mut c, first);
            open(&mut c, second);
            assert_eq!(whole(&c).pupil("小明").unwrap().results, vec![false; 3]);
            assert_eq!(Places::from_text(&c).unwrap().pupils(), whole(&c).pupils());
        }
    }

    #[test]
    fn a_long_history_keeps_what_counting_needs_and_every_game_counts_once() {
        let mut l = Ladder::default();
        let mut p = Places::default();
        let mut all = Vec::new();
        for i in 0..40u64 {
            let level = if i < 25 { Level::Kyu20 } else { Level::Kyu15 };
            let e = played(i + 1, i * 10, level, i % 7 == 3, i % 3 != 0, "小明");
            all.push(e.clone());
            l.add(e.clone());
            p.add(e);
            assert_eq!(l.pupils(), count(&all), "after game {}", i + 1);
            assert_eq!(p.pupils(), l.pupils());
        }
        // The first game, the newest ten even games at each rank.
        assert_eq!(l.entries().len(), 1 + KEPT + KEPT);
        assert_eq!(l.pupil("小明").unwrap().results.len(), KEPT);
        assert!((1..=40).all(|id| l.counts(id) && p.counts(id)));
        assert_eq!(whole(&p.to_text()), l);
        // A game counted long ago and let go is still counted once.
        l.add(played(5, 900, Level::Kyu15, false, false, "小明"));
        assert_eq!(l.pupils(), count(&all));
        let mut shell = Places::from_text(&l.to_text()).unwrap();
        assert!(shell.counts(5) && shell.counts(4));
        shell.record(&game(5, Level::Kyu15, false, "小明"), 901);
        assert_eq!(shell.pupils(), l.pupils());
        // Past IDS_KEPT ids, anything older counts as counted.
        let mut many = Ladder::default();
        for i in 0..(IDS_KEPT as u64 + 50) {
            many.add(played(1_000 + i, i, Level::Kyu20, true, true, "x"));
        }
        assert!(many.counts(1_000) && many.counts(1_005));
        assert!(!many.counts(1_000 + IDS_KEPT as u64 + 50));
        let shell = Places::from_text(&many.to_text()).unwrap();
        assert!(shell.counts(1_005) && !shell.counts(1_000 + IDS_KEPT as u64 + 50));
        assert!(many.to_text().len() < 6_000, "{}", many.to_text().len());
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod properties {
        use super::*;
        use proptest::prelude::*;

        const LEVELS: [Level; 3] = [Level::Kyu25, Level::Kyu20, Level::Kyu15];
        const NAMES: [&str; 2] = ["小明", "小红"];

        /// What happens, in order: on which device (A or B), a game or an offer taken; or one
        /// device's book opened on the other.
        #[derive(Clone, Debug)]
        enum Step {
            Game {
                on_b: bool,
                name: usize,
                level: usize,
                handicap: bool,
                won: bool,
            },
            Moved {
                on_b: bool,
                name: usize,
                level: usize,
            },
            /// A's book opened on B (or B's on A).
            Open { into_b: bool },
        }

        fn step() -> impl Strategy<Value = Step> {
            prop_oneof![
                8 => (any::<bool>(), 0..2usize, 0..3usize, prop::bool::weighted(0.15), any::<bool>())
                    .prop_map(|(on_b, name, level, handicap, won)| Step::Game { on_b, name, level, handicap, won }),
                1 => (any::<bool>(), 0..2usize, 0..3usize)
                    .prop_map(|(on_b, name, level)| Step::Moved { on_b, name, level }),
                2 => any::<bool>().prop_map(|into_b| Step::Open { into_b }),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]
            /// Devices as storage keeps them (texts): games counted and offers taken by the app
            /// shell's reader, books opened by 学下棋's; then each device's book opened on the
            /// other, any number of times, in either order.
            #[test]
            fn any_story_over_two_devices_merges_into_the_ladder_of_the_whole_story(
                steps in prop::collection::vec(step(), 0..70),
                again in 1..3usize,
            ) {
                let (mut a, mut b, mut one) = (String::new(), String::new(), String::new());
                let mut all = Vec::new();
                for (i, s) in steps.iter().enumerate() {
                    let at = 1_000 * (i as u64 + 1);
                    let (on_b, e) = match *s {
                        Step::Game { on_b, name, level, handicap, won } => {
                            (on_b, played(i as u64 + 1, at, LEVELS[level], handicap, won, NAMES[name]))
                        }
                        Step::Moved { on_b, name, level } => (on_b, Entry {
                            at,
                            what: What::Moved(LEVELS[level]),
                            name: NAMES[name].into(),
                        }),
                        Step::Open { into_b } => {
                            if into_b { open(&mut b, &a.clone()) } else { open(&mut a, &b.clone()) }
                            continue;
                        }
                    };
                    all.push(e.clone());
                    play(&mut one, e.clone());
                    play(if on_b { &mut b } else { &mut a }, e);
                    // The shell's places are always what counting the entries gives.
                    for t in [&a, &b, &one] {
                        if !t.is_empty() {
                            let (shell, read) = (Places::from_text(t).unwrap(), whole(t));
                            prop_assert_eq!(shell.pupils(), read.pupils());
                        }
                    }
                }
                let one = Ladder::from_text(&one).unwrap_or_default();
                // Nothing was let go that counting needs.
                prop_assert_eq!(one.pupils(), &count(&all)[..]);
                let (mut ab, mut ba) = (a.clone(), b.clone());
                for _ in 0..again {
                    open(&mut ab, &b);
                    open(&mut ba, &a);
                }
                let (ab, ba) = (whole(&ab), whole(&ba));
                prop_assert_eq!(&ab, &one);
                prop_assert_eq!(&ba, &one);
                for id in 1..=steps.len() as u64 {
                    let game = all.iter().any(|e| matches!(e.what, What::Game { id: g, .. } if g == id));
                    prop_assert_eq!(ab.counts(id), game);
                }
                // Merging is idempotent, also of a part already in it.
                let mut twice = ab.clone();
                twice.merge(&Ladder::from_text(&a).unwrap_or_default());
                twice.merge(&ab);
                prop_assert_eq!(twice, one);
            }
        }
    }

    #[test]
    fn handicap_grows_with_the_rank_gap_and_the_board() {
        let n = BoardSize::NINETEEN;
        assert_eq!(handicap_for(20.0, 19.0, n), 0);
        assert_eq!(handicap_for(20.0, 20.0, n), 0);
        assert_eq!(handicap_for(20.0, 15.0, n), 5);
        assert_eq!(handicap_for(20.0, 10.0, n), 9);
        assert_eq!(handicap_for(25.0, 1.0, n), 9);
        let t = BoardSize::new(13).unwrap();
        assert_eq!(handicap_for(20.0, 10.0, t), 4);
        assert_eq!(handicap_for(20.0, 15.0, t), 2);
        let nine = BoardSize::NINE;
        assert_eq!(handicap_for(20.0, 15.0, nine), 0);
        assert_eq!(handicap_for(20.0, 10.0, nine), 2);
        assert_eq!(handicap_for(25.0, 1.0, nine), 4);
        // A stronger pupil gets none.
        assert_eq!(handicap_for(5.0, 20.0, n), 0);
    }
}

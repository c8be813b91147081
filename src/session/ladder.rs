//! The ladder each pupil climbs on this device (issue 26): per player name, the opponent's rank
//! they are playing and their recent results against it. After a clear run of wins it offers
//! the next rank (升级), after a clear run of losses the one below (降级); between two ranks it
//! suggests handicap stones. Plain data: storage keeps it as a small versioned text
//! ([`Ladder::to_text`]), the game screen records each finished game once ([`Ladder::record`]).

use super::Session;
use crate::bot::Level;
use crate::rules::BoardSize;

/// Recent results kept per pupil (the runs are read from the last seven).
const KEPT: usize = 10;

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

/// Every pupil of this device, and the games already counted (a game counts once, whatever
/// reloads and reopenings follow).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ladder {
    pub pupils: Vec<Pupil>,
    pub counted: Vec<u64>,
}

impl Ladder {
    /// The pupil of that name, if they have played here.
    pub fn pupil(&self, name: &str) -> Option<&Pupil> {
        self.pupils.iter().find(|p| p.name == name.trim())
    }

    /// The rank a pupil plays (the level to offer first in the new-game dialog).
    pub fn level_of(&self, name: &str) -> Option<Level> {
        self.pupil(name).map(|p| p.level)
    }

    /// Counts a finished game against the computer for the human's name, once, when it was
    /// played at the pupil's rank without handicap (a pupil new to the ladder starts at the
    /// rank they chose); returns what the ladder offers now. Not a game against the computer,
    /// not finished, no winner (a draw, a void game), capture Go, or counted already: nothing.
    pub fn record(&mut self, s: &Session) -> Option<Advice> {
        let computer = s.setup.computer?;
        if s.setup.capture_goal.is_some() || self.counted.contains(&s.id.0) {
            return None;
        }
        let winner = s.game.result()?.winner()?;
        let human = computer.colour.opponent();
        let name = s.player(human).name.trim().to_string();
        self.counted.push(s.id.0);
        if self.counted.len() > 200 {
            self.counted.remove(0);
        }
        if self.pupil(&name).is_none() {
            self.pupils.push(Pupil {
                name: name.clone(),
                level: computer.level,
                results: vec![],
            });
        }
        let pupil = self.pupils.iter_mut().find(|p| p.name == name)?;
        if pupil.level != computer.level || s.setup.handicap > 0 {
            return None;
        }
        pupil.results.push(winner == human);
        if pupil.results.len() > KEPT {
            pupil.results.remove(0);
        }
        self.advice(&name)
    }

    /// What the ladder offers a pupil now, from their results at their rank.
    pub fn advice(&self, name: &str) -> Option<Advice> {
        let p = self.pupil(name)?;
        let last: Vec<bool> = p.results.iter().rev().take(7).copied().collect();
        let run = |won: bool| last.len() >= 3 && last[..3].iter().all(|&r| r == won);
        let of_seven =
            |won: bool| last.len() == 7 && last.iter().filter(|&&r| r == won).count() >= 5;
        if run(true) || of_seven(true) {
            p.level.stronger().map(Advice::Promote)
        } else if run(false) || of_seven(false) {
            p.level.weaker().map(Advice::Demote)
        } else {
            None
        }
    }

    /// The pupil moves to `level` (an offer taken, or a rank chosen by hand for them): their
    /// results start afresh there.
    pub fn set_level(&mut self, name: &str, level: Level) {
        let name = name.trim();
        match self.pupils.iter_mut().find(|p| p.name == name) {
            Some(p) if p.level == level => {}
            Some(p) => {
                p.level = level;
                p.results.clear();
            }
            None => self.pupils.push(Pupil {
                name: name.to_string(),
                level,
                results: vec![],
            }),
        }
    }

    /// Adds the pupils of `other` (a backup's) that this ladder does not know, and the games it
    /// counted; a pupil known here keeps their place here.
    pub fn merge(&mut self, other: &Ladder) {
        for p in &other.pupils {
            if self.pupil(&p.name).is_none() {
                self.pupils.push(p.clone());
            }
        }
        for id in &other.counted {
            if !self.counted.contains(id) {
                self.counted.push(*id);
            }
        }
    }

    /// The ladder as stored (`shoutan.ladder`, and on a backup's first root): a small versioned
    /// text, one line each — `shoutan-ladder 1`, `counted <ids,…>`, then per pupil
    /// `pupil <level key> <W/L results, oldest first> <name>` (the name last: it may hold
    /// spaces; tabs and line breaks in it are stored as spaces). Plain text rather than a serde
    /// record: the shell carries no serde code for it (the app shell's budget, issue 24).
    pub fn to_text(&self) -> String {
        let ids: Vec<String> = self.counted.iter().map(u64::to_string).collect();
        let mut out = format!("{LADDER_V1}\ncounted {}\n", ids.join(","));
        for p in &self.pupils {
            let results: String = p
                .results
                .iter()
                .map(|&w| if w { 'W' } else { 'L' })
                .collect();
            let name = p.name.replace(['\t', '\n', '\r'], " ");
            out.push_str(&format!(
                "pupil {} {} {name}\n",
                p.level.key(),
                results + "-"
            ));
        }
        out
    }

    /// The ladder from its stored text; `None` for a text that is not one (another version, a
    /// damaged value). A pupil line whose rank is unknown is left out.
    pub fn from_text(text: &str) -> Option<Ladder> {
        let mut lines = text.lines();
        if lines.next()? != LADDER_V1 {
            return None;
        }
        let mut ladder = Ladder::default();
        for line in lines {
            if let Some(ids) = line.strip_prefix("counted ") {
                ladder.counted = ids.split(',').filter_map(|i| i.parse().ok()).collect();
            } else if let Some(rest) = line.strip_prefix("pupil ") {
                let mut parts = rest.splitn(3, ' ');
                let (Some(level), Some(results)) = (parts.next(), parts.next()) else {
                    continue;
                };
                let Some(level) = Level::from_key(level) else {
                    continue;
                };
                ladder.pupils.push(Pupil {
                    name: parts.next().unwrap_or("").to_string(),
                    level,
                    results: results
                        .trim_end_matches('-')
                        .chars()
                        .map(|c| c == 'W')
                        .collect(),
                });
            }
        }
        Some(ladder)
    }
}

/// The first line of a stored ladder, version 1.
const LADDER_V1: &str = "shoutan-ladder 1";

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

    #[test]
    fn three_wins_in_a_row_offer_the_next_rank() {
        let mut l = Ladder::default();
        assert_eq!(l.record(&game(1, Level::Kyu20, true, "小明")), None);
        assert_eq!(l.record(&game(2, Level::Kyu20, true, "小明")), None);
        assert_eq!(
            l.record(&game(3, Level::Kyu20, true, "小明")),
            Some(Advice::Promote(Level::Kyu15))
        );
        // The same game again (a reload) counts once.
        assert_eq!(l.record(&game(3, Level::Kyu20, true, "小明")), None);
        assert_eq!(l.pupil("小明").unwrap().results, vec![true; 3]);
        // Another pupil's games are theirs.
        assert_eq!(l.record(&game(4, Level::Kyu20, false, "小红")), None);
        l.set_level("小明", Level::Kyu15);
        assert_eq!(l.level_of("小明"), Some(Level::Kyu15));
        assert!(l.pupil("小明").unwrap().results.is_empty());
        assert_eq!(l.advice("小明"), None);
    }

    #[test]
    fn five_of_seven_promote_and_three_losses_demote() {
        let mut l = Ladder::default();
        let mut advice = None;
        for (i, won) in [true, true, false, true, false, true, true]
            .into_iter()
            .enumerate()
        {
            advice = l.record(&game(i as u64, Level::Kyu10, won, ""));
        }
        // W W L W L W W: the last two alone are no run of three, but five of seven.
        assert_eq!(advice, Some(Advice::Promote(Level::Kyu5)));
        let mut l = Ladder::default();
        for i in 0..2 {
            assert_eq!(l.record(&game(i, Level::Kyu10, false, "a")), None);
        }
        assert_eq!(
            l.record(&game(9, Level::Kyu10, false, "a")),
            Some(Advice::Demote(Level::Kyu15))
        );
        // At the bottom there is nothing below.
        let mut l = Ladder::default();
        for i in 0..3 {
            l.record(&game(i, Level::Kyu25, false, "b"));
        }
        assert_eq!(l.advice("b"), None);
    }

    #[test]
    fn games_at_another_rank_or_with_handicap_do_not_count() {
        let mut l = Ladder::default();
        l.set_level("c", Level::Kyu15);
        assert_eq!(l.record(&game(1, Level::Kyu20, true, "c")), None);
        let mut h = game(2, Level::Kyu15, true, "c");
        h.setup.handicap = 4;
        assert_eq!(l.record(&h), None);
        assert!(l.pupil("c").unwrap().results.is_empty());
        assert_eq!(l.counted, vec![1, 2]);
    }

    #[test]
    fn the_stored_text_round_trips_and_skips_what_it_cannot_read() {
        let mut l = Ladder::default();
        for i in 0..2 {
            l.record(&game(i, Level::Kyu5, i == 0, "王 小明"));
        }
        l.set_level("", Level::Kyu25);
        let text = l.to_text();
        assert_eq!(
            text,
            "shoutan-ladder 1\ncounted 0,1\npupil 5k WL- 王 小明\npupil 25k - \n"
        );
        assert_eq!(Ladder::from_text(&text), Some(l.clone()));
        // A name with a tab or a line break is stored with spaces.
        let mut odd = Ladder::default();
        odd.set_level("a\tb\nc", Level::Kyu10);
        assert_eq!(
            Ladder::from_text(&odd.to_text()).unwrap().pupils[0].name,
            "a b c"
        );
        // Another version or damage: no ladder; an unknown rank: that pupil left out.
        assert_eq!(Ladder::from_text("shoutan-ladder 2\n"), None);
        assert_eq!(Ladder::from_text("{\"v\":1}"), None);
        let unknown = text.replace("pupil 5k", "pupil 9d");
        assert_eq!(Ladder::from_text(&unknown).unwrap().pupils.len(), 1);
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

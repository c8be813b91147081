//! Referee mode (裁判法): in tournaments the penalties of the seed apply instead of a plain refusal.
//!
//! - 第十条: a move on a forbidden point is void and costs the turn (着手无效，弃权一次).
//! - 第十一条一: an immediate ko recapture is void and costs the turn.
//! - 第十一条三: triple ko, quadruple ko, eternal life and the like may be declared a draw or
//!   replayed; 竞赛规定 第四条一: a game may end by forfeit or a verdict.
//! - 第二十五条二: warnings are recorded; a second warning in one game loses it.
//!
//! Every event is kept with its time (passed in, ms) and the move number it followed, so the
//! record can carry it.

use super::colour::Colour;
use super::game::{Game, Move, PlayError, Played};
use super::scoring::GameResult;

/// How illegal moves are treated in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Mode {
    /// Illegal moves are refused with their reason, without penalty.
    #[default]
    Casual,
    /// The penalties of 裁判法 apply.
    Referee,
}

/// A referee's verdict that ends the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// 判负: `loser` loses (e.g. did not turn up, left the game, 竞赛规定 第四条一).
    Forfeit { loser: Colour },
    /// 和棋 (e.g. triple ko, 第十一条三).
    Draw,
    /// 重下: the game is to be replayed.
    Replay,
    /// 无胜负: no result.
    NoResult,
}

/// Something the referee did or decided.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A void move that counted as a pass (第十条, 第十一条一).
    VoidMove {
        colour: Colour,
        mv: Move,
        reason: PlayError,
    },
    /// A warning with its reason (第二十五条二).
    Warning {
        colour: Colour,
        reason: WarningReason,
    },
    Verdict(Verdict),
}

/// Why the referee warns a player (裁判法 第二十五条 lists the conduct a warning answers).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WarningReason {
    /// 妨碍对方思考.
    Disturbing,
    /// 提子未提清即按钟.
    ClockBeforeCaptures,
    /// 无故中途退场.
    LeavingWithoutReason,
    /// 与他人议论棋势.
    DiscussingTheGame,
    /// 其他, with what the referee wrote.
    Other(String),
}

impl WarningReason {
    /// The reasons a referee picks from, in order.
    pub const LISTED: [WarningReason; 4] = [
        WarningReason::Disturbing,
        WarningReason::ClockBeforeCaptures,
        WarningReason::LeavingWithoutReason,
        WarningReason::DiscussingTheGame,
    ];

    /// As the seed words it (and the record's comments say it).
    pub fn chinese(&self) -> &str {
        match self {
            WarningReason::Disturbing => "妨碍对方思考",
            WarningReason::ClockBeforeCaptures => "提子未提清即按钟",
            WarningReason::LeavingWithoutReason => "无故中途退场",
            WarningReason::DiscussingTheGame => "与他人议论棋势",
            WarningReason::Other(s) if s.is_empty() => "其他",
            WarningReason::Other(s) => s,
        }
    }

    pub fn english(&self) -> &str {
        match self {
            WarningReason::Disturbing => "Disturbing the opponent",
            WarningReason::ClockBeforeCaptures => "Pressing the clock before removing captures",
            WarningReason::LeavingWithoutReason => "Leaving the game without reason",
            WarningReason::DiscussingTheGame => "Discussing the game with others",
            WarningReason::Other(s) if s.is_empty() => "Other",
            WarningReason::Other(s) => s,
        }
    }

    /// A stable key for stored records.
    pub fn key(&self) -> &str {
        match self {
            WarningReason::Disturbing => "disturbing",
            WarningReason::ClockBeforeCaptures => "clock-before-captures",
            WarningReason::LeavingWithoutReason => "leaving",
            WarningReason::DiscussingTheGame => "discussing",
            WarningReason::Other(s) => s,
        }
    }

    /// Reads a key, or the reason's words in either language (records written before the
    /// reasons had keys stored the words of the UI's language).
    pub fn parse(s: &str) -> WarningReason {
        let s = s.trim();
        Self::LISTED
            .into_iter()
            .find(|r| r.key() == s || r.chinese() == s || r.english() == s)
            .unwrap_or_else(|| match s {
                "其他" | "Other" => WarningReason::Other(String::new()),
                _ => WarningReason::Other(s.to_string()),
            })
    }
}

/// An event, when it happened and after how many moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Recorded {
    pub at_ms: u64,
    pub after_move: usize,
    pub event: Event,
}

/// What a move came to in referee mode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judged {
    Played(Played),
    /// The move was void; the turn passed (the pass is in the game).
    Void {
        pass: Played,
        reason: PlayError,
    },
}

/// The referee's record of a game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Referee {
    events: Vec<Recorded>,
}

impl Referee {
    pub fn new() -> Referee {
        Referee::default()
    }

    /// A referee's record restored from saved events.
    pub fn from_events(events: Vec<Recorded>) -> Referee {
        Referee { events }
    }

    pub fn events(&self) -> &[Recorded] {
        &self.events
    }

    /// Warnings given to `c` so far.
    pub fn warnings(&self, c: Colour) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(&e.event, Event::Warning { colour, .. } if *colour == c))
            .count()
    }

    fn record(&mut self, game: &Game, at_ms: u64, event: Event) {
        self.events.push(Recorded {
            at_ms,
            after_move: game.moves().len(),
            event,
        });
    }

    /// Judges `c`'s move: a forbidden point or an immediate ko recapture is void and counts as
    /// a pass; other refusals (an occupied point, not your turn) stay refusals.
    pub fn judge(
        &mut self,
        game: &mut Game,
        c: Colour,
        mv: Move,
        at_ms: u64,
    ) -> Result<Judged, PlayError> {
        match game.check(c, mv) {
            Ok(()) => game.play(c, mv).map(Judged::Played),
            Err(reason @ (PlayError::Suicide | PlayError::Ko)) => {
                let pass = game.forfeit_turn(c)?;
                // The void move is recorded as following the move before the pass.
                self.events.push(Recorded {
                    at_ms,
                    after_move: game.moves().len() - 1,
                    event: Event::VoidMove {
                        colour: c,
                        mv,
                        reason,
                    },
                });
                Ok(Judged::Void { pass, reason })
            }
            Err(e) => Err(e),
        }
    }

    /// Gives `c` a warning; the second in the game loses it (第二十五条二). Returns the result
    /// when the game ended.
    pub fn warn(
        &mut self,
        game: &mut Game,
        c: Colour,
        reason: WarningReason,
        at_ms: u64,
    ) -> Option<GameResult> {
        if game.result().is_some() {
            return None;
        }
        self.record(game, at_ms, Event::Warning { colour: c, reason });
        if self.warnings(c) >= 2 {
            let result = GameResult::Forfeit {
                winner: c.opponent(),
            };
            game.end(result.clone()).ok()?;
            return Some(result);
        }
        None
    }

    /// Declares a verdict, which ends the game.
    pub fn declare(&mut self, game: &mut Game, v: Verdict, at_ms: u64) -> Option<GameResult> {
        if game.result().is_some() {
            return None;
        }
        self.record(game, at_ms, Event::Verdict(v));
        let result = match v {
            Verdict::Forfeit { loser } => GameResult::Forfeit {
                winner: loser.opponent(),
            },
            Verdict::Draw => GameResult::Draw,
            Verdict::Replay | Verdict::NoResult => GameResult::Void,
        };
        game.end(result.clone()).ok()?;
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Rules};

    fn game(diagram: &[&str], to_move: Colour) -> Game {
        let size = BoardSize::new(diagram.len() as u32).unwrap();
        let (mut b, mut w) = (vec![], vec![]);
        for (r, row) in diagram.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let p = size.point(c as u8, r as u8);
                match ch {
                    'X' => b.push(p),
                    'O' => w.push(p),
                    _ => {}
                }
            }
        }
        Game::from_setup(size, Rules::chinese(), &b, &w, to_move, 0)
    }

    #[test]
    fn a_forbidden_point_is_void_and_counts_as_a_pass() {
        let mut g = game(
            &[".O...", "O....", ".....", ".....", "....."],
            Colour::Black,
        );
        let mut r = Referee::new();
        let a5 = g.size().parse_vertex("A5").unwrap();
        let j = r
            .judge(&mut g, Colour::Black, Move::Play(a5), 1_000)
            .unwrap();
        assert!(matches!(
            j,
            Judged::Void {
                reason: PlayError::Suicide,
                ..
            }
        ));
        assert_eq!(g.to_move(), Colour::White);
        assert_eq!(g.last_move().unwrap().mv, Move::Pass);
        assert!(g.board().is_empty(a5));
        assert_eq!(
            r.events()[0].event,
            Event::VoidMove {
                colour: Colour::Black,
                mv: Move::Play(a5),
                reason: PlayError::Suicide
            }
        );
        assert_eq!(r.events()[0].after_move, 0);
    }

    #[test]
    fn an_immediate_ko_recapture_is_void() {
        let mut g = game(
            &[".XO..", "XO.O.", ".XO..", ".....", "....."],
            Colour::Black,
        );
        let mut r = Referee::new();
        let c4 = g.size().parse_vertex("C4").unwrap();
        let b4 = g.size().parse_vertex("B4").unwrap();
        r.judge(&mut g, Colour::Black, Move::Play(c4), 0).unwrap();
        let j = r.judge(&mut g, Colour::White, Move::Play(b4), 0).unwrap();
        assert!(matches!(
            j,
            Judged::Void {
                reason: PlayError::Ko,
                ..
            }
        ));
        assert_eq!(g.to_move(), Colour::Black);
        // An occupied point is still just refused.
        assert_eq!(
            r.judge(&mut g, Colour::Black, Move::Play(c4), 0),
            Err(PlayError::Occupied)
        );
    }

    #[test]
    fn the_second_warning_loses_the_game() {
        let mut g = game(&["...", "...", "..."], Colour::Black);
        let mut r = Referee::new();
        assert_eq!(
            r.warn(&mut g, Colour::White, WarningReason::Disturbing, 10),
            None
        );
        assert_eq!(
            r.warn(
                &mut g,
                Colour::Black,
                WarningReason::ClockBeforeCaptures,
                20
            ),
            None
        );
        let result = r
            .warn(&mut g, Colour::White, WarningReason::Disturbing, 30)
            .unwrap();
        assert_eq!(result.sgf(), "B+F");
        assert_eq!(result.chinese(), "黑胜（白判负）");
        assert_eq!(r.warnings(Colour::White), 2);
        assert_eq!(
            r.warn(
                &mut g,
                Colour::Black,
                WarningReason::Other("late".into()),
                40
            ),
            None,
            "nothing after the end"
        );
    }

    #[test]
    fn verdicts_give_their_notations() {
        for (v, sgf, zh) in [
            (Verdict::Draw, "0", "和棋"),
            (Verdict::Replay, "Void", "无胜负"),
            (Verdict::NoResult, "Void", "无胜负"),
            (
                Verdict::Forfeit {
                    loser: Colour::Black,
                },
                "W+F",
                "白胜（黑判负）",
            ),
        ] {
            let mut g = game(&["...", "...", "..."], Colour::Black);
            let mut r = Referee::new();
            let result = r.declare(&mut g, v, 5).unwrap();
            assert_eq!(
                (result.sgf().as_str(), result.chinese().as_str()),
                (sgf, zh)
            );
            assert_eq!(r.events().len(), 1);
        }
    }
}

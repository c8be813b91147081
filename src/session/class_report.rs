//! 班级报告, the teacher's view of a class: from the analysed games picked, one report per
//! player (by the name the records give) — the games, the points lost per move on average in
//! each phase of the game, how many moves fell in each class, and the three biggest mistakes —
//! and the same as CSV for a spreadsheet. Plain data from [`GameReview`]s; the page draws it.
//!
//! A section is a person with a name: each pupil who handed games in and each opponent who
//! wrote a name. The computer is only ever an opponent, and so is a side with no name (a
//! classmate who skipped the question): "没写名字的对手" inside the game, never a section of
//! its own (issue 51).

use crate::bot::review::{Class, GameReview, Mistake};
use crate::rules::{BoardSize, Colour};

/// The parts of a game a teacher speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// 布局.
    Opening,
    /// 中盘.
    Middle,
    /// 官子.
    End,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Middle, Phase::End];

    /// The phase's name as Chinese players say it, and in English.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Phase::Opening => ("布局", "opening"),
            Phase::Middle => ("中盘", "middle game"),
            Phase::End => ("官子", "endgame"),
        }
    }

    /// The phase of move `n` (1 for the first) on a board of `size`.
    pub fn of(size: BoardSize, n: usize) -> Phase {
        let (opening, middle) = phase_ends(size);
        if n <= opening {
            Phase::Opening
        } else if n <= middle {
            Phase::Middle
        } else {
            Phase::End
        }
    }
}

/// The last move of the opening and of the middle game on a board of `size`: the opening
/// until about a seventh of the board's points have been played (19×19: 1–51; 13×13: 1–24;
/// 9×9: 1–11), the middle game until about two fifths (19×19: 52–152; 13×13: 25–71; 9×9:
/// 12–34), the endgame after. A rule of thumb, the same for every game of a size, so that
/// players are compared on the same moves; the page states the ranges.
pub fn phase_ends(size: BoardSize) -> (usize, usize) {
    let area = size.area() as f32;
    (
        (area * 0.14).round() as usize,
        (area * 0.42).round() as usize,
    )
}

/// One analysed game as the report takes it.
#[derive(Clone, Debug)]
pub struct ReportGame {
    /// How the page names the game (its title, or its players and date).
    pub title: String,
    /// The players' names as the record gives them (empty: none given).
    pub black: String,
    pub white: String,
    pub size: BoardSize,
    pub review: GameReview,
    /// The side the computer played, if it did: the computer is an opponent in the report,
    /// never a pupil with a section of its own.
    pub computer: Option<Colour>,
    /// The winner, when the game ended with one.
    pub winner: Option<Colour>,
}

/// A mistake of a player, with the game it was made in (an index into the games given).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameMistake {
    pub game: usize,
    pub mistake: Mistake,
}

/// One player's report.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerReport {
    pub name: String,
    /// The games the player played in (indices into the games given), in their order.
    pub games: Vec<usize>,
    /// Per phase ([`Phase::ALL`]'s order): the player's moves with an analysis, and the
    /// points they lost in all (a move that gained counts as 0).
    pub moves: [u32; 3],
    pub lost: [f32; 3],
    /// How many of the player's moves fell in each class ([`Class::ALL`]'s order).
    pub classes: [u32; 5],
    /// The biggest mistakes (at most [`BIGGEST`]), biggest first.
    pub biggest: Vec<GameMistake>,
    /// Games won and lost (the others had no winner).
    pub won: u32,
    pub lost_games: u32,
}

/// How many mistakes a player's report shows.
pub const BIGGEST: usize = 3;

impl PlayerReport {
    fn new(name: &str) -> PlayerReport {
        PlayerReport {
            name: name.to_string(),
            games: vec![],
            moves: [0; 3],
            lost: [0.0; 3],
            classes: [0; 5],
            biggest: vec![],
            won: 0,
            lost_games: 0,
        }
    }

    /// Points lost per move on average in `phase`; `None` with no move analysed there.
    pub fn average(&self, phase: Phase) -> Option<f32> {
        let i = phase as usize;
        (self.moves[i] > 0).then(|| self.lost[i] / self.moves[i] as f32)
    }

    /// The player's analysed moves in all.
    pub fn total_moves(&self) -> u32 {
        self.moves.iter().sum()
    }
}

/// Whether a player's name is the computer's as this app writes it (`电脑 · 25 级`, and the
/// names of earlier versions, `手谈电脑 · 25 级`, `Shoutan AI · 25 kyu`): a record read from a
/// file says who the computer was only by its name.
pub fn is_computer_name(name: &str) -> bool {
    ["电脑 ·", "电脑·", "手谈电脑", "Computer ·", "Shoutan AI"]
        .iter()
        .any(|c| name.trim_start().starts_with(c))
}

/// Whether a record belongs in a class report by default: a game of Go with moves, not capture
/// Go (its own goal) and not a teacher's set-up position.
pub fn reportable(s: &crate::session::Session) -> bool {
    s.setup.capture_goal.is_none()
        && !s.game.moves().is_empty()
        && (s.game.handicap() >= 2 || s.game.setup().stone_counts() == [0, 0])
}

impl ReportGame {
    /// The name of side `c`, if it has a section: a person who wrote a name (not the
    /// computer, not a side left unnamed).
    pub fn section(&self, c: Colour) -> Option<&str> {
        let name = match c {
            Colour::Black => self.black.trim(),
            Colour::White => self.white.trim(),
        };
        (self.computer != Some(c) && !name.is_empty()).then_some(name)
    }

    /// The game's players as the report writes them, Black first: each name as given with
    /// `rank` after it when it has one, and `unnamed` ("没写名字的对手") for a side that gave
    /// no name.
    pub fn players(&self, rank: impl Fn(Colour) -> String, unnamed: &str) -> String {
        let side = |c: Colour| {
            let name = match c {
                Colour::Black => self.black.trim(),
                Colour::White => self.white.trim(),
            };
            match (name, rank(c)) {
                ("", _) => unnamed.to_string(),
                (n, r) if r.is_empty() => n.to_string(),
                (n, r) => format!("{n} {r}"),
            }
        };
        format!("{} – {}", side(Colour::Black), side(Colour::White))
    }
}

/// The games in which nobody has a section (no side wrote a name): analysed, but no one's;
/// the page says how many.
pub fn nobodys(games: &[ReportGame]) -> Vec<usize> {
    (0..games.len())
        .filter(|&i| {
            [Colour::Black, Colour::White]
                .iter()
                .all(|&c| games[i].section(c).is_none())
        })
        .collect()
}

/// The reports of every player of `games` who has a section ([`ReportGame::section`]), in
/// the order they first appear; a player who played several games (under the same name) has
/// one report over all of them.
pub fn report(games: &[ReportGame]) -> Vec<PlayerReport> {
    let mut out: Vec<PlayerReport> = Vec::new();
    for (gi, g) in games.iter().enumerate() {
        for c in [Colour::Black, Colour::White] {
            let Some(name) = g.section(c) else {
                continue;
            };
            let i = match out.iter().position(|p| p.name == name) {
                Some(i) => i,
                None => {
                    out.push(PlayerReport::new(name));
                    out.len() - 1
                }
            };
            let p = &mut out[i];
            if !p.games.contains(&gi) {
                p.games.push(gi);
                match g.winner {
                    Some(w) if w == c => p.won += 1,
                    Some(_) => p.lost_games += 1,
                    None => {}
                }
            }
            for n in 1..=g.review.moves.len() {
                if g.review.moves[n - 1].0 != c {
                    continue;
                }
                let Some(loss) = g.review.loss(n) else {
                    continue;
                };
                let phase = Phase::of(g.size, n) as usize;
                p.moves[phase] += 1;
                p.lost[phase] += loss.max(0.0);
                p.classes[Class::of(loss) as usize] += 1;
            }
            p.biggest.extend(
                g.review
                    .mistakes(c, Class::Slack.threshold())
                    .into_iter()
                    .map(|mistake| GameMistake { game: gi, mistake }),
            );
            p.biggest.sort_by(|a, b| {
                b.mistake
                    .loss
                    .total_cmp(&a.mistake.loss)
                    .then(a.game.cmp(&b.game))
                    .then(a.mistake.number.cmp(&b.mistake.number))
            });
            p.biggest.truncate(BIGGEST);
        }
    }
    out
}

/// A cell as the CSV writes it: one that a spreadsheet would take for a formula — its first
/// character `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's CSV injection rule) — is
/// written as text, with a `'` before it (and, as every cell, quoted). A pupil named
/// `=HYPERLINK("http://x.invalid","看这里")` stays a name in the teacher's spreadsheet.
pub fn csv_cell(text: &str) -> std::borrow::Cow<'_, str> {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}").into(),
        _ => text.into(),
    }
}

/// The reports as CSV (RFC 4180, a header row then a row per player, every cell quoted and
/// made safe by [`csv_cell`]): the player, the games, the moves analysed, the average points
/// lost per move in each phase (empty where none), the count of each class, and the biggest
/// mistakes (`game title #move loss`, `;` between them). `zh` writes the header in Chinese;
/// the losses are in 子 (half a point, as the Chinese count speaks and the app shows them), as
/// the header says.
pub fn csv(reports: &[PlayerReport], games: &[ReportGame], zh: bool) -> String {
    let pick = |n: (&'static str, &'static str)| if zh { n.0 } else { n.1 };
    let mut header: Vec<String> = vec![
        pick(("棋手", "player")).into(),
        pick(("对局数", "games")).into(),
        pick(("分析的手数", "moves analysed")).into(),
    ];
    for ph in Phase::ALL {
        header.push(format!(
            "{}{}",
            pick(ph.names()),
            pick(("每手损失（子）", " loss per move (zi)"))
        ));
    }
    for c in Class::ALL {
        header.push(pick(c.names()).into());
    }
    header.push(pick(("最大的问题手", "biggest mistakes")).into());
    let mut w = ::csv::WriterBuilder::new()
        .quote_style(::csv::QuoteStyle::Always)
        .from_writer(Vec::new());
    let _ = w.write_record(header.iter().map(|c| csv_cell(c).into_owned()));
    for p in reports {
        let mut row = vec![
            p.name.clone(),
            p.games.len().to_string(),
            p.total_moves().to_string(),
        ];
        for ph in Phase::ALL {
            row.push(
                p.average(ph)
                    .map_or(String::new(), |a| format!("{:.2}", a / 2.0)),
            );
        }
        row.extend(p.classes.iter().map(u32::to_string));
        row.push(
            p.biggest
                .iter()
                .map(|m| {
                    format!(
                        "{} #{} {:.1}",
                        games.get(m.game).map_or("", |g| g.title.as_str()),
                        m.mistake.number,
                        m.mistake.loss / 2.0
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
        );
        let _ = w.write_record(row.iter().map(|c| csv_cell(c).into_owned()));
    }
    w.into_inner()
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::review::tests::review_with;

    /// A player's biggest mistakes as (game, move number).
    fn biggest(p: &PlayerReport) -> Vec<(usize, usize)> {
        p.biggest
            .iter()
            .map(|m| (m.game, m.mistake.number))
            .collect()
    }

    fn game(title: &str, black: &str, white: &str, leads: &[f32]) -> ReportGame {
        ReportGame {
            title: title.into(),
            black: black.into(),
            white: white.into(),
            size: BoardSize::NINE,
            review: review_with(leads),
            computer: None,
            winner: None,
        }
    }

    #[test]
    fn the_computer_is_an_opponent_never_a_pupil_and_results_are_counted() {
        let mut a = game("a", "小明", "电脑 · 25 级", &[0.0; 11]);
        a.computer = Some(Colour::White);
        a.winner = Some(Colour::Black);
        let mut b = game("b", "手谈电脑 · 20 级", "小明", &[0.0; 11]);
        b.computer = None;
        b.winner = Some(Colour::Black);
        // A record from a file names the computer only by its name.
        if is_computer_name(&b.black) {
            b.computer = Some(Colour::Black);
        }
        let c = game("c", "小明", "小红", &[0.0; 11]);
        let reports = report(&[a, b, c]);
        let names: Vec<&str> = reports.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["小明", "小红"]);
        assert_eq!((reports[0].won, reports[0].lost_games), (1, 1));
        assert_eq!(reports[0].games, vec![0, 1, 2]);
        assert!(!is_computer_name("小电脑迷"));
    }

    #[test]
    fn the_phases_of_each_board_size_are_the_stated_ranges() {
        assert_eq!(phase_ends(BoardSize::NINETEEN), (51, 152));
        assert_eq!(phase_ends(BoardSize::new(13).unwrap()), (24, 71));
        assert_eq!(phase_ends(BoardSize::NINE), (11, 34));
        assert_eq!(Phase::of(BoardSize::NINE, 11), Phase::Opening);
        assert_eq!(Phase::of(BoardSize::NINE, 12), Phase::Middle);
        assert_eq!(Phase::of(BoardSize::NINE, 35), Phase::End);
    }

    #[test]
    fn a_players_games_are_summed_by_phase_and_class_with_the_biggest_mistakes() {
        // 40 moves: Black loses 3 points at move 5 (opening) and 6 at move 21 (middle game);
        // White loses 1 at move 36 (endgame); every other move loses nothing.
        let mut leads = vec![0.0f32; 41];
        for (i, l) in leads.iter_mut().enumerate() {
            *l = match i {
                0..=4 => 0.0,
                5..=20 => -3.0,
                21..=35 => -9.0,
                _ => -8.0,
            };
        }
        let one = game("one", "小明", "小红", &leads);
        // A second game, 小红 now Black: she loses 2 at move 3.
        let mut leads2 = vec![0.0f32; 11];
        for l in leads2.iter_mut().skip(3) {
            *l = -2.0;
        }
        let two = game("two", "小红", "小刚", &leads2);
        let games = [one, two];
        let r = report(&games);
        let names: Vec<&str> = r.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["小明", "小红", "小刚"]);
        let ming = &r[0];
        assert_eq!(ming.games, [0]);
        assert_eq!(ming.moves, [6, 11, 3], "Black's moves 1–11, 13–33, 35–39");
        assert!((ming.average(Phase::Opening).unwrap() - 0.5).abs() < 1e-6);
        assert!((ming.average(Phase::Middle).unwrap() - 6.0 / 11.0).abs() < 1e-6);
        assert_eq!(ming.average(Phase::End), Some(0.0));
        assert_eq!(ming.classes, [18, 0, 0, 1, 1]);
        assert_eq!(biggest(ming), [(0, 21), (0, 5)]);
        let hong = &r[1];
        assert_eq!(hong.games, [0, 1]);
        assert_eq!(hong.total_moves(), 20 + 5);
        // White's moves gain when Black loses; her own losses: 2 at game two's move 3, and
        // game one's move 36 (−9 → −8: 1 point for White).
        assert_eq!(biggest(hong), [(1, 3), (0, 36)]);
        assert_eq!(r[2].classes.iter().sum::<u32>(), 5);
    }

    #[test]
    fn the_csv_reads_back_with_a_row_per_player() {
        let leads: Vec<f32> = (0..21).map(|i| if i >= 7 { -6.0 } else { 0.0 }).collect();
        let games = [game("a, \"quoted\" title", "小明", "White", &leads)];
        let r = report(&games);
        let text = csv(&r, &games, true);
        let mut rd = ::csv::Reader::from_reader(text.as_bytes());
        let header = rd.headers().unwrap().clone();
        assert_eq!(&header[0], "棋手");
        assert_eq!(header.len(), 3 + 3 + 5 + 1);
        let rows: Vec<::csv::StringRecord> = rd.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[0][0], "小明");
        assert_eq!(&rows[0][2], "10");
        assert_eq!(&rows[0][10], "1", "one 大恶手");
        assert_eq!(
            &rows[0][3], "0.50",
            "6 points over Black's 6 moves of the opening (1–11): 1 point, 0.5 子 a move"
        );
        assert_eq!(&rows[0][4], "0.00", "the middle game lost nothing");
        assert_eq!(&rows[0][11], "a, \"quoted\" title #7 3.0");
        assert_eq!(&rows[1][5], "", "White played no endgame move");
        assert!(csv(&r, &games, false).starts_with("\"player\",\"games\","));
    }

    #[test]
    fn a_section_per_named_person_the_unnamed_opponent_and_the_computer_only_in_the_game() {
        // 小明 handed in three games: against a classmate who gave no name (face to face),
        // against the computer, and against 小红; 小红 against the computer; and a game in
        // which nobody wrote a name.
        // Black's third move loses 3 points in each game.
        let leads = [0.0, 0.0, 0.0, -3.0, -3.0, -3.0, -3.0];
        let unnamed = game("", "小明", "", &leads);
        let mut computer = game("", "电脑 · 25 级", "小明", &leads);
        computer.computer = Some(Colour::Black);
        let hong = game("", "小红", "小明", &leads);
        // The computer named only by its name, as a record from a file has it.
        let mut hong_computer = game("", "小红", "Shoutan AI · 20 kyu", &leads);
        hong_computer.computer = None;
        let mut nobody = game("", " ", "", &leads);
        nobody.winner = Some(Colour::Black);
        let mut games = [unnamed, computer, hong, hong_computer, nobody];
        for g in &mut games {
            if g.computer.is_none() {
                g.computer = [Colour::Black, Colour::White].into_iter().find(|&c| {
                    is_computer_name(if c == Colour::Black {
                        &g.black
                    } else {
                        &g.white
                    })
                });
            }
        }
        let r = report(&games);
        let names: Vec<&str> = r.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            ["小明", "小红"],
            "no section for the unnamed side or the computer"
        );
        assert_eq!(
            r[0].games,
            [0, 1, 2],
            "the game against the unnamed classmate is 小明's"
        );
        assert_eq!(r[1].games, [2, 3]);
        assert_eq!(nobodys(&games), [4]);
        // 小明's mistakes are counted in the game against the unnamed classmate too.
        assert_eq!(biggest(&r[0]), [(0, 3)]);
        assert_eq!(biggest(&r[1]), [(2, 3), (3, 3)]);
        // Inside the game: the opponent with no name, in the page's words; ranks after names.
        let rank = |c: Colour| {
            if c == Colour::Black {
                "25级".to_string()
            } else {
                String::new()
            }
        };
        assert_eq!(
            games[0].players(rank, "没写名字的对手"),
            "小明 25级 – 没写名字的对手"
        );
        assert_eq!(
            games[0].players(|_| String::new(), "an opponent with no name"),
            "小明 – an opponent with no name"
        );
        assert_eq!(games[2].players(|_| String::new(), "?"), "小红 – 小明");
        // The CSV: a row per section, nothing else.
        let text = csv(&r, &games, true);
        let rows: Vec<::csv::StringRecord> = ::csv::Reader::from_reader(text.as_bytes())
            .records()
            .map(Result::unwrap)
            .collect();
        let first: Vec<&str> = rows.iter().map(|row| &row[0]).collect();
        assert_eq!(first, ["小明", "小红"]);
    }

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_written_as_text() {
        let tricky = "=HYPERLINK(\"http://x.invalid\",\"看这里\")";
        for start in ['=', '+', '-', '@', '\t', '\r'] {
            let name = format!("{start}1+2");
            let title = format!("{start}SUM(A1:A9)");
            let leads: Vec<f32> = (0..9).map(|i| if i >= 3 { -6.0 } else { 0.0 }).collect();
            let games = [game(&title, &name, tricky, &leads)];
            let r = report(&games);
            let text = csv(&r, &games, false);
            let rows: Vec<::csv::StringRecord> = ::csv::Reader::from_reader(text.as_bytes())
                .records()
                .map(Result::unwrap)
                .collect();
            // A name is read trimmed (a tab or a line break first is not part of it).
            let cell = if start.is_whitespace() {
                name.trim().to_string()
            } else {
                format!("'{name}")
            };
            assert_eq!(&rows[0][0], cell, "{start:?}");
            assert_eq!(csv_cell(&name), format!("'{name}"), "{start:?}");
            assert_eq!(&rows[1][0], format!("'{tricky}"), "{start:?}");
            assert!(
                rows[0][11].starts_with(&format!("'{title} #3")),
                "{:?}",
                &rows[0][11]
            );
            // In the file, every cell is quoted: the `'` is inside the quotes.
            assert!(text.contains(&format!("\"'{title} #3")), "{text}");
            // No cell of the file starts with a character a spreadsheet runs.
            for row in &rows {
                for cell in row {
                    assert!(
                        !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                        "{cell:?}"
                    );
                }
            }
        }
        // Everything else is written as it is: names, numbers, a `'` or a space first.
        for plain in ["小明", "2", "0.50", "'quoted", " =x", "a=b", ""] {
            assert_eq!(csv_cell(plain), plain);
        }
    }
}

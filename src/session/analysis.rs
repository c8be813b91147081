//! A game's 复盘 as it is kept beside the game (storage's `shoutan.analysis.<id>`): text, so
//! that a 250-move 19×19 game's analysis stays near 6 kB, and tied to the moves it was made
//! for (a game played on, or another game under the same id, reads as no analysis).
//!
//! Version 1: a header line `a1 <moves> <fingerprint>` and a line per position, from before the
//! first move to after the last: `<lead> <win> <visits> <best> <rank> <prior> <best prior>` —
//! Black's lead in tenths of a point, Black's win rate and the priors (of the played move, of
//! the best) in thousandths, the best moves comma-separated (`-`: none), the played move's rank
//! under the policy (`-` at the end);
//! `?` for a position not yet analysed. Ownership is not kept: it is asked for again when a
//! mistake is opened.

use crate::bot::review::{self, GameReview, Step};
use crate::rules::{notation, BoardSize, Colour, Game, Move, Point};

/// A fingerprint of a game's moves (FNV-1a over their text), so an analysis is never read
/// against other moves.
fn fingerprint(r: &GameReview, size: BoardSize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (c, m) in &r.moves {
        let text = format!("{c:?}{};", notation::move_text(size, *m));
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// One step as a line of the stored text (and of the worker's 复盘 replies).
pub fn step_line(s: &Step, size: BoardSize) -> String {
    let best = if s.best.is_empty() {
        "-".to_string()
    } else {
        s.best
            .iter()
            .map(|&m| notation::move_text(size, m))
            .collect::<Vec<_>>()
            .join(",")
    };
    let (rank, prior) = match s.played {
        Some((r, p)) => (r.to_string(), (p * 1000.0).round() as i32),
        None => ("-".to_string(), 0),
    };
    format!(
        "{} {} {} {best} {rank} {prior} {}",
        (s.lead * 10.0).round() as i32,
        (s.win * 1000.0).round() as i32,
        s.visits,
        (s.best_prior * 1000.0).round() as i32
    )
}

/// A step read back from [`step_line`]; `None` when the line is damaged.
pub fn parse_step(line: &str, size: BoardSize) -> Option<Step> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() != 7 {
        return None;
    }
    let best = if f[3] == "-" {
        vec![]
    } else {
        f[3].split(',')
            .map(|m| notation::read_move_text(size, m))
            .collect::<Option<Vec<_>>>()?
    };
    let played = match f[4] {
        "-" => None,
        rank => Some((rank.parse().ok()?, f[5].parse::<f32>().ok()? / 1000.0)),
    };
    Some(Step {
        lead: f[0].parse::<f32>().ok()? / 10.0,
        win: f[1].parse::<f32>().ok()? / 1000.0,
        visits: f[2].parse().ok()?,
        best,
        best_prior: f[6].parse::<f32>().ok()? / 1000.0,
        played,
    })
}

/// The analysis as stored text.
pub fn to_text(r: &GameReview, size: BoardSize) -> String {
    let mut out = format!("a1 {} {:016x}\n", r.moves.len(), fingerprint(r, size));
    for step in &r.steps {
        match step {
            None => out.push('?'),
            Some(s) => out.push_str(&step_line(s, size)),
        }
        out.push('\n');
    }
    out
}

/// The analysis of `game` read back; `None` when the text is damaged or was made for other
/// moves.
pub fn from_text(text: &str, game: &Game) -> Option<GameReview> {
    let size = game.size();
    let mut r = GameReview::of(game);
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next()?.split(' ').collect();
    if head.len() != 3 || head[0] != "a1" || head[1].parse::<usize>().ok()? != r.moves.len() {
        return None;
    }
    if u64::from_str_radix(head[2], 16).ok()? != fingerprint(&r, size) {
        return None;
    }
    for slot in r.steps.iter_mut() {
        let line = lines.next()?;
        if line != "?" {
            *slot = Some(parse_step(line, size)?);
        }
    }
    Some(r)
}

/// The SGF property a move's step is written under (ours: a step line as [`step_line`]
/// writes it, Black's lead in tenths of a point first), on the node of the position it is of —
/// the root for the start, each move's node after it. Other programs keep an unknown property
/// and show the comment written beside it.
pub const SGF_PROPERTY: &str = "SHAN";

/// Black's win rate in percent at each analysed position: Sabaki's convention for its winrate
/// graph (analyze-sgf writes it for KataGo's analyses too), so that other programs draw the
/// game's graph from our 复盘.
pub const WIN_RATE_PROPERTY: &str = "SBKV";

/// How a 复盘 comment starts (so that exporting again does not write it twice).
const COMMENT_START: &str = "复盘：";

/// `s` with its analysis written into the record: each position's step as [`SGF_PROPERTY`],
/// and at each move that lost points (缓手 and worse) a comment a player of any program reads:
/// "复盘：恶手，损失 1.5 子（黑领先 2 子），更好的一手 C3".
pub fn annotated(s: &super::Session, r: &GameReview) -> super::Session {
    let mut out = s.clone();
    let size = s.game.size();
    for (i, step) in r.steps.iter().enumerate() {
        let (Some(step), Some(node)) = (step, s.node_of_move(i)) else {
            continue;
        };
        let n = out.tree.node_mut(node);
        n.set(SGF_PROPERTY, vec![step_line(step, size)]);
        // The win rate as Sabaki keeps and draws it: Black's, in percent.
        n.set(WIN_RATE_PROPERTY, vec![format!("{:.2}", step.win * 100.0)]);
        let Some(loss) = r
            .loss(i)
            .filter(|&l| review::Class::of(l) > review::Class::Good)
        else {
            continue;
        };
        if n.first("C").is_some_and(|c| c.contains(COMMENT_START)) {
            continue;
        }
        let zi = |points: f32| format!("{:.1}", points.abs() / 2.0);
        let lead = if step.lead >= 0.0 { "黑" } else { "白" };
        let mut text = format!(
            "{COMMENT_START}{}，损失 {} 子（{lead}领先 {} 子）",
            review::Class::of(loss).names().0,
            zi(loss),
            zi(step.lead)
        );
        let better = r.steps[i - 1]
            .as_ref()
            .and_then(|b| b.best.first().copied())
            .filter(|&b| Some(b) != r.moves.get(i - 1).map(|m| m.1));
        if let Some(b) = better {
            text.push_str(&format!("，更好的一手 {}", notation::move_text(size, b)));
        }
        crate::record::sgf::append_comment(n, &text);
    }
    out
}

/// The analysis a record carries in [`SGF_PROPERTY`] (a file this app exported), if any
/// position has one and every one there reads.
pub fn from_record(s: &super::Session) -> Option<GameReview> {
    let size = s.game.size();
    let mut r = GameReview::of(&s.game);
    let mut any = false;
    for i in 0..r.steps.len() {
        let Some(text) = s
            .node_of_move(i)
            .and_then(|n| s.tree.node(n).first(SGF_PROPERTY))
        else {
            continue;
        };
        r.steps[i] = Some(parse_step(text, size)?);
        any = true;
    }
    any.then_some(r)
}

/// How far a point's ownership (−1 White's … 1 Black's) must move for a mistake to be said to
/// have changed who owns it: from a likely owner to unsure, or from unsure to the other side.
pub const OWNERSHIP_MOVED: f32 = 0.6;

/// Where a move changed who owns what: the points whose ownership moved by more than
/// [`OWNERSHIP_MOVED`] from `before` to `after` (both as [`super::computer::Reply::ownership_on`]
/// gives them), each with how far it moved, towards Black (> 0) or White (< 0), at most 1 —
/// only those, not a haze over the whole board; the board shades each in the colour it moved
/// towards. The stone `played` (the move between the two, if a stone) becoming its player's
/// says nothing and is left out; becoming the other side's is kept.
pub fn ownership_moved(
    before: &[(Point, f32)],
    after: &[(Point, f32)],
    played: Option<(Point, Colour)>,
) -> Vec<(Point, f32)> {
    before
        .iter()
        .zip(after)
        .filter(|((p, b), (q, a))| p == q && (a - b).abs() > OWNERSHIP_MOVED)
        .map(|(&(_, b), &(q, a))| (q, (a - b).clamp(-1.0, 1.0)))
        .filter(|&(q, d)| match played {
            Some((p, c)) if p == q => (d > 0.0) != (c == Colour::Black),
            _ => true,
        })
        .collect()
}

/// A line at a mistake as the worker answers it ([`super::computer::Request::line`]): the
/// search's moves on the first line (`-`: none), then the points whose ownership the move
/// played moved, each `<vertex>:<move in hundredths>` (`-`: none).
pub fn line_text(size: BoardSize, line: &[Move], moved: &[(Point, f32)]) -> String {
    let or_dash = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    };
    let moves = line.iter().map(|&m| notation::move_text(size, m)).collect();
    let points = moved
        .iter()
        .map(|&(p, d)| format!("{}:{}", size.vertex(p), (d * 100.0).round() as i32))
        .collect();
    format!("{}\n{}\n", or_dash(moves), or_dash(points))
}

/// A line read back from [`line_text`]: its moves (up to the first unreadable one) and the
/// points whose ownership moved (a damaged entry left out).
pub fn parse_line(size: BoardSize, text: &str) -> (Vec<Move>, Vec<(Point, f32)>) {
    let mut lines = text.lines();
    let moves = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map_while(|v| notation::read_move_text(size, v))
        .collect();
    let moved = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|e| {
            let (v, d) = e.split_once(':')?;
            Some((size.parse_vertex(v).ok()?, d.parse::<f32>().ok()? / 100.0))
        })
        .collect();
    (moves, moved)
}

/// The line played out from `before` to its first `step` moves: the position, and the line's
/// numbers (1 for its first move) on its stones still standing. Stops at a move the rules
/// refuse (a line read from a damaged reply): the position so far.
pub fn line_position(before: &Game, line: &[Move], step: usize) -> (Game, Vec<(Point, u32)>) {
    let mut g = before.clone();
    let mut numbers: Vec<(Point, u32)> = Vec::new();
    for (i, &mv) in line.iter().take(step).enumerate() {
        if g.play(g.to_move(), mv).is_err() {
            break;
        }
        if let Move::Play(p) = mv {
            numbers.retain(|&(q, _)| q != p);
            numbers.push((p, i as u32 + 1));
        }
    }
    let board = g.board();
    numbers.retain(|&(p, _)| board.colour_at(p).is_some());
    (g, numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn game(size: BoardSize, moves: usize) -> Game {
        game_from(size, moves, 0)
    }

    /// `moves` legal moves on the points in order, from the `skip`th on.
    fn game_from(size: BoardSize, moves: usize, skip: usize) -> Game {
        let mut g = Game::new(size, Rules::chinese());
        let mut points = size.points().skip(skip);
        while g.moves().len() < moves {
            let c = g.to_move();
            let Some(p) = points.next() else { break };
            if g.is_legal_point(c, p) {
                g.play(c, Move::Play(p)).unwrap();
            }
        }
        g
    }

    fn analysed(g: &Game) -> GameReview {
        let mut r = GameReview::of(g);
        let size = g.size();
        for (i, s) in r.steps.iter_mut().enumerate() {
            *s = Some(Step {
                lead: (i as f32 * 1.37).sin() * 40.0,
                win: 0.5 + (i as f32).cos() * 0.4,
                best: size.points().skip(i).take(3).map(Move::Play).collect(),
                best_prior: 0.25,
                played: (i < g.moves().len()).then_some((i as u16 % 7, 0.125)),
                visits: if i % 5 == 0 { 64 } else { 1 },
            });
        }
        r
    }

    #[test]
    fn an_analysis_survives_its_text() {
        let g = game(BoardSize::NINE, 40);
        let mut r = analysed(&g);
        r.steps[7] = None;
        let back = from_text(&to_text(&r, g.size()), &g).unwrap();
        assert_eq!(back.moves, r.moves);
        for (a, b) in back.steps.iter().zip(&r.steps) {
            match (a, b) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    assert!((a.lead - b.lead).abs() <= 0.05);
                    assert!((a.win - b.win).abs() <= 0.0005);
                    assert_eq!(
                        (&a.best, a.played.map(|p| p.0), a.visits),
                        (&b.best, b.played.map(|p| p.0), b.visits)
                    );
                }
                _ => panic!("a step appeared or went missing"),
            }
        }
    }

    #[test]
    fn an_analysis_of_other_moves_or_damaged_text_reads_as_none() {
        let g = game(BoardSize::NINE, 30);
        let text = to_text(&analysed(&g), g.size());
        let mut longer = g.clone();
        let c = longer.to_move();
        longer.play(c, Move::Pass).unwrap();
        assert!(from_text(&text, &longer).is_none(), "a game played on");
        let other = game_from(BoardSize::NINE, 30, 1);
        assert_eq!(other.moves().len(), 30);
        assert!(from_text(&text, &other).is_none(), "other moves");
        assert!(
            from_text(&text[..text.len() / 2], &g).is_none(),
            "cut short"
        );
        assert!(
            from_text(&text.replace(" 64 ", " x "), &g).is_none(),
            "a bad number"
        );
        assert!(from_text("", &g).is_none());
    }

    #[test]
    fn a_long_nineteen_game_analysis_stays_small() {
        let g = game(BoardSize::NINETEEN, 250);
        assert_eq!(g.moves().len(), 250);
        let text = to_text(&analysed(&g), g.size());
        assert!(text.len() <= 8 * 1024, "{} bytes", text.len());
    }

    #[test]
    fn an_analysis_survives_an_sgf_export_and_import() {
        use crate::session::{GameId, Session, Setup};
        let g = game(BoardSize::NINE, 30);
        let mut s = Session::new(GameId(1), 0.0, Setup::default());
        s.set_game(g.clone());
        let r = analysed(&s.game);
        let text = annotated(&s, &r).to_sgf();
        assert!(text.contains("SHAN["), "{text}");
        // Sabaki's win rate at each position: Black's, in percent.
        let back_tree = Session::from_sgf(&text, GameId(3), 0.0).unwrap().session;
        for (i, step) in r.steps.iter().enumerate() {
            let node = back_tree.node_of_move(i).unwrap();
            let kv: f32 = back_tree
                .tree
                .node(node)
                .first(WIN_RATE_PROPERTY)
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                (kv - step.as_ref().unwrap().win * 100.0).abs() < 0.01,
                "position {i}: {kv}"
            );
        }
        assert!(
            text.contains("复盘："),
            "a comment any program shows: {text}"
        );
        let back = Session::from_sgf(&text, GameId(2), 0.0).unwrap().session;
        let read = from_record(&back).expect("the analysis read back");
        assert_eq!(read.moves, r.moves);
        for (a, b) in read.steps.iter().zip(&r.steps) {
            let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
            assert!((a.lead - b.lead).abs() <= 0.05 && a.best == b.best && a.visits == b.visits);
        }
        // Exported again, the comments are not written twice.
        let twice = annotated(&back, &read).to_sgf();
        assert_eq!(
            twice.matches("复盘：").count(),
            text.matches("复盘：").count()
        );
        // A record without it has none.
        assert!(from_record(&s).is_none());
    }
    #[test]
    fn only_the_points_whose_owner_moved_are_shown() {
        let size = BoardSize::new(5).unwrap();
        let before: Vec<(Point, f32)> = size.points().map(|p| (p, 0.9)).collect();
        let mut after = before.clone();
        after[3].1 = 0.2; // Black's to unsure: 0.7, over the threshold
        after[7].1 = -0.8; // Black's to White's
        after[9].1 = 0.5; // 0.4 less: not enough
        let moved = ownership_moved(&before, &after, None);
        assert_eq!(moved.len(), 2);
        assert_eq!((moved[0].0, moved[1].0), (after[3].0, after[7].0));
        assert!((moved[0].1 + 0.7).abs() < 1e-6, "towards White by 0.7");
        assert_eq!(
            moved[1].1, -1.0,
            "towards White by 1.7, drawn as far as it goes"
        );
        assert!(ownership_moved(&before, &before, None).is_empty());
    }

    #[test]
    fn the_networks_line_plays_out_with_its_numbers_on_the_stones_left() {
        let size = BoardSize::NINE;
        let v = |s: &str| size.parse_vertex(s).unwrap();
        // White E5 in atari at E6: the line takes it, then plays on.
        let mut before = Game::new(size, Rules::chinese());
        for m in ["D5", "E5", "E4", "A9", "F5", "A8"] {
            let c = before.to_move();
            before.play(c, Move::Play(v(m))).unwrap();
        }
        let (line, moved) = parse_line(size, "E6 C3 pass D7 zz E9\nE5:-93 bad C3:71\n");
        assert_eq!(line.len(), 4, "read up to the unreadable move");
        assert_eq!(moved, vec![(v("E5"), -0.93), (v("C3"), 0.71)]);
        let text = line_text(size, &line, &moved);
        assert_eq!(parse_line(size, &text), (line.clone(), moved));
        assert_eq!(
            parse_line(size, &line_text(size, &[], &[])),
            (vec![], vec![])
        );
        let (g, numbers) = line_position(&before, &line, 2);
        assert_eq!(g.moves().len(), before.moves().len() + 2);
        assert_eq!(numbers, vec![(v("E6"), 1), (v("C3"), 2)]);
        assert_eq!(g.board().colour_at(v("E5")), None, "E5 was taken");
        let (all, numbers) = line_position(&before, &line, 99);
        assert_eq!(all.moves().len(), before.moves().len() + 4);
        assert_eq!(numbers.last(), Some(&(v("D7"), 4)));
        // A line the rules refuse stops where it goes wrong.
        let (bad, _) = parse_line(size, "E6 E6 C3");
        let (g, numbers) = line_position(&before, &bad, 3);
        assert_eq!(
            (g.moves().len(), numbers.len()),
            (before.moves().len() + 1, 1)
        );
    }
}

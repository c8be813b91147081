//! The sentence under each line of a problem, in Chinese and in English, in words a
//! nine-year-old reads: what the right move does (naming the technique where the line shows
//! one), and for a wrong move what the opponent's answer does to it. Made when the problem is
//! made and stored with it: the app shows them, it does not make them.
//!
//! Pure: what a line ended in ([`Ending`], read off the board by [`ending`]) and the technique
//! in, two sentences out.

use super::scan::Fight;
use super::technique::{self, Step, Technique};
use crate::rules::{Board, Colour, Move, Point};

/// What the line ended in, for the side the problem is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The chain fought over was taken: this many stones.
    Taken(usize),
    /// It got out (the escape liberties) or joined stones it cannot lose.
    Out,
    /// It lives (two eyes, or stones that cannot be taken).
    Lives,
    /// In a race, or an attack gone wrong: the prover's own stones were taken, this many.
    OwnTaken(usize),
    /// The line stopped with nothing decided on the board (two passes in seki, a cut line).
    Open,
}

/// What became of the fight at the end of `line` (the problem's target, and for a race the
/// prover's own chain `ours`). `escape` is the liberties that count as out.
pub fn ending(
    start: &Board,
    line: &[Step],
    target: Point,
    ours: Option<Point>,
    escape: usize,
) -> Ending {
    let end = line.last().map_or(start, |s| &s.after);
    let defender = start.colour_at(target);
    let start_target = start.chain(target);
    if end.colour_at(target) != defender {
        // Every stone taken from the target over the line (it may have grown first).
        let taken = line
            .iter()
            .filter(|s| Some(s.colour) != defender)
            .map(|s| s.captured.len())
            .max()
            .unwrap_or(start_target.len());
        return Ending::Taken(taken.max(start_target.len()));
    }
    if let Some(o) = ours {
        let me = start.colour_at(o);
        if end.colour_at(o) != me {
            let taken = line
                .iter()
                .filter(|s| Some(s.colour) != me)
                .map(|s| s.captured.len())
                .max()
                .unwrap_or(0);
            return Ending::OwnTaken(taken.max(start.chain(o).len()));
        }
    }
    let libs = end.liberties(target).len();
    if libs >= escape {
        return Ending::Out;
    }
    if defender.is_some_and(|c| crate::rules::scoring::pass_alive(end, c)[target.index()]) {
        return Ending::Lives;
    }
    // The attacker's stones taken on the way (a capture that failed by being captured).
    let attacker = defender.map(Colour::opponent);
    let own_lost: usize = line
        .iter()
        .filter(|s| Some(s.colour) == defender)
        .map(|s| s.captured.len())
        .sum();
    if own_lost > 0 && attacker.is_some() {
        return Ending::OwnTaken(own_lost);
    }
    Ending::Open
}

/// Colour names: 黑棋/白棋, Black/White.
fn names(c: Colour) -> (&'static str, &'static str) {
    match c {
        Colour::Black => ("黑棋", "Black"),
        Colour::White => ("白棋", "White"),
    }
}

fn stones_en(n: usize) -> String {
    if n == 1 {
        "1 stone".into()
    } else {
        format!("{n} stones")
    }
}

/// The sentence for a right first move: `line` is that move of `me` and what follows, it
/// shows `technique` (if any) and ends in `ending`.
pub fn right(
    fight: Fight,
    me: Colour,
    technique: Option<Technique>,
    ending: Ending,
    line: &[Step],
) -> (String, String) {
    let Some(first) = line.first() else {
        return (String::new(), String::new());
    };
    let (mz, me_en) = names(me);
    let (tz, them_en) = names(me.opponent());
    let taken = match ending {
        Ending::Taken(n) => n,
        _ => 0,
    };
    let took = first.captured.len();
    match (fight, technique) {
        (_, Some(Technique::Snapback)) => {
            let (g, t) = technique::snapback(line, me).unwrap_or((1, taken.max(2)));
            (
                format!("这是倒扑：{mz}先送{g}子，{tz}提掉以后，{mz}再吃回{t}子。"),
                format!(
                    "A snapback: {me_en} gives {}, and after {them_en} takes it, {me_en} takes back {}.",
                    stones_en(g),
                    stones_en(t)
                ),
            )
        }
        (_, Some(Technique::Ladder)) => (
            format!("征子：{mz}一直打吃，{tz}越跑气越少，最后被吃掉。"),
            format!(
                "A ladder: {me_en} keeps giving atari. The more {them_en} runs, the fewer liberties it has, and it is captured."
            ),
        ),
        (_, Some(Technique::ConnectAndDie)) => (
            format!("接不归：{tz}接上也只有一口气，还是被吃掉。"),
            format!(
                "Connect and die: even if {them_en} connects, the stones have only one liberty and are captured."
            ),
        ),
        (_, Some(Technique::Door)) => (
            format!("门吃：{mz}把门关上，{tz}往外跑也跑不掉。"),
            format!("Close the door: {them_en} cannot run out."),
        ),
        (_, Some(Technique::DoubleAtari)) => (
            format!("双打：一步同时打吃两块{tz}，{tz}只能救一块。"),
            format!(
                "A double atari: one move puts two {them_en} groups in atari, and {them_en} can save only one."
            ),
        ),
        (_, Some(Technique::Net)) => (
            format!("枷吃：先不打吃，把{tz}的路封住，它就跑不掉了。"),
            "A net: don't give atari yet. Close the way out, and the stones cannot run."
                .to_string(),
        ),
        (Fight::Kill, Some(Technique::VitalPoint)) => (
            format!("点眼：下在{tz}眼位的要点上，{tz}做不出两只眼。"),
            format!(
                "The vital point: play in the middle of {them_en}'s eye space, and {them_en} cannot make two eyes."
            ),
        ),
        (Fight::Kill, Some(Technique::ThrowIn)) => (
            format!("扑：先送一子破眼，{tz}只剩一只眼，活不了。"),
            format!("A throw-in breaks the eye: {them_en} has only one eye and cannot live."),
        ),
        (_, Some(Technique::ThrowIn)) => (
            format!("扑：先往里送一子，{tz}的气就不够了。"),
            format!("A throw-in: give a stone first, and {them_en} runs short of liberties."),
        ),
        (Fight::Capture, _) if took > 0 => (
            format!("直接提掉{took}颗{}子。", &tz[..3]),
            format!("Capture {} of {them_en}'s at once.", stones_en(took)),
        ),
        (Fight::Capture, _) if is_atari(first) => (
            format!("打吃！{tz}逃不掉，{taken}颗子被吃掉。"),
            format!(
                "Atari! {them_en} cannot get away: {} captured.",
                stones_en(taken)
            ),
        ),
        (Fight::Capture, _) => (
            format!("{mz}下在这里，{tz}的子就逃不掉了。"),
            format!("Play here, and {them_en}'s stones cannot get away."),
        ),
        (Fight::Escape, _) if took > 0 => (
            format!("先吃掉{tz}的子，{mz}有了气，就逃出来了。"),
            format!("Capture {them_en}'s stones first: then {me_en} has liberties and gets out."),
        ),
        (Fight::Escape, _) => (
            format!("长出去：{mz}的气变多了，{tz}吃不掉了。"),
            format!("Run out: {me_en} gets more liberties, and {them_en} cannot capture it."),
        ),
        (Fight::Kill, _) => (
            format!("破眼：{tz}做不出两只眼，被吃掉了。"),
            format!("Take away the eye: {them_en} cannot make two eyes and is captured."),
        ),
        (Fight::Live, _) => (
            format!("做眼：下在这里，{mz}能做出两只眼，活了。"),
            format!("Make eyes here: {me_en} gets two eyes and lives."),
        ),
        (Fight::Race, _) => (
            format!("对杀：先紧{tz}的气，{tz}先被吃掉。"),
            format!("Capturing race: take {them_en}'s liberties first, and {them_en} is captured first."),
        ),
    }
}

/// Whether the first move put a chain of the other side in atari.
fn is_atari(first: &Step) -> bool {
    let Move::Play(p) = first.mv else {
        return false;
    };
    let b = &first.after;
    b.chains_next_to(p, first.colour.opponent())
        .into_iter()
        .any(|q| b.atari_liberty(q).is_some())
}

/// The sentence for a wrong first move of `me`: the opponent's refutation shows `technique`
/// (if any, the opponent's) and ends in `ending`.
pub fn wrong(
    fight: Fight,
    me: Colour,
    technique: Option<Technique>,
    ending: Ending,
) -> (String, String) {
    let (mz, me_en) = names(me);
    let (tz, them_en) = names(me.opponent());
    match (fight, ending) {
        (Fight::Capture | Fight::Race | Fight::Kill, Ending::OwnTaken(n)) => (
            format!("不对。{tz}反过来吃掉了{mz}{n}子。"),
            format!(
                "Not this one. {them_en} captures {} of {me_en}'s instead.",
                stones_en(n)
            ),
        ),
        (Fight::Capture, Ending::Out) => (
            format!("不对。{tz}逃出来了，再也吃不掉了。"),
            format!("Not this one. {them_en} gets out and cannot be captured any more."),
        ),
        (Fight::Capture, _) => (
            format!("不对。{tz}安全了，吃不掉。"),
            format!("Not this one. {them_en} is safe and cannot be captured."),
        ),
        (Fight::Escape | Fight::Live | Fight::Race, Ending::Taken(n)) => match technique {
            Some(t) => (
                format!("不对。{tz}用{}吃掉了{mz}{n}子。", t.zh()),
                format!(
                    "Not this one. {them_en} plays a {} and captures {} of {me_en}'s.",
                    t.en(),
                    stones_en(n)
                ),
            ),
            None if fight == Fight::Live => (
                format!("不对。{mz}只有一只眼，{n}颗子被吃掉了。"),
                format!(
                    "Not this one. {me_en} has only one eye, and {} {} captured.",
                    stones_en(n),
                    if n == 1 { "is" } else { "are" }
                ),
            ),
            None if fight == Fight::Race => (
                format!("不对。{mz}的气不够，先被吃掉了。"),
                format!("Not this one. {me_en} runs out of liberties first and is captured."),
            ),
            None => (
                format!("不对。{mz}的{n}颗子还是被吃掉了。"),
                format!(
                    "Not this one. {me_en}'s {} {} still captured.",
                    stones_en(n),
                    if n == 1 { "is" } else { "are" }
                ),
            ),
        },
        (Fight::Kill, Ending::Lives | Ending::Out) => (
            format!("不对。{tz}做出两只眼，活了。"),
            format!("Not this one. {them_en} makes two eyes and lives."),
        ),
        (Fight::Kill, _) => (
            format!("不对。{tz}没有被吃掉。"),
            format!("Not this one. {them_en} is not captured."),
        ),
        (Fight::Race, _) => (
            format!("不对。{tz}的气比{mz}多，{mz}吃不掉它。"),
            format!("Not this one. {them_en} has more liberties, and {me_en} cannot capture it."),
        ),
        (Fight::Escape | Fight::Live, _) => (
            format!("不对。{mz}还是逃不掉。"),
            format!("Not this one. {me_en} still cannot get away."),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tihai::board;
    use crate::learn::tihai::technique::play_out;

    fn moves(b: &Board, s: &str) -> Vec<Move> {
        s.split_whitespace()
            .map(|v| match v {
                "pass" => Move::Pass,
                v => Move::Play(b.size().parse_vertex(v).unwrap()),
            })
            .collect()
    }

    const SNAPBACK: [&str; 6] = [
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        "X X X X . .",
        "O O O X . .",
        ". . O X . .",
    ];

    #[test]
    fn a_snapback_says_what_was_given_and_taken_back() {
        let b = board(&SNAPBACK);
        let m = moves(&b, "B1 A1 B1");
        let line = play_out(&b, Colour::Black, m[0], &m[1..]);
        let target = b.size().parse_vertex("A2").unwrap();
        let end = ending(&b, &line, target, None, 5);
        assert_eq!(end, Ending::Taken(5));
        let t = technique::recognise(&line, Colour::Black, Some(target), false);
        let (zh, en) = right(Fight::Capture, Colour::Black, t, end, &line);
        assert_eq!(zh, "这是倒扑：黑棋先送1子，白棋提掉以后，黑棋再吃回5子。");
        assert_eq!(
            en,
            "A snapback: Black gives 1 stone, and after White takes it, Black takes back 5 stones."
        );
    }

    #[test]
    fn a_wrong_move_says_what_the_answer_did() {
        // White C3 (liberties D3, C2): Black D3 lets it run out at C2.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . X X . . .",
            ". X O . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let target = b.size().parse_vertex("C3").unwrap();
        let m = moves(&b, "D3 C2 pass C1 pass");
        let line = play_out(&b, Colour::Black, m[0], &m[1..]);
        assert_eq!(ending(&b, &line, target, None, 4), Ending::Out);
        let (zh, en) = wrong(Fight::Capture, Colour::Black, None, Ending::Out);
        assert_eq!(zh, "不对。白棋逃出来了，再也吃不掉了。");
        assert!(en.starts_with("Not this one. White gets out"));
        // The same for White to play names the colours the other way round.
        let (zh, en) = wrong(
            Fight::Escape,
            Colour::White,
            Some(Technique::Ladder),
            Ending::Taken(3),
        );
        assert_eq!(zh, "不对。黑棋用征子吃掉了白棋3子。");
        assert_eq!(
            en,
            "Not this one. Black plays a ladder and captures 3 stones of White's."
        );
    }

    #[test]
    fn every_fight_and_ending_has_both_sentences() {
        let b = board(&SNAPBACK);
        let m = moves(&b, "E2");
        let line = play_out(&b, Colour::Black, m[0], &m[1..]);
        let fights = [
            Fight::Capture,
            Fight::Escape,
            Fight::Race,
            Fight::Kill,
            Fight::Live,
        ];
        let endings = [
            Ending::Taken(3),
            Ending::Out,
            Ending::Lives,
            Ending::OwnTaken(2),
            Ending::Open,
        ];
        let mut techniques: Vec<Option<Technique>> = vec![None];
        techniques.extend(Technique::ALL.map(Some));
        for f in fights {
            for t in &techniques {
                for e in endings {
                    for c in [Colour::Black, Colour::White] {
                        for (zh, en) in [right(f, c, *t, e, &line), wrong(f, c, *t, e)] {
                            assert!(zh.chars().any(|ch| ('\u{4e00}'..='\u{9fff}').contains(&ch)));
                            assert!(zh.ends_with('。'), "{zh}");
                            assert!(
                                en.is_ascii() && en.ends_with('.') && !en.contains("{"),
                                "{en}"
                            );
                        }
                    }
                }
            }
        }
    }
}

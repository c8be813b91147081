//! Reading a stored game of any version: the migrations, one version at a time, and the
//! replay through the core that refuses a damaged record.

use super::*;

/// Brings a record of an older version up to [`RECORD_VERSION`], one version at a time.
pub fn migrate(mut r: GameRecord) -> GameRecord {
    if r.version <= 1 {
        // 1 → 2: no revision yet (the first save of this version counts from 0) and no
        // computer opponent (version 1 had none).
        r.revision = 0;
        r.computer = None;
        r.times = Vec::new();
        r.variations = Vec::new();
        r.notes = Vec::new();
        r.version = 2;
    }
    if r.version == 2 {
        // 2 → 3: the record's tree is built from the main line and its one level of
        // variations, notes and marks when the game is read (`legacy_tree`).
        r.version = 3;
    }
    r
}

/// A stored move, `B D4` or `W pass`.
pub(super) fn parse_move(size: BoardSize, m: &str) -> Result<(Colour, Move), RecordError> {
    let (c, v) = m
        .split_once(' ')
        .ok_or_else(|| RecordError::Malformed(m.to_string()))?;
    let c = colour_of(c.chars().next().unwrap_or('?'))?;
    let mv = if v == "pass" {
        Move::Pass
    } else {
        Move::Play(
            size.parse_vertex(v)
                .map_err(|e| RecordError::DoesNotReplay(e.to_string()))?,
        )
    };
    Ok((c, mv))
}

/// The record tree of a record without one (before v3): the session's root (its setup), a node
/// per move, and what versions 1 and 2 kept beside the moves — comments and marks by move
/// number, variations (one level, each a line) with their own comments and marks.
pub(super) fn legacy_tree(
    r: &GameRecord,
    s: &Session,
    moves: &[(Colour, Move)],
) -> Result<crate::record::tree::Tree, RecordError> {
    use crate::record::sgf::{append_comment, move_node};
    use crate::record::tree::NodeId;
    let size = s.game.size();
    let mut tree = s.tree.clone();
    let mut main = vec![tree.root()];
    for &(c, mv) in moves {
        let last = main[main.len() - 1];
        main.push(tree.add_child(last, move_node(size, c, mv)));
    }
    let mut lines: Vec<Vec<NodeId>> = Vec::new();
    for (after, vmoves) in &r.variations {
        let mut at = *main
            .get(*after)
            .ok_or_else(|| RecordError::Malformed(format!("variation after move {after}")))?;
        let mut line = vec![at];
        for m in vmoves {
            let (c, mv) = parse_move(size, m)?;
            at = tree.add_child(at, move_node(size, c, mv));
            line.push(at);
        }
        lines.push(line);
    }
    // A note or mark: (line: the main line or a variation, its node, text).
    let mut put = |line: Option<usize>, n: usize, what: &str, mark: bool| {
        let nodes = match line {
            None => Some(&main),
            Some(i) => lines.get(i),
        };
        let bad = || RecordError::Malformed(format!("note {what:?} at {n}"));
        let id = *nodes.and_then(|l| l.get(n)).ok_or_else(bad)?;
        let node = tree.node_mut(id);
        if mark {
            let mut parts = what.splitn(2, ' ');
            let (Some(prop), Some(value)) = (parts.next(), parts.next()) else {
                return Err(bad());
            };
            let mut values = node.get(prop).map(<[String]>::to_vec).unwrap_or_default();
            values.push(value.to_string());
            node.set(prop, values);
        } else {
            append_comment(node, what);
        }
        Ok(())
    };
    let split = |text: &str| -> Result<(usize, String), RecordError> {
        let bad = || RecordError::Malformed(format!("note {text:?}"));
        let (n, rest) = text.split_once(' ').ok_or_else(bad)?;
        Ok((n.parse().map_err(|_| bad())?, rest.to_string()))
    };
    for (n, text) in &r.notes {
        put(None, *n, text, false)?;
    }
    for text in &r.marks {
        let (n, mark) = split(text)?;
        put(None, n, &mark, true)?;
    }
    for (i, text) in &r.variation_notes {
        let (n, note) = split(text)?;
        put(Some(*i), n, &note, false)?;
    }
    for (i, text) in &r.variation_marks {
        let (n, mark) = split(text)?;
        put(Some(*i), n, &mark, true)?;
    }
    Ok(tree)
}

/// Rebuilds a session by replaying a record (of any version up to ours) through the core.
pub fn from_record(r: &GameRecord) -> Result<Session, RecordError> {
    if r.version > RECORD_VERSION {
        return Err(RecordError::TooNew(r.version));
    }
    let migrated;
    let r = if r.version < RECORD_VERSION {
        migrated = migrate(r.clone());
        &migrated
    } else {
        r
    };
    let computer = match &r.computer {
        None => None,
        Some(c) => Some(crate::session::Computer {
            colour: colour_of(c.colour)?,
            level: crate::bot::Level::from_key(&c.level)
                .ok_or_else(|| RecordError::Malformed(format!("level {}", c.level)))?,
        }),
    };
    let size = BoardSize::new(r.size).map_err(|e| RecordError::Malformed(e.to_string()))?;
    let setup = Setup {
        size,
        komi: Komi::from_half_points(r.komi_half),
        handicap: r.handicap,
        black: Player {
            name: r.black.name.clone(),
            rank: Rank::parse(&r.black.rank),
        },
        white: Player {
            name: r.white.name.clone(),
            rank: Rank::parse(&r.white.rank),
        },
        time: r.time.map(TimeSystem::from),
        on_close: match r.on_close {
            Some(OnCloseRecord::Run) => ClosePolicy::RunOn,
            Some(OnCloseRecord::Pause) | None => ClosePolicy::Pause,
        },
        mode: match r.mode {
            Some(ModeRecord::Referee) => Mode::Referee,
            Some(ModeRecord::Casual) | None => Mode::Casual,
        },
        computer,
        capture_goal: r.capture_goal,
    };
    let id =
        r.id.parse()
            .map_err(|_| RecordError::Malformed(format!("bad id {:?}", r.id)))?;
    let mut s = Session::new(id, r.created_ms, setup);
    if let Some(set) = &r.setup {
        let points = |v: &[String]| -> Result<Vec<Point>, RecordError> {
            v.iter()
                .map(|p| {
                    size.parse_vertex(p)
                        .map_err(|_| RecordError::Malformed(format!("setup point {p:?}")))
                })
                .collect()
        };
        s.set_game(Game::from_setup(
            size,
            *s.game.rules(),
            &points(&set.black)?,
            &points(&set.white)?,
            colour_of(set.to_move)?,
            r.handicap,
        ));
    }
    s.revision = r.revision;
    s.event = r.event.clone();
    s.date = r.date.clone();
    for &(move_number, c, left_ms, overtime) in &r.times {
        s.times.push(crate::session::MoveTime {
            move_number,
            colour: colour_of(c)?,
            left_ms,
            overtime,
        });
    }
    let moves = r
        .moves
        .iter()
        .map(|m| parse_move(size, m))
        .collect::<Result<Vec<_>, _>>()?;
    let tree = match &r.tree {
        Some(text) => {
            crate::record::sgf::parse(text)
                // Where it broke, without the reader's sentences (the app shell reads records:
                // their words are 学下棋's, for files a player opens).
                .map_err(|e| {
                    RecordError::Malformed(format!(
                        "record tree: line {}, column {}",
                        e.line, e.column
                    ))
                })?
                .0
        }
        None => legacy_tree(r, &s, &moves)?,
    };
    let skipped = s.adopt_tree(tree).map_err(|e| {
        RecordError::Malformed(format!("record tree: bad {}[{}]", e.property, e.value))
    })?;
    // The game the record plays must be the one stored: a move the rules refuse now (a
    // damaged record) or a tree that does not play the moves is not half-loaded.
    let played: Vec<(Colour, Move)> = s.game.moves().iter().map(|m| (m.colour, m.mv)).collect();
    if played != moves {
        return Err(RecordError::DoesNotReplay(match skipped.first() {
            Some((_, c, mv, e)) => {
                format!("{} {}: {e}", letter(*c), notation::move_text(size, *mv))
            }
            None => "the record's tree does not play its moves".into(),
        }));
    }
    let replay = RecordError::DoesNotReplay;
    if s.game.counting().is_some() {
        // Replace the suggestion by the stored marking.
        let size = s.game.size();
        let suggested: Vec<_> = s
            .game
            .counting()
            .map(|c| c.dead.points())
            .unwrap_or_default();
        for p in suggested {
            if !s.game.board().is_empty(p) && s.game.counting().is_some_and(|c| c.dead.contains(p))
            {
                s.game.toggle_dead(p).map_err(|e| replay(e.to_string()))?;
            }
        }
        for v in &r.dead {
            let p = size.parse_vertex(v).map_err(|e| replay(e.to_string()))?;
            if s.game.counting().is_some_and(|c| !c.dead.contains(p)) {
                s.game.toggle_dead(p).map_err(|e| replay(e.to_string()))?;
            }
        }
        s.final_dead = s
            .game
            .counting()
            .map(|c| c.dead.points())
            .unwrap_or_default();
        for &c in &r.confirmed {
            s.game
                .confirm_count(colour_of(c)?)
                .map_err(|e| replay(e.to_string()))?;
        }
    }
    if let (Some(system), Some(c)) = (s.setup.time, &r.clock) {
        let side = |a: [u64; 4]| SideTime {
            main_ms: a[0],
            periods: a[1] as u32,
            period_ms: a[2],
            stones: a[3] as u32,
        };
        let running = match c.running {
            Some((ch, since, carried)) => Some((colour_of(ch)?, since, carried)),
            None => None,
        };
        let flagged = c.flagged.map(colour_of).transpose()?;
        s.clock = Some(Clock::from_parts(
            system,
            [side(c.sides[0]), side(c.sides[1])],
            running,
            c.paused,
            flagged,
        ));
    }
    s.title = r.title.clone();
    s.referee = Referee::from_events(
        r.events
            .iter()
            .map(|e| event_from_record(size, e))
            .collect::<Result<_, _>>()?,
    );
    if let Some(text) = &r.sealed {
        let (c, v) = text
            .split_once(' ')
            .ok_or_else(|| RecordError::Malformed(text.clone()))?;
        let colour = colour_of(c.chars().next().unwrap_or('?'))?;
        let mv = if v == "pass" {
            Move::Pass
        } else {
            Move::Play(size.parse_vertex(v).map_err(|e| replay(e.to_string()))?)
        };
        s.sealed = Some(Sealed { colour, mv });
    }
    if let Some(end) = &r.end {
        let result = match end {
            EndRecord::Resignation { winner } => GameResult::Resignation {
                winner: colour_of(*winner)?,
            },
            EndRecord::Time { winner } => GameResult::Time {
                winner: colour_of(*winner)?,
            },
            EndRecord::Forfeit { winner } => GameResult::Forfeit {
                winner: colour_of(*winner)?,
            },
            EndRecord::Draw => GameResult::Draw,
            EndRecord::Void => GameResult::Void,
        };
        s.game.end(result).map_err(|e| replay(e.to_string()))?;
    }
    Ok(s)
}

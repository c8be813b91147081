//! Which technique lesson teaches what a problem of 题海 asks: a failed exam names the lessons
//! of the problems missed (issue 55, "failed is fine"). The technique the problem's right line
//! shows (`XT`) names its lesson; a problem without one is taught by the lesson of its kind of
//! fight. Keys are the lessons' own (`NN-key.lesson`).

use crate::learn::tihai::exercise::Exercise;
use crate::learn::tihai::scan::Fight;
use crate::learn::tihai::technique::Technique;

/// The lesson that teaches a technique.
pub fn lesson_for_technique(t: Technique) -> &'static str {
    match t {
        Technique::Snapback => "snapback",
        Technique::Ladder => "ladder",
        Technique::DoubleAtari => "double-atari",
        Technique::ConnectAndDie => "connect-and-die",
        Technique::Door => "door",
        Technique::Net => "net",
        Technique::VitalPoint => "vital-point",
        Technique::ThrowIn => "fill-outside",
    }
}

/// The lesson that teaches a kind of fight.
pub fn lesson_for_fight(f: Fight) -> &'static str {
    match f {
        Fight::Capture => "atari",
        Fight::Escape => "escape",
        Fight::Race => "race",
        Fight::Kill => "vital-point",
        Fight::Live => "make-eyes",
    }
}

/// The key of the lesson for a problem (its SGF) written as 题海 writes them (`XG`, `TR`, the
/// right line's `XT`); `None` when it is not (a teacher's file without our properties).
pub fn lesson_for(sgf: &str) -> Option<&'static str> {
    let e = Exercise::from_sgf(sgf).ok()?;
    let technique = e.right.iter().find_map(|l| l.technique);
    Some(technique.map_or(lesson_for_fight(e.fight), lesson_for_technique))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::band::Band;
    use crate::learn::tihai::technique::Technique;

    #[test]
    fn every_technique_and_fight_has_a_lesson_that_exists() {
        let keys: Vec<String> = crate::learn::lessons::all()
            .into_iter()
            .map(|l| l.key)
            .collect();
        for t in Technique::ALL {
            assert!(keys.iter().any(|k| k == lesson_for_technique(t)), "{t:?}");
        }
        for f in [
            Fight::Capture,
            Fight::Escape,
            Fight::Race,
            Fight::Kill,
            Fight::Live,
        ] {
            assert!(keys.iter().any(|k| k == lesson_for_fight(f)), "{f:?}");
        }
    }

    #[test]
    fn a_shipped_snapback_is_taught_by_the_snapback_lesson_and_a_capture_by_the_first() {
        let text = std::fs::read_to_string(format!(
            "{}/assets/tihai/{}",
            env!("CARGO_MANIFEST_DIR"),
            Band::Kyu5.file()
        ))
        .unwrap();
        let snapback = crate::record::sgf::game_trees(&text)
            .into_iter()
            .map(|t| t.to_string())
            .find(|s| {
                Exercise::from_sgf(s).is_ok_and(|e| {
                    e.right
                        .iter()
                        .any(|l| l.technique == Some(Technique::Snapback))
                })
            })
            .expect("the 5–1 级 band holds a snapback");
        assert_eq!(lesson_for(&snapback), Some("snapback"));
        // The first built-in problem captures a stone: 打吃与长 teaches it.
        let builtin = &crate::learn::band::Builtin::all()[0];
        assert_eq!(lesson_for(&builtin.sgf), Some("atari"));
        assert_eq!(lesson_for("(;SZ[9]AB[cc])"), None);
    }
}

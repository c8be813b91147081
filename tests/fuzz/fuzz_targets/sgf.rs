//! Any bytes into the SGF reader: it may refuse them, never panic; what it loads it writes
//! back out, and that text loads again to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shoutan::record::sgf;
use shoutan::rules::Rules;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = sgf::parse_tree(&text);
    if let Ok(loaded) = sgf::load(&text, Rules::chinese(), Some(400)) {
        let out = sgf::write(&loaded.game, &[], &[]);
        let again = sgf::load(&out, Rules::chinese(), None).expect("our own SGF must load");
        assert_eq!(again.game.moves().len(), loaded.game.moves().len());
    }
});

//! SGF files opened on the home screen (the picker or a drop), read in 学下棋's wasm: the app
//! shell hands the file over ([`crate::web::learn::import`]) and carries none of this. One game
//! is stored and opened in review; a collection (a backup of every game) joins the game list,
//! each game once, with the pupils' ladder it carries; what cannot be read or stored is said on
//! the home screen and changes nothing.

use super::i18n::{self, learn, LearnMsg};
use crate::session::{GameId, Session};
use crate::web::{learn as page, storage};

/// Reads `file` and imports what it holds; the page hears how it went
/// ([`page::IMPORTED`]).
pub async fn import(file: web_sys::File) {
    let lang = storage::load_lang();
    let Some(bytes) = crate::web::files::read_bytes(&file).await else {
        return page::imported(learn(lang, LearnMsg::FileUnreadable));
    };
    let text = crate::web::files::decode_sgf(&bytes);
    let now = crate::web::now_ms();
    if crate::record::sgf::game_trees(&text).len() > 1 {
        let mut id = now as u64;
        let done = crate::session::import_collection(
            &text,
            &storage::all_games(),
            || {
                id += 1;
                GameId(id)
            },
            now,
        );
        let mut full = false;
        for s in &done.added {
            full |= storage::save_game(s).is_err();
        }
        // The ladder of a backup: pupils this device does not know come with it.
        if let Some(r) = &done.ladder {
            let mut here = storage::load_ladder();
            here.merge(r);
            let _ = storage::save_ladder(&here);
        }
        let mut notice = i18n::imported(lang, done.added.len(), done.duplicates, done.broken.len());
        if full {
            notice = format!("{notice} {}", learn(lang, LearnMsg::ImportStorageFull));
        }
        return page::imported(&notice);
    }
    match Session::from_sgf(&text, GameId(now as u64), now) {
        Ok(imported) => {
            let s = imported.session;
            if storage::save_game(&s).is_err() {
                return page::imported(learn(lang, LearnMsg::ImportStorageFull));
            }
            page::imported("");
            let notice = if imported.incomplete {
                learn(lang, LearnMsg::SgfIncomplete)
            } else {
                ""
            };
            page::open_review(s.id, notice);
        }
        Err(e) => page::imported(&i18n::sgf_error(lang, &e)),
    }
}

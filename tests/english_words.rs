//! The app's English has no Chinese in it outside the words the README says the English UI
//! keeps (手谈, the app's name, and 中文, the language switch named in its own language; the
//! list `tests/browser/english.test.mjs` walks the screens with): every English string of
//! `src/ui/i18n.rs` and `src/ui/i18n/*.rs`, where every string a player sees comes from, read
//! out of the source — the second of each `X => ("中文", "English")` pair and the strings of
//! each `Lang::En` arm — so a screen the browser test does not reach is held too. An exam
//! report once said "lost 3.5 stones (子)" and "Review (复盘) game 2" to a child reading
//! English. Needs no Leptos: `cargo test --profile ci --locked --no-default-features --test
//! english_words`.
#![cfg(not(target_arch = "wasm32"))]

/// README: "Words the English UI keeps".
const KEEPS: [&str; 2] = ["手谈", "中文"];

/// Chinese characters and full-width punctuation, as `tests/lessons.rs` counts them.
fn cjk(s: &str) -> bool {
    s.chars().any(|c| {
        ('\u{3400}'..='\u{9fff}').contains(&c)
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A string literal's text (escapes left as written: only its characters matter here).
    Str(String),
    /// A word or path (`Lang::En`, `format`, `_`).
    Word(String),
    Arrow,
    Punct(char),
}

/// The tokens of Rust source that matter here: string literals (plain and raw), words, `=>`
/// and punctuation; comments, char literals and lifetimes are skipped.
fn tokens(src: &str) -> Vec<(usize, Tok)> {
    let c: Vec<char> = src.chars().collect();
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            i += 2;
            while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                line += usize::from(c[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if ch == 'r' && matches!(c.get(i + 1), Some('"' | '#')) {
            // r"…" or r#"…"#
            let mut hashes = 0;
            i += 1;
            while c[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            let start = i;
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while !c[i..].starts_with(&close) {
                i += 1;
            }
            let s: String = c[start..i].iter().collect();
            out.push((line, Tok::Str(s.clone())));
            line += s.matches('\n').count();
            i += close.len();
        } else if ch == '"' {
            i += 1;
            let start = i;
            while c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            let s: String = c[start..i].iter().collect();
            out.push((line, Tok::Str(s.clone())));
            line += s.matches('\n').count();
            i += 1;
        } else if ch == '\'' {
            // A char literal ('a', '\n', '\u{3000}') or a lifetime ('static): skipped.
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len()
                && (c[i].is_alphanumeric()
                    || c[i] == '_'
                    || (c[i] == ':' && c.get(i + 1) == Some(&':'))
                    || (c[i] == ':' && i > 0 && c[i - 1] == ':'))
            {
                i += 1;
            }
            out.push((line, Tok::Word(c[start..i].iter().collect())));
        } else if ch == '=' && c.get(i + 1) == Some(&'>') {
            out.push((line, Tok::Arrow));
            i += 2;
        } else {
            out.push((line, Tok::Punct(ch)));
            i += 1;
        }
    }
    out
}

/// The English strings of one file, with their lines.
fn english(src: &str) -> Vec<(usize, String)> {
    // The tests at the end compare with Chinese on purpose.
    let src = src.split("#[cfg(test)]").next().unwrap();
    let t = tokens(src);
    let mut out = Vec::new();
    let is = |k: usize, p: char| t.get(k).map(|x| &x.1) == Some(&Tok::Punct(p));
    for k in 0..t.len() {
        // `X => ("中文", "English")`
        if t[k].1 == Tok::Arrow && is(k + 1, '(') && is(k + 3, ',') {
            if let (Some((_, Tok::Str(zh))), Some((line, Tok::Str(en)))) =
                (t.get(k + 2), t.get(k + 4))
            {
                if cjk(zh) && (is(k + 5, ')') || (is(k + 5, ',') && is(k + 6, ')'))) {
                    out.push((*line, en.clone()));
                }
            }
        }
        // `Lang::En => …`, `(Lang::En, 1) => …`, `(E::TooNew(v), Lang::En) => …`: the arm's
        // strings, to the `,` that ends it or the end of its block.
        if t[k].1 != Tok::Word("Lang::En".into()) {
            continue;
        }
        let Some(arrow) = (k + 1..(k + 6).min(t.len())).find(|&j| t[j].1 == Tok::Arrow) else {
            continue;
        };
        let block = is(arrow + 1, '{');
        let mut depth = 0i32;
        for (line, tok) in &t[arrow + 1..] {
            match tok {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => {
                    depth -= 1;
                    if depth < 0 || (block && depth == 0) {
                        break;
                    }
                }
                Tok::Punct(',') if depth == 0 => break,
                Tok::Str(s) => out.push((*line, s.clone())),
                _ => {}
            }
        }
    }
    out
}

#[test]
fn the_english_has_no_chinese_outside_the_words_it_keeps() {
    let mut files = vec![std::path::PathBuf::from("src/ui/i18n.rs")];
    let mut more: Vec<_> = std::fs::read_dir("src/ui/i18n")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    more.sort();
    files.extend(more);
    let (mut bad, mut n) = (Vec::new(), 0);
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let found = english(&src);
        n += found.len();
        for (line, s) in found {
            let mut rest = s.clone();
            for w in KEEPS {
                rest = rest.replace(w, "");
            }
            if cjk(&rest) {
                bad.push(format!("{}:{line}: {s}", f.display()));
            }
        }
    }
    // Every file was read as it is written: hundreds of English strings, the exam's among them.
    assert!(files.len() >= 7, "{files:?}");
    println!("{n} English strings in {} files", files.len());
    assert!(
        n > 500,
        "only {n} English strings found: has the way they are written changed?"
    );
    assert!(
        bad.is_empty(),
        "English with Chinese in it:\n{}",
        bad.join("\n")
    );
}

/// The reader finds the English of every form the files use, and only the English.
#[test]
fn the_reader_finds_each_form_of_english() {
    let src = r#"
        Tagline => ("围棋 · 中国规则", "Go by the Chinese rules"),
        HandicapNote => (
            "让子棋白先。",
            "White moves first",
        ),
        pub fn a(l: Lang, n: u8) -> String {
            match l {
                Lang::Zh => format!("第 {n} 盘"),
                Lang::En => format!("Game {n}, {}", if n > 1 { "s" } else { "" }),
            }
        }
        match (e, lang) {
            (E::TooNew(v), Lang::Zh) => format!("新版本 {v}"),
            (E::TooNew(v), Lang::En) => format!("A newer version {v}: reload"),
            (E::Other, Lang::En) => {
                let c = '"';
                "Damaged".into()
            }
            (E::Last, Lang::Zh) => "坏了".into(),
        }
        match (lang, n) {
            (Lang::En, 1) => "1 move".to_string(),
            (Lang::En, _) => format!("{n} moves"),
        }
        // Lang::En => "a comment",
        Other => (zh, "not a pair of literals"),
    "#;
    let en: Vec<String> = english(src).into_iter().map(|(_, s)| s).collect();
    assert_eq!(
        en,
        [
            "Go by the Chinese rules",
            "White moves first",
            "Game {n}, {}",
            "s",
            "",
            "A newer version {v}: reload",
            "Damaged",
            "1 move",
            "{n} moves"
        ]
    );
    // And a Chinese word in English is caught.
    assert!(cjk("lost 3.5 stones (子)") && !cjk("lost about 7 points"));
}

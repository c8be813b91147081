//! A key-value store (`localStorage` in the browser, a map in the tests) and the writes that
//! must land together (issue 51): a game with the index that lists it, a book's games with the
//! index, the ladder, the progress and the pupil, a problem set with the progress that points
//! into it. The writes are computed first ([`Writes`]), then applied all or none
//! ([`Writes::apply`]): on the first write the store refuses, every key written so far is put
//! back as it was, so a full store is left exactly as it was found. `web/storage.rs` implements
//! [`Store`] over `localStorage`; everything here is tested natively over stores that refuse
//! after any number of writes.

/// The store refused a write: no room (a browser's quota), or no store at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

/// Keys and text values.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    /// Writes a value; on [`Refused`] the store is as it was.
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused>;
    fn remove(&mut self, key: &str);
    /// Every key the store holds.
    fn keys(&self) -> Vec<String>;
}

/// How much room a key and its value take, as browsers count it for their quota: UTF-16 code
/// units (Chromium's 10 MiB is 5 Mi units; most text here is ASCII, one byte a unit in a file).
pub fn size(key: &str, value: &str) -> usize {
    key.encode_utf16().count() + value.encode_utf16().count()
}

/// Writes and removals to make together, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Writes {
    /// (key, the value to write, or `None` to remove it).
    pub list: Vec<(String, Option<String>)>,
}

impl Writes {
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.list.push((key.into(), Some(value.into())));
    }

    pub fn remove(&mut self, key: impl Into<String>) {
        self.list.push((key.into(), None));
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How much more room the store needs once the writes are made (negative: they free
    /// some), [`size`]'s units.
    pub fn growth(&self, store: &impl Store) -> i64 {
        let mut out = 0i64;
        for (i, (key, value)) in self.list.iter().enumerate() {
            // A key written twice counts once, at its last value.
            if self.list[i + 1..].iter().any(|(k, _)| k == key) {
                continue;
            }
            let old = store.get(key).map_or(0, |v| size(key, &v)) as i64;
            let new = value.as_deref().map_or(0, |v| size(key, v)) as i64;
            out += new - old;
        }
        out
    }

    /// Makes every write, or none: when the store refuses one, the keys written before it are
    /// put back as they were, newest first (each state put back is one the store held a
    /// moment ago, so it fits again), and the store is as it was found.
    pub fn apply(&self, store: &mut impl Store) -> Result<(), Refused> {
        let mut undo: Vec<(&str, Option<String>)> = Vec::new();
        for (key, value) in &self.list {
            let old = store.get(key);
            let done = match value {
                Some(v) => store.set(key, v),
                None => {
                    store.remove(key);
                    Ok(())
                }
            };
            if done.is_err() {
                for (key, old) in undo.into_iter().rev() {
                    match old {
                        Some(v) => {
                            let _ = store.set(key, &v);
                        }
                        None => store.remove(key),
                    }
                }
                return Err(Refused);
            }
            undo.push((key, old));
        }
        Ok(())
    }
}

/// The key the room is measured with ([`free_room`]).
const PROBE: &str = "shoutan.probe";

/// How much room the store has left, up to `up_to` ([`size`]'s units, within about 1 k): the
/// longest value it takes under a probe key, found by halving, then removed again.
pub fn free_room(store: &mut impl Store, up_to: usize) -> usize {
    let filler = "0".repeat(up_to);
    let key = PROBE.len();
    let mut fits = |n: usize| {
        let ok = store.set(PROBE, &filler[..n.saturating_sub(key)]).is_ok();
        store.remove(PROBE);
        ok
    };
    if fits(up_to) {
        return up_to;
    }
    // `lo` fits, `hi` does not.
    let (mut lo, mut hi) = (0, up_to);
    while hi - lo > 1_000 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// A store in memory, for the tests: a quota in [`size`]'s units, and optionally a number of
/// writes after which the next one is refused (a store that fails after N writes; the writes
/// after the refused one succeed, as a browser's do when they fit).
#[cfg(test)]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Memory {
    pub map: std::collections::BTreeMap<String, String>,
    pub quota: Option<usize>,
    pub fail_after: Option<usize>,
}

#[cfg(test)]
impl Memory {
    pub fn used(&self) -> usize {
        self.map.iter().map(|(k, v)| size(k, v)).sum()
    }
}

#[cfg(test)]
impl Store for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.map.get(key).cloned()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        match self.fail_after {
            Some(0) => {
                self.fail_after = None;
                return Err(Refused);
            }
            Some(n) => self.fail_after = Some(n - 1),
            None => {}
        }
        let old = self.map.get(key).map_or(0, |v| size(key, v));
        if let Some(q) = self.quota {
            if self.used() - old + size(key, value) > q {
                return Err(Refused);
            }
        }
        self.map.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&mut self, key: &str) {
        self.map.remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.map.keys().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(pairs: &[(&str, &str)]) -> Memory {
        Memory {
            map: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Memory::default()
        }
    }

    /// The store the writes would make.
    fn written(before: &Memory, w: &Writes) -> Memory {
        let mut out = before.clone();
        for (k, v) in &w.list {
            match v {
                Some(v) => out.map.insert(k.clone(), v.clone()),
                None => out.map.remove(k),
            };
        }
        out
    }

    #[test]
    fn a_store_that_fails_after_any_number_of_writes_is_left_as_it_was() {
        let before = store(&[("a", "1"), ("b", "22"), ("gone", "x")]);
        let mut w = Writes::default();
        w.set("a", "one");
        w.set("new", "value");
        w.remove("gone");
        w.set("b", "22");
        w.set("a", "uno");
        w.set("c", "3");
        let want = written(&before, &w);
        for n in 0..=w.list.len() + 1 {
            let mut s = before.clone();
            s.fail_after = Some(n);
            // Five writes ("gone" is removed).
            let done = w.apply(&mut s);
            assert_eq!(done.is_ok(), n >= 5, "failing after {n} writes");
            let expected = if n >= 5 { &want.map } else { &before.map };
            assert_eq!(&s.map, expected, "failing after {n} writes");
        }
        // Room for everything: everything lands.
        let mut s = before.clone();
        assert_eq!(w.apply(&mut s), Ok(()));
        assert_eq!(s, want);
        assert_eq!(
            w.growth(&before),
            (size("a", "uno") + size("new", "value") + size("c", "3")) as i64
                - (size("a", "1") + size("gone", "x")) as i64
        );
    }

    #[test]
    fn the_room_left_is_found_within_a_thousand() {
        let mut s = store(&[("k", &"x".repeat(40_000))]);
        s.quota = Some(100_000);
        let free = 100_000 - s.used();
        let found = free_room(&mut s, 1_000_000);
        assert!(found <= free && free - found <= 1_000, "{found} of {free}");
        assert_eq!(free_room(&mut s, 5_000), 5_000);
        assert!(s.get(PROBE).is_none());
        assert_eq!(s.used(), 100_000 - free);
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]
            /// Writes into a store with a quota: all of them land, or the store is as it was; a
            /// store with room for every step gets everything.
            #[test]
            fn writes_into_a_full_store_are_all_or_nothing(
                start in prop::collection::btree_map("[a-e]", "[x-z]{0,30}", 0..5),
                list in prop::collection::vec(("[a-g]", prop::option::of("[p-r]{0,40}")), 0..8),
                quota in 0usize..300,
            ) {
                let before = Memory { map: start, ..Memory::default() };
                let w = Writes { list };
                let want = written(&before, &w);
                let mut s = before.clone();
                s.quota = Some(before.used() + quota);
                match w.apply(&mut s) {
                    Ok(()) => prop_assert_eq!(&s.map, &want.map),
                    Err(Refused) => prop_assert_eq!(&s.map, &before.map),
                }
                // Room for the largest state on the way: everything lands.
                let peak: usize = w.list.iter().map(|(k, v)| v.as_deref().map_or(0, |v| size(k, v))).sum();
                let mut roomy = before.clone();
                roomy.quota = Some(before.used() + peak);
                prop_assert_eq!(w.apply(&mut roomy), Ok(()));
                prop_assert_eq!(&roomy.map, &want.map);
                prop_assert_eq!(w.growth(&before), want.used() as i64 - before.used() as i64);
            }
        }
    }
}

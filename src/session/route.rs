//! Where the player is: every screen as an address in the page's fragment (a hash route), so
//! that the browser's Back and Forward move between screens, and a reload, a restored tab or a
//! bookmark lands on the same screen. Hash routes need no server rewrite: they work under any
//! sub-path (GitHub Pages project sites) and offline from the service worker.
//!
//! ```text
//! #/                          home                #/learn                  学下棋
//! #/new  #/new/capture        the new-game dialog #/learn/lesson/3         a lesson (from 1)
//! #/settings                  the settings menu   #/learn/problems/3       a problem set (from 1)
//! #/game/1796388955244        a game, on its board #/learn/problems/3/4     a problem (from 1)
//! #/review/1796388955244      复盘 of a stored game, at its end
//! #/review/1796388955244/move/57                  … at move 57 of its main line
//! #/teach  #/teach/projector  a new teacher's board, its projector view
//! #/teach/1796388955244       a kept teacher's board
//! #/teach/projector/1796388955244                 … its projector view
//! #/report                    the class report
//! #/book  #/name              我的棋册 (the pupil's book), the name asked before a first game
//! #/exam                      升级考试: pick the rank, the exams taken
//! #/exam/1796388955244        an exam: its five games, the next one, the problems, the result
//! #/exam/problems/1796388955244     … its problem test
//! #/exam/certificate/1796388955244  … its certificate (printable A4)
//! #g=1&sz=9&…&mv=…            a shared game (the share link's own fragment, kept as it was)
//! ```
//!
//! Plain data and text, tested natively; `web/route.rs` is the browser's side (history).

use super::editor::BoardId;
use super::GameId;

/// A screen of the app, as its address says it. Plain numbers, no text: the app shell parses
/// addresses, and every byte of it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    /// The new-game dialog; `capture`: set up for capture Go (asked from 学下棋).
    NewGame {
        capture: bool,
    },
    Settings,
    /// A game, on its board.
    Game(GameId),
    /// 复盘 of a stored game, at a move of its main line (`None`: its end).
    Review {
        game: GameId,
        at: Option<usize>,
    },
    /// A game carried by a share link: the address's fragment (`g=…`) is the game.
    Shared,
    Learn,
    /// A lesson of the rules course, by its index (from 0; the address counts from 1).
    Lesson(usize),
    /// A problem set by its place in 学下棋's list (the built-in sets first, then those opened
    /// from files), and one of its problems; both from 0 (the address counts from 1).
    Problems {
        set: usize,
        problem: Option<usize>,
    },
    /// The teacher's board: a kept one, or a new one (kept, and named in the address, once
    /// something is put on it). (Its id alone, as a game's: a payload larger than a game's
    /// changed how every address is laid out, and the app shell grew where it makes them.)
    Teach(Option<BoardId>),
    /// The teacher's board's projector view.
    Projector(Option<BoardId>),
    Report,
    /// 我的棋册: who is playing, the pupil's book saved and opened, the hand-in.
    Book,
    /// The pupil's name asked before their first game, then the new-game dialog.
    Name,
    /// 升级考试 (issue 55): the rank to try and the exams taken.
    Exams,
    /// An exam, by its id: its games, what comes next, its result.
    Exam(u64),
    /// An exam's problem test.
    ExamProblems(u64),
    /// An exam's certificate.
    Certificate(u64),
    /// 每日练习 (issue 53): problems of 题海 at the pupil's level, one after another.
    Daily,
}

/// How a change of screen is written into the history ([`Route::step_from`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A new entry: Back returns to the screen left.
    Push,
    /// In place of the screen left (a step along one level): Back goes where it would have.
    Replace,
    /// The new screen's parent goes under it: over the screen left (`keep`: that is the
    /// parent's own parent) or in its place; then a new entry. Back goes up to the parent.
    Under { parent: Route, keep: bool },
}

/// An address that names no screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRoute;

impl Route {
    /// Reads a fragment (without its `#`). The empty fragment is home.
    pub fn parse(fragment: &str) -> Result<Route, UnknownRoute> {
        if let Some(route) = Route::parse_shell(fragment) {
            return Ok(route);
        }
        if fragment.starts_with("g=") {
            return Ok(Route::Shared);
        }
        let parts = parts(fragment).ok_or(UnknownRoute)?;
        let index = |s: &str| number(s).and_then(|n| n.checked_sub(1)).ok_or(UnknownRoute);
        let route = match parts {
            ["review", id, "", ""] => Route::Review {
                game: game_id(id)?,
                at: None,
            },
            ["review", id, "move", n] => Route::Review {
                game: game_id(id)?,
                at: Some(number(n).ok_or(UnknownRoute)?),
            },
            ["learn", "", "", ""] => Route::Learn,
            ["learn", "lesson", n, ""] => Route::Lesson(index(n)?),
            ["learn", "problems", set, ""] => Route::Problems {
                set: index(set)?,
                problem: None,
            },
            ["learn", "problems", set, n] => Route::Problems {
                set: index(set)?,
                problem: Some(index(n)?),
            },
            ["teach", "", "", ""] => Route::Teach(None),
            ["teach", "projector", "", ""] => Route::Projector(None),
            ["teach", "projector", id, ""] => Route::Projector(Some(board_id(id)?)),
            ["teach", id, "", ""] => Route::Teach(Some(board_id(id)?)),
            ["report", "", "", ""] => Route::Report,
            ["book", "", "", ""] => Route::Book,
            ["name", "", "", ""] => Route::Name,
            ["exam", "", "", ""] => Route::Exams,
            ["exam", id, "", ""] => Route::Exam(game_id(id)?.0),
            ["exam", "problems", id, ""] => Route::ExamProblems(game_id(id)?.0),
            ["exam", "certificate", id, ""] => Route::Certificate(game_id(id)?.0),
            ["daily", "", "", ""] => Route::Daily,
            _ => return Err(UnknownRoute),
        };
        Ok(route)
    }

    /// The app shell's own screens (home, the new-game dialog, settings, a game), read without
    /// the rest of the grammar: `None` for any other address, which 学下棋's wasm reads in full
    /// ([`Route::parse`]: a screen of its own, or nothing, said there). The shell follows the
    /// address with this alone, and every byte of the shell counts.
    pub fn parse_shell(fragment: &str) -> Option<Route> {
        let route = match parts(fragment)? {
            ["", "", "", ""] => Route::Home,
            ["new", "", "", ""] => Route::NewGame { capture: false },
            ["new", "capture", "", ""] => Route::NewGame { capture: true },
            ["settings", "", "", ""] => Route::Settings,
            ["game", id, "", ""] => Route::Game(game_id(id).ok()?),
            _ => return None,
        };
        Some(route)
    }

    /// The fragment (without its `#`) that [`Route::parse`] reads back as this route (for a
    /// shared game only its start: the link's fragment is its own).
    pub fn fragment(&self) -> String {
        let one = |n: usize| n as u64 + 1;
        let (path, number, then): (&str, Option<u64>, Option<(&str, u64)>) = match *self {
            Route::Home => ("/", None, None),
            Route::NewGame { capture: false } => ("/new", None, None),
            Route::NewGame { capture: true } => ("/new/capture", None, None),
            Route::Settings => ("/settings", None, None),
            Route::Game(id) => ("/game/", Some(id.0), None),
            Route::Review { game, at } => {
                ("/review/", Some(game.0), at.map(|n| ("/move/", n as u64)))
            }
            Route::Shared => ("g=", None, None),
            Route::Learn => ("/learn", None, None),
            Route::Lesson(i) => ("/learn/lesson/", Some(one(i)), None),
            Route::Problems { set, problem } => (
                "/learn/problems/",
                Some(one(set)),
                problem.map(|p| ("/", one(p))),
            ),
            Route::Teach(b) => ("/teach", None, b.map(|b| ("/", b.get()))),
            Route::Projector(b) => ("/teach/projector", None, b.map(|b| ("/", b.get()))),
            Route::Report => ("/report", None, None),
            Route::Book => ("/book", None, None),
            Route::Name => ("/name", None, None),
            Route::Exams => ("/exam", None, None),
            Route::Exam(id) => ("/exam/", Some(id), None),
            Route::ExamProblems(id) => ("/exam/problems/", Some(id), None),
            Route::Certificate(id) => ("/exam/certificate/", Some(id), None),
            Route::Daily => ("/daily", None, None),
        };
        let mut out = String::from(path);
        if let Some(n) = number {
            out.push_str(&n.to_string());
        }
        if let Some((sep, n)) = then {
            out.push_str(sep);
            out.push_str(&n.to_string());
        }
        out
    }

    /// Whether the screen is one of 学下棋's wasm (loaded on demand), not the app shell's.
    pub fn in_learn(&self) -> bool {
        !matches!(
            self,
            Route::Home | Route::NewGame { .. } | Route::Settings | Route::Game(_)
        )
    }

    /// The screen a close or back button of this one leads to: a level up (a problem → its
    /// set, in 学下棋's list; a set, a lesson, the teacher's board → 学下棋).
    pub fn parent(&self) -> Route {
        match self {
            Route::Problems {
                set,
                problem: Some(_),
            } => Route::Problems {
                set: *set,
                problem: None,
            },
            Route::Lesson(_)
            | Route::Problems { .. }
            | Route::Teach(_)
            | Route::Report
            | Route::Daily
            | Route::Exams => Route::Learn,
            Route::Projector(b) => Route::Teach(*b),
            Route::Exam(_) => Route::Exams,
            Route::ExamProblems(id) | Route::Certificate(id) => Route::Exam(*id),
            _ => Route::Home,
        }
    }

    /// How the history takes the player from `from` to this screen inside 学下棋, so that
    /// Back goes up a level: a problem → its set → 学下棋, a lesson → the lesson list. Stepping
    /// along a level (the next problem, the next lesson) takes the place of the step before;
    /// a problem opened from elsewhere than its set puts its set under it first: over 学下棋's
    /// page when it comes from there, else in place of the screen left (the course's last
    /// lesson, another set).
    pub fn step_from(&self, from: &Route) -> Step {
        match (*from, *self) {
            (Route::Lesson(_), Route::Lesson(_))
            | (
                Route::Problems {
                    problem: Some(_), ..
                },
                Route::Problems {
                    problem: Some(_), ..
                },
            ) => Step::Replace,
            (Route::Problems { set: a, .. }, Route::Problems { set: b, .. }) if a == b => {
                Step::Push
            }
            (
                from,
                to @ Route::Problems {
                    problem: Some(_), ..
                },
            ) => Step::Under {
                parent: to.parent(),
                keep: from == to.parent().parent(),
            },
            _ => Step::Push,
        }
    }

    /// Whether `other` is this screen with only the move shown changed (stepping through a
    /// game replaces the address instead of adding to the history).
    pub fn same_screen(&self, other: &Route) -> bool {
        match (self, other) {
            (Route::Review { game: a, .. }, Route::Review { game: b, .. }) => a == b,
            _ => self == other,
        }
    }
}

/// The address's path split at `/` (empty parts dropped; four at most, the rest `""`), or
/// `None` for a fragment that is not a path (`/` first, or nothing).
fn parts(fragment: &str) -> Option<[&str; 4]> {
    let path = match fragment {
        "" => "/",
        f => f,
    };
    let path = path.strip_prefix('/')?;
    let mut parts = [""; 4];
    for (i, part) in path.split('/').filter(|p| !p.is_empty()).enumerate() {
        *parts.get_mut(i)? = part;
    }
    Some(parts)
}

/// A decimal number as addresses write it: digits only, no sign, no leading zeros. (Read by
/// hand: the app shell parses addresses, and `str::parse` would bring its own code.)
fn number(s: &str) -> Option<usize> {
    digits(s, 9).map(|n| n as usize)
}

fn game_id(s: &str) -> Result<GameId, UnknownRoute> {
    digits(s, 19).map(GameId).ok_or(UnknownRoute)
}

fn board_id(s: &str) -> Result<BoardId, UnknownRoute> {
    digits(s, 19).and_then(BoardId::new).ok_or(UnknownRoute)
}

fn digits(s: &str, most: usize) -> Option<u64> {
    // At most 19 digits: u64 holds them all.
    if s.is_empty() || s.len() > most.min(19) || (s != "0" && s.starts_with('0')) {
        return None;
    }
    let mut n = 0u64;
    for b in s.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(b - b'0');
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each address, the route it names, and back to the same address.
    fn check(fragment: &str, route: Route) {
        assert_eq!(Route::parse(fragment), Ok(route), "{fragment}");
        assert_eq!(Route::parse(&route.fragment()), Ok(route), "{fragment}");
    }

    #[test]
    fn every_screen_has_an_address_that_reads_back() {
        check("", Route::Home);
        check("/", Route::Home);
        check("/new", Route::NewGame { capture: false });
        check("/new/capture", Route::NewGame { capture: true });
        check("/settings", Route::Settings);
        check("/game/1796388955244", Route::Game(GameId(1796388955244)));
        check(
            "/review/1796388955244",
            Route::Review {
                game: GameId(1796388955244),
                at: None,
            },
        );
        check(
            "/review/17/move/57",
            Route::Review {
                game: GameId(17),
                at: Some(57),
            },
        );
        check(
            "/review/17/move/0",
            Route::Review {
                game: GameId(17),
                at: Some(0),
            },
        );
        check("/learn", Route::Learn);
        check("/learn/lesson/3", Route::Lesson(2));
        check(
            "/learn/problems/2",
            Route::Problems {
                set: 1,
                problem: None,
            },
        );
        check(
            "/learn/problems/12/4",
            Route::Problems {
                set: 11,
                problem: Some(3),
            },
        );
        check("/teach", Route::Teach(None));
        check("/teach/projector", Route::Projector(None));
        check(
            "/teach/1796388955244",
            Route::Teach(Some(BoardId::new(1796388955244).unwrap())),
        );
        check(
            "/teach/projector/1796388955244",
            Route::Projector(Some(BoardId::new(1796388955244).unwrap())),
        );
        check("/report", Route::Report);
        check("/book", Route::Book);
        check("/name", Route::Name);
        check("/exam", Route::Exams);
        check("/exam/1796388955244", Route::Exam(1796388955244));
        check("/exam/problems/17", Route::ExamProblems(17));
        check("/exam/certificate/17", Route::Certificate(17));
        check("/daily", Route::Daily);
        assert_eq!(Route::Daily.parent(), Route::Learn);
        assert!(Route::Daily.in_learn());
        // A trailing slash is the same screen.
        assert_eq!(Route::parse("/learn/"), Ok(Route::Learn));
    }

    #[test]
    fn an_exams_screens_lead_up_to_the_exam_then_the_list_then_learn() {
        assert_eq!(Route::Certificate(5).parent(), Route::Exam(5));
        assert_eq!(Route::ExamProblems(5).parent(), Route::Exam(5));
        assert_eq!(Route::Exam(5).parent(), Route::Exams);
        assert_eq!(Route::Exams.parent(), Route::Learn);
        assert!(Route::Exam(5).in_learn() && Route::Exams.in_learn());
    }

    #[test]
    fn a_share_link_is_a_shared_game() {
        // A link made by the build before hash routes (its fragment is the game).
        let old = "g=1&sz=9&km=15&ha=0&pb=%E9%BB%91&pw=W&mv=eeccgg";
        assert_eq!(Route::parse(old), Ok(Route::Shared));
        assert_eq!(Route::parse(&Route::Shared.fragment()), Ok(Route::Shared));
    }

    #[test]
    fn garbage_names_no_screen() {
        for bad in [
            "hello",
            "/nothing",
            "/game",
            "/game/",
            "/game/abc",
            "/game/-1",
            "/game/1e5",
            "/game/99999999999999999999999",
            "/game/01",
            "/review/1/move/",
            "/review/1/move/x",
            "/review/1/move/007",
            "/learn/lesson/0",
            "/learn/lesson/-3",
            "/learn/lesson/3/4",
            "/learn/problems/0",
            "/learn/problems/1/0",
            "/learn/problems/life/3",
            "/learn/problems/1/2/3",
            "/teach/projector/now",
            "/teach/x",
            "/teach/017",
            "/teach/17/projector",
            "/teach/projector/17/now",
            "/teach/projector/x",
            "/teach/17/18",
            "/exam/x",
            "/exam/017",
            "/exam/17/problems",
            "/exam/problems/x",
            "/exam/problems",
            "/exam/certificate/1/2",
            "//..//",
            "/%00",
        ] {
            assert_eq!(Route::parse(bad), Err(UnknownRoute), "{bad}");
        }
    }

    /// The shell's reading agrees with the whole grammar on every address: its own screens the
    /// same, everything else left to 学下棋's wasm.
    fn check_shell(fragment: &str) {
        let whole = Route::parse(fragment).ok().filter(|r| !r.in_learn());
        assert_eq!(Route::parse_shell(fragment), whole, "{fragment}");
    }

    #[test]
    fn the_shell_reads_its_own_screens_as_the_grammar_does() {
        for f in [
            "",
            "/",
            "/new",
            "/new/",
            "/new/capture",
            "/new/capture/x",
            "/settings",
            "/game/17",
            "/game/017",
            "/game/x",
            "/game",
            "/learn",
            "/review/17",
            "g=1&mv=ee",
            "new",
            "//",
            "/learn/lesson/3",
            "/teach/projector",
            "/teach/17",
            "/teach/projector/17",
            "/report/",
            "/settings/settings",
            "/exam",
            "/exam/certificate/17",
        ] {
            check_shell(f);
        }
    }

    /// proptest is a native dev-dependency (the wasm32 test builds leave it out).
    #[cfg(not(target_arch = "wasm32"))]
    mod properties {
        use super::*;

        proptest::proptest! {
            #[test]
            fn any_address_reads_without_panic_and_agrees(f in "[/a-z0-9g=&%.-]{0,40}") {
                check_shell(&f);
                if let Ok(r) = Route::parse(&f) {
                    if r != Route::Shared {
                        proptest::prop_assert_eq!(Route::parse(&r.fragment()), Ok(r));
                    }
                }
            }

            #[test]
            fn every_route_reads_back(game in 0u64..u64::MAX / 2, n in 0usize..100_000, k in 0usize..4) {
                let at = [None, Some(n)][k % 2];
                for r in [
                    Route::Game(GameId(game)),
                    Route::Review { game: GameId(game), at },
                    Route::Lesson(n),
                    Route::Problems { set: n, problem: at },
                    Route::Teach(BoardId::new(game + 1)),
                    Route::Projector(BoardId::new(game + 1)),
                    Route::Exam(game),
                    Route::ExamProblems(game),
                    Route::Certificate(game),
                ] {
                    proptest::prop_assert_eq!(Route::parse(&r.fragment()), Ok(r));
                }
            }
        }
    }

    #[test]
    fn parents_and_screens() {
        assert_eq!(Route::Lesson(3).parent(), Route::Learn);
        assert_eq!(Route::Projector(None).parent(), Route::Teach(None));
        let board = BoardId::new(17);
        assert_eq!(Route::Projector(board).parent(), Route::Teach(board));
        assert_eq!(Route::Teach(board).parent(), Route::Learn);
        assert!(Route::Teach(board).in_learn() && Route::Projector(board).in_learn());
        assert_eq!(Route::Learn.parent(), Route::Home);
        assert_eq!(Route::Game(GameId(1)).parent(), Route::Home);
        assert!(!Route::Game(GameId(1)).in_learn());
        assert!(Route::Report.in_learn() && Route::Shared.in_learn());
        assert!(Route::Book.in_learn() && Route::Name.in_learn());
        assert_eq!(Route::Book.parent(), Route::Home);
        let at = |n| Route::Review {
            game: GameId(5),
            at: n,
        };
        assert!(at(Some(3)).same_screen(&at(None)));
        assert!(!at(Some(3)).same_screen(&Route::Review {
            game: GameId(6),
            at: Some(3)
        }));
        assert!(!Route::Lesson(1).same_screen(&Route::Lesson(2)));
    }

    /// Back in 学下棋 goes up a level: problem → its set → 学下棋; a lesson → the list.
    #[test]
    fn steps_inside_learn_go_up_a_level_on_back() {
        let problem = |set, p| Route::Problems {
            set,
            problem: Some(p),
        };
        let set = |set| Route::Problems { set, problem: None };
        assert_eq!(problem(1, 3).parent(), set(1));
        assert_eq!(set(1).parent(), Route::Learn);
        assert_eq!(Route::Lesson(2).parent(), Route::Learn);
        // Along a level: in place.
        assert_eq!(problem(1, 4).step_from(&problem(1, 3)), Step::Replace);
        assert_eq!(Route::Lesson(3).step_from(&Route::Lesson(2)), Step::Replace);
        // Down from its set: a new entry, Back returns to the set.
        assert_eq!(problem(1, 0).step_from(&set(1)), Step::Push);
        // From 学下棋's list the set goes between them; from the course's end or another set,
        // in place of the screen left.
        let under = |parent, keep| Step::Under { parent, keep };
        assert_eq!(problem(1, 0).step_from(&Route::Learn), under(set(1), true));
        assert_eq!(
            problem(0, 0).step_from(&Route::Lesson(7)),
            under(set(0), false)
        );
        assert_eq!(problem(2, 0).step_from(&set(1)), under(set(2), false));
        // Everything else is a new entry.
        assert_eq!(Route::Lesson(0).step_from(&Route::Learn), Step::Push);
        assert_eq!(Route::Teach(None).step_from(&Route::Learn), Step::Push);
        assert_eq!(set(1).step_from(&problem(1, 2)), Step::Push);
    }
}

//! Review: walk a game's record tree — buttons, ←/→ back and on, ↑/↓ between the variations
//! of a move, a letter key into a branch, Home/End — with move numbers, where in the tree the
//! node is, captures, comments and marks at each node and the result at the end; the branches
//! of a fork lettered on the board and listed, and a tree of every variation to jump to; "play
//! from here" starts a new game; the teacher's board takes the record to mark it up. It runs in 学下棋's wasm, opened by its address
//! (`#/review/<id>/move/57`, or a shared link's `#g=…`), not in the app shell.

use leptos::prelude::*;

use super::analysis::{self, Filter};
use super::analysis_panel::{analysis_view, Choice};
use super::game::view_of;
use super::goban::Goban;
use super::i18n::{self, learn, t, Lang, LearnMsg, Msg};
use super::line::LineCtl;
use super::pass::{kept_analysis, resume_pass, start_pass, Pass};
use crate::bot::review::Class;
use crate::record::marks::MarkKind;
use crate::record::replay;
use crate::record::tree::NodeId;
use crate::rules::{Colour, Move, Point};
use crate::session::route::Route;
use crate::session::Session;
use crate::web::{learn as page, storage};

/// One stretch of the record tree for the tree view: from `start` on by first children to
/// `end` (a fork or a leaf), at a depth of variations, with its letter at its fork.
#[derive(Clone, PartialEq)]
struct Stretch {
    start: NodeId,
    end: NodeId,
    depth: usize,
    letter: Option<char>,
    first: String,
    moves: usize,
}

/// The most stretches the tree view lists (a dictionary of joseki has thousands).
const MAX_STRETCHES: usize = 200;

/// The letter of a branch at its fork: A for the first (the main line's), B, C, ….
fn branch_letter(i: usize) -> char {
    (b'A' + (i % 26) as u8) as char
}

/// The record's stretches in the order SGF writes them (each fork's variations after the
/// stretch that ends at it, then the line's continuation), with a loop, not recursion.
fn stretches(s: &Session, l: Lang) -> (Vec<Stretch>, bool) {
    let t = &s.tree;
    let size = s.game.size();
    let mut out = Vec::new();
    let mut stack = vec![(t.root(), 0usize, None::<char>)];
    while let Some((start, depth, letter)) = stack.pop() {
        if out.len() == MAX_STRETCHES {
            return (out, true);
        }
        let mut end = start;
        let mut moves = 0;
        let mut first = String::new();
        loop {
            if let Ok(Some((c, mv))) = replay::node_move(size, end, t.node(end)) {
                moves += 1;
                if first.is_empty() {
                    first = move_words(l, size, c, mv);
                }
            }
            match t.children(end) {
                [only] => end = *only,
                _ => break,
            }
        }
        out.push(Stretch {
            start,
            end,
            depth,
            letter,
            first,
            moves,
        });
        let children = t.children(end);
        if children.len() > 1 {
            stack.push((children[0], depth, None));
            for (i, &c) in children.iter().enumerate().skip(1).rev() {
                stack.push((c, depth + 1, Some(branch_letter(i))));
            }
        }
    }
    (out, false)
}

/// A move in words: 黑 C3, White pass.
fn move_words(l: Lang, size: crate::rules::BoardSize, c: Colour, mv: Move) -> String {
    match mv {
        Move::Play(p) => format!("{} {}", i18n::colour(l, c), size.vertex(p)),
        Move::Pass => format!("{} {}", i18n::colour(l, c), t(l, Msg::Pass)),
    }
}

/// Review of `record`; `on_teach` takes it to the teacher's board at the node shown.
#[component]
pub fn Review(
    lang: Signal<Lang>,
    record: Session,
    on_teach: Callback<(Session, NodeId)>,
    /// The stored game's id, when the address carries the move shown (`#/review/<id>/move/57`;
    /// a shared link's game has no such address).
    address: Option<crate::session::GameId>,
    /// The move of the main line to open on (from the address); its end when `None`.
    start: Option<usize>,
) -> impl IntoView {
    let settings = storage::load_settings();
    // The record never changes here: kept, not watched.
    let review = StoredValue::new(record);
    let tree =
        move |f: &dyn Fn(&crate::record::tree::Tree) -> NodeId| review.with_value(|s| f(&s.tree));
    // The node shown: the move the address names, or the end of the main line.
    let opened_at = start.and_then(|n| review.with_value(|s| s.node_of_move(n)));
    let at = RwSignal::new(opened_at.unwrap_or_else(|| tree(&|t| t.main_tail())));
    let position = Memo::new_with_compare(
        move |_| review.with_value(|s| s.position_at(at.get()).ok()),
        |_, _| true,
    );
    let children = Memo::new(move |_| review.with_value(|s| s.tree.children(at.get()).to_vec()));
    // The next moves of a fork, for the letters on the board and the list.
    let branches = Memo::new(move |_| {
        let kids = children.get();
        if kids.len() < 2 {
            return vec![];
        }
        review.with_value(|s| {
            let size = s.game.size();
            kids.iter()
                .enumerate()
                .map(|(i, &id)| {
                    let mv = replay::node_move(size, id, s.tree.node(id)).ok().flatten();
                    (i, id, mv)
                })
                .collect::<Vec<_>>()
        })
    });
    // 复盘 with the network: the analysis kept with the game, the pass while it runs.
    let analysis = RwSignal::new(review.with_value(kept_analysis));
    let pass = Pass::new(review, analysis);
    resume_pass(pass);
    // The view follows the pupil's rank: the beginner's for 10 级 and below, or unknown.
    let filter = RwSignal::new(Filter::for_kyu(review.with_value(Session::pupil_kyu)));
    // The game's positions, for the lessons' words (made once).
    let positions = StoredValue::new(review.with_value(|s| crate::bot::review::positions(&s.game)));
    let unit = RwSignal::new(analysis::Unit::from_key(&storage::load_review_unit()));
    let table_open = RwSignal::new(false);
    let current_move = Memo::new(move |_| review.with_value(|s| s.move_number_of(at.get())));
    // The address follows the move shown (in place: stepping adds nothing to the history), so
    // a reload opens on it. A node off the main line keeps the last main-line move's address.
    if let Some(game) = address {
        Effect::new(move |_| {
            let Some(n) = current_move.get() else {
                return;
            };
            let here = Route::Review { game, at: Some(n) };
            if crate::web::route::current().is_ok_and(|r| r.same_screen(&here) && r != here) {
                crate::web::route::replace(&here);
            }
        });
    }
    // The lessons the filter shows (mistakes grouped and explained, learn::explain), and
    // their moves in order (n / p step through them).
    // The network's ownership before and after a lesson's move whose reason the rules cannot
    // find, asked of the worker when the move is shown: the lesson then says where it moved.
    let owned = RwSignal::new(Vec::<(usize, Vec<f32>, Vec<f32>)>::new());
    let lessons = Memo::new(move |_| {
        let f = filter.get();
        let own = owned.get();
        analysis.with(|a| {
            let Some(a) = a else { return vec![] };
            positions.with_value(|ps| {
                crate::bot::explain::lessons(f, a, ps, |n| {
                    own.iter()
                        .find(|x| x.0 == n)
                        .map(|x| crate::bot::explain::Ownership {
                            before: &x.1,
                            after: &x.2,
                        })
                })
            })
        })
    });
    Effect::new(move |_| {
        let Some(n) = current_move.get().filter(|&n| n >= 1) else {
            return;
        };
        let unexplained = lessons.with(|ls| {
            ls.iter()
                .any(|x| x.number == n && !x.why.says_what_happened())
        });
        if !unexplained || owned.with_untracked(|o| o.iter().any(|x| x.0 == n)) {
            return;
        }
        let Some((size, texts)) = positions.with_value(|ps| {
            let text = |i: usize| ps.get(i).map(|g| crate::record::sgf::write(g, &[], &[]));
            Some((ps.first()?.size(), [text(n - 1)?, text(n)?]))
        }) else {
            return;
        };
        // Both answers, before and after the move; published together.
        let got = StoredValue::new([None::<Vec<f32>>, None]);
        for (i, sgf) in texts.into_iter().enumerate() {
            let req = crate::web::bot::Request::analysis(sgf, 32, 400.0, (2 * n + i) as u64);
            crate::web::bot::ask(req, move |reply| {
                let own: Vec<f32> = reply
                    .ownership_on(size)
                    .into_iter()
                    .map(|(_, o)| o)
                    .collect();
                if own.is_empty() {
                    return;
                }
                got.update_value(|g| g[i] = Some(own));
                if let [Some(before), Some(after)] = got.get_value() {
                    owned.update(|o| o.push((n, before, after)));
                }
            });
        }
    });
    let shown = Memo::new(move |_| {
        let mut all: Vec<usize> = lessons.with(|ls| ls.iter().map(|l| l.number).collect());
        all.sort_unstable();
        all
    });
    // At a mistake the filter shows (or any move of 缓手 and worse): the better move to ring.
    let better_here = move || {
        let n = current_move.get()?;
        analysis.with(|a| {
            let a = a.as_ref()?;
            (n >= 1 && a.class(n)? >= Class::Slack).then_some(())?;
            let best = a.steps[n - 1].as_ref()?.best.first().copied()?;
            crate::bot::review::point_of(best)
                .filter(|&p| Some(crate::rules::Move::Play(p)) != a.moves.get(n - 1).map(|m| m.1))
        })
    };
    // The bot's estimate of the position shown: (node, ownership), cleared by stepping.
    let estimate = RwSignal::new(None::<(NodeId, crate::web::bot::Reply)>);
    // At a mistake: the network's line, and the points whose owner the move changed.
    let line = LineCtl {
        line: RwSignal::new(None),
        note: RwSignal::new(None),
        review,
        coordinates: settings.coordinates,
    };
    let moved_here = move || {
        let n = current_move.get()?;
        line.line.with(|l| {
            l.as_ref()
                .filter(|l| l.number == n)
                .map(|l| l.moved.clone())
        })
    };
    // The help's marks at a mistake: the better move ringed, the chain in danger outlined
    // (its own layer: the last move's marker stays the only small circle).
    // What they mark changes with the thorough pass far less often than the analysis does: the
    // layer is redrawn when it changes, not at each publication.
    let help_marks = Memo::new(move |_| {
        let n = current_move.get()?;
        let chain = lessons
            .with(|ls| ls.iter().find(|x| x.number == n).map(|x| x.chain.clone()))
            .unwrap_or_default();
        Some((better_here(), chain))
    });
    let help_svg = move || {
        let (ring, chain) = help_marks.get()?;
        let marks = crate::learn::help::Marks {
            chain,
            ring,
            ..Default::default()
        };
        let size = review.with_value(|s| s.game.size());
        let stones = position.with(|g| g.as_ref().map(|g| view_of(g, false, false).stones))?;
        Some(super::help::layer(size, &marks, &stones))
    };
    let board_view = Signal::derive(move || {
        let node = at.get();
        let own = estimate.with(|e| match e {
            Some((n, r)) if *n == node => Some(r.clone()),
            _ => None,
        });
        let (marked, mut labels) = review.with_value(|s| {
            let marks = s.marks(node);
            let tri = marks
                .iter()
                .filter(|m| m.kind == MarkKind::Triangle)
                .map(|m| m.point)
                .collect::<Vec<_>>();
            let labels = marks
                .iter()
                .filter_map(|m| match &m.kind {
                    MarkKind::Label(text) => Some((m.point, text.clone())),
                    _ => None,
                })
                .collect::<Vec<_>>();
            (tri, labels)
        });
        for (i, _, mv) in branches.get() {
            if let Some((_, Move::Play(p))) = mv {
                labels.retain(|(q, _)| *q != p);
                labels.push((p, branch_letter(i).to_string()));
            }
        }
        // The game's last position, counted: the dead stones and territory the players agreed.
        let count = review.with_value(|s| {
            (s.move_number_of(node) == Some(s.game.moves().len()))
                .then(|| s.final_count())
                .flatten()
        });
        position.with(|g| match g {
            Some(g) => {
                let v = view_of(g, settings.move_numbers, settings.coordinates);
                let v = match count {
                    Some((dead, area)) => super::game::counted(v, g, dead, &area),
                    None => v,
                };
                super::goban::BoardView {
                    ownership: moved_here()
                        .or_else(|| own.map(|r| r.ownership_on(g.size())))
                        .unwrap_or_default(),
                    marked,
                    labels,
                    ..v
                }
            }
            None => super::goban::BoardView::empty(crate::rules::BoardSize::NINETEEN),
        })
    });
    let estimate_text = RwSignal::new(None::<String>);
    let ask_estimate = move || {
        let Some(sgf) =
            position.with_untracked(|g| g.as_ref().map(|g| crate::record::sgf::write(g, &[], &[])))
        else {
            return;
        };
        let node = at.get_untracked();
        let req = crate::web::bot::Request::analysis(sgf, 3_000, 1_500.0, node.index() as u64 + 1);
        let sent = crate::web::bot::ask(req, move |reply| {
            let l = lang.get_untracked();
            estimate_text.set(Some(i18n::estimate(l, reply.lead)));
            estimate.set(Some((node, reply)));
        });
        if !sent {
            estimate_text.set(Some(t(lang.get_untracked(), Msg::BotUnavailable).into()));
        }
    };
    on_cleanup(crate::web::bot::forget_pending);

    // Moving through the tree.
    let parent = move || review.with_value(|s| s.tree.parent(at.get_untracked()));
    let first_child = move || children.get_untracked().first().copied();
    let sibling = move |delta: i64| {
        review.with_value(|s| {
            let node = at.get_untracked();
            let p = s.tree.parent(node)?;
            let kids = s.tree.children(p);
            let i = s.tree.child_index(node) as i64 + delta;
            (0..kids.len() as i64)
                .contains(&i)
                .then(|| kids[i as usize])
        })
    };
    let line_end = move || {
        review.with_value(|s| {
            *s.tree
                .line_from(at.get_untracked())
                .last()
                .unwrap_or(&at.get_untracked())
        })
    };
    // The line the slider runs along: from the root through the node shown to the end of its
    // line.
    let line_nodes = Memo::new(move |_| {
        review.with_value(|s| {
            let node = at.get();
            let mut line = s.tree.path_to(node);
            line.extend(s.tree.line_from(node).into_iter().skip(1));
            line
        })
    });
    let go = move |node: Option<NodeId>| {
        if let Some(n) = node {
            at.set(n);
        }
    };
    let to_mistake = move |forward: bool| {
        let here = current_move.get_untracked().unwrap_or(0);
        let list = shown.get_untracked();
        let next = if forward {
            list.iter()
                .copied()
                .find(|&n| n > here)
                .or(list.first().copied())
        } else {
            list.iter()
                .rev()
                .copied()
                .find(|&n| n < here)
                .or(list.last().copied())
        };
        go(next.and_then(|n| review.with_value(|s| s.node_of_move(n))));
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        let analysed = analysis.with_untracked(Option::is_some);
        match key.as_str() {
            "n" if analysed && !ev.ctrl_key() && !ev.meta_key() => to_mistake(true),
            "p" if analysed && !ev.ctrl_key() && !ev.meta_key() => to_mistake(false),
            "," | "." => match current_move.get_untracked() {
                Some(n) => line.step(n, if key == "." { 1 } else { -1 }),
                None => return,
            },
            "ArrowLeft" => go(parent()),
            "ArrowRight" => go(first_child()),
            "ArrowUp" => go(sibling(-1)),
            "ArrowDown" => go(sibling(1)),
            "Home" => go(Some(tree(&|t| t.root()))),
            "End" => go(Some(line_end())),
            k if k.len() == 1 && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key() => {
                // A letter takes the branch it names.
                let c = k.chars().next().unwrap_or(' ').to_ascii_uppercase();
                let kids = children.get_untracked();
                match (kids.len() > 1).then(|| (c as u8).wrapping_sub(b'A') as usize) {
                    Some(i) if c.is_ascii_uppercase() && i < kids.len() => go(Some(kids[i])),
                    _ => return,
                }
            }
            _ => return,
        }
        ev.prevent_default();
    };

    // Who played, where and when, and the result: as an imported record states them.
    let header = move || {
        let l = lang.get();
        review.with_value(|s| {
            let mut facts = Vec::new();
            if !s.event.is_empty() {
                facts.push(s.event.clone());
            }
            facts.push(s.played_on());
            if let Some(r) = s.game.result() {
                facts.push(i18n::result(l, r));
            }
            Some(view! {
                <p id="review-players" class="review-players">{super::game_list::players(l, s)}</p>
                <p id="review-facts" class="hint">{facts.join(" · ")}</p>
            })
        })
    };
    // Where the node stands: its move number, the line's last, the branches taken to get here.
    let place = move || {
        let node = at.get();
        review.with_value(|s| {
            let t = &s.tree;
            let path = t.path_to(node);
            let is_move = |id: NodeId| t.node(id).move_value().is_some();
            let n = path.iter().filter(|&&id| is_move(id)).count();
            let len = n + t.line_from(node)[1..]
                .iter()
                .filter(|&&id| is_move(id))
                .count();
            let forks: Vec<char> = path[1..]
                .iter()
                .filter(|&&id| t.parent(id).is_some_and(|p| t.children(p).len() > 1))
                .map(|&id| branch_letter(t.child_index(id)))
                .collect();
            let in_variation = forks.iter().any(|&c| c != 'A');
            (
                n,
                len,
                in_variation.then(|| {
                    forks
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" › ")
                }),
            )
        })
    };
    let info = move || {
        let l = lang.get();
        let node = at.get();
        let (n, len, branch) = place();
        review.with_value(|s| {
            let g = position.get()?;
            let size = g.size();
            let last = match replay::node_move(size, node, s.tree.node(node)) {
                Ok(Some((c, mv))) => {
                    let captured = g
                        .last_move()
                        .filter(|m| m.colour == c && m.mv == mv)
                        .map_or(0, |m| m.captured);
                    let v = match mv {
                        Move::Play(p) => Some(size.vertex(p)),
                        Move::Pass => None,
                    };
                    i18n::announce_move(l, c, v.as_deref(), captured)
                }
                _ => String::new(),
            };
            let caps = format!(
                "{} {} {} · {} {}",
                t(l, Msg::Captures),
                i18n::colour(l, Colour::Black),
                g.board().prisoners(Colour::Black),
                i18n::colour(l, Colour::White),
                g.board().prisoners(Colour::White)
            );
            let counter = match &branch {
                Some(b) => format!(
                    "{} {n} / {len} · {} {b} · {last}",
                    learn(l, LearnMsg::MoveNumber),
                    learn(l, LearnMsg::Variation)
                ),
                None => format!("{} {n} / {len} · {last}", learn(l, LearnMsg::MoveNumber)),
            };
            let result = (node == s.tree.main_tail())
                .then(|| {
                    s.game
                        .result()
                        .map(|r| i18n::result_line(l, r))
                })
                .flatten();
            let back_to_main = branch.is_some().then(|| {
                // The deepest node of the path that is on the main line: the branch point.
                let main: Vec<NodeId> = s.tree.main_line();
                let fork = s
                    .tree
                    .path_to(node)
                    .into_iter()
                    .take_while(|id| main.contains(id))
                    .last();
                view! {
                    <button id="main-line" on:click=move |_| go(fork)>{learn(l, LearnMsg::MainLine)}</button>
                }
            });
            Some(
                view! {
                    <p id="review-move" class="status" aria-live="polite">{counter}</p>
                    <p class="hint">{caps}</p>
                    {note_at(s, node)}
                    {back_to_main}
                    {result.map(|r| view! { <p id="review-result" class="result-zh">{r}</p> })}
                }
                .into_any(),
            )
        })
    };
    // The branches at a fork: a button each, with its letter (its key) and first move.
    let fork = move || {
        let l = lang.get();
        let b = branches.get();
        if b.is_empty() {
            return None;
        }
        let size = review.with_value(|s| s.game.size());
        let items = b
            .into_iter()
            .map(|(i, id, mv)| {
                let letter = branch_letter(i);
                let words = mv.map(|(c, m)| move_words(l, size, c, m)).unwrap_or_default();
                let main = if i == 0 { format!(" ({})", learn(l, LearnMsg::MainLineShort)) } else { String::new() };
                view! {
                    <button class="variation" data-branch=letter.to_string() aria-keyshortcuts=letter.to_string()
                        on:click=move |_| go(Some(id))>{format!("{letter} · {words}{main}")}</button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="row variations" role="group" aria-label=learn(l, LearnMsg::Branches)>{items}</div>
        })
    };
    // The tree of variations, for records with branches: a list of its stretches, each a
    // button that goes there, indented by depth and named for screen readers.
    let has_forks = review.with_value(|s| {
        s.tree
            .preorder()
            .iter()
            .any(|&id| s.tree.children(id).len() > 1)
    });
    let tree_view = move || {
        if !has_forks {
            return None;
        }
        let l = lang.get();
        let (list, cut) = review.with_value(|s| stretches(s, l));
        let current = at.get();
        let items = list
            .into_iter()
            .map(|st| {
                let here = review.with_value(|s| {
                    s.tree.path_to(current).contains(&st.start)
                        && (st.start == current || s.tree.line_from(st.start).contains(&current))
                });
                let name = match st.letter {
                    Some(c) => format!(
                        "{} {c} · {} · {} {}",
                        learn(l, LearnMsg::Variation),
                        st.first,
                        st.moves,
                        learn(l, LearnMsg::MovesShort)
                    ),
                    None => format!(
                        "{} · {} {}",
                        st.first,
                        st.moves,
                        learn(l, LearnMsg::MovesShort)
                    ),
                };
                let start = st.start;
                view! {
                    <li style=format!("--depth:{}", st.depth) data-depth=st.depth.to_string()>
                        <button class="tree-item" aria-current=here.then_some("true")
                            on:click=move |_| go(Some(start))>{name}</button>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <details id="review-tree" class="review-tree">
                <summary>{learn(l, LearnMsg::TreeView)}</summary>
                <ul aria-label=learn(l, LearnMsg::TreeView)>{items}</ul>
                {cut.then(|| view! { <p class="hint">{learn(l, LearnMsg::TreeCut)}</p> })}
            </details>
        })
    };

    // A new game from the position shown, stored and handed to the page to play.
    let play_from_here = move || {
        let now = crate::web::now_ms();
        let id = crate::session::GameId(now as u64);
        let next = position.with_untracked(|g| {
            g.as_ref()
                .map(|g| review.with_value(|s| s.continue_from_position(g, id, now)))
        });
        if let Some(s) = next {
            page::play_game(&s);
        }
    };
    let teach = move || {
        on_teach.run((review.get_value(), at.get_untracked()));
    };
    // The record with its 复盘, when there is one: a comment at each move that lost points
    // (any program shows it) and each position's step (read back by this app).
    let export = move || {
        review.with_value(|s| match analysis.get_untracked() {
            Some(a) => crate::web::download::offer_sgf(&crate::session::analysis::annotated(s, &a)),
            None => crate::web::download::offer_sgf(s),
        });
    };
    let no_click = Callback::new(|_: Point| {});
    let shared = RwSignal::new(None::<String>);

    view! {
        <section class="game review">
            <div class="board-wrap help-board" tabindex="0" data-first="" on:keydown=on_key>
                <Goban view=board_view on_point=no_click board_label=Signal::derive(move || t(lang.get(), Msg::BoardLabel).to_string()) />
                <svg class="goban mark-layer help-layer" aria-hidden="true"
                    viewBox=move || super::goban::view_box(review.with_value(|s| s.game.size()), settings.coordinates, None)
                    inner_html=move || help_svg().unwrap_or_default()></svg>
            </div>
            <div class="panel">
                <h2 class="screen-title">{super::i18n::text(lang, Msg::Review)}</h2>
                {header}
                {info}
                <input id="review-slider" type="range" min="0" max=move || line_nodes.with(|l| l.len().saturating_sub(1)).to_string()
                    aria-label=move || learn(lang.get(), LearnMsg::ReviewMove)
                    prop:value=move || line_nodes.with(|l| l.iter().position(|&n| n == at.get()).unwrap_or(0)).to_string()
                    on:input=move |ev| {
                        let i: usize = event_target_value(&ev).parse().unwrap_or(0);
                        go(line_nodes.with_untracked(|l| l.get(i).copied()));
                    } />
                <div class="row review-steps">
                    <button id="review-start" aria-label=move || learn(lang.get(), LearnMsg::ReviewFirst) on:click=move |_| go(Some(tree(&|t| t.root())))>"|◀"</button>
                    <button id="review-prev" aria-label=move || learn(lang.get(), LearnMsg::ReviewPrev) on:click=move |_| go(parent())>"◀"</button>
                    <button id="review-next" aria-label=move || learn(lang.get(), LearnMsg::ReviewNext) on:click=move |_| go(first_child())>"▶"</button>
                    <button id="review-end" aria-label=move || learn(lang.get(), LearnMsg::ReviewLast) on:click=move |_| go(Some(line_end()))>"▶|"</button>
                </div>
                <p class="hint key-help">{move || learn(lang.get(), LearnMsg::ReviewKeys)}</p>
                {fork}
                {tree_view}
                {move || shared.get().map(|link| view! {
                    <label class="hint share">{super::i18n::text(lang, Msg::ShareHelp)}
                        <input id="share-link" type="text" readonly prop:value=link />
                    </label>
                })}
                {move || {
                    let shown = estimate.with(|e| e.as_ref().is_some_and(|(n, _)| *n == at.get()));
                    estimate_text.get().filter(|_| shown).map(|text| view! { <p id="review-estimate" class="message">{text}</p> })
                }}
                {move || analysis_view(lang.get(), pass, Choice { filter, lessons, unit, table_open }, shown, current_move, go_move(review, at), line)}
                <div class="row actions">
                    <button id="review-analyse" hidden=move || pass.running()
                        on:click=move |_| start_pass(pass)>{move || learn(lang.get(), LearnMsg::Analyse)}</button>
                    <button id="review-estimate-button" on:click=move |_| ask_estimate()>{super::i18n::text(lang, Msg::Estimate)}</button>
                    <button id="play-from-here" on:click=move |_| play_from_here()>{move || learn(lang.get(), LearnMsg::PlayFromHere)}</button>
                    <button id="review-teach" on:click=move |_| teach()>{move || learn(lang.get(), LearnMsg::OnTeachBoard)}</button>
                    <button id="review-export" on:click=move |_| export()>{super::i18n::text(lang, Msg::ExportSgf)}</button>
                    <button id="share" on:click=move |_| {
                        shared.set(Some(review.with_value(crate::web::download::share_link)));
                    }>{super::i18n::text(lang, Msg::Share)}</button>
                    <button id="review-home" on:click=move |_| crate::web::route::go(&Route::Home)>{super::i18n::text(lang, Msg::Home)}</button>
                </div>
            </div>
        </section>
    }
}

/// The comment and the marks of a node, as text under the move (triangles and labels are also
/// drawn on the board; the teacher's board draws them all).
fn note_at(s: &Session, node: NodeId) -> Option<impl IntoView> {
    let size = s.game.size();
    let note = Some(s.comment(node).to_string())
        .filter(|c| !c.is_empty())
        .into_iter()
        .chain(
            s.marks(node)
                .iter()
                .map(|m| format!("{} {}", m.kind.symbol(), size.vertex(m.point))),
        )
        .collect::<Vec<_>>()
        .join("\n");
    (!note.is_empty()).then(|| view! { <p id="review-note" class="note">{note}</p> })
}

/// Going to a move of the main line by its number.
fn go_move(review: StoredValue<Session>, at: RwSignal<NodeId>) -> Callback<usize> {
    Callback::new(move |n: usize| {
        if let Some(id) = review.with_value(|s| s.node_of_move(n)) {
            at.set(id);
        }
    })
}

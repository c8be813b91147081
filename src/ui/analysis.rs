//! 复盘's pictures and words, in 学下棋's wasm beside review: the lead over the game as a graph
//! (clickable, steppable by keyboard), each player's mistakes by size with their class, the
//! same as a text table for screen readers (largest swings first), and at a mistake the points
//! lost, the network's better move and what the rules can prove about the move
//! ([`crate::bot::facts`]). Leads are said in 子 (a point of area is half a 子), or in points
//! as the player chooses ([`Unit`]).

use leptos::prelude::*;

use super::i18n::{learn, Lang, LearnMsg};
use crate::bot::facts;
use crate::bot::review::{Class, GameReview};
use crate::rules::{BoardSize, Colour, Game, Move};

/// Points (目) in 子, one decimal: 7 → "3.5".
pub fn zi(points: f32) -> String {
    one_decimal(points.abs() / 2.0)
}

fn one_decimal(v: f32) -> String {
    let v = (v * 10.0).round() / 10.0;
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The unit leads and losses are said in: 子 by default, as the Chinese count speaks (a point of
/// area is half a 子), or points (目), as other programs and the Japanese count say them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Unit {
    #[default]
    Zi,
    Points,
}

impl Unit {
    pub const ALL: [Unit; 2] = [Unit::Zi, Unit::Points];

    pub fn key(self) -> &'static str {
        match self {
            Unit::Zi => "zi",
            Unit::Points => "points",
        }
    }

    /// The unit a key names; 子 for anything else.
    pub fn from_key(k: &str) -> Unit {
        match k {
            "points" => Unit::Points,
            _ => Unit::Zi,
        }
    }

    /// `points` (a lead or a loss) in this unit, one decimal, without its sign.
    pub fn amount(self, points: f32) -> String {
        match self {
            Unit::Zi => zi(points),
            Unit::Points => one_decimal(points.abs()),
        }
    }

    pub fn name(self, l: Lang) -> &'static str {
        match self {
            Unit::Zi => learn(l, LearnMsg::ZiUnit),
            Unit::Points => learn(l, LearnMsg::PointsUnit),
        }
    }
}

/// How the analysis is said: the language, the unit and the view (which mistakes, and
/// whether their classes are named).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Words {
    pub lang: Lang,
    pub unit: Unit,
    pub view: Filter,
}

impl Words {
    /// The words of `view` in `lang`, in the `chosen` unit — except the beginner's view, which
    /// says 子 (the lessons count in 子; 目 is not taught).
    pub fn new(lang: Lang, chosen: Unit, view: Filter) -> Words {
        let unit = if view == Filter::Beginner {
            Unit::Zi
        } else {
            chosen
        };
        Words { lang, unit, view }
    }

    /// Whether the classes (恶手, 大恶手 …) are named: not in the beginner's view, as the
    /// lessons teach none of them (and every mistake it shows would be 大恶手).
    pub fn names_classes(self) -> bool {
        self.view != Filter::Beginner
    }
}

/// Black's lead in words: 黑领先 3.5 子 / Black leads by 3.5 zi.
pub fn lead_words(w: Words, lead: f32) -> String {
    let who = match (lead >= 0.0, w.lang) {
        (true, Lang::Zh) => "黑",
        (false, Lang::Zh) => "白",
        (true, Lang::En) => "Black",
        (false, Lang::En) => "White",
    };
    let (amount, unit) = (w.unit.amount(lead), w.unit.name(w.lang));
    match w.lang {
        Lang::Zh => format!("{who}领先 {amount} {unit}"),
        Lang::En => format!("{who} leads by {amount} {unit}"),
    }
}

pub fn class_name(l: Lang, c: Class) -> &'static str {
    let (zh, en) = c.names();
    match l {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Which mistakes are listed: the core's views ([`View`]), by their key in the page's select.
pub use crate::bot::explain::View as Filter;

pub fn filter_key(f: Filter) -> &'static str {
    match f {
        Filter::Beginner => "beginner",
        Filter::Mistakes => "mistakes",
        Filter::All => "all",
    }
}

pub fn filter_from_key(k: &str) -> Filter {
    Filter::ALL
        .into_iter()
        .find(|f| filter_key(*f) == k)
        .unwrap_or(Filter::Mistakes)
}

pub fn filter_label(f: Filter, l: Lang) -> &'static str {
    learn(
        l,
        match f {
            Filter::Beginner => LearnMsg::FilterBeginner,
            Filter::Mistakes => LearnMsg::FilterMistakes,
            Filter::All => LearnMsg::FilterAll,
        },
    )
}

/// Where a move was played, in words: its vertex (D4), or 停一手 / pass.
pub fn where_words(l: Lang, size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Play(p) => size.vertex(p),
        Move::Pass => learn(l, LearnMsg::PassWord).to_string(),
    }
}

/// The move number's colour and move, in words: 第 12 手 黑 D4 / Move 12, Black D4.
pub fn move_words(l: Lang, size: BoardSize, n: usize, c: Colour, mv: Move) -> String {
    let who = super::i18n::colour(l, c);
    let at = where_words(l, size, mv);
    match l {
        Lang::Zh => format!("第 {n} 手 {who} {at}"),
        Lang::En => format!("Move {n}, {who} {at}"),
    }
}

/// A stretch of moves in words: 第 20–31 手 / Moves 20–31.
pub fn moves_words(l: Lang, first: usize, last: usize) -> String {
    match l {
        Lang::Zh => format!("第 {first}–{last} 手"),
        Lang::En => format!("Moves {first}–{last}"),
    }
}

/// A mistake's head: the move (or moves), its class where the view names classes, and what it
/// lost: "第 12 手 黑 D4 · 恶手 · 损失 1.5 子"; in the beginner's view "第 12 手 黑 D4 · 损失 3 子".
pub fn head_words(w: Words, moves: String, class: Class, loss: f32) -> String {
    let l = w.lang;
    let class = if w.names_classes() {
        format!("{} · ", class_name(l, class))
    } else {
        String::new()
    };
    format!(
        "{moves} · {class}{} {} {}",
        learn(l, LearnMsg::Lost),
        w.unit.amount(loss.max(0.0)),
        w.unit.name(l)
    )
}

/// A card of a player's list: the lesson's move (or stretch of moves) and its head.
pub fn card_words(w: Words, size: BoardSize, e: &crate::bot::explain::Explained) -> String {
    let l = w.lang;
    let moves = if e.first == e.last {
        move_words(l, size, e.number, e.colour, e.mv)
    } else {
        moves_words(l, e.first, e.last)
    };
    head_words(w, moves, e.class, e.loss)
}

/// What is said at a mistake: its head (class where the view names classes, and points), the
/// better move, and the facts. A mistake being read that the thorough pass found lost next to
/// nothing says so (not "损失 0 子" over a mistake's words).
pub fn mistake_words(
    w: Words,
    r: &GameReview,
    before: &Game,
    n: usize,
) -> Option<(String, Vec<String>)> {
    let l = w.lang;
    let loss = r.loss(n)?;
    let (c, mv) = r.moves[n - 1];
    let size = before.size();
    let facts = facts::facts(before, c, mv)
        .iter()
        .map(|f| f.words(size, c, l == Lang::Zh))
        .collect();
    let moves = move_words(l, size, n, c, mv);
    if Class::of(loss) == Class::Good {
        return Some((
            format!("{moves} · {}", learn(l, LearnMsg::LostLittle)),
            facts,
        ));
    }
    let mut head = head_words(w, moves, Class::of(loss), loss);
    let best = r.steps[n - 1]
        .as_ref()
        .and_then(|s| s.best.first().copied())
        .filter(|&b| b != mv);
    if let Some(b) = best {
        head.push_str(&format!(
            " · {} {}",
            learn(l, LearnMsg::BetterMove),
            crate::rules::notation::move_text(size, b)
        ));
    }
    Some((head, facts))
}

/// What the graph draws of an analysis: the leads, the scale, the swings of 恶手 and worse.
#[derive(Clone, PartialEq)]
struct Curve {
    leads: Vec<Option<f32>>,
    /// The scale: the largest lead (in 子), at least 2 子, at most 60, in whole 子.
    top: f32,
    /// (move, played by Black) for each swing of 恶手 or worse.
    swings: Vec<(usize, bool)>,
}

impl Default for Curve {
    /// No analysis yet: no line, the smallest scale.
    fn default() -> Curve {
        Curve {
            leads: Vec::new(),
            top: 2.0,
            swings: Vec::new(),
        }
    }
}

impl Curve {
    fn of(r: &GameReview) -> Curve {
        let leads: Vec<Option<f32>> = (0..r.steps.len()).map(|i| r.lead(i)).collect();
        let top = leads
            .iter()
            .flatten()
            .fold(2.0f32, |m, v| m.max(v.abs() / 2.0))
            .min(60.0)
            .ceil();
        let swings = (1..r.steps.len())
            .filter(|&i| r.class(i).is_some_and(|c| c >= Class::Bad))
            .map(|i| (i, r.moves[i - 1].0 == Colour::Black))
            .collect();
        Curve { leads, top, swings }
    }

    const W: f32 = 300.0;
    const H: f32 = 90.0;

    fn x(&self, i: usize) -> f32 {
        i as f32 * Curve::W / (self.leads.len().max(2) - 1) as f32
    }

    fn y(&self, lead: f32) -> f32 {
        let top = self.top;
        Curve::H / 2.0 - (lead / 2.0).clamp(-top, top) / top * (Curve::H / 2.0 - 4.0)
    }

    fn last(&self) -> usize {
        self.leads.len().saturating_sub(1)
    }
}

/// The graph of Black's lead: one column per position, clickable; the swings of 恶手 and worse
/// marked by the colour that played them; the position shown as a line. Made once: as the
/// thorough pass refines the analysis only the line, the marks and the words change (a
/// rebuilt graph cost the page's thread tens of milliseconds at each publication on a slow
/// machine, and lost the focus of a pupil stepping through it).
///
/// The marks come when `marks` turns true (the panel's first draw makes the line in one task
/// and the marks in the next).
pub fn graph(
    w: Words,
    analysis: RwSignal<Option<GameReview>>,
    current: Memo<Option<usize>>,
    on_pick: Callback<usize>,
    marks: Signal<bool>,
) -> impl IntoView {
    let l = w.lang;
    let (wd, ht) = (Curve::W, Curve::H);
    let curve = Memo::new(move |_| {
        analysis
            .with(|a| a.as_ref().map(Curve::of))
            .unwrap_or_default()
    });
    let line = move || {
        curve.with(|c| {
            c.leads
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| format!("{:.1},{:.1}", c.x(i), c.y(v))))
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    // The marks keyed by where they are drawn: a publication adds, moves or drops only the
    // marks of the moves it changed.
    let swings = Memo::new(move |_| {
        if !marks.get() {
            return Vec::new();
        }
        curve.with(|c| {
            c.swings
                .iter()
                .map(|&(i, black)| {
                    let (cx, cy) = (c.x(i), c.y(c.leads[i].unwrap_or(0.0)));
                    (i, black, format!("{cx:.1}"), format!("{cy:.1}"))
                })
                .collect::<Vec<_>>()
        })
    });
    let swing = |(i, black, cx, cy): (usize, bool, String, String)| {
        let fill = if black { "graph-black" } else { "graph-white" };
        view! { <circle class=format!("swing {fill}") cx=cx cy=cy r="2.6" data-move=i.to_string() /> }
    };
    // One target over the whole graph: the move under the pointer, by its share of the width.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let share = ((f64::from(ev.client_x()) - rect.left()) / rect.width()).clamp(0.0, 1.0);
        let last = curve.with_untracked(Curve::last);
        on_pick.run((share * last as f64).round() as usize);
    };
    // The position shown: a line that moves (the graph itself stays, and keeps the focus).
    let cursor_x = Memo::new(move |_| {
        current
            .get()
            .map(|i| format!("{:.1}", curve.with(|c| c.x(i))))
    });
    let cursor = move || {
        cursor_x.get().map(|x| {
            view! { <line class="graph-cursor" x1=x.clone() x2=x y1="0" y2=ht.to_string() /> }
        })
    };
    let label = move || {
        format!(
            "{} · {} {} {}",
            learn(l, LearnMsg::LeadGraph),
            learn(l, LearnMsg::GraphScale),
            w.unit.amount(curve.with(|c| c.top).round() * 2.0),
            w.unit.name(l)
        )
    };
    // A slider for the keyboard and screen readers: ← → step a move, Home / End.
    let value_text = move || {
        let now = current.get().unwrap_or(0);
        match curve.with(|c| c.leads.get(now).copied().flatten()) {
            Some(lead) => format!("{now} · {}", lead_words(w, lead)),
            None => now.to_string(),
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let now = current.get_untracked().unwrap_or(0);
        let last = curve.with_untracked(Curve::last);
        let to = match ev.key().as_str() {
            "ArrowLeft" | "ArrowDown" => now.saturating_sub(1),
            "ArrowRight" | "ArrowUp" => (now + 1).min(last),
            "PageDown" => now.saturating_sub(10),
            "PageUp" => (now + 10).min(last),
            "Home" => 0,
            "End" => last,
            _ => return,
        };
        ev.prevent_default();
        ev.stop_propagation();
        on_pick.run(to);
    };
    view! {
        <svg id="lead-graph" class="lead-graph" viewBox=format!("0 0 {wd} {ht}") preserveAspectRatio="none"
            tabindex="0" role="slider" aria-label=label aria-valuemin="0" aria-valuemax=move || curve.with(Curve::last).to_string()
            aria-valuenow=move || current.get().unwrap_or(0).to_string() aria-valuetext=value_text on:keydown=on_key>
            <rect class="graph-black-half" x="0" y="0" width=wd.to_string() height=(ht / 2.0).to_string() />
            <rect class="graph-white-half" x="0" y=(ht / 2.0).to_string() width=wd.to_string() height=(ht / 2.0).to_string() />
            <line class="graph-zero" x1="0" x2=wd.to_string() y1=(ht / 2.0).to_string() y2=(ht / 2.0).to_string() />
            <polyline class="graph-lead" points=line />
            <For each=move || swings.get() key=Clone::clone children=swing />
            {cursor}
            <rect class="graph-hit" x="0" y="0" width=wd.to_string() height=ht.to_string() on:click=on_click />
        </svg>
    }
}

/// The lead as a table for screen readers: the moves that swung most first (move, lead
/// after it, points lost, and the class where the view names classes). Its rows are made when it is opened; `open` keeps whether it
/// is across redrawing (another unit, another filter).
pub fn table(
    w: Words,
    analysis: RwSignal<Option<GameReview>>,
    size: BoardSize,
    open: RwSignal<bool>,
) -> impl IntoView {
    let l = w.lang;
    let body = move || {
        if !open.get() {
            return None;
        }
        analysis.with(|r| {
            let r = r.as_ref()?;
            let mut rows: Vec<(usize, f32)> = (1..r.steps.len())
                .filter_map(|i| Some((i, r.loss(i)?)))
                .collect();
            rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            Some(
                rows.into_iter()
                    .map(|(i, loss)| {
                        let (c, mv) = r.moves[i - 1];
                        view! {
                            <tr>
                                <td>{move_words(l, size, i, c, mv)}</td>
                                <td>{lead_words(w, r.lead(i).unwrap_or(0.0))}</td>
                                <td>{w.unit.amount(loss.max(0.0))}</td>
                                {w.names_classes().then(|| view! { <td>{class_name(l, Class::of(loss))}</td> })}
                            </tr>
                        }
                    })
                    .collect_view(),
            )
        })
    };
    view! {
        <details id="lead-table" class="lead-table" open=open.get_untracked() on:toggle=move |ev| {
            use wasm_bindgen::JsCast;
            let opened = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                .is_some_and(|d| d.open());
            open.set(opened);
        }>
            <summary>{learn(l, LearnMsg::LeadTable)}</summary>
            <div class="scroll" tabindex="0" role="region" aria-label=learn(l, LearnMsg::LeadTable)>
            <table>
                <thead><tr>
                    <th scope="col">{learn(l, LearnMsg::MoveCol)}</th>
                    <th scope="col">{learn(l, LearnMsg::LeadCol)}</th>
                    <th scope="col">{match l {
                        Lang::Zh => format!("{}（{}）", learn(l, LearnMsg::Lost), w.unit.name(l)),
                        Lang::En => format!("{}, in {}", learn(l, LearnMsg::Lost), w.unit.name(l)),
                    }}</th>
                    {w.names_classes().then(|| view! { <th scope="col">{learn(l, LearnMsg::ClassCol)}</th> })}
                </tr></thead>
                <tbody>{body}</tbody>
            </table>
            </div>
        </details>
    }
}

//! The new-game dialog: board size, komi, handicap, players and ranks, colours by nigiri.

use leptos::prelude::*;

use super::app::Ctx;
use super::i18n::{self, t, Lang, Msg};
use crate::bot::Level;
use crate::clock::{CustomKind, CustomTime, TimeError, TimeSystem};
use crate::rules::referee::Mode;
use crate::rules::Colour;
use crate::rules::{handicap, BoardSize, Komi};
use crate::session::Rank;
use crate::session::{nigiri, ClosePolicy, Computer, Player, Session, Setup};

/// The time control chosen in the dialog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TimeChoice {
    Untimed,
    /// A preset by its name ([`TimeSystem::presets`]).
    Preset(&'static str),
    /// Numbers entered by hand ([`CustomTime`]).
    Custom,
}

impl TimeChoice {
    fn key(self) -> &'static str {
        match self {
            TimeChoice::Untimed => "none",
            TimeChoice::Preset(name) => name,
            TimeChoice::Custom => "custom",
        }
    }

    fn from_key(s: &str) -> TimeChoice {
        match s {
            "custom" => TimeChoice::Custom,
            _ => TimeSystem::presets()
                .into_iter()
                .find(|(n, _)| *n == s)
                .map_or(TimeChoice::Untimed, |(n, _)| TimeChoice::Preset(n)),
        }
    }
}

/// A nigiri in progress: the handful is taken, the guess not yet made, or both done.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Nigiri {
    handful: u32,
    guess_odd: Option<bool>,
}

fn komi_label(lang: Lang, k: Komi) -> String {
    match lang {
        Lang::Zh => format!("{}（{}目）", k.zi_string(), k.points_string()),
        Lang::En => format!("{} points ({})", k.points_string(), k.stones_string()),
    }
}

#[component]
pub fn NewGame() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let lang = ctx.lang;
    let tr = move |m: Msg| t(lang.get(), m);

    // Asked from 学下棋: capture Go on 7×7 against the computer at 入门.
    let preset = ctx.capture_preset.get_untracked();
    ctx.capture_preset.set(false);
    let size = RwSignal::new(if preset { 7u32 } else { 19 });
    let custom_size = RwSignal::new(false);
    let komi = RwSignal::new(Komi::CHINESE.half_points());
    let custom_komi = RwSignal::new(false);
    let handicap_n = RwSignal::new(0u32);
    // The pupil playing on this device (我的棋册) is Black to begin with, or the human side
    // against the computer: their name goes on the game, and the ladder follows it.
    let black = RwSignal::new(Player {
        name: crate::web::storage::pupil_name(),
        rank: None,
    });
    let white = RwSignal::new(Player::default());
    let use_nigiri = RwSignal::new(false);
    let nigiri_state = RwSignal::new(None::<Nigiri>);

    let time_choice = RwSignal::new(TimeChoice::Untimed);
    let referee_mode = RwSignal::new(false);
    let custom = RwSignal::new(CustomTime::default());
    let time_error = RwSignal::new(None::<TimeError>);
    let on_close_run = RwSignal::new(false);
    let vs_computer = RwSignal::new(preset);
    let human_black = RwSignal::new(true);
    // 吃子棋: the captures that win (`None`: Go).
    let capture_goal = RwSignal::new(preset.then_some(1u32));
    // The ladder: the rank each pupil (by name) plays on this device.
    let ladder = StoredValue::new(crate::web::storage::load_places());
    let human = move || if human_black.get() { black } else { white };
    let human_name = move || human().with(|p| p.name.trim().to_string());
    let level = RwSignal::new(if preset {
        Level::Kyu25
    } else {
        ladder
            .with_value(|l| l.level_of(&black.with_untracked(|p| p.name.clone())))
            .unwrap_or(Level::Kyu20)
    });

    // Handicap stones the rank gap suggests, against a stronger opponent than the pupil's rank.
    let suggested = move || {
        let pupil = ladder.with_value(|d| d.level_of(&human_name()))?;
        let board = BoardSize::new(size.get()).ok()?;
        let n = crate::session::ladder::handicap_for(
            pupil.measured_on(board).kyu,
            level.get().measured_on(board).kyu,
            board,
        );
        (n >= 2 && capture_goal.get().is_none()).then_some((pupil, n))
    };
    let chosen_time = move || -> Result<Option<TimeSystem>, TimeError> {
        match time_choice.get_untracked() {
            TimeChoice::Untimed => Ok(None),
            TimeChoice::Custom => custom.get_untracked().system().map(Some),
            TimeChoice::Preset(name) => Ok(TimeSystem::presets()
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| t)),
        }
    };

    let max_handicap = move || {
        BoardSize::new(size.get())
            .map(handicap::max_fixed)
            .unwrap_or(0)
    };

    let start = move || {
        let Ok(board_size) = BoardSize::new(size.get_untracked()) else {
            return;
        };
        let time = match chosen_time() {
            Ok(t) => t,
            Err(e) => {
                time_error.set(Some(e));
                return;
            }
        };
        let (mut b, mut w) = (black.get_untracked(), white.get_untracked());
        let computer = vs_computer.get_untracked().then(|| Computer {
            colour: if human_black.get_untracked() {
                Colour::White
            } else {
                Colour::Black
            },
            level: level.get_untracked(),
        });
        if let Some(c) = computer {
            let l = lang.get_untracked();
            let name = format!(
                "{} · {}",
                t(l, Msg::ComputerName),
                i18n::level_name(l, c.level)
            );
            // Its rank in the record is the measured one.
            let rank = Some(Rank::from_kyu(
                c.level.measured_on(board_size).kyu.round() as i32
            ));
            let bot = Player { name, rank };
            // (An even game at a rank puts the pupil there on the ladder when it is counted:
            // a choice nobody played changes nothing.)
            if c.colour == Colour::Black {
                if w.name.is_empty() {
                    w.name = std::mem::take(&mut b.name);
                }
                b = bot;
            } else {
                w = bot;
            }
        }
        if let Some(Nigiri {
            handful,
            guess_odd: Some(odd),
        }) = nigiri_state.get_untracked()
        {
            // The player entered first guesses; a right guess takes black.
            if !nigiri(handful, odd) {
                std::mem::swap(&mut b, &mut w);
            }
        }
        let h = handicap_n.get_untracked();
        let setup = Setup {
            size: board_size,
            komi: Komi::from_half_points(komi.get_untracked()),
            handicap: if h >= 2 && h <= handicap::max_fixed(board_size) {
                h
            } else {
                0
            },
            black: b,
            white: w,
            time,
            on_close: if on_close_run.get_untracked() {
                ClosePolicy::RunOn
            } else {
                ClosePolicy::Pause
            },
            mode: if referee_mode.get_untracked() {
                Mode::Referee
            } else {
                Mode::Casual
            },
            capture_goal: capture_goal.get_untracked(),
            computer,
        };
        let now = crate::web::now_ms();
        let id = crate::session::GameId(now as u64);
        ctx.session.set(Some(Session::new(id, now, setup)));
        // The game takes the dialog's place in the history: Back from it goes where the
        // dialog was opened from.
        crate::web::route::replace_and_show(&crate::session::route::Route::Game(id));
    };

    let size_buttons = move || {
        // Capture Go is for small boards (5×5 to 13×13).
        let presets = if capture_goal.get().is_some() {
            [5u32, 7, 9, 13]
        } else {
            [9u32, 13, 17, 19]
        };
        presets
            .into_iter()
            .map(|n| {
                let label = if n == 17 {
                    format!(
                        "17×17 {}",
                        if lang.get() == Lang::Zh {
                            "汉魏"
                        } else {
                            "(Han)"
                        }
                    )
                } else {
                    format!("{n}×{n}")
                };
                view! {
                    <button
                        class="choice"
                        data-size=n
                        aria-pressed=move || (!custom_size.get() && size.get() == n).to_string()
                        on:click=move |_| {
                            custom_size.set(false);
                            size.set(n);
                        }
                    >{label}</button>
                }
            })
            .collect_view()
    };

    let komi_buttons = move || {
        [Komi::CHINESE, Komi::CHINESE_OLD, Komi::ZERO, Komi::HALF]
            .into_iter()
            .map(|k| {
                let h = k.half_points();
                view! {
                    <button
                        class="choice"
                        data-komi=k.points_string()
                        aria-pressed=move || (!custom_komi.get() && komi.get() == h).to_string()
                        on:click=move |_| {
                            custom_komi.set(false);
                            komi.set(h);
                        }
                    >{move || komi_label(lang.get(), k)}</button>
                }
            })
            .collect_view()
    };

    let rank_options = move || {
        let l = lang.get();
        let none = view! { <option value="">"—"</option> };
        let ranks = Rank::choices()
            .into_iter()
            .map(|r| view! { <option value=r.sgf()>{i18n::rank(l, &r)}</option> })
            .collect_view();
        (none, ranks)
    };

    let player_fields = move |who: RwSignal<Player>, label: Msg, id: &'static str| {
        // Against the computer, its side needs no name: it is filled in at the start.
        let computers = move || vs_computer.get() && (human_black.get() == (id == "white"));
        view! {
            <fieldset class="player" class:hidden=computers>
                <legend>{move || tr(label)}</legend>
                <label>
                    {super::i18n::text(lang, Msg::Name)}
                    <input
                        id=format!("{id}-name")
                        type="text"
                        maxlength="40"
                        prop:value=move || who.with(|p| p.name.clone())
                        on:input=move |ev| {
                            let name = event_target_value(&ev);
                            // A name the ladder knows brings its rank (not in capture Go,
                            // which the ladder does not count).
                            let humans = human_black.get_untracked() == (id == "black");
                            if humans && capture_goal.get_untracked().is_none() {
                                if let Some(l) = ladder.with_value(|d| d.level_of(&name)) {
                                    level.set(l);
                                }
                            }
                            who.update(|p| p.name = name);
                        }
                    />
                </label>
                <label>
                    {super::i18n::text(lang, Msg::Rank)}
                    <select
                        id=format!("{id}-rank")
                        prop:value=move || who.with(|p| p.rank.as_ref().map(Rank::sgf).unwrap_or_default())
                        on:change=move |ev| who.update(|p| p.rank = Rank::parse(&event_target_value(&ev)))
                    >
                        {rank_options}
                    </select>
                </label>
            </fieldset>
        }
    };

    let nigiri_panel = move || {
        let n = nigiri_state.get()?;
        let l = lang.get();
        let first = black.with(|p| {
            if p.name.is_empty() {
                t(l, Msg::Black).to_string()
            } else {
                p.name.clone()
            }
        });
        let body = match n.guess_odd {
            None => view! {
                <p>{match l {
                    Lang::Zh => format!("一方抓起一把白子；{first} 猜单双。"),
                    Lang::En => format!("One player takes a handful of white stones; {first} guesses odd or even."),
                }}</p>
                <div class="handful" aria-hidden="true">
                    {(0..8).map(|i| view! { <span class="hstone" style=format!("--i:{i}")></span> }).collect_view()}
                </div>
                <div class="row">
                    <button id="guess-odd" on:click=move |_| nigiri_state.update(|s| if let Some(s) = s { s.guess_odd = Some(true) })>
                        {t(l, Msg::NigiriGuessOdd)}
                    </button>
                    <button id="guess-even" on:click=move |_| nigiri_state.update(|s| if let Some(s) = s { s.guess_odd = Some(false) })>
                        {t(l, Msg::NigiriGuessEven)}
                    </button>
                </div>
            }.into_any(),
            Some(odd) => {
                let right = nigiri(n.handful, odd);
                let text = match l {
                    Lang::Zh => format!(
                        "白子 {} 枚（{}）。{}猜{}，{}，执{}先行。",
                        n.handful,
                        if n.handful % 2 == 1 { "单" } else { "双" },
                        first,
                        if odd { "单" } else { "双" },
                        if right { "猜中" } else { "未猜中" },
                        if right { "黑" } else { "白" },
                    ),
                    Lang::En => format!(
                        "{} white stones ({}). {} guessed {}: {}, and takes {}.",
                        n.handful,
                        if n.handful % 2 == 1 { "odd" } else { "even" },
                        first,
                        if odd { "odd" } else { "even" },
                        if right { "right" } else { "wrong" },
                        if right { "black" } else { "white" },
                    ),
                };
                let counted = (0..n.handful).map(|i| view! { <span class="hstone counted" style=format!("--i:{i}")></span> }).collect_view();
                view! {
                    <div class="handful counted" aria-hidden="true">{counted}</div>
                    <p id="nigiri-result">{text}</p>
                    <button id="nigiri-start" class="primary" on:click=move |_| start()>{t(l, Msg::Start)}</button>
                }.into_any()
            }
        };
        Some(view! {
            <div class="dialog-backdrop">
                <div class="dialog" role="dialog" aria-label=t(l, Msg::NigiriTitle)>
                    <h2>{t(l, Msg::NigiriTitle)}</h2>
                    {body}
                </div>
            </div>
        })
    };

    // A number field of the custom time control.
    let number = move |id: &'static str,
                       label: Msg,
                       min: u32,
                       max: u32,
                       get: fn(&CustomTime) -> u32,
                       set: fn(&mut CustomTime, u32)| {
        view! {
            <label>{move || tr(label)}
                <input id=id type="number" min=min max=max
                    prop:value=move || custom.with(|c| get(c).to_string())
                    on:input=move |ev| {
                        if let Ok(n) = event_target_value(&ev).trim().parse::<u32>() {
                            custom.update(|c| set(c, n));
                            time_error.set(None);
                        }
                    } />
            </label>
        }
    };
    let kind_is = move |k: CustomKind| custom.with(|c| c.kind == k);
    let more_built = RwSignal::new(false);

    view! {
        <section class="new-game" aria-labelledby="new-game-title">
            <h1 id="new-game-title">{super::i18n::text(lang, Msg::NewGame)}</h1>
            <fieldset>
                <legend>{super::i18n::text(lang, Msg::Opponent)}</legend>
                <div class="choices">
                    <button id="two-players" class="choice" data-first="" aria-pressed=move || (!vs_computer.get()).to_string()
                        on:click=move |_| vs_computer.set(false)>{super::i18n::text(lang, Msg::TwoPlayers)}</button>
                    <button id="vs-computer" class="choice" aria-pressed=move || vs_computer.get().to_string()
                        on:click=move |_| {
                            vs_computer.set(true);
                            use_nigiri.set(false);
                        }>{super::i18n::text(lang, Msg::AgainstComputer)}</button>
                </div>
                {move || vs_computer.get().then(|| view! {
                    <div class="choices">
                        <span class="hint">{super::i18n::text(lang, Msg::YouPlay)}</span>
                        <button id="human-black" class="choice" aria-pressed=move || human_black.get().to_string()
                            on:click=move |_| human_black.set(true)>{super::i18n::text(lang, Msg::Black)}</button>
                        <button id="human-white" class="choice" aria-pressed=move || (!human_black.get()).to_string()
                            on:click=move |_| human_black.set(false)>{super::i18n::text(lang, Msg::White)}</button>
                    </div>
                    <label class="hint level">{super::i18n::text(lang, Msg::Level)}" "
                        <select id="level" prop:value=move || level.get().key()
                            on:change=move |ev| {
                                if let Some(l) = Level::from_key(&event_target_value(&ev)) {
                                    level.set(l);
                                }
                            }>
                            {move || {
                                let l = lang.get();
                                let n = BoardSize::new(size.get()).unwrap_or(BoardSize::NINETEEN);
                                Level::ALL
                                    .into_iter()
                                    .map(|lv| view! { <option value=lv.key()>{i18n::level_choice(l, lv, n)}</option> })
                                    .collect_view()
                            }}
                        </select>
                    </label>
                    <p id="level-style" class="hint">{move || i18n::level_style(lang.get(), level.get())}</p>
                    {move || suggested().map(|(pupil, n)| {
                        let l = lang.get();
                        let text = match l {
                            Lang::Zh => format!("你在 {}：按级差建议让 {n} 子。", i18n::level_name(l, pupil)),
                            Lang::En => format!("You play at {}: the rank gap suggests {n} handicap stones.", i18n::level_name(l, pupil)),
                        };
                        view! {
                            <p id="handicap-suggest" class="hint">{text}" "
                                <button id="apply-handicap" on:click=move |_| {
                                    handicap_n.set(n);
                                    komi.set(Komi::HALF.half_points());
                                    custom_komi.set(false);
                                    human_black.set(true);
                                }>{if l == Lang::Zh { "让子" } else { "Take them" }}</button>
                            </p>
                        }
                    })}
                })}
            </fieldset>
            <fieldset>
                <legend>{super::i18n::text(lang, Msg::BoardSize)}</legend>
                <div class="choices">
                    {size_buttons}
                    <button class="choice" aria-pressed=move || custom_size.get().to_string()
                        on:click=move |_| custom_size.set(true)>{super::i18n::text(lang, Msg::Custom)}</button>
                    {move || custom_size.get().then(|| view! {
                        <input id="custom-size" type="number" min="2" max="25" aria-label=super::i18n::text(lang, Msg::BoardSize)
                            prop:value=move || size.get().to_string()
                            on:input=move |ev| {
                                if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                                    size.set(n.clamp(2, 25));
                                }
                            } />
                    })}
                </div>
            </fieldset>
            <fieldset>
                <legend>{super::i18n::text(lang, Msg::GameKind)}</legend>
                <div class="choices">
                    <button id="kind-go" class="choice" aria-pressed=move || capture_goal.get().is_none().to_string()
                        on:click=move |_| {
                            capture_goal.set(None);
                            if size.get_untracked() < 9 {
                                size.set(9);
                            }
                        }>{super::i18n::text(lang, Msg::GoGame)}</button>
                    <button id="kind-capture" class="choice" aria-pressed=move || capture_goal.get().is_some().to_string()
                        on:click=move |_| {
                            if capture_goal.get_untracked().is_none() {
                                capture_goal.set(Some(1));
                                custom_size.set(false);
                                size.set(7);
                            }
                        }>{super::i18n::text(lang, Msg::CaptureGo)}</button>
                </div>
                <Show when=move || capture_goal.get().is_some()>
                    <label class="hint level">{super::i18n::text(lang, Msg::CaptureGoal)}" "
                        <select id="capture-goal" prop:value=move || capture_goal.get().unwrap_or(1).to_string()
                            on:change=move |ev| capture_goal.set(event_target_value(&ev).parse().ok())>
                            {(1..=5u32).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                        </select>
                    </label>
                    <p id="capture-help" class="hint">{super::i18n::text(lang, Msg::CaptureHelp)}</p>
                </Show>
            </fieldset>
            <fieldset>
                <legend id="time-legend">{super::i18n::text(lang, Msg::TimeControl)}</legend>
                <div class="choices">
                    <select id="time-control" aria-labelledby="time-legend" prop:value=move || time_choice.get().key()
                        on:change=move |ev| {
                            time_choice.set(TimeChoice::from_key(&event_target_value(&ev)));
                            time_error.set(None);
                        }>
                        <option value="none">{super::i18n::text(lang, Msg::Untimed)}</option>
                        {move || {
                            let l = lang.get();
                            TimeSystem::presets()
                                .into_iter()
                                .map(|(name, t)| view! { <option value=name>{i18n::time_system(l, t)}</option> })
                                .collect_view()
                        }}
                        <option value="custom">{super::i18n::text(lang, Msg::CustomTime)}</option>
                    </select>
                </div>
                {move || (time_choice.get() == TimeChoice::Custom).then(|| view! {
                    <div class="choices custom-time">
                        <label>{super::i18n::text(lang, Msg::TimeSystemKind)}
                            <select id="custom-kind" prop:value=move || custom.with(|c| c.kind.key())
                                on:change=move |ev| {
                                    if let Some(k) = CustomKind::from_key(&event_target_value(&ev)) {
                                        custom.update(|c| c.kind = k);
                                        time_error.set(None);
                                    }
                                }>
                                {move || {
                                    let l = lang.get();
                                    CustomKind::ALL.into_iter().map(|k| view! { <option value=k.key()>{i18n::custom_kind(l, k)}</option> }).collect_view()
                                }}
                            </select>
                        </label>
                        {number("custom-main", Msg::MainMinutes, 0, 600, |c| c.main_minutes, |c, n| c.main_minutes = n)}
                        {move || (kind_is(CustomKind::Dumiao)).then(|| view! {
                            {number("custom-reserved", Msg::ReservedMinutes, 1, 60, |c| c.periods, |c, n| c.periods = n)}
                        })}
                        {move || (kind_is(CustomKind::Byoyomi)).then(|| view! {
                            {number("custom-periods", Msg::Periods, 1, 60, |c| c.periods, |c, n| c.periods = n)}
                            {number("custom-period-seconds", Msg::PeriodSeconds, 5, 300, |c| c.period_seconds, |c, n| c.period_seconds = n)}
                        })}
                        {move || (kind_is(CustomKind::Fischer)).then(|| view! {
                            {number("custom-increment", Msg::IncrementSeconds, 1, 300, |c| c.increment_seconds, |c, n| c.increment_seconds = n)}
                            {number("custom-cap", Msg::CapMinutes, 0, 600, |c| c.cap_minutes, |c, n| c.cap_minutes = n)}
                        })}
                        {move || (kind_is(CustomKind::Canadian)).then(|| view! {
                            {number("custom-stones", Msg::CanadianStones, 1, 100, |c| c.stones, |c, n| c.stones = n)}
                            {number("custom-canadian-minutes", Msg::CanadianMinutes, 1, 60, |c| c.canadian_minutes, |c, n| c.canadian_minutes = n)}
                        })}
                    </div>
                })}
                {move || time_error.get().map(|e| view! {
                    <p id="time-error" class="error" role="alert">{i18n::time_error(lang.get(), e)}</p>
                })}
            </fieldset>
            // Built the first time it is opened: most games never open it, and its fields
            // (the ranks' long lists among them) took ~40 % of the dialog's opening at 6× CPU.
            // Built in the summary's click (a key on it clicks it too), not at the toggle event,
            // which comes a task after the details have opened empty.
            <details id="more-settings" class="more">
                <summary on:click=move |_| more_built.set(true)>{super::i18n::text(lang, Msg::MoreSettings)}</summary>
                {move || more_built.get().then(|| view! {
                    <fieldset>
                        <legend>{super::i18n::text(lang, Msg::Komi)}</legend>
                        <div class="choices">
                            {komi_buttons}
                            <button class="choice" aria-pressed=move || custom_komi.get().to_string()
                                on:click=move |_| custom_komi.set(true)>{super::i18n::text(lang, Msg::Custom)}</button>
                            {move || custom_komi.get().then(|| view! {
                                <input id="custom-komi" type="number" step="0.5" min="-50" max="50" aria-label=super::i18n::text(lang, Msg::Komi)
                                    prop:value=move || Komi::from_half_points(komi.get()).points_string()
                                    on:input=move |ev| {
                                        if let Some(k) = Komi::parse_points(&event_target_value(&ev)) {
                                            komi.set(k.half_points());
                                        }
                                    } />
                            })}
                        </div>
                    </fieldset>
                    <fieldset>
                        <legend id="handicap-legend">{super::i18n::text(lang, Msg::Handicap)}</legend>
                        <div class="choices">
                            <select id="handicap" aria-labelledby="handicap-legend" prop:value=move || handicap_n.get().to_string()
                                on:change=move |ev| {
                                    let h: u32 = event_target_value(&ev).parse().unwrap_or(0);
                                    handicap_n.set(h);
                                    if h >= 2 {
                                        komi.set(Komi::HALF.half_points());
                                        custom_komi.set(false);
                                    }
                                }>
                                <option value="0">{super::i18n::text(lang, Msg::NoHandicap)}</option>
                                {move || (2..=max_handicap()).map(|h| view! { <option value=h.to_string()>{h}</option> }).collect_view()}
                            </select>
                        </div>
                        <p class="hint">{super::i18n::text(lang, Msg::HandicapNote)}</p>
                    </fieldset>
                    <div class="players">
                        {player_fields(black, Msg::Black, "black")}
                        {player_fields(white, Msg::White, "white")}
                    </div>
                    <fieldset class:hidden=move || vs_computer.get()>
                        <legend>{super::i18n::text(lang, Msg::Colours)}</legend>
                        <div class="choices">
                            <button class="choice" aria-pressed=move || (!use_nigiri.get()).to_string()
                                on:click=move |_| use_nigiri.set(false)>{super::i18n::text(lang, Msg::ColoursAsEntered)}</button>
                            <button id="use-nigiri" class="choice" aria-pressed=move || use_nigiri.get().to_string()
                                on:click=move |_| use_nigiri.set(true)>{super::i18n::text(lang, Msg::ColoursNigiri)}</button>
                        </div>
                    </fieldset>
                    <fieldset>
                        <legend>{super::i18n::text(lang, Msg::GameMode)}</legend>
                        <div class="choices">
                            <button class="choice" aria-pressed=move || (!referee_mode.get()).to_string()
                                on:click=move |_| referee_mode.set(false)>{super::i18n::text(lang, Msg::Casual)}</button>
                            <button id="referee-mode" class="choice" aria-pressed=move || referee_mode.get().to_string()
                                on:click=move |_| referee_mode.set(true)>{super::i18n::text(lang, Msg::RefereeMode)}</button>
                        </div>
                        <p class="hint">{move || if referee_mode.get() { tr(Msg::RefereeHint) } else { tr(Msg::CasualHint) }}</p>
                        <Show when=move || time_choice.get() != TimeChoice::Untimed>
                            <label class="hint">{super::i18n::text(lang, Msg::OnClose)}" "
                                <select id="on-close" on:change=move |ev| on_close_run.set(event_target_value(&ev) == "run")>
                                    <option value="pause">{super::i18n::text(lang, Msg::OnClosePause)}</option>
                                    <option value="run">{super::i18n::text(lang, Msg::OnCloseRun)}</option>
                                </select>
                            </label>
                        </Show>
                    </fieldset>
                })}
            </details>
            <div class="row actions start-bar">
                <button on:click=move |_| crate::web::route::go(&crate::session::route::Route::Home)>{super::i18n::text(lang, Msg::Cancel)}</button>
                <button id="start-game" class="primary" on:click=move |_| {
                    if let Err(e) = chosen_time() {
                        time_error.set(Some(e));
                        return;
                    }
                    if use_nigiri.get_untracked() {
                        let handful = 3 + (crate::web::random() * 18.0) as u32;
                        nigiri_state.set(Some(Nigiri { handful, guess_odd: None }));
                    } else {
                        start();
                    }
                }>{super::i18n::text(lang, Msg::Start)}</button>
            </div>
            {nigiri_panel}
        </section>
    }
}

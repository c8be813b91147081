//! Go Text Protocol v2 over the core: what the `gtp` binary speaks on stdin/stdout.
//!
//! Errors are answered `? message`, never by a panic. The default rules are Chinese
//! (positional superko, suicide forbidden, area counting, komi 7.5).

use std::cell::RefCell;

use crate::bot::nn::Network;
use crate::bot::puct::{self, Puct};
use crate::bot::ranked;
use crate::bot::{Decision, Level, Search};
use crate::record::sgf;
use crate::rules::playout::PlayoutRng;
use crate::rules::{
    handicap, scoring, BoardSize, Colour, DeadStones, Game, Komi, Move, Phase, Point, Rules, Stone,
    Territory,
};
use crate::session::computer;

/// The commands this engine knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "kgs-genmove_cleanup",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "loadsgf",
    "printsgf",
    "is_legal",
    "all_legal",
    "list_stones",
    "captures",
];

/// What the engine answers to one command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Success(String),
    Failure(String),
    /// Success, then stop reading.
    Quit,
}

/// Time settings as GTP gives them (seconds); kept for the bot's time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeSettings {
    pub main_time: u32,
    pub byo_yomi_time: u32,
    pub byo_yomi_stones: u32,
}

/// Milliseconds from some fixed start; the binary passes a real clock, tests none.
pub type Clock = Box<dyn Fn() -> f64>;

/// How the bot thinks under GTP: a playout budget, and a clock for time settings.
pub struct Thinking {
    /// Playouts per move when no time settings are given (or there is no clock).
    pub playouts: u32,
    /// Resign when the best win rate falls under this.
    pub resign_below: Option<f32>,
    pub clock: Option<Clock>,
    /// Print each search's numbers to stderr.
    pub verbose: bool,
    /// With a network: visits per move when no time settings are given.
    pub visits: u32,
    /// With a network: play its policy's top move without searching.
    pub policy_only: bool,
    /// Play as the app's opponent of this rank (`--level 15k`): the same request and answer as
    /// the worker's, the network when there is one and it suits the game.
    pub level: Option<Level>,
    /// Play as the beginner-like reference (`--reference beginner`), no network.
    pub reference: bool,
}

impl Default for Thinking {
    fn default() -> Self {
        Thinking {
            playouts: 10_000,
            resign_below: Some(0.02),
            clock: None,
            verbose: false,
            visits: 200,
            policy_only: false,
            level: None,
            reference: false,
        }
    }
}

/// A GTP engine: a game plus the settings GTP controls.
pub struct Engine {
    rules: Rules,
    game: Game,
    seed: u64,
    pub thinking: Thinking,
    /// `None` until `time_settings` (then the bot paces itself by the clock).
    pub time: Option<TimeSettings>,
    /// Time left per colour as last told by `time_left` (seconds, stones).
    pub time_left: [Option<(u32, u32)>; 2],
    /// KataGo's network: with it the engine plays by PUCT search and counts dead stones by
    /// the network's ownership (except capture Go and boards it does not suit).
    pub network: Option<Network>,
    /// The search tree, kept between moves.
    tree: RefCell<Option<Puct>>,
}

fn parse_colour(s: &str) -> Result<Colour, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Colour::Black),
        "w" | "white" => Ok(Colour::White),
        _ => Err("invalid color".into()),
    }
}

impl Engine {
    pub fn new(rules: Rules, seed: u64) -> Engine {
        Engine {
            rules,
            game: Game::new(BoardSize::NINETEEN, rules),
            seed,
            thinking: Thinking::default(),
            time: None,
            time_left: [None, None],
            network: None,
            tree: RefCell::new(None),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    fn size(&self) -> BoardSize {
        self.game.size()
    }

    fn vertex(&self, p: Point) -> String {
        self.size().vertex(p)
    }

    fn parse_vertex(&self, s: &str) -> Result<Option<Point>, String> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        self.size()
            .parse_vertex(s)
            .map(Some)
            .map_err(|_| "invalid coordinate".into())
    }

    /// Handles one line; `None` for empty or comment lines.
    pub fn handle_line(&mut self, line: &str) -> Option<(Option<u32>, Reply)> {
        let line: String = line
            .chars()
            .filter(|&c| c != '\r')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return None;
        }
        let mut words = line.split_whitespace();
        let mut first = words.next()?;
        let id = first.parse::<u32>().ok();
        if id.is_some() {
            first = words.next().unwrap_or("");
        }
        let args: Vec<&str> = words.collect();
        let reply = match self.command(first, &args) {
            Ok(Some(s)) => Reply::Success(s),
            Ok(None) => Reply::Quit,
            Err(e) => Reply::Failure(e),
        };
        Some((id, reply))
    }

    /// Formats a reply as GTP sends it.
    pub fn format(id: Option<u32>, reply: &Reply) -> String {
        let id = id.map(|i| i.to_string()).unwrap_or_default();
        match reply {
            Reply::Success(s) if s.is_empty() => format!("={id}\n\n"),
            Reply::Success(s) => format!("={id} {s}\n\n"),
            Reply::Quit => format!("={id}\n\n"),
            Reply::Failure(e) => format!("?{id} {e}\n\n"),
        }
    }

    fn command(&mut self, cmd: &str, args: &[&str]) -> Result<Option<String>, String> {
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| "syntax error".to_string())
        };
        let ok = |s: String| Ok(Some(s));
        match cmd {
            "protocol_version" => ok("2".into()),
            "name" => ok("shoutan".into()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => ok(COMMANDS.contains(&arg(0)?).to_string()),
            "list_commands" => ok(COMMANDS.join("\n")),
            "quit" => Ok(None),
            "boardsize" => {
                let n: u32 = arg(0)?.parse().map_err(|_| "syntax error")?;
                let size = BoardSize::new(n).map_err(|_| "unacceptable size")?;
                self.game = Game::new(size, self.rules);
                ok(String::new())
            }
            "clear_board" => {
                self.game = Game::new(self.size(), self.rules);
                ok(String::new())
            }
            "komi" => {
                let k = Komi::parse_points(arg(0)?).ok_or("syntax error")?;
                self.rules.komi = k;
                self.game.set_komi(k);
                ok(String::new())
            }
            "play" => {
                let c = parse_colour(arg(0)?)?;
                let mv = match self.parse_vertex(arg(1)?)? {
                    Some(p) => Move::Play(p),
                    None => Move::Pass,
                };
                self.play_any_order(c, mv)
                    .map_err(|e| format!("illegal move: {e}"))?;
                ok(String::new())
            }
            "genmove" | "kgs-genmove_cleanup" => {
                let c = parse_colour(arg(0)?)?;
                let Some(mv) = self.choose_move(c, cmd == "kgs-genmove_cleanup") else {
                    return ok("resign".into());
                };
                self.play_any_order(c, mv)
                    .map_err(|e| format!("internal error: {e}"))?;
                ok(match mv {
                    Move::Play(p) => self.vertex(p),
                    Move::Pass => "pass".into(),
                })
            }
            "undo" => {
                self.game.undo().map_err(|_| "cannot undo")?;
                ok(String::new())
            }
            "showboard" => ok(format!("\n{}", self.showboard())),
            "final_score" => ok(self.final_result().sgf()),
            "final_status_list" => {
                let which = arg(0)?;
                let dead = self.dead_stones();
                let area = scoring::count_area(self.game.board(), &dead);
                let board = self.game.board();
                let size = self.size();
                let mut out = Vec::new();
                let mut seen = Vec::new();
                for p in size.points() {
                    if board.is_empty(p) || seen.contains(&board.chain_id(p)) {
                        continue;
                    }
                    seen.push(board.chain_id(p));
                    let chain = board.chain(p);
                    let is_dead = dead.contains(p);
                    // In seki: alive, touching shared points and no territory of its own.
                    let own = match board.colour_at(p) {
                        Some(Colour::Black) => Territory::Black,
                        _ => Territory::White,
                    };
                    let libs = board.liberties(p);
                    let in_seki = !is_dead
                        && libs.iter().any(|&l| area.owner_of(l) == Territory::Shared)
                        && !libs.iter().any(|&l| area.owner_of(l) == own);
                    let wanted = match which {
                        "dead" => is_dead,
                        "alive" => !is_dead && !in_seki,
                        "seki" => in_seki,
                        _ => return Err("invalid status".into()),
                    };
                    if wanted {
                        out.push(
                            chain
                                .iter()
                                .map(|&q| self.vertex(q))
                                .collect::<Vec<_>>()
                                .join(" "),
                        );
                    }
                }
                ok(out.join("\n"))
            }
            "fixed_handicap" | "place_free_handicap" => {
                let n: u32 = arg(0)?.parse().map_err(|_| "syntax error")?;
                if self.game.board().stone_counts() != [0, 0] || !self.game.moves().is_empty() {
                    return Err("board not empty".into());
                }
                let pts = handicap::fixed(self.size(), n).map_err(|_| "invalid handicap")?;
                self.game = Game::with_handicap(self.size(), self.rules, &pts);
                ok(pts
                    .iter()
                    .map(|&p| self.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "set_free_handicap" => {
                if self.game.board().stone_counts() != [0, 0] || !self.game.moves().is_empty() {
                    return Err("board not empty".into());
                }
                let mut pts = Vec::new();
                for a in args {
                    let p = self.parse_vertex(a)?.ok_or("bad vertex list")?;
                    if pts.contains(&p) {
                        return Err("bad vertex list".into());
                    }
                    pts.push(p);
                }
                if pts.len() < 2 || pts.len() >= self.size().area() as usize {
                    return Err("bad vertex list".into());
                }
                self.game = Game::with_handicap(self.size(), self.rules, &pts);
                ok(String::new())
            }
            "time_settings" => {
                let n = |i: usize| -> Result<u32, String> {
                    arg(i)?.parse().map_err(|_| "syntax error".to_string())
                };
                self.time = Some(TimeSettings {
                    main_time: n(0)?,
                    byo_yomi_time: n(1)?,
                    byo_yomi_stones: n(2)?,
                });
                self.time_left = [None, None];
                ok(String::new())
            }
            "time_left" => {
                let c = parse_colour(arg(0)?)?;
                let t: u32 = arg(1)?.parse().map_err(|_| "syntax error")?;
                let s: u32 = arg(2)?.parse().map_err(|_| "syntax error")?;
                self.time_left[c.index()] = Some((t, s));
                ok(String::new())
            }
            "loadsgf" => {
                let path = arg(0)?;
                let n: Option<usize> = match args.get(1) {
                    Some(s) => Some(
                        s.parse::<usize>()
                            .map_err(|_| "syntax error")?
                            .saturating_sub(1),
                    ),
                    None => None,
                };
                let text = std::fs::read(path).map_err(|_| "cannot load file")?;
                let text = String::from_utf8_lossy(&text);
                let loaded = sgf::load(&text, self.rules, n)
                    .map_err(|e| format!("cannot load file: {e}"))?;
                self.game = loaded.game;
                ok(if self.game.to_move() == Colour::Black {
                    "black"
                } else {
                    "white"
                }
                .into())
            }
            "printsgf" => {
                let text = sgf::write(&self.game, &[], &[]);
                match args.first() {
                    Some(path) => {
                        std::fs::write(path, text).map_err(|_| "cannot write file")?;
                        ok(String::new())
                    }
                    None => ok(text.trim_end().to_string()),
                }
            }
            "is_legal" => {
                let c = parse_colour(arg(0)?)?;
                let legal = match self.parse_vertex(arg(1)?)? {
                    Some(p) => self.game.is_legal_point(c, p),
                    None => true,
                };
                ok(if legal { "1" } else { "0" }.into())
            }
            "all_legal" => {
                let c = parse_colour(arg(0)?)?;
                let v: Vec<String> = self
                    .game
                    .legal_points(c)
                    .into_iter()
                    .map(|p| self.vertex(p))
                    .collect();
                ok(v.join(" "))
            }
            "list_stones" => {
                let c = parse_colour(arg(0)?)?;
                let v: Vec<String> = self
                    .game
                    .board()
                    .stones_of(c)
                    .into_iter()
                    .map(|p| self.vertex(p))
                    .collect();
                ok(v.join(" "))
            }
            "captures" => {
                let c = parse_colour(arg(0)?)?;
                ok(self.game.board().prisoners(c).to_string())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// GTP lets a controller play either colour at any time: when it is the other side's turn,
    /// that side passes first. After the end of play the game is reopened (a controller may
    /// play on to settle a dispute).
    fn play_any_order(&mut self, c: Colour, mv: Move) -> Result<(), crate::rules::PlayError> {
        if matches!(self.game.phase(), Phase::Counting(_)) {
            let _ = self.game.resume_play();
        }
        if self.game.to_move() != c && self.game.is_playing() {
            self.game.check(c.opponent(), Move::Pass)?;
            let mut g = self.game.clone();
            g.play(c.opponent(), Move::Pass)?;
            if matches!(g.phase(), Phase::Counting(_)) {
                let _ = g.resume_play();
            }
            g.play(c, mv)?;
            self.game = g;
            return Ok(());
        }
        self.game.play(c, mv).map(|_| ())
    }

    /// The bot's move for `c` (`None`: resign). With time settings and a clock it paces
    /// itself; otherwise it runs its playout budget.
    fn choose_move(&mut self, c: Colour, cleanup: bool) -> Option<Move> {
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if self.game.to_move() != c || !self.game.is_playing() {
            // Out of turn (or after the end): think for `c` on a copy where it is to move.
            let mut g = self.game.clone();
            if !g.is_playing() {
                let _ = g.resume_play();
            }
            g.set_to_move(c);
            return self.think(&g, cleanup);
        }
        self.think(&self.game, cleanup)
    }

    fn think(&self, game: &Game, cleanup: bool) -> Option<Move> {
        if self.thinking.reference {
            let mut rng = PlayoutRng::new(self.seed);
            return Some(ranked::beginner_move(game, &mut rng));
        }
        if let Some(level) = self.thinking.level {
            return self.think_at_level(level, game, cleanup);
        }
        if let Some(net) = self.network.as_ref().filter(|_| puct::suits(game)) {
            return self.think_with_network(net, game, cleanup);
        }
        let mut search = Search::new(game, self.seed, cleanup);
        let budget_ms = self.move_budget_ms(game);
        match (&self.thinking.clock, budget_ms) {
            (Some(now), Some(ms)) => {
                let start = now();
                let mut batch = 64;
                loop {
                    search.run(batch);
                    let spent = now() - start;
                    if spent >= ms {
                        break;
                    }
                    // Stop early once the rest of the time could not change the choice.
                    let rate = search.playouts() as f64 / spent.max(1.0);
                    let remaining = ((ms - spent) * rate) as u32;
                    if search.playouts() >= 1_000 && search.settled(remaining) {
                        break;
                    }
                    batch = (rate * 50.0).clamp(16.0, 4096.0) as u32;
                }
            }
            _ => search.run(self.thinking.playouts),
        }
        let decision = search.decide(self.thinking.resign_below);
        if self.thinking.verbose {
            let best = search.candidates();
            eprintln!(
                "{} playouts, budget {:?} ms, best {:?} {:.3}, lead {:+.1} -> {:?}",
                search.playouts(),
                budget_ms.map(|m| m as u32),
                best.first().map(|c| c.mv),
                best.first().map_or(0.0, |c| c.win_rate),
                search.score_lead(),
                decision
            );
        }
        decision.as_move()
    }

    /// The app's opponent at `level`: the request the session would put to the worker (the
    /// level's budget, capped by the time settings), answered as the worker answers it.
    fn think_at_level(&self, level: Level, game: &Game, cleanup: bool) -> Option<Move> {
        let mut req = computer::Request::move_at(game, level, self.seed);
        req.max_ms = self
            .move_budget_ms(game)
            .map_or(req.max_ms, |ms| ms.min(req.max_ms));
        req.cleanup |= cleanup;
        req.resign &= self.thinking.resign_below.is_some();
        let now = || self.thinking.clock.as_ref().map_or(0.0, |c| c());
        let reply = computer::answer_with(
            self.network.as_ref(),
            &mut self.tree.borrow_mut(),
            &req,
            now,
        );
        if self.thinking.verbose {
            eprintln!(
                "level {}: {} ({} visits, lead {:+.1}) {}",
                level.key(),
                reply.mv,
                reply.playouts,
                reply.lead,
                reply.error
            );
        }
        match reply.decision(game.size()) {
            Some(Decision::Play(p)) => Some(Move::Play(p)),
            Some(Decision::Pass) | None => Some(Move::Pass),
            Some(Decision::Resign) => None,
        }
    }

    /// PUCT over the network: visits by the clock (time settings) or the visit budget.
    fn think_with_network(&self, net: &Network, game: &Game, cleanup: bool) -> Option<Move> {
        let mut slot = self.tree.borrow_mut();
        let mut tree = match slot.take() {
            Some(mut t) => {
                t.advance(game);
                t
            }
            None => Puct::new(game, self.seed),
        };
        let budget_ms = self.move_budget_ms(game);
        if self.thinking.policy_only {
            tree.run(net, 1);
        } else {
            match (&self.thinking.clock, budget_ms) {
                (Some(now), Some(ms)) => {
                    let start = now();
                    tree.run(net, 1);
                    while now() - start < ms {
                        tree.run(net, 4);
                    }
                }
                _ => {
                    let have = tree.visits();
                    tree.run(net, self.thinking.visits.saturating_sub(have).max(1));
                }
            }
        }
        let mut decision = if self.thinking.policy_only {
            tree.sample_policy(0.0, 1.0)
        } else {
            tree.decide(self.thinking.resign_below)
        };
        // Cleanup (kgs-genmove_cleanup): no pass while the opponent has dead stones left.
        if cleanup {
            decision = tree.cleanup(decision);
        }
        if self.thinking.verbose {
            let best = tree.candidates();
            eprintln!(
                "{} visits, budget {:?} ms, best {:?} {:.3}, lead {:+.1} -> {:?}",
                tree.visits(),
                budget_ms.map(|m| m as u32),
                best.first().map(|c| c.mv),
                best.first().map_or(0.0, |c| c.win_rate),
                tree.score_lead().unwrap_or(0.0),
                decision
            );
        }
        *slot = Some(tree);
        decision.as_move()
    }

    /// Milliseconds for this move from the time settings and `time_left`, with a safety
    /// margin; `None` without time settings or when they mean no limit.
    fn move_budget_ms(&self, game: &Game) -> Option<f64> {
        let t = self.time?;
        if t.main_time == 0 && t.byo_yomi_time == 0 {
            return None;
        }
        let c = game.to_move();
        let (left, stones) = self.time_left[c.index()].unwrap_or(if t.main_time > 0 {
            (t.main_time, 0)
        } else {
            (t.byo_yomi_time, t.byo_yomi_stones)
        });
        let left_ms = left as f64 * 1000.0;
        let secs = if stones > 0 {
            // In byo-yomi: the period's time over its stones.
            left_ms / stones as f64
        } else {
            // Main time: spread over the moves still to come, then byo-yomi if any.
            let moves_left = (game.board().empty_count() as f64 / 3.0).max(10.0);
            let per_stone = if t.byo_yomi_stones > 0 {
                t.byo_yomi_time as f64 * 1000.0 / t.byo_yomi_stones as f64
            } else {
                0.0
            };
            (left_ms / moves_left).max(per_stone)
        };
        Some((secs * 0.9 - 30.0).max(20.0))
    }

    fn dead_stones(&self) -> DeadStones {
        // With the network, its ownership says (also after two passes: GTP has no command to
        // mark stones, so the counting's marking is only the playouts' suggestion).
        if let Some(net) = self.network.as_ref().filter(|_| puct::suits(&self.game)) {
            return puct::suggest_dead(net, &self.game);
        }
        match self.game.counting() {
            Some(c) => c.dead.clone(),
            None => scoring::suggest_dead(
                self.game.board(),
                self.game.to_move(),
                self.game.board().hash(),
                crate::rules::game::DEAD_STONE_PLAYOUTS,
            ),
        }
    }

    /// The result GTP `final_score` reports: the game's own result if it ended, otherwise the
    /// count with the engine's dead stones.
    pub fn final_result(&self) -> scoring::GameResult {
        if let Some(r) = self.game.result() {
            return r.clone();
        }
        let area = scoring::count_area(self.game.board(), &self.dead_stones());
        scoring::GameResult::Score {
            black_half: area.black_half,
            white_half: area.white_half,
            komi_half: self.game.komi_half_points(),
        }
    }

    /// The board as `showboard` prints it, coordinates around.
    pub fn showboard(&self) -> String {
        let size = self.size();
        let n = size.get();
        let letters: String = (0..n)
            .map(|c| format!(" {}", BoardSize::column_letter(c)))
            .collect();
        let mut s = format!("  {letters}\n");
        let last = match self.game.last_move().map(|m| m.mv) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        for row in 0..n {
            s += &format!("{:2}", size.row_number(row));
            for col in 0..n {
                let p = size.point(col, row);
                let ch = match self.game.board().stone(p) {
                    Stone::Black => 'X',
                    Stone::White => 'O',
                    Stone::Empty if size.star_points().contains(&p) => '+',
                    Stone::Empty => '.',
                };
                s.push(if Some(p) == last { '(' } else { ' ' });
                s.push(ch);
            }
            s += &format!(" {}\n", size.row_number(row));
        }
        s += &format!("  {letters}\n");
        s += &format!(
            "captures: black {} white {}",
            self.game.board().prisoners(Colour::Black),
            self.game.board().prisoners(Colour::White)
        );
        s
    }
}

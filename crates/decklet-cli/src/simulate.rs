//! `decklet simulate`: many bot games in parallel, one summary.

use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

use decklet::GameEngine;
use decklet::bots::{Bot, play_game_with};
use decklet::uno::{GameCounter, HouseRule, restart_uno_game};
use serde::Serialize;

use crate::SimulateArgs;
use crate::bots::{Rules, check_players, parse_bots};
use crate::runner::{
    INTERRUPTED, bot_seed, game_seed, play_all, progress, round, stop_on_signal, stopped,
    worker_pool,
};
use crate::stats::{Histogram, wilson_95};

#[derive(Clone, Copy, Debug, Default)]
struct GameResult {
    winner_seat: Option<usize>,
    actions: u64,
    turns: u64,
    dispatched: u64,
    drawn: u64,
    reshuffles: u64,
    capped: bool,
}

/// What a run's games add up to. Sums and counts only (turns as a histogram): the
/// memory is the same for ten games or a billion, and workers' tallies merge in any
/// order to the same totals.
#[derive(Clone, Debug)]
struct Tally {
    games: u64,
    finished: u64,
    seat_wins: Vec<u64>,
    actions: u64,
    dispatched: u64,
    drawn: u64,
    reshuffles: u64,
    capped: u64,
    turns: Histogram,
}

impl Tally {
    fn new(seats: usize) -> Self {
        Tally {
            games: 0,
            finished: 0,
            seat_wins: vec![0; seats],
            actions: 0,
            dispatched: 0,
            drawn: 0,
            reshuffles: 0,
            capped: 0,
            turns: Histogram::default(),
        }
    }
}

impl crate::runner::Tally for Tally {
    type Game = GameResult;

    fn add(mut self, game: GameResult) -> Self {
        self.games += 1;
        if let Some(seat) = game.winner_seat {
            self.finished += 1;
            if let Some(wins) = self.seat_wins.get_mut(seat) {
                *wins += 1;
            }
        }
        self.actions += game.actions;
        self.dispatched += game.dispatched;
        self.drawn += game.drawn;
        self.reshuffles += game.reshuffles;
        self.capped += u64::from(game.capped);
        self.turns.add(game.turns);
        self
    }

    fn merge(mut self, other: Tally) -> Self {
        self.games += other.games;
        self.finished += other.finished;
        for (wins, more) in self.seat_wins.iter_mut().zip(&other.seat_wins) {
            *wins += more;
        }
        self.actions += other.actions;
        self.dispatched += other.dispatched;
        self.drawn += other.drawn;
        self.reshuffles += other.reshuffles;
        self.capped += other.capped;
        self.turns.merge(other.turns);
        self
    }
}

/// What a worker keeps between its games: an engine (every game is dealt afresh on
/// it) and the counter listening to it.
struct Worker {
    engine: GameEngine,
    counter: GameCounter,
}

fn run_one(
    worker: &mut Option<Worker>,
    index: u64,
    args: &SimulateArgs,
    kinds: &[String],
    rules: &Rules,
) -> Result<GameResult, String> {
    let seed = game_seed(args.seed, index);
    let Worker { engine, counter } = match worker {
        Some(worker) => worker,
        none => {
            let mut engine = GameEngine::new(&rules.game, Default::default());
            let counter = GameCounter::attach(&mut engine);
            none.insert(Worker { engine, counter })
        }
    };
    restart_uno_game(engine, seed, kinds.len()).map_err(|e| format!("game {index}: {e}"))?;
    counter.begin();
    let mut bots: Vec<Box<dyn Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(seat, kind)| rules.bot(kind, bot_seed(seed, seat)))
        .collect::<Result<_, _>>()?;
    let report = play_game_with(
        engine,
        &mut bots,
        args.max_actions,
        &mut |_, moves, pick| counter.count_move(moves, pick),
    )
    .map_err(|e| format!("game {index}: {e}"))?;
    if let Some(dir) = &args.save_logs {
        crate::output::save_log(dir, "game", index, &engine.log())?;
    }
    let state = engine.state();
    let counts = counter.finish(state);
    let winner_seat = match state.winners() {
        [winner] => state.seat_index(*winner),
        _ => None,
    };
    Ok(GameResult {
        winner_seat,
        actions: counts.actions,
        turns: counts.turns,
        dispatched: counts.dispatched,
        drawn: counts.cards_drawn,
        reshuffles: counts.reshuffles,
        capped: report.capped,
    })
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SeatWins {
    seat: usize,
    bot: String,
    wins: u64,
    rate: f64,
    ci95: [f64; 2],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct BotWins {
    bot: String,
    seats: usize,
    wins: u64,
    share: f64,
    ci95: [f64; 2],
    fair_share: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Distribution {
    mean: f64,
    median: u64,
    p99: u64,
    max: u64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Totals {
    total: u64,
    per_game: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    games: u64,
    players: usize,
    seed: u64,
    bots: Vec<String>,
    /// The house rules in play (none: the classic rules).
    house: Vec<String>,
    threads: usize,
    wall_seconds: f64,
    games_per_second: f64,
    actions_per_second: f64,
    actions: u64,
    dispatched: u64,
    wins_by_seat: Vec<SeatWins>,
    wins_by_bot: Vec<BotWins>,
    turns_per_game: Distribution,
    cards_drawn: Totals,
    reshuffles: Totals,
    capped_games: u64,
    max_actions_per_game: u64,
}

/// The share of `wins` among `finished` games and its 95% Wilson interval, to 4
/// decimals.
fn share_of(wins: u64, finished: u64) -> (f64, [f64; 2]) {
    let (lo, hi) = wilson_95(wins, finished);
    let share = if finished == 0 {
        0.0
    } else {
        wins as f64 / finished as f64
    };
    (round(share, 4), [round(lo, 4), round(hi, 4)])
}

fn summarise(
    args: &SimulateArgs,
    kinds: &[String],
    house: &[HouseRule],
    tally: &Tally,
    seconds: f64,
    threads: usize,
) -> Summary {
    let (games, finished, seat_wins) = (tally.games, tally.finished, &tally.seat_wins);
    let per_game = |total: u64| {
        if games == 0 {
            0.0
        } else {
            round(total as f64 / games as f64, 3)
        }
    };
    let actions = tally.actions;
    let wins_by_seat = seat_wins
        .iter()
        .enumerate()
        .map(|(seat, &wins)| {
            let (rate, ci95) = share_of(wins, finished);
            SeatWins {
                seat: seat + 1,
                bot: kinds[seat].to_string(),
                wins,
                rate,
                ci95,
            }
        })
        .collect();
    // each bot once, in the order `--bots` first names it
    let mut distinct: Vec<&String> = Vec::new();
    for kind in kinds {
        if !distinct.contains(&kind) {
            distinct.push(kind);
        }
    }
    let wins_by_bot = distinct
        .iter()
        .map(|kind| {
            let seats = kinds.iter().filter(|k| k == kind).count();
            let wins: u64 = kinds
                .iter()
                .zip(seat_wins)
                .filter(|(k, _)| k == kind)
                .map(|(_, w)| *w)
                .sum();
            let (share, ci95) = share_of(wins, finished);
            BotWins {
                bot: kind.to_string(),
                seats,
                wins,
                share,
                ci95,
                fair_share: round(seats as f64 / kinds.len() as f64, 4),
            }
        })
        .collect();
    let (mean, median, p99, max) = tally.turns.distribution();
    let (drawn, reshuffles) = (tally.drawn, tally.reshuffles);
    Summary {
        games,
        players: kinds.len(),
        seed: args.seed,
        bots: kinds.iter().map(ToString::to_string).collect(),
        house: house.iter().map(ToString::to_string).collect(),
        threads,
        wall_seconds: round(seconds, 3),
        games_per_second: (games as f64 / seconds.max(1e-9)).round(),
        actions_per_second: (actions as f64 / seconds.max(1e-9)).round(),
        actions,
        dispatched: tally.dispatched,
        wins_by_seat,
        wins_by_bot,
        turns_per_game: Distribution {
            mean: round(mean, 2),
            median,
            p99,
            max,
        },
        cards_drawn: Totals {
            total: drawn,
            per_game: per_game(drawn),
        },
        reshuffles: Totals {
            total: reshuffles,
            per_game: per_game(reshuffles),
        },
        capped_games: tally.capped,
        max_actions_per_game: args.max_actions,
    }
}

/// The text summary.
fn text(s: &Summary) -> String {
    let mut out = String::new();
    // `writeln!` into a `String` cannot fail
    macro_rules! say {
        ($($arg:tt)*) => {{
            let _ = writeln!(out, $($arg)*);
        }};
    }
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let house = match s.house.is_empty() {
        true => String::new(),
        false => format!(", optional rules {}", s.house.join(",")),
    };
    say!(
        "decklet simulate: {} games, {} players, seed {}, bots {}{house}",
        s.games,
        s.players,
        s.seed,
        s.bots.join(",")
    );
    say!(
        "  wall time       {:.3} s on {} thread(s): {:.0} games/s, {:.0} actions/s",
        s.wall_seconds,
        s.threads,
        s.games_per_second,
        s.actions_per_second
    );
    say!(
        "  actions         {} ({} dispatched to the engine)",
        s.actions,
        s.dispatched
    );
    say!("wins by seat (95% interval)");
    for w in &s.wins_by_seat {
        say!(
            "  seat {:<2} {:<10} {:>8}  {:>6}  [{}, {}]",
            w.seat,
            w.bot,
            w.wins,
            pct(w.rate),
            pct(w.ci95[0]),
            pct(w.ci95[1])
        );
    }
    say!("wins by bot (95% interval; fair share = seats / players)");
    for w in &s.wins_by_bot {
        say!(
            "  {:<10} {} seat(s) {:>8}  {:>6}  [{}, {}]  fair {}",
            w.bot,
            w.seats,
            w.wins,
            pct(w.share),
            pct(w.ci95[0]),
            pct(w.ci95[1]),
            pct(w.fair_share)
        );
    }
    let t = &s.turns_per_game;
    say!(
        "turns per game   mean {:.1}, median {}, p99 {}, max {}",
        t.mean,
        t.median,
        t.p99,
        t.max
    );
    say!(
        "cards drawn      {} in all, {:.1} per game (deal included)",
        s.cards_drawn.total,
        s.cards_drawn.per_game
    );
    say!(
        "reshuffles       {} in all, {:.3} per game",
        s.reshuffles.total,
        s.reshuffles.per_game
    );
    say!(
        "capped games     {} (a game stops after {} dispatched actions)",
        s.capped_games,
        s.max_actions_per_game
    );
    out
}

/// Runs `decklet simulate` for UNO (the other games: `any_game.rs`).
pub fn run(args: &SimulateArgs) -> Result<(), String> {
    check_players(args.players)?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let rules = Rules::parse(&args.rules)?;
    let kinds = parse_bots(&args.bots, args.players, &rules)?;
    if let Some(dir) = &args.save_logs {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    if let Some(target) = args.match_target {
        stop_on_signal();
        return crate::matches::run(args, target, &kinds, &rules);
    }
    let (pool, threads) = worker_pool(args.threads)?;
    let bar = progress(args.games, args.json);
    stop_on_signal();
    let start = Instant::now();
    let seats = kinds.len();
    let tally = play_all(
        &pool,
        args.games,
        &bar,
        || Tally::new(seats),
        |engine, index| run_one(engine, index, args, &kinds, &rules),
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        let saved = match &args.save_logs {
            Some(dir) => format!("; the logs in {} are whole games", dir.display()),
            None => String::new(),
        };
        return Err(format!("{INTERRUPTED} after {:.1} s{saved}", seconds));
    }
    let tally = tally?;
    let summary = summarise(args, &kinds, &rules.house, &tally, seconds, threads);
    let mut out = if args.json {
        serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?
    } else {
        text(&summary)
    };
    if args.json {
        out.push('\n');
    }
    crate::output::write_stdout(&out)
}

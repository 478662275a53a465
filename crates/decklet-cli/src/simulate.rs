//! `decklet simulate`: many games of any game of the catalogue between bots, in
//! parallel, one summary: wins by seat and by bot (by side, in a game of sides), mean
//! results, how the games ended,
//! the moves a game takes, and what the game itself counts (UNO: cards drawn,
//! reshuffles; [`Counter`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

use decklet::bots::{Bot, Driver, Seat, Stop};
use decklet_catalog::{Catalog, Counter, LoadedGame};
use serde::Serialize;

use crate::SimulateArgs;
use crate::bots::bot_names;
use crate::runner::{
    INTERRUPTED, bot_seed, game_seed, play_all, progress, round, stop_on_signal, stopped,
    worker_pool,
};
use crate::stats::Histogram;

/// What one game gave.
#[derive(Clone, Debug, Default)]
struct GameResult {
    /// The winners' seat indices (several: a shared win).
    winners: Vec<usize>,
    /// Each seat's result, as the game scores it.
    scores: Vec<f64>,
    /// Moves dispatched to the engine.
    moves: u64,
    /// How it ended, in the game's word (`None`: the game has one way to end).
    ending: Option<String>,
    /// The game's own counts, in its counter's order.
    counts: Vec<u64>,
    capped: bool,
}

/// What a run's games add up to. Sums and counts only (moves as a histogram): the
/// memory is the same for ten games or a billion, and workers' tallies merge in any
/// order to the same totals.
#[derive(Clone, Debug)]
struct Tally {
    games: u64,
    /// Games with a winner.
    decided: u64,
    /// The side of each seat (each seat its own, unless the game is played in sides).
    sides: Vec<usize>,
    /// Each seat's wins, a shared win counted as a share (a side's win is a whole win
    /// for each of its seats).
    seat_wins: Vec<f64>,
    seat_scores: Vec<f64>,
    moves: u64,
    moves_per_game: Histogram,
    endings: BTreeMap<String, u64>,
    counts: Vec<u64>,
    capped: u64,
}

impl Tally {
    fn new(sides: Vec<usize>, counts: usize) -> Self {
        let seats = sides.len();
        Tally {
            games: 0,
            decided: 0,
            sides,
            seat_wins: vec![0.0; seats],
            seat_scores: vec![0.0; seats],
            moves: 0,
            moves_per_game: Histogram::default(),
            endings: BTreeMap::new(),
            counts: vec![0; counts],
            capped: 0,
        }
    }
}

impl crate::runner::Tally for Tally {
    type Game = GameResult;

    fn add(mut self, game: GameResult) -> Self {
        self.games += 1;
        if !game.winners.is_empty() {
            self.decided += 1;
            // a side wins when a seat of it wins: every seat of it then wins, and a
            // win shared by several sides is shared among them
            let mut sides: Vec<usize> = (game.winners.iter())
                .filter_map(|seat| self.sides.get(*seat).copied())
                .collect();
            sides.sort_unstable();
            sides.dedup();
            let share = 1.0 / sides.len().max(1) as f64;
            for (side, wins) in self.sides.iter().zip(self.seat_wins.iter_mut()) {
                if sides.contains(side) {
                    *wins += share;
                }
            }
        }
        for (total, score) in self.seat_scores.iter_mut().zip(&game.scores) {
            *total += score;
        }
        self.moves += game.moves;
        self.moves_per_game.add(game.moves);
        if let Some(ending) = game.ending {
            *self.endings.entry(ending).or_default() += 1;
        }
        for (total, count) in self.counts.iter_mut().zip(&game.counts) {
            *total += count;
        }
        self.capped += u64::from(game.capped);
        self
    }

    fn merge(mut self, other: Tally) -> Self {
        self.games += other.games;
        self.decided += other.decided;
        for (wins, more) in self.seat_wins.iter_mut().zip(&other.seat_wins) {
            *wins += more;
        }
        for (scores, more) in self.seat_scores.iter_mut().zip(&other.seat_scores) {
            *scores += more;
        }
        self.moves += other.moves;
        self.moves_per_game.merge(other.moves_per_game);
        for (ending, count) in other.endings {
            *self.endings.entry(ending).or_default() += count;
        }
        for (total, more) in self.counts.iter_mut().zip(&other.counts) {
            *total += more;
        }
        self.capped += other.capped;
        self
    }
}

/// What a worker keeps between its games: the seat driver of its match (every game is
/// dealt afresh on its engine, its bots seeded afresh for it) and the game's counter
/// listening to the engine.
struct Worker {
    driver: Driver,
    counter: Option<Box<dyn Counter>>,
}

/// What every game of a run shares.
struct Run<'a> {
    args: &'a SimulateArgs,
    catalog: &'a Catalog,
    loaded: &'a LoadedGame,
    bots: &'a [String],
    counts: usize,
}

impl Run<'_> {
    /// The bot of `seat` for a game dealt from `seed`.
    fn bot(&self, seed: u64, seat: usize) -> Result<Box<dyn Bot>, String> {
        let name = self.bots.get(seat).ok_or("no bot for a seat")?;
        (self.catalog)
            .bot(self.loaded, name, bot_seed(seed, seat))
            .map_err(|e| e.to_string())
    }

    /// Plays game `index` on the worker's engine (made at its first game).
    fn play_one(&self, worker: &mut Option<Worker>, index: u64) -> Result<GameResult, String> {
        let seed = game_seed(self.args.seed, index);
        let seats = self.bots.len();
        let failed = |e: &dyn std::fmt::Display| format!("game {index}: {e}");
        let Worker { driver, counter } = match worker {
            Some(worker) => {
                (self.loaded)
                    .deal(worker.driver.engine_mut(), seed, seats)
                    .map_err(|e| failed(&e))?;
                worker
                    .driver
                    .restart(seed, |seat| self.bot(seed, seat).ok());
                worker
            }
            none => {
                let mut engine = (self.loaded)
                    .new_engine(seed, seats)
                    .map_err(|e| failed(&e))?;
                let counter = self.loaded.counter(&mut engine);
                let bots = (0..seats)
                    .map(|seat| self.bot(seed, seat).map(Seat::Bot))
                    .collect::<Result<_, _>>()?;
                let driver = Driver::new(engine, bots);
                none.insert(Worker { driver, counter })
            }
        };
        if let Some(counter) = counter.as_mut() {
            counter.begin();
        }
        let max = self.args.max_actions;
        let stop = match counter.as_mut() {
            Some(counter) => driver.run_with(max, &mut |_, _, moves, pick| {
                counter.count_move(moves, pick)
            }),
            None => driver.run(max),
        }
        .map_err(|e| failed(&e))?;
        let capped = stop == Stop::Capped;
        let engine = driver.engine();
        if let Some(dir) = &self.args.save_logs {
            crate::output::save_log(dir, "game", index, &engine.log())?;
        }
        let state = engine.state();
        let mut counts = vec![0; self.counts];
        if let Some(counter) = counter.as_mut() {
            counter.finish(state, &mut counts);
        }
        let def = self.loaded.def();
        Ok(GameResult {
            winners: (state.winners().iter())
                .filter_map(|w| state.seat_index(*w))
                .collect(),
            scores: (def.scoring())(state),
            moves: driver.moves_made(),
            ending: match capped {
                true => Some("capped".to_string()),
                false => def.ending(state),
            },
            counts,
            capped,
        })
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SeatWins {
    seat: usize,
    bot: String,
    wins: f64,
    rate: f64,
    ci95: [f64; 2],
    mean_score: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct BotWins {
    bot: String,
    seats: usize,
    wins: f64,
    share: f64,
    ci95: [f64; 2],
    fair_share: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SideWins {
    /// Its number, from 1.
    side: usize,
    /// Its seats, from 1.
    seats: Vec<usize>,
    /// The bots in its seats.
    bots: Vec<String>,
    wins: f64,
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
struct Summary {
    game: String,
    games: u64,
    players: usize,
    seed: u64,
    bots: Vec<String>,
    threads: usize,
    wall_seconds: f64,
    games_per_second: f64,
    moves_per_second: f64,
    /// Moves dispatched to the engine, in all.
    moves: u64,
    wins_by_seat: Vec<SeatWins>,
    /// By bot, in a game without sides (empty in a game of sides).
    wins_by_bot: Vec<BotWins>,
    /// By side, in a game of sides (empty otherwise).
    wins_by_side: Vec<SideWins>,
    moves_per_game: Distribution,
    /// Each way a game ended, with its share of the games (empty for a game with one
    /// way to end).
    ends: BTreeMap<String, f64>,
    /// The game's own counts, in all (UNO: `actions`, `turns`, `cardsDrawn`,
    /// `reshuffles`).
    counts: BTreeMap<String, u64>,
    capped_games: u64,
    max_actions_per_game: u64,
}

/// The share of `wins` among `decided` games and its 95% Wilson interval, to 4
/// decimals.
fn share_of(wins: f64, decided: u64) -> (f64, [f64; 2]) {
    let (lo, hi) = decklet::bots::wilson_95(wins, decided as f64);
    let share = match decided {
        0 => 0.0,
        n => wins / n as f64,
    };
    (round(share, 4), [round(lo, 4), round(hi, 4)])
}

fn summarise(
    run: &Run<'_>,
    counter: Option<&dyn Counter>,
    tally: Tally,
    seconds: f64,
    threads: usize,
) -> Summary {
    let (args, bots) = (run.args, run.bots);
    let games = tally.games;
    let per_game = |total: f64| match games {
        0 => 0.0,
        n => round(total / n as f64, 4),
    };
    let wins_by_seat = (tally.seat_wins.iter().zip(&tally.seat_scores))
        .enumerate()
        .map(|(seat, (&wins, &scores))| {
            let (rate, ci95) = share_of(wins, tally.decided);
            SeatWins {
                seat: seat + 1,
                bot: bots[seat].clone(),
                wins: round(wins, 4),
                rate,
                ci95,
                mean_score: per_game(scores),
            }
        })
        .collect();
    // each bot once, in the order `--bots` first names it
    let mut distinct: Vec<&String> = Vec::new();
    for bot in bots {
        if !distinct.contains(&bot) {
            distinct.push(bot);
        }
    }
    let side_count = tally.sides.iter().max().map_or(0, |s| s + 1);
    let in_sides = side_count < bots.len();
    let wins_by_side = (0..side_count)
        .filter(|_| in_sides)
        .map(|side| {
            let seats: Vec<usize> = (0..bots.len())
                .filter(|seat| tally.sides.get(*seat) == Some(&side))
                .collect();
            let wins = seats
                .first()
                .and_then(|seat| tally.seat_wins.get(*seat))
                .copied()
                .unwrap_or(0.0);
            let (share, ci95) = share_of(wins, tally.decided);
            SideWins {
                side: side + 1,
                seats: seats.iter().map(|s| s + 1).collect(),
                bots: seats.iter().filter_map(|s| bots.get(*s).cloned()).collect(),
                wins: round(wins, 4),
                share,
                ci95,
                fair_share: round(1.0 / side_count as f64, 4),
            }
        })
        .collect();
    let wins_by_bot = distinct
        .iter()
        .filter(|_| !in_sides)
        .map(|bot| {
            let seats = bots.iter().filter(|b| b == bot).count();
            let wins: f64 = (bots.iter().zip(&tally.seat_wins))
                .filter(|(b, _)| b == bot)
                .map(|(_, w)| *w)
                .sum();
            let (share, ci95) = share_of(wins, tally.decided);
            BotWins {
                bot: bot.to_string(),
                seats,
                wins: round(wins, 4),
                share,
                ci95,
                fair_share: round(seats as f64 / bots.len() as f64, 4),
            }
        })
        .collect();
    let (mean, median, p99, max) = tally.moves_per_game.distribution();
    let names = counter.map_or(&[][..], |c| c.counts());
    Summary {
        game: run.loaded.string().to_string(),
        games,
        players: bots.len(),
        seed: args.seed,
        bots: bots.to_vec(),
        threads,
        wall_seconds: round(seconds, 3),
        games_per_second: (games as f64 / seconds.max(1e-9)).round(),
        moves_per_second: (tally.moves as f64 / seconds.max(1e-9)).round(),
        moves: tally.moves,
        wins_by_seat,
        wins_by_bot,
        wins_by_side,
        moves_per_game: Distribution {
            mean: round(mean, 2),
            median,
            p99,
            max,
        },
        ends: (tally.endings.into_iter())
            .map(|(ending, count)| (ending, per_game(count as f64)))
            .collect(),
        counts: (names.iter().zip(&tally.counts))
            .map(|(def, total)| (def.name.to_string(), *total))
            .collect(),
        capped_games: tally.capped,
        max_actions_per_game: args.max_actions,
    }
}

/// The text summary.
fn text(s: &Summary, counter: Option<&dyn Counter>) -> String {
    let mut out = String::new();
    // `writeln!` into a `String` cannot fail
    macro_rules! say {
        ($($arg:tt)*) => {{
            let _ = writeln!(out, $($arg)*);
        }};
    }
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    say!(
        "decklet simulate: {}, {} games, {} players, seed {}, bots {}",
        s.game,
        s.games,
        s.players,
        s.seed,
        s.bots.join(",")
    );
    say!(
        "  wall time       {:.3} s on {} thread(s): {:.0} games/s, {:.0} moves/s",
        s.wall_seconds,
        s.threads,
        s.games_per_second,
        s.moves_per_second
    );
    say!("wins by seat (95% interval; a shared win counts as a share)");
    for w in &s.wins_by_seat {
        say!(
            "  seat {:<2} {:<10} {:>10}  {:>6}  [{}, {}]  mean result {:.2}",
            w.seat,
            w.bot,
            w.wins,
            pct(w.rate),
            pct(w.ci95[0]),
            pct(w.ci95[1]),
            w.mean_score
        );
    }
    // one bot in every seat: its wins are every game's, and tell nothing
    if s.wins_by_bot.len() > 1 {
        say!("wins by bot (95% interval; fair share = seats / players)");
    }
    for w in s.wins_by_bot.iter().filter(|_| s.wins_by_bot.len() > 1) {
        say!(
            "  {:<10} {} seat(s) {:>10}  {:>6}  [{}, {}]  fair {}",
            w.bot,
            w.seats,
            w.wins,
            pct(w.share),
            pct(w.ci95[0]),
            pct(w.ci95[1]),
            pct(w.fair_share)
        );
    }
    if !s.wins_by_side.is_empty() {
        say!(
            "wins by side (95% interval; a side's win is each of its seats'; fair share = 1 / sides)"
        );
    }
    for w in &s.wins_by_side {
        let seats: Vec<String> = w.seats.iter().map(ToString::to_string).collect();
        say!(
            "  side {} (seats {}: {}) {:>10}  {:>6}  [{}, {}]  fair {}",
            w.side,
            seats.join(" & "),
            w.bots.join(", "),
            w.wins,
            pct(w.share),
            pct(w.ci95[0]),
            pct(w.ci95[1]),
            pct(w.fair_share)
        );
    }
    let m = &s.moves_per_game;
    say!(
        "moves per game   mean {:.1}, median {}, p99 {}, max {}",
        m.mean,
        m.median,
        m.p99,
        m.max
    );
    if !s.ends.is_empty() {
        let ends: Vec<String> = (s.ends.iter())
            .map(|(ending, share)| format!("{ending} {}", pct(*share)))
            .collect();
        say!("ends             {}", ends.join(", "));
    }
    for def in counter.map_or(&[][..], |c| c.counts()) {
        let total = s.counts.get(def.name).copied().unwrap_or(0);
        say!(
            "{:<16} {total} in all, {:.2} a game ({})",
            def.name,
            total as f64 / s.games.max(1) as f64,
            def.about
        );
    }
    say!(
        "capped games     {} (a game stops after {} dispatched moves)",
        s.capped_games,
        s.max_actions_per_game
    );
    out
}

/// Runs `decklet simulate` of `loaded`, a game of `catalog`.
pub fn run(args: &SimulateArgs, catalog: &Catalog, loaded: &LoadedGame) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let bots = bot_names(catalog, loaded, &args.bots, args.players, true)?;
    let sides = decklet_catalog::sides_of(loaded.def(), bots.len())?;
    if let Some(dir) = &args.save_logs {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    if let Some(target) = args.match_target {
        stop_on_signal();
        return crate::matches::run(args, target, catalog, loaded, &bots);
    }
    // the game's counter, asked once for its counts' names (on an engine of its own)
    let mut probe = loaded
        .new_engine(args.seed, args.players)
        .map_err(|e| e.to_string())?;
    let counter = loaded.counter(&mut probe);
    let run = Run {
        args,
        catalog,
        loaded,
        bots: &bots,
        counts: counter.as_ref().map_or(0, |c| c.counts().len()),
    };
    let (pool, threads) = worker_pool(args.threads)?;
    let bar = progress(args.games, args.json);
    stop_on_signal();
    let start = Instant::now();
    let tally = play_all(
        &pool,
        args.games,
        &bar,
        || Tally::new(sides.clone(), run.counts),
        |worker, index| run.play_one(worker, index),
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        let saved = match &args.save_logs {
            Some(dir) => format!("; the logs in {} are whole games", dir.display()),
            None => String::new(),
        };
        return Err(format!("{INTERRUPTED} after {seconds:.1} s{saved}"));
    }
    let summary = summarise(&run, counter.as_deref(), tally?, seconds, threads);
    let out = match args.json {
        true => serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())? + "\n",
        false => text(&summary, counter.as_deref()),
    };
    crate::output::write_stdout(&out)
}

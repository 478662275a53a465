//! `decklet simulate --match TARGET`: many matches of a game that plays matches, in
//! parallel, one summary: who wins matches (by the seat they start in), and how many
//! rounds a match takes.

use std::fmt::Write as _;
use std::time::Instant;

use decklet::bots::Bot;
use decklet_catalog::{Catalog, LoadedGame, Match};
use serde::Serialize;

use crate::SimulateArgs;
use crate::runner::{
    INTERRUPTED, bot_seed, game_seed, play_all, progress, round, stopped, worker_pool,
};
use crate::stats::{Histogram, wilson_95};

/// What a run's matches add up to (sums and a histogram: merges in any order).
#[derive(Clone, Debug)]
struct Tally {
    matches: u64,
    won: u64,
    wins: Vec<u64>,
    rounds: Histogram,
    capped: u64,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            matches: 0,
            won: 0,
            wins: vec![0; players],
            rounds: Histogram::default(),
            capped: 0,
        }
    }
}

impl crate::runner::Tally for Tally {
    /// A match's winner (by first seat), its rounds, and whether it was capped.
    type Game = (Option<usize>, usize, bool);

    fn add(mut self, (winner, rounds, capped): (Option<usize>, usize, bool)) -> Tally {
        self.matches += 1;
        if let Some(w) = winner.and_then(|w| self.wins.get_mut(w)) {
            *w += 1;
            self.won += 1;
        }
        self.rounds.add(rounds as u64);
        self.capped += u64::from(capped);
        self
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.matches += other.matches;
        self.won += other.won;
        for (w, more) in self.wins.iter_mut().zip(&other.wins) {
            *w += more;
        }
        self.rounds.merge(other.rounds);
        self.capped += other.capped;
        self
    }
}

/// Plays match `index`: its seed comes from the master seed, player `p{i+1}`'s bot
/// from the match seed and `i`.
fn play_one(
    index: u64,
    args: &SimulateArgs,
    target: u32,
    catalog: &Catalog,
    loaded: &LoadedGame,
    kinds: &[String],
) -> Result<(Option<usize>, usize, bool), String> {
    let seed = game_seed(args.seed, index);
    let plan = Match::new(loaded, seed, kinds.len(), Some(target)).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| catalog.bot(plan.game(), kind, bot_seed(seed, i)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let (report, log) =
        (plan.play(&mut bots, args.max_actions)).map_err(|e| format!("match {index}: {e}"))?;
    if let Some(dir) = &args.save_logs {
        crate::output::save_log(dir, "match", index, &log)?;
    }
    Ok((report.winner, report.rounds(), report.capped))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerWins {
    /// The seat the player starts the match in (then it moves on each round).
    first_seat: usize,
    bot: String,
    wins: u64,
    rate: f64,
    ci95: [f64; 2],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Rounds {
    mean: f64,
    median: u64,
    p99: u64,
    max: u64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    matches: u64,
    target: u32,
    players: usize,
    seed: u64,
    bots: Vec<String>,
    /// The game every round plays.
    game: String,
    threads: usize,
    wall_seconds: f64,
    match_wins: Vec<PlayerWins>,
    rounds_per_match: Rounds,
    capped_matches: u64,
}

fn summarise(
    args: &SimulateArgs,
    target: u32,
    kinds: &[String],
    game: &str,
    tally: &Tally,
    threads: usize,
    seconds: f64,
) -> Summary {
    let match_wins = tally
        .wins
        .iter()
        .enumerate()
        .map(|(i, &wins)| {
            let (lo, hi) = wilson_95(wins, tally.won);
            let rate = if tally.won == 0 {
                0.0
            } else {
                wins as f64 / tally.won as f64
            };
            PlayerWins {
                first_seat: i + 1,
                bot: kinds[i].to_string(),
                wins,
                rate: round(rate, 4),
                ci95: [round(lo, 4), round(hi, 4)],
            }
        })
        .collect();
    let (mean, median, p99, max) = tally.rounds.distribution();
    Summary {
        matches: tally.matches,
        target,
        players: kinds.len(),
        seed: args.seed,
        bots: kinds.iter().map(ToString::to_string).collect(),
        game: game.to_string(),
        threads,
        wall_seconds: round(seconds, 3),
        match_wins,
        rounds_per_match: Rounds {
            mean: round(mean, 2),
            median,
            p99,
            max,
        },
        capped_matches: tally.capped,
    }
}

fn text(s: &Summary) -> String {
    let mut out = String::new();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let _ = writeln!(
        out,
        "decklet simulate: {}, {} matches to {}, {} players, seed {}, bots {}",
        s.game,
        s.matches,
        s.target,
        s.players,
        s.seed,
        s.bots.join(",")
    );
    let _ = writeln!(
        out,
        "  wall time       {:.3} s on {} thread(s)",
        s.wall_seconds, s.threads
    );
    let _ = writeln!(
        out,
        "match wins by first seat (95% interval; the first seat moves on each round)"
    );
    for w in &s.match_wins {
        let _ = writeln!(
            out,
            "  seat {:<2} {:<10} {:>8}  {:>6}  [{}, {}]",
            w.first_seat,
            w.bot,
            w.wins,
            pct(w.rate),
            pct(w.ci95[0]),
            pct(w.ci95[1])
        );
    }
    let r = &s.rounds_per_match;
    let _ = writeln!(
        out,
        "rounds per match mean {:.1}, median {}, p99 {}, max {}",
        r.mean, r.median, r.p99, r.max
    );
    let _ = writeln!(out, "capped matches   {}", s.capped_matches);
    out
}

/// Runs `decklet simulate --match TARGET` of `loaded` (`kinds` by player, checked).
pub fn run(
    args: &SimulateArgs,
    target: u32,
    catalog: &Catalog,
    loaded: &LoadedGame,
    kinds: &[String],
) -> Result<(), String> {
    // the plan checks the game plays matches and the target
    let plan = Match::new(loaded, args.seed, kinds.len(), Some(target))
        .map_err(|e| format!("--match: {e}"))?;
    let (pool, threads) = worker_pool(args.threads)?;
    let bar = progress(args.games, args.json);
    let start = Instant::now();
    let players = kinds.len();
    // a match builds its own engines: no scratch to keep
    let tally = play_all(
        &pool,
        args.games,
        &bar,
        || Tally::new(players),
        |_: &mut Option<()>, index| play_one(index, args, target, catalog, loaded, kinds),
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        return Err(format!("{INTERRUPTED} after {seconds:.1} s"));
    }
    let game = plan.game().string();
    let summary = summarise(args, target, kinds, game, &tally?, threads, seconds);
    let out = if args.json {
        serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())? + "\n"
    } else {
        text(&summary)
    };
    crate::output::write_stdout(&out)
}

//! `decklet tournament`: bots against each other at any game of the catalogue, every
//! bot in every seat equally often, with win rates, 95% intervals, mean results and
//! places, and ratings.
//!
//! The plan (which game each index is, how results add up, the report) is
//! `decklet_env::TournamentPlan`'s, shared with the Python package's distributed
//! tournament: this command plays its games on a pool of threads. Every group of
//! `--players` entries (default: as many as the bots) is a table; each table plays
//! `--games` games, rounded up to a multiple of the players, and game `k` of a table
//! seats its entries rotated by `k` places; game `i` of the whole run is seeded from
//! the master seed and `i`, so the results do not depend on the threads.

use std::fmt::Write as _;

use decklet::env::{TournamentPlan, TournamentSpec, TournamentSummary, TournamentTally};

use crate::TournamentArgs;
use crate::bots::Rules;
use crate::games::UNO_RULES_ONLY;
use crate::output::write_stdout;
use crate::runner::{INTERRUPTED, play_all, progress, stop_on_signal, stopped, worker_pool};

impl crate::runner::Tally for TournamentTally {
    /// One game's tally.
    type Game = TournamentTally;

    fn add(mut self, game: TournamentTally) -> Self {
        TournamentTally::merge(&mut self, &game);
        self
    }

    fn merge(mut self, other: TournamentTally) -> Self {
        TournamentTally::merge(&mut self, &other);
        self
    }
}

/// The plan of `args`: UNO's rules options become its game string, and `--forget-uno`
/// its heuristic bots' names (`heuristic:forget=P`).
fn plan(args: &TournamentArgs) -> Result<TournamentPlan, String> {
    let catalog = decklet_catalog::Catalog::standard();
    let loaded = crate::games::load(&catalog, &args.game)?;
    let mut game = loaded.string().to_string();
    let mut bots: Vec<String> = args.bots.split(',').map(|b| b.trim().to_string()).collect();
    let mut rules = args.rules.clone();
    if crate::games::uno_rules(&loaded, &mut rules)? {
        let rules = Rules::parse(&rules)?;
        game = rules.loaded().string().to_string();
        for bot in &mut bots {
            *bot = rules.bot_name(bot);
        }
    } else if !args.rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    let spec = TournamentSpec {
        game,
        players: args.players.unwrap_or(0),
        bots,
        games: args.games,
        seed: args.seed,
        max_actions: args.max_actions,
    };
    TournamentPlan::new(&spec).map_err(|e| format!("--game/--bots/--players/--games: {e}"))
}

/// Runs `decklet tournament`.
pub fn run(args: &TournamentArgs) -> Result<(), String> {
    let plan = plan(args)?;
    let (pool, threads) = worker_pool(args.threads)?;
    let total = plan.games();
    let bar = progress(total, args.json);
    stop_on_signal();
    let start = std::time::Instant::now();
    let tally = play_all(
        &pool,
        total,
        &bar,
        || plan.empty(),
        |_: &mut Option<()>, index| {
            let mut one = plan.empty();
            plan.play(index, &mut one)?;
            Ok(one)
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        return Err(format!("{INTERRUPTED} after {seconds:.1} s"));
    }
    let summary = plan.summary(&tally?, threads, seconds)?;
    let out = match args.json {
        true => {
            let mut json = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
            json.push('\n');
            json
        }
        false => text(&summary),
    };
    write_stdout(&out)
}

/// The text summary of a tournament.
fn text(s: &TournamentSummary) -> String {
    let mut out = String::new();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let _ = writeln!(
        out,
        "decklet tournament: {}, {} games, {} players, {} table(s) of {} games, seed {}",
        s.game, s.games, s.players, s.tables, s.games_per_table, s.seed
    );
    let _ = writeln!(
        out,
        "  wall time {:.3} s on {} thread(s); {} undecided, {} capped",
        s.wall_seconds, s.threads, s.undecided_games, s.capped_games
    );
    let _ = writeln!(
        out,
        "  {:<22} {:>8} {:>9} {:>7}  {:<16} {:>6} {:>8} {:>6}  rating (95%)",
        "bot", "games", "wins", "rate", "95% interval", "fair", "result", "place"
    );
    for e in &s.entries {
        let interval = format!("[{}, {}]", pct(e.ci95[0]), pct(e.ci95[1]));
        let _ = writeln!(
            out,
            "  {:<22} {:>8} {:>9} {:>7}  {:<16} {:>6} {:>8.2} {:>6.2}  {:+.0} ± {:.0}",
            e.bot,
            e.games,
            e.wins,
            pct(e.win_rate),
            interval,
            pct(e.fair_share),
            e.mean_score,
            e.mean_place,
            e.rating,
            e.rating_ci95,
        );
    }
    out
}

//! `decklet tournament`: bots against each other at any game of the catalogue, every
//! bot in every seat equally often, with win rates, 95% intervals, mean results and
//! places, and ratings.
//!
//! The plan (which game each index is, how results add up, the report) is
//! `decklet_env::TournamentPlan`'s, shared with the Python package's distributed
//! tournament: this command plays its games on a pool of threads. Every group of
//! `--players` entries (default: as many as the bots) is a table; each table plays
//! `--games` games, rounded up to a multiple of the players, and game `k` of a table
//! seats its entries rotated by `k` places (in a game of sides up to six players, in
//! the `k`-th of their every order, the games rounded up to a multiple of that, so that
//! each partners every other); game `i` of the whole run is seeded from the master
//! seed and `i`, so the results do not depend on the threads.

use std::fmt::Write as _;

use std::path::{Path, PathBuf};

use decklet::env::rating::RatingPool;
use decklet::env::tournament::round;
use decklet::env::{TournamentPlan, TournamentSpec, TournamentSummary, TournamentTally};
use decklet_catalog::Catalog;

use crate::TournamentArgs;
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

/// The plan of `args`.
fn plan(args: &TournamentArgs, catalog: &Catalog) -> Result<TournamentPlan, String> {
    let loaded = crate::games::load_game(catalog, args.game.as_deref())?;
    let spec = TournamentSpec {
        game: loaded.string().to_string(),
        players: args.players.unwrap_or(0),
        bots: args.bots.split(',').map(|b| b.trim().to_string()).collect(),
        games: args.games,
        seed: args.seed,
        max_actions: args.max_actions,
    };
    TournamentPlan::with_catalog(&spec, catalog)
        .map_err(|e| format!("--game/--bots/--players/--games: {e}"))
}

/// Runs `decklet tournament` with the games of `catalog`.
pub fn run(args: &TournamentArgs, catalog: &Catalog) -> Result<(), String> {
    let plan = plan(args, catalog)?;
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
    let tally = tally?;
    let summary = plan.summary(&tally, threads, seconds)?;
    let pooled = match &args.ratings {
        Some(path) => Some(add_to_ratings(&plan, &tally, path)?),
        None => None,
    };
    let out = match args.json {
        true => {
            let mut json = serde_json::to_value(&summary).map_err(|e| e.to_string())?;
            if let (Some((pool, path)), Some(object)) = (&pooled, json.as_object_mut()) {
                object.insert("pooledRatings".into(), pooled_json(pool, path));
            }
            let mut json = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
            json.push('\n');
            json
        }
        false => {
            let mut out = text(&summary);
            if let Some((pool, path)) = &pooled {
                out.push_str(&pooled_text(pool, path));
            }
            out
        }
    };
    write_stdout(&out)
}

/// The largest ratings file read (a thousand entries' results are well under it).
const MAX_RATINGS_FILE: u64 = 64 << 20;

/// Adds this run to the ratings file at `path` (made if missing), written whole in
/// place of the old one (a new file renamed over it): the pool, and `path` as given.
fn add_to_ratings(
    plan: &TournamentPlan,
    tally: &TournamentTally,
    path: &Path,
) -> Result<(RatingPool, String), String> {
    let shown = path.display().to_string();
    let mut pool = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            RatingPool::new(&plan.summary(tally, 1, 0.0)?.game)
        }
        Err(e) => return Err(format!("--ratings: cannot read {shown}: {e}")),
        Ok(meta) if meta.len() > MAX_RATINGS_FILE => {
            return Err(format!(
                "--ratings: {shown} is larger than a ratings file ({} MiB at most)",
                MAX_RATINGS_FILE >> 20
            ));
        }
        Ok(_) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--ratings: cannot read {shown}: {e}"))?;
            RatingPool::from_json(&text).map_err(|e| format!("--ratings: {shown}: {e}"))?
        }
    };
    plan.add_to_pool(tally, &mut pool)
        .map_err(|e| format!("--ratings: {shown}: {e}"))?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, pool.to_json() + "\n")
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("--ratings: cannot write {shown}: {e}"))?;
    Ok((pool, shown))
}

/// The pool's ratings, best first.
fn best_first(pool: &RatingPool) -> Vec<(String, f64, f64)> {
    let mut ratings = pool.ratings();
    ratings.sort_by(|a, b| b.1.total_cmp(&a.1));
    ratings
}

/// The pooled ratings as `--json` adds them.
fn pooled_json(pool: &RatingPool, path: &str) -> serde_json::Value {
    let entries: Vec<serde_json::Value> = best_first(pool)
        .into_iter()
        .map(|(bot, rating, half)| {
            serde_json::json!({
                "bot": bot,
                "rating": round(rating, 1),
                "ratingCi95": round(half, 1),
            })
        })
        .collect();
    serde_json::json!({ "file": path, "games": pool.games(), "entries": entries })
}

/// The pooled ratings as the text summary ends.
fn pooled_text(pool: &RatingPool, path: &str) -> String {
    let mut out = format!(
        "  ratings over every run in {path} ({} games):\n",
        pool.games()
    );
    for (bot, rating, half) in best_first(pool) {
        let _ = writeln!(out, "  {bot:<22} {rating:+.0} ± {half:.0}");
    }
    out
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
    if s.sides < s.players {
        let _ = writeln!(
            out,
            "  played in {} sides: a side's win is each of its bots', partners seated in every order",
            s.sides
        );
    }
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

//! `decklet tournament`: bots against each other, every bot in every seat equally
//! often, with win rates, 95% intervals and (UNO) ratings.
//!
//! The plan (which game each index is, how results add up, the report) is
//! `decklet_env::TournamentPlan`'s, shared with the Python package's distributed
//! tournament: this command plays its games on a pool of threads. UNO: every group of
//! `--players` entries is a table; each table plays `--games` games, rounded up to a
//! multiple of the players, and game `k` of a table seats its entries rotated by `k`
//! places; game `i` of the whole run is seeded from the master seed and `i`, so the
//! results do not depend on the threads. Every other game of the catalogue: one
//! table, a bot a seat.

use std::fmt::Write as _;

use decklet::env::{
    GameSummary, Scratch, TournamentPlan, TournamentSpec, TournamentSummary, TournamentTally,
    UnoSummary,
};
use decklet::uno::UNO_GAME;

use crate::TournamentArgs;
use crate::bots::{Rules, check_players, parse_kinds};
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

/// The plan of `args`.
fn plan(args: &TournamentArgs) -> Result<TournamentPlan, String> {
    let bots: Vec<String> = args.bots.split(',').map(|b| b.trim().to_string()).collect();
    let game = crate::games::game_string(&args.game)?;
    let uno = game.name == UNO_GAME;
    if uno {
        // each option's own message, as the other commands give it
        let rules = Rules::parse(&args.rules)?;
        check_players(args.players)?;
        parse_kinds(&args.bots, &rules)?;
    } else if !args.rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    let spec = TournamentSpec {
        game: game.to_string(),
        players: args.players,
        bots,
        games: args.games,
        seed: args.seed,
        max_actions: args.max_actions,
        rules: args.rules.rules.clone(),
        house: args
            .rules
            .house
            .split(',')
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .map(ToString::to_string)
            .collect(),
        forget_uno: args.rules.forget_uno,
    };
    TournamentPlan::new(&spec).map_err(|e| format!("--game/--bots/--games: {e}"))
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
        |scratch: &mut Option<Scratch>, index| {
            let mut one = plan.empty();
            plan.play(
                scratch.get_or_insert_with(Scratch::default),
                index,
                &mut one,
            )?;
            Ok(one)
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        return Err(format!("{INTERRUPTED} after {seconds:.1} s"));
    }
    let summary = plan.summary(&tally?, threads, seconds)?;
    let out = if args.json {
        let mut json = match &summary {
            // the other games' report has always been one line
            TournamentSummary::Game(_) => serde_json::to_string(&summary),
            TournamentSummary::Uno(_) => serde_json::to_string_pretty(&summary),
        }
        .map_err(|e| e.to_string())?;
        json.push('\n');
        json
    } else {
        match &summary {
            TournamentSummary::Uno(uno) => uno_text(uno),
            TournamentSummary::Game(game) => game_text(game),
        }
    };
    write_stdout(&out)
}

/// The text summary of an UNO tournament.
fn uno_text(s: &UnoSummary) -> String {
    let mut out = String::new();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let _ = writeln!(
        out,
        "decklet tournament: {} games, {} players, {} table(s) of {} games, seed {}",
        s.games, s.players, s.tables, s.games_per_table, s.seed
    );
    let _ = writeln!(
        out,
        "  wall time {:.3} s on {} thread(s); {} unfinished, {} capped",
        s.wall_seconds, s.threads, s.unfinished_games, s.capped_games
    );
    let _ = writeln!(
        out,
        "  {:<16} {:>8} {:>8} {:>7}  {:<16} {:>6}  rating (95%)",
        "bot", "games", "wins", "rate", "95% interval", "fair"
    );
    for e in &s.entries {
        let interval = format!("[{}, {}]", pct(e.ci95[0]), pct(e.ci95[1]));
        let _ = writeln!(
            out,
            "  {:<16} {:>8} {:>8} {:>7}  {:<16} {:>6}  {:+.0} ± {:.0}",
            e.bot,
            e.games,
            e.wins,
            pct(e.win_rate),
            interval,
            pct(e.fair_share),
            e.rating,
            e.rating_ci95,
        );
    }
    out
}

/// The text summary of a tournament at a game other than UNO.
fn game_text(s: &GameSummary) -> String {
    let mut out = format!(
        "{} tournament: {} games, {} players, seats rotating, seed {}\n",
        s.game, s.games, s.players, s.seed
    );
    for e in &s.entries {
        let _ = writeln!(
            out,
            "{}: {:.1} wins ({:.1}%, 95% {:.1}% to {:.1}%), mean result {:.1}",
            e.name,
            e.wins,
            100.0 * e.win_rate,
            100.0 * e.ci95[0],
            100.0 * e.ci95[1],
            e.mean_score
        );
    }
    out
}

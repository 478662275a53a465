//! `decklet simulate --game crazy-eights`: many games of Crazy Eights (OpenSpiel's
//! rules, the default options) between bots of `decklet-bots`, in parallel, summarised.

use std::sync::Arc;

use decklet::Game;
use decklet::bots::{
    Bot, Entrant, FnBot, IsmctsBot, IsmctsConfig, RandomBot, Tournament, play_game, wilson_95,
};
use decklet::crazy_eights::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, C8_VAR_END, CrazyEightsOptions, crazy_eights_game,
    new_crazy_eights_engine, strategist_choice, strategist_playout,
};
use rayon::prelude::*;
use serde_json::json;

use crate::output::write_stdout;
use crate::runner::{bot_seed, game_seed, worker_pool};
use crate::{SimulateArgs, TournamentArgs};

/// The refusal of UNO's rule options.
pub(crate) const UNO_RULES_ONLY: &str =
    "--rules, --house and --forget-uno are UNO's: Crazy Eights plays OpenSpiel's rules";

/// A bot kind of Crazy Eights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    Random,
    Strategist,
    Ismcts(u32),
}

pub(crate) fn parse_kind(name: &str) -> Result<Kind, String> {
    match name.trim() {
        "random" => Ok(Kind::Random),
        "strategist" => Ok(Kind::Strategist),
        "ismcts" => Ok(Kind::Ismcts(1_000)),
        other => match other.strip_prefix("ismcts:").map(str::parse::<u32>) {
            Some(Ok(n)) if (1..=100_000).contains(&n) => Ok(Kind::Ismcts(n)),
            _ => Err(format!(
                "--bots: `{}` is not a Crazy Eights bot (random, strategist, ismcts, ismcts:N with N from 1 to 100000)",
                decklet::echo(other)
            )),
        },
    }
}

/// The result of each player, in player order (minus their hand's penalty).
pub(crate) use decklet::crazy_eights::c8_returns as returns;

pub(crate) fn make(kind: Kind, game: &Arc<Game>, seed: u64) -> Box<dyn Bot> {
    match kind {
        Kind::Random => Box::new(RandomBot::new(seed)),
        Kind::Strategist => Box::new(FnBot::new("strategist", strategist_choice)),
        Kind::Ismcts(iterations) => {
            let config = IsmctsConfig {
                iterations,
                ..IsmctsConfig::default()
            };
            Box::new(
                IsmctsBot::new(game, config, seed)
                    .with_scoring(returns)
                    .with_playout(strategist_playout),
            )
        }
    }
}

/// What one game gave.
struct Played {
    moves: u64,
    end: String,
    returns: Vec<f64>,
    winner: Option<usize>,
}

/// Runs `decklet simulate --game crazy-eights`.
pub fn run(args: &SimulateArgs) -> Result<(), String> {
    let players = args.players;
    if !(C8_MIN_PLAYERS..=C8_MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "--players: Crazy Eights is played by {C8_MIN_PLAYERS} to {C8_MAX_PLAYERS}, not {players}"
        ));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !args.rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    if args.match_target.is_some() {
        return Err("--match plays UNO matches to a points target: Crazy Eights has none".into());
    }
    if let Some(dir) = &args.save_logs {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let names: Vec<&str> = args.bots.split(',').collect();
    let kinds: Vec<Kind> = match names.as_slice() {
        [one] => vec![parse_kind(one)?; players],
        many if many.len() == players => many
            .iter()
            .map(|n| parse_kind(n))
            .collect::<Result<_, _>>()?,
        many => {
            return Err(format!(
                "--bots names {} bots for {players} players: give one, or one a seat",
                many.len()
            ));
        }
    };
    let game = crazy_eights_game(CrazyEightsOptions::default()).map_err(|e| e.to_string())?;
    let (pool, threads) = worker_pool(args.threads)?;
    let played: Vec<Result<Played, String>> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|index| {
                let seed = game_seed(args.seed, index);
                let mut engine =
                    new_crazy_eights_engine(&game, seed, players).map_err(|e| e.to_string())?;
                let mut bots: Vec<Box<dyn Bot>> = kinds
                    .iter()
                    .enumerate()
                    .map(|(seat, kind)| make(*kind, &game, bot_seed(seed, seat)))
                    .collect();
                let report = play_game(&mut engine, &mut bots, args.max_actions)
                    .map_err(|e| format!("game {index}: {e}"))?;
                if let Some(dir) = &args.save_logs {
                    crate::output::save_log(dir, "game", index, &engine.log())?;
                }
                let state = engine.state();
                Ok(Played {
                    moves: report.moves,
                    end: state
                        .variable(&C8_VAR_END)
                        .map_or_else(|| "capped".into(), |e| e.to_string()),
                    returns: returns(state),
                    winner: state.winners().first().and_then(|w| state.seat_index(*w)),
                })
            })
            .collect()
    });
    let played: Vec<Played> = played.into_iter().collect::<Result<_, _>>()?;
    let n = played.len() as f64;
    let mean_moves = played.iter().map(|p| p.moves as f64).sum::<f64>() / n;
    let share = |end: &str| played.iter().filter(|p| p.end == end).count() as f64 / n;
    let seats: Vec<serde_json::Value> = (0..players)
        .map(|seat| {
            let wins = played.iter().filter(|p| p.winner == Some(seat)).count() as f64;
            let mean_return = played
                .iter()
                .filter_map(|p| p.returns.get(seat))
                .sum::<f64>()
                / n;
            let (low, high) = wilson_95(wins, n);
            json!({
                "seat": seat + 1,
                "bot": names.get(seat).or(names.first()).map(|s| s.trim()),
                "wentOut": wins / n,
                "ci95": [low, high],
                "meanReturn": mean_return,
            })
        })
        .collect();
    let summary = json!({
        "game": "crazy-eights",
        "games": played.len(),
        "players": players,
        "threads": threads,
        "seed": args.seed,
        "meanMoves": mean_moves,
        "ends": { "out": share("out"), "turns": share("turns"), "passes": share("passes"), "capped": share("capped") },
        "seats": seats,
    });
    let text = if args.json {
        format!("{summary}\n")
    } else {
        let mut out = format!(
            "crazy eights: {} games, {players} players, {threads} threads, seed {}\nmean moves a game: {mean_moves:.2}\nends: went out {:.1}%, play limit {:.1}%, everyone passed {:.1}%\n",
            played.len(),
            args.seed,
            100.0 * share("out"),
            100.0 * share("turns"),
            100.0 * share("passes"),
        );
        for seat in &seats {
            out.push_str(&format!(
                "seat {} ({}): went out {:.1}% (95% {:.1}% to {:.1}%), mean result {:.1}\n",
                seat["seat"],
                seat["bot"].as_str().unwrap_or("?"),
                100.0 * seat["wentOut"].as_f64().unwrap_or(0.0),
                100.0 * seat["ci95"][0].as_f64().unwrap_or(0.0),
                100.0 * seat["ci95"][1].as_f64().unwrap_or(0.0),
                seat["meanReturn"].as_f64().unwrap_or(0.0),
            ));
        }
        out
    };
    write_stdout(&text)
}

/// Runs `decklet tournament --game crazy-eights`: one table, a bot a seat, the seating
/// rotated every game; a game is won by the best result (shared on a tie).
pub fn tournament(args: &TournamentArgs) -> Result<(), String> {
    let names: Vec<&str> = args.bots.split(',').map(str::trim).collect();
    // one table, a bot a seat: the bots say how many play
    let players = names.len();
    if !(C8_MIN_PLAYERS..=C8_MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "--players: Crazy Eights is played by {C8_MIN_PLAYERS} to {C8_MAX_PLAYERS}, not {players}"
        ));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !args.rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    let kinds: Vec<Kind> = names
        .iter()
        .map(|n| parse_kind(n))
        .collect::<Result<_, _>>()?;
    let game = crazy_eights_game(CrazyEightsOptions::default()).map_err(|e| e.to_string())?;
    let entrants = kinds
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (kind, name))| {
            // a bot named twice is two entries: `random`, `random#2`
            let same = names[..i].iter().filter(|n| *n == name).count();
            let label = match same {
                0 => name.to_string(),
                n => format!("{name}#{}", n + 1),
            };
            let (kind, game) = (*kind, Arc::clone(&game));
            Entrant::new(label, move |seed| make(kind, &game, seed))
        })
        .collect();
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants,
        games: args.games,
        seed: args.seed,
        max_moves: args.max_actions,
        scoring: returns,
        new_match: new_crazy_eights_engine,
    };
    let report = tournament.run().map_err(|e| e.to_string())?;
    let standings: Vec<serde_json::Value> = report
        .standings
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "games": s.games,
                "wins": s.wins,
                "winRate": s.win_rate(),
                "ci95": [s.interval.0, s.interval.1],
                "meanScore": s.mean_score,
            })
        })
        .collect();
    let text = if args.json {
        format!(
            "{}\n",
            json!({ "game": "crazy-eights", "games": args.games, "players": players, "seed": args.seed, "capped": report.capped, "entries": standings })
        )
    } else {
        let mut out = format!(
            "crazy eights tournament: {} games, {players} players, seats rotating, seed {}\n",
            args.games, args.seed
        );
        for s in &report.standings {
            out.push_str(&format!(
                "{}: {:.1} wins ({:.1}%, 95% {:.1}% to {:.1}%), mean result {:.1}\n",
                s.name,
                s.wins,
                100.0 * s.win_rate(),
                100.0 * s.interval.0,
                100.0 * s.interval.1,
                s.mean_score
            ));
        }
        out
    };
    write_stdout(&text)
}

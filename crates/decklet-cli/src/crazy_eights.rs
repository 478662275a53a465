//! `decklet simulate --game crazy-eights`: many games of Crazy Eights (OpenSpiel's
//! rules, the default options) between bots of `decklet-bots`, in parallel, summarised.

use std::sync::Arc;

use decklet::Game;
use decklet::bots::{Bot, play_game, wilson_95};
use decklet::crazy_eights::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, C8_VAR_END, CrazyEightsOptions, crazy_eights_game,
    new_crazy_eights_engine,
};
use decklet::env::crazy_eights_bot;
use rayon::prelude::*;
use serde_json::json;

use crate::SimulateArgs;
use crate::output::write_stdout;
use crate::runner::{bot_seed, game_seed, worker_pool};

/// The refusal of UNO's rule options.
pub(crate) const UNO_RULES_ONLY: &str =
    "--rules, --house and --forget-uno are UNO's: Crazy Eights plays OpenSpiel's rules";

/// A Crazy Eights bot named on the command line (`random`, `strategist`, `ismcts`,
/// `ismcts:N`), checked: the name, trimmed.
pub(crate) fn parse_kind(game: &Arc<Game>, name: &str) -> Result<String, String> {
    crazy_eights_bot(game, name, 0).map_err(|e| format!("--bots: {e}"))?;
    Ok(name.trim().to_string())
}

/// The result of each player, in player order (minus their hand's penalty).
pub(crate) use decklet::crazy_eights::c8_returns as returns;

/// A bot of a name [`parse_kind`] accepted.
pub(crate) fn make(name: &str, game: &Arc<Game>, seed: u64) -> Result<Box<dyn Bot>, String> {
    crazy_eights_bot(game, name, seed)
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
    let game = crazy_eights_game(CrazyEightsOptions::default()).map_err(|e| e.to_string())?;
    let kinds: Vec<String> = match names.as_slice() {
        [one] => vec![parse_kind(&game, one)?; players],
        many if many.len() == players => many
            .iter()
            .map(|n| parse_kind(&game, n))
            .collect::<Result<_, _>>()?,
        many => {
            return Err(format!(
                "--bots names {} bots for {players} players: give one, or one a seat",
                many.len()
            ));
        }
    };
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
                    .map(|(seat, kind)| make(kind, &game, bot_seed(seed, seat)))
                    .collect::<Result<_, _>>()?;
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

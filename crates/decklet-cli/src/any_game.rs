//! `decklet simulate --game STRING` for every game of the catalogue but UNO (whose
//! simulation counts its own statistics: `simulate.rs`): many games between bots, in
//! parallel, summarised from what the catalogue says of the game (its scoring, how a
//! game ended).

use decklet::bots::{Bot, play_game, wilson_95};
use decklet_catalog::{Catalog, LoadedGame};
use rayon::prelude::*;
use serde_json::json;

use crate::SimulateArgs;
use crate::games::check_other_game;
use crate::output::write_stdout;
use crate::runner::{bot_seed, game_seed, worker_pool};

/// What one game gave.
struct Played {
    moves: u64,
    ending: Option<String>,
    scores: Vec<f64>,
    winners: Vec<usize>,
}

/// The bots of `--bots` for `players` seats: one name fills every seat, or one a seat;
/// each checked with the catalogue.
pub(crate) fn bot_names(
    catalog: &Catalog,
    loaded: &LoadedGame,
    bots: &str,
    players: usize,
) -> Result<Vec<String>, String> {
    let names: Vec<String> = bots.split(',').map(|n| n.trim().to_string()).collect();
    let names = match names.len() {
        1 => vec![names[0].clone(); players],
        n if n == players => names,
        n => {
            return Err(format!(
                "--bots names {n} bots for {players} seats: give one, or one a seat"
            ));
        }
    };
    for name in &names {
        catalog
            .bot(loaded, name, 0)
            .map_err(|e| format!("--bots: {e}"))?;
    }
    Ok(names)
}

/// One game's summary.
fn play_one(
    catalog: &Catalog,
    loaded: &LoadedGame,
    names: &[String],
    args: &SimulateArgs,
    index: u64,
) -> Result<Played, String> {
    let seed = game_seed(args.seed, index);
    let mut engine = loaded
        .new_engine(seed, names.len())
        .map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| catalog.bot(loaded, name, bot_seed(seed, seat)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let report = play_game(&mut engine, &mut bots, args.max_actions)
        .map_err(|e| format!("game {index}: {e}"))?;
    if let Some(dir) = &args.save_logs {
        crate::output::save_log(dir, "game", index, &engine.log())?;
    }
    let state = engine.state();
    let def = loaded.def();
    let finished = state.status() == decklet::GameStatus::Finished;
    Ok(Played {
        moves: report.moves,
        ending: match finished {
            true => def.ending(state),
            false => Some("capped".to_string()),
        },
        scores: (def.scoring())(state),
        winners: state
            .winners()
            .iter()
            .filter_map(|w| state.seat_index(*w))
            .collect(),
    })
}

/// Runs `decklet simulate` for a game of the catalogue other than UNO.
pub fn run(args: &SimulateArgs, catalog: &Catalog, loaded: &LoadedGame) -> Result<(), String> {
    let players = args.players;
    check_other_game(loaded, players, &args.rules, args.match_target.is_some())?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if let Some(dir) = &args.save_logs {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let names = bot_names(catalog, loaded, &args.bots, players)?;
    let (pool, threads) = worker_pool(args.threads)?;
    let played: Vec<Result<Played, String>> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|index| play_one(catalog, loaded, &names, args, index))
            .collect()
    });
    let played: Vec<Played> = played.into_iter().collect::<Result<_, _>>()?;
    let n = played.len() as f64;
    let mean_moves = played.iter().map(|p| p.moves as f64).sum::<f64>() / n;
    let mut endings: Vec<String> = played.iter().filter_map(|p| p.ending.clone()).collect();
    endings.sort();
    endings.dedup();
    let ends: serde_json::Map<String, serde_json::Value> = endings
        .iter()
        .map(|e| {
            let count = played
                .iter()
                .filter(|p| p.ending.as_deref() == Some(e))
                .count();
            (e.clone(), json!(count as f64 / n))
        })
        .collect();
    let seats: Vec<serde_json::Value> = (0..players)
        .map(|seat| {
            // a shared win counts as a share
            let wins: f64 = played
                .iter()
                .filter(|p| p.winners.contains(&seat))
                .map(|p| 1.0 / p.winners.len() as f64)
                .sum();
            let mean_score = played
                .iter()
                .filter_map(|p| p.scores.get(seat))
                .sum::<f64>()
                / n;
            let (low, high) = wilson_95(wins, n);
            json!({
                "seat": seat + 1,
                "bot": names[seat],
                "wins": wins / n,
                "ci95": [low, high],
                "meanScore": mean_score,
            })
        })
        .collect();
    let summary = json!({
        "game": loaded.string(),
        "games": played.len(),
        "players": players,
        "threads": threads,
        "seed": args.seed,
        "meanMoves": mean_moves,
        "ends": ends,
        "seats": seats,
    });
    let text = if args.json {
        format!("{summary}\n")
    } else {
        let mut out = format!(
            "{}: {} games, {players} players, {threads} threads, seed {}\nmean moves a game: {mean_moves:.2}\n",
            loaded.string(),
            played.len(),
            args.seed,
        );
        if !ends.is_empty() {
            let shares: Vec<String> = ends
                .iter()
                .map(|(e, share)| format!("{e} {:.1}%", 100.0 * share.as_f64().unwrap_or(0.0)))
                .collect();
            out.push_str(&format!("ends: {}\n", shares.join(", ")));
        }
        for seat in &seats {
            out.push_str(&format!(
                "seat {} ({}): won {:.1}% (95% {:.1}% to {:.1}%), mean score {:.2}\n",
                seat["seat"],
                seat["bot"].as_str().unwrap_or("?"),
                100.0 * seat["wins"].as_f64().unwrap_or(0.0),
                100.0 * seat["ci95"][0].as_f64().unwrap_or(0.0),
                100.0 * seat["ci95"][1].as_f64().unwrap_or(0.0),
                seat["meanScore"].as_f64().unwrap_or(0.0),
            ));
        }
        out
    };
    write_stdout(&text)
}

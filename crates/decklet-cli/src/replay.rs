//! `decklet replay FILE`: rebuild a game from its log and verify where it ends.

use std::fs;
use std::sync::Arc;

use decklet::plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
use decklet::uno::UnoPlugin;
use decklet::{GameEngine, GameLog, GamePlugin, GameStatus};

use crate::ReplayArgs;

/// The plugin this build knows under `id`.
fn plugin_by_id(id: &str) -> Result<Arc<dyn GamePlugin>, String> {
    match id {
        "turn" => Ok(Arc::new(TurnPlugin)),
        "draw" => Ok(Arc::new(DrawPlugin)),
        "uno" => Ok(Arc::new(UnoPlugin)),
        "standard-deck" => Ok(Arc::new(StandardDeckPlugin)),
        other => Err(format!(
            "the log needs plugin `{other}`, which this decklet does not have"
        )),
    }
}

/// Runs `decklet replay`.
pub fn run(args: &ReplayArgs) -> Result<(), String> {
    let path = args.file.display();
    let text = fs::read_to_string(&args.file).map_err(|e| format!("cannot read {path}: {e}"))?;
    let log: GameLog =
        serde_json::from_str(&text).map_err(|e| format!("{path} is not a valid game log: {e}"))?;
    let mut engine = GameEngine::default();
    for info in &log.plugins {
        engine.use_shared_plugin(plugin_by_id(&info.id).map_err(|e| format!("{path}: {e}"))?);
    }
    if args.events {
        engine.subscribe_all(|event| println!("{}", event.to_json()));
    }
    let replayed = if args.allow_unverified {
        engine.run_unverified_log(&log)
    } else {
        engine.run_log(&log)
    };
    replayed.map_err(|e| format!("{path}: {e}"))?;
    if args.events {
        return Ok(());
    }
    let state = engine.state();
    println!("game        {} (seed {})", log.game_id, log.seed);
    let players: Vec<String> = log
        .players
        .iter()
        .map(|p| format!("{} ({})", p.id, p.name))
        .collect();
    println!("players     {}", players.join(", "));
    let plugins: Vec<String> = log
        .plugins
        .iter()
        .map(|p| format!("{}@{}", p.id, p.version))
        .collect();
    println!("plugins     {}", plugins.join(", "));
    println!("actions     {}", log.actions.len());
    println!("turns       {}", state.turn());
    let status = match state.status() {
        GameStatus::Finished => {
            let winners: Vec<String> = state
                .winners()
                .iter()
                .map(|w| state.id_text(*w).into_owned())
                .collect();
            format!("finished, won by {}", winners.join(", "))
        }
        other => other.to_string(),
    };
    println!("status      {status}");
    match &log.final_digest {
        Some(digest) => println!("final state verified (digest {digest})"),
        None => println!("final state not verified: the log carries no digest"),
    }
    Ok(())
}

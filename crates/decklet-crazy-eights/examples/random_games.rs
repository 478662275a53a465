//! Random games of Crazy Eights, timed: what `benches/crazy-eights-openspiel/speed.sh`
//! sets beside OpenSpiel's own C++ loop on the same rules.
//!
//! ```text
//! cargo run --release -p decklet-crazy-eights --example random_games -- 20000 4 [special]
//! ```
//!
//! Every legal move is equally likely, as with OpenSpiel's uniform random bots.

use std::time::Instant;

use decklet_core::{EngineConfig, EngineError, GameEngine, GameRng, GameStatus, Player};
use decklet_crazy_eights::{CrazyEightsOptions, crazy_eights_game};

fn main() -> Result<(), EngineError> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let players: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(4);
    let special = args.next().is_some_and(|a| a == "special");
    let options = CrazyEightsOptions {
        use_special_cards: special,
        ..CrazyEightsOptions::default()
    };
    let game = crazy_eights_game(options)?;
    let roster: Vec<Player> = (1..=players)
        .map(|i| Player::new(format!("p{i}"), format!("Player {i}"), i as u32))
        .collect();
    let config = EngineConfig {
        collect_events: false,
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(&game, config.clone());
    let mut rng = GameRng::seed_from(1);
    let mut moves = decklet_core::Moves::new();
    let mut actions = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        engine.set_config(EngineConfig {
            seed,
            ..config.clone()
        });
        engine.create_game(roster.clone())?;
        engine.start()?;
        while engine.state().status() == GameStatus::Playing {
            let Some(seat) = engine.state().current_player() else {
                break;
            };
            game.legal_moves(engine.state(), seat, &mut moves);
            if moves.is_empty() {
                break;
            }
            let pick = rng.index(moves.len());
            engine.dispatch_move(&moves, pick)?;
            actions += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "decklet crazy eights, {players} players{}: {games} games in {seconds:.2} s, {:.0} games/s, {:.1} actions/game",
        if special { ", special cards" } else { "" },
        games as f64 / seconds,
        actions as f64 / games as f64
    );
    Ok(())
}

//! Plays one game of high card and prints each reveal and the winner.

use decklet_core::{EngineError, GameLog};
use high_card::{Reveal, new_game};

fn main() -> Result<(), EngineError> {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(42);
    let mut engine = new_game(seed, 4)?;
    while engine.state().winners.is_empty() {
        let Some(player) = engine.state().current_player_id.clone() else {
            break;
        };
        engine.dispatch(Reveal {
            player_id: player.clone(),
        })?;
        let card = engine.state().hand(&player).and_then(|h| h.top()).cloned();
        println!(
            "{player} reveals {}",
            card.map_or_else(|| "nothing".into(), |c| c.to_string())
        );
    }
    println!("winner: {:?}", engine.state().winners);
    let log: GameLog = engine.log();
    println!(
        "{} moves logged; replayable with the same plugins",
        log.actions.len()
    );
    Ok(())
}

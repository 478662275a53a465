//! Plays one game of high card and prints each reveal and the winner.

use decklet_core::{EngineError, GameLog};
use high_card::{Reveal, new_game};

fn main() -> Result<(), EngineError> {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(42);
    let mut engine = new_game(seed, 4)?;
    while engine.state().winners().is_empty() {
        let Some(player) = engine.state().current_player() else {
            break;
        };
        engine.dispatch(Reveal { player_id: player })?;
        let state = engine.state();
        let card = state.hand(player).last().copied();
        println!(
            "{} reveals {}",
            state.id_text(player),
            card.map_or_else(|| "nothing".into(), |c| state.id_text(c).into_owned())
        );
    }
    let state = engine.state();
    let winners: Vec<_> = state.winners().iter().map(|w| state.id_text(*w)).collect();
    println!("winner: {winners:?}");
    let log: GameLog = engine.log();
    println!(
        "{} moves logged; replayable with the same plugins",
        log.actions.len()
    );
    Ok(())
}

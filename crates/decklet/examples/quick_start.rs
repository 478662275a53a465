//! The README's quick start, kept compiling and running.

use decklet::uno::{UnoGameWon, UnoPlugin, legal_actions};
use decklet::{
    DrawPlugin, EngineConfig, EngineError, Game, GameEngine, Player, TurnPlugin, Verify,
};

fn main() -> Result<(), EngineError> {
    // The game: its plugins in order, checked once and shared by every match of it.
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()?;
    let config = EngineConfig {
        seed: 42,
        game_id: "g1".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(&game, config);
    // subscribers hear events after each tick; ids are written as the game's text
    engine.subscribe::<UnoGameWon>(|e| println!("winner: {}", serde_json::json!(e.winner_ids)));
    engine.create_game(vec![
        Player::new("p1", "Alice", 1),
        Player::new("p2", "Bob", 2),
    ])?;
    engine.start()?;

    // Play the first legal move until someone wins.
    while engine.state().winners().is_empty() {
        let Some(player) = engine.state().current_player() else {
            break;
        };
        let first = legal_actions(engine.state(), player)[0];
        first.dispatch(&mut engine, player)?;
    }
    // The log replays to the same state, bit for bit.
    let log = engine.log();
    let mut replayed = GameEngine::new(&game, EngineConfig::default());
    replayed.replay(&log, Verify::Required)?;
    assert_eq!(replayed.state(), engine.state());
    Ok(())
}

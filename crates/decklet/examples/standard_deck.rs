//! The original StandardDeckPlugin documentation's example: setup creates 52 cards in `deck`,
//! `start` shuffles them through a `SHUFFLE` action. Prints `52`.

use decklet::plugins::{DrawPlugin, STANDARD_DECK_ZONE_ID, StandardDeckPlugin, TurnPlugin};
use decklet::{EngineConfig, EngineError, Game, GameEngine, Player};

fn main() -> Result<(), EngineError> {
    let game = Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(DrawPlugin)
        .plugin(TurnPlugin)
        .build()?;
    let config = EngineConfig {
        seed: 42,
        game_id: "g1".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(&game, config);

    engine.create_game(vec![Player::new("p1", "Alice", 0)])?;
    // setup created 52 cards in the deck zone
    engine.start()?;
    // GAME_STARTED -> SHUFFLE -> the deck is shuffled
    let state = engine.state();
    if let Some(deck) = state.zone_id(STANDARD_DECK_ZONE_ID) {
        println!("{}", state.zone_cards(deck).len());
    }
    Ok(())
}

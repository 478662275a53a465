//! The original `UnoPlugin` documentation's example: a three-player game whose winner is
//! printed by a `subscribe_all` listener. Bots play the moves (the original leaves
//! them to the reader).
//!
//! `cargo run -p decklet --example uno_plugin` prints `winner: ["p…"]`.

use decklet::bots::{Bot, play_game};
use decklet::uno::{UNO_GAME_WON, UnoPlugin, UnoRandomBot};
use decklet::{DrawPlugin, EngineConfig, EngineError, Game, GameEngine, Player, TurnPlugin};

fn main() -> Result<(), EngineError> {
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());

    engine.subscribe_all(|e| {
        if e.kind() == UNO_GAME_WON
            && let Ok(payload) = e.payload_json()
        {
            println!("winner: {}", payload["winnerIds"]);
        }
    });

    engine.create_game(vec![
        Player::new("p1", "Alice", 1),
        Player::new("p2", "Bob", 2),
        Player::new("p3", "Carol", 3),
    ])?;
    engine.start()?;

    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|seat| Box::new(UnoRandomBot::new(seat)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 100_000)?;
    Ok(())
}

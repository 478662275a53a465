//! The original effects documentation's example: a listener prints every skip, reverse, draw
//! two and draw four as the effects happen. Bots play the moves.
//!
//! `cargo run -p decklet --example uno_effects` prints lines such as `skipped: p2`,
//! `reversed, new dir: -1`, `draw 2: p3`, `draw 4: p1`.

use decklet::bots::{Bot, play_game};
use decklet::uno::{
    UNO_DRAW_FOUR, UNO_DRAW_TWO, UNO_PLAYER_REVERSED, UNO_PLAYER_SKIPPED, UnoPlugin, UnoRandomBot,
};
use decklet::{DrawPlugin, EngineConfig, EngineError, Game, GameEngine, Player, TurnPlugin};

fn main() -> Result<(), EngineError> {
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());

    engine.subscribe_all(|e| {
        let Ok(payload) = e.payload_json() else {
            return;
        };
        match e.kind() {
            UNO_PLAYER_SKIPPED => println!(
                "skipped: {}",
                payload["skippedPlayerId"].as_str().unwrap_or("?")
            ),
            UNO_PLAYER_REVERSED => println!("reversed, new dir: {}", payload["newDirection"]),
            UNO_DRAW_TWO => println!(
                "draw 2: {}",
                payload["targetPlayerId"].as_str().unwrap_or("?")
            ),
            UNO_DRAW_FOUR => println!(
                "draw 4: {}",
                payload["targetPlayerId"].as_str().unwrap_or("?")
            ),
            _ => {}
        }
    });

    engine.create_game(vec![
        Player::new("p1", "Alice", 1),
        Player::new("p2", "Bob", 2),
        Player::new("p3", "Carol", 3),
    ])?;
    engine.start()?;
    // Playing cards and choosing colours: UnoPlugin dispatches the matching effects.
    // Bots seeded so that this game shows all four effects.
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|seat| Box::new(UnoRandomBot::new(10 + seat)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 100_000)?;
    Ok(())
}

//! A four-player UNO game between a heuristic bot and three random bots, on the
//! single crates (no facade), replayed from its log at the end.

use decklet_bots::{Bot, ask};
use decklet_core::{EngineConfig, EngineError, Game, GameEngine, Moves, Player, Verify};
use decklet_plugins::{DrawPlugin, TurnPlugin};
use decklet_uno::{HeuristicBot, UnoGameWon, UnoPlugin, UnoRandomBot};

fn main() -> Result<(), EngineError> {
    // The game: its plugins, in order, checked once; every match of it shares it.
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()?;
    let config = EngineConfig {
        seed: 7,
        game_id: "single-crates".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(&game, config);
    // Subscribers hear each committed event; here, the end of the game.
    engine.subscribe::<UnoGameWon>(|won| println!("UNO_GAME_WON, {} winner", won.winner_ids.len()));
    engine.create_game(
        (1..=4)
            .map(|i| Player::new(format!("p{i}"), format!("Player {i}"), i))
            .collect(),
    )?;
    engine.start()?;

    // Seat 1 plays the heuristic bot, the others random bots, each with its own seed.
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(HeuristicBot::new(1)),
        Box::new(UnoRandomBot::new(2)),
        Box::new(UnoRandomBot::new(3)),
        Box::new(UnoRandomBot::new(4)),
    ];
    let mut moves = Moves::new();
    while let (Some(player), []) = (engine.state().current_player(), engine.state().winners()) {
        let Some(seat) = engine.state().seat_index(player) else {
            break;
        };
        let Some(choice) = ask(bots[seat].as_mut(), &engine, player, &mut moves) else {
            break;
        };
        engine.dispatch_move(&moves, choice)?;
    }
    let state = engine.state();
    for winner in state.winners() {
        println!("winner: {}", state.id_text(*winner));
    }

    // Anyone with the same plugins can check the game from its log alone.
    let mut replayed = GameEngine::new(&game, EngineConfig::default());
    replayed.replay(&engine.log(), Verify::Required)?;
    assert_eq!(replayed.state(), engine.state());
    println!("the log replays to the same state");
    Ok(())
}

//! The facade's import paths compile and name the same items as the crates.

use decklet::plugins::{SHUFFLE_ACTION, STANDARD_DECK_ZONE_ID, Shuffle, StandardDeckPlugin};
use decklet::uno::{ChooseColor, PlayCard, UNO_PLAYER_SKIPPED, UnoPlayerSkipped, UnoPlugin};
use decklet::{DrawPlugin, EngineConfig, Game, GameEngine, Player, TurnPlugin};

#[test]
fn design_import_paths_work_together() {
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            seed: 42,
            game_id: "g1".into(),
            ..Default::default()
        },
    );
    let skipped = std::sync::Arc::new(std::sync::Mutex::new(0));
    let sink = skipped.clone();
    engine.subscribe::<UnoPlayerSkipped>(move |_| *sink.lock().unwrap() += 1);
    engine
        .create_game(vec![
            Player::new("p1", "Alice", 1),
            Player::new("p2", "Bob", 2),
        ])
        .unwrap();
    engine.start().unwrap();
    assert_eq!(UNO_PLAYER_SKIPPED, "UNO_PLAYER_SKIPPED");
    assert_eq!(SHUFFLE_ACTION, "SHUFFLE");
    assert_eq!(STANDARD_DECK_ZONE_ID, "deck");
    let _ = (Shuffle::default(), StandardDeckPlugin);
    let p1 = engine.state().player_id("p1").unwrap();
    let _: PlayCard = decklet::PlayCard::new(p1, []);
    let _ = ChooseColor::new(p1, decklet::uno::UnoColor::Red);
}

#[test]
fn the_prelude_covers_a_whole_game() {
    use decklet::prelude::*;
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine
        .create_game(vec![Player::new("a", "A", 1), Player::new("b", "B", 2)])
        .unwrap();
    engine.start().unwrap();
    let player = engine.state().current_player().unwrap();
    assert!(!legal_actions(engine.state(), player).is_empty());
    let _: Option<LegalAction> = None;
    assert_eq!(engine.state().status(), GameStatus::Playing);
}

#[test]
fn core_and_plugins_build_a_game_without_uno() {
    // what a user depending on decklet-core + decklet-plugins alone writes
    use decklet_core::{EngineConfig, GameEngine, Player};
    use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin, create_draw_card_action};
    let game = Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            seed: 3,
            ..Default::default()
        },
    );
    engine
        .create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])
        .unwrap();
    engine.start().unwrap();
    let p1 = engine.state().player_id("p1").unwrap();
    engine.dispatch(create_draw_card_action(p1, 5)).unwrap();
    assert_eq!(engine.state().hand(p1).len(), 5);
}

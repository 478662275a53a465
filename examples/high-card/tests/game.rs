//! High card, as a user of decklet-core + decklet-plugins would test it.

use std::sync::Arc;

use decklet_core::{EngineError, GameEngine, GamePlugin, GameStatus};
use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
use high_card::{HighCardPlugin, Reveal, new_game};

fn reveal_all(engine: &mut GameEngine) {
    while engine.state().winners.is_empty() {
        let player = engine.state().current_player_id.clone().unwrap();
        engine.dispatch(Reveal { player_id: player }).unwrap();
    }
}

#[test]
fn everyone_reveals_once_and_the_best_card_wins() {
    for seed in 0..20 {
        let mut engine = new_game(seed, 4).unwrap();
        reveal_all(&mut engine);
        let state = engine.state();
        assert_eq!(state.status, GameStatus::Finished);
        assert!(
            state
                .players
                .keys()
                .all(|p| state.hand(p).unwrap().len() == 1)
        );
        assert_eq!(state.winners.len(), 1);
    }
}

#[test]
fn out_of_turn_and_second_reveals_are_refused() {
    let mut engine = new_game(1, 3).unwrap();
    let err = engine
        .dispatch(Reveal {
            player_id: "p2".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule(), Some("revealOnYourTurn"));
    engine
        .dispatch(Reveal {
            player_id: "p1".into(),
        })
        .unwrap();
    let err = engine
        .dispatch(Reveal {
            player_id: "p1".into(),
        })
        .unwrap_err();
    assert!(matches!(err, EngineError::Rejected { .. }));
}

#[test]
fn the_game_replays_from_its_log() {
    let mut engine = new_game(9, 4).unwrap();
    reveal_all(&mut engine);
    let plugins: Vec<Arc<dyn GamePlugin>> = vec![
        Arc::new(StandardDeckPlugin),
        Arc::new(TurnPlugin),
        Arc::new(DrawPlugin),
        Arc::new(HighCardPlugin),
    ];
    let replayed = GameEngine::replay(&engine.log(), plugins).unwrap();
    assert_eq!(replayed.state(), engine.state());
}

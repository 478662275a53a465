//! High card, as a user of decklet-core + decklet-plugins would test it.

use decklet_core::{EngineConfig, EngineError, GameEngine, GameStatus, Verify};
use high_card::{Reveal, high_card_game, new_game};

fn reveal_all(engine: &mut GameEngine) {
    while engine.state().winners().is_empty() {
        let player = engine.state().current_player().unwrap();
        engine.dispatch(Reveal { player_id: player }).unwrap();
    }
}

#[test]
fn everyone_reveals_once_and_the_best_card_wins() {
    for seed in 0..20 {
        let mut engine = new_game(seed, 4).unwrap();
        reveal_all(&mut engine);
        let state = engine.state();
        assert_eq!(state.status(), GameStatus::Finished);
        assert!(state.players().all(|p| state.hand(p).len() == 1));
        assert_eq!(state.winners().len(), 1);
    }
}

#[test]
fn out_of_turn_and_second_reveals_are_refused() {
    let mut engine = new_game(1, 3).unwrap();
    let id = |name: &str| engine.state().player_id(name).unwrap();
    let (p1, p2) = (id("p1"), id("p2"));
    let err = engine.dispatch(Reveal { player_id: p2 }).unwrap_err();
    assert_eq!(err.rule(), Some("revealOnYourTurn"));
    engine.dispatch(Reveal { player_id: p1 }).unwrap();
    let err = engine.dispatch(Reveal { player_id: p1 }).unwrap_err();
    assert!(matches!(err, EngineError::Rejected { .. }));
}

#[test]
fn the_game_replays_from_its_log() {
    let mut engine = new_game(9, 4).unwrap();
    reveal_all(&mut engine);
    let mut replayed = GameEngine::new(&high_card_game().unwrap(), EngineConfig::default());
    replayed.replay(&engine.log(), Verify::Required).unwrap();
    assert_eq!(replayed.state(), engine.state());
}

#[test]
fn a_finished_game_refuses_every_move_and_keeps_one_winner() {
    let mut engine = new_game(3, 2).unwrap();
    reveal_all(&mut engine);
    let before = engine.state().clone();
    for player in before.players() {
        let err = engine.dispatch(Reveal { player_id: player }).unwrap_err();
        assert!(matches!(err, EngineError::Rejected { .. }));
    }
    assert_eq!(engine.state(), &before);
    assert_eq!(engine.state().winners().len(), 1);
}

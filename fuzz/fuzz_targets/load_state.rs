//! Bytes → state JSON → `load_state` on a UNO engine: a position that is adopted holds
//! UNO's invariants and plays on; one that is refused leaves the engine as it was.
#![no_main]

use decklet::uno::testing::check_invariants;
use decklet::uno::{legal_actions, new_uno_engine, uno_game};
use decklet::{Game, GameState};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

/// The game every input is adopted into, built once.
static GAME: LazyLock<Arc<Game>> = LazyLock::new(|| uno_game(&[]).unwrap());

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(state) = GameState::from_json(text) else { return };
    let mut engine = new_uno_engine(&GAME, 1, 3).unwrap();
    let before = engine.state().clone();
    match engine.load_state(state) {
        Ok(()) => {
            assert!(check_invariants(engine.state()).is_ok());
            let state = engine.state();
            if let Some(player) = state.current_player() {
                if let Some(first) = legal_actions(state, player).first().copied() {
                    let _ = first.dispatch(&mut engine, player);
                }
            }
        }
        Err(_) => assert_eq!(engine.state(), &before),
    }
});

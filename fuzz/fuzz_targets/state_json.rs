//! Bytes → GameState JSON → validate: a state that is accepted is coherent and
//! round-trips exactly.
#![no_main]

use decklet::GameState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(state) = GameState::from_json(text) {
        assert!(state.validate().is_ok());
        let again = serde_json::to_string(&state).unwrap();
        let back = GameState::from_json(&again).unwrap();
        assert_eq!(back, state);
    }
});

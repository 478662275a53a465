//! Bytes → a sequence of player actions against an UNO game; UNO's invariants must
//! hold after every step and a refused action must change nothing.
#![no_main]

use decklet::uno::testing::check_invariants;
use decklet::uno::{candidate_actions, new_uno_engine, uno_game};
use decklet::Game;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

/// The game every input plays, built once.
static GAME: LazyLock<Arc<Game>> = LazyLock::new(|| uno_game(&[]).unwrap());

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&data[..8]);
    let players = 2 + (data[8] as usize % 9);
    let Ok(mut engine) = new_uno_engine(&GAME, u64::from_le_bytes(seed), players) else {
        panic!("a fresh game must start");
    };
    for pair in data[9..].chunks(2) {
        let ids: Vec<_> = engine.state().players().collect();
        let player = ids[pair[0] as usize % ids.len()];
        let candidates = candidate_actions(engine.state(), player);
        let pick = pair.get(1).copied().unwrap_or(0) as usize % candidates.len();
        let before = serde_json::to_string(engine.state()).unwrap();
        if engine.dispatch_any(candidates[pick].to_action(player)).is_err() {
            assert_eq!(serde_json::to_string(engine.state()).unwrap(), before);
        }
        if let Err(broken) = check_invariants(engine.state()) {
            panic!("invariant broken: {broken}");
        }
    }
});

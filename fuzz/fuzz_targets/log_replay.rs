//! Bytes → log JSON → replay: any input is either refused with an error or replays.
#![no_main]

use decklet::uno::uno_plugins;
use decklet::{GameEngine, GameLog};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(log) = GameLog::from_json(text) {
        let _ = GameEngine::replay(&log, uno_plugins());
    }
});

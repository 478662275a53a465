//! Bytes → log JSON → replay: any input is either refused with an error or replays.
#![no_main]

use decklet::uno::uno_game;
use decklet::{EngineConfig, Game, GameEngine, GameLog, Verify};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, LazyLock};

/// The game every log is replayed in, built once.
static GAME: LazyLock<Arc<Game>> = LazyLock::new(|| uno_game(&[]).unwrap());

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(log) = GameLog::from_json(text) {
        let _ = GameEngine::new(&GAME, EngineConfig::default()).replay(&log, Verify::Required);
    }
});

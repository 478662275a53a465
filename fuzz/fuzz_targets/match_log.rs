//! Bytes → match log JSON → replay_match: any input is refused with an error or
//! replays to a match whose scores agree with its log; nothing panics or aborts.
#![no_main]

use decklet_catalog::{Catalog, MatchLog, replay_match};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(log) = serde_json::from_str::<MatchLog>(text) {
        if let Ok(report) = replay_match(&Catalog::standard(), &log) {
            assert_eq!(report.scores, log.scores);
        }
    }
});

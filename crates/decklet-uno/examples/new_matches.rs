//! Makes many matches of UNO and keeps them alive, to measure what a match costs when
//! the game is built once and shared, against a game built for each match:
//!
//! ```text
//! cargo run --release -p decklet-uno --example new_matches -- shared 10000
//! cargo run --release -p decklet-uno --example new_matches -- own 10000
//! ```
//!
//! It prints the resident memory before and after, and per match. Counted with
//! callgrind, the instructions of `shared N` minus `shared 1`, divided by N − 1, are
//! what one more match costs (engine, create, deal and first flip).

use std::sync::Arc;

use decklet_core::{EngineError, Game};
use decklet_uno::{new_uno_engine, uno_game};

/// Resident memory of this process, in KiB (0 where `/proc` is not there).
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4)
}

fn main() -> Result<(), EngineError> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "shared".into());
    let count: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let shared: Arc<Game> = uno_game(&[])?;
    let before = resident_kib();
    let mut matches = Vec::new();
    for seed in 0..count {
        let game = match mode.as_str() {
            "own" => uno_game(&[])?,
            _ => Arc::clone(&shared),
        };
        matches.push(new_uno_engine(&game, seed, 4)?);
    }
    let after = resident_kib();
    println!(
        "{mode}: {count} live matches, {} KiB more resident, {:.1} KiB a match",
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / count as f64
    );
    Ok(())
}

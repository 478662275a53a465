//! `decklet`: simulate games of the catalogue with bots, play one against them, replay
//! a game log, hold a tournament of bots, list the games, serve matches.

use std::process::ExitCode;

/// The allocator of the `decklet` binary (a game allocates little; mimalloc makes the
/// game setups and summaries cheap).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    decklet_cli::run(decklet_catalog::Catalog::standard())
}

//! The high-card game of `docs/writing-a-plugin.md` (the crate `high-card`) in a
//! catalogue: [`HighCardDef`] tells the tools its name, how many it seats, how it is
//! built and dealt, and the kinds of its moves (for the learners' generic encoding).
//! With it, each tool is a few lines of the user's:
//! - `examples/high-card-cli`: the binary `high-card-decklet` (two lines), the whole
//!   `decklet` command for high card and decklet's own games alike
//!   (`high-card-decklet simulate --game high_card`, `play`, `replay`, `tournament`);
//! - `examples/high-card-py`: the Python module `high_card_decklet` (one function),
//!   whose games the `decklet` package's environments play
//!   (`decklet.Catalog(high_card_decklet).env("high_card")`).

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_catalog::{GameDef, GameString};
use decklet_core::Action;
use decklet_core::{EngineError, Game, GameEngine};
use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
use high_card::{HighCardPlugin, Reveal};

/// High card's entry in a catalogue: no parameters, 2 to 6 players, and the bots every
/// game has (`random`, `ismcts`, `ismcts:N`).
#[derive(Clone, Copy, Debug, Default)]
pub struct HighCardDef;

impl GameDef for HighCardDef {
    fn name(&self) -> &'static str {
        "high_card"
    }
    fn about(&self) -> &'static str {
        "each player reveals a card; the highest wins"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=6
    }
    /// Its one kind of move, for the learners' generic encoding (each move names at
    /// most one card: a reveal names none).
    fn move_kinds(&self) -> &'static [&'static str] {
        &[Reveal::KIND]
    }
    /// The game named with its game string, so that its logs record it.
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        Game::builder()
            .plugin(StandardDeckPlugin)
            .plugin(TurnPlugin)
            .plugin(DrawPlugin)
            .plugin(HighCardPlugin)
            .string(game)
            .build()
            .map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        players: usize,
    ) -> Result<GameEngine, EngineError> {
        high_card::new_match(game, seed, players)
    }
}

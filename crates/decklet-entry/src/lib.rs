//! # decklet-entry
//!
//! What a game tells the tools: its entry in the catalogue ([`GameDef`]). A game crate
//! gives its own entry (UNO's `UnoDef`, Crazy Eights' `CrazyEightsDef`, Hearts'
//! `HeartsDef`); the catalogue (`decklet-catalog`) lists entries and finds a game by
//! its game string; the tools (the command line, the learning environments, the
//! server) take every game of their catalogue without naming one.
//!
//! An entry says: the game's name and parameters (each declared once, as a
//! [`ParamDef`], and read back with [`Params`]), how many players it seats, how it is
//! built and dealt, its own bots ([`BotDef`]), how its matches score
//! ([`MatchScoring`]), what a simulation counts of it ([`Counter`]), a card, a move and
//! the table's facts in words, the keys a person types for its moves, and its
//! narration of a move. Everything but the name, the players and how it is built has a
//! default.
//!
//! The crates stand in layers: `decklet-core` ← `decklet-bots` ← this crate ← the
//! games ← the catalogue ← the tools.
//!
//! ```
//! use std::ops::RangeInclusive;
//! use std::sync::Arc;
//! use decklet_core::{EngineError, Game, GameEngine, GameString, Player};
//! use decklet_entry::{GameDef, ParamDef, ParamKind, Params};
//!
//! /// A game of one plugin-less round, with a parameter.
//! struct Nothing;
//!
//! const PARAMS: [ParamDef; 1] = [ParamDef {
//!     name: "rounds",
//!     kind: ParamKind::Int { min: 1, max: 5 },
//!     default: "1",
//!     about: "how many rounds",
//! }];
//!
//! impl GameDef for Nothing {
//!     fn name(&self) -> &'static str { "nothing" }
//!     fn about(&self) -> &'static str { "a game where nothing happens" }
//!     fn params(&self) -> &'static [ParamDef] { &PARAMS }
//!     fn players(&self) -> RangeInclusive<usize> { 1..=4 }
//!     fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
//!         let params = Params::read(&PARAMS, game).map_err(|e| e.to_string())?;
//!         let _rounds = params.int("rounds");
//!         Game::builder().string(game).build().map_err(|e| e.to_string())
//!     }
//!     fn new_engine(&self, game: &Arc<Game>, seed: u64, players: usize)
//!         -> Result<GameEngine, EngineError> {
//!         let mut engine = GameEngine::new(game, Default::default());
//!         engine.deal(seed, Player::numbered(players))?;
//!         Ok(engine)
//!     }
//! }
//!
//! let game = Nothing.build(&"nothing(rounds=2)".parse().map_err(|e| format!("{e}"))?)?;
//! assert_eq!(game.string(), Some("nothing(rounds=2)"));
//! // a card in words without a line of code: a standard card by its rank and sign
//! let queen = decklet_plugins::standard_card("heart", "Q");
//! assert_eq!(Nothing.describe_card(&queen), "Q♥");
//! let star = decklet_core::Card::new("star-2", "star").with_rank("2").with_suit("stars");
//! assert_eq!(Nothing.describe_card(&star), "2 of stars");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bot_names;
mod counting;
mod def;
mod params;
mod second_person;

pub use bot_names::{MAX_SEARCH_ITERATIONS, search_iterations};
pub use counting::{CountDef, Counter};
pub use def::{BotDef, GameDef, MatchScoring, ParamDef, ParamKind, sides_of};
pub use params::{ParamError, Params};
pub use second_person::second_person;

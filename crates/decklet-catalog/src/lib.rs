//! # decklet-catalog
//!
//! The catalogue of decklet's games: one place where a tool finds a game by its *game
//! string* ([`GameString`]: `name(key=value,…)`, as OpenSpiel writes one), lists the
//! games and their parameters, and makes a game's bots by name: OpenSpiel's
//! `LoadGame`, `RegisteredGames` and `LoadBot`. A game is described to the catalogue by
//! a [`GameDef`]: its name, parameters (with their kinds, defaults and ranges), how many
//! players it seats, how it is built and dealt, its own bots, how its matches score, a
//! card, a move and the table's facts in words, the keys a person types for its moves,
//! and its narration of a move.
//!
//! The crates stand in layers: `decklet-core` ← `decklet-bots` ← `decklet-entry` (the
//! [`GameDef`] trait, re-exported here) ← the games (each with its own entry) ← this
//! catalogue ← the tools. Nothing above the catalogue needs to name a game: a tool
//! that takes a game string takes every game of its catalogue, and a game of the user's
//! own joins with one line, [`Catalog::with`].
//!
//! ```
//! use decklet_catalog::Catalog;
//!
//! let catalog = Catalog::standard();
//! let loaded = catalog.load("crazy_eights(reshuffle=true)")?;
//! assert_eq!(loaded.string(), "crazy_eights(reshuffle=true)");
//! let engine = loaded.new_engine(7, 4)?;
//! assert_eq!(engine.state().players().count(), 4);
//! let bot = catalog.bot(&loaded, "ismcts:50", 1)?;
//! assert_eq!(bot.name(), "ismcts");
//! // every parameter is checked against the game's own list
//! let error = catalog.load("crazy_eights(max_draw_cards=0)").unwrap_err();
//! assert!(error.to_string().contains("max_draw_cards"), "{error}");
//! # Ok::<(), decklet_catalog::CatalogError>(())
//! ```

mod bot_name;
mod catalog;
mod generic;
mod matches;
mod params;
mod policies;

pub use bot_name::{BotName, MAX_BOT_NAME_BYTES};
pub use catalog::{Catalog, CatalogError, LoadedGame};
pub use decklet_core::GameString;
pub use decklet_crazy_eights::CrazyEightsDef;
pub use decklet_entry::{
    BotDef, CountDef, Counter, GameDef, MAX_SEARCH_ITERATIONS, MatchScoring, ParamDef, ParamError,
    ParamKind, Params, second_person, sides_of,
};
pub use decklet_hearts::HeartsDef;
pub use decklet_kuhn::KuhnDef;
pub use decklet_leduc::LeducDef;
pub use decklet_mini_uno::MiniUnoDef;
pub use decklet_uno::UnoDef;
pub use generic::{GenericEncoding, VALUE_LIMIT};
pub use matches::{
    MATCH_LOG_FORMAT, MATCH_LOG_FORMATS, MAX_MATCH_ROUNDS, Match, MatchLog, MatchReport,
    UNO_MATCH_LOG_FORMAT, replay_match, round_players, round_seed,
};
pub use policies::{
    MAX_POLICY_FILE_BYTES, MAX_POLICY_NAME_CHARS, NamedPolicies, PolicyFiles, PolicySource,
    read_file as read_policy_file,
};

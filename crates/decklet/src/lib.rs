//! # decklet
//!
//! A deterministic, plugin-based card-game engine with a complete, fast UNO. This crate
//! is the facade: it re-exports [`decklet_core`] at its root, the common plugins as
//! [`plugins`] (feature `plugins`), UNO as [`uno`] (feature `uno`), the bots of any game
//! as [`bots`] (feature `bots`) and Crazy Eights as [`crazy_eights`] (feature
//! `crazy-eights`), all on by default; the learners' environments and the tournaments of
//! named bots as `env` (feature `env`, off by default).
//!
//! ```
//! use decklet::{DrawPlugin, EngineConfig, Game, GameEngine, Player, TurnPlugin};
//! use decklet::uno::{legal_actions, UnoPlugin};
//!
//! let game = Game::builder().plugin(TurnPlugin).plugin(DrawPlugin).plugin(UnoPlugin).build()?;
//! let mut engine = GameEngine::new(&game, EngineConfig { seed: 42, game_id: "g1".into(), ..Default::default() });
//! engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
//! engine.start()?;
//! let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
//! let first_move = legal_actions(engine.state(), p1)[0];
//! first_move.dispatch(&mut engine, p1)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## A map
//!
//! | to | read | crate |
//! |---|---|---|
//! | run a game: a [`Game`] built once, a [`GameEngine`] a match, actions, events, logs | the root: [`Game::builder`], [`GameEngine::dispatch`], [`GameEngine::replay`] | `decklet-core` |
//! | write a game of your own | [`GamePlugin`], [`Rule`], [`ActionHandler`], [`EventHandler`] | `decklet-core` |
//! | turns, drawing, the 52-card deck, poker ranks | `plugins` | `decklet-plugins` |
//! | UNO: rules, house rules, legal moves, bots, matches, narration | `uno` (its `testing` module with the `proptest` feature) | `decklet-uno` |
//! | bots, search and tournaments for any game | `bots` | `decklet-bots` |
//! | Crazy Eights (OpenSpiel's rules) | `crazy_eights` | `decklet-crazy-eights` |
//! | what a seat may know | [`InfoState`], [`GameState::view_for`] | `decklet-core` |
//! | learning environments, tournaments of named bots | `env` (feature `env`) | `decklet-env` |
//!
//! The guides live in the repository's `docs/` folder
//! (<https://github.com/decklet/decklet/tree/main/docs>): `getting-started.md`,
//! `engine.md` (how the engine thinks), `writing-a-plugin.md`, `uno.md` (the rules as
//! implemented), `bots.md`, `crazy-eights.md`, `determinism.md`,
//! `property-testing.md`, `security.md`, `python.md` and `cli.md`.
//!
//! Depend on `decklet-core` (and `decklet-plugins`) alone to build other games without
//! UNO.

pub use decklet_core::*;

#[cfg(feature = "plugins")]
pub use decklet_plugins as plugins;
#[cfg(feature = "plugins")]
pub use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};

#[cfg(feature = "uno")]
pub use decklet_uno as uno;

#[cfg(feature = "bots")]
pub use decklet_bots as bots;

#[cfg(feature = "crazy-eights")]
pub use decklet_crazy_eights as crazy_eights;

#[cfg(feature = "env")]
pub use decklet_env as env;

/// The names most programs use.
pub mod prelude {
    pub use decklet_core::{
        Action, ActionHandler, AnyAction, AnyEvent, CardId, EngineConfig, EngineError, Event,
        EventHandler, Game, GameContext, GameEngine, GamePlugin, GameState, GameStatus, Player,
        PlayerId, Rule, Verify, ZoneId,
    };
    #[cfg(feature = "plugins")]
    pub use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
    #[cfg(feature = "uno")]
    pub use decklet_uno::{
        Bot, ChooseColor, LegalAction, PlayCard, UnoPlugin, legal_actions, new_uno_engine, uno_game,
    };
}

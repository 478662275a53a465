//! # decklet
//!
//! A deterministic, plugin-based card-game engine with a complete, fast UNO. This crate
//! is the facade: it re-exports [`decklet_core`] at its root, the common plugins as
//! [`plugins`] (feature `plugins`), UNO as [`uno`] (feature `uno`), the bots of any game
//! as [`bots`] (feature `bots`), Crazy Eights as [`crazy_eights`] (feature
//! `crazy-eights`) and Hearts as [`hearts`] (feature `hearts`), all on by default; the learners' environments and the tournaments of
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
//! | Hearts (OpenSpiel's rules) | `hearts` | `decklet-hearts` |
//! | what a seat may know | [`InfoState`], [`GameState::view_for`] | `decklet-core` |
//! | learning environments, tournaments of named bots | `env` (feature `env`) | `decklet-env` |
//!
//! The guides are part of this documentation, one page each under [`guide`]: start
//! with [`guide::getting_started`], then [`guide::engine`] (how the engine thinks) and
//! [`guide::writing_a_plugin`]. They are the repository's `docs/` pages
//! (<https://github.com/decklet/decklet/tree/main/docs>), where their links to each
//! other work.
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

#[cfg(feature = "hearts")]
pub use decklet_hearts as hearts;

/// The guides, one page each: the repository's `docs/` pages, shown here as they are
/// (their links to each other lead to the repository). Only in the documentation: the
/// pages' code is compiled and run by the repository's tests.
#[cfg(all(doc, not(doctest)))]
pub mod guide {
    #[doc = include_str!("../guide/getting-started.md")]
    pub mod getting_started {}
    #[doc = include_str!("../guide/engine.md")]
    pub mod engine {}
    #[doc = include_str!("../guide/writing-a-plugin.md")]
    pub mod writing_a_plugin {}
    #[doc = include_str!("../guide/determinism.md")]
    pub mod determinism {}
    #[doc = include_str!("../guide/uno.md")]
    pub mod uno {}
    #[doc = include_str!("../guide/crazy-eights.md")]
    pub mod crazy_eights {}
    #[doc = include_str!("../guide/hearts.md")]
    pub mod hearts {}
    #[doc = include_str!("../guide/bots.md")]
    pub mod bots {}
    #[doc = include_str!("../guide/property-testing.md")]
    pub mod property_testing {}
    #[doc = include_str!("../guide/security.md")]
    pub mod security {}
    #[doc = include_str!("../guide/stability.md")]
    pub mod stability {}
    #[doc = include_str!("../guide/performance.md")]
    pub mod performance {}
    #[doc = include_str!("../guide/python.md")]
    pub mod python {}
    #[doc = include_str!("../guide/learning.md")]
    pub mod learning {}
    #[doc = include_str!("../guide/cli.md")]
    pub mod cli {}
    #[doc = include_str!("../guide/server.md")]
    pub mod server {}
    #[doc = include_str!("../guide/ARCHITECTURE.md")]
    pub mod architecture {}
}

#[cfg(feature = "env")]
pub use decklet_env as env;

/// The names most programs use.
pub mod prelude {
    #[cfg(feature = "bots")]
    pub use decklet_bots::Bot;
    pub use decklet_core::{
        Action, ActionHandler, AnyAction, AnyEvent, CardId, EngineConfig, EngineError, Event,
        EventHandler, Game, GameContext, GameEngine, GamePlugin, GameState, GameStatus, Player,
        PlayerId, Rule, Verify, ZoneId,
    };
    #[cfg(feature = "plugins")]
    pub use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
    #[cfg(feature = "uno")]
    pub use decklet_uno::{
        ChooseColor, LegalAction, PlayCard, UnoPlugin, legal_actions, new_uno_engine, uno_game,
    };
}

//! # decklet-core
//!
//! The deterministic engine under every decklet game: state, ids, cards, zones,
//! players, typed variables, a seeded RNG, typed actions and events, rules, the plugin
//! trait, the engine with its all-or-nothing ticks, and log and replay. It knows no
//! particular game; games are plugins.
//!
//! ```
//! use decklet_core::*;
//! use serde::{Deserialize, Serialize};
//!
//! // A tiny game: players knock; a knock on your turn scores a point.
//! #[derive(Clone, Debug, Serialize, Deserialize)]
//! #[serde(rename_all = "camelCase")]
//! struct Knock { player_id: PlayerId }
//! impl Action for Knock {
//!     const KIND: &'static str = "KNOCK";
//!     fn player_id(&self) -> Option<&PlayerId> { Some(&self.player_id) }
//! }
//! const KNOCKS: Var<i64> = Var::new("knock:count");
//!
//! struct KnockPlugin;
//! impl GamePlugin for KnockPlugin {
//!     fn id(&self) -> &'static str { "knock" }
//!     fn name(&self) -> &'static str { "Knock" }
//!     fn version(&self) -> &'static str { "1.0.0" }
//!     fn rules(&self) -> Vec<Rule> {
//!         vec![Rule::for_action::<Knock>("knockerExists", |knock, _origin, state| {
//!             match state.player(&knock.player_id) {
//!                 Some(_) => Ok(()),
//!                 None => Err("only players at the table can knock".into()),
//!             }
//!         })]
//!     }
//!     fn actions(&self) -> Vec<ActionHandler> {
//!         vec![ActionHandler::new::<Knock>(|_knock, ctx| {
//!             let count = ctx.state().variable(KNOCKS).unwrap_or(0);
//!             ctx.set_variable(KNOCKS, count + 1);
//!             Ok(())
//!         })]
//!     }
//! }
//!
//! let mut engine = GameEngine::new(EngineConfig { seed: 42, ..Default::default() });
//! engine.use_plugin(KnockPlugin);
//! engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
//! engine.start()?;
//! engine.dispatch(Knock { player_id: "p1".into() })?;
//! assert_eq!(engine.state().variable(KNOCKS), Some(1));
//!
//! let err = engine.dispatch(Knock { player_id: "zed".into() }).unwrap_err();
//! assert_eq!(err.rule(), Some("knockerExists"));
//! assert_eq!(engine.state().variable(KNOCKS), Some(1)); // unchanged
//! # Ok::<(), EngineError>(())
//! ```
//!
//! See `docs/ARCHITECTURE.md` in the repository for the map of the crates.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod action;
pub mod card;
pub mod context;
pub mod engine;
pub mod error;
pub mod event;
pub mod ids;
pub(crate) mod journal;
pub mod kinds;
pub mod log;
pub mod player;
pub mod plugin;
pub mod rng;
pub mod rule;
pub mod state;
pub mod variables;
pub mod view;
pub mod zone;

pub use action::{Action, ActionOrigin, AnyAction};
pub use card::Card;
pub use context::GameContext;
pub use engine::{EngineConfig, GameEngine, Outcome, ParsedLog, SubscriptionId};
pub use error::EngineError;
pub use event::{AnyEvent, Event};
pub use ids::{CardId, HAND_ZONE_TYPE, PlayerId, ZoneId, hand_zone_id};
pub use kinds::{
    CARD_PLAYED, CardPlayed, GAME_CREATED, GAME_FINISHED, GAME_STARTED, GAME_WON, GameCreated,
    GameFinished, GameStarted, GameWon, PLAY_CARD_ACTION, PlayCard,
};
pub use log::{GameLog, LOG_FORMAT, LoggedAction, PlayerLog, PluginInfo, state_digest};
pub use player::{Player, PlayerStatus};
pub use plugin::{ActionHandler, EventHandler, GamePlugin};
pub use rng::GameRng;
pub use rule::{Rule, RuleGroup, RuleResult, RuleScope};
/// The small-string type of card types, ranks, suits and ids' text (re-exported).
pub use smol_str::SmolStr;
pub use state::{CardTable, GameState, GameStatus, MAX_ID_LEN, Map};
pub use variables::{Json, Value, Var, VarType, Variables};
pub use view::{GameView, ZoneView};
pub use zone::{Visibility, Zone};

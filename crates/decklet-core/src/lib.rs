//! # decklet-core
//!
//! The deterministic engine under every decklet game: state, ids, cards, zones,
//! players, typed variables, a seeded RNG, typed actions and events, rules, the plugin
//! trait, the engine with its all-or-nothing ticks, and log and replay. It knows no
//! particular game; games are plugins.
//!
//! The engine owns the [`GameState`]: plugins read it through its methods and change it
//! only through the [`GameContext`] their handlers get. Players, zones and cards are
//! named by small `Copy` handles ([`PlayerId`], [`ZoneId`], [`CardId`]); their text ids
//! appear in JSON and in lookups by text.
//!
//! ```
//! use decklet_core::*;
//! use serde::{Deserialize, Serialize};
//!
//! // A tiny game: players knock; every knock counts.
//! #[derive(Clone, Debug, Serialize, Deserialize)]
//! #[serde(rename_all = "camelCase")]
//! struct Knock { player_id: PlayerId }
//! impl Action for Knock {
//!     const KIND: &'static str = "KNOCK";
//!     fn player_id(&self) -> Option<PlayerId> { Some(self.player_id) }
//! }
//! const KNOCKS: Var<i64> = Var::new("knock:count");
//!
//! struct KnockPlugin;
//! impl GamePlugin for KnockPlugin {
//!     fn id(&self) -> &'static str { "knock" }
//!     fn name(&self) -> &'static str { "Knock" }
//!     fn version(&self) -> &'static str { "1.0.0" }
//!     fn rules(&self) -> Vec<Rule> {
//!         vec![Rule::for_action::<Knock>("knockerPlays", |knock, _origin, state| {
//!             match state.player_status(knock.player_id) {
//!                 Some(PlayerStatus::Active) => Ok(()),
//!                 _ => Err("only active players can knock".into()),
//!             }
//!         })]
//!     }
//!     fn actions(&self) -> Vec<ActionHandler> {
//!         vec![ActionHandler::new::<Knock>(|_knock, ctx| {
//!             let count = ctx.state().variable(&KNOCKS).unwrap_or(0);
//!             ctx.set_variable(&KNOCKS, count + 1);
//!             Ok(())
//!         })]
//!     }
//! }
//!
//! // The game is built once (every registration error is found here) and shared by
//! // every engine that plays it.
//! let game = Game::builder().plugin(KnockPlugin).build()?;
//! let mut engine = GameEngine::new(&game, EngineConfig { seed: 42, ..Default::default() });
//! engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
//! engine.start()?;
//! let alice = engine.state().player_id("p1").ok_or("no player p1")?;
//! engine.dispatch(Knock { player_id: alice })?;
//! assert_eq!(engine.state().variable(&KNOCKS), Some(1));
//!
//! // An action from JSON names its player by text; a wrong name is a typed error.
//! let err = engine.action_from_json(&serde_json::json!(
//!     {"type": "KNOCK", "payload": {"playerId": "zed"}})).unwrap_err();
//! assert!(err.to_string().contains("unknown player `zed`"));
//! assert_eq!(engine.state().variable(&KNOCKS), Some(1)); // unchanged
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! See `docs/ARCHITECTURE.md` in the repository for the map of the crates.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod action;
mod action_log;
mod card;
mod context;
mod data;
mod deal_commitment;
mod determinize;
mod engine;
mod error;
mod event;
mod game;
mod game_string;
mod ids;
mod info;
mod journal;
mod kind_table;
mod kinds;
mod lanes;
mod leaks;
mod log;
mod move_code;
mod moves;
mod player;
mod player_log;
mod plugin;
mod position;
mod queues;
mod registry;
mod replay;
mod rng;
mod rule;
mod scope;
mod state;
mod state_json;
mod subscribers;
mod tables;
mod tick;
mod variables;
mod view;
mod wire;
mod zone;

pub use action::{Action, ActionOrigin, ActionRef, AnyAction};
pub use card::{Card, CardTable};
pub use context::GameContext;
pub use data::GameData;
pub use deal_commitment::{
    DealCommitment, SHARE_HEX_DIGITS, deal_commitment, deal_seed, is_share, normal_share,
};
pub use determinize::{CardSet, ZoneLimit};
pub use engine::{EngineConfig, GameEngine, Outcome};
pub use error::{EngineError, echo, is_invisible};
pub use event::{AnyEvent, Event};
pub use game::{Game, GameBuilder};
pub use game_string::{GameString, GameStringError, MAX_GAME_STRING_BYTES};
pub use ids::{CardId, CardIds, HAND_ZONE_TYPE, Id, PlayerId, ZoneId, hand_zone_name};
pub use info::{InfoState, SeatKnowledge};
pub use kinds::{
    CARD_PLAYED, CardPlayed, GAME_CREATED, GAME_FINISHED, GAME_STARTED, GAME_WON, GameCreated,
    GameFinished, GameStarted, GameWon, PLAY_CARD_ACTION, PlayCard,
};
pub use leaks::{
    HistoryCheck, HistoryLeak, Leak, check_history_leaks, check_seat_leaks, redeal_unseen,
};
pub use log::{GameLog, LOG_FORMAT, LoggedAction, PluginInfo, state_digest};
pub use move_code::{CARD_BITS, MoveCode, MoveFields, PLAYER_BITS};
pub use moves::{GameToken, Move, MoveKind, Moves};
pub use player::{Player, PlayerStatus};
pub use player_log::{HeardMove, PlayerLog};
pub use plugin::{ActionHandler, EventHandler, GamePlugin};
pub use replay::{ParsedLog, ReplayInput, Verify};
pub use rng::{GameRng, derive_seed, splitmix64};
pub use rule::{Inner, Rule, RuleResult, RuleScope};
/// The small-string type of ids' text, card types, ranks and suits (re-exported).
pub use smol_str::SmolStr;
pub use state::{GameState, GameStatus, MAX_DATA_LEN, MAX_ID_LEN, MAX_ITEMS, MAX_PLAYERS};
pub use subscribers::SubscriptionId;
pub use variables::{Json, Value, Var, VarReaders, VarType, VarVisibility, Variables};
pub use view::{GameView, ZoneView};
pub use zone::{Visibility, Zone};

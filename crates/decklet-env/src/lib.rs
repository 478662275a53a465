//! # decklet-env
//!
//! decklet's games as reinforcement-learning environments, in Rust: the layer the
//! Python package's PettingZoo and Gymnasium environments sit on.
//!
//! - [`Encoding`]: a game's fixed action indices and its observation vector, made from
//!   one seat's information state alone ([`UnoEncoding`], [`CrazyEightsEncoding`]).
//! - [`Table`]: one match as a learner plays it: who acts (with windows for moves out
//!   of turn), the mask, the observations, a step by index that refuses an illegal one
//!   and changes nothing, the rewards.
//! - [`GameSpec`]: a game by name and options, and its bots ([`SeatBot`]).
//! - [`VectorTables`]: many matches stepped at once into the caller's buffers, bots
//!   playing the other seats, next-step autoreset, on several threads if asked.
//! - [`TournamentPlan`]: a tournament of named bots, played game by game in any split
//!   into [`TournamentTally`]s that merge to the same report (what `decklet tournament`
//!   runs, and what the Python package spreads over a Ray cluster), with Bradley–Terry
//!   ratings ([`rating`]).
//!
//! ```
//! use decklet_env::GameSpec;
//! let spec = GameSpec::uno("classic", &[])?;
//! let mut table = spec.table(4, 7, 10_000)?;
//! let encoding = spec.encoding();
//! let mut obs = vec![0.0; encoding.observation_len()];
//! let mut mask = vec![0; encoding.action_count() + 1];
//! while let Some(seat) = table.acting_seat() {
//!     table.observe(seat, &mut obs, &mut mask);
//!     let first = mask.iter().position(|m| *m == 1).ok_or("no legal action")?;
//!     table.step(first as i64)?;
//! }
//! assert!(table.is_over() || table.is_truncated());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod crazy_eights;
pub mod encoding;
pub mod generic;
pub mod rating;
pub mod spec;
pub mod table;
pub mod tournament;
pub mod uno;
pub mod vector;

pub use crazy_eights::{C8_ACTIONS, C8_OBSERVATION_LEN, CrazyEightsEncoding};
pub use encoding::{Encoding, MoveClass, RewardMode, offset, win_rewards};
pub use generic::GenericEncoding;
pub use spec::{GameSpec, SeatBot, crazy_eights_bot};
pub use table::{StepError, Table};
pub use tournament::{
    GameEntry, GameSummary, Scratch, TournamentPlan, TournamentSpec, TournamentSummary,
    TournamentTally, UnoEntry, UnoSummary,
};
pub use uno::{UNO_ACTIONS, UNO_OBSERVATION_LEN, UnoEncoding, uno_kind};
pub use vector::{Buffers, MAX_LANES, VectorConfig, VectorTables, episode_seed};

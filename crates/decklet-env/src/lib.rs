//! # decklet-env
//!
//! decklet's games as reinforcement-learning environments, in Rust: the layer the
//! Python package's PettingZoo and Gymnasium environments sit on. It takes any game of
//! a catalogue by its game string, and names none.
//!
//! - [`Encoding`]: a game's fixed action indices and its observation vector, made from
//!   one seat's information state alone: the game's own (its catalogue entry gives it:
//!   UNO's and Crazy Eights' do), or the generic one ([`GenericEncoding`]).
//! - [`Table`]: one match as a learner plays it: who acts (with windows for moves out
//!   of turn), the mask, the observations, a step by index that refuses an illegal one
//!   and changes nothing, the rewards.
//! - [`GameSpec`]: a game by its game string, and its bots ([`SeatBot`]), from a
//!   catalogue.
//! - [`VectorTables`]: many matches stepped at once into the caller's buffers, bots
//!   playing the other seats, next-step autoreset, on several threads if asked.
//! - [`TournamentPlan`]: a tournament of named bots, played game by game in any split
//!   into [`TournamentTally`]s that merge to the same report (what `decklet tournament`
//!   runs, and what the Python package spreads over a Ray cluster), with Bradley–Terry
//!   ratings ([`rating`]).
//!
//! ```
//! use decklet_catalog::Catalog;
//! use decklet_env::GameSpec;
//! let spec = GameSpec::load(&Catalog::standard(), "uno", 4)?;
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

pub mod rating;
pub mod spec;
pub mod table;
pub mod tournament;
pub mod vector;

pub use decklet_bots::encoding::{Encoding, MoveClass, RewardMode, offset, win_rewards};
pub use decklet_bots::policy::EncodingRef;
pub use decklet_catalog::{GenericEncoding, VALUE_LIMIT};
pub use spec::{GameSpec, SeatBot};
pub use table::{Followed, StepError, Table};
pub use tournament::{
    TournamentEntry, TournamentPlan, TournamentSpec, TournamentSummary, TournamentTally,
};
pub use vector::{
    Buffers, MAX_LANES, MIN_LANES_PER_THREAD, VectorConfig, VectorTables, episode_seed,
};

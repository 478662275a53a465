//! # decklet-bots
//!
//! Bots for any decklet game, on `decklet-core` alone. A game lists the moves a seat
//! may make ([`GamePlugin::moves`](decklet_core::GamePlugin::moves), composed by
//! [`Game::legal_moves`](decklet_core::Game::legal_moves)); a [`Bot`] is handed the seat's [`InfoState`](decklet_core::InfoState) (which holds
//! nothing the seat may not know) and those moves, and picks one. On that:
//! [`RandomBot`], [`FnBot`] (a bot from a function), [`IsmctsBot`] (search on worlds
//! sampled from the information state, narrowed by a game's [`Hints`]),
//! [`play_game`], [`ask`] (one bot's move), [`Tournament`] (seat rotation, Wilson intervals) and
//! [`check_moves`] (the listed moves are exactly what the rules accept).
//!
//! ```
//! use decklet_bots::{play_game, Bot, IsmctsBot, IsmctsConfig, RandomBot};
//! use decklet_core::{EngineConfig, GameEngine, Player};
//!
//! // high card, a game written outside decklet's crates
//! let game = high_card::high_card_game()?;
//! let mut engine = GameEngine::new(&game, EngineConfig { seed: 3, ..Default::default() });
//! engine.create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])?;
//! engine.start()?;
//! let config = IsmctsConfig { iterations: 50, ..IsmctsConfig::default() };
//! let mut bots: Vec<Box<dyn Bot>> =
//!     vec![Box::new(RandomBot::new(1)), Box::new(IsmctsBot::new(&game, config, 2))];
//! let report = play_game(&mut engine, &mut bots, 1_000)?;
//! assert_eq!(report.scores.len(), 2);
//! # Ok::<(), decklet_core::EngineError>(())
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod bot;
mod driver;
pub mod encoding;
mod ismcts;
mod kit;
mod play;
pub mod policy;
mod prior;
mod solve;
mod tournament;

pub use bot::{Bot, FnBot, RandomBot};
pub use driver::{Answer, Asked, Driver, Played, Seat, Stop, seat_seed};
pub use encoding::{Encoding, LastMoves, MoveClass, RewardMode, offset, win_rewards};
pub use ismcts::{Evaluation, Hints, IsmctsBot, IsmctsConfig, NoHints, Playout, PlayoutPolicy};
pub use kit::{MismatchAlong, MoveMismatch, check_moves, check_moves_along};
pub use play::{GameReport, Scoring, ask, play_game, play_game_with, winners_score};
pub use policy::{Policy, PolicyBot, PolicyError};
pub use prior::{Prior, prior_bonus, weigh_by_key};
pub use solve::{
    Cfr, ChanceRoot, GameTree, Infoset, TabularPolicy, TreeError, best_response_value, bot_policy,
    exploitability,
};
pub use tournament::{
    Entrant, NewMatch, Standing, Tournament, TournamentReport, TournamentTally, WIN_UNITS,
    wilson_95,
};

//! # decklet-crazy-eights
//!
//! Crazy Eights as a decklet plugin, on the standard deck, turn and draw plugins. Its
//! default options play OpenSpiel's `crazy_eights` (2 to 15 players; five cards each,
//! seven at two players; a second deck above five players; match the suit or the rank
//! of the top card, eights are wild and name a suit; up to five draws a turn; the game
//! ends when a player goes out, after 100 plays, or when every player and one more
//! passed in a row with the deck empty; every hand left pays its penalty). The rules,
//! in full, are in `docs/crazy-eights.md` in the repository.
//!
//! ```
//! use decklet_core::{EngineConfig, GameEngine, GameStatus};
//! use decklet_crazy_eights::{crazy_eights_game, new_crazy_eights_engine, CrazyEightsOptions};
//!
//! let game = crazy_eights_game(CrazyEightsOptions::default())?;
//! let mut engine = new_crazy_eights_engine(&game, 7, 4)?;
//! let mut moves = decklet_core::Moves::new();
//! // play the first listed move until the game is over
//! while engine.state().status() == GameStatus::Playing {
//!     let seat = engine.state().current_player().ok_or("nobody's turn")?;
//!     game.legal_moves(engine.state(), seat, &mut moves);
//!     engine.dispatch_move(&moves, 0)?;
//! }
//! assert_eq!(engine.state().status(), GameStatus::Finished);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod actions;
mod cards;
mod def;
mod describe;
mod encoding;
mod entry;
mod moves;
mod plugin;
mod strategist;

use std::sync::Arc;

use decklet_core::{EngineConfig, EngineError, Game, GameEngine, Player};
use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};

pub use actions::{C8_DRAW_ACTION, C8_NOMINATE_ACTION, C8_PASS_ACTION, Draw, Nominate, Pass};
pub use cards::{ACE, C8Card, C8Table, EIGHT, QUEEN, RANKS, SUITS, TWO};
pub use def::{C8_PARAMS, CRAZY_EIGHTS_GAME};
pub use describe::{describe_move, suit_name};
pub use encoding::{C8_ACTIONS, C8_OBSERVATION_LEN, CrazyEightsEncoding};
pub use entry::CrazyEightsDef;
pub use moves::crazy_eights_moves;
pub use plugin::{
    C8_VAR_CAN_PASS, C8_VAR_DRAWS, C8_VAR_END, C8_VAR_NOMINATING, C8_VAR_PASSES,
    C8_VAR_PENDING_TWOS, C8_VAR_PLAYS, C8_VAR_RETURNS, C8_VAR_SUIT, CRAZY_EIGHTS_PLUGIN_ID,
    CrazyEightsPlugin, c8_returns,
};
pub use strategist::{strategist_choice, strategist_playout};

/// The draw pile: the standard deck's zone.
pub const C8_DECK_ZONE_ID: &str = decklet_plugins::STANDARD_DECK_ZONE_ID;
/// The discard pile, seen by everyone.
pub const C8_DISCARD_ZONE_ID: &str = "c8:discard";
/// The fewest players.
pub const C8_MIN_PLAYERS: usize = 2;
/// The most players.
pub const C8_MAX_PLAYERS: usize = 15;

/// What a game of Crazy Eights plays: OpenSpiel's parameters, with its defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrazyEightsOptions {
    /// The most cards a player may draw in a turn before passing (default 5).
    pub max_draw_cards: u32,
    /// The game ends after this many cards played (default 100).
    pub max_turns: u32,
    /// Whether the discard pile (but its top) becomes the deck when the deck is
    /// empty (default off).
    pub reshuffle: bool,
    /// Whether queens skip, aces reverse and twos make the next player draw two,
    /// stacking (default off).
    pub use_special_cards: bool,
}

impl Default for CrazyEightsOptions {
    /// OpenSpiel's defaults, as the parameters declare them ([`C8_PARAMS`]).
    fn default() -> Self {
        CrazyEightsOptions::from_params(&decklet_entry::Params::defaults(&C8_PARAMS))
    }
}

/// The game of Crazy Eights with these options: the standard deck, turns, drawing,
/// then Crazy Eights' own plugin, named with its game string
/// ([`CrazyEightsOptions::game_string`]), which its logs record. Build it once and
/// share it.
pub fn crazy_eights_game(options: CrazyEightsOptions) -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&options.game_string())
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(CrazyEightsPlugin::new(options))
        .build()
}

/// A started match of `game` for `players` players `p1`…`pN` (seats 1…N; player
/// `p{i+1}` is OpenSpiel's player `i`), dealt from `seed`.
pub fn new_crazy_eights_engine(
    game: &Arc<Game>,
    seed: u64,
    players: usize,
) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: "crazy-eights".into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(players))?;
    engine.start()?;
    Ok(engine)
}

//! # decklet-hearts
//!
//! Hearts as a decklet plugin, on the standard deck, playing OpenSpiel's `hearts` with
//! its parameters and defaults: four players, thirteen cards each; three cards passed
//! to the left, across, to the right or not at all (drawn at random for the one hand
//! played); the two of clubs leads; follow suit if you can; no hearts and no queen of
//! spades on the first trick; hearts led only once broken; the highest card of the
//! suit led takes the trick; a heart costs 1 point, the queen of spades 13; taking all
//! 26 shoots the moon (26 to everyone else instead). The fewest points win; a
//! player's return is OpenSpiel's `26 − points`. The rules, in full, are in
//! `docs/hearts.md` in the repository.
//!
//! ```
//! use decklet_core::GameStatus;
//! use decklet_hearts::{hearts_game, hearts_returns, new_hearts_engine, HeartsOptions};
//!
//! let game = hearts_game(HeartsOptions::default())?;
//! let mut engine = new_hearts_engine(&game, 7)?;
//! let mut moves = decklet_core::Moves::new();
//! // play the first listed move until the game is over
//! while engine.state().status() == GameStatus::Playing {
//!     let seat = engine.state().current_player().ok_or("nobody's turn")?;
//!     game.legal_moves(engine.state(), seat, &mut moves);
//!     engine.dispatch_move(&moves, 0)?;
//! }
//! // 26 points were taken, or a moon was shot: the returns add up to 26 or 78
//! let total: f64 = hearts_returns(engine.state()).iter().sum();
//! assert!(total == 78.0 || total == 26.0, "{total}");
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
mod ducker;
mod entry;
mod hints;
mod legal;
mod plugin;

use std::sync::Arc;

use decklet_core::{EngineConfig, EngineError, Game, GameEngine, Player};
use decklet_plugins::StandardDeckPlugin;

pub use actions::{
    CardChosen, CardsPassed, HEARTS_CARD_CHOSEN, HEARTS_CARDS_PASSED, HEARTS_PASS_ACTION,
    HEARTS_TRICK_TAKEN, PassCard, TrickTaken,
};
pub use cards::{
    ACE, CLUBS, DIAMONDS, HEARTS, HeartsCard, HeartsTable, JACK, JACK_OF_DIAMONDS, QUEEN,
    QUEEN_OF_SPADES, SPADES, TWO, TWO_OF_CLUBS, passing_zone_id,
};
pub use def::{HEARTS_GAME, HEARTS_PARAMS};
pub use describe::{card_name, describe_move};
pub use ducker::{ducker_choice, ducker_playout};
pub use entry::HeartsDef;
pub use hints::HeartsHints;
pub use legal::hearts_moves;
pub use plugin::{
    HEARTS_PLUGIN_ID, HEARTS_TOTAL_POINTS, HEARTS_VAR_BROKEN, HEARTS_VAR_LEADER, HEARTS_VAR_MOON,
    HEARTS_VAR_PASS_DIR, HEARTS_VAR_PASSING, HEARTS_VAR_PENALTY_CARDS, HEARTS_VAR_PLAYED,
    HEARTS_VAR_POINTS, HEARTS_VAR_RETURNS, HEARTS_VAR_TRICKS, HeartsPlugin, hearts_points,
    hearts_returns,
};

/// The trick being played, seen by everyone.
pub const HEARTS_TRICK_ZONE_ID: &str = "hearts:trick";
/// The cards of the tricks taken, face up (what was played is public).
pub const HEARTS_TAKEN_ZONE_ID: &str = "hearts:taken";
/// Hearts is played by four.
pub const HEARTS_PLAYERS: usize = 4;

/// What a game of Hearts plays: OpenSpiel's parameters, with its defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeartsOptions {
    /// Three cards are passed before the play (default on); the direction is drawn
    /// at random among no pass, left, across and right.
    pub pass_cards: bool,
    /// No heart and no queen of spades on the first trick, for a player who holds
    /// another card (default on).
    pub no_pts_on_first_trick: bool,
    /// The first lead may be any club, not only the two (default off).
    pub can_lead_any_club: bool,
    /// The jack of diamonds takes 10 points off whoever takes it (default off).
    pub jd_bonus: bool,
    /// A player who takes no trick has 5 points taken off (default off).
    pub avoid_all_tricks_bonus: bool,
    /// Hearts may not be led until one is played (default on).
    pub must_break_hearts: bool,
    /// The queen of spades breaks hearts too (default on).
    pub qs_breaks_hearts: bool,
    /// A player whose only lead would be the queen of spades may lead a heart
    /// instead (default off).
    pub can_lead_hearts_instead_of_qs: bool,
}

impl Default for HeartsOptions {
    /// OpenSpiel's defaults, as the parameters declare them ([`HEARTS_PARAMS`]).
    fn default() -> Self {
        HeartsOptions::from_params(&decklet_entry::Params::defaults(&HEARTS_PARAMS))
    }
}

/// The game of Hearts with these options: the standard deck, then Hearts' own plugin,
/// named with its game string ([`HeartsOptions::game_string`]), which its logs record.
/// Build it once and share it.
pub fn hearts_game(options: HeartsOptions) -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&options.game_string())
        .plugin(StandardDeckPlugin)
        .plugin(HeartsPlugin::new(options))
        .build()
}

/// A started game of `game` for players `p1`…`p4` (seats 1…4; player `p{i+1}` is
/// OpenSpiel's player `i`, passing to the left passes to the next seat), dealt from
/// `seed`.
pub fn new_hearts_engine(game: &Arc<Game>, seed: u64) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: "hearts".into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(HEARTS_PLAYERS))?;
    engine.start()?;
    Ok(engine)
}

//! Property-testing kit (feature `proptest`): strategies for seeds, games in progress
//! and legal actions, and [`check_invariants`] for UNO's invariants.
//!
//! ```
//! use decklet_uno::testing::{check_invariants, game_in_progress};
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! let mut runner = TestRunner::default();
//! let result = runner.run(&game_in_progress(2..=6, 40), |setup| {
//!     let engine = setup.build().map_err(|e| TestCaseError::fail(e.to_string()))?;
//!     prop_assert!(check_invariants(engine.state()).is_ok());
//!     Ok(())
//! });
//! assert!(result.is_ok());
//! ```

use std::ops::RangeInclusive;

use decklet_core::{EngineError, GameEngine, GameState};
use proptest::prelude::*;

use crate::bots::UnoRandomBot;
use crate::legal::legal_actions;
use crate::legal_action::LegalAction;
use crate::sim::{new_uno_engine, uno_game};

/// Any game seed.
pub fn seed() -> impl Strategy<Value = u64> {
    any::<u64>()
}

/// A recipe for a game in progress: a seed, a player count and a number of random
/// legal moves (made by an [`UnoRandomBot`] seeded from the game seed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The game seed.
    pub seed: u64,
    /// Number of players.
    pub players: usize,
    /// Legal moves to make after the start (fewer if the game ends first).
    pub moves: usize,
}

impl GameSetup {
    /// Builds the engine and makes the moves.
    pub fn build(&self) -> Result<GameEngine, EngineError> {
        let mut engine = new_uno_engine(&uno_game(&[])?, self.seed, self.players)?;
        let mut bot = UnoRandomBot::new(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut moves = decklet_core::Moves::new();
        for _ in 0..self.moves {
            let Some(player) = engine.state().current_player() else {
                break;
            };
            let Some(choice) = decklet_bots::ask(&mut bot, &engine, player, &mut moves) else {
                break;
            };
            engine.dispatch_move(&moves, choice)?;
        }
        Ok(engine)
    }
}

/// Games of `players` players after up to `max_moves` random legal moves.
pub fn game_in_progress(
    players: RangeInclusive<usize>,
    max_moves: usize,
) -> impl Strategy<Value = GameSetup> {
    (any::<u64>(), players, 0..=max_moves).prop_map(|(seed, players, moves)| GameSetup {
        seed,
        players,
        moves,
    })
}

/// One of the current player's legal actions in `state` (`None` when there is none).
pub fn legal_action(state: &GameState) -> BoxedStrategy<Option<LegalAction>> {
    let legal = state
        .current_player()
        .map(|p| legal_actions(state, p))
        .unwrap_or_default();
    if legal.is_empty() {
        Just(None).boxed()
    } else {
        prop::sample::select(legal).prop_map(Some).boxed()
    }
}

/// Checks UNO's invariants on a state; `Err` says which one broke.
///
/// - the state validates and UNO's 108 cards are each in exactly one zone (the deck,
///   the pile or a hand);
/// - while playing, an active player has the turn and a card is on the pile;
/// - a pending colour means the discard top is a wild or a wild draw four;
/// - after the start, the colour in force is one of the four;
/// - finished ⇔ exactly one winner, whose hand is empty;
/// - UNO's variables are in range.
///
/// These are what [`UnoPlugin`](crate::UnoPlugin) checks of a position it adopts.
pub fn check_invariants(state: &GameState) -> Result<(), String> {
    state.validate().map_err(|e| e.to_string())?;
    // UNO's own check of a position: its 108 cards, the turn, the pile, the colour,
    // the winner (what an adopted position must pass too)
    crate::plugin::validate(state).map_err(|e| e.to_string())
}

//! [`check_moves`]: the kit check of a game's moves. For every seat of a position, each
//! listed move must apply (on a fork) and every candidate the rules accept must be
//! listed: the listed moves are exactly the external actions the rules accept.

use std::collections::HashSet;

use decklet_core::{ActionRef, AnyAction, GameEngine, Moves, PlayerId};

/// A way the listed moves and the rules disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveMismatch {
    /// A listed move the rules refuse.
    Refused {
        /// The seat.
        seat: String,
        /// The move, as JSON.
        action: String,
        /// The refusal.
        error: String,
    },
    /// A candidate the rules accept that is not listed.
    Unlisted {
        /// The seat.
        seat: String,
        /// The action, as JSON.
        action: String,
    },
    /// A move listed for a seat that is not the one to move, in a position where no
    /// plugin says seats may move out of turn
    /// ([`GamePlugin::moves_out_of_turn`](decklet_core::GamePlugin::moves_out_of_turn)):
    /// the game loops would never offer it.
    Undeclared {
        /// The seat.
        seat: String,
        /// The move, as JSON.
        action: String,
    },
}

impl std::fmt::Display for MoveMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveMismatch::Refused {
                seat,
                action,
                error,
            } => {
                write!(f, "{seat}: listed move {action} is refused: {error}")
            }
            MoveMismatch::Unlisted { seat, action } => {
                write!(f, "{seat}: {action} is accepted but not listed")
            }
            MoveMismatch::Undeclared { seat, action } => write!(
                f,
                "{seat}: {action} is listed out of turn, where the game says no seat moves out of turn"
            ),
        }
    }
}

/// An action as JSON text, its handles written as the game's names (a move the game
/// listed carries no game of its own).
fn text_of(state: &decklet_core::GameState, action: ActionRef<'_>) -> String {
    match state.json_of(&action) {
        Ok(json) => json.to_string(),
        Err(error) => format!("({} that cannot be written: {error})", action.kind()),
    }
}

/// Checks the position of `engine` for every seat: each of the game's listed moves
/// applies without error on a fork, and each of `candidates` (the external actions a
/// seat could send, legal or not: a superset the game's author writes) that applies on
/// a fork is listed; a seat that is not the one to move has listed moves only where
/// the game says seats may move out of turn. Returns every mismatch.
///
/// ```
/// use decklet_bots::check_moves;
/// use high_card::Reveal;
/// let engine = high_card::new_game(5, 3)?;
/// // what a seat could send: a reveal, whoever's turn it is
/// let mismatches = check_moves(&engine, |_, seat| {
///     vec![decklet_core::AnyAction::new(Reveal { player_id: seat })]
/// });
/// assert_eq!(mismatches, []);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn check_moves(
    engine: &GameEngine,
    candidates: impl Fn(&GameEngine, PlayerId) -> Vec<AnyAction>,
) -> Vec<MoveMismatch> {
    let mut mismatches = Vec::new();
    let state = engine.state();
    let game = engine.game();
    let mut moves = Moves::new();
    for seat in state.players() {
        let name = state.id_text(seat).into_owned();
        game.legal_moves(state, seat, &mut moves);
        let out_of_turn = state.current_player() != Some(seat);
        if out_of_turn && !game.moves_out_of_turn(state) {
            for action in moves.each(|action| text_of(state, action)) {
                mismatches.push(MoveMismatch::Undeclared {
                    seat: name.clone(),
                    action,
                });
            }
        }
        let listed: HashSet<String> = moves.each(|m| text_of(state, m)).collect();
        let texts: Vec<String> = moves.each(|m| text_of(state, m)).collect();
        for (at, action) in texts.iter().enumerate() {
            if let Err(error) = engine.fork().dispatch_move(&moves, at) {
                mismatches.push(MoveMismatch::Refused {
                    seat: name.clone(),
                    action: action.clone(),
                    error: error.to_string(),
                });
            }
        }
        for action in candidates(engine, seat) {
            let json = text_of(state, action.as_ref());
            if !listed.contains(&json) && engine.fork().dispatch_any(action).is_ok() {
                mismatches.push(MoveMismatch::Unlisted {
                    seat: name.clone(),
                    action: json,
                });
            }
        }
    }
    mismatches
}

/// A position of a random game where the kit check found mismatches: how many moves led
/// to it, and what was found (its `Display` tells both, a mismatch a line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MismatchAlong {
    /// The moves made before the position.
    pub moves: usize,
    /// The position's mismatches.
    pub mismatches: Vec<MoveMismatch>,
}

impl std::fmt::Display for MismatchAlong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "after {} moves:", self.moves)?;
        for mismatch in &self.mismatches {
            write!(f, "\n{mismatch}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MismatchAlong {}

/// The kit check ([`check_moves`]) at every position of a random game: from `engine`'s
/// position, `steps` moves of a [`RandomBot`](crate::RandomBot) seeded `seed` (fewer if
/// the game ends, or the seat to move has no move), every position checked before its
/// move. Returns how many positions were checked, or the first position with a
/// mismatch.
///
/// ```
/// use decklet_bots::check_moves_along;
/// use high_card::Reveal;
/// let engine = high_card::new_game(5, 3)?;
/// let checked = check_moves_along(engine, 50, 1, |_, seat| {
///     vec![decklet_core::AnyAction::new(Reveal { player_id: seat })]
/// });
/// assert!(checked.is_ok_and(|n| n >= 1));
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn check_moves_along(
    mut engine: GameEngine,
    steps: usize,
    seed: u64,
    candidates: impl Fn(&GameEngine, PlayerId) -> Vec<AnyAction>,
) -> Result<usize, MismatchAlong> {
    use crate::Bot as _;
    let mut bot = crate::RandomBot::new(seed);
    let game = std::sync::Arc::clone(engine.game());
    let mut moves = Moves::new();
    let mut checked = 0;
    for made in 0..steps {
        let mismatches = check_moves(&engine, &candidates);
        if !mismatches.is_empty() {
            return Err(MismatchAlong {
                moves: made,
                mismatches,
            });
        }
        checked += 1;
        let state = engine.state();
        if state.status() != decklet_core::GameStatus::Playing {
            break;
        }
        let Some(seat) = state.current_player() else {
            break;
        };
        game.legal_moves(state, seat, &mut moves);
        let Some(pick) = bot.choose(&state.info_state(seat), &moves) else {
            break;
        };
        if engine.dispatch_move(&moves, pick).is_err() {
            break; // a refused listed move: the next position's check reports it
        }
    }
    Ok(checked)
}

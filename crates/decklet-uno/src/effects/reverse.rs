//! Reverse: the direction of play flips (with two players it acts as a skip).

use decklet_core::{EngineError, GameContext, PlayerId};
use decklet_plugins::{TURN_VARIABLE_DIRECTION, create_end_turn_action};

use super::{current_direction, next_player};
use crate::events::{UnoPlayerReversed, UnoPlayerSkipped};

/// `applyReverseEffect`: flips `TURN_VARIABLE_DIRECTION` (1 ↔ -1) and emits
/// `UNO_PLAYER_REVERSED { newDirection }`.
///
/// With `player_count == 2` the reverse acts as a skip: the other player, computed with
/// the *old* direction, is named in `UNO_PLAYER_SKIPPED`, and two `END_TURN`s (player,
/// then the other) bring the turn back to the player. With 3 or more players one
/// `END_TURN` passes the turn along the new direction.
pub fn apply_reverse_effect(
    ctx: &mut GameContext<'_>,
    player_id: PlayerId,
    player_count: usize,
) -> Result<(), EngineError> {
    let previous = current_direction(ctx);
    let new_direction = if previous == 1 { -1 } else { 1 };
    ctx.set_variable(&TURN_VARIABLE_DIRECTION, new_direction);
    ctx.emit(UnoPlayerReversed { new_direction });
    if player_count == 2 {
        let next = next_player(ctx, player_id, previous)?;
        ctx.emit(UnoPlayerSkipped {
            skipped_player_id: next,
        });
        ctx.dispatch(create_end_turn_action(player_id));
        ctx.dispatch(create_end_turn_action(next));
    } else {
        ctx.dispatch(create_end_turn_action(player_id));
    }
    Ok(())
}

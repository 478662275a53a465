//! Skip: the next player loses their turn.

use decklet_core::{EngineError, GameContext, PlayerId};
use decklet_plugins::create_end_turn_action;

use super::{current_direction, next_player};
use crate::events::UnoPlayerSkipped;

/// `applySkipEffect`: dispatches `END_TURN` for the player (the turn passes to the next
/// player) and `END_TURN` for the next player (whose turn ends at once), and emits
/// `UNO_PLAYER_SKIPPED { skippedPlayerId: next }`.
pub fn apply_skip_effect(
    ctx: &mut GameContext<'_>,
    player_id: PlayerId,
) -> Result<(), EngineError> {
    let next = next_player(ctx, player_id, current_direction(ctx))?;
    ctx.dispatch(create_end_turn_action(player_id));
    ctx.dispatch(create_end_turn_action(next));
    ctx.emit(UnoPlayerSkipped {
        skipped_player_id: next,
    });
    Ok(())
}

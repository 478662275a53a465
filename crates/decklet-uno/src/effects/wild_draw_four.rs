//! Wild Draw Four: choose the colour, then the next player draws four and is skipped.

use decklet_core::{EngineError, GameContext, PlayerId};

use super::draw_two::penalty;
use crate::events::UnoDrawFour;
use crate::state::UNO_VAR_PENDING_COLOR;

/// `applyWildDrawFourEffect` (first stage): like a wild, only sets
/// `UNO_VAR_PENDING_COLOR = true`; the penalty waits for the colour choice.
pub fn apply_wild_draw_four_effect(
    ctx: &mut GameContext<'_>,
    _player_id: PlayerId,
) -> Result<(), EngineError> {
    ctx.set_variable(&UNO_VAR_PENDING_COLOR, true);
    Ok(())
}

/// `applyWildDrawFourPostChoiceEffect` (second stage, after `UNO_COLOR_CHOSEN` with
/// `cardType == "wild_draw4"`): emits `UNO_DRAW_FOUR { targetPlayerId, count: 4 }`,
/// dispatches `DRAW_CARD(next, 4)` and `END_TURN` for the player and for the next player.
pub fn apply_wild_draw_four_post_choice_effect(
    ctx: &mut GameContext<'_>,
    player_id: PlayerId,
) -> Result<(), EngineError> {
    penalty(ctx, player_id, 4, |target, count| UnoDrawFour {
        target_player_id: target,
        count,
    })
}

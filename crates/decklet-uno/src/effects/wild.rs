//! Wild: the player names the colour before the turn moves on.

use decklet_core::{EngineError, GameContext, PlayerId};

use crate::state::UNO_VAR_PENDING_COLOR;

/// `applyWildEffect`: only sets `UNO_VAR_PENDING_COLOR = true`. The turn does not move:
/// the player's `CHOOSE_COLOR` leads to `UNO_COLOR_CHOSEN`, whose handler ends the turn.
pub fn apply_wild_effect(
    ctx: &mut GameContext<'_>,
    _player_id: PlayerId,
) -> Result<(), EngineError> {
    ctx.set_variable(&UNO_VAR_PENDING_COLOR, true);
    Ok(())
}

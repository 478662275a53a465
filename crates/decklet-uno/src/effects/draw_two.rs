//! Draw Two: the next player draws two cards and is skipped.

use decklet_core::{EngineError, GameContext, PlayerId};
use decklet_plugins::{create_draw_card_action, create_end_turn_action};

use super::{current_direction, next_player};
use crate::events::UnoDrawTwo;

/// `applyDrawTwoEffect`: finds the next player, emits
/// `UNO_DRAW_TWO { targetPlayerId, count: 2 }`, dispatches `DRAW_CARD(next, 2)` and
/// then `END_TURN` for the player and for the next player.
pub fn apply_draw_two_effect(
    ctx: &mut GameContext<'_>,
    player_id: PlayerId,
) -> Result<(), EngineError> {
    penalty(ctx, player_id, 2, |target, count| UnoDrawTwo {
        target_player_id: target,
        count,
    })
}

/// The shared shape of Draw Two and Wild Draw Four's second stage.
pub(crate) fn penalty<E: decklet_core::Event>(
    ctx: &mut GameContext<'_>,
    player_id: PlayerId,
    count: u32,
    event: impl FnOnce(PlayerId, u32) -> E,
) -> Result<(), EngineError> {
    let next = next_player(ctx, player_id, current_direction(ctx))?;
    ctx.emit(event(next, count));
    ctx.dispatch(create_draw_card_action(next, count));
    ctx.dispatch(create_end_turn_action(player_id));
    ctx.dispatch(create_end_turn_action(next));
    Ok(())
}

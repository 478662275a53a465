//! Card effects, one plain function per card type (the reference's `applyXxxEffect`), called
//! by the `CARD_PLAYED` and `UNO_COLOR_CHOSEN` handlers. They return nothing of their
//! own: they only dispatch actions, emit events and set variables through the context.
//! Turns move only through the `END_TURN` actions they dispatch.

mod draw_two;
mod reverse;
mod skip;
mod wild;
mod wild_draw_four;

pub use draw_two::apply_draw_two_effect;
pub use reverse::apply_reverse_effect;
pub use skip::apply_skip_effect;
pub use wild::apply_wild_effect;
pub use wild_draw_four::{apply_wild_draw_four_effect, apply_wild_draw_four_post_choice_effect};

use decklet_core::{EngineError, GameContext, PlayerId};
use decklet_plugins::{END_TURN_ACTION, direction, next_player_in};

/// The player after `player` in the current direction
/// (`nextPlayerId(playerId, playersInSeatOrder(state.players), direction)`).
pub(crate) fn next_player(
    ctx: &GameContext<'_>,
    player: PlayerId,
    dir: i64,
) -> Result<PlayerId, EngineError> {
    next_player_in(ctx.state(), player, dir).ok_or_else(|| {
        EngineError::action_failed(END_TURN_ACTION, "no active player can take the next turn")
    })
}

/// The direction in force (default 1).
pub(crate) fn current_direction(ctx: &GameContext<'_>) -> i64 {
    direction(ctx.state())
}

//! House rule *draw until playable* (our reading): a player who draws on their turn
//! keeps drawing, one card at a time, until they draw a card they can play or both
//! piles are empty. Then the turn goes on as usual: they may play that card or end the
//! turn. Only a player's own draw is extended: the deal and the cards a draw two or a
//! wild draw four gives are not, nor a draw that accepts a stacked penalty.

use decklet_core::{EngineError, EventHandler, GameContext, GameData, GamePlugin, Var};
use decklet_plugins::{CardDrawn, create_draw_card_action};

use super::RulesInPlay;
use crate::legal::playable_now;
use crate::plugin::UNO_PLUGIN_ID;
use crate::state::{is_own_draw, pending_draw};

/// The plugin's id.
pub const DRAW_UNTIL_PLAYABLE_PLUGIN_ID: &str = "uno-draw-until-playable";

/// `true` while a player's draw is being extended (inside a tick only: the chain ends
/// in the tick it starts).
pub const UNO_VAR_DRAWING_UNTIL_PLAYABLE: Var<bool> = Var::new("uno:drawingUntilPlayable");

/// The plugin of the *draw until playable* house rule.
///
/// ```
/// use decklet_core::{EngineConfig, Game, GameEngine, Player};
/// use decklet_plugins::{DrawPlugin, TurnPlugin};
/// use decklet_uno::{DrawUntilPlayablePlugin, UnoPlugin};
/// let game = Game::builder()
///     .plugin(TurnPlugin)
///     .plugin(DrawPlugin)
///     .plugin(UnoPlugin)
///     .plugin(DrawUntilPlayablePlugin)
///     .build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])?;
/// engine.start()?;
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawUntilPlayablePlugin;

/// After a player's own draw, and after each card the rule drew for them: another card
/// while the last one cannot be played and the piles are not empty.
fn keep_drawing(event: &CardDrawn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let chaining = ctx
        .state()
        .variable(&UNO_VAR_DRAWING_UNTIL_PLAYABLE)
        .unwrap_or(false);
    let own_draw = is_own_draw(event, ctx);
    if !own_draw && !chaining {
        return Ok(()); // the deal, a penalty
    }
    if own_draw && pending_draw(ctx.state()) > 0 {
        return Ok(()); // accepting a stacked penalty, not looking for a card
    }
    let state = ctx.state();
    let done = event.count == 0
        || event
            .card_ids
            .last()
            .is_none_or(|card| playable_now(state, event.player_id, *card));
    if done {
        if chaining {
            ctx.set_variable(&UNO_VAR_DRAWING_UNTIL_PLAYABLE, false);
        }
        return Ok(());
    }
    if !chaining {
        ctx.set_variable(&UNO_VAR_DRAWING_UNTIL_PLAYABLE, true);
    }
    ctx.dispatch(create_draw_card_action(event.player_id, 1));
    Ok(())
}

impl GamePlugin for DrawUntilPlayablePlugin {
    fn id(&self) -> &'static str {
        DRAW_UNTIL_PLAYABLE_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO house rule: draw until playable"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: its moves, if any, are listed by the plugin it changes.
    fn lists_moves(&self) -> bool {
        false
    }
    fn requires(&self) -> &'static [&'static str] {
        &[UNO_PLUGIN_ID]
    }
    fn declare(&self, data: &mut GameData) {
        RulesInPlay::mark(data, |rules| rules.draw_until_playable = true);
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new(keep_drawing)]
    }
}

//! Official rule *the first card's effect*: the card turned up to start the game acts
//! as if the first player's predecessor had played it (classic UNO instead flip until a
//! number card).
//!
//! One card is flipped onto the discard pile (`UNO_INITIAL_FLIPPED`, with its colour,
//! for a coloured card), then:
//! - a number: the first player plays, as in classic UNO;
//! - a skip: the first player is skipped (`UNO_PLAYER_SKIPPED`);
//! - a reverse: play goes the other way (`UNO_PLAYER_REVERSED`), starting with the
//!   player before the first (the dealer, in the official sheet's words);
//! - a draw two: the first player draws two (`UNO_DRAW_TWO`) and is skipped;
//! - a wild: the first player names the colour (`CHOOSE_COLOR`), then plays;
//! - a wild draw four: it goes back into the deck, the deck is shuffled, and another
//!   card is flipped.

use decklet_core::{
    CardIds, EngineError, GameContext, GameData, GamePlugin, PlayerId, Var, ZoneId,
};
use decklet_plugins::{TURN_VARIABLE_DIRECTION, create_draw_card_action, create_end_turn_action};

use super::RulesInPlay;
use crate::actions::{UNO_FLIP_INITIAL_ACTION, announce_initial_flip};
use crate::cards::UnoFace;
use crate::effects::UnoEffects;
use crate::events::{UnoDrawTwo, UnoPlayerReversed, UnoPlayerSkipped};
use crate::plugin::UNO_PLUGIN_ID;
use crate::state::{UNO_VAR_PENDING_COLOR, card_view, uno_table};

/// The plugin's id.
pub const FIRST_CARD_PLUGIN_ID: &str = "uno-first-card";

/// `true` while the first player names the colour of a wild turned up to start: the
/// choice does not end their turn.
pub const UNO_VAR_OPENING_WILD: Var<bool> = Var::new("uno:openingWild");

/// The plugin of the first card's effect.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstCardPlugin;

fn failed(message: &str) -> EngineError {
    EngineError::action_failed(UNO_FLIP_INITIAL_ACTION, message)
}

/// The first player, who is to move now.
fn first_player(ctx: &GameContext<'_>) -> Result<PlayerId, EngineError> {
    ctx.state()
        .current_player()
        .ok_or_else(|| failed("nobody is to play first"))
}

fn flip(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let (deck, discard): (ZoneId, ZoneId) = {
        let table = uno_table(ctx.state()).ok_or_else(|| failed("UNO's piles are missing"))?;
        (table.deck, table.discard)
    };
    let first = first_player(ctx)?;
    // a wild draw four goes back and the deck is shuffled: at most once per card of
    // the deck, so the loop ends
    for _ in 0..=ctx.state().zone_cards(deck).len() {
        let Some(card) = ctx.draw_top(deck, discard)? else {
            return Err(failed("the deck is empty"));
        };
        let Some(view) = card_view(ctx.state(), card) else {
            return Err(failed("the card turned up is not an UNO card"));
        };
        if view.face == UnoFace::WildDraw4 {
            ctx.move_card(card, discard, deck)?;
            ctx.shuffle_zone(deck)?;
            continue;
        }
        let flipped: CardIds = [card].into_iter().collect();
        let Some(color) = view.color else {
            // a wild: the first player names the colour, then plays
            ctx.set_variable(&UNO_VAR_PENDING_COLOR, true);
            ctx.set_variable(&UNO_VAR_OPENING_WILD, true);
            return Ok(());
        };
        announce_initial_flip(ctx, flipped, color);
        match view.face {
            UnoFace::Skip => {
                ctx.emit(UnoPlayerSkipped {
                    skipped_player_id: first,
                });
                ctx.dispatch(create_end_turn_action(first));
            }
            UnoFace::Reverse => {
                let direction = ctx.state().variable(&TURN_VARIABLE_DIRECTION).unwrap_or(1);
                ctx.set_variable(&TURN_VARIABLE_DIRECTION, -direction);
                ctx.emit(UnoPlayerReversed {
                    new_direction: -direction,
                });
                // the player before the first starts, going the other way
                ctx.dispatch(create_end_turn_action(first));
            }
            UnoFace::Draw2 => {
                ctx.emit(UnoDrawTwo {
                    target_player_id: first,
                    count: 2,
                });
                ctx.dispatch(create_draw_card_action(first, 2));
                ctx.dispatch(create_end_turn_action(first));
            }
            _ => {}
        }
        return Ok(());
    }
    Err(failed("only wild draw fours are left to turn up"))
}

/// After a wild's colour is chosen: the opening wild's chooser plays on; any other
/// wild ends the turn, as in classic UNO.
fn wild_after_choice(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    if ctx.state().variable(&UNO_VAR_OPENING_WILD).unwrap_or(false) {
        ctx.set_variable(&UNO_VAR_OPENING_WILD, false);
        return Ok(());
    }
    (UnoEffects::SEEDS.wild_after_choice)(ctx, player)
}

impl GamePlugin for FirstCardPlugin {
    fn id(&self) -> &'static str {
        FIRST_CARD_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO official rule: the first card's effect"
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
        UnoEffects::change(data, |effects| {
            effects.initial_flip = flip;
            effects.wild_after_choice = wild_after_choice;
        });
        RulesInPlay::mark(data, |rules| rules.first_card = true);
    }
}

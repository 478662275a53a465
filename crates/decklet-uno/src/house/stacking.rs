//! House rule *stacking* (our reading): a draw two may answer a draw two, and the
//! penalty grows until a player cannot or will not answer; that player draws it all
//! and loses the turn. Three modes, three plugin ids (so a log names the mode):
//!
//! | mode | id | may answer a pending penalty with |
//! |---|---|---|
//! | [`StackingMode::DrawTwos`] | `uno-stacking` | a draw two on a draw two |
//! | [`StackingMode::Same`] | `uno-stacking-same` | the same card: draw two on draw two, wild draw four on wild draw four |
//! | [`StackingMode::Any`] | `uno-stacking-any` | either on either |
//!
//! How: the plugin puts its own effects in UNO's effect table (a draw two, and in the
//! modes that stack them a wild draw four once its colour is chosen, add to the
//! pending penalty `uno:pendingDraw` and end the turn: the next player must answer),
//! wraps `canPlayCard` (while a penalty is pending only an answering card may be
//! played, whatever its colour) and `canPlayWildDrawFour` (answering with a wild draw
//! four is allowed whatever the hand holds), and handles `CARD_DRAWN`: the player's
//! own draw while a penalty is pending accepts it (they draw the rest, and their turn
//! ends).

use decklet_core::{
    EngineError, Event, EventHandler, GameContext, GameData, GamePlugin, GameState, PlayCard,
    PlayerId, Rule,
};
use decklet_plugins::{CardDrawn, create_draw_card_action, create_end_turn_action};
use serde::{Deserialize, Serialize};

use super::RulesInPlay;
use crate::cards::UnoFace;
use crate::effects::{UnoEffects, current_direction, next_player};
use crate::legal::{MoveList, UnoMoveHooks};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::rules::{UNO_RULE_CAN_PLAY_CARD, UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR};
use crate::state::{
    UNO_VAR_PENDING_DRAW, UnoTable, card_view, discard_top, drawn_this_turn, is_own_draw,
    pending_draw,
};

/// The id of [`StackingMode::DrawTwos`]' plugin.
pub const STACKING_PLUGIN_ID: &str = "uno-stacking";
/// The id of [`StackingMode::Same`]'s plugin.
pub const STACKING_SAME_PLUGIN_ID: &str = "uno-stacking-same";
/// The id of [`StackingMode::Any`]'s plugin.
pub const STACKING_ANY_PLUGIN_ID: &str = "uno-stacking-any";

/// `UNO_DRAW_STACKED`: a penalty card was played under stacking: `targetPlayerId` must
/// answer or draw `count` (the whole penalty so far).
pub const UNO_DRAW_STACKED: &str = "UNO_DRAW_STACKED";

/// `UNO_DRAW_STACKED { targetPlayerId, count }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoDrawStacked {
    /// Who must answer or draw.
    pub target_player_id: PlayerId,
    /// The whole penalty so far.
    pub count: u32,
}
impl Event for UnoDrawStacked {
    const KIND: &'static str = UNO_DRAW_STACKED;
}

/// Which cards answer a pending penalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StackingMode {
    /// A draw two on a draw two (a wild draw four keeps classic UNO's effect).
    DrawTwos,
    /// A draw two on a draw two, a wild draw four on a wild draw four.
    Same,
    /// Either on either.
    Any,
}

impl StackingMode {
    /// Whether a card of face `card` answers a penalty whose top card is `top`.
    pub fn answers(self, card: UnoFace, top: UnoFace) -> bool {
        let penalty = |face| matches!(face, UnoFace::Draw2 | UnoFace::WildDraw4);
        match self {
            StackingMode::DrawTwos => card == UnoFace::Draw2 && top == UnoFace::Draw2,
            StackingMode::Same => penalty(card) && card == top,
            StackingMode::Any => penalty(card) && penalty(top),
        }
    }

    /// The plugin id of this mode.
    pub fn plugin_id(self) -> &'static str {
        match self {
            StackingMode::DrawTwos => STACKING_PLUGIN_ID,
            StackingMode::Same => STACKING_SAME_PLUGIN_ID,
            StackingMode::Any => STACKING_ANY_PLUGIN_ID,
        }
    }
}

/// Whether `player` may answer the pending penalty with `card` (under the stacking in
/// play); `None` when no penalty is pending or stacking is not in play.
pub fn answers_penalty(state: &GameState, card: decklet_core::CardId) -> Option<bool> {
    let mode = RulesInPlay::of(state).stacking?;
    if pending_draw(state) == 0 {
        return None;
    }
    let top = discard_top(state)?.1.face;
    Some(card_view(state, card).is_some_and(|c| mode.answers(c.face, top)))
}

/// The answers of a pending penalty, before the turn's draw: the cards that answer it,
/// in hand order, and drawing it.
fn penalty_moves(
    state: &GameState,
    _: &UnoTable,
    player: PlayerId,
    out: &mut dyn MoveList,
) -> bool {
    if pending_draw(state) == 0 || drawn_this_turn(state, player).is_some() {
        return false;
    }
    let hand = state.hand(player);
    let answers = |card: &&decklet_core::CardId| answers_penalty(state, **card) == Some(true);
    out.extend(
        hand.iter()
            .filter(answers)
            .map(|card| LegalAction::Play(*card)),
    );
    out.push(LegalAction::Draw);
    true
}

/// The plugin of the *stacking* house rule, in one of its modes.
#[derive(Clone, Copy, Debug)]
pub struct StackingPlugin(pub StackingMode);

/// Adds `count` to the pending penalty, tells who must answer, ends the turn.
fn stack(ctx: &mut GameContext<'_>, player: PlayerId, count: u32) -> Result<(), EngineError> {
    let total = pending_draw(ctx.state()).saturating_add(count);
    ctx.set_variable(&UNO_VAR_PENDING_DRAW, i64::from(total));
    let next = next_player(ctx, player, current_direction(ctx))?;
    ctx.emit(UnoDrawStacked {
        target_player_id: next,
        count: total,
    });
    ctx.dispatch(create_end_turn_action(player));
    Ok(())
}

fn stack_draw_two(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    stack(ctx, player, 2)
}

fn stack_wild_draw_four(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    stack(ctx, player, 4)
}

/// The player's own draw while a penalty is pending accepts it: the rest of the
/// penalty is drawn and the turn ends.
fn accept_penalty(event: &CardDrawn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let pending = pending_draw(ctx.state());
    if pending == 0 || !is_own_draw(event, ctx) {
        return Ok(());
    }
    ctx.set_variable(&UNO_VAR_PENDING_DRAW, 0);
    if pending > 1 {
        ctx.dispatch(create_draw_card_action(event.player_id, pending - 1));
    }
    ctx.dispatch(create_end_turn_action(event.player_id));
    Ok(())
}

impl GamePlugin for StackingPlugin {
    fn id(&self) -> &'static str {
        self.0.plugin_id()
    }
    fn name(&self) -> &'static str {
        "UNO house rule: stacking"
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
            effects.draw_two = stack_draw_two;
            if self.0 != StackingMode::DrawTwos {
                effects.wild_draw_four_after_choice = stack_wild_draw_four;
            }
        });
        let mode = self.0;
        RulesInPlay::mark(data, |rules| rules.stacking = Some(mode));
        UnoMoveHooks::change(data, |hooks| hooks.answers.push(penalty_moves));
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        if ctx.state().variable(&UNO_VAR_PENDING_DRAW).is_none() {
            ctx.set_variable(&UNO_VAR_PENDING_DRAW, 0);
        }
        Ok(())
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::wrapping::<PlayCard>(UNO_RULE_CAN_PLAY_CARD, |play, origin, state, original| {
                let Some(card) = play.card_ids.first() else {
                    return original(play, origin, state);
                };
                match answers_penalty(state, *card) {
                    None => original(play, origin, state),
                    Some(true) => Ok(()),
                    Some(false) => Err(format!(
                        "a penalty of {} cards is pending: answer it or draw",
                        pending_draw(state)
                    )
                    .into()),
                }
            }),
            Rule::wrapping::<PlayCard>(
                UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR,
                |play, origin, state, original| match play
                    .card_ids
                    .first()
                    .and_then(|c| answers_penalty(state, *c))
                {
                    Some(true) => Ok(()),
                    _ => original(play, origin, state),
                },
            ),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new(accept_penalty)]
    }
}

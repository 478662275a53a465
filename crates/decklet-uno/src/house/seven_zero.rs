//! House rule *seven-zero* (our reading): playing a 7 swaps hands with a player of
//! your choice; playing a 0 passes every hand on to the next player in the direction
//! of play.
//!
//! - After a 7 (that is not the player's last card), the player must choose whose hand
//!   to take: `UNO_SWAP_HANDS { playerId, targetPlayerId }` with any other active
//!   player; nothing else is accepted until then (rule `swapPending`). The two hands
//!   are exchanged whole, `UNO_HANDS_SWAPPED { playerId, targetPlayerId }` is emitted,
//!   and the turn ends.
//! - After a 0 (not the last card), every player's hand goes to the next player in
//!   seat order in the direction of play (down the seats when reversed), each hand
//!   keeping its order; `UNO_HANDS_ROTATED { direction }` is emitted and the turn ends.
//! - The events name players only: which cards moved, each player sees in its own
//!   hand.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, EngineError, Event, EventHandler, GameContext, GameData,
    GamePlugin, MoveCode, PlayerId, PlayerStatus, Rule, Var, ZoneId,
};
use decklet_plugins::create_end_turn_action;
use serde::{Deserialize, Serialize};

use super::RulesInPlay;
use crate::cards::UnoFace;
use crate::effects::{UnoEffects, current_direction};
use crate::legal::{MoveList, UnoMoveHooks, is_side_action};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::state::{UnoTable, discard_top};

/// The plugin's id.
pub const SEVEN_ZERO_PLUGIN_ID: &str = "uno-seven-zero";
/// The swap action's kind.
pub const UNO_SWAP_HANDS_ACTION: &str = "UNO_SWAP_HANDS";
/// `UNO_HANDS_SWAPPED { playerId, targetPlayerId }`.
pub const UNO_HANDS_SWAPPED: &str = "UNO_HANDS_SWAPPED";
/// `UNO_HANDS_ROTATED { direction }`.
pub const UNO_HANDS_ROTATED: &str = "UNO_HANDS_ROTATED";
/// `true` while the player of a 7 must choose whose hand to take.
pub const UNO_VAR_PENDING_SWAP: Var<bool> = Var::new("uno:pendingSwap");

/// `UNO_SWAP_HANDS { playerId, targetPlayerId }`: after a 7, take `targetPlayerId`'s
/// hand and give yours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SwapHands {
    /// Who played the 7.
    pub player_id: PlayerId,
    /// Whose hand they take.
    pub target_player_id: PlayerId,
}

impl Action for SwapHands {
    const KIND: &'static str = UNO_SWAP_HANDS_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        let code = MoveCode::new().player(self.player_id)?;
        Some(code.player(self.target_player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        Some(SwapHands {
            player_id: fields.player(),
            target_player_id: fields.player(),
        })
    }
}

/// `UNO_HANDS_SWAPPED { playerId, targetPlayerId }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoHandsSwapped {
    /// Who played the 7.
    pub player_id: PlayerId,
    /// Whose hand they took.
    pub target_player_id: PlayerId,
}
impl Event for UnoHandsSwapped {
    const KIND: &'static str = UNO_HANDS_SWAPPED;
}

/// `UNO_HANDS_ROTATED { direction }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoHandsRotated {
    /// The direction of play the hands moved in (1: up the seats, -1: down).
    pub direction: i64,
}
impl Event for UnoHandsRotated {
    const KIND: &'static str = UNO_HANDS_ROTATED;
}

/// The plugin of the *seven-zero* house rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenZeroPlugin;

/// Whether a swap target is being waited for.
pub fn is_swap_pending(state: &decklet_core::GameState) -> bool {
    state.variable(&UNO_VAR_PENDING_SWAP).unwrap_or(false)
}

/// The answer of a pending swap: the hands `player` may take.
fn swap_moves(
    state: &decklet_core::GameState,
    _: &UnoTable,
    player: PlayerId,
    out: &mut dyn MoveList,
) -> bool {
    if !is_swap_pending(state) {
        return false;
    }
    out.extend(
        swap_targets(state, player)
            .into_iter()
            .map(LegalAction::SwapHands),
    );
    true
}

/// The other players whose hand `player` may take: active, in seat order.
pub fn swap_targets(state: &decklet_core::GameState, player: PlayerId) -> Vec<PlayerId> {
    state
        .seat_order()
        .iter()
        .copied()
        .filter(|p| {
            *p != player
                && state.player_status(*p) == Some(PlayerStatus::Active)
                && state.hand_zone(*p).is_some()
        })
        .collect()
}

/// A number card's effect under the rule: a 7 waits for a target, a 0 rotates the
/// hands, any other number ends the turn.
fn number_effect(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    match discard_top(ctx.state()).map(|(_, card)| card.face) {
        Some(UnoFace::Number(7)) => {
            ctx.set_variable(&UNO_VAR_PENDING_SWAP, true);
            Ok(())
        }
        Some(UnoFace::Number(0)) => {
            rotate_hands(ctx)?;
            ctx.dispatch(create_end_turn_action(player));
            Ok(())
        }
        _ => (UnoEffects::SEEDS.number)(ctx, player),
    }
}

/// Every hand to the next player in the direction of play.
fn rotate_hands(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let direction = current_direction(ctx);
    let state = ctx.state();
    let mut hands: Vec<ZoneId> = state
        .seat_order()
        .iter()
        .filter_map(|p| state.hand_zone(*p))
        .collect();
    if direction < 0 {
        hands.reverse();
    }
    let n = hands.len();
    if n >= 2 {
        // hand k's cards are put on hand k+1's, then hand k+1's own cards (still at
        // the bottom) go on to hand k+2, …; the last hand's go to the first, now empty
        let lengths: Vec<usize> = hands
            .iter()
            .map(|h| ctx.state().zone_cards(*h).len())
            .collect();
        for k in 0..n {
            let (from, to) = (hands[k], hands[(k + 1) % n]);
            ctx.move_cards(from, 0..lengths[k], to)?;
        }
    }
    ctx.emit(UnoHandsRotated { direction });
    Ok(())
}

/// `UNO_SWAP_HANDS`: the two hands change places; the turn ends.
fn swap_hands(action: &SwapHands, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let (Some(mine), Some(theirs)) = (
        state.hand_zone(action.player_id),
        state.hand_zone(action.target_player_id),
    ) else {
        return Err(EngineError::action_failed(
            UNO_SWAP_HANDS_ACTION,
            "both players need a hand",
        ));
    };
    let (my_count, their_count) = (state.zone_cards(mine).len(), state.zone_cards(theirs).len());
    ctx.move_cards(mine, 0..my_count, theirs)?;
    ctx.move_cards(theirs, 0..their_count, mine)?;
    ctx.set_variable(&UNO_VAR_PENDING_SWAP, false);
    ctx.emit(UnoHandsSwapped {
        player_id: action.player_id,
        target_player_id: action.target_player_id,
    });
    ctx.dispatch(create_end_turn_action(action.player_id));
    Ok(())
}

impl GamePlugin for SevenZeroPlugin {
    fn id(&self) -> &'static str {
        SEVEN_ZERO_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO house rule: seven-zero"
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
        UnoEffects::change(data, |effects| effects.number = number_effect);
        RulesInPlay::mark(data, |rules| rules.seven_zero = true);
        UnoMoveHooks::change(data, |hooks| hooks.answers.push(swap_moves));
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        if ctx.state().variable(&UNO_VAR_PENDING_SWAP).is_none() {
            ctx.set_variable(&UNO_VAR_PENDING_SWAP, false);
        }
        Ok(())
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::new("swapPending", |action, origin, state| {
                if origin == ActionOrigin::External
                    && is_swap_pending(state)
                    && action.kind() != UNO_SWAP_HANDS_ACTION
                    && !is_side_action(state, action.kind())
                {
                    return Err("choose whose hand to take first".into());
                }
                Ok(())
            }),
            Rule::for_action::<SwapHands>("swapTarget", |swap, _, state| {
                if !is_swap_pending(state) {
                    return Err("no swap is waiting: play a 7 first".into());
                }
                if state.current_player() != Some(swap.player_id) {
                    return Err("only the player of the 7 swaps".into());
                }
                if !swap_targets(state, swap.player_id).contains(&swap.target_player_id) {
                    return Err(format!(
                        "{} is not another player in the game",
                        state.id_text(swap.target_player_id)
                    )
                    .into());
                }
                Ok(())
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new(swap_hands)]
    }
    fn events(&self) -> Vec<EventHandler> {
        Vec::new()
    }
}

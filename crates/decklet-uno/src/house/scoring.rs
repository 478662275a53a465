//! Official rule *scoring* (with *going out on an action card*): when a player goes
//! out, they score the cards left in the other hands: a number card its face value, a
//! skip, a reverse or a draw two 20, a wild or a wild draw four 50.
//!
//! If the last card played is a draw two or a wild draw four, the next player still
//! draws its two or four cards (with a stacked penalty it answered, under stacking) in
//! one `CARD_DRAWN`, and they count. Then
//! `UNO_ROUND_SCORED { winnerId, points }` is emitted and `uno:roundPoints` holds the
//! points. The game ends as in classic UNO; a match plays such games in turn.

use decklet_core::{
    EngineError, Event, GameContext, GameData, GamePlugin, GameState, PlayerId, Var,
};
use decklet_plugins::draw_cards;
use serde::{Deserialize, Serialize};

use super::RulesInPlay;
use crate::cards::{UnoCard, UnoFace};
use crate::effects::{UnoEffects, current_direction, next_player};
use crate::plugin::UNO_PLUGIN_ID;
use crate::state::{UNO_VAR_PENDING_DRAW, card_view, discard_top, pending_draw};

/// The plugin's id.
pub const SCORING_PLUGIN_ID: &str = "uno-scoring";
/// `UNO_ROUND_SCORED { winnerId, points }`.
pub const UNO_ROUND_SCORED: &str = "UNO_ROUND_SCORED";
/// The points the winner scored.
pub const UNO_VAR_ROUND_POINTS: Var<i64> = Var::new("uno:roundPoints");

/// `UNO_ROUND_SCORED { winnerId, points }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoRoundScored {
    /// Who went out.
    pub winner_id: PlayerId,
    /// What the cards left in the other hands are worth.
    pub points: u32,
}
impl Event for UnoRoundScored {
    const KIND: &'static str = UNO_ROUND_SCORED;
}

/// What a card is worth at the end of a round.
pub fn card_points(card: UnoCard) -> u32 {
    match card.face {
        UnoFace::Number(n) => u32::from(n),
        UnoFace::Skip | UnoFace::Reverse | UnoFace::Draw2 => 20,
        UnoFace::Wild | UnoFace::WildDraw4 => 50,
    }
}

/// What the cards in the hands of everyone but `winner` are worth.
pub fn points_left(state: &GameState, winner: PlayerId) -> u32 {
    state
        .players()
        .filter(|p| *p != winner)
        .flat_map(|p| state.hand(p).iter().copied())
        .filter_map(|card| card_view(state, card))
        .map(card_points)
        .sum()
}

/// The plugin of scoring.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoringPlugin;

/// Going out: the last card's draw still applies, then the round is scored.
fn going_out(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    // the last card's draw, on top of a stacked penalty it would have answered
    let penalty = pending_draw(ctx.state())
        + match discard_top(ctx.state()).map(|(_, card)| card.face) {
            Some(UnoFace::Draw2) => 2,
            Some(UnoFace::WildDraw4) => 4,
            _ => 0,
        };
    if penalty > 0 {
        if pending_draw(ctx.state()) > 0 {
            ctx.set_variable(&UNO_VAR_PENDING_DRAW, 0);
        }
        let next = next_player(ctx, player, current_direction(ctx))?;
        draw_cards(ctx, next, penalty)?;
    }
    let points = points_left(ctx.state(), player);
    ctx.set_variable(&UNO_VAR_ROUND_POINTS, i64::from(points));
    ctx.emit(UnoRoundScored {
        winner_id: player,
        points,
    });
    Ok(())
}

impl GamePlugin for ScoringPlugin {
    fn id(&self) -> &'static str {
        SCORING_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO official rule: scoring"
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
    /// The round's points, if counted, are what the cards can give (50 a card at most).
    fn validate(&self, state: &decklet_core::GameState) -> Result<(), EngineError> {
        let most = 50 * state.cards().len() as i64;
        state.check_variable(&UNO_VAR_ROUND_POINTS, |p| (0..=most).contains(p))
    }
    fn declare(&self, data: &mut GameData) {
        UnoEffects::change(data, |effects| effects.going_out = going_out);
        RulesInPlay::mark(data, |rules| rules.scoring = true);
    }
}

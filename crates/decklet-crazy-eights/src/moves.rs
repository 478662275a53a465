//! The moves a seat may make now, listed exactly as OpenSpiel's `crazy_eights` lists
//! its legal actions: the suits after an eight; else a pass when allowed; then, with
//! twos pending, a draw and every two in hand; else every card that matches (and every
//! eight) and a draw when one is left this turn.

use decklet_core::{AnyAction, GameState, GameStatus, PlayCard, PlayerId};

use crate::actions::{Draw, Nominate, Pass};
use crate::cards::{C8Table, SUITS, TWO};
use crate::plugin::{C8_VAR_NOMINATING, C8_VAR_PENDING_TWOS, may_draw, may_pass, playable};

/// Adds the moves `seat` may make in `state` to `moves` (none unless it is their turn
/// in a game being played). Two copies of a card (above five players) are two moves.
pub fn crazy_eights_moves(state: &GameState, seat: PlayerId, moves: &mut Vec<AnyAction>) {
    if state.status() != GameStatus::Playing || state.current_player() != Some(seat) {
        return;
    }
    let Some(table) = state.attachment::<C8Table>() else {
        return;
    };
    if state.variable(&C8_VAR_NOMINATING).unwrap_or(false) {
        moves.extend(SUITS.iter().map(|suit| {
            AnyAction::new(Nominate {
                player_id: seat,
                suit: (*suit).to_string(),
            })
        }));
        return;
    }
    if may_pass(state, table) {
        moves.push(AnyAction::new(Pass { player_id: seat }));
    }
    let twos = state.variable(&C8_VAR_PENDING_TWOS).unwrap_or(0) > 0;
    if twos {
        moves.push(AnyAction::new(Draw { player_id: seat }));
    }
    for &card in state.hand(seat) {
        let Some(c8) = table.card(card) else {
            continue;
        };
        if (twos && c8.rank == TWO) || (!twos && playable(state, table, c8)) {
            moves.push(AnyAction::new(PlayCard::new(seat, [card])));
        }
    }
    if !twos && may_draw(state, table) {
        moves.push(AnyAction::new(Draw { player_id: seat }));
    }
}

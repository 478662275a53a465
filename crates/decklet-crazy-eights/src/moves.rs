//! The moves a seat may make now, listed exactly as OpenSpiel's `crazy_eights` lists
//! its legal actions: the suits after an eight; else a pass when allowed; then, with
//! twos pending, a draw and every two in hand; else every card that matches (and every
//! eight) and a draw when one is left this turn.

use decklet_core::{GameState, GameStatus, Moves, PlayCard, PlayerId};

use crate::actions::{Draw, Nominate, Pass};
use crate::cards::{C8Table, SUITS};
use crate::plugin::Turn;

/// Adds the moves `seat` may make in `state` to `moves` (none unless it is their turn
/// in a game being played). Two copies of a card (above five players) are two moves.
pub fn crazy_eights_moves(state: &GameState, seat: PlayerId, moves: &mut Moves) {
    if state.status() != GameStatus::Playing || state.current_player() != Some(seat) {
        return;
    }
    let Some(table) = state.attachment::<C8Table>() else {
        return;
    };
    let turn = Turn::of(state, table);
    if turn.nominating() {
        moves.extend(SUITS.iter().map(|suit| Nominate {
            player_id: seat,
            suit: (*suit).to_string(),
        }));
        return;
    }
    if turn.may_pass() {
        moves.push(Pass { player_id: seat });
    }
    if turn.pending_twos() {
        moves.push(Draw { player_id: seat });
    }
    let pile = turn.pile();
    for &card in state.hand(seat) {
        if table.card(card).is_some_and(|c| pile.playable(c)) {
            moves.push(PlayCard::new(seat, [card]));
        }
    }
    if !turn.pending_twos() && turn.may_draw() {
        moves.push(Draw { player_id: seat });
    }
}

//! A simple strategist for Crazy Eights: keep the eights for when nothing else plays,
//! play the card of the suit held most (the highest penalty first), name the suit held
//! most after an eight, draw only when nothing plays, pass only when nothing else is
//! left.

use decklet_core::{CardId, GameRng, GameState, InfoState, Moves, PlayCard, PlayerId};

use crate::actions::{Draw, Nominate, Pass};
use crate::cards::{C8Card, C8Table, EIGHT, SUITS};

/// The strategist's choice among `moves` for the seat that knows `info` (an index into
/// `moves`; `None` when there is none).
pub fn strategist_choice(info: &InfoState, moves: &Moves) -> Option<usize> {
    let table = C8Table::seen(info)?;
    choose(&table, info.hand(), moves)
}

/// The same choice in a whole game, for `seat`: what a search bot's playouts use
/// (`decklet_bots::IsmctsBot::with_playout`).
pub fn strategist_playout(
    state: &GameState,
    seat: PlayerId,
    moves: &Moves,
    _rng: &mut GameRng,
) -> Option<usize> {
    let table = state.attachment::<C8Table>()?;
    choose(table, state.hand(seat), moves)
}

fn choose(table: &C8Table, hand: &[CardId], moves: &Moves) -> Option<usize> {
    let hand: Vec<C8Card> = hand.iter().filter_map(|c| table.card(*c)).collect();
    let held = |suit: u8| {
        hand.iter()
            .filter(|c| c.suit == suit && c.rank != EIGHT)
            .count()
    };
    let mut best: Option<(i64, usize)> = None;
    for i in 0..moves.len() {
        let score = if let Some(play) = moves.get_as::<PlayCard>(i) {
            match play.card_ids.first().and_then(|c| table.card(*c)) {
                Some(c) if c.rank == EIGHT => 100,
                Some(c) => 1_000 + 10 * held(c.suit) as i64 + c.penalty(),
                None => 0,
            }
        } else if let Some(nominate) = moves.get_as::<Nominate>(i) {
            let suit = SUITS.iter().position(|s| *s == nominate.suit).unwrap_or(0) as u8;
            1_000 + held(suit) as i64
        } else if moves.is::<Draw>(i) {
            50
        } else if moves.is::<Pass>(i) {
            10
        } else {
            0
        };
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

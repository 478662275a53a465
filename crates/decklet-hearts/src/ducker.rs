//! The ducker, a simple Hearts player: it passes its most dangerous cards (the queen,
//! king and ace of spades, then its highest hearts, then its highest cards), follows
//! suit with the highest card that does not take the trick, sheds the queen of spades
//! and its highest hearts when it cannot follow, and leads its lowest card.

use decklet_core::{CardId, GameRng, GameState, InfoState, Moves, PlayCard, PlayerId};

use crate::actions::PassCard;
use crate::cards::{HEARTS, HeartsCard, HeartsTable, QUEEN, QUEEN_OF_SPADES, SPADES};

/// The ducker's choice among `moves` for the seat that knows `info` (an index into
/// `moves`; `None` when there is none).
pub fn ducker_choice(info: &InfoState, moves: &Moves) -> Option<usize> {
    let table = HeartsTable::seen(info)?;
    choose(&table, info.zone_cards(table.trick).unwrap_or(&[]), moves)
}

/// The same choice in a whole game: what a search bot's playouts use
/// (`decklet_bots::IsmctsBot::with_playout`).
pub fn ducker_playout(
    state: &GameState,
    _seat: PlayerId,
    moves: &Moves,
    _rng: &mut GameRng,
) -> Option<usize> {
    let table = state.attachment::<HeartsTable>()?;
    choose(table, state.zone_cards(table.trick), moves)
}

/// How much a card hurts to keep: the higher, the sooner it goes.
fn danger(card: HeartsCard) -> i32 {
    let rank = i32::from(card.rank);
    match card {
        QUEEN_OF_SPADES => 100,
        HeartsCard { suit: SPADES, rank } if rank > QUEEN => 90 + i32::from(rank),
        HeartsCard { suit: HEARTS, .. } => 40 + rank,
        _ => rank,
    }
}

fn choose(table: &HeartsTable, trick: &[CardId], moves: &Moves) -> Option<usize> {
    let face = |c: &CardId| table.card(*c);
    let led = trick.first().and_then(face);
    let winning = led.map(|led| {
        trick
            .iter()
            .filter_map(face)
            .filter(|c| c.suit == led.suit)
            .map(|c| c.rank)
            .max()
            .unwrap_or(led.rank)
    });
    let mut best: Option<(i32, usize)> = None;
    for i in 0..moves.len() {
        let score = moves
            .with(i, |action| {
                if let Some(pass) = action.downcast_ref::<PassCard>() {
                    table.card(pass.card_id).map_or(0, danger)
                } else if let Some(card) = action
                    .downcast_ref::<PlayCard>()
                    .and_then(|p| p.card_ids.first())
                    .and_then(face)
                {
                    match (led, winning) {
                        // following: the highest card under the winning one; else the lowest
                        (Some(led), Some(top)) if card.suit == led.suit => match card.rank < top {
                            true => 200 + i32::from(card.rank),
                            false => 100 - i32::from(card.rank),
                        },
                        // not following: shed the most dangerous card
                        (Some(_), _) => 200 + danger(card),
                        // leading: the lowest card, the dangerous ones last
                        _ => 100 - danger(card),
                    }
                } else {
                    0
                }
            })
            .unwrap_or(0);
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

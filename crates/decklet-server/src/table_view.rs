//! What the browser table shows besides the engine's view, in words: the pile's top
//! card, the colour or suit in force, a pending penalty, a seat's own hand. Each is
//! read from what the viewer may see (the pile and the game's public variables; a hand
//! only for its owner).

use decklet_core::{GameState, PlayerId};
use decklet_crazy_eights::{C8_VAR_PENDING_TWOS, C8_VAR_SUIT, C8Card, C8Table, SUITS, suit_name};
use serde::Serialize;

use crate::spec::GameKind;

/// The pile, in words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PileView {
    /// The top card (`red 7`, `8♠`), if any.
    pub top: Option<String>,
    /// The colour (UNO) or suit (Crazy Eights) to match.
    pub in_force: Option<String>,
    /// Cards the player to move must draw unless they answer (stacked draws, twos).
    pub pending_draw: u32,
    /// Cards left to draw.
    pub deck: usize,
}

/// A card of the viewer's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    /// Its id.
    pub id: String,
    /// In words: `red 7`, `wild`, `Q♥`.
    pub label: String,
}

/// The pile of `state`, as anyone at the table sees it.
pub fn pile(kind: &GameKind, state: &GameState) -> PileView {
    match kind {
        GameKind::Uno { .. } => {
            let deck = decklet_uno::uno_table(state).map_or(0, |t| state.zone_cards(t.deck).len());
            PileView {
                top: decklet_uno::discard_top(state).map(|(_, card)| card.to_string()),
                in_force: decklet_uno::current_color(state).map(|c| c.to_string()),
                pending_draw: decklet_uno::pending_draw(state),
                deck,
            }
        }
        GameKind::CrazyEights { .. } => {
            let Some(table) = C8Table::of(state) else {
                return PileView::default();
            };
            let suit = state
                .variable(&C8_VAR_SUIT)
                .and_then(|s| usize::try_from(s).ok())
                .and_then(|s| SUITS.get(s))
                .and_then(|s| suit_name(s));
            let twos = state.variable(&C8_VAR_PENDING_TWOS).unwrap_or(0);
            PileView {
                top: state
                    .top(table.discard)
                    .and_then(|c| table.card(c))
                    .map(|c| c.to_string()),
                in_force: suit.map(str::to_string),
                pending_draw: u32::try_from(twos.saturating_mul(2)).unwrap_or(0),
                deck: state.zone_cards(table.deck).len(),
            }
        }
    }
}

/// `seat`'s own hand, in words (its owner's eyes only).
pub fn hand(kind: &GameKind, state: &GameState, seat: PlayerId) -> Vec<HandCard> {
    let label = |card| match kind {
        GameKind::Uno { .. } => decklet_uno::card_view(state, card).map(|c| c.to_string()),
        GameKind::CrazyEights { .. } => {
            state.card(card).and_then(C8Card::of).map(|c| c.to_string())
        }
    };
    state
        .hand(seat)
        .iter()
        .map(|card| HandCard {
            id: state.id_text(*card).into_owned(),
            label: label(*card).unwrap_or_else(|| state.id_text(*card).into_owned()),
        })
        .collect()
}

//! What each card is to Crazy Eights: a suit and a rank in OpenSpiel's order (suits
//! clubs, diamonds, hearts, spades; ranks 2 to ace), and what it costs in a hand at
//! the end.

use decklet_core::{Card, CardId, CardTable, GameState, InfoState, ZoneId};
use decklet_plugins::{Rank, StandardCard, Suit};
use std::sync::Arc;

use crate::{C8_DECK_ZONE_ID, C8_DISCARD_ZONE_ID};

/// The suits, in OpenSpiel's order, as the standard deck names them.
pub const SUITS: [&str; 4] = ["club", "diamond", "heart", "spade"];
/// The ranks, in OpenSpiel's order (2 lowest, ace highest), as the standard deck names
/// them.
pub const RANKS: [&str; 13] = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
];
/// The rank of the eight (wild).
pub const EIGHT: u8 = 6;
/// The rank of the queen (skip, with special cards).
pub const QUEEN: u8 = 10;
/// The rank of the ace (reverse, with special cards).
pub const ACE: u8 = 12;
/// The rank of the two (draw two, with special cards).
pub const TWO: u8 = 0;

/// A card as Crazy Eights reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct C8Card {
    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    pub suit: u8,
    /// 0 for a two … 12 for an ace.
    pub rank: u8,
}

impl C8Card {
    /// Reads a standard card (`None` for a card with another suit or rank).
    pub fn of(card: &Card) -> Option<C8Card> {
        let card = StandardCard::of(card)?;
        // OpenSpiel's order: clubs, diamonds, hearts, spades; two lowest, ace highest
        let suit = match card.suit {
            Suit::Club => 0,
            Suit::Diamond => 1,
            Suit::Heart => 2,
            Suit::Spade => 3,
        };
        let rank = match card.rank {
            Rank::Ace => ACE,
            other => other.value() - 2,
        };
        Some(C8Card { suit, rank })
    }

    /// Its index in OpenSpiel's card order: `4 × rank + suit`.
    pub fn index(self) -> u8 {
        4 * self.rank + self.suit
    }

    /// What it costs in a hand when the game ends, as OpenSpiel counts it: 50 for an
    /// eight, 10 for a jack, queen, king or ace, and its index plus two for the others
    /// (OpenSpiel adds the card's index, not its face value: the default preset
    /// counts as it does).
    pub fn penalty(self) -> i64 {
        match self.rank {
            EIGHT => 50,
            r if r >= 9 => 10,
            _ => i64::from(self.index()) + 2,
        }
    }
}

/// What Crazy Eights knows of a game once it is set up: its two piles and what each
/// card is. Crazy Eights' setup attaches it; [`C8Table::of`] reads it from any state.
#[derive(Clone, Debug, PartialEq)]
pub struct C8Table {
    /// The draw pile.
    pub deck: ZoneId,
    /// The discard pile (its top is the card to match).
    pub discard: ZoneId,
    cards: Arc<[Option<C8Card>]>,
}

impl C8Table {
    /// The table of `state`: the one setup attached, or one read now.
    pub fn of(state: &GameState) -> Option<C8Table> {
        if let Some(table) = state.attachment::<C8Table>() {
            return Some(table.clone());
        }
        C8Table::read(
            state.zone_id(C8_DECK_ZONE_ID)?,
            state.zone_id(C8_DISCARD_ZONE_ID)?,
            state.cards(),
        )
    }

    /// The table of the game a seat knows (zones and card definitions are public).
    pub fn seen(info: &InfoState) -> Option<C8Table> {
        if let Some(table) = info.attachment::<C8Table>() {
            return Some(table.clone());
        }
        C8Table::read(
            info.zone_id(C8_DECK_ZONE_ID)?,
            info.zone_id(C8_DISCARD_ZONE_ID)?,
            info.cards(),
        )
    }

    pub(crate) fn read(deck: ZoneId, discard: ZoneId, cards: &CardTable) -> Option<C8Table> {
        Some(C8Table {
            deck,
            discard,
            cards: cards.iter().map(C8Card::of).collect(),
        })
    }

    /// What a card is.
    #[inline]
    pub fn card(&self, card: CardId) -> Option<C8Card> {
        self.cards.get(card.index()).copied().flatten()
    }
}

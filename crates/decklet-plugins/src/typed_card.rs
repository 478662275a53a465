//! A standard card read as typed values: [`StandardCard`], a [`Suit`] and a [`Rank`],
//! so that a game compares enums (`card.rank == Rank::Eight`), never the card's text
//! fields.

use std::fmt;
use std::str::FromStr;

use decklet_core::{Card, CardId, GameState};
use serde::{Deserialize, Serialize};

use crate::standard_deck::{standard_card, standard_card_id};

/// A suit of the standard deck, in the deck's creation order; in JSON its name
/// (`"spade"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// ♠ (`spade`)
    Spade,
    /// ♥ (`heart`)
    Heart,
    /// ♦ (`diamond`)
    Diamond,
    /// ♣ (`club`)
    Club,
}

impl Suit {
    /// The four, in the deck's creation order.
    pub const ALL: [Suit; 4] = [Suit::Spade, Suit::Heart, Suit::Diamond, Suit::Club];

    /// The name a card's `suit` field holds: `spade`, `heart`, `diamond`, `club`.
    pub fn as_str(self) -> &'static str {
        match self {
            Suit::Spade => "spade",
            Suit::Heart => "heart",
            Suit::Diamond => "diamond",
            Suit::Club => "club",
        }
    }

    /// Its sign: `♠`, `♥`, `♦`, `♣`.
    pub fn sign(self) -> char {
        match self {
            Suit::Spade => '♠',
            Suit::Heart => '♥',
            Suit::Diamond => '♦',
            Suit::Club => '♣',
        }
    }

    /// Hearts and diamonds are red, spades and clubs black.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Heart | Suit::Diamond)
    }
}

impl fmt::Display for Suit {
    /// The name: `spade`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Suit {
    type Err = String;

    /// `spade`, `heart`, `diamond` or `club`.
    fn from_str(text: &str) -> Result<Suit, String> {
        Suit::ALL
            .into_iter()
            .find(|suit| suit.as_str() == text)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a suit (spade, heart, diamond, club)",
                    decklet_core::echo(text)
                )
            })
    }
}

/// A rank of the standard deck, in the deck's creation order (ace first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // the variants are their names
pub enum Rank {
    Ace,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// The thirteen, in the deck's creation order: ace, two, …, king.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// What a card's `rank` field holds: `A`, `2`, …, `10`, `J`, `Q`, `K`.
    pub fn as_str(self) -> &'static str {
        crate::standard_deck::RANKS
            .get(self as usize)
            .copied()
            .unwrap_or("?")
    }

    /// Its value as the deck gives it: ace 1, two to ten as printed, jack 11, queen 12,
    /// king 13.
    pub fn value(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Rank {
    /// `A`, `2`, …, `K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Rank {
    type Err = String;

    /// `A`, `2`, …, `10`, `J`, `Q` or `K`.
    fn from_str(text: &str) -> Result<Rank, String> {
        Rank::ALL
            .into_iter()
            .find(|rank| rank.as_str() == text)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a rank (A, 2, …, 10, J, Q, K)",
                    decklet_core::echo(text)
                )
            })
    }
}

/// A standard card as a suit and a rank.
///
/// ```
/// use decklet_plugins::{Rank, StandardCard, Suit, standard_card};
/// let card = StandardCard::of(&standard_card("heart", "Q")).ok_or("not standard")?;
/// assert_eq!(card, StandardCard { suit: Suit::Heart, rank: Rank::Queen });
/// assert_eq!(card.to_string(), "Q♥");
/// assert_eq!(card.id(), "std-heart-Q");
/// assert!(card.suit.is_red() && card.rank.value() == 12);
/// assert_eq!(StandardCard::of(&decklet_core::Card::new("joker", "joker")), None);
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StandardCard {
    /// Its suit.
    pub suit: Suit,
    /// Its rank.
    pub rank: Rank,
}

impl StandardCard {
    /// Reads a card's suit and rank (`None` for a card that has no standard suit and
    /// rank: a joker, another game's card).
    pub fn of(card: &Card) -> Option<StandardCard> {
        Some(StandardCard {
            suit: card.suit.as_deref()?.parse().ok()?,
            rank: card.rank.as_deref()?.parse().ok()?,
        })
    }

    /// The card `card` of `state`, read ([`StandardCard::of`]); `None` for a card the
    /// game does not have or that is not standard.
    pub fn in_state(state: &GameState, card: CardId) -> Option<StandardCard> {
        StandardCard::of(state.card(card)?)
    }

    /// Its id in the standard deck: `std-heart-Q`.
    pub fn id(self) -> String {
        standard_card_id(self.suit.as_str(), self.rank.as_str())
    }

    /// The card itself, as the standard deck makes it ([`standard_card`]).
    pub fn card(self) -> Card {
        standard_card(self.suit.as_str(), self.rank.as_str())
    }
}

impl fmt::Display for StandardCard {
    /// The rank and the suit's sign: `Q♥`, `10♠`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, self.suit.sign())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard_deck::standard_deck;

    #[test]
    fn every_card_of_the_deck_reads_back_as_itself() {
        let deck = standard_deck();
        let read: Vec<StandardCard> = deck.iter().filter_map(StandardCard::of).collect();
        assert_eq!(read.len(), 52);
        for (card, typed) in deck.iter().zip(&read) {
            assert_eq!(typed.id(), card.id.as_str());
            assert_eq!(&typed.card(), card);
            assert_eq!(card.value, Some(i64::from(typed.rank.value())));
        }
        // creation order: suits, then ranks
        assert_eq!(
            read[0],
            StandardCard {
                suit: Suit::Spade,
                rank: Rank::Ace
            }
        );
        assert_eq!(
            read[51],
            StandardCard {
                suit: Suit::Club,
                rank: Rank::King
            }
        );
    }

    #[test]
    fn text_that_is_no_suit_or_rank_is_an_error() {
        assert!("star".parse::<Suit>().unwrap_err().contains("not a suit"));
        assert!("1".parse::<Rank>().unwrap_err().contains("not a rank"));
        assert_eq!("10".parse::<Rank>(), Ok(Rank::Ten));
    }
}

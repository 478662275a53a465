//! Poker hand ranks: [`RankResolver`], [`StandardPokerRankResolver`] and [`evaluate`].
//!
//! [`evaluate`] ranks the best five-card hand among 5, 6 or 7 cards into a [`HandRank`]:
//! a category and the ranks that break ties, packed into one `u32`, so comparing two
//! hands is comparing two integers. The work is done on bit masks (one 13-bit mask per
//! suit and rank counts), with no allocation.

use std::fmt;

use decklet_core::Card;
use thiserror::Error;

/// A card as the evaluator sees it: rank 2–14 (ace high) and suit 0–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PokerCard {
    /// 2..=14, ace = 14.
    pub rank: u8,
    /// 0..=3.
    pub suit: u8,
}

impl PokerCard {
    /// A card; see the field ranges.
    pub const fn new(rank: u8, suit: u8) -> Self {
        PokerCard { rank, suit }
    }
}

/// Hand categories, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandCategory {
    /// No pair.
    HighCard = 0,
    /// One pair.
    OnePair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three of a kind.
    ThreeOfAKind = 3,
    /// Five in sequence.
    Straight = 4,
    /// Five of one suit.
    Flush = 5,
    /// Three and two.
    FullHouse = 6,
    /// Four of a kind.
    FourOfAKind = 7,
    /// Five in sequence of one suit.
    StraightFlush = 8,
}

impl HandCategory {
    /// All categories, weakest first.
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];
}

/// The strength of a hand; a greater value is a better hand, equal values tie.
///
/// Layout: category in bits 20–23, then up to five tie-break ranks of 4 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HandRank(u32);

impl HandRank {
    fn new(category: HandCategory, kickers: &[u8]) -> Self {
        let mut value = (category as u32) << 20;
        for (i, &rank) in kickers.iter().take(5).enumerate() {
            value |= u32::from(rank) << (16 - 4 * i);
        }
        HandRank(value)
    }

    /// The hand's category.
    pub fn category(self) -> HandCategory {
        HandCategory::ALL[((self.0 >> 20) as usize).min(8)]
    }

    /// The packed value.
    pub fn value(self) -> u32 {
        self.0
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.category())
    }
}

/// Why a hand could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PokerError {
    /// Not 5, 6 or 7 cards.
    #[error("a hand has 5 to 7 cards, not {0}")]
    WrongCount(usize),
    /// A rank or suit out of range.
    #[error("invalid card: rank {rank}, suit {suit}")]
    InvalidCard {
        /// The rank.
        rank: u8,
        /// The suit.
        suit: u8,
    },
    /// The same card twice.
    #[error("the same card appears twice: rank {rank}, suit {suit}")]
    DuplicateCard {
        /// The rank.
        rank: u8,
        /// The suit.
        suit: u8,
    },
    /// A card the resolver cannot read.
    #[error("card `{0}` has no poker rank or suit")]
    Unreadable(String),
}

/// The highest card of a straight in `mask` (bit r set for rank r; an ace also counts
/// as 1), or 0.
#[inline]
fn straight_high(mask: u16) -> u8 {
    let m = u32::from(mask) | (u32::from(mask >> 14) << 1);
    let mut high = 14u8;
    while high >= 5 {
        if (m >> (high - 4)) & 0x1f == 0x1f {
            return high;
        }
        high -= 1;
    }
    0
}

/// The `n` highest ranks set in `mask`, best first.
#[inline]
fn top_ranks(mask: u16, n: usize, out: &mut [u8; 5]) -> usize {
    let mut count = 0;
    let mut rank = 14u8;
    while rank >= 2 && count < n {
        if mask & (1 << rank) != 0 {
            out[count] = rank;
            count += 1;
        }
        rank -= 1;
    }
    count
}

/// Ranks the best five-card poker hand among 5, 6 or 7 cards.
///
/// ```
/// use decklet_plugins::poker::{evaluate, HandCategory, PokerCard};
/// let wheel = [PokerCard::new(14, 0), PokerCard::new(2, 1), PokerCard::new(3, 2),
///              PokerCard::new(4, 3), PokerCard::new(5, 0)];
/// let six_high = [PokerCard::new(6, 0), PokerCard::new(2, 1), PokerCard::new(3, 2),
///                 PokerCard::new(4, 3), PokerCard::new(5, 0)];
/// let a = evaluate(&wheel)?;
/// let b = evaluate(&six_high)?;
/// assert_eq!(a.category(), HandCategory::Straight);
/// assert!(a < b); // A-2-3-4-5 is the lowest straight
/// # Ok::<(), decklet_plugins::poker::PokerError>(())
/// ```
pub fn evaluate(cards: &[PokerCard]) -> Result<HandRank, PokerError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(PokerError::WrongCount(cards.len()));
    }
    let mut suits = [0u16; 4];
    let mut counts = [0u8; 15];
    for card in cards {
        if !(2..=14).contains(&card.rank) || card.suit > 3 {
            return Err(PokerError::InvalidCard {
                rank: card.rank,
                suit: card.suit,
            });
        }
        let bit = 1u16 << card.rank;
        let suit = &mut suits[card.suit as usize];
        if *suit & bit != 0 {
            return Err(PokerError::DuplicateCard {
                rank: card.rank,
                suit: card.suit,
            });
        }
        *suit |= bit;
        counts[card.rank as usize] += 1;
    }
    Ok(rank_masks(&suits, &counts))
}

#[inline]
fn rank_masks(suits: &[u16; 4], counts: &[u8; 15]) -> HandRank {
    let mut kickers = [0u8; 5];
    let flush = suits.iter().copied().find(|m| m.count_ones() >= 5);
    if let Some(mask) = flush {
        let high = straight_high(mask);
        if high != 0 {
            return HandRank::new(HandCategory::StraightFlush, &[high]);
        }
    }
    let all = suits[0] | suits[1] | suits[2] | suits[3];
    let (mut quad, mut trips, mut pairs) = (0u8, [0u8; 2], [0u8; 3]);
    let (mut n_trips, mut n_pairs) = (0, 0);
    let mut rank = 14u8;
    while rank >= 2 {
        match counts[rank as usize] {
            4 => quad = rank,
            3 if n_trips < 2 => {
                trips[n_trips] = rank;
                n_trips += 1;
            }
            2 if n_pairs < 3 => {
                pairs[n_pairs] = rank;
                n_pairs += 1;
            }
            _ => {}
        }
        rank -= 1;
    }
    if quad != 0 {
        top_ranks(all & !(1 << quad), 1, &mut kickers);
        return HandRank::new(HandCategory::FourOfAKind, &[quad, kickers[0]]);
    }
    if n_trips >= 1 && (n_trips == 2 || n_pairs >= 1) {
        let pair = if n_trips == 2 {
            trips[1].max(pairs[0])
        } else {
            pairs[0]
        };
        return HandRank::new(HandCategory::FullHouse, &[trips[0], pair]);
    }
    if let Some(mask) = flush {
        top_ranks(mask, 5, &mut kickers);
        return HandRank::new(HandCategory::Flush, &kickers);
    }
    let high = straight_high(all);
    if high != 0 {
        return HandRank::new(HandCategory::Straight, &[high]);
    }
    if n_trips == 1 {
        let n = top_ranks(all & !(1 << trips[0]), 2, &mut kickers);
        let mut k = [trips[0], 0, 0];
        k[1..=n].copy_from_slice(&kickers[..n]);
        return HandRank::new(HandCategory::ThreeOfAKind, &k);
    }
    if n_pairs >= 2 {
        top_ranks(all & !(1 << pairs[0]) & !(1 << pairs[1]), 1, &mut kickers);
        return HandRank::new(HandCategory::TwoPair, &[pairs[0], pairs[1], kickers[0]]);
    }
    if n_pairs == 1 {
        let n = top_ranks(all & !(1 << pairs[0]), 3, &mut kickers);
        let mut k = [pairs[0], 0, 0, 0];
        k[1..=n].copy_from_slice(&kickers[..n]);
        return HandRank::new(HandCategory::OnePair, &k);
    }
    top_ranks(all, 5, &mut kickers);
    HandRank::new(HandCategory::HighCard, &kickers)
}

/// Reads a card's poker rank (2–14) and suit (0–3).
pub trait RankResolver {
    /// The card's rank, 2..=14.
    fn rank(&self, card: &Card) -> Option<u8>;
    /// The card's suit, 0..=3.
    fn suit(&self, card: &Card) -> Option<u8>;

    /// The card as the evaluator sees it.
    fn poker_card(&self, card: &Card) -> Result<PokerCard, PokerError> {
        match (self.rank(card), self.suit(card)) {
            (Some(rank), Some(suit)) => Ok(PokerCard { rank, suit }),
            _ => Err(PokerError::Unreadable(card.id.to_string())),
        }
    }

    /// Evaluates 5–7 cards.
    fn evaluate(&self, cards: &[&Card]) -> Result<HandRank, PokerError> {
        if !(5..=7).contains(&cards.len()) {
            return Err(PokerError::WrongCount(cards.len()));
        }
        let mut buffer = [PokerCard::new(0, 0); 7];
        for (slot, card) in buffer.iter_mut().zip(cards) {
            *slot = self.poker_card(card)?;
        }
        evaluate(&buffer[..cards.len()])
    }
}

/// Resolves standard cards: the `rank` field first (`A` = 14, `K` = 13, …, `2`), then
/// `value` (1 = ace = 14); suits spade, heart, diamond, club = 0–3.
///
/// ```
/// use decklet_plugins::{standard_card, poker::{RankResolver, StandardPokerRankResolver}};
/// assert_eq!(StandardPokerRankResolver.rank(&standard_card("heart", "A")), Some(14));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardPokerRankResolver;

impl RankResolver for StandardPokerRankResolver {
    fn rank(&self, card: &Card) -> Option<u8> {
        if let Some(rank) = &card.rank {
            return match rank.as_str() {
                "A" => Some(14),
                "K" => Some(13),
                "Q" => Some(12),
                "J" => Some(11),
                n => n.parse::<u8>().ok().filter(|r| (2..=10).contains(r)),
            };
        }
        match card.value? {
            1 | 14 => Some(14),
            v @ 2..=13 => u8::try_from(v).ok(),
            _ => None,
        }
    }

    fn suit(&self, card: &Card) -> Option<u8> {
        match card.suit.as_deref()? {
            "spade" => Some(0),
            "heart" => Some(1),
            "diamond" => Some(2),
            "club" => Some(3),
            _ => None,
        }
    }
}

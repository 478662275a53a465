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
    // bit r of `runs` is set when ranks r-4 ..= r are all present
    let runs = m & (m << 1) & (m << 2) & (m << 3) & (m << 4);
    if runs == 0 {
        0
    } else {
        (31 - runs.leading_zeros()) as u8
    }
}

/// The highest rank set in `mask` (which must not be empty).
#[inline]
fn highest(mask: u16) -> u8 {
    (15 - mask.leading_zeros()) as u8
}

/// The `n` highest ranks in `mask`, best first, packed as tie-break nibbles.
#[inline]
fn kickers(mut mask: u16, n: usize) -> [u8; 5] {
    let mut out = [0u8; 5];
    for slot in out.iter_mut().take(n) {
        if mask == 0 {
            break;
        }
        let rank = highest(mask);
        *slot = rank;
        mask &= !(1 << rank);
    }
    out
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
    }
    Ok(rank_masks(&suits))
}

/// Ranks a hand given as one rank mask per suit (bit r set for rank r, 2–14).
#[inline]
fn rank_masks(suits: &[u16; 4]) -> HandRank {
    let [a, b, c, d] = *suits;
    // ranks held in at least one, two, three and four suits
    let any = a | b | c | d;
    let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    let four = a & b & c & d;
    let flush = suits.iter().copied().find(|m| m.count_ones() >= 5);
    if let Some(mask) = flush {
        let high = straight_high(mask);
        if high != 0 {
            return HandRank::new(HandCategory::StraightFlush, &[high]);
        }
    }
    if four != 0 {
        let quad = highest(four);
        let k = kickers(any & !(1 << quad), 1);
        return HandRank::new(HandCategory::FourOfAKind, &[quad, k[0]]);
    }
    if three != 0 {
        let trips = highest(three);
        // the best other rank held at least twice (a second set of trips counts)
        let pairs = two & !(1 << trips);
        if pairs != 0 {
            return HandRank::new(HandCategory::FullHouse, &[trips, highest(pairs)]);
        }
    }
    if let Some(mask) = flush {
        return HandRank::new(HandCategory::Flush, &kickers(mask, 5));
    }
    let high = straight_high(any);
    if high != 0 {
        return HandRank::new(HandCategory::Straight, &[high]);
    }
    if three != 0 {
        let trips = highest(three);
        let k = kickers(any & !(1 << trips), 2);
        return HandRank::new(HandCategory::ThreeOfAKind, &[trips, k[0], k[1]]);
    }
    if two != 0 {
        let first = highest(two);
        let rest = two & !(1 << first);
        if rest != 0 {
            let second = highest(rest);
            let k = kickers(any & !(1 << first) & !(1 << second), 1);
            return HandRank::new(HandCategory::TwoPair, &[first, second, k[0]]);
        }
        let k = kickers(any & !(1 << first), 3);
        return HandRank::new(HandCategory::OnePair, &[first, k[0], k[1], k[2]]);
    }
    HandRank::new(HandCategory::HighCard, &kickers(any, 5))
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

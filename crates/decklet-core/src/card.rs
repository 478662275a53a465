//! [`Card`] definitions and the [`CardTable`] of a game.

use std::sync::{Arc, OnceLock};

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::error::{EngineError, shown};
use crate::ids::CardId;
use crate::state::MAX_ID_LEN;
use crate::wire::UniqueMap;

/// A card definition: what the card is, not where it lies. The reference's
/// `createCard(id, type, …)` is [`Card::new`] with the `with_*` setters.
///
/// ```
/// use decklet_core::Card;
/// let card = Card::new("std-spade-A", "standard").with_suit("spade").with_rank("A").with_value(14);
/// assert_eq!(card.rank.as_deref(), Some("A"));
/// assert_eq!(serde_json::to_value(&card)?["type"], "standard");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// The card's text id, unique in its game.
    pub id: SmolStr,
    /// The card type (`"type"` in JSON), e.g. `"number"`.
    #[serde(rename = "type")]
    pub card_type: SmolStr,
    /// Suit or colour, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<SmolStr>,
    /// Rank, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<SmolStr>,
    /// A numeric value (points), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// Free-form tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<SmolStr>,
    /// Free-form data.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub data: serde_json::Value,
}

impl Card {
    /// A card with an id and a type, nothing else.
    pub fn new(id: impl AsRef<str>, card_type: impl AsRef<str>) -> Self {
        Card {
            id: SmolStr::new(id),
            card_type: SmolStr::new(card_type),
            suit: None,
            rank: None,
            value: None,
            tags: Vec::new(),
            data: serde_json::Value::Null,
        }
    }

    /// With a suit.
    pub fn with_suit(mut self, suit: impl AsRef<str>) -> Self {
        self.suit = Some(SmolStr::new(suit));
        self
    }

    /// With a rank.
    pub fn with_rank(mut self, rank: impl AsRef<str>) -> Self {
        self.rank = Some(SmolStr::new(rank));
        self
    }

    /// With a value.
    pub fn with_value(mut self, value: i64) -> Self {
        self.value = Some(value);
        self
    }

    /// With tags.
    pub fn with_tags<I, S>(mut self, tags: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.tags = tags.into_iter().map(SmolStr::new).collect();
        self
    }

    /// With free-form data.
    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        self.data = data;
        self
    }
}

/// The card definitions of a game, in order: the [`CardId`] of a card is its position.
/// Cards never change after setup, so a table is shared (`Arc`) by a state, its clones
/// and every game built from the same deck; cloning it copies a pointer.
///
/// ```
/// use decklet_core::{Card, CardTable};
/// let table = CardTable::new(vec![Card::new("a", "x"), Card::new("b", "x")])?;
/// let b = table.id_of("b").ok_or("no card b")?;
/// assert_eq!(b.index(), 1);
/// assert_eq!(table.get(b).map(|card| card.id.as_str()), Some("b"));
/// assert!(CardTable::new(vec![Card::new("a", "x"), Card::new("a", "y")]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct CardTable(Arc<CardData>);

#[derive(Clone, Debug, Default)]
struct CardData {
    /// The cards in order, each under its text id (how ids read from JSON find their
    /// card); a card's handle is its position.
    cards: IndexMap<SmolStr, Card, FxBuildHasher>,
    /// The digest of the cards' JSON, worked out the first time a state digest needs
    /// it. The cards change only through `push`, which forgets it, so a table shared by
    /// many games (UNO's deck) is written and hashed once.
    digest: OnceLock<u64>,
}

impl CardTable {
    /// A table of these cards, in this order; an error if two share an id or an id is
    /// longer than [`MAX_ID_LEN`].
    pub fn new(cards: Vec<Card>) -> Result<CardTable, EngineError> {
        let mut table = CardData {
            cards: IndexMap::with_capacity_and_hasher(cards.len(), FxBuildHasher),
            digest: OnceLock::new(),
        };
        for card in cards {
            table.push(card)?;
        }
        Ok(CardTable(Arc::new(table)))
    }

    /// The card with this handle.
    #[inline]
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.0.cards.get_index(id.index()).map(|(_, card)| card)
    }

    /// The handle of the card with this text id.
    pub fn id_of(&self, text: &str) -> Option<CardId> {
        self.0.cards.get_index_of(text).map(CardId::at)
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.cards.len()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.cards.is_empty()
    }

    /// The cards in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Card> + DoubleEndedIterator + Clone {
        self.0.cards.values()
    }

    /// Every card's handle, in order.
    pub fn ids(&self) -> impl ExactSizeIterator<Item = CardId> + use<> {
        (0..self.len()).map(CardId::at)
    }

    /// Whether both are one shared table (e.g. the same constant deck).
    pub fn ptr_eq(&self, other: &CardTable) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Adds a card at the end (its handle is returned); an error if its id is taken.
    pub(crate) fn push(&mut self, card: Card) -> Result<CardId, EngineError> {
        if self.0.cards.contains_key(&card.id) {
            return Err(EngineError::DuplicateCard {
                card: shown(&card.id),
            });
        }
        Arc::make_mut(&mut self.0).push(card)
    }

    /// The digest of the cards' JSON: `compute` runs only if the table has none yet.
    pub(crate) fn digest(&self, compute: impl FnOnce() -> u64) -> u64 {
        *self.0.digest.get_or_init(compute)
    }
}

impl CardData {
    fn push(&mut self, card: Card) -> Result<CardId, EngineError> {
        if card.id.len() > MAX_ID_LEN {
            return Err(EngineError::InvalidState {
                message: format!(
                    "card id of {} bytes is longer than {MAX_ID_LEN}",
                    card.id.len()
                ),
            });
        }
        if self.cards.contains_key(&card.id) {
            return Err(EngineError::DuplicateCard {
                card: shown(&card.id),
            });
        }
        let (at, _) = self.cards.insert_full(card.id.clone(), card);
        self.digest = OnceLock::new();
        Ok(CardId::at(at))
    }
}

impl PartialEq for CardTable {
    fn eq(&self, other: &Self) -> bool {
        self.ptr_eq(other) || self.0.cards.values().eq(other.0.cards.values())
    }
}

impl Serialize for CardTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.cards.values().map(|card| (&card.id, card)))
    }
}

impl<'de> Deserialize<'de> for CardTable {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let UniqueMap(entries) = UniqueMap::<Card>::deserialize(deserializer)?;
        let mut cards = Vec::with_capacity(entries.len());
        for (key, card) in entries {
            if key != card.id {
                return Err(serde::de::Error::custom(format!(
                    "card key `{}` holds card `{}`",
                    shown(&key),
                    shown(&card.id)
                )));
            }
            cards.push(card);
        }
        CardTable::new(cards).map_err(serde::de::Error::custom)
    }
}

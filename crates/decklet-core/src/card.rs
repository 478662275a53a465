//! [`Card`]: an immutable card definition (the seeds' `createCard`).

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::ids::CardId;

/// A card definition. Cards are created during setup and never change afterwards;
/// where a card *is* lives in the zones, not here.
///
/// ```
/// use decklet_core::Card;
/// let ace = Card::new("std-spade-A", "standard").with_suit("spade").with_rank("A").with_value(1);
/// assert_eq!(ace.card_type, "standard");
/// assert_eq!(serde_json::to_value(&ace)?["type"], "standard");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// Unique id of the card.
    pub id: CardId,
    /// The card's type (`"type"` in JSON), e.g. `"standard"` or `"wild_draw4"`.
    #[serde(rename = "type")]
    pub card_type: SmolStr,
    /// Suit or colour, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<SmolStr>,
    /// Rank text, e.g. `"A"`, `"10"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<SmolStr>,
    /// Numeric value, e.g. A = 1 … K = 13.
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
    /// A card with an id and a type and nothing else.
    pub fn new(id: impl Into<CardId>, card_type: impl AsRef<str>) -> Self {
        Card {
            id: id.into(),
            card_type: SmolStr::new(card_type),
            suit: None,
            rank: None,
            value: None,
            tags: Vec::new(),
            data: serde_json::Value::Null,
        }
    }

    /// Sets the suit.
    pub fn with_suit(mut self, suit: impl AsRef<str>) -> Self {
        self.suit = Some(SmolStr::new(suit));
        self
    }

    /// Sets the rank.
    pub fn with_rank(mut self, rank: impl AsRef<str>) -> Self {
        self.rank = Some(SmolStr::new(rank));
        self
    }

    /// Sets the value.
    pub fn with_value(mut self, value: i64) -> Self {
        self.value = Some(value);
        self
    }

    /// Sets the tags.
    pub fn with_tags<I, S>(mut self, tags: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.tags = tags.into_iter().map(SmolStr::new).collect();
        self
    }

    /// Sets the free-form data.
    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        self.data = data;
        self
    }
}

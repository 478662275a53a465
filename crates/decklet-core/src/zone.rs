//! [`Zone`]: an ordered pile of cards (deck, discard, a hand …).

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::ids::{CardId, PlayerId, ZoneId};

/// Who may see the cards of a zone (used by [`GameState::view_for`](crate::GameState::view_for)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Visibility {
    /// Everyone sees the cards (a discard pile).
    #[default]
    Public,
    /// Only the owner sees the cards; others see the count (a hand).
    Owner,
    /// Nobody sees the cards, only the count (a deck).
    Hidden,
}

/// An ordered pile of cards. The **top** of a zone is the last element of `cards`.
///
/// ```
/// use decklet_core::{Zone, Visibility};
/// let deck = Zone::new("deck", "deck");
/// assert_eq!(deck.visibility, Visibility::Hidden);
/// assert!(deck.top().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Zone {
    /// Unique id of the zone.
    pub id: ZoneId,
    /// The zone's type (`"type"` in JSON): `"deck"`, `"discard"`, `"hand"`, …
    #[serde(rename = "type")]
    pub zone_type: SmolStr,
    /// The owning player, for hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<PlayerId>,
    /// Who may see the cards.
    #[serde(default)]
    pub visibility: Visibility,
    /// The cards, bottom first: the top is the last element.
    #[serde(default)]
    pub cards: Vec<CardId>,
}

impl Zone {
    /// An empty zone (the seeds' `createZone`). Its visibility follows its type:
    /// `hand` → [`Visibility::Owner`], `deck` → [`Visibility::Hidden`], others public.
    pub fn new(id: impl Into<ZoneId>, zone_type: impl AsRef<str>) -> Self {
        let zone_type = SmolStr::new(zone_type);
        let visibility = match zone_type.as_str() {
            "hand" => Visibility::Owner,
            "deck" => Visibility::Hidden,
            _ => Visibility::Public,
        };
        Zone {
            id: id.into(),
            zone_type,
            owner: None,
            visibility,
            cards: Vec::new(),
        }
    }

    /// Sets the owner.
    pub fn with_owner(mut self, owner: impl Into<PlayerId>) -> Self {
        self.owner = Some(owner.into());
        self
    }

    /// Sets the visibility.
    pub fn with_visibility(mut self, visibility: Visibility) -> Self {
        self.visibility = visibility;
        self
    }

    /// The top card (the last element), if any.
    pub fn top(&self) -> Option<&CardId> {
        self.cards.last()
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the zone holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Whether the zone holds `card`.
    #[inline]
    pub fn contains(&self, card: &CardId) -> bool {
        self.cards.iter().any(|c| c == card)
    }
}

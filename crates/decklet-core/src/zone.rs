//! [`Zone`]: the definition of an ordered pile of cards (deck, discard, a hand …).
//!
//! A zone's definition (id, type, owner, visibility) is fixed once the game is set up;
//! its cards change all the time and are read through the state
//! ([`GameState::zone_cards`](crate::GameState::zone_cards)), bottom first: the **top**
//! of a zone is the last card.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::ids::PlayerId;

/// Who may see the cards of a zone (used by [`GameState::view_for`](crate::GameState::view_for)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl Visibility {
    /// The JSON name: `"public"`, `"owner"` or `"hidden"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Owner => "owner",
            Visibility::Hidden => "hidden",
        }
    }
}

/// A zone's definition. The reference's `createZone(id, type)` is [`Zone::new`], which
/// also picks the visibility the type suggests (hands: owner, decks: hidden, anything
/// else: public).
///
/// ```
/// use decklet_core::{Zone, Visibility};
/// let deck = Zone::new("deck", "deck");
/// assert_eq!(deck.visibility, Visibility::Hidden);
/// assert_eq!(Zone::new("discard", "discard").visibility, Visibility::Public);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The zone's text id, unique in its game.
    pub id: SmolStr,
    /// The zone type, e.g. `"deck"` (`"type"` in JSON).
    pub zone_type: SmolStr,
    /// The owner, for hands.
    pub owner: Option<PlayerId>,
    /// Who sees the cards.
    pub visibility: Visibility,
}

impl Zone {
    /// A zone with an id and a type, no owner, and the type's usual visibility.
    pub fn new(id: impl AsRef<str>, zone_type: impl AsRef<str>) -> Self {
        let zone_type = SmolStr::new(zone_type);
        let visibility = match zone_type.as_str() {
            "hand" => Visibility::Owner,
            "deck" => Visibility::Hidden,
            _ => Visibility::Public,
        };
        Zone {
            id: SmolStr::new(id),
            zone_type,
            owner: None,
            visibility,
        }
    }

    /// With an owner.
    pub fn with_owner(mut self, owner: PlayerId) -> Self {
        self.owner = Some(owner);
        self
    }

    /// With a visibility.
    pub fn with_visibility(mut self, visibility: Visibility) -> Self {
        self.visibility = visibility;
        self
    }
}

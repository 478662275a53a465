//! Identifiers: [`PlayerId`], [`CardId`] and [`ZoneId`].
//!
//! Ids are string newtypes over [`SmolStr`]: ids of up to 23 bytes live inline (no heap),
//! longer ones share one allocation, so cloning an id never allocates. They compare,
//! order and hash as their text, and serialize as plain JSON strings.

use std::borrow::Borrow;
use std::fmt;

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

macro_rules! string_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(SmolStr);

        impl $name {
            /// Makes an id from any text.
            pub fn new(text: impl AsRef<str>) -> Self {
                Self(SmolStr::new(text))
            }

            /// Makes an id from a `'static` string without copying it.
            pub const fn from_static(text: &'static str) -> Self {
                Self(SmolStr::new_static(text))
            }

            /// The id's text.
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0.as_str())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self.0.as_str(), f)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.0.as_str()
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                self.0.as_str()
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                Self(SmolStr::new(text))
            }
        }

        impl From<&String> for $name {
            fn from(text: &String) -> Self {
                Self(SmolStr::new(text))
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                Self(SmolStr::from(text))
            }
        }

        impl From<&$name> for $name {
            fn from(id: &$name) -> Self {
                id.clone()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0.as_str() == *other
            }
        }
    };
}

string_id! {
    /// Identifies a player, e.g. `"p1"`.
    ///
    /// ```
    /// use decklet_core::PlayerId;
    /// let id = PlayerId::from("p1");
    /// assert_eq!(id.to_string(), "p1");
    /// assert_eq!(serde_json::to_string(&id).unwrap(), "\"p1\"");
    /// ```
    PlayerId
}

string_id! {
    /// Identifies a card, e.g. `"std-spade-A"`.
    CardId
}

string_id! {
    /// Identifies a zone, e.g. `"deck"` or `"hand:p1"`.
    ZoneId
}

/// The zone type of every player's hand.
pub const HAND_ZONE_TYPE: &str = "hand";

/// The id of a player's hand zone: `hand:<player id>`.
///
/// ```
/// use decklet_core::{hand_zone_id, PlayerId};
/// assert_eq!(hand_zone_id(&PlayerId::from("p1")).as_str(), "hand:p1");
/// ```
pub fn hand_zone_id(player: &PlayerId) -> ZoneId {
    let mut text = String::with_capacity(5 + player.as_str().len());
    text.push_str("hand:");
    text.push_str(player.as_str());
    ZoneId::from(text)
}

//! Identifiers: [`PlayerId`], [`CardId`] and [`ZoneId`].
//!
//! Ids are string newtypes over [`SmolStr`]: ids of up to 23 bytes live inline (no heap),
//! longer ones share one allocation, so cloning an id never allocates. They compare,
//! order and hash as their text, and serialize as plain JSON strings.
//!
//! Each id also carries a *position hint*: where it sits in the map of the state that
//! holds it (cards, players, zones). The state sets it when the id goes into the map and
//! clones keep it, so a lookup checks that one slot (one short string compare) before it
//! falls back to hashing. A card id placed by a card table also carries the table's
//! *stamp*, which names that table's immutable content: for that content the position is
//! exact, so lookups and comparisons between such ids need no text at all. Hints never
//! change an answer (equality, order, hashing or JSON): a wrong or missing hint only
//! costs the text comparison or the hash.

use std::borrow::Borrow;
use std::fmt;

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// Where an id was last stored in a map (`position` `u32::MAX`: unknown), and, for a
/// card id given its hint by a [`CardTable`](crate::CardTable), that table's *stamp*.
///
/// A stamp names one immutable content of one card table (a table gets a new stamp
/// whenever it changes). Two card ids with the same non-zero stamp were both placed by
/// that content, so their positions alone tell whether they are equal, and the table
/// with that stamp finds them by position without comparing text. Hints without a stamp
/// are only guesses: checked against the key stored there before they are believed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hint {
    position: u32,
    stamp: u32,
}

impl Default for Hint {
    fn default() -> Self {
        Hint::NONE
    }
}

impl Hint {
    pub(crate) const NONE: Hint = Hint {
        position: u32::MAX,
        stamp: 0,
    };

    #[inline]
    fn at(position: usize, stamp: u32) -> Hint {
        match u32::try_from(position) {
            Ok(position) if position != u32::MAX => Hint { position, stamp },
            _ => Hint::NONE,
        }
    }

    #[inline]
    fn get(self) -> Option<usize> {
        (self.position != u32::MAX).then_some(self.position as usize)
    }
}

/// Text equality that first asks whether both are the same text in memory (one
/// `'static` constant, e.g. a zone id a plugin stored with `ZoneId::from_static`), and
/// only then compares bytes.
#[inline]
pub(crate) fn text_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    if std::ptr::eq(a.as_ptr(), b.as_ptr()) {
        return true;
    }
    a == b
}

/// The position of `key` in `map`: the key's hint if it is right, else a hash lookup.
#[inline]
pub(crate) fn position_in<K, V, S>(
    map: &indexmap::IndexMap<K, V, S>,
    key: &K,
    hint: Option<usize>,
) -> Option<usize>
where
    K: std::hash::Hash + Eq,
    S: std::hash::BuildHasher,
{
    if let Some(i) = hint
        && let Some((k, _)) = map.get_index(i)
        && k == key
    {
        return Some(i);
    }
    search_in(map, key)
}

/// [`position_in`] without a right hint (out of line, so the hinted path stays small).
#[cold]
#[inline(never)]
fn search_in<K, V, S>(map: &indexmap::IndexMap<K, V, S>, key: &K) -> Option<usize>
where
    K: std::hash::Hash + Eq,
    S: std::hash::BuildHasher,
{
    // a few entries (players, zones): comparing beats hashing
    if map.len() <= 8 {
        return map.keys().position(|k| k == key);
    }
    map.get_index_of(key)
}

macro_rules! string_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Default)]
        pub struct $name(SmolStr, Hint);

        impl $name {
            /// Makes an id from any text.
            pub fn new(text: impl AsRef<str>) -> Self {
                Self(SmolStr::new(text), Hint::NONE)
            }

            /// Makes an id from a `'static` string without copying it.
            pub const fn from_static(text: &'static str) -> Self {
                Self(SmolStr::new_static(text), Hint::NONE)
            }

            /// The id's text.
            #[inline]
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }

            /// The position hint (see the module docs).
            #[inline]
            pub(crate) fn hint(&self) -> Option<usize> {
                self.1.get()
            }

            /// The stamp of the card table that gave the hint (0: none; see [`Hint`]).
            #[inline]
            #[allow(dead_code)]
            pub(crate) fn stamp(&self) -> u32 {
                self.1.stamp
            }

            /// The same id with a position hint (a guess, checked before use).
            #[inline]
            pub(crate) fn with_hint(mut self, position: usize) -> Self {
                self.1 = Hint::at(position, 0);
                self
            }

            /// The same id with the position it has in the card table stamped `stamp`.
            /// Only [`CardTable`](crate::CardTable) may call this, with the id's true
            /// position in its current content.
            #[inline]
            #[allow(dead_code)]
            pub(crate) fn with_stamped_hint(mut self, position: usize, stamp: u32) -> Self {
                self.1 = Hint::at(position, stamp);
                self
            }
        }

        impl PartialEq for $name {
            #[inline]
            fn eq(&self, other: &Self) -> bool {
                // placed by the same table content: equal positions ⇔ equal text
                if self.1.stamp != 0 && self.1.stamp == other.1.stamp {
                    return self.1.position == other.1.position;
                }
                self.0 == other.0
            }
        }

        impl Eq for $name {}

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.0.cmp(&other.0)
            }
        }

        impl std::hash::Hash for $name {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.0.hash(state);
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.0.serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                SmolStr::deserialize(deserializer).map(|text| Self(text, Hint::NONE))
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
                Self(SmolStr::new(text), Hint::NONE)
            }
        }

        impl From<&String> for $name {
            fn from(text: &String) -> Self {
                Self(SmolStr::new(text), Hint::NONE)
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                Self(SmolStr::from(text), Hint::NONE)
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
    /// assert_eq!(serde_json::to_string(&id)?, "\"p1\"");
    /// # Ok::<(), serde_json::Error>(())
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
    // built in place: no heap allocation for ids of up to 23 bytes
    let mut text = smol_str::SmolStrBuilder::new();
    text.push_str("hand:");
    text.push_str(player.as_str());
    ZoneId(text.finish(), Hint::NONE)
}

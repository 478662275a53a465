//! Handles: [`PlayerId`], [`ZoneId`] and [`CardId`].
//!
//! A handle is a small `Copy` index into one game's tables (like an ECS entity): player
//! handles count the players in the order `create_game` got them, zone handles the
//! zones in the order they were made (the hands first), card handles the cards of the
//! card table. They compare and hash as integers. A handle means something in the game
//! that made it and in that game's forks and clones; in another game it names whatever
//! sits at the same index there.
//!
//! Text names (`"p1"`, `"hand:p1"`, `"uno-red-5-1"`) live in the game's tables. They
//! appear at the boundary only: JSON in and out (the wire format uses the text), error
//! messages and lookups by text ([`GameState::player_id`](crate::GameState::player_id),
//! [`zone_id`](crate::GameState::zone_id), [`card_id`](crate::GameState::card_id)).
//! Serializing a handle writes its text, so it needs its game: the engine provides it
//! whenever it writes JSON (logs, events, states); see [`GameState::json_of`](crate::GameState::json_of)
//! for values of your own.

use std::fmt;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::scope;

macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $what:literal, $text:ident, $find:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u32);

        impl $name {
            /// The handle of the entry at `index` of its table (no check: an index past
            /// the table names nothing, and lookups with it answer `None`).
            pub(crate) const fn at(index: usize) -> Self {
                $name(index as u32)
            }

            /// The position in the game's table: players in the order given to
            /// `create_game`, zones in the order they were made, cards in the card
            /// table's order. Use it to index your own per-entry arrays.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The handle at `index` of its table (the inverse of
            /// [`index`](Self::index)), for a value packed into a small code (a
            /// listed move's, [`MoveCode`](crate::MoveCode)): an index past the table
            /// names nothing, and lookups with it answer `None`.
            #[inline]
            pub const fn from_index(index: u32) -> Self {
                $name(index)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match scope::$text(*self) {
                    Ok(text) => serializer.serialize_str(&text),
                    Err(message) => Err(serde::ser::Error::custom(message)),
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                scope::$find(&text).map_err(serde::de::Error::custom)
            }
        }

        impl Id for $name {
            const WHAT: &'static str = $what;
            fn text(self, state: &crate::GameState) -> Option<&str> {
                state.$text(self)
            }
            fn position(self) -> usize {
                self.index()
            }
        }
    };
}

handle! {
    /// A player of one game: the index of the player in the order given to
    /// `create_game`. Its text (`"p1"`) is [`Player::id`](crate::Player::id).
    ///
    /// ```
    /// use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let bob = engine.state().player_id("p2").ok_or("no such player")?;
    /// assert_eq!(bob.index(), 1);
    /// assert_eq!(engine.state().id_text(bob), "p2");
    /// assert_eq!(engine.state().json_of(&bob)?, serde_json::json!("p2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    PlayerId, "player", player_text, find_player
}

impl PlayerId {
    /// The viewer who holds no seat: a spectator. Every view for it shows only what is
    /// public: no hand (it owns none), no variable but those every seat reads, and each
    /// event as a seat that took no part in it hears it. It names no player (lookups
    /// with it answer `None`).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let view = engine.state().view_for(PlayerId::SPECTATOR);
    /// assert_eq!(view.viewer, "");
    /// assert!(view.zones.iter().all(|z| z.zone_type != HAND_ZONE_TYPE || z.cards.is_none()));
    /// assert!(engine.state().player(PlayerId::SPECTATOR).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const SPECTATOR: PlayerId = PlayerId(u32::MAX);
}

handle! {
    /// A zone of one game: the index of the zone in the order zones were made (the
    /// players' hands first). Its text (`"deck"`, `"hand:p1"`) is [`Zone::id`](crate::Zone::id).
    ZoneId, "zone", zone_text, find_zone
}

handle! {
    /// A card of one game: the index of the card in the game's card table. Its text
    /// (`"uno-red-5-1"`) is [`Card::id`](crate::Card::id).
    CardId, "card", card_text, find_card
}

/// The cards of an action or an event (a play, a draw): up to four inline, without an
/// allocation. Serializes as a JSON list of card ids.
pub type CardIds = SmallVec<[CardId; 4]>;

/// What the three handles share: a name for messages and the text they stand for.
pub trait Id: Copy + fmt::Debug {
    /// `"player"`, `"zone"` or `"card"`.
    const WHAT: &'static str;
    /// The handle's text in `state`, if the state has it.
    fn text(self, state: &crate::GameState) -> Option<&str>;
    /// The handle's index (see `PlayerId::index`).
    fn position(self) -> usize;
}

/// The zone type of every player's hand.
pub const HAND_ZONE_TYPE: &str = "hand";

/// The text id of a player's hand zone: `hand:<player id>`.
///
/// ```
/// assert_eq!(decklet_core::hand_zone_name("p1"), "hand:p1");
/// ```
pub fn hand_zone_name(player: &str) -> String {
    ["hand:", player].concat()
}

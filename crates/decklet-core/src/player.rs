//! [`Player`] and [`PlayerStatus`].

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// Whether a player still takes turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PlayerStatus {
    /// Takes turns (the default).
    #[default]
    Active,
    /// Sits out for now; turn order skips them.
    Inactive,
    /// Out of the game; turn order skips them.
    Eliminated,
}

/// A seat at the table, as given to `create_game`. In a game, the player's handle is a
/// [`PlayerId`](crate::PlayerId); `id` is its text.
///
/// ```
/// use decklet_core::{Player, PlayerStatus};
/// let alice = Player::new("p1", "Alice", 1);
/// assert_eq!(alice.status, PlayerStatus::Active);
/// assert_eq!(alice.id, "p1");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    /// The player's text id, unique in its game.
    pub id: SmolStr,
    /// Display name.
    pub name: String,
    /// Seat number; turn order follows seats. Unique per game.
    pub seat: u32,
    /// Whether the player takes turns.
    #[serde(default)]
    pub status: PlayerStatus,
    /// Free-form data.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub data: serde_json::Value,
}

impl Player {
    /// An active player.
    pub fn new(id: impl AsRef<str>, name: impl Into<String>, seat: u32) -> Self {
        Player {
            id: SmolStr::new(id),
            name: name.into(),
            seat,
            status: PlayerStatus::Active,
            data: serde_json::Value::Null,
        }
    }

    /// Whether the player is [`PlayerStatus::Active`].
    pub fn is_active(&self) -> bool {
        self.status == PlayerStatus::Active
    }
}

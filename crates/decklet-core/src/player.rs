//! [`Player`] and [`PlayerStatus`].

use serde::{Deserialize, Serialize};

use crate::ids::PlayerId;

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

/// A seat at the table.
///
/// ```
/// use decklet_core::{Player, PlayerStatus};
/// let alice = Player::new("p1", "Alice", 1);
/// assert_eq!(alice.status, PlayerStatus::Active);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    /// Unique id.
    pub id: PlayerId,
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
    /// An active player with no data.
    pub fn new(id: impl Into<PlayerId>, name: impl Into<String>, seat: u32) -> Self {
        Player {
            id: id.into(),
            name: name.into(),
            seat,
            status: PlayerStatus::Active,
            data: serde_json::Value::Null,
        }
    }

    /// Whether the player takes turns.
    pub fn is_active(&self) -> bool {
        self.status == PlayerStatus::Active
    }
}

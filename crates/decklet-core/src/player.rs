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

    /// Players `p1`…`pN` named `Player 1`…`Player N`, in seats 1…N: the roster a game
    /// is dealt to when its players have no names of their own.
    ///
    /// ```
    /// let players = decklet_core::Player::numbered(12);
    /// let last = &players[11];
    /// assert_eq!((last.id.as_str(), last.name.as_str(), last.seat), ("p12", "Player 12", 12));
    /// assert_eq!((players[9].id.as_str(), players[9].name.as_str()), ("p10", "Player 10"));
    /// ```
    pub fn numbered(count: usize) -> Vec<Player> {
        (1..=count)
            .map(
                |i| match (NUMBERED_IDS.get(i - 1), NUMBERED_NAMES.get(i - 1)) {
                    (Some(id), Some(name)) => Player::new(id, *name, i as u32),
                    _ => Player::new(format!("p{i}"), format!("Player {i}"), i as u32),
                },
            )
            .collect()
    }
}

/// The ids of the first ten [`Player::numbered`] players: a simulation deals a roster
/// every game, and formatting it costs about 1% of a game of UNO.
const NUMBERED_IDS: [&str; 10] = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"];
/// Their names.
const NUMBERED_NAMES: [&str; 10] = [
    "Player 1",
    "Player 2",
    "Player 3",
    "Player 4",
    "Player 5",
    "Player 6",
    "Player 7",
    "Player 8",
    "Player 9",
    "Player 10",
];

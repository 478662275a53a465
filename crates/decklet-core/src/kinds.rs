//! Engine-wide action and event kinds that every game shares.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::event::Event;
use crate::ids::{CardId, CardIds, PlayerId};

/// Kind of [`PlayCard`].
pub const PLAY_CARD_ACTION: &str = "PLAY_CARD";
/// Kind of [`GameCreated`].
pub const GAME_CREATED: &str = "GAME_CREATED";
/// Kind of [`GameStarted`].
pub const GAME_STARTED: &str = "GAME_STARTED";
/// Kind of [`CardPlayed`].
pub const CARD_PLAYED: &str = "CARD_PLAYED";
/// Kind of [`GameWon`].
pub const GAME_WON: &str = "GAME_WON";
/// Kind of [`GameFinished`].
pub const GAME_FINISHED: &str = "GAME_FINISHED";

/// `PLAY_CARD`: a player plays cards. The engine defines the kind; a game plugin
/// (e.g. UNO) registers the handler.
///
/// ```
/// use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// let play = PlayCard::new(p1, []);
/// assert_eq!(engine.state().json_of(&play)?, serde_json::json!({"playerId": "p1", "cardIds": []}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayCard {
    /// The acting player.
    pub player_id: PlayerId,
    /// The cards played.
    pub card_ids: CardIds,
}

impl PlayCard {
    /// A `PLAY_CARD` action.
    pub fn new(player: PlayerId, cards: impl IntoIterator<Item = CardId>) -> Self {
        // pushed one by one: a play is one card, and `collect` first reserves for it
        let mut card_ids = CardIds::new();
        for card in cards {
            card_ids.push(card);
        }
        PlayCard {
            player_id: player,
            card_ids,
        }
    }
}

impl Action for PlayCard {
    const KIND: &'static str = PLAY_CARD_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `GAME_CREATED`: emitted by `create_game` after every plugin's setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameCreated {
    /// The game's id.
    pub game_id: String,
    /// The players, in the order given.
    pub player_ids: Vec<PlayerId>,
}
impl Event for GameCreated {
    const KIND: &'static str = GAME_CREATED;
}

/// `GAME_STARTED`: emitted by `start` once the status is `playing`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameStarted {
    /// The game's id.
    pub game_id: String,
}
impl Event for GameStarted {
    const KIND: &'static str = GAME_STARTED;
}

/// `CARD_PLAYED`: a player's cards went to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardPlayed {
    /// The acting player.
    pub player_id: PlayerId,
    /// The cards played.
    pub card_ids: CardIds,
}
impl Event for CardPlayed {
    const KIND: &'static str = CARD_PLAYED;
}

/// `GAME_WON`: the game has winners.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameWon {
    /// The winners.
    pub winner_ids: Vec<PlayerId>,
}
impl Event for GameWon {
    const KIND: &'static str = GAME_WON;
}

/// `GAME_FINISHED`: the game is over (status `finished`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFinished {
    /// The winners, if any.
    pub winner_ids: Vec<PlayerId>,
}
impl Event for GameFinished {
    const KIND: &'static str = GAME_FINISHED;
}

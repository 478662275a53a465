//! Engine-wide action and event kinds that every game shares.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::event::Event;
use crate::ids::{CardId, PlayerId};
use crate::state::GameState;

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
/// use decklet_core::PlayCard;
/// let play = PlayCard::new("p1", ["uno-red-7-a"]);
/// assert_eq!(serde_json::to_value(&play)?,
///            serde_json::json!({"playerId": "p1", "cardIds": ["uno-red-7-a"]}));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayCard {
    /// The acting player.
    pub player_id: PlayerId,
    /// The cards played.
    pub card_ids: Vec<CardId>,
}

impl PlayCard {
    /// A `PLAY_CARD` action.
    pub fn new<I, C>(player: impl Into<PlayerId>, cards: I) -> Self
    where
        I: IntoIterator<Item = C>,
        C: Into<CardId>,
    {
        PlayCard {
            player_id: player.into(),
            card_ids: cards.into_iter().map(Into::into).collect(),
        }
    }
}

impl Action for PlayCard {
    const KIND: &'static str = PLAY_CARD_ACTION;
    fn player_id(&self) -> Option<&PlayerId> {
        Some(&self.player_id)
    }
    fn locate_ids(&mut self, state: &GameState) {
        state.locate_player(&mut self.player_id);
        for card in &mut self.card_ids {
            state.locate_card(card);
        }
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
    pub card_ids: Vec<CardId>,
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

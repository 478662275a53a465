//! Engine-wide action and event kinds that every game shares.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::event::Event;
use crate::ids::{CardId, CardIds, PlayerId};
use crate::move_code::MoveCode;

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
    /// The code of a play of one card ([`Action::to_code`]), written without making
    /// the action: what a plugin that lists many plays pushes
    /// ([`Moves::push_code`](crate::Moves::push_code)).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let (p, c) = (PlayerId::from_index(2), CardId::from_index(40));
    /// assert_eq!(PlayCard::code_of_one(p, c), PlayCard::new(p, [c]).to_code());
    /// ```
    #[inline]
    pub fn code_of_one(player: PlayerId, card: CardId) -> Option<u64> {
        let (p, c) = (player.index() as u64, card.index() as u64);
        let fits = p >> crate::move_code::PLAYER_BITS == 0 && c >> crate::move_code::CARD_BITS == 0;
        fits.then_some(
            p | 1 << crate::move_code::PLAYER_BITS | c << (crate::move_code::PLAYER_BITS + 2),
        )
    }

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
    /// The player, how many cards (at most two: a play of more has no code) and each.
    #[inline]
    fn to_code(&self) -> Option<u64> {
        let cards = self.card_ids.as_slice();
        if cards.len() > 2 {
            return None;
        }
        let mut code = MoveCode::new()
            .player(self.player_id)?
            .put(cards.len() as u64, 2)?;
        for card in cards {
            code = code.card(*card)?;
        }
        Some(code.code())
    }
    #[inline]
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        let player_id = fields.player();
        let mut card_ids = CardIds::new();
        for _ in 0..fields.take(2) {
            card_ids.push(fields.card());
        }
        Some(PlayCard {
            player_id,
            card_ids,
        })
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

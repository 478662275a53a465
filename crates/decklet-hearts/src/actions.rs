//! Hearts' own action (a play is the engine's `PLAY_CARD`), passing a card, and its
//! events: a card chosen to pass, the passed cards handed over, a trick taken.

use decklet_core::{Action, CardId, CardIds, Event, MoveCode, PlayerId};
use serde::{Deserialize, Serialize};

/// Kind of [`PassCard`].
pub const HEARTS_PASS_ACTION: &str = "HEARTS_PASS";
/// Kind of [`CardChosen`].
pub const HEARTS_CARD_CHOSEN: &str = "HEARTS_CARD_CHOSEN";
/// Kind of [`CardsPassed`].
pub const HEARTS_CARDS_PASSED: &str = "HEARTS_CARDS_PASSED";
/// Kind of [`TrickTaken`].
pub const HEARTS_TRICK_TAKEN: &str = "HEARTS_TRICK_TAKEN";

/// `HEARTS_PASS`: the current player chooses one more card to pass (three each, one at
/// a time, seat after seat, as OpenSpiel's players do).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PassCard {
    /// The passing player.
    pub player_id: PlayerId,
    /// The card, from their hand.
    pub card_id: CardId,
}

impl Action for PassCard {
    const KIND: &'static str = HEARTS_PASS_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(
            MoveCode::new()
                .player(self.player_id)?
                .card(self.card_id)?
                .code(),
        )
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        Some(PassCard {
            player_id: fields.player(),
            card_id: fields.card(),
        })
    }
}

/// `HEARTS_CARD_CHOSEN`: a player put a card aside to pass. Only they hear which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardChosen {
    /// The passing player.
    pub player_id: PlayerId,
    /// The card (empty for everyone else).
    pub card_ids: CardIds,
}

impl Event for CardChosen {
    const KIND: &'static str = HEARTS_CARD_CHOSEN;
    fn view_for(&self, viewer: PlayerId) -> Self {
        if viewer == self.player_id {
            self.clone()
        } else {
            CardChosen {
                card_ids: CardIds::new(),
                ..self.clone()
            }
        }
    }
}

/// `HEARTS_CARDS_PASSED`: a player's three cards went to the player they pass to. The
/// two of them hear which; the others hear that three cards went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardsPassed {
    /// Who passed.
    pub player_id: PlayerId,
    /// Who received.
    pub to_player_id: PlayerId,
    /// The cards (empty for the others).
    pub card_ids: CardIds,
}

impl Event for CardsPassed {
    const KIND: &'static str = HEARTS_CARDS_PASSED;
    fn view_for(&self, viewer: PlayerId) -> Self {
        if viewer == self.player_id || viewer == self.to_player_id {
            self.clone()
        } else {
            CardsPassed {
                card_ids: CardIds::new(),
                ..self.clone()
            }
        }
    }
}

/// `HEARTS_TRICK_TAKEN`: the highest card of the suit led took the trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrickTaken {
    /// Who took it (and leads next).
    pub player_id: PlayerId,
    /// Its cards, in the order played.
    pub card_ids: CardIds,
    /// The points in it.
    pub points: i64,
}

impl Event for TrickTaken {
    const KIND: &'static str = HEARTS_TRICK_TAKEN;
}

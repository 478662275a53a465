//! Crazy Eights' own actions (a play is the engine's `PLAY_CARD`): drawing, passing and
//! naming the suit after an eight.

use decklet_core::{Action, MoveCode, PlayerId};

use crate::cards::SUITS;
use serde::{Deserialize, Serialize};

/// Kind of [`Draw`].
pub const C8_DRAW_ACTION: &str = "C8_DRAW";
/// Kind of [`Pass`].
pub const C8_PASS_ACTION: &str = "C8_PASS";
/// Kind of [`Nominate`].
pub const C8_NOMINATE_ACTION: &str = "C8_NOMINATE";

/// `C8_DRAW`: the current player draws a card (or, when twos are pending, every card
/// they add up to, and the turn ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draw {
    /// The drawing player.
    pub player_id: PlayerId,
}

impl Action for Draw {
    const KIND: &'static str = C8_DRAW_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(Draw {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// `C8_PASS`: the current player ends their turn without playing (allowed once they
/// drew the most cards a turn allows, or when the deck is empty).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pass {
    /// The passing player.
    pub player_id: PlayerId,
}

impl Action for Pass {
    const KIND: &'static str = C8_PASS_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(Pass {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// `C8_NOMINATE`: the player who just played an eight names the suit to match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Nominate {
    /// The player who played the eight.
    pub player_id: PlayerId,
    /// The suit, as the standard deck names it: `club`, `diamond`, `heart`, `spade`.
    pub suit: String,
}

impl Action for Nominate {
    const KIND: &'static str = C8_NOMINATE_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    /// The player and the suit (one of the four; another has no code).
    fn to_code(&self) -> Option<u64> {
        let suit = SUITS.iter().position(|s| *s == self.suit)?;
        Some(
            MoveCode::new()
                .player(self.player_id)?
                .put(suit as u64, 2)?
                .code(),
        )
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        let player_id = fields.player();
        let suit = SUITS.get(fields.take(2) as usize)?;
        Some(Nominate {
            player_id,
            suit: (*suit).into(),
        })
    }
}

//! UNO events and their kind constants (payload fields as in the reference).

use decklet_core::{CardId, CardIds, Event, PlayerId, SmolStr};
use serde::{Deserialize, Serialize};

use crate::cards::UnoColor;

/// Kind of [`UnoCardPlayed`].
pub const UNO_CARD_PLAYED: &str = "UNO_CARD_PLAYED";
/// Kind of [`UnoColorChanged`].
pub const UNO_COLOR_CHANGED: &str = "UNO_COLOR_CHANGED";
/// Kind of [`UnoColorChosen`].
pub const UNO_COLOR_CHOSEN: &str = "UNO_COLOR_CHOSEN";
/// Kind of [`UnoPlayerSkipped`].
pub const UNO_PLAYER_SKIPPED: &str = "UNO_PLAYER_SKIPPED";
/// Kind of [`UnoPlayerReversed`].
pub const UNO_PLAYER_REVERSED: &str = "UNO_PLAYER_REVERSED";
/// Kind of [`UnoDrawTwo`].
pub const UNO_DRAW_TWO: &str = "UNO_DRAW_TWO";
/// Kind of [`UnoDrawFour`].
pub const UNO_DRAW_FOUR: &str = "UNO_DRAW_FOUR";
/// Kind of [`UnoGameWon`].
pub const UNO_GAME_WON: &str = "UNO_GAME_WON";
/// Kind of [`UnoInitialFlipped`].
pub const UNO_INITIAL_FLIPPED: &str = "UNO_INITIAL_FLIPPED";

/// `UNO_CARD_PLAYED`: an UNO card went from a hand onto the discard pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoCardPlayed {
    /// Who played.
    pub player_id: PlayerId,
    /// The card.
    pub card_id: CardId,
    /// Its type (`number`, `skip`, …).
    pub card_type: SmolStr,
    /// Its colour (`None` for wilds).
    pub color: Option<UnoColor>,
}
impl Event for UnoCardPlayed {
    const KIND: &'static str = UNO_CARD_PLAYED;
}

/// `UNO_COLOR_CHANGED`: the colour in force changed (a coloured card was played, a
/// colour was chosen, or the initial card was flipped — then `playerId` is absent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoColorChanged {
    /// The colour now in force.
    pub color: UnoColor,
    /// Who caused it, if a player did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<PlayerId>,
}
impl Event for UnoColorChanged {
    const KIND: &'static str = UNO_COLOR_CHANGED;
}

/// `UNO_COLOR_CHOSEN`: a player chose the colour after a wild; `cardType` says which
/// wild (`wild` or `wild_draw4`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoColorChosen {
    /// Who chose.
    pub player_id: PlayerId,
    /// The colour chosen.
    pub color: UnoColor,
    /// `wild` or `wild_draw4`.
    pub card_type: SmolStr,
}
impl Event for UnoColorChosen {
    const KIND: &'static str = UNO_COLOR_CHOSEN;
}

/// `UNO_PLAYER_SKIPPED { skippedPlayerId }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoPlayerSkipped {
    /// The player who loses their turn.
    pub skipped_player_id: PlayerId,
}
impl Event for UnoPlayerSkipped {
    const KIND: &'static str = UNO_PLAYER_SKIPPED;
}

/// `UNO_PLAYER_REVERSED { newDirection }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoPlayerReversed {
    /// The direction after the reverse: 1 or -1.
    pub new_direction: i64,
}
impl Event for UnoPlayerReversed {
    const KIND: &'static str = UNO_PLAYER_REVERSED;
}

/// `UNO_DRAW_TWO { targetPlayerId, count: 2 }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoDrawTwo {
    /// Who draws.
    pub target_player_id: PlayerId,
    /// Always 2.
    pub count: u32,
}
impl Event for UnoDrawTwo {
    const KIND: &'static str = UNO_DRAW_TWO;
}

/// `UNO_DRAW_FOUR { targetPlayerId, count: 4 }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoDrawFour {
    /// Who draws.
    pub target_player_id: PlayerId,
    /// Always 4.
    pub count: u32,
}
impl Event for UnoDrawFour {
    const KIND: &'static str = UNO_DRAW_FOUR;
}

/// `UNO_GAME_WON { winnerIds }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoGameWon {
    /// The winners.
    pub winner_ids: Vec<PlayerId>,
}
impl Event for UnoGameWon {
    const KIND: &'static str = UNO_GAME_WON;
}

/// `UNO_INITIAL_FLIPPED { cardIds, color }` (ours): the cards turned over
/// to start the discard pile, the last one a number card whose colour is now in force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoInitialFlipped {
    /// The flipped cards, in order; the last is the discard top.
    pub card_ids: CardIds,
    /// The colour in force.
    pub color: UnoColor,
}
impl Event for UnoInitialFlipped {
    const KIND: &'static str = UNO_INITIAL_FLIPPED;
}

//! What the browser table shows besides the engine's view, in words, each built from
//! what the viewer may see: the zones as the viewer's information state holds them
//! (the cards of those it sees, in the game's words, the size of the others), the
//! game's facts in words (read from the same information state), and a seat's own
//! hand.

use decklet_core::{CardId, GameState, InfoState, PlayerId};
use serde::Serialize;

use crate::spec::GameKind;

/// A card of the viewer's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    /// Its id.
    pub id: String,
    /// In words: `red 7`, `wild`, `Q♥`.
    pub label: String,
}

/// A zone as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ZoneLine {
    /// Its id (`hearts:trick`, `deck`, `hand:p2`).
    pub id: String,
    /// Its type (`hand`, `deck`, `trick`).
    #[serde(rename = "type")]
    pub zone_type: String,
    /// The seat that owns it, if a seat does.
    pub owner: Option<usize>,
    /// How many cards it holds.
    pub size: usize,
    /// Its cards in the game's words, in order, when the viewer sees them.
    pub cards: Option<Vec<String>>,
}

/// A card in the game's words.
fn card_words(kind: &GameKind, info: &InfoState, card: CardId) -> String {
    info.card(card).map_or_else(
        || info.id_text(card).into_owned(),
        |c| kind.loaded.def().describe_card(c),
    )
}

/// Every zone as `info`'s seat sees it (`players`: each seat's player, in seat order).
pub fn zones(kind: &GameKind, info: &InfoState, players: &[PlayerId]) -> Vec<ZoneLine> {
    info.zones()
        .filter_map(|zone| {
            let def = info.zone(zone)?;
            Some(ZoneLine {
                id: def.id.to_string(),
                zone_type: def.zone_type.to_string(),
                owner: def.owner.and_then(|o| players.iter().position(|p| *p == o)),
                size: info.zone_size(zone),
                cards: info
                    .zone_cards(zone)
                    .map(|cards| cards.iter().map(|c| card_words(kind, info, *c)).collect()),
            })
        })
        .collect()
}

/// The game's facts in words, as `info`'s seat may know them (`suit to match:
/// hearts`, `colour in force: red`).
pub fn facts(kind: &GameKind, info: &InfoState) -> Vec<String> {
    kind.loaded.def().describe_table(info)
}

/// `seat`'s own hand, in words (its owner's eyes only), in the game's card order
/// (the order its deck defines them: by colour or suit, then rank, as a person sorts a
/// hand).
pub fn hand(kind: &GameKind, state: &GameState, seat: PlayerId) -> Vec<HandCard> {
    let info = state.info_state(seat);
    let mut cards = info.hand().to_vec();
    cards.sort();
    cards
        .iter()
        .map(|card| HandCard {
            id: info.id_text(*card).into_owned(),
            label: card_words(kind, &info, *card),
        })
        .collect()
}

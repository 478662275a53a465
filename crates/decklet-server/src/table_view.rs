//! What the browser table shows besides the engine's view, in words, each built from
//! what the viewer may see: the zones as the viewer's information state holds them
//! (the top cards of those it sees, in the game's words, and every zone's size), the
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
    /// Its top cards in the game's words, at most [`ZONE_CARDS_SHOWN`], in order (the
    /// last on top), when the viewer sees them.
    pub cards: Option<Vec<String>>,
}

/// The most cards a zone line names: its top ones, as a table shows a pile. Every
/// `update` names them, to every viewer: named in full, a discard pile made each
/// message grow with the game for cards no table shows.
pub const ZONE_CARDS_SHOWN: usize = 8;

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
                cards: info.zone_cards(zone).map(|cards| {
                    let top = cards.len().saturating_sub(ZONE_CARDS_SHOWN);
                    let shown = cards.get(top..).unwrap_or_default();
                    shown.iter().map(|c| card_words(kind, info, *c)).collect()
                }),
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

#[cfg(test)]
mod tests {
    use super::*;
    use decklet_bots::{RandomBot, ask};
    use decklet_catalog::Catalog;
    use decklet_core::Moves;

    /// A pile of many cards is named by its top ones, the last on top, and its size.
    #[test]
    fn a_zone_line_names_the_top_cards_of_a_pile_and_its_size() {
        let catalog = Catalog::standard();
        let loaded = catalog.load("crazy_eights").unwrap();
        let kind = GameKind {
            loaded: loaded.clone(),
            catalog: catalog.clone(),
        };
        let mut engine = loaded.new_engine(3, 2).unwrap();
        let (mut bot, mut moves) = (RandomBot::new(1), Moves::new());
        let players: Vec<PlayerId> = engine.state().seat_order().to_vec();
        let mut longest = 0;
        for _ in 0..400 {
            let Some(seat) = engine.state().current_player() else {
                break;
            };
            let Some(pick) = ask(&mut bot, &engine, seat, &mut moves) else {
                break;
            };
            engine.dispatch_move(&moves, pick).unwrap();
            let info = engine.state().info_state(players[0]);
            for line in zones(&kind, &info, &players) {
                let Some(cards) = &line.cards else {
                    continue;
                };
                assert_eq!(cards.len(), line.size.min(ZONE_CARDS_SHOWN), "{line:?}");
                if line.zone_type != "hand" && line.size > 0 {
                    let zone = info
                        .zones()
                        .find(|z| info.zone(*z).is_some_and(|d| d.id.as_str() == line.id))
                        .unwrap();
                    let top = info.top(zone).unwrap();
                    assert_eq!(
                        cards.last(),
                        Some(&card_words(&kind, &info, top)),
                        "{line:?}"
                    );
                    longest = longest.max(line.size);
                }
            }
        }
        assert!(
            longest > ZONE_CARDS_SHOWN,
            "no pile grew past {ZONE_CARDS_SHOWN}"
        );
    }
}

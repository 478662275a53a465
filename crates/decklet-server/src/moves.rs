//! What a seat may do, as the server lists it: each move a game lists for the seat
//! now, with words for a person. A client names a move by its index in this list,
//! never by an engine action: nothing else is reachable from a client.

use decklet_core::{ActionRef, CardId, GameState, Moves, PlayCard, PlayerId};
use serde_json::Value;

use crate::spec::GameKind;

/// One listed move.
pub struct Listed {
    /// In words: `play red 7`, `draw a card`, `name hearts`.
    pub label: String,
    /// The card of the seat's hand it plays or passes, if it names exactly one (what
    /// a table makes clickable).
    pub card: Option<CardId>,
}

/// The moves `seat` may make now in `state` (in turn or, where the rules allow, out
/// of turn), in the game's own order; players are named by `names` (in player order).
pub fn listed_moves(
    kind: &GameKind,
    state: &GameState,
    seat: PlayerId,
    names: &[String],
) -> Vec<Listed> {
    let mut moves = Moves::new();
    kind.game().legal_moves(state, seat, &mut moves);
    moves
        .each(|action| Listed {
            label: with_names(
                &kind.loaded.def().describe_move(state, action),
                state,
                names,
            ),
            card: card_of(state, seat, action),
        })
        .collect()
}

/// The one card of `seat`'s hand that `action` names (a `PLAY_CARD` of one card, or
/// any move whose payload names one card as `cardId` or `cardIds`), if it names one.
fn card_of(state: &GameState, seat: PlayerId, action: ActionRef<'_>) -> Option<CardId> {
    let card = match action.downcast_ref::<PlayCard>() {
        Some(play) => match play.card_ids.as_slice() {
            [card] => *card,
            _ => return None,
        },
        None => {
            let json = state.json_of(&action).ok()?;
            let payload = &json["payload"];
            let text = match (&payload["cardId"], &payload["cardIds"]) {
                (Value::String(text), _) => text.as_str(),
                (_, Value::Array(ids)) if ids.len() == 1 => ids.first()?.as_str()?,
                _ => return None,
            };
            state.card_id(text)?
        }
    };
    state.hand(seat).contains(&card).then_some(card)
}

/// `label` with each word that is a player's id (`p2`, `p2's`) put as that player's
/// name at the table.
fn with_names(label: &str, state: &GameState, names: &[String]) -> String {
    let name_of = |word: &str| {
        let player = state.player_id(word)?;
        names.get(player.index())
    };
    label
        .split(' ')
        .map(|word| {
            let (stem, tail) = match word.strip_suffix("'s") {
                Some(stem) => (stem, "'s"),
                None => (word, ""),
            };
            match name_of(stem) {
                Some(name) => format!("{name}{tail}"),
                None => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_names_players_as_the_table_does() {
        let catalog = decklet_catalog::Catalog::standard();
        let loaded = catalog.load("uno").unwrap();
        let engine = loaded.new_engine(1, 3).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let state = engine.state();
        assert_eq!(
            with_names("swap hands with p2", state, &names),
            "swap hands with Bob"
        );
        assert_eq!(
            with_names("take p3's hand", state, &names),
            "take Cy's hand"
        );
        assert_eq!(with_names("play red 7", state, &names), "play red 7");
        assert_eq!(with_names("catch p9", state, &names), "catch p9");
    }
}

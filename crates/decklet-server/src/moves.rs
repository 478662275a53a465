//! What a seat may do, as the server lists it: each move a game lists for the seat
//! now, with words for a person. A client names a move by its index in this list,
//! never by an engine action: nothing else is reachable from a client.

use decklet_core::{AnyAction, GameState, PlayerId};
use decklet_uno::LegalAction;

use crate::spec::GameKind;

/// One listed move.
pub struct Listed {
    /// In words: `play red 7`, `draw a card`, `name hearts`.
    pub label: String,
    /// The engine action it is.
    pub action: AnyAction,
}

/// The moves `seat` may make now in `state` (in turn or, where the rules allow, out
/// of turn), in the game's own order; players are named by `names` (in player order).
pub fn listed_moves(
    kind: &GameKind,
    state: &GameState,
    seat: PlayerId,
    names: &[String],
) -> Vec<Listed> {
    match kind {
        GameKind::Uno { .. } => decklet_uno::legal_actions(state, seat)
            .into_iter()
            .map(|legal| Listed {
                label: uno_label(state, &legal, names),
                action: legal.to_action(seat),
            })
            .collect(),
        GameKind::Catalogued { loaded, .. } => {
            let mut moves = Vec::new();
            loaded.game().legal_moves(state, seat, &mut moves);
            moves
                .into_iter()
                .map(|action| Listed {
                    label: loaded.def().describe_move(state, &action),
                    action,
                })
                .collect()
        }
    }
}

/// An UNO move in words, its players by name.
fn uno_label(state: &GameState, legal: &LegalAction, names: &[String]) -> String {
    let name = |p: PlayerId| {
        names
            .get(p.index())
            .cloned()
            .unwrap_or_else(|| state.id_text(p).into_owned())
    };
    match legal {
        LegalAction::Draw => "draw a card".to_string(),
        LegalAction::EndTurn => "pass".to_string(),
        LegalAction::SwapHands(target) => format!("take {}'s hand", name(*target)),
        LegalAction::CatchUno(target) => format!("catch {} (no UNO called)", name(*target)),
        other => other.describe(state),
    }
}

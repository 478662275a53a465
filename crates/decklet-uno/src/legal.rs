//! [`legal_actions`]: exactly the external actions `dispatch` would accept now.
//!
//! It reads the same state and calls the same playability check as the rules, so the
//! two cannot drift apart; a property test dispatches every candidate to prove it.

use decklet_core::{AnyAction, CardId, GameState, GameStatus, PlayCard, PlayerId};
use decklet_plugins::{create_draw_card_action, create_end_turn_action};

use crate::actions::ChooseColor;
use crate::cards::UnoColor;
use crate::state::{Playability, card_view, drawn_this_turn, is_color_pending};

/// A move a player can make in UNO.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LegalAction {
    /// `PLAY_CARD` with this card.
    Play(CardId),
    /// `CHOOSE_COLOR` with this colour.
    ChooseColor(UnoColor),
    /// `DRAW_CARD` of one card.
    Draw,
    /// `END_TURN`.
    EndTurn,
}

impl LegalAction {
    /// The engine action for `player`.
    pub fn to_action(&self, player: &PlayerId) -> AnyAction {
        match self {
            LegalAction::Play(card) => {
                AnyAction::new(PlayCard::new(player.clone(), [card.clone()]))
            }
            LegalAction::ChooseColor(color) => {
                AnyAction::new(ChooseColor::new(player.clone(), *color))
            }
            LegalAction::Draw => AnyAction::new(create_draw_card_action(player.clone(), 1)),
            LegalAction::EndTurn => AnyAction::new(create_end_turn_action(player.clone())),
        }
    }

    /// A short description, e.g. `play red 7`, `choose green`, `draw`, `end turn`.
    pub fn describe(&self, state: &GameState) -> String {
        match self {
            LegalAction::Play(card) => match card_view(state, card) {
                Some(view) => format!("play {view}"),
                None => format!("play {card}"),
            },
            LegalAction::ChooseColor(color) => format!("choose {color}"),
            LegalAction::Draw => "draw".to_string(),
            LegalAction::EndTurn => "end turn".to_string(),
        }
    }
}

/// The external actions `player` may make now (empty when it is not their move).
///
/// ```
/// use decklet_uno::{legal_actions, new_uno_engine, LegalAction};
/// let engine = new_uno_engine(7, 3)?;
/// let first = engine.state().current_player_id.clone().unwrap_or_default();
/// let moves = legal_actions(engine.state(), &first);
/// assert!(moves.contains(&LegalAction::Draw));
/// assert!(legal_actions(engine.state(), &"nobody".into()).is_empty());
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn legal_actions(state: &GameState, player: &PlayerId) -> Vec<LegalAction> {
    let mut out = Vec::new();
    legal_actions_into(state, player, &mut out);
    out
}

/// [`legal_actions`] into a buffer you reuse (cleared first): no allocation per call
/// once the buffer has grown.
pub fn legal_actions_into(state: &GameState, player: &PlayerId, out: &mut Vec<LegalAction>) {
    out.clear();
    if state.status != GameStatus::Playing || !state.winners.is_empty() {
        return;
    }
    if state.current_player_id.as_ref() != Some(player) {
        return;
    }
    if is_color_pending(state) {
        out.extend(UnoColor::ALL.map(LegalAction::ChooseColor));
        return;
    }
    let playability = Playability::of(state, player);
    let playable = |card: &CardId| playability.as_ref().is_some_and(|p| p.playable(card));
    match drawn_this_turn(state, player) {
        Some(drawn) => {
            if let Some(card) = drawn
                && playable(&card)
            {
                out.push(LegalAction::Play(card));
            }
            out.push(LegalAction::EndTurn);
        }
        None => {
            if let Some(hand) = state.hand(player) {
                match playability
                    .as_ref()
                    .and_then(|p| p.playable_bits(&hand.cards))
                {
                    Some(mut bits) => {
                        while bits != 0 {
                            let k = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            if let Some(card) = hand.cards.get(k) {
                                out.push(LegalAction::Play(card.clone()));
                            }
                        }
                    }
                    None => {
                        for card in &hand.cards {
                            if playable(card) {
                                out.push(LegalAction::Play(card.clone()));
                            }
                        }
                    }
                }
            }
            out.push(LegalAction::Draw);
        }
    }
}

/// Every move worth trying for `player`, legal or not: each card in hand, each colour,
/// draw and end turn (what the property tests dispatch to check [`legal_actions`]).
pub fn candidate_actions(state: &GameState, player: &PlayerId) -> Vec<LegalAction> {
    let mut out: Vec<LegalAction> = state
        .hand(player)
        .map(|hand| hand.cards.iter().cloned().map(LegalAction::Play).collect())
        .unwrap_or_default();
    out.extend(UnoColor::ALL.map(LegalAction::ChooseColor));
    out.push(LegalAction::Draw);
    out.push(LegalAction::EndTurn);
    out
}

//! [`legal_actions`]: exactly the external actions `dispatch` would accept now.
//!
//! It reads the same state and calls the same playability check as the rules, so the
//! two cannot drift apart; a property test dispatches every candidate to prove it.

use decklet_core::{AnyAction, CardId, GameState, GameStatus, PlayCard, PlayerId};
use decklet_plugins::{create_draw_card_action, create_end_turn_action};

use crate::actions::ChooseColor;
use crate::cards::UnoColor;
use crate::state::{Playability, card_view, drawn_card_this_turn, is_color_pending};

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
    match Moves::of(state, player) {
        Moves::Nothing => {}
        Moves::ChooseColor => out.extend(UnoColor::ALL.map(LegalAction::ChooseColor)),
        Moves::AfterDraw { playable } => {
            if let Some(card) = playable {
                out.push(LegalAction::Play(card.clone()));
            }
            out.push(LegalAction::EndTurn);
        }
        Moves::Turn { hand, playable } => {
            out.extend(
                playable
                    .positions()
                    .filter_map(|k| hand.get(k))
                    .cloned()
                    .map(LegalAction::Play),
            );
            out.push(LegalAction::Draw);
        }
    }
}

/// What `player` may do now, read once from the state: what [`legal_actions_into`]
/// lists, and what a bot can choose from without listing it.
pub(crate) enum Moves<'s> {
    /// Not this player's move (or the game is not being played).
    Nothing,
    /// A colour must be chosen: the four colours.
    ChooseColor,
    /// The player drew this turn: the drawn card if it may be played, then `END_TURN`.
    AfterDraw { playable: Option<&'s CardId> },
    /// A fresh turn: the playable cards of the hand in hand order, then `DRAW_CARD`.
    Turn {
        hand: &'s [CardId],
        playable: Positions,
    },
}

/// Positions in a hand, in order.
pub(crate) enum Positions {
    /// Bit `k` set: position `k` (hands of up to 64 cards).
    Bits(u64),
    /// Any hand.
    List(Vec<usize>),
}

impl Positions {
    /// How many positions.
    pub(crate) fn len(&self) -> usize {
        match self {
            Positions::Bits(bits) => bits.count_ones() as usize,
            Positions::List(list) => list.len(),
        }
    }

    /// The `n`-th position, in order.
    pub(crate) fn nth(&self, n: usize) -> Option<usize> {
        match self {
            Positions::Bits(bits) => {
                let mut bits = *bits;
                for _ in 0..n {
                    bits &= bits.wrapping_sub(1);
                }
                (bits != 0).then(|| bits.trailing_zeros() as usize)
            }
            Positions::List(list) => list.get(n).copied(),
        }
    }

    /// Every position, in order.
    pub(crate) fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        let (bits, list) = match self {
            Positions::Bits(bits) => (*bits, &[][..]),
            Positions::List(list) => (0, list.as_slice()),
        };
        std::iter::successors((bits != 0).then_some(bits), |b| {
            let next = b & (b - 1);
            (next != 0).then_some(next)
        })
        .map(|b| b.trailing_zeros() as usize)
        .chain(list.iter().copied())
    }
}

impl<'s> Moves<'s> {
    /// Reads the moves of `player` from the state.
    pub(crate) fn of(state: &'s GameState, player: &'s PlayerId) -> Moves<'s> {
        if state.status != GameStatus::Playing || !state.winners.is_empty() {
            return Moves::Nothing;
        }
        if state.current_player_id.as_ref() != Some(player) {
            return Moves::Nothing;
        }
        if is_color_pending(state) {
            return Moves::ChooseColor;
        }
        let playability = Playability::of(state, player);
        let playable = |card: &CardId| playability.as_ref().is_some_and(|p| p.playable(card));
        if let Some(drawn) = drawn_card_this_turn(state, player) {
            return Moves::AfterDraw {
                playable: drawn.filter(|card| playable(card)),
            };
        }
        let hand = state
            .hand(player)
            .map_or(&[][..], |hand| hand.cards.as_slice());
        let positions = match playability.as_ref().and_then(|p| p.playable_bits(hand)) {
            Some(bits) => Positions::Bits(bits),
            None => Positions::List(
                (0..hand.len())
                    .filter(|&k| hand.get(k).is_some_and(playable))
                    .collect(),
            ),
        };
        Moves::Turn {
            hand,
            playable: positions,
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

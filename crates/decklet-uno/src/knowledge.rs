//! [`HandKnowledge`]: what one seat learns of the other hands from the public moves.
//!
//! A player who draws instead of playing, under a policy that plays whenever it can
//! (`HeuristicBot`'s, and the search bot's own playouts), held no card that was playable
//! then: no card of the colour in force, none of the top card's face, no wild. If they
//! then end their turn, the card they drew was no better. Cards they are given later
//! (a penalty, another draw) may be anything. The seat keeps, per player, the set of
//! cards playable at their last such draw and how many of the cards they hold are known
//! to be outside it; [`HandKnowledge::limits`] turns that into [`ZoneLimit`]s for
//! [`InfoState::determinize`].
//!
//! A player who plays a wild draw four held no card of the colour in force: the rules
//! say so, and under the wild draw four challenge an honest player (`HeuristicBot`
//! mostly is: it bluffs only against a next player close to winning) still plays it
//! that way; the seat keeps that as it keeps a draw.
//!
//! Against a player who draws although they could play (`RandomBot`), or who bluffs,
//! the inference is wrong: a search bot that may meet one can leave it off
//! ([`IsmctsConfig::infer_from_draws`](crate::IsmctsConfig)).

use decklet_core::{CardSet, InfoState, PlayerId, ZoneLimit};

use crate::cards::UnoFace;
use crate::legal_action::LegalAction;
use crate::state::{UNO_VAR_CURRENT_COLOR, seen_uno_table};

/// What is known of one player's hand.
#[derive(Clone, Debug)]
struct Known {
    player: PlayerId,
    /// The cards that were playable at their last draw instead of a play.
    playable: CardSet,
    /// How many of the cards they hold are known to be outside `playable`.
    clean: usize,
    /// The turn of that draw (while it lasts, ending the turn clears the drawn card).
    turn: u64,
}

/// What a seat has learnt of the other hands from the moves it has seen
/// ([`observe`](Self::observe)); see the module's documentation.
///
/// ```
/// use decklet_uno::{HandKnowledge, LegalAction, legal_actions, new_uno_engine, uno_game};
/// let engine = new_uno_engine(&uno_game(&[])?, 3, 2)?;
/// let state = engine.state();
/// let (me, other) = (state.seat_order()[1], state.seat_order()[0]);
/// let mut knowledge = HandKnowledge::default();
/// assert!(knowledge.limits(&state.info_state(me)).is_empty());
/// knowledge.observe(&state.info_state(me), other, LegalAction::Draw);
/// // the player who drew holds none of the cards that were playable
/// let limits = knowledge.limits(&state.info_state(me));
/// assert_eq!(limits.len(), 1);
/// assert_eq!(limits[0].at_most, 0);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct HandKnowledge {
    /// The game it is about, and the last turn seen (a new game starts afresh).
    game: Option<(String, u64)>,
    known: Vec<Known>,
}

impl HandKnowledge {
    /// Learns from `player` about to make `action` in the position `view` shows.
    pub fn observe(&mut self, view: &InfoState, player: PlayerId, action: LegalAction) {
        let turn = view.turn();
        let same_game = self
            .game
            .as_ref()
            .is_some_and(|(id, last)| id == view.game_id() && *last <= turn);
        if !same_game {
            self.known.clear();
            self.game = Some((view.game_id().to_string(), turn));
        } else if let Some((_, last)) = &mut self.game {
            *last = turn;
        }
        let Some(table) = seen_uno_table(view) else {
            return;
        };
        let rules = table.rules;
        if rules.seven_zero || rules.stacking.is_some() {
            // hands change places, or a draw answers a penalty: nothing to learn
            self.known.clear();
            return;
        }
        if player == view.seat() {
            return;
        }
        let size = view.hand_size(player);
        let at = self.known.iter().position(|k| k.player == player);
        match action {
            LegalAction::Draw => {
                let (Some(color), Some(top)) = (
                    view.variable(&UNO_VAR_CURRENT_COLOR),
                    view.top(table.discard),
                ) else {
                    return;
                };
                let top = table.card(top).map(|c| c.face);
                let playable: CardSet = view
                    .cards()
                    .ids()
                    .filter(|c| table.card(*c).is_some_and(|card| card.matches(color, top)))
                    .collect();
                let known = Known {
                    player,
                    playable,
                    clean: size,
                    turn,
                };
                match at.and_then(|i| self.known.get_mut(i)) {
                    Some(slot) => *slot = known,
                    None => self.known.push(known),
                }
            }
            LegalAction::EndTurn => {
                // the card drawn this turn was not playable either
                if let Some(known) = at.and_then(|i| self.known.get_mut(i))
                    && known.turn == turn
                    && !rules.draw_until_playable
                {
                    known.clean = size;
                }
            }
            LegalAction::Play(card)
                if table.card(card).map(|c| c.face) == Some(UnoFace::WildDraw4) =>
            {
                // a wild draw four is played without a card of the colour in force: so
                // the rules say, and so honest players play it under the challenge
                let Some(color) = view.variable(&UNO_VAR_CURRENT_COLOR) else {
                    return;
                };
                let held: CardSet = view
                    .cards()
                    .ids()
                    .filter(|c| table.card(*c).is_some_and(|card| card.color == Some(color)))
                    .collect();
                let known = Known {
                    player,
                    playable: held,
                    clean: size.saturating_sub(1),
                    turn,
                };
                match at.and_then(|i| self.known.get_mut(i)) {
                    Some(slot) => *slot = known,
                    None => self.known.push(known),
                }
            }
            LegalAction::Play(card) => {
                if let Some(known) = at.and_then(|i| self.known.get_mut(i)) {
                    known.clean = match known.playable.contains(card) {
                        // not one of the known cards
                        true => known.clean.min(size.saturating_sub(1)),
                        false => known.clean.saturating_sub(1),
                    };
                }
            }
            LegalAction::SwapHands(_) => self.known.clear(),
            _ => {}
        }
    }

    /// The limits on the other hands that follow from what was learnt, for `view`'s
    /// position: each player holds at most (hand size − known clean cards) of the cards
    /// that were playable at their last draw.
    pub fn limits(&self, view: &InfoState) -> Vec<ZoneLimit> {
        self.known
            .iter()
            .filter_map(|known| {
                let zone = view.hand_zone(known.player)?;
                let size = view.hand_size(known.player);
                let at_most = size - known.clean.min(size);
                (at_most < size && known.player != view.seat()).then(|| ZoneLimit {
                    zone,
                    cards: known.playable.clone(),
                    at_most,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{RandomBot, ask_bot};
    use crate::sim::{new_uno_engine, uno_game};

    /// After a draw and an ended turn, every card of the hand is outside the set; a
    /// play of a card outside it may have been one of them.
    #[test]
    fn a_draw_then_a_pass_bounds_the_whole_hand() -> Result<(), Box<dyn std::error::Error>> {
        let mut engine = new_uno_engine(&uno_game(&[])?, 11, 2)?;
        let mut bot = RandomBot::new(3);
        // a few moves in, so that a new game is seen to start again
        for _ in 0..6 {
            let state = engine.state();
            let player = state.current_player().ok_or("nobody's turn")?;
            let action = ask_bot(&mut bot, state, player).ok_or("no move")?;
            action.dispatch(&mut engine, player)?;
        }
        let state = engine.state();
        assert!(state.turn() > 1 && state.winners().is_empty());
        let order = state.seat_order();
        let (me, other) = (
            *order.get(1).ok_or("no second seat")?,
            *order.first().ok_or("no seat")?,
        );
        let view = state.info_state(me);
        let mut knowledge = HandKnowledge::default();
        knowledge.observe(&view, other, LegalAction::Draw);
        knowledge.observe(&view, other, LegalAction::EndTurn);
        let limits = knowledge.limits(&view);
        let limit = limits.first().ok_or("no limit")?;
        assert_eq!((limit.at_most, limits.len()), (0, 1));
        assert!(!limit.cards.is_empty());
        let outside = view
            .cards()
            .ids()
            .find(|c| !limit.cards.contains(*c))
            .ok_or("every card playable")?;
        knowledge.observe(&view, other, LegalAction::Play(outside));
        let limits = knowledge.limits(&view);
        assert_eq!(limits.first().map(|l| l.at_most), Some(1));
        // my own moves teach nothing, and a new game forgets
        knowledge.observe(&view, me, LegalAction::Draw);
        assert_eq!(knowledge.limits(&view).len(), 1);
        let other_game = new_uno_engine(&uno_game(&[])?, 12, 2)?;
        knowledge.observe(&other_game.state().info_state(me), me, LegalAction::Draw);
        assert!(knowledge.limits(&view).is_empty());
        Ok(())
    }

    /// A wild draw four is played without the colour in force: the hand left holds none
    /// of it, until the player is given cards.
    #[test]
    fn a_wild_draw_four_tells_the_colour_was_not_held() -> Result<(), Box<dyn std::error::Error>> {
        let engine = new_uno_engine(&uno_game(&[])?, 5, 3)?;
        let state = engine.state();
        let (me, other) = (state.seat_order()[1], state.seat_order()[0]);
        let view = state.info_state(me);
        let table = seen_uno_table(&view).ok_or("no table")?;
        let wd4 = view
            .cards()
            .ids()
            .find(|c| table.card(*c).is_some_and(|v| v.face == UnoFace::WildDraw4))
            .ok_or("no wild draw four")?;
        let color = view.variable(&UNO_VAR_CURRENT_COLOR).ok_or("no colour")?;
        let mut knowledge = HandKnowledge::default();
        knowledge.observe(&view, other, LegalAction::Play(wd4));
        let limits = knowledge.limits(&view);
        let limit = limits.first().ok_or("no limit")?;
        // the view is from before the play: the hand still counts the wild draw four
        assert_eq!((limits.len(), limit.at_most), (1, 1));
        assert!(
            limit
                .cards
                .iter()
                .all(|c| table.card(c).and_then(|v| v.color) == Some(color))
        );
        assert_eq!(limit.cards.len(), 25);
        Ok(())
    }
}

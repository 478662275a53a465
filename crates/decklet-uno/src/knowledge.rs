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
//! Against a player who draws although they could play (`decklet_bots::RandomBot`, which
//! picks among every listed move, the draw included), or who bluffs, the inference is
//! wrong: a search bot that may meet one can leave it off
//! ([`UnoSearch::infer_from_draws`](crate::UnoSearch::infer_from_draws)).
//!
//! [`UnoHints`] is the same knowledge for the search bot of any game
//! (`decklet_bots::IsmctsBot`): it learns from what its seat hears of each move (the
//! move's events as the seat hears them, [`heard_move`]) instead of from UNO's moves.

use decklet_bots::Hints;
use decklet_core::{AnyEvent, CardPlayed, CardSet, InfoState, PlayerId, SeatKnowledge, ZoneLimit};
use decklet_plugins::{CardDrawn, TurnEnded};

use crate::cards::UnoFace;
use crate::house::{UNO_VAR_CHALLENGE_PENDING, UnoCalled, UnoCaught};
use crate::legal_action::LegalAction;
use crate::state::{UNO_VAR_CURRENT_COLOR, UNO_VAR_PENDING_COLOR, seen_uno_table};

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

/// The move a seat heard, as far as [`HandKnowledge`] learns from it: who made it, and
/// which of the moves it learns from it was (a play, a draw by the player to move, an
/// ended turn), told by the move's first such event. `before` is what the seat knew
/// just before the move, `events` what it heard of it. `None` for any other move (a
/// colour chosen, a wild draw four answered, a call, a catch), which teaches nothing.
pub fn heard_move(before: &InfoState, events: &[AnyEvent]) -> Option<(PlayerId, LegalAction)> {
    let answering = before.variable(&UNO_VAR_PENDING_COLOR) == Some(true)
        || before.variable(&UNO_VAR_CHALLENGE_PENDING) == Some(true);
    if answering {
        return None;
    }
    for event in events {
        if event.is::<UnoCalled>() || event.is::<UnoCaught>() {
            return None;
        }
        if let Some(played) = event.downcast_ref::<CardPlayed>() {
            let card = played.card_ids.first().copied()?;
            return Some((played.player_id, LegalAction::Play(card)));
        }
        if let Some(drawn) = event.downcast_ref::<CardDrawn>() {
            let own = before.current_player() == Some(drawn.player_id);
            return own.then_some((drawn.player_id, LegalAction::Draw));
        }
        if let Some(ended) = event.downcast_ref::<TurnEnded>() {
            return Some((ended.player_id, LegalAction::EndTurn));
        }
    }
    None
}

/// [`HandKnowledge`] as the hints of the search bot of any game
/// (`decklet_bots::IsmctsBot::with_hints`): it hears every move and narrows the worlds
/// the bot samples with what its seat inferred.
///
/// ```
/// use decklet_bots::{Bot, IsmctsBot, IsmctsConfig, RandomBot, play_game};
/// use decklet_uno::{UnoHints, new_uno_engine, uno_game};
/// let game = uno_game(&[])?;
/// let mut engine = new_uno_engine(&game, 5, 2)?;
/// let config = IsmctsConfig { iterations: 20, ..IsmctsConfig::default() };
/// let search = IsmctsBot::new(&game, config, 1).with_hints(UnoHints::default());
/// assert!(search.hears());
/// let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(search), Box::new(RandomBot::new(2))];
/// let report = play_game(&mut engine, &mut bots, 10_000)?;
/// assert!(report.moves > 0);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct UnoHints {
    knowledge: HandKnowledge,
}

impl UnoHints {
    /// What has been learnt so far.
    pub fn knowledge(&self) -> &HandKnowledge {
        &self.knowledge
    }
}

impl Hints for UnoHints {
    fn knowledge(&mut self, info: &InfoState) -> SeatKnowledge {
        SeatKnowledge {
            placed: Vec::new(),
            limits: self.knowledge.limits(info),
        }
    }
    fn hears(&self) -> bool {
        true
    }
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        if let Some((player, action)) = heard_move(before, events) {
            self.knowledge.observe(before, player, action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::UnoRandomBot;
    use crate::sim::{new_uno_engine, uno_game};

    /// After a draw and an ended turn, every card of the hand is outside the set; a
    /// play of a card outside it may have been one of them.
    #[test]
    fn a_draw_then_a_pass_bounds_the_whole_hand() -> Result<(), Box<dyn std::error::Error>> {
        let mut engine = new_uno_engine(&uno_game(&[])?, 11, 2)?;
        let mut bot = UnoRandomBot::new(3);
        // a few moves in, so that a new game is seen to start again
        for _ in 0..6 {
            let state = engine.state();
            let player = state.current_player().ok_or("nobody's turn")?;
            let action = crate::bots::bot_move(&mut bot, &engine, player).ok_or("no move")?;
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

    /// What the search bot of any game learns from the events its seat hears is what
    /// UNO's bots learn from the moves they are shown: at every step of honest games,
    /// under the rules knowledge is kept for, every seat's limits agree.
    #[test]
    fn hints_from_heard_events_learn_what_hand_knowledge_learns_from_moves()
    -> Result<(), Box<dyn std::error::Error>> {
        use crate::bots::HeuristicBot;
        use crate::house::HouseRule;
        let rule_sets: [&[HouseRule]; 4] = [
            &[],
            &[HouseRule::Wd4Challenge, HouseRule::CallUno],
            &[HouseRule::DrawUntilPlayable],
            &[HouseRule::JumpIn, HouseRule::ForcedPlay],
        ];
        let mut limited = 0;
        for (r, house) in rule_sets.iter().enumerate() {
            let game = uno_game(house)?;
            for seed in 0..6u64 {
                let players = 2 + (seed as usize % 3);
                let mut engine = new_uno_engine(&game, seed * 7 + r as u64, players)?;
                let seats: Vec<PlayerId> = engine.state().seat_order().to_vec();
                let mut shown: Vec<HandKnowledge> = vec![HandKnowledge::default(); players];
                let mut heard: Vec<UnoHints> = vec![UnoHints::default(); players];
                let mut bot = HeuristicBot::new(seed);
                for _ in 0..400 {
                    let state = engine.state();
                    let Some(player) = state.current_player() else {
                        break;
                    };
                    if !state.winners().is_empty() {
                        break;
                    }
                    let action =
                        crate::bots::bot_move(&mut bot, &engine, player).ok_or("no move")?;
                    let befores: Vec<InfoState> =
                        seats.iter().map(|s| state.info_state(*s)).collect();
                    let outcome = action.dispatch(&mut engine, player)?;
                    let state = engine.state();
                    for (k, seat) in seats.iter().enumerate() {
                        let views: Vec<AnyEvent> =
                            outcome.events.iter().map(|e| e.view_for(*seat)).collect();
                        shown[k].observe(&befores[k], player, action);
                        heard[k].hear(&befores[k], &views);
                        let now = state.info_state(*seat);
                        let expected = shown[k].limits(&now);
                        assert_eq!(heard[k].knowledge().limits(&now), expected, "{house:?}");
                        limited += usize::from(!expected.is_empty());
                    }
                }
            }
        }
        assert!(limited > 200, "{limited} positions with limits");
        Ok(())
    }
}

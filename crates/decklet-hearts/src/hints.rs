//! [`HeartsHints`]: what one seat learns of the other hands from the cards played.
//!
//! A player who does not follow the suit led holds none of it: the rules make everyone
//! follow while they can. The seat keeps, for each other player, the suits they showed
//! a void in, and the search bot of any game (`decklet_bots::IsmctsBot`) deals its
//! sampled worlds so that those hands hold none of those suits ([`ZoneLimit`]s of zero
//! cards). What the strongest Hearts programs also use, where the cards a seat passed
//! went, is not kept: the cards it passed are dealt at random like any it does not see.

use decklet_bots::Hints;
use decklet_core::{AnyEvent, CardPlayed, CardSet, InfoState, SeatKnowledge, ZoneLimit};

use crate::cards::{HeartsCard, HeartsTable};

/// The suits each seat (in seat order) showed a void in this hand, a bit a suit.
#[derive(Clone, Debug, Default)]
pub struct HeartsHints {
    voids: Vec<u8>,
}

impl HeartsHints {
    /// Whether the seat at `seat` (seat order) showed a void in `suit`.
    pub fn void(&self, seat: usize, suit: u8) -> bool {
        self.voids.get(seat).is_some_and(|v| v >> suit & 1 == 1)
    }
}

impl Hints for HeartsHints {
    /// No card of a suit a player showed a void in goes to their hand.
    fn knowledge(&mut self, info: &InfoState) -> SeatKnowledge {
        let mut limits = Vec::new();
        let Some(table) = HeartsTable::seen(info) else {
            return SeatKnowledge::default();
        };
        for (seat, player) in info.seat_order().iter().enumerate() {
            let Some(hand) = info.hand_zone(*player) else {
                continue;
            };
            for suit in 0..4 {
                if *player == info.seat() || !self.void(seat, suit) {
                    continue;
                }
                let mut cards = CardSet::new();
                for rank in 0..13 {
                    if let Some(card) = table.find(HeartsCard { rank, suit }) {
                        cards.insert(card);
                    }
                }
                limits.push(ZoneLimit {
                    zone: hand,
                    cards,
                    at_most: 0,
                });
            }
        }
        SeatKnowledge {
            placed: Vec::new(),
            limits,
        }
    }

    fn hears(&self) -> bool {
        true
    }

    /// A card played off the suit led shows its player void in that suit.
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        let Some(table) = HeartsTable::seen(before) else {
            return;
        };
        let led = (before.zone_cards(table.trick))
            .and_then(|trick| trick.first())
            .and_then(|card| table.card(*card));
        let Some(led) = led else {
            return; // a lead, or a pass: nothing shown
        };
        for event in events {
            let Some(played) = event.downcast_ref::<CardPlayed>() else {
                continue;
            };
            let face = (played.card_ids.first()).and_then(|card| table.card(*card));
            let seat = before
                .seat_order()
                .iter()
                .position(|p| *p == played.player_id);
            if let (Some(face), Some(seat)) = (face, seat)
                && face.suit != led.suit
            {
                if self.voids.len() <= seat {
                    self.voids.resize(seat + 1, 0);
                }
                if let Some(voids) = self.voids.get_mut(seat) {
                    *voids |= 1 << led.suit;
                }
            }
        }
    }

    fn reset(&mut self) {
        self.voids.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HeartsOptions, ducker_choice, hearts_game, new_hearts_engine};
    use decklet_core::{EngineConfig, GameRng, GameStatus, Moves};

    /// Over whole hands heard by one seat, every void a player shows is kept, and no
    /// world sampled with the hints deals that player a card of the suit.
    #[test]
    fn no_sampled_world_deals_a_player_a_suit_they_showed_a_void_in()
    -> Result<(), Box<dyn std::error::Error>> {
        let options = HeartsOptions {
            pass_cards: false,
            ..HeartsOptions::default()
        };
        let game = hearts_game(options)?;
        let (mut shown, mut worlds) = (0, 0);
        for seed in 1..=6 {
            let mut engine = new_hearts_engine(&game, seed)?;
            engine.set_config(EngineConfig {
                collect_events: true,
                ..engine.config().clone()
            });
            let me = *engine.state().seat_order().first().ok_or("no seat")?;
            let mut hints = HeartsHints::default();
            let mut rng = GameRng::seed_from(seed);
            let mut moves = Moves::new();
            while engine.state().status() == GameStatus::Playing {
                let state = engine.state();
                let mover = state.current_player().ok_or("nobody's turn")?;
                let before = state.info_state(me);
                engine.list_moves(mover, &mut moves);
                let pick = ducker_choice(&state.info_state(mover), &moves).unwrap_or(0);
                let outcome = engine.dispatch_move(&moves, pick)?;
                let heard: Vec<_> = outcome.events.iter().map(|e| e.view_for(me)).collect();
                hints.hear(&before, &heard);
                let info = engine.state().info_state(me);
                let knowledge = hints.knowledge(&info);
                shown = shown.max(knowledge.limits.len());
                for _ in 0..3 {
                    let world = info.determinize(&knowledge, &mut rng)?;
                    worlds += 1;
                    for limit in &knowledge.limits {
                        assert_eq!(limit.held(&world), 0, "seed {seed}: a void dealt into");
                    }
                }
            }
            // the hints forget with a new hand
            hints.reset();
            assert!(
                hints
                    .knowledge(&engine.state().info_state(me))
                    .limits
                    .is_empty()
            );
        }
        assert!(shown >= 3, "voids were shown (at most {shown} at once)");
        assert!(worlds > 500);
        Ok(())
    }
}

//! What a learner of Crazy Eights sees: the discard pile counted card by card (what
//! has been played and is in no hand), the same for every seat, through whole random
//! games with and without the pile shuffled back into the deck.

use decklet_bots::encoding::{Encoding, MoveClass};
use decklet_core::{GameStatus, Moves};
use decklet_crazy_eights::{
    C8_OBSERVATION_LEN, C8Table, CrazyEightsEncoding, CrazyEightsOptions, new_crazy_eights_engine,
};

/// Where the discard pile's counts begin in the observation.
const DISCARD_AT: usize = 204;

#[test]
fn the_observation_counts_every_card_of_the_discard_pile_for_every_seat() {
    let mut checked = 0;
    let mut reshuffled = 0;
    for (reshuffle, special) in [(false, false), (true, true)] {
        let options = CrazyEightsOptions {
            reshuffle,
            use_special_cards: special,
            max_draw_cards: 3,
            ..CrazyEightsOptions::default()
        };
        let encoding = CrazyEightsEncoding::new(options).unwrap();
        assert_eq!(encoding.observation_len(), C8_OBSERVATION_LEN);
        for seed in 0..8u64 {
            let players = 2 + (seed as usize % 5);
            let mut engine = new_crazy_eights_engine(encoding.game(), seed, players).unwrap();
            let mut pick = seed;
            let mut moves = Moves::new();
            let mut largest = 0;
            for _ in 0..2_000 {
                if engine.state().status() != GameStatus::Playing {
                    break;
                }
                let state = engine.state();
                let mut seen_by_all: Option<Vec<f32>> = None;
                for player in state.seat_order().to_vec() {
                    let info = state.info_state(player);
                    let table = C8Table::seen(&info).unwrap();
                    // the whole pile, as the engine holds it: every seat sees all of it
                    let pile = state.zone_cards(table.discard);
                    assert_eq!(info.zone_cards(table.discard), Some(pile));
                    largest = largest.max(pile.len());
                    let mut expected = [0.0f32; 52];
                    for card in pile {
                        expected[usize::from(table.card(*card).unwrap().index())] += 1.0;
                    }
                    let mut out = vec![0.0; C8_OBSERVATION_LEN];
                    let last = vec![MoveClass::default(); players];
                    encoding.encode(&info, &last, &mut out);
                    let counted = &out[DISCARD_AT..DISCARD_AT + 52];
                    assert_eq!(counted, &expected[..], "seed {seed}");
                    assert_eq!(counted.iter().sum::<f32>(), pile.len() as f32);
                    match &seen_by_all {
                        Some(first) => assert_eq!(first, counted, "a public pile seen alike"),
                        None => seen_by_all = Some(counted.to_vec()),
                    }
                    checked += 1;
                }
                let mover = state.current_player().unwrap();
                let discard = C8Table::seen(&state.info_state(mover)).unwrap().discard;
                let before = state.zone_cards(discard).len();
                engine.list_moves(mover, &mut moves);
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let index = (pick >> 33) as usize % moves.len();
                engine.dispatch_move(&moves, index).unwrap();
                let after = engine.state().zone_cards(discard).len();
                reshuffled += usize::from(after < before);
            }
            assert!(largest > 5, "seed {seed}: the pile grew to {largest}");
        }
    }
    assert!(checked > 1_000, "{checked} observations");
    assert!(
        reshuffled > 0,
        "no game shuffled its pile back into the deck"
    );
}

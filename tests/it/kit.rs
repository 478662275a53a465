//! The bot layer's kit check on UNO: under every preset and house rule, at random
//! positions (heuristic bots that forget to call UNO, so that catches happen), the
//! moves UNO lists for every seat are exactly the candidates its rules accept.

use decklet::uno::{HeuristicBot, ask_bot, candidate_actions, new_uno_engine, uno_game};
use decklet_bots::check_moves;

#[test]
fn uno_lists_exactly_the_moves_its_rules_accept_under_every_rule_set() {
    let mut checked = 0;
    for (i, house) in crate::rule_sets().iter().enumerate() {
        let game = uno_game(house).unwrap();
        for seed in 0..2u64 {
            let players = 2 + (seed as usize + i) % 4;
            let mut engine = new_uno_engine(&game, seed * 31 + i as u64, players).unwrap();
            let mut bots: Vec<HeuristicBot> = (0..players)
                .map(|p| HeuristicBot::new(seed ^ p as u64).forgetting_uno(0.3))
                .collect();
            for _ in 0..40 {
                let mismatches = check_moves(&engine, |engine, seat| {
                    candidate_actions(engine.state(), seat)
                        .into_iter()
                        .map(|a| a.to_action(seat))
                        .collect()
                });
                assert!(
                    mismatches.is_empty(),
                    "{house:?} seed {seed}: {mismatches:?}"
                );
                checked += 1;
                let state = engine.state();
                let Some(player) = state.current_player() else {
                    break;
                };
                if !state.winners().is_empty() {
                    break;
                }
                let Some(seat) = state.seat_index(player) else {
                    break;
                };
                let Some(choice) = ask_bot(&mut bots[seat], state, player) else {
                    break;
                };
                choice.dispatch(&mut engine, player).unwrap();
            }
        }
    }
    assert!(checked > 1_000, "{checked} positions");
}

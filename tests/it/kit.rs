//! The bot layer's kit check on UNO: under every preset and house rule, at random
//! positions (heuristic bots that forget to call UNO, so that catches happen), the
//! moves UNO lists for every seat are exactly the candidates its rules accept.

use decklet::uno::bot_move;
use decklet::uno::{
    HeuristicBot, LegalAction, MoveList, UnoMoveHooks, candidate_actions, drawn_this_turn,
    legal_actions, new_uno_engine, playable_now, uno_builder, uno_game,
};
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
                let Some(choice) = bot_move(&mut bots[seat], &engine, player) else {
                    break;
                };
                choice.dispatch(&mut engine, player).unwrap();
            }
        }
    }
    assert!(checked > 1_000, "{checked} positions");
}

/// A house rule written outside decklet: *no drawing while you can play* (a common
/// table rule). It refuses a draw while a card of the hand is playable, and withdraws
/// the draw from the listed moves through UNO's move hooks.
struct NoDrawWhileYouCanPlay;

/// The rule's move hook: a listed play withdraws the draw.
fn withdraw_draw(
    _: &decklet_core::GameState,
    _: &decklet::uno::UnoTable,
    _: decklet_core::PlayerId,
    moves: &mut dyn MoveList,
) {
    if moves.any(&|m| matches!(m, LegalAction::Play(_))) {
        moves.retain(&|m| m != LegalAction::Draw);
    }
}

impl decklet_core::GamePlugin for NoDrawWhileYouCanPlay {
    fn id(&self) -> &'static str {
        "table-no-draw-while-you-can-play"
    }
    fn name(&self) -> &'static str {
        "no drawing while you can play"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &[decklet::uno::UNO_PLUGIN_ID]
    }
    fn declare(&self, data: &mut decklet_core::GameData) {
        UnoMoveHooks::change(data, |hooks| hooks.turn.push(withdraw_draw));
    }
    fn rules(&self) -> Vec<decklet_core::Rule> {
        vec![decklet_core::Rule::for_action::<decklet_plugins::DrawCard>(
            "noDrawWhileYouCanPlay",
            |draw, origin, state| {
                let own = origin == decklet_core::ActionOrigin::External;
                let hand = state.hand(draw.player_id);
                if own && hand.iter().any(|c| playable_now(state, draw.player_id, *c)) {
                    return Err("you can play a card, so you may not draw".into());
                }
                Ok(())
            },
        )]
    }
}

#[test]
fn a_house_rule_written_outside_decklet_changes_the_listed_moves_through_the_hooks() {
    let game = uno_builder(&[])
        .plugin(NoDrawWhileYouCanPlay)
        .build()
        .unwrap();
    let (mut withdrawn, mut drawn) = (0, 0);
    for seed in 0..20u64 {
        let mut engine = new_uno_engine(&game, seed, 3).unwrap();
        let mut bot = HeuristicBot::new(seed);
        for _ in 0..60 {
            let mismatches = check_moves(&engine, |engine, seat| {
                candidate_actions(engine.state(), seat)
                    .into_iter()
                    .map(|a| a.to_action(seat))
                    .collect()
            });
            assert!(mismatches.is_empty(), "seed {seed}: {mismatches:?}");
            let state = engine.state();
            let (Some(player), true) = (state.current_player(), state.winners().is_empty()) else {
                break;
            };
            let moves = legal_actions(state, player);
            let plays = moves.iter().any(|m| matches!(m, LegalAction::Play(_)));
            if plays && drawn_this_turn(state, player).is_none() {
                assert!(!moves.contains(&LegalAction::Draw), "{moves:?}");
                withdrawn += 1;
            }
            if moves.contains(&LegalAction::Draw) {
                drawn += 1;
            }
            let Some(choice) = bot_move(&mut bot, &engine, player) else {
                break;
            };
            choice.dispatch(&mut engine, player).unwrap();
        }
    }
    // both cases happened: the rule withdrew the draw, and left it when nothing plays
    assert!(
        withdrawn > 100 && drawn > 20,
        "{withdrawn} withdrawn, {drawn} drawn"
    );
}

/// `uno_playout` (RandomBot's policy over the game's listed moves) ends games of UNO,
/// which uniformly random play over every listed move rarely does, and always picks a
/// listed move.
#[test]
fn the_uno_playout_picks_listed_moves_and_ends_every_game() {
    use decklet_core::{GameRng, GameStatus};
    for (i, house) in crate::rule_sets().iter().enumerate().take(6) {
        let game = uno_game(house).unwrap();
        for seed in 0..10u64 {
            let mut engine =
                new_uno_engine(&game, seed + 100 * i as u64, 2 + seed as usize % 3).unwrap();
            let mut rng = GameRng::seed_from(seed);
            let mut moves = decklet_core::Moves::new();
            let mut made = 0;
            while engine.state().status() == GameStatus::Playing && made < 2_000 {
                let state = engine.state();
                let seat = state.current_player().unwrap();
                game.legal_moves(state, seat, &mut moves);
                let pick = decklet::uno::uno_playout(state, seat, &moves, &mut rng).unwrap();
                assert!(pick < moves.len());
                engine.dispatch_move(&moves, pick).unwrap();
                made += 1;
            }
            assert_eq!(
                engine.state().status(),
                GameStatus::Finished,
                "{house:?} {seed}"
            );
        }
    }
}

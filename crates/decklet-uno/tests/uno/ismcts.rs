//! The search bot: legal, deterministic for a seed and an iteration budget, bounded by
//! a time budget, and blind to what its seat cannot see.

use std::time::Duration;

use decklet_bots::{Bot, IsmctsBot, IsmctsConfig};
use decklet_core::*;
use decklet_uno::*;

fn config(iterations: u32) -> IsmctsConfig {
    UnoSearch::config(iterations)
}

fn search(config: IsmctsConfig, seed: u64) -> IsmctsBot {
    UnoSearch::default().bot(&uno_game(&[]).unwrap(), config, seed)
}

/// A two-player game between the search bot (seat 1) and a heuristic bot; the moves.
fn game(seed: u64, iterations: u32) -> (Vec<LegalAction>, GameEngine) {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 2).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(search(config(iterations), seed)),
        Box::new(HeuristicBot::new(seed)),
    ];
    let mut moves = Vec::new();
    while engine.state().winners().is_empty() && moves.len() < 400 {
        let state = engine.state();
        let player = state.current_player().unwrap();
        let seat = state.seat_index(player).unwrap();
        let choice = bot_move(bots[seat].as_mut(), &engine, player).unwrap();
        assert!(legal_actions(engine.state(), player).contains(&choice));
        choice.dispatch(&mut engine, player).unwrap();
        moves.push(choice);
    }
    (moves, engine)
}

#[test]
fn the_search_bot_plays_legal_moves_to_the_end_and_the_log_replays() {
    let (moves, engine) = game(4, 25);
    assert!(
        !engine.state().winners().is_empty(),
        "{} moves",
        moves.len()
    );
    let mut replayed = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
    replayed.replay(&engine.log(), Verify::Required).unwrap();
    assert_eq!(replayed.state(), engine.state());
}

#[test]
fn the_same_seed_and_budget_give_the_same_game() {
    assert_eq!(game(11, 20).0, game(11, 20).0);
}

#[test]
fn a_time_budget_stops_the_search() {
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 2, 4).unwrap();
    let state = engine.state();
    let player = state.current_player().unwrap();
    let mut bot = search(
        IsmctsConfig {
            time: Some(Duration::from_millis(20)),
            ..config(10_000_000)
        },
        1,
    );
    let choice = bot_move(&mut bot, &engine, player).unwrap();
    assert!(legal_actions(state, player).contains(&choice));
    assert!(bot.last_iterations() > 0 && bot.last_iterations() < 10_000_000);
}

#[test]
fn the_search_does_not_depend_on_hidden_cards() {
    // positions that differ only in p2's hand and the deck's order: the same move
    let mut checked = 0;
    for seed in 0..40 {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 2).unwrap();
        let state = engine.state().clone();
        let p1 = state.player_id("p1").unwrap();
        let p2 = state.player_id("p2").unwrap();
        let mut moves = Moves::new();
        engine.game().legal_moves(&state, p1, &mut moves);
        if state.current_player() != Some(p1) || moves.len() < 2 {
            continue;
        }
        let other = state
            .info_state(p1)
            .determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(seed))
            .unwrap();
        assert_ne!(other.hand(p2), state.hand(p2));
        let a = search(config(60), 3).choose(&state.info_state(p1), &moves);
        let b = search(config(60), 3).choose(&other.info_state(p1), &moves);
        assert_eq!(a, b, "seed {seed}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} positions checked");
}

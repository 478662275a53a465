//! UNO invariants over random seeds, 2–10 players, random combinations of house rules,
//! random legal play and random illegal attempts.

use decklet::uno::testing::{check_invariants, game_in_progress};
use decklet::uno::{
    HouseRule, LegalAction, candidate_actions, legal_actions, new_uno_engine, uno_game,
};
use decklet::{EngineConfig, GameEngine, GameState, GameStatus, Verify};
use proptest::prelude::*;

fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

/// Every candidate of every player is accepted iff `legal_actions` lists it.
fn assert_exact(engine: &GameEngine) -> Result<(), TestCaseError> {
    let state = engine.state();
    for player in state.players() {
        let legal = legal_actions(state, player);
        for candidate in candidate_actions(state, player) {
            let accepted = engine
                .fork()
                .dispatch_any(candidate.to_action(player))
                .is_ok();
            prop_assert_eq!(
                accepted,
                legal.contains(&candidate),
                "{:?} by {:?}",
                candidate,
                player
            );
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum Step {
    Legal(prop::sample::Index),
    Attempt(prop::sample::Index, prop::sample::Index),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => any::<prop::sample::Index>().prop_map(Step::Legal),
        1 => (any::<prop::sample::Index>(), any::<prop::sample::Index>()).prop_map(|(p, c)| Step::Attempt(p, c)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn uno_invariants_hold_through_random_play(
        seed in any::<u64>(),
        players in 2usize..=10,
        house in prop::sample::subsequence(HouseRule::ALL.to_vec(), 0..=HouseRule::ALL.len()),
        steps in prop::collection::vec(step(), 1..400),
    ) {
        let mut engine = new_uno_engine(&uno_game(&house).unwrap(), seed, players).unwrap();
        check_invariants(engine.state()).map_err(TestCaseError::fail)?;
        for (i, step) in steps.iter().enumerate() {
            let state = engine.state().clone();
            let ids: Vec<_> = state.players().collect();
            let (player, action) = match step {
                Step::Legal(index) => {
                    let Some(player) = state.current_player() else { break };
                    let legal = legal_actions(&state, player);
                    if legal.is_empty() { break; }
                    let choice = legal[index.index(legal.len())];
                    (player, choice)
                }
                Step::Attempt(p, c) => {
                    let player = ids[p.index(ids.len())];
                    let candidates = candidate_actions(&state, player);
                    let choice = candidates[c.index(candidates.len())];
                    (player, choice)
                }
            };
            let expected = legal_actions(&state, player).contains(&action);
            match engine.dispatch_any(action.to_action(player)) {
                Ok(_) => prop_assert!(expected, "accepted an unlisted {:?}", action),
                Err(_) => {
                    prop_assert!(!expected, "rejected a listed {:?}", action);
                    prop_assert_eq!(json(engine.state()), json(&state));
                }
            }
            check_invariants(engine.state()).map_err(TestCaseError::fail)?;
            if i % 25 == 0 {
                assert_exact(&engine)?;
            }
            if engine.state().status() == GameStatus::Finished {
                // nothing is accepted after the end
                for p in ids {
                    prop_assert!(legal_actions(engine.state(), p).is_empty());
                    for candidate in candidate_actions(engine.state(), p) {
                        prop_assert!(engine.fork().dispatch_any(candidate.to_action(p)).is_err());
                    }
                }
                break;
            }
        }
        assert_exact(&engine)?;
        let mut replayed = GameEngine::new(&uno_game(&house).unwrap(), EngineConfig::default());
        replayed.replay(&engine.log(), Verify::Required).unwrap();
        prop_assert_eq!(json(replayed.state()), json(engine.state()));
    }

    /// A state read back from JSON has nothing UNO attached in setup: its legal moves
    /// are worked out from its own card table, and come out the same.
    #[test]
    fn legal_moves_of_a_state_read_from_json_are_the_same(setup in game_in_progress(2..=10, 200)) {
        let engine = setup.build().unwrap();
        let state = engine.state();
        let read_back = GameState::from_json(&json(state)).unwrap();
        prop_assert!(read_back.attachment::<decklet::uno::UnoTable>().is_none());
        prop_assert!(state.attachment::<decklet::uno::UnoTable>().is_some());
        for player in state.players() {
            prop_assert_eq!(legal_actions(state, player), legal_actions(&read_back, player));
        }
    }

    #[test]
    fn the_testing_kit_builds_valid_games(setup in game_in_progress(2..=10, 120)) {
        let engine = setup.build().unwrap();
        check_invariants(engine.state()).map_err(TestCaseError::fail)?;
        if engine.state().status() == GameStatus::Playing {
            let player = engine.state().current_player().unwrap();
            prop_assert!(!legal_actions(engine.state(), player).is_empty());
        }
    }
}

#[test]
fn a_legal_action_strategy_picks_from_the_current_legal_moves() {
    use decklet::uno::testing::legal_action;
    use proptest::test_runner::TestRunner;
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 5, 3).unwrap();
    let state = engine.state().clone();
    let player = state.current_player().unwrap();
    let legal = legal_actions(&state, player);
    let mut runner = TestRunner::default();
    for _ in 0..20 {
        let choice: Option<LegalAction> = legal_action(&state)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        prop_assert_contains(&legal, choice.unwrap());
    }
}

fn prop_assert_contains(legal: &[LegalAction], choice: LegalAction) {
    assert!(legal.contains(&choice), "{choice:?} not in {legal:?}");
}

/// Plays the moves picked by `picks` (legal ones, and every fifth an illegal attempt)
/// on an engine that collects the events or not; returns the engine and what the
/// subscribers heard.
fn play_with(
    seed: u64,
    players: usize,
    picks: &[prop::sample::Index],
    collect_events: bool,
) -> (GameEngine, Vec<String>, Vec<String>) {
    use std::sync::{Arc, Mutex};
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
    let config = EngineConfig {
        collect_events,
        ..engine.config().clone()
    };
    engine.set_config(config);
    let all = Arc::new(Mutex::new(Vec::new()));
    let typed = Arc::new(Mutex::new(Vec::new()));
    let (a, t) = (Arc::clone(&all), Arc::clone(&typed));
    // one listener to everything for half the game, one to a single kind throughout
    let everything =
        engine.subscribe_all(move |e| a.lock().unwrap().push(e.to_json().unwrap().to_string()));
    engine.subscribe(move |e: &decklet::uno::UnoPlayerSkipped| {
        t.lock().unwrap().push(format!("{e:?}"))
    });
    for (i, pick) in picks.iter().enumerate() {
        // (after the first move at least: a one-move game is heard whole)
        if i == picks.len() / 2 && i > 0 {
            engine.unsubscribe(everything);
        }
        let Some(player) = engine.state().current_player() else {
            break;
        };
        let action = if i % 5 == 4 {
            let candidates = candidate_actions(engine.state(), player);
            pick.get(&candidates).to_action(player)
        } else {
            let legal = legal_actions(engine.state(), player);
            if legal.is_empty() {
                break;
            }
            pick.get(&legal).to_action(player)
        };
        let before = json(engine.state());
        let result = engine.dispatch_any(action);
        if result.is_err() {
            assert_eq!(
                json(engine.state()),
                before,
                "a refused action changed the state"
            );
        }
    }
    let all = all.lock().unwrap().clone();
    let typed = typed.lock().unwrap().clone();
    (engine, all, typed)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// An engine that collects no events plays the same game: same states, logs and
    /// deliveries.
    #[test]
    fn collecting_events_or_not_plays_the_same_game(
        seed in any::<u64>(),
        players in 2usize..=6,
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..300),
    ) {
        let (applied, applied_all, applied_typed) = play_with(seed, players, &picks, false);
        let (dispatched, dispatched_all, dispatched_typed) = play_with(seed, players, &picks, true);
        prop_assert_eq!(json(applied.state()), json(dispatched.state()));
        prop_assert_eq!(
            serde_json::to_string(&applied.log()).unwrap(),
            serde_json::to_string(&dispatched.log()).unwrap()
        );
        prop_assert!(!applied_all.is_empty());
        prop_assert_eq!(applied_all, dispatched_all);
        prop_assert_eq!(applied_typed, dispatched_typed);
    }
}

#[test]
fn each_uno_action_kind_runs_its_own_rules_in_the_reference_order() {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), 1, 2).unwrap();
    let rules = |engine: &mut GameEngine, kind| engine.game().rule_ids(kind).unwrap();
    assert_eq!(
        rules(&mut engine, "PLAY_CARD"),
        [
            "gameNotWon",
            "gameStarted",
            "playerTurn",
            "playerOwnsCard",
            "singleCard",
            "canPlayCard",
            "canPlayWildDrawFour",
            "turnDiscipline"
        ]
    );
    assert_eq!(
        rules(&mut engine, "CHOOSE_COLOR"),
        [
            "gameNotWon",
            "gameStarted",
            "playerTurn",
            "chooseColorValid",
            "turnDiscipline"
        ]
    );
    assert_eq!(
        rules(&mut engine, "DRAW_CARD"),
        [
            "drawCountPositive",
            "drawPlayerKnown",
            "gameNotWon",
            "gameStarted",
            "turnDiscipline"
        ]
    );
    assert_eq!(
        rules(&mut engine, "END_TURN"),
        [
            "currentPlayerEndsTurn",
            "gameNotWon",
            "gameStarted",
            "turnDiscipline"
        ]
    );
}

//! UNO invariants over random seeds, 2–10 players, random legal play and random
//! illegal attempts.

use decklet::plugins::{DrawCard, EndTurn};
use decklet::uno::testing::{check_invariants, game_in_progress};
use decklet::uno::{
    LegalAction, UnoFlipInitial, candidate_actions, legal_actions, new_uno_engine, uno_plugins,
    uno_rules, uno_rules_accept,
};
use decklet::{ActionOrigin, AnyAction, GameEngine, GameState, GameStatus, PlayCard};
use proptest::prelude::*;

fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

/// Every candidate of every player is accepted iff `legal_actions` lists it.
fn assert_exact(engine: &GameEngine) -> Result<(), TestCaseError> {
    let state = engine.state();
    for player in state.players.keys() {
        let legal = legal_actions(state, player);
        for candidate in candidate_actions(state, player) {
            let accepted = engine
                .fork()
                .dispatch_any(candidate.to_action(player))
                .is_ok();
            prop_assert_eq!(
                accepted,
                legal.contains(&candidate),
                "{:?} by {}",
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
        steps in prop::collection::vec(step(), 1..400),
    ) {
        let mut engine = new_uno_engine(seed, players).unwrap();
        check_invariants(engine.state()).map_err(TestCaseError::fail)?;
        for (i, step) in steps.iter().enumerate() {
            let state = engine.state().clone();
            let ids: Vec<_> = state.players.keys().cloned().collect();
            let (player, action) = match step {
                Step::Legal(index) => {
                    let Some(player) = state.current_player_id.clone() else { break };
                    let legal = legal_actions(&state, &player);
                    if legal.is_empty() { break; }
                    let choice = legal[index.index(legal.len())].clone();
                    (player, choice)
                }
                Step::Attempt(p, c) => {
                    let player = ids[p.index(ids.len())].clone();
                    let candidates = candidate_actions(&state, &player);
                    let choice = candidates[c.index(candidates.len())].clone();
                    (player, choice)
                }
            };
            let expected = legal_actions(&state, &player).contains(&action);
            match engine.dispatch_any(action.to_action(&player)) {
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
            if engine.state().status == GameStatus::Finished {
                // nothing is accepted after the end
                for p in &ids {
                    prop_assert!(legal_actions(engine.state(), p).is_empty());
                    for candidate in candidate_actions(engine.state(), p) {
                        prop_assert!(engine.fork().dispatch_any(candidate.to_action(p)).is_err());
                    }
                }
                break;
            }
        }
        assert_exact(&engine)?;
        let replayed = GameEngine::replay(&engine.log(), uno_plugins()).unwrap();
        prop_assert_eq!(json(replayed.state()), json(engine.state()));
    }

    /// The standard deck's precomputed playability and the general path (any card
    /// table, here the same cards read back from JSON) give the same legal moves.
    #[test]
    fn legal_moves_do_not_depend_on_the_deck_shortcut(setup in game_in_progress(2..=10, 200)) {
        let engine = setup.build().unwrap();
        let state = engine.state();
        let read_back = GameState::from_json(&json(state)).unwrap();
        prop_assert!(!read_back.cards.ptr_eq(&state.cards));
        for player in state.players.keys() {
            // (a wild draw four in hand also compares the colour checks of both paths)
            prop_assert_eq!(legal_actions(state, player), legal_actions(&read_back, player));
        }
    }

    /// UNO's rule group may skip its rules only when every one of them accepts: for
    /// any state (standard deck or read back from JSON), any move of any player, odd
    /// actions, and both origins. And it does skip them for every legal play, draw and
    /// turn end (the fast path is real, not a stub).
    #[test]
    fn the_rule_group_accepts_only_what_every_rule_accepts(setup in game_in_progress(2..=10, 200)) {
        let engine = setup.build().unwrap();
        let rules = uno_rules();
        let read_back = GameState::from_json(&json(engine.state())).unwrap();
        // and the moment after the current player drew, if they may
        let mut drawn = engine.fork();
        if let Some(player) = engine.state().current_player_id.clone()
            && legal_actions(engine.state(), &player).contains(&LegalAction::Draw)
        {
            drawn.dispatch_any(LegalAction::Draw.to_action(&player)).unwrap();
        }
        for state in [engine.state(), &read_back, drawn.state()] {
            for player in state.players.keys() {
                let legal = legal_actions(state, player);
                let mut actions: Vec<(AnyAction, Option<LegalAction>)> = candidate_actions(state, player)
                    .into_iter()
                    .map(|candidate| (candidate.to_action(player), Some(candidate)))
                    .collect();
                let hand: Vec<_> = state.hand(player).map(|h| h.cards.clone()).unwrap_or_default();
                // every card of the game, wherever it is (others' hands, the piles)
                actions.extend(state.zones.values().flat_map(|zone| &zone.cards).map(|card| {
                    (AnyAction::new(PlayCard::new(player.clone(), [card.clone()])), None)
                }));
                actions.extend([
                    AnyAction::new(PlayCard::new(player.clone(), hand.iter().take(2).cloned())),
                    AnyAction::new(PlayCard::new(player.clone(), ["no-such-card"])),
                    AnyAction::new(PlayCard::new(player.clone(), Vec::<decklet::CardId>::new())),
                    AnyAction::new(DrawCard { player_id: player.clone(), count: 2 }),
                    AnyAction::new(DrawCard { player_id: player.clone(), count: 0 }),
                    AnyAction::new(EndTurn { player_id: player.clone() }),
                    AnyAction::new(UnoFlipInitial {}),
                ].map(|action| (action, None)));
                for (action, candidate) in &actions {
                    for origin in [ActionOrigin::External, ActionOrigin::Internal] {
                        let every_rule = rules
                            .iter()
                            .filter(|rule| rule.applies_to(action.kind()))
                            .all(|rule| rule.check(action, origin, state).is_ok());
                        let fast = uno_rules_accept(action, origin, state);
                        prop_assert!(!fast || every_rule, "{:?} ({:?}) skipped a refusing rule", action, origin);
                        if let Some(candidate) = candidate
                            && origin == ActionOrigin::External
                            && legal.contains(candidate)
                            && !matches!(candidate, LegalAction::ChooseColor(_))
                        {
                            prop_assert!(fast, "the fast path missed the legal {:?}", candidate);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_testing_kit_builds_valid_games(setup in game_in_progress(2..=10, 120)) {
        let engine = setup.build().unwrap();
        check_invariants(engine.state()).map_err(TestCaseError::fail)?;
        if engine.state().status == GameStatus::Playing {
            let player = engine.state().current_player_id.clone().unwrap();
            prop_assert!(!legal_actions(engine.state(), &player).is_empty());
        }
    }
}

#[test]
fn a_legal_action_strategy_picks_from_the_current_legal_moves() {
    use decklet::uno::testing::legal_action;
    use proptest::test_runner::TestRunner;
    let engine = new_uno_engine(5, 3).unwrap();
    let state = engine.state().clone();
    let player = state.current_player_id.clone().unwrap();
    let legal = legal_actions(&state, &player);
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
/// with `apply` or `dispatch`; returns the engine and what the subscribers heard.
fn play_with(
    seed: u64,
    players: usize,
    picks: &[prop::sample::Index],
    apply: bool,
) -> (GameEngine, Vec<String>, Vec<String>) {
    use std::sync::{Arc, Mutex};
    let mut engine = new_uno_engine(seed, players).unwrap();
    let all = Arc::new(Mutex::new(Vec::new()));
    let typed = Arc::new(Mutex::new(Vec::new()));
    let (a, t) = (Arc::clone(&all), Arc::clone(&typed));
    // one listener to everything for half the game, one to a single kind throughout
    let everything = engine.subscribe_all(move |e| a.lock().unwrap().push(e.to_json().to_string()));
    engine.subscribe(move |e: &decklet::uno::UnoPlayerSkipped| {
        t.lock().unwrap().push(format!("{e:?}"))
    });
    for (i, pick) in picks.iter().enumerate() {
        if i == picks.len() / 2 {
            engine.unsubscribe(everything);
        }
        let Some(player) = engine.state().current_player_id.clone() else {
            break;
        };
        let action = if i % 5 == 4 {
            let candidates = candidate_actions(engine.state(), &player);
            pick.get(&candidates).to_action(&player)
        } else {
            let legal = legal_actions(engine.state(), &player);
            if legal.is_empty() {
                break;
            }
            pick.get(&legal).to_action(&player)
        };
        let before = json(engine.state());
        let result = if apply {
            engine.apply_any(action).map(|_| ())
        } else {
            engine.dispatch_any(action).map(|_| ())
        };
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

    /// `apply` is `dispatch` without the outcome: same states, logs and deliveries.
    #[test]
    fn apply_and_dispatch_play_the_same_game(
        seed in any::<u64>(),
        players in 2usize..=6,
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..300),
    ) {
        let (applied, applied_all, applied_typed) = play_with(seed, players, &picks, true);
        let (dispatched, dispatched_all, dispatched_typed) = play_with(seed, players, &picks, false);
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

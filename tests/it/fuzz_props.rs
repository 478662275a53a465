//! The fuzz targets of `fuzz/`, as bounded property tests that run in CI: bytes →
//! actions against a game (invariants after each step), bytes → log JSON → replay,
//! bytes → state JSON → validate, → `load_state`, bytes → match log → replay_match.
//! None may panic.

use decklet::uno::testing::check_invariants;
use decklet::uno::{candidate_actions, new_uno_engine, uno_game};
use decklet::{EngineConfig, GameEngine, GameLog, GameState, Verify};
use proptest::prelude::*;

fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn bytes_to_actions_keep_every_invariant(seed in any::<u64>(), bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 2 + (seed % 5) as usize).unwrap();
        for pair in bytes.chunks(2) {
            let ids: Vec<_> = engine.state().players().collect();
            let player = ids[pair[0] as usize % ids.len()];
            let candidates = candidate_actions(engine.state(), player);
            let pick = pair.get(1).copied().unwrap_or(0) as usize % candidates.len();
            // a refusal changes nothing: the state equals itself before, field for field
            let before = engine.state().clone();
            if engine.dispatch_any(candidates[pick].to_action(player)).is_err() {
                prop_assert!(engine.state() == &before);
            }
            check_invariants(engine.state()).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn bytes_as_a_log_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(log) = GameLog::from_json(&text) {
            let _ = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default())
                .replay(&log, Verify::Required);
        }
    }

    #[test]
    fn mutated_logs_never_panic(seed in 0u64..50, position in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 3).unwrap();
        let mut text = serde_json::to_vec(&engine.log()).unwrap();
        let i = position.index(text.len());
        text[i] = byte;
        if let Ok(log) = GameLog::from_json(&String::from_utf8_lossy(&text)) {
            let _ = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default())
                .replay(&log, Verify::Required);
        }
    }

    #[test]
    fn mutated_states_never_panic_and_valid_ones_pass_the_invariants(seed in 0u64..50, position in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 3).unwrap();
        let mut text = serde_json::to_vec(engine.state()).unwrap();
        let i = position.index(text.len());
        text[i] = byte;
        if let Ok(state) = GameState::from_json(&String::from_utf8_lossy(&text)) {
            prop_assert!(state.validate().is_ok());
        }
    }

    /// The `load_state` target: a mutated mid-game state is either refused, leaving
    /// the engine as it was, or adopted holding UNO's invariants.
    #[test]
    fn mutated_states_are_adopted_only_as_uno(seed in 0u64..50, moves in 0usize..40, position in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut played = new_uno_engine(&uno_game(&[]).unwrap(), seed, 3).unwrap();
        for _ in 0..moves {
            let state = played.state();
            let Some(player) = state.current_player() else { break };
            let Some(first) = decklet::uno::legal_actions(state, player).first().copied() else { break };
            if !state.winners().is_empty() { break }
            first.dispatch(&mut played, player).unwrap();
        }
        let mut text = serde_json::to_vec(played.state()).unwrap();
        let i = position.index(text.len());
        text[i] = byte;
        if let Ok(state) = GameState::from_json(&String::from_utf8_lossy(&text)) {
            let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), 1, 3).unwrap();
            let before = json(engine.state());
            match engine.load_state(state) {
                Ok(()) => check_invariants(engine.state()).map_err(TestCaseError::fail)?,
                Err(_) => prop_assert_eq!(json(engine.state()), before),
            }
        }
    }

    /// The `match_log` target: a mutated match log is refused or replays to the
    /// scores it records; nothing panics.
    #[test]
    fn mutated_match_logs_never_panic(seed in 0u64..4, position in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let catalog = decklet_catalog::Catalog::standard();
        let uno = catalog.load("uno").unwrap();
        let plan = decklet_catalog::Match::new(&uno, seed, 2, Some(60)).unwrap();
        let mut bots: Vec<Box<dyn decklet_bots::Bot>> = (0..2).map(|i| catalog.bot(plan.game(), "random", seed + i).unwrap()).collect();
        let (_, log) = plan.play(&mut bots, 100_000).unwrap();
        let mut text = serde_json::to_vec(&log).unwrap();
        let i = position.index(text.len());
        text[i] = byte;
        if let Ok(log) = serde_json::from_str::<decklet_catalog::MatchLog>(&String::from_utf8_lossy(&text))
            && let Ok(report) = decklet_catalog::replay_match(&catalog, &log)
        {
            prop_assert_eq!(report.scores, log.scores);
        }
    }
}

//! Golden values: the same seed plays the same game on every platform and release.

use crate::uno_bot;
use decklet::uno::count_game;
use decklet::uno::{new_uno_engine, restart_uno_game, uno_game};
use decklet::{EngineConfig, GameEngine, GameLog, Verify, state_digest};

fn golden_game(seed: u64, players: usize) -> (GameEngine, String) {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed + i as u64))
        .collect();
    let (_, counts) = count_game(&mut engine, &mut bots, 100_000).unwrap();
    let summary = format!(
        "winner={} actions={} turns={} drawn={} reshuffles={} digest={}",
        engine.state().id_text(engine.state().winners()[0]),
        counts.actions,
        counts.turns,
        counts.cards_drawn,
        counts.reshuffles,
        state_digest(engine.state())
    );
    (engine, summary)
}

#[test]
fn seed_42_deals_these_hands() {
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 42, 4).unwrap();
    let state = engine.state();
    let p1: Vec<String> = state
        .hand(state.player_id("p1").unwrap())
        .iter()
        .map(|c| state.id_text(*c).into_owned())
        .collect();
    assert_eq!(p1.join(" "), GOLDEN_P1_HAND_42);
    let top = state.top(state.zone_id("discard").unwrap()).unwrap();
    assert_eq!(state.id_text(top), GOLDEN_TOP_42);
}

#[test]
fn seed_42_plays_this_game() {
    let (_, summary) = golden_game(42, 4);
    assert_eq!(summary, GOLDEN_GAME_42);
}

#[test]
fn a_replayed_golden_game_matches_and_its_log_round_trips() {
    let (engine, _) = golden_game(7, 3);
    let text = serde_json::to_string(&engine.log()).unwrap();
    let mut replayed = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
    replayed
        .replay(&GameLog::from_json(&text).unwrap(), Verify::Required)
        .unwrap();
    assert_eq!(
        serde_json::to_string(replayed.state()).unwrap(),
        serde_json::to_string(engine.state()).unwrap()
    );
    assert_eq!(serde_json::to_string(&replayed.log()).unwrap(), text);
}

/// An engine that played games before (and keeps their allocations for the next one)
/// starts and plays exactly the game a new engine does: state, log and digest, from the
/// deal to the end, whatever the number of players before and now.
#[test]
fn a_restarted_engine_plays_the_game_a_new_engine_plays() {
    let mut used = new_uno_engine(&uno_game(&[]).unwrap(), 1, 6).unwrap();
    for (seed, players) in [(42, 4), (7, 3), (8, 6), (9, 2), (42, 4), (11, 10)] {
        // leave the last game unfinished half the time: its zones hold other cards
        let mut bots: Vec<_> = (0..used.initial_players().len())
            .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed + 100 + i as u64))
            .collect();
        count_game(&mut used, &mut bots, seed % 2 * 30 + 10).unwrap();
        restart_uno_game(&mut used, seed, players).unwrap();
        let fresh = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
        assert_eq!(
            used.state(),
            fresh.state(),
            "seed {seed}, {players} players"
        );
        assert_eq!(state_digest(used.state()), state_digest(fresh.state()));
        let (mut a, mut b) = (used, fresh);
        for engine in [&mut a, &mut b] {
            let mut bots: Vec<_> = (0..players)
                .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed + i as u64))
                .collect();
            count_game(engine, &mut bots, 100_000).unwrap();
        }
        assert_eq!(a.state(), b.state(), "seed {seed}, {players} players");
        assert_eq!(
            serde_json::to_string(&a.log()).unwrap(),
            serde_json::to_string(&b.log()).unwrap()
        );
        used = a;
    }
    // the golden game, on the engine that played all of the above
    restart_uno_game(&mut used, 42, 4).unwrap();
    let mut bots: Vec<_> = (0..4)
        .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), 42 + i))
        .collect();
    count_game(&mut used, &mut bots, 100_000).unwrap();
    assert!(GOLDEN_GAME_42.ends_with(&format!("digest={}", state_digest(used.state()))));
}

const GOLDEN_P1_HAND_42: &str =
    "uno-blue-5-2 uno-blue-4-2 uno-red-6-2 uno-wild-4 uno-yellow-6-2 uno-green-8-2 uno-blue-6-1";
const GOLDEN_TOP_42: &str = "uno-red-1-1";
const GOLDEN_GAME_42: &str =
    "winner=p2 actions=45 turns=34 drawn=47 reshuffles=0 digest=2d17cbdfc87af2d0";

#[test]
fn a_state_rewritten_with_sorted_keys_reads_back_the_same() {
    // a `serde_json::Value` sorts keys, as `jq -S` and Python's `sort_keys` do: the
    // tables are lists, so their order (the handles) survives, and a variable is found
    // by its key, whatever order they were first set in
    let (engine, _) = golden_game(9, 4);
    let state = engine.state();
    let json = state.to_json().unwrap();
    let sorted: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_ne!(sorted.to_string(), json, "the keys were reordered");
    let read = decklet::GameState::from_json(&sorted.to_string()).unwrap();
    assert_eq!(&read, state);
    assert_eq!(read.card_id("uno-wild-1"), state.card_id("uno-wild-1"));
    assert_eq!(state_digest(&read), state_digest(state));
    // the form of 0.2 (tables as objects keyed by id) is still read, in the order written
    let mut keyed = serde_json::from_str::<serde_json::Value>(&json).unwrap();
    for table in ["players", "zones", "cards"] {
        let entries: serde_json::Map<String, serde_json::Value> = keyed[table]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["id"].as_str().unwrap().to_string(), e.clone()))
            .collect();
        keyed[table] = serde_json::Value::Object(entries);
    }
    let old = decklet::GameState::from_json(&keyed.to_string()).unwrap();
    assert_eq!(old.player_count(), state.player_count());
    assert_eq!(old.cards().len(), 108);
}

//! Golden values: the same seed plays the same game on every platform and release.

use decklet::uno::{BotKind, new_uno_engine, play_game, uno_plugins};
use decklet::{GameEngine, GameLog, state_digest};

fn golden_game(seed: u64, players: usize) -> (GameEngine, String) {
    let mut engine = new_uno_engine(seed, players).unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|i| BotKind::Random.create(seed + i as u64))
        .collect();
    let report = play_game(&mut engine, &mut bots, 100_000).unwrap();
    let summary = format!(
        "winner={} actions={} turns={} drawn={} reshuffles={} digest={}",
        report.winner.unwrap(),
        report.actions,
        report.turns,
        report.cards_drawn,
        report.reshuffles,
        state_digest(engine.state())
    );
    (engine, summary)
}

#[test]
fn seed_42_deals_these_hands() {
    let engine = new_uno_engine(42, 4).unwrap();
    let p1: Vec<&str> = engine
        .state()
        .hand(&"p1".into())
        .unwrap()
        .cards
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(p1.join(" "), GOLDEN_P1_HAND_42);
    let top = engine
        .state()
        .zone_by_str("discard")
        .unwrap()
        .top()
        .unwrap()
        .to_string();
    assert_eq!(top, GOLDEN_TOP_42);
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
    let replayed = GameEngine::replay(&GameLog::from_json(&text).unwrap(), uno_plugins()).unwrap();
    assert_eq!(
        serde_json::to_string(replayed.state()).unwrap(),
        serde_json::to_string(engine.state()).unwrap()
    );
    assert_eq!(serde_json::to_string(&replayed.log()).unwrap(), text);
}

const GOLDEN_P1_HAND_42: &str =
    "uno-blue-5-2 uno-blue-4-2 uno-red-6-2 uno-wild-4 uno-yellow-6-2 uno-green-8-2 uno-blue-6-1";
const GOLDEN_TOP_42: &str = "uno-red-1-1";
const GOLDEN_GAME_42: &str =
    "winner=p2 actions=45 turns=34 drawn=47 reshuffles=0 digest=379528735df05d5f";

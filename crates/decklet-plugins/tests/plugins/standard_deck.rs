//! StandardDeckPlugin, paragraph by paragraph of the reference's description.

use std::sync::Arc;

use crate::common::*;
use decklet_core::*;
use decklet_plugins::*;
use serde::{Deserialize, Serialize};

/// Reads an action from JSON and dispatches it, as a client's message is.
fn dispatch_json(
    engine: &mut GameEngine,
    json: &serde_json::Value,
) -> Result<Outcome, EngineError> {
    let action = engine.action_from_json(json)?;
    engine.dispatch_any(action)
}

fn deck_engine(seed: u64) -> GameEngine {
    engine_with(
        vec![Arc::new(StandardDeckPlugin), Arc::new(Shuffler)],
        1,
        seed,
    )
}

/// `ASK_SHUFFLE { zoneId? }`: a game's own request for a `SHUFFLE` (dispatched inside
/// the tick, as the game shuffles).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AskShuffle {
    zone_id: Option<ZoneId>,
}
impl Action for AskShuffle {
    const KIND: &'static str = "ASK_SHUFFLE";
}

struct Shuffler;
impl GamePlugin for Shuffler {
    fn id(&self) -> &'static str {
        "shuffler"
    }
    fn name(&self) -> &'static str {
        "Shuffler"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<AskShuffle>(|ask, ctx| {
            ctx.dispatch(Shuffle {
                zone_id: ask.zone_id,
            });
            Ok(())
        })]
    }
}

#[test]
fn constants_and_identity() {
    assert_eq!(SHUFFLE_ACTION, "SHUFFLE");
    assert_eq!(STANDARD_DECK_ZONE_ID, "deck");
    assert_eq!(StandardDeckPlugin.id(), "standard-deck");
    assert_eq!(StandardDeckPlugin.name(), "Standard 52-card Deck");
    assert_eq!(StandardDeckPlugin.version(), "1.0.0");
}

#[test]
fn setup_creates_the_deck_zone_and_52_cards_in_order() {
    let engine = deck_engine(1);
    let state = engine.state();
    let deck = state.zone_id("deck").unwrap();
    assert_eq!(state.zone(deck).unwrap().zone_type, "deck");
    assert_eq!(state.cards().len(), 52);
    let mut expected = vec![];
    for suit in ["spade", "heart", "diamond", "club"] {
        for rank in [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ] {
            expected.push(format!("std-{suit}-{rank}"));
        }
    }
    assert_eq!(zone(state, "deck"), expected); // not shuffled before start
}

#[test]
fn card_fields_follow_the_reference_mapping() {
    let engine = deck_engine(1);
    let card = |id: &str| {
        let state = engine.state();
        state.card(state.card_id(id).unwrap()).unwrap().clone()
    };
    let ace = card("std-spade-A");
    assert_eq!(ace.card_type, "standard");
    assert_eq!(ace.suit.as_deref(), Some("spade"));
    assert_eq!(ace.rank.as_deref(), Some("A"));
    assert_eq!(ace.value, Some(1));
    assert_eq!(ace.tags, ["black", "spade"]);
    assert_eq!(
        ace.data,
        serde_json::json!({"symbol": "S", "color": "black", "rank": "A", "suit": "spade"})
    );
    let ten = card("std-heart-10");
    assert_eq!(ten.value, Some(10));
    assert_eq!(ten.tags, ["red", "heart"]);
    assert_eq!(ten.data["symbol"], "H");
    assert_eq!(card("std-diamond-J").value, Some(11));
    assert_eq!(card("std-diamond-J").data["symbol"], "D");
    assert_eq!(card("std-club-Q").value, Some(12));
    assert_eq!(card("std-club-Q").tags, ["black", "club"]);
    assert_eq!(card("std-club-K").value, Some(13));
    assert_eq!(card("std-club-K").data["symbol"], "C");
}

#[test]
fn setup_is_idempotent() {
    let mut engine = deck_engine(1);
    let once = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), once);
    engine.start().unwrap();
    let started = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), started);
}

#[test]
fn game_started_dispatches_a_shuffle_that_emits_deck_shuffled() {
    let mut engine = deck_engine(42);
    let before = zone(engine.state(), "deck");
    let outcome = engine.start().unwrap();
    assert_eq!(outcome.kinds(), [GAME_STARTED, DECK_SHUFFLED]);
    assert_eq!(
        outcome.events[1].to_json().unwrap()["payload"],
        serde_json::json!({"zoneId": "deck", "count": 52})
    );
    let after = zone(engine.state(), "deck");
    assert_ne!(after, before);
    let mut sorted_after = after.clone();
    sorted_after.sort();
    let mut sorted_before = before;
    sorted_before.sort();
    assert_eq!(sorted_after, sorted_before);
    // golden: seed 42 puts these cards on top
    let top: Vec<&str> = after.iter().rev().take(5).map(String::as_str).collect();
    assert_eq!(top.join(" "), GOLDEN_TOP_42);
}

const GOLDEN_TOP_42: &str = "std-club-3 std-club-A std-spade-6 std-club-10 std-heart-5";

#[test]
fn the_start_shuffle_goes_through_the_action_queue_and_its_limit() {
    let game = Game::builder().plugin(StandardDeckPlugin).build().unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            max_actions_per_tick: 0,
            ..Default::default()
        },
    );
    engine.create_game(players(1)).unwrap();
    let err = engine.start().unwrap_err();
    assert_eq!(
        err,
        EngineError::TickLimitExceeded {
            action: "GAME_STARTED".into(),
            limit: 0,
            counted: "actions"
        }
    );
    assert_eq!(engine.state().status(), GameStatus::Waiting);
}

#[test]
fn shuffle_defaults_to_the_deck_and_counts_its_cards() {
    let mut engine = deck_engine(3);
    engine.start().unwrap();
    let before = zone(engine.state(), "deck");
    let outcome = engine.dispatch(AskShuffle { zone_id: None }).unwrap();
    assert_eq!(outcome.kinds(), [DECK_SHUFFLED]);
    assert_eq!(
        outcome.events[0].to_json().unwrap()["payload"],
        serde_json::json!({"zoneId": "deck", "count": 52})
    );
    assert_ne!(zone(engine.state(), "deck"), before);
    let hand = engine.state().zone_id("hand:p1");
    let outcome = engine.dispatch(AskShuffle { zone_id: hand }).unwrap();
    assert_eq!(
        outcome.events[0].to_json().unwrap()["payload"],
        serde_json::json!({"zoneId": "hand:p1", "count": 0})
    );
}

#[test]
fn shuffle_may_be_dispatched_from_outside_as_in_the_reference() {
    let mut engine = deck_engine(3);
    engine.start().unwrap();
    let before = zone(engine.state(), "deck");
    let outcome = dispatch_json(
        &mut engine,
        &serde_json::json!({"type": "SHUFFLE", "payload": {"zoneId": "deck"}}),
    )
    .unwrap();
    assert_eq!(outcome.kinds(), [DECK_SHUFFLED]);
    assert_ne!(zone(engine.state(), "deck"), before);
    // no payload, or no zone: the deck
    let outcome = dispatch_json(&mut engine, &serde_json::json!({"type": "SHUFFLE"})).unwrap();
    assert_eq!(
        outcome.events[0].to_json().unwrap()["payload"],
        serde_json::json!({"zoneId": "deck", "count": 52})
    );
    assert!(engine.dispatch(Shuffle::default()).is_ok());
}

#[test]
fn shuffling_a_zone_read_from_json_that_does_not_exist_fails_with_the_reference_message() {
    let mut engine = deck_engine(3);
    engine.start().unwrap();
    let before = json(engine.state());
    let err = dispatch_json(
        &mut engine,
        &serde_json::json!({"type": "SHUFFLE", "payload": {"zoneId": "nope"}}),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .ends_with("Cannot shuffle: zone nope not found"),
        "{err}"
    );
    assert_eq!(json(engine.state()), before);
}

#[test]
fn shuffling_a_missing_zone_fails_with_the_reference_message() {
    let mut engine = deck_engine(3);
    engine.start().unwrap();
    let before = json(engine.state());
    // a zone of a game with more zones names nothing here
    let bigger = engine_with(vec![Arc::new(StandardDeckPlugin)], 6, 0);
    let far = bigger.state().zone_id("deck");
    let err = engine.dispatch(AskShuffle { zone_id: far }).unwrap_err();
    assert_eq!(err.to_string(), "Cannot shuffle: zone #6 not found");
    assert_eq!(json(engine.state()), before);
}

#[test]
fn the_reference_example_shows_52_cards_after_start() {
    let game = Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(DrawPlugin)
        .plugin(TurnPlugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            seed: 42,
            game_id: "g1".into(),
            ..Default::default()
        },
    );
    engine
        .create_game(vec![Player::new("p1", "Alice", 0)])
        .unwrap();
    engine.start().unwrap();
    assert_eq!(zone(engine.state(), STANDARD_DECK_ZONE_ID).len(), 52);
}

//! DrawPlugin scenarios.

use std::sync::Arc;

use crate::common::*;
use decklet_core::*;
use decklet_plugins::*;

fn deck_engine(keep_top: bool, seed: u64) -> GameEngine {
    let mut engine = engine_with(
        vec![
            Arc::new(StandardDeckPlugin),
            Arc::new(TurnPlugin),
            Arc::new(DrawPlugin),
            Arc::new(Table { keep_top }),
        ],
        2,
        seed,
    );
    engine.start().unwrap();
    engine
}

#[test]
fn plugin_identity_and_constructor() {
    assert_eq!((DrawPlugin.id(), DrawPlugin.version()), ("draw", "1.0.0"));
    let engine = deck_engine(true, 1);
    let p1 = player(&engine, "p1");
    assert_eq!(
        create_draw_card_action(p1, 3),
        DrawCard {
            player_id: p1,
            count: 3
        }
    );
    assert_eq!(
        engine
            .state()
            .json_of(&create_draw_card_action(p1, 3))
            .unwrap(),
        serde_json::json!({"playerId": "p1", "count": 3})
    );
}

#[test]
fn drawing_takes_cards_from_the_top_of_the_deck_in_order() {
    let mut engine = deck_engine(true, 5);
    let p1 = player(&engine, "p1");
    let deck = zone(engine.state(), "deck");
    let outcome = engine.dispatch(create_draw_card_action(p1, 3)).unwrap();
    let expected: Vec<String> = deck.iter().rev().take(3).cloned().collect();
    assert_eq!(outcome.kinds(), [CARD_DRAWN]);
    let drawn: Vec<_> = outcome.events_of::<CardDrawn>().collect();
    assert_eq!(
        (drawn[0].player_id, drawn[0].requested, drawn[0].count),
        (p1, 3, 3)
    );
    assert_eq!(texts(engine.state(), &drawn[0].card_ids), expected);
    assert_eq!(
        outcome.events[0].to_json().unwrap()["payload"]["cardIds"],
        serde_json::json!(expected)
    );
    assert_eq!(hand(engine.state(), "p1"), expected);
    assert_eq!(zone(engine.state(), "deck").len(), 49);
}

#[test]
fn zero_count_and_unknown_players_are_rejected_without_change() {
    let mut engine = deck_engine(true, 5);
    let before = json(engine.state());
    let err = engine
        .dispatch(create_draw_card_action(player(&engine, "p1"), 0))
        .unwrap_err();
    assert_eq!(err.rule(), Some("drawCountPositive"));
    // a player of a bigger game is nobody here
    let stranger = player(&engine_with(vec![], 5, 0), "p5");
    let err = engine
        .dispatch(create_draw_card_action(stranger, 1))
        .unwrap_err();
    assert_eq!(err.rule(), Some("drawPlayerKnown"));
    assert!(
        err.to_string().ends_with("#4 is not a player in this game"),
        "{err}"
    );
    // from JSON, an unknown name is refused before any rule runs
    let err = engine
        .action_from_json(
            &serde_json::json!({"type": "DRAW_CARD", "payload": {"playerId": "zed", "count": 1}}),
        )
        .unwrap_err();
    assert!(matches!(err, EngineError::InvalidAction { .. }), "{err:?}");
    assert_eq!(json(engine.state()), before);
}

#[test]
fn without_a_reshuffle_source_the_draw_gives_what_there_is() {
    let mut engine = engine_with(
        vec![
            Arc::new(StandardDeckPlugin),
            Arc::new(TurnPlugin),
            Arc::new(DrawPlugin),
        ],
        2,
        3,
    );
    engine.start().unwrap();
    let (p1, p2) = (player(&engine, "p1"), player(&engine, "p2"));
    engine.dispatch(create_draw_card_action(p1, 50)).unwrap();
    let outcome = engine.dispatch(create_draw_card_action(p2, 5)).unwrap();
    let drawn: Vec<_> = outcome.events_of::<CardDrawn>().collect();
    assert_eq!(drawn[0].card_ids.len(), 2);
    assert_eq!(drawn[0].requested, 5);
    // empty deck: still fine, nothing drawn
    let outcome = engine.dispatch(create_draw_card_action(p2, 1)).unwrap();
    let drawn: Vec<_> = outcome.events_of::<CardDrawn>().collect();
    assert!(drawn[0].card_ids.is_empty());
}

#[test]
fn an_empty_deck_is_refilled_from_the_discard_keeping_its_top() {
    let mut engine = deck_engine(true, 9);
    let (p1, p2) = (player(&engine, "p1"), player(&engine, "p2"));
    engine.dispatch(Discard { count: 10 }).unwrap();
    engine.dispatch(create_draw_card_action(p1, 42)).unwrap();
    assert!(zone(engine.state(), "deck").is_empty());
    let discard = zone(engine.state(), "discard");
    let top = discard.last().unwrap().clone();
    let outcome = engine.dispatch(create_draw_card_action(p2, 2)).unwrap();
    assert_eq!(outcome.kinds(), [DECK_RESHUFFLED, CARD_DRAWN]);
    assert_eq!(
        outcome.events[0].to_json().unwrap()["payload"],
        serde_json::json!({"fromZoneId": "discard", "toZoneId": "deck", "count": 9})
    );
    assert_eq!(zone(engine.state(), "discard"), [top]);
    assert_eq!(zone(engine.state(), "deck").len(), 7);
    assert_eq!(hand(engine.state(), "p2").len(), 2);
}

#[test]
fn without_keep_top_the_whole_discard_is_reshuffled() {
    let mut engine = deck_engine(false, 9);
    let (p1, p2) = (player(&engine, "p1"), player(&engine, "p2"));
    engine.dispatch(Discard { count: 10 }).unwrap();
    engine.dispatch(create_draw_card_action(p1, 42)).unwrap();
    engine.dispatch(create_draw_card_action(p2, 1)).unwrap();
    assert!(zone(engine.state(), "discard").is_empty());
    assert_eq!(zone(engine.state(), "deck").len(), 9);
}

#[test]
fn an_absurd_count_ends_when_every_card_is_drawn() {
    let mut engine = deck_engine(true, 2);
    engine.dispatch(Discard { count: 20 }).unwrap();
    let outcome = engine
        .dispatch(create_draw_card_action(player(&engine, "p1"), u32::MAX))
        .unwrap();
    let drawn: Vec<_> = outcome.events_of::<CardDrawn>().collect();
    assert_eq!(drawn[0].card_ids.len(), 51); // everything but the kept discard top
    assert!(engine.state().validate().is_ok());
}

#[test]
fn a_missing_deck_is_an_error_not_a_panic() {
    let mut engine = engine_with(vec![Arc::new(TurnPlugin), Arc::new(DrawPlugin)], 2, 1);
    engine.start().unwrap();
    let err = engine
        .dispatch(create_draw_card_action(player(&engine, "p1"), 1))
        .unwrap_err();
    assert_eq!(
        err,
        EngineError::ZoneNotFound {
            zone: "deck".into()
        }
    );
}

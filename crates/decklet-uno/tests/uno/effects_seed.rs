//! The reference's card effects, effect by effect: events, payloads, order and the
//! state after.

use crate::common::*;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;

#[test]
fn skip_ends_two_turns_and_names_the_skipped_player() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "skip"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("red", "skip")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            UNO_PLAYER_SKIPPED,
            TURN_ENDED,
            TURN_STARTED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    let skipped: Vec<&UnoPlayerSkipped> = outcome.events_of::<UnoPlayerSkipped>().collect();
    assert_eq!(
        skipped[0],
        &UnoPlayerSkipped {
            skipped_player_id: id(&engine, "p2")
        }
    );
    let ended: Vec<PlayerId> = outcome
        .events_of::<TurnEnded>()
        .map(|e| e.player_id)
        .collect();
    assert_eq!(ended, [id(&engine, "p1"), id(&engine, "p2")]);
    assert_eq!(current(&engine), "p3");
    assert_eq!(
        engine.state().json_of(skipped[0]).unwrap(),
        serde_json::json!({"skippedPlayerId": "p2"})
    );
}

#[test]
fn skip_follows_the_direction() {
    let mut engine = uno(4, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "reverse"), card("red", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    play(&mut engine, "p1", card("red", "reverse")).unwrap(); // now p4, direction -1
    arrange(
        &mut engine,
        &[("p4", vec![card("red", "skip"), card("red", "2")])],
        card("red", "4"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p4", card("red", "skip")).unwrap();
    let skipped: Vec<&UnoPlayerSkipped> = outcome.events_of::<UnoPlayerSkipped>().collect();
    assert_eq!(skipped[0].skipped_player_id, id(&engine, "p3"));
    assert_eq!(current(&engine), "p2");
}

#[test]
fn reverse_with_three_or_more_flips_direction_and_passes_once() {
    let mut engine = uno(4, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "reverse"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("red", "reverse")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            UNO_PLAYER_REVERSED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    let reversed: Vec<&UnoPlayerReversed> = outcome.events_of::<UnoPlayerReversed>().collect();
    assert_eq!(reversed[0], &UnoPlayerReversed { new_direction: -1 });
    assert_eq!(
        engine.state().json_of(reversed[0]).unwrap(),
        serde_json::json!({"newDirection": -1})
    );
    assert_eq!(engine.state().variable(&TURN_VARIABLE_DIRECTION), Some(-1));
    assert_eq!(current(&engine), "p4");
    // the next player follows the new direction; a second reverse flips it back
    arrange(
        &mut engine,
        &[("p4", vec![card("red", "1"), card("green", "1")])],
        card("red", "5"),
        UnoColor::Red,
    );
    play(&mut engine, "p4", card("red", "1")).unwrap();
    assert_eq!(current(&engine), "p3");
    arrange(
        &mut engine,
        &[("p3", vec![card_n("red", "reverse", 2), card("green", "2")])],
        card("red", "6"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p3", card_n("red", "reverse", 2)).unwrap();
    assert_eq!(
        outcome
            .events_of::<UnoPlayerReversed>()
            .next()
            .unwrap()
            .new_direction,
        1
    );
    assert_eq!(current(&engine), "p4");
}

#[test]
fn reverse_with_two_players_skips_the_other_and_the_player_goes_again() {
    let mut engine = uno(2, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "reverse"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("red", "reverse")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            UNO_PLAYER_REVERSED,
            UNO_PLAYER_SKIPPED,
            TURN_ENDED,
            TURN_STARTED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    assert_eq!(
        outcome
            .events_of::<UnoPlayerSkipped>()
            .next()
            .unwrap()
            .skipped_player_id,
        id(&engine, "p2")
    );
    assert_eq!(engine.state().variable(&TURN_VARIABLE_DIRECTION), Some(-1));
    assert_eq!(current(&engine), "p1");
}

#[test]
fn draw_two_makes_the_next_player_draw_two_and_skips_them() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "draw2"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let deck = zone(&engine, "deck");
    let p2_before = hand(&engine, "p2");
    let outcome = play(&mut engine, "p1", card("red", "draw2")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            UNO_DRAW_TWO,
            CARD_DRAWN,
            TURN_ENDED,
            TURN_STARTED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    let event = outcome.events_of::<UnoDrawTwo>().next().unwrap();
    assert_eq!(
        event,
        &UnoDrawTwo {
            target_player_id: id(&engine, "p2"),
            count: 2
        }
    );
    assert_eq!(
        engine.state().json_of(event).unwrap(),
        serde_json::json!({"targetPlayerId": "p2", "count": 2})
    );
    let drawn = outcome.events_of::<CardDrawn>().next().unwrap();
    let expected: Vec<CardId> = deck.iter().rev().take(2).cloned().collect();
    assert_eq!(
        drawn,
        &CardDrawn {
            player_id: id(&engine, "p2"),
            card_ids: expected.clone().into(),
            requested: 2,
            count: 2
        }
    );
    let mut after = p2_before;
    after.extend(expected);
    assert_eq!(hand(&engine, "p2"), after);
    assert_eq!(current(&engine), "p3");
}

#[test]
fn wild_waits_for_the_colour_then_ends_the_turn_once() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("wild", ""), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("wild", "")).unwrap();
    assert_eq!(kinds(&outcome), [CARD_PLAYED, UNO_CARD_PLAYED]);
    assert!(is_color_pending(engine.state()));
    assert_eq!(current(&engine), "p1");
    assert_eq!(current_color(engine.state()), Some(UnoColor::Red));
    let outcome = engine
        .dispatch(ChooseColor::new(id(&engine, "p1"), UnoColor::Green))
        .unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            UNO_COLOR_CHANGED,
            UNO_COLOR_CHOSEN,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    let chosen = outcome.events_of::<UnoColorChosen>().next().unwrap();
    assert_eq!(
        chosen,
        &UnoColorChosen {
            player_id: id(&engine, "p1"),
            color: UnoColor::Green,
            card_type: "wild".into()
        }
    );
    assert_eq!(
        engine.state().json_of(chosen).unwrap(),
        serde_json::json!({"playerId": "p1", "color": "green", "cardType": "wild"})
    );
    assert!(!is_color_pending(engine.state()));
    assert_eq!(current_color(engine.state()), Some(UnoColor::Green));
    assert_eq!(current(&engine), "p2");
}

#[test]
fn wild_draw_four_waits_then_the_next_player_draws_four_and_is_skipped() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("wild_draw4", ""), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let p2_before = hand(&engine, "p2").len();
    let outcome = play(&mut engine, "p1", card("wild_draw4", "")).unwrap();
    assert_eq!(kinds(&outcome), [CARD_PLAYED, UNO_CARD_PLAYED]);
    assert!(is_color_pending(engine.state()));
    assert_eq!(
        hand(&engine, "p2").len(),
        p2_before,
        "no penalty before the colour"
    );
    let outcome = engine
        .dispatch(ChooseColor::new(id(&engine, "p1"), UnoColor::Blue))
        .unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            UNO_COLOR_CHANGED,
            UNO_COLOR_CHOSEN,
            UNO_DRAW_FOUR,
            CARD_DRAWN,
            TURN_ENDED,
            TURN_STARTED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    assert_eq!(
        outcome
            .events_of::<UnoColorChosen>()
            .next()
            .unwrap()
            .card_type,
        "wild_draw4"
    );
    let four = outcome.events_of::<UnoDrawFour>().next().unwrap();
    assert_eq!(
        four,
        &UnoDrawFour {
            target_player_id: id(&engine, "p2"),
            count: 4
        }
    );
    assert_eq!(
        engine.state().json_of(four).unwrap(),
        serde_json::json!({"targetPlayerId": "p2", "count": 4})
    );
    assert_eq!(hand(&engine, "p2").len(), p2_before + 4);
    assert_eq!(current(&engine), "p3");
    assert_eq!(current_color(engine.state()), Some(UnoColor::Blue));
}

#[test]
fn effects_as_functions_are_exported_with_the_seed_names() {
    // The effect functions are plain functions over the context: calling one in a
    // handler of our own does what the card does.
    struct SkipNow;
    #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
    struct Zap {
        player: PlayerId,
    }
    impl Action for Zap {
        const KIND: &'static str = "ZAP";
    }
    impl GamePlugin for SkipNow {
        fn id(&self) -> &'static str {
            "skip-now"
        }
        fn name(&self) -> &'static str {
            "Skip now"
        }
        fn version(&self) -> &'static str {
            "1"
        }
        fn actions(&self) -> Vec<ActionHandler> {
            vec![ActionHandler::new::<Zap>(|zap, ctx| {
                apply_skip_effect(ctx, zap.player)
            })]
        }
    }
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .plugin(SkipNow)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            seed: 3,
            ..Default::default()
        },
    );
    engine.create_game(players(3)).unwrap();
    engine.start().unwrap();
    let outcome = engine
        .dispatch(Zap {
            player: id(&engine, "p1"),
        })
        .unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            UNO_PLAYER_SKIPPED,
            TURN_ENDED,
            TURN_STARTED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    assert_eq!(current(&engine), "p3");
}

#[test]
fn reshuffle_keeps_the_discard_top_and_the_colour() {
    let mut engine = uno(2, 4);
    engine.dispatch(RigBurn { leave: 0 }).unwrap();
    let top = discard_top(engine.state()).unwrap().0;
    let color = current_color(engine.state());
    let pile = zone(&engine, "discard").len();
    let outcome = engine
        .dispatch(create_draw_card_action(id(&engine, "p1"), 1))
        .unwrap();
    assert_eq!(kinds(&outcome), [DECK_RESHUFFLED, CARD_DRAWN]);
    let reshuffled = outcome.events_of::<DeckReshuffled>().next().unwrap();
    assert_eq!(
        engine.state().json_of(reshuffled).unwrap(),
        serde_json::json!({"fromZoneId": "discard", "toZoneId": "deck", "count": pile - 1})
    );
    assert_eq!(zone(&engine, "discard"), [top]);
    assert_eq!(current_color(engine.state()), color);
    assert_eq!(zone(&engine, "deck").len(), pile - 2);
}

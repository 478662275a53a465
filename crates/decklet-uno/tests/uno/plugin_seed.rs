//! `uno-plugin.md`, paragraph by paragraph: identity, setup, registrations, the three
//! event handlers and the notes.

use crate::common::*;
use decklet_bots::Bot;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;

#[test]
fn identity_requirements_and_registrations() {
    assert_eq!(
        (UnoPlugin.id(), UnoPlugin.name(), UnoPlugin.version()),
        ("uno", "UNO", "1.0.0")
    );
    assert_eq!(UnoPlugin.requires(), ["turn", "draw"]);
    let rules: Vec<String> = UnoPlugin
        .rules()
        .iter()
        .map(|r| r.id().to_string())
        .collect();
    assert_eq!(
        rules,
        [
            "gameNotWon",
            "gameStarted",
            "playerTurn",
            "playerOwnsCard",
            "singleCard",
            "canPlayCard",
            "canPlayWildDrawFour",
            "chooseColorValid",
            "turnDiscipline"
        ]
    );
    let actions: Vec<&str> = UnoPlugin
        .actions()
        .iter()
        .map(ActionHandler::kind)
        .collect();
    assert_eq!(actions, ["PLAY_CARD", "CHOOSE_COLOR", "UNO_FLIP_INITIAL"]);
    let events: Vec<&str> = UnoPlugin.events().iter().map(EventHandler::kind).collect();
    // the reference's three, and ours: remembering a player's own draw (turn discipline)
    assert_eq!(
        events,
        [
            "GAME_STARTED",
            "CARD_PLAYED",
            "UNO_COLOR_CHOSEN",
            "CARD_DRAWN"
        ]
    );
}

/// An engine of classic UNO's composition, Turn, Draw and UNO, registered as the seed
/// pages register them, with no game yet.
fn seeded(seed: u64) -> GameEngine {
    let game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin)
        .build()
        .unwrap();
    GameEngine::new(
        &game,
        EngineConfig {
            seed,
            ..Default::default()
        },
    )
}

fn created(n: usize, seed: u64) -> GameEngine {
    let mut engine = seeded(seed);
    engine.create_game(players(n)).unwrap();
    engine
}

#[test]
fn setup_creates_zones_deck_variables_and_reshuffle_policy() {
    let engine = created(3, 5);
    let state = engine.state();
    assert_eq!(zone(&engine, UNO_DECK_ZONE_ID).len(), 108);
    assert_eq!(zone(&engine, UNO_DISCARD_ZONE_ID).len(), 0);
    assert_eq!(state.cards().len(), 108);
    assert_eq!(state.variable(&UNO_VAR_PENDING_COLOR), Some(false));
    assert_eq!(
        state.variable(&DRAW_VAR_RESHUFFLE_FROM),
        state.zone_id("discard")
    );
    assert_eq!(state.variable(&DRAW_VAR_RESHUFFLE_KEEP_TOP), Some(true));
}

#[test]
fn setup_shuffles_with_the_game_rng_like_create_shuffled_uno_deck() {
    let engine = created(2, 77);
    let expected: Vec<String> = create_shuffled_uno_deck(&mut GameRng::seed_from(77))
        .into_iter()
        .map(|c| c.id.to_string())
        .collect();
    let names = |engine: &GameEngine| -> Vec<String> {
        zone(engine, "deck").into_iter().map(name).collect()
    };
    assert_eq!(names(&engine), expected);
    let other = created(2, 78);
    assert_ne!(names(&other), expected);
}

#[test]
fn setup_is_idempotent_before_and_during_play() {
    let mut engine = created(3, 5);
    let once = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), once);
    engine.start().unwrap();
    let started = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), started);
}

#[test]
fn uno_must_come_after_turn_and_draw() {
    let built = Game::builder()
        .plugin(UnoPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .build();
    assert_eq!(
        built.unwrap_err(),
        EngineError::MissingRequirement {
            plugin: "uno".into(),
            requires: "turn".into()
        }
    );
    let built = Game::builder()
        .plugin(TurnPlugin)
        .plugin(UnoPlugin)
        .plugin(DrawPlugin)
        .build();
    assert_eq!(
        built.unwrap_err(),
        EngineError::MissingRequirement {
            plugin: "uno".into(),
            requires: "draw".into()
        }
    );
}

#[test]
fn uno_is_for_two_to_ten_players() {
    for n in [1, 11] {
        let mut engine = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
        assert!(matches!(
            engine.create_game(players(n)),
            Err(EngineError::SetupFailed { .. })
        ));
    }
    for n in [2, 10] {
        assert_eq!(created(n, 1).state().player_count(), n);
    }
}

#[test]
fn game_started_deals_seven_each_in_seat_order_then_flips() {
    let mut engine = seeded(9);
    // given out of seat order: seat order is b (1), c (2), a (3)
    engine
        .create_game(vec![
            Player::new("a", "A", 3),
            Player::new("b", "B", 1),
            Player::new("c", "C", 2),
        ])
        .unwrap();
    let deck = zone(&engine, "deck");
    let outcome = engine.start().unwrap();
    let drawn: Vec<&CardDrawn> = outcome.events_of::<CardDrawn>().collect();
    let state = engine.state();
    let order: Vec<String> = drawn
        .iter()
        .map(|d| state.id_text(d.player_id).into_owned())
        .collect();
    assert_eq!(order, ["b", "c", "a"]);
    let mut top = deck.iter().rev();
    for d in &drawn {
        assert_eq!(d.requested, 7);
        let expected: Vec<CardId> = top.by_ref().take(7).cloned().collect();
        assert_eq!(d.card_ids.as_slice(), expected);
        assert_eq!(state.hand(d.player_id), expected);
    }
    let k = kinds(&outcome);
    assert_eq!(&k[..3], [GAME_STARTED, TURN_STARTED, CARD_DRAWN]);
    assert_eq!(&k[k.len() - 2..], [UNO_INITIAL_FLIPPED, UNO_COLOR_CHANGED]);
    assert_eq!(current(&engine), "b");
}

#[test]
fn the_initial_flip_ends_on_a_number_and_sets_the_colour() {
    let mut saw_non_number_first = false;
    for seed in 0..300 {
        let engine = uno(4, seed);
        let state = engine.state();
        let discard = zone(&engine, "discard");
        let views: Vec<UnoCard> = discard
            .iter()
            .map(|c| card_view(state, *c).unwrap())
            .collect();
        let (top, under) = views.split_last().unwrap();
        assert!(matches!(top.face, UnoFace::Number(_)), "seed {seed}");
        assert!(
            under.iter().all(|v| !matches!(v.face, UnoFace::Number(_))),
            "seed {seed}"
        );
        assert_eq!(current_color(state), top.color);
        assert_eq!(zone(&engine, "deck").len(), 108 - 28 - discard.len());
        saw_non_number_first |= !under.is_empty();
    }
    assert!(
        saw_non_number_first,
        "some seed should flip an action card first"
    );
}

#[test]
fn initial_flip_event_lists_every_flipped_card() {
    let seed = (0..300)
        .find(|&s| zone(&uno(2, s), "discard").len() > 1)
        .unwrap();
    let mut engine = uno_created(2, seed);
    let outcome = engine.start().unwrap();
    let flipped: Vec<&UnoInitialFlipped> = outcome.events_of::<UnoInitialFlipped>().collect();
    assert_eq!(flipped[0].card_ids.as_slice(), zone(&engine, "discard"));
    assert_eq!(Some(flipped[0].color), current_color(engine.state()));
}

#[test]
fn a_number_card_ends_the_turn_once() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "7"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            TURN_ENDED,
            TURN_STARTED
        ]
    );
    let played: Vec<&CardPlayed> = outcome.events_of::<CardPlayed>().collect();
    assert_eq!(
        played[0],
        &CardPlayed {
            player_id: pid("p1"),
            card_ids: [card("red", "7")].into_iter().collect()
        }
    );
    let uno_played: Vec<&UnoCardPlayed> = outcome.events_of::<UnoCardPlayed>().collect();
    assert_eq!(
        uno_played[0],
        &UnoCardPlayed {
            player_id: pid("p1"),
            card_id: card("red", "7"),
            card_type: "number".into(),
            color: Some(UnoColor::Red)
        }
    );
    assert_eq!(current(&engine), "p2");
    assert_eq!(hand(&engine, "p1"), [card("blue", "1")]);
    assert_eq!(discard_top(engine.state()).unwrap().0, card("red", "7"));
}

#[test]
fn a_coloured_card_of_another_colour_changes_the_colour() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("blue", "3"), card("blue", "1")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("blue", "3")).unwrap();
    let changed: Vec<&UnoColorChanged> = outcome.events_of::<UnoColorChanged>().collect();
    assert_eq!(
        changed[0],
        &UnoColorChanged {
            color: UnoColor::Blue,
            player_id: Some(pid("p1"))
        }
    );
    assert_eq!(current_color(engine.state()), Some(UnoColor::Blue));
}

#[test]
fn winning_on_the_last_card_emits_won_finished_uno_won_and_no_effect() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "draw2")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let p2_before = hand(&engine, "p2");
    let outcome = play(&mut engine, "p1", card("red", "draw2")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            UNO_COLOR_CHANGED,
            GAME_WON,
            GAME_FINISHED,
            UNO_GAME_WON
        ]
    );
    let won: Vec<&UnoGameWon> = outcome.events_of::<UnoGameWon>().collect();
    assert_eq!(won[0].winner_ids, [pid("p1")]);
    assert_eq!(
        outcome.events_of::<GameWon>().next().unwrap().winner_ids,
        [pid("p1")]
    );
    assert_eq!(
        payload(&outcome, UNO_GAME_WON),
        serde_json::json!({"winnerIds": ["p1"]})
    );
    assert_eq!(engine.state().status(), GameStatus::Finished);
    assert_eq!(engine.state().winners(), [pid("p1")]);
    assert_eq!(
        hand(&engine, "p2"),
        p2_before,
        "a last draw2 makes nobody draw"
    );
    assert_eq!(current(&engine), "p1");
    // nothing is accepted afterwards
    let err = engine
        .dispatch(create_draw_card_action(pid("p2"), 1))
        .unwrap_err();
    assert_eq!(err.rule(), Some("gameNotWon"));
}

#[test]
fn winning_with_a_wild_needs_no_colour() {
    let mut engine = uno(2, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("wild", "")])],
        card("red", "3"),
        UnoColor::Red,
    );
    let outcome = play(&mut engine, "p1", card("wild", "")).unwrap();
    assert_eq!(
        kinds(&outcome),
        [
            CARD_PLAYED,
            UNO_CARD_PLAYED,
            GAME_WON,
            GAME_FINISHED,
            UNO_GAME_WON
        ]
    );
    assert!(!is_color_pending(engine.state()));
}

#[test]
fn the_seed_example_runs_and_announces_the_winner() {
    use std::sync::{Arc, Mutex};
    let mut engine = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
    let winners = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&winners);
    engine.subscribe_all(move |e| {
        if e.kind() == UNO_GAME_WON {
            sink.lock()
                .unwrap()
                .push(e.payload_json().unwrap()["winnerIds"].clone());
        }
    });
    engine
        .create_game(vec![
            Player::new("p1", "Alice", 1),
            Player::new("p2", "Bob", 2),
            Player::new("p3", "Carol", 3),
        ])
        .unwrap();
    engine.start().unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), i))
        .collect();
    let report = play_uno(&mut engine, &mut bots, 100_000).unwrap();
    let winner = report.winner.unwrap();
    assert_eq!(
        *winners.lock().unwrap(),
        [serde_json::json!([engine.state().id_text(winner)])]
    );
}

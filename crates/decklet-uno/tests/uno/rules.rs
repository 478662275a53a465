//! Every rule rejects what it should, with its id and a readable reason, and accepts
//! what it should; a rejection changes nothing.

use crate::common::*;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;

/// Reads an action from JSON and dispatches it, as a client's message is.
fn dispatch_json(
    engine: &mut GameEngine,
    json: &serde_json::Value,
) -> Result<Outcome, EngineError> {
    let action = engine.action_from_json(json)?;
    engine.dispatch_any(action)
}

fn table() -> GameEngine {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[
            (
                "p1",
                vec![
                    card("red", "7"),
                    card("blue", "3"),
                    card("green", "9"),
                    card("wild", ""),
                ],
            ),
            ("p2", vec![card("yellow", "7"), card("yellow", "1")]),
        ],
        card("red", "3"),
        UnoColor::Red,
    );
    engine
}

fn check_rejected(engine: &mut GameEngine, action: impl Action, rule: &str, reason_part: &str) {
    let before = json(engine.state());
    match engine.dispatch(action) {
        Err(EngineError::Rejected {
            rule: r,
            reason,
            action,
        }) => {
            assert_eq!(r, rule, "{action}: {reason}");
            assert!(
                reason.contains(reason_part),
                "{rule}: `{reason}` lacks `{reason_part}`"
            );
        }
        other => panic!("expected {rule} to reject, got {other:?}"),
    }
    assert_eq!(
        json(engine.state()),
        before,
        "a rejection changed the state"
    );
}

#[test]
fn game_started_refuses_actions_before_start() {
    let mut engine = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
    engine.create_game(players(2)).unwrap();
    let first = zone(&engine, "deck")[0];
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [first]),
        "gameStarted",
        "not started",
    );
}

#[test]
fn game_not_won_refuses_everything_after_a_win() {
    let mut engine = table();
    arrange(
        &mut engine,
        &[("p1", vec![card("red", "7")])],
        card("red", "3"),
        UnoColor::Red,
    );
    play(&mut engine, "p1", card("red", "7")).unwrap();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p2"), [card("yellow", "7")]),
        "gameNotWon",
        "p1 has won",
    );
    check_rejected(
        &mut engine,
        create_end_turn_action(pid("p1")),
        "gameNotWon",
        "over",
    );
}

#[test]
fn player_turn_only_the_current_player_plays_or_chooses() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p2"), [card("yellow", "7")]),
        "playerTurn",
        "p1's turn",
    );
    check_rejected(
        &mut engine,
        ChooseColor::new(pid("p2"), UnoColor::Red),
        "playerTurn",
        "not p2's",
    );
}

#[test]
fn player_owns_card_the_card_must_be_in_the_hand() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("yellow", "7")]),
        "playerOwnsCard",
        "not in p1's hand",
    );
    // a card no game has is refused as it is read, before any rule runs
    let before = json(engine.state());
    let err = dispatch_json(&mut engine, &serde_json::json!({"type": "PLAY_CARD", "payload": {"playerId": "p1", "cardIds": ["no-such-card"]}}))
        .unwrap_err();
    assert!(matches!(err, EngineError::InvalidAction { .. }), "{err:?}");
    assert!(
        err.to_string().contains("unknown card `no-such-card`"),
        "{err}"
    );
    assert_eq!(json(engine.state()), before);
}

#[test]
fn single_card_exactly_one_card() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("red", "7"), card("blue", "3")]),
        "singleCard",
        "exactly one",
    );
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), Vec::<CardId>::new()),
        "singleCard",
        "not 0",
    );
    let many: Vec<CardId> = std::iter::repeat_n(card("red", "7"), 100_000).collect();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), many),
        "singleCard",
        "100000",
    );
}

#[test]
fn can_play_card_colour_face_or_wild() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("green", "9")]),
        "canPlayCard",
        "matches neither",
    );
    // same colour
    let mut e = table();
    assert!(play(&mut e, "p1", card("red", "7")).is_ok());
    // same face, other colour
    let mut e = table();
    assert!(play(&mut e, "p1", card("blue", "3")).is_ok());
    // wild
    let mut e = table();
    assert!(play(&mut e, "p1", card("wild", "")).is_ok());
}

#[test]
fn can_play_card_after_a_wild_only_the_chosen_colour_counts() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[(
            "p1",
            vec![
                card("yellow", "5"),
                card("green", "5"),
                card_n("wild", "", 2),
            ],
        )],
        card("wild", ""),
        UnoColor::Green,
    );
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("yellow", "5")]),
        "canPlayCard",
        "green",
    );
    assert!(play(&mut engine, "p1", card("green", "5")).is_ok());
}

#[test]
fn can_play_wild_draw_four_only_without_the_colour_in_force() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[(
            "p1",
            vec![card("wild_draw4", ""), card("red", "9"), card("blue", "1")],
        )],
        card("red", "3"),
        UnoColor::Red,
    );
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("wild_draw4", "")]),
        "canPlayWildDrawFour",
        "no red card",
    );
    // holding a matching number of another colour is fine
    arrange(
        &mut engine,
        &[(
            "p1",
            vec![card("wild_draw4", ""), card("blue", "3"), card("wild", "")],
        )],
        card("red", "3"),
        UnoColor::Red,
    );
    assert!(play(&mut engine, "p1", card("wild_draw4", "")).is_ok());
}

#[test]
fn choose_color_valid_a_real_colour_and_only_when_pending() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        ChooseColor::new(pid("p1"), UnoColor::Blue),
        "chooseColorValid",
        "no colour is waiting",
    );
    play(&mut engine, "p1", card("wild", "")).unwrap();
    let purple = ChooseColor {
        player_id: pid("p1"),
        color: "purple".into(),
    };
    check_rejected(
        &mut engine,
        purple,
        "chooseColorValid",
        "red, yellow, green or blue",
    );
    let wild = ChooseColor {
        player_id: pid("p1"),
        color: "wild".into(),
    };
    check_rejected(&mut engine, wild, "chooseColorValid", "not a colour");
    assert!(
        engine
            .dispatch(ChooseColor::new(pid("p1"), UnoColor::Yellow))
            .is_ok()
    );
}

#[test]
fn turn_discipline_draws_on_your_own_turn_once_and_one_card() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        create_draw_card_action(pid("p2"), 1),
        "turnDiscipline",
        "own turn",
    );
    check_rejected(
        &mut engine,
        create_draw_card_action(pid("p1"), 2),
        "turnDiscipline",
        "one card",
    );
    engine
        .dispatch(create_draw_card_action(pid("p1"), 1))
        .unwrap();
    check_rejected(
        &mut engine,
        create_draw_card_action(pid("p1"), 1),
        "turnDiscipline",
        "already drawn",
    );
    // the draw is recorded under 0.1's keys: the drawer by text id in JSON
    let state = engine.state();
    assert_eq!(state.variable(&UNO_VAR_DRAW_PLAYER), Some(pid("p1")));
    assert_eq!(state.variable(&UNO_VAR_DRAW_COUNT), Some(1));
    let json = state.to_json().unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["variables"]["draw:lastExternalPlayer"], "p1");
    let read = GameState::from_json(&json).unwrap();
    assert_eq!(read.variable(&UNO_VAR_DRAW_PLAYER), Some(pid("p1")));
}

#[test]
fn turn_discipline_ending_the_turn_needs_a_draw() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        create_end_turn_action(pid("p1")),
        "turnDiscipline",
        "draw a card before",
    );
    check_rejected(
        &mut engine,
        create_end_turn_action(pid("p2")),
        "currentPlayerEndsTurn",
        "p1's turn",
    );
    engine
        .dispatch(create_draw_card_action(pid("p1"), 1))
        .unwrap();
    let outcome = engine.dispatch(create_end_turn_action(pid("p1"))).unwrap();
    assert_eq!(kinds(&outcome), [TURN_ENDED, TURN_STARTED]);
    assert_eq!(current(&engine), "p2");
    // the next player starts fresh
    check_rejected(
        &mut engine,
        create_end_turn_action(pid("p2")),
        "turnDiscipline",
        "draw a card before",
    );
}

#[test]
fn turn_discipline_after_drawing_only_the_drawn_card() {
    let mut engine = table();
    engine
        .dispatch(RigDeckTop {
            cards: vec![card("red", "8")],
        })
        .unwrap();
    engine
        .dispatch(create_draw_card_action(pid("p1"), 1))
        .unwrap();
    assert_eq!(hand(&engine, "p1").last(), Some(&card("red", "8")));
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("red", "7")]),
        "turnDiscipline",
        "only play the card you drew",
    );
    assert!(play(&mut engine, "p1", card("red", "8")).is_ok());
    assert_eq!(current(&engine), "p2");
}

#[test]
fn turn_discipline_while_a_colour_is_pending_only_choose_colour() {
    let mut engine = table();
    play(&mut engine, "p1", card("wild", "")).unwrap();
    check_rejected(
        &mut engine,
        create_draw_card_action(pid("p1"), 1),
        "turnDiscipline",
        "choose a colour",
    );
    check_rejected(
        &mut engine,
        create_end_turn_action(pid("p1")),
        "turnDiscipline",
        "choose a colour",
    );
    check_rejected(
        &mut engine,
        PlayCard::new(pid("p1"), [card("red", "7")]),
        "turnDiscipline",
        "choose a colour",
    );
}

#[test]
fn turn_discipline_players_cannot_flip_the_initial_card() {
    let mut engine = table();
    check_rejected(
        &mut engine,
        create_uno_flip_initial_action(),
        "turnDiscipline",
        "flipped by the game",
    );
}

#[test]
fn json_actions_from_the_wire_go_through_the_same_rules() {
    let mut engine = table();
    let err = dispatch_json(
        &mut engine,
        &serde_json::json!({"type": "CHOOSE_COLOR", "payload": {"playerId": "p1", "color": 5}}),
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidAction { .. }));
    let err = dispatch_json(&mut engine, &serde_json::json!({"type": "PLAY_CARD", "payload": {"playerId": "p1", "cardIds": ["uno-green-9-1"]}}))
        .unwrap_err();
    assert_eq!(err.rule(), Some("canPlayCard"));
    dispatch_json(&mut engine, &serde_json::json!({"type": "PLAY_CARD", "payload": {"playerId": "p1", "cardIds": ["uno-red-7-1"]}}))
        .unwrap();
}

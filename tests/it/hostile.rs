//! Hostile input through every public entry point: typed errors, state unchanged.

use decklet::uno::{LegalAction, new_uno_engine, uno_game};
use decklet::{EngineConfig, EngineError, GameEngine, GameState, Outcome, Verify};
use serde_json::{Value, json};

use crate::entry;

/// Reads an action from JSON and dispatches it, as a client's message is.
fn dispatch_json(
    engine: &mut GameEngine,
    json: &serde_json::Value,
) -> Result<Outcome, EngineError> {
    let action = engine.action_from_json(json)?;
    engine.dispatch_any(action)
}

fn json_state(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

fn engine() -> GameEngine {
    new_uno_engine(&uno_game(&[]).unwrap(), 21, 3).unwrap()
}

/// Dispatches JSON and checks it is refused with an error and changes nothing.
fn refuse(engine: &mut GameEngine, action: Value) -> EngineError {
    let before = json_state(engine.state());
    let log_len = engine.log_len();
    let err = dispatch_json(engine, &action).expect_err(&format!("{action} should be refused"));
    assert_eq!(
        json_state(engine.state()),
        before,
        "{action} changed the state"
    );
    assert_eq!(engine.log_len(), log_len);
    err
}

#[test]
fn plays_that_make_no_sense_are_refused() {
    let mut e = engine();
    let state = e.state();
    let text = |id| state.id_text(id).into_owned();
    let current = state.current_player().unwrap();
    let other = state.players().find(|p| *p != current).unwrap();
    let foreign = text(state.hand(other)[0]);
    let mine = text(state.hand(current)[0]);
    let current = state.id_text(current).into_owned();
    let huge: Vec<String> = vec![mine.clone(); 200_000];
    // names that are nobody's are refused as the action is read
    for payload in [
        json!({"playerId": "nobody", "cardIds": [mine]}),
        json!({"playerId": current, "cardIds": ["no-such-card"]}),
        json!({"playerId": "x".repeat(100_000), "cardIds": [mine]}),
    ] {
        let err = refuse(&mut e, json!({"type": "PLAY_CARD", "payload": payload}));
        assert!(matches!(err, EngineError::InvalidAction { .. }), "{err:?}");
        assert!(
            err.to_string().len() < 300,
            "the message echoes the input whole"
        );
    }
    // real names in moves the rules refuse
    for payload in [
        json!({"playerId": current, "cardIds": [foreign]}),
        json!({"playerId": current, "cardIds": []}),
        json!({"playerId": current, "cardIds": huge}),
    ] {
        let err = refuse(&mut e, json!({"type": "PLAY_CARD", "payload": payload}));
        assert!(matches!(err, EngineError::Rejected { .. }), "{err:?}");
    }
}

#[test]
fn malformed_payloads_and_unknown_kinds_are_typed_errors() {
    let mut e = engine();
    let current = e
        .state()
        .id_text(e.state().current_player().unwrap())
        .into_owned();
    let cases = [
        json!({"type": "DRAW_CARD", "payload": {"playerId": current, "count": -1}}),
        json!({"type": "DRAW_CARD", "payload": {"playerId": current, "count": 1e20}}),
        json!({"type": "DRAW_CARD", "payload": {"playerId": current, "count": "7"}}),
        json!({"type": "DRAW_CARD", "payload": {"playerId": current}}),
        json!({"type": "PLAY_CARD", "payload": {"playerId": 7, "cardIds": []}}),
        json!({"type": "PLAY_CARD", "payload": null}),
        json!({"type": "CHOOSE_COLOR", "payload": {"playerId": current, "color": ["red"]}}),
    ];
    for case in cases {
        assert!(matches!(
            refuse(&mut e, case),
            EngineError::InvalidAction { .. }
        ));
    }
    assert!(matches!(
        refuse(&mut e, json!({"type": "TELEPORT", "payload": {}})),
        EngineError::UnknownAction { .. }
    ));
    assert!(matches!(
        refuse(&mut e, json!({"payload": {}})),
        EngineError::Json { .. }
    ));
    assert!(matches!(
        refuse(&mut e, json!(42)),
        EngineError::Json { .. }
    ));
    assert!(matches!(
        refuse(&mut e, json!({"type": 5})),
        EngineError::Json { .. }
    ));
}

#[test]
fn absurd_counts_are_refused_for_players() {
    let mut e = engine();
    let current = e
        .state()
        .id_text(e.state().current_player().unwrap())
        .into_owned();
    for count in [0u64, 2, 108, u32::MAX as u64] {
        let err = refuse(
            &mut e,
            json!({"type": "DRAW_CARD", "payload": {"playerId": current, "count": count}}),
        );
        assert!(
            matches!(err, EngineError::Rejected { .. }),
            "{count}: {err:?}"
        );
    }
}

#[test]
fn the_engine_keeps_working_after_hostile_input() {
    let mut e = engine();
    let _ = dispatch_json(
        &mut e,
        &json!({"type": "PLAY_CARD", "payload": {"playerId": "zed", "cardIds": []}}),
    );
    let player = e.state().current_player().unwrap();
    e.dispatch_any(LegalAction::Draw.to_action(player)).unwrap();
    assert_eq!(e.log_len(), 1);
}

/// Adds `n` wild cards to a state's JSON, in the deck.
fn add_wilds(state: &mut Value, n: usize) {
    for i in 0..n {
        let id = format!("uno-wild-x{i}");
        state["cards"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": id, "type": "wild"}));
        entry(state, "zones", "deck")["cards"]
            .as_array_mut()
            .unwrap()
            .push(json!(id));
    }
}

/// A change made to a state's JSON.
type Edit = Box<dyn Fn(&mut Value)>;

/// Positions that are not games of UNO, each as an edit of a real mid-game state's
/// JSON: `load_state` (and with it a log's recorded start) refuses every one, and the
/// engine keeps its game. 0.2 adopted 31 of 40 such states.
#[test]
fn positions_that_are_not_uno_are_refused() {
    let mut game = engine();
    for _ in 0..10 {
        let state = game.state();
        let player = state.current_player().unwrap();
        let choice = decklet::uno::legal_actions(state, player)[0];
        choice.dispatch(&mut game, player).unwrap();
    }
    let mut base: Value = serde_json::from_str(&json_state(game.state())).unwrap();
    let big = "x".repeat(10 * 1024 * 1024);
    let deck_card = entry(&mut base, "zones", "deck")["cards"][0]
        .as_str()
        .unwrap()
        .to_string();
    let edits: Vec<(&str, Edit)> = vec![
        (
            "a 109th card",
            Box::new(|s: &mut Value| {
                s["cards"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"id": "extra", "type": "wild"}));
                entry(s, "zones", "deck")["cards"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("extra"));
            }),
        ),
        ("40 extra wilds", Box::new(|s: &mut Value| add_wilds(s, 40))),
        (
            "a card redefined",
            Box::new(move |s: &mut Value| {
                entry(s, "cards", &deck_card)["type"] = json!("wild_draw4");
            }),
        ),
        (
            "a public deck",
            Box::new(|s: &mut Value| entry(s, "zones", "deck")["visibility"] = json!("public")),
        ),
        (
            "a deck one player sees",
            Box::new(|s: &mut Value| {
                entry(s, "zones", "deck")["visibility"] = json!("owner");
                entry(s, "zones", "deck")["owner"] = json!("p1");
            }),
        ),
        (
            "no current player",
            Box::new(|s: &mut Value| s["currentPlayerId"] = Value::Null),
        ),
        (
            "over without a winner",
            Box::new(|s: &mut Value| s["status"] = json!("finished")),
        ),
        (
            "a winner while playing",
            Box::new(|s: &mut Value| s["winners"] = json!(["p2"])),
        ),
        (
            "a negative penalty",
            Box::new(|s: &mut Value| s["variables"]["uno:pendingDraw"] = json!(-4)),
        ),
        (
            "a huge penalty",
            Box::new(|s: &mut Value| s["variables"]["uno:pendingDraw"] = json!(1_000_000_000)),
        ),
        (
            "direction 0",
            Box::new(|s: &mut Value| s["variables"]["turn:direction"] = json!(0)),
        ),
        (
            "direction 7",
            Box::new(|s: &mut Value| s["variables"]["turn:direction"] = json!(7)),
        ),
        (
            "a purple colour",
            Box::new(|s: &mut Value| s["variables"]["uno:currentColor"] = json!("purple")),
        ),
        (
            "a 10 MB name",
            Box::new({
                let big = big.clone();
                move |s: &mut Value| entry(s, "players", "p1")["name"] = json!(big)
            }),
        ),
        (
            "a 10 MB zone type",
            Box::new({
                let big = big.clone();
                move |s: &mut Value| entry(s, "zones", "discard")["type"] = json!(big)
            }),
        ),
        (
            "10 MB of card data",
            Box::new({
                let big = big.clone();
                move |s: &mut Value| entry(s, "cards", "uno-red-1-1")["data"] = json!(big)
            }),
        ),
        (
            "a 10 MB variable",
            Box::new(move |s: &mut Value| s["variables"]["junk"] = json!(big)),
        ),
    ];
    for (what, edit) in &edits {
        let mut tampered = base.clone();
        edit(&mut tampered);
        assert_ne!(tampered, base, "{what}: the edit changed nothing");
        let mut target = engine();
        let before = json_state(target.state());
        let refused = match GameState::from_json(&tampered.to_string()) {
            Err(_) => true,
            Ok(state) => target.load_state(state).is_err(),
        };
        assert!(refused, "{what} was adopted");
        assert_eq!(
            json_state(target.state()),
            before,
            "{what}: the engine changed"
        );
    }
    // the untouched position is adopted
    let mut target = engine();
    target
        .load_state(GameState::from_json(&base.to_string()).unwrap())
        .unwrap();
}

/// A log whose recorded start is not a game of UNO (40 extra wilds) does not replay:
/// 0.2's `decklet replay` "verified" it.
#[test]
fn a_log_from_a_position_that_is_not_uno_does_not_replay() {
    let game = engine();
    let mut json: Value = serde_json::from_str(&json_state(game.state())).unwrap();
    add_wilds(&mut json, 40);
    let mut log = game.log();
    log.initial_state = Some(Box::new(GameState::from_json(&json.to_string()).unwrap()));
    log.actions.clear();
    log.final_digest = None;
    let mut replayed = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
    assert!(replayed.replay(&log, Verify::IfPresent).is_err());
}

/// Input quoted in an error is bounded and escaped, serde's messages included: 0.2
/// echoed a 1 MB colour whole, and an escape sequence in a state's visibility reached
/// the terminal raw.
#[test]
fn errors_quote_input_bounded_and_escaped() {
    let mut game = engine();
    let player = game.state().current_player().unwrap();
    let player = game.state().id_text(player).into_owned();
    let colour = format!("\u{1b}]0;pwned\u{7}{}", "x".repeat(1 << 20));
    let err = refuse(
        &mut game,
        json!({"type": "CHOOSE_COLOR", "payload": {"playerId": player, "color": colour}}),
    )
    .to_string();
    assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..200]);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err}");
    let mut state: Value = serde_json::from_str(&json_state(game.state())).unwrap();
    entry(&mut state, "zones", "deck")["visibility"] =
        json!(format!("\u{1b}[2J{}", "y".repeat(1 << 20)));
    let err = GameState::from_json(&state.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.len() < 400 && !err.contains('\u{1b}'), "{err}");
}

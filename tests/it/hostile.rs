//! Hostile input through every public entry point: typed errors, state unchanged.

use decklet::uno::{LegalAction, new_uno_engine};
use decklet::{EngineError, GameEngine, GameState};
use serde_json::{Value, json};

fn json_state(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

fn engine() -> GameEngine {
    new_uno_engine(21, 3).unwrap()
}

/// Dispatches JSON and checks it is refused with an error and changes nothing.
fn refuse(engine: &mut GameEngine, action: Value) -> EngineError {
    let before = json_state(engine.state());
    let log_len = engine.log_len();
    let err = engine
        .dispatch_json(&action)
        .expect_err(&format!("{action} should be refused"));
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
    let _ = e.dispatch_json(
        &json!({"type": "PLAY_CARD", "payload": {"playerId": "zed", "cardIds": []}}),
    );
    let player = e.state().current_player().unwrap();
    e.dispatch_any(LegalAction::Draw.to_action(player)).unwrap();
    assert_eq!(e.log_len(), 1);
}

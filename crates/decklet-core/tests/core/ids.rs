//! Handles: small indexes into one game's tables, text only at the JSON boundary.

use decklet_core::*;

fn game(players: &[&str]) -> GameEngine {
    let mut engine = GameEngine::default();
    let players = players
        .iter()
        .enumerate()
        .map(|(i, id)| Player::new(id, id.to_uppercase(), i as u32 + 1))
        .collect();
    engine.create_game(players).expect("a game");
    engine
}

#[test]
fn handles_are_positions_and_compare_as_integers() {
    let engine = game(&["b", "a", "c"]);
    let state = engine.state();
    let ids: Vec<PlayerId> = state.players().collect();
    assert_eq!(ids.iter().map(|p| p.index()).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!(state.player_id("a"), Some(ids[1]));
    assert!(ids[0] < ids[1], "handles order by position, not by text");
    assert_eq!(format!("{:?}", ids[2]), "PlayerId(2)");
    assert_eq!(state.player_id("zed"), None);
    let hands: Vec<ZoneId> = ids
        .iter()
        .map(|p| state.hand_zone(*p).expect("a hand"))
        .collect();
    assert_eq!(
        hands.iter().map(|z| z.index()).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    assert_eq!(state.zone_id("hand:c"), Some(hands[2]));
}

#[test]
fn handles_are_written_and_read_as_their_text_in_their_game() {
    let engine = game(&["p1", "p2"]);
    let state = engine.state();
    let p2 = state.player_id("p2").unwrap();
    assert_eq!(state.json_of(&p2).unwrap(), serde_json::json!("p2"));
    let back: PlayerId = state.from_json_in(&serde_json::json!("p2")).unwrap();
    assert_eq!(back, p2);
    let unknown = state
        .from_json_in::<PlayerId>(&serde_json::json!("zed"))
        .unwrap_err();
    assert!(
        unknown.to_string().contains("unknown player `zed`"),
        "{unknown}"
    );
    // outside its game a handle has no text to be written as
    assert!(serde_json::to_string(&p2).is_err());
    assert!(serde_json::from_str::<PlayerId>("\"p2\"").is_err());
}

#[test]
fn a_handle_of_another_game_names_nothing_here_and_reads_as_its_index() {
    let big = game(&["p1", "p2", "p3", "p4"]);
    let p4 = big.state().player_id("p4").unwrap();
    let small = game(&["p1", "p2"]);
    let state = small.state();
    assert!(state.player(p4).is_none());
    assert!(state.hand(p4).is_empty());
    assert_eq!(state.id_text(p4), "#3");
    assert!(state.json_of(&p4).is_err());
}

#[test]
fn echoed_input_in_errors_is_cut_short() {
    let engine = game(&["p1"]);
    let long = "x".repeat(10_000);
    let err = engine
        .state()
        .from_json_in::<PlayerId>(&serde_json::json!(long))
        .unwrap_err()
        .to_string();
    assert!(err.len() < 200, "{} bytes: {err}", err.len());
    assert!(err.contains("(10000 bytes)"), "{err}");
}

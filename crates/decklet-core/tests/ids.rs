//! Position hints on ids speed lookups up and never change an answer.

use decklet_core::*;

fn table(order: &[&str]) -> CardTable {
    order.iter().map(|id| Card::new(*id, "t")).collect()
}

#[test]
fn an_id_hinted_by_another_table_still_finds_the_right_card() {
    let a = table(&["x", "y", "z"]);
    let b = table(&["z", "x", "y"]);
    for card in a.iter() {
        // the id carries its position in `a`; `b` orders the cards differently
        let found = b.get(&card.id).unwrap();
        assert_eq!(found.id, card.id);
        assert_eq!(b.index_of(&card.id), b.as_map().get_index_of(&card.id));
    }
    let missing = table(&["w"]).iter().next().unwrap().id.clone();
    assert!(
        a.get(&missing).is_none(),
        "a hint pointing at another card must not match"
    );
}

#[test]
fn ids_from_json_have_no_hint_and_still_work() {
    let a = table(&["x", "y"]);
    let parsed: CardId = serde_json::from_str("\"y\"").unwrap();
    assert_eq!(a.index_of(&parsed), Some(1));
    let hinted = a.iter().nth(1).unwrap().id.clone();
    assert_eq!(hinted, parsed, "equality ignores hints");
    assert_eq!(serde_json::to_string(&hinted).unwrap(), "\"y\"");
    let mut set = std::collections::HashSet::new();
    set.insert(hinted);
    assert!(set.contains(&parsed), "hashing ignores hints");
}

#[test]
fn a_state_read_from_json_gets_its_hints_back_and_stays_equal() {
    let mut engine = GameEngine::new(EngineConfig::default());
    engine
        .create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])
        .unwrap();
    let text = serde_json::to_string(engine.state()).unwrap();
    let state = GameState::from_json(&text).unwrap();
    assert_eq!(&state, engine.state());
    assert!(state.hand(&"p2".into()).is_some());
    assert_eq!(state.player_index(&"p2".into()), Some(1));
}

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

mod stamped {
    //! Card ids placed by a table carry its stamp: compared and found by position.
    //! Whatever tables the ids come from, every answer must be the one the text gives.

    use super::*;
    use proptest::prelude::*;

    fn ids_of(table: &CardTable) -> Vec<CardId> {
        table.iter().map(|card| card.id.clone()).collect()
    }

    proptest! {
        #[test]
        fn equality_and_lookups_follow_the_text(
            names in prop::collection::vec("[a-d]{1,2}", 1..12),
            other in prop::collection::vec("[a-d]{1,2}", 1..12),
        ) {
            let a: CardTable = names.iter().map(|n| Card::new(n.as_str(), "t")).collect();
            let b: CardTable = other.iter().map(|n| Card::new(n.as_str(), "t")).collect();
            // the same content shared (a clone) and the same content rebuilt
            let shared = a.clone();
            let rebuilt: CardTable = names.iter().map(|n| Card::new(n.as_str(), "t")).collect();
            let parsed: Vec<CardId> = names.iter().map(|n| CardId::from(n.as_str())).collect();
            let mut all = ids_of(&a);
            all.extend(ids_of(&b));
            all.extend(ids_of(&shared));
            all.extend(ids_of(&rebuilt));
            all.extend(parsed);
            for x in &all {
                for y in &all {
                    prop_assert_eq!(x == y, x.as_str() == y.as_str(), "{} vs {}", x, y);
                }
                for table in [&a, &b, &shared, &rebuilt] {
                    prop_assert_eq!(table.index_of(x), table.as_map().get_index_of(x.as_str()));
                }
            }
        }
    }

    #[test]
    fn a_table_that_changes_gets_a_new_stamp_and_old_ids_still_work() {
        // StandardDeckPlugin adds its cards one by one: every addition changes the table
        let mut engine = GameEngine::new(EngineConfig::default());
        engine.use_plugin(decklet_core_test_deck::Deck);
        engine.create_game(vec![Player::new("p1", "A", 1)]).unwrap();
        let state = engine.state();
        let deck = state.zone_by_str("deck").unwrap();
        assert_eq!(deck.len(), 3);
        for (i, card) in deck.cards.iter().enumerate() {
            assert_eq!(state.cards.index_of(card), Some(i));
            assert_eq!(card, &state.cards.get_index(i).unwrap().id);
            assert_ne!(card, &state.cards.get_index((i + 1) % 3).unwrap().id);
        }
    }

    mod decklet_core_test_deck {
        use decklet_core::*;

        /// Adds three cards one at a time and puts each in a deck right away.
        pub struct Deck;
        impl GamePlugin for Deck {
            fn id(&self) -> &'static str {
                "deck"
            }
            fn name(&self) -> &'static str {
                "Deck"
            }
            fn version(&self) -> &'static str {
                "0.0.1"
            }
            fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
                ctx.add_zone(Zone::new("deck", "deck"))?;
                for name in ["c0", "c1", "c2"] {
                    ctx.add_card(Card::new(name, "t"))?;
                    ctx.add_card_to_zone(&CardId::from(name), &ZoneId::from("deck"))?;
                }
                Ok(())
            }
        }
    }
}

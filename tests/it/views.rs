//! Hidden information: what one player may see never names another player's cards,
//! the deck's order or the RNG.

use std::collections::{HashMap, HashSet};

use crate::uno_bot;
use decklet::plugins::CardDrawn;
use decklet::uno::bot_move;
use decklet::uno::{HouseRule, UnoHandShown, new_uno_engine, uno_game};
use decklet::{AnyEvent, GameEngine, GameState, PlayerId};
use proptest::prelude::*;

/// Card ids a viewer must not learn: other hands and the deck.
fn secrets(state: &GameState, viewer: PlayerId) -> HashSet<String> {
    state
        .zones()
        .filter(|z| {
            let zone = state.zone(*z).unwrap();
            zone.zone_type == "deck" || (zone.zone_type == "hand" && zone.owner != Some(viewer))
        })
        .flat_map(|z| {
            state
                .zone_cards(z)
                .iter()
                .map(|c| state.id_text(*c).into_owned())
        })
        .collect()
}

fn assert_hides(text: &str, secret: &HashSet<String>, what: &str) {
    for card in secret {
        assert!(
            !text.contains(&format!("\"{card}\"")),
            "{what} names hidden card {card}"
        );
    }
}

/// The events of one move, each as every player is shown it, against what that
/// player may not see right after the move: a card named in public then may be hidden
/// later (the discard pile shuffled back into the deck), so each move is checked when
/// it is made.
fn check_events(state: &GameState, events: &[AnyEvent]) {
    for viewer in state.players() {
        let secret = secrets(state, viewer);
        for event in events {
            let seen = event.view_for(viewer);
            assert_hides(&seen.to_json().unwrap().to_string(), &secret, "event view");
            if let Some(drawn) = seen.downcast_ref::<CardDrawn>()
                && drawn.player_id != viewer
            {
                assert!(
                    drawn.card_ids.is_empty(),
                    "{viewer:?} sees another player's drawn cards"
                );
                assert_eq!(
                    drawn.count as usize,
                    event.downcast_ref::<CardDrawn>().unwrap().card_ids.len()
                );
            }
        }
    }
}

/// The state and the log as every player is shown them: the state names no card the
/// player may not see now; the log no card it may not see now and never saw (a card
/// played in public is named by the log's move even once it is shuffled back into the
/// deck).
fn check_views(engine: &GameEngine, seen: &HashMap<PlayerId, HashSet<String>>) {
    let state = engine.state();
    for viewer in state.players() {
        let secret = secrets(state, viewer);
        let view = serde_json::to_string(&state.view_for(viewer)).unwrap();
        assert_hides(&view, &secret, "state view");
        assert!(!view.contains("\"rng\""), "the view carries the RNG state");
        for card in state.hand(viewer) {
            let card = state.id_text(*card);
            assert!(
                view.contains(&format!("\"{card}\"")),
                "the view hides the viewer's own {card}"
            );
        }
        let log_view = engine
            .log()
            .view_for(engine.game(), &state.id_text(viewer))
            .unwrap();
        let log_view = serde_json::to_string(&log_view).unwrap();
        assert!(
            !log_view.contains("\"seed\""),
            "the player's log carries the seed"
        );
        assert!(!log_view.contains("finalDigest"));
        let never_seen: HashSet<String> = secret.difference(&seen[&viewer]).cloned().collect();
        assert_hides(&log_view, &never_seen, "log view");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_view_names_a_hidden_card(seed in any::<u64>(), players in 2usize..=6, moves in 0usize..150) {
        let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
        let mut bots: Vec<_> = (0..players).map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed ^ i as u64)).collect();
        // the cards each player has seen, at any time
        let mut seen: HashMap<PlayerId, HashSet<String>> = HashMap::new();
        let mut remember = |state: &GameState| {
            for viewer in state.players() {
                seen.entry(viewer).or_default().extend(visible(state, viewer));
            }
        };
        remember(engine.state());
        for _ in 0..moves {
            if !engine.state().winners().is_empty() {
                break;
            }
            let current = engine.state().current_player().unwrap();
            let seat = engine.state().seat_index(current).unwrap();
            let choice = bot_move(bots[seat].as_mut(), &engine, current).unwrap();
            let outcome = choice.dispatch(&mut engine, current).unwrap();
            check_events(engine.state(), &outcome.events);
            remember(engine.state());
        }
        check_views(&engine, &seen);
    }
}

/// The cards `viewer` sees in `state`: its hand and the public zones.
fn visible(state: &GameState, viewer: PlayerId) -> HashSet<String> {
    state
        .zones()
        .filter(|z| state.info_state(viewer).sees(*z))
        .flat_map(|z| {
            state
                .zone_cards(z)
                .iter()
                .map(|c| state.id_text(*c).into_owned())
        })
        .collect()
}

/// The card ids a JSON value names (strings that are card ids of the game).
fn named_cards(json: &serde_json::Value, state: &GameState, out: &mut Vec<String>) {
    match json {
        serde_json::Value::String(text) if state.card_id(text).is_some() => out.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| named_cards(v, state, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| named_cards(v, state, out)),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Under every combination of house rules: each event, as a seat sees it, names
    /// only cards that seat saw before or after the move (its hand, the public piles),
    /// or a hand shown to that seat alone (the wild draw four challenge).
    #[test]
    fn under_any_rules_an_event_names_only_cards_its_viewer_may_see(
        seed in any::<u64>(),
        players in 2usize..=5,
        house in prop::sample::subsequence(HouseRule::ALL.to_vec(), 0..=HouseRule::ALL.len()),
        moves in 0usize..200,
    ) {
        let mut engine = new_uno_engine(&uno_game(&house).unwrap(), seed, players).unwrap();
        let mut bots: Vec<_> = (0..players).map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed ^ i as u64)).collect();
        for _ in 0..moves {
            if !engine.state().winners().is_empty() {
                break;
            }
            let before = engine.state().clone();
            let current = before.current_player().unwrap();
            let seat = before.seat_index(current).unwrap();
            let choice = bot_move(bots[seat].as_mut(), &engine, current).unwrap();
            let outcome = choice.dispatch(&mut engine, current).unwrap();
            let after = engine.state();
            for viewer in after.players() {
                let mut allowed = visible(&before, viewer);
                allowed.extend(visible(after, viewer));
                for event in &outcome.events {
                    let seen = event.view_for(viewer);
                    let mut named = Vec::new();
                    named_cards(&seen.to_json().unwrap(), after, &mut named);
                    if let Some(shown) = seen.downcast_ref::<UnoHandShown>() {
                        prop_assert!(shown.to_player_id == viewer || shown.card_ids.is_empty());
                        if shown.to_player_id == viewer {
                            continue; // the one card list a seat is shown on purpose
                        }
                    }
                    for card in named {
                        prop_assert!(
                            allowed.contains(&card),
                            "{} shows {:?} the hidden {}", seen.kind(), viewer, card
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_drawer_sees_their_cards_others_see_a_count() {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), 4, 3).unwrap();
    let current = engine.state().current_player().unwrap();
    let outcome = decklet::uno::LegalAction::Draw
        .dispatch(&mut engine, current)
        .unwrap();
    let event = outcome.events.iter().find(|e| e.is::<CardDrawn>()).unwrap();
    let own = event.view_for(current);
    assert_eq!(own.downcast_ref::<CardDrawn>().unwrap().card_ids.len(), 1);
    let other = engine.state().players().find(|p| *p != current).unwrap();
    let theirs = event.view_for(other);
    let theirs = theirs.downcast_ref::<CardDrawn>().unwrap();
    assert!(theirs.card_ids.is_empty());
    assert_eq!(theirs.count, 1);
    assert_eq!(theirs.player_id, current);
}

/// `json` with every card id it names written as `card`, and every colour as `colour`
/// (which cards a seat holds or sees decides those, not the seed).
fn cards_named_as_one(state: &GameState, json: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match json {
        Value::String(text) if state.card_id(&text).is_some() => Value::String("card".into()),
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|v| cards_named_as_one(state, v))
                .collect(),
        ),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| match k.as_str() {
                    "color" => (k, Value::String("colour".into())),
                    _ => (k, cards_named_as_one(state, v)),
                })
                .collect(),
        ),
        other => other,
    }
}

/// A view with what the seat's cards decide taken out: the cards it holds or has seen
/// (zone contents, card definitions) and the colour in force (the top card's).
fn without_cards(view: &impl serde::Serialize) -> serde_json::Value {
    let mut json = serde_json::to_value(view).unwrap();
    if let Some(object) = json.as_object_mut() {
        object.remove("cards");
        if let Some(zones) = object.get_mut("zones").and_then(|z| z.as_array_mut()) {
            for zone in zones {
                zone.as_object_mut().unwrap().remove("cards");
            }
        }
        if let Some(variables) = object.get_mut("variables").and_then(|v| v.as_object_mut()) {
            variables.remove("uno:currentColor");
        }
    }
    json
}

/// Finding: the game id was `uno-<seed>`, and with the seed a player rebuilds every
/// hand and the deck. Nothing a seat is shown may depend on the seed but its cards.
#[test]
fn nothing_a_seat_sees_depends_on_the_seed_but_its_cards() {
    let seen = |seed: u64| {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 4).unwrap();
        let p1 = engine.state().player_id("p1").unwrap();
        let log = engine.log().view_for(engine.game(), "p1").unwrap();
        (
            without_cards(&engine.state().view_for(p1)),
            cards_named_as_one(engine.state(), serde_json::to_value(log).unwrap()),
        )
    };
    // the same public moves: games whose first flip was a number card (no card flipped
    // again), so the piles' sizes agree too
    let one_flip = |seed: &u64| {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), *seed, 4).unwrap();
        let state = engine.state();
        state.zone_cards(state.zone_id("discard").unwrap()).len() == 1
    };
    let seeds: Vec<u64> = (1..=40)
        .chain([1_000_000_007, u64::MAX])
        .filter(one_flip)
        .collect();
    assert!(seeds.len() > 20, "{seeds:?}");
    let first = seen(1);
    for seed in seeds {
        assert_eq!(
            seen(seed),
            first,
            "seed {seed} shows something seed 1 does not"
        );
    }
    let text = first.0.to_string() + &first.1.to_string();
    assert!(!text.contains("uno-1"), "{text}");
}

//! A game's log as a player may read it ([`GameLog::view_for`]) names no card that
//! player had not seen by then, in every game of the catalogue: it is made from what
//! each seat was told. (It once copied every move's payload: a Hearts log "as p3 may
//! see it" named the cards p1 passed to p2.)

use std::collections::HashSet;

use decklet::GameState;
use decklet::bots::{Bot, RandomBot, play_game};
use decklet_catalog::Catalog;

/// The cards `seat` sees in `state` (every zone it sees).
fn visible(state: &GameState, seat: decklet::PlayerId) -> HashSet<String> {
    let info = state.info_state(seat);
    info.zones()
        .filter(|z| info.sees(*z))
        .flat_map(|z| info.zone_cards(z).unwrap_or_default().to_vec())
        .map(|c| state.id_text(c).into_owned())
        .collect()
}

/// Every card id `json` names.
fn cards_in(state: &GameState, json: &serde_json::Value, found: &mut Vec<String>) {
    match json {
        serde_json::Value::String(text) if state.card_id(text).is_some() => {
            found.push(text.clone())
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| cards_in(state, v, found)),
        serde_json::Value::Object(map) => map.values().for_each(|v| cards_in(state, v, found)),
        _ => {}
    }
}

#[test]
fn a_player_s_log_names_only_cards_it_had_seen_in_every_game() {
    let catalog = Catalog::standard();
    let mut passes = 0;
    for def in catalog.games() {
        let loaded = catalog.load(def.name()).unwrap();
        let players = (*def.players().start()).max(3).min(*def.players().end());
        for seed in 1..=6u64 {
            let mut engine = loaded.new_engine(seed, players).unwrap();
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|i| Box::new(RandomBot::new(seed * 7 + i as u64)) as Box<dyn Bot>)
                .collect();
            play_game(&mut engine, &mut bots, 400).unwrap();
            let log = engine.log();
            // the cards each seat had seen after each move, replayed
            let mut replay = loaded.new_engine(seed, players).unwrap();
            let seats: Vec<_> = replay.state().players().collect();
            let mut seen: Vec<HashSet<String>> =
                seats.iter().map(|s| visible(replay.state(), *s)).collect();
            let views: Vec<_> = seats
                .iter()
                .map(|s| {
                    log.view_for(loaded.game(), &replay.state().id_text(*s))
                        .unwrap()
                })
                .collect();
            for (n, logged) in log.actions.iter().enumerate() {
                passes += usize::from(logged.kind == "HEARTS_PASS");
                let json = serde_json::json!({"type": logged.kind, "payload": logged.payload});
                let action = replay.action_from_json(&json).unwrap();
                replay.dispatch_any(action).unwrap();
                for (i, seat) in seats.iter().enumerate() {
                    seen[i].extend(visible(replay.state(), *seat));
                    let told = serde_json::to_value(&views[i].moves[n]).unwrap();
                    let mut named = Vec::new();
                    cards_in(replay.state(), &told, &mut named);
                    for card in named {
                        assert!(
                            seen[i].contains(&card),
                            "{}: seat {i}'s log names {card} at move {n} ({told}), which it never saw",
                            def.name()
                        );
                    }
                }
            }
            // the mover's own move keeps its words; nobody else's log copies them
            for (i, view) in views.iter().enumerate() {
                let me = replay.state().id_text(seats[i]).into_owned();
                for heard in &view.moves {
                    assert_eq!(
                        heard.payload.is_some(),
                        heard.player.as_deref() == Some(me.as_str())
                    );
                }
            }
        }
    }
    // cards were passed face down, which the others' logs must not name
    assert!(passes > 0);
}

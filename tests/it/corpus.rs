//! A corpus of malformed logs and states, made by mutating real ones: every one is
//! refused with an error; none panics; none is accepted.

use crate::uno_bot;
use decklet::uno::count_game;
use decklet::uno::{new_uno_engine, uno_game};
use decklet::{EngineConfig, GameEngine, GameLog, GameState, Verify};
use serde_json::{Value, json};

use crate::entry;

fn real_games() -> Vec<GameEngine> {
    (0..10u64)
        .map(|seed| {
            let players = 2 + (seed as usize % 4);
            let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
            if seed % 3 != 0 {
                let mut bots: Vec<_> = (0..players)
                    .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed + i as u64))
                    .collect();
                count_game(&mut engine, &mut bots, 100_000).unwrap();
            }
            engine
        })
        .collect()
}

fn log_mutations(log: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let text = log.to_string();
    let mut push = |name: &str, v: Value| out.push((name.to_string(), v.to_string()));
    for field in [
        "format",
        "gameId",
        "seed",
        "maxActionsPerTick",
        "players",
        "plugins",
        "actions",
    ] {
        let mut v = log.clone();
        v.as_object_mut().unwrap().remove(field);
        push(&format!("delete {field}"), v);
    }
    for (field, value) in [
        ("seed", json!(-1)),
        ("seed", json!(1e30)),
        ("seed", json!("1")),
        ("maxActionsPerTick", json!(0)),
        ("maxActionsPerTick", json!(-5)),
        ("startIndex", json!(1_000_000_000u64)),
        ("format", json!("decklet-log/0")),
        ("players", json!([])),
        ("plugins", json!([{"id": "uno", "version": "1.0.0"}])),
        ("finalDigest", json!("0123456789abcdef")),
        ("gameId", json!("g".repeat(300))),
    ] {
        let mut v = log.clone();
        v[field] = value;
        push(&format!("set {field}"), v);
    }
    // players: duplicated, same seat, missing id
    let mut v = log.clone();
    let first = v["players"][0].clone();
    v["players"].as_array_mut().unwrap().push(first);
    push("duplicate player", v);
    let mut v = log.clone();
    v["players"][1]["seat"] = v["players"][0]["seat"].clone();
    push("duplicate seat", v);
    let mut v = log.clone();
    v["players"][0].as_object_mut().unwrap().remove("id");
    push("player without id", v);
    // actions: swapped ids, unknown kinds, broken payloads
    if !log["actions"].as_array().unwrap().is_empty() {
        let mut v = log.clone();
        v["actions"][0]["payload"]["playerId"] = json!("nobody");
        push("action by an unknown player", v);
        let mut v = log.clone();
        v["actions"][0]["type"] = json!("TELEPORT");
        push("unknown action kind", v);
        let mut v = log.clone();
        v["actions"][0]["payload"] = json!({"nonsense": true});
        push("payload of the wrong shape", v);
        let mut v = log.clone();
        let a = v["actions"][0].clone();
        v["actions"].as_array_mut().unwrap().insert(0, a);
        push("duplicated action", v);
    }
    // truncations at several points
    for cut in [1, text.len() / 3, text.len() / 2, text.len() - 1] {
        out.push((format!("truncated at {cut}"), text[..cut].to_string()));
    }
    out
}

fn state_mutations(state: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let text = state.to_string();
    let mut push = |name: &str, v: Value| out.push((name.to_string(), v.to_string()));
    for field in [
        "gameId", "status", "players", "zones", "cards", "rng", "turn",
    ] {
        let mut v = state.clone();
        v.as_object_mut().unwrap().remove(field);
        push(&format!("delete {field}"), v);
    }
    let mut read = state.clone();
    let deck = entry(&mut read, "zones", "deck")["cards"]
        .as_array()
        .unwrap()
        .clone();
    let first_card = deck
        .first()
        .cloned()
        .unwrap_or_else(|| entry(&mut read, "zones", "discard")["cards"][0].clone());
    let mut v = state.clone();
    entry(&mut v, "zones", "discard")["cards"]
        .as_array_mut()
        .unwrap()
        .push(first_card.clone());
    push("card in two zones", v);
    let mut v = state.clone();
    entry(&mut v, "zones", "discard")["cards"]
        .as_array_mut()
        .unwrap()
        .push(json!("uno-purple-11-1"));
    push("unknown card in a zone", v);
    let mut v = state.clone();
    let discard = entry(&mut v, "zones", "discard")["cards"]
        .as_array_mut()
        .unwrap();
    discard.pop();
    push("card lost from every zone", v);
    let mut v = state.clone();
    v["currentPlayerId"] = json!("nobody");
    push("turn points at a missing player", v);
    let mut v = state.clone();
    v["winners"] = json!(["ghost"]);
    push("unknown winner", v);
    let mut v = state.clone();
    v["zones"]
        .as_array_mut()
        .unwrap()
        .retain(|zone| zone["id"] != "hand:p1");
    push("player without a hand", v);
    let mut v = state.clone();
    entry(&mut v, "zones", "hand:p1")["owner"] = json!("stranger");
    push("hand owned by a stranger", v);
    let mut v = state.clone();
    entry(&mut v, "zones", "hand:p1")["owner"] = json!("p2");
    push("p1's hand owned by p2", v);
    let mut v = state.clone();
    entry(&mut v, "zones", "hand:p1")["visibility"] = json!("public");
    push("a hand everyone sees", v);
    let mut v = state.clone();
    v["winners"] = json!(["p1", "p1"]);
    push("a winner twice", v);
    let mut v = state.clone();
    entry(&mut v, "zones", "deck")["id"] = json!("discard");
    push("zone key and id differ", v);
    let mut v = state.clone();
    let seat = entry(&mut v, "players", "p1")["seat"].clone();
    entry(&mut v, "players", "p2")["seat"] = seat;
    push("two players in one seat", v);
    for (field, value) in [
        ("status", json!("exploded")),
        ("turn", json!(-3)),
        ("turn", json!(1e40)),
        ("rng", json!("x")),
    ] {
        let mut v = state.clone();
        v[field] = value;
        push(&format!("set {field}"), v);
    }
    // a key given twice: a lax reader would keep the last one silently
    let first_key = text.find("\"turn\":").unwrap();
    out.push((
        "the turn given twice".to_string(),
        format!("{}\"turn\":0,{}", &text[..first_key], &text[first_key..]),
    ));
    for cut in [1, text.len() / 2, text.len() - 1] {
        out.push((format!("truncated at {cut}"), text[..cut].to_string()));
    }
    out
}

#[test]
fn every_malformed_log_and_state_is_refused() {
    let games = real_games();
    let game = uno_game(&[]).unwrap();
    let mut refused = 0;
    for engine in &games {
        let log = serde_json::to_value(engine.log()).unwrap();
        for (name, text) in log_mutations(&log) {
            let mut replayed = GameEngine::new(&game, EngineConfig::default());
            let replayed =
                GameLog::from_json(&text).and_then(|log| replayed.replay(&log, Verify::Required));
            assert!(replayed.is_err(), "log mutation `{name}` was accepted");
            refused += 1;
        }
        let state = serde_json::to_value(engine.state()).unwrap();
        for (name, text) in state_mutations(&state) {
            assert!(
                GameState::from_json(&text).is_err(),
                "state mutation `{name}` was accepted"
            );
            refused += 1;
        }
    }
    assert!(refused >= 200, "only {refused} cases");
    println!("{refused} malformed logs and states refused");
}

#[test]
fn the_unmutated_originals_are_accepted() {
    for engine in real_games() {
        let log = GameLog::from_json(&serde_json::to_string(&engine.log()).unwrap()).unwrap();
        let mut replayed = GameEngine::new(engine.game(), EngineConfig::default());
        replayed.replay(&log, Verify::Required).unwrap();
        GameState::from_json(&serde_json::to_string(engine.state()).unwrap()).unwrap();
    }
}

#[test]
fn a_100_mb_string_is_refused_not_swallowed() {
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 3, 2).unwrap();
    let mut state = serde_json::to_value(engine.state()).unwrap();
    state["gameId"] = json!("g".repeat(100_000_000));
    assert!(GameState::from_json(&state.to_string()).is_err());
    let mut log = serde_json::to_value(engine.log()).unwrap();
    log["players"][0]["id"] = json!("p".repeat(100_000_000));
    assert!(GameLog::from_json(&log.to_string()).is_err());
}

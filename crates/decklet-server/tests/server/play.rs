//! Whole games over the real server on loopback: scripted people and bots play to the
//! end, under every house rule, in Crazy Eights and in Hearts, and no message a seat or
//! a spectator gets names a card it may not see at that point, by its id or in words. The finished match's log
//! replays and ends where the match did.

use std::collections::HashSet;

use crate::common::{Client, Error, TestServer, play_out, sqlite_in, start};
use decklet_core::{EngineConfig, GameEngine, GameLog, GameState, PlayerId, Verify};
use decklet_server::MatchSpec;
use serde_json::{Value, json};

/// The card ids a viewer may see in `state`: its own hand and the public zones.
fn visible(state: &GameState, viewer: PlayerId) -> HashSet<String> {
    state
        .view_for(viewer)
        .zones
        .iter()
        .filter_map(|z| z.cards.as_ref())
        .flatten()
        .map(ToString::to_string)
        .collect()
}

/// Every card id named anywhere in `value`.
fn named_cards(value: &Value, cards: &HashSet<String>, out: &mut HashSet<String>) {
    match value {
        Value::String(s) if cards.contains(s) => {
            out.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| named_cards(v, cards, out)),
        Value::Object(map) => map.values().for_each(|v| named_cards(v, cards, out)),
        _ => {}
    }
}

/// Every card named in words anywhere in `value` (a string that is a card's words
/// exactly: a zone's card, a hand's label) that names no card in `allowed`.
fn hidden_words(
    value: &Value,
    words: &std::collections::HashMap<String, Vec<String>>,
    allowed: &HashSet<String>,
    out: &mut Vec<String>,
) {
    match value {
        Value::String(s) => {
            if let Some(ids) = words.get(s)
                && !ids.iter().any(|id| allowed.contains(id))
            {
                out.push(s.clone());
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| hidden_words(v, words, allowed, out)),
        Value::Object(map) => map
            .values()
            .for_each(|v| hidden_words(v, words, allowed, out)),
        _ => {}
    }
}

/// The positions of a finished match, rebuilt from its log: what each viewer may see
/// after each action, and the cards shown to it by an action's events.
struct Positions {
    /// `seen[k][v]`: viewer v (seats, then the spectator) after k actions.
    seen: Vec<Vec<HashSet<String>>>,
    /// `shown[k][v]`: cards action k (1-based) showed viewer v alone.
    shown: Vec<Vec<HashSet<String>>>,
    cards: HashSet<String>,
    /// Each card's words (`Q♠`, `red 7`) and the ids of the cards they name.
    words: std::collections::HashMap<String, Vec<String>>,
    hands: Vec<Vec<Vec<String>>>,
}

fn positions(spec: &MatchSpec, log: &GameLog) -> Result<Positions, Error> {
    // the game the log names, from the catalogue
    let loaded = decklet_catalog::Catalog::standard().load_log(log)?;
    let mut engine = loaded.new_engine(log.seed, spec.seats.len())?;
    let mut words: std::collections::HashMap<String, Vec<String>> = Default::default();
    for card in engine.state().cards().iter() {
        words
            .entry(loaded.def().describe_card(card))
            .or_default()
            .push(card.id.to_string());
    }
    let viewers: Vec<PlayerId> = engine
        .state()
        .players()
        .chain([PlayerId::SPECTATOR])
        .collect();
    let cards: HashSet<String> = engine
        .state()
        .cards()
        .iter()
        .map(|c| c.id.to_string())
        .collect();
    let snapshot = |state: &GameState| {
        viewers
            .iter()
            .map(|v| visible(state, *v))
            .collect::<Vec<_>>()
    };
    // each seat's hand as its table shows it: in the game's card order
    let hands_of = |state: &GameState| {
        state
            .players()
            .map(|p| {
                let mut hand = state.hand(p).to_vec();
                hand.sort();
                hand.iter()
                    .map(|c| state.id_text(*c).into_owned())
                    .collect()
            })
            .collect::<Vec<Vec<String>>>()
    };
    let mut out = Positions {
        seen: vec![snapshot(engine.state())],
        shown: vec![Vec::new()],
        cards,
        words,
        hands: vec![hands_of(engine.state())],
    };
    for logged in &log.actions {
        let action = engine.action_from_json(&serde_json::to_value(logged)?)?;
        let outcome = engine.dispatch_any(action)?;
        let mut shown = vec![HashSet::new(); viewers.len()];
        for event in &outcome.events {
            let json = event.to_json()?;
            if json["type"] == "UNO_HAND_SHOWN" {
                let to = json["payload"]["toPlayerId"].as_str().unwrap_or_default();
                if let Some(v) = viewers
                    .iter()
                    .position(|p| engine.state().id_text(*p) == to)
                    && let Some(ids) = json["payload"]["cardIds"].as_array()
                {
                    shown[v].extend(ids.iter().filter_map(Value::as_str).map(str::to_string));
                }
            }
        }
        out.shown.push(shown);
        out.seen.push(snapshot(engine.state()));
        out.hands.push(hands_of(engine.state()));
    }
    Ok(out)
}

/// Checks every message `client` got as viewer `v` (a seat's index, or the spectator
/// after the seats) against what it may see.
fn check_messages(
    client: &Client,
    v: usize,
    seat: Option<usize>,
    at: &Positions,
) -> Result<usize, Error> {
    let mut checked = 0;
    let check_update = |update: &Value| -> Result<(), Error> {
        let k = update["seq"].as_u64().ok_or("an update without seq")? as usize;
        let mut allowed = at.seen[k - 1][v].clone();
        allowed.extend(at.seen[k][v].iter().cloned());
        allowed.extend(at.shown[k][v].iter().cloned());
        let mut named = HashSet::new();
        named_cards(update, &at.cards, &mut named);
        let leaked: Vec<&String> = named.difference(&allowed).collect();
        if !leaked.is_empty() {
            return Err(format!("viewer {v} heard hidden cards {leaked:?} in update {k}").into());
        }
        // the narration names cards in words inside its lines: each line must name
        // only cards the viewer saw
        for line in update["narration"].as_array().into_iter().flatten() {
            let line = line.as_str().unwrap_or_default();
            for (said, ids) in &at.words {
                let whole_word = line
                    .split(|c: char| c == ',' || c == ':' || c.is_whitespace())
                    .any(|w| w == said);
                if said.chars().count() <= 3
                    && whole_word
                    && !ids.iter().any(|id| allowed.contains(id))
                {
                    return Err(format!("viewer {v} was told {said} in update {k}: {line}").into());
                }
            }
        }
        Ok(())
    };
    let check_state = |message: &Value| -> Result<(), Error> {
        // before every seat is taken the game is not dealt: no card is shown
        if message["status"] == "open" {
            let shown = !message["hand"].is_null()
                || message.get("view").is_some()
                || message["zones"] != serde_json::json!([]);
            return match shown {
                true => Err(format!("a card shown before the deal: {message}").into()),
                false => Ok(()),
            };
        }
        let k = message["seq"].as_u64().ok_or("a state without seq")? as usize;
        assert!(
            message["view"].is_object(),
            "the view asked for is not sent"
        );
        let mut named = HashSet::new();
        named_cards(message, &at.cards, &mut named);
        let leaked: Vec<&String> = named.difference(&at.seen[k][v]).collect();
        if !leaked.is_empty() {
            return Err(format!("viewer {v} saw hidden cards {leaked:?} at seq {k}").into());
        }
        let mut said = Vec::new();
        hidden_words(message, &at.words, &at.seen[k][v], &mut said);
        if !said.is_empty() {
            return Err(format!("viewer {v} was told hidden cards {said:?} at seq {k}").into());
        }
        let hand: Vec<String> = message["hand"]
            .as_array()
            .map(|h| {
                h.iter()
                    .filter_map(|c| c["id"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        match seat {
            Some(s) => assert_eq!(hand, at.hands[k][s], "seat {s}'s hand at seq {k}"),
            None => assert!(message["hand"].is_null(), "a spectator is shown a hand"),
        }
        Ok(())
    };
    for message in &client.messages {
        match message["type"].as_str() {
            Some("state") => {
                check_state(message)?;
                checked += 1;
            }
            Some("update") => {
                check_update(message)?;
                // the position after it, as strictly as a state of its own
                let state = message.get("state").ok_or("an update without its state")?;
                assert_eq!(
                    state["seq"], message["seq"],
                    "an update's state is of its seq"
                );
                check_state(state)?;
                checked += 1;
            }
            Some("missed") => {
                for update in message["updates"]
                    .as_array()
                    .ok_or("missed without updates")?
                {
                    check_update(update)?;
                    checked += 1;
                }
            }
            _ => {}
        }
    }
    Ok(checked)
}

/// Plays one match of `spec` (its human seats played by scripted clients, a spectator
/// watching) to its end; checks every message and the log.
async fn play_and_check(server: &TestServer, spec: Value, seed: u64) -> Result<(), Error> {
    let typed: MatchSpec = serde_json::from_value(spec.clone())?;
    let id = server.create(spec).await?;
    let humans: Vec<usize> = (0..typed.seats.len())
        .filter(|i| typed.seats[*i].kind == decklet_server::SeatKind::Human)
        .collect();
    // everyone asks for the engine's view too: the most a viewer can be sent
    let mut clients = vec![
        server
            .hello(
                &id,
                json!({"type": "hello", "spectator": true, "view": true}),
            )
            .await?,
    ];
    for &seat in &humans {
        let token = server.join(&id, seat, &format!("Human {seat}")).await?;
        let hello = json!({"type": "hello", "token": token, "view": true});
        clients.push(server.hello(&id, hello).await?);
    }
    play_out(&mut clients, seed).await?;
    let spectator = clients.remove(0);
    let response = server.get_text(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(response.0, 200);
    let log = GameLog::from_json(&response.1)?;
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["status"], "finished");
    assert_eq!(summary["seq"].as_u64(), Some(log.actions.len() as u64));
    // the log replays on a fresh engine to its digest
    let at = positions(&typed, &log)?;
    let final_state = clients[0].last_state().ok_or("no state")?;
    assert_eq!(final_state["seq"].as_u64(), Some(log.actions.len() as u64));
    let mut checked = 0;
    for (client, &seat) in clients.iter().zip(&humans) {
        checked += check_messages(client, seat, Some(seat), &at)?;
    }
    checked += check_messages(&spectator, typed.seats.len(), None, &at)?;
    assert!(
        checked > log.actions.len(),
        "too few messages checked: {checked}"
    );
    // every action is told in words, a Crazy Eights move with its player's id (the
    // table writes the seat's name: a name a person typed is never read as words)
    for update in spectator.messages.iter().filter(|m| m["type"] == "update") {
        let narration = update["narration"].as_array().ok_or("no narration")?;
        // a card put aside face down is a move the spectator is not told in words
        let face_down = update["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["type"] == "HEARTS_CARD_CHOSEN"));
        assert!(
            !narration.is_empty() || face_down,
            "an update without words: {update}"
        );
        if typed.game != "uno" && !face_down {
            let by = update["by"].as_u64().ok_or("no by")? as usize;
            let line = narration[0].as_str().ok_or("not a line")?;
            assert!(line.starts_with(&format!("p{}: ", by + 1)), "{line}");
        }
    }
    let loaded = decklet_catalog::Catalog::standard().load_log(&log)?;
    GameEngine::new(loaded.game(), EngineConfig::default()).replay(&log, Verify::Required)?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_under_every_house_rule_show_no_seat_a_hidden_card() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let human = json!({"kind": "human"});
    let specs = [
        json!({"game": "uno", "rules": "official", "house": ["jump-in", "seven-zero", "stacking"],
               "seats": [human, {"kind": "bot", "bot": "heuristic"}, human, {"kind": "bot", "bot": "random"}]}),
        json!({"game": "uno", "house": ["draw-until-playable", "forced-play", "stacking-any"],
               "seats": [human, human, {"kind": "bot", "bot": "heuristic"}]}),
        json!({"game": "uno", "rules": "official",
               "seats": [human, human]}),
        json!({"game": "uno", "house": ["stacking-same", "call-uno", "first-card", "scoring"],
               "seats": [human, {"kind": "bot", "bot": "heuristic"}, human]}),
        json!({"game": "crazy-eights",
               "seats": [human, {"kind": "bot", "bot": "strategist"}, human, {"kind": "bot", "bot": "random"}]}),
        // a game the server names nowhere: passing face down, tricks, points
        json!({"game": "hearts(jd_bonus=true)",
               "seats": [human, {"kind": "bot", "bot": "ducker"}, human, {"kind": "bot", "bot": "random"}]}),
    ];
    for (i, spec) in specs.into_iter().enumerate() {
        for round in 0..2 {
            let mut spec = spec.clone();
            spec["seed"] = json!(1000 + 10 * i + round);
            play_and_check(&server, spec, 7 + round as u64).await?;
        }
    }
    Ok(())
}

//! The HTTP API over the real server: bad requests get a status and a JSON error and
//! change nothing; seats are joined once; a restarted server resumes its matches from
//! the database; the turn timer plays for a human who does not move; the same on
//! Postgres when one is given (`DECKLET_TEST_POSTGRES`, set by CI).

use std::time::Duration;

use crate::common::{Error, TestServer, play_out, postgres, sqlite_in, start, start_with};
use decklet_server::Limits;
use serde_json::{Value, json};

fn human() -> Value {
    json!({"kind": "human"})
}

fn bot(name: &str) -> Value {
    json!({"kind": "bot", "bot": name})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_reason() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let bad = [
        json!({"game": "chess", "seats": [human(), human()]}),
        json!({"game": "uno", "seats": [human()]}),
        json!({"game": "uno", "seats": vec![human(); 11]}),
        json!({"game": "uno", "seats": [human(), bot("grandmaster")]}),
        json!({"game": "uno", "seats": [human(), bot("ismcts:100000")]}),
        json!({"game": "crazy-eights", "seats": [human(), bot("ismcts:5001")]}),
        json!({"game": "uno", "seats": [human(), {"kind": "bot"}]}),
        json!({"game": "uno", "seats": [{"kind": "human", "bot": "random"}, human()]}),
        json!({"game": "uno", "rules": "tournament", "seats": [human(), human()]}),
        json!({"game": "uno", "house": ["stacking", "stacking-any"], "seats": [human(), human()]}),
        json!({"game": "crazy-eights", "house": ["stacking"], "seats": [human(), human()]}),
        json!({"game": "uno", "seats": [human(), human()], "turnSeconds": 0}),
        json!({"game": "uno", "seats": [human(), human()], "botDelayMs": 100000}),
        json!({"game": "uno", "seats": [human(), human()], "colour": "red"}),
        json!({"game": "uno", "seats": [{"kind": "alien"}, human()]}),
        json!({"game": "uno", "seats": [{"kind": "human", "name": "\u{1b}[2J"}, human()]}),
        json!({"game": "uno", "seats": [{"kind": "human", "name": "Bot 1 (random)"}, human()]}),
        json!({"game": "uno", "seats": [{"kind": "bot", "bot": "random", "name": "\u{2067}x"}, human()]}),
        json!([1, 2, 3]),
    ];
    for spec in bad {
        let (status, body) = server.post("/api/matches", &spec).await?;
        assert_eq!(status, 400, "{spec}: {body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{spec}: {body}"
        );
    }
    // a client may not name a file of the server's disk
    let spec = json!({"game": "uno", "seats": [human(), bot("policy:/etc/hostname")]});
    let (status, body) = server.post("/api/matches", &spec).await?;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("this server plays no policy")),
        "{body}"
    );
    let (_, lobby) = server.get("/api/matches").await?;
    assert_eq!(lobby["matches"], json!([]));
    // a body past the limit
    let huge = json!({"game": "uno", "seats": [human(), human()], "pad": "x".repeat(64 * 1024)});
    let (status, _) = server.post("/api/matches", &huge).await?;
    assert_eq!(status, 413);
    let (status, body) = server.get("/api/matches/0123").await?;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("no such match"))
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_joined_once_and_the_lobby_lists_open_matches() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let id = server
        .create(json!({"game": "uno", "seats": [human(), human(), bot("random")]}))
        .await?;
    let (_, lobby) = server.get("/api/matches").await?;
    assert_eq!(lobby["matches"][0]["id"], id.as_str());
    assert_eq!(lobby["matches"][0]["status"], "open");
    assert!(
        lobby.to_string().find("seed").is_none(),
        "the lobby tells the seed"
    );
    let token = server.join(&id, 0, "Ann").await?;
    assert_eq!(token.len(), 32);
    let join =
        |seat: Value, name: &str| json!({"name": name, "seat": seat, "share": "5e".repeat(32)});
    for (body, status) in [
        (join(json!(0), "Eve"), 409),
        (join(json!(2), "Eve"), 409),
        (join(json!(9), "Eve"), 404),
        (join(json!(1), ""), 400),
        (join(json!(1), &"x".repeat(41)), 400),
        // text that runs backwards, or hides, or a person posing as a bot
        (join(json!(1), "Ann\u{202E}tob"), 400),
        (join(json!(1), "A\u{200B}nn"), 400),
        (join(json!(1), "Bot 2 (heuristic)"), 400),
        (join(json!(1), " bot-1"), 400),
        (join(json!(1), "BOT"), 400),
        (json!({"seat": 1}), 400),
    ] {
        let (got, answer) = server
            .post(&format!("/api/matches/{id}/join"), &body)
            .await?;
        assert_eq!(got, status, "{body}: {answer}");
    }
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["seats"][0]["name"], "Ann");
    assert_eq!(summary["seats"][1]["free"], true);

    assert_eq!(summary["status"], "open");
    // the log is not given before the end: it holds the seed
    let (status, _) = server.get(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(status, 409);
    // the last seat starts the match; it leaves the lobby
    let (status, answer) = server
        .post(
            &format!("/api/matches/{id}/join"),
            &json!({"name": "Bob", "share": "b0".repeat(32)}),
        )
        .await?;
    assert_eq!((status, answer["seat"].as_u64()), (200, Some(1)));
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["status"], "playing");
    let (_, lobby) = server.get("/api/matches").await?;
    assert_eq!(lobby["matches"], json!([]));
    // a name that only begins with the letters is a name
    let id = server
        .create(json!({"game": "uno", "seats": [human(), human()]}))
        .await?;
    let (status, answer) = server
        .post(
            &format!("/api/matches/{id}/join"),
            &join(json!(1), "Botond"),
        )
        .await?;
    assert_eq!(status, 200, "{answer}");
    Ok(())
}

/// Plays a few moves of a match of two humans, then stops the server and opens a new
/// one on the same database: the match resumes where it was, and plays to its end.
async fn resumes_after_a_restart(db: &str) -> Result<(), Error> {
    // a name of its own: a shared database may hold other runs' matches
    let limits = || Limits {
        server_name: format!("restart-test-{}", std::process::id()),
        ..Limits::default()
    };
    let server = start_with(db, limits()).await?;
    let id = server
        .create(json!({"game": "uno", "rules": "official", "seats": [human(), bot("heuristic"), human()]}))
        .await?;
    let tokens = [
        server.join(&id, 0, "Ann").await?,
        server.join(&id, 2, "Cy").await?,
    ];
    let mut clients = Vec::new();
    for token in &tokens {
        clients.push(server.seat(&id, token, None).await?);
    }
    // a few moves, by whoever has one
    let mut rng = decklet_server::client::Lcg(3);
    for _ in 0..6 {
        for client in clients.iter_mut() {
            crate::common::drain(client, Duration::from_millis(50)).await?;
            let state = client.last_state().cloned().ok_or("no state")?;
            let moves = state["moves"].as_array().map_or(0, Vec::len);
            if moves > 0 {
                let index = decklet_server::client::choose(&state, &mut rng);
                client
                    .send(&json!({"type": "move", "seq": state["seq"], "index": index}))
                    .await?;
                client.wait_for("update").await?;
            }
        }
    }
    let (_, before) = server.get(&format!("/api/matches/{id}")).await?;
    let seq = before["seq"].as_u64().ok_or("no seq")?;
    assert!(seq >= 3, "too few moves: {seq}");
    let last_seen: Vec<u64> = clients
        .iter()
        .map(|c| c.last_state().and_then(|s| s["seq"].as_u64()).unwrap_or(0))
        .collect();
    drop(clients);
    server.stop().await;

    let server: TestServer = start_with(db, limits()).await?;
    assert_eq!(server.server.restored(), 1);
    // what was stored: at least what anyone was told (a bot may have moved since)
    let (_, after) = server.get(&format!("/api/matches/{id}")).await?;
    let seq = after["seq"].as_u64().ok_or("no seq")?;
    assert!(last_seen.iter().all(|s| *s <= seq), "{last_seen:?} > {seq}");
    let mut clients = Vec::new();
    for (token, since) in tokens.iter().zip(&last_seen) {
        let mut client = server.seat(&id, token, Some(*since)).await?;
        let state = client.wait_for("state").await?;
        // where it was stored, or further on (its bots play on after the restart)
        assert!(state["seq"].as_u64() >= Some(seq), "{state} before {seq}");
        clients.push(client);
    }
    play_out(&mut clients, 11).await?;
    let response = server.get_text(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(response.0, 200);
    let log = decklet_core::GameLog::from_json(&response.1)?;
    assert!(log.actions.len() as u64 > seq);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_its_matches_on_sqlite() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    resumes_after_a_restart(&sqlite_in(&dir)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Postgres: `cargo xtask ci` runs it when DECKLET_TEST_POSTGRES is set"]
async fn a_restarted_server_resumes_its_matches_on_postgres() -> Result<(), Error> {
    resumes_after_a_restart(&postgres().await?).await
}

/// Two servers on one Postgres, as `docs/server.md` describes them: they migrate it
/// together, each plays and resumes its own matches only, the other refuses a match's
/// join and WebSocket naming its owner, and the lobby is shared.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Postgres: `cargo xtask ci` runs it when DECKLET_TEST_POSTGRES is set"]
async fn two_servers_share_one_postgres_and_a_match_moves_to_the_server_its_seat_reached()
-> Result<(), Error> {
    let url = postgres().await?;
    // a lease longer than the test: A's restart must find its match still its own
    let named = |name: &str| Limits {
        server_name: format!("share-{name}-{}", std::process::id()),
        match_lease: Duration::from_secs(600),
        ..Limits::default()
    };
    // both open (and migrate) the database at once
    let (a, b) = tokio::join!(start_with(&url, named("a")), start_with(&url, named("b")));
    let (a, b) = (a?, b?);
    let spec = json!({"game": "uno", "seats": [human(), bot("heuristic")]});
    let on_a = a.create(spec.clone()).await?;
    let on_b = b.create(spec).await?;
    let (_, summary) = b.get(&format!("/api/matches/{on_a}")).await?;
    assert_eq!(summary["server"], format!("share-a-{}", std::process::id()));
    // the lobby of either lists both open matches
    for server in [&a, &b] {
        let (_, lobby) = server.get("/api/matches").await?;
        let ids: Vec<&str> = lobby["matches"]
            .as_array()
            .ok_or("no lobby")?
            .iter()
            .filter_map(|m| m["id"].as_str())
            .collect();
        assert!(
            ids.contains(&on_a.as_str()) && ids.contains(&on_b.as_str()),
            "{lobby}"
        );
    }
    // someone joining a free seat at the other server moves its match there: B asks
    // A, which hands the match over at its next look (within a second), and B waits
    // for it (or answers "moving here, try again" (503) if it took longer)
    let started = std::time::Instant::now();
    let ann = loop {
        let (status, answer) = b
            .post(
                &format!("/api/matches/{on_a}/join"),
                &json!({"name": "Ann", "seat": 0, "share": "a1".repeat(32)}),
            )
            .await?;
        if status == 200 {
            break answer["token"].as_str().ok_or("no token")?.to_string();
        }
        assert_eq!(status, 503, "{answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("moving to this server")
                    && e.contains(&format!("share-a-{}", std::process::id()))),
            "{answer}"
        );
        if started.elapsed() > decklet_server::client::STUCK {
            return Err("A never handed its match over".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let (_, summary) = a.get(&format!("/api/matches/{on_a}")).await?;
    assert_eq!(summary["server"], format!("share-b-{}", std::process::id()));
    let bob = b.join(&on_b, 0, "Bob").await?;
    let mut clients = vec![b.seat(&on_a, &ann, None).await?];
    let mut others = vec![b.seat(&on_b, &bob, None).await?];
    for client in clients.iter_mut().chain(others.iter_mut()) {
        let state = client.wait_for("state").await?;
        if !state["moves"].as_array().is_some_and(Vec::is_empty) {
            let index = decklet_server::client::choose(&state, &mut decklet_server::client::Lcg(1));
            client
                .send(&json!({"type": "move", "seq": state["seq"], "index": index}))
                .await?;
            client.wait_for("update").await?;
        }
    }
    // A restarts: it resumes nothing (both matches are B's), and B plays on meanwhile
    a.stop().await;
    let a = start_with(&url, named("a")).await?;
    assert_eq!(a.server.restored(), 0, "A resumed another server's match");
    play_out(&mut clients, 5).await?;
    play_out(&mut others, 6).await?;
    for id in [&on_a, &on_b] {
        let (_, summary) = b.get(&format!("/api/matches/{id}")).await?;
        assert_eq!(summary["status"], "finished", "{summary}");
        let (status, _) = b.get_text(&format!("/api/matches/{id}/log")).await?;
        assert_eq!(status, 200);
    }
    drop(a);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_timer_moves_for_a_human_who_does_not() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let id = server
        .create(json!({"game": "crazy-eights", "turnSeconds": 1, "seed": 4,
            "seats": [human(), bot("strategist")]}))
        .await?;
    // the timer cannot start before the seat is taken: a lower bound on its wait
    // that holds however slowly this machine delivers the messages
    let started = std::time::Instant::now();
    let token = server.join(&id, 0, "Sleepy").await?;
    let mut client = server.seat(&id, &token, None).await?;
    let state = client.wait_for("state").await?;
    assert!(
        state["deadlineMs"].as_u64().is_some_and(|ms| ms <= 1000),
        "{state}"
    );
    let update = loop {
        let update = client.wait_for("update").await?;
        if update["by"] == 0 {
            break update;
        }
    };
    assert_eq!(update["origin"], "timer");
    assert!(started.elapsed() >= Duration::from_secs(1));
    Ok(())
}

/// The update of a move carries the next turn's timer: after a timer's move too (it
/// carried none), and never the turn before's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_update_of_a_move_carries_the_next_turn_s_timer() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let id = server
        .create(json!({"game": "crazy-eights", "turnSeconds": 1, "seed": 4,
            "seats": [human(), human()]}))
        .await?;
    let token = server.join(&id, 0, "Sleepy").await?;
    server.join(&id, 1, "Sleepier").await?;
    let mut client = server.seat(&id, &token, None).await?;
    let mut timed = 0;
    while timed < 3 {
        let update = client.wait_for("update").await?;
        assert_eq!(update["origin"], "timer", "{update}");
        let state = &update["state"];
        if state["status"] != "playing" {
            break;
        }
        // a human's turn follows: its full second is on the clock
        let ms = state["deadlineMs"]
            .as_u64()
            .ok_or(format!("no timer: {update}"))?;
        assert!(ms <= 1000, "{update}");
        timed += 1;
    }
    assert_eq!(timed, 3);
    Ok(())
}

/// A seat that comes back to a finished match is shown how it ended (winners,
/// points, where the log is), before and after a restart, and so is a spectator;
/// the seat cannot be joined again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_comes_back_to_a_finished_match_is_shown_its_end() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let server = start(&db).await?;
    let id = server
        .create(json!({"game": "uno", "rules": "official", "seed": 5,
            "seats": [human(), bot("random")]}))
        .await?;
    let token = server.join(&id, 0, "Ann").await?;
    let mut ann = server.seat(&id, &token, None).await?;
    play_out(std::slice::from_mut(&mut ann), 3).await?;
    let end = ann.last_state().cloned().ok_or("no state")?;
    assert_eq!(end["status"], "finished");
    assert_eq!(end["log"], format!("/api/matches/{id}/log"));
    assert_eq!(end["winners"].as_array().map(Vec::len), Some(1), "{end}");
    // the official rules score the round: the winner's points are a fact of the table
    let facts = end["facts"].to_string();
    assert!(facts.contains("round points: "), "{end}");
    drop(ann);
    let shown = |state: &Value| {
        assert_eq!(state["status"], "finished", "{state}");
        assert_eq!(state["seq"], end["seq"]);
        assert_eq!(state["winners"], end["winners"]);
        assert_eq!(state["scores"], end["scores"]);
        assert_eq!(state["facts"], end["facts"]);
        assert_eq!(state["log"], end["log"]);
        assert_eq!(state["moves"], json!([]));
    };
    // at once, on the server that played it
    let mut back = server.seat(&id, &token, Some(0)).await?;
    let missed = back.wait_for("missed").await?;
    assert_eq!(missed["seq"], end["seq"]);
    shown(&back.wait_for("state").await?);
    drop(back);
    server.stop().await;

    // after a restart, which resumes no finished match, it is rebuilt to be shown
    let server = start(&db).await?;
    assert_eq!(server.server.restored(), 0);
    let mut back = server.seat(&id, &token, None).await?;
    let state = back.wait_for("state").await?;
    shown(&state);
    assert_eq!(state["you"], 0);
    assert!(state["hand"].is_array(), "{state}");
    let mut watcher = server.spectator(&id).await?;
    shown(&watcher.wait_for("state").await?);
    // a move is refused: the match is over
    back.send(&json!({"type": "move", "seq": end["seq"], "index": 0}))
        .await?;
    assert_eq!(
        back.wait_for("refused").await?["reason"],
        "the match is over"
    );
    // a wrong token is still refused, and the seat cannot be joined again
    let mut stranger = server.socket(&id).await?;
    stranger
        .send(&json!({"type": "hello", "token": "0".repeat(32)}))
        .await?;
    let got = stranger.until_closed().await?;
    assert!(got.iter().any(|m| m["type"] == "error"), "{got:?}");
    let (status, _) = server
        .post(
            &format!("/api/matches/{id}/join"),
            &json!({"name": "Cy", "share": "c7".repeat(32)}),
        )
        .await?;
    assert_eq!(status, 409);
    let (status, log) = server
        .get_text(end["log"].as_str().ok_or("no log")?)
        .await?;
    assert_eq!(status, 200, "{log}");
    Ok(())
}

/// The deal is committed to before anyone joins and drawn from the players' shares:
/// every match shows a commitment from its creation and says whether its creator chose
/// the seed; no card is shown until every seat is taken; the seed and what the
/// commitment hashes are hidden until the end, then revealed, with each player's
/// share; they hash to the commitment shown at the start, the seed is the one the
/// shares draw, and the served log carries them for `decklet replay --commitment`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deal_is_committed_to_before_anyone_joins_and_revealed_at_the_end() -> Result<(), Error>
{
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let drawn = server
        .create(json!({"game": "uno", "seats": [human(), human(), bot("random")]}))
        .await?;
    let chosen = server
        .create(json!({"game": "uno", "seed": 5, "seats": [human(), human(), bot("random")]}))
        .await?;
    let (_, lobby) = server.get("/api/matches").await?;
    let listed = |id: &str| {
        lobby["matches"]
            .as_array()
            .and_then(|ms| ms.iter().find(|m| m["id"] == id).cloned())
            .unwrap_or(Value::Null)
    };
    assert_eq!(listed(&drawn)["deal"]["chosen"], false, "{lobby}");
    assert_eq!(listed(&chosen)["deal"]["chosen"], true, "{lobby}");
    assert_eq!(listed(&drawn)["deal"]["shared"], true, "{lobby}");
    for hidden in ["seed", "serverShare", "revealed", "shares"] {
        assert!(!lobby.to_string().contains(hidden), "{hidden}: {lobby}");
    }
    let mut deals = Vec::new();
    for id in [&drawn, &chosen] {
        let (_, before) = server.get(&format!("/api/matches/{id}")).await?;
        let commitment = before["deal"]["commitment"]
            .as_str()
            .ok_or("no commitment")?
            .to_string();
        assert_eq!(commitment.len(), 64, "{before}");
        assert!(before["deal"].get("seed").is_none(), "{before}");
        let (ann_share, bea_share) = ("a1".repeat(32), "B2".repeat(32));
        let ann_token = server
            .join_with_share(id, 0, "Ann", Some(&ann_share))
            .await?;
        let mut ann = server.seat(id, &ann_token, None).await?;
        // one seat free: no card shown yet, not even Ann's own
        let waiting = ann.wait_for("state").await?;
        assert_eq!(waiting["status"], "open", "{waiting}");
        assert!(
            waiting["hand"].is_null() && waiting["turn"].is_null(),
            "{waiting}"
        );
        assert_eq!(waiting["zones"], json!([]), "{waiting}");
        assert!(
            waiting["seats"]
                .as_array()
                .ok_or("no seats")?
                .iter()
                .all(|s| s["cards"] == 0)
        );
        assert_eq!(waiting["deal"]["commitment"], commitment.as_str());
        assert!(waiting["deal"].get("revealed").is_none(), "{waiting}");
        let bea_token = server
            .join_with_share(id, 1, "Bea", Some(&bea_share))
            .await?;
        let mut bea = server.seat(id, &bea_token, None).await?;
        let dealt = bea.wait_for("state").await?;
        assert_eq!(dealt["status"], "playing", "{dealt}");
        assert_eq!(dealt["hand"].as_array().map(Vec::len), Some(7), "{dealt}");
        let mut both = [ann, bea];
        play_out(&mut both, 7).await?;
        let end = both[0].last_state().cloned().ok_or("no state")?;
        assert_eq!(end["status"], "finished");
        let seed: u64 = end["deal"]["seed"]
            .as_str()
            .ok_or("no seed at the end")?
            .parse()?;
        let revealed: decklet_core::DealCommitment =
            serde_json::from_value(end["deal"]["revealed"].clone())?;
        assert_eq!(revealed.commitment, commitment);
        assert_eq!(revealed.game, "uno");
        assert_eq!(revealed.seats, ["human", "human", "bot:random"]);
        // each player's share, as sent (written lowercase), at their seat; none for a bot
        assert_eq!(
            revealed.shares,
            [ann_share.clone(), bea_share.to_lowercase(), String::new()]
        );
        let (_, after) = server.get(&format!("/api/matches/{id}")).await?;
        assert_eq!(after["deal"], end["deal"]);
        // the log carries the deal beside the game's seed, and they agree
        let (status, text) = server.get_text(&format!("/api/matches/{id}/log")).await?;
        assert_eq!(status, 200, "{text}");
        let log: decklet_core::GameLog = serde_json::from_str(&text)?;
        let beside: Value = serde_json::from_str(&text)?;
        let deal: decklet_core::DealCommitment = serde_json::from_value(beside["deal"].clone())?;
        assert_eq!(deal, revealed);
        assert_eq!(log.seed, seed);
        deal.check(&log)?;
        deals.push(deal);
    }
    // drawn from the server's share and both players'
    assert_eq!(
        deals[0].seed(),
        Some(decklet_core::deal_seed(
            &deals[0].server_share,
            &deals[0].shares
        ))
    );
    // a chosen seed is dealt as chosen, and bound to the commitment
    assert!(deals[1].chosen && deals[1].seed().is_none());
    Ok(())
}

/// A player's share is 64 hex digits, and a person's seat is joined with one (a seat
/// whose share the server made up would let it choose among deals): anything else is
/// refused with the seat left free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_share_that_is_not_one_is_refused_and_the_seat_stays_free() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    let id = server
        .create(json!({"game": "uno", "seats": [human(), bot("random")]}))
        .await?;
    for bad in [
        "",
        "abc",
        &"zz".repeat(32),
        &"a".repeat(65),
        "ä".repeat(32).as_str(),
    ] {
        let (status, body) = server
            .post(
                &format!("/api/matches/{id}/join"),
                &json!({"name": "Ann", "share": bad}),
            )
            .await?;
        assert_eq!(status, 400, "{bad:?}: {body}");
        assert!(body.to_string().contains("64 hex digits"), "{body}");
    }
    let (status, body) = server
        .post(&format!("/api/matches/{id}/join"), &json!({"name": "Ann"}))
        .await?;
    assert_eq!(status, 400, "{body}");
    assert!(
        body.to_string().contains("a share of the deal is needed"),
        "{body}"
    );
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["seats"][0]["free"], true, "{summary}");
    server.join(&id, 0, "Ann").await?;
    Ok(())
}

/// A database made before deals were committed to (schema 1) opens: the migration adds
/// the deal's columns, its matches are kept and shown with no commitment, and a new
/// match gets one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_before_commitments_keeps_its_matches() -> Result<(), Error> {
    use sqlx::Executor as _;
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let server = start(&db).await?;
    let old = server
        .create(json!({"game": "uno", "seats": [human(), human()]}))
        .await?;
    server.stop().await;
    // back to schema 1, as a server of the last release left it
    sqlx::any::install_default_drivers();
    let (url, _) = decklet_server::database_url(&db)?;
    let pool = sqlx::AnyPool::connect(&url).await?;
    pool.execute("ALTER TABLE matches DROP COLUMN salt").await?;
    pool.execute("ALTER TABLE matches DROP COLUMN seed_chosen")
        .await?;
    pool.execute("ALTER TABLE matches DROP COLUMN deal").await?;
    pool.execute("ALTER TABLE seats DROP COLUMN share").await?;
    pool.execute("DELETE FROM decklet_migrations WHERE version IN (2, 5)")
        .await?;
    pool.close().await;

    let server = start(&db).await?;
    let (status, kept) = server.get(&format!("/api/matches/{old}")).await?;
    assert_eq!(status, 200, "{kept}");
    assert_eq!(
        kept["deal"],
        json!({"commitment": null, "chosen": false, "shared": false})
    );
    server.join(&old, 0, "Ann").await?;
    let new = server
        .create(json!({"game": "uno", "seats": [human(), human()]}))
        .await?;
    let (_, made) = server.get(&format!("/api/matches/{new}")).await?;
    assert_eq!(made["deal"]["commitment"].as_str().map(str::len), Some(64));
    Ok(())
}

/// A client may hold only so many live matches, however it got them (created and
/// still open, or joined and not over): past it, a creation or a join is refused
/// (429) until one ends. Joining its own seats no longer frees a client of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_may_hold_only_so_many_matches_however_it_got_them() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        matches_per_client: 2,
        idle_match_expiry: Duration::from_secs(2),
        ..Limits::default()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    let spec = json!({"game": "uno", "seats": [human(), human()]});
    server.create(spec.clone()).await?;
    let second = server.create(spec.clone()).await?;
    let (status, refused) = server.post("/api/matches", &spec).await?;
    assert_eq!(status, 429, "{refused}");
    assert!(
        refused["error"].to_string().contains("2 live matches"),
        "{refused}"
    );
    // a match it started by joining its own seats still counts (a second seat of a
    // match it holds may be joined)
    server.join(&second, 0, "Ann").await?;
    server.join(&second, 1, "Bob").await?;
    let (status, _) = server.post("/api/matches", &spec).await?;
    assert_eq!(status, 429);
    // and a match played without a move ends, abandoned: then it no longer counts
    let mut watcher = server.spectator(&second).await?;
    loop {
        let state = watcher.wait_for_state().await?;
        if state["status"] == "abandoned" {
            assert_eq!(state["moves"], json!([]));
            break;
        }
    }
    server.create(spec.clone()).await?;
    Ok(())
}

/// A client's matches of bots alone count among its holdings until they are over,
/// and creations sent at once pass the limit no more than one after another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_matches_and_creations_at_once_count_among_a_client_s_holdings() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        matches_per_client: 2,
        ..Limits::default()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    // bots alone, slowly: being played, never open
    let bots =
        json!({"game": "uno", "seats": [bot("random"), bot("random")], "botDelayMs": 10_000});
    server.create(bots.clone()).await?;
    server.create(bots.clone()).await?;
    let (status, refused) = server.post("/api/matches", &bots).await?;
    assert_eq!(status, 429, "{refused}");
    let (status, _) = server
        .post(
            "/api/matches",
            &json!({"game": "uno", "seats": [human(), human()]}),
        )
        .await?;
    assert_eq!(status, 429);

    let dir = tempfile::tempdir()?;
    let limits = Limits {
        matches_per_client: 2,
        ..Limits::default()
    };
    let server = std::sync::Arc::new(start_with(&sqlite_in(&dir), limits).await?);
    let spec = json!({"game": "uno", "seats": [human(), human()]});
    let creations: Vec<_> = (0..20)
        .map(|_| {
            let server = std::sync::Arc::clone(&server);
            let spec = spec.clone();
            tokio::spawn(async move { server.post("/api/matches", &spec).await })
        })
        .collect();
    let mut made = 0;
    for creation in creations {
        let (status, body) = creation.await??;
        match status {
            201 => made += 1,
            429 => {}
            _ => return Err(format!("{status}: {body}").into()),
        }
    }
    assert_eq!(made, 2);
    Ok(())
}

/// A match being played that goes without a move for the idle expiry ends,
/// abandoned, and one that was waiting at a restart ends as long after its last move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_no_one_plays_is_abandoned_restarts_or_not() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let limits = || Limits {
        idle_match_expiry: Duration::from_secs(2),
        ..Limits::default()
    };
    let server = start_with(&db, limits()).await?;
    let spec = json!({"game": "uno", "seats": [human(), bot("random")]});
    let id = server.create(spec).await?;
    let token = server.join(&id, 0, "Ann").await?;
    server.stop().await;
    let server = start_with(&db, limits()).await?;
    let waiting = std::time::Instant::now();
    loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
        if summary["status"] == "abandoned" {
            break;
        }
        assert_eq!(summary["status"], "playing", "{summary}");
        assert!(
            waiting.elapsed() < decklet_server::client::STUCK,
            "never abandoned"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // a move is refused, and the match does not come back after a restart
    let mut ann = server.seat(&id, &token, None).await?;
    let state = ann.wait_for_state().await?;
    assert_eq!(state["status"], "abandoned");
    // an abandoned match's deal is revealed, and its log given, as a finished one's:
    // a match left to idle out is checked as one played to its end
    let revealed: decklet_core::DealCommitment =
        serde_json::from_value(state["deal"]["revealed"].clone())?;
    let (status, text) = server.get_text(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(status, 200, "{text}");
    revealed.check(&serde_json::from_str(&text)?)?;
    server.stop().await;
    let server = start_with(&db, limits()).await?;
    assert_eq!(server.server.restored(), 0);
    Ok(())
}

/// A human's seat joined and left to the turn timer does not make a match of bots a
/// person's: its bots think within the budget of matches without a person (here none,
/// so once the timer has moved for the human, the bot does not move).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_seat_and_a_timer_do_not_take_bots_past_their_budget() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        bot_only_thinking: 0,
        ..Limits::default()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    let id = server
        .create(json!({"game": "uno", "turnSeconds": 1, "seats": [human(), bot("random")]}))
        .await?;
    server.join(&id, 0, "Idle").await?;
    let mut watcher = server.spectator(&id).await?;
    let at = loop {
        let state = watcher.wait_for_state().await?;
        if state["turn"] == 1 {
            break state["seq"].clone();
        }
    };
    // the bot's turn: it waits for a budget it never gets
    let quiet = tokio::time::timeout(Duration::from_millis(2_500), async {
        loop {
            match watcher.next().await {
                Ok(Some(m)) if m["type"] == "update" => return m,
                Ok(Some(_)) => continue,
                _ => return Value::Null,
            }
        }
    })
    .await;
    assert!(quiet.is_err(), "the bot moved: {quiet:?}");
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["seq"], at);
    Ok(())
}

/// An open match expires when its seats are not all taken in time: its connections
/// are told, it leaves the lobby, a join is refused, and it does not come back after a
/// restart; one still open at a restart expires as it would have.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_match_expires_and_does_not_come_back() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let limits = || Limits {
        open_match_expiry: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = start_with(&db, limits()).await?;
    let spec = json!({"game": "uno", "seats": [human(), human()]});
    let first = server.create(spec.clone()).await?;
    let mut watcher = server.spectator(&first).await?;
    let state = loop {
        let state = watcher.wait_for_state().await?;
        if state["status"] == "expired" {
            break state;
        }
        assert_eq!(state["status"], "open", "{state}");
    };
    assert_eq!(state["moves"], json!([]));
    let (_, summary) = server.get(&format!("/api/matches/{first}")).await?;
    assert_eq!(summary["status"], "expired");
    let (status, answer) = server
        .post(
            &format!("/api/matches/{first}/join"),
            &json!({"name": "Late", "share": "1a".repeat(32)}),
        )
        .await?;
    assert_eq!(status, 409, "{answer}");
    let (_, lobby) = server.get("/api/matches").await?;
    assert!(!lobby["matches"].to_string().contains(&first), "{lobby}");
    // one open at a restart expires after it
    let second = server.create(spec).await?;
    server.stop().await;
    let server = start_with(&db, limits()).await?;
    let waiting = std::time::Instant::now();
    loop {
        let (_, summary) = server.get(&format!("/api/matches/{second}")).await?;
        if summary["status"] == "expired" {
            break;
        }
        assert_eq!(summary["status"], "open", "{summary}");
        assert!(
            waiting.elapsed() < decklet_server::client::STUCK,
            "it never expired"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.stop().await;
    let server = start_with(&db, limits()).await?;
    assert_eq!(server.server.restored(), 0);
    Ok(())
}

/// The bots of matches without a person think within the server's budget for them,
/// and the matches people play never wait for it: with no budget at all, a match of
/// bots alone does not move while one a person plays against a bot goes to its end;
/// with a budget of one, several matches of bots alone take turns and all end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_of_bots_alone_think_within_their_budget_and_never_hold_up_people()
-> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let budget = |n: usize| Limits {
        bot_only_thinking: n,
        ..Limits::default()
    };
    let server = start_with(&db, budget(0)).await?;
    let alone = server
        .create(json!({"game": "uno", "seats": [bot("random"), bot("random")]}))
        .await?;
    let people = server
        .create(json!({"game": "uno", "seats": [human(), bot("heuristic")]}))
        .await?;
    let token = server.join(&people, 0, "Ann").await?;
    let mut ann = server.seat(&people, &token, None).await?;
    play_out(std::slice::from_mut(&mut ann), 13).await?;
    let (_, summary) = server.get(&format!("/api/matches/{alone}")).await?;
    assert_eq!(
        (&summary["status"], &summary["seq"]),
        (&json!("playing"), &json!(0))
    );
    server.stop().await;

    let server = start_with(&db, budget(1)).await?;
    let mut matches = vec![alone];
    for _ in 0..3 {
        matches.push(
            server
                .create(json!({"game": "uno", "seats": [bot("random"), bot("heuristic")]}))
                .await?,
        );
    }
    for id in &matches {
        let mut watcher = server.spectator(id).await?;
        loop {
            let state = watcher.wait_for_state().await?;
            if state["status"] == "finished" {
                break;
            }
        }
    }
    Ok(())
}

/// What the browser table is drawn from: your own seat is online in the first
/// position you get; your hand comes in the game's card order; each move that plays
/// or passes one card of your hand names it (`card`), and no other does; the summary
/// says which bot sits where and the bots' pause (what "play again" repeats); a move
/// sent after the table moved on says so in words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_shown_what_the_table_draws() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start(&sqlite_in(&dir)).await?;
    for game in ["uno", "crazy_eights", "hearts"] {
        let seats = match game {
            "hearts" => json!([human(), bot("random"), bot("random"), bot("random")]),
            _ => json!([human(), bot("random")]),
        };
        let id = server
            .create(json!({"game": game, "seed": 5, "botDelayMs": 7, "seats": seats}))
            .await?;
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
        assert_eq!(summary["seats"][1]["bot"], "random", "{summary}");
        assert_eq!(summary["seats"][0]["bot"], Value::Null, "{summary}");
        assert_eq!(summary["botDelayMs"], 7, "{summary}");
        let token = server.join(&id, 0, "Ann").await?;
        let mut ann = server.seat(&id, &token, None).await?;
        let state = ann.wait_for("state").await?;
        assert_eq!(state["seats"][0]["online"], true, "{game}: {state}");
        let hand: Vec<&str> = state["hand"]
            .as_array()
            .ok_or("no hand")?
            .iter()
            .filter_map(|c| c["id"].as_str())
            .collect();
        assert!(!hand.is_empty(), "{game}: {state}");
        // the game's card order is the order of the card table the welcome carried
        let mut ordered = hand.clone();
        let welcome = ann.messages.first().ok_or("no welcome")?.clone();
        let table: Vec<&str> = welcome["cards"]
            .as_array()
            .ok_or("no card table")?
            .iter()
            .filter_map(|c| c["id"].as_str())
            .collect();
        ordered.sort_by_key(|id| table.iter().position(|t| t == id));
        assert_eq!(hand, ordered, "{game}: the hand is not in card order");
        let moves = state["moves"].as_array().ok_or("no moves")?;
        let mut named = 0;
        for m in moves {
            let label = m["label"].as_str().unwrap_or_default();
            match m["card"].as_str() {
                Some(card) => {
                    assert!(hand.contains(&card), "{game}: {m}");
                    assert!(
                        label.starts_with("play ") || label.starts_with("pass "),
                        "{game}: {m}"
                    );
                    named += 1;
                }
                None => assert!(!label.starts_with("play "), "{game}: {m}"),
            }
        }
        if state["turn"] == 0 {
            assert!(named > 0, "{game}: no move names a card: {state}");
        }
    }
    // a move sent after the table moved on
    let id = server
        .create(json!({"game": "crazy_eights", "seed": 5, "seats": [human(), human()]}))
        .await?;
    let a = server.join(&id, 0, "Ann").await?;
    let b = server.join(&id, 1, "Bob").await?;
    let mut ann = server.seat(&id, &a, None).await?;
    let mut bob = server.seat(&id, &b, None).await?;
    let state = ann.wait_for("state").await?;
    let seq = state["seq"].as_u64().ok_or("no seq")?;
    let mover = match state["turn"].as_u64() {
        Some(0) => &mut ann,
        _ => &mut bob,
    };
    mover
        .send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    mover.wait_for("update").await?;
    mover
        .send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    let refused = mover.wait_for("refused").await?;
    let reason = refused["reason"].as_str().unwrap_or_default();
    assert!(
        reason.starts_with("the table moved on before your move arrived"),
        "{refused}"
    );
    Ok(())
}

/// A policy the server was started with is a bot of its seats, by its name; no other
/// is, and no name a client gives makes the server open a file (a path, a path
/// hidden before an allowed name, a FIFO, `/dev/zero`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_plays_a_policy_the_server_was_started_with_by_its_name() -> Result<(), Error> {
    use decklet_bots::Policy;
    use decklet_bots::policy::{EncodingRef, Layer};
    let dir = tempfile::tempdir()?;
    let loaded = decklet_catalog::Catalog::standard().load("uno")?;
    let encoding = EncodingRef::of(&*loaded.encoding().ok_or("no encoding")?);
    let (inputs, outputs) = (encoding.observation_len, encoding.action_count + 1);
    let layers = vec![Layer::Dense {
        inputs,
        outputs,
        weights: (0..inputs * outputs)
            .map(|i| (i % 7) as f32 - 3.0)
            .collect(),
        bias: vec![0.0; outputs],
    }];
    let file = dir.path().join("uno.json");
    std::fs::write(&file, Policy::new(encoding, layers)?.to_json())?;
    let limits = Limits {
        policies: vec![("heads-up".to_string(), file.clone())],
        ..Limits::default()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    for name in ["policy:heads-up", "ismcts:50+policy:heads-up"] {
        let spec = json!({"game": "uno", "seats": [human(), bot(name)]});
        let (status, body) = server.post("/api/matches", &spec).await?;
        assert_eq!(status, 201, "{name}: {body}");
        // the lobby and the match show the name, never the file's path
        assert!(
            !body
                .to_string()
                .contains(dir.path().to_str().ok_or("path")?)
        );
    }
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status()?;
    assert!(made.success());
    let path = file.to_str().ok_or("path")?;
    let fifo = fifo.to_str().ok_or("path")?;
    let refused = [
        format!("policy:{path}"),
        format!("ismcts:50+policy:{path}"),
        "policy:/etc/hostname".to_string(),
        "policy:/etc/hostname+policy:heads-up".to_string(),
        "policy:/dev/zero+policy:heads-up".to_string(),
        format!("policy:{fifo}+policy:heads-up"),
        format!("policy:{fifo}"),
        "policy:heads-up+policy:heads-up".to_string(),
        "heuristic+policy:heads-up".to_string(),
    ];
    for other in &refused {
        let spec = json!({"game": "uno", "seats": [human(), bot(other)]});
        let (status, body) = server.post("/api/matches", &spec).await?;
        assert_eq!(status, 400, "{other}: {body}");
        let error = body["error"].as_str().ok_or("no error")?;
        // nothing of a file is told: not whether it exists, nor what it holds
        assert!(
            !error.contains("No such file") && !error.contains("directory"),
            "{other}: {error}"
        );
    }
    // the server's cap on a search (5,000 iterations) holds for a guided one
    let long = json!({"game": "uno", "seats": [human(), bot("ismcts:5001+policy:heads-up")]});
    let (status, body) = server.post("/api/matches", &long).await?;
    assert_eq!(status, 400, "{body}");
    // the server still answers at once: nothing waits on the FIFO
    let (status, _) = server.get("/api/health").await?;
    assert_eq!(status, 200);
    Ok(())
}

/// A server that stopped between storing the last seat's join and storing that the
/// match is being played: on restart the match is dealt from the stored shares, its
/// status stored, and it leaves the lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_whose_last_join_was_stored_alone_is_played_after_a_restart() -> Result<(), Error> {
    use sqlx::Executor as _;
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let server = start(&db).await?;
    let id = server
        .create(json!({"game": "uno", "seats": [human(), human()]}))
        .await?;
    server.join(&id, 0, "Ann").await?;
    let bea = server.join(&id, 1, "Bea").await?;
    server.stop().await;
    sqlx::any::install_default_drivers();
    let (url, _) = decklet_server::database_url(&db)?;
    let pool = sqlx::AnyPool::connect(&url).await?;
    pool.execute(sqlx::query("UPDATE matches SET status = 'open' WHERE id = $1").bind(&id))
        .await?;
    pool.close().await;

    let server = start(&db).await?;
    let mut table = server.seat(&id, &bea, None).await?;
    let state = table.wait_for_state().await?;
    assert_eq!(state["status"], "playing", "{state}");
    assert_eq!(state["hand"].as_array().map(Vec::len), Some(7), "{state}");
    let waiting = std::time::Instant::now();
    let stored = loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
        if summary["status"] != "open" {
            break summary;
        }
        assert!(
            waiting.elapsed() < decklet_server::client::STUCK,
            "still stored open: {summary}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(stored["status"], "playing", "{stored}");
    let (_, lobby) = server.get("/api/matches").await?;
    assert_eq!(lobby["matches"], json!([]), "{lobby}");
    Ok(())
}

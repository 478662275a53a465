//! A match that moves between servers: only a seat's token moves it, and the
//! connections of the server it leaves are closed with a code that says "reconnect"
//! (never left open at a table that no longer moves), wherever the match went.

use std::time::Duration;

use decklet_server::client::STUCK;
use decklet_server::{Limits, Store};
use serde_json::{Value, json};

use crate::common::{Error, TestServer, sqlite_in, start_with};

/// The close code of a connection whose match this server no longer plays.
const RECONNECT: u16 = 4000;
/// The close code of a connection to come back in a second.
const TRY_AGAIN: u16 = 4001;

fn named(name: &str) -> Limits {
    Limits {
        server_name: name.to_string(),
        // longer than the test: no match changes servers by a lease running out
        match_lease: Duration::from_secs(600),
        ..Limits::default()
    }
}

async fn server_of(server: &TestServer, id: &str) -> Result<Value, Error> {
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    Ok(summary["server"].clone())
}

/// A match of Ann (seat 0) and a bot on `a`, Ann joined: its id and her token.
async fn ann_on(a: &TestServer) -> Result<(String, String), Error> {
    let id = a
        .create(json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}))
        .await?;
    let ann = a.join(&id, 0, "Ann").await?;
    Ok((id, ann))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_seat_moves_a_match_and_the_table_it_left_is_told_to_reconnect() -> Result<(), Error>
{
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let a = start_with(&db, named("a")).await?;
    let b = start_with(&db, named("b")).await?;
    let (id, ann) = ann_on(&a).await?;
    let mut on_a = a.seat(&id, &ann, None).await?;
    on_a.wait_for_state().await?;
    // strangers at B: an upgrade without a hello, a spectator, a forged token
    let mut silent = b.socket(&id).await?;
    let mut watcher = b.socket(&id).await?;
    watcher
        .send(&json!({"type": "hello", "spectator": true}))
        .await?;
    let got = watcher.until_closed().await?;
    assert_eq!(
        watcher.close.as_ref().map(|c| c.0),
        Some(TRY_AGAIN),
        "{got:?}"
    );
    let mut forger = b.socket(&id).await?;
    forger
        .send(&json!({"type": "hello", "token": "0".repeat(32)}))
        .await?;
    forger.until_closed().await?;
    assert!(
        forger
            .close
            .as_ref()
            .is_some_and(|c| c.0 != RECONNECT && c.0 != TRY_AGAIN)
    );
    // a joiner of a match with no free seat does not move it either
    let (status, _) = b
        .post(
            &format!("/api/matches/{id}/join"),
            &json!({"name": "Eve", "share": "e5".repeat(32)}),
        )
        .await?;
    assert_eq!(status, 409);
    // A looks for matches asked of it every second: two looks later, the match is
    // still A's, and Ann still plays it there
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(server_of(&a, &id).await?, "a");
    on_a.sync().await?;
    drop(silent.ws.close(None).await);
    // Ann's own token at B brings the match there; her table at A is closed with
    // "reconnect", not left open
    let mut on_b = b.seat(&id, &ann, None).await?;
    let state = on_b.wait_for_state().await?;
    assert_eq!(server_of(&b, &id).await?, "b");
    on_a.until_closed().await?;
    assert_eq!(
        on_a.close.as_ref().map(|c| c.0),
        Some(RECONNECT),
        "{:?}",
        on_a.close
    );
    // and she plays on at B
    if state["moves"].as_array().is_some_and(|m| !m.is_empty()) {
        on_b.send(&json!({"type": "move", "seq": state["seq"], "index": 0}))
            .await?;
        on_b.wait_for("update").await?;
    }
    Ok(())
}

/// A join without a share of the deal is refused before the match is looked for: it
/// does not bring an open match over from the server that plays it (a stranger could
/// otherwise move it back and forth, closing its players' tables each time).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_without_a_share_moves_no_match() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let a = start_with(&db, named("a")).await?;
    let b = start_with(&db, named("b")).await?;
    let id = a
        .create(json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "human"}]}))
        .await?;
    for join in [json!({"name": "Eve"}), json!({"name": "Eve", "seat": 0})] {
        let (status, refused) = b.post(&format!("/api/matches/{id}/join"), &join).await?;
        assert_eq!(status, 400, "{refused}");
        assert!(refused["error"].to_string().contains("share"), "{refused}");
        assert_eq!(server_of(&a, &id).await?, "a");
    }
    // a join with one is a join: the match comes to B, and the seat is taken
    b.join(&id, 0, "Ann").await?;
    assert_eq!(server_of(&b, &id).await?, "b");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_lost_a_match_closes_its_tables_with_reconnect() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = sqlite_in(&dir);
    let a = start_with(&db, named("a")).await?;
    let (id, ann) = ann_on(&a).await?;
    let mut on_a = a.seat(&id, &ann, None).await?;
    on_a.wait_for_state().await?;
    // another server takes the match while A is not looking (as when A hung past its
    // lease): the database says B plays it
    let store = Store::open(&db).await?;
    store.want(&id, "b").await?;
    store.hand_over(&id, "a").await?;
    // A finds out (at its next look, or when it stores Ann's next move) and closes her
    // table with "reconnect"; it never says the database is unreachable
    let started = std::time::Instant::now();
    loop {
        if let Some(state) = on_a.last_state().cloned()
            && state["moves"].as_array().is_some_and(|m| !m.is_empty())
        {
            let _ = on_a
                .send(&json!({"type": "move", "seq": state["seq"], "index": 0}))
                .await;
        }
        match tokio::time::timeout(Duration::from_millis(200), on_a.next()).await {
            Ok(Ok(None)) | Ok(Err(_)) => break,
            _ if started.elapsed() > STUCK => return Err("A never let go of its table".into()),
            _ => {}
        }
    }
    assert_eq!(
        on_a.close.as_ref().map(|c| c.0),
        Some(RECONNECT),
        "{:?}",
        on_a.close
    );
    let told: Vec<&Value> = on_a.messages.iter().collect();
    assert!(
        !told
            .iter()
            .any(|m| m.to_string().contains("database is unreachable")),
        "{told:?}"
    );
    // B, started now, plays it for Ann
    let b = start_with(&db, named("b")).await?;
    let mut on_b = b.seat(&id, &ann, None).await?;
    on_b.wait_for_state().await?;
    Ok(())
}

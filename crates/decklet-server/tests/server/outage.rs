//! The database taken away in mid-match, for longer than every timeout: through a TCP
//! proxy between the server and Postgres that drops every connection and refuses new
//! ones, as a database that died or a network that split would. A move that cannot be
//! stored is refused and undone, the match pauses and says so, it resumes by itself
//! when the database is back, and no acknowledged move is lost: a new server on the
//! database rebuilds the match, every stored move checked.

use std::net::SocketAddr;
use std::time::Duration;

use decklet_server::{Limits, STORE_TIMEOUT};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::common::{Client, Error, play_out, postgres, start_with};

/// A TCP proxy that can cut its link: while down, every connection through it is
/// dropped and new ones are closed at once.
struct Proxy {
    addr: SocketAddr,
    up: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Proxy {
    async fn start(upstream: String) -> Result<Proxy, Error> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (up, _) = watch::channel(true);
        let link = up.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !*link.borrow() {
                    continue; // dropped: closed at once
                }
                let upstream = upstream.clone();
                let mut down = link.subscribe();
                tokio::spawn(async move {
                    let Ok(mut server) = TcpStream::connect(&upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = down.wait_for(|up| !*up) => {}
                    }
                });
            }
        });
        Ok(Proxy { addr, up, task })
    }

    fn set_up(&self, up: bool) {
        self.up.send_replace(up);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// `url` with its host and port replaced by `addr`.
fn through(url: &str, addr: SocketAddr) -> Result<(String, String), Error> {
    let start = url
        .find('@')
        .map(|at| at + 1)
        .ok_or("no user@ in the URL")?;
    let end = url[start..]
        .find('/')
        .map(|slash| start + slash)
        .ok_or("no /database in the URL")?;
    let upstream = url[start..end].to_string();
    Ok((format!("{}{addr}{}", &url[..start], &url[end..]), upstream))
}

/// The seat whose turn it is in `state`, if it has moves.
fn to_move(state: &Value) -> Option<usize> {
    let moves = state["moves"].as_array().map_or(0, Vec::len);
    (moves > 0).then(|| state["you"].as_u64().map(|s| s as usize))?
}

/// Makes one move (the first listed) for whichever seat has one; answers the seq it
/// was acknowledged at.
async fn one_move(seats: &mut [Client]) -> Result<u64, Error> {
    for seat in seats.iter_mut() {
        seat.sync().await?;
    }
    let mover = seats
        .iter()
        .position(|s| s.last_state().and_then(to_move).is_some())
        .ok_or("nobody has a move")?;
    let seat = &mut seats[mover];
    let seq = seat
        .last_state()
        .map(|s| s["seq"].clone())
        .ok_or("no state")?;
    seat.send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    loop {
        let message = seat.next().await?.ok_or("closed")?;
        match message["type"].as_str() {
            Some("update") => {
                return message["seq"]
                    .as_u64()
                    .ok_or("an update without seq".into());
            }
            Some("refused") => return Err(format!("refused: {message}").into()),
            _ => continue,
        }
    }
}

/// The seat's position once its status is `status` (the last one got, or the next).
async fn until_status(seat: &mut Client, status: &str) -> Result<Value, Error> {
    if let Some(state) = seat.last_state().filter(|s| s["status"] == status) {
        return Ok(state.clone());
    }
    loop {
        let state = seat.wait_for_state().await?;
        if state["status"] == status {
            return Ok(state);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Postgres: `cargo xtask ci` runs it when DECKLET_TEST_POSTGRES is set"]
async fn an_outage_of_postgres_longer_than_every_timeout_loses_no_acknowledged_move()
-> Result<(), Error> {
    let url = postgres().await?;
    let (_, upstream) = through(&url, "127.0.0.1:1".parse()?)?;
    let proxy = Proxy::start(upstream).await?;
    let (proxied, _) = through(&url, proxy.addr)?;
    let limits = || Limits {
        server_name: format!("outage-test-{}", std::process::id()),
        ..Limits::default()
    };
    let server = start_with(&proxied, limits()).await?;
    let id = server
        .create(json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "human"}]}))
        .await?;
    let mut seats = Vec::new();
    for (seat, name) in ["Ann", "Bob"].into_iter().enumerate() {
        let token = server.join(&id, seat, name).await?;
        seats.push(server.seat(&id, &token, None).await?);
    }
    let mut acknowledged = 0;
    for _ in 0..4 {
        acknowledged = one_move(&mut seats).await?;
    }

    // the database goes away: the next move is refused, and the match pauses
    proxy.set_up(false);
    let refused = one_move(&mut seats)
        .await
        .err()
        .ok_or("a move was acknowledged")?;
    assert!(refused.to_string().contains("paused"), "{refused}");
    for seat in &mut seats {
        let state = until_status(seat, "paused").await?;
        assert_eq!(state["seq"], acknowledged, "{state}");
        assert_eq!(state["moves"], json!([]), "a paused match lists no move");
        assert!(
            state["paused"]
                .as_str()
                .is_some_and(|p| p.contains("database"))
        );
    }
    // longer than every timeout: still paused, still refusing
    tokio::time::sleep(STORE_TIMEOUT + Duration::from_secs(3)).await;
    let seq = acknowledged;
    seats[0]
        .send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    let refused = seats[0].wait_for("refused").await?;
    assert!(
        refused["reason"]
            .as_str()
            .is_some_and(|r| r.contains("paused")),
        "{refused}"
    );

    // the database comes back: the match resumes by itself where it was
    proxy.set_up(true);
    for seat in &mut seats {
        let state = until_status(seat, "playing").await?;
        assert_eq!(state["seq"], acknowledged, "{state}");
    }
    acknowledged = one_move(&mut seats).await?;
    assert_eq!(acknowledged, seq + 1);
    play_out(&mut seats, 11).await?;
    let end = seats[0].last_state().cloned().ok_or("no state")?;
    server.stop().await;

    // every acknowledged move was stored: a new server rebuilds the match to its end
    let again = start_with(&url, limits()).await?;
    let (_, summary) = again.get(&format!("/api/matches/{id}")).await?;
    assert_eq!(summary["status"], "finished", "{summary}");
    assert_eq!(summary["seq"], end["seq"], "{summary}");
    let (status, log) = again.get_text(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(status, 200, "{log}");
    Ok(())
}

//! What a client may not do, over the real server: act without a seat's token, with
//! a wrong one, for another seat, as a spectator; send huge, malformed or mistyped
//! messages, or floods. Each is refused, and the match is exactly where it was.

use crate::common::{Error, TestServer, sqlite_in, start_with};
use decklet_server::Limits;
use serde_json::{Value, json};

/// A match of two humans (seats 0 and 1) and one bot, both humans joined.
async fn table(server: &TestServer) -> Result<(String, String, String), Error> {
    let id = server
        .create(json!({"game": "uno", "seed": 5,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}))
        .await?;
    let a = server.join(&id, 0, "Ann").await?;
    let b = server.join(&id, 1, "Bob").await?;
    Ok((id, a, b))
}

fn limits() -> Limits {
    Limits {
        messages_per_second: 20,
        message_burst: 20,
        flood_closes_after: 100,
        ..Limits::default()
    }
}

async fn seq_of(server: &TestServer, id: &str) -> Result<u64, Error> {
    let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
    summary["seq"].as_u64().ok_or_else(|| "no seq".into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_or_missing_token_is_refused_and_closed() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let (id, a, _) = table(&server).await?;
    let mut forged = a.clone();
    forged.replace_range(0..1, if a.starts_with('0') { "1" } else { "0" });
    let hellos = [
        json!({"type": "hello", "token": forged}),
        json!({"type": "hello", "token": ""}),
        json!({"type": "hello"}),
        json!({"type": "hello", "token": a, "spectator": true}),
        json!({"type": "move", "seq": 0, "index": 0}),
        json!({"type": "hello", "token": 12}),
    ];
    for hello in hellos {
        let mut client = server.socket(&id).await?;
        client.send(&hello).await?;
        let got = client.until_closed().await?;
        assert!(got.iter().all(|m| m["type"] == "error"), "{hello}: {got:?}");
        assert!(!got.is_empty(), "{hello}: closed without a word");
        assert!(
            got.iter().all(|m| m["type"] != "state"),
            "{hello} was shown the table"
        );
    }
    // a bad match id is not found
    let refused = server.socket("nosuchmatch").await;
    assert!(refused.is_err_and(|e| e.to_string().contains("404")));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_one_moves_for_another_seat_and_a_spectator_does_not_move() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let (id, a, b) = table(&server).await?;
    let mut ann = server.seat(&id, &a, None).await?;
    let mut bob = server.seat(&id, &b, None).await?;
    let mut watcher = server.spectator(&id).await?;
    let state = ann.wait_for("state").await?;
    bob.wait_for("state").await?;
    watcher.wait_for("state").await?;
    let seq = state["seq"].as_u64().ok_or("no seq")?;
    // whose turn: seat 0 (Ann) starts a 3-player game
    assert_eq!(state["turn"], 0);
    assert!(!state["moves"].as_array().ok_or("no moves")?.is_empty());
    // Bob has no move now: any index he sends is none of his
    for index in [0, 1, 5, 1000] {
        bob.send(&json!({"type": "move", "seq": seq, "index": index}))
            .await?;
        let refused = bob.wait_for("refused").await?;
        assert!(
            refused["reason"]
                .as_str()
                .is_some_and(|r| r.contains("no move")),
            "{refused}"
        );
        assert_eq!(refused["seq"].as_u64(), Some(seq));
    }
    watcher
        .send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    let refused = watcher.wait_for("refused").await?;
    assert_eq!(refused["reason"], "a spectator cannot move");
    // a move listed at another seq is refused
    ann.send(&json!({"type": "move", "seq": seq + 1, "index": 0}))
        .await?;
    ann.wait_for("refused").await?;
    assert_eq!(seq_of(&server, &id).await?, seq);
    // the refusals went to their senders alone
    ann.sync().await?;
    assert_eq!(
        ann.messages
            .iter()
            .filter(|m| m["type"] == "refused")
            .count(),
        1,
        "Ann heard another's refusal"
    );
    // Ann's listed move goes through
    ann.send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    let update = ann.wait_for("update").await?;
    assert_eq!(update["by"], 0);
    assert_eq!(update["seq"].as_u64(), Some(seq + 1));
    // one frame a move: the update carries the position after it (without the
    // engine's view, which Ann did not ask for), and no state follows it
    assert_eq!(update["state"]["type"], "state");
    assert_eq!(update["state"]["seq"].as_u64(), Some(seq + 1));
    assert!(update["state"]["moves"].is_array(), "{update}");
    assert!(update["state"].get("view").is_none(), "{update}");
    let told = ann.messages.len();
    ann.sync().await?;
    assert!(
        ann.messages[told..].iter().all(|m| m["type"] != "state"),
        "a state followed the update"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_change_nothing() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let (id, a, _) = table(&server).await?;
    let mut ann = server.seat(&id, &a, None).await?;
    let state = ann.wait_for("state").await?;
    let seq = state["seq"].as_u64().ok_or("no seq")?;
    let bad: [Value; 9] = [
        json!("not an object"),
        json!({"type": "move", "seq": "zero", "index": 0}),
        json!({"type": "move", "seq": seq, "index": -1}),
        json!({"type": "move", "seq": seq}),
        json!({"type": "move", "seq": seq, "index": 0, "extra": 1}),
        json!({"type": "SHUFFLE", "payload": {"zoneId": "deck"}}),
        json!({"type": "PLAY_CARD", "payload": {"playerId": "p1", "cardIds": ["uno-wild-1"]}}),
        json!({"type": "hello", "token": a}),
        json!({"type": "move", "seq": seq, "index": 18446744073709551615u64}),
    ];
    for message in &bad {
        ann.send(message).await?;
        let answer = loop {
            let m = ann.next().await?.ok_or("closed")?;
            if m["type"] == "error" || m["type"] == "refused" {
                break m;
            }
        };
        assert_eq!(answer["seq"].as_u64(), Some(seq), "{message}: {answer}");
    }
    ann.send_text("{{{ not json".to_string()).await?;
    assert_eq!(ann.wait_for("error").await?["seq"].as_u64(), Some(seq));
    assert_eq!(seq_of(&server, &id).await?, seq);
    // a message past the size limit closes the connection; the match is unchanged
    let huge = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(8 * 1024));
    ann.send_text(huge).await?;
    ann.until_closed().await?;
    assert!(ann.closed);
    // with WebSocket's code for it (1009, "message too big"), not as a policy breach
    // to reconnect after
    let (code, reason) = ann.close.clone().ok_or(format!(
        "no close frame: {:?}",
        ann.messages.iter().rev().take(3).collect::<Vec<_>>()
    ))?;
    assert_eq!(code, 1009, "{reason}");
    assert!(reason.contains("larger than 4096 bytes"), "{reason}");
    assert_eq!(seq_of(&server, &id).await?, seq);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_slowed_then_closed_and_the_match_goes_on() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let (id, a, b) = table(&server).await?;
    let mut ann = server.seat(&id, &a, None).await?;
    let state = ann.wait_for("state").await?;
    let seq = state["seq"].as_u64().ok_or("no seq")?;
    let mut bob = server.seat(&id, &b, None).await?;
    // Bob floods with moves that are not his
    let flood = std::time::Instant::now();
    for _ in 0..400 {
        if bob
            .send(&json!({"type": "move", "seq": seq, "index": 0}))
            .await
            .is_err()
        {
            break;
        }
    }
    let got = bob.until_closed().await?;
    let lasted = flood.elapsed().as_secs_f64();
    assert!(bob.closed, "a flood was not closed");
    let slowed = got.iter().filter(|m| m["type"] == "error").count();
    assert!(
        slowed >= 1,
        "the flood was never told it was too fast: {got:?}"
    );
    let refused = got.iter().filter(|m| m["type"] == "refused").count();
    // the burst, and what the rate gave back while the flood lasted (however slowly
    // this machine sent and read it)
    let most = 20 + (20.0 * lasted).ceil() as usize;
    assert!(
        refused <= most,
        "{refused} moves of a flood reached the match (at most {most} in {lasted:.2} s)"
    );
    assert_eq!(seq_of(&server, &id).await?, seq);
    // Ann still plays
    ann.send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    assert_eq!(ann.wait_for("update").await?["seq"].as_u64(), Some(seq + 1));
    // and Bob may come back
    let mut back = server.seat(&id, &b, Some(seq)).await?;
    let missed = back.wait_for("missed").await?;
    assert_eq!(missed["updates"][0]["seq"].as_u64(), Some(seq + 1));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_takes_a_bounded_number_of_connections() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        connections_per_seat: 2,
        ..limits()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    let (id, a, _) = table(&server).await?;
    let _first = server.seat(&id, &a, None).await?;
    let _second = server.seat(&id, &a, None).await?;
    let mut third = server.socket(&id).await?;
    third.send(&json!({"type": "hello", "token": a})).await?;
    let got = third.until_closed().await?;
    assert!(
        got.iter().any(|m| m["message"]
            .as_str()
            .is_some_and(|t| t.contains("at most 2"))),
        "{got:?}"
    );
    Ok(())
}

/// A program that moves faster than the rate allows is told when to send an
/// ignored move again, and loses none: two scripted players play a whole match
/// under a rate of 10 messages a second with no burst to speak of, however fast this
/// machine is. Every ignored message was answered with its `retryMs`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_faster_than_the_rate_is_slowed_and_loses_no_move() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        messages_per_second: 10,
        message_burst: 1,
        ..limits()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    let (id, a, b) = table(&server).await?;
    let mut clients = vec![
        server.seat(&id, &a, None).await?,
        server.seat(&id, &b, None).await?,
    ];
    crate::common::play_out(&mut clients, 4).await?;
    assert_eq!(
        server.get(&format!("/api/matches/{id}")).await?.1["status"],
        "finished"
    );
    for client in &clients {
        for m in client.messages.iter().filter(|m| m["type"] == "error") {
            assert!(m["retryMs"].as_u64().is_some_and(|ms| ms >= 1), "{m}");
        }
    }
    Ok(())
}

/// A browser's request from another site's page is refused (403), HTTP and WebSocket
/// alike, unless that site is allowed; the server's own pages and programs (no
/// `Origin`) pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_another_site_are_refused_unless_allowed() -> Result<(), Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let dir = tempfile::tempdir()?;
    let server = start_with(
        &sqlite_in(&dir),
        Limits {
            allowed_origins: vec!["https://cards.example".to_string()],
            ..limits()
        },
    )
    .await?;
    let own = server.url("");
    let spec = json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "human"}]});
    let http = reqwest::Client::new();
    let post = |origin: Option<&str>| {
        let mut request = http.post(server.url("/api/matches")).json(&spec);
        if let Some(origin) = origin {
            request = request.header("Origin", origin);
        }
        request.send()
    };
    assert_eq!(
        post(Some("http://evil.example")).await?.status().as_u16(),
        403
    );
    let refused: Value = post(Some("http://evil.example")).await?.json().await?;
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("evil.example")),
        "{refused}"
    );
    assert_eq!(post(Some("null")).await?.status().as_u16(), 403);
    assert_eq!(post(Some(&own)).await?.status().as_u16(), 201, "{own}");
    assert_eq!(
        post(Some("https://cards.example")).await?.status().as_u16(),
        201
    );
    assert_eq!(post(None).await?.status().as_u16(), 201);
    let (_, lobby) = server.get("/api/matches").await?;
    assert_eq!(
        lobby["matches"].as_array().map(Vec::len),
        Some(3),
        "{lobby}"
    );
    // a WebSocket opened from another site's page is refused before it is one
    let id = lobby["matches"][0]["id"].as_str().ok_or("no id")?;
    let url = format!(
        "ws{}",
        server
            .url(&format!("/api/matches/{id}/ws"))
            .trim_start_matches("http")
    );
    let mut request = url.as_str().into_client_request()?;
    request
        .headers_mut()
        .insert("Origin", "http://evil.example".parse()?);
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 403);
        }
        other => return Err(format!("not refused: {:?}", other.map(|_| ())).into()),
    }
    let mut request = url.as_str().into_client_request()?;
    request.headers_mut().insert("Origin", own.parse()?);
    assert!(tokio_tungstenite::connect_async(request).await.is_ok());
    Ok(())
}

/// An error quotes a request only so far: a 15 KB game string gets a short answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_does_not_quote_a_long_request_back() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    for game in [
        "x".repeat(15_000),
        format!("uno(rules={})", "y".repeat(15_000)),
        format!("uno({}=1)", "z".repeat(15_000)),
    ] {
        let spec = json!({"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]});
        let (status, body) = server.post("/api/matches", &spec).await?;
        assert_eq!(status, 400, "{body}");
        let error = body["error"].as_str().ok_or("no error")?;
        assert!(
            error.len() < 600,
            "{} bytes: {}",
            error.len(),
            &error[..200.min(error.len())]
        );
    }
    Ok(())
}

/// Every frame counts against the rate: a flood of WebSocket pings or of binary frames
/// is closed as a flood of messages is, and the match goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pings_or_binary_frames_is_closed_too() -> Result<(), Error> {
    use futures_util::SinkExt as _;
    use tokio_tungstenite::tungstenite::Message;
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let (id, a, b) = table(&server).await?;
    let mut ann = server.seat(&id, &a, None).await?;
    let seq = ann.wait_for("state").await?["seq"]
        .as_u64()
        .ok_or("no seq")?;
    for frame in [
        Message::Ping(vec![1u8; 16].into()),
        Message::Binary(vec![2u8; 16].into()),
    ] {
        let mut bob = server.seat(&id, &b, None).await?;
        for _ in 0..1_000 {
            if bob.ws.send(frame.clone()).await.is_err() {
                break;
            }
        }
        // closed by the server (a socket left open would stand still until the
        // client's patience ran out, and fail); the words may be lost to the reset
        // of a socket closed with the flood unread
        bob.until_closed().await?;
        assert!(bob.closed, "a flood of {frame:?} was not closed");
    }
    assert_eq!(seq_of(&server, &id).await?, seq);
    ann.send(&json!({"type": "move", "seq": seq, "index": 0}))
        .await?;
    assert_eq!(ann.wait_for("update").await?["seq"].as_u64(), Some(seq + 1));
    Ok(())
}

/// Reads `stream` until the server closes it (end of stream, or a reset); fails if it
/// stays open for the client's whole patience.
async fn closed_by_the_server(stream: &mut tokio::net::TcpStream) -> Result<(), Error> {
    use tokio::io::AsyncReadExt as _;
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(decklet_server::client::STUCK, stream.read(&mut buf)).await {
            Err(_) => return Err("the server kept the connection open".into()),
            Ok(Ok(0)) | Ok(Err(_)) => return Ok(()),
            Ok(Ok(_)) => continue,
        }
    }
}

/// A client address holds only so many connections at once (one more is closed as
/// soon as it is accepted), and a connection that sends no request headers, or sends
/// them a byte at a time, is closed once its time for them is up; then the client is
/// served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_or_slow_connections_are_closed_and_a_client_holds_only_so_many() -> Result<(), Error>
{
    use tokio::io::AsyncWriteExt as _;
    use tokio::net::TcpStream;
    let dir = tempfile::tempdir()?;
    let server = start_with(
        &sqlite_in(&dir),
        Limits {
            connections_per_client: 3,
            request_headers_within: std::time::Duration::from_secs(1),
            ..limits()
        },
    )
    .await?;
    let addr = server.url("").trim_start_matches("http://").to_string();
    let mut idle = Vec::new();
    for _ in 0..2 {
        idle.push(TcpStream::connect(&addr).await?);
    }
    // a slow one: its headers a byte at a time, never done in time
    let mut slow = TcpStream::connect(&addr).await?;
    let slowly = tokio::spawn(async move {
        for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: "
            .iter()
            .chain([b'a'; 400].iter())
        {
            if slow.write_all(&[*byte]).await.is_err() {
                return Ok::<_, std::io::Error>(slow);
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        Ok(slow)
    });
    // a fourth is one too many: closed at once, before any time is up
    let mut fourth = TcpStream::connect(&addr).await?;
    closed_by_the_server(&mut fourth).await?;
    for stream in &mut idle {
        closed_by_the_server(stream).await?;
    }
    let mut slow = slowly.await??;
    closed_by_the_server(&mut slow).await?;
    // their places are given back
    let (status, _) = server.get("/api/health").await?;
    assert_eq!(status, 200);
    Ok(())
}

/// Writes `bytes` to `stream` a byte every 20 ms, until they are all sent or the
/// server closes the connection; answers the stream.
fn trickle(
    mut stream: tokio::net::TcpStream,
    bytes: Vec<u8>,
) -> tokio::task::JoinHandle<std::io::Result<tokio::net::TcpStream>> {
    use tokio::io::AsyncWriteExt as _;
    tokio::spawn(async move {
        for byte in bytes {
            if stream.write_all(&[byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        Ok(stream)
    })
}

/// Reads `stream` until the server closes it; answers what it sent.
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> Result<String, Error> {
    use tokio::io::AsyncReadExt as _;
    let mut all = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(decklet_server::client::STUCK, stream.read(&mut buf)).await {
            Err(_) => return Err("the server kept the connection open".into()),
            Ok(Ok(0)) | Ok(Err(_)) => return Ok(String::from_utf8_lossy(&all).into_owned()),
            Ok(Ok(n)) => all.extend_from_slice(buf.get(..n).unwrap_or(&[])),
        }
    }
}

/// Every request has a time for its headers, not only a connection's first, and one
/// for its body: a client that is answered once and then sends the next request's
/// headers a byte at a time, or keeps the connection idle, or sends blank lines before
/// a request's headers trickle in, holds it no longer than a new connection's first
/// request may; a body sent a byte at a time is answered `408` and the connection
/// closed. A request sent whole on a kept connection is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_has_a_time_for_its_headers_and_its_body() -> Result<(), Error> {
    use tokio::io::AsyncWriteExt as _;
    use tokio::net::TcpStream;
    let dir = tempfile::tempdir()?;
    let server = start_with(
        &sqlite_in(&dir),
        Limits {
            request_headers_within: std::time::Duration::from_secs(1),
            request_body_within: std::time::Duration::from_secs(1),
            ..limits()
        },
    )
    .await?;
    let addr = server.url("").trim_start_matches("http://").to_string();
    let health = b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n";
    let slow_headers = || {
        let mut bytes = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ".to_vec();
        bytes.extend([b'a'; 400]);
        bytes
    };
    // answered once (twice, on the same connection), then the next headers trickle
    let mut kept = TcpStream::connect(&addr).await?;
    kept.write_all(&[health.as_slice(), health.as_slice()].concat())
        .await?;
    let kept = trickle(kept, slow_headers());
    // answered once, then idle
    let mut idle = TcpStream::connect(&addr).await?;
    idle.write_all(health).await?;
    // blank lines first, then headers a byte at a time
    let mut blank = TcpStream::connect(&addr).await?;
    blank.write_all(b"\r\n\r\n").await?;
    let blank = trickle(blank, slow_headers());
    // a body a byte at a time
    let mut body = TcpStream::connect(&addr).await?;
    body.write_all(
        b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n",
    )
    .await?;
    let body = trickle(body, [b' '; 400].to_vec());

    let answered = read_until_closed(&mut kept.await??).await?;
    assert_eq!(answered.matches("HTTP/1.1 200 OK").count(), 2, "{answered}");
    let answered = read_until_closed(&mut idle).await?;
    assert_eq!(answered.matches("HTTP/1.1 200 OK").count(), 1, "{answered}");
    let answered = read_until_closed(&mut blank.await??).await?;
    assert!(!answered.contains("200 OK"), "{answered}");
    let answered = read_until_closed(&mut body.await??).await?;
    assert!(answered.starts_with("HTTP/1.1 408"), "{answered}");
    assert!(answered.contains("did not arrive within 1 s"), "{answered}");
    // and the server serves the next client
    let (status, _) = server.get("/api/health").await?;
    assert_eq!(status, 200);
    Ok(())
}

/// `GET /api/health` from local address `from`, on a connection of its own: the
/// answer's text.
async fn health_from(from: std::net::IpAddr, addr: &str) -> Result<String, Error> {
    use tokio::io::AsyncWriteExt as _;
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(std::net::SocketAddr::new(from, 0))?;
    let mut stream = socket.connect(addr.parse()?).await?;
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await?;
    read_until_closed(&mut stream).await
}

/// A client address's HTTP requests have a rate: past its burst, `429` with
/// `Retry-After`, and once it has waited it is served again; another address is
/// served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_s_requests_have_a_rate_of_their_own() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let server = start_with(
        &sqlite_in(&dir),
        Limits {
            requests_per_second: 1,
            request_burst: 3,
            ..limits()
        },
    )
    .await?;
    let addr = server.url("").trim_start_matches("http://").to_string();
    let one: std::net::IpAddr = "127.0.0.1".parse()?;
    let other: std::net::IpAddr = "127.0.0.2".parse()?;
    for _ in 0..3 {
        let answer = health_from(one, &addr).await?;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
    // a request a second: refused before long (each takes far less than a second)
    let mut refused = None;
    for _ in 0..1_000 {
        let answer = health_from(one, &addr).await?;
        if !answer.starts_with("HTTP/1.1 200") {
            refused = Some(answer);
            break;
        }
    }
    let refused = refused.ok_or("never refused")?;
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    let lower = refused.to_lowercase();
    let retry_after = lower
        .lines()
        .find_map(|line| line.strip_prefix("retry-after: "))
        .ok_or("no Retry-After")?
        .trim()
        .parse::<u64>()?;
    assert!((1..=2).contains(&retry_after), "{refused}");
    assert!(refused.contains("over 1 requests a second"), "{refused}");
    // another address is served meanwhile
    let answer = health_from(other, &addr).await?;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // and the first, once it has waited
    tokio::time::sleep(std::time::Duration::from_secs(retry_after)).await;
    let answer = health_from(one, &addr).await?;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    Ok(())
}

/// A body cut off or malformed is a bad request (`400`), one over the limit too large
/// (`413`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_body_is_a_bad_request_and_a_long_one_too_large() -> Result<(), Error> {
    use tokio::io::AsyncWriteExt as _;
    let dir = tempfile::tempdir()?;
    let server = start_with(&sqlite_in(&dir), limits()).await?;
    let addr = server.url("").trim_start_matches("http://").to_string();
    let head = "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
    let long = format!(
        "{head}Transfer-Encoding: chunked\r\n\r\n5000\r\n{}\r\n0\r\n\r\n",
        " ".repeat(0x5000)
    );
    for (request, status) in [
        (
            format!("{head}Transfer-Encoding: chunked\r\n\r\nzz\r\n"),
            "400",
        ),
        (long, "413"),
    ] {
        let mut stream = tokio::net::TcpStream::connect(&addr).await?;
        stream.write_all(request.as_bytes()).await?;
        let answer = read_until_closed(&mut stream).await?;
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{answer}"
        );
    }
    Ok(())
}

/// A person's name of any script is taken, at creation and when joining (a name whose
/// third byte falls inside a letter once ended the process), and a name that only
/// looks like a bot's (`Bоt` with a Cyrillic o) or hides characters is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_of_every_script_are_taken_and_look_alike_bots_are_not() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let limits = Limits {
        matches_per_client: 100,
        ..limits()
    };
    let server = start_with(&sqlite_in(&dir), limits).await?;
    let names = ["Zoë", "Иван", "Ζω", "ab😀", "李小龍", "Ωmega", "é"];
    for name in names {
        let spec = json!({"game": "uno", "seats": [
            {"kind": "human", "name": name}, {"kind": "human"}]});
        let (status, body) = server.post("/api/matches", &spec).await?;
        assert_eq!(status, 201, "{name}: {body}");
        let id = body["id"].as_str().ok_or("no id")?;
        let (status, body) = server
            .post(
                &format!("/api/matches/{id}/join"),
                &json!({"name": name, "seat": 1, "share": "5e".repeat(32)}),
            )
            .await?;
        assert_eq!(status, 200, "{name}: {body}");
    }
    let posing = [
        "B\u{43e}t 3",
        "\u{392}ot 3",
        "a\u{3164}",
        "x\u{e0041}",
        "\u{2800}",
    ];
    for name in posing {
        let spec = json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "human"}]});
        let id = server.create(spec).await?;
        let (status, body) = server
            .post(
                &format!("/api/matches/{id}/join"),
                &json!({"name": name, "share": "5e".repeat(32)}),
            )
            .await?;
        assert_eq!(status, 400, "{name:?}: {body}");
    }
    let (status, _) = server.get("/api/health").await?;
    assert_eq!(status, 200);
    Ok(())
}

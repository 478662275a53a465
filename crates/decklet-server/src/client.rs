//! A client of the server, for programs and tests (feature `client`): the HTTP API
//! ([`Http`]), a WebSocket connection that keeps every message it gets
//! ([`Connection`]), and scripted players ([`play_out`]) that make random listed
//! moves, mostly plays, until a match ends. The crash test, the load benchmark and
//! the server's own tests drive the server with it.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Any failure of a client: the network, the server's refusal, a message not
/// understood.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The server's HTTP API at one address.
#[derive(Clone, Debug)]
pub struct Http {
    /// `host:port`.
    pub addr: String,
    client: reqwest::Client,
}

impl Http {
    /// The API of the server at `addr` (`host:port`).
    pub fn new(addr: impl Into<String>) -> Http {
        Http {
            addr: addr.into(),
            client: reqwest::Client::new(),
        }
    }

    /// `http://addr` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// POSTs `body`; answers the status and the JSON answer.
    pub async fn post(&self, path: &str, body: &Value) -> Result<(u16, Value), Error> {
        let response = self.client.post(self.url(path)).json(body).send().await?;
        let status = response.status().as_u16();
        Ok((status, response.json().await.unwrap_or(Value::Null)))
    }

    /// POSTs `body` as it is (as JSON's content type, whatever it holds) to `path`;
    /// answers the status.
    pub async fn post_text(&self, path: &str, body: String) -> Result<u16, Error> {
        let response = (self.client.post(self.url(path)))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        Ok(response.status().as_u16())
    }

    /// GETs `path`; answers the status and the JSON answer.
    pub async fn get(&self, path: &str) -> Result<(u16, Value), Error> {
        let response = self.client.get(self.url(path)).send().await?;
        let status = response.status().as_u16();
        Ok((status, response.json().await.unwrap_or(Value::Null)))
    }

    /// GETs `path` as text; answers the status and the text.
    pub async fn get_text(&self, path: &str) -> Result<(u16, String), Error> {
        let response = self.client.get(self.url(path)).send().await?;
        let status = response.status().as_u16();
        Ok((status, response.text().await?))
    }

    /// Creates a match; answers its id.
    pub async fn create(&self, spec: Value) -> Result<String, Error> {
        let (status, body) = self.post("/api/matches", &spec).await?;
        if status != 201 {
            return Err(format!("create: {status} {body}").into());
        }
        Ok(body["id"].as_str().ok_or("no id")?.to_string())
    }

    /// Joins seat `seat` of match `id` with a share of the deal drawn here from the
    /// operating system (the server cannot then choose the deal); answers the seat's
    /// token. A caller that retries a join that failed should send the same share
    /// again ([`join_with_share`](Self::join_with_share)): a server that refused a join
    /// until it liked the share could choose among deals.
    pub async fn join(&self, id: &str, seat: usize, name: &str) -> Result<String, Error> {
        let share = crate::token::random_hex::<32>()?;
        self.join_with_share(id, seat, name, Some(&share)).await
    }

    /// Joins seat `seat` of match `id`, sending `share` as the seat's share of the
    /// deal (64 hex digits; the server refuses a join without one); answers the seat's
    /// token.
    pub async fn join_with_share(
        &self,
        id: &str,
        seat: usize,
        name: &str,
        share: Option<&str>,
    ) -> Result<String, Error> {
        let mut body = json!({"name": name, "seat": seat});
        if let Some(share) = share {
            body["share"] = json!(share);
        }
        let (status, body) = self.post(&format!("/api/matches/{id}/join"), &body).await?;
        if status != 200 {
            return Err(format!("join: {status} {body}").into());
        }
        Ok(body["token"].as_str().ok_or("no token")?.to_string())
    }

    /// A WebSocket to match `id`, no hello said yet.
    pub async fn socket(&self, id: &str) -> Result<Connection, Error> {
        let url = format!("ws://{}/api/matches/{id}/ws", self.addr);
        let ws = connect(&url).await?;
        Ok(Connection {
            ws,
            messages: Vec::new(),
            closed: false,
            close: None,
        })
    }

    /// A seat's connection, hello said (with `since`, the last seq seen) and welcomed.
    pub async fn seat(
        &self,
        id: &str,
        token: &str,
        since: Option<u64>,
    ) -> Result<Connection, Error> {
        self.hello(id, json!({"type": "hello", "token": token, "since": since}))
            .await
    }

    /// A spectator's connection, welcomed.
    pub async fn spectator(&self, id: &str) -> Result<Connection, Error> {
        self.hello(id, json!({"type": "hello", "spectator": true}))
            .await
    }

    /// A connection that said `hello` (a seat's or a spectator's, with any of its
    /// fields: `since`, `view`), welcomed.
    pub async fn hello(&self, id: &str, hello: Value) -> Result<Connection, Error> {
        let mut client = self.socket(id).await?;
        client.send(&hello).await?;
        client.wait_for("welcome").await?;
        Ok(client)
    }
}

/// A WebSocket to `url` (`ws://…`) with a 16 KiB read buffer (a read zeroes its
/// buffer first: the default, 128 KiB, costs more than the frames a game sends).
pub async fn connect(url: &str) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, Error> {
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(16 * 1024);
    match tokio_tungstenite::connect_async_with_config(url, Some(config), false).await {
        Ok((ws, _)) => Ok(ws),
        // the server's refusal, with its reason as text (it is JSON)
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_deref()
                .map(String::from_utf8_lossy)
                .unwrap_or_default();
            Err(format!("HTTP {}: {body}", response.status().as_u16()).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// How long a client waits for a message, or for a match to move on, before it
/// calls the server stuck: long enough for a loaded machine, so that a slow machine
/// never fails a test, only a stuck server does.
pub const STUCK: Duration = Duration::from_secs(60);

/// A WebSocket client that keeps what it got.
pub struct Connection {
    /// The socket.
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message got, in order (and `sent` notes of [`play_out`]).
    pub messages: Vec<Value>,
    /// Whether the server closed it.
    pub closed: bool,
    /// The close frame's code and reason, if the server sent one.
    pub close: Option<(u16, String)>,
}

impl Connection {
    /// Sends a message.
    pub async fn send(&mut self, message: &Value) -> Result<(), Error> {
        self.ws.send(Message::text(message.to_string())).await?;
        Ok(())
    }

    /// Sends a text frame as it is.
    pub async fn send_text(&mut self, text: String) -> Result<(), Error> {
        self.ws.send(Message::text(text)).await?;
        Ok(())
    }

    /// The next message (text frames as JSON), waiting up to [`STUCK`]; `None` once
    /// closed.
    pub async fn next(&mut self) -> Result<Option<Value>, Error> {
        loop {
            let got = tokio::time::timeout(STUCK, self.ws.next())
                .await
                .map_err(|_| format!("no message within {} s", STUCK.as_secs()))?;
            match got {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(text.as_str())?;
                    self.messages.push(value.clone());
                    return Ok(Some(value));
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed = true;
                    self.close = frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                    return Ok(None);
                }
                None | Some(Err(_)) => {
                    self.closed = true;
                    return Ok(None);
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Reads until a message of type `kind`.
    pub async fn wait_for(&mut self, kind: &str) -> Result<Value, Error> {
        loop {
            match self.next().await? {
                Some(m) if m["type"] == kind => return Ok(m),
                Some(_) => continue,
                None => return Err(format!("closed before a {kind}").into()),
            }
        }
    }

    /// Reads until the connection closes; answers the messages got meanwhile.
    pub async fn until_closed(&mut self) -> Result<Vec<Value>, Error> {
        let mut got = Vec::new();
        while let Some(m) = self.next().await? {
            got.push(m);
        }
        Ok(got)
    }

    /// Reads until a position: a `state`, or the `state` an `update` carries.
    pub async fn wait_for_state(&mut self) -> Result<Value, Error> {
        loop {
            match self.next().await? {
                Some(m) => {
                    if let Some(state) = state_in(&m) {
                        return Ok(state.clone());
                    }
                }
                None => return Err("closed before a state".into()),
            }
        }
    }

    /// Pings the match and waits for its pong: the match answers in order, so
    /// everything it meant for this connection before the ping has then been
    /// received (a barrier, where waiting some time would only guess).
    pub async fn sync(&mut self) -> Result<(), Error> {
        self.send(&json!({"type": "ping"})).await?;
        self.wait_for("pong").await.map(|_| ())
    }

    /// The last position got: a `state`, or the `state` an `update` carried.
    pub fn last_state(&self) -> Option<&Value> {
        self.messages.iter().rev().find_map(state_in)
    }
}

/// The position a message gives: a `state` itself, or the one an `update` carries.
pub fn state_in(message: &Value) -> Option<&Value> {
    match message["type"].as_str() {
        Some("state") => Some(message),
        Some("update") => message.get("state"),
        _ => None,
    }
}

/// A tiny seeded generator for the scripted players' choices.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Takes what has come to `client`, waiting at most `wait` for the first message;
/// answers whether it is still open.
pub async fn drain(client: &mut Connection, wait: Duration) -> Result<bool, Error> {
    let mut first = true;
    loop {
        let limit = if first {
            wait
        } else {
            Duration::from_millis(0)
        };
        first = false;
        match tokio::time::timeout(limit, client.ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                client.messages.push(serde_json::from_str(text.as_str())?);
            }
            Ok(Some(Ok(_))) => {}
            Ok(_) => {
                client.closed = true;
                return Ok(false);
            }
            Err(_) => return Ok(true),
        }
    }
}

/// When a message among `messages` asks for one to be sent again (the server
/// ignored it: too many a second), how long to wait first.
pub fn retry_after(messages: &[Value]) -> Option<Duration> {
    messages
        .iter()
        .rev()
        .find_map(|m| {
            (m["type"] == "error")
                .then(|| m["retryMs"].as_u64())
                .flatten()
        })
        .map(Duration::from_millis)
}

/// Plays `clients` (one a seat) with random listed moves until every one of them
/// saw the match finished. Each moves at most once per position. Fails when no
/// client hears anything for [`STUCK`] (a stuck match), however long the match takes.
pub async fn play_out(clients: &mut [Connection], seed: u64) -> Result<(), Error> {
    let mut rng = Lcg(seed);
    let mut sent: Vec<Option<u64>> = vec![None; clients.len()];
    let mut not_before = vec![std::time::Instant::now(); clients.len()];
    let mut heard_at = std::time::Instant::now();
    loop {
        if heard_at.elapsed() > STUCK {
            let seen: Vec<String> = clients
                .iter()
                .map(|c| match c.last_state() {
                    Some(s) => format!(
                        "seq {} {} turn {} moves {}",
                        s["seq"], s["status"], s["turn"], s["moves"]
                    ),
                    None => "no state".to_string(),
                })
                .collect();
            let tail: Vec<&Value> = clients
                .iter()
                .flat_map(|c| c.messages.iter().rev().take(3))
                .collect();
            return Err(format!(
                "the match stood still for {} s: {seen:?} {tail:?}",
                STUCK.as_secs()
            )
            .into());
        }
        let mut finished = 0;
        tokio::time::sleep(Duration::from_millis(1)).await;
        for (i, client) in clients.iter_mut().enumerate() {
            let before = client.messages.len();
            if !drain(client, Duration::from_millis(0)).await? {
                return Err(format!("client {i} was closed").into());
            }
            if client.messages.len() > before {
                heard_at = std::time::Instant::now();
                // a move the server ignored is sent again when it says
                if let Some(wait) = retry_after(&client.messages[before..]) {
                    sent[i] = None;
                    not_before[i] = heard_at + wait;
                }
            }
            let Some(state) = client.last_state().cloned() else {
                continue;
            };
            if state["status"] == "finished" {
                finished += 1;
                continue;
            }
            let seq = state["seq"].as_u64().ok_or("a state without seq")?;
            let moves = state["moves"].as_array().map_or(0, Vec::len);
            let due = std::time::Instant::now() >= not_before[i];
            if moves > 0 && sent[i] != Some(seq) && due {
                let index = choose(&state, &mut rng);
                client
                    .send(&json!({"type": "move", "seq": seq, "index": index}))
                    .await?;
                sent[i] = Some(seq);
            }
        }
        if finished == clients.len() {
            return Ok(());
        }
    }
}

/// A scripted player's choice among the listed moves of `state`: mostly a card to
/// play (so that games end), otherwise any move.
pub fn choose(state: &Value, rng: &mut Lcg) -> usize {
    let moves = state["moves"].as_array().cloned().unwrap_or_default();
    let plays: Vec<usize> = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m["label"].as_str().is_some_and(|l| l.starts_with("play ")))
        .map(|(i, _)| i)
        .collect();
    if !plays.is_empty() && rng.below(10) < 8 {
        return plays[rng.below(plays.len())];
    }
    rng.below(moves.len())
}

/// A database of its own on the Postgres at `url`: a schema made afresh for it
/// (`decklet_test_PID_N`, dropped first if there), and the URL that puts it first on
/// the search path. What a test that must not meet another's matches opens: servers
/// take over the matches whose lease ran out, so tests sharing one database would
/// take each other's.
pub async fn fresh_postgres_schema(url: &str) -> Result<String, Error> {
    use sqlx::Connection;
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let schema = format!("decklet_test_{}_{n}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(url).await?;
    // the schema's name is made here of digits and letters alone
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
    )))
    .execute(&mut conn)
    .await?;
    conn.close().await?;
    let joint = if url.contains('?') { '&' } else { '?' };
    Ok(format!("{url}{joint}options[search_path]={schema}"))
}

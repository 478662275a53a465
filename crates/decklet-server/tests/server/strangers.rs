//! Whatever a stranger sends, the server answers it and plays on: arbitrary Unicode
//! and arbitrary JSON in every field of every route and of every WebSocket message
//! (proptest). No request is answered 500, no bug is caught (a panic that ended one
//! request or command would be counted by `/api/health`), and a match played
//! afterwards plays to its end.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};

use crate::common::{Error, TestServer, sqlite_in, start_with};
use decklet_server::Limits;

/// Text that stresses names and ids: any characters, and pieces known to matter
/// (letters of several bytes around byte 3, `policy:`, paths, text direction).
fn text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Zoë",
        "Иван",
        "😀",
        "bot",
        "Bоt",
        "policy:",
        "+policy:",
        "/etc/hostname",
        "../",
        "\u{202e}",
        "\u{3164}",
        "ismcts:",
        "heuristic",
        "random",
        "uno",
        "hearts",
        "(",
        ")",
        "=",
        ",",
        "+",
        "",
        " ",
        "\u{0}",
        "%",
        "a",
        "0",
        "-1",
        "99999999999999999999",
    ]);
    prop_oneof![
        any::<String>(),
        prop::collection::vec(pieces, 0..6).prop_map(|p| p.concat()),
        ".{0,3}",
    ]
}

/// Any JSON value, a few levels deep.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(text(), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A value for a field: a plausible one of its kind, or anything.
fn field(plausible: BoxedStrategy<Value>) -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        2 => plausible.prop_map(Some),
        1 => json_value().prop_map(Some),
        1 => Just(None),
    ]
}

/// An object of these fields (each present or not), and sometimes a field more.
fn object(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> BoxedStrategy<Value> {
    let parts: Vec<_> = fields
        .into_iter()
        .map(|(name, value)| field(value).prop_map(move |v| (name, v)))
        .collect();
    (parts, prop::option::of((text(), json_value())))
        .prop_map(|(parts, extra)| {
            let mut map = Map::new();
            for (name, value) in parts {
                if let Some(value) = value {
                    map.insert(name.to_string(), value);
                }
            }
            if let Some((name, value)) = extra {
                map.insert(name, value);
            }
            Value::Object(map)
        })
        .boxed()
}

fn seat() -> BoxedStrategy<Value> {
    object(vec![
        (
            "kind",
            prop_oneof![
                Just(json!("human")),
                Just(json!("bot")),
                text().prop_map(Value::from)
            ]
            .boxed(),
        ),
        ("bot", text().prop_map(Value::from).boxed()),
        ("name", text().prop_map(Value::from).boxed()),
    ])
}

fn match_spec() -> BoxedStrategy<Value> {
    object(vec![
        (
            "game",
            prop_oneof![
                Just(json!("uno")),
                Just(json!("hearts")),
                text().prop_map(Value::from)
            ]
            .boxed(),
        ),
        ("rules", text().prop_map(Value::from).boxed()),
        (
            "house",
            prop::collection::vec(text(), 0..3)
                .prop_map(Value::from)
                .boxed(),
        ),
        (
            "seats",
            prop::collection::vec(seat(), 0..6)
                .prop_map(Value::from)
                .boxed(),
        ),
        ("turnSeconds", any::<i64>().prop_map(Value::from).boxed()),
        ("botDelayMs", any::<i64>().prop_map(Value::from).boxed()),
        ("seed", any::<u64>().prop_map(Value::from).boxed()),
    ])
}

fn join_body() -> BoxedStrategy<Value> {
    object(vec![
        ("name", text().prop_map(Value::from).boxed()),
        ("seat", any::<i64>().prop_map(Value::from).boxed()),
        ("share", text().prop_map(Value::from).boxed()),
    ])
}

/// A WebSocket message: a hello, a move, a ping or anything, as JSON or as raw text.
fn ws_message() -> BoxedStrategy<String> {
    let typed = |kind: &'static str, fields: Vec<(&'static str, BoxedStrategy<Value>)>| {
        object(fields).prop_map(move |mut v| {
            v["type"] = json!(kind);
            v
        })
    };
    prop_oneof![
        typed(
            "hello",
            vec![
                ("token", text().prop_map(Value::from).boxed()),
                ("spectator", any::<bool>().prop_map(Value::from).boxed()),
                ("since", any::<i64>().prop_map(Value::from).boxed()),
                ("view", any::<bool>().prop_map(Value::from).boxed()),
            ]
        )
        .prop_map(|v| v.to_string()),
        typed(
            "move",
            vec![
                ("seq", any::<i64>().prop_map(Value::from).boxed()),
                ("index", any::<i64>().prop_map(Value::from).boxed()),
            ]
        )
        .prop_map(|v| v.to_string()),
        Just(json!({"type": "ping"}).to_string()),
        json_value().prop_map(|v| v.to_string()),
        text(),
    ]
    .boxed()
}

/// What a stranger sends over HTTP: a route (with an id of any text) and a body.
#[derive(Clone, Debug)]
enum Request {
    Create(Value),
    Join { id: Option<String>, body: Value },
    Get(String),
    RawBody { path: &'static str, body: String },
}

fn request() -> impl Strategy<Value = Request> {
    prop_oneof![
        match_spec().prop_map(Request::Create),
        (prop::option::of(text()), join_body()).prop_map(|(id, body)| Request::Join { id, body }),
        text().prop_map(Request::Get),
        (
            prop::sample::select(vec!["/api/matches", "/api/matches/x/join"]),
            text()
        )
            .prop_map(|(path, body)| Request::RawBody { path, body }),
    ]
}

/// The path of match `id` under the API, its id percent-encoded.
fn path_of(id: &str, tail: &str) -> String {
    let encoded: String = id
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect();
    format!("/api/matches/{encoded}{tail}")
}

async fn send(server: &TestServer, open: &str, request: &Request) -> Result<u16, Error> {
    let status = match request {
        Request::Create(spec) => server.post("/api/matches", spec).await?.0,
        Request::Join { id, body } => {
            let id = id.as_deref().unwrap_or(open);
            server.post(&path_of(id, "/join"), body).await?.0
        }
        Request::Get(id) => {
            let mut worst = 0;
            for tail in ["", "/log", "/ws"] {
                worst = worst.max(server.get_text(&path_of(id, tail)).await?.0);
            }
            worst
        }
        Request::RawBody { path, body } => {
            let path = path.replace("/x/", &format!("/{open}/"));
            server.post_text(&path, body.clone()).await?
        }
    };
    Ok(status)
}

fn limits() -> Limits {
    Limits {
        matches_per_client: 1_000_000,
        max_matches: 1_000_000,
        messages_per_second: 1_000_000,
        message_burst: 1_000_000,
        connections_per_client: 1_000,
        requests_per_second: 1_000_000,
        request_burst: 1_000_000,
        ..Limits::default()
    }
}

#[test]
fn nothing_a_stranger_sends_breaks_the_server() -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let dir = tempfile::tempdir()?;
    let server = runtime.block_on(start_with(&sqlite_in(&dir), limits()))?;
    // an open match for the joins, and a seat of a match being played for the
    // WebSocket messages
    let open = runtime.block_on(server.create(json!({"game": "uno", "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})))?;
    let played = runtime.block_on(server.create(json!({"game": "uno", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]})))?;
    let token = runtime.block_on(server.join(&played, 0, "Ann"))?;
    let config = Config {
        cases: 256,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config.clone());
    runner
        .run(&request(), |request| {
            let status = runtime
                .block_on(send(&server, &open, &request))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(status < 500, "{request:?} was answered {status}");
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    // every message a connection may send, after each kind of hello
    let mut runner = TestRunner::new(config);
    runner
        .run(
            &(any::<bool>(), prop::collection::vec(ws_message(), 1..6)),
            |(hello, messages)| {
                runtime
                    .block_on(async {
                        let mut socket = server.socket(&played).await?;
                        if hello {
                            socket
                                .send(&json!({"type": "hello", "token": token}))
                                .await?;
                        }
                        for message in messages {
                            if socket.send_text(message).await.is_err() {
                                break;
                            }
                        }
                        // the server answers in order: a ping's pong means it handled
                        // all of them (or it closed the connection)
                        let _ = socket.send(&json!({"type": "ping"})).await;
                        while let Some(m) = socket.next().await? {
                            if m["type"] == "pong" {
                                break;
                            }
                        }
                        Ok::<(), Error>(())
                    })
                    .map_err(|e| TestCaseError::fail(e.to_string()))
            },
        )
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let (status, health) = server.get("/api/health").await?;
        assert_eq!(status, 200);
        assert_eq!(health["bugsCaught"], 0, "{health}");
        // a match played now plays to its end
        let id = server
            .create(json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}))
            .await?;
        let bob = server.join(&id, 0, "Bob").await?;
        let mut seats = vec![server.seat(&id, &bob, None).await?];
        decklet_server::client::play_out(&mut seats, 7).await?;
        Ok::<(), Error>(())
    })
}

//! Bytes → what a stranger sends a running server: a body to create or join a match,
//! a match id of any text on every route, or a WebSocket message to a seat's
//! connection (after a hello or not). Each is answered, never with a 500, and the
//! server catches no bug (a panic that ended one request or one match's command
//! would be counted by `/api/health`): nothing a client sends reaches a panic.
#![no_main]

use std::sync::OnceLock;

use decklet_server::client::{Http, STUCK};
use decklet_server::{Limits, Server};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

struct World {
    runtime: tokio::runtime::Runtime,
    server: Server,
    api: Http,
    /// An open match (its seats free), for joins.
    open: String,
    /// A match being played, and its seat's token, for WebSocket messages.
    played: String,
    token: String,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let db = std::env::temp_dir().join(format!("decklet-fuzz-{}.db", std::process::id()));
        let limits = Limits {
            matches_per_client: usize::MAX,
            max_matches: usize::MAX,
            messages_per_second: 1_000_000,
            message_burst: 1_000_000,
            connections_per_client: 100_000,
            requests_per_second: u32::MAX,
            request_burst: u32::MAX,
            ..Limits::default()
        };
        let (server, api) = runtime.block_on(async {
            let (server, _) = Server::open(&db.display().to_string(), limits)
                .await
                .expect("a server");
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a port");
            let addr = listener.local_addr().expect("an address");
            let serving = server.clone();
            tokio::spawn(async move {
                let _ = decklet_server::serve_until(serving, listener, std::future::pending()).await;
            });
            (server, Http::new(addr.to_string()))
        });
        let (open, played, token) = runtime.block_on(async {
            let three = json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
            let open = api.create(three).await.expect("a match");
            let two = json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
            let played = api.create(two).await.expect("a match");
            let token = api.join(&played, 0, "Ann").await.expect("a seat");
            (open, played, token)
        });
        World { runtime, server, api, open, played, token }
    })
}

/// `id` percent-encoded, for a path.
fn encoded(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest).into_owned();
    let world = world();
    let api = &world.api;
    world.runtime.block_on(async {
        let status = match kind % 6 {
            0 => api.post_text("/api/matches", text).await.ok(),
            1 => api.post_text(&format!("/api/matches/{}/join", world.open), text).await.ok(),
            2 => api.get_text(&format!("/api/matches/{}", encoded(&text))).await.ok().map(|r| r.0),
            3 => api.get_text(&format!("/api/matches/{}/log", encoded(&text))).await.ok().map(|r| r.0),
            4 => api
                .post_text(&format!("/api/matches/{}/join", encoded(&text)), "{\"name\":\"Eve\"}".into())
                .await
                .ok(),
            _ => {
                if let Ok(mut socket) = api.socket(&world.played).await {
                    if kind & 8 == 0 {
                        let hello = json!({"type": "hello", "token": world.token});
                        let _ = socket.send(&hello).await;
                    }
                    let _ = socket.send_text(text).await;
                    let _ = socket.send(&json!({"type": "ping"})).await;
                    let _ = tokio::time::timeout(STUCK, async {
                        while let Ok(Some(m)) = socket.next().await {
                            if m["type"] == "pong" {
                                break;
                            }
                        }
                    })
                    .await;
                }
                None
            }
        };
        if let Some(status) = status {
            assert!(status < 500, "answered {status}");
        }
        assert_eq!(world.server.bugs_caught(), 0, "the server caught a bug");
    });
});

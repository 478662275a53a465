//! The HTTP API (`/api/…`), the WebSocket upgrade, and the browser table's files
//! (embedded in the binary). Request bodies are JSON, read and checked here; every
//! error is JSON `{"error": "..."}` with its status.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use decklet_core::{EngineConfig, GameEngine, Verify, normal_share};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::deal::Deal;
use crate::error::ApiError;
use crate::live::Command;
use crate::locate::Unplayable;
use crate::server::Server;
use crate::spec::{MatchSpec, check_human_name};
use crate::store::StoredMatch;

/// The routes of a server. [`crate::serve`] serves them with the limits on
/// connections; served otherwise, give each request its client's address
/// (`axum::extract::ConnectInfo` of a [`Peer`](crate::Peer) or a `SocketAddr`, as
/// `into_make_service_with_connect_info` does) for the limits per client to apply.
pub fn router(server: Server) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/table.js", get(script))
        .route("/table.css", get(style))
        .route("/api/health", get(health))
        .route("/api/games", get(games))
        .route("/api/matches", post(create).get(lobby))
        .route("/api/matches/{id}", get(summary))
        .route("/api/matches/{id}/join", post(join))
        .route("/api/matches/{id}/log", get(log))
        .route("/api/matches/{id}/ws", get(socket))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            read_body_in_time,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            check_origin,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            limit_request_rate,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            crate::unwind::catch_panics,
        ))
        .with_state(server)
}

/// Refuses (429, with `Retry-After`) a request of a client address past its rate
/// ([`Limits::requests_per_second`](crate::Limits)), before anything else is done
/// for it: a flood of requests costs the server a count each.
async fn limit_request_rate(
    State(server): State<Server>,
    client: ClientAddr,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let Some(client) = client.0 else {
        return next.run(request).await;
    };
    match server.take_request(client) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            let limits = server.limits();
            let mut response = ApiError::too_many(format!(
                "this address sent over {} requests a second ({} at once): try again in {} ms",
                limits.requests_per_second,
                limits.request_burst,
                wait.as_millis()
            ))
            .into_response();
            let seconds = wait.as_secs().saturating_add(1);
            if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            response
        }
    }
}

/// Reads a request's body whole before its handler runs, within
/// [`Limits::request_body_within`](crate::Limits) (past it, `408` and the connection
/// closed: a body sent a byte at a time holds nothing for long) and
/// [`Limits::max_body_bytes`](crate::Limits) (past it, `413`).
async fn read_body_in_time(
    State(server): State<Server>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let limits = server.limits();
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, limits.max_body_bytes);
    match tokio::time::timeout(limits.request_body_within, read).await {
        Ok(Ok(bytes)) => {
            let request = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
            next.run(request).await
        }
        Ok(Err(error)) if over_limit(&error) => {
            ApiError::too_large(format!("the body is over {} bytes", limits.max_body_bytes))
                .into_response()
        }
        Ok(Err(error)) => ApiError::bad(format!("the body: {error}")).into_response(),
        Err(_) => {
            let mut response = ApiError::too_slow(format!(
                "the body did not arrive within {} s",
                limits.request_body_within.as_secs_f64()
            ))
            .into_response();
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            response
        }
    }
}

/// Whether reading a body failed for its size.
fn over_limit(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if error.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = error.source();
    }
    false
}

/// Refuses (403) a browser's request from a page of another site than the server's
/// own, unless its origin is allowed ([`Limits::allowed_origins`](crate::Limits)): a
/// page elsewhere cannot create matches, take seats or open WebSockets in its
/// visitors' name. A request without `Origin` (a program's) passes.
async fn check_origin(
    State(server): State<Server>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let headers = request.headers();
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let origin = origin.to_str().unwrap_or("");
        let limits = server.limits();
        if !origin_allowed(origin, host, &limits.allowed_origins, &limits.allowed_hosts) {
            return ApiError::forbidden(format!(
                "a page of {} may not use this server (its own pages may, when it is reached by a name it was given with `decklet serve --allow-host`, or on loopback; `--allow-origin` allows other sites)",
                decklet_core::echo(origin)
            ))
            .into_response();
        }
    }
    next.run(request).await
}

/// Whether a request with this `Origin` may pass: one of `allowed_origins` (`*`:
/// any), or the same origin as `host` (the request's `Host`) when that host is one
/// the server is known by ([`host_known`]).
fn origin_allowed(
    origin: &str,
    host: Option<&str>,
    allowed_origins: &[String],
    allowed_hosts: &[String],
) -> bool {
    if allowed_origins
        .iter()
        .any(|a| a == "*" || a.eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h))
        if a.eq_ignore_ascii_case(h) && host_known(h, allowed_hosts))
}

/// Whether `host` (a `Host` header: a name or address, and maybe a port) is one the
/// server is known by: a loopback one (`localhost`, `127.0.0.1`, `[::1]`), or one of
/// `allowed` (by name, or name and port). A page's own origin is trusted only then:
/// any name can be pointed at the server (DNS rebinding), and then a page of that
/// name would be "the same origin" as the server.
fn host_known(host: &str, allowed: &[String]) -> bool {
    let name = match host.strip_prefix('[') {
        // [::1]:8080
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let loopback = name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    loopback
        || allowed
            .iter()
            .any(|a| a.eq_ignore_ascii_case(host) || a.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod origin_tests {
    use super::origin_allowed;

    #[test]
    fn only_the_server_s_own_pages_and_the_allowed_ones_pass() {
        let host = Some("127.0.0.1:8080");
        assert!(origin_allowed("http://127.0.0.1:8080", host, &[], &[]));
        assert!(origin_allowed("https://127.0.0.1:8080", host, &[], &[]));
        assert!(!origin_allowed("http://evil.example", host, &[], &[]));
        assert!(!origin_allowed("http://127.0.0.1:8081", host, &[], &[]));
        assert!(!origin_allowed("null", host, &[], &[]));
        assert!(!origin_allowed("http://127.0.0.1:8080", None, &[], &[]));
        let allowed = ["https://cards.example".to_string()];
        assert!(origin_allowed("https://cards.example", host, &allowed, &[]));
        assert!(!origin_allowed(
            "https://cards.example.evil",
            host,
            &allowed,
            &[]
        ));
        assert!(origin_allowed("null", host, &["*".to_string()], &[]));
        assert!(origin_allowed(
            "http://localhost:80",
            Some("localhost:80"),
            &[],
            &[]
        ));
        assert!(origin_allowed(
            "http://[::1]:80",
            Some("[::1]:80"),
            &[],
            &[]
        ));
    }

    #[test]
    fn a_name_pointed_at_the_server_is_not_its_own_unless_it_was_given() {
        // DNS rebinding: evil.example resolves to the server; its page and its
        // requests then carry the same name as Origin and Host
        let rebound = Some("evil.example:8080");
        assert!(!origin_allowed(
            "http://evil.example:8080",
            rebound,
            &[],
            &[]
        ));
        let lan = Some("192.168.1.5:8080");
        assert!(!origin_allowed("http://192.168.1.5:8080", lan, &[], &[]));
        let hosts = ["cards.example".to_string(), "192.168.1.5:8080".to_string()];
        let own = Some("cards.example");
        assert!(origin_allowed("https://cards.example", own, &[], &hosts));
        assert!(origin_allowed("http://192.168.1.5:8080", lan, &[], &hosts));
        assert!(!origin_allowed(
            "http://evil.example:8080",
            rebound,
            &[],
            &hosts
        ));
    }
}

async fn index() -> Response {
    asset(
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    )
}

async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/table.js"),
    )
}

async fn style() -> Response {
    asset(
        "text/css; charset=utf-8",
        include_str!("../assets/table.css"),
    )
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn health(State(server): State<Server>) -> Response {
    axum::Json(json!({
        "ok": true,
        "liveMatches": server.live_matches(),
        "bugsCaught": server.bugs_caught(),
    }))
    .into_response()
}

/// Reads a JSON body, refusing what is not one (400, with serde's words).
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("the body: {e}")))
}

async fn create(
    State(server): State<Server>,
    client: ClientAddr,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let spec: MatchSpec = body(&bytes)?;
    let id = server.create_match_for(spec, client.0).await?;
    let stored = server
        .store()
        .load_match(&id)
        .await?
        .ok_or_else(|| ApiError::internal("the match was not stored"))?;
    Ok((StatusCode::CREATED, axum::Json(describe(&stored))).into_response())
}

/// The address of the client of a request, when the server was served with it (see
/// [`router`]).
struct ClientAddr(Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let extensions = &parts.extensions;
        let peer = extensions
            .get::<axum::extract::ConnectInfo<crate::Peer>>()
            .map(|i| i.0.0.ip());
        let plain = || {
            extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|i| i.0.ip())
        };
        Ok(ClientAddr(peer.or_else(plain)))
    }
}

async fn lobby(State(server): State<Server>) -> Result<Response, ApiError> {
    let open = server.store().lobby(server.limits().lobby_size).await?;
    let matches: Vec<Value> = open.iter().map(describe).collect();
    Ok(axum::Json(json!({ "matches": matches })).into_response())
}

async fn summary(
    State(server): State<Server>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let stored = server.stored(&id).await?;
    Ok(axum::Json(describe(&stored)).into_response())
}

/// Whether a stored match is over, however it ended: its deal is then revealed.
fn ended(stored: &StoredMatch) -> bool {
    matches!(stored.status.as_str(), "finished" | "abandoned" | "expired")
}

/// A match as the API shows it: never a token, nor its seed before it is finished
/// (its deal's commitment from the start).
fn describe(stored: &StoredMatch) -> Value {
    let spec: Value = serde_json::from_str(&stored.spec).unwrap_or(Value::Null);
    let seats: Vec<Value> = stored
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "seat": i,
                "kind": s.kind,
                "bot": spec["seats"][i].get("bot"),
                "name": s.name,
                "free": s.kind == "human" && s.token_hash.is_none(),
            })
        })
        .collect();
    json!({
        "id": stored.id,
        "game": spec.get("game"),
        "rules": spec.get("rules"),
        "house": spec.get("house"),
        "turnSeconds": spec.get("turnSeconds"),
        "botDelayMs": spec.get("botDelayMs"),
        "status": stored.status,
        "deal": Deal::stored(stored).ok().map(|deal| deal.view(ended(stored))),
        "seq": stored.seq,
        "server": stored.server,
        "seats": seats,
    })
}

/// `POST /api/matches/{id}/join`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
    #[serde(default)]
    seat: Option<usize>,
    /// The player's share of the deal: 64 hex digits drawn on their machine.
    #[serde(default)]
    share: Option<String>,
}

async fn join(
    State(server): State<Server>,
    client: ClientAddr,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: JoinRequest = body(&bytes)?;
    check_human_name(&request.name)?;
    // checked before the match is looked for: a join without one moves no match
    // here from another server
    let share = match &request.share {
        Some(share) => normal_share(share).map_err(ApiError::bad)?,
        None => {
            return Err(ApiError::bad(
                "a share of the deal is needed to join: \"share\", 64 hex digits drawn at random on your side (the game is dealt from every player's share and the server's, so that the server cannot choose it)",
            ));
        }
    };
    // counted among the client's holdings until the match's task records it as a
    // holder (or refuses the join), whether or not this request is still there
    let holding = client.0.map(|c| server.reserve(c, Some(&id))).transpose()?;
    let handle = match server.task_to_join(&id, request.seat).await {
        Ok(handle) => handle,
        Err(Unplayable::Refused(error)) => return Err(error),
        Err(Unplayable::Elsewhere(why)) => return Err(ApiError::busy(why)),
    };
    let (reply, answer) = oneshot::channel();
    let command = Command::Join {
        seat: request.seat,
        name: request.name.trim().to_string(),
        share,
        holding,
        reply,
    };
    handle
        .tx
        .send(command)
        .await
        .map_err(|_| ApiError::conflict("the match is no longer played"))?;
    let (seat, token) = answer
        .await
        .map_err(|_| ApiError::internal("the match's task ended"))??;
    Ok(axum::Json(json!({ "match": id, "seat": seat, "token": token })).into_response())
}

/// The games this server plays, with their parameters and bots (`decklet games --json`).
async fn games(State(server): State<Server>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        server.catalog().games().to_json().to_string(),
    )
        .into_response()
}

/// A finished (or abandoned) match's log, as `decklet replay` reads it, rebuilt from
/// the stored actions (and checked to reach each stored digest). Refused before the
/// end: the log holds the seed, and the seed every card.
async fn log(State(server): State<Server>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let stored = server.stored(&id).await?;
    if !matches!(stored.status.as_str(), "finished" | "abandoned") {
        return Err(ApiError::conflict(
            "the log of a match is given once it is over (it tells every card)",
        ));
    }
    let spec: MatchSpec = serde_json::from_str(&stored.spec)
        .map_err(|e| ApiError::internal(format!("its spec: {e}")))?;
    let kind = server.catalog().game_of(&spec)?;
    let deal = Deal::stored(&stored).map_err(ApiError::internal)?;
    let mut engine = kind.new_engine(deal.seed(), stored.seats.len())?;
    engine.set_config(EngineConfig {
        collect_events: false,
        ..engine.config().clone()
    });
    for action in server.store().actions(&id, 0).await? {
        let json: Value = serde_json::from_str(&action.action)
            .map_err(|e| ApiError::internal(format!("action {}: {e}", action.seq)))?;
        let parsed = engine
            .action_from_json(&json)
            .map_err(|e| ApiError::internal(format!("action {}: {e}", action.seq)))?;
        engine
            .dispatch_any(parsed)
            .map_err(|e| ApiError::internal(format!("action {}: {e}", action.seq)))?;
    }
    let log = engine.log();
    // the log replays on a fresh engine to where the match ended
    let mut check = GameEngine::new(kind.game(), EngineConfig::default());
    check
        .replay(&log, Verify::Required)
        .map_err(|e| ApiError::internal(format!("the log does not replay: {e}")))?;
    // beside the log, the deal's commitment with everything it hashes and the players'
    // shares: `decklet replay --commitment` checks the log's game, seats and seed
    // against the commitment shown at creation
    let mut json =
        serde_json::to_value(&log).map_err(|e| ApiError::internal(format!("the log: {e}")))?;
    if let (Some(fields), Some(deal)) = (json.as_object_mut(), deal.commitment()) {
        let deal =
            serde_json::to_value(deal).map_err(|e| ApiError::internal(format!("the deal: {e}")))?;
        fields.insert("deal".into(), deal);
    }
    let text = serde_json::to_string_pretty(&json)
        .map_err(|e| ApiError::internal(format!("the log: {e}")))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// A connection's read buffer: a client's messages are at most 4 KiB by default.
const READ_BUFFER_BYTES: usize = 8 * 1024;

async fn socket(
    State(server): State<Server>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // a match that is neither here nor stored is not found; which task the
    // connection talks to is decided by its hello (only a seat's token moves a match)
    if server.handle(&id).is_none() {
        server.stored(&id).await?;
    }
    let limits = server.limits().clone();
    let max = limits.max_message_bytes;
    // a message past the limit is still read whole, up to this, and then refused
    // with its close code (`ws.rs`)
    let transport = max.saturating_mul(crate::ws::TRANSPORT_MESSAGE_FACTOR);
    Ok(upgrade
        .max_message_size(transport)
        .max_frame_size(transport)
        // a read fills (and first zeroes) the whole buffer: the default 128 KiB made
        // every move cost a 128 KiB memset and every connection 128 KiB of memory
        .read_buffer_size(READ_BUFFER_BYTES.max(max + 16))
        .on_upgrade(move |socket| async move {
            // a bug in one connection closes that socket (it is dropped), no other
            let bugs = Arc::clone(&server.shared().bugs);
            let serving = crate::ws::connection(socket, server, id, limits);
            crate::unwind::caught(serving, |why| {
                bugs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                eprintln!("decklet serve: a bug in a connection: {why} (that socket is closed)");
            })
            .await;
        }))
}

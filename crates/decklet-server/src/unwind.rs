//! A bug of the server's ends one request, one connection or one command of a match,
//! never the process: each is run so that a panic in it unwinds to here, is logged,
//! and is answered where it happened (a 500, a closed socket, a match rebuilt from
//! what it stored). The binary is built to unwind (`panic = "unwind"` in the release
//! profile) for this.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;

use axum::response::{IntoResponse, Response};
use futures_util::FutureExt;

use crate::error::ApiError;

/// What a panic said, for the log (its message, or that it had none).
pub(crate) fn message(panic: &(dyn Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => decklet_core::echo(text),
        (None, Some(text)) => decklet_core::echo(text),
        (None, None) => "no message".to_string(),
    }
}

/// Runs `work`; a panic in it is caught and answered `None`, after `log` is told what
/// it said.
pub(crate) async fn caught<T>(work: impl Future<Output = T>, log: impl FnOnce(&str)) -> Option<T> {
    match AssertUnwindSafe(work).catch_unwind().await {
        Ok(done) => Some(done),
        Err(panic) => {
            log(&message(panic.as_ref()));
            None
        }
    }
}

/// The middleware of every route: a handler that panics answers 500 (and the panic is
/// logged); the other requests, connections and matches go on.
pub(crate) async fn catch_panics(
    axum::extract::State(server): axum::extract::State<crate::Server>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let route = decklet_core::echo(request.uri().path());
    let answered = caught(next.run(request), |why| {
        server
            .shared()
            .bugs
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        eprintln!(
            "decklet serve: a bug answering {route}: {why} (answered 500; the server goes on)"
        );
    })
    .await;
    match answered {
        Some(response) => response,
        None => ApiError::internal(
            "the server failed on this request (a bug of the server's; it is logged)",
        )
        .into_response(),
    }
}

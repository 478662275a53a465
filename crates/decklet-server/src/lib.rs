//! decklet's game server: `decklet serve`.
//!
//! Matches of decklet's games (UNO with any preset and house rules, Crazy Eights) are
//! created and joined over HTTP and played over WebSockets, by people in a browser
//! (the table is served at `/`), programs, and bots inside the server.
//!
//! - **A seat sees its own view only.** Every message to a seat is built from the
//!   state as that seat may see it and the events as it may hear them; a spectator
//!   sees what is public ([`PlayerId::SPECTATOR`](decklet_core::PlayerId::SPECTATOR)).
//!   A client moves by naming one of its listed moves, never an engine action.
//! - **Nothing acknowledged is lost.** Each accepted action is committed to the
//!   database with the match's sequence number, in one transaction, before anyone is
//!   told; a restarted server rebuilds every live match from its stored actions and
//!   checks their digests. A finished match's log replays with `decklet replay`.
//! - **One task per match.** A match's engine, seats, bots and connections belong to
//!   one tokio task fed by a bounded queue: no lock on the way of a move.
//!
//! Storage is SQLite (a file, by default) or Postgres, through one [`Store`]. The
//! wire messages, the API and the limits are in `docs/server.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! let (server, restored) = decklet_server::Server::open("decklet.db", Default::default()).await?;
//! println!("{} matches resumed", restored.matches);
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.map_err(|e| e.to_string())?;
//! decklet_server::serve(server, listener).await.map_err(|e| e.to_string())
//! # }
//! ```

mod address_counts;
mod bots;
#[cfg(feature = "client")]
pub mod client;
mod deal;
mod error;
mod http;
mod lease;
mod limits;
mod listener;
mod live;
mod locate;
mod moves;
mod protocol;
mod rate;
mod server;
mod spec;
mod store;
mod table_view;
mod token;
mod unwind;
mod ws;

pub use error::ApiError;
pub use http::router;
pub use limits::Limits;
pub use listener::Peer;
pub use protocol::ClientMessage;
pub use server::{Restored, Server};
pub use spec::{GAMES_KEPT, GameKind, MatchSpec, SeatKind, SeatSpec};
pub use store::{
    Backend, GROUP_COMMIT_MOST, GROUP_COMMIT_WINDOW, STORE_TIMEOUT, Store, StoreError,
    StoredAction, StoredMatch, StoredSeat, database_url,
};
pub use token::{hash_token, token_matches};

/// Serves `server` on `listener` until the process is stopped (Ctrl-C or SIGTERM: the
/// connections are closed, nothing accepted is lost).
pub async fn serve(server: Server, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    serve_until(server, listener, stopped()).await
}

/// [`serve`] until `stop` completes: then every match's task stops (what it
/// acknowledged is stored) and closes its connections, no connection is accepted
/// after that, and the HTTP side drains (for at most 10 s). The connections are held to the server's limits (per client
/// address, a time for every request's headers and body), and each request knows its
/// client's address ([`Peer`]).
pub async fn serve_until(
    server: Server,
    listener: tokio::net::TcpListener,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let guarded = listener::Guarded::new(listener, server.limits());
    let app = router(server.clone());
    let limits = server.limits().clone();
    listener::serve_connections(guarded, app, &limits, async move {
        stop.await;
        server.shutdown().await;
    })
    .await;
    Ok(())
}

async fn stopped() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// What `decklet serve` is asked for.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on.
    pub addr: String,
    /// The database: a SQLite file path or URL, or `postgres://…`.
    pub db: String,
    /// The limits and the server's name.
    pub limits: Limits,
    /// The games it serves: [`decklet_catalog::Catalog::standard`], or with a game of
    /// your own (`Catalog::standard().with(MyGame)`), which then gets matches, bots and
    /// the browser table.
    pub games: decklet_catalog::Catalog,
}

/// Runs `decklet serve`: opens the database, resumes its live matches, listens, and
/// prints where (`listening on http://…`) once it does.
pub fn run(options: ServeOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let (server, restored) =
            Server::open_with(&options.db, options.limits, options.games).await?;
        let listener = tokio::net::TcpListener::bind(&options.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        println!(
            "decklet serve: listening on http://{addr} (database: {}, {} live matches resumed{})",
            match server.store().backend() {
                Backend::Sqlite => "SQLite",
                Backend::Postgres => "Postgres",
            },
            restored.matches,
            match restored.failed.len() {
                0 => String::new(),
                n => format!(", {n} could not be"),
            }
        );
        serve(server, listener).await.map_err(|e| e.to_string())
    })
}

//! Test kit: a server on a loopback port with a fresh database, driven through the
//! crate's own client (`decklet_server::client`).

pub use decklet_server::client::{Connection as Client, Error, Http, drain, play_out};
use decklet_server::{Limits, Server};

/// A server under test (stopped when dropped).
pub struct TestServer {
    pub server: Server,
    pub api: Http,
    task: tokio::task::JoinHandle<()>,
}

impl TestServer {
    /// Stops the server as a shut-down process would: no more connections, and every
    /// match's task stopped with what it acknowledged stored. Another server may then
    /// open the same database.
    pub async fn stop(self) {
        self.task.abort();
        self.server.shutdown().await;
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl std::ops::Deref for TestServer {
    type Target = Http;
    fn deref(&self) -> &Http {
        &self.api
    }
}

/// A fresh SQLite file in `dir`.
pub fn sqlite_in(dir: &tempfile::TempDir) -> String {
    dir.path().join("test.db").display().to_string()
}

/// Starts a server on `db` with `limits` on a free loopback port.
pub async fn start_with(db: &str, limits: Limits) -> Result<TestServer, Error> {
    start_serving(db, limits, decklet_catalog::Catalog::standard()).await
}

/// Starts a server of the games of `games` on `db` with `limits`.
pub async fn start_serving(
    db: &str,
    limits: Limits,
    games: decklet_catalog::Catalog,
) -> Result<TestServer, Error> {
    let (server, _) = Server::open_with(db, limits, games).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let serving = server.clone();
    let task = tokio::spawn(async move {
        let _ = decklet_server::serve_until(serving, listener, std::future::pending()).await;
    });
    Ok(TestServer {
        server,
        api: Http::new(addr.to_string()),
        task,
    })
}

/// Starts a server on `db` with the default limits.
pub async fn start(db: &str) -> Result<TestServer, Error> {
    start_with(db, Limits::default()).await
}

/// The Postgres URL to test against: `DECKLET_TEST_POSTGRES` (`.ci/postgres DIR`
/// starts a throwaway cluster and prints one). The Postgres tests are ignored tests:
/// `cargo xtask ci` runs them when it is set and says they were skipped when not;
/// run without it, they fail.
pub async fn postgres() -> Result<String, Error> {
    match std::env::var("DECKLET_TEST_POSTGRES") {
        // a schema of its own: servers take over the matches whose lease ran out, and
        // another test's are none of this one's business
        Ok(url) if !url.is_empty() => decklet_server::client::fresh_postgres_schema(&url).await,
        _ => Err("set DECKLET_TEST_POSTGRES=postgres://… to test on Postgres".into()),
    }
}

//! [`Store`]: where a server keeps its matches, their seats and every accepted action.
//! One interface over two databases, SQLite (a file, the default) and Postgres,
//! through sqlx's `Any` driver and one set of migrations (`migrations/`, applied by
//! [`Store::open`]). An action and
//! its match's new sequence number are written in one transaction, and only if the
//! match was at the sequence number before it: two servers (or a stale task) can never
//! both append an action at one place. Appends of many matches share transactions
//! (group commit, [`Store::append`]).

use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

/// Milliseconds since the Unix epoch by this machine's clock: what leases are
/// counted in (the servers sharing a database must agree on the time to well within a
/// lease).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Two text columns of each row.
fn text_pairs(
    rows: &[sqlx::any::AnyRow],
    first: &str,
    second: &str,
) -> Result<Vec<(String, String)>, StoreError> {
    rows.iter()
        .map(|row| Ok((row.try_get(first)?, row.try_get(second)?)))
        .collect()
}

/// A storage failure (the database is unreachable, refused a write, or holds
/// something this server did not write), or an append refused because the match is
/// no longer this server's to write ([`is_lost`](Self::is_lost)).
#[derive(Debug)]
pub struct StoreError {
    message: String,
    lost: bool,
}

impl StoreError {
    /// A storage failure that says `message`.
    fn new(message: String) -> StoreError {
        StoreError {
            message,
            lost: false,
        }
    }

    /// Whether an append was refused because another server plays the match now (it
    /// took it over, or it was handed over) or wrote it: the database answered, and
    /// this server must stop playing the match.
    pub fn is_lost(&self) -> bool {
        self.lost
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        StoreError::new(error.to_string())
    }
}

/// The schema's migrations, in order: each applied once, in a transaction of its own,
/// and recorded in `decklet_migrations`.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "matches, seats and actions",
        include_str!("../migrations/0001_matches.sql"),
    ),
    (
        2,
        "the deal's commitment",
        include_str!("../migrations/0002_deal.sql"),
    ),
    (
        3,
        "servers' heartbeats, and matches handed over",
        include_str!("../migrations/0003_lease.sql"),
    ),
    (
        4,
        "when a match last moved",
        include_str!("../migrations/0004_active.sql"),
    ),
    (
        5,
        "the deal drawn from the players' shares",
        include_str!("../migrations/0005_shares.sql"),
    ),
];

/// Brings the database's tables up to date. On Postgres the transaction first takes
/// an advisory lock, so that servers starting together migrate one after the other.
async fn migrate(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    for (version, name, sql) in MIGRATIONS {
        let mut tx = pool.begin().await?;
        if backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_xact_lock(7315)")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS decklet_migrations \
             (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        let applied = sqlx::query("SELECT version FROM decklet_migrations WHERE version = $1")
            .bind(*version)
            .fetch_optional(&mut *tx)
            .await?;
        if applied.is_none() {
            sqlx::raw_sql(*sql)
                .execute(&mut *tx)
                .await
                .map_err(|e| StoreError::new(format!("migration {version} ({name}): {e}")))?;
            sqlx::query(
                "INSERT INTO decklet_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            )
            .bind(*version)
            .bind(*name)
            .bind(now_seconds())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

/// Which database a store is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMatch {
    /// Its id.
    pub id: String,
    /// Its spec, as JSON ([`MatchSpec`](crate::MatchSpec), without the seed).
    pub spec: String,
    /// The seed its creator chose, or (a match stored before scheme 2) the deal's
    /// seed; 0 for a seed the shares draw.
    pub seed: u64,
    /// The salt of a scheme 1 commitment ([`decklet_core::DealCommitment::scheme_1`]);
    /// empty for a match stored before commitments, and for scheme 2.
    pub salt: String,
    /// Whether the match's creator chose the seed.
    pub seed_chosen: bool,
    /// The deal's commitment of scheme 2 without the shares, as JSON
    /// (what the server's deal keeps of it); empty for a match stored before.
    pub deal: String,
    /// When it was created, in seconds since the Unix epoch.
    pub created_at: i64,
    /// `open`, `playing` or `finished`.
    pub status: String,
    /// The number of actions accepted.
    pub seq: u64,
    /// The server that plays it.
    pub server: String,
    /// When it last moved (created, joined, its status set, an action stored), in
    /// milliseconds since the Unix epoch; 0 for a match stored before this was kept.
    pub active_at: i64,
    /// Its seats, in seat order.
    pub seats: Vec<StoredSeat>,
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// `human` or `bot`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The hash of its token, once a human joined.
    pub token_hash: Option<String>,
    /// The share of the deal its player sent on joining (empty for none).
    pub share: String,
}

/// An accepted action, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    /// Its place: 1 for the match's first action.
    pub seq: u64,
    /// The seat that made it (its index in seat order).
    pub seat: usize,
    /// The engine action, as JSON.
    pub action: String,
    /// The state's digest once it was applied.
    pub digest: String,
    /// `move`, `bot` or `timer`.
    pub origin: String,
}

/// The most appends one transaction takes.
pub const GROUP_COMMIT_MOST: usize = 512;

/// How long the writer gathers appends after the first of a transaction before it
/// writes them (a database's group commit): at a person's pace, moves arrive one by
/// one, and one transaction each cost more than twice the CPU of a move played at
/// full speed. A move waits at most this long more before it is acknowledged; none is
/// acknowledged before it is stored.
pub const GROUP_COMMIT_WINDOW: std::time::Duration = std::time::Duration::from_millis(10);

/// How long a Postgres store waits for a connection (the database unreachable)
/// before an operation fails: a move that cannot be stored by then pauses its match
/// (see `docs/server.md`). SQLite waits as long for a lock (`busy_timeout`).
pub const STORE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Where a server keeps its matches.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    appends: mpsc::Sender<Append>,
}

/// An append waiting for the writer.
#[derive(Debug)]
struct Append {
    id: String,
    /// The server appending: the append is refused unless it still plays the match.
    server: String,
    action: StoredAction,
    status: String,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The writer: takes the appends waiting, writes them in one transaction, answers
/// each. Ends when every store handle is gone.
async fn write_appends(pool: AnyPool, backend: Backend, mut rx: mpsc::Receiver<Append>) {
    let mut batch: Vec<Append> = Vec::with_capacity(GROUP_COMMIT_MOST);
    while let Some(first) = rx.recv().await {
        batch.push(first);
        let window = tokio::time::sleep(GROUP_COMMIT_WINDOW);
        tokio::pin!(window);
        // gather until the window closes or the transaction is full
        while batch.len() < GROUP_COMMIT_MOST {
            tokio::select! {
                next = rx.recv() => match next {
                    Some(next) => batch.push(next),
                    None => break,
                },
                () = &mut window => break,
            }
        }
        while batch.len() < GROUP_COMMIT_MOST {
            match rx.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        // rows are locked in the order of their ids, as renewals lock them: two
        // transactions never wait for each other's rows in a circle
        batch.sort_by(|a, b| a.id.cmp(&b.id));
        // the usual case: every append follows its match's last action, and the batch
        // is written in four statements whatever its size
        if let Ok(true) = write_batch_at_once(&pool, backend, &batch).await {
            for append in batch.drain(..) {
                let _ = append.reply.send(Ok(()));
            }
            continue;
        }
        match write_batch(&pool, &batch).await {
            Ok(results) => {
                for (append, result) in batch.drain(..).zip(results) {
                    let _ = append.reply.send(result);
                }
            }
            // the transaction failed as a whole: each is tried alone, to fail alone
            Err(_) => {
                for append in batch.drain(..) {
                    let result = match write_batch(&pool, std::slice::from_ref(&append)).await {
                        Ok(mut results) => results.pop().unwrap_or(Ok(())),
                        Err(error) => Err(error),
                    };
                    let _ = append.reply.send(result);
                }
            }
        }
    }
}

/// The batch's appends as one JSON array, for the statements that write them all.
fn batch_json(batch: &[Append]) -> Result<String, StoreError> {
    let rows: Vec<serde_json::Value> = batch
        .iter()
        .map(|a| {
            serde_json::json!({
                "id": a.id, "server": a.server, "status": a.status, "seq": a.action.seq,
                "seat": a.action.seat, "action": a.action.action, "digest": a.action.digest,
                "origin": a.action.origin,
            })
        })
        .collect();
    serde_json::to_string(&rows).map_err(|e| StoreError::new(e.to_string()))
}

/// Moves every match of the batch to its append's seq, if it is at the one before
/// and played by the appending server (as [`write_batch`] does one by one).
const MOVE_ALL_SQLITE: &str = "UPDATE matches SET seq = j.seq, status = j.status, active_at = $2 \
     FROM (SELECT value ->> 'id' AS id, value ->> 'seq' AS seq, value ->> 'status' AS status, \
           value ->> 'server' AS server FROM json_each($1)) AS j \
     WHERE matches.id = j.id AND matches.seq = j.seq - 1 AND matches.server = j.server";
/// [`MOVE_ALL_SQLITE`] on Postgres.
const MOVE_ALL_POSTGRES: &str = "UPDATE matches SET seq = j.seq, status = j.status, active_at = $2 \
     FROM jsonb_to_recordset($1::jsonb) AS j(id TEXT, seq BIGINT, status TEXT, server TEXT) \
     WHERE matches.id = j.id AND matches.seq = j.seq - 1 AND matches.server = j.server";
/// Inserts every action of the batch.
const INSERT_ALL_SQLITE: &str = "INSERT INTO actions (match_id, seq, seat, action, digest, origin) \
     SELECT value ->> 'id', value ->> 'seq', value ->> 'seat', value ->> 'action', \
            value ->> 'digest', value ->> 'origin' FROM json_each($1)";
/// [`INSERT_ALL_SQLITE`] on Postgres.
const INSERT_ALL_POSTGRES: &str = "INSERT INTO actions (match_id, seq, seat, action, digest, origin) \
     SELECT j.id, j.seq, j.seat, j.action, j.digest, j.origin \
     FROM jsonb_to_recordset($1::jsonb) \
          AS j(id TEXT, seq BIGINT, seat BIGINT, action TEXT, digest TEXT, origin TEXT)";

/// Writes `batch` in one transaction of four statements if every append follows its
/// match's last action on this server (`true`); else writes nothing (`false`), and
/// [`write_batch`] finds which append is refused.
async fn write_batch_at_once(
    pool: &AnyPool,
    backend: Backend,
    batch: &[Append],
) -> Result<bool, StoreError> {
    let (move_all, insert_all) = match backend {
        Backend::Sqlite => (MOVE_ALL_SQLITE, INSERT_ALL_SQLITE),
        Backend::Postgres => (MOVE_ALL_POSTGRES, INSERT_ALL_POSTGRES),
    };
    let rows = batch_json(batch)?;
    let mut tx = pool.begin().await?;
    let moved = sqlx::query(move_all)
        .bind(&rows)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    if moved.rows_affected() != batch.len() as u64 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query(insert_all)
        .bind(&rows)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// Writes `batch` in one transaction: each append's result (a seq that does not
/// follow is refused alone); an error for the whole.
async fn write_batch(
    pool: &AnyPool,
    batch: &[Append],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for append in batch {
        let seq = to_i64(append.action.seq)?;
        let moved = sqlx::query(
            "UPDATE matches SET seq = $1, status = $2, active_at = $3 \
             WHERE id = $4 AND seq = $5 AND server = $6",
        )
        .bind(seq)
        .bind(&append.status)
        .bind(now_ms())
        .bind(&append.id)
        .bind(seq - 1)
        .bind(&append.server)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            results.push(Err(StoreError {
                message: format!(
                    "match {} is no longer at action {} on server `{}`: another server or \
                     task wrote it, or took it over",
                    append.id,
                    seq - 1,
                    append.server
                ),
                lost: true,
            }));
            continue;
        }
        sqlx::query(
            "INSERT INTO actions (match_id, seq, seat, action, digest, origin) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&append.id)
        .bind(seq)
        .bind(to_i64(append.action.seat as u64)?)
        .bind(&append.action.action)
        .bind(&append.action.digest)
        .bind(&append.action.origin)
        .execute(&mut *tx)
        .await?;
        results.push(Ok(()));
    }
    tx.commit().await?;
    Ok(results)
}

/// A database URL as `--db` takes it: `postgres://…`, `sqlite://…`, `sqlite:…`, or a
/// file path (a SQLite file, created if missing).
pub fn database_url(given: &str) -> Result<(String, Backend), StoreError> {
    let given = given.trim();
    if given.starts_with("postgres://") || given.starts_with("postgresql://") {
        return Ok((given.to_string(), Backend::Postgres));
    }
    let url = if given.starts_with("sqlite:") {
        given.to_string()
    } else if given.contains("://") {
        return Err(StoreError::new(format!(
            "`{}` is neither a SQLite file nor a postgres:// URL",
            decklet_core::echo(given)
        )));
    } else {
        format!("sqlite://{given}")
    };
    let url = match url.contains("mode=") {
        true => url,
        false if url.contains('?') => format!("{url}&mode=rwc"),
        false => format!("{url}?mode=rwc"),
    };
    Ok((url, Backend::Sqlite))
}

impl Store {
    /// Opens the database at `url` ([`database_url`]), creating a SQLite file if
    /// missing, and brings its tables up to date (the migrations).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let (url, backend) = database_url(url)?;
        let options = match backend {
            // one connection: SQLite has one writer, and a queue in the pool is fairer
            // than connections that spin on the file's lock
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(1)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?; // STORE_TIMEOUT
                        Ok(())
                    })
                }),
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(STORE_TIMEOUT),
        };
        let pool = options.connect(&url).await?;
        migrate(&pool, backend).await?;
        let (appends, rx) = mpsc::channel(4 * GROUP_COMMIT_MOST);
        tokio::spawn(write_appends(pool.clone(), backend, rx));
        Ok(Store {
            pool,
            backend,
            appends,
        })
    }

    /// The database this store is on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Stores a new match and its seats.
    pub async fn create_match(&self, stored: &StoredMatch) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO matches (id, spec, seed, status, seq, created_at, server, salt, seed_chosen, active_at, deal) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&stored.id)
        .bind(&stored.spec)
        .bind(stored.seed as i64)
        .bind(&stored.status)
        .bind(to_i64(stored.seq)?)
        .bind(stored.created_at)
        .bind(&stored.server)
        .bind(&stored.salt)
        .bind(i64::from(stored.seed_chosen))
        .bind(now_ms())
        .bind(&stored.deal)
        .execute(&mut *tx)
        .await?;
        for (i, seat) in stored.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (match_id, seat, kind, name, token_hash, share) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&stored.id)
            .bind(to_i64(i as u64)?)
            .bind(&seat.kind)
            .bind(&seat.name)
            .bind(seat.token_hash.clone())
            .bind(&seat.share)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Gives a free human seat its name, token hash and share of the deal; `false` if
    /// it was not free.
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: usize,
        name: &str,
        token_hash: &str,
        share: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE seats SET name = $1, token_hash = $2, share = $5 \
             WHERE match_id = $3 AND seat = $4 AND kind = 'human' AND token_hash IS NULL",
        )
        .bind(name)
        .bind(token_hash)
        .bind(id)
        .bind(to_i64(seat as u64)?)
        .bind(share)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets a match's status.
    pub async fn set_status(&self, id: &str, status: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET status = $1, active_at = $2 WHERE id = $3")
            .bind(status)
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Appends `action` to match `id` and sets the match's seq to it (and its status
    /// to `status`), if the match's seq was `action.seq - 1`; otherwise nothing is
    /// written and this is an error. Answers once it is committed.
    ///
    /// Appends are **group-committed**: one writer task takes every append waiting
    /// (up to [`GROUP_COMMIT_MOST`]) into one transaction, so that a thousand matches
    /// share one disk sync instead of queueing for one each. Each append still checks
    /// its own match's seq; one that fails it fails alone.
    pub async fn append(
        &self,
        id: &str,
        server: &str,
        action: &StoredAction,
        status: &str,
    ) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        let request = Append {
            id: id.to_string(),
            server: server.to_string(),
            action: action.clone(),
            status: status.to_string(),
            reply,
        };
        self.appends
            .send(request)
            .await
            .map_err(|_| StoreError::new("the writer stopped".to_string()))?;
        answer
            .await
            .map_err(|_| StoreError::new("the writer stopped".to_string()))?
    }

    /// Renews `server`'s heartbeat until `until` (milliseconds since the Unix epoch):
    /// while it lasts, no other server takes its matches over. Answers the ids of the
    /// live matches it plays (none taken over by another server meanwhile).
    pub async fn renew_leases(&self, server: &str, until: i64) -> Result<Vec<String>, StoreError> {
        sqlx::query(
            "INSERT INTO servers (name, alive_until) VALUES ($1, $2) \
             ON CONFLICT (name) DO UPDATE SET alive_until = $3",
        )
        .bind(server)
        .bind(until)
        .bind(until)
        .execute(&self.pool)
        .await?;
        self.live_matches(server).await
    }

    /// The live matches of servers whose heartbeat ran out before `now` (or that
    /// have none), with the server named in each, at most `limit`.
    pub async fn expired_leases(
        &self,
        now: i64,
        limit: u32,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.id, m.server FROM matches m LEFT JOIN servers s ON s.name = m.server \
             WHERE m.status IN ('open', 'playing') \
             AND (s.alive_until IS NULL OR s.alive_until < $1) \
             ORDER BY m.id LIMIT $2",
        )
        .bind(now)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        text_pairs(&rows, "id", "server")
    }

    /// Takes match `id` over from server `from` for `server`, if `from`'s heartbeat
    /// ran out before `now` (or `from` is `server` itself: a match handed over to it):
    /// whether it did (of several servers trying at once, one does).
    pub async fn take_over(
        &self,
        id: &str,
        from: &str,
        server: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        // a match handed over to `server` is its own already: no heartbeat to wait for
        let alive_check = match from == server {
            true => "",
            false => "AND NOT EXISTS (SELECT 1 FROM servers WHERE name = $4 AND alive_until >= $5)",
        };
        let sql = format!(
            "UPDATE matches SET server = $1, wanted_by = '' \
             WHERE id = $2 AND server = $3 AND status IN ('open', 'playing') {alive_check}"
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(server)
            .bind(id)
            .bind(from);
        if from != server {
            query = query.bind(from).bind(now);
        }
        let done = query.execute(&self.pool).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Asks for live match `id`, which another server plays, to be handed over to
    /// `server` (its server does so at its next renewal: [`hand_over`](Self::hand_over)).
    pub async fn want(&self, id: &str, server: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET wanted_by = $1 \
             WHERE id = $2 AND server <> $3 AND status IN ('open', 'playing')",
        )
        .bind(server)
        .bind(id)
        .bind(server)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The live matches `server` plays that another server asked for, with the
    /// server asking.
    pub async fn wanted(&self, server: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, wanted_by FROM matches \
             WHERE server = $1 AND wanted_by <> '' AND status IN ('open', 'playing')",
        )
        .bind(server)
        .fetch_all(&self.pool)
        .await?;
        text_pairs(&rows, "id", "wanted_by")
    }

    /// Hands match `id`, which `server` plays (and has stopped), over to the server
    /// that asked for it, which starts it at its next look or request.
    pub async fn hand_over(&self, id: &str, server: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET server = wanted_by, wanted_by = '' \
             WHERE id = $1 AND server = $2 AND wanted_by <> ''",
        )
        .bind(id)
        .bind(server)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The ids of the matches `server` plays that are not finished, oldest first.
    pub async fn live_matches(&self, server: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM matches WHERE status IN ('open', 'playing') AND server = $1 \
             ORDER BY created_at, id",
        )
        .bind(server)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| row.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// Match `id` and its seats, if stored.
    pub async fn load_match(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let Some(row) =
            sqlx::query("SELECT id, spec, seed, status, seq, server, salt, seed_chosen, created_at, active_at, deal FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(
            "SELECT kind, name, token_hash, share FROM seats WHERE match_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|seat| {
            Ok(StoredSeat {
                kind: seat.try_get("kind")?,
                name: seat.try_get("name")?,
                token_hash: seat.try_get("token_hash")?,
                share: seat.try_get("share")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some(StoredMatch {
            id: row.try_get("id")?,
            spec: row.try_get("spec")?,
            seed: row.try_get::<i64, _>("seed")? as u64,
            salt: row.try_get("salt")?,
            seed_chosen: row.try_get::<i64, _>("seed_chosen")? != 0,
            deal: row.try_get("deal")?,
            created_at: row.try_get("created_at")?,
            status: row.try_get("status")?,
            seq: from_i64(row.try_get("seq")?)?,
            server: row.try_get("server")?,
            active_at: row.try_get("active_at")?,
            seats,
        }))
    }

    /// The actions of match `id` after `after`, in order.
    pub async fn actions(&self, id: &str, after: u64) -> Result<Vec<StoredAction>, StoreError> {
        sqlx::query(
            "SELECT seq, seat, action, digest, origin FROM actions \
             WHERE match_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(to_i64(after)?)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            let seat = from_i64(row.try_get("seat")?)?;
            Ok(StoredAction {
                seq: from_i64(row.try_get("seq")?)?,
                seat: usize::try_from(seat)
                    .map_err(|_| StoreError::new("seat out of range".into()))?,
                action: row.try_get("action")?,
                digest: row.try_get("digest")?,
                origin: row.try_get("origin")?,
            })
        })
        .collect()
    }

    /// The open matches (a seat is free) of every server, newest first, at most
    /// `limit`.
    pub async fn lobby(&self, limit: u32) -> Result<Vec<StoredMatch>, StoreError> {
        let ids = sqlx::query(
            "SELECT id FROM matches WHERE status = 'open' ORDER BY created_at DESC, id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(ids.len());
        for row in &ids {
            let id: String = row.try_get("id")?;
            if let Some(found) = self.load_match(&id).await? {
                out.push(found);
            }
        }
        Ok(out)
    }
}

fn to_i64(n: u64) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError::new(format!("{n} does not fit the database")))
}

fn from_i64(n: i64) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(|_| StoreError::new(format!("{n} is negative in the database")))
}

fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

//! [`Server`]: the store, the games built, the limits, and the live matches by id
//! (a map read when a connection or a request arrives, never on the way of a move);
//! opening it rebuilds every live match from its stored actions.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use tokio::sync::mpsc;

use crate::deal::Deal;
use crate::error::ApiError;
use crate::limits::Limits;
use crate::live::{Command, LiveMatch, MatchHandle};
use crate::spec::{Catalog, MatchSpec};
use crate::store::Store;
use crate::token::new_match_id;

/// A live match's entry: its queue, whether it is over, who created it and who
/// joined it.
#[derive(Clone)]
pub(crate) struct Entry {
    pub(crate) handle: MatchHandle,
    pub(crate) over: Arc<AtomicBool>,
    pub(crate) creator: Option<IpAddr>,
    /// The client addresses that joined a seat of it.
    pub(crate) holders: Arc<std::sync::Mutex<Vec<IpAddr>>>,
}

/// What every match of a server shares with it.
#[derive(Clone)]
pub(crate) struct Shared {
    /// The budget of the bots of matches without a person.
    pub(crate) thinking: Arc<tokio::sync::Semaphore>,
    /// How many bugs of the server's were caught (panics that ended a request, a
    /// connection or a match's command instead of the process): `/api/health` tells.
    pub(crate) bugs: Arc<std::sync::atomic::AtomicU64>,
}

/// A game server (clone it freely: it is shared).
#[derive(Clone)]
pub struct Server {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    catalog: Catalog,
    limits: Limits,
    matches: RwLock<HashMap<String, Entry>>,
    restored: usize,
    /// Set by [`Server::shutdown`]: no match is created or reopened after it.
    closed: AtomicBool,
    /// What every match of the server shares.
    shared: Shared,
    /// Since when this server's heartbeat has been renewed without a miss (`None`
    /// while the store does not answer): it takes other servers' matches over only
    /// once that has lasted a whole lease, so that after an outage every server has
    /// renewed its own before any takes another's.
    healthy_since: std::sync::Mutex<Option<std::time::Instant>>,
    /// The creations and joins under way, by client address: each counts among its
    /// client's holdings until its match is listed (or its seat taken), so that
    /// requests sent at once cannot all pass the check before any is done.
    pending: crate::address_counts::AddressCounts,
    /// Each client address's HTTP requests.
    requests: crate::rate::ClientRates,
}

/// A creation or a join under way, counted among its client's holdings until dropped.
pub(crate) type Reservation = crate::address_counts::Held;

/// What opening a server found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Live matches rebuilt from their stored actions.
    pub matches: usize,
    /// Matches that could not be rebuilt, and why (they stay stored, not played).
    pub failed: Vec<(String, String)>,
}

impl Server {
    /// Opens the database `db` (a SQLite file path or URL, or `postgres://…`) and
    /// rebuilds every live match of the server named in `limits` from its stored
    /// actions, checking each one's digest. Must run inside a tokio runtime.
    pub async fn open(db: &str, limits: Limits) -> Result<(Server, Restored), String> {
        Server::open_with(db, limits, decklet_catalog::Catalog::standard()).await
    }

    /// [`open`](Self::open), serving the games of `games` (decklet's, and a game of
    /// your own: `Catalog::standard().with(MyGame)`).
    pub async fn open_with(
        db: &str,
        limits: Limits,
        games: decklet_catalog::Catalog,
    ) -> Result<(Server, Restored), String> {
        // the policies first: a server that cannot read one does not start
        let policies = decklet_catalog::NamedPolicies::read(&limits.policies)?;
        let store = Store::open(db).await.map_err(|e| e.to_string())?;
        let catalog = Catalog::of(games.with_policies(policies));
        let shared = Shared {
            thinking: Arc::new(tokio::sync::Semaphore::new(limits.bot_only_thinking)),
            bugs: Arc::default(),
        };
        let mut live = HashMap::new();
        let mut restored = Restored::default();
        // the heartbeat first, so that no other server takes these matches meanwhile
        let lease = i64::try_from(limits.match_lease.as_millis()).unwrap_or(i64::MAX);
        let ids = store
            .renew_leases(
                &limits.server_name,
                crate::store::now_ms().saturating_add(lease),
            )
            .await
            .map_err(|e| e.to_string())?;
        for id in ids {
            match rebuild(&store, &catalog, &limits, &shared, &id).await {
                Ok(entry) => {
                    live.insert(id, entry);
                    restored.matches += 1;
                }
                Err(why) => {
                    eprintln!("decklet serve: match {id} is not played: {why}");
                    restored.failed.push((id, why));
                }
            }
        }
        let server = Server {
            inner: Arc::new(Inner {
                store,
                catalog,
                matches: RwLock::new(live),
                restored: restored.matches,
                closed: AtomicBool::new(false),
                shared,
                healthy_since: std::sync::Mutex::new(Some(std::time::Instant::now())),
                pending: crate::address_counts::AddressCounts::default(),
                requests: crate::rate::ClientRates::new(&limits),
                limits,
            }),
        };
        server.sweep_finished();
        server.keep_leases();
        Ok((server, restored))
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// The games built.
    pub(crate) fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// How many matches opening the server rebuilt.
    pub fn restored(&self) -> usize {
        self.inner.restored
    }

    /// Live matches (open or playing) in memory.
    pub fn live_matches(&self) -> usize {
        self.inner.matches.read().map_or(0, |m| {
            m.values()
                .filter(|e| !e.over.load(Ordering::Relaxed))
                .count()
        })
    }

    /// The live matches `client` holds, however it got them: those it created and
    /// those it joined a seat of, until they are over; and whether it holds match
    /// `id` among them.
    fn held_by(&self, client: IpAddr, id: Option<&str>) -> (usize, bool) {
        self.inner.matches.read().map_or((0, false), |m| {
            let mut held = 0;
            let mut holds_it = false;
            for (key, e) in m.iter() {
                if e.over.load(Ordering::Relaxed) {
                    continue;
                }
                let created = e.creator == Some(client);
                let joined = e.holders.lock().is_ok_and(|h| h.contains(&client));
                if created || joined {
                    held += 1;
                    holds_it |= Some(key.as_str()) == id;
                }
            }
            (held, holds_it)
        })
    }

    /// Counts a creation (`id` `None`) or a join of match `id` by `client` among its
    /// holdings until the reservation is dropped; refuses (429) a client that holds
    /// [`Limits::matches_per_client`] live matches already, those under way
    /// included, unless `id` is one of them (a second seat of a match it holds).
    pub(crate) fn reserve(
        &self,
        client: IpAddr,
        id: Option<&str>,
    ) -> Result<Reservation, ApiError> {
        let most = self.inner.limits.matches_per_client;
        self.inner
            .pending
            .take_if(client, |under_way| {
                let (held, holds_it) = self.held_by(client, id);
                held.saturating_add(under_way) < most || holds_it
            })
            .ok_or_else(|| {
                ApiError::too_many(format!(
                    "this address holds {most} live matches, its most (those it created and those it joined, until they are over): one must end first"
                ))
            })
    }

    /// Counts an HTTP request of `client` against its rate
    /// ([`Limits::requests_per_second`]): `Err` with how long until it may send one.
    pub(crate) fn take_request(&self, client: IpAddr) -> Result<(), Duration> {
        self.inner.requests.take(client)
    }

    /// Whether [`shutdown`](Self::shutdown) was called.
    pub(crate) fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::Relaxed)
    }

    /// Notes whether the heartbeat was just renewed.
    pub(crate) fn set_renewed(&self, renewed: bool) {
        if let Ok(mut since) = self.inner.healthy_since.lock() {
            match renewed {
                true => {
                    since.get_or_insert_with(std::time::Instant::now);
                }
                false => *since = None,
            }
        }
    }

    /// Whether the heartbeat has been renewed without a miss for a whole lease.
    pub(crate) fn steadily_renewed(&self) -> bool {
        let lease = self.inner.limits.match_lease;
        self.inner
            .healthy_since
            .lock()
            .is_ok_and(|since| since.is_some_and(|at| at.elapsed() >= lease))
    }

    /// What every match of the server shares.
    pub(crate) fn shared(&self) -> &Shared {
        &self.inner.shared
    }

    /// How many bugs of the server's were caught since it opened (panics that ended
    /// one request, one connection or one match's command, not the process).
    pub fn bugs_caught(&self) -> u64 {
        self.inner.shared.bugs.load(Ordering::Relaxed)
    }

    /// The ids and tasks of the matches in memory for which `pick` says yes.
    pub(crate) fn entries(
        &self,
        mut pick: impl FnMut(&str, &Entry) -> bool,
    ) -> Vec<(String, MatchHandle)> {
        self.inner.matches.read().map_or(Vec::new(), |m| {
            m.iter()
                .filter(|(id, e)| pick(id, e))
                .map(|(id, e)| (id.clone(), e.handle.clone()))
                .collect()
        })
    }

    /// Forgets match `id` (its task is stopped by the caller).
    pub(crate) fn forget(&self, id: &str) {
        if let Ok(mut matches) = self.inner.matches.write() {
            matches.remove(id);
        }
    }

    /// Keeps `entry` as match `id`'s task unless one is there already (then `entry`'s
    /// task, rebuilt at the same time, is stopped); answers the task kept.
    pub(crate) fn keep(&self, id: &str, entry: Entry) -> MatchHandle {
        let (kept, spare) = match self.inner.matches.write() {
            Ok(mut matches) => match matches.get(id) {
                Some(there) => (there.handle.clone(), Some(entry)),
                None => {
                    let handle = entry.handle.clone();
                    matches.insert(id.to_string(), entry);
                    (handle, None)
                }
            },
            Err(_) => (entry.handle.clone(), None),
        };
        if let Some(spare) = spare {
            tokio::spawn(async move {
                let (done, _) = tokio::sync::oneshot::channel();
                let _ = spare.handle.tx.send(Command::Stop { done }).await;
            });
        }
        kept
    }

    /// The task of match `id`, if this server plays it (a task that ended on its own,
    /// as one that could not rebuild itself after a bug does, is forgotten).
    pub(crate) fn handle(&self, id: &str) -> Option<MatchHandle> {
        let handle = {
            let matches = self.inner.matches.read().ok()?;
            matches.get(id).map(|e| e.handle.clone())?
        };
        if handle.tx.is_closed() {
            self.forget(id);
            return None;
        }
        Some(handle)
    }

    /// The task of finished match `id` (stored by this server), rebuilt from its
    /// stored actions if it is not in memory any more, so that a seat coming back
    /// is shown how the match ended. The task ends with its last connection.
    pub(crate) async fn reopen_finished(&self, id: &str) -> Result<MatchHandle, ApiError> {
        if let Some(handle) = self.handle(id) {
            return Ok(handle);
        }
        if self.inner.closed.load(Ordering::Relaxed) {
            return Err(ApiError::busy("the server is shutting down"));
        }
        let inner = &self.inner;
        let entry = rebuild(
            &inner.store,
            &inner.catalog,
            &inner.limits,
            &inner.shared,
            id,
        )
        .await
        .map_err(|why| ApiError::internal(format!("match {id} cannot be rebuilt: {why}")))?;
        let mut matches = inner
            .matches
            .write()
            .map_err(|_| ApiError::internal("the match list was poisoned"))?;
        // two connections may have rebuilt it at once: the first one in is kept
        let kept = matches.entry(id.to_string()).or_insert(entry);
        Ok(kept.handle.clone())
    }

    /// Stops every match's task and waits until each has stopped: what was
    /// acknowledged is stored, nothing more will be, and their connections are
    /// closed. Matches are neither created nor reopened after it. A server that is
    /// shut down (or killed) and opened again on the same database resumes them.
    pub async fn shutdown(&self) {
        self.inner.closed.store(true, Ordering::Relaxed);
        let entries: Vec<Entry> = match self.inner.matches.write() {
            Ok(mut matches) => matches.drain().map(|(_, e)| e).collect(),
            Err(_) => return,
        };
        let mut waiting = Vec::with_capacity(entries.len());
        for entry in entries {
            let (done, stopped) = tokio::sync::oneshot::channel();
            if entry.handle.tx.send(Command::Stop { done }).await.is_ok() {
                waiting.push(stopped);
            }
        }
        for stopped in waiting {
            // an error means the task had already ended
            let _ = stopped.await;
        }
    }

    /// Creates, stores and starts a match; answers its id.
    pub async fn create_match(&self, spec: MatchSpec) -> Result<String, ApiError> {
        self.create_match_for(spec, None).await
    }

    /// [`create_match`](Self::create_match) for the client at `client` (the HTTP
    /// API's caller), which may hold at most [`Limits::matches_per_client`] live
    /// matches at once (429 past it).
    pub async fn create_match_for(
        &self,
        spec: MatchSpec,
        client: Option<IpAddr>,
    ) -> Result<String, ApiError> {
        // counted among the client's holdings until the match is listed
        let _reservation = client.map(|c| self.reserve(c, None)).transpose()?;
        if self.inner.closed.load(Ordering::Relaxed) {
            return Err(ApiError::busy("the server is shutting down"));
        }
        if self.live_matches() >= self.inner.limits.max_matches {
            return Err(ApiError::busy(format!(
                "this server plays {} matches, its most: try later",
                self.inner.limits.max_matches
            )));
        }
        let kind = self.inner.catalog.game_of(&spec)?;
        let deal =
            Deal::new(kind.name(), spec.seat_names(), spec.seed).map_err(ApiError::internal)?;
        let id = new_match_id().map_err(ApiError::internal)?;
        let mut live = LiveMatch::new(
            id.clone(),
            spec,
            kind,
            deal,
            self.inner.store.clone(),
            self.inner.limits.clone(),
        )?;
        live.share(self.inner.shared.clone());
        self.inner.store.create_match(&live.stored()?).await?;
        let mut entry = spawn(live, &self.inner.limits);
        entry.creator = client;
        self.inner
            .matches
            .write()
            .map_err(|_| ApiError::internal("the match list was poisoned"))?
            .insert(id.clone(), entry);
        Ok(id)
    }

    /// Every 30 seconds, forgets the matches that ended (their tasks end once their
    /// last connection closes; their logs stay stored).
    fn sweep_finished(&self) {
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(30));
            loop {
                tick.tick().await;
                let Some(inner) = weak.upgrade() else { break };
                if let Ok(mut matches) = inner.matches.write() {
                    matches.retain(|_, e| !e.over.load(Ordering::Relaxed));
                }
            }
        });
    }
}

/// Rebuilds stored match `id` and starts its task.
pub(crate) async fn rebuild(
    store: &Store,
    catalog: &Catalog,
    limits: &Limits,
    shared: &Shared,
    id: &str,
) -> Result<Entry, String> {
    let stored = store
        .load_match(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("it is not stored")?;
    let actions = store.actions(id, 0).await.map_err(|e| e.to_string())?;
    if actions.len() as u64 != stored.seq {
        return Err(format!(
            "it is at action {} but {} are stored",
            stored.seq,
            actions.len()
        ));
    }
    let spec: MatchSpec = serde_json::from_str(&stored.spec).map_err(|e| e.to_string())?;
    let kind = catalog.game_of(&spec).map_err(|e| e.message)?;
    let mut live = LiveMatch::restore(&stored, &actions, kind, store.clone(), limits.clone())?;
    live.share(shared.clone());
    Ok(spawn(live, limits))
}

fn spawn(live: LiveMatch, limits: &Limits) -> Entry {
    let (tx, rx) = mpsc::channel(limits.match_queue);
    let over = live.over_flag();
    let holders = live.holders();
    tokio::spawn(live.run(rx));
    Entry {
        handle: MatchHandle { tx },
        over,
        creator: None,
        holders,
    }
}

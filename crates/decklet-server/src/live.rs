//! A live match: one tokio task that owns the match's engine, its seats and bots, and
//! the connections watching it. Everything that changes the match comes in through
//! its bounded queue of [`Command`]s, one at a time, so no lock is taken on the way
//! of a move. A move is applied, stored (the action and the new `seq` in one
//! transaction) and only then told, to each connection in the words of what its seat
//! may know.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use decklet_core::{AnyEvent, EngineError, GameEngine, Moves, PlayerId, Verify, state_digest};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use decklet_bots::{Answer, Driver, Seat as DriverSeat, seat_seed};

use crate::bots::{TimeoutBot, seat_bot};
use crate::deal::{Deal, DealView};
use crate::error::ApiError;
use crate::limits::Limits;
use crate::moves::{Listed, listed_moves};
use crate::spec::{GameKind, MatchSpec, SeatKind};
use crate::store::{Store, StoredAction, StoredMatch};
use crate::table_view::{facts, hand, zones};
use crate::token::{hash_token, new_token, token_matches};

/// A message to one connection: JSON text.
pub type Outgoing = Arc<str>;

/// Who a connection says it is.
#[derive(Clone, Debug)]
pub enum Credential {
    /// A seat's token.
    Token(String),
    /// A spectator.
    Spectator,
}

/// What a match's task is asked to do.
pub enum Command {
    /// A connection says who it is; answered with its id and seat (`None`: a
    /// spectator), then sent what it missed since `since` and the position.
    Connect {
        /// Its token, or spectating.
        credential: Credential,
        /// The last `seq` it saw.
        since: Option<u64>,
        /// Whether its states carry the engine's view.
        view: bool,
        /// Where its messages go.
        out: mpsc::Sender<Outgoing>,
        /// The answer.
        reply: oneshot::Sender<Result<(u64, Option<usize>), String>>,
    },
    /// A connection closed.
    Disconnect {
        /// Its id.
        conn: u64,
    },
    /// A connection's move: listed move `index` of the position at `seq`.
    Move {
        /// Its id.
        conn: u64,
        /// The position's seq.
        seq: u64,
        /// The move's index.
        index: usize,
    },
    /// Tell a connection of an error in what it sent (`None`: answer its ping).
    Notice {
        /// Its id.
        conn: u64,
        /// What was wrong.
        error: Option<String>,
    },
    /// A person joins a free human seat (`None`: the first free one).
    Join {
        /// The seat.
        seat: Option<usize>,
        /// Their name.
        name: String,
        /// Their share of the deal (a normal one: the request checked it).
        share: String,
        /// Their address, if known, counted among its holdings until the seat is
        /// taken and the address a holder of the match (or the join refused): then
        /// dropped.
        holding: Option<crate::server::Reservation>,
        /// The seat and its token.
        reply: oneshot::Sender<Result<(usize, String), ApiError>>,
    },
    /// Stop the task: its connections are closed and nothing more is stored for the
    /// match; `done` is answered once the task has let go of everything.
    Stop {
        /// Answered when the task has stopped.
        done: oneshot::Sender<()>,
    },
}

/// A handle on a live match's task.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    /// Its queue.
    pub tx: mpsc::Sender<Command>,
}

/// Whether a match has begun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Waiting for its human seats.
    Open,
    Playing,
    Finished,
    /// Open for longer than [`Limits::open_match_expiry`]: ended unplayed.
    Expired,
    /// Played, but without a move for [`Limits::idle_match_expiry`]: ended.
    Abandoned,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Expired => "expired",
            Status::Abandoned => "abandoned",
        }
    }
}

/// Why a match could not be rebuilt from what is stored.
#[derive(Debug)]
enum Reload {
    /// The storage did not answer.
    Unreachable,
    /// What is stored does not replay.
    DoesNotReplay(String),
}

impl std::fmt::Display for Reload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reload::Unreachable => write!(f, "its storage does not answer"),
            Reload::DoesNotReplay(why) => write!(f, "what is stored does not replay: {why}"),
        }
    }
}

/// Why an abandoned match refuses a move.
const ABANDONED: &str = "the match was abandoned: no one moved for too long";

/// Why an expired match refuses a move or a join.
const EXPIRED: &str = "the match expired: its seats were not all taken in time";

struct Seat {
    kind: SeatKind,
    name: String,
    token_hash: Option<String>,
    /// A human's seat whose last move the turn timer made: no one is playing it.
    timed_out: bool,
}

/// What one accepted action did.
struct Entry {
    seat: usize,
    origin: &'static str,
    events: Vec<AnyEvent>,
    /// A game of the catalogue: the move in words as each seat (in seat order, then a
    /// spectator) may be told it, judged right after the move (a card passed face
    /// down and played later was still hidden then).
    told: Vec<Option<String>>,
}

struct Connection {
    id: u64,
    audience: Audience,
    out: mpsc::Sender<Outgoing>,
}

/// Who is told the same words: a seat (`None`: the spectators), and whether the
/// engine's view goes with each state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Audience {
    seat: Option<usize>,
    view: bool,
}

/// A live match (see the module's documentation).
pub struct LiveMatch {
    id: String,
    spec: MatchSpec,
    kind: GameKind,
    /// The match's engine and its seats' driver: the bots are asked, in turn and in
    /// the windows out of turn, as every tool asks them; a person's seat is a free one,
    /// which moves whenever the game lists it a move.
    driver: Driver,
    deal: Deal,
    seats: Vec<Seat>,
    /// Each seat's player, in seat order.
    players: Vec<PlayerId>,
    /// Each player's name, by player index.
    names: Vec<String>,
    status: Status,
    history: Vec<Entry>,
    connections: Vec<Connection>,
    next_connection: u64,
    store: Store,
    limits: Limits,
    timeout_bot: TimeoutBot,
    bot_due: Option<Instant>,
    turn_due: Option<(Instant, u64, usize)>,
    /// Set while the match is paused because a move could not be stored: when to look
    /// for the storage again, and how long to wait after that.
    paused: Option<(Instant, Duration)>,
    /// When the match expires if its seats are not all taken by then (while open).
    expires: Option<Instant>,
    /// When it was created, in seconds since the Unix epoch.
    created_at: i64,
    /// The client addresses that joined a seat of it: what the server counts against
    /// each while the match is not over.
    holders: Arc<std::sync::Mutex<Vec<std::net::IpAddr>>>,
    /// The server's budget for the bots of matches without a person
    /// ([`Limits::bot_only_thinking`]); `None`: no budget.
    thinking: Option<Arc<tokio::sync::Semaphore>>,
    /// The server's count of bugs caught.
    bugs: Arc<std::sync::atomic::AtomicU64>,
    /// Whether the game narrates its moves (then no move is kept in words).
    narrates: bool,
    /// How long the bots waited for the budget last time (doubled each time, from
    /// [`FIRST_BUDGET_WAIT`] to [`MOST_BUDGET_WAIT`]).
    budget_wait: Duration,
    over: Arc<AtomicBool>,
    /// Set when a restored match's seats were all taken but its stored status still
    /// said `open` (the server stopped in between): stored when its task starts.
    status_unsaved: bool,
    /// Set when the store refused a move because another server plays the match now:
    /// the task stops, and its connections are closed to reconnect there.
    lost: bool,
}

/// The first wait of a match of bots alone for the budget of their thinking.
const FIRST_BUDGET_WAIT: Duration = Duration::from_millis(10);
/// The longest wait between two looks for that budget.
const MOST_BUDGET_WAIT: Duration = Duration::from_secs(1);

/// The first wait before a paused match looks for its storage again; each failed
/// look doubles it, up to [`MOST_STORAGE_WAIT`].
const FIRST_STORAGE_WAIT: Duration = Duration::from_millis(500);
/// The longest wait between two looks for a paused match's storage.
const MOST_STORAGE_WAIT: Duration = Duration::from_secs(10);
/// Why a match another server took refuses a move, as its seat is told (then its
/// connection is closed, to reconnect).
const MOVED: &str = "the match moved to another server: reconnecting";
/// Why a paused match refuses moves, as its seats are told.
const PAUSED: &str = "the match is paused: the server cannot store moves now (its database is unreachable); it resumes by itself when it can";

/// Runs a bot's thinking: on a multi-threaded runtime, with the other tasks of this
/// thread handed to another (a long search does not hold up the matches that share
/// the thread); else in place.
fn think<T>(thinking: impl FnOnce() -> T) -> T {
    let multi = tokio::runtime::Handle::try_current().is_ok_and(|runtime| {
        runtime.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread
    });
    match multi {
        true => tokio::task::block_in_place(thinking),
        false => thinking(),
    }
}

/// Now, in seconds since the Unix epoch.
fn unix_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The seed of the bot that moves for a person whose time ran out, from the match's
/// (secret) seed: one past the seats'.
fn timeout_seed(seed: u64, seats: usize) -> u64 {
    seat_seed(seed, seats)
}

/// The match's engine dealt from `seed` with its seats' driver (each bot seeded from
/// it), and the bot that moves for a person whose time runs out.
fn dealt(kind: &GameKind, spec: &MatchSpec, seed: u64) -> Result<(Driver, TimeoutBot), ApiError> {
    let engine = kind.new_engine(seed, spec.seats.len())?;
    let mut driven = Vec::with_capacity(spec.seats.len());
    for (i, seat) in spec.seats.iter().enumerate() {
        driven.push(match (&seat.kind, &seat.bot) {
            (SeatKind::Bot, Some(name)) => {
                DriverSeat::Bot(seat_bot(kind, name, seat_seed(seed, i)).map_err(ApiError::bad)?)
            }
            _ => DriverSeat::Free,
        });
    }
    let mut driver = Driver::new(engine, driven);
    // every move's events are told to the seats
    driver.collect_events(true);
    Ok((
        driver,
        TimeoutBot::new(kind, timeout_seed(seed, spec.seats.len())),
    ))
}

impl LiveMatch {
    /// A new match of `kind` as `spec` asks, dealt as `deal` says: not stored yet.
    /// While seats are free the game is dealt from the shares given so far, and no
    /// card is shown: [`LiveMatch::deal_final`] deals it again once every seat is
    /// taken.
    pub fn new(
        id: String,
        spec: MatchSpec,
        kind: GameKind,
        deal: Deal,
        store: Store,
        limits: Limits,
    ) -> Result<LiveMatch, ApiError> {
        let seats: Vec<Seat> = spec
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| Seat {
                kind: seat.kind,
                name: match (&seat.name, &seat.bot) {
                    (Some(name), _) => name.clone(),
                    (None, Some(bot)) => format!("Bot {} ({bot})", i + 1),
                    (None, None) => format!("Seat {}", i + 1),
                },
                token_hash: None,
                timed_out: false,
            })
            .collect();
        let (driver, timeout_bot) = dealt(&kind, &spec, deal.seed())?;
        let players: Vec<PlayerId> = driver.state().seat_order().to_vec();
        let names = seats.iter().map(|s| s.name.clone()).collect();
        let status = match seats.iter().any(|s| s.kind == SeatKind::Human) {
            true => Status::Open,
            false => Status::Playing,
        };
        let limits_expiry = limits.open_match_expiry;
        let narrates = kind.loaded.def().narrate(driver.state(), &[]).is_some();
        Ok(LiveMatch {
            id,
            spec,
            kind,
            driver,
            deal,
            seats,
            players,
            names,
            status,
            history: Vec::new(),
            connections: Vec::new(),
            next_connection: 1,
            store,
            limits,
            timeout_bot,
            bot_due: None,
            turn_due: None,
            paused: None,
            expires: (status == Status::Open).then(|| Instant::now() + limits_expiry),
            created_at: unix_seconds(),
            holders: Arc::default(),
            thinking: None,
            bugs: Arc::default(),
            narrates,
            budget_wait: Duration::ZERO,
            over: Arc::new(AtomicBool::new(false)),
            status_unsaved: false,
            lost: false,
        })
    }

    /// Deals the game again from the deal's final seed, once every seat is taken and
    /// every share known (nothing has been played yet).
    fn deal_final(&mut self) -> Result<(), ApiError> {
        let (driver, timeout_bot) = dealt(&self.kind, &self.spec, self.deal.seed())?;
        self.driver = driver;
        self.timeout_bot = timeout_bot;
        Ok(())
    }

    /// The match as it is stored when created.
    pub fn stored(&self) -> Result<StoredMatch, ApiError> {
        let mut spec = self.spec.clone();
        spec.seed = None;
        Ok(StoredMatch {
            id: self.id.clone(),
            spec: serde_json::to_string(&spec).map_err(|e| ApiError::internal(e.to_string()))?,
            seed: self.deal.stored_seed(),
            salt: self.deal.salt().to_string(),
            seed_chosen: self.deal.chosen(),
            deal: self.deal.to_stored().map_err(ApiError::internal)?,
            created_at: self.created_at,
            status: self.status.as_str().to_string(),
            seq: 0,
            server: self.limits.server_name.clone(),
            active_at: 0,
            seats: self
                .seats
                .iter()
                .map(|s| crate::store::StoredSeat {
                    kind: s.kind.as_str().to_string(),
                    name: s.name.clone(),
                    token_hash: None,
                    share: String::new(),
                })
                .collect(),
        })
    }

    /// Rebuilds a stored match from its actions, checking each one's digest.
    pub fn restore(
        stored: &StoredMatch,
        actions: &[StoredAction],
        kind: GameKind,
        store: Store,
        limits: Limits,
    ) -> Result<LiveMatch, String> {
        let spec: MatchSpec =
            serde_json::from_str(&stored.spec).map_err(|e| format!("its spec: {e}"))?;
        let deal = Deal::stored(stored)?;
        let mut live = LiveMatch::new(stored.id.clone(), spec, kind, deal, store, limits)
            .map_err(|e| e.message)?;
        for (seat, kept) in live.seats.iter_mut().zip(&stored.seats) {
            seat.name.clone_from(&kept.name);
            seat.token_hash.clone_from(&kept.token_hash);
        }
        live.names = live.seats.iter().map(|s| s.name.clone()).collect();
        live.created_at = stored.created_at;
        if live.status == Status::Open && live.all_joined() {
            // every seat was taken, but the server stopped before it stored so: the
            // status is stored when the task starts
            live.set_status(Status::Playing);
            live.status_unsaved = stored.status == "open";
        }
        for ended in [Status::Expired, Status::Abandoned] {
            if stored.status == ended.as_str() {
                live.set_status(ended);
                live.over.store(true, Ordering::Relaxed);
            }
        }
        // an open match expires as long after its creation as a new one, and a match
        // being played as long after its last move, restarts or not
        let moved_ms = match stored.active_at {
            0 => stored.created_at.saturating_mul(1_000),
            at => at,
        };
        let since = |at_ms: i64| {
            let ago = crate::store::now_ms().saturating_sub(at_ms);
            Duration::from_millis(u64::try_from(ago).unwrap_or(0))
        };
        live.expires = match live.status {
            Status::Open => Some(
                Instant::now()
                    + (live.limits.open_match_expiry)
                        .saturating_sub(since(stored.created_at.saturating_mul(1_000))),
            ),
            Status::Playing => Some(
                Instant::now()
                    + live
                        .limits
                        .idle_match_expiry
                        .saturating_sub(since(moved_ms)),
            ),
            _ => None,
        };
        for (n, action) in actions.iter().enumerate() {
            if action.seq != n as u64 + 1 {
                return Err(format!("action {} is stored at {}", n + 1, action.seq));
            }
            let json: Value = serde_json::from_str(&action.action)
                .map_err(|e| format!("action {}: {e}", action.seq))?;
            let parsed = (live.driver.engine())
                .action_from_json(&json)
                .map_err(|e| format!("action {}: {e}", action.seq))?;
            // the bots hear the stored moves as they heard them when played
            let played = (live.driver)
                .play_action(parsed.clone())
                .map_err(|e| format!("action {}: {e}", action.seq))?;
            let outcome = played.outcome;
            let told = live.told(&parsed, &outcome.events);
            let digest = state_digest(live.driver.state());
            if digest != action.digest {
                return Err(format!(
                    "action {} leads to digest {digest}, not the stored {}",
                    action.seq, action.digest
                ));
            }
            if let Some(moved) = live.seats.get_mut(action.seat) {
                moved.timed_out = action.origin == "timer";
            }
            live.history.push(Entry {
                seat: action.seat,
                origin: origin_name(&action.origin),
                events: outcome.events,
                told,
            });
        }
        if live.is_over() {
            live.finish();
        }
        live.schedule();
        Ok(live)
    }

    /// Runs the match's task until every handle is gone or it is told to stop.
    /// A command is handled whole (a move is stored before the next is read), so a
    /// stop never cuts a write short.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        if self.status_unsaved
            && let Err(error) = self.store.set_status(&self.id, self.status.as_str()).await
        {
            eprintln!(
                "decklet serve: match {}: its status could not be stored: {error}",
                self.id
            );
        }
        self.schedule();
        let done = loop {
            let due = self.next_due();
            let work = tokio::select! {
                command = rx.recv() => match command {
                    Some(Command::Stop { done }) => break Some(done),
                    Some(command) => Some(command),
                    None => break None,
                },
                () = sleep_until(due), if due.is_some() => None,
            };
            // a bug in one command (or a bot's move) does not end the match: the
            // match is rebuilt from what it stored, its connections kept
            let id = self.id.clone();
            let bugs = Arc::clone(&self.bugs);
            let doing = async {
                match work {
                    Some(command) => self.handle(command).await,
                    None => self.on_due().await,
                }
            };
            let done = crate::unwind::caught(doing, |why| {
                bugs.fetch_add(1, Ordering::Relaxed);
                eprintln!(
                    "decklet serve: match {id}: a bug: {why}; rebuilding it from what is stored"
                );
            })
            .await;
            if done.is_none() {
                let reloaded = crate::unwind::caught(self.reload(), |why| {
                    bugs.fetch_add(1, Ordering::Relaxed);
                    eprintln!("decklet serve: match {id}: a bug while rebuilding it: {why}");
                })
                .await;
                match reloaded {
                    Some(Ok(())) => {}
                    Some(Err(why)) => {
                        eprintln!(
                            "decklet serve: match {id} cannot be rebuilt: {why}; stopped here"
                        );
                        break None;
                    }
                    None => break None,
                }
            }
            if self.lost {
                eprintln!("decklet serve: match {id}: another server plays it now: stopped here");
                break None;
            }
        };
        // every connection's writer ends (and closes its socket) once its senders go
        drop(self);
        drop(rx);
        if let Some(done) = done {
            let _ = done.send(());
        }
    }

    /// Set once the match is over.
    pub fn over_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.over)
    }

    fn finish(&mut self) {
        self.set_status(Status::Finished);
        self.over.store(true, Ordering::Relaxed);
    }

    /// Sets the status; a match being played ends if it goes without a move for
    /// [`Limits::idle_match_expiry`]; one that ended expires no more.
    fn set_status(&mut self, status: Status) {
        self.status = status;
        self.expires = match status {
            Status::Open => self.expires,
            Status::Playing => Some(Instant::now() + self.limits.idle_match_expiry),
            _ => None,
        };
    }

    /// Has the bots of this match, if no person plays it, think within the server's
    /// budget, and counts the bugs caught in it with the server's.
    pub(crate) fn share(&mut self, shared: crate::server::Shared) {
        self.thinking = Some(shared.thinking);
        self.bugs = shared.bugs;
    }

    /// The client addresses that joined its seats (see [`Limits::matches_per_client`]).
    pub(crate) fn holders(&self) -> Arc<std::sync::Mutex<Vec<std::net::IpAddr>>> {
        Arc::clone(&self.holders)
    }

    /// Ends an open match whose seats were not all taken in time: stored as
    /// `expired`, told to its connections, then forgotten like a finished one. If
    /// the store cannot take it now, it tries again a little later.
    ///
    /// A match being played that went without a move for too long ends the same
    /// way, as `abandoned`.
    async fn expire(&mut self) {
        let ended = match self.status {
            Status::Open => Status::Expired,
            _ => Status::Abandoned,
        };
        if let Err(error) = self.store.set_status(&self.id, ended.as_str()).await {
            eprintln!("decklet serve: match {}: cannot end it: {error}", self.id);
            self.expires = Some(Instant::now() + FIRST_STORAGE_WAIT);
            return;
        }
        self.set_status(ended);
        self.over.store(true, Ordering::Relaxed);
        self.broadcast_state(None);
    }

    fn seq(&self) -> u64 {
        self.history.len() as u64
    }

    fn all_joined(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.kind == SeatKind::Bot || s.token_hash.is_some())
    }

    fn is_over(&self) -> bool {
        let state = self.driver.state();
        state.status() != decklet_core::GameStatus::Playing
            || !state.winners().is_empty()
            || self.seq() >= self.limits.max_actions_per_match
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Connect {
                credential,
                since,
                view,
                out,
                reply,
            } => {
                let result = self.connect(credential, since, view, out);
                let _ = reply.send(result);
            }
            Command::Disconnect { conn } => {
                self.connections.retain(|c| c.id != conn);
                self.broadcast_state(None);
            }
            Command::Move { conn, seq, index } => self.on_move(conn, seq, index).await,
            Command::Notice { conn, error } => {
                let message = match error {
                    Some(error) => json!({"type": "error", "seq": self.seq(), "message": error}),
                    None => json!({"type": "pong", "seq": self.seq()}),
                };
                self.tell(conn, message.to_string().into());
            }
            Command::Join {
                seat,
                name,
                share,
                holding,
                reply,
            } => {
                let result = self.join(seat, name, share).await;
                let client = holding.as_ref().map(crate::server::Reservation::client);
                if let (Ok(_), Some(client), Ok(mut holders)) =
                    (&result, client, self.holders.lock())
                    && !holders.contains(&client)
                {
                    holders.push(client);
                }
                // the address now holds the match (or was refused it)
                drop(holding);
                let _ = reply.send(result);
            }
            // `run` stops at it before it comes here
            Command::Stop { done } => {
                let _ = done.send(());
            }
        }
    }

    fn connect(
        &mut self,
        credential: Credential,
        since: Option<u64>,
        view: bool,
        out: mpsc::Sender<Outgoing>,
    ) -> Result<(u64, Option<usize>), String> {
        let seat = match credential {
            Credential::Spectator => None,
            Credential::Token(token) => {
                // every seat is compared, so that the time taken says nothing of which
                let mut found = None;
                for (i, seat) in self.seats.iter().enumerate() {
                    if let Some(hash) = &seat.token_hash
                        && token_matches(&token, hash)
                    {
                        found = Some(i);
                    }
                }
                Some(found.ok_or("this token is no seat's of this match")?)
            }
        };
        let open = self
            .connections
            .iter()
            .filter(|c| c.audience.seat == seat)
            .count();
        let most = match seat {
            Some(_) => self.limits.connections_per_seat,
            None => self.limits.spectators_per_match,
        };
        if open >= most {
            return Err(format!(
                "{} already has {open} connections (at most {most})",
                match seat {
                    Some(_) => "this seat",
                    None => "this match's audience",
                }
            ));
        }
        let id = self.next_connection;
        self.next_connection += 1;
        let welcome = Welcome {
            kind: "welcome",
            seq: self.seq(),
            id: &self.id,
            game: self.kind.name(),
            seat,
            names: self.seats.iter().map(|s| s.name.as_str()).collect(),
            cards: self.driver.state().cards().iter().collect(),
        };
        let welcome = serde_json::to_string(&welcome).map_err(|e| e.to_string())?;
        let mut first: Vec<Outgoing> = vec![welcome.into()];
        let from = since.unwrap_or(0).min(self.seq());
        if from < self.seq() {
            let viewer = self.viewer(seat);
            let updates: Vec<Update<'_>> = (from..self.seq())
                .filter_map(|n| self.update(n, viewer))
                .collect();
            let missed = Missed {
                kind: "missed",
                seq: self.seq(),
                updates,
            };
            let text = serde_json::to_string(&missed).map_err(|e| e.to_string())?;
            first.push(text.into());
        }
        let audience = Audience { seat, view };
        // counted before its first position is made, so that the seat shows itself
        // online from the start
        self.connections.push(Connection {
            id,
            audience,
            out: out.clone(),
        });
        first.push(self.state_message(audience));
        for message in first {
            if out.try_send(message).is_err() {
                self.connections.retain(|c| c.id != id);
                return Err("the connection could not take what it missed".to_string());
            }
        }
        self.broadcast_state(Some(id));
        Ok((id, seat))
    }

    async fn join(
        &mut self,
        seat: Option<usize>,
        name: String,
        share: String,
    ) -> Result<(usize, String), ApiError> {
        if self.status == Status::Expired {
            return Err(ApiError::conflict(EXPIRED));
        }
        let seat = match seat {
            Some(seat) => seat,
            None => self
                .seats
                .iter()
                .position(|s| s.kind == SeatKind::Human && s.token_hash.is_none())
                .ok_or_else(|| ApiError::conflict("every human seat of this match is taken"))?,
        };
        let Some(slot) = self.seats.get(seat) else {
            return Err(ApiError::not_found(format!(
                "this match has no seat {seat}"
            )));
        };
        if slot.kind != SeatKind::Human {
            return Err(ApiError::conflict(format!("seat {seat} is a bot's")));
        }
        if slot.token_hash.is_some() {
            return Err(ApiError::conflict(format!("seat {seat} is taken")));
        }
        let token = new_token().map_err(ApiError::internal)?;
        let hash = hash_token(&token);
        if !self
            .store
            .claim_seat(&self.id, seat, &name, &hash, &share)
            .await?
        {
            return Err(ApiError::conflict(format!("seat {seat} is taken")));
        }
        if let Some(slot) = self.seats.get_mut(seat) {
            slot.token_hash = Some(hash);
            slot.name.clone_from(&name);
        }
        self.deal.set_share(seat, share);
        if let Some(n) = self.players.get(seat).map(|p| p.index())
            && let Some(kept) = self.names.get_mut(n)
        {
            *kept = name;
        }
        if self.status == Status::Open && self.all_joined() {
            self.deal_final()?;
            self.store.set_status(&self.id, "playing").await?;
            self.set_status(Status::Playing);
            self.schedule();
        }
        self.broadcast_state(None);
        Ok((seat, token))
    }

    async fn on_move(&mut self, conn: u64, seq: u64, index: usize) {
        let Some(seat) = self
            .connections
            .iter()
            .find(|c| c.id == conn)
            .map(|c| c.audience.seat)
        else {
            return;
        };
        let Some(seat) = seat else {
            self.refuse(conn, "a spectator cannot move", None);
            return;
        };
        if self.paused.is_some() {
            return self.refuse(conn, PAUSED, None);
        }
        match self.status {
            Status::Open => return self.refuse(conn, "the match waits for its players", None),
            Status::Expired => return self.refuse(conn, EXPIRED, None),
            Status::Abandoned => return self.refuse(conn, ABANDONED, None),
            Status::Finished => return self.refuse(conn, "the match is over", None),
            Status::Playing => {}
        }
        if seq != self.seq() {
            let reason = format!(
                "the table moved on before your move arrived (it was listed at move {seq}; \
                 the match is at move {}): choose again",
                self.seq()
            );
            return self.refuse(conn, &reason, None);
        }
        let moves = self.seat_moves(seat);
        if index >= moves.len() {
            let reason = format!("there is no move {index} (you have {})", moves.len());
            return self.refuse(conn, &reason, None);
        }
        if let Err(error) = self
            .apply(seat, Pick::Listed(Box::new(moves), index), "move")
            .await
        {
            let rule = match &error {
                EngineError::Rejected { rule, .. } => Some(rule.clone()),
                _ => None,
            };
            let reason = match &error {
                EngineError::Rejected { reason, .. } => reason.clone(),
                _ if self.lost => MOVED.to_string(),
                _ if self.paused.is_some() => PAUSED.to_string(),
                other => other.to_string(),
            };
            self.refuse(conn, &reason, rule.as_deref());
        }
    }

    /// `seat`'s listed moves now, in words.
    fn listed(&self, seat: usize) -> Vec<Listed> {
        match self.players.get(seat) {
            Some(player) => listed_moves(&self.kind, self.driver.state(), *player, &self.names),
            None => Vec::new(),
        }
    }

    /// `seat`'s listed moves now, to be made (in the order of [`listed`](Self::listed)).
    fn seat_moves(&self, seat: usize) -> Moves {
        let mut moves = Moves::new();
        if let Some(player) = self.players.get(seat) {
            self.driver.engine().list_moves(*player, &mut moves);
        }
        moves
    }

    /// The move just made in words, as each seat and then a spectator may be told it
    /// now; nothing for a game that narrates its moves itself (`GameDef::narrate`).
    fn told(
        &self,
        action: &decklet_core::AnyAction,
        events: &[decklet_core::AnyEvent],
    ) -> Vec<Option<String>> {
        if self.narrates {
            return Vec::new();
        }
        let loaded = &self.kind.loaded;
        let state = self.driver.state();
        self.players
            .iter()
            .copied()
            .chain([PlayerId::SPECTATOR])
            .map(|viewer| loaded.tell_move(state, viewer, action, events))
            .collect()
    }

    /// Applies a move of `seat` (`pick`: the bot's answer when asked, or one of the
    /// seat's listed moves), stores it, then tells everyone (the bots that hear are
    /// told by the driver as it is made). A move that cannot be stored is undone, and
    /// the match pauses until its storage answers again ([`resume`](Self::resume)): the
    /// engine never runs ahead of what is stored, so no move is acknowledged that a
    /// restart would lose.
    async fn apply(
        &mut self,
        seat: usize,
        pick: Pick,
        origin: &'static str,
    ) -> Result<(), EngineError> {
        let not_listed = || EngineError::InvalidAction {
            kind: "move".to_string(),
            message: "no such move".to_string(),
        };
        let (chosen, played) = match pick {
            Pick::Asked(index) => {
                let chosen = self.driver.moves().to_any(index).ok_or_else(not_listed)?;
                (chosen, self.driver.play(index)?)
            }
            Pick::Listed(moves, index) => {
                let chosen = moves.to_any(index).ok_or_else(not_listed)?;
                (chosen, self.driver.play_free(seat, &moves, index)?)
            }
        };
        let told = self.told(&chosen, &played.outcome.events);
        let engine = self.driver.engine();
        let action = (engine.log_len())
            .checked_sub(1)
            .and_then(|last| engine.logged_action(last))
            .ok_or_else(|| EngineError::Json {
                message: "the move was not logged".to_string(),
            })?
            .to_json()?;
        let stored = StoredAction {
            seq: self.seq() + 1,
            seat,
            action: action.to_string(),
            digest: state_digest(self.driver.state()),
            origin: origin.to_string(),
        };
        let over = self.is_over();
        let status = if over { "finished" } else { "playing" };
        if let Err(error) = self
            .store
            .append(&self.id, &self.limits.server_name, &stored, status)
            .await
        {
            if error.is_lost() {
                self.lost = true;
                return Err(EngineError::Json {
                    message: MOVED.to_string(),
                });
            }
            eprintln!(
                "decklet serve: match {}: {error}; the move is undone and the match paused",
                self.id
            );
            self.undo_last()?;
            self.pause();
            return Err(EngineError::Json {
                message: PAUSED.to_string(),
            });
        }
        if let Some(moved) = self.seats.get_mut(seat) {
            moved.timed_out = origin == "timer";
        }
        self.history.push(Entry {
            seat,
            origin,
            events: played.outcome.events,
            told,
        });
        if over {
            self.finish();
        } else if self.status == Status::Playing {
            self.expires = Some(Instant::now() + self.limits.idle_match_expiry);
        }
        // the next turn's timer is set before anyone is told, so that the update
        // carries it
        self.schedule();
        let seq = self.seq();
        self.broadcast_update(seq - 1);
        Ok(())
    }

    /// Takes back the move just applied (not stored): the engine is rebuilt from its
    /// own log without it. (The bots that heard it are rebuilt with the match when its
    /// storage answers again: [`resume`](Self::resume).)
    fn undo_last(&mut self) -> Result<(), EngineError> {
        let engine = self.driver.engine();
        let mut log = engine.log();
        log.actions.pop();
        log.final_digest = None;
        let mut rebuilt = GameEngine::new(self.kind.game(), engine.config().clone());
        rebuilt.replay(&log, Verify::IfPresent)?;
        *self.driver.engine_mut() = rebuilt;
        self.driver.resync();
        Ok(())
    }

    /// Pauses the match: no bot or timer moves, every move is refused, and every
    /// connection is told, until the storage answers.
    fn pause(&mut self) {
        self.paused = Some((Instant::now() + FIRST_STORAGE_WAIT, FIRST_STORAGE_WAIT));
        self.bot_due = None;
        self.turn_due = None;
        self.broadcast_state(None);
    }

    /// A paused match looks for its storage: if it answers, the match is rebuilt from
    /// what is stored (the truth, should a write have landed after all) and resumes;
    /// if not, it looks again later.
    async fn resume(&mut self) {
        let Some((_, wait)) = self.paused else {
            return;
        };
        match self.reload().await {
            Ok(()) => eprintln!("decklet serve: match {}: stored again; resumed", self.id),
            Err(Reload::Unreachable) => {
                let wait = (wait * 2).min(MOST_STORAGE_WAIT);
                self.paused = Some((Instant::now() + wait, wait));
            }
            // what is stored does not replay: the match stays paused, and says why
            Err(error) => {
                eprintln!("decklet serve: match {}: {error}", self.id);
                self.paused = Some((Instant::now() + MOST_STORAGE_WAIT, MOST_STORAGE_WAIT));
            }
        }
    }

    /// Rebuilds the match from what is stored, keeping its connections, and tells
    /// them the position.
    async fn reload(&mut self) -> Result<(), Reload> {
        let stored = self.store.load_match(&self.id).await;
        let actions = self.store.actions(&self.id, 0).await;
        let (Ok(Some(stored)), Ok(actions)) = (stored, actions) else {
            return Err(Reload::Unreachable);
        };
        let mut rebuilt = LiveMatch::restore(
            &stored,
            &actions,
            self.kind.clone(),
            self.store.clone(),
            self.limits.clone(),
        )
        .map_err(Reload::DoesNotReplay)?;
        rebuilt.connections = std::mem::take(&mut self.connections);
        rebuilt.over = Arc::clone(&self.over);
        rebuilt.holders = Arc::clone(&self.holders);
        rebuilt.thinking = self.thinking.clone();
        rebuilt.bugs = Arc::clone(&self.bugs);
        rebuilt.next_connection = self.next_connection;
        *self = rebuilt;
        if self.status == Status::Finished {
            self.over.store(true, Ordering::Relaxed);
        }
        self.schedule();
        self.broadcast_state(None);
        Ok(())
    }

    /// Sets when the bots or the turn timer act next.
    fn schedule(&mut self) {
        self.bot_due = None;
        if self.status != Status::Playing || self.paused.is_some() {
            self.turn_due = None;
            return;
        }
        let state = self.driver.state();
        let current = state
            .current_player()
            .and_then(|p| self.players.iter().position(|q| *q == p));
        // the driver asks a bot: in turn after the bots' pause, out of turn (a window,
        // where it answers whether it moves) at once
        if let Some(asked) = self.driver.asked()
            && self
                .driver
                .seats()
                .get(asked.seat)
                .is_some_and(|s| s.bot().is_some())
        {
            let delay = match asked.in_turn {
                true => u64::from(self.spec.bot_delay_ms.unwrap_or(0)),
                false => 0,
            };
            self.bot_due = Some(Instant::now() + Duration::from_millis(delay));
        }
        let seq = self.seq();
        match (current, self.spec.turn_seconds) {
            (Some(seat), Some(seconds))
                if self
                    .seats
                    .get(seat)
                    .is_some_and(|s| s.kind == SeatKind::Human) =>
            {
                if !matches!(self.turn_due, Some((_, s, at)) if s == seq && at == seat) {
                    let due = Instant::now() + Duration::from_secs(u64::from(seconds));
                    self.turn_due = Some((due, seq, seat));
                }
            }
            _ => self.turn_due = None,
        }
    }

    fn next_due(&self) -> Option<Instant> {
        [
            self.bot_due,
            self.turn_due.map(|(due, ..)| due),
            self.paused.map(|(due, _)| due),
            self.expires,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// A bot's move, or a human's whose time ran out; or, paused, a look for the
    /// storage.
    async fn on_due(&mut self) {
        let now = Instant::now();
        let live = matches!(self.status, Status::Open | Status::Playing);
        if live && self.paused.is_none() && self.expires.is_some_and(|due| due <= now) {
            return self.expire().await;
        }
        if let Some((due, _)) = self.paused {
            if due <= now {
                self.resume().await;
            }
            return;
        }
        if let Some((due, seq, seat)) = self.turn_due
            && due <= now
        {
            self.turn_due = None;
            if seq == self.seq() && self.status == Status::Playing {
                let moves = self.seat_moves(seat);
                let choice = match self.players.get(seat) {
                    Some(player) => (self.timeout_bot).choose(self.driver.state(), *player, &moves),
                    None => None,
                };
                let pick = choice.unwrap_or(0);
                if pick < moves.len() {
                    let _ = self
                        .apply(seat, Pick::Listed(Box::new(moves), pick), "timer")
                        .await;
                }
            }
            return;
        }
        if self.bot_due.is_some_and(|due| due <= now) {
            self.bot_due = None;
            // a match without a person thinks within the server's budget for them,
            // waiting its turn without holding a thread: it cannot starve the
            // matches people play
            let budget = match self.person_plays() {
                true => None,
                false => self.thinking.clone(),
            };
            // none free: look again later (the match keeps taking its commands)
            let permit = match budget.map(|b| b.try_acquire_owned()) {
                Some(Ok(permit)) => Some(permit),
                Some(Err(_)) => {
                    self.budget_wait =
                        (self.budget_wait * 2).clamp(FIRST_BUDGET_WAIT, MOST_BUDGET_WAIT);
                    self.bot_due = Some(now + self.budget_wait);
                    return;
                }
                None => None,
            };
            self.budget_wait = Duration::ZERO;
            let asked = self.driver.asked();
            let answer = think(|| self.driver.bot_answer());
            drop(permit);
            match (asked, answer) {
                (Some(asked), Some(Answer::Move(index))) => {
                    let _ = self.apply(asked.seat, Pick::Asked(index), "bot").await;
                    tokio::task::yield_now().await;
                }
                // a window: play goes on, and the next seat is asked
                (Some(asked), Some(Answer::Pass)) if !asked.in_turn => {
                    self.driver.wait();
                    self.schedule();
                    // the seat asked next (its moves, its timer) is told to everyone
                    if self.driver.asked().is_some_and(|a| !self.is_bot(a.seat)) {
                        self.broadcast_state(None);
                    }
                }
                // a bot that makes no move in turn: the match cannot go on
                _ => {}
            }
        }
    }

    /// Whether a person plays the match now: a human's seat with a connection, whose
    /// last move was its own (not the turn timer's). Only then do its bots think
    /// outside the budget of matches without a person: a seat joined and left idle,
    /// connected or not, does not make a match of bots a person's.
    fn person_plays(&self) -> bool {
        self.seats.iter().enumerate().any(|(i, seat)| {
            seat.kind == SeatKind::Human
                && !seat.timed_out
                && self.connections.iter().any(|c| c.audience.seat == Some(i))
        })
    }

    /// Whether a bot plays seat `seat`.
    fn is_bot(&self, seat: usize) -> bool {
        self.driver
            .seats()
            .get(seat)
            .is_some_and(|s| s.bot().is_some())
    }

    fn viewer(&self, seat: Option<usize>) -> PlayerId {
        seat.and_then(|s| self.players.get(s).copied())
            .unwrap_or(PlayerId::SPECTATOR)
    }

    /// What the action at history index `n` did, as `viewer` hears it.
    fn update(&self, n: u64, viewer: PlayerId) -> Option<Update<'_>> {
        let entry = self.history.get(usize::try_from(n).ok()?)?;
        let events: Vec<AnyEvent> = entry.events.iter().map(|e| e.view_for(viewer)).collect();
        let narrated = self.kind.loaded.def().narrate(self.driver.state(), &events);
        let narration = match narrated {
            Some(lines) => lines,
            // the move in words when the viewer saw every card it names; else nothing
            None => {
                let at = self
                    .players
                    .iter()
                    .position(|p| *p == viewer)
                    .unwrap_or(self.players.len());
                // the mover by its player id, as a narration names players: the table
                // writes the seat's name (a name a person typed never passes through
                // the table's rules for ids and "you")
                let mover = self.players.get(entry.seat).map_or_else(
                    || "?".to_string(),
                    |p| self.driver.state().id_text(*p).into_owned(),
                );
                match entry.told.get(at).cloned().flatten() {
                    Some(words) => vec![format!("{mover}: {words}")],
                    None => Vec::new(),
                }
            }
        };
        Some(Update {
            kind: "update",
            seq: n + 1,
            by: entry.seat,
            origin: entry.origin,
            events,
            narration,
            state: None,
        })
    }

    /// The position as `audience` sees it.
    fn state(&self, audience: Audience) -> StateMessage<'_> {
        let seat = audience.seat;
        let state = self.driver.state();
        // no card is shown before the deal is final (every seat taken), nor who moves
        // first (in some games the cards decide it)
        let dealt = matches!(
            self.status,
            Status::Playing | Status::Finished | Status::Abandoned
        );
        let view = (audience.view && dealt).then(|| {
            let mut view = state.view_for(self.viewer(seat));
            // the card table is sent once, in the welcome
            view.cards = Vec::new();
            view
        });
        let turn = state
            .current_player()
            .filter(|_| dealt)
            .and_then(|p| self.players.iter().position(|q| *q == p));
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatLine {
                name: &s.name,
                kind: s.kind.as_str(),
                joined: s.kind == SeatKind::Bot || s.token_hash.is_some(),
                online: self.connections.iter().any(|c| c.audience.seat == Some(i)),
                cards: match dealt {
                    true => self.players.get(i).map_or(0, |p| state.hand(*p).len()),
                    false => 0,
                },
            })
            .collect();
        let own = seat
            .filter(|_| dealt)
            .and_then(|s| self.players.get(s))
            .map(|p| hand(&self.kind, state, *p));
        let moves = match (seat, self.status) {
            // a paused match lists no moves: none could be stored
            (Some(s), Status::Playing) if self.paused.is_none() => self
                .listed(s)
                .into_iter()
                .enumerate()
                .map(|(index, l)| MoveLine {
                    index,
                    card: l.card.map(|c| state.id_text(c).into_owned()),
                    label: l.label,
                })
                .collect(),
            _ => Vec::new(),
        };
        let winners = state
            .winners()
            .iter()
            .filter_map(|w| self.players.iter().position(|p| p == w))
            .collect();
        // every seat's score by the game's scoring, at the end
        let scores =
            (self.status == Status::Finished).then(|| (self.kind.loaded.def().scoring())(state));
        // and, for a game scored in points (UNO's rules with scoring: the game string
        // is already the one its matches' rounds play), the points the round gave each
        // seat: what its narration said
        let played: Option<decklet_core::GameString> = self.kind.loaded.string().parse().ok();
        let points = (self.status == Status::Finished)
            .then(|| self.kind.loaded.def().matches())
            .flatten()
            .filter(|scoring| {
                played.as_ref().is_some_and(|played| {
                    (scoring.round_game)(played).is_ok_and(|round| round == *played)
                })
            })
            .and_then(|scoring| (scoring.round_score)(state))
            .map(|(winner, points)| {
                let won = state.players().nth(winner);
                self.players
                    .iter()
                    .map(|p| if Some(*p) == won { points } else { 0 })
                    .collect()
            });
        // what the seat knows, once: its zones and the game's facts are read from it
        let info = dealt.then(|| state.info_state(self.viewer(seat)));
        let deadline_ms = self
            .turn_due
            .map(|(due, ..)| due.saturating_duration_since(Instant::now()).as_millis() as u64);
        StateMessage {
            kind: "state",
            seq: self.seq(),
            status: match self.paused {
                Some(_) => "paused",
                None => self.status.as_str(),
            },
            paused: self.paused.map(|_| PAUSED),
            you: seat,
            turn,
            deadline_ms,
            seats,
            // revealed once the match is over however it ended: a match left to idle
            // out is checked as one played to its end
            deal: self.deal.view(matches!(
                self.status,
                Status::Finished | Status::Abandoned | Status::Expired
            )),
            zones: info
                .as_ref()
                .map(|info| zones(&self.kind, info, &self.players))
                .unwrap_or_default(),
            facts: info
                .as_ref()
                .map(|info| facts(&self.kind, info))
                .unwrap_or_default(),
            scores,
            points,
            hand: own,
            moves,
            winners,
            log: (self.status == Status::Finished).then(|| format!("/api/matches/{}/log", self.id)),
            view,
        }
    }

    /// The `state` message for `audience`.
    fn state_message(&self, audience: Audience) -> Outgoing {
        self.to_text(&self.state(audience))
    }

    /// A message as JSON text (an `error` if it cannot be written, which a message
    /// made of strings and numbers cannot fail).
    fn to_text(&self, message: &impl Serialize) -> Outgoing {
        serde_json::to_string(message)
            .unwrap_or_else(|e| {
                json!({"type": "error", "seq": self.seq(), "message": e.to_string()}).to_string()
            })
            .into()
    }

    /// Tells every connection what the action at history index `n` did and the
    /// position after it, in one `update` (written once for each audience).
    fn broadcast_update(&mut self, n: u64) {
        for audience in self.audiences() {
            let Some(mut update) = self.update(n, self.viewer(audience.seat)) else {
                continue;
            };
            update.state = Some(self.state(audience));
            let message = self.to_text(&update);
            self.send_to(audience, message, None);
        }
    }

    /// Sends every connection (but `skip`) the position as its viewer sees it.
    fn broadcast_state(&mut self, skip: Option<u64>) {
        for audience in self.audiences() {
            let message = self.state_message(audience);
            self.send_to(audience, message, skip);
        }
    }

    /// The audiences with a connection.
    fn audiences(&self) -> Vec<Audience> {
        let mut out: Vec<Audience> = Vec::new();
        for c in &self.connections {
            if !out.contains(&c.audience) {
                out.push(c.audience);
            }
        }
        out
    }

    /// Sends `message` to `audience`'s connections (but `skip`); a connection that
    /// cannot take it (its queue is full: it reads too slowly) is dropped, and may
    /// reconnect for what it missed.
    fn send_to(&mut self, audience: Audience, message: Outgoing, skip: Option<u64>) {
        self.connections.retain(|c| {
            c.audience != audience
                || Some(c.id) == skip
                || c.out.try_send(Arc::clone(&message)).is_ok()
        });
    }

    fn refuse(&mut self, conn: u64, reason: &str, rule: Option<&str>) {
        let message: Outgoing = json!({
            "type": "refused",
            "seq": self.seq(),
            "reason": reason,
            "rule": rule,
        })
        .to_string()
        .into();
        self.tell(conn, message);
    }

    fn tell(&self, conn: u64, message: Outgoing) {
        if let Some(c) = self.connections.iter().find(|c| c.id == conn) {
            let _ = c.out.try_send(message);
        }
    }
}

/// `welcome`: who the connection is, and the game's card table (every seat knows it).
#[derive(Serialize)]
struct Welcome<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seq: u64,
    #[serde(rename = "match")]
    id: &'a str,
    game: String,
    seat: Option<usize>,
    names: Vec<&'a str>,
    cards: Vec<&'a decklet_core::Card>,
}

/// `update`: what one action did, as one viewer hears it, and (told as it happens,
/// not in a `missed`) the position after it.
#[derive(Serialize)]
struct Update<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seq: u64,
    by: usize,
    origin: &'static str,
    events: Vec<AnyEvent>,
    narration: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<StateMessage<'a>>,
}

/// `missed`: the updates a connection missed.
#[derive(Serialize)]
struct Missed<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seq: u64,
    updates: Vec<Update<'a>>,
}

/// `state`: the position as one viewer may see it, with its listed moves.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    seq: u64,
    status: &'static str,
    /// Why the match is paused, while it is (then `status` is `paused`).
    #[serde(skip_serializing_if = "Option::is_none")]
    paused: Option<&'static str>,
    you: Option<usize>,
    turn: Option<usize>,
    deadline_ms: Option<u64>,
    seats: Vec<SeatLine<'a>>,
    /// The deal's commitment, and once finished its seed and salt.
    deal: DealView,
    /// Every zone as the viewer sees it.
    zones: Vec<crate::table_view::ZoneLine>,
    /// The game's facts in words, as the viewer knows them.
    facts: Vec<String>,
    /// Once finished: each seat's score by the game's scoring.
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<Vec<f64>>,
    /// Once finished, for a game scored in points: the points the round gave each seat
    /// (its winner's, 0 for the others).
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<Vec<u32>>,
    hand: Option<Vec<crate::table_view::HandCard>>,
    moves: Vec<MoveLine>,
    winners: Vec<usize>,
    /// Where a finished match's log is given (`None` before the end: it tells every
    /// card).
    log: Option<String>,
    /// Only for connections that asked for it in their hello.
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<decklet_core::GameView>,
}

#[derive(Serialize)]
struct SeatLine<'a> {
    name: &'a str,
    kind: &'static str,
    joined: bool,
    online: bool,
    cards: usize,
}

#[derive(Serialize)]
struct MoveLine {
    index: usize,
    label: String,
    /// The id of the card of the seat's hand the move plays or passes, if it names
    /// one (the hand's card of that id).
    card: Option<String>,
}

/// The stored origin's name.
fn origin_name(origin: &str) -> &'static str {
    match origin {
        "bot" => "bot",
        "timer" => "timer",
        _ => "move",
    }
}

/// Which move a seat makes.
enum Pick {
    /// The move at this index of the moves the driver listed for the seat it asks (a
    /// bot's answer).
    Asked(usize),
    /// The move at this index of the seat's own listed moves (a person's, or the turn
    /// timer's for them).
    Listed(Box<Moves>, usize),
}

async fn sleep_until(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}

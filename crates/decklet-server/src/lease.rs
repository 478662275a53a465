//! Leases: matches that outlive their server. Every server on a database renews its
//! heartbeat (one row) every third of its lease
//! ([`Limits::match_lease`](crate::Limits::match_lease), 3 s by default), which is its
//! lease on every live match it plays; the matches of a server whose heartbeat ran out
//! (it died, or lost the database for longer than a lease) are taken over by the first
//! server that sees them, which rebuilds each from its stored actions and takes its
//! seats' reconnections. A
//! server that finds it no longer plays a match it holds (another took it over while
//! it could not renew) stops it; it could not have stored a move of it anyway: an
//! append names its server, and is refused for a match another server took over.
//!
//! A seat that reaches a server other than its match's (behind one address, the
//! server its requests are routed to) is answered "moving here, try again" (503), and
//! the match's server hands the match over at its next look, within a second.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::error::ApiError;
use crate::live::{Command, MatchHandle};
use crate::server::{Server, rebuild};
use crate::store::now_ms;

/// The most matches one look takes over (the next look, a renewal later, goes on).
const TAKEN_A_LOOK: u32 = 200;

impl Server {
    /// The end of a lease taken or renewed now, in milliseconds since the epoch.
    fn lease_end(&self) -> i64 {
        let lease = i64::try_from(self.limits().match_lease.as_millis()).unwrap_or(i64::MAX);
        now_ms().saturating_add(lease)
    }

    /// Every third of a lease (at least every second): renews this server's leases,
    /// stops the matches it lost, hands over those another server asked for and takes
    /// over the matches whose lease ran out, until the server shuts down.
    pub(crate) fn keep_leases(&self) {
        let server = self.clone();
        // a third of a lease, and at least every second: a match another server asks
        // for is handed over within a second
        let every = (self.limits().match_lease / 3)
            .min(Duration::from_secs(1))
            .max(Duration::from_millis(10));
        // the renewals on their own, so that no takeover's rebuilding can delay them
        // past a lease
        let renewing = server.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if renewing.is_closed() {
                    break;
                }
                renewing.renew().await;
            }
        });
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            // the matches that could not be rebuilt here: told once, not tried again
            let mut failed = HashSet::new();
            loop {
                tick.tick().await;
                if server.is_closed() {
                    break;
                }
                server.start_handed_over(&mut failed).await;
                server.hand_over_wanted().await;
                server.take_over_expired().await;
            }
        });
    }

    /// Renews the leases; stops the live matches this server holds but no longer
    /// plays.
    async fn renew(&self) {
        let me = &self.limits().server_name;
        let mut renewed = self.store().renew_leases(me, self.lease_end()).await;
        if renewed.is_err() {
            // once more at once: a lease is worth two tries
            renewed = self.store().renew_leases(me, self.lease_end()).await;
        }
        self.set_renewed(renewed.is_ok());
        let owned = match renewed {
            Ok(owned) => owned,
            // the store is away: the matches pause on their own; the leases may run out
            Err(error) => return eprintln!("decklet serve: leases not renewed: {error}"),
        };
        let lost: Vec<(String, MatchHandle)> = self.entries(|id, entry| {
            !entry.over.load(Ordering::Relaxed) && !owned.iter().any(|o| o == id)
        });
        for (id, handle) in lost {
            // started here since the renewal (a seat's request took it over): its own
            match self.store().load_match(&id).await {
                Ok(Some(stored)) if stored.server == *me => continue,
                Err(_) => continue,
                _ => {}
            }
            eprintln!("decklet serve: match {id} was taken over by another server: stopped here");
            self.forget(&id);
            let (done, stopped) = tokio::sync::oneshot::channel();
            if handle.tx.send(Command::Stop { done }).await.is_ok() {
                let _ = stopped.await;
            }
        }
    }

    /// Starts the live matches the database says this server plays but it does not
    /// hold, but those in `failed` (which could not be rebuilt: they are added there,
    /// and told once).
    async fn start_handed_over(&self, failed: &mut HashSet<String>) {
        let Ok(owned) = self.store().live_matches(&self.limits().server_name).await else {
            return;
        };
        for id in owned {
            if self.handle(&id).is_none()
                && !failed.contains(&id)
                && let Err(error) = self.adopt(&id).await
            {
                eprintln!("decklet serve: match {id} not started here: {error}");
                failed.insert(id);
            }
        }
    }

    /// Hands the matches another server asked for over to it: each is stopped here
    /// (what it acknowledged is stored), then given to the server asking, which takes
    /// it at once.
    async fn hand_over_wanted(&self) {
        let me = &self.limits().server_name;
        let Ok(wanted) = self.store().wanted(me).await else {
            return;
        };
        for (id, to) in wanted {
            if let Some(handle) = self.handle(&id) {
                self.forget(&id);
                let (done, stopped) = tokio::sync::oneshot::channel();
                if handle.tx.send(Command::Stop { done }).await.is_ok() {
                    let _ = stopped.await;
                }
            }
            match self.store().hand_over(&id, me).await {
                Ok(()) => eprintln!("decklet serve: match {id} handed over to server `{to}`"),
                Err(error) => eprintln!("decklet serve: match {id} not handed over: {error}"),
            }
        }
    }

    /// Takes over the live matches whose lease ran out.
    async fn take_over_expired(&self) {
        let expired = match self.store().expired_leases(now_ms(), TAKEN_A_LOOK).await {
            Ok(expired) => expired,
            Err(_) => return,
        };
        for (id, from) in expired {
            if let Err(error) = self.take_over(&id, &from).await {
                eprintln!("decklet serve: match {id} of server `{from}` not taken over: {error}");
            }
        }
    }

    /// Takes match `id` over from server `from` if `from`'s lease on it ran out, and
    /// starts it here: its task, or `None` when another server was first or the lease
    /// has not run out.
    pub(crate) async fn take_over(
        &self,
        id: &str,
        from: &str,
    ) -> Result<Option<MatchHandle>, ApiError> {
        if self.is_closed() {
            return Ok(None);
        }
        if let Some(handle) = self.handle(id) {
            return Ok(Some(handle));
        }
        let me = &self.limits().server_name;
        // another server's match only once this one has kept its own heartbeat for a
        // lease: after an outage of the store, every server renews its own first
        if from != me && !self.steadily_renewed() {
            return Ok(None);
        }
        // a match handed over to this server is its own already, with a lease run out
        let taken = self.store().take_over(id, from, me, now_ms()).await?;
        if !taken {
            return Ok(None);
        }
        eprintln!("decklet serve: took match {id} over from server `{from}`");
        self.adopt(id).await.map(Some)
    }

    /// Starts live match `id`, which the database says this server plays, from its
    /// stored actions (unless it runs here already): its task.
    pub(crate) async fn adopt(&self, id: &str) -> Result<MatchHandle, ApiError> {
        if let Some(handle) = self.handle(id) {
            return Ok(handle);
        }
        let entry = rebuild(
            self.store(),
            self.catalog(),
            self.limits(),
            self.shared(),
            id,
        )
        .await
        .map_err(|why| ApiError::internal(format!("match {id} cannot be rebuilt: {why}")))?;
        Ok(self.keep(id, entry))
    }
}

//! Where a match is played, and bringing it here: the task of a match a request or a
//! connection names, found in this server, rebuilt here, or asked for from the server
//! that plays it. Only a seat moves a match: a connection whose hello carries a token
//! of one of the match's seats (checked against the stored hashes) asks its server to
//! hand it over; a spectator, a request without a token, or a wrong token never does.

use std::time::Duration;

use crate::error::ApiError;
use crate::live::MatchHandle;
use crate::server::Server;
use crate::store::StoredMatch;
use crate::token::token_matches;

/// How long a seat's connection waits for its match to be handed over to this server
/// (its server hands it over at its next look, within a second), before it is told
/// to come back.
const HANDOVER_WAIT: Duration = Duration::from_secs(4);

/// Why a match's task cannot be had here.
#[derive(Debug)]
pub(crate) enum Unplayable {
    /// Not here, for a reason to tell the client (an `ApiError`'s status).
    Refused(ApiError),
    /// Moving here or played elsewhere: the client may try again shortly.
    Elsewhere(String),
}

impl From<ApiError> for Unplayable {
    fn from(error: ApiError) -> Unplayable {
        Unplayable::Refused(error)
    }
}

impl From<crate::store::StoreError> for Unplayable {
    fn from(error: crate::store::StoreError) -> Unplayable {
        Unplayable::Refused(error.into())
    }
}

impl Server {
    /// The stored match `id` (404 when there is none).
    pub(crate) async fn stored(&self, id: &str) -> Result<StoredMatch, ApiError> {
        if id.len() > 64 {
            return Err(ApiError::not_found("no such match"));
        }
        self.store()
            .load_match(id)
            .await?
            .ok_or_else(|| ApiError::not_found("no such match"))
    }

    /// The task of match `id` for the seat whose token is `token`: here already,
    /// rebuilt here (finished, taken over from a server whose lease ran out, or
    /// handed over to this one), or asked for from its server and waited for.
    pub(crate) async fn task_for_seat(
        &self,
        id: &str,
        token: &str,
    ) -> Result<MatchHandle, Unplayable> {
        if let Some(handle) = self.handle(id) {
            return Ok(handle);
        }
        let stored = self.stored(id).await?;
        // every seat is compared, so that the time taken says nothing of which
        let mut holds = false;
        for seat in &stored.seats {
            if let Some(hash) = &seat.token_hash {
                holds |= token_matches(token, hash);
            }
        }
        if !holds {
            return Err(ApiError::forbidden("this token is no seat's of this match").into());
        }
        if stored.status == "finished" {
            return Ok(self.reopen_finished(id).await?);
        }
        self.bring_here(&stored, true).await
    }

    /// The task of match `id` for a spectator: here already, or finished (rebuilt
    /// here to be seen). A live match another server plays is watched there: a
    /// spectator does not move it.
    pub(crate) async fn task_to_watch(&self, id: &str) -> Result<MatchHandle, Unplayable> {
        if let Some(handle) = self.handle(id) {
            return Ok(handle);
        }
        let stored = self.stored(id).await?;
        if stored.status == "finished" {
            return Ok(self.reopen_finished(id).await?);
        }
        self.bring_here(&stored, false).await
    }

    /// The task of match `id` for someone joining `seat` (the first free one when
    /// `None`): asked for from its server only when there is such a free seat.
    pub(crate) async fn task_to_join(
        &self,
        id: &str,
        seat: Option<usize>,
    ) -> Result<MatchHandle, Unplayable> {
        if let Some(handle) = self.handle(id) {
            return Ok(handle);
        }
        let stored = self.stored(id).await?;
        let free = |s: &crate::store::StoredSeat| s.kind == "human" && s.token_hash.is_none();
        let has_free = match seat {
            Some(seat) => stored.seats.get(seat).is_some_and(free),
            None => stored.seats.iter().any(free),
        };
        if stored.status != "open" || !has_free {
            return Err(ApiError::conflict(match seat {
                Some(seat) => format!("match {id} has no free seat {seat}"),
                None => format!("match {id} has no free seat"),
            })
            .into());
        }
        self.bring_here(&stored, true).await
    }

    /// Starts live match `stored` here: taken over if its server's lease ran out,
    /// adopted if it was handed over here; else, if `ask`, asked for from its server
    /// and waited for up to [`HANDOVER_WAIT`].
    async fn bring_here(&self, stored: &StoredMatch, ask: bool) -> Result<MatchHandle, Unplayable> {
        let id = stored.id.as_str();
        if !matches!(stored.status.as_str(), "open" | "playing") {
            return Err(ApiError::conflict(format!("match {id} is {}", stored.status)).into());
        }
        let me = self.limits().server_name.clone();
        if stored.server == me {
            // handed over to this server, not started yet
            return Ok(self.adopt(id).await?);
        }
        if let Some(handle) = self.take_over(id, &stored.server).await? {
            return Ok(handle);
        }
        if !ask {
            return Err(Unplayable::Elsewhere(format!(
                "match {id} is played by server `{}`: watch it there",
                stored.server
            )));
        }
        // its server hands it over at its next look, within a second
        self.store().want(id, &me).await?;
        let waiting = tokio::time::Instant::now();
        while waiting.elapsed() < HANDOVER_WAIT {
            tokio::time::sleep(Duration::from_millis(50)).await;
            if let Some(handle) = self.handle(id) {
                return Ok(handle);
            }
            let now = self.stored(id).await?;
            if now.server == me {
                return Ok(self.adopt(id).await?);
            }
        }
        Err(Unplayable::Elsewhere(format!(
            "match {id} is moving to this server from server `{}`: try again in a second",
            stored.server
        )))
    }
}

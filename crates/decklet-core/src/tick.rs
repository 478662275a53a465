//! The tick loop: one all-or-nothing run of queued actions and events.
//!
//! Actions run FIFO; after each one, the events it emitted are handled FIFO (handlers
//! may emit more events and dispatch more actions) before the next action runs. A
//! [`Rollback`] guards the tick: if anything fails (a rule refuses, a handler errs, a
//! limit is passed) or a plugin panics, dropping the guard undoes the journal back to
//! the tick's checkpoint, RNG included, and empties the queues; only [`Rollback::commit`]
//! keeps the changes.

use crate::action::{Action, ActionOrigin};
use crate::action_log::Log;
use crate::error::EngineError;
use crate::journal::Checkpoint;
use crate::kind_table::{Kind, Kinds};
use crate::queues::Queues;
use crate::registry::{ActionKind, Run, Vouched};
use crate::state::GameState;

/// A tick's limits, and what started it (named by a limit's error).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) actions: usize,
    pub(crate) events: usize,
}

/// Undoes a tick unless it is committed (also when a plugin panics and the tick
/// unwinds: the engine is then exactly as before the call).
pub(crate) struct Rollback<'a> {
    pub(crate) state: &'a mut GameState,
    pub(crate) queues: &'a mut Queues,
    checkpoint: Option<Checkpoint>,
}

impl<'a> Rollback<'a> {
    pub(crate) fn new(state: &'a mut GameState, queues: &'a mut Queues) -> Self {
        let checkpoint = Checkpoint::take(state, &queues.journal);
        queues.journaling = true;
        Rollback {
            state,
            queues,
            checkpoint: Some(checkpoint),
        }
    }

    /// Keeps the tick's changes (the kept events stay queued for delivery).
    pub(crate) fn commit(mut self) {
        self.checkpoint = None;
        self.queues.journal.clear();
    }
}

impl Drop for Rollback<'_> {
    fn drop(&mut self) {
        if let Some(checkpoint) = self.checkpoint.take() {
            checkpoint.restore(self.state, &mut self.queues.journal);
            self.queues.clear();
        }
    }
}

/// What the tick of an external action runs with: the parts of the engine it changes.
pub(crate) struct ExternalTick<'a> {
    pub(crate) state: &'a mut GameState,
    pub(crate) queues: &'a mut Queues,
    pub(crate) kinds: &'a Kinds,
    pub(crate) log: &'a mut Log,
    pub(crate) limits: Limits,
    /// What vouches for the action.
    pub(crate) vouched: Vouched,
}

impl ExternalTick<'_> {
    /// Runs the tick of external action `action` of kind `k`, all or nothing, and logs
    /// the action if it committed (typed, and erased actions once their kind made them
    /// typed: one path).
    #[inline]
    pub(crate) fn run<A: Action>(
        self,
        k: Kind,
        kind: &ActionKind<A>,
        action: A,
    ) -> Result<(), EngineError> {
        let guard = Rollback::new(self.state, self.queues);
        run_external(
            guard.state,
            guard.queues,
            self.kinds,
            self.limits,
            kind,
            &action,
            self.vouched,
        )?;
        guard.commit();
        self.log.push(k, action);
        Ok(())
    }
}

/// Runs the queues empty: first the events already queued, then actions (and after
/// each, its events) until none is left.
pub(crate) fn run(
    state: &mut GameState,
    queues: &mut Queues,
    kinds: &Kinds,
    limits: Limits,
    started_by: &str,
) -> Result<(), EngineError> {
    let mut run = Run {
        state,
        queues,
        kinds,
    };
    drain(&mut run, limits, started_by, ActionOrigin::Internal, 0)
}

/// Runs a tick's external `action`, whose kind is `kind`, then the queues empty
/// ([`run`]). The action is run where it is, so that the caller can log it after.
pub(crate) fn run_external<A: Action>(
    state: &mut GameState,
    queues: &mut Queues,
    kinds: &Kinds,
    limits: Limits,
    kind: &ActionKind<A>,
    action: &A,
    vouched: Vouched,
) -> Result<(), EngineError> {
    if limits.actions == 0 {
        return Err(over_limit(A::KIND, "actions", 0));
    }
    kind.run(
        action,
        state,
        queues,
        kinds,
        ActionOrigin::External,
        vouched,
    )?;
    if queues.emitted > limits.events {
        return Err(over_limit(A::KIND, "events", limits.events));
    }
    let mut run = Run {
        state,
        queues,
        kinds,
    };
    drain(&mut run, limits, A::KIND, ActionOrigin::External, 1)
}

fn over_limit(started_by: &str, counted: &'static str, limit: usize) -> EngineError {
    EngineError::TickLimitExceeded {
        action: started_by.to_string(),
        limit,
        counted,
    }
}

/// The tick loop, after `count` actions of which the last came from `origin`: its
/// events, then each queued action and its events, until nothing is left.
fn drain(
    run: &mut Run<'_>,
    limits: Limits,
    started_by: &str,
    mut origin: ActionOrigin,
    mut count: usize,
) -> Result<(), EngineError> {
    loop {
        handle_events(run, origin)?;
        if run.queues.emitted > limits.events {
            return Err(over_limit(started_by, "events", limits.events));
        }
        let Some((k, next_origin)) = run.queues.actions.pop_front() else {
            return Ok(());
        };
        count += 1;
        if count > limits.actions {
            return Err(over_limit(started_by, "actions", limits.actions));
        }
        origin = next_origin;
        match k.and_then(|k| Some((k, run.kinds.action_ops(k)?))) {
            Some((k, ops)) => ops.run_next(k, run, origin)?,
            None => {
                let kind = match k {
                    None => run.queues.untyped_actions.pop_front().map(|a| a.kind()),
                    Some(k) => run.kinds.names.get(k.index()).copied(),
                };
                return Err(EngineError::UnknownAction {
                    kind: kind.unwrap_or("?").to_string(),
                });
            }
        }
        if run.queues.emitted > limits.events {
            return Err(over_limit(started_by, "events", limits.events));
        }
    }
}

/// Handles queued events until there are none.
#[inline]
fn handle_events(run: &mut Run<'_>, origin: ActionOrigin) -> Result<(), EngineError> {
    while let Some(k) = run.queues.events.pop_front() {
        match k.and_then(|k| Some((k, run.kinds.event_ops(k)?))) {
            Some((k, ops)) => ops.handle_next(k, run, origin)?,
            None => {
                // a kind without a table entry has no handler: kept boxed, if at all
                if let Some(event) = run.queues.untyped_events.pop_front() {
                    run.queues.untyped_done.push_back(event);
                    run.queues.done.push(None);
                }
            }
        }
        if run.queues.emitted > run.queues.max_events {
            return Ok(()); // the caller reports it
        }
    }
    Ok(())
}

//! [`Position`]: which position of which engine a list of moves was listed at.
//!
//! Every engine has an identity of its own (a fork gets a new one) and counts the
//! changes of its state: each tick, each game created or position adopted moves it on.
//! A list of moves the engine listed itself ([`GameEngine::list_moves`](crate::GameEngine::list_moves))
//! keeps the position it was listed at; while the engine is still there, a move of the
//! list is one the rules accept (the contract of
//! [`GamePlugin::moves`](crate::GamePlugin::moves)), and dispatching it need not ask
//! them again.

use std::sync::atomic::{AtomicU64, Ordering};

/// The engines made so far in this process: each takes the next number.
static ENGINES: AtomicU64 = AtomicU64::new(0);

/// A position of one engine: the engine's number and how many times its state has
/// changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    engine: u64,
    step: u64,
}

impl Position {
    /// The first position of a new engine (a number no other engine of this process
    /// has).
    pub(crate) fn of_new_engine() -> Position {
        Position {
            engine: ENGINES.fetch_add(1, Ordering::Relaxed),
            step: 0,
        }
    }

    /// The engine's state is about to change: the next position.
    #[inline]
    pub(crate) fn advance(&mut self) {
        self.step = self.step.wrapping_add(1);
    }
}

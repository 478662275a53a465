//! [`Queues`]: everything a tick runs with (the queued actions and events in order,
//! their typed lanes, the events kept for after the tick, the undo journal), kept
//! between ticks so that a steady-state game allocates nothing per action or event.

use std::collections::VecDeque;

use crate::action::{ActionOrigin, AnyAction};
use crate::event::AnyEvent;
use crate::ids::CardId;
use crate::journal::Journal;
use crate::kind_table::{Kind, Kinds};
use crate::lanes::{Fifo, Lanes};

/// Everything a tick runs with, kept between ticks so that nothing is allocated again.
#[derive(Default)]
pub(crate) struct Queues {
    /// Actions waiting to run: kind (`None`: boxed, in `untyped_actions`) and origin,
    /// in order.
    pub(crate) actions: Fifo<(Option<Kind>, ActionOrigin)>,
    /// Events waiting to be handled: kind (`None`: boxed, in `untyped_events`), in order.
    pub(crate) events: Fifo<Option<Kind>>,
    pub(crate) lanes: Lanes,
    /// Boxed actions and events of kinds not in the table.
    pub(crate) untyped_actions: VecDeque<AnyAction>,
    pub(crate) untyped_events: VecDeque<AnyEvent>,
    /// Events handled and kept for after the tick: kind, in order, and their lanes.
    pub(crate) done: Vec<Option<Kind>>,
    pub(crate) done_lanes: Lanes,
    pub(crate) untyped_done: VecDeque<AnyEvent>,
    /// Keep every event (the caller wants an `Outcome`, or someone hears them all).
    pub(crate) keep_all: bool,
    /// Events emitted in this tick, listened to or not.
    pub(crate) emitted: usize,
    pub(crate) max_events: usize,
    pub(crate) journal: Journal,
    /// Whether changes are journaled (not while a new game is set up: a failed
    /// `create_game` drops the whole new state).
    pub(crate) journaling: bool,
    /// The last game's zone buffers, emptied, for the next game's zones: a new game's
    /// hands and piles do not grow from nothing again.
    pub(crate) spare_zones: Vec<Vec<CardId>>,
}

impl Queues {
    /// Empties every queue and the journal (a tick ended either way).
    pub(crate) fn clear(&mut self) {
        self.actions.clear();
        self.events.clear();
        self.lanes.clear();
        self.untyped_actions.clear();
        self.untyped_events.clear();
        self.clear_done();
        self.emitted = 0;
        self.journal.clear();
    }

    /// Readies the queues for a tick: what a tick interrupted by a panic left is
    /// dropped; the tick may emit `max_events` events and keeps them all with
    /// `keep_all`.
    #[inline]
    pub(crate) fn begin(&mut self, max_events: usize, keep_all: bool) {
        if !self.done.is_empty() || !self.actions.is_empty() || !self.events.is_empty() {
            self.clear();
        }
        self.emitted = 0;
        self.max_events = max_events;
        self.keep_all = keep_all;
    }

    /// An empty buffer for a new zone's cards.
    #[inline]
    pub(crate) fn zone_buffer(&mut self) -> Vec<CardId> {
        self.spare_zones.pop().unwrap_or_default()
    }

    /// Keeps the buffers of a game that is over, emptied, for the next game's zones.
    pub(crate) fn keep_zone_buffers(&mut self, zones: Vec<Vec<CardId>>) {
        self.spare_zones.extend(zones.into_iter().map(|mut cards| {
            cards.clear();
            cards
        }));
    }

    pub(crate) fn clear_done(&mut self) {
        self.done.clear();
        self.done_lanes.clear();
        self.untyped_done.clear();
    }

    /// Whether an event of kind `k` is kept for after the tick.
    #[inline]
    pub(crate) fn keeps(&self, kinds: &Kinds, k: Kind) -> bool {
        self.keep_all || kinds.subscribed(k)
    }
}

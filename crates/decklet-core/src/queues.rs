//! Typed queues: how actions and events travel through a tick without a box each.
//!
//! Every action or event type the engine meets gets a small index, its *kind*, in the
//! engine's [`Kinds`] table (looked up by `TypeId` once per dispatch or emit). Each kind
//! has its own typed FIFO lane; a shared FIFO of kind indices keeps the order across
//! kinds. Lanes are made the first time a kind is used and then reused by every tick
//! and game, so a steady-state game allocates nothing per action or event. The log of
//! external actions is kept the same way: one typed list per kind plus the order.

use std::any::{Any, TypeId};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHasher};

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::event::AnyEvent;
use crate::ids::CardId;
use crate::journal::Journal;
use crate::registry::{ActionOps, EventOps};

/// The kind index of types the table does not know: their actions and events travel
/// boxed (an action of a kind nobody handles fails when it runs; an event nobody
/// handles is only kept when the caller wants every event).
pub(crate) const UNTYPED: u32 = u32::MAX;

/// What the engine knows of a kind.
#[derive(Clone)]
pub(crate) enum KindOps {
    Action(Arc<dyn ActionOps>),
    Event(Arc<dyn EventOps>),
}

/// The engine's kinds: `TypeId` → index, action kinds by name (for JSON), and what is
/// known of each (its typed operations, who listens).
#[derive(Clone, Default)]
pub(crate) struct Kinds {
    by_type: KindIndex,
    by_name: FxHashMap<&'static str, u32>,
    pub(crate) names: Vec<&'static str>,
    pub(crate) ops: Vec<KindOps>,
    /// Whether a plugin handles the kind (events).
    pub(crate) handled: Vec<bool>,
    /// How many typed subscriptions hear the kind.
    pub(crate) subscribed: Vec<u32>,
}

impl Kinds {
    #[inline]
    pub(crate) fn of(&self, type_id: TypeId) -> Option<u32> {
        self.by_type.get(type_id)
    }

    /// The action kind named `name`.
    pub(crate) fn action_named(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }

    /// Adds a kind with its operations (if its type is new); its index.
    pub(crate) fn add(&mut self, type_id: TypeId, name: &'static str, ops: KindOps) -> u32 {
        if let Some(k) = self.of(type_id) {
            return k;
        }
        let k = self.names.len() as u32;
        self.by_type.insert(type_id, k);
        if matches!(ops, KindOps::Action(_)) {
            self.by_name.insert(name, k);
        }
        self.names.push(name);
        self.ops.push(ops);
        self.handled.push(false);
        self.subscribed.push(0);
        k
    }

    /// The kind string another type already claims for `name`, if a different type.
    pub(crate) fn claimed(&self, name: &str, type_id: TypeId) -> bool {
        self.names
            .iter()
            .enumerate()
            .any(|(k, n)| *n == name && self.by_type.get(type_id) != Some(k as u32))
    }

    #[inline]
    pub(crate) fn action_ops(&self, k: u32) -> Option<&Arc<dyn ActionOps>> {
        match self.ops.get(k as usize) {
            Some(KindOps::Action(ops)) => Some(ops),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn event_ops(&self, k: u32) -> Option<&Arc<dyn EventOps>> {
        match self.ops.get(k as usize) {
            Some(KindOps::Event(ops)) => Some(ops),
            _ => None,
        }
    }

    /// Whether a plugin handles events of kind `k`.
    #[inline]
    pub(crate) fn handled(&self, k: u32) -> bool {
        self.handled.get(k as usize).copied().unwrap_or(false)
    }

    /// Whether a subscription hears events of kind `k`.
    #[inline]
    pub(crate) fn subscribed(&self, k: u32) -> bool {
        self.subscribed.get(k as usize).is_some_and(|n| *n > 0)
    }

    /// One typed subscription more (`+1`) or fewer (`-1`) of kind `k`.
    pub(crate) fn count_subscription(&mut self, k: u32, change: i32) {
        if let Some(n) = self.subscribed.get_mut(k as usize) {
            *n = n.saturating_add_signed(change);
        }
    }
}

/// `TypeId` → kind index, by open addressing: a power-of-two table at most half full,
/// probed from the type's hash onwards (a game has a few dozen kinds, so a lookup is
/// one probe, rarely two). Every emit and dispatch asks it.
#[derive(Clone, Default)]
struct KindIndex {
    slots: Vec<Option<(TypeId, u32)>>,
    len: usize,
}

impl KindIndex {
    /// Where the probe for `type_id` starts in a table of `mask + 1` slots.
    #[inline]
    fn start(type_id: TypeId, mask: usize) -> usize {
        let mut hasher = FxHasher::default();
        type_id.hash(&mut hasher);
        hasher.finish() as usize & mask
    }

    #[inline]
    fn get(&self, type_id: TypeId) -> Option<u32> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = Self::start(type_id, mask);
        // half full at most: the probe meets an empty slot
        loop {
            match self.slots.get(i)? {
                Some((t, k)) if *t == type_id => return Some(*k),
                Some(_) => i = (i + 1) & mask,
                None => return None,
            }
        }
    }

    /// Adds a type that is not there yet.
    fn insert(&mut self, type_id: TypeId, k: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            self.slots = vec![None; (old.len() * 2).max(16)];
            self.len = 0;
            for (t, k) in old.into_iter().flatten() {
                self.insert(t, k);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::start(type_id, mask);
        while let Some(Some(_)) = self.slots.get(i) {
            i = (i + 1) & mask;
        }
        if let Some(slot) = self.slots.get_mut(i) {
            *slot = Some((type_id, k));
            self.len += 1;
        }
    }
}

/// A typed FIFO of one kind (a `VecDeque<T>`), and how to empty it without knowing `T`;
/// a kind not used yet has an empty lane of no type.
struct Lane {
    type_id: TypeId,
    queue: Box<dyn Any + Send>,
    clear: fn(&mut (dyn Any + Send)),
}

impl Lane {
    /// Makes this (unused) lane a lane of `T`s.
    #[cold]
    #[inline(never)]
    fn become_of<T: Send + 'static>(&mut self) {
        *self = Lane {
            type_id: TypeId::of::<VecDeque<T>>(),
            queue: Box::new(VecDeque::<T>::new()),
            clear: clear_queue::<T>,
        };
    }

    /// The lane of a kind not used yet (nothing allocated).
    fn unused() -> Lane {
        Lane {
            type_id: TypeId::of::<()>(),
            queue: Box::new(()),
            clear: |_| {},
        }
    }
}

fn clear_queue<T: Send + 'static>(queue: &mut (dyn Any + Send)) {
    if let Some(queue) = queue.downcast_mut::<VecDeque<T>>() {
        queue.clear();
    }
}

/// Lanes by kind index.
#[derive(Default)]
pub(crate) struct Lanes(Vec<Lane>);

impl Lanes {
    /// The lane of kind `k`, which holds `T`s (made on first use).
    #[inline(always)]
    pub(crate) fn get<T: Send + 'static>(&mut self, k: u32) -> Option<&mut VecDeque<T>> {
        let k = k as usize;
        if k >= self.0.len() {
            self.grow(k);
        }
        let lane = self.0.get_mut(k)?;
        if lane.type_id != TypeId::of::<VecDeque<T>>() {
            lane.become_of::<T>();
        }
        lane.queue.downcast_mut::<VecDeque<T>>()
    }

    /// Makes room for kind `k`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, k: usize) {
        self.0.resize_with(k + 1, Lane::unused);
    }

    pub(crate) fn clear(&mut self) {
        for lane in &mut self.0 {
            (lane.clear)(&mut *lane.queue);
        }
    }
}

/// A first-in first-out list of small `Copy` values (the order of queued kinds): a
/// vector read from a cursor, emptied whenever the cursor catches up, so it never
/// wraps around.
#[derive(Debug)]
pub(crate) struct Fifo<T> {
    items: Vec<T>,
    next: usize,
}

impl<T> Default for Fifo<T> {
    fn default() -> Self {
        Fifo {
            items: Vec::new(),
            next: 0,
        }
    }
}

impl<T: Copy> Fifo<T> {
    #[inline]
    pub(crate) fn push_back(&mut self, item: T) {
        self.items.push(item);
    }

    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<T> {
        let item = *self.items.get(self.next)?;
        self.next += 1;
        if self.next == self.items.len() {
            self.clear();
        }
        Some(item)
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.next == self.items.len()
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.next = 0;
    }
}

/// Everything a tick runs with, kept between ticks so that nothing is allocated again.
#[derive(Default)]
pub(crate) struct Queues {
    /// Actions waiting to run: kind and origin, in order.
    pub(crate) actions: Fifo<(u32, ActionOrigin)>,
    /// Events waiting to be handled: kind, in order.
    pub(crate) events: Fifo<u32>,
    pub(crate) lanes: Lanes,
    /// Boxed actions and events of kinds not in the table.
    pub(crate) untyped_actions: VecDeque<AnyAction>,
    pub(crate) untyped_events: VecDeque<AnyEvent>,
    /// Events handled and kept for after the tick: kind, in order, and their lanes.
    pub(crate) done: Vec<u32>,
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
    pub(crate) fn keeps(&self, kinds: &Kinds, k: u32) -> bool {
        self.keep_all || kinds.subscribed(k)
    }
}

/// A log lane: the logged actions of one kind.
pub(crate) trait LogLane: Any + Send + Sync {
    fn json(&self, i: usize) -> Result<serde_json::Value, serde_json::Error>;
    fn get(&self, i: usize) -> Option<AnyAction>;
    fn clear(&mut self);
    fn clone_box(&self) -> Box<dyn LogLane>;
}

impl<A: Action> LogLane for Vec<A> {
    fn json(&self, i: usize) -> Result<serde_json::Value, serde_json::Error> {
        match <[A]>::get(self, i) {
            Some(action) => serde_json::to_value(action),
            None => Ok(serde_json::Value::Null),
        }
    }
    fn get(&self, i: usize) -> Option<AnyAction> {
        <[A]>::get(self, i).cloned().map(AnyAction::new)
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn clone_box(&self) -> Box<dyn LogLane> {
        Box::new(self.clone())
    }
}

/// The committed external actions of a game, typed: kind and position in its lane, in
/// order.
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) order: Vec<(u32, u32)>,
    lanes: Vec<Option<Box<dyn LogLane>>>,
}

impl Clone for Log {
    fn clone(&self) -> Self {
        Log {
            order: self.order.clone(),
            lanes: self
                .lanes
                .iter()
                .map(|lane| lane.as_ref().map(|l| l.clone_box()))
                .collect(),
        }
    }
}

impl Log {
    /// Logs an action of kind `k`.
    pub(crate) fn push<A: Action>(&mut self, k: u32, action: A) {
        let i = k as usize;
        if self.lanes.len() <= i {
            self.lanes.resize_with(i + 1, || None);
        }
        let lane: &mut dyn Any =
            &mut **self.lanes[i].get_or_insert_with(|| Box::new(Vec::<A>::new()));
        if let Some(list) = lane.downcast_mut::<Vec<A>>() {
            self.order.push((k, list.len() as u32));
            list.push(action);
        }
    }

    pub(crate) fn clear(&mut self) {
        self.order.clear();
        for lane in self.lanes.iter_mut().flatten() {
            lane.clear();
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    /// The `n`-th action's payload as JSON (inside a scope).
    pub(crate) fn json(&self, n: usize) -> Result<serde_json::Value, serde_json::Error> {
        match self.order.get(n) {
            Some(&(k, i)) => match self.lanes.get(k as usize).and_then(Option::as_ref) {
                Some(lane) => lane.json(i as usize),
                None => Ok(serde_json::Value::Null),
            },
            None => Ok(serde_json::Value::Null),
        }
    }

    /// The `n`-th action, boxed.
    pub(crate) fn get(&self, n: usize) -> Option<AnyAction> {
        let &(k, i) = self.order.get(n)?;
        self.lanes.get(k as usize)?.as_ref()?.get(i as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forty distinct types.
    fn type_ids() -> Vec<TypeId> {
        fn id<const N: usize>() -> TypeId {
            TypeId::of::<[u8; N]>()
        }
        macro_rules! ids {
            ($($n:literal)*) => { vec![$(id::<$n>()),*] };
        }
        ids!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19
             20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39)
    }

    #[test]
    fn the_kind_index_finds_every_type_it_holds_through_its_growth_and_no_other() {
        let ids = type_ids();
        let mut index = KindIndex::default();
        assert_eq!(index.get(ids[0]), None);
        for (k, id) in ids.iter().enumerate().take(30) {
            index.insert(*id, k as u32);
            // everything inserted so far, and nothing else
            for (j, other) in ids.iter().enumerate() {
                let expected = (j <= k).then_some(j as u32);
                assert_eq!(index.get(*other), expected, "after {k}, type {j}");
            }
        }
        assert!(index.slots.len() >= 2 * index.len);
    }

    #[test]
    fn a_fifo_gives_back_what_it_was_given_in_order_however_pushes_and_pops_interleave() {
        let mut fifo = Fifo::default();
        let mut model = VecDeque::new();
        // a fixed pattern of pushes (positive) and pops (0), emptying it now and then
        let steps = [3, 0, 2, 0, 0, 0, 5, 1, 0, 4, 0, 0, 0, 0, 0, 7, 0, 2, 0, 0];
        let mut n = 0u32;
        for step in steps {
            if step == 0 {
                assert_eq!(fifo.pop_front(), model.pop_front());
            } else {
                for _ in 0..step {
                    n += 1;
                    fifo.push_back(n);
                    model.push_back(n);
                }
            }
            assert_eq!(fifo.is_empty(), model.is_empty());
        }
        while let Some(item) = model.pop_front() {
            assert_eq!(fifo.pop_front(), Some(item));
        }
        assert_eq!(fifo.pop_front(), None);
        fifo.push_back(99);
        fifo.clear();
        assert!(fifo.is_empty());
        assert_eq!(fifo.pop_front(), None);
    }
}

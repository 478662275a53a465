//! The kind table: every action or event type the engine meets gets a small index,
//! its [`Kind`], looked up by `TypeId` once per dispatch or emit, and what is known of
//! each kind (its typed operations, its name, who listens).

use std::any::TypeId;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHasher};

use crate::registry::{ActionOps, EventOps};

/// The index of a kind in a game's [`Kinds`]. Actions and events of a type the table
/// does not know travel boxed, as `None` where a kind is expected (an action of a kind
/// nobody handles fails when it runs; an event nobody handles is only kept when the
/// caller wants every event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Kind(NonZeroU32);

impl Kind {
    /// The kind at position `index` of the table.
    #[inline]
    pub(crate) fn at(index: usize) -> Kind {
        Kind(NonZeroU32::MIN.saturating_add(u32::try_from(index).unwrap_or(u32::MAX - 1)))
    }

    /// Its position in the table (and in every list by kind).
    #[inline(always)]
    pub(crate) fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

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
    by_name: FxHashMap<&'static str, Kind>,
    pub(crate) names: Vec<&'static str>,
    /// Each kind's type.
    pub(crate) type_ids: Vec<TypeId>,
    pub(crate) ops: Vec<KindOps>,
    /// Whether a plugin handles the kind (events).
    pub(crate) handled: Vec<bool>,
    /// How many typed subscriptions hear the kind.
    pub(crate) subscribed: Vec<u32>,
}

impl Kinds {
    #[inline]
    pub(crate) fn of(&self, type_id: TypeId) -> Option<Kind> {
        self.by_type.get(type_id)
    }

    /// The action kind named `name`.
    pub(crate) fn action_named(&self, name: &str) -> Option<Kind> {
        self.by_name.get(name).copied()
    }

    /// Adds a kind with its operations (if its type is new); its index.
    pub(crate) fn add(&mut self, type_id: TypeId, name: &'static str, ops: KindOps) -> Kind {
        if let Some(k) = self.of(type_id) {
            return k;
        }
        let k = Kind::at(self.names.len());
        self.by_type.insert(type_id, k);
        if matches!(ops, KindOps::Action(_)) {
            self.by_name.insert(name, k);
        }
        self.names.push(name);
        self.type_ids.push(type_id);
        self.ops.push(ops);
        self.handled.push(false);
        self.subscribed.push(0);
        k
    }

    /// Whether kind `k` is of type `type_id`.
    #[inline]
    pub(crate) fn is_of(&self, k: Kind, type_id: TypeId) -> bool {
        self.type_ids.get(k.index()) == Some(&type_id)
    }

    /// The kind string another type already claims for `name`, if a different type.
    pub(crate) fn claimed(&self, name: &str, type_id: TypeId) -> bool {
        self.names
            .iter()
            .enumerate()
            .any(|(k, n)| *n == name && self.by_type.get(type_id) != Some(Kind::at(k)))
    }

    #[inline]
    pub(crate) fn action_ops(&self, k: Kind) -> Option<&Arc<dyn ActionOps>> {
        match self.ops.get(k.index()) {
            Some(KindOps::Action(ops)) => Some(ops),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn event_ops(&self, k: Kind) -> Option<&Arc<dyn EventOps>> {
        match self.ops.get(k.index()) {
            Some(KindOps::Event(ops)) => Some(ops),
            _ => None,
        }
    }

    /// Whether a plugin handles events of kind `k`.
    #[inline]
    pub(crate) fn handled(&self, k: Kind) -> bool {
        self.handled.get(k.index()).copied().unwrap_or(false)
    }

    /// Whether a subscription hears events of kind `k`.
    #[inline]
    pub(crate) fn subscribed(&self, k: Kind) -> bool {
        self.subscribed.get(k.index()).is_some_and(|n| *n > 0)
    }

    /// One typed subscription more (`+1`) or fewer (`-1`) of kind `k`.
    pub(crate) fn count_subscription(&mut self, k: Kind, change: i32) {
        if let Some(n) = self.subscribed.get_mut(k.index()) {
            *n = n.saturating_add_signed(change);
        }
    }
}

/// `TypeId` → kind index, by open addressing: a power-of-two table at most half full,
/// probed from the type's hash onwards (a game has a few dozen kinds, so a lookup is
/// one probe, rarely two). Every emit and dispatch asks it.
#[derive(Clone, Default)]
struct KindIndex {
    slots: Vec<Option<(TypeId, Kind)>>,
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
    fn get(&self, type_id: TypeId) -> Option<Kind> {
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
    fn insert(&mut self, type_id: TypeId, k: Kind) {
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
            index.insert(*id, Kind::at(k));
            // everything inserted so far, and nothing else
            for (j, other) in ids.iter().enumerate() {
                let expected = (j <= k).then_some(Kind::at(j));
                assert_eq!(index.get(*other), expected, "after {k}, type {j}");
            }
        }
        assert!(index.slots.len() >= 2 * index.len);
    }
}

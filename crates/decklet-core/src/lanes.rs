//! Typed lanes: how actions and events travel through a tick without a box each. Each
//! kind has its own typed FIFO lane, made the first time the kind is used and then
//! reused by every tick and game; a shared FIFO of kinds keeps the order across them.

use std::any::{Any, TypeId};
use std::collections::VecDeque;

use crate::kind_table::Kind;

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
    pub(crate) fn get<T: Send + 'static>(&mut self, k: Kind) -> Option<&mut VecDeque<T>> {
        let k = k.index();
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

#[cfg(test)]
mod tests {
    use super::*;

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

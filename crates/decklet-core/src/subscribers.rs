//! Subscribers: who hears a tick's events after it commits, in subscription order.

use std::any::{Any, TypeId};
use std::sync::Arc;

use crate::event::{AnyEvent, Event};
use crate::tables::Tables;

/// Identifies a subscription, for [`GameEngine::unsubscribe`](crate::GameEngine::unsubscribe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubscriptionId(u64);

/// A typed subscriber of `E`.
type Typed<E> = Box<dyn FnMut(&E) + Send>;
/// A subscriber of every event.
type All = Box<dyn FnMut(&AnyEvent) + Send>;

enum Callback {
    /// A `Typed<E>`, with `E`'s `TypeId`.
    Typed {
        type_id: TypeId,
        callback: Box<dyn Any + Send>,
    },
    All(All),
}

struct Subscriber {
    id: u64,
    callback: Callback,
}

/// The engine's subscribers.
#[derive(Default)]
pub(crate) struct Subscribers {
    list: Vec<Subscriber>,
    next: u64,
    /// How many subscribers hear every event (asked before every tick).
    all: usize,
}

impl Subscribers {
    pub(crate) fn add_typed<E: Event>(
        &mut self,
        callback: impl FnMut(&E) + Send + 'static,
    ) -> SubscriptionId {
        let typed: Typed<E> = Box::new(callback);
        self.add(Callback::Typed {
            type_id: TypeId::of::<E>(),
            callback: Box::new(typed),
        })
    }

    pub(crate) fn add_all(
        &mut self,
        callback: impl FnMut(&AnyEvent) + Send + 'static,
    ) -> SubscriptionId {
        self.all += 1;
        self.add(Callback::All(Box::new(callback)))
    }

    fn add(&mut self, callback: Callback) -> SubscriptionId {
        self.next += 1;
        self.list.push(Subscriber {
            id: self.next,
            callback,
        });
        SubscriptionId(self.next)
    }

    /// Removes a subscription; the `TypeId` it listened to, if typed.
    pub(crate) fn remove(&mut self, id: SubscriptionId) -> Option<Option<TypeId>> {
        let index = self.list.iter().position(|s| s.id == id.0)?;
        Some(match self.list.remove(index).callback {
            Callback::Typed { type_id, .. } => Some(type_id),
            Callback::All(_) => {
                self.all -= 1;
                None
            }
        })
    }

    /// Whether someone hears every event.
    pub(crate) fn hears_all(&self) -> bool {
        self.all > 0
    }

    /// Hands a committed event to its subscribers in order; to `outcome` too, boxed
    /// once for it and the subscribers of every event.
    pub(crate) fn deliver<E: Event>(
        &mut self,
        event: &E,
        tables: &Arc<Tables>,
        outcome: Option<&mut Vec<AnyEvent>>,
    ) {
        let wanted = TypeId::of::<E>();
        let mut boxed: Option<AnyEvent> = None;
        for subscriber in &mut self.list {
            match &mut subscriber.callback {
                Callback::Typed {
                    type_id, callback, ..
                } if *type_id == wanted => {
                    if let Some(callback) = callback.downcast_mut::<Typed<E>>() {
                        callback(event);
                    }
                }
                Callback::Typed { .. } => {}
                Callback::All(callback) => {
                    let any =
                        boxed.get_or_insert_with(|| AnyEvent::new(event.clone()).in_game(tables));
                    callback(any);
                }
            }
        }
        if let Some(outcome) = outcome {
            outcome.push(boxed.unwrap_or_else(|| AnyEvent::new(event.clone()).in_game(tables)));
        }
    }

    /// Hands a boxed event (of a kind the engine has no table entry for) to the
    /// subscribers of every event and to `outcome`.
    pub(crate) fn deliver_any(&mut self, event: AnyEvent, outcome: Option<&mut Vec<AnyEvent>>) {
        for subscriber in &mut self.list {
            if let Callback::All(callback) = &mut subscriber.callback {
                callback(&event);
            }
        }
        if let Some(outcome) = outcome {
            outcome.push(event);
        }
    }
}

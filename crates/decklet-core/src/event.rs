//! Events: the [`Event`] trait and the type-erased [`AnyEvent`].
//!
//! An event tells what happened ("a card was played"). Handlers of other plugins react
//! to it inside the tick; subscribers hear it after the tick commits.

use std::any::{Any, TypeId};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use crate::ids::PlayerId;

/// A typed event with a stable kind string.
///
/// ```
/// use decklet_core::Event;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Clone, Debug, Serialize, Deserialize)]
/// struct Knocked { by: String }
/// impl Event for Knocked { const KIND: &'static str = "KNOCKED"; }
/// ```
pub trait Event: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static {
    /// The kind string, e.g. `"CARD_PLAYED"`; the `"type"` of the JSON form.
    const KIND: &'static str;

    /// The event as `viewer` may see it. Public by default; an event that names hidden
    /// cards (a draw) overrides this to hide them from everyone but their owner.
    fn view_for(&self, viewer: &PlayerId) -> Self {
        let _ = viewer;
        self.clone()
    }
}

trait ErasedEvent: Any + Debug + Send + Sync {
    fn payload_json(&self) -> serde_json::Value;
    fn clone_box(&self) -> Box<dyn ErasedEvent>;
    fn view_box(&self, viewer: &PlayerId) -> Box<dyn ErasedEvent>;
}

impl<E: Event> ErasedEvent for E {
    fn payload_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
    fn clone_box(&self) -> Box<dyn ErasedEvent> {
        Box::new(self.clone())
    }
    fn view_box(&self, viewer: &PlayerId) -> Box<dyn ErasedEvent> {
        Box::new(Event::view_for(self, viewer))
    }
}

/// A type-erased event. Its JSON form is `{"type": KIND, "payload": {...}}`.
///
/// ```
/// use decklet_core::{AnyEvent, GameStarted};
/// let event = AnyEvent::new(GameStarted { game_id: "g1".into() });
/// assert_eq!(event.kind(), "GAME_STARTED");
/// assert_eq!(event.to_json()["payload"]["gameId"], "g1");
/// ```
pub struct AnyEvent {
    kind: &'static str,
    type_id: TypeId,
    inner: Box<dyn ErasedEvent>,
}

impl AnyEvent {
    /// Erases a typed event.
    pub fn new<E: Event>(event: E) -> Self {
        AnyEvent {
            kind: E::KIND,
            type_id: TypeId::of::<E>(),
            inner: Box::new(event),
        }
    }

    /// The kind string.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The `TypeId` of the typed event inside.
    pub fn type_id(&self) -> TypeId {
        self.type_id
    }

    /// Whether the event is an `E`.
    pub fn is<E: Event>(&self) -> bool {
        self.type_id == TypeId::of::<E>()
    }

    /// The typed event, if it is an `E`.
    pub fn downcast_ref<E: Event>(&self) -> Option<&E> {
        let any: &dyn Any = &*self.inner;
        any.downcast_ref::<E>()
    }

    /// The JSON form `{"type": KIND, "payload": {...}}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "type": self.kind, "payload": self.inner.payload_json() })
    }

    /// The payload alone, as JSON.
    pub fn payload_json(&self) -> serde_json::Value {
        self.inner.payload_json()
    }

    /// The event as `viewer` may see it (see [`Event::view_for`]).
    pub fn view_for(&self, viewer: &PlayerId) -> AnyEvent {
        AnyEvent {
            kind: self.kind,
            type_id: self.type_id,
            inner: self.inner.view_box(viewer),
        }
    }
}

impl<E: Event> From<E> for AnyEvent {
    fn from(event: E) -> Self {
        AnyEvent::new(event)
    }
}

impl Clone for AnyEvent {
    fn clone(&self) -> Self {
        AnyEvent {
            kind: self.kind,
            type_id: self.type_id,
            inner: self.inner.clone_box(),
        }
    }
}

impl Debug for AnyEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Debug::fmt(&self.inner, f)
    }
}

impl Serialize for AnyEvent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

//! Events: the [`Event`] trait and the type-erased [`AnyEvent`].
//!
//! An event says what happened ("a card was played"). Handlers of its kind run during
//! the tick (they may emit more events and dispatch more actions); subscribers hear it
//! after the tick commits. Inside a tick events stay typed, one queue per kind: emitting
//! allocates nothing.

use std::any::{Any, TypeId};
use std::fmt::Debug;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use crate::error::EngineError;
use crate::ids::PlayerId;
use crate::scope;
use crate::tables::Tables;

/// A typed event with a stable kind string.
///
/// ```
/// use decklet_core::{Event, PlayerId};
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Clone, Debug, Serialize, Deserialize)]
/// #[serde(rename_all = "camelCase")]
/// struct Knocked { player_id: PlayerId }
///
/// impl Event for Knocked {
///     const KIND: &'static str = "KNOCKED";
/// }
/// ```
pub trait Event: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static {
    /// The kind string, e.g. `"CARD_PLAYED"`; the `"type"` of the JSON form.
    const KIND: &'static str;

    /// The event as `viewer` may see it. Public by default; an event that names hidden
    /// cards (a draw) overrides this to hide them from everyone but their owner.
    fn view_for(&self, viewer: PlayerId) -> Self {
        let _ = viewer;
        self.clone()
    }
}

trait ErasedEvent: Any + Debug + Send + Sync {
    fn kind(&self) -> &'static str;
    fn payload_json(&self) -> Result<serde_json::Value, serde_json::Error>;
    fn clone_box(&self) -> Box<dyn ErasedEvent>;
    fn view_box(&self, viewer: PlayerId) -> Box<dyn ErasedEvent>;
}

impl<E: Event> ErasedEvent for E {
    fn kind(&self) -> &'static str {
        E::KIND
    }
    fn payload_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
    fn clone_box(&self) -> Box<dyn ErasedEvent> {
        Box::new(self.clone())
    }
    fn view_box(&self, viewer: PlayerId) -> Box<dyn ErasedEvent> {
        Box::new(Event::view_for(self, viewer))
    }
}

/// An owned event of any kind: what [`Outcome`](crate::Outcome)s hold and
/// [`GameEngine::subscribe_all`](crate::GameEngine::subscribe_all) subscribers hear.
/// Its JSON form is `{"type": KIND, "payload": {...}}`, with ids as text: an event the
/// engine hands out knows its game.
///
/// ```
/// use decklet_core::*;
/// let game = Game::builder().build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig { game_id: "g1".into(), ..Default::default() });
/// let outcome = engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let created = &outcome.events[0];
/// assert_eq!(created.kind(), GAME_CREATED);
/// assert_eq!(created.to_json()?["payload"]["playerIds"][0], "p1");
/// # Ok::<(), EngineError>(())
/// ```
pub struct AnyEvent {
    type_id: TypeId,
    inner: Box<dyn ErasedEvent>,
    /// The game it happened in, for writing it as JSON.
    tables: Option<Arc<Tables>>,
}

impl AnyEvent {
    /// Erases a typed event.
    pub fn new<E: Event>(event: E) -> Self {
        AnyEvent {
            type_id: TypeId::of::<E>(),
            inner: Box::new(event),
            tables: None,
        }
    }

    pub(crate) fn in_game(mut self, tables: &Arc<Tables>) -> Self {
        self.tables = Some(Arc::clone(tables));
        self
    }

    /// The kind string.
    pub fn kind(&self) -> &'static str {
        self.inner.kind()
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

    /// The typed event, moved out, if it is an `E`.
    pub(crate) fn into_typed<E: Event>(self) -> Option<E> {
        let any: Box<dyn Any> = self.inner;
        any.downcast::<E>().ok().map(|event| *event)
    }

    /// The JSON form `{"type": KIND, "payload": {...}}`. An event from an engine knows
    /// its game; one made with [`AnyEvent::new`] does not, and writes its handles only
    /// inside [`GameState::json_of`](crate::GameState::json_of): elsewhere a payload
    /// holding a handle is an error ([`EngineError::Json`]), never a silent `null`.
    pub fn to_json(&self) -> Result<serde_json::Value, EngineError> {
        Ok(serde_json::json!({ "type": self.kind(), "payload": self.payload_json()? }))
    }

    /// The payload alone, as JSON (see [`to_json`](Self::to_json)).
    pub fn payload_json(&self) -> Result<serde_json::Value, EngineError> {
        let write = || self.inner.payload_json().map_err(EngineError::from);
        match &self.tables {
            Some(tables) => scope::with_tables(tables, write),
            None => write(),
        }
    }

    /// The event as `viewer` may see it (see [`Event::view_for`]).
    pub fn view_for(&self, viewer: PlayerId) -> AnyEvent {
        AnyEvent {
            type_id: self.type_id,
            inner: self.inner.view_box(viewer),
            tables: self.tables.clone(),
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
            type_id: self.type_id,
            inner: self.inner.clone_box(),
            tables: self.tables.clone(),
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
        scope::serialize_typed(
            self.kind(),
            || self.inner.payload_json(),
            self.tables.as_ref(),
            serializer,
        )
    }
}

//! [`GamePlugin`] and the handlers a plugin registers: [`ActionHandler`], [`EventHandler`].

use std::any::TypeId;
use std::fmt;
use std::sync::Arc;

use crate::action::{Action, AnyAction};
use crate::context::GameContext;
use crate::error::EngineError;
use crate::event::{AnyEvent, Event};
use crate::rule::Rule;

type ActionFn = dyn Fn(&AnyAction, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync;
type EventFn = dyn Fn(&AnyEvent, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync;
pub(crate) type ParseFn = fn(&serde_json::Value) -> Result<AnyAction, serde_json::Error>;

fn parse_action<A: Action>(payload: &serde_json::Value) -> Result<AnyAction, serde_json::Error> {
    A::deserialize(payload).map(AnyAction::new)
}

/// Executes the actions of one kind. One handler per kind in a game.
///
/// ```
/// use decklet_core::{ActionHandler, PlayCard, GameContext, EngineError};
/// fn play(action: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
///     let _ = (action, ctx);
///     Ok(())
/// }
/// let handler = ActionHandler::new::<PlayCard>(play);
/// assert_eq!(handler.kind(), "PLAY_CARD");
/// ```
#[derive(Clone)]
pub struct ActionHandler {
    kind: &'static str,
    type_id: TypeId,
    pub(crate) parse: ParseFn,
    run: Arc<ActionFn>,
}

impl ActionHandler {
    /// A handler for actions of type `A`.
    pub fn new<A: Action>(
        handler: impl Fn(&A, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync + 'static,
    ) -> Self {
        ActionHandler {
            kind: A::KIND,
            type_id: TypeId::of::<A>(),
            parse: parse_action::<A>,
            run: Arc::new(move |action, ctx| match action.downcast_ref::<A>() {
                Some(typed) => handler(typed, ctx),
                None => Err(EngineError::UnknownAction {
                    kind: action.kind().to_string(),
                }),
            }),
        }
    }

    /// The kind it handles.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The Rust type it handles.
    pub fn type_id(&self) -> TypeId {
        self.type_id
    }

    #[inline]
    pub(crate) fn run(
        &self,
        action: &AnyAction,
        ctx: &mut GameContext<'_>,
    ) -> Result<(), EngineError> {
        (self.run)(action, ctx)
    }
}

impl fmt::Debug for ActionHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ActionHandler({})", self.kind)
    }
}

/// Reacts to the events of one kind inside a tick. Many per kind; they run in plugin
/// registration order.
#[derive(Clone)]
pub struct EventHandler {
    kind: &'static str,
    type_id: TypeId,
    run: Arc<EventFn>,
}

impl EventHandler {
    /// A handler for events of type `E`.
    pub fn new<E: Event>(
        handler: impl Fn(&E, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync + 'static,
    ) -> Self {
        EventHandler {
            kind: E::KIND,
            type_id: TypeId::of::<E>(),
            run: Arc::new(move |event, ctx| match event.downcast_ref::<E>() {
                Some(typed) => handler(typed, ctx),
                None => Ok(()),
            }),
        }
    }

    /// The kind it handles.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The Rust type it handles.
    pub fn type_id(&self) -> TypeId {
        self.type_id
    }

    #[inline]
    pub(crate) fn run(
        &self,
        event: &AnyEvent,
        ctx: &mut GameContext<'_>,
    ) -> Result<(), EngineError> {
        (self.run)(event, ctx)
    }
}

impl fmt::Debug for EventHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EventHandler({})", self.kind)
    }
}

/// A plugin: setup, rules, action handlers and event handlers, registered declaratively.
/// Plugins are usually unit structs and hold no state: everything lives in the
/// [`GameState`](crate::GameState).
///
/// ```
/// use decklet_core::*;
///
/// struct Table;
/// impl GamePlugin for Table {
///     fn id(&self) -> &'static str { "table" }
///     fn name(&self) -> &'static str { "Table" }
///     fn version(&self) -> &'static str { "1.0.0" }
///     fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
///         if ctx.state().zone_by_str("table").is_none() {
///             ctx.add_zone(Zone::new("table", "table"))?;
///         }
///         Ok(())
///     }
/// }
///
/// let mut engine = GameEngine::new(EngineConfig::default());
/// engine.use_plugin(Table);
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// assert!(engine.state().zone_by_str("table").is_some());
/// # Ok::<(), EngineError>(())
/// ```
pub trait GamePlugin: Send + Sync + 'static {
    /// Unique id, e.g. `"uno"`.
    fn id(&self) -> &'static str;
    /// Display name.
    fn name(&self) -> &'static str;
    /// Version, recorded in logs.
    fn version(&self) -> &'static str;
    /// Ids of plugins that must be registered before this one.
    fn requires(&self) -> &'static [&'static str] {
        &[]
    }
    /// Prepares the state (zones, cards, variables). Must be idempotent: run twice, the
    /// state is the same as after one run.
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let _ = ctx;
        Ok(())
    }
    /// The plugin's rules, in order.
    fn rules(&self) -> Vec<Rule> {
        Vec::new()
    }
    /// The plugin's action handlers.
    fn actions(&self) -> Vec<ActionHandler> {
        Vec::new()
    }
    /// The plugin's event handlers.
    fn events(&self) -> Vec<EventHandler> {
        Vec::new()
    }
}

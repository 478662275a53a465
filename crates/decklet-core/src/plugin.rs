//! [`GamePlugin`] and what it registers: [`Rule`]s, [`ActionHandler`]s and
//! [`EventHandler`]s.

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Arc;

use crate::action::Action;
use crate::context::GameContext;
use crate::error::EngineError;
use crate::event::Event;
use crate::registry::Registry;
use crate::rule::Rule;
use crate::state::GameState;

/// An action handler of type `A`.
pub(crate) type ActionFn<A> =
    Arc<dyn Fn(&A, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync>;
/// An event handler of type `E`.
pub(crate) type EventFn<E> =
    Arc<dyn Fn(&E, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync>;

/// Carries out the actions of one kind, after its rules let them through. One per kind
/// (a second is an error at `create_game`).
///
/// ```
/// use decklet_core::{ActionHandler, PlayCard};
/// let handler = ActionHandler::new::<PlayCard>(|_play, _ctx| Ok(()));
/// assert_eq!(handler.kind(), "PLAY_CARD");
/// ```
#[derive(Clone)]
pub struct ActionHandler {
    kind: &'static str,
    type_id: TypeId,
    /// The `ActionFn<A>`.
    handler: Arc<dyn Any + Send + Sync>,
    pub(crate) install:
        fn(&ActionHandler, &mut Registry, &[Rule], &'static str) -> Result<(), EngineError>,
}

fn install_action<A: Action>(
    handler: &ActionHandler,
    registry: &mut Registry,
    rules: &[Rule],
    plugin: &'static str,
) -> Result<(), EngineError> {
    match handler.handler.downcast_ref::<ActionFn<A>>() {
        Some(run) => registry.install_action::<A>(Arc::clone(run), rules, plugin),
        None => Ok(()),
    }
}

impl ActionHandler {
    /// A handler for actions of type `A`.
    pub fn new<A: Action>(
        handler: impl Fn(&A, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync + 'static,
    ) -> Self {
        let run: ActionFn<A> = Arc::new(handler);
        ActionHandler {
            kind: A::KIND,
            type_id: TypeId::of::<A>(),
            handler: Arc::new(run),
            install: install_action::<A>,
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
    /// The `EventFn<E>`.
    handler: Arc<dyn Any + Send + Sync>,
    pub(crate) install: fn(&EventHandler, &mut Registry) -> Result<(), EngineError>,
}

fn install_event<E: Event>(
    handler: &EventHandler,
    registry: &mut Registry,
) -> Result<(), EngineError> {
    match handler.handler.downcast_ref::<EventFn<E>>() {
        Some(run) => registry.install_event::<E>(Arc::clone(run)),
        None => Ok(()),
    }
}

impl EventHandler {
    /// A handler for events of type `E`.
    pub fn new<E: Event>(
        handler: impl Fn(&E, &mut GameContext<'_>) -> Result<(), EngineError> + Send + Sync + 'static,
    ) -> Self {
        let run: EventFn<E> = Arc::new(handler);
        EventHandler {
            kind: E::KIND,
            type_id: TypeId::of::<E>(),
            handler: Arc::new(run),
            install: install_event::<E>,
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
///         if ctx.state().zone_id("table").is_none() {
///             ctx.add_zone(Zone::new("table", "table"))?;
///         }
///         Ok(())
///     }
/// }
///
/// let game = Game::builder().plugin(Table).build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// assert!(engine.state().zone_id("table").is_some());
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
    /// Prepares the state (zones, cards, variables, attachments). Must be idempotent:
    /// run twice, the state is the same as after one run. The engine also runs it on a
    /// state it adopts ([`GameEngine::load_state`](crate::GameEngine::load_state)), to
    /// rebuild what plugins attach.
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let _ = ctx;
        Ok(())
    }
    /// Declares what the plugin adds to the game's [`GameData`](crate::GameData) when
    /// the game is built, after every earlier plugin's declarations (so it may change
    /// them): configuration that changes how the game plays, read by every match. The
    /// default declares nothing.
    fn declare(&self, data: &mut crate::GameData) {
        let _ = data;
    }
    /// Checks that a position the engine adopts from outside
    /// ([`GameEngine::load_state`](crate::GameEngine::load_state), a log's recorded
    /// start) is one this plugin's game can be in: what the plugin owns (its zones,
    /// cards and variables) is there and in range. It runs after every plugin's setup
    /// left the state unchanged. The default accepts every position.
    fn validate(&self, state: &GameState) -> Result<(), EngineError> {
        let _ = state;
        Ok(())
    }
    /// The external actions `seat` may take now, as far as this plugin knows: the
    /// game's legal moves are composed over the plugins in registration order
    /// ([`Game::legal_moves`](crate::Game::legal_moves)), each plugin adding the moves
    /// of its own kinds to `moves` and, if it changes an earlier plugin's rules,
    /// withdrawing the moves those rules now refuse (`moves.retain(..)`). Every listed
    /// move must be one the rules accept (the kit check of `decklet-bots` proves it on
    /// random positions): a move the engine listed itself is dispatched without asking
    /// the rules again in a release build ([`GameEngine::list_moves`](crate::GameEngine::list_moves)).
    /// The default lists none.
    fn moves(&self, state: &GameState, seat: crate::PlayerId, moves: &mut crate::Moves) {
        let _ = (state, seat, moves);
    }
    /// Whether the plugin lists moves ([`moves`](Self::moves)): only those that do are
    /// asked, once the game is built. The default says yes; a plugin that lists none
    /// (a rule that only checks or reacts) says no, and costs no listing a call.
    fn lists_moves(&self) -> bool {
        true
    }
    /// Whether, in `state`, a seat other than the one to move may have moves of this
    /// plugin's listing (UNO's jump-in, a catch). It must depend only on what every
    /// seat knows (the rules, public variables): the windows it opens are offered to
    /// every other seat, and were only the seats that hold such a move asked, who is
    /// asked would tell everyone what they hold. The game loops, the environments and the server offer the
    /// other seats a window out of turn only where some plugin says yes
    /// ([`Game::moves_out_of_turn`](crate::Game::moves_out_of_turn)), so a plugin that
    /// lists moves out of turn must say so here. The default: no.
    fn moves_out_of_turn(&self, state: &GameState) -> bool {
        let _ = state;
        false
    }
    /// The plugin's rules, in order; a rule may replace or wrap an earlier plugin's
    /// rule by id ([`Rule::replacing`], [`Rule::wrapping`]).
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

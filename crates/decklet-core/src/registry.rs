//! The registry: what the plugins registered, compiled per kind.
//!
//! Built once from the plugin list when a [`Game`](crate::Game) is built (and shared by
//! every engine of it): every
//! action kind gets its handler and its own rules in order, replacements and wrappers
//! applied ([`rules_of`]); every event kind its handlers in plugin order. The typed
//! operations of each kind ([`ActionOps`], [`EventOps`]) are what the tick loop calls
//! through `dyn`, so that the queues stay typed.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::sync::Arc;

use crate::action::{Action, ActionOrigin, ActionRef, AnyAction};
use crate::context::GameContext;
use crate::engine::{GameEngine, Outcome};
use crate::error::EngineError;
use crate::event::{AnyEvent, Event};
use crate::kind_table::{Kind, KindOps, Kinds};
use crate::log::PluginInfo;
use crate::plugin::{ActionFn, EventFn, GamePlugin};
use crate::queues::Queues;
use crate::rule::{Check, Rule, rules_of};
use crate::state::GameState;
use crate::subscribers::Subscribers;
use crate::tables::Tables;
use crate::tick::ExternalTick;

/// What vouches for an action before its handler runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Vouched {
    /// Its kind's rules, run first (the first refusal stops it).
    Rules,
    /// The engine's own list of moves of the position it is dispatched at
    /// ([`GameEngine::list_moves`]): a listed move is one the rules accept (the
    /// contract of [`GamePlugin::moves`], which the kit checks), so they are not asked
    /// again; in debug builds they still are, and a refusal panics there (the game's
    /// listing and its rules disagree: a bug of the game, never of its input).
    Listing,
}

/// An action kind's rules and handler: what runs each action of the kind.
pub(crate) struct ActionKind<A> {
    pub(crate) plugin: &'static str,
    rules: Vec<(Cow<'static, str>, Check<A>)>,
    handler: ActionFn<A>,
}

impl<A: Action> ActionKind<A> {
    /// The typed kind behind `ops`, if its actions are `A`s.
    #[inline]
    pub(crate) fn of(ops: &dyn ActionOps) -> Option<&ActionKind<A>> {
        let any: &dyn Any = ops;
        any.downcast_ref()
    }

    /// Runs the kind's rules (the first refusal stops it), unless the engine's listing
    /// vouches for the action, then its handler.
    #[inline]
    pub(crate) fn run(
        &self,
        action: &A,
        state: &mut GameState,
        queues: &mut Queues,
        kinds: &Kinds,
        origin: ActionOrigin,
        vouched: Vouched,
    ) -> Result<(), EngineError> {
        let rules = match vouched == Vouched::Rules || cfg!(debug_assertions) {
            true => self.rules.as_slice(),
            false => &[],
        };
        for (id, check) in rules {
            if let Err(reason) = check.run(action, origin, state) {
                // only debug builds ask the rules of a listed move: a refusal there is
                // a game whose listing and rules disagree, told loudly (a caller that
                // drops errors, as a search's playout does, would hide it)
                debug_assert!(
                    vouched == Vouched::Rules,
                    "the game listed a {} move its rule `{id}` refuses: {reason}",
                    A::KIND
                );
                return Err(EngineError::Rejected {
                    action: A::KIND.to_string(),
                    rule: id.to_string(),
                    // a reason may quote the action's input: bounded and escaped
                    reason: crate::error::quoted(&reason),
                });
            }
        }
        let mut ctx = GameContext::new(state, queues, kinds, origin);
        (self.handler)(action, &mut ctx)
    }
}

/// An event kind's handlers, in plugin order (none for a kind only subscribers hear).
pub(crate) struct EventKind<E> {
    handlers: Vec<EventFn<E>>,
}

/// What the plugins registered: each kind compiled into the kind table.
#[derive(Default)]
pub(crate) struct Registry {
    pub(crate) plugins: Vec<PluginInfo>,
    pub(crate) kinds: Kinds,
}

impl Registry {
    /// Checks the plugins (unique ids, requirements registered earlier, rules they
    /// change registered earlier, one handler per action kind, one type per kind
    /// string) and compiles what they register.
    pub(crate) fn build(plugins: &[Arc<dyn GamePlugin>]) -> Result<Registry, EngineError> {
        let mut registry = Registry::default();
        let mut rules: Vec<Rule> = Vec::new();
        let mut handlers = Vec::new();
        let mut event_handlers = Vec::new();
        for (index, plugin) in plugins.iter().enumerate() {
            let id = plugin.id();
            if plugins[..index].iter().any(|p| p.id() == id) {
                return Err(EngineError::DuplicatePlugin {
                    plugin: id.to_string(),
                });
            }
            for required in plugin.requires() {
                if !plugins[..index].iter().any(|p| p.id() == *required) {
                    return Err(EngineError::MissingRequirement {
                        plugin: id.to_string(),
                        requires: required.to_string(),
                    });
                }
            }
            registry.plugins.push(PluginInfo {
                id: id.to_string(),
                version: plugin.version().to_string(),
            });
            for rule in plugin.rules() {
                if let Some(target) = rule.target()
                    && !rules.iter().any(|r| r.id() == target)
                {
                    return Err(EngineError::RuleNotFound {
                        plugin: id.to_string(),
                        rule: target.to_string(),
                    });
                }
                rules.push(rule);
            }
            handlers.extend(plugin.actions().into_iter().map(|h| (id, h)));
            event_handlers.extend(plugin.events());
        }
        for (plugin, handler) in handlers {
            (handler.install)(&handler, &mut registry, &rules, plugin)?;
        }
        for handler in event_handlers {
            (handler.install)(&handler, &mut registry)?;
        }
        Ok(registry)
    }

    fn kind_index<T: 'static>(&mut self, name: &'static str) -> Result<(), EngineError> {
        if self.kinds.claimed(name, TypeId::of::<T>()) {
            return Err(EngineError::KindConflict {
                kind: name.to_string(),
            });
        }
        Ok(())
    }

    /// Installs a handler of action type `A` (see [`ActionHandler`](crate::ActionHandler)).
    pub(crate) fn install_action<A: Action>(
        &mut self,
        handler: ActionFn<A>,
        rules: &[Rule],
        plugin: &'static str,
    ) -> Result<(), EngineError> {
        self.kind_index::<A>(A::KIND)?;
        if let Some(first) = self
            .kinds
            .of(TypeId::of::<A>())
            .and_then(|k| self.kinds.action_ops(k))
        {
            return Err(EngineError::DuplicateActionHandler {
                kind: A::KIND.to_string(),
                first: first.plugin().to_string(),
                second: plugin.to_string(),
            });
        }
        let kind = ActionKind::<A> {
            plugin,
            rules: rules_of::<A>(rules),
            handler,
        };
        self.kinds
            .add(TypeId::of::<A>(), A::KIND, KindOps::Action(Arc::new(kind)));
        Ok(())
    }

    /// Adds a handler of event type `E`, after the ones before it.
    pub(crate) fn install_event<E: Event>(
        &mut self,
        handler: EventFn<E>,
    ) -> Result<(), EngineError> {
        self.kind_index::<E>(E::KIND)?;
        let k = self
            .kinds
            .add(TypeId::of::<E>(), E::KIND, KindOps::Event(event_ops::<E>()));
        if let Some(KindOps::Event(ops)) = self.kinds.ops.get_mut(k.index())
            && let Some(kind) = Arc::get_mut(ops)
                .and_then(|ops| (ops as &mut dyn Any).downcast_mut::<EventKind<E>>())
        {
            kind.handlers.push(handler);
        }
        if let Some(handled) = self.kinds.handled.get_mut(k.index()) {
            *handled = true;
        }
        Ok(())
    }
}

/// What the tick loop runs with.
pub(crate) struct Run<'a> {
    pub(crate) state: &'a mut GameState,
    pub(crate) queues: &'a mut Queues,
    pub(crate) kinds: &'a Kinds,
}

/// The typed operations of an action kind (its compiled rules and handler); as `Any`,
/// the typed kind, for a caller that knows its action type ([`ActionKind::of`]).
pub(crate) trait ActionOps: Any + Send + Sync {
    /// The plugin that registered the handler.
    fn plugin(&self) -> &'static str;
    /// Runs the next queued action of kind `k`.
    fn run_next(&self, k: Kind, run: &mut Run<'_>, origin: ActionOrigin)
    -> Result<(), EngineError>;
    /// Runs `action` (of this kind) as the external action of a tick, and logs it if
    /// the tick commits.
    fn run_external(
        &self,
        k: Kind,
        action: AnyAction,
        tick: ExternalTick<'_>,
    ) -> Result<(), EngineError>;
    /// Queues `action` (of this kind) as an internal action.
    fn queue_internal(&self, k: Kind, action: AnyAction, queues: &mut Queues);
    /// Reads a payload (inside a scope).
    fn parse(&self, payload: &serde_json::Value) -> Result<AnyAction, serde_json::Error>;
    /// The ids of the kind's rules, in order.
    fn rule_ids(&self) -> Vec<String>;
    /// Calls `f` with the action `code` stands for ([`Action::from_code`]), if any.
    fn with_code(&self, code: u64, f: &mut dyn FnMut(ActionRef<'_>));
    /// The action `code` stands for, owned.
    fn any_of_code(&self, code: u64) -> Option<AnyAction>;
    /// Dispatches the action `code` stands for on `engine` (whose game registered this
    /// kind as `k`), as [`GameEngine::dispatch`] does, with no lookup of its kind.
    fn dispatch_code(
        &self,
        k: Kind,
        code: u64,
        engine: &mut GameEngine,
        vouched: Vouched,
    ) -> Result<Outcome, EngineError>;
}

/// The typed operations of an event kind (its handlers); as `Any`, the typed kind,
/// for adding handlers while the registry is built.
pub(crate) trait EventOps: Any + Send + Sync {
    /// Handles the next queued event of kind `k`, and keeps it if it is kept.
    fn handle_next(
        &self,
        k: Kind,
        run: &mut Run<'_>,
        origin: ActionOrigin,
    ) -> Result<(), EngineError>;
    /// Queues `event` (of this kind), emitted through `emit_any`.
    fn queue(&self, k: Kind, event: AnyEvent, queues: &mut Queues);
    /// Hands the next kept event of kind `k` to the subscribers (and to `outcome`).
    fn deliver_next(
        &self,
        k: Kind,
        queues: &mut Queues,
        subscribers: &mut Subscribers,
        tables: &Arc<Tables>,
        outcome: Option<&mut Vec<AnyEvent>>,
    );
}

/// The operations of event type `E`, with no handler yet.
pub(crate) fn event_ops<E: Event>() -> Arc<dyn EventOps> {
    Arc::new(EventKind::<E> {
        handlers: Vec::new(),
    })
}

fn out_of_step() -> EngineError {
    EngineError::InvalidState {
        message: "the engine's queues are out of step".to_string(),
    }
}

impl<A: Action> ActionOps for ActionKind<A> {
    fn plugin(&self) -> &'static str {
        self.plugin
    }

    #[inline]
    fn run_next(
        &self,
        k: Kind,
        run: &mut Run<'_>,
        origin: ActionOrigin,
    ) -> Result<(), EngineError> {
        let action = run
            .queues
            .lanes
            .get::<A>(k)
            .and_then(|lane| lane.pop_front())
            .ok_or_else(out_of_step)?;
        self.run(
            &action,
            run.state,
            run.queues,
            run.kinds,
            origin,
            Vouched::Rules,
        )
    }

    fn run_external(
        &self,
        k: Kind,
        action: AnyAction,
        tick: ExternalTick<'_>,
    ) -> Result<(), EngineError> {
        let action = action.into_typed::<A>().ok_or_else(out_of_step)?;
        tick.run(k, self, action)
    }

    fn queue_internal(&self, k: Kind, action: AnyAction, queues: &mut Queues) {
        if let Some(action) = action.into_typed::<A>()
            && let Some(lane) = queues.lanes.get::<A>(k)
        {
            lane.push_back(action);
            queues.actions.push_back((Some(k), ActionOrigin::Internal));
        }
    }

    fn parse(&self, payload: &serde_json::Value) -> Result<AnyAction, serde_json::Error> {
        A::deserialize(payload).map(AnyAction::new)
    }

    fn rule_ids(&self) -> Vec<String> {
        self.rules.iter().map(|(id, _)| id.to_string()).collect()
    }

    fn with_code(&self, code: u64, f: &mut dyn FnMut(ActionRef<'_>)) {
        if let Some(action) = A::from_code(code) {
            f(ActionRef::of(&action));
        }
    }

    fn any_of_code(&self, code: u64) -> Option<AnyAction> {
        A::from_code(code).map(AnyAction::new)
    }

    #[inline]
    fn dispatch_code(
        &self,
        k: Kind,
        code: u64,
        engine: &mut GameEngine,
        vouched: Vouched,
    ) -> Result<Outcome, EngineError> {
        let action = A::from_code(code).ok_or_else(|| EngineError::InvalidAction {
            kind: A::KIND.to_string(),
            message: "a move's code stands for no action".to_string(),
        })?;
        engine.dispatch_of_kind(k, self, action, vouched)
    }
}

impl<E: Event> EventOps for EventKind<E> {
    #[inline]
    fn handle_next(
        &self,
        k: Kind,
        run: &mut Run<'_>,
        origin: ActionOrigin,
    ) -> Result<(), EngineError> {
        let event = run
            .queues
            .lanes
            .get::<E>(k)
            .and_then(|lane| lane.pop_front())
            .ok_or_else(out_of_step)?;
        for handler in &self.handlers {
            let mut ctx = GameContext::new(run.state, run.queues, run.kinds, origin);
            handler(&event, &mut ctx)?;
        }
        if run.queues.keeps(run.kinds, k)
            && let Some(done) = run.queues.done_lanes.get::<E>(k)
        {
            done.push_back(event);
            run.queues.done.push(Some(k));
        }
        Ok(())
    }

    fn queue(&self, k: Kind, event: AnyEvent, queues: &mut Queues) {
        if let Some(event) = event.into_typed::<E>()
            && let Some(lane) = queues.lanes.get::<E>(k)
        {
            lane.push_back(event);
            queues.events.push_back(Some(k));
        }
    }

    fn deliver_next(
        &self,
        k: Kind,
        queues: &mut Queues,
        subscribers: &mut Subscribers,
        tables: &Arc<Tables>,
        outcome: Option<&mut Vec<AnyEvent>>,
    ) {
        let Some(event) = queues.done_lanes.get::<E>(k).and_then(|l| l.pop_front()) else {
            return;
        };
        subscribers.deliver(&event, tables, outcome);
    }
}

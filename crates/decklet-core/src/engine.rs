//! [`GameEngine`]: plugin registration, game creation, ticks, subscriptions, log.
//!
//! A **tick** is one call of [`GameEngine::start`] or [`GameEngine::dispatch`]. Actions
//! run FIFO from a queue; for each one every applicable rule runs in registration order
//! (the first rejection stops it), then its handler; the events it emits are handled
//! FIFO — handlers may emit more events and dispatch more actions — before the next
//! action runs. A tick is all or nothing: if anything in it fails, the state (RNG
//! included) is exactly as before and no subscriber hears anything.

use std::any::TypeId;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::context::{GameContext, QueuedEvent, TickQueues};
use crate::error::EngineError;
use crate::event::{AnyEvent, Event};
use crate::ids::{HAND_ZONE_TYPE, PlayerId, hand_zone_id};
use crate::journal::Checkpoint;
use crate::kinds::{GameCreated, GameStarted};
use crate::log::{GameLog, LOG_FORMAT, LoggedAction, PluginInfo, state_digest};
use crate::player::Player;
use crate::plugin::{ActionHandler, EventHandler, GamePlugin, ParseFn};
use crate::rule::{AcceptsFn, CheckFn, Rule};
use crate::state::{GameState, GameStatus};
use crate::zone::{Visibility, Zone};

/// Engine settings.
///
/// ```
/// use decklet_core::EngineConfig;
/// let config = EngineConfig { seed: 42, game_id: "g1".into(), ..Default::default() };
/// assert_eq!(config.max_actions_per_tick, 1000);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Seed of the game's RNG.
    pub seed: u64,
    /// Id of the game.
    pub game_id: String,
    /// A tick that runs more actions than this fails with `TickLimitExceeded`.
    pub max_actions_per_tick: usize,
    /// A tick that handles more events than this fails with `TickLimitExceeded`.
    pub max_events_per_tick: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            seed: 0,
            game_id: "game".to_string(),
            max_actions_per_tick: 1000,
            max_events_per_tick: 100_000,
        }
    }
}

/// What a committed tick did: its events, in the order they were handled.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The tick's events.
    pub events: Vec<AnyEvent>,
}

impl Outcome {
    /// The events of type `E`, in order.
    pub fn events_of<E: Event>(&self) -> impl Iterator<Item = &E> {
        self.events.iter().filter_map(AnyEvent::downcast_ref::<E>)
    }

    /// The kinds of the events, in order.
    pub fn kinds(&self) -> Vec<&'static str> {
        self.events.iter().map(AnyEvent::kind).collect()
    }
}

/// A [`GameLog`] whose actions were read once into typed actions
/// ([`GameEngine::parse_log`]): replaying it ([`GameEngine::run_parsed_log`]) does no
/// JSON work.
#[derive(Clone, Debug)]
pub struct ParsedLog {
    /// The log without its actions.
    header: GameLog,
    actions: Vec<AnyAction>,
}

impl ParsedLog {
    /// The typed actions, in log order.
    pub fn actions(&self) -> &[AnyAction] {
        &self.actions
    }

    /// The seed, players, plugins and final digest (the actions are in
    /// [`actions`](Self::actions)).
    pub fn header(&self) -> &GameLog {
        &self.header
    }
}

/// Identifies a subscription, for [`GameEngine::unsubscribe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubscriptionId(u64);

type SubscriberFn = Box<dyn FnMut(&AnyEvent) + Send>;

struct Subscriber {
    id: u64,
    filter: Option<TypeId>,
    callback: SubscriberFn,
}

struct ActionEntry {
    plugin: &'static str,
    handler: ActionHandler,
    /// Indices into `Registry::rules` of the rules that apply to this kind, in order.
    rules: Vec<usize>,
    /// Their checks, side by side: the tick loop reads them in a row.
    checks: Vec<Arc<CheckFn>>,
    /// How to check them: runs of rules one by one, and runs of consecutive rules of one
    /// [`RuleGroup`](crate::RuleGroup) behind its fast check. No empty run.
    steps: Vec<RuleStep>,
}

/// One step of an action kind's rule checks.
enum RuleStep {
    /// These rules (positions in the entry's lists), one by one.
    Each(std::ops::Range<usize>),
    /// These rules, skipped when their group's fast check accepts.
    Group(Arc<AcceptsFn>, std::ops::Range<usize>),
}

/// Everything the plugins registered, indexed for the tick loop.
#[derive(Default)]
struct Registry {
    plugins: Vec<PluginInfo>,
    rules: Vec<Rule>,
    actions: FxHashMap<TypeId, ActionEntry>,
    kinds: FxHashMap<&'static str, (TypeId, ParseFn)>,
    /// Event handlers by type: their lists, and where each type's list is.
    events: Vec<Vec<EventHandler>>,
    event_lists: FxHashMap<TypeId, usize>,
}

impl Registry {
    fn build(plugins: &[Arc<dyn GamePlugin>]) -> Result<Registry, EngineError> {
        let mut registry = Registry::default();
        let mut event_kinds: FxHashMap<&'static str, TypeId> = FxHashMap::default();
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
            registry.rules.extend(plugin.rules());
            for handler in plugin.actions() {
                if let Some((type_id, _)) = registry.kinds.get(handler.kind())
                    && *type_id != handler.type_id()
                {
                    return Err(EngineError::KindConflict {
                        kind: handler.kind().to_string(),
                    });
                }
                if let Some(existing) = registry.actions.get(&handler.type_id()) {
                    return Err(EngineError::DuplicateActionHandler {
                        kind: handler.kind().to_string(),
                        first: existing.plugin.to_string(),
                        second: id.to_string(),
                    });
                }
                registry
                    .kinds
                    .insert(handler.kind(), (handler.type_id(), handler.parse));
                registry.actions.insert(
                    handler.type_id(),
                    ActionEntry {
                        plugin: id,
                        handler,
                        rules: Vec::new(),
                        checks: Vec::new(),
                        steps: Vec::new(),
                    },
                );
            }
            for handler in plugin.events() {
                match event_kinds.get(handler.kind()) {
                    Some(type_id) if *type_id != handler.type_id() => {
                        return Err(EngineError::KindConflict {
                            kind: handler.kind().to_string(),
                        });
                    }
                    _ => {
                        event_kinds.insert(handler.kind(), handler.type_id());
                    }
                }
                let next = registry.events.len();
                let index = *registry
                    .event_lists
                    .entry(handler.type_id())
                    .or_insert(next);
                if index == next {
                    registry.events.push(Vec::new());
                }
                if let Some(list) = registry.events.get_mut(index) {
                    list.push(handler);
                }
            }
        }
        for entry in registry.actions.values_mut() {
            let kind = entry.handler.kind();
            entry.rules = (0..registry.rules.len())
                .filter(|&i| registry.rules[i].applies_to(kind))
                .collect();
            entry.checks = entry
                .rules
                .iter()
                .filter_map(|&i| registry.rules.get(i).map(|rule| Arc::clone(rule.checker())))
                .collect();
            entry.steps = rule_steps(&registry.rules, &entry.rules);
        }
        Ok(registry)
    }

    fn parse(&self, kind: &str, payload: &serde_json::Value) -> Result<AnyAction, EngineError> {
        let (_, parse) = self
            .kinds
            .get(kind)
            .ok_or_else(|| EngineError::UnknownAction {
                kind: kind.to_string(),
            })?;
        parse(payload).map_err(|err| EngineError::InvalidAction {
            kind: kind.to_string(),
            message: err.to_string(),
        })
    }
}

/// The steps that check the rules at these positions of `rules`: consecutive rules of
/// one group behind its fast check, the others one by one.
fn rule_steps(rules: &[Rule], applicable: &[usize]) -> Vec<RuleStep> {
    let group_of = |k: usize| applicable.get(k).and_then(|&i| rules.get(i)?.group());
    let mut steps = Vec::new();
    let (mut start, mut ungrouped) = (0, 0);
    while start < applicable.len() {
        let mut end = start + 1;
        if let Some(group) = group_of(start) {
            while group_of(end).is_some_and(|g| g.same_as(group)) {
                end += 1;
            }
            if ungrouped < start {
                steps.push(RuleStep::Each(ungrouped..start));
            }
            steps.push(RuleStep::Group(Arc::clone(group.accepter()), start..end));
            ungrouped = end;
        }
        start = end;
    }
    if ungrouped < applicable.len() {
        steps.push(RuleStep::Each(ungrouped..applicable.len()));
    }
    steps
}

/// The first player (in order) whose id or seat an earlier player has: pairwise for a
/// table's worth of players, with sets beyond, so that very many players stay cheap.
fn check_players_unique(players: &[Player]) -> Result<(), EngineError> {
    let duplicate_id = |player: &Player| EngineError::DuplicatePlayer {
        player: player.id.clone(),
    };
    let duplicate_seat = |player: &Player| EngineError::DuplicateSeat { seat: player.seat };
    if players.len() <= 16 {
        for (index, player) in players.iter().enumerate() {
            if players[..index].iter().any(|p| p.id == player.id) {
                return Err(duplicate_id(player));
            }
            if players[..index].iter().any(|p| p.seat == player.seat) {
                return Err(duplicate_seat(player));
            }
        }
        return Ok(());
    }
    let mut ids = rustc_hash::FxHashSet::default();
    let mut seats = rustc_hash::FxHashSet::default();
    for player in players {
        if !ids.insert(player.id.as_str()) {
            return Err(duplicate_id(player));
        }
        if !seats.insert(player.seat) {
            return Err(duplicate_seat(player));
        }
    }
    Ok(())
}

struct TickLimits {
    actions: usize,
    events: usize,
}

/// One tick in progress: what it runs with, and the events it keeps for after it.
struct Tick<'r> {
    registry: &'r Registry,
    limits: TickLimits,
    /// The kind of what started the tick (named by its errors).
    started_by: &'r str,
    /// Events handled so far.
    handled: usize,
    /// The events kept for after the tick, in the order they were handled.
    done: Vec<AnyEvent>,
}

impl<'r> Tick<'r> {
    fn new(registry: &'r Registry, limits: TickLimits, started_by: &'r str) -> Self {
        Tick {
            registry,
            limits,
            started_by,
            handled: 0,
            done: Vec::new(),
        }
    }

    /// Runs the tick to the end, then returns the events kept.
    fn run(
        mut self,
        state: &mut GameState,
        queues: &mut TickQueues,
        first: Option<&AnyAction>,
    ) -> Result<Vec<AnyEvent>, EngineError> {
        self.run_in_place(state, queues, first)?;
        Ok(self.done)
    }

    /// Runs the tick to the end: the first action (if any), then the queued events and
    /// actions. The events kept are in `done` (only a tag goes back and forth).
    fn run_in_place(
        &mut self,
        state: &mut GameState,
        queues: &mut TickQueues,
        first: Option<&AnyAction>,
    ) -> Result<(), EngineError> {
        let mut count = 0usize;
        if let Some(action) = first {
            count = 1;
            self.run_action(state, queues, action, ActionOrigin::External)?;
            if !queues.events.is_empty() {
                self.handle_events(state, queues, ActionOrigin::External)?;
            }
        } else {
            self.handle_events(state, queues, ActionOrigin::Internal)?;
        }
        while let Some((action, origin)) = queues.actions.pop_front() {
            count += 1;
            if count > self.limits.actions {
                return Err(EngineError::TickLimitExceeded {
                    action: self.started_by.to_string(),
                    limit: self.limits.actions,
                });
            }
            self.run_action(state, queues, &action, origin)?;
            // most actions of a cascade emit nothing anyone listens to
            if !queues.events.is_empty() {
                self.handle_events(state, queues, origin)?;
            }
        }
        Ok(())
    }

    /// Runs one action: its rules, then its handler.
    #[inline]
    fn run_action(
        &self,
        state: &mut GameState,
        queues: &mut TickQueues,
        action: &AnyAction,
        origin: ActionOrigin,
    ) -> Result<(), EngineError> {
        let entry = self
            .registry
            .actions
            .get(&action.type_id())
            .ok_or_else(|| EngineError::UnknownAction {
                kind: action.kind().to_string(),
            })?;
        for step in &entry.steps {
            match step {
                RuleStep::Each(run) => {
                    self.check_rules(entry, run.clone(), state, action, origin)?
                }
                // a group's rules only if its fast check is unsure
                RuleStep::Group(accepts, run) => {
                    if !accepts(action, origin, state) {
                        self.check_rules(entry, run.clone(), state, action, origin)?;
                    }
                }
            }
        }
        let mut ctx = GameContext::new(state, queues, origin);
        entry.handler.run(action, &mut ctx)
    }

    /// Runs the rules at these positions of the entry's list, in order.
    #[inline]
    fn check_rules(
        &self,
        entry: &ActionEntry,
        range: std::ops::Range<usize>,
        state: &GameState,
        action: &AnyAction,
        origin: ActionOrigin,
    ) -> Result<(), EngineError> {
        let (Some(rules), Some(checks)) = (entry.rules.get(range.clone()), entry.checks.get(range))
        else {
            return Ok(());
        };
        for (&index, check) in rules.iter().zip(checks) {
            if let Err(reason) = check(action, origin, state) {
                let rule = self.registry.rules.get(index).map_or("", Rule::id);
                return Err(EngineError::Rejected {
                    action: action.kind().to_string(),
                    rule: rule.to_string(),
                    reason: reason.into_owned(),
                });
            }
        }
        Ok(())
    }

    /// Handles queued events until the event queue is empty.
    fn handle_events(
        &mut self,
        state: &mut GameState,
        queues: &mut TickQueues,
        origin: ActionOrigin,
    ) -> Result<(), EngineError> {
        while let Some(QueuedEvent { event, listeners }) = queues.events.pop_front() {
            if self.handled >= self.limits.events {
                return Err(EngineError::TickLimitExceeded {
                    action: self.started_by.to_string(),
                    limit: self.limits.events,
                });
            }
            self.handled += 1;
            if let Some(handlers) = listeners.handlers.and_then(|i| self.registry.events.get(i)) {
                for handler in handlers {
                    let mut ctx = GameContext::new(state, queues, origin);
                    handler.run(&event, &mut ctx)?;
                }
            }
            // kept for after the tick: for the caller's `Outcome` or for subscribers
            if queues.interest.all || listeners.subscribers > 0 {
                if self.done.capacity() == 0 {
                    self.done.reserve(8); // one allocation for a typical tick's events
                }
                self.done.push(event);
            }
        }
        Ok(())
    }
}

/// The game engine: register plugins, create a game, start it, dispatch actions.
///
/// ```
/// use decklet_core::*;
/// let mut engine = GameEngine::new(EngineConfig { seed: 42, game_id: "g1".into(), ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// engine.start()?;
/// assert_eq!(engine.state().status, GameStatus::Playing);
/// // No plugin handles PLAY_CARD here, so the engine refuses it and nothing changes.
/// let before = engine.state().clone();
/// assert!(engine.dispatch(PlayCard::new("p1", ["c1"])).is_err());
/// assert_eq!(engine.state(), &before);
/// # Ok::<(), EngineError>(())
/// ```
pub struct GameEngine {
    config: EngineConfig,
    plugins: Vec<Arc<dyn GamePlugin>>,
    registry: Option<Arc<Registry>>,
    state: GameState,
    created: bool,
    players: Vec<Player>,
    log: Vec<AnyAction>,
    start_index: Option<usize>,
    subscribers: Vec<Subscriber>,
    /// Whether a subscriber listens to every event (then every tick keeps them all).
    subscribed_to_all: bool,
    next_subscription: u64,
    queues: TickQueues,
    /// The state of the last game `create_game` replaced: the next game is built in it,
    /// reusing its allocations ([`GameState::recycle`]).
    spare: Option<GameState>,
}

impl Default for GameEngine {
    fn default() -> Self {
        GameEngine::new(EngineConfig::default())
    }
}

impl std::fmt::Debug for GameEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEngine")
            .field("config", &self.config)
            .field(
                "plugins",
                &self.plugins.iter().map(|p| p.id()).collect::<Vec<_>>(),
            )
            .field("status", &self.state.status)
            .finish_non_exhaustive()
    }
}

impl GameEngine {
    /// An engine with no plugins and no game.
    pub fn new(config: EngineConfig) -> Self {
        GameEngine {
            state: GameState::new(config.game_id.clone(), config.seed),
            config,
            plugins: Vec::new(),
            registry: None,
            created: false,
            players: Vec::new(),
            log: Vec::new(),
            start_index: None,
            subscribers: Vec::new(),
            subscribed_to_all: false,
            next_subscription: 0,
            queues: TickQueues::default(),
            spare: None,
        }
    }

    /// The engine's settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the settings used by the next `create_game` (seed, game id, limits). An
    /// engine can run many games one after the other: `create_game` starts afresh.
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = config;
    }

    /// Registers a plugin (checked by `create_game`: unique ids, requirements earlier).
    pub fn use_plugin<P: GamePlugin>(&mut self, plugin: P) -> &mut Self {
        self.use_shared_plugin(Arc::new(plugin))
    }

    /// Registers a shared plugin.
    pub fn use_shared_plugin(&mut self, plugin: Arc<dyn GamePlugin>) -> &mut Self {
        self.plugins.push(plugin);
        self.registry = None;
        self
    }

    /// The registered plugins' ids and versions, in order.
    pub fn plugins(&self) -> Vec<PluginInfo> {
        self.plugins
            .iter()
            .map(|p| PluginInfo {
                id: p.id().to_string(),
                version: p.version().to_string(),
            })
            .collect()
    }

    fn registry(&mut self) -> Result<Arc<Registry>, EngineError> {
        if let Some(registry) = &self.registry {
            return Ok(Arc::clone(registry));
        }
        let registry = Arc::new(Registry::build(&self.plugins)?);
        self.registry = Some(Arc::clone(&registry));
        self.refresh_interest();
        Ok(registry)
    }

    /// Recomputes which event types someone listens to (after the registry or the
    /// subscriptions change).
    fn refresh_interest(&mut self) {
        let interest = &mut self.queues.interest;
        interest.listeners.clear();
        if let Some(registry) = &self.registry {
            for (type_id, index) in &registry.event_lists {
                interest.handled_by(*type_id, *index);
            }
        }
        for filter in self.subscribers.iter().filter_map(|s| s.filter) {
            interest.subscribe(filter);
        }
        self.subscribed_to_all = self.subscribers.iter().any(|s| s.filter.is_none());
    }

    fn limits(&self) -> TickLimits {
        TickLimits {
            actions: self.config.max_actions_per_tick,
            events: self.config.max_events_per_tick,
        }
    }

    /// Creates a game: checks the plugins and players, makes a hand zone per player, runs
    /// every plugin's setup in order and emits `GAME_CREATED`. Replaces any earlier game.
    /// On error the engine keeps what it had.
    pub fn create_game(&mut self, players: Vec<Player>) -> Result<Outcome, EngineError> {
        if players.is_empty() {
            return Err(EngineError::NoPlayers);
        }
        check_players_unique(&players)?;
        let registry = self.registry()?;
        let mut state = match self.spare.take() {
            Some(mut spare) => {
                let spare_cards = &mut self.queues.spare_zone_cards;
                spare.recycle(&self.config.game_id, self.config.seed, spare_cards);
                spare
            }
            None => GameState::new(self.config.game_id.clone(), self.config.seed),
        };
        for (i, player) in players.iter().enumerate() {
            let mut player = player.clone();
            player.id = player.id.with_hint(i);
            state.players.insert(player.id.clone(), player);
        }
        for (i, player) in players.iter().enumerate() {
            let mut zone = Zone::new(hand_zone_id(&player.id).with_hint(i), HAND_ZONE_TYPE)
                .with_owner(player.id.clone().with_hint(i))
                .with_visibility(Visibility::Owner);
            if let Some(spare) = self.queues.spare_zone_cards.get_mut(i) {
                zone.cards = std::mem::take(spare);
            }
            state.zones.insert(zone.id.clone(), zone);
        }
        self.queues.clear();
        let result = self.setup_and_announce(&registry, &mut state, &players);
        self.queues.clear();
        let events = match result {
            Ok(events) => events,
            Err(err) => {
                self.spare = Some(state); // still good for the next game's allocations
                return Err(err);
            }
        };
        self.spare = Some(std::mem::replace(&mut self.state, state));
        self.created = true;
        self.players = players;
        self.log.clear();
        self.start_index = None;
        Ok(self.deliver(events))
    }

    fn setup_and_announce(
        &mut self,
        registry: &Registry,
        state: &mut GameState,
        players: &[Player],
    ) -> Result<Vec<AnyEvent>, EngineError> {
        for plugin in &self.plugins {
            let mut ctx = GameContext::new(state, &mut self.queues, ActionOrigin::Internal);
            plugin.setup(&mut ctx)?;
        }
        state.validate()?;
        self.queues.push_event(AnyEvent::new(GameCreated {
            game_id: state.game_id.clone(),
            player_ids: players.iter().map(|p| p.id.clone()).collect(),
        }));
        let limits = self.limits();
        Tick::new(registry, limits, "GAME_CREATED").run(state, &mut self.queues, None)
    }

    /// Starts the game: status `playing`, emits `GAME_STARTED` (a tick: plugins deal,
    /// pick the first player, …).
    pub fn start(&mut self) -> Result<Outcome, EngineError> {
        let events = self.start_tick(true)?;
        Ok(self.deliver(events))
    }

    /// The tick of `start`; the events kept are all of them with `collect`, else those
    /// a handler or subscriber listens to (a replay needs no `Outcome`).
    fn start_tick(&mut self, collect: bool) -> Result<Vec<AnyEvent>, EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        if self.state.status != GameStatus::Waiting {
            return Err(EngineError::WrongStatus {
                operation: "start",
                status: self.state.status.to_string(),
            });
        }
        let registry = self.registry()?;
        let checkpoint = Checkpoint::take(&self.state, &self.queues.journal);
        self.state.status = GameStatus::Playing;
        let event = GameStarted {
            game_id: self.state.game_id.clone(),
        };
        self.queues.push_event(AnyEvent::new(event));
        let limits = self.limits();
        self.queues.interest.all = collect || self.subscribed_to_all;
        let result = Tick::new(&registry, limits, "GAME_STARTED").run(
            &mut self.state,
            &mut self.queues,
            None,
        );
        self.queues.interest.all = true;
        let events = self.finish_tick(checkpoint, result)?;
        self.start_index = Some(self.log.len());
        Ok(events)
    }

    /// [`start`](Self::start) without the [`Outcome`], as [`apply`](Self::apply) is
    /// `dispatch` without it: the same tick, and subscribers still hear their events,
    /// but events nobody listens to are not stored. What simulations and replays use.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start_quietly()?;
    /// assert_eq!(engine.state().status, GameStatus::Playing);
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn start_quietly(&mut self) -> Result<(), EngineError> {
        let events = self.start_tick(false)?;
        if !events.is_empty() {
            self.deliver(events);
        }
        Ok(())
    }

    /// Runs every plugin's setup again on the current game, as one all-or-nothing tick.
    /// Setups are idempotent, so this changes nothing; it exists to prove it.
    pub fn rerun_setup(&mut self) -> Result<Outcome, EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        let registry = self.registry()?;
        let checkpoint = Checkpoint::take(&self.state, &self.queues.journal);
        let mut result = Ok(());
        for plugin in &self.plugins {
            let mut ctx =
                GameContext::new(&mut self.state, &mut self.queues, ActionOrigin::Internal);
            result = plugin.setup(&mut ctx);
            if result.is_err() {
                break;
            }
        }
        let limits = self.limits();
        let result = result.and_then(|()| {
            Tick::new(&registry, limits, "setup").run(&mut self.state, &mut self.queues, None)
        });
        let events = self.finish_tick(checkpoint, result)?;
        Ok(self.deliver(events))
    }

    /// Dispatches an action from outside (origin `External`) and runs the tick.
    ///
    /// On success the tick's events go to the subscribers and come back in the
    /// [`Outcome`], and the action is logged. On error nothing changed.
    pub fn dispatch<A: Action>(&mut self, action: A) -> Result<Outcome, EngineError> {
        self.dispatch_any(AnyAction::new(action))
    }

    /// Dispatches a type-erased action.
    pub fn dispatch_any(&mut self, action: AnyAction) -> Result<Outcome, EngineError> {
        let events = self.external_tick(action, true)?;
        Ok(self.deliver(events))
    }

    /// Dispatches an action like [`dispatch`](Self::dispatch), without the
    /// [`Outcome`]: the same tick, state, log and subscriber deliveries, but an event
    /// that no handler and no subscriber listens to is dropped where it is emitted,
    /// never stored. What simulations and search use on the hot path.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// // nothing handles PLAY_CARD here: refused like `dispatch` would, nothing changes
    /// assert!(engine.apply(PlayCard::new("p1", ["c1"])).is_err());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn apply<A: Action>(&mut self, action: A) -> Result<(), EngineError> {
        self.apply_any(AnyAction::new(action))
    }

    /// [`apply`](Self::apply) for a type-erased action.
    pub fn apply_any(&mut self, action: AnyAction) -> Result<(), EngineError> {
        let events = self.external_tick(action, false)?;
        if !events.is_empty() {
            self.deliver(events);
        }
        Ok(())
    }

    /// Runs the tick of an external action and logs it; the events kept are all of
    /// them with `collect`, else those a handler or subscriber listens to.
    fn external_tick(
        &mut self,
        mut action: AnyAction,
        collect: bool,
    ) -> Result<Vec<AnyEvent>, EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        // ids read from JSON (a replay, a remote player) get their positions once here
        action.locate_ids(&self.state);
        // Borrow the registry out of `self` for the tick (no reference counting per action).
        let registry = match self.registry.take() {
            Some(registry) => registry,
            None => self.registry()?,
        };
        let checkpoint = Checkpoint::take(&self.state, &self.queues.journal);
        let limits = self.limits();
        self.queues.interest.all = collect || self.subscribed_to_all;
        let mut tick = Tick::new(&registry, limits, action.kind());
        let result = tick.run_in_place(&mut self.state, &mut self.queues, Some(&action));
        let events = std::mem::take(&mut tick.done);
        self.queues.interest.all = true;
        self.registry = Some(registry);
        self.finish_tick(checkpoint, result)?;
        self.log.push(action);
        Ok(events)
    }

    /// Dispatches an action given as JSON `{"type": KIND, "payload": {...}}`.
    pub fn dispatch_json(&mut self, json: &serde_json::Value) -> Result<Outcome, EngineError> {
        let action = self.action_from_json(json)?;
        self.dispatch_any(action)
    }

    /// Reads an action from its JSON form, using the kinds the plugins registered.
    pub fn action_from_json(&mut self, json: &serde_json::Value) -> Result<AnyAction, EngineError> {
        let kind = json
            .get("type")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| EngineError::Json {
                message: "an action needs a string \"type\"".to_string(),
            })?;
        let empty = serde_json::Value::Object(serde_json::Map::new());
        let payload = json.get("payload").unwrap_or(&empty);
        self.registry()?.parse(kind, payload)
    }

    /// Commits a tick that succeeded, or undoes it to `checkpoint`.
    fn finish_tick<T>(
        &mut self,
        checkpoint: Checkpoint,
        result: Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        match result {
            Ok(value) => {
                self.queues.journal.clear();
                Ok(value)
            }
            Err(err) => {
                checkpoint.restore(&mut self.state, &mut self.queues.journal);
                self.queues.clear();
                Err(err)
            }
        }
    }

    fn deliver(&mut self, events: Vec<AnyEvent>) -> Outcome {
        if !self.subscribers.is_empty() {
            for event in &events {
                let type_id = event.type_id();
                for subscriber in &mut self.subscribers {
                    if subscriber.filter.is_none_or(|f| f == type_id) {
                        (subscriber.callback)(event);
                    }
                }
            }
        }
        Outcome { events }
    }

    /// Calls `callback` with every committed event of type `E`.
    pub fn subscribe<E: Event>(
        &mut self,
        mut callback: impl FnMut(&E) + Send + 'static,
    ) -> SubscriptionId {
        self.add_subscriber(
            Some(TypeId::of::<E>()),
            Box::new(move |event: &AnyEvent| {
                if let Some(typed) = event.downcast_ref::<E>() {
                    callback(typed);
                }
            }),
        )
    }

    /// Calls `callback` with every committed event, in tick order.
    pub fn subscribe_all(
        &mut self,
        callback: impl FnMut(&AnyEvent) + Send + 'static,
    ) -> SubscriptionId {
        self.add_subscriber(None, Box::new(callback))
    }

    fn add_subscriber(&mut self, filter: Option<TypeId>, callback: SubscriberFn) -> SubscriptionId {
        self.next_subscription += 1;
        self.subscribers.push(Subscriber {
            id: self.next_subscription,
            filter,
            callback,
        });
        match filter {
            Some(type_id) => self.queues.interest.subscribe(type_id),
            None => self.subscribed_to_all = true,
        }
        SubscriptionId(self.next_subscription)
    }

    /// Removes a subscription; `false` if it was not there.
    pub fn unsubscribe(&mut self, id: SubscriptionId) -> bool {
        let Some(index) = self.subscribers.iter().position(|s| s.id == id.0) else {
            return false;
        };
        let removed = self.subscribers.remove(index);
        match removed.filter {
            Some(type_id) => self.queues.interest.unsubscribe(type_id),
            None => {
                self.subscribed_to_all = self.subscribers.iter().any(|s| s.filter.is_none());
            }
        }
        true
    }

    /// The current state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Whether a game has been created.
    pub fn has_game(&self) -> bool {
        self.created
    }

    /// The game's log: seed, players, plugins and every committed external action, plus
    /// a digest of the current state so a replay can prove it arrived at the same place.
    pub fn log(&self) -> GameLog {
        GameLog {
            format: LOG_FORMAT.to_string(),
            game_id: self.config.game_id.clone(),
            seed: self.config.seed,
            max_actions_per_tick: self.config.max_actions_per_tick,
            max_events_per_tick: self.config.max_events_per_tick,
            players: self.players.clone(),
            plugins: self.plugins(),
            start_index: self.start_index,
            actions: self
                .log
                .iter()
                .map(|a| LoggedAction {
                    kind: a.kind().to_string(),
                    payload: a.payload_json(),
                })
                .collect(),
            final_digest: Some(state_digest(&self.state)),
        }
    }

    /// Number of logged external actions.
    pub fn log_len(&self) -> usize {
        self.log.len()
    }

    /// Rebuilds a game from its log with these plugins; the result must reach the state
    /// the log recorded.
    pub fn replay(
        log: &GameLog,
        plugins: impl IntoIterator<Item = Arc<dyn GamePlugin>>,
    ) -> Result<GameEngine, EngineError> {
        let mut engine = GameEngine::new(EngineConfig::default());
        for plugin in plugins {
            engine.use_shared_plugin(plugin);
        }
        engine.run_log(log)?;
        Ok(engine)
    }

    /// Replays a log on this engine (its plugins must be the log's), replacing any game.
    /// Subscribers hear the replayed events.
    ///
    /// The actions are read first, all of them: a malformed one is reported (at its
    /// index) before anything changes.
    pub fn run_log(&mut self, log: &GameLog) -> Result<(), EngineError> {
        let actions = self.parse_actions(log)?;
        self.replay_actions(log, log.actions.len(), actions.into_iter().map(Ok))
    }

    /// Reads a log's actions once into typed actions, with this engine's plugins (which
    /// must be the log's). Replaying the result with [`run_parsed_log`](Self::run_parsed_log)
    /// does no JSON work: for a log replayed many times (regression suites, searches
    /// that restart from a recorded game).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig { seed: 3, ..Default::default() });
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// let log = engine.log();
    /// let parsed = engine.parse_log(&log)?;
    /// let mut again = GameEngine::new(EngineConfig::default());
    /// again.run_parsed_log(&parsed)?;
    /// assert_eq!(again.state(), engine.state());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn parse_log(&mut self, log: &GameLog) -> Result<ParsedLog, EngineError> {
        let actions = self.parse_actions(log)?;
        // the header alone: cloning the log would copy every payload only to drop it
        let header = GameLog {
            format: log.format.clone(),
            game_id: log.game_id.clone(),
            seed: log.seed,
            max_actions_per_tick: log.max_actions_per_tick,
            max_events_per_tick: log.max_events_per_tick,
            players: log.players.clone(),
            plugins: log.plugins.clone(),
            start_index: log.start_index,
            actions: Vec::new(),
            final_digest: log.final_digest.clone(),
        };
        Ok(ParsedLog { header, actions })
    }

    /// Replays a [`ParsedLog`] like [`run_log`](Self::run_log) replays its log. The
    /// engine's plugins must be the log's.
    pub fn run_parsed_log(&mut self, log: &ParsedLog) -> Result<(), EngineError> {
        self.check_log(&log.header, log.actions.len())?;
        let actions = log.actions.iter().cloned().map(Ok);
        self.replay_actions(&log.header, log.actions.len(), actions)
    }

    /// Checks the log and reads its actions with this engine's plugins.
    fn parse_actions(&mut self, log: &GameLog) -> Result<Vec<AnyAction>, EngineError> {
        self.check_log(log, log.actions.len())?;
        let registry = self.registry()?;
        log.actions
            .iter()
            .enumerate()
            .map(|(index, logged)| {
                registry.parse(&logged.kind, &logged.payload).map_err(|e| {
                    EngineError::ReplayDiverged {
                        index,
                        source: Box::new(e),
                    }
                })
            })
            .collect()
    }

    /// What replaying needs of a log with `count` actions before it starts.
    fn check_log(&self, log: &GameLog, count: usize) -> Result<(), EngineError> {
        if log.format != LOG_FORMAT {
            return Err(EngineError::Replay {
                message: format!(
                    "unknown log format `{}` (expected `{LOG_FORMAT}`)",
                    log.format
                ),
            });
        }
        let same_plugins =
            self.plugins.len() == log.plugins.len()
                && self.plugins.iter().zip(&log.plugins).all(|(ours, theirs)| {
                    ours.id() == theirs.id && ours.version() == theirs.version
                });
        if !same_plugins {
            let ours = self.plugins();
            let show = |list: &[PluginInfo]| {
                list.iter()
                    .map(|p| format!("{}@{}", p.id, p.version))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(EngineError::Replay {
                message: format!(
                    "plugin list differs: the log has [{}], the engine has [{}]",
                    show(&log.plugins),
                    show(&ours)
                ),
            });
        }
        if let Some(start) = log.start_index
            && start > count
        {
            return Err(EngineError::Replay {
                message: format!("start index {start} is past the {count} actions"),
            });
        }
        if log.max_actions_per_tick == 0 {
            return Err(EngineError::Replay {
                message: "max_actions_per_tick must be positive".to_string(),
            });
        }
        Ok(())
    }

    /// Creates the log's game, applies `actions` (starting the game at its start
    /// index) and checks the final digest.
    fn replay_actions(
        &mut self,
        log: &GameLog,
        count: usize,
        actions: impl Iterator<Item = Result<AnyAction, EngineError>>,
    ) -> Result<(), EngineError> {
        self.config = EngineConfig {
            seed: log.seed,
            game_id: log.game_id.clone(),
            max_actions_per_tick: log.max_actions_per_tick,
            max_events_per_tick: log.max_events_per_tick,
        };
        self.create_game(log.players.clone())?;
        for (index, action) in actions.enumerate() {
            let diverged = |e| EngineError::ReplayDiverged {
                index,
                source: Box::new(e),
            };
            if log.start_index == Some(index) {
                self.start_quietly().map_err(diverged)?;
            }
            self.apply_any(action.map_err(diverged)?)
                .map_err(diverged)?;
        }
        if log.start_index == Some(count) {
            self.start_quietly()
                .map_err(|e| EngineError::ReplayDiverged {
                    index: count,
                    source: Box::new(e),
                })?;
        }
        if let Some(expected) = &log.final_digest {
            let actual = state_digest(&self.state);
            if &actual != expected {
                return Err(EngineError::Replay {
                    message: format!(
                        "the replayed state (digest {actual}) differs from the recorded one ({expected})"
                    ),
                });
            }
        }
        Ok(())
    }

    /// An independent copy of this engine: same plugins, config, state and log, no
    /// subscribers. Cheap (the card table is shared); for search bots and "what if"
    /// probes.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let mut probe = engine.fork();
    /// probe.start()?;
    /// assert_eq!(engine.state().status, GameStatus::Waiting);
    /// assert_eq!(probe.state().status, GameStatus::Playing);
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn fork(&self) -> GameEngine {
        let mut fork = GameEngine {
            config: self.config.clone(),
            plugins: self.plugins.clone(),
            registry: self.registry.clone(),
            state: self.state.clone(),
            created: self.created,
            players: self.players.clone(),
            log: self.log.clone(),
            start_index: self.start_index,
            subscribers: Vec::new(),
            subscribed_to_all: false,
            next_subscription: 0,
            queues: TickQueues::default(),
            spare: None,
        };
        fork.refresh_interest();
        fork
    }

    /// The players the game was created with (as given to `create_game`).
    pub fn initial_players(&self) -> &[Player] {
        &self.players
    }

    /// Ids of the players, in the order given.
    pub fn player_ids(&self) -> Vec<PlayerId> {
        self.state.players.keys().cloned().collect()
    }
}

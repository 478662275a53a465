//! [`GameEngine`]: a match of a [`Game`]: creation, ticks, subscriptions.
//!
//! An engine plays one [`Game`] (shared, immutable: the plugins and their registry) and
//! owns what changes: the state, its log and its subscribers.
//!
//! A **tick** is one call of [`GameEngine::start`] or [`GameEngine::dispatch`]. Actions run FIFO from a queue; for each one its kind's rules run
//! in registration order (the first rejection stops it), then its handler; the events
//! it emits are handled FIFO — handlers may emit more events and dispatch more actions —
//! before the next action runs. A tick is all or nothing: if anything in it fails, the
//! state (RNG included) is exactly as before and no subscriber hears anything. Logs and
//! replay are in `replay.rs`.

use std::any::TypeId;
use std::sync::Arc;

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::action_log::Log;
use crate::context::GameContext;
use crate::error::{EngineError, quoted, shown};
use crate::event::{AnyEvent, Event};
use crate::game::Game;
use crate::kind_table::{Kind, KindOps, Kinds};
use crate::kinds::{GameCreated, GameStarted};
use crate::player::Player;
use crate::position::Position;
use crate::queues::Queues;
use crate::registry::{ActionKind, Vouched, event_ops};
use crate::scope;
use crate::state::{GameState, GameStatus};
use crate::subscribers::{Subscribers, SubscriptionId};
use crate::tables::Tables;
use crate::tick::{self, ExternalTick, Limits, Rollback};

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
    /// Id of the game. Every player sees it: derive nothing in it from the seed.
    pub game_id: String,
    /// A tick that runs more actions than this fails with `TickLimitExceeded`.
    pub max_actions_per_tick: usize,
    /// A tick that emits more events than this (listened to or not) fails with
    /// `TickLimitExceeded`.
    pub max_events_per_tick: usize,
    /// Whether [`start`](GameEngine::start) and [`dispatch`](GameEngine::dispatch)
    /// return the tick's events in their [`Outcome`] (the default). Off, the outcome is
    /// empty and an event that no handler and no subscriber listens to goes no further
    /// than being counted: what simulations and search use on the hot path.
    /// Subscribers hear every event either way; the game is the same either way.
    pub collect_events: bool,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            seed: 0,
            game_id: "game".to_string(),
            max_actions_per_tick: 1000,
            max_events_per_tick: 100_000,
            collect_events: true,
        }
    }
}

/// What a committed tick did: its events, in the order they were handled (none when
/// the engine does not [collect](EngineConfig::collect_events) them).
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

/// A match of a [`Game`]: create it, start it, dispatch actions.
///
/// ```
/// use decklet_core::*;
/// let game = Game::builder().build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig { seed: 42, game_id: "g1".into(), ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// engine.start()?;
/// assert_eq!(engine.state().status(), GameStatus::Playing);
/// // No plugin handles PLAY_CARD here, so the engine refuses it and nothing changes.
/// let before = engine.state().clone();
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// assert!(engine.dispatch(PlayCard::new(p1, [])).is_err());
/// assert_eq!(engine.state(), &before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GameEngine {
    pub(crate) config: EngineConfig,
    pub(crate) game: Arc<Game>,
    /// The game's kinds (shared), plus the event types subscribers listen to (copied
    /// on the first subscription that adds one).
    pub(crate) kinds: Arc<Kinds>,
    pub(crate) state: GameState,
    pub(crate) created: bool,
    pub(crate) players: Vec<Player>,
    /// The position the game was adopted from ([`load_state`](Self::load_state)).
    pub(crate) initial_state: Option<Arc<GameState>>,
    pub(crate) log: Log,
    pub(crate) start_index: Option<usize>,
    pub(crate) subscribers: Subscribers,
    pub(crate) queues: Queues,
    /// Where the engine is: moved on by every change of its state, so that a list of
    /// moves it listed knows whether it still stands ([`list_moves`](Self::list_moves)).
    pub(crate) position: Position,
}

impl Default for GameEngine {
    /// An engine of the game of no plugin, with the default settings.
    fn default() -> Self {
        GameEngine::new(Game::empty(), EngineConfig::default())
    }
}

impl std::fmt::Debug for GameEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEngine")
            .field("config", &self.config)
            .field(
                "plugins",
                &self
                    .game
                    .plugins()
                    .iter()
                    .map(|p| &p.id)
                    .collect::<Vec<_>>(),
            )
            .field("status", &self.state.status)
            .finish_non_exhaustive()
    }
}

impl GameEngine {
    /// An engine of `game` with no match yet: what every match, fork and replay of the
    /// game starts from. Cheap: the game's registry is shared, not copied.
    pub fn new(game: &Arc<Game>, config: EngineConfig) -> Self {
        GameEngine {
            config,
            game: Arc::clone(game),
            kinds: Arc::clone(game.kinds()),
            state: GameState::default(),
            created: false,
            players: Vec::new(),
            initial_state: None,
            log: Log::default(),
            start_index: None,
            subscribers: Subscribers::default(),
            queues: Queues::default(),
            position: Position::of_new_engine(),
        }
    }

    /// The game this engine plays.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The engine's settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the settings used by the next `create_game` (seed, game id, limits) and
    /// from the next tick on (whether events are collected). An engine can run many
    /// matches one after the other: `create_game` starts afresh.
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = config;
    }

    fn limits(&self) -> Limits {
        Limits {
            actions: self.config.max_actions_per_tick,
            events: self.config.max_events_per_tick,
        }
    }

    /// Deals a new game on this engine: the seed set to `seed`, a game created with
    /// `players` ([`create_game`](Self::create_game)) and started, the engine's other
    /// settings, buffers and subscribers kept; the deal's events are not collected
    /// (subscribers hear them). What a simulation does to play many games on one engine,
    /// and a match to deal its rounds. On error the engine keeps its settings.
    ///
    /// ```
    /// use decklet_core::{EngineConfig, Game, GameEngine, Player};
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig::default());
    /// engine.deal(7, Player::numbered(3))?;
    /// assert_eq!(engine.config().seed, 7);
    /// assert_eq!(engine.state().players().count(), 3);
    /// # Ok::<(), decklet_core::EngineError>(())
    /// ```
    pub fn deal(&mut self, seed: u64, players: Vec<Player>) -> Result<(), EngineError> {
        let config = EngineConfig {
            seed,
            ..self.config.clone()
        };
        // the deal's events are not returned: collecting them would be work for nothing
        self.config = EngineConfig {
            collect_events: false,
            ..config.clone()
        };
        let started = self.create_game(players).and_then(|_| self.start());
        self.config = config;
        started.map(|_| ())
    }

    /// Creates a game: checks the plugins and players, makes a hand zone per player,
    /// runs every plugin's setup in order and emits `GAME_CREATED`. Replaces any earlier
    /// game. On error the engine keeps what it had.
    pub fn create_game(&mut self, players: Vec<Player>) -> Result<Outcome, EngineError> {
        if players.is_empty() {
            return Err(EngineError::NoPlayers);
        }
        self.position.advance();
        let mut tables = Tables::with_players(&self.config.game_id, players.clone())?;
        tables.data = Arc::clone(self.game.shared_data());
        tables.add_hands()?;
        let mut state =
            GameState::from_tables(tables, self.config.seed, || self.queues.zone_buffer());
        let limits = self.limits();
        // what an interrupted tick left is dropped; after a committed one nothing is left
        self.queues.begin(limits.events, true);
        self.queues.journaling = false;
        let result = self.set_up(&mut state).and_then(|()| {
            let event = GameCreated {
                game_id: state.tables.game_id.clone(),
                player_ids: state.players().collect(),
            };
            GameContext::new(
                &mut state,
                &mut self.queues,
                &self.kinds,
                ActionOrigin::Internal,
            )
            .emit(event);
            tick::run(
                &mut state,
                &mut self.queues,
                &self.kinds,
                limits,
                "GAME_CREATED",
            )
        });
        if let Err(err) = result {
            self.queues.clear();
            return Err(err);
        }
        self.queues.journal.clear();
        let last = std::mem::replace(&mut self.state, state);
        self.queues.keep_zone_buffers(last.zone_cards);
        self.created = true;
        self.players = players;
        self.initial_state = None;
        self.log.clear();
        self.start_index = None;
        Ok(self.deliver(self.config.collect_events))
    }

    /// Runs every plugin's setup on `state`, then checks that it left every card in a
    /// zone. That is all a setup can get wrong: context writes never put a card in two
    /// zones, nor name a player that is not one, so the cards are all placed exactly
    /// when the zones hold as many as the table. When they do not,
    /// [`GameState::validate`] names the card.
    fn set_up(&mut self, state: &mut GameState) -> Result<(), EngineError> {
        for plugin in self.game.plugin_list() {
            let mut ctx =
                GameContext::new(state, &mut self.queues, &self.kinds, ActionOrigin::Internal);
            plugin.setup(&mut ctx)?;
        }
        let placed: usize = state.zone_cards.iter().map(Vec::len).sum();
        match placed == state.cards().len() {
            true => Ok(()),
            false => state.validate(),
        }
    }

    /// Adopts a position: a validated state (read from JSON, or a fork's) becomes the
    /// engine's game, and play goes on from it. Every plugin's setup runs on it first
    /// (setups are idempotent, so the state stays as it was; this rebuilds what plugins
    /// attach); a state the setups would change is not one of these plugins' games and
    /// is refused, and so is one a plugin's [`validate`](crate::GamePlugin::validate) refuses. The log starts empty and records the position, so it still replays.
    ///
    /// A position of the game this engine holds now (one that shares its tables: a
    /// fork's state, a world sampled from an information state ([`InfoState::determinize`](crate::InfoState::determinize))
    /// of it) is only validated: its tables are the ones these plugins' setup made.
    /// That is what lets a search bot adopt thousands of sampled worlds a second.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig { seed: 3, ..Default::default() });
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// let position = GameState::from_json(&engine.state().to_json()?)?;
    /// let mut other = GameEngine::new(&game, EngineConfig::default());
    /// other.load_state(position)?;
    /// assert_eq!(other.state(), engine.state());
    /// let mut replayed = GameEngine::new(&game, EngineConfig::default());
    /// replayed.replay(&other.log(), Verify::Required)?;
    /// assert_eq!(replayed.state(), engine.state());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn load_state(&mut self, state: GameState) -> Result<(), EngineError> {
        if state.player_count() == 0 {
            return Err(EngineError::NoPlayers);
        }
        state.validate()?;
        if self.created && Arc::ptr_eq(&state.tables, &self.state.tables) {
            self.queues.clear();
            self.adopt(state);
            return Ok(());
        }
        let mut adopted = state.clone();
        if !Arc::ptr_eq(&adopted.tables.data, self.game.shared_data()) {
            Arc::make_mut(&mut adopted.tables).data = Arc::clone(self.game.shared_data());
        }
        self.queues.clear();
        self.queues.begin(self.config.max_events_per_tick, false);
        self.queues.journaling = false;
        let result = self.set_up(&mut adopted);
        let changed = !self.queues.actions.is_empty() || !self.queues.events.is_empty();
        self.queues.clear();
        result?;
        if changed || adopted != state {
            return Err(EngineError::InvalidState {
                message: "the plugins' setup changes this state: it is not a game of \
                          these plugins"
                    .to_string(),
            });
        }
        for plugin in self.game.plugin_list() {
            plugin.validate(&adopted)?;
        }
        self.adopt(adopted);
        Ok(())
    }

    /// Makes a checked position the game, with a log that starts from it.
    fn adopt(&mut self, mut adopted: GameState) {
        self.position.advance();
        // a position the engine plays is the whole of it, whatever it was read from
        adopted.seat_view = false;
        self.players = adopted.tables.players.clone();
        self.config.game_id = adopted.tables.game_id.clone();
        self.start_index = (adopted.status != GameStatus::Waiting).then_some(0);
        self.initial_state = Some(Arc::new(adopted.clone()));
        self.state = adopted;
        self.created = true;
        self.log.clear();
    }

    /// Starts the game: status `playing`, emits `GAME_STARTED` (a tick: plugins deal,
    /// pick the first player, …).
    pub fn start(&mut self) -> Result<Outcome, EngineError> {
        let collect = self.config.collect_events;
        self.start_tick(collect)?;
        Ok(self.deliver(collect))
    }

    pub(crate) fn start_tick(&mut self, collect: bool) -> Result<(), EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        if self.state.status != GameStatus::Waiting {
            return Err(EngineError::WrongStatus {
                operation: "start",
                status: self.state.status.to_string(),
            });
        }
        self.begin_tick(collect);
        let limits = self.limits();
        let guard = Rollback::new(&mut self.state, &mut self.queues);
        guard.state.status = GameStatus::Playing;
        let event = GameStarted {
            game_id: guard.state.tables.game_id.clone(),
        };
        GameContext::new(
            guard.state,
            guard.queues,
            &self.kinds,
            ActionOrigin::Internal,
        )
        .emit(event);
        tick::run(
            guard.state,
            guard.queues,
            &self.kinds,
            limits,
            "GAME_STARTED",
        )?;
        guard.commit();
        self.start_index = Some(self.log.len());
        Ok(())
    }

    /// Runs every plugin's setup again on the current game, as one all-or-nothing tick.
    /// Setups are idempotent, so this changes nothing; it exists to prove it.
    pub fn rerun_setup(&mut self) -> Result<Outcome, EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        self.begin_tick(true);
        let limits = self.limits();
        let guard = Rollback::new(&mut self.state, &mut self.queues);
        for plugin in self.game.plugin_list() {
            let mut ctx = GameContext::new(
                guard.state,
                guard.queues,
                &self.kinds,
                ActionOrigin::Internal,
            );
            plugin.setup(&mut ctx)?;
        }
        tick::run(guard.state, guard.queues, &self.kinds, limits, "setup")?;
        guard.commit();
        Ok(self.deliver(true))
    }

    /// Prepares the queues for a tick, which keeps every event when `collect` (or when
    /// someone hears them all).
    #[inline]
    fn begin_tick(&mut self, collect: bool) {
        self.position.advance();
        let keep_all = collect || self.subscribers.hears_all();
        self.queues.begin(self.config.max_events_per_tick, keep_all);
    }

    /// Dispatches an action from outside (origin `External`) and runs the tick.
    ///
    /// On success the tick's events go to the subscribers and come back in the
    /// [`Outcome`] (when the engine [collects](EngineConfig::collect_events) them), and
    /// the action is logged. On error nothing changed.
    pub fn dispatch<A: Action>(&mut self, action: A) -> Result<Outcome, EngineError> {
        let collect = self.config.collect_events;
        self.external_tick(action, collect)?;
        Ok(self.deliver(collect))
    }

    /// [`dispatch`](Self::dispatch) for a type-erased action (one read from JSON with
    /// [`action_from_json`](Self::action_from_json), or a game-agnostic bot's move).
    pub fn dispatch_any(&mut self, action: AnyAction) -> Result<Outcome, EngineError> {
        let collect = self.config.collect_events;
        self.external_any_tick(action, collect)?;
        Ok(self.deliver(collect))
    }

    fn unknown(kind: &str) -> EngineError {
        EngineError::UnknownAction {
            kind: kind.to_string(),
        }
    }

    /// [`dispatch`](Self::dispatch) of an action whose kind is known: `k`, whose
    /// rules and handler are `kind` (a listed move's, [`Moves`](crate::Moves)): no
    /// lookup of the kind by type.
    #[inline]
    pub(crate) fn dispatch_of_kind<A: Action>(
        &mut self,
        k: Kind,
        kind: &ActionKind<A>,
        action: A,
        vouched: Vouched,
    ) -> Result<Outcome, EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        let collect = self.config.collect_events;
        self.begin_tick(collect);
        self.external_parts(vouched).run(k, kind, action)?;
        Ok(self.deliver(collect))
    }

    /// What a tick of an external action runs with (its kind not borrowed from the
    /// engine's own table).
    fn external_parts(&mut self, vouched: Vouched) -> ExternalTick<'_> {
        let limits = self.limits();
        ExternalTick {
            state: &mut self.state,
            queues: &mut self.queues,
            kinds: &self.kinds,
            log: &mut self.log,
            limits,
            vouched,
        }
    }

    /// Runs the tick of a typed external action and logs it.
    fn external_tick<A: Action>(&mut self, action: A, collect: bool) -> Result<(), EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        let Some((k, kind)) = self.kinds.of(TypeId::of::<A>()).and_then(|k| {
            let ops = self.kinds.action_ops(k)?;
            Some((k, ActionKind::<A>::of(ops.as_ref())?))
        }) else {
            return Err(Self::unknown(A::KIND));
        };
        // the kind borrowed from the engine's table: the parts are taken field by field
        let keep_all = collect || self.subscribers.hears_all();
        self.queues.begin(self.config.max_events_per_tick, keep_all);
        self.position.advance();
        let limits = self.limits();
        let parts = ExternalTick {
            state: &mut self.state,
            queues: &mut self.queues,
            kinds: &self.kinds,
            log: &mut self.log,
            limits,
            vouched: Vouched::Rules,
        };
        parts.run(k, kind, action)
    }

    /// Runs the tick of a type-erased external action and logs it.
    pub(crate) fn external_any_tick(
        &mut self,
        action: AnyAction,
        collect: bool,
    ) -> Result<(), EngineError> {
        if !self.created {
            return Err(EngineError::NoGame);
        }
        let kind = action.kind();
        let Some((k, ops)) = self
            .kinds
            .of(action.type_id())
            .and_then(|k| Some((k, self.kinds.action_ops(k)?.clone())))
        else {
            return Err(Self::unknown(kind));
        };
        self.begin_tick(collect);
        // the kind's typed operations run it as `dispatch` runs a typed action
        ops.run_external(k, action, self.external_parts(Vouched::Rules))
    }

    /// Reads an action from its JSON form `{"type": KIND, "payload": {...}}`, with the
    /// kinds the plugins registered and the current game's names; dispatch it with
    /// [`dispatch_any`](Self::dispatch_any).
    pub fn action_from_json(&self, json: &serde_json::Value) -> Result<AnyAction, EngineError> {
        let kind = json
            .get("type")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| EngineError::Json {
                message: "an action needs a string \"type\"".to_string(),
            })?;
        let empty = serde_json::Value::Object(serde_json::Map::new());
        let payload = json.get("payload").unwrap_or(&empty);
        self.parse_action(kind, payload)
    }

    /// Reads one action of kind `kind` from its payload, in the current game.
    pub(crate) fn parse_action(
        &self,
        kind: &str,
        payload: &serde_json::Value,
    ) -> Result<AnyAction, EngineError> {
        let ops = self
            .kinds
            .action_named(kind)
            .and_then(|k| self.kinds.action_ops(k))
            .ok_or_else(|| Self::unknown(&shown(kind)))?;
        let tables = &self.state.tables;
        scope::with_tables(tables, || ops.parse(payload))
            .map(|action| action.in_game(tables))
            .map_err(|err| EngineError::InvalidAction {
                kind: shown(kind),
                message: quoted(&err.to_string()),
            })
    }

    /// Hands the committed tick's kept events to the subscribers (and, with `collect`,
    /// back as an [`Outcome`]).
    pub(crate) fn deliver(&mut self, collect: bool) -> Outcome {
        let mut events = Vec::new();
        if self.queues.done.is_empty() {
            return Outcome { events };
        }
        if collect {
            events.reserve(self.queues.done.len());
        }
        let tables = Arc::clone(&self.state.tables);
        let (queues, subscribers, kinds) = (&mut self.queues, &mut self.subscribers, &self.kinds);
        scope::with_tables(&tables, || {
            // by position, so that the list stays whole until every event is out: if a
            // subscriber panics, the next tick finds it and drops what is left
            for i in 0..queues.done.len() {
                let Some(&k) = queues.done.get(i) else {
                    break;
                };
                let outcome = collect.then_some(&mut events);
                match k {
                    None => {
                        if let Some(event) = queues.untyped_done.pop_front() {
                            subscribers.deliver_any(event.in_game(&tables), outcome);
                        }
                    }
                    Some(k) => {
                        if let Some(ops) = kinds.event_ops(k) {
                            ops.deliver_next(k, queues, subscribers, &tables, outcome);
                        }
                    }
                }
            }
            queues.done.clear();
        });
        Outcome { events }
    }

    /// Calls `callback` with every committed event of type `E`.
    pub fn subscribe<E: Event>(
        &mut self,
        callback: impl FnMut(&E) + Send + 'static,
    ) -> SubscriptionId {
        let ops = event_ops::<E>();
        // the game's kinds are shared until an engine subscribes: then it has its own
        let kinds = Arc::make_mut(&mut self.kinds);
        let k = kinds.add(TypeId::of::<E>(), E::KIND, KindOps::Event(ops));
        kinds.count_subscription(k, 1);
        self.subscribers.add_typed::<E>(callback)
    }

    /// Calls `callback` with every committed event, in tick order.
    pub fn subscribe_all(
        &mut self,
        callback: impl FnMut(&AnyEvent) + Send + 'static,
    ) -> SubscriptionId {
        self.subscribers.add_all(callback)
    }

    /// Removes a subscription; `false` if it was not there.
    pub fn unsubscribe(&mut self, id: SubscriptionId) -> bool {
        match self.subscribers.remove(id) {
            Some(Some(type_id)) => {
                if let Some(k) = self.kinds.of(type_id) {
                    Arc::make_mut(&mut self.kinds).count_subscription(k, -1);
                }
                true
            }
            Some(None) => true,
            None => false,
        }
    }

    /// The current state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Whether a game has been created.
    pub fn has_game(&self) -> bool {
        self.created
    }

    /// An independent copy of this engine: same game, config, state and log, no
    /// subscribers. Cheap (the game and the tables are shared); for search bots and
    /// "what if" probes.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let mut probe = engine.fork();
    /// probe.start()?;
    /// assert_eq!(engine.state().status(), GameStatus::Waiting);
    /// assert_eq!(probe.state().status(), GameStatus::Playing);
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn fork(&self) -> GameEngine {
        GameEngine {
            config: self.config.clone(),
            game: Arc::clone(&self.game),
            kinds: Arc::clone(self.game.kinds()),
            state: self.state.clone(),
            created: self.created,
            players: self.players.clone(),
            initial_state: self.initial_state.clone(),
            log: self.log.clone(),
            start_index: self.start_index,
            subscribers: Subscribers::default(),
            queues: Queues::default(),
            position: Position::of_new_engine(),
        }
    }

    /// The players the game was created with (as given to `create_game`).
    pub fn initial_players(&self) -> &[Player] {
        &self.players
    }
}

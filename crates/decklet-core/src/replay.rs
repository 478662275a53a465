//! Logs and replay: [`GameEngine::log`], [`GameEngine::replay`] and friends.
//!
//! A log holds what rebuilds a game bit for bit: the seed and limits, the players (or,
//! for an adopted position, the position itself), the plugins and every committed
//! external action, plus the final state's digest, which a replay must reach. Replaying
//! into an engine is all or nothing: the game is rebuilt aside and only replaces the
//! engine's game once it has replayed to the end and matched the digest.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;

use crate::action::AnyAction;
use crate::engine::{EngineConfig, GameEngine};
use crate::error::EngineError;
use crate::log::{GameLog, LOG_FORMAT, LoggedAction, PluginInfo, state_digest};
use crate::plugin::GamePlugin;
use crate::queues::Kinds;
use crate::scope;
use crate::state::GameState;

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

/// Whether a replay must match a final digest.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verify {
    /// A log without a digest is refused.
    Required,
    /// A log without a digest replays (one with a digest must still match it).
    IfPresent,
}

impl GameEngine {
    /// The game's log: seed, players, plugins and every committed external action, plus
    /// a digest of the current state so a replay can prove it arrived at the same place.
    pub fn log(&self) -> GameLog {
        let tables = &self.state.tables;
        let actions = scope::with_tables(tables, || {
            (0..self.log.len())
                .map(|n| LoggedAction {
                    kind: self
                        .log
                        .order
                        .get(n)
                        .and_then(|&(k, _)| self.kinds.names.get(k as usize))
                        .map_or_else(String::new, |name| name.to_string()),
                    payload: self.log.json(n).unwrap_or(serde_json::Value::Null),
                })
                .collect()
        });
        GameLog {
            format: LOG_FORMAT.to_string(),
            game_id: self.state.game_id().to_string(),
            seed: self.config.seed,
            max_actions_per_tick: self.config.max_actions_per_tick,
            max_events_per_tick: self.config.max_events_per_tick,
            players: self.players.clone(),
            plugins: self.plugins(),
            start_index: self.start_index,
            actions,
            final_digest: Some(state_digest(&self.state)),
            initial_state: self
                .initial_state
                .as_ref()
                .map(|state| Box::new(GameState::clone(state))),
        }
    }

    /// Number of logged external actions.
    pub fn log_len(&self) -> usize {
        self.log.len()
    }

    /// The `n`-th logged external action.
    pub fn logged_action(&self, n: usize) -> Option<AnyAction> {
        self.log.get(n).map(|a| a.in_game(&self.state.tables))
    }

    /// Rebuilds a game from its log with these plugins; the result must reach the state
    /// the log recorded (a log without a final digest is refused: see
    /// [`replay_unverified`](Self::replay_unverified)).
    pub fn replay(
        log: &GameLog,
        plugins: impl IntoIterator<Item = Arc<dyn GamePlugin>>,
    ) -> Result<GameEngine, EngineError> {
        let mut engine = GameEngine::with_plugins(plugins);
        engine.run_log(log)?;
        Ok(engine)
    }

    /// [`replay`](Self::replay) for a log that may lack its final digest (one cut by
    /// hand, or written by another tool): nothing proves the replay reached the
    /// recorded state. A digest that is there must still match.
    pub fn replay_unverified(
        log: &GameLog,
        plugins: impl IntoIterator<Item = Arc<dyn GamePlugin>>,
    ) -> Result<GameEngine, EngineError> {
        let mut engine = GameEngine::with_plugins(plugins);
        engine.run_unverified_log(log)?;
        Ok(engine)
    }

    /// An engine with default settings and these plugins, ready to replay a log.
    fn with_plugins(plugins: impl IntoIterator<Item = Arc<dyn GamePlugin>>) -> GameEngine {
        let mut engine = GameEngine::new(EngineConfig::default());
        for plugin in plugins {
            engine.use_shared_plugin(plugin);
        }
        engine
    }

    /// Replays a log on this engine (its plugins must be the log's), replacing its game
    /// only if the whole log replays and reaches the recorded digest: on error the
    /// engine is exactly as it was. Subscribers hear the replayed events as they
    /// happen (those of a replay that then fails too).
    ///
    /// The actions are read first, all of them: a malformed one is reported (at its
    /// index) before any runs.
    pub fn run_log(&mut self, log: &GameLog) -> Result<(), EngineError> {
        self.replay_aside(log, Verify::Required)
    }

    /// [`run_log`](Self::run_log) for a log that may lack its final digest.
    pub fn run_unverified_log(&mut self, log: &GameLog) -> Result<(), EngineError> {
        self.replay_aside(log, Verify::IfPresent)
    }

    fn replay_aside(&mut self, log: &GameLog, verify: Verify) -> Result<(), EngineError> {
        self.aside(|engine| {
            engine.replay_header(log)?;
            let actions = engine.parse_actions(log)?;
            engine.replay_actions(log, actions, verify)
        })
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
        let mut scratch = self.empty_like();
        scratch.replay_header(log)?;
        let actions = scratch.parse_actions(log)?;
        Ok(ParsedLog {
            header: GameLog {
                actions: Vec::new(),
                ..log.clone_header()
            },
            actions,
        })
    }

    /// Replays a [`ParsedLog`] like [`run_log`](Self::run_log) replays its log. The
    /// engine's plugins must be the log's.
    pub fn run_parsed_log(&mut self, log: &ParsedLog) -> Result<(), EngineError> {
        self.aside(|engine| {
            engine.replay_header(&log.header)?;
            engine.replay_actions(&log.header, log.actions.clone(), Verify::Required)
        })
    }

    /// This engine's plugins and registry, with no game and no subscribers.
    fn empty_like(&self) -> GameEngine {
        GameEngine {
            plugins: self.plugins.clone(),
            registry: self.registry.clone(),
            kinds: self.kinds.clone(),
            ..GameEngine::new(self.config.clone())
        }
    }

    /// Runs `replay` on an engine beside this one (with this one's subscribers), and
    /// only on success makes its game this engine's. A panic inside it (a subscriber's,
    /// say) gives this engine its subscribers back before it goes on unwinding: the
    /// engine is as it was, and its subscribers still hear its next ticks.
    fn aside(
        &mut self,
        replay: impl FnOnce(&mut GameEngine) -> Result<(), EngineError>,
    ) -> Result<(), EngineError> {
        let mut scratch = self.empty_like();
        scratch.subscribers = std::mem::take(&mut self.subscribers);
        scratch.queues = std::mem::take(&mut self.queues);
        let result = panic::catch_unwind(AssertUnwindSafe(|| replay(&mut scratch)));
        self.subscribers = std::mem::take(&mut scratch.subscribers);
        let result = match result {
            Ok(result) => result,
            Err(payload) => {
                self.queues = std::mem::take(&mut scratch.queues);
                self.queues.clear();
                panic::resume_unwind(payload)
            }
        };
        match result {
            Ok(()) => {
                let subscribers = std::mem::take(&mut self.subscribers);
                *self = scratch;
                self.subscribers = subscribers;
                Ok(())
            }
            Err(err) => {
                self.queues = std::mem::take(&mut scratch.queues);
                self.queues.clear();
                // the registry may have been built aside: keep it, with our kinds
                if self.registry.is_none() && scratch.registry.is_some() {
                    self.registry = scratch.registry;
                    self.kinds = Kinds::default();
                    let _ = self.ensure_registry();
                }
                Err(err)
            }
        }
    }

    /// Checks the log against the engine and creates (or adopts) its game.
    fn replay_header(&mut self, log: &GameLog) -> Result<(), EngineError> {
        self.check_log(log)?;
        self.config = EngineConfig {
            seed: log.seed,
            game_id: log.game_id.clone(),
            max_actions_per_tick: log.max_actions_per_tick,
            max_events_per_tick: log.max_events_per_tick,
        };
        match &log.initial_state {
            Some(state) => {
                self.load_state(GameState::clone(state))?;
            }
            None => {
                self.create_game(log.players.clone())?;
            }
        }
        Ok(())
    }

    /// What replaying needs of a log before it starts.
    fn check_log(&self, log: &GameLog) -> Result<(), EngineError> {
        log.validate()?;
        let same_plugins =
            self.plugins.len() == log.plugins.len()
                && self.plugins.iter().zip(&log.plugins).all(|(ours, theirs)| {
                    ours.id() == theirs.id && ours.version() == theirs.version
                });
        if !same_plugins {
            let show = |list: &[PluginInfo]| {
                list.iter()
                    .map(|p| {
                        format!(
                            "{}@{}",
                            crate::error::shown(&p.id),
                            crate::error::shown(&p.version)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(EngineError::Replay {
                message: format!(
                    "plugin list differs: the log has [{}], the engine has [{}]",
                    show(&log.plugins),
                    show(&self.plugins())
                ),
            });
        }
        Ok(())
    }

    /// Reads every action of the log in the game just created.
    fn parse_actions(&mut self, log: &GameLog) -> Result<Vec<AnyAction>, EngineError> {
        log.actions
            .iter()
            .enumerate()
            .map(|(index, logged)| {
                self.parse_action(&logged.kind, &logged.payload)
                    .map_err(|e| EngineError::ReplayDiverged {
                        index,
                        source: Box::new(e),
                    })
            })
            .collect()
    }

    /// Applies the actions (starting the game at the log's start index), then checks
    /// the final digest.
    fn replay_actions(
        &mut self,
        log: &GameLog,
        actions: Vec<AnyAction>,
        verify: Verify,
    ) -> Result<(), EngineError> {
        let count = actions.len();
        // an adopted position that was already started needs no start
        let start = log
            .start_index
            .filter(|_| self.state.status() == crate::state::GameStatus::Waiting);
        for (index, action) in actions.into_iter().enumerate() {
            let diverged = |e| EngineError::ReplayDiverged {
                index,
                source: Box::new(e),
            };
            if start == Some(index) {
                self.start_quietly().map_err(diverged)?;
            }
            self.apply_any(action).map_err(diverged)?;
        }
        if start == Some(count) {
            self.start_quietly()
                .map_err(|e| EngineError::ReplayDiverged {
                    index: count,
                    source: Box::new(e),
                })?;
        }
        match &log.final_digest {
            Some(expected) => {
                let actual = state_digest(&self.state);
                if &actual != expected {
                    return Err(EngineError::Replay {
                        message: format!(
                            "the replayed state (digest {actual}) differs from the recorded one ({})",
                            crate::error::shown(expected)
                        ),
                    });
                }
            }
            None if verify == Verify::Required => {
                return Err(EngineError::Replay {
                    message: "the log has no final digest, so nothing proves the replay \
                              reaches the recorded game; replay it unverified on purpose"
                        .to_string(),
                });
            }
            None => {}
        }
        Ok(())
    }
}

impl GameLog {
    /// Everything but the actions.
    fn clone_header(&self) -> GameLog {
        GameLog {
            format: self.format.clone(),
            game_id: self.game_id.clone(),
            seed: self.seed,
            max_actions_per_tick: self.max_actions_per_tick,
            max_events_per_tick: self.max_events_per_tick,
            players: self.players.clone(),
            plugins: self.plugins.clone(),
            start_index: self.start_index,
            actions: Vec::new(),
            final_digest: self.final_digest.clone(),
            initial_state: self.initial_state.clone(),
        }
    }
}

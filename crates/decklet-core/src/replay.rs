//! Logs and replay: [`GameEngine::log`], [`GameEngine::replay`] and [`Game::parse_log`].
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
use crate::game::Game;
use crate::log::{GameLog, LOG_FORMAT, LoggedAction, PluginInfo, state_digest};
use crate::scope;
use crate::state::GameState;

/// A [`GameLog`] whose actions were read once into typed actions
/// ([`Game::parse_log`]): replaying it does no JSON work.
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verify {
    /// A log without a digest is refused (the default): a replay that succeeds has
    /// reached the recorded state.
    #[default]
    Required,
    /// A log without a digest replays too (one cut by hand, or written by another
    /// tool): nothing then proves the replay reached the recorded state. A digest that
    /// is there must still match.
    IfPresent,
}

/// What [`GameEngine::replay`] replays: a log as read, or one parsed once.
#[derive(Clone, Copy, Debug)]
pub enum ReplayInput<'a> {
    /// A log whose actions are read from JSON first, all of them.
    Log(&'a GameLog),
    /// A log whose actions were read once ([`Game::parse_log`]).
    Parsed(&'a ParsedLog),
}

impl<'a> From<&'a GameLog> for ReplayInput<'a> {
    fn from(log: &'a GameLog) -> Self {
        ReplayInput::Log(log)
    }
}

impl<'a> From<&'a ParsedLog> for ReplayInput<'a> {
    fn from(log: &'a ParsedLog) -> Self {
        ReplayInput::Parsed(log)
    }
}

impl Game {
    /// Reads a log's actions once into typed actions, with this game's plugins (which
    /// must be the log's). Replaying the result does no JSON work: for a log replayed
    /// many times (regression suites, searches that restart from a recorded game).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig { seed: 3, ..Default::default() });
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// let log = engine.log();
    /// let parsed = game.parse_log(&log)?;
    /// let mut again = GameEngine::new(&game, EngineConfig::default());
    /// again.replay(&parsed, Verify::Required)?;
    /// assert_eq!(again.state(), engine.state());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn parse_log(self: &Arc<Self>, log: &GameLog) -> Result<ParsedLog, EngineError> {
        let mut scratch = GameEngine::new(self, EngineConfig::default());
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
                        .and_then(|&(k, _)| self.kinds.names.get(k.index()))
                        .map_or_else(String::new, |name| name.to_string()),
                    payload: self.log.json(n).unwrap_or(serde_json::Value::Null),
                })
                .collect()
        });
        GameLog {
            format: LOG_FORMAT.to_string(),
            game_id: self.state.game_id().to_string(),
            game: self.game.string().map(str::to_string),
            seed: self.config.seed,
            max_actions_per_tick: self.config.max_actions_per_tick,
            max_events_per_tick: self.config.max_events_per_tick,
            players: self.players.clone(),
            plugins: self.game.plugins().to_vec(),
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

    /// Replays a log on this engine (its game's plugins must be the log's), replacing
    /// its match only if the whole log replays and reaches the recorded digest
    /// ([`Verify`]): on error the engine is exactly as it was. Subscribers hear the
    /// replayed events as they happen (those of a replay that then fails too).
    ///
    /// The actions of a [`GameLog`] are read first, all of them: a malformed one is
    /// reported (at its index) before any runs. A [`ParsedLog`] was read already.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig { seed: 9, ..Default::default() });
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// let mut replayed = GameEngine::new(&game, EngineConfig::default());
    /// replayed.replay(&engine.log(), Verify::Required)?;
    /// assert_eq!(replayed.state(), engine.state());
    ///
    /// // a log without its digest is refused, unless asked for
    /// let cut = GameLog { final_digest: None, ..engine.log() };
    /// assert!(replayed.replay(&cut, Verify::Required).is_err());
    /// replayed.replay(&cut, Verify::IfPresent)?;
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn replay<'a>(
        &mut self,
        log: impl Into<ReplayInput<'a>>,
        verify: Verify,
    ) -> Result<(), EngineError> {
        match log.into() {
            ReplayInput::Log(log) => self.aside(|engine| {
                engine.replay_header(log)?;
                let actions = engine.parse_actions(log)?;
                engine.replay_actions(log, actions, verify)
            }),
            ReplayInput::Parsed(log) => self.aside(|engine| {
                engine.replay_header(&log.header)?;
                engine.replay_actions(&log.header, log.actions.clone(), verify)
            }),
        }
    }

    /// This engine's game, with no match and no subscribers.
    fn empty_like(&self) -> GameEngine {
        GameEngine {
            kinds: Arc::clone(&self.kinds),
            ..GameEngine::new(&self.game, self.config.clone())
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
            collect_events: self.config.collect_events,
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
        if let (Some(logged), Some(ours)) = (&log.game, self.game.string())
            && logged != ours
        {
            return Err(EngineError::Replay {
                message: format!(
                    "the log is of the game `{}`, the engine plays `{}`",
                    crate::error::shown(logged),
                    crate::error::shown(ours)
                ),
            });
        }
        let same_plugins = self.game.plugins() == log.plugins.as_slice();
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
                    show(self.game.plugins())
                ),
            });
        }
        Ok(())
    }

    /// Reads every action of the log in the game just created.
    fn parse_actions(&self, log: &GameLog) -> Result<Vec<AnyAction>, EngineError> {
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
            self.external_any_tick(action, false).map_err(diverged)?;
            self.deliver(false);
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

impl GameEngine {
    /// Starts the game without collecting its events (subscribers hear them).
    fn start_quietly(&mut self) -> Result<(), EngineError> {
        self.start_tick(false)?;
        self.deliver(false);
        Ok(())
    }
}

impl GameLog {
    /// Everything but the actions.
    fn clone_header(&self) -> GameLog {
        GameLog {
            format: self.format.clone(),
            game_id: self.game_id.clone(),
            game: self.game.clone(),
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

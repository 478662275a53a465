//! [`PlayerLog`]: a game's log as one player may read it, made from what that player
//! was told as the game went: the events of the deal and of each move as it heard them
//! ([`AnyEvent::view_for`](crate::AnyEvent::view_for)), who made each move and its kind,
//! and the moves' own words only for its own moves. Not the seed (which predicts every
//! shuffle), nor an adopted position (which shows every hand), nor the digest; it
//! cannot be replayed. A card passed face down to another player is named to the
//! two of them, as the game told them, and to no one else.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::{EngineConfig, GameEngine};
use crate::error::EngineError;
use crate::event::AnyEvent;
use crate::game::Game;
use crate::log::{GameLog, PluginInfo};
use crate::player::Player;
use crate::replay::Verify;

/// A log as one player may read it ([`GameLog::view_for`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerLog {
    /// The log format of the game.
    pub format: String,
    /// Who the log is for (a player's text id).
    pub viewer: String,
    /// The game's id.
    pub game_id: String,
    /// The game string of the game played, if it was built as one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The players.
    pub players: Vec<Player>,
    /// The plugins.
    pub plugins: Vec<PluginInfo>,
    /// The events of the game's start (the deal) as the viewer heard them.
    pub start: Vec<serde_json::Value>,
    /// Each move, in order, as the viewer was told it.
    pub moves: Vec<HeardMove>,
}

/// A move as one player was told it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeardMove {
    /// The move's kind (public: every player sees that a move of this kind was made).
    #[serde(rename = "type")]
    pub kind: String,
    /// Who made it (a player's text id), if it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The move as it was sent: only in the log of the player who made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<serde_json::Value>,
    /// Its events as the viewer heard them.
    pub events: Vec<serde_json::Value>,
}

impl GameLog {
    /// The log as player `viewer` (its text id) may read it: the log is replayed on
    /// `game` (the game it was played under, its digest checked when it has one), and
    /// each move's events are kept as `viewer` heard them (see [`PlayerLog`]).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig { seed: 1, ..Default::default() });
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// engine.start()?;
    /// let view = engine.log().view_for(&game, "p1")?;
    /// assert_eq!((view.viewer.as_str(), view.moves.len()), ("p1", 0));
    /// assert!(engine.log().view_for(&game, "p9").is_err());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn view_for(&self, game: &Arc<Game>, viewer: &str) -> Result<PlayerLog, EngineError> {
        // the whole log replays first (it is checked, its digest reached)
        GameEngine::new(game, EngineConfig::default()).replay(self, Verify::IfPresent)?;
        let mut engine = GameEngine::new(
            game,
            EngineConfig {
                seed: self.seed,
                game_id: self.game_id.clone(),
                max_actions_per_tick: self.max_actions_per_tick,
                max_events_per_tick: self.max_events_per_tick,
                collect_events: true,
            },
        );
        match &self.initial_state {
            Some(state) => engine.load_state(crate::state::GameState::clone(state))?,
            None => {
                engine.create_game(self.players.clone())?;
            }
        }
        let seat = engine
            .state()
            .player_id(viewer)
            .ok_or_else(|| EngineError::PlayerNotFound {
                player: crate::error::shown(viewer),
            })?;
        let heard = |events: &[AnyEvent]| -> Vec<serde_json::Value> {
            events
                .iter()
                .map(|e| serde_json::to_value(e.view_for(seat)).unwrap_or_default())
                .collect()
        };
        let mut start = Vec::new();
        let begin = self
            .start_index
            .filter(|_| engine.state().status() == crate::state::GameStatus::Waiting);
        let mut moves = Vec::with_capacity(self.actions.len());
        for (index, logged) in self.actions.iter().enumerate() {
            if begin == Some(index) {
                start = heard(&engine.start()?.events);
            }
            let json = serde_json::json!({"type": logged.kind, "payload": logged.payload});
            let action = engine.action_from_json(&json)?;
            let mover = action.player_id();
            let outcome = engine.dispatch_any(action)?;
            moves.push(HeardMove {
                kind: logged.kind.clone(),
                player: mover.map(|p| engine.state().id_text(p).into_owned()),
                payload: (mover == Some(seat)).then(|| logged.payload.clone()),
                events: heard(&outcome.events),
            });
        }
        if begin == Some(self.actions.len()) {
            start = heard(&engine.start()?.events);
        }
        Ok(PlayerLog {
            format: self.format.clone(),
            viewer: viewer.to_string(),
            game_id: self.game_id.clone(),
            game: self.game.clone(),
            players: self.players.clone(),
            plugins: self.plugins.clone(),
            start,
            moves,
        })
    }
}

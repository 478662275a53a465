//! [`GameLog`]: what it takes to replay a game bit for bit.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::player::Player;
use crate::scope;
use crate::state::{GameState, MAX_ID_LEN, MAX_PLAYERS};
use crate::state_json::{PlayersOut, ZonesOut};

/// The `format` tag of logs written by this version.
pub const LOG_FORMAT: &str = "decklet-log/1";

/// A plugin's id and version, as recorded in a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginInfo {
    /// Plugin id.
    pub id: String,
    /// Plugin version.
    pub version: String,
}

/// One logged external action, in its JSON form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// The action's kind.
    #[serde(rename = "type")]
    pub kind: String,
    /// The action's payload.
    #[serde(default)]
    pub payload: serde_json::Value,
}

/// A replayable record of a game: the seed, the players, the plugins and every
/// committed external action, in order.
///
/// ```
/// use decklet_core::*;
/// let game = Game::builder().build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig { seed: 7, ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// engine.start()?;
/// let json = serde_json::to_string(&engine.log())?;
/// let log = GameLog::from_json(&json)?;
/// let mut replayed = GameEngine::new(&game, EngineConfig::default());
/// replayed.replay(&log, Verify::Required)?;
/// assert_eq!(replayed.state(), engine.state());
/// # Ok::<(), EngineError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameLog {
    /// Always [`LOG_FORMAT`].
    pub format: String,
    /// The game's id.
    pub game_id: String,
    /// The game string of the game played ([`GameString`](crate::GameString):
    /// its name and parameters), when it was built as one; a replay refuses a game of
    /// another string, and a catalogue of games builds the game from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The RNG seed.
    pub seed: u64,
    /// The engine's action limit per tick.
    pub max_actions_per_tick: usize,
    /// The engine's event limit per tick.
    #[serde(default = "default_max_events")]
    pub max_events_per_tick: usize,
    /// The players as given to `create_game`.
    pub players: Vec<Player>,
    /// The plugins, in registration order.
    pub plugins: Vec<PluginInfo>,
    /// How many actions were dispatched before `start` (`None`: never started).
    #[serde(default)]
    pub start_index: Option<usize>,
    /// The committed external actions.
    pub actions: Vec<LoggedAction>,
    /// Digest of the state when the log was taken ([`state_digest`]); a replay must
    /// arrive at the same digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_digest: Option<String>,
    /// The position the game was adopted from
    /// ([`GameEngine::load_state`](crate::GameEngine::load_state)); a replay adopts it
    /// instead of creating a game from the seed and the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_state: Option<Box<GameState>>,
}

fn default_max_events() -> usize {
    100_000
}

impl GameLog {
    /// Reads a log from JSON and [validates](GameLog::validate) it.
    pub fn from_json(json: &str) -> Result<GameLog, EngineError> {
        let log: GameLog = serde_json::from_str(json)?;
        log.validate()?;
        Ok(log)
    }

    /// Checks what can be checked without replaying: the format, positive limits,
    /// players (one to [`MAX_PLAYERS`], unique ids and seats, ids and names of at most
    /// [`MAX_ID_LEN`] bytes), the start index, and action kinds.
    pub fn validate(&self) -> Result<(), EngineError> {
        let bad = |message: String| Err(EngineError::Replay { message });
        if self.format != LOG_FORMAT {
            return bad(format!(
                "unknown log format `{}` (expected `{LOG_FORMAT}`)",
                crate::error::shown(&self.format)
            ));
        }
        if self.game_id.len() > MAX_ID_LEN {
            return bad(format!(
                "game id of {} bytes is too long",
                self.game_id.len()
            ));
        }
        if let Some(game) = &self.game
            && let Err(e) = game.parse::<crate::GameString>()
        {
            return bad(format!("the log's game string: {e}"));
        }
        if self.max_actions_per_tick == 0 || self.max_events_per_tick == 0 {
            return bad("the tick limits must be positive".to_string());
        }
        if self.players.is_empty() {
            return bad("the log has no players".to_string());
        }
        if self.players.len() > MAX_PLAYERS {
            return bad(format!(
                "the log has {} players; a game has at most {MAX_PLAYERS}",
                self.players.len()
            ));
        }
        for (i, player) in self.players.iter().enumerate() {
            if player.id.len() > MAX_ID_LEN || player.name.len() > MAX_ID_LEN {
                return bad(format!(
                    "player {i} has an id or name longer than {MAX_ID_LEN} bytes"
                ));
            }
        }
        // sorted, not compared pairwise: a log with very many players stays cheap
        let mut ids: Vec<&str> = self.players.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        if let Some(pair) = ids.windows(2).find(|pair| pair[0] == pair[1]) {
            return bad(format!("player id `{}` is used twice", pair[0]));
        }
        let mut seats: Vec<u32> = self.players.iter().map(|p| p.seat).collect();
        seats.sort_unstable();
        if let Some(pair) = seats.windows(2).find(|pair| pair[0] == pair[1]) {
            return bad(format!("seat {} is used twice", pair[0]));
        }
        if let Some(start) = self.start_index
            && start > self.actions.len()
        {
            return bad(format!(
                "start index {start} is past the {} actions",
                self.actions.len()
            ));
        }
        if let Some((i, _)) = self
            .actions
            .iter()
            .enumerate()
            .find(|(_, a)| a.kind.len() > MAX_ID_LEN)
        {
            return bad(format!("action {i} has an overlong kind"));
        }
        Ok(())
    }

    /// The log as pretty JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A 64-bit digest of the state, as 16 hex digits. Equal states give equal digests on
/// every platform and release (from 0.3 on: 0.2 wrote the variables in the order they
/// were first set, which is not part of a state).
///
/// The state is written as JSON with its `cards` replaced by `cardsDigest`, the digest of
/// the card definitions' JSON, the players and zones as objects keyed by id (in handle
/// order) and the variables sorted by key. A digest of bytes reads them as little-endian 64-bit
/// words (the last one zero-padded), then appends the byte length as one more word:
/// starting from `0x243f_6a88_85a3_08d3`, each word `w` does
/// `h = (h ^ w) * 0x9e37_79b9_7f4a_7c15` (wrapping), `h ^= h >> 29`. Not cryptographic:
/// it detects edits and divergence, not forgery.
///
/// ```
/// # use decklet_core::*;
/// let game = Game::builder().build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig { seed: 1, ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let digest = state_digest(engine.state());
/// assert_eq!(digest.len(), 16);
/// assert_eq!(digest, state_digest(&engine.state().clone()));
/// # Ok::<(), EngineError>(())
/// ```
pub fn state_digest(state: &GameState) -> String {
    let bytes = scope::with_tables(&state.tables, || {
        let cards = state
            .cards()
            .digest(|| digest_bytes(&serde_json::to_vec(state.cards()).unwrap_or_default()));
        serde_json::to_vec(&DigestView::of(state, cards))
    })
    .unwrap_or_default();
    format!("{:016x}", digest_bytes(&bytes))
}

/// The state as digested: its JSON, with the card table by its own digest.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DigestView<'a> {
    game_id: &'a str,
    status: crate::state::GameStatus,
    players: PlayersOut<'a>,
    zones: ZonesOut<'a>,
    cards_digest: String,
    /// By key: the order variables were first set in is not part of a state.
    variables: crate::variables::VariablesByKey<'a>,
    current_player_id: Option<crate::ids::PlayerId>,
    winners: &'a [crate::ids::PlayerId],
    turn: u64,
    rng: &'a crate::rng::GameRng,
}

impl<'a> DigestView<'a> {
    /// Inside the state's scope. The state is destructured: a field added to it does
    /// not compile here until the digest covers it.
    fn of(state: &'a GameState, cards_digest: u64) -> Self {
        let GameState {
            tables,
            status,
            zone_cards: _, // in `zones`, with the zones' definitions
            variables,
            current,
            winners,
            turn,
            rng,
            // which attachments it reads, not what the position is
            seat_view: _,
        } = state;
        DigestView {
            game_id: &tables.game_id,
            status: *status,
            players: PlayersOut(&tables.players),
            zones: ZonesOut(state),
            cards_digest: format!("{cards_digest:016x}"),
            variables: variables.by_key(),
            current_player_id: *current,
            winners,
            turn: *turn,
            rng,
        }
    }
}

fn digest_bytes(bytes: &[u8]) -> u64 {
    let mix = |h: u64, w: u64| {
        let h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    };
    let mut h: u64 = 0x243f_6a88_85a3_08d3;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = mix(h, u64::from_le_bytes(word));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = mix(h, u64::from_le_bytes(word));
    }
    mix(h, bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::digest_bytes;

    #[test]
    fn digest_is_pinned_and_sensitive_to_every_byte_and_the_length() {
        assert_eq!(format!("{:016x}", digest_bytes(b"")), "f7e27bed97b0321e");
        assert_eq!(
            format!("{:016x}", digest_bytes(b"decklet")),
            "eb939e765cf4766e"
        );
        assert_ne!(digest_bytes(b"decklet"), digest_bytes(b"decklet\0"));
        assert_ne!(digest_bytes(b"abcdefgh1"), digest_bytes(b"abcdefgh2"));
    }
}

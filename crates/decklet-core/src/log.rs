//! [`GameLog`]: what it takes to replay a game bit for bit.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::player::Player;
use crate::state::GameState;

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
/// let mut engine = GameEngine::new(EngineConfig { seed: 7, ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1)]).unwrap();
/// engine.start().unwrap();
/// let json = serde_json::to_string(&engine.log()).unwrap();
/// let log = GameLog::from_json(&json).unwrap();
/// let replayed = GameEngine::replay(&log, []).unwrap();
/// assert_eq!(replayed.state(), engine.state());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameLog {
    /// Always [`LOG_FORMAT`].
    pub format: String,
    /// The game's id.
    pub game_id: String,
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
}

fn default_max_events() -> usize {
    100_000
}

impl GameLog {
    /// Reads a log from JSON.
    pub fn from_json(json: &str) -> Result<GameLog, EngineError> {
        Ok(serde_json::from_str(json)?)
    }

    /// The log as pretty JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A 64-bit digest of the state's JSON, as 16 hex digits. Equal states give equal
/// digests on every platform and release.
///
/// The JSON bytes are read as little-endian 64-bit words (the last one zero-padded),
/// then the byte length is appended as one more word. Starting from
/// `0x243f_6a88_85a3_08d3`, each word `w` does `h = (h ^ w) * 0x9e37_79b9_7f4a_7c15`
/// (wrapping), `h ^= h >> 29`. Not cryptographic: it detects edits and divergence,
/// not forgery.
pub fn state_digest(state: &GameState) -> String {
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    format!("{:016x}", digest_bytes(&bytes))
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

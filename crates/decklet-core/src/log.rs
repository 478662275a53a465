//! [`GameLog`]: what it takes to replay a game bit for bit.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::ids::PlayerId;
use crate::player::Player;
use crate::state::{GameState, MAX_ID_LEN};

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
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// engine.start()?;
/// let json = serde_json::to_string(&engine.log())?;
/// let log = GameLog::from_json(&json)?;
/// let replayed = GameEngine::replay(&log, [])?;
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

/// A log as one player may see it ([`GameLog::view_for`]): no seed, no digest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerLog {
    /// The log format of the game.
    pub format: String,
    /// Who the log is for.
    pub viewer: PlayerId,
    /// The game's id.
    pub game_id: String,
    /// The players.
    pub players: Vec<Player>,
    /// The plugins.
    pub plugins: Vec<PluginInfo>,
    /// How many actions came before `start`.
    pub start_index: Option<usize>,
    /// The players' moves (public once made).
    pub actions: Vec<LoggedAction>,
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
    /// players (at least one, unique ids and seats, ids of at most [`MAX_ID_LEN`]
    /// bytes), the start index, and action kinds.
    pub fn validate(&self) -> Result<(), EngineError> {
        let bad = |message: String| Err(EngineError::Replay { message });
        if self.format != LOG_FORMAT {
            return bad(format!(
                "unknown log format `{}` (expected `{LOG_FORMAT}`)",
                self.format
            ));
        }
        if self.game_id.len() > MAX_ID_LEN {
            return bad(format!(
                "game id of {} bytes is too long",
                self.game_id.len()
            ));
        }
        if self.max_actions_per_tick == 0 || self.max_events_per_tick == 0 {
            return bad("the tick limits must be positive".to_string());
        }
        if self.players.is_empty() {
            return bad("the log has no players".to_string());
        }
        for (i, player) in self.players.iter().enumerate() {
            if player.id.as_str().len() > MAX_ID_LEN || player.name.len() > MAX_ID_LEN {
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

    /// The log as `viewer` may see it: the moves, but not the seed (which predicts every
    /// shuffle) nor the final digest. It cannot be replayed.
    pub fn view_for(&self, viewer: &PlayerId) -> PlayerLog {
        PlayerLog {
            format: self.format.clone(),
            viewer: viewer.clone(),
            game_id: self.game_id.clone(),
            players: self.players.clone(),
            plugins: self.plugins.clone(),
            start_index: self.start_index,
            actions: self.actions.clone(),
        }
    }

    /// The log as pretty JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A 64-bit digest of the state, as 16 hex digits. Equal states give equal digests on
/// every platform and release.
///
/// The state is written as JSON with its `cards` replaced by `cardsDigest`, the digest of
/// the card definitions' JSON (computed once per card table, which never changes after
/// setup). A digest of bytes reads them as little-endian 64-bit words (the last one
/// zero-padded), then appends the byte length as one more word: starting from
/// `0x243f_6a88_85a3_08d3`, each word `w` does `h = (h ^ w) * 0x9e37_79b9_7f4a_7c15`
/// (wrapping), `h ^= h >> 29`. Not cryptographic: it detects edits and divergence, not
/// forgery.
pub fn state_digest(state: &GameState) -> String {
    format!("{:016x}", digest_bytes(&digest_json(state)))
}

/// The bytes [`state_digest`] hashes: exactly `serde_json::to_vec` of [`DigestView`],
/// written faster. The zones (most of the bytes: every card id) are written here, each
/// plain id copied between quotes; everything else, and any text JSON must escape, goes
/// through `serde_json`. A test compares both on ordinary and odd states.
fn digest_json(state: &GameState) -> Vec<u8> {
    let cards_digest = cards_digest(state);
    // one allocation of about the right size (a mid-game UNO state is ~4 KB of JSON)
    let mut out = Vec::with_capacity(8 * 1024);
    let field = |out: &mut Vec<u8>, name: &str, value: &dyn erased_json::Json| {
        out.extend_from_slice(name.as_bytes());
        value.write(out);
    };
    field(&mut out, "{\"gameId\":", &state.game_id.as_str());
    field(&mut out, ",\"status\":", &state.status);
    field(&mut out, ",\"players\":", &state.players);
    out.extend_from_slice(b",\"zones\":{");
    let ids = state.cards.id_json();
    for (index, (id, zone)) in state.zones.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_str(&mut out, id.as_str());
        out.extend_from_slice(b":{\"id\":");
        write_str(&mut out, zone.id.as_str());
        out.extend_from_slice(b",\"type\":");
        write_str(&mut out, zone.zone_type.as_str());
        if let Some(owner) = &zone.owner {
            out.extend_from_slice(b",\"owner\":");
            write_str(&mut out, owner.as_str());
        }
        out.extend_from_slice(match zone.visibility {
            crate::zone::Visibility::Public => b",\"visibility\":\"public\",\"cards\":[",
            crate::zone::Visibility::Owner => b",\"visibility\":\"owner\",\"cards\":[",
            crate::zone::Visibility::Hidden => b",\"visibility\":\"hidden\",\"cards\":[",
        });
        for (k, card) in zone.cards.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            // an id the table placed is written as the table wrote it once
            match state.cards.own_position(card).and_then(|i| ids.get(i)) {
                Some(json) => out.extend_from_slice(json),
                None => write_str(&mut out, card.as_str()),
            }
        }
        out.extend_from_slice(b"]}");
    }
    out.push(b'}');
    field(&mut out, ",\"cardsDigest\":", &cards_digest.as_str());
    field(&mut out, ",\"variables\":", &state.variables);
    field(&mut out, ",\"currentPlayerId\":", &state.current_player_id);
    field(&mut out, ",\"winners\":", &state.winners);
    field(&mut out, ",\"turn\":", &state.turn);
    field(&mut out, ",\"rng\":", &state.rng);
    out.push(b'}');
    out
}

/// The card table's digest as 16 hex digits (computed once per table).
fn cards_digest(state: &GameState) -> String {
    let digest = state
        .cards
        .digest(|map| digest_bytes(&serde_json::to_vec(map).unwrap_or_default()));
    format!("{digest:016x}")
}

/// Writes `text` as a JSON string, as `serde_json` does: text without a character JSON
/// escapes (`"`, `\\` and control characters below 0x20; `serde_json` copies every
/// other byte, non-ASCII included) is copied between quotes; the rest is left to
/// `serde_json`.
#[inline]
fn write_str(out: &mut Vec<u8>, text: &str) {
    let escapes = text
        .bytes()
        .fold(false, |escapes, b| escapes | ESCAPED[usize::from(b)]);
    if escapes {
        if serde_json::to_writer(&mut *out, text).is_err() {
            out.extend_from_slice(b"null");
        }
    } else {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    }
}

/// The bytes JSON strings escape.
static ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// Values written with `serde_json` (a writer to a `Vec` cannot fail; a value that
/// cannot be serialized is written as `null`).
mod erased_json {
    pub(super) trait Json {
        fn write(&self, out: &mut Vec<u8>);
    }

    impl<T: serde::Serialize + ?Sized> Json for T {
        fn write(&self, out: &mut Vec<u8>) {
            if serde_json::to_writer(&mut *out, self).is_err() {
                out.extend_from_slice(b"null");
            }
        }
    }
}

/// The state as digested: everything, with the card table by its own digest. What
/// [`digest_json`] writes (the test compares them).
#[cfg(test)]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DigestView<'a> {
    game_id: &'a str,
    status: crate::state::GameStatus,
    players: &'a crate::state::Map<PlayerId, Player>,
    zones: &'a crate::state::Map<crate::ids::ZoneId, crate::zone::Zone>,
    cards_digest: String,
    variables: &'a crate::variables::Variables,
    current_player_id: &'a Option<PlayerId>,
    winners: &'a [PlayerId],
    turn: u64,
    rng: &'a crate::rng::GameRng,
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
    use super::{DigestView, cards_digest, digest_bytes, digest_json};
    use crate::{Card, CardTable, GameState, Player, PlayerId, Visibility, Zone, ZoneId};

    fn reference(state: &GameState) -> Vec<u8> {
        let view = DigestView {
            game_id: &state.game_id,
            status: state.status,
            players: &state.players,
            zones: &state.zones,
            cards_digest: cards_digest(state),
            variables: &state.variables,
            current_player_id: &state.current_player_id,
            winners: &state.winners,
            turn: state.turn,
            rng: &state.rng,
        };
        serde_json::to_vec(&view).unwrap_or_default()
    }

    #[test]
    fn the_digest_json_is_exactly_serde_json_of_the_view() {
        let mut state = GameState::new("g \"1\" \\ é", 7);
        assert_eq!(digest_json(&state), reference(&state), "empty");
        let odd = [
            "plain",
            "quo\"te",
            "back\\slash",
            "tab\tnl\n",
            "bell\u{7}",
            "é☃",
            "",
            "del\u{7f}",
        ];
        for (i, text) in odd.iter().enumerate() {
            let player = PlayerId::from(format!("p{text}"));
            state
                .players
                .insert(player.clone(), Player::new(player.clone(), *text, i as u32));
            let mut zone = Zone::new(ZoneId::from(format!("z{text}")), *text).with_visibility(
                [Visibility::Public, Visibility::Owner, Visibility::Hidden][i % 3],
            );
            if i % 2 == 0 {
                zone = zone.with_owner(player.clone());
            }
            zone.cards = odd.iter().map(|c| format!("c{i}{c}").into()).collect();
            state.zones.insert(zone.id.clone(), zone);
            state.winners.push(player.clone());
            state.current_player_id = Some(player);
        }
        state.cards = [Card::new("c\"1", "x"), Card::new("plain", "x")]
            .into_iter()
            .collect::<CardTable>();
        // ids placed by the table take the table's own JSON of them
        let placed: Vec<_> = ["c\"1", "plain"]
            .iter()
            .filter_map(|id| state.cards.stamped(&(*id).into()))
            .collect();
        assert_eq!(placed.len(), 2);
        assert!(
            placed
                .iter()
                .all(|id| state.cards.own_position(id).is_some())
        );
        if let Some((_, zone)) = state.zones.get_index_mut(0) {
            zone.cards.extend(placed);
        }
        state.turn = 99;
        let json = String::from_utf8(digest_json(&state)).unwrap_or_default();
        assert_eq!(json.as_bytes(), reference(&state).as_slice(), "{json}");
    }

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

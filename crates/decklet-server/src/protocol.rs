//! The WebSocket messages, as JSON text frames. A client says who it is once
//! ([`ClientMessage::Hello`]) and then names moves by their index in its listed moves
//! at a sequence number ([`ClientMessage::Move`]). The server's messages are built in
//! [`crate::live`]; each carries the match's sequence number `seq` (the number of
//! actions accepted so far). `docs/server.md` lists them all.

use serde::Deserialize;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: a seat's token, or `"spectator": true`; `since`, the last
    /// `seq` the client saw (it is sent what happened after it).
    Hello {
        /// The seat's token (from joining it).
        #[serde(default)]
        token: Option<String>,
        /// Watch as a spectator.
        #[serde(default)]
        spectator: bool,
        /// The last sequence number the client saw.
        #[serde(default)]
        since: Option<u64>,
        /// Send the engine's own view of the state for the seat (`GameView`) in each
        /// state too (programs that read it; the table does not need it).
        #[serde(default)]
        view: bool,
    },
    /// Make listed move `index` of the position at `seq`.
    Move {
        /// The sequence number of the position the move was listed for.
        seq: u64,
        /// Its index in the `moves` of that position's `state` message.
        index: usize,
    },
    /// Answered with a `pong`.
    Ping,
}

impl ClientMessage {
    /// Reads a message; the error says what was wrong, for the client.
    pub fn parse(text: &str) -> Result<ClientMessage, String> {
        serde_json::from_str(text).map_err(|e| format!("not a message of this server: {e}"))
    }
}

//! [`EngineError`]: every way the engine can refuse or fail.

use thiserror::Error;

/// An error from the engine. Whatever the variant, a failed call left the game state
/// exactly as it was before the call.
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum EngineError {
    /// A rule rejected an action.
    #[error("{action} rejected by rule `{rule}`: {reason}")]
    Rejected {
        /// Kind of the rejected action.
        action: String,
        /// Id of the rule that rejected it.
        rule: String,
        /// Why, in words a player understands.
        reason: String,
    },
    /// No handler is registered for an action kind.
    #[error("no handler is registered for action `{kind}`")]
    UnknownAction {
        /// The unknown kind.
        kind: String,
    },
    /// An action's JSON did not match its kind's payload.
    #[error("invalid `{kind}` payload: {message}")]
    InvalidAction {
        /// The kind.
        kind: String,
        /// What is wrong.
        message: String,
    },
    /// An action handler failed with a message of its own.
    #[error("{message}")]
    ActionFailed {
        /// Kind of the failing action.
        action: String,
        /// What went wrong.
        message: String,
    },
    /// A zone does not exist.
    #[error("zone `{zone}` not found")]
    ZoneNotFound {
        /// The missing zone.
        zone: String,
    },
    /// A card does not exist.
    #[error("card `{card}` not found")]
    CardNotFound {
        /// The missing card.
        card: String,
    },
    /// A card is not in the zone it was expected in.
    #[error("card `{card}` is not in zone `{zone}`")]
    CardNotInZone {
        /// The card.
        card: String,
        /// The zone.
        zone: String,
    },
    /// A card is already placed in a zone.
    #[error("card `{card}` is already in zone `{zone}`")]
    CardAlreadyPlaced {
        /// The card.
        card: String,
        /// Where it is.
        zone: String,
    },
    /// A player does not exist.
    #[error("player `{player}` not found")]
    PlayerNotFound {
        /// The missing player.
        player: String,
    },
    /// A zone id is taken.
    #[error("zone `{zone}` already exists")]
    DuplicateZone {
        /// The zone.
        zone: String,
    },
    /// A card id is taken.
    #[error("card `{card}` already exists")]
    DuplicateCard {
        /// The card.
        card: String,
    },
    /// `create_game` was given no players.
    #[error("a game needs at least one player")]
    NoPlayers,
    /// Two players share an id.
    #[error("player id `{player}` is used twice")]
    DuplicatePlayer {
        /// The id.
        player: String,
    },
    /// Two players share a seat.
    #[error("seat {seat} is used twice")]
    DuplicateSeat {
        /// The seat.
        seat: u32,
    },
    /// Two plugins share an id.
    #[error("plugin `{plugin}` is registered twice")]
    DuplicatePlugin {
        /// The id.
        plugin: String,
    },
    /// A plugin requires another that is missing or registered after it.
    #[error("plugin `{plugin}` requires `{requires}` to be registered before it")]
    MissingRequirement {
        /// The plugin.
        plugin: String,
        /// What it requires.
        requires: String,
    },
    /// Two handlers were registered for one action kind.
    #[error("action `{kind}` has two handlers (plugins `{first}` and `{second}`)")]
    DuplicateActionHandler {
        /// The kind.
        kind: String,
        /// The plugin that registered first.
        first: String,
        /// The plugin that registered second.
        second: String,
    },
    /// Two different Rust types claim one kind string.
    #[error("kind `{kind}` is claimed by two different types")]
    KindConflict {
        /// The kind.
        kind: String,
    },
    /// A plugin's setup refused the game (e.g. an unsupported number of players).
    #[error("plugin `{plugin}` cannot set up this game: {message}")]
    SetupFailed {
        /// The plugin.
        plugin: String,
        /// Why.
        message: String,
    },
    /// There is no game yet: call `create_game` first.
    #[error("no game has been created")]
    NoGame,
    /// The call does not fit the game's status.
    #[error("cannot {operation}: the game is {status}")]
    WrongStatus {
        /// What was attempted.
        operation: &'static str,
        /// The status it found.
        status: String,
    },
    /// A tick ran more actions than `max_actions_per_tick`, or emitted more events
    /// than `max_events_per_tick`.
    #[error("tick started by `{action}` ran more than {limit} {counted}")]
    TickLimitExceeded {
        /// Kind of the action (or engine event) that started the tick.
        action: String,
        /// The limit.
        limit: usize,
        /// What went over it: `"actions"` or `"events"`.
        counted: &'static str,
    },
    /// More players than [`MAX_PLAYERS`](crate::MAX_PLAYERS).
    #[error("a game has at most {limit} players, not {count}")]
    TooManyPlayers {
        /// How many were given.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// A plugin replaces or wraps a rule that no earlier plugin registered.
    #[error("plugin `{plugin}` changes rule `{rule}`, which no plugin before it registered")]
    RuleNotFound {
        /// The plugin.
        plugin: String,
        /// The rule it names.
        rule: String,
    },
    /// A state or log failed validation.
    #[error("invalid state: {message}")]
    InvalidState {
        /// What is wrong.
        message: String,
    },
    /// What a seat says it knows beyond what it sees contradicts what it sees (a card
    /// it sees placed where it does not, more cards in a zone than it holds, ...).
    #[error("impossible knowledge: {message}")]
    ImpossibleKnowledge {
        /// What is contradicted.
        message: String,
    },
    /// A log could not be replayed.
    #[error("replay failed: {message}")]
    Replay {
        /// What is wrong.
        message: String,
    },
    /// A logged action failed when replayed.
    #[error("replay diverged at action {index}: {source}")]
    ReplayDiverged {
        /// Index of the action in the log.
        index: usize,
        /// The error the action gave.
        source: Box<EngineError>,
    },
    /// JSON could not be read or written.
    #[error("json: {message}")]
    Json {
        /// The parser's message.
        message: String,
    },
}

impl EngineError {
    /// An [`EngineError::ActionFailed`] for a handler of `action`.
    pub fn action_failed(action: &str, message: impl Into<String>) -> Self {
        EngineError::ActionFailed {
            action: action.to_string(),
            message: quoted(&message.into()),
        }
    }

    /// The rule id, if this is a rejection.
    pub fn rule(&self) -> Option<&str> {
        match self {
            EngineError::Rejected { rule, .. } => Some(rule),
            EngineError::ReplayDiverged { source, .. } => source.rule(),
            _ => None,
        }
    }
}

/// Echoed input, cut short and made safe to print: an error message never repeats more
/// than 64 characters of what it was given (a 10 MB id comes back as its start and its
/// length), and control characters and invisible ones ([`is_invisible`]: a text
/// direction's override, a zero width space, a tag) come back escaped (`\u{1b}`,
/// `\u{202e}`), so that no input can move a terminal's cursor, set its title or turn
/// the rest of a line around through an error.
///
/// ```
/// use decklet_core::echo;
/// assert_eq!(echo("p1"), "p1");
/// assert_eq!(echo("\u{1b}]0;pwned\u{7}"), "\\u{1b}]0;pwned\\u{7}");
/// assert_eq!(echo("a\u{202e}b"), "a\\u{202e}b");
/// assert!(echo(&"x".repeat(1000)).ends_with("… (1000 bytes)"));
/// ```
pub fn echo(text: &str) -> String {
    within(text, 64)
}

/// Whether `c` is shown as nothing, or changes how the text around it is shown,
/// without being a control character: Unicode's default-ignorable code points (the
/// text direction's marks, embeddings, overrides and isolates, the zero-width
/// characters, variation selectors, the Hangul fillers, tags) and the interlinear
/// annotation marks. A name made of them looks empty, or like another name.
///
/// ```
/// use decklet_core::is_invisible;
/// assert!(is_invisible('\u{202e}') && is_invisible('\u{200b}') && is_invisible('\u{e0041}'));
/// assert!(!is_invisible('é') && !is_invisible(' '));
/// ```
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// A message of a parser that quotes its input (serde's), escaped and cut after 200
/// characters.
pub(crate) fn quoted(message: &str) -> String {
    within(message, 200)
}

/// `text` escaped, and cut after `most` characters.
fn within(text: &str, most: usize) -> String {
    let (head, cut) = match text.char_indices().nth(most) {
        None => (text, false),
        Some((at, _)) => (text.get(..at).unwrap_or(""), true),
    };
    let mut out = String::with_capacity(head.len() + 16);
    for c in head.chars() {
        if c.is_control() || is_invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    if cut {
        out.push_str(&format!("… ({} bytes)", text.len()));
    }
    out
}

/// [`echo`], by its name inside the crate.
pub(crate) fn shown(text: &str) -> String {
    echo(text)
}

impl From<serde_json::Error> for EngineError {
    /// serde's message quotes the input (an unknown variant, a bad string): it is
    /// escaped and cut after 200 characters, like every echo of input.
    fn from(err: serde_json::Error) -> Self {
        EngineError::Json {
            message: quoted(&err.to_string()),
        }
    }
}

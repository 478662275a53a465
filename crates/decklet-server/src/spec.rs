//! [`MatchSpec`]: what a match is, as a client asks for it (the game, its rules, the
//! seats, the turn timer), checked before anything is made from it; and [`Catalog`],
//! the games a server has built, each built once and shared by every match of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use decklet_core::{Game, GameEngine};
use decklet_crazy_eights::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine,
};
use decklet_uno::{BotKind, HouseRule, RuleSet, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// The longest turn timer, in seconds (a day).
pub const MAX_TURN_SECONDS: u32 = 86_400;
/// The longest pause a bot takes before its move, in milliseconds.
pub const MAX_BOT_DELAY_MS: u32 = 10_000;
/// The most iterations a search bot of the server takes a move (`ismcts:N`): about a
/// tenth of a second of one core.
pub const MAX_SEARCH_ITERATIONS: u32 = 5_000;
/// The longest seat name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A match as a client asks for it (`POST /api/matches`).
///
/// ```json
/// {"game": "uno", "rules": "official", "house": ["stacking"],
///  "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
///  "turnSeconds": 30, "botDelayMs": 500}
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchSpec {
    /// `uno` or `crazy-eights`.
    pub game: String,
    /// UNO's preset: `classic` (the default) or `official`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// UNO's house rules, by name (`stacking`, `jump-in`, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<String>,
    /// The seats, in seat order.
    pub seats: Vec<SeatSpec>,
    /// A human's time for a move, in seconds (none: no timer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u32>,
    /// How long a bot waits before its move, in milliseconds (0 by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_delay_ms: Option<u32>,
    /// The deal's seed; drawn at random when absent. Whoever knows it knows every
    /// card: a match dealt from a given seed is no secret to whoever chose it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeatSpec {
    /// `human` (someone joins it) or `bot` (the server plays it).
    pub kind: SeatKind,
    /// The bot, for a bot's seat: UNO's `random`, `heuristic`, `ismcts`, `ismcts:N`;
    /// Crazy Eights' `random`, `strategist`, `ismcts`, `ismcts:N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// A name shown to the table (a human's is the one given when joining).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SeatKind {
    /// A person, who joins the seat and plays it over a WebSocket.
    Human,
    /// A bot inside the server.
    Bot,
}

impl SeatKind {
    /// `human` or `bot`.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot => "bot",
        }
    }
}

/// Which game a match plays, built.
#[derive(Clone, Debug)]
pub enum GameKind {
    /// UNO with these optional rules.
    Uno {
        /// The game.
        game: Arc<Game>,
        /// Its optional rules.
        rules: Vec<HouseRule>,
    },
    /// Crazy Eights (OpenSpiel's rules, their default options).
    CrazyEights {
        /// The game.
        game: Arc<Game>,
    },
}

impl GameKind {
    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        match self {
            GameKind::Uno { game, .. } | GameKind::CrazyEights { game } => game,
        }
    }

    /// `uno` or `crazy-eights`.
    pub fn name(&self) -> &'static str {
        match self {
            GameKind::Uno { .. } => "uno",
            GameKind::CrazyEights { .. } => "crazy-eights",
        }
    }

    /// A started match of the game for `players`, dealt from `seed`: players `p1`…
    /// `pN` in seats 1…N, as `decklet replay` rebuilds them.
    pub fn new_engine(&self, seed: u64, players: usize) -> Result<GameEngine, ApiError> {
        match self {
            GameKind::Uno { game, .. } => decklet_uno::new_uno_engine(game, seed, players),
            GameKind::CrazyEights { game } => new_crazy_eights_engine(game, seed, players),
        }
        .map_err(|e| ApiError::internal(format!("cannot deal the match: {e}")))
    }
}

/// The games a server has built, by their rules: each built once, then shared.
#[derive(Default)]
pub struct Catalog {
    games: Mutex<HashMap<String, GameKind>>,
}

impl Catalog {
    /// The game of `spec`, built the first time it is asked for. Checks the spec:
    /// the game, its rules, the seats and their bots, the limits.
    pub fn game_of(&self, spec: &MatchSpec) -> Result<GameKind, ApiError> {
        let key = check(spec)?;
        let mut games = self
            .games
            .lock()
            .map_err(|_| ApiError::internal("the game catalog was poisoned"))?;
        if let Some(kind) = games.get(&key) {
            return Ok(kind.clone());
        }
        let built = build(spec)?;
        games.insert(key, built.clone());
        Ok(built)
    }
}

/// Checks `spec` (all but building it); answers the key of its game.
fn check(spec: &MatchSpec) -> Result<String, ApiError> {
    let players = spec.seats.len();
    let (range, key) = match spec.game.as_str() {
        "uno" => {
            let preset = spec.rules.as_deref().unwrap_or("classic");
            let rules = RuleSet::with_house(preset, spec.house.iter().map(String::as_str))
                .map_err(ApiError::bad)?;
            let names: Vec<&str> = rules.iter().map(|r| r.as_str()).collect();
            (
                UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS,
                format!("uno:{}", names.join(",")),
            )
        }
        "crazy-eights" => {
            if spec.rules.is_some() || !spec.house.is_empty() {
                return Err(ApiError::bad(
                    "Crazy Eights takes no rules or house rules (it plays OpenSpiel's defaults)",
                ));
            }
            (C8_MIN_PLAYERS..=C8_MAX_PLAYERS, "crazy-eights".to_string())
        }
        other => {
            return Err(ApiError::bad(format!(
                "`{}` is not a game of this server (uno, crazy-eights)",
                decklet_core::echo(other)
            )));
        }
    };
    if !range.contains(&players) {
        return Err(ApiError::bad(format!(
            "{} is played by {} to {} players, not {players}",
            spec.game,
            range.start(),
            range.end()
        )));
    }
    for (i, seat) in spec.seats.iter().enumerate() {
        match (seat.kind, &seat.bot) {
            (SeatKind::Human, Some(_)) => {
                return Err(ApiError::bad(format!(
                    "seat {i} is a human's: it takes no bot"
                )));
            }
            (SeatKind::Bot, None) => {
                return Err(ApiError::bad(format!("seat {i} is a bot's: name the bot")));
            }
            (SeatKind::Bot, Some(bot)) => {
                check_bot(&spec.game, bot).map_err(|e| ApiError::bad(format!("seat {i}: {e}")))?
            }
            (SeatKind::Human, None) => {}
        }
        if let Some(name) = &seat.name {
            check_name(name)?;
        }
    }
    if spec
        .turn_seconds
        .is_some_and(|s| s == 0 || s > MAX_TURN_SECONDS)
    {
        return Err(ApiError::bad(format!(
            "turnSeconds is from 1 to {MAX_TURN_SECONDS}"
        )));
    }
    if spec.bot_delay_ms.is_some_and(|ms| ms > MAX_BOT_DELAY_MS) {
        return Err(ApiError::bad(format!(
            "botDelayMs is from 0 to {MAX_BOT_DELAY_MS}"
        )));
    }
    Ok(key)
}

/// Checks a bot's name for `game`.
fn check_bot(game: &str, bot: &str) -> Result<(), String> {
    match game {
        "uno" => bot.parse::<BotKind>().map(|_| ())?,
        _ => crate::bots::check_crazy_eights_bot(bot)?,
    }
    // a bot thinks on the match's task: a long search would hold up the matches that
    // share its thread
    let iterations = bot
        .trim()
        .strip_prefix("ismcts:")
        .and_then(|n| n.parse::<u32>().ok());
    if iterations.is_some_and(|n| n > MAX_SEARCH_ITERATIONS) {
        return Err(format!(
            "a server's search bot takes at most {MAX_SEARCH_ITERATIONS} iterations (ismcts:{MAX_SEARCH_ITERATIONS})"
        ));
    }
    Ok(())
}

/// Checks a seat's name: 1 to [`MAX_NAME_CHARS`] characters, no control character.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.trim().is_empty() {
        return Err(ApiError::bad(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters, not all spaces"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad("a name holds no control character"));
    }
    Ok(())
}

/// Builds the game of a checked spec.
fn build(spec: &MatchSpec) -> Result<GameKind, ApiError> {
    match spec.game.as_str() {
        "uno" => {
            let preset = spec.rules.as_deref().unwrap_or("classic");
            let rules = RuleSet::with_house(preset, spec.house.iter().map(String::as_str))
                .map_err(ApiError::bad)?;
            let game = decklet_uno::uno_game(&rules)
                .map_err(|e| ApiError::internal(format!("cannot build UNO: {e}")))?;
            Ok(GameKind::Uno { game, rules })
        }
        _ => {
            let game = crazy_eights_game(CrazyEightsOptions::default())
                .map_err(|e| ApiError::internal(format!("cannot build Crazy Eights: {e}")))?;
            Ok(GameKind::CrazyEights { game })
        }
    }
}

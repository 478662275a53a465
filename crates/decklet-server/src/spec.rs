//! [`MatchSpec`]: what a match is, as a client asks for it (the game by its game
//! string, the seats, the turn timer), checked before anything is made from it; and
//! [`Catalog`], the games a server has built from its games' catalogue, each built once
//! and shared by every match of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use decklet_catalog::{GameString, LoadedGame};
use decklet_core::{Game, GameEngine};
use decklet_uno::{BotKind, HouseRule, RuleSet, UNO_GAME, uno_rules_of};
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
    /// The game, by its game string (`uno`, `hearts(jd_bonus=true)`,
    /// `crazy_eights`; `crazy-eights` is its old name): any game of the server's
    /// catalogue.
    pub game: String,
    /// UNO's preset: `classic` (the default) or `official` (or give it in the game
    /// string, `uno(rules=official)`: not both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// UNO's house rules, by name (`stacking`, `jump-in`, …; or in the game string).
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
    /// The bot, for a bot's seat: `random`, `ismcts`, `ismcts:N` and the game's own
    /// (UNO's `heuristic`, Crazy Eights' `strategist`, Hearts' `ducker`).
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
    /// UNO with these optional rules: its own bots, which may act out of turn, its
    /// narration and its round's score.
    Uno {
        /// The game.
        game: Arc<Game>,
        /// Its optional rules.
        rules: Vec<HouseRule>,
    },
    /// Any other game of the catalogue, played through what the catalogue says of it:
    /// its moves and cards in its words, its bots, its scores.
    Catalogued {
        /// The game, with its catalogue entry.
        loaded: LoadedGame,
        /// The catalogue it came from (its bots are made by it).
        catalog: decklet_catalog::Catalog,
    },
}

impl GameKind {
    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        match self {
            GameKind::Uno { game, .. } => game,
            GameKind::Catalogued { loaded, .. } => loaded.game(),
        }
    }

    /// Its canonical game string (`uno(house=stacking,rules=official)`, `hearts`).
    pub fn name(&self) -> String {
        self.game()
            .string()
            .map_or_else(|| UNO_GAME.to_string(), str::to_string)
    }

    /// A started match of the game for `players`, dealt from `seed`: players `p1`…
    /// `pN` in seats 1…N, as `decklet replay` rebuilds them.
    pub fn new_engine(&self, seed: u64, players: usize) -> Result<GameEngine, ApiError> {
        match self {
            GameKind::Uno { game, .. } => decklet_uno::new_uno_engine(game, seed, players)
                .map_err(|e| ApiError::internal(format!("cannot deal the match: {e}"))),
            GameKind::Catalogued { loaded, .. } => loaded
                .new_engine(seed, players)
                .map_err(|e| ApiError::internal(format!("cannot deal the match: {e}"))),
        }
    }
}

/// The games a server has built from its catalogue, by their game strings: each built
/// once, then shared.
pub struct Catalog {
    games: Mutex<HashMap<String, GameKind>>,
    catalog: decklet_catalog::Catalog,
}

impl Default for Catalog {
    /// decklet's games ([`decklet_catalog::Catalog::standard`]).
    fn default() -> Self {
        Catalog::of(decklet_catalog::Catalog::standard())
    }
}

impl Catalog {
    /// The games of `catalog` (a game of your own included).
    pub fn of(catalog: decklet_catalog::Catalog) -> Catalog {
        Catalog {
            games: Mutex::default(),
            catalog,
        }
    }

    /// The catalogue of games it serves.
    pub fn games(&self) -> &decklet_catalog::Catalog {
        &self.catalog
    }

    /// The game of `spec`, built the first time it is asked for. Checks the spec:
    /// the game, its rules, the seats and their bots, the limits.
    pub fn game_of(&self, spec: &MatchSpec) -> Result<GameKind, ApiError> {
        let (key, built) = self.check(spec)?;
        let mut games = self
            .games
            .lock()
            .map_err(|_| ApiError::internal("the game catalog was poisoned"))?;
        if let Some(kind) = games.get(&key) {
            return Ok(kind.clone());
        }
        games.insert(key, built.clone());
        Ok(built)
    }

    /// Checks `spec`; answers the key of its game and the game.
    fn check(&self, spec: &MatchSpec) -> Result<(String, GameKind), ApiError> {
        let text = match spec.game.trim() {
            "crazy-eights" => "crazy_eights",
            other => other,
        };
        let string: GameString = text
            .parse()
            .map_err(|e: decklet_core::GameStringError| ApiError::bad(format!("game: {e}")))?;
        let loaded = self
            .catalog
            .load(text)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let kind = match string.name.as_str() {
            UNO_GAME => {
                let rules = match (string.params.is_empty(), &spec.rules, spec.house.is_empty()) {
                    (true, _, _) => {
                        let preset = spec.rules.as_deref().unwrap_or("classic");
                        RuleSet::with_house(preset, spec.house.iter().map(String::as_str))
                            .map_err(ApiError::bad)?
                    }
                    (false, None, true) => uno_rules_of(&string).map_err(ApiError::bad)?,
                    (false, _, _) => {
                        return Err(ApiError::bad(
                            "give UNO's rules once: in the game string or as rules and house",
                        ));
                    }
                };
                let game = decklet_uno::uno_game(&rules)
                    .map_err(|e| ApiError::internal(format!("cannot build UNO: {e}")))?;
                GameKind::Uno { game, rules }
            }
            _ => {
                if spec.rules.is_some() || !spec.house.is_empty() {
                    return Err(ApiError::bad(format!(
                        "rules and house are UNO's: give {}'s parameters in its game string",
                        loaded.def().name()
                    )));
                }
                GameKind::Catalogued {
                    loaded: loaded.clone(),
                    catalog: self.catalog.clone(),
                }
            }
        };
        let players = spec.seats.len();
        let range = loaded.def().players();
        if !range.contains(&players) {
            return Err(ApiError::bad(format!(
                "{} is played by {} to {} players, not {players}",
                loaded.def().name(),
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
                    check_bot(&kind, bot).map_err(|e| ApiError::bad(format!("seat {i}: {e}")))?
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
        Ok((kind.name(), kind))
    }
}

/// Checks a bot's name for the game.
fn check_bot(kind: &GameKind, bot: &str) -> Result<(), String> {
    match kind {
        GameKind::Uno { .. } => bot.parse::<BotKind>().map(|_| ())?,
        GameKind::Catalogued { loaded, catalog } => catalog
            .bot(loaded, bot.trim(), 0)
            .map(|_| ())
            .map_err(|e| e.to_string())?,
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

//! [`MatchSpec`]: what a match is, as a client asks for it (the game by its game
//! string, the seats, the turn timer), checked before anything is made from it; and
//! [`Catalog`], the games a server has built from its games' catalogue, each built once
//! and shared by every match of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use decklet_catalog::{BotName, GameString, LoadedGame};
use decklet_core::{Game, GameEngine};
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
    /// The game's `rules` parameter, given beside the game string (UNO's preset:
    /// `{"game": "uno", "rules": "official"}` is `uno(rules=official)`): not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The game's `house` parameter as a list, given beside the game string (UNO's
    /// house rules: `["stacking", "jump-in"]` is `house=stacking+jump-in`): not both.
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
    /// The deal's seed; drawn from the operating system when absent. Whoever knows it
    /// knows every card: a match dealt from a given seed is no secret to whoever chose
    /// it, and says so to everyone (its deal's `chosen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl MatchSpec {
    /// Each seat as a deal's commitment names it: `human`, or `bot:NAME`.
    pub fn seat_names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|seat| match (&seat.kind, &seat.bot) {
                (SeatKind::Bot, Some(bot)) => format!("bot:{bot}"),
                (kind, _) => kind.as_str().to_string(),
            })
            .collect()
    }
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

/// Which game a match plays, built: a game of the catalogue, played through what the
/// catalogue says of it (its moves and cards in its words, its bots, its scores).
#[derive(Clone, Debug)]
pub struct GameKind {
    /// The game, with its catalogue entry.
    pub loaded: LoadedGame,
    /// The catalogue it came from (its bots are made by it).
    pub catalog: decklet_catalog::Catalog,
}

impl GameKind {
    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        self.loaded.game()
    }

    /// Its canonical game string (`uno(house=stacking,rules=official)`, `hearts`).
    pub fn name(&self) -> String {
        self.loaded.string().to_string()
    }

    /// A started match of the game for `players`, dealt from `seed`: players `p1`…
    /// `pN` in seats 1…N, as `decklet replay` rebuilds them.
    pub fn new_engine(&self, seed: u64, players: usize) -> Result<GameEngine, ApiError> {
        self.loaded
            .new_engine(seed, players)
            .map_err(|e| ApiError::internal(format!("cannot deal the match: {e}")))
    }
}

/// The most built games a server keeps: a client may name as many
/// game strings as it likes (`crazy_eights(max_turns=N)` for every `N`), and a game is
/// kept only while there is room or while a match plays it.
pub const GAMES_KEPT: usize = 256;

/// The games a server has built from its catalogue, by their game strings: each shared
/// by the matches that play it, at most [`GAMES_KEPT`] kept (past it, those no match
/// plays make room; if none, a match's game is its own).
pub struct Catalog {
    games: Mutex<HashMap<String, GameKind>>,
    catalog: decklet_catalog::Catalog,
}

impl Default for Catalog {
    /// decklet's games ([`decklet_catalog::Catalog::standard`]), and no policy.
    fn default() -> Self {
        Catalog::of(
            decklet_catalog::Catalog::standard()
                .with_policies(decklet_catalog::NamedPolicies::default()),
        )
    }
}

impl Catalog {
    /// The games of `catalog` (a game of your own included), their bots' policies
    /// those of `catalog`'s source (a server's are
    /// [`NamedPolicies`](decklet_catalog::NamedPolicies): read when it opened, named).
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
        if games.len() >= GAMES_KEPT {
            // the games no match plays any more make room
            games.retain(|_, kind| Arc::strong_count(kind.game()) > 1);
        }
        if games.len() < GAMES_KEPT {
            games.insert(key, built.clone());
        }
        Ok(built)
    }

    /// How many built games it keeps now.
    #[cfg(test)]
    fn games_kept(&self) -> usize {
        self.games.lock().map_or(0, |games| games.len())
    }

    /// Checks `spec`; answers the key of its game and the game.
    fn check(&self, spec: &MatchSpec) -> Result<(String, GameKind), ApiError> {
        let text = game_text(spec)?;
        let loaded = self
            .catalog
            .load(&text)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let kind = GameKind {
            loaded: loaded.clone(),
            catalog: self.catalog.clone(),
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
            match (seat.kind, &seat.name) {
                (SeatKind::Human, Some(name)) => check_human_name(name)?,
                (SeatKind::Bot, Some(name)) => check_name(name)?,
                (_, None) => {}
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

/// The game string `spec` asks for: its `game`, with `rules` and `house` (the
/// shorthands of parameters of those names, `house` joined by `+`) added to it.
fn game_text(spec: &MatchSpec) -> Result<String, ApiError> {
    let mut string: GameString = (spec.game.trim())
        .parse()
        .map_err(|e: decklet_core::GameStringError| ApiError::bad(format!("game: {e}")))?;
    let shorthands = [
        ("rules", spec.rules.clone()),
        (
            "house",
            (!spec.house.is_empty()).then(|| spec.house.join("+")),
        ),
    ];
    for (key, value) in shorthands {
        let Some(value) = value else { continue };
        if string.get(key).is_some() {
            return Err(ApiError::bad(format!(
                "give {key} once: in the game string or beside it"
            )));
        }
        string = string.with(key, value);
    }
    Ok(string.to_string())
}

/// Checks a bot's name for the game: read once into a [`BotName`], its policy (if it
/// names one) only among those the server was started with (found by name; no file
/// is opened), its search no longer than [`MAX_SEARCH_ITERATIONS`].
fn check_bot(kind: &GameKind, bot: &str) -> Result<(), String> {
    let name: BotName = bot
        .parse()
        .map_err(|e: decklet_catalog::CatalogError| e.to_string())?;
    if let Some(policy) = name.policy() {
        kind.catalog.policies().policy(policy)?;
    }
    // a bot thinks on the match's task: a long search would hold up the matches that
    // share its thread
    let iterations = (name.base())
        .strip_prefix("ismcts:")
        .and_then(|n| n.parse::<u32>().ok());
    if iterations.is_some_and(|n| n > MAX_SEARCH_ITERATIONS) {
        return Err(format!(
            "a server's search bot takes at most {MAX_SEARCH_ITERATIONS} iterations (ismcts:{MAX_SEARCH_ITERATIONS})"
        ));
    }
    kind.catalog
        .bot_of(&kind.loaded, &name, 0)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Checks a seat's name: 1 to [`MAX_NAME_CHARS`] characters, not all spaces, no
/// control character and none that shows as nothing or changes how the text around
/// it is shown ([`decklet_core::is_invisible`]: text direction, zero width, fillers,
/// tags).
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.trim().is_empty() {
        return Err(ApiError::bad(format!(
            "a name is 1 to {MAX_NAME_CHARS} characters, not all spaces"
        )));
    }
    if name
        .chars()
        .any(|c| c.is_control() || decklet_core::is_invisible(c))
    {
        return Err(ApiError::bad(
            "a name holds no control character and no invisible one (text direction, zero width, fillers, tags)",
        ));
    }
    Ok(())
}

/// Checks the name a person takes ([`check_name`]), which may not pose as one of the
/// server's bots: it does not begin with the word `bot` (`Bot 3 (heuristic)`,
/// `bot-1`; `Botond` is a name), nor with letters that look like it (`Bоt 3` with a
/// Cyrillic o, `Βot 3` with a Greek beta, `ｂｏｔ`): the name's skeleton (Unicode's
/// UTS #39, what a name looks like) is compared, not its letters.
pub fn check_human_name(name: &str) -> Result<(), ApiError> {
    check_name(name)?;
    if poses_as_bot(name) {
        return Err(ApiError::bad(
            "a person's name does not begin with the word \"bot\": bots are named so",
        ));
    }
    if poses_as_a_seat(name) {
        return Err(ApiError::bad(
            "a person's name is not \"you\" nor a seat's id (p1, p2, …): the table tells each seat its own moves as \"you\", and names seats by their ids",
        ));
    }
    Ok(())
}

/// Whether `name` is a word a table puts for a seat: a player's id (`p` and digits,
/// any case), or `you`, `your` (compared as it looks: its skeleton, lower case).
fn poses_as_a_seat(name: &str) -> bool {
    let plain = name.trim().to_lowercase();
    let id = plain
        .strip_prefix('p')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    let looks: String = unicode_security::skeleton(&plain)
        .flat_map(char::to_lowercase)
        .collect();
    id || matches!(looks.as_str(), "you" | "your" | "yours")
}

/// Whether `name` looks like it begins with the word `bot`: its skeleton, lower
/// case, begins with `bot` followed by no letter.
fn poses_as_bot(name: &str) -> bool {
    let looks: String = unicode_security::skeleton(name.trim())
        .flat_map(char::to_lowercase)
        .collect();
    // the skeleton writes some letters as others that look the same (`l` as `I`…):
    // it is compared as it looks, so `b0t` and `bot` are the same word
    let mut letters = looks.chars().map(|c| match c {
        '0' => 'o',
        other => other,
    });
    let head: String = letters.by_ref().take(3).collect();
    head == "bot" && !letters.next().is_some_and(char::is_alphabetic)
}

#[cfg(test)]
mod tests {
    use super::{Catalog, GAMES_KEPT, MatchSpec, check_human_name, check_name};

    fn bots_playing(game: &str) -> MatchSpec {
        let seats = vec![serde_json::json!({"kind": "bot", "bot": "random"}); 2];
        serde_json::from_value(serde_json::json!({"game": game, "seats": seats}))
            .unwrap_or_else(|e| panic!("{game}: {e}"))
    }

    /// A client naming game strings without end (each a game built) fills no memory:
    /// the games matches play are kept up to the limit, those no match plays make
    /// room, and a game past the limit is built for its match alone.
    #[test]
    fn built_games_are_kept_up_to_a_limit() {
        let catalog = Catalog::default();
        let playing: Vec<_> = (1..=GAMES_KEPT + 50)
            .map(|n| catalog.game_of(&bots_playing(&format!("crazy_eights(max_turns={n})"))))
            .collect();
        assert!(playing.iter().all(Result::is_ok));
        assert_eq!(catalog.games_kept(), GAMES_KEPT);
        // the same game string is the same game while kept
        let again = catalog.game_of(&bots_playing("crazy_eights(max_turns=1)"));
        let first = playing.first().and_then(|k| k.as_ref().ok());
        assert!(
            matches!((first, &again), (Some(a), Ok(b)) if std::sync::Arc::ptr_eq(a.game(), b.game()))
        );
        drop((playing, again));
        // once their matches are gone, a new game makes room
        assert!(
            catalog
                .game_of(&bots_playing("crazy_eights(max_turns=9999)"))
                .is_ok()
        );
        assert_eq!(catalog.games_kept(), 1);
    }

    #[test]
    fn a_name_is_not_a_seat_s_id_nor_you() {
        for name in ["p1", "P3", " p12 ", "You", "YOUR", "Y\u{043e}u"] {
            assert!(check_human_name(name).is_err(), "{name:?}");
        }
        for name in ["Pat", "p", "Yousef", "p1x", "Ann"] {
            assert!(check_human_name(name).is_ok(), "{name:?}");
        }
    }

    #[test]
    fn names_of_every_script_are_people_s_names() {
        // byte 3 falls inside a character in each: the check once sliced there
        for name in [
            "Zoë",
            "Иван",
            "Ζω",
            "ab😀",
            "李小龍",
            "Ωmega",
            "  Zoë  ",
            "😀😀",
            "é",
            "bé",
            "Botond",
            "Ботан",
            "Robot",
        ] {
            assert!(check_human_name(name).is_ok(), "{name} refused");
        }
    }

    #[test]
    fn a_person_does_not_pose_as_a_bot_in_any_letters() {
        for name in [
            "Bot 3 (heuristic)",
            "bot",
            "BOT-1",
            "B\u{43e}t 3",
            "\u{392}ot 3",
            "\u{ff42}\u{ff4f}\u{ff54} 3",
            "\u{1d401}\u{1d428}\u{1d42d} 3",
            "  bot",
            "B0t 7",
        ] {
            assert!(check_human_name(name).is_err(), "{name} passed as a person");
        }
    }

    #[test]
    fn invisible_and_control_characters_are_refused() {
        for name in [
            "a\u{202e}b",
            "\u{3164}",
            "a\u{3164}",
            "x\u{e0041}",
            "\u{115f}Ann",
            "\u{200b}",
            "a\u{7}",
            "\u{2800}",
            "",
            "   ",
        ] {
            assert!(check_name(name).is_err(), "{name:?} passed");
        }
    }
}

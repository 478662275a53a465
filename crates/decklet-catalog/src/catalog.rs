//! [`Catalog`]: the games by name; [`LoadedGame`], a game built from its string.

use std::sync::Arc;

use decklet_bots::{Bot, IsmctsBot, IsmctsConfig, RandomBot};
use decklet_core::{
    AnyAction, AnyEvent, CardId, EngineError, Game, GameEngine, GameLog, GameState, GameString,
    GameStringError, Player, PlayerId, echo,
};

use decklet_entry::{Counter, GameDef, MAX_SEARCH_ITERATIONS, search_iterations};

use crate::bot_name::BotName;
use crate::generic::GenericEncoding;
use crate::policies::{PolicyFiles, PolicySource};

/// The bots every game has, with a line each.
pub const COMMON_BOTS: [(&str, &str); 5] = [
    ("random", "a listed move, uniformly at random"),
    (
        "ismcts",
        "information-set Monte Carlo tree search, 1,000 iterations a move",
    ),
    (
        "ismcts:N",
        "the same search with N iterations a move (1 to 100,000)",
    ),
    (
        "policy:FILE",
        "a learnt policy from FILE (decklet-policy/1), for a game with its own encoding",
    ),
    (
        "ismcts[:N]+policy:FILE",
        "the search, its own moves weighed first by the learnt policy in FILE",
    ),
];

/// Why a catalogue could not give a game, a match or a bot.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// The text is not a game string.
    #[error("{0}")]
    BadString(#[from] GameStringError),
    /// No game of the catalogue has this name.
    #[error("`{name}` is not a game of this catalogue (it has {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The catalogue's games.
        known: String,
    },
    /// The game has no such parameter.
    #[error("{game} has no parameter `{param}` (it has {known})")]
    UnknownParam {
        /// The game.
        game: String,
        /// The parameter asked for.
        param: String,
        /// The game's parameters.
        known: String,
    },
    /// A parameter's value is not one it takes.
    #[error("{game}'s {param} is {expected}, not `{value}`")]
    BadValue {
        /// The game.
        game: String,
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
    /// The game refused its parameters together (rules that cannot go together).
    #[error("{game}: {reason}")]
    Refused {
        /// The game.
        game: String,
        /// Why.
        reason: String,
    },
    /// The game does not seat this many players.
    #[error("{game} is played by {min} to {max} players, not {given}")]
    Players {
        /// The game.
        game: String,
        /// The fewest.
        min: usize,
        /// The most.
        max: usize,
        /// How many were asked for.
        given: usize,
    },
    /// The game has no bot of this name.
    #[error("`{name}` is not a bot of {game} (it has {known})")]
    UnknownBot {
        /// The game.
        game: String,
        /// The name asked for.
        name: String,
        /// Its bots.
        known: String,
    },
    /// A search bot asked for a number of iterations it does not take (`ismcts:0`).
    #[error("`{name}`: the iterations must be a number from 1 to {MAX_SEARCH_ITERATIONS}")]
    SearchIterations {
        /// The name asked for.
        name: String,
    },
    /// A bot's name that names no bot (`policy:` twice, a policy where a bot goes).
    #[error("`{name}` is not a bot's name: {reason}")]
    BadBotName {
        /// The name, shown escaped and cut.
        name: String,
        /// Why.
        reason: String,
    },
    /// A `policy:FILE` bot that cannot be made: the file cannot be read, is not a policy,
    /// or was learnt with another encoding than the game's.
    #[error("policy `{file}`: {reason}")]
    Policy {
        /// The file named, shown escaped and cut.
        file: String,
        /// Why.
        reason: String,
    },
    /// A log that names no game (written before logs carried one) and whose plugins
    /// are no game of the catalogue's.
    #[error(
        "the log names no game (it was written before logs carried their game string), and no game of this catalogue runs its plugins ({plugins})"
    )]
    NoGameString {
        /// The plugins the log ran, shown escaped and cut.
        plugins: String,
    },
    /// A match cannot be played as asked, or a match log does not hold together.
    #[error("{message}")]
    Match {
        /// Why (anything taken from a log shown escaped and cut).
        message: String,
    },
    /// The engine refused.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// A game built from its game string, and the entry that built it.
#[derive(Clone)]
pub struct LoadedGame {
    def: Arc<dyn GameDef>,
    game: Arc<Game>,
    string: String,
}

impl std::fmt::Debug for LoadedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedGame")
            .field("string", &self.string)
            .finish_non_exhaustive()
    }
}

impl LoadedGame {
    /// The catalogue's entry for the game.
    pub fn def(&self) -> &dyn GameDef {
        &*self.def
    }

    /// The game, built (share it: every match of it plays the same one).
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Its canonical game string (what its logs record).
    pub fn string(&self) -> &str {
        &self.string
    }

    /// The game's own encoding for learners ([`GameDef::encoding`]); `None`: it has
    /// none, and the environments make the generic one.
    pub fn encoding(&self) -> Option<Arc<dyn decklet_bots::Encoding>> {
        let string: GameString = self.string.parse().ok()?;
        self.def.encoding(&string, &self.game)
    }

    /// Whether a learner can play it: it has an encoding of its own, or moves the
    /// generic one indexes ([`GameDef::move_kinds`]).
    pub fn learnable(&self) -> bool {
        self.encoding().is_some() || !self.def.move_kinds().is_empty()
    }

    /// The encoding a policy learnt with `learnt` plays this game with: the game's
    /// own, or else the generic one ([`GenericEncoding`]) at the number of players it
    /// was learnt for (a policy of the generic encoding plays at that number only: at
    /// another it makes no move). Another game's policy is refused before any encoding
    /// is made; otherwise the generic encoding is made for each number of players the
    /// game seats until one is the policy's. Refused, with the reason, when none is.
    pub fn encoding_of(
        &self,
        learnt: &decklet_bots::policy::EncodingRef,
    ) -> Result<Arc<dyn decklet_bots::Encoding>, String> {
        if let Some(own) = self.encoding() {
            return Ok(own);
        }
        let name = self.def.name();
        // a generic encoding is named after its game: another name is another game's
        // policy, refused before any encoding is made
        if learnt.name != name || learnt.version != GenericEncoding::VERSION {
            return Err(format!(
                "it was learnt with {learnt}; {name} plays policies of its generic encoding (`{name}` v{})",
                GenericEncoding::VERSION
            ));
        }
        let mut made = Vec::new();
        for players in self.def.players() {
            match GenericEncoding::new(self.clone(), players) {
                Ok(generic) if decklet_bots::policy::EncodingRef::of(&generic) == *learnt => {
                    return Ok(Arc::new(generic));
                }
                Ok(generic) => made.push(format!(
                    "{} at {players} players",
                    decklet_bots::policy::EncodingRef::of(&generic)
                )),
                // a number of players the generic encoding cannot index: not this one
                Err(_) => continue,
            }
        }
        Err(format!(
            "it was learnt with {learnt}; {name} plays policies of {}",
            made.join(", ")
        ))
    }

    /// A move in words as `viewer` may be told it, once it is made (`after`, its
    /// `events`): the game's words when the viewer saw every card the move names (it
    /// sees the card now, or an event of the move, as the viewer heard it, named it: a
    /// card played to a trick that went face down at once was seen), else `None` (a
    /// card passed face down is not named to the others).
    pub fn tell_move(
        &self,
        after: &GameState,
        viewer: PlayerId,
        action: &AnyAction,
        events: &[AnyEvent],
    ) -> Option<String> {
        let info = after.info_state(viewer);
        let mut named = Vec::new();
        if let Ok(json) = after.json_of(action) {
            cards_named(after, &json["payload"], &mut named);
        }
        let mut heard = Vec::new();
        for event in events {
            if let Ok(json) = event.view_for(viewer).payload_json() {
                cards_named(after, &json, &mut heard);
            }
        }
        named
            .iter()
            .all(|c| heard.contains(c) || info.zone_of(*c).is_some_and(|z| info.sees(z)))
            .then(|| self.def.describe_move(after, action.as_ref()))
    }

    /// A started match for `players` players (`p1`…`pN`), dealt from `seed`.
    pub fn new_engine(&self, seed: u64, players: usize) -> Result<GameEngine, CatalogError> {
        self.check_players(players)?;
        Ok(self.def.new_engine(&self.game, seed, players)?)
    }

    /// A new game on `engine` (made by [`new_engine`](Self::new_engine)), for `players`
    /// players (`p1`…`pN` in seats 1…N) dealt from `seed`: the same game as
    /// `new_engine(seed, players)` deals, on an engine that keeps its buffers and
    /// subscribers ([`GameDef::deal`]).
    ///
    /// ```
    /// let loaded = decklet_catalog::Catalog::standard().load("crazy_eights")?;
    /// let mut engine = loaded.new_engine(1, 3)?;
    /// loaded.deal(&mut engine, 2, 3)?;
    /// assert_eq!(engine.log(), loaded.new_engine(2, 3)?.log());
    /// # Ok::<(), decklet_catalog::CatalogError>(())
    /// ```
    pub fn deal(
        &self,
        engine: &mut GameEngine,
        seed: u64,
        players: usize,
    ) -> Result<(), CatalogError> {
        self.check_players(players)?;
        Ok(self.def.deal(engine, seed, Player::numbered(players))?)
    }

    /// What a simulation counts of the game besides moves, wins, scores and endings,
    /// attached to `engine` ([`GameDef::counter`]); `None` when the game counts
    /// nothing more.
    pub fn counter(&self, engine: &mut GameEngine) -> Option<Box<dyn Counter>> {
        self.def.counter(engine)
    }

    /// The same game with other parameters: `string` checked against the game's
    /// parameters, then built.
    pub(crate) fn with_string(&self, string: &GameString) -> Result<LoadedGame, CatalogError> {
        build(&self.def, string)
    }

    /// Refuses a player count the game does not seat.
    pub(crate) fn check_players(&self, players: usize) -> Result<(), CatalogError> {
        let range = self.def.players();
        match range.contains(&players) {
            true => Ok(()),
            false => Err(CatalogError::Players {
                game: self.def.name().to_string(),
                min: *range.start(),
                max: *range.end(),
                given: players,
            }),
        }
    }
}

/// The game `def` builds of `string`, its parameters checked first, named with its
/// canonical string.
fn build(def: &Arc<dyn GameDef>, string: &GameString) -> Result<LoadedGame, CatalogError> {
    crate::params::check(&**def, string)?;
    let game = def.build(string).map_err(|reason| CatalogError::Refused {
        game: def.name().to_string(),
        reason,
    })?;
    Ok(LoadedGame {
        def: Arc::clone(def),
        string: game
            .string()
            .map_or_else(|| string.to_string(), str::to_string),
        game,
    })
}

/// Every card a payload names (a string that is a card's id).
fn cards_named(state: &GameState, value: &serde_json::Value, found: &mut Vec<CardId>) {
    match value {
        serde_json::Value::String(text) => found.extend(state.card_id(text)),
        serde_json::Value::Array(items) => items.iter().for_each(|v| cards_named(state, v, found)),
        serde_json::Value::Object(map) => map.values().for_each(|v| cards_named(state, v, found)),
        _ => {}
    }
}

/// The games a tool offers, by name: [`load`](Self::load) builds one from its game
/// string, [`bot`](Self::bot) makes one of its bots. [`Catalog::standard`] has every
/// game of decklet; [`with`](Self::with) adds one.
#[derive(Clone)]
pub struct Catalog {
    defs: Vec<Arc<dyn GameDef>>,
    policies: Arc<dyn PolicySource>,
}

impl Default for Catalog {
    /// No game; policies read from files ([`PolicyFiles`]).
    fn default() -> Catalog {
        Catalog {
            defs: Vec::new(),
            policies: Arc::new(PolicyFiles),
        }
    }
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.defs.iter().map(|d| d.name()))
            .finish()
    }
}

impl Catalog {
    /// decklet's games: UNO, Crazy Eights and Hearts.
    pub fn standard() -> Catalog {
        Catalog::default()
            .with(decklet_uno::UnoDef)
            .with(decklet_crazy_eights::CrazyEightsDef)
            .with(decklet_hearts::HeartsDef)
            .with(decklet_kuhn::KuhnDef)
            .with(decklet_leduc::LeducDef)
            .with(decklet_mini_uno::MiniUnoDef)
    }

    /// The catalogue as JSON: a list of its games, each with its `name`, `about`,
    /// `players` (`[fewest, most]`), `params` (each with its `name`, `kind`: `int`,
    /// `bool`, `choice` or `set`, its `values` in a game string's words, `default`
    /// and `about`) and `bots` (every bot name it takes). What `decklet games --json`
    /// prints and `decklet.games()` returns.
    pub fn to_json(&self) -> serde_json::Value {
        let games: Vec<serde_json::Value> = self
            .games()
            .map(|def| {
                let players = def.players();
                serde_json::json!({
                    "name": def.name(),
                    "about": def.about(),
                    "players": [players.start(), players.end()],
                    "params": def.params().iter().map(|p| serde_json::json!({
                        "name": p.name,
                        "kind": p.kind.name(),
                        "values": p.kind.values(),
                        "default": p.default,
                        "about": p.about,
                    })).collect::<Vec<_>>(),
                    "bots": self.bots_of(def),
                })
            })
            .collect();
        serde_json::Value::Array(games)
    }

    /// The catalogue with `def` too (in place of a game of the same name).
    ///
    /// ```
    /// use decklet_catalog::{Catalog, GameDef};
    /// use decklet_core::{EngineError, Game, GameEngine, GameString};
    /// use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
    /// use std::sync::Arc;
    ///
    /// struct HighCard;
    /// impl GameDef for HighCard {
    ///     fn name(&self) -> &'static str { "high_card" }
    ///     fn about(&self) -> &'static str { "the highest card wins" }
    ///     fn players(&self) -> std::ops::RangeInclusive<usize> { 2..=6 }
    ///     fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
    ///         Game::builder()
    ///             .plugin(StandardDeckPlugin)
    ///             .plugin(TurnPlugin)
    ///             .plugin(DrawPlugin)
    ///             .plugin(high_card::HighCardPlugin)
    ///             .string(game)
    ///             .build()
    ///             .map_err(|e| e.to_string())
    ///     }
    ///     fn new_engine(&self, game: &Arc<Game>, seed: u64, players: usize)
    ///         -> Result<GameEngine, EngineError> {
    ///         high_card::new_match(game, seed, players)
    ///     }
    /// }
    ///
    /// let catalog = Catalog::standard().with(HighCard);
    /// let loaded = catalog.load("high_card")?;
    /// let engine = loaded.new_engine(1, 3)?;
    /// assert_eq!(engine.log().game.as_deref(), Some("high_card"));
    /// assert!(catalog.load("high_card(aces=low)").is_err());
    /// # Ok::<(), decklet_catalog::CatalogError>(())
    /// ```
    pub fn with(mut self, def: impl GameDef) -> Catalog {
        self.defs.retain(|d| d.name() != def.name());
        self.defs.push(Arc::new(def));
        self
    }

    /// The games, in the order they were added.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameDef> {
        self.defs.iter().map(|d| &**d)
    }

    /// The game named `name`.
    pub fn game(&self, name: &str) -> Option<&dyn GameDef> {
        self.games().find(|d| d.name() == name)
    }

    fn def_of(&self, name: &str) -> Result<&Arc<dyn GameDef>, CatalogError> {
        // a game's own name first: an alias never hides a game of that name
        (self.defs.iter().find(|d| d.name() == name))
            .or_else(|| self.defs.iter().find(|d| d.aliases().contains(&name)))
            .ok_or_else(|| CatalogError::UnknownGame {
                name: echo(name),
                known: self
                    .defs
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The game of a game string (`uno(rules=official)`), built: the name looked up,
    /// every parameter checked against the game's, then the game built and named with
    /// its canonical string.
    pub fn load(&self, text: &str) -> Result<LoadedGame, CatalogError> {
        let mut string: GameString = text.parse()?;
        let def = self.def_of(&string.name)?;
        // a game given by another of its names is named by its own
        string.name = def.name().to_string();
        build(def, &string)
    }

    /// The game a log was played under, from the game string it records; for a log
    /// written before logs carried one, the game whose plugins it ran
    /// ([`GameDef::game_of_plugins`], else a game at its defaults with exactly those
    /// plugins).
    pub fn load_log(&self, log: &GameLog) -> Result<LoadedGame, CatalogError> {
        if let Some(game) = &log.game {
            return self.load(game);
        }
        let ids: Vec<&str> = log.plugins.iter().map(|p| p.id.as_str()).collect();
        let same_plugins = |loaded: &LoadedGame| {
            let built = loaded.game.plugins().iter().map(|p| p.id.as_str());
            built.eq(ids.iter().copied())
        };
        for def in &self.defs {
            let string = def.game_of_plugins(&ids).map(|s| s.to_string());
            let string = string.unwrap_or_else(|| def.name().to_string());
            if let Ok(loaded) = self.load(&string)
                && same_plugins(&loaded)
            {
                return Ok(loaded);
            }
        }
        Err(CatalogError::NoGameString {
            plugins: echo(&ids.join(", ")),
        })
    }

    /// The names of `def`'s bots: its own, then `random`, `ismcts`, `ismcts:N`,
    /// `policy:FILE` and `ismcts[:N]+policy:FILE`.
    pub fn bot_names(def: &dyn GameDef) -> Vec<&'static str> {
        def.bots()
            .iter()
            .map(|b| b.name)
            .chain(
                COMMON_BOTS
                    .iter()
                    .map(|(name, _)| *name)
                    .filter(|name| !def.bots().iter().any(|b| b.name == *name)),
            )
            .collect()
    }

    /// The bots `def`'s game takes here, by name: its own, the common ones, and the
    /// policies it can play: `policy:FILE` where policies are files
    /// ([`PolicyFiles`]), each named policy learnt with the game's encoding (at its
    /// default parameters) where they are named (a server's).
    pub fn bots_of(&self, def: &dyn GameDef) -> Vec<String> {
        let loaded = self.load(def.name()).ok().filter(LoadedGame::learnable);
        let mut names: Vec<String> = Catalog::bot_names(def)
            .into_iter()
            .filter(|name| !name.contains("policy:"))
            .map(str::to_string)
            .collect();
        let Some(loaded) = loaded else {
            return names;
        };
        match self.policies.named() {
            None => names.extend(
                COMMON_BOTS
                    .iter()
                    .map(|(name, _)| *name)
                    .filter(|name| name.contains("policy:"))
                    .map(str::to_string),
            ),
            Some(named) => {
                for (name, policy) in named {
                    let plays = loaded.encoding_of(policy.encoding());
                    if plays.is_ok_and(|encoding| policy.check(&*encoding).is_ok()) {
                        names.push(format!("policy:{name}"));
                        names.push(format!("ismcts+policy:{name}"));
                    }
                }
            }
        }
        names
    }

    /// The same games, their bots' policies found by `policies` (a server's
    /// [`NamedPolicies`](crate::NamedPolicies)) instead of read from files by path.
    pub fn with_policies(mut self, policies: impl PolicySource + 'static) -> Catalog {
        self.policies = Arc::new(policies);
        self
    }

    /// Where its bots' policies are found.
    pub fn policies(&self) -> &dyn PolicySource {
        &*self.policies
    }

    /// A bot of a loaded game by name, seeded: one of the game's own, or the game's
    /// version of a common one ([`GameDef::bot`] is asked first), else `random`,
    /// `ismcts` (1,000 iterations a move), `ismcts:N` (the search with the game's
    /// scoring and playout policy), a policy or a search guided by one ([`BotName`]).
    pub fn bot(
        &self,
        loaded: &LoadedGame,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn Bot>, CatalogError> {
        self.bot_of(loaded, &name.parse()?, seed)
    }

    /// [`bot`](Self::bot) by a name already read.
    pub fn bot_of(
        &self,
        loaded: &LoadedGame,
        name: &BotName,
        seed: u64,
    ) -> Result<Box<dyn Bot>, CatalogError> {
        match crate::policies::policy_bot(self, loaded, name, seed) {
            Some(bot) => bot,
            None => self.named_bot(loaded, name.base(), seed),
        }
    }

    /// A bot of a loaded game by its name and options alone (no policy).
    pub(crate) fn named_bot(
        &self,
        loaded: &LoadedGame,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn Bot>, CatalogError> {
        let def = loaded.def();
        if let Some(bot) = def.bot(loaded.game(), name, seed) {
            return Ok(bot);
        }
        if name == "random" {
            return Ok(Box::new(RandomBot::new(seed)));
        }
        match search_iterations(name) {
            Some(Some(iterations)) => {
                let config = IsmctsConfig {
                    iterations,
                    ..IsmctsConfig::default()
                };
                let mut bot =
                    IsmctsBot::new(loaded.game(), config, seed).with_scoring(def.scoring());
                if let Some(playout) = def.playout() {
                    bot = bot.with_playout(playout);
                }
                Ok(Box::new(bot))
            }
            Some(None) => Err(CatalogError::SearchIterations { name: echo(name) }),
            None => Err(self.unknown_bot(def, name)),
        }
    }

    /// The error for a bot name `def`'s game does not know.
    fn unknown_bot(&self, def: &dyn GameDef, name: &str) -> CatalogError {
        CatalogError::UnknownBot {
            game: def.name().to_string(),
            name: echo(name),
            known: Catalog::bot_names(def).join(", "),
        }
    }
}

//! [`GameDef`]: what a game tells the tools; [`ParamDef`], one of its parameters;
//! [`BotDef`], one of its own bots; [`MatchScoring`], how its matches score.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{Bot, Encoding, Playout, Scoring, winners_score};
use decklet_core::{
    ActionRef, AnyEvent, Card, EngineError, Game, GameEngine, GameState, GameString, InfoState,
    Player,
};

use crate::counting::Counter;

/// A game as the tools see it: the catalogue's entry for it. Its parameters are
/// checked against [`params`](Self::params) before [`build`](Self::build) is asked.
pub trait GameDef: Send + Sync + 'static {
    /// Its name in a game string (`uno`, `crazy_eights`): letters, digits, `_`, `-`.
    fn name(&self) -> &'static str;
    /// Other names a game string may give it (an old name, `crazy-eights`); the game
    /// loaded is named by its own name. None by default.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// One line that says what it is.
    fn about(&self) -> &'static str;
    /// Its parameters, each with its kind and default.
    fn params(&self) -> &'static [ParamDef] {
        &[]
    }
    /// How many players it seats.
    fn players(&self) -> RangeInclusive<usize>;
    /// The side each seat plays for, by seat (0-based), at `players` players: seats of
    /// one side win or lose together (Whist's partners: `[0, 1, 0, 1]`). Tournaments,
    /// `simulate` and the ratings then count a side's win once for each of its seats,
    /// with a fair share of one in the number of sides, and seat the entries so that
    /// each partners every other (up to six players). By default every seat is a side
    /// of its own. The tools read it through [`sides_of`], which checks it.
    fn sides(&self, players: usize) -> Vec<usize> {
        (0..players).collect()
    }
    /// The game a string of its name asks for (the parameters already checked
    /// against [`params`](Self::params)), named with its canonical game string
    /// ([`GameBuilder::string`](decklet_core::GameBuilder::string)) so that its logs
    /// record it.
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String>;
    /// A started match of `game` for `players` players, dealt from `seed`: players
    /// `p1`…`pN` in seats 1…N, as a log of it replays.
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        players: usize,
    ) -> Result<GameEngine, EngineError>;
    /// Deals a new game on `engine`, an engine [`new_engine`](Self::new_engine) made
    /// for this game that may have played games since: `players` seated as given, dealt
    /// from `seed`, the engine's other settings and its subscribers kept. A simulation
    /// plays its games one after another on one engine this way, and a match its
    /// rounds. By default [`GameEngine::deal`]: the engine's seed set, the game created
    /// with `players` and started: a game whose `new_engine` does more than that gives
    /// its own.
    fn deal(
        &self,
        engine: &mut GameEngine,
        seed: u64,
        players: Vec<Player>,
    ) -> Result<(), EngineError> {
        engine.deal(seed, players)
    }
    /// Every chance outcome of a game of `game` at `players` players (each deal, a
    /// started engine with its probability), for a solver that holds the whole game
    /// ([`GameTree`](decklet_bots::GameTree): CFR+ and exact exploitability). `None`
    /// (the default): the game does not enumerate its deals (too many to hold).
    fn deals(
        &self,
        game: &Arc<Game>,
        players: usize,
    ) -> Option<Result<Vec<decklet_bots::ChanceRoot>, EngineError>> {
        let _ = (game, players);
        None
    }
    /// What a simulation counts of its games besides moves, wins, scores and endings
    /// (UNO: cards drawn, reshuffles): a [`Counter`] attached to `engine` (one of this
    /// game's, on which games are then dealt again with [`deal`](Self::deal)). `None`
    /// by default.
    fn counter(&self, engine: &mut GameEngine) -> Option<Box<dyn Counter>> {
        let _ = engine;
        None
    }
    /// The game string of a log written before logs carried one, from the ids of the
    /// plugins it ran (in order), when they are one of this game's variants; `None`
    /// otherwise (the default: the catalogue then tries the game at its defaults).
    fn game_of_plugins(&self, ids: &[&str]) -> Option<GameString> {
        let _ = ids;
        None
    }
    /// How its matches are scored, when it plays matches (rounds until a player's
    /// points reach a target: the catalogue's `Match`); `None` (the default): it has
    /// none.
    fn matches(&self) -> Option<MatchScoring> {
        None
    }
    /// Its own bots, by name (every game also has `random` and `ismcts[:N]`).
    fn bots(&self) -> &'static [BotDef] {
        &[]
    }
    /// One of its own bots ([`bots`](Self::bots)), seeded, or its own version of a
    /// bot every game has (`random`, `ismcts`, `ismcts:N`: asked first, so that a game
    /// may give them a policy of its own); `None` for a name it does not have.
    fn bot(&self, game: &Arc<Game>, name: &str, seed: u64) -> Option<Box<dyn Bot>> {
        let _ = (game, name, seed);
        None
    }
    /// Its own encoding for learners, of the game `game` asks for (its parameters
    /// checked), built as `built`; `None` (the default): the learning environments
    /// make the generic one from a seat's information state.
    fn encoding(&self, game: &GameString, built: &Arc<Game>) -> Option<Arc<dyn Encoding>> {
        let _ = (game, built);
        None
    }
    /// Each player's result in a position (at the end, what a search scores by):
    /// 1 for a winner, shared, by default.
    fn scoring(&self) -> Scoring {
        winners_score
    }
    /// The policy a search plays out with (`None`: uniformly random moves).
    fn playout(&self) -> Option<Playout> {
        None
    }
    /// A card as people write it (`8♥`, `red 7`). By default a card of the standard
    /// deck as its rank and its suit's sign (`Q♥`, `10♠`:
    /// [`StandardCard`](decklet_plugins::StandardCard)), another card by its rank and
    /// suit (`2 of stars`), its rank, or its id. Card definitions are public: this tells
    /// nobody anything hidden.
    fn describe_card(&self, card: &Card) -> String {
        if let Some(standard) = decklet_plugins::StandardCard::of(card) {
            return standard.to_string();
        }
        match (&card.rank, &card.suit) {
            (Some(rank), Some(suit)) => format!("{rank} of {suit}"),
            (Some(rank), None) => rank.to_string(),
            _ => card.id.to_string(),
        }
    }
    /// What a seat knows of the table beyond its zones, in words (`suit to match:
    /// hearts`, `hearts broken`), read from the seat's information state alone, for a
    /// table a person sees. None by default.
    fn describe_table(&self, info: &InfoState) -> Vec<String> {
        let _ = info;
        Vec::new()
    }
    /// The kinds of its moves (`PLAY_CARD`, `HEARTS_PASS`), for a learner's generic
    /// encoding: each move is one of them and names at most one card. Empty (the
    /// default): the game has no generic encoding.
    fn move_kinds(&self) -> &'static [&'static str] {
        &[]
    }
    /// How a finished game ended, in a word (`out`, `passes`, `moon`), for a summary
    /// of many games; `None` when the game has only one way to end.
    fn ending(&self, state: &GameState) -> Option<String> {
        let _ = state;
        None
    }
    /// What a move did, as a seat heard it (`events`, each its view for the seat), in
    /// lines of words for a table's log (`p2 plays red 7`, `p3 draws 2 cards`);
    /// `state` is the position after it. `None` (the default) for every move, events
    /// or none: the game does not narrate, and the table tells each move in words
    /// ([`describe_move`](Self::describe_move)) to the seats that saw the cards it
    /// names (a table asks once, with no events, whether a game narrates).
    fn narrate(&self, state: &GameState, events: &[AnyEvent]) -> Option<Vec<String>> {
        let _ = (state, events);
        None
    }
    /// The keys a person may type at a table for moves, besides their numbers, each
    /// with what it does (`('d', "draw")`): each key stands for one kind of move in
    /// every position ([`move_key`](Self::move_key) says which moves have one). Letters
    /// only, none of them `q` (a table's "quit"), each once. None by default.
    fn keys(&self) -> &'static [(char, &'static str)] {
        &[]
    }
    /// The key of a move ([`keys`](Self::keys)), if it has one.
    fn move_key(&self, action: ActionRef<'_>) -> Option<char> {
        let _ = action;
        None
    }
    /// A move in words, for people (`play 8♥`). By default its kind in words (the
    /// game's name taken off its front: `WHIST_PLAY` is `play`), then every card its
    /// payload names ([`describe_card`](Self::describe_card)) and every other word or
    /// number it holds, the mover's own id left out (`choose heart`, `ask p3`), in the
    /// order of the payload's keys, sorted.
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
        let kind = action.kind().to_lowercase().replace('_', " ");
        let own = format!("{} ", self.name().replace('_', " "));
        let mut words = vec![kind.strip_prefix(&own).unwrap_or(&kind).to_string()];
        if let Ok(json) = state.json_of(&action) {
            let mover = json["payload"]["playerId"].as_str().unwrap_or_default();
            payload_words(self, state, mover, &json["payload"], &mut words);
        }
        words.join(" ")
    }
}

/// The sides of `def` at `players` players ([`GameDef::sides`]), checked: one a seat,
/// numbered `0, 1, …` in the order the seats first name them (a game that numbers its
/// sides `[0, 2, 0, 2]` gets `[0, 1, 0, 1]`). An error when the game gives another
/// number of seats.
///
/// ```
/// # use decklet_entry::{GameDef, sides_of};
/// # struct Pairs;
/// # impl GameDef for Pairs {
/// #     fn name(&self) -> &'static str { "pairs" }
/// #     fn about(&self) -> &'static str { "" }
/// #     fn players(&self) -> std::ops::RangeInclusive<usize> { 4..=4 }
/// #     fn build(&self, _: &decklet_core::GameString) -> Result<std::sync::Arc<decklet_core::Game>, String> { Err("".into()) }
/// #     fn new_engine(&self, _: &std::sync::Arc<decklet_core::Game>, _: u64, _: usize) -> Result<decklet_core::GameEngine, decklet_core::EngineError> { Err(decklet_core::EngineError::action_failed("x", "y")) }
///       fn sides(&self, _players: usize) -> Vec<usize> { vec![0, 2, 0, 2] }
/// # }
/// assert_eq!(sides_of(&Pairs, 4)?, [0, 1, 0, 1]);
/// // sides for 4 seats at 3 players: refused
/// assert!(sides_of(&Pairs, 3).is_err());
/// # Ok::<(), String>(())
/// ```
pub fn sides_of<D: GameDef + ?Sized>(def: &D, players: usize) -> Result<Vec<usize>, String> {
    let given = def.sides(players);
    if given.len() != players {
        return Err(format!(
            "{} gives sides for {} seats at {players} players",
            def.name(),
            given.len()
        ));
    }
    let mut seen: Vec<usize> = Vec::new();
    Ok(given
        .iter()
        .map(|side| match seen.iter().position(|s| s == side) {
            Some(at) => at,
            None => {
                seen.push(*side);
                seen.len() - 1
            }
        })
        .collect())
}

/// One parameter of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamDef {
    /// Its key in a game string.
    pub name: &'static str,
    /// What values it takes.
    pub kind: ParamKind,
    /// Its value when a game string does not give it.
    pub default: &'static str,
    /// One line that says what it does.
    pub about: &'static str,
}

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number in this range.
    Int {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Any of these words, each at most once, joined by `+` (`a+b`).
    Set(&'static [&'static str]),
}

impl ParamKind {
    /// Its name: `int`, `bool`, `choice` or `set`.
    pub fn name(self) -> &'static str {
        match self {
            ParamKind::Int { .. } => "int",
            ParamKind::Bool => "bool",
            ParamKind::Choice(_) => "choice",
            ParamKind::Set(_) => "set",
        }
    }

    /// The values it takes, in a game string's own words: `1..52`, `true|false`,
    /// `classic|official`, `jump-in|stacking+…`.
    pub fn values(self) -> String {
        match self {
            ParamKind::Int { min, max } => format!("{min}..{max}"),
            ParamKind::Bool => "true|false".to_string(),
            ParamKind::Choice(words) => words.join("|"),
            ParamKind::Set(words) => format!("{}+…", words.join("|")),
        }
    }
}

/// One of a game's own bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotDef {
    /// Its name.
    pub name: &'static str,
    /// One line that says how it plays.
    pub about: &'static str,
}

/// How a game's matches are scored ([`GameDef::matches`]).
#[derive(Clone, Copy, Debug)]
pub struct MatchScoring {
    /// The game string every round of a match of `game` plays (UNO: its rules with its
    /// scoring added), or why `game` cannot be played in matches.
    pub round_game: fn(&GameString) -> Result<GameString, String>,
    /// A finished round's sole winner (an index among the players, in the order the
    /// state lists them) and the points they scored; `None` when nobody, or more than
    /// one player, won it (a capped round).
    pub round_score: fn(&GameState) -> Option<(usize, u32)>,
    /// The points a match is played to unless told otherwise.
    pub default_target: u32,
}

/// The words of a move's payload: each card named in the game's words, each other
/// text or number as it is, the mover's own id (`mover`) left out.
fn payload_words<D: GameDef + ?Sized>(
    def: &D,
    state: &GameState,
    mover: &str,
    value: &serde_json::Value,
    words: &mut Vec<String>,
) {
    match value {
        serde_json::Value::String(text) => {
            if let Some(card) = state.card_id(text).and_then(|id| state.card(id)) {
                words.push(def.describe_card(card));
            } else if text != mover && !text.is_empty() {
                words.push(text.clone());
            }
        }
        serde_json::Value::Number(n) => words.push(n.to_string()),
        serde_json::Value::Array(items) => {
            for item in items {
                payload_words(def, state, mover, item, words);
            }
        }
        serde_json::Value::Object(map) => {
            for item in map.values() {
                payload_words(def, state, mover, item, words);
            }
        }
        _ => {}
    }
}

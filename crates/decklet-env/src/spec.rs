//! [`GameSpec`]: a game a learner can play, by name and options, and its bots
//! ([`SeatBot`]).

use std::sync::Arc;

use decklet_bots::{FnBot, IsmctsBot, IsmctsConfig, RandomBot};
use decklet_catalog::{Catalog, GameDef, GameString, MAX_SEARCH_ITERATIONS, UnoDef};
use decklet_core::{AnyEvent, InfoState, Moves, PlayerId, echo};
use decklet_crazy_eights::CRAZY_EIGHTS_GAME;
use decklet_crazy_eights::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, CrazyEightsOptions, c8_returns, strategist_choice,
    strategist_playout,
};
use decklet_uno::{UNO_GAME, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS};

use crate::crazy_eights::CrazyEightsEncoding;
use crate::encoding::Encoding;
use crate::generic::GenericEncoding;
use crate::table::Table;
use crate::uno::UnoEncoding;

/// A game a learner can play: its encoding, and how its bots are made.
#[derive(Clone)]
pub struct GameSpec {
    encoding: Arc<dyn Encoding>,
    game: Game,
}

#[derive(Clone)]
enum Game {
    Uno(Arc<UnoEncoding>),
    CrazyEights(Arc<CrazyEightsEncoding>),
    /// Any other game of a catalogue, with the generic encoding and the catalogue's
    /// bots.
    Generic(Arc<GenericEncoding>, Catalog),
}

impl std::fmt::Debug for GameSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameSpec")
            .field("game", &self.encoding.name())
            .finish_non_exhaustive()
    }
}

impl GameSpec {
    /// UNO under a preset (`seeds`, `official`) and house rules (`--house` names).
    pub fn uno(rules: &str, house: &[String]) -> Result<GameSpec, String> {
        let encoding = Arc::new(UnoEncoding::new(rules, house)?);
        Ok(GameSpec {
            encoding: encoding.clone(),
            game: Game::Uno(encoding),
        })
    }

    /// Crazy Eights with these options.
    pub fn crazy_eights(options: CrazyEightsOptions) -> Result<GameSpec, String> {
        let encoding = Arc::new(CrazyEightsEncoding::new(options)?);
        Ok(GameSpec {
            encoding: encoding.clone(),
            game: Game::CrazyEights(encoding),
        })
    }

    /// The game a game string names in `catalog`, for `players` (the generic encoding
    /// is made for one number of players): UNO (`uno(rules=official,house=stacking)`)
    /// and Crazy Eights (`crazy_eights(reshuffle=true)`; `crazy-eights` is its old
    /// name) with their own encodings, any other game with the generic one
    /// ([`GenericEncoding`]).
    pub fn load(catalog: &Catalog, text: &str, players: usize) -> Result<GameSpec, String> {
        let text = match text.trim() {
            "crazy-eights" => "crazy_eights",
            other => other,
        };
        let string: GameString = text
            .parse()
            .map_err(|e: decklet_core::GameStringError| e.to_string())?;
        match string.name.as_str() {
            UNO_GAME => {
                let house: Vec<String> = string
                    .get("house")
                    .map(|h| h.split('+').map(ToString::to_string).collect())
                    .unwrap_or_default();
                // checked by the catalogue first: its errors name the game's parameters
                catalog.load(text).map_err(|e| e.to_string())?;
                GameSpec::uno(string.get("rules").unwrap_or("classic"), &house)
            }
            CRAZY_EIGHTS_GAME => {
                catalog.load(text).map_err(|e| e.to_string())?;
                GameSpec::crazy_eights(CrazyEightsOptions::from_game_string(&string)?)
            }
            _ => {
                let loaded = catalog.load(text).map_err(|e| e.to_string())?;
                let range = loaded.def().players();
                if !range.contains(&players) {
                    return Err(format!(
                        "{} is played by {} to {} players, not {players}",
                        loaded.def().name(),
                        range.start(),
                        range.end()
                    ));
                }
                let encoding = Arc::new(GenericEncoding::new(loaded, players)?);
                Ok(GameSpec {
                    encoding: encoding.clone(),
                    game: Game::Generic(encoding, catalog.clone()),
                })
            }
        }
    }

    /// The encoding.
    pub fn encoding(&self) -> &Arc<dyn Encoding> {
        &self.encoding
    }

    /// How many players the game seats.
    pub fn players(&self) -> std::ops::RangeInclusive<usize> {
        match &self.game {
            Game::Uno(_) => UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS,
            Game::CrazyEights(_) => C8_MIN_PLAYERS..=C8_MAX_PLAYERS,
            Game::Generic(generic, _) => generic.players()..=generic.players(),
        }
    }

    /// Checks a number of players.
    pub fn check_players(&self, players: usize) -> Result<(), String> {
        let range = self.players();
        if range.contains(&players) {
            Ok(())
        } else {
            Err(format!(
                "{} is played by {} to {} players, not {players}",
                self.encoding.name(),
                range.start(),
                range.end()
            ))
        }
    }

    /// A new table of the game.
    pub fn table(&self, players: usize, seed: u64, max_moves: u64) -> Result<Table, String> {
        self.check_players(players)?;
        Table::new(Arc::clone(&self.encoding), players, seed, max_moves).map_err(|e| e.to_string())
    }

    /// A bot of the game by name, seeded: UNO's `random`, `heuristic`, `ismcts`,
    /// `ismcts:N`; Crazy Eights' `random`, `strategist`, `ismcts`, `ismcts:N` (the
    /// search with the strategist's playouts); any other game's from its catalogue.
    pub fn bot(&self, name: &str, seed: u64) -> Result<SeatBot, String> {
        match &self.game {
            Game::Uno(uno) => UnoDef
                .bot(uno.game(), name.trim(), seed)
                .map(SeatBot)
                .ok_or_else(|| {
                    format!(
                        "unknown bot `{}` for uno (known: random, heuristic, ismcts, ismcts:N with N from 1 to {MAX_SEARCH_ITERATIONS})",
                        echo(name)
                    )
                }),
            Game::CrazyEights(c8) => crazy_eights_bot(c8.game(), name, seed).map(SeatBot),
            Game::Generic(generic, catalog) => catalog
                .bot(generic.loaded(), name.trim(), seed)
                .map(SeatBot)
                .map_err(|e| e.to_string()),
        }
    }
}

/// A Crazy Eights bot by name, seeded: `random`, `strategist`, `ismcts` (1,000
/// iterations), `ismcts:N` (1 to 100,000): the search scores by the game's results
/// and plays out with the strategist's policy.
///
/// ```
/// let game = decklet_crazy_eights::crazy_eights_game(Default::default())?;
/// assert_eq!(decklet_env::crazy_eights_bot(&game, "ismcts:50", 1)?.name(), "ismcts");
/// assert!(decklet_env::crazy_eights_bot(&game, "heuristic", 1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn crazy_eights_bot(
    game: &Arc<decklet_core::Game>,
    name: &str,
    seed: u64,
) -> Result<Box<dyn decklet_bots::Bot>, String> {
    let name = name.trim();
    let iterations = match name {
        "random" => return Ok(Box::new(RandomBot::new(seed))),
        "strategist" => {
            return Ok(Box::new(FnBot::new("strategist", strategist_choice)));
        }
        "ismcts" => 1_000,
        other => match other.strip_prefix("ismcts:").map(str::parse::<u32>) {
            Some(Ok(n)) if (1..=100_000).contains(&n) => n,
            _ => {
                return Err(format!(
                    "`{}` is not a Crazy Eights bot (random, strategist, ismcts, ismcts:N with N from 1 to 100000)",
                    decklet_core::echo(other)
                ));
            }
        },
    };
    let config = IsmctsConfig {
        iterations,
        ..IsmctsConfig::default()
    };
    let bot = IsmctsBot::new(game, config, seed)
        .with_scoring(c8_returns)
        .with_playout(strategist_playout);
    Ok(Box::new(bot))
}

/// A bot that plays a seat of a [`Table`]: a `decklet_bots::Bot` of any game, asked in
/// turn, and out of turn in a
/// window where it acts out of turn (else it waits).
pub struct SeatBot(Box<dyn decklet_bots::Bot>);

impl std::fmt::Debug for SeatBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SeatBot({})", self.0.name())
    }
}

impl SeatBot {
    /// A seat's bot.
    pub fn new(bot: Box<dyn decklet_bots::Bot>) -> SeatBot {
        SeatBot(bot)
    }

    /// Whether the bot follows the game move by move ([`hear`](Self::hear)).
    pub fn hears(&self) -> bool {
        self.0.hears()
    }

    /// What the bot's seat heard of a move, any seat's: `before` is what the seat knew
    /// just before it, `events` the move's events as the seat hears them (each its
    /// `view_for` the seat).
    pub fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        self.0.hear(before, events);
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        self.0.name()
    }

    /// The action index the bot takes for the table's acting seat (`None`: it makes
    /// no move, or nobody acts). It is handed what that seat knows and its moves only.
    pub fn choose(&mut self, table: &Table) -> Option<usize> {
        let player: PlayerId = table.acting_player()?;
        let state = table.state();
        let encoding = table.encoding();
        let wait = encoding.action_count();
        if table.in_window() && !self.0.acts_out_of_turn() {
            return Some(wait);
        }
        let info = match self.0.reads_info() {
            true => state.info_state(player),
            false => InfoState::default(),
        };
        let mut moves = Moves::new();
        table.engine().game().legal_moves(state, player, &mut moves);
        let pick = match table.in_window() {
            true => match self.0.choose_out_of_turn(&info, &moves) {
                Some(pick) => pick,
                None => return Some(wait),
            },
            false => self.0.choose(&info, &moves)?,
        };
        let action = moves.get(pick)?;
        encoding.action_index(state, player, action)
    }
}

//! [`GameSpec`]: a game a learner can play, by its game string, and its bots
//! ([`SeatBot`]).

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::encoding::Encoding;
use decklet_catalog::{Catalog, LoadedGame};
use decklet_core::{AnyEvent, InfoState, Moves, PlayerId};

use crate::table::Table;
use decklet_catalog::GenericEncoding;

/// A game a learner can play: a game of a catalogue, its encoding (the game's own, or
/// the generic one), and the catalogue its bots come from.
#[derive(Clone)]
pub struct GameSpec {
    encoding: Arc<dyn Encoding>,
    catalog: Catalog,
    loaded: LoadedGame,
    players: RangeInclusive<usize>,
}

impl std::fmt::Debug for GameSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameSpec")
            .field("game", &self.loaded.string())
            .field("encoding", &self.encoding.name())
            .finish_non_exhaustive()
    }
}

impl GameSpec {
    /// The game a game string names in `catalog` (`uno(rules=official,house=stacking)`,
    /// `crazy_eights(reshuffle=true)`, `hearts`; `crazy-eights` is Crazy Eights' old
    /// name), for `players`: with the game's own encoding where its catalogue entry
    /// gives one (UNO's, Crazy Eights'), else the generic one ([`GenericEncoding`]),
    /// which is made for one number of players.
    ///
    /// ```
    /// use decklet_catalog::Catalog;
    /// use decklet_env::GameSpec;
    /// let spec = GameSpec::load(&Catalog::standard(), "uno(rules=official)", 4)?;
    /// assert_eq!(spec.encoding().name(), "uno");
    /// assert_eq!(spec.players(), 2..=10);
    /// let hearts = GameSpec::load(&Catalog::standard(), "hearts", 4)?;
    /// assert_eq!(hearts.players(), 4..=4);
    /// # Ok::<(), String>(())
    /// ```
    pub fn load(catalog: &Catalog, text: &str, players: usize) -> Result<GameSpec, String> {
        let loaded = catalog.load(text.trim()).map_err(|e| e.to_string())?;
        let (encoding, players): (Arc<dyn Encoding>, _) = match loaded.encoding() {
            Some(own) => (own, loaded.def().players()),
            None => {
                let range = loaded.def().players();
                if !range.contains(&players) {
                    return Err(format!(
                        "{} is played by {} to {} players, not {players}",
                        loaded.def().name(),
                        range.start(),
                        range.end()
                    ));
                }
                let generic = GenericEncoding::new(loaded.clone(), players)?;
                (Arc::new(generic), players..=players)
            }
        };
        Ok(GameSpec {
            encoding,
            catalog: catalog.clone(),
            loaded,
            players,
        })
    }

    /// The encoding.
    pub fn encoding(&self) -> &Arc<dyn Encoding> {
        &self.encoding
    }

    /// The game, as the catalogue loaded it.
    pub fn loaded(&self) -> &LoadedGame {
        &self.loaded
    }

    /// How many players the game seats (the generic encoding: the number it was made
    /// for).
    pub fn players(&self) -> RangeInclusive<usize> {
        self.players.clone()
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

    /// A bot of the game by name, seeded, from the catalogue: `random`, `ismcts`,
    /// `ismcts:N`, and the game's own (UNO's `heuristic`, Crazy Eights' `strategist`,
    /// Hearts' `ducker`).
    pub fn bot(&self, name: &str, seed: u64) -> Result<SeatBot, String> {
        (self.catalog)
            .bot(&self.loaded, name.trim(), seed)
            .map(SeatBot)
            .map_err(|e| e.to_string())
    }
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

    /// The bot.
    pub fn into_inner(self) -> Box<dyn decklet_bots::Bot> {
        self.0
    }

    /// Seeds the bot afresh for a new game ([`decklet_bots::Bot::reseed`]); `false`: it
    /// cannot be.
    pub fn reseed(&mut self, seed: u64) -> bool {
        self.0.reseed(seed)
    }

    /// Whether the bot follows the game move by move ([`hear_move`](Self::hear_move)).
    pub fn hears(&self) -> bool {
        self.0.hears()
    }

    /// What the bot's seat heard of a move, any seat's: `before` is what the seat knew
    /// just before it, who made the move and its kind (public), and `events` the move's
    /// events as the seat hears them (see `decklet_bots::Bot::hear_move`).
    pub fn hear_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        self.0.hear_move(before, mover, kind, events);
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
        table.engine().list_moves(player, &mut moves);
        let pick = match table.in_window() {
            true => match self.0.choose_out_of_turn(&info, &moves) {
                Some(pick) => pick,
                None => return Some(wait),
            },
            false => self.0.choose(&info, &moves)?,
        };
        moves
            .with(pick, |action| encoding.action_index(state, player, action))
            .flatten()
    }
}

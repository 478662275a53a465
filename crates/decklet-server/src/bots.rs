//! The bots that play seats inside the server, and the one that plays a person's move
//! when their turn timer runs out. A bot is a `decklet_bots::Bot` of any game, made by
//! the server's catalogue from its name; the match's seat driver (`decklet_bots::Driver`)
//! asks it, as every tool does, handing it its seat's information state and listed
//! moves alone, and tells it every move it may hear.

use decklet_bots::Bot;
use decklet_core::{GameState, InfoState, Moves, PlayerId};

use crate::spec::GameKind;

/// The bot named `name` for a seat of `kind`'s game, seeded.
pub fn seat_bot(kind: &GameKind, name: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    kind.catalog
        .bot(&kind.loaded, name.trim(), seed)
        .map_err(|e| e.to_string())
}

/// The bot that moves for a person whose time ran out: the game's own first bot
/// (UNO's `heuristic`, Crazy Eights' `strategist`, Hearts' `ducker`), or a random one
/// for a game with none.
pub struct TimeoutBot(Box<dyn Bot>);

impl TimeoutBot {
    /// The game's timeout bot, seeded.
    pub fn new(kind: &GameKind, seed: u64) -> TimeoutBot {
        let name = kind
            .loaded
            .def()
            .bots()
            .first()
            .map_or("random", |b| b.name);
        match seat_bot(kind, name, seed) {
            Ok(bot) => TimeoutBot(bot),
            // the game's own bots are always its bots
            Err(_) => TimeoutBot(Box::new(decklet_bots::RandomBot::new(seed))),
        }
    }

    /// Its choice among `moves` (`seat`'s listed moves in `state`), as an index;
    /// handed the seat's information state only.
    pub fn choose(&mut self, state: &GameState, seat: PlayerId, moves: &Moves) -> Option<usize> {
        if moves.is_empty() {
            return None;
        }
        let info = match self.0.reads_info() {
            true => state.info_state(seat),
            false => InfoState::default(),
        };
        self.0
            .choose(&info, moves)
            .filter(|pick| *pick < moves.len())
    }
}

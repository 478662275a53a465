//! The bots that play seats inside the server, and the one that plays a human's move
//! when the turn timer runs out. A bot is a `decklet_bots::Bot` of any game, made by
//! the server's catalogue from its name: handed its seat's information state and
//! its listed moves, nothing else, in turn or (where its game lists it moves then, as
//! UNO's jump-in) out of turn, and it hears every move of its match if it follows the
//! game.

use decklet_core::{AnyEvent, GameState, InfoState, Moves, PlayerId};

use crate::moves::Listed;
use crate::spec::GameKind;

/// A bot of a seat.
pub struct ServerBot(Box<dyn decklet_bots::Bot>);

impl ServerBot {
    /// The bot named `name` for a seat of `kind`'s game, seeded.
    pub fn new(kind: &GameKind, name: &str, seed: u64) -> Result<ServerBot, String> {
        kind.catalog
            .bot(&kind.loaded, name.trim(), seed)
            .map(ServerBot)
            .map_err(|e| e.to_string())
    }

    /// The bot that moves for a human whose time ran out: the game's own first bot
    /// (UNO's `heuristic`, Crazy Eights' `strategist`, Hearts' `ducker`), or a random
    /// one for a game with none.
    pub fn for_timeouts(kind: &GameKind, seed: u64) -> ServerBot {
        let name = kind
            .loaded
            .def()
            .bots()
            .first()
            .map_or("random", |b| b.name);
        match ServerBot::new(kind, name, seed) {
            Ok(bot) => bot,
            // the game's own bots are always its bots
            Err(_) => ServerBot(Box::new(decklet_bots::RandomBot::new(seed))),
        }
    }

    /// Whether the bot follows the game move by move ([`hear`](Self::hear)).
    pub fn hears(&self) -> bool {
        self.0.hears()
    }

    /// What the bot's seat heard of a move: what it knew `before`, and the move's
    /// events as the seat hears them.
    pub fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        self.0.hear(before, events);
    }

    /// [`hear`](Self::hear), with who made the move and its kind (public; see
    /// `decklet_bots::Bot::hear_move`).
    pub fn hear_move(
        &mut self,
        before: &InfoState,
        mover: decklet_core::PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        self.0.hear_move(before, mover, kind, events);
    }

    /// The bot's choice among `listed` (the seat's moves now, in the order the game
    /// lists them), as an index; `None` for no move. `in_turn`: whether it is the
    /// seat's turn (out of turn only a bot that acts out of turn is asked).
    pub fn choose(
        &mut self,
        kind: &GameKind,
        state: &GameState,
        seat: PlayerId,
        listed: &[Listed],
        in_turn: bool,
    ) -> Option<usize> {
        if listed.is_empty() || (!in_turn && !self.0.acts_out_of_turn()) {
            return None;
        }
        let mut moves = Moves::new();
        kind.game().legal_moves(state, seat, &mut moves);
        let info = match self.0.reads_info() {
            true => state.info_state(seat),
            false => InfoState::default(),
        };
        let pick = match in_turn {
            true => self.0.choose(&info, &moves),
            false => self.0.choose_out_of_turn(&info, &moves),
        }?;
        (pick < listed.len()).then_some(pick)
    }
}

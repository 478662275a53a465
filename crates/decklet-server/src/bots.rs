//! The bots that play seats inside the server, and the one that plays a human's move
//! when the turn timer runs out. A bot is handed its seat's information state and its
//! listed moves, nothing else.

use decklet_core::{AnyEvent, GameState, InfoState, PlayerId};
use decklet_uno::{BotKind, LegalAction};

use crate::moves::Listed;
use crate::spec::GameKind;

/// A bot of a seat.
pub enum ServerBot {
    /// One of UNO's bots (it may act out of turn where the rules allow), with what its
    /// seat knows, kept up to date as it follows the moves.
    Uno {
        /// The bot.
        bot: Box<dyn decklet_uno::Bot>,
        /// Its seat's information state, once made.
        info: Option<Box<InfoState>>,
    },
    /// A bot of any game, from the catalogue: it moves whenever its seat has moves,
    /// and hears every move ([`hear`](Self::hear)) if it follows the game.
    Any(Box<dyn decklet_bots::Bot>),
}

impl ServerBot {
    /// The bot named `name` for a seat of `kind`'s game, seeded.
    pub fn new(kind: &GameKind, name: &str, seed: u64) -> Result<ServerBot, String> {
        match kind {
            GameKind::Uno { game, .. } => {
                let bot = name.parse::<BotKind>()?.create(game, seed);
                Ok(ServerBot::Uno { bot, info: None })
            }
            GameKind::Catalogued { loaded, catalog } => catalog
                .bot(loaded, name.trim(), seed)
                .map(ServerBot::Any)
                .map_err(|e| e.to_string()),
        }
    }

    /// The bot that moves for a human whose time ran out: the game's own first bot
    /// (UNO's `heuristic`, Crazy Eights' `strategist`, Hearts' `ducker`), or a random
    /// one for a game with none.
    pub fn for_timeouts(kind: &GameKind, seed: u64) -> ServerBot {
        let name = match kind {
            GameKind::Uno { .. } => "heuristic",
            GameKind::Catalogued { loaded, .. } => {
                loaded.def().bots().first().map_or("random", |b| b.name)
            }
        };
        match ServerBot::new(kind, name, seed) {
            Ok(bot) => bot,
            // the game's own bots are always its bots
            Err(_) => ServerBot::Any(Box::new(decklet_bots::RandomBot::new(seed))),
        }
    }

    /// Whether the bot follows the game move by move: a bot of any game that
    /// [hears](decklet_bots::Bot::hears) (UNO's observe instead: [`observe`](Self::observe)).
    pub fn hears(&self) -> bool {
        matches!(self, ServerBot::Any(bot) if bot.hears())
    }

    /// What the bot's seat heard of a move: what it knew `before`, and the move's
    /// events as the seat hears them.
    pub fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        if let ServerBot::Any(bot) = self {
            bot.hear(before, events);
        }
    }

    /// The bot's choice among `listed` (the seat's moves now), as an index; `None`
    /// for no move. `in_turn`: whether it is the seat's turn (UNO's bots choose
    /// differently out of turn; a bot of any game chooses among whatever is listed).
    pub fn choose(
        &mut self,
        kind: &GameKind,
        state: &GameState,
        seat: PlayerId,
        listed: &[Listed],
        in_turn: bool,
    ) -> Option<usize> {
        if listed.is_empty() {
            return None;
        }
        match self {
            ServerBot::Uno { bot, info } => {
                let legal: Vec<LegalAction> = listed.iter().filter_map(|l| l.uno).collect();
                let info = seat_info(info, state, seat);
                let choice = match in_turn {
                    true => bot.choose(info, &legal),
                    false => bot.choose_out_of_turn(info, &legal),
                }?;
                listed.iter().position(|l| l.uno == Some(choice))
            }
            ServerBot::Any(bot) => {
                let mut moves = Vec::with_capacity(listed.len());
                kind.game().legal_moves(state, seat, &mut moves);
                let pick = bot.choose(&state.info_state(seat), &moves)?;
                (pick < listed.len()).then_some(pick)
            }
        }
    }

    /// Shows the bot the move `actor` is about to make (UNO's bots that follow the
    /// game learn from the public moves).
    pub fn observe(
        &mut self,
        state: &GameState,
        seat: PlayerId,
        actor: PlayerId,
        action: LegalAction,
    ) {
        if let ServerBot::Uno { bot, info } = self
            && bot.observes()
        {
            let info = seat_info(info, state, seat);
            bot.observe(info, actor, action);
        }
    }
}

/// The seat's information state, made or brought up to date.
fn seat_info<'a>(
    slot: &'a mut Option<Box<InfoState>>,
    state: &GameState,
    seat: PlayerId,
) -> &'a InfoState {
    match slot {
        Some(info) if info.seat() == seat => info.refresh(state),
        _ => *slot = Some(Box::new(state.info_state(seat))),
    }
    slot.get_or_insert_with(|| Box::new(state.info_state(seat)))
}

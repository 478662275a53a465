//! The bots that play seats inside the server, and the one that plays a human's move
//! when the turn timer runs out. A bot is handed its seat's information state and its
//! listed moves, nothing else.

use std::sync::{Arc, OnceLock};

use decklet_core::{Game, GameState, InfoState, PlayerId};
use decklet_crazy_eights::{CrazyEightsOptions, crazy_eights_game};
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
    /// A bot of any game (it plays in turn only).
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
            GameKind::CrazyEights { game } => {
                decklet_env::crazy_eights_bot(game, name, seed).map(ServerBot::Any)
            }
        }
    }

    /// The bot that moves for a human whose time ran out: UNO's `heuristic`, Crazy
    /// Eights' `strategist`.
    pub fn for_timeouts(kind: &GameKind, seed: u64) -> ServerBot {
        let name = match kind {
            GameKind::Uno { .. } => "heuristic",
            GameKind::CrazyEights { .. } => "strategist",
        };
        match ServerBot::new(kind, name, seed) {
            Ok(bot) => bot,
            // both names are always bots of their game
            Err(_) => ServerBot::Any(Box::new(decklet_bots::RandomBot::new(seed))),
        }
    }

    /// The bot's choice among `listed` (the seat's moves now), as an index; `None`
    /// for no move. `in_turn`: whether it is the seat's turn (a bot of any game waits
    /// otherwise; UNO's may jump in).
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
                if !in_turn {
                    return None;
                }
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

/// Checks a Crazy Eights bot's name.
pub fn check_crazy_eights_bot(name: &str) -> Result<(), String> {
    static GAME: OnceLock<Option<Arc<Game>>> = OnceLock::new();
    let game = GAME.get_or_init(|| crazy_eights_game(CrazyEightsOptions::default()).ok());
    match game {
        Some(game) => decklet_env::crazy_eights_bot(game, name, 0).map(|_| ()),
        None => Err("Crazy Eights could not be built".to_string()),
    }
}

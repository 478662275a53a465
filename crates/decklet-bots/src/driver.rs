//! [`Driver`]: the one loop that drives the seats of a match, whatever plays them:
//! the bot loop (simulations, tournaments), the learning environments, the server and
//! the terminal table all drive it, and differ only in where a seat's move comes from
//! ([`Seat`]: a bot, a caller that answers when asked, a person who moves when they
//! like). One seed with one set of bots plays the same game through each of them.
//!
//! **Who is asked, and in what order.** Before each move of the player to move, where
//! the game says a seat other than the one to move may have moves
//! ([`Game::moves_out_of_turn`](decklet_core::Game::moves_out_of_turn), which depends on
//! public facts alone), every other seat is offered a *window*, in seat order after the
//! player to move: a bot that acts out of turn and has moves is asked (the others let
//! play go on), a [caller](Seat::Caller) is asked whether it has moves or not (who is
//! asked must not tell what a seat holds), and a [free](Seat::Free) seat is not asked
//! (it moves whenever the game lists it a move: [`Driver::play_free`]). The first seat
//! that moves, moves, and the windows open again on the new position; when every
//! window has passed, the player to move is asked.
//!
//! **What the driver owns.** The listed moves of the seat asked (listed once an
//! asking), each bot's [`InfoState`] (brought up to date in place, for the bots that
//! read it), telling every bot that [hears](Bot::hears) the game each move as its seat
//! hears it, and the seeds: a seat's bot is seeded [`seat_seed`]`(game seed, seat)`
//! by every tool.

use decklet_core::{
    AnyAction, AnyEvent, EngineConfig, EngineError, GameEngine, GameState, GameStatus, InfoState,
    Moves, Outcome, PlayerId,
};

use crate::bot::Bot;

/// The seed of the bot of seat `seat` (0-based, seat order) in a game dealt from
/// `game_seed`: what every tool seeds a seat's bot with, so that one seed plays the same
/// game through each (SplitMix64 of the game seed and the seat).
///
/// ```
/// use decklet_bots::seat_seed;
/// assert_ne!(seat_seed(1, 0), seat_seed(1, 1));
/// assert_ne!(seat_seed(1, 0), seat_seed(2, 0));
/// assert_eq!(seat_seed(7, 3), seat_seed(7, 3));
/// ```
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    decklet_core::splitmix64(game_seed ^ (seat as u64 + 1).wrapping_mul(0xd6e8_feb8_6659_fd93))
}

/// Who plays a seat.
pub enum Seat {
    /// A bot: asked in turn, and in every window where it acts out of turn and has
    /// moves; told every move if it hears the game.
    Bot(Box<dyn Bot>),
    /// Someone who answers when asked (a learner, a keyboard): asked in turn and in
    /// every window (with or without moves), answering a move or a wait.
    Caller,
    /// A person at a table who moves when they like: asked in turn; out of turn never
    /// asked, they move whenever the game lists them a move ([`Driver::play_free`]).
    Free,
}

impl Seat {
    /// The bot, if a bot plays the seat.
    pub fn bot(&self) -> Option<&dyn Bot> {
        match self {
            Seat::Bot(bot) => Some(bot.as_ref()),
            _ => None,
        }
    }

    fn bot_mut(&mut self) -> Option<&mut Box<dyn Bot>> {
        match self {
            Seat::Bot(bot) => Some(bot),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Bot(bot) => write!(f, "Bot({})", bot.name()),
            Seat::Caller => f.write_str("Caller"),
            Seat::Free => f.write_str("Free"),
        }
    }
}

/// Who is asked now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The seat (0-based, seat order).
    pub seat: usize,
    /// Its player.
    pub player: PlayerId,
    /// Whether it is the player to move (else: a window out of turn, where it may wait).
    pub in_turn: bool,
}

/// A bot's answer when asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move at this index of the listed moves.
    Move(usize),
    /// It lets play go on (a window), or makes no move in turn (it gives up).
    Pass,
}

/// A move made.
#[derive(Debug)]
pub struct Played {
    /// The seat that made it.
    pub seat: usize,
    /// Its player.
    pub player: PlayerId,
    /// The move's kind (public: who made a move and its kind every seat sees).
    pub kind: &'static str,
    /// What it did (its events, when the engine collects them).
    pub outcome: Outcome,
}

/// Why [`Driver::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The game is over.
    Over,
    /// The move cap was reached first.
    Capped,
    /// A seat that is not a bot is asked.
    Asked(Asked),
    /// The player to move has no move, or its bot made none: the game cannot go on.
    Stalled,
}

/// The seats of one match, driven (see the module's documentation).
///
/// ```
/// use decklet_bots::{Driver, RandomBot, Seat, Stop, seat_seed};
/// let engine = high_card::new_game(7, 3)?;
/// let seats = (0..3)
///     .map(|i| Seat::Bot(Box::new(RandomBot::new(seat_seed(7, i)))))
///     .collect();
/// let mut driver = Driver::new(engine, seats);
/// assert_eq!(driver.run(1_000)?, Stop::Over);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub struct Driver {
    engine: GameEngine,
    seats: Vec<Seat>,
    /// The seat asked now and its listed moves.
    asked: Option<Asked>,
    moves: Moves,
    /// The seats still to be offered a window on this position, first first.
    window: Vec<usize>,
    /// Whether the windows of this position were opened.
    opened: bool,
    /// Each seat's information state, for the bots that read it.
    infos: Vec<Option<InfoState>>,
    /// The moves made.
    made: u64,
    /// Whether some bot hears the game.
    hearing: bool,
    /// Whether some seat may be asked out of turn.
    windows: bool,
    /// The engine's own setting, given back by [`into_parts`](Self::into_parts).
    collect: bool,
    /// Whether the caller wants each move's events ([`collect_events`](Self::collect_events)).
    wanted: bool,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("seats", &self.seats)
            .field("asked", &self.asked)
            .field("made", &self.made)
            .finish_non_exhaustive()
    }
}

impl Driver {
    /// Drives `engine`'s started match with `seats` (one a seat, in seat order). The
    /// engine collects each move's events while a bot that hears is seated, or when the
    /// caller wants them ([`collect_events`](Self::collect_events)); not otherwise
    /// (a move then costs about a tenth less).
    pub fn new(engine: GameEngine, seats: Vec<Seat>) -> Driver {
        let collect = engine.config().collect_events;
        let mut driver = Driver {
            engine,
            seats,
            asked: None,
            moves: Moves::new(),
            window: Vec::new(),
            opened: false,
            infos: Vec::new(),
            made: 0,
            hearing: false,
            windows: false,
            collect,
            wanted: false,
        };
        driver.seated();
        driver.settle();
        driver
    }

    /// The engine, its seats given back (and the engine's collecting of events as it
    /// was).
    pub fn into_parts(mut self) -> (GameEngine, Vec<Seat>) {
        let config = EngineConfig {
            collect_events: self.collect,
            ..self.engine.config().clone()
        };
        self.engine.set_config(config);
        (self.engine, self.seats)
    }

    /// Has each move's events collected (in [`Played::outcome`]) for the caller, or
    /// not (then only when a bot that hears is seated).
    pub fn collect_events(&mut self, wanted: bool) {
        self.wanted = wanted;
        self.seated();
    }

    /// The match's engine.
    pub fn engine(&self) -> &GameEngine {
        &self.engine
    }

    /// The match's state.
    pub fn state(&self) -> &GameState {
        self.engine.state()
    }

    /// The seats.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Seats `seat` with `who` from now on.
    pub fn set_seat(&mut self, seat: usize, who: Seat) {
        if let Some(slot) = self.seats.get_mut(seat) {
            *slot = who;
        }
        self.seated();
        self.window.clear();
        self.opened = false;
        self.settle();
    }

    /// The moves made since the match was given (or dealt again).
    pub fn moves_made(&self) -> u64 {
        self.made
    }

    /// Who is asked now (`None`: the game is over, or the player to move has none).
    pub fn asked(&self) -> Option<Asked> {
        self.asked
    }

    /// The listed moves of the seat asked.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// What seat `seat` knows now (brought up to date in place; an empty one for a seat
    /// the match does not have).
    pub fn info(&mut self, seat: usize) -> &InfoState {
        let state = self.engine.state();
        let Some(player) = state.seat_order().get(seat).copied() else {
            return &EMPTY;
        };
        if self.infos.len() <= seat {
            self.infos.resize_with(seat + 1, || None);
        }
        let Some(slot) = self.infos.get_mut(seat) else {
            return &EMPTY;
        };
        match slot {
            Some(info) if info.seat() == player => info.refresh(state),
            _ => *slot = Some(state.info_state(player)),
        }
        slot.as_ref().unwrap_or(&EMPTY)
    }

    /// The engine, to deal a new game on it (a catalogue's `LoadedGame::deal`): then
    /// [`restart`](Self::restart), before anything else of the driver's.
    pub fn engine_mut(&mut self) -> &mut GameEngine {
        &mut self.engine
    }

    /// Starts over on the game the engine holds now (dealt again from `seed`): each bot
    /// is seeded for it with [`seat_seed`]`(seed, seat)` ([`Bot::reseed`]); a bot that
    /// cannot be seeded again is replaced by `rebuild(seat)`, the seat's new bot.
    pub fn restart(&mut self, seed: u64, mut rebuild: impl FnMut(usize) -> Option<Box<dyn Bot>>) {
        for (at, seat) in self.seats.iter_mut().enumerate() {
            if let Seat::Bot(bot) = seat
                && !bot.reseed(seat_seed(seed, at))
                && let Some(fresh) = rebuild(at)
            {
                *bot = fresh;
            }
        }
        self.made = 0;
        self.infos.iter_mut().for_each(|i| *i = None);
        self.seated();
        self.window.clear();
        self.opened = false;
        self.settle();
    }

    /// The asked seat's bot's answer (`None`: a bot does not play the asked seat, or
    /// nobody is asked). A bot that does not act out of turn lets play go on in a
    /// window, unasked.
    pub fn bot_answer(&mut self) -> Option<Answer> {
        let asked = self.asked?;
        let reads = match self.seats.get(asked.seat)? {
            Seat::Bot(bot) => bot.reads_info(),
            _ => return None,
        };
        if reads {
            self.info(asked.seat);
        }
        let info = match (reads, self.infos.get(asked.seat)) {
            (true, Some(Some(info))) => info,
            _ => &EMPTY,
        };
        let bot = self.seats.get_mut(asked.seat)?.bot_mut()?;
        let pick = match asked.in_turn {
            true => bot.choose(info, &self.moves),
            false if bot.acts_out_of_turn() => bot.choose_out_of_turn(info, &self.moves),
            false => None,
        };
        Some(match pick {
            Some(index) if index < self.moves.len() => Answer::Move(index),
            _ => Answer::Pass,
        })
    }

    /// The asked seat makes the move at `index` of its listed moves; every bot that
    /// hears the game is told it, and the seats are asked anew.
    pub fn play(&mut self, index: usize) -> Result<Played, EngineError> {
        let Some(asked) = self.asked else {
            return Err(EngineError::NoGame);
        };
        if index >= self.moves.len() {
            return Err(EngineError::InvalidAction {
                kind: "move".to_string(),
                message: format!("no move {index}: {} listed", self.moves.len()),
            });
        }
        let played = dispatch(
            &mut self.engine,
            &mut self.seats,
            self.hearing,
            (asked.seat, asked.player),
            &self.moves,
            index,
        )?;
        self.made += 1;
        self.opened = false;
        self.settle();
        Ok(played)
    }

    /// The asked seat lets play go on (in a window): the next seat is asked. `false`
    /// (and nothing changes) when the seat asked is the player to move, or nobody is.
    pub fn wait(&mut self) -> bool {
        match self.asked {
            Some(asked) if !asked.in_turn => {
                if !self.window.is_empty() {
                    self.window.remove(0);
                }
                self.settle();
                true
            }
            _ => false,
        }
    }

    /// Seat `seat` (a [free](Seat::Free) one) makes the move at `index` of the moves
    /// the game lists it now (`moves`, which the caller listed for it with
    /// [`GameEngine::list_moves`] and showed): in turn, or out of turn whenever the game lists it a move. Every bot that
    /// hears is told, and the seats are asked anew.
    pub fn play_free(
        &mut self,
        seat: usize,
        moves: &Moves,
        index: usize,
    ) -> Result<Played, EngineError> {
        let player = self
            .engine
            .state()
            .seat_order()
            .get(seat)
            .copied()
            .ok_or(EngineError::NoGame)?;
        let played = dispatch(
            &mut self.engine,
            &mut self.seats,
            self.hearing,
            (seat, player),
            moves,
            index,
        )?;
        self.made += 1;
        self.opened = false;
        self.settle();
        Ok(played)
    }

    /// Dispatches `action` (of any kind: one read from a stored log, say) for the seat
    /// whose player it names, as a move of the match: every bot that hears is told, and
    /// the seats are asked anew.
    pub fn play_action(&mut self, action: AnyAction) -> Result<Played, EngineError> {
        let state = self.engine.state();
        let player = action.player_id().unwrap_or(PlayerId::SPECTATOR);
        let seat = state.seat_index(player).unwrap_or(usize::MAX);
        let mut moves = Moves::new();
        moves.push_any(action);
        let played = dispatch(
            &mut self.engine,
            &mut self.seats,
            self.hearing,
            (seat, player),
            &moves,
            0,
        )?;
        self.made += 1;
        self.opened = false;
        self.settle();
        Ok(played)
    }

    /// Asks the seats anew after the engine changed behind the driver's back (a move
    /// taken back: [`engine_mut`](Self::engine_mut)), the bots as they are.
    pub fn resync(&mut self) {
        self.infos.iter_mut().for_each(|i| *i = None);
        self.seated();
        self.window.clear();
        self.opened = false;
        self.settle();
    }

    /// Plays the bots' moves until a seat that is not a bot is asked, the game is
    /// over, the player to move has no move, or `max_moves` moves were made.
    pub fn run(&mut self, max_moves: u64) -> Result<Stop, EngineError> {
        self.run_with(max_moves, &mut |_, _, _, _| {})
    }

    /// [`run`](Self::run), showing each move to `on_move` just before it is made: the
    /// position, who is asked (the mover), its listed moves and the index chosen (what a
    /// simulation counts its statistics from).
    pub fn run_with(
        &mut self,
        max_moves: u64,
        on_move: &mut dyn FnMut(&GameState, Asked, &Moves, usize),
    ) -> Result<Stop, EngineError> {
        loop {
            if self.is_over() {
                return Ok(Stop::Over);
            }
            if self.made >= max_moves {
                return Ok(Stop::Capped);
            }
            let Some(asked) = self.asked else {
                return Ok(Stop::Stalled);
            };
            match self.bot_answer() {
                None => return Ok(Stop::Asked(asked)),
                Some(Answer::Move(index)) => {
                    on_move(self.engine.state(), asked, &self.moves, index);
                    self.play(index)?;
                }
                Some(Answer::Pass) if asked.in_turn => return Ok(Stop::Stalled),
                Some(Answer::Pass) => {
                    self.wait();
                }
            }
        }
    }

    /// Whether the game is over (finished, or won).
    pub fn is_over(&self) -> bool {
        let state = self.engine.state();
        state.status() != GameStatus::Playing || !state.winners().is_empty()
    }

    /// What the seats are (whether some bot hears, some seat may be asked out of
    /// turn), and the engine collecting events for the bots that hear.
    fn seated(&mut self) {
        self.hearing = self
            .seats
            .iter()
            .any(|s| s.bot().is_some_and(|b| b.hears()));
        self.windows = self.seats.iter().any(|s| match s {
            Seat::Bot(bot) => bot.acts_out_of_turn(),
            Seat::Caller => true,
            Seat::Free => false,
        });
        let collect = self.wanted || self.hearing;
        if self.engine.config().collect_events != collect {
            let config = EngineConfig {
                collect_events: collect,
                ..self.engine.config().clone()
            };
            self.engine.set_config(config);
        }
    }

    /// Finds who is asked now and lists their moves.
    fn settle(&mut self) {
        self.asked = None;
        if self.is_over() {
            self.moves.clear();
            return;
        }
        let (state, game) = (self.engine.state(), self.engine.game());
        let Some(current) = state.current_player() else {
            self.moves.clear();
            return;
        };
        let Some(at) = state.seat_index(current) else {
            self.moves.clear();
            return;
        };
        if !self.opened {
            self.opened = true;
            self.window.clear();
            if self.windows && game.moves_out_of_turn(state) {
                let count = self.seats.len();
                self.window.extend((1..count).map(|k| (at + k) % count));
            }
        }
        // the windows of the seats that are asked out of turn, first first
        while let Some(&seat) = self.window.first() {
            let Some(&player) = state.seat_order().get(seat) else {
                self.window.remove(0);
                continue;
            };
            let asks = match self.seats.get(seat) {
                Some(Seat::Caller) => {
                    self.engine.list_moves(player, &mut self.moves);
                    true
                }
                Some(Seat::Bot(bot)) if bot.acts_out_of_turn() => {
                    self.engine.list_moves(player, &mut self.moves);
                    !self.moves.is_empty()
                }
                _ => false,
            };
            if asks {
                self.asked = Some(Asked {
                    seat,
                    player,
                    in_turn: false,
                });
                return;
            }
            self.window.remove(0);
        }
        self.engine.list_moves(current, &mut self.moves);
        if !self.moves.is_empty() {
            self.asked = Some(Asked {
                seat: at,
                player: current,
                in_turn: true,
            });
        }
    }
}

/// Dispatches move `index` of `moves` for `mover` (its seat and player) on `engine`,
/// telling the bots of `seats` that hear (when `hearing`: some does).
fn dispatch(
    engine: &mut GameEngine,
    seats: &mut [Seat],
    hearing: bool,
    (seat, player): (usize, PlayerId),
    moves: &Moves,
    index: usize,
) -> Result<Played, EngineError> {
    let kind = moves.kind(index).unwrap_or("");
    if !hearing {
        let outcome = engine.dispatch_move(moves, index)?;
        return Ok(Played {
            seat,
            player,
            kind,
            outcome,
        });
    }
    let state = engine.state();
    let befores: Vec<Option<InfoState>> = (state.seat_order().iter())
        .zip(seats.iter())
        .map(|(p, s)| {
            s.bot()
                .is_some_and(|b| b.hears())
                .then(|| state.info_state(*p))
        })
        .collect();
    let outcome = engine.dispatch_move(moves, index)?;
    for (slot, before) in seats.iter_mut().zip(&befores) {
        if let (Seat::Bot(bot), Some(before)) = (slot, before) {
            let heard: Vec<AnyEvent> = (outcome.events.iter())
                .map(|e| e.view_for(before.seat()))
                .collect();
            bot.hear_move(before, player, kind, &heard);
        }
    }
    Ok(Played {
        seat,
        player,
        kind,
        outcome,
    })
}

/// The information state handed to a bot that does not read it.
static EMPTY: std::sync::LazyLock<InfoState> = std::sync::LazyLock::new(InfoState::default);

//! [`Table`]: one match of a game as a learner plays it: who acts now, which action
//! indices they may take (the mask), each seat's observation, a step by action index,
//! and the rewards at the end.
//!
//! **Who acts.** The seats are driven by the one seat driver of every tool
//! (`decklet_bots::Driver`): the learner's seats are its callers, and a seat given a bot
//! ([`Table::set_bot`]) is played by the bot inside each step. The player to move acts,
//! except where another seat may act out of turn (UNO's jump-in, catching and calling):
//! then, before each move of the player to move, every other learner's seat is offered a
//! *window*, in seat order after the player to move, with one more action, *wait*
//! (index [`Encoding::action_count`]), that lets play go on. Every such seat is asked,
//! whether it has a move or not (the game decides from public facts alone,
//! `Game::moves_out_of_turn`): were only the seats holding a move asked, who is asked
//! would tell everyone what they hold. The first seat that makes a move takes it, and
//! the windows open again on the new position.

use std::sync::Arc;

use decklet_bots::encoding::{Encoding, MoveClass, RewardMode};
use decklet_bots::{Asked, Bot, Driver, Seat, Stop};
use decklet_core::{AnyEvent, EngineError, GameEngine, GameState, InfoState, Moves, PlayerId};

use crate::spec::SeatBot;

/// Why a step was refused (the table is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The game is over: reset it.
    Over,
    /// The index is not an action of the game.
    OutOfRange {
        /// The index given.
        index: i64,
        /// The number of indices (wait included).
        count: usize,
    },
    /// The index is an action of the game, not one the seat may take now.
    Illegal {
        /// The index given.
        index: usize,
        /// What it means.
        name: String,
        /// The legal indices.
        legal: Vec<usize>,
    },
    /// The engine refused the move (a listed move always applies: this is a bug).
    Engine(String),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Over => f.write_str("the game is over: reset it"),
            StepError::OutOfRange { index, count } => {
                write!(f, "action {index} is out of range (0 to {})", count - 1)
            }
            StepError::Illegal { index, name, legal } => write!(
                f,
                "action {index} ({name}) is not legal now; legal: {legal:?}"
            ),
            StepError::Engine(message) => write!(f, "the engine refused the move: {message}"),
        }
    }
}

impl std::error::Error for StepError {}

/// One match of a game, as a learner plays it (see the module's documentation).
pub struct Table {
    encoding: Arc<dyn Encoding>,
    players: usize,
    max_moves: u64,
    driver: Driver,
    /// Each seat's last move, in seat order.
    last: Vec<MoveClass>,
    /// The acting seat's move for each index, as its place in the driver's listed
    /// moves (wait: `None` there).
    slots: Vec<Option<u32>>,
    /// The indices of `slots` that hold a move.
    filled: Vec<usize>,
    /// The player to move had no listed move, or a seated bot made none (a game that
    /// cannot go on).
    stalled: bool,
    /// Whether the last move's events are kept for the caller.
    collect: bool,
    /// The last move's events, when kept.
    heard: Vec<AnyEvent>,
    /// Every move of this deal, by whom and of which kind (public facts): what a bot
    /// made apart from the table is told before it is asked ([`tell`](Self::tell)).
    history: Vec<(PlayerId, &'static str)>,
    /// How many times the table was dealt (a bot told of an older deal starts over).
    deals: u64,
    /// This table's own id among the process's tables.
    id: u64,
}

/// How far a bot made apart from a table has followed it ([`Table::tell`]): nothing
/// yet, by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Followed {
    /// The table (its `id`) and deal it followed.
    deal: Option<(u64, u64)>,
    moves: usize,
}

/// The next table's id: each table of the process has its own.
static TABLES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.encoding.name())
            .field("players", &self.players)
            .field("moves", &self.driver.moves_made())
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A match of the encoding's game for `players`, dealt from `seed`, cut short
    /// (truncated) after `max_moves` moves.
    pub fn new(
        encoding: Arc<dyn Encoding>,
        players: usize,
        seed: u64,
        max_moves: u64,
    ) -> Result<Table, EngineError> {
        let engine = encoding.new_match(seed, players)?;
        Ok(Table::with_engine(encoding, engine, max_moves))
    }

    /// A table of a match already under way (a position adopted by an engine of the
    /// encoding's game, say): it starts with no move seen, every seat the learner's.
    /// The engine collects each move's events only while a seated bot hears them, or
    /// when asked ([`collect_events`](Self::collect_events)): a move costs about a
    /// tenth less without.
    pub fn with_engine(encoding: Arc<dyn Encoding>, engine: GameEngine, max_moves: u64) -> Table {
        let players = engine.state().player_count();
        let seats = (0..players).map(|_| Seat::Caller).collect();
        let slots = vec![None; encoding.action_count() + 1];
        let mut table = Table {
            encoding,
            players,
            max_moves,
            driver: Driver::new(engine, seats),
            last: vec![MoveClass::None; players],
            slots,
            filled: Vec::new(),
            stalled: false,
            collect: false,
            heard: Vec::new(),
            history: Vec::new(),
            deals: 0,
            id: TABLES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        table.advance();
        table
    }

    /// Seats `bot` at `seat` (0-based, seat order), to play it inside each step (it is
    /// asked in turn, and in the windows where it acts out of turn, and hears every
    /// move if it follows the game); if it is asked now, it moves at once.
    pub fn set_bot(&mut self, seat: usize, bot: Box<dyn Bot>) -> Result<(), String> {
        if seat >= self.players {
            return Err(format!("there is no seat {seat}"));
        }
        self.driver.set_seat(seat, Seat::Bot(bot));
        self.advance();
        Ok(())
    }

    /// Whether a bot plays seat `seat`.
    pub fn has_bot(&self, seat: usize) -> bool {
        self.driver
            .seats()
            .get(seat)
            .is_some_and(|s| s.bot().is_some())
    }

    /// Has each move's events kept, for [`last_events`](Self::last_events), or not (the
    /// default: cheaper).
    pub fn collect_events(&mut self, collect: bool) {
        self.collect = collect;
        self.driver.collect_events(collect);
        self.heard.clear();
    }

    /// The events of the last move made by the learner (none after a wait, or when
    /// they are not kept), as the engine emitted them: a seat hears each one's
    /// [`view_for`](AnyEvent::view_for) it.
    pub fn last_events(&self) -> &[AnyEvent] {
        &self.heard
    }

    /// Deals a new match from `seed` on the same table: its bots are seeded for it
    /// (`decklet_bots::seat_seed(seed, seat)`) and move until a learner's seat acts.
    pub fn reset(&mut self, seed: u64) -> Result<(), EngineError> {
        let engine = self.encoding.new_match(seed, self.players)?;
        *self.driver.engine_mut() = engine;
        self.driver.restart(seed, |_| None);
        self.driver.collect_events(self.collect);
        self.heard.clear();
        self.last.fill(MoveClass::None);
        self.history.clear();
        self.deals += 1;
        self.advance();
        Ok(())
    }

    /// Tells `bot` (made apart from the table: Python's `Bot`, which plays whichever
    /// seat acts) each move since it last followed the table (`followed`), as a
    /// spectator hears it: who moved and the move's kind, which are public, with the
    /// position now as what it knew (a bot that keeps each seat's last move, a policy,
    /// follows it so; one that learns from a move's events learns nothing of them).
    /// A bot that followed another deal (of this table or another) is seeded afresh
    /// first, from `seed` and the deal ([`SeatBot::reseed`]: a policy forgets the last
    /// game's moves). `false`, and nothing told: the bot cannot be seeded afresh, and the
    /// caller makes a new one (then tells it, with a new `Followed`).
    #[must_use]
    pub fn tell(&self, bot: &mut SeatBot, followed: &mut Followed, seed: u64) -> bool {
        let here = (self.id, self.deals);
        match followed.deal {
            Some(deal) if deal == here => {}
            earlier => {
                if earlier.is_some() && !bot.reseed(decklet_core::derive_seed(seed, self.deals)) {
                    return false;
                }
                *followed = Followed {
                    deal: Some(here),
                    moves: 0,
                };
            }
        }
        if bot.hears() && followed.moves < self.history.len() {
            let now = self.driver.state().info_state(PlayerId::SPECTATOR);
            for (mover, kind) in self.history.iter().skip(followed.moves) {
                bot.hear_move(&now, *mover, kind, &[]);
            }
        }
        followed.moves = self.history.len();
        true
    }

    /// The encoding.
    pub fn encoding(&self) -> &Arc<dyn Encoding> {
        &self.encoding
    }

    /// The players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The match's engine (its state, its log).
    pub fn engine(&self) -> &GameEngine {
        self.driver.engine()
    }

    /// The match's state.
    pub fn state(&self) -> &GameState {
        self.driver.state()
    }

    /// What seat `seat` knows now, or (`None`) what a spectator does; `None` for a
    /// seat the table does not have.
    pub fn info_of(&self, seat: Option<usize>) -> Option<InfoState> {
        let state = self.driver.state();
        let viewer = match seat {
            None => PlayerId::SPECTATOR,
            Some(seat) => *state.seat_order().get(seat)?,
        };
        Some(state.info_state(viewer))
    }

    /// The moves made so far (the bots' included).
    pub fn moves(&self) -> u64 {
        self.driver.moves_made()
    }

    /// Whether the game is over (finished, or won).
    pub fn is_over(&self) -> bool {
        self.driver.is_over()
    }

    /// Whether the match was cut short, not over: at the move cap, or because the
    /// player to move had no move.
    pub fn is_truncated(&self) -> bool {
        !self.is_over() && (self.moves() >= self.max_moves || self.stalled)
    }

    /// Who acts now (a learner's seat), if anyone.
    fn acting(&self) -> Option<Asked> {
        if self.is_over() || self.moves() >= self.max_moves || self.stalled {
            return None;
        }
        self.driver
            .asked()
            .filter(|a| matches!(self.driver.seats().get(a.seat), Some(Seat::Caller)))
    }

    /// The seat (its index in seat order) that acts now; `None` once the game is over
    /// or cut short.
    pub fn acting_seat(&self) -> Option<usize> {
        self.acting().map(|a| a.seat)
    }

    /// The player that acts now.
    pub fn acting_player(&self) -> Option<PlayerId> {
        self.acting().map(|a| a.player)
    }

    /// Whether the acting seat is in a window (may wait).
    pub fn in_window(&self) -> bool {
        self.acting().is_some_and(|a| !a.in_turn)
    }

    /// The acting seat's listed moves (in the game's order).
    pub fn listed(&self) -> &Moves {
        self.driver.moves()
    }

    /// The indices the acting seat may take now, lowest first.
    pub fn legal(&self) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|i| self.is_legal(*i))
            .collect()
    }

    /// Whether the acting seat may take this index now.
    pub fn is_legal(&self, index: usize) -> bool {
        let wait = self.encoding.action_count();
        match self.slots.get(index) {
            Some(Some(_)) => true,
            Some(None) => index == wait && self.in_window(),
            None => false,
        }
    }

    /// Writes seat `seat`'s observation into `obs` and its mask into `mask` (1 for each
    /// index it may take now: all 0 when it does not act).
    pub fn observe(&mut self, seat: usize, obs: &mut [f32], mask: &mut [i8]) {
        match seat < self.players {
            true => {
                let info = self.driver.info(seat);
                self.encoding.encode(info, &self.last, obs);
            }
            false => obs.fill(0.0),
        }
        mask.fill(0);
        if self.acting_seat() == Some(seat) {
            for &i in &self.filled {
                if let Some(m) = mask.get_mut(i) {
                    *m = 1;
                }
            }
            if self.in_window()
                && let Some(m) = mask.get_mut(self.encoding.action_count())
            {
                *m = 1;
            }
        }
    }

    /// Makes the acting seat's move of index `index`; then the seated bots move, until
    /// a learner's seat acts or the game ends. Refused, with the table unchanged, when
    /// the game is over, the index out of range or not legal now.
    pub fn step(&mut self, index: i64) -> Result<(), StepError> {
        let Some(asked) = self.acting() else {
            return Err(StepError::Over);
        };
        let count = self.slots.len();
        let Some(at) = usize::try_from(index).ok().filter(|i| *i < count) else {
            return Err(StepError::OutOfRange { index, count });
        };
        if !self.is_legal(at) {
            return Err(StepError::Illegal {
                index: at,
                name: self.encoding.action_name(at),
                legal: self.legal(),
            });
        }
        match self.slots.get(at).copied().flatten() {
            Some(listed) => {
                let listed = listed as usize;
                let encoding = &self.encoding;
                let class = (self.driver.moves())
                    .with(listed, |m| encoding.move_class(m))
                    .unwrap_or(MoveClass::None);
                let played = self
                    .driver
                    .play(listed)
                    .map_err(|e| StepError::Engine(e.to_string()))?;
                self.history.push((played.player, played.kind));
                self.heard = match self.collect {
                    true => played.outcome.events,
                    false => Vec::new(),
                };
                if let Some(slot) = self.last.get_mut(asked.seat) {
                    *slot = class;
                }
            }
            None => {
                self.heard.clear();
                self.driver.wait();
            }
        }
        self.advance();
        Ok(())
    }

    /// The kind of the move action index `index` makes now (`None`: *wait*, or no
    /// move of that index now).
    pub fn kind_of(&self, index: i64) -> Option<&'static str> {
        let at = usize::try_from(index).ok()?;
        let listed = self.slots.get(at).copied().flatten()?;
        self.driver.moves().kind(listed as usize)
    }

    /// The rewards of every seat (seat order): the final ones once the game is over,
    /// 0 before (and for a match cut short).
    pub fn rewards(&self, mode: RewardMode) -> Vec<f32> {
        if self.is_over() {
            self.encoding.final_rewards(self.driver.state(), mode)
        } else {
            vec![0.0; self.players]
        }
    }

    /// The seated bots move until a learner's seat acts (or the game ends, is cut
    /// short or cannot go on); then the acting seat's moves are listed by index.
    fn advance(&mut self) {
        let encoding = &self.encoding;
        let last = &mut self.last;
        let history = &mut self.history;
        let stop = self
            .driver
            .run_with(self.max_moves, &mut |_, asked, moves, pick| {
                let class = moves
                    .with(pick, |m| encoding.move_class(m))
                    .unwrap_or(MoveClass::None);
                if let Some(slot) = last.get_mut(asked.seat) {
                    *slot = class;
                }
                if let Some(kind) = moves.kind(pick) {
                    history.push((asked.player, kind));
                }
            });
        self.stalled = matches!(stop, Ok(Stop::Stalled) | Err(_));
        for i in self.filled.drain(..) {
            if let Some(slot) = self.slots.get_mut(i) {
                *slot = None;
            }
        }
        let Some(asked) = self.acting() else {
            return;
        };
        let state = self.driver.state();
        let encoding = &self.encoding;
        let indices: Vec<Option<usize>> = (self.driver.moves())
            .each(|action| encoding.action_index(state, asked.player, action))
            .collect();
        for (at, index) in indices.into_iter().enumerate() {
            if let Some(i) = index
                && let Some(slot) = self.slots.get_mut(i)
                && slot.is_none()
            {
                *slot = Some(at as u32);
                self.filled.push(i);
            }
        }
        if asked.in_turn && self.filled.is_empty() {
            self.stalled = true;
        }
    }
}

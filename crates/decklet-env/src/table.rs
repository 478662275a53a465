//! [`Table`]: one match of a game as a learner plays it: who acts now, which action
//! indices they may take (the mask), each seat's observation, a step by action index,
//! and the rewards at the end.
//!
//! **Who acts.** The player to move, except where another seat may act out of turn
//! (UNO's jump-in, catching and calling): then, before each move of the player to move,
//! every other seat is offered a *window*, in seat order after the player to move, with
//! one more action, *wait* (index [`Encoding::action_count`]), that lets play go on.
//! Every seat is asked, whether it has a move or not (the game decides from public
//! facts alone, `Game::moves_out_of_turn`): were only the seats holding a move asked, who is
//! asked would tell everyone what they hold. The first seat that makes a move takes
//! it, and the windows open again on the new position. This is the order in which
//! decklet's own game loops ask the seats.

use std::sync::Arc;

use decklet_core::{
    AnyEvent, EngineConfig, EngineError, GameEngine, GameState, GameStatus, InfoState, Moves,
    PlayerId,
};

use decklet_bots::encoding::{Encoding, MoveClass, RewardMode};

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

/// `engine`, collecting each move's events or not.
fn collecting(mut engine: GameEngine, collect: bool) -> GameEngine {
    engine.set_config(EngineConfig {
        collect_events: collect,
        ..engine.config().clone()
    });
    engine
}

/// One match of a game, as a learner plays it (see the module's documentation).
pub struct Table {
    encoding: Arc<dyn Encoding>,
    players: usize,
    max_moves: u64,
    engine: GameEngine,
    moves: u64,
    /// Each seat's last move, in seat order.
    last: Vec<MoveClass>,
    /// The seats still to be offered a window on this position, first first.
    window: Vec<PlayerId>,
    /// Whether the windows of this position were opened.
    opened: bool,
    acting: Option<PlayerId>,
    /// The acting seat's move for each index, as its place in `listed` (wait: `None`
    /// there, and `waits`).
    slots: Vec<Option<u32>>,
    /// The indices of `slots` that hold a move.
    filled: Vec<usize>,
    waits: bool,
    /// The player to move had no listed move (a game that cannot go on).
    stalled: bool,
    /// The acting seat's listed moves.
    listed: Moves,
    /// Each seat's information state, brought up to date in place when observed.
    infos: Vec<Option<InfoState>>,
    /// Whether the engine collects each move's events (for bots that hear them).
    collect: bool,
    /// The last move's events, when collected.
    heard: Vec<AnyEvent>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.encoding.name())
            .field("players", &self.players)
            .field("moves", &self.moves)
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
    /// encoding's game, say): it starts with no move seen. The engine no longer collects
    /// each move's events (a table reads the state; a move costs about a tenth less)
    /// until a bot that hears them is seated ([`collect_events`](Self::collect_events)).
    pub fn with_engine(encoding: Arc<dyn Encoding>, engine: GameEngine, max_moves: u64) -> Table {
        let engine = collecting(engine, false);
        let players = engine.state().player_count();
        let slots = vec![None; encoding.action_count() + 1];
        let mut table = Table {
            encoding,
            players,
            max_moves,
            engine,
            moves: 0,
            last: vec![MoveClass::None; players],
            window: Vec::new(),
            opened: false,
            acting: None,
            slots,
            filled: Vec::new(),
            waits: false,
            stalled: false,
            listed: Moves::new(),
            infos: Vec::new(),
            collect: false,
            heard: Vec::new(),
        };
        table.settle();
        table
    }

    /// Has the engine collect each move's events, for [`last_events`](Self::last_events)
    /// (what bots that follow the game hear), or not (the default: cheaper).
    pub fn collect_events(&mut self, collect: bool) {
        self.collect = collect;
        self.engine.set_config(EngineConfig {
            collect_events: collect,
            ..self.engine.config().clone()
        });
        self.heard.clear();
    }

    /// The events of the last move made (none after a wait, or when they are not
    /// collected), as the engine emitted them: a seat hears each one's
    /// [`view_for`](AnyEvent::view_for) it.
    pub fn last_events(&self) -> &[AnyEvent] {
        &self.heard
    }

    /// Deals a new match from `seed` on the same table.
    pub fn reset(&mut self, seed: u64) -> Result<(), EngineError> {
        self.engine = collecting(self.encoding.new_match(seed, self.players)?, self.collect);
        self.heard.clear();
        self.moves = 0;
        self.last.fill(MoveClass::None);
        self.window.clear();
        self.opened = false;
        self.settle();
        Ok(())
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
        &self.engine
    }

    /// The match's state.
    pub fn state(&self) -> &GameState {
        self.engine.state()
    }

    /// What seat `seat` knows now, or (`None`) what a spectator does; `None` for a
    /// seat the table does not have.
    pub fn info_of(&self, seat: Option<usize>) -> Option<decklet_core::InfoState> {
        let state = self.engine.state();
        let viewer = match seat {
            None => decklet_core::PlayerId::SPECTATOR,
            Some(seat) => *state.seat_order().get(seat)?,
        };
        Some(state.info_state(viewer))
    }

    /// The moves made so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Whether the game is over (finished, or won).
    pub fn is_over(&self) -> bool {
        let state = self.engine.state();
        state.status() != GameStatus::Playing || !state.winners().is_empty()
    }

    /// Whether the match was cut short, not over: at the move cap, or because the
    /// player to move had no move.
    pub fn is_truncated(&self) -> bool {
        !self.is_over() && (self.moves >= self.max_moves || self.stalled)
    }

    /// The seat (its index in seat order) that acts now; `None` once the game is over
    /// or cut short.
    pub fn acting_seat(&self) -> Option<usize> {
        let acting = self.acting?;
        self.engine.state().seat_index(acting)
    }

    /// The player that acts now.
    pub fn acting_player(&self) -> Option<PlayerId> {
        self.acting
    }

    /// Whether the acting seat is in a window (may wait).
    pub fn in_window(&self) -> bool {
        self.waits
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
            Some(None) => index == wait && self.waits,
            None => false,
        }
    }

    /// Writes seat `seat`'s observation into `obs` and its mask into `mask` (1 for each
    /// index it may take now: all 0 when it does not act).
    pub fn observe(&mut self, seat: usize, obs: &mut [f32], mask: &mut [i8]) {
        let state = self.engine.state();
        match state.seat_order().get(seat) {
            Some(player) => {
                if self.infos.len() <= seat {
                    self.infos.resize_with(seat + 1, || None);
                }
                let info = match self.infos.get_mut(seat) {
                    Some(Some(info)) if info.seat() == *player => {
                        info.refresh(state);
                        info
                    }
                    Some(slot) => slot.insert(state.info_state(*player)),
                    None => return,
                };
                self.encoding.encode(info, &self.last, obs);
            }
            None => obs.fill(0.0),
        }
        mask.fill(0);
        if self.acting_seat() == Some(seat) {
            for &i in &self.filled {
                if let Some(m) = mask.get_mut(i) {
                    *m = 1;
                }
            }
            if self.waits
                && let Some(m) = mask.get_mut(self.encoding.action_count())
            {
                *m = 1;
            }
        }
    }

    /// Makes the acting seat's move of index `index`. Refused, with the table
    /// unchanged, when the game is over, the index out of range or not legal now.
    pub fn step(&mut self, index: i64) -> Result<(), StepError> {
        if self.acting.is_none() {
            return Err(StepError::Over);
        }
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
        let Some(player) = self.acting else {
            return Err(StepError::Over);
        };
        match self.slots.get(at).copied().flatten() {
            Some(listed) => {
                let listed = listed as usize;
                let encoding = &self.encoding;
                let class = (self.listed)
                    .with(listed, |m| encoding.move_class(m))
                    .unwrap_or(MoveClass::None);
                let outcome = self
                    .engine
                    .dispatch_move(&self.listed, listed)
                    .map_err(|e| StepError::Engine(e.to_string()))?;
                if self.collect {
                    self.heard = outcome.events;
                }
                if let Some(k) = self.engine.state().seat_index(player)
                    && let Some(slot) = self.last.get_mut(k)
                {
                    *slot = class;
                }
                self.moves += 1;
                self.window.clear();
                self.opened = false;
            }
            None => {
                self.heard.clear();
                // wait: the next seat of the window
                if !self.window.is_empty() {
                    self.window.remove(0);
                }
            }
        }
        self.settle();
        Ok(())
    }

    /// The kind of the move action index `index` makes now (`None`: *wait*, or no
    /// move of that index now).
    pub fn kind_of(&self, index: i64) -> Option<&'static str> {
        let at = usize::try_from(index).ok()?;
        let listed = self.slots.get(at).copied().flatten()?;
        self.listed.kind(listed as usize)
    }

    /// The rewards of every seat (seat order): the final ones once the game is over,
    /// 0 before (and for a match cut short).
    pub fn rewards(&self, mode: RewardMode) -> Vec<f32> {
        if self.is_over() {
            self.encoding.final_rewards(self.engine.state(), mode)
        } else {
            vec![0.0; self.players]
        }
    }

    /// Finds who acts now and lists their moves by index.
    fn settle(&mut self) {
        for i in self.filled.drain(..) {
            if let Some(slot) = self.slots.get_mut(i) {
                *slot = None;
            }
        }
        self.acting = None;
        self.waits = false;
        self.stalled = false;
        if self.is_over() || self.moves >= self.max_moves {
            return;
        }
        let state = self.engine.state();
        let game = std::sync::Arc::clone(self.engine.game());
        let Some(current) = state.current_player() else {
            return;
        };
        if !self.opened {
            self.opened = true;
            // windows depend on public facts alone: were only the seats that hold
            // such a move asked, who is asked would tell everyone what they hold
            if game.moves_out_of_turn(state) {
                let seats = state.seat_order();
                let at = seats.iter().position(|p| *p == current).unwrap_or(0);
                self.window
                    .extend((1..seats.len()).filter_map(|k| seats.get((at + k) % seats.len())));
            }
        }
        let (player, waits) = match self.window.first() {
            Some(other) => (*other, true),
            None => (current, false),
        };
        game.legal_moves(state, player, &mut self.listed);
        let encoding = &self.encoding;
        let indices: Vec<Option<usize>> = (self.listed)
            .each(|action| encoding.action_index(state, player, action))
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
        if !waits && self.filled.is_empty() {
            self.stalled = true;
            return;
        }
        self.acting = Some(player);
        self.waits = waits;
    }
}

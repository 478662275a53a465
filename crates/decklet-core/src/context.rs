//! [`GameContext`]: what setup and handlers use to read and change the game.
//!
//! Every change goes through the context, which records how to undo it in the tick's
//! journal (`journal.rs`): that is how a tick that fails anywhere leaves the state
//! exactly as it was, without copying the state up front. The context's moves keep
//! every card in exactly one zone: cards are added to the table in no zone, placed once,
//! then only moved.

use std::any::{Any, TypeId};
use std::ops::Range;
use std::sync::Arc;

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::card::{Card, CardTable};
use crate::error::{EngineError, shown};
use crate::event::{AnyEvent, Event};
use crate::ids::{CardId, PlayerId, ZoneId};
use crate::journal::Undo;
use crate::kind_table::{Kind, Kinds};
use crate::player::PlayerStatus;
use crate::queues::Queues;
use crate::rng::GameRng;
use crate::state::{GameState, GameStatus};
use crate::tables::Tables;
use crate::tables::{Attachment, debug_of};
use crate::variables::{Value, Var, VarType};
use crate::zone::Zone;

/// Access to the game for setup and handlers: read the state, change it (every change is
/// undone if the tick fails), dispatch actions and emit events.
///
/// Actions dispatched here join the tick's action queue (FIFO) and run after the events
/// of the current action have been handled; events emitted here join the event queue.
pub struct GameContext<'a> {
    state: &'a mut GameState,
    queues: &'a mut Queues,
    kinds: &'a Kinds,
    origin: ActionOrigin,
}

impl<'a> GameContext<'a> {
    pub(crate) fn new(
        state: &'a mut GameState,
        queues: &'a mut Queues,
        kinds: &'a Kinds,
        origin: ActionOrigin,
    ) -> Self {
        GameContext {
            state,
            queues,
            kinds,
            origin,
        }
    }

    /// The state as it is now, with this tick's changes so far.
    #[inline]
    pub fn state(&self) -> &GameState {
        self.state
    }

    /// Origin of the action being executed, or whose events are being handled
    /// ([`ActionOrigin::Internal`] during setup and `start`).
    #[inline]
    pub fn origin(&self) -> ActionOrigin {
        self.origin
    }

    // ------------------------------------------------------------------ actions, events

    /// Queues an action; it runs later in this tick, through its kind's rules.
    #[inline]
    pub fn dispatch<A: Action>(&mut self, action: A) {
        let queues = &mut *self.queues;
        if let Some(k) = self.kinds.of(TypeId::of::<A>())
            && let Some(lane) = queues.lanes.get::<A>(k)
        {
            lane.push_back(action);
            queues.actions.push_back((Some(k), ActionOrigin::Internal));
            return;
        }
        // no plugin handles it: it fails when it runs, naming its kind
        queues.untyped_actions.push_back(AnyAction::new(action));
        queues.actions.push_back((None, ActionOrigin::Internal));
    }

    /// Queues a type-erased action.
    pub fn dispatch_any(&mut self, action: AnyAction) {
        match self
            .kinds
            .of(action.type_id())
            .and_then(|k| Some((k, self.kinds.action_ops(k)?)))
        {
            Some((k, ops)) => ops.queue_internal(k, action, self.queues),
            None => {
                self.queues.untyped_actions.push_back(action);
                self.queues
                    .actions
                    .push_back((None, ActionOrigin::Internal));
            }
        }
    }

    /// Counts an emitted event; `false` past the tick's event limit (the tick then
    /// fails at its next step).
    #[inline]
    fn count_event(&mut self) -> bool {
        self.queues.emitted += 1;
        self.queues.emitted <= self.queues.max_events
    }

    /// Emits an event; its handlers run later in this tick, subscribers hear it after
    /// the tick commits. Every event counts towards the tick's event limit, whoever
    /// listens; one nobody listens to goes no further.
    #[inline]
    pub fn emit<E: Event>(&mut self, event: E) {
        if !self.count_event() {
            return;
        }
        match self.kinds.of(TypeId::of::<E>()) {
            Some(k) if self.kinds.handled(k) || self.queues.keeps(self.kinds, k) => {
                self.queue_event(k, event);
            }
            Some(_) => {}
            None => {
                if self.queues.keep_all {
                    self.queue_untyped(event);
                }
            }
        }
    }

    /// Queues an event of kind `k` that someone listens to (kept apart from [`emit`],
    /// so that emitting an event nobody hears stays small enough to inline).
    ///
    /// [`emit`]: Self::emit
    #[inline(never)]
    fn queue_event<E: Event>(&mut self, k: Kind, event: E) {
        let queues = &mut *self.queues;
        if let Some(lane) = queues.lanes.get::<E>(k) {
            lane.push_back(event);
            queues.events.push_back(Some(k));
        }
    }

    /// Queues an event of a kind the table does not know, boxed.
    #[cold]
    #[inline(never)]
    fn queue_untyped<E: Event>(&mut self, event: E) {
        self.queues.untyped_events.push_back(AnyEvent::new(event));
        self.queues.events.push_back(None);
    }

    /// Emits a type-erased event.
    pub fn emit_any(&mut self, event: AnyEvent) {
        if !self.count_event() {
            return;
        }
        let queues = &mut *self.queues;
        match self
            .kinds
            .of(event.type_id())
            .and_then(|k| Some((k, self.kinds.event_ops(k)?)))
        {
            Some((k, ops)) => {
                if self.kinds.handled(k) || queues.keeps(self.kinds, k) {
                    ops.queue(k, event, queues);
                }
            }
            None => {
                if queues.keep_all {
                    queues.untyped_events.push_back(event);
                    queues.events.push_back(None);
                }
            }
        }
    }

    // ------------------------------------------------------------------ variables

    /// Sets a typed variable (read by the seats its key's visibility names: a
    /// [private](crate::Var::private) one set this way is read by none).
    #[inline]
    pub fn set_variable<T: VarType>(&mut self, var: &Var<T>, value: T) {
        let (position, old) = self
            .state
            .variables
            .set_typed(var, None, value.into_value());
        if self.queues.journaling {
            self.queues.journal.variable(position, old);
        }
    }

    /// Sets a [private](crate::Var::private) variable that `seat` alone may read (a
    /// public or hidden key keeps its own visibility).
    pub fn set_private_variable<T: VarType>(&mut self, var: &Var<T>, seat: PlayerId, value: T) {
        let (position, old) = self
            .state
            .variables
            .set_typed(var, Some(seat), value.into_value());
        if self.queues.journaling {
            self.queues.journal.variable(position, old);
        }
    }

    /// Sets a variable by key: a new key is public; a key that is set already keeps
    /// who may read it, so a raw write cannot make a private or hidden value public.
    pub fn set_raw_variable(&mut self, key: &'static str, value: Value) {
        let (position, old) = self.state.variables.set(key, value);
        if self.queues.journaling {
            self.queues.journal.variable(position, old);
        }
    }

    // ------------------------------------------------------------------ tables

    /// The tables, to change (journaled as a whole: changes after setup are rare).
    fn tables_mut(&mut self) -> &mut Tables {
        if self.queues.journaling {
            self.queues.journal.tables(Arc::clone(&self.state.tables));
        }
        Arc::make_mut(&mut self.state.tables)
    }

    /// Adds a zone (empty); an error if the id is taken or the owner is not a player.
    pub fn add_zone(&mut self, zone: Zone) -> Result<ZoneId, EngineError> {
        if self.state.zone_id(&zone.id).is_some() {
            return Err(EngineError::DuplicateZone {
                zone: shown(&zone.id),
            });
        }
        let id = self.tables_mut().add_zone(zone)?;
        let cards = self.queues.zone_buffer();
        self.state.zone_cards.push(cards);
        Ok(id)
    }

    /// Adds a card definition, in no zone yet; an error if the id is taken.
    pub fn add_card(&mut self, card: Card) -> Result<CardId, EngineError> {
        if self.state.card_id(&card.id).is_some() {
            return Err(EngineError::DuplicateCard {
                card: shown(&card.id),
            });
        }
        self.tables_mut().cards.push(card)
    }

    /// Adds every card of a table that is not there yet, in no zone. When the game has
    /// no card yet, the table is shared, not copied: games built from one constant deck
    /// share one allocation.
    pub fn add_cards(&mut self, table: &CardTable) -> Result<(), EngineError> {
        if self.state.cards().is_empty() {
            self.tables_mut().cards = table.clone();
            return Ok(());
        }
        for card in table.iter() {
            if self.state.card_id(&card.id).is_none() {
                self.add_card(card.clone())?;
            }
        }
        Ok(())
    }

    /// Attaches read-only data a plugin derived from the game for its own code (the
    /// engine's side), replacing earlier data of the same type. Setup is the place: it
    /// also runs when an engine adopts a state, so the data is always there in a game
    /// an engine runs. Read it with [`GameState::attachment`]; no seat reads it
    /// ([`InfoState::attachment`](crate::InfoState::attachment) does not see it): for
    /// data every seat may read, [`attach_public`](Self::attach_public).
    pub fn attach<T: Any + Send + Sync + std::fmt::Debug>(&mut self, value: T) {
        self.tables_mut().attach(Attachment {
            type_id: std::any::TypeId::of::<T>(),
            value: Arc::new(value),
            public: false,
            debug: debug_of::<T>,
        });
    }

    /// Attaches read-only data a plugin derived from public facts alone (the card
    /// table, the zones' ids: e.g. what each card is), which every seat may read
    /// ([`InfoState::attachment`](crate::InfoState::attachment)). The leak check
    /// ([`check_seat_leaks`](crate::check_seat_leaks)) holds the plugin to it: setup
    /// re-derives it on a position whose hidden cards were re-dealt, and it must be the
    /// same.
    pub fn attach_public<T: Any + Send + Sync + std::fmt::Debug>(&mut self, value: T) {
        self.tables_mut().attach(Attachment {
            type_id: std::any::TypeId::of::<T>(),
            value: Arc::new(value),
            public: true,
            debug: debug_of::<T>,
        });
    }

    // ------------------------------------------------------------------ cards

    fn zone_error(&self, zone: ZoneId) -> EngineError {
        EngineError::ZoneNotFound {
            zone: self.state.id_text(zone).into_owned(),
        }
    }

    fn not_in_zone(&self, card: CardId, zone: ZoneId) -> EngineError {
        EngineError::CardNotInZone {
            card: self.state.id_text(card).into_owned(),
            zone: self.state.id_text(zone).into_owned(),
        }
    }

    /// Puts cards that are in no zone (just added) on top of a zone, in order; an
    /// error for an unknown card or one already in a zone.
    pub fn place_cards(&mut self, zone: ZoneId, cards: &[CardId]) -> Result<(), EngineError> {
        if zone.index() >= self.state.zone_cards.len() {
            return Err(self.zone_error(zone));
        }
        let mut placed = vec![false; self.state.cards().len()];
        for held in self.state.zone_cards.iter().flatten() {
            if let Some(slot) = placed.get_mut(held.index()) {
                *slot = true;
            }
        }
        for card in cards {
            match placed.get_mut(card.index()) {
                None => {
                    return Err(EngineError::CardNotFound {
                        card: self.state.id_text(*card).into_owned(),
                    });
                }
                Some(true) => {
                    let card_text = self.state.id_text(*card).into_owned();
                    let zone = self
                        .state
                        .zone_of(*card)
                        .map_or_else(String::new, |z| self.state.id_text(z).into_owned());
                    return Err(EngineError::CardAlreadyPlaced {
                        card: card_text,
                        zone,
                    });
                }
                Some(slot) => *slot = true,
            }
        }
        if let Some(target) = self.state.zone_cards.get_mut(zone.index()) {
            target.extend_from_slice(cards);
        }
        if self.queues.journaling {
            self.queues.journal.push(Undo::Placed {
                zone,
                count: cards.len() as u32,
            });
        }
        Ok(())
    }

    /// Puts a card that is in no zone on top of a zone (see [`place_cards`](Self::place_cards)).
    pub fn place_card(&mut self, card: CardId, zone: ZoneId) -> Result<(), EngineError> {
        self.place_cards(zone, &[card])
    }

    /// Moves a card from one zone to the top of another (or of its own, when `from` is
    /// `to`).
    pub fn move_card(&mut self, card: CardId, from: ZoneId, to: ZoneId) -> Result<(), EngineError> {
        if to.index() >= self.state.zone_cards.len() {
            return Err(self.zone_error(to));
        }
        let Some(source) = self.state.zone_cards.get_mut(from.index()) else {
            return Err(self.zone_error(from));
        };
        let Some(index) = source.iter().rposition(|c| *c == card) else {
            return Err(self.not_in_zone(card, from));
        };
        source.remove(index);
        if let Some(target) = self.state.zone_cards.get_mut(to.index()) {
            target.push(card);
        }
        if self.queues.journaling {
            self.queues.journal.push(Undo::Moved {
                from,
                index: index as u32,
                to,
            });
        }
        Ok(())
    }

    /// Moves the top card of `from` to the top of `to`; `None` if `from` is empty.
    #[inline]
    pub fn draw_top(&mut self, from: ZoneId, to: ZoneId) -> Result<Option<CardId>, EngineError> {
        if to.index() >= self.state.zone_cards.len() || from == to {
            return Err(self.zone_error(to));
        }
        let Some(source) = self.state.zone_cards.get_mut(from.index()) else {
            return Err(self.zone_error(from));
        };
        let Some(card) = source.pop() else {
            return Ok(None);
        };
        let index = source.len() as u32;
        if let Some(target) = self.state.zone_cards.get_mut(to.index()) {
            target.push(card);
        }
        if self.queues.journaling {
            self.queues.journal.push(Undo::Moved { from, index, to });
        }
        Ok(Some(card))
    }

    /// Moves the cards at positions `range` of `from` (bottom first) onto the top of
    /// `to`, keeping their order; returns how many moved. E.g. the discard pile but its
    /// top back into the deck: `move_cards(discard, 0..len - 1, deck)`.
    pub fn move_cards(
        &mut self,
        from: ZoneId,
        range: Range<usize>,
        to: ZoneId,
    ) -> Result<usize, EngineError> {
        if to.index() >= self.state.zone_cards.len() || from == to {
            return Err(self.zone_error(to));
        }
        let Some(source) = self.state.zone_cards.get_mut(from.index()) else {
            return Err(self.zone_error(from));
        };
        if range.start > range.end || range.end > source.len() {
            return Err(EngineError::InvalidState {
                message: format!(
                    "cannot move cards {range:?} of a zone of {} cards",
                    source.len()
                ),
            });
        }
        let start = range.start;
        let moved: Vec<CardId> = source.drain(range).collect();
        let count = moved.len();
        if let Some(target) = self.state.zone_cards.get_mut(to.index()) {
            target.extend(moved);
        }
        if self.queues.journaling {
            self.queues.journal.push(Undo::MovedRange {
                from,
                start: start as u32,
                count: count as u32,
                to,
            });
        }
        Ok(count)
    }

    /// Shuffles a zone with the game's RNG (Fisher–Yates); returns its card count.
    pub fn shuffle_zone(&mut self, zone: ZoneId) -> Result<usize, EngineError> {
        let state = &mut *self.state;
        let Some(cards) = state.zone_cards.get_mut(zone.index()) else {
            return Err(self.zone_error(zone));
        };
        let old = self.queues.journaling.then(|| cards.clone());
        state.rng.shuffle_in_place(cards);
        let count = cards.len();
        if let Some(old) = old {
            self.queues.journal.order(zone, old);
        }
        Ok(count)
    }

    // ------------------------------------------------------------------ players, turns

    fn player_error(&self, player: PlayerId) -> EngineError {
        EngineError::PlayerNotFound {
            player: self.state.id_text(player).into_owned(),
        }
    }

    /// Adds a winner; an error for an unknown player. Adding a winner twice does nothing.
    pub fn add_winner(&mut self, player: PlayerId) -> Result<(), EngineError> {
        if player.index() >= self.state.player_count() {
            return Err(self.player_error(player));
        }
        if !self.state.winners.contains(&player) {
            self.state.winners.push(player);
        }
        Ok(())
    }

    /// Ends the game with `winners` (none: nobody won): each added as a winner,
    /// `GAME_WON` emitted with them, the status set to finished and nobody's turn,
    /// then `GAME_FINISHED`; an error for an unknown player.
    pub fn finish_game(&mut self, winners: Vec<PlayerId>) -> Result<(), EngineError> {
        for winner in &winners {
            self.add_winner(*winner)?;
        }
        self.emit(crate::kinds::GameWon {
            winner_ids: winners.clone(),
        });
        self.set_status(GameStatus::Finished);
        self.set_current_player(None)?;
        self.emit(crate::kinds::GameFinished {
            winner_ids: winners,
        });
        Ok(())
    }

    /// Sets the game's status.
    pub fn set_status(&mut self, status: GameStatus) {
        self.state.status = status;
    }

    /// Sets (or clears) whose turn it is; an error for an unknown player.
    pub fn set_current_player(&mut self, player: Option<PlayerId>) -> Result<(), EngineError> {
        if let Some(p) = player
            && p.index() >= self.state.player_count()
        {
            return Err(self.player_error(p));
        }
        let old = std::mem::replace(&mut self.state.current, player);
        if self.queues.journaling {
            self.queues.journal.push(Undo::CurrentPlayer(old));
        }
        Ok(())
    }

    /// Sets the turn counter.
    pub fn set_turn(&mut self, turn: u64) {
        self.state.turn = turn;
    }

    /// Sets a player's status; an error for an unknown player.
    pub fn set_player_status(
        &mut self,
        player: PlayerId,
        status: PlayerStatus,
    ) -> Result<(), EngineError> {
        if player.index() >= self.state.player_count() {
            return Err(self.player_error(player));
        }
        if let Some(p) = self.tables_mut().players.get_mut(player.index()) {
            p.status = status;
        }
        Ok(())
    }

    /// The game's RNG (rolled back with the tick).
    #[inline]
    pub fn random(&mut self) -> &mut GameRng {
        &mut self.state.rng
    }
}

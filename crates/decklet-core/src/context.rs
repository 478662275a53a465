//! [`GameContext`]: what setup and handlers use to read and change the game.
//!
//! Every change goes through the context, which records how to undo it in the tick's
//! journal (`journal.rs`): that is how a tick that fails anywhere leaves the state
//! exactly as it was, without copying the state up front.

use std::any::TypeId;
use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::action::{Action, ActionOrigin, AnyAction};
use crate::card::Card;
use crate::error::EngineError;
use crate::event::{AnyEvent, Event};
use crate::ids::{CardId, PlayerId, ZoneId};
use crate::journal::{Journal, Undo};
use crate::player::PlayerStatus;
use crate::rng::GameRng;
use crate::state::{CardTable, GameState, GameStatus};
use crate::variables::{Value, Var, VarType};
use crate::zone::Zone;

/// The queues and journal of the tick in progress.
#[derive(Debug, Default)]
pub(crate) struct TickQueues {
    pub(crate) journal: Journal,
    pub(crate) actions: VecDeque<(AnyAction, ActionOrigin)>,
    pub(crate) events: VecDeque<QueuedEvent>,
    /// Which emitted events are kept (the others are dropped unseen, never boxed).
    pub(crate) interest: EventInterest,
    /// The card vectors of the last replaced game's zones, emptied, by zone position: a
    /// zone added at a position takes that vector (its capacity, never content), so a
    /// simulation's games stop allocating and growing the same vectors again.
    pub(crate) spare_zone_cards: Vec<Vec<CardId>>,
}

/// An event waiting to be handled, with who listens to its type (looked up once, when
/// it was emitted).
#[derive(Debug)]
pub(crate) struct QueuedEvent {
    pub(crate) event: AnyEvent,
    pub(crate) listeners: Listeners,
}

/// Who listens to an event type.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Listeners {
    /// Where the type's handlers are in the registry's list (`None`: no handler).
    pub(crate) handlers: Option<usize>,
    /// How many subscriptions hear it after the tick.
    pub(crate) subscribers: u32,
}

/// Which events a tick keeps: all of them when the caller wants the tick's
/// [`Outcome`](crate::Outcome) or someone subscribed to everything; otherwise only the
/// types a handler or a subscriber listens to.
#[derive(Debug)]
pub(crate) struct EventInterest {
    /// Keep every event and hand it on after the tick.
    pub(crate) all: bool,
    /// The types some handler or subscriber listens to, and who.
    pub(crate) listeners: FxHashMap<TypeId, Listeners>,
}

impl Default for EventInterest {
    fn default() -> Self {
        EventInterest {
            all: true,
            listeners: FxHashMap::default(),
        }
    }
}

impl EventInterest {
    /// Whether an emitted event of this type is kept at all.
    #[inline]
    pub(crate) fn keeps(&self, type_id: TypeId) -> bool {
        self.all || self.listeners.contains_key(&type_id)
    }

    /// The event, queued with its listeners, if it is kept.
    #[inline]
    pub(crate) fn route(
        &self,
        type_id: TypeId,
        event: impl FnOnce() -> AnyEvent,
    ) -> Option<QueuedEvent> {
        match self.listeners.get(&type_id) {
            Some(&listeners) => Some(QueuedEvent {
                event: event(),
                listeners,
            }),
            None if self.all => Some(QueuedEvent {
                event: event(),
                listeners: Listeners::default(),
            }),
            None => None,
        }
    }

    /// Records that the handlers at `index` in the registry's list handle `type_id`.
    pub(crate) fn handled_by(&mut self, type_id: TypeId, index: usize) {
        self.listeners.entry(type_id).or_default().handlers = Some(index);
    }

    /// Counts one more subscription of `type_id`.
    pub(crate) fn subscribe(&mut self, type_id: TypeId) {
        self.listeners.entry(type_id).or_default().subscribers += 1;
    }

    /// Counts one subscription of `type_id` fewer.
    pub(crate) fn unsubscribe(&mut self, type_id: TypeId) {
        if let Some(listeners) = self.listeners.get_mut(&type_id) {
            listeners.subscribers = listeners.subscribers.saturating_sub(1);
            if listeners.subscribers == 0 && listeners.handlers.is_none() {
                self.listeners.remove(&type_id);
            }
        }
    }
}

impl TickQueues {
    /// Queues an event whether or not anyone listens (the engine's own `GAME_CREATED` and
    /// `GAME_STARTED`, which `create_game` and `start` return).
    pub(crate) fn push_event(&mut self, event: AnyEvent) {
        let listeners = self
            .interest
            .listeners
            .get(&event.type_id())
            .copied()
            .unwrap_or_default();
        self.events.push_back(QueuedEvent { event, listeners });
    }

    pub(crate) fn clear(&mut self) {
        self.journal.clear();
        self.actions.clear();
        self.events.clear();
    }
}

/// Access to the game for setup and handlers: read the state, change it (every change is
/// undone if the tick fails), dispatch actions and emit events.
///
/// Actions dispatched here join the tick's action queue (FIFO) and run after the events
/// of the current action have been handled; events emitted here join the event queue.
pub struct GameContext<'a> {
    state: &'a mut GameState,
    queues: &'a mut TickQueues,
    origin: ActionOrigin,
}

impl<'a> GameContext<'a> {
    pub(crate) fn new(
        state: &'a mut GameState,
        queues: &'a mut TickQueues,
        origin: ActionOrigin,
    ) -> Self {
        GameContext {
            state,
            queues,
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

    /// Queues an action; it runs later in this tick, through every rule.
    #[inline]
    pub fn dispatch<A: Action>(&mut self, action: A) {
        self.queues
            .actions
            .push_back((AnyAction::new(action), ActionOrigin::Internal));
    }

    /// Queues a type-erased action.
    pub fn dispatch_any(&mut self, action: AnyAction) {
        self.queues
            .actions
            .push_back((action, ActionOrigin::Internal));
    }

    /// Emits an event; its handlers run later in this tick, subscribers hear it after
    /// the tick commits.
    #[inline]
    pub fn emit<E: Event>(&mut self, event: E) {
        let queues = &mut *self.queues;
        if let Some(queued) = queues
            .interest
            .route(TypeId::of::<E>(), || AnyEvent::new(event))
        {
            queues.events.push_back(queued);
        }
    }

    /// Emits a type-erased event.
    pub fn emit_any(&mut self, event: AnyEvent) {
        let queues = &mut *self.queues;
        if let Some(queued) = queues.interest.route(event.type_id(), || event) {
            queues.events.push_back(queued);
        }
    }

    /// Whether an event of type `E` emitted now would be seen by anyone (a handler, a
    /// subscriber or the caller's [`Outcome`](crate::Outcome)). [`emit`](Self::emit)
    /// checks this itself; ask first only to skip building a costly event.
    #[inline]
    pub fn wants<E: Event>(&self) -> bool {
        self.queues.interest.keeps(TypeId::of::<E>())
    }

    /// Sets a typed variable.
    #[inline]
    pub fn set_variable<T: VarType>(&mut self, var: Var<T>, value: T) {
        self.set_raw_variable(var.key(), value.into_value());
    }

    /// Sets a variable by key.
    pub fn set_raw_variable(&mut self, key: &'static str, value: Value) {
        let old = self.state.variables.insert_static(key, value);
        self.queues.journal.variable(key, old);
    }

    /// Adds a zone; an error if the id is taken.
    pub fn add_zone(&mut self, zone: Zone) -> Result<(), EngineError> {
        if self.state.zones.contains_key(&zone.id) {
            return Err(EngineError::DuplicateZone { zone: zone.id });
        }
        if let Some(owner) = &zone.owner
            && !self.state.players.contains_key(owner)
        {
            return Err(EngineError::PlayerNotFound {
                player: owner.clone(),
            });
        }
        let mut zone = zone;
        let position = self.state.zones.len();
        if zone.cards.capacity() == 0
            && let Some(spare) = self.queues.spare_zone_cards.get_mut(position)
        {
            zone.cards = std::mem::take(spare);
        }
        zone.id = zone.id.with_hint(position);
        self.state.zones.insert(zone.id.clone(), zone);
        self.queues.journal.push(Undo::ZoneAdded);
        Ok(())
    }

    /// Adds a card definition (in no zone yet); an error if the id is taken.
    pub fn add_card(&mut self, card: Card) -> Result<(), EngineError> {
        if self.state.cards.contains(&card.id) {
            return Err(EngineError::DuplicateCard { card: card.id });
        }
        self.state.cards.insert(card);
        self.queues.journal.push(Undo::CardAdded);
        Ok(())
    }

    /// Adds every card of a table that is not there yet. When the state has no card
    /// yet, the table is shared, not copied: games built from one constant deck share
    /// one allocation.
    pub fn add_cards(&mut self, table: &CardTable) -> Result<(), EngineError> {
        if self.state.cards.is_empty() {
            self.state.cards = table.clone();
            self.queues.journal.push(Undo::CardTableShared);
            return Ok(());
        }
        for card in table.iter() {
            if !self.state.cards.contains(&card.id) {
                self.add_card(card.clone())?;
            }
        }
        Ok(())
    }

    fn zone_index(&self, zone: &ZoneId) -> Result<usize, EngineError> {
        self.state
            .zone_index(zone)
            .ok_or_else(|| EngineError::ZoneNotFound { zone: zone.clone() })
    }

    /// Puts an existing card on top of a zone. The card must not be in another zone
    /// ([`GameState::validate`] checks that).
    pub fn add_card_to_zone(&mut self, card: &CardId, zone: &ZoneId) -> Result<(), EngineError> {
        let Some(stamped) = self.state.cards.stamped(card) else {
            return Err(EngineError::CardNotFound { card: card.clone() });
        };
        let index = self.zone_index(zone)?;
        if let Some((_, z)) = self.state.zones.get_index_mut(index) {
            z.cards.push(stamped);
            self.queues.journal.push(Undo::Pushed { zone: index });
        }
        Ok(())
    }

    /// Moves a card from one zone to the top of another.
    pub fn move_card(
        &mut self,
        card: &CardId,
        from: &ZoneId,
        to: &ZoneId,
    ) -> Result<(), EngineError> {
        let from_index = self.zone_index(from)?;
        let to_index = self.zone_index(to)?;
        self.move_card_between(card, from_index, to_index)
    }

    /// Moves a card from a player's hand to the top of a zone.
    pub fn move_from_hand(
        &mut self,
        card: &CardId,
        player: &PlayerId,
        to: &ZoneId,
    ) -> Result<(), EngineError> {
        let from_index =
            self.state
                .hand_index(player)
                .ok_or_else(|| EngineError::PlayerNotFound {
                    player: player.clone(),
                })?;
        let to_index = self.zone_index(to)?;
        self.move_card_between(card, from_index, to_index)
    }

    /// [`move_card`](Self::move_card) for zones given by their position in
    /// `state().zones` (see [`draw_top_at`](Self::draw_top_at)). An error if a position
    /// is out of range or the card is not in `from`.
    pub fn move_card_at(
        &mut self,
        card: &CardId,
        from: usize,
        to: usize,
    ) -> Result<(), EngineError> {
        if to >= self.state.zones.len() {
            return Err(EngineError::InvalidState {
                message: "zone index out of range".into(),
            });
        }
        self.move_card_between(card, from, to)
    }

    fn move_card_between(
        &mut self,
        card: &CardId,
        from: usize,
        to: usize,
    ) -> Result<(), EngineError> {
        let zones = &mut self.state.zones;
        let Some((from_id, from_zone)) = zones.get_index_mut(from) else {
            return Err(EngineError::InvalidState {
                message: "zone index out of range".into(),
            });
        };
        let Some(position) = from_zone.cards.iter().rposition(|c| c == card) else {
            return Err(EngineError::CardNotInZone {
                card: card.clone(),
                zone: from_id.clone(),
            });
        };
        let moved = from_zone.cards.remove(position);
        match zones.get_index_mut(to) {
            Some((_, to_zone)) => to_zone.cards.push(moved),
            None => {
                // Put it back: the target vanished (cannot happen for an index we looked up).
                if let Some((_, z)) = zones.get_index_mut(from) {
                    z.cards.insert(position, moved);
                }
                return Err(EngineError::InvalidState {
                    message: "zone index out of range".into(),
                });
            }
        }
        self.queues.journal.push(Undo::Moved {
            from,
            index: position,
            to,
        });
        Ok(())
    }

    /// Moves the top card of `from` to the top of `to`; `None` if `from` is empty.
    pub fn draw_top(&mut self, from: &ZoneId, to: &ZoneId) -> Result<Option<CardId>, EngineError> {
        let from_index = self.zone_index(from)?;
        let to_index = self.zone_index(to)?;
        self.draw_top_between(from_index, to_index)
    }

    /// [`draw_top`](Self::draw_top) for zones given by their position in
    /// `state().zones` (from [`GameState::zone_index`] or [`GameState::hand_index`]):
    /// what a loop that draws many cards uses, looking the zones up once. An error if a
    /// position is out of range. Positions never change during a tick unless a zone is
    /// added (zones are never removed).
    pub fn draw_top_at(&mut self, from: usize, to: usize) -> Result<Option<CardId>, EngineError> {
        if from >= self.state.zones.len() || to >= self.state.zones.len() {
            return Err(EngineError::InvalidState {
                message: "zone index out of range".into(),
            });
        }
        self.draw_top_between(from, to)
    }

    pub(crate) fn draw_top_between(
        &mut self,
        from: usize,
        to: usize,
    ) -> Result<Option<CardId>, EngineError> {
        let zones = &mut self.state.zones;
        let Some(card) = zones.get_index_mut(from).and_then(|(_, z)| z.cards.pop()) else {
            return Ok(None);
        };
        let index = zones.get_index(from).map_or(0, |(_, z)| z.cards.len());
        match zones.get_index_mut(to) {
            Some((_, to_zone)) => to_zone.cards.push(card.clone()),
            None => {
                return Err(EngineError::InvalidState {
                    message: "zone index out of range".into(),
                });
            }
        }
        self.queues.journal.push(Undo::Moved { from, index, to });
        Ok(Some(card))
    }

    /// Moves the top card of `from` to the top of a player's hand; `None` if `from` is empty.
    pub fn draw_to_hand(
        &mut self,
        from: &ZoneId,
        player: &PlayerId,
    ) -> Result<Option<CardId>, EngineError> {
        let from_index = self.zone_index(from)?;
        let to_index =
            self.state
                .hand_index(player)
                .ok_or_else(|| EngineError::PlayerNotFound {
                    player: player.clone(),
                })?;
        self.draw_top_between(from_index, to_index)
    }

    /// Replaces the cards of a zone (used for shuffles and other re-orderings).
    pub fn set_zone_cards(&mut self, zone: &ZoneId, cards: Vec<CardId>) -> Result<(), EngineError> {
        let index = self.zone_index(zone)?;
        if let Some(unknown) = self.state.cards.first_unknown(&cards) {
            return Err(EngineError::CardNotFound {
                card: unknown.clone(),
            });
        }
        if let Some((_, z)) = self.state.zones.get_index_mut(index) {
            let old = std::mem::replace(&mut z.cards, cards);
            self.queues.journal.zone_cards(index, old);
        }
        Ok(())
    }

    /// Shuffles a zone with the game's RNG (Fisher–Yates); returns its card count.
    pub fn shuffle_zone(&mut self, zone: &ZoneId) -> Result<usize, EngineError> {
        let index = self.zone_index(zone)?;
        let state = &mut *self.state;
        if let Some((_, z)) = state.zones.get_index_mut(index) {
            let old = z.cards.clone();
            state.rng.shuffle_in_place(&mut z.cards);
            let count = z.cards.len();
            self.queues.journal.zone_cards(index, old);
            return Ok(count);
        }
        Ok(0)
    }

    /// Adds a winner; an error for an unknown player. Adding a winner twice does nothing.
    pub fn add_winner(&mut self, player: &PlayerId) -> Result<(), EngineError> {
        if !self.state.players.contains_key(player) {
            return Err(EngineError::PlayerNotFound {
                player: player.clone(),
            });
        }
        if !self.state.winners.contains(player) {
            self.state.winners.push(player.clone());
        }
        Ok(())
    }

    /// Sets the game's status.
    pub fn set_status(&mut self, status: GameStatus) {
        self.state.status = status;
    }

    /// Sets (or clears) whose turn it is; an error for an unknown player.
    pub fn set_current_player(&mut self, player: Option<PlayerId>) -> Result<(), EngineError> {
        let player = match player {
            Some(id) => match self.state.player_index(&id) {
                Some(position) => Some(id.with_hint(position)),
                None => return Err(EngineError::PlayerNotFound { player: id }),
            },
            None => None,
        };
        let old = std::mem::replace(&mut self.state.current_player_id, player);
        self.queues.journal.current_player(old);
        Ok(())
    }

    /// Sets the turn counter.
    pub fn set_turn(&mut self, turn: u64) {
        self.state.turn = turn;
    }

    /// Sets a player's status; an error for an unknown player.
    pub fn set_player_status(
        &mut self,
        player: &PlayerId,
        status: PlayerStatus,
    ) -> Result<(), EngineError> {
        let Some((index, _, p)) = self.state.players.get_full_mut(player) else {
            return Err(EngineError::PlayerNotFound {
                player: player.clone(),
            });
        };
        let old = std::mem::replace(&mut p.status, status);
        self.queues.journal.push(Undo::PlayerStatus { index, old });
        Ok(())
    }

    /// The game's RNG (rolled back with the tick).
    #[inline]
    pub fn random(&mut self) -> &mut GameRng {
        &mut self.state.rng
    }
}

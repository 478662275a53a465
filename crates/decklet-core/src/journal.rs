//! The undo journal: how a tick that fails anywhere leaves the state exactly as it was,
//! without copying the state up front.
//!
//! Every change a [`GameContext`](crate::GameContext) makes during a tick pushes one
//! [`Undo`] entry; a [`Checkpoint`] taken when the tick starts saves the scalar parts of
//! the state and the journal's length. A failed tick undoes the entries after that
//! length, newest first; a committed tick forgets them. Entries are plain `Copy` data;
//! what a change replaced (a variable's old value, a zone's old order, the tables before
//! a change) waits on a stack of its own.

use std::sync::Arc;

use crate::ids::{CardId, PlayerId, ZoneId};
use crate::rng::GameRng;
use crate::state::{GameState, GameStatus};
use crate::tables::Tables;
use crate::variables::Stored;

/// One undoable change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Undo {
    /// The top card of `to` came from `from`, where it was at `index`.
    Moved {
        from: ZoneId,
        index: u32,
        to: ZoneId,
    },
    /// The top `count` cards of `to` came from `from`, where they started at `start`.
    MovedRange {
        from: ZoneId,
        start: u32,
        count: u32,
        to: ZoneId,
    },
    /// `count` cards that were in no zone were put on top of `zone`.
    Placed { zone: ZoneId, count: u32 },
    /// `zone` was in the order on top of the order stack (a shuffle).
    Order { zone: ZoneId },
    /// The variable at `position` held the value on top of the value stack.
    Variable { position: u32 },
    /// The tables were those on top of the tables stack (a zone or card added, a
    /// player's status, an attachment).
    Tables,
    /// It was this player's turn.
    CurrentPlayer(Option<PlayerId>),
}

/// The changes of the tick in progress, newest last.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    entries: Vec<Undo>,
    values: Vec<Option<Stored>>,
    orders: Vec<Vec<CardId>>,
    tables: Vec<Arc<Tables>>,
}

impl Journal {
    #[inline]
    pub(crate) fn push(&mut self, undo: Undo) {
        self.entries.push(undo);
    }

    #[inline]
    pub(crate) fn variable(&mut self, position: usize, old: Option<Stored>) {
        self.values.push(old);
        self.entries.push(Undo::Variable {
            position: position as u32,
        });
    }

    pub(crate) fn order(&mut self, zone: ZoneId, old: Vec<CardId>) {
        self.orders.push(old);
        self.entries.push(Undo::Order { zone });
    }

    pub(crate) fn tables(&mut self, old: Arc<Tables>) {
        self.tables.push(old);
        self.entries.push(Undo::Tables);
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry (the tick committed).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        if !self.values.is_empty() {
            self.values.clear();
        }
        if !self.orders.is_empty() {
            self.orders.clear();
        }
        if !self.tables.is_empty() {
            self.tables.clear();
        }
    }

    /// Undoes the entries after the first `len`, newest first.
    fn undo_to(&mut self, len: usize, state: &mut GameState) {
        while self.entries.len() > len {
            let Some(undo) = self.entries.pop() else {
                break;
            };
            self.undo_one(state, undo);
        }
    }

    fn undo_one(&mut self, state: &mut GameState, undo: Undo) {
        let zones = &mut state.zone_cards;
        match undo {
            Undo::Moved { from, index, to } => {
                let card = zones.get_mut(to.index()).and_then(Vec::pop);
                if let (Some(card), Some(from)) = (card, zones.get_mut(from.index())) {
                    from.insert((index as usize).min(from.len()), card);
                }
            }
            Undo::MovedRange {
                from,
                start,
                count,
                to,
            } => {
                let moved = match zones.get_mut(to.index()) {
                    Some(to) => to.split_off(to.len().saturating_sub(count as usize)),
                    None => Vec::new(),
                };
                if let Some(from) = zones.get_mut(from.index()) {
                    let start = (start as usize).min(from.len());
                    from.splice(start..start, moved);
                }
            }
            Undo::Placed { zone, count } => {
                if let Some(zone) = zones.get_mut(zone.index()) {
                    zone.truncate(zone.len().saturating_sub(count as usize));
                }
            }
            Undo::Order { zone } => {
                if let (Some(old), Some(zone)) = (self.orders.pop(), zones.get_mut(zone.index())) {
                    *zone = old;
                }
            }
            Undo::Variable { position } => {
                let old = self.values.pop().flatten();
                state.variables.restore(position as usize, old);
            }
            Undo::Tables => {
                if let Some(old) = self.tables.pop() {
                    zones.truncate(old.zones.len());
                    state.tables = old;
                }
            }
            Undo::CurrentPlayer(old) => state.current = old,
        }
    }
}

/// The scalar parts of the state, saved when a tick starts, and the journal's length.
#[derive(Debug)]
pub(crate) struct Checkpoint {
    status: GameStatus,
    winners: usize,
    turn: u64,
    rng: GameRng,
    journal: usize,
}

impl Checkpoint {
    /// Destructures the state: a field added to it does not compile here until the
    /// checkpoint saves it or the journal undoes it.
    #[inline]
    pub(crate) fn take(state: &GameState, journal: &Journal) -> Self {
        let GameState {
            // the journal undoes these
            tables: _,
            zone_cards: _,
            variables: _,
            current: _,
            // saved
            status,
            winners,
            turn,
            rng,
            // no tick changes it
            seat_view: _,
        } = state;
        Checkpoint {
            status: *status,
            winners: winners.len(),
            turn: *turn,
            rng: rng.clone(),
            journal: journal.len(),
        }
    }

    /// Undoes everything since the checkpoint.
    pub(crate) fn restore(self, state: &mut GameState, journal: &mut Journal) {
        journal.undo_to(self.journal, state);
        state.status = self.status;
        state.winners.truncate(self.winners);
        state.turn = self.turn;
        state.rng = self.rng;
    }
}

//! The undo journal: how a tick that fails anywhere leaves the state exactly as it was,
//! without copying the state up front.
//!
//! Every change a [`GameContext`](crate::GameContext) makes pushes one [`Undo`] entry;
//! a [`Checkpoint`] taken when the tick starts saves the scalar parts of the state and
//! the journal's length. A failed tick undoes the entries after that length, newest
//! first; a committed tick forgets them.
//!
//! Entries are plain `Copy` data. What a change replaced (a variable's old value, a
//! zone's old cards, the player whose turn it was) waits on a stack of its own, so
//! forgetting a committed tick's entries drops only those few values, not every entry.

use crate::ids::{CardId, PlayerId};
use crate::player::PlayerStatus;
use crate::rng::GameRng;
use crate::state::{CardTable, GameState, GameStatus};
use crate::variables::Value;

/// One undoable change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Undo {
    /// The top card of zone `to` came from zone `from` at `index`.
    Moved {
        from: usize,
        index: usize,
        to: usize,
    },
    /// A card was pushed on top of zone `zone`.
    Pushed { zone: usize },
    /// Zone `zone` held the cards on top of the card-list stack.
    ZoneCards { zone: usize },
    /// The variable `key` held the value on top of the value stack (or was unset).
    Variable { key: &'static str },
    /// The last zone was added.
    ZoneAdded,
    /// The last card was added.
    CardAdded,
    /// The card table was empty before it was shared in.
    CardTableShared,
    /// A player had this status.
    PlayerStatus { index: usize, old: PlayerStatus },
    /// It was the turn of the player on top of the player stack (or nobody's).
    CurrentPlayer,
}

/// The changes of the tick in progress, newest last.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    entries: Vec<Undo>,
    /// Old values of [`Undo::Variable`] entries, in the same order.
    values: Vec<Option<Value>>,
    /// Old cards of [`Undo::ZoneCards`] entries, in the same order.
    card_lists: Vec<Vec<CardId>>,
    /// Old current players of [`Undo::CurrentPlayer`] entries, in the same order.
    players: Vec<Option<PlayerId>>,
}

impl Journal {
    /// Records a change that needs no saved value.
    #[inline]
    pub(crate) fn push(&mut self, undo: Undo) {
        self.entries.push(undo);
    }

    /// Records that `key` held `old`.
    #[inline]
    pub(crate) fn variable(&mut self, key: &'static str, old: Option<Value>) {
        self.values.push(old);
        self.entries.push(Undo::Variable { key });
    }

    /// Records that zone `zone` held `old`.
    pub(crate) fn zone_cards(&mut self, zone: usize, old: Vec<CardId>) {
        self.card_lists.push(old);
        self.entries.push(Undo::ZoneCards { zone });
    }

    /// Records that it was `old`'s turn.
    #[inline]
    pub(crate) fn current_player(&mut self, old: Option<PlayerId>) {
        self.players.push(old);
        self.entries.push(Undo::CurrentPlayer);
    }

    /// Number of entries.
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
        if !self.card_lists.is_empty() {
            self.card_lists.clear();
        }
        if !self.players.is_empty() {
            self.players.clear();
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
        match undo {
            Undo::Moved { from, index, to } => {
                let card = state
                    .zones
                    .get_index_mut(to)
                    .and_then(|(_, z)| z.cards.pop());
                if let (Some(card), Some((_, zone))) = (card, state.zones.get_index_mut(from)) {
                    let index = index.min(zone.cards.len());
                    zone.cards.insert(index, card);
                }
            }
            Undo::Pushed { zone } => {
                if let Some((_, zone)) = state.zones.get_index_mut(zone) {
                    zone.cards.pop();
                }
            }
            Undo::ZoneCards { zone } => {
                let cards = self.card_lists.pop().unwrap_or_default();
                if let Some((_, zone)) = state.zones.get_index_mut(zone) {
                    zone.cards = cards;
                }
            }
            Undo::Variable { key } => match self.values.pop().flatten() {
                Some(value) => {
                    state.variables.insert_static(key, value);
                }
                None => {
                    state.variables.remove(key);
                }
            },
            Undo::ZoneAdded => {
                state.zones.pop();
            }
            Undo::CardAdded => {
                state.cards.make_mut().pop();
            }
            Undo::CardTableShared => {
                state.cards = CardTable::default();
            }
            Undo::CurrentPlayer => {
                state.current_player_id = self.players.pop().flatten();
            }
            Undo::PlayerStatus { index, old } => {
                if let Some((_, player)) = state.players.get_index_mut(index) {
                    player.status = old;
                }
            }
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
    #[inline]
    pub(crate) fn take(state: &GameState, journal: &Journal) -> Self {
        Checkpoint {
            status: state.status,
            winners: state.winners.len(),
            turn: state.turn,
            rng: state.rng.clone(),
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

//! [`Moves`]: the moves a seat may make, as a list of typed actions: what the plugins
//! list ([`GamePlugin::moves`](crate::GamePlugin::moves)), what a bot chooses among
//! and what the engine dispatches ([`GameEngine::dispatch_move`]).
//!
//! Each move stays its own type: the list keeps one vector of each action type it has
//! held and the order in which the moves were listed, so that listing a move, reading
//! it back and dispatching it allocate nothing once the list has grown to the game's
//! size (pass the same list every time: clearing it keeps its room).

use std::any::{Any, TypeId};
use std::fmt::Debug;

use crate::action::{Action, ActionRef, AnyAction};
use crate::engine::{GameEngine, Outcome};
use crate::error::EngineError;

/// The moves of a seat, in the order they were listed, each a typed action.
///
/// ```
/// use decklet_core::*;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Clone, Debug, Serialize, Deserialize)]
/// struct Knock { player_id: PlayerId }
/// impl Action for Knock {
///     const KIND: &'static str = "KNOCK";
/// }
///
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
/// let mut moves = Moves::new();
/// moves.push(PlayCard::new(p1, []));
/// moves.push(Knock { player_id: p1 });
/// assert_eq!(moves.len(), 2);
/// let kinds: Vec<&str> = moves.iter().map(|m| m.kind()).collect();
/// assert_eq!(kinds, ["PLAY_CARD", "KNOCK"]);
/// assert!(moves.get(0).and_then(|m| m.downcast_ref::<PlayCard>()).is_some());
/// moves.retain(|m| m.kind() != "PLAY_CARD");
/// assert_eq!(moves.get(0).map(|m| m.kind()), Some("KNOCK"));
/// # Ok::<(), EngineError>(())
/// ```
#[derive(Default)]
pub struct Moves {
    /// One list of each action type held so far (kept, emptied, across `clear`),
    /// with that type's id.
    lists: Vec<(TypeId, Box<dyn KindList>)>,
    /// The moves in listed order: which list, and where in it.
    order: Vec<Slot>,
}

/// Where a move is: its list and its index there.
#[derive(Clone, Copy, Debug)]
struct Slot {
    list: u32,
    index: u32,
}

impl Moves {
    /// An empty list.
    pub fn new() -> Self {
        Moves::default()
    }

    /// Adds a move at the end.
    pub fn push<A: Action>(&mut self, action: A) {
        self.extend(std::iter::once(action));
    }

    /// Adds the moves of `actions` at the end, in order (their type's list is found
    /// once).
    pub fn extend<A: Action>(&mut self, actions: impl IntoIterator<Item = A>) {
        let id = TypeId::of::<A>();
        let at = match self.lists.iter().position(|(of, _)| *of == id) {
            Some(at) => at,
            None => {
                self.lists.push((id, Box::new(Vec::<A>::new())));
                self.lists.len() - 1
            }
        };
        // the list at `at` holds `A`s: found by its type, or made just now
        let Some(list) = self
            .lists
            .get_mut(at)
            .and_then(|(_, l)| l.as_any_mut().downcast_mut::<Vec<A>>())
        else {
            return;
        };
        for action in actions {
            self.order.push(Slot {
                list: at as u32,
                index: list.len() as u32,
            });
            list.push(action);
        }
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Removes every move, keeping the room they took.
    pub fn clear(&mut self) {
        for (_, list) in &mut self.lists {
            list.clear();
        }
        self.order.clear();
    }

    /// The move at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<ActionRef<'_>> {
        let slot = self.order.get(index)?;
        self.lists
            .get(slot.list as usize)?
            .1
            .get(slot.index as usize)
    }

    /// Whether the move at `index` is an `A` (`false` past the end): read from the
    /// list it is in, without looking at the move.
    ///
    /// ```
    /// use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    /// let moves = Moves::from(vec![PlayCard::new(p1, [])]);
    /// assert!(moves.is::<PlayCard>(0));
    /// assert!(!moves.is::<PlayCard>(1));
    /// assert_eq!(moves.get_as::<PlayCard>(0).map(|p| p.player_id), Some(p1));
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn is<A: Action>(&self, index: usize) -> bool {
        self.order.get(index).is_some_and(|slot| {
            self.lists
                .get(slot.list as usize)
                .is_some_and(|(id, _)| *id == TypeId::of::<A>())
        })
    }

    /// The move at `index`, if it is an `A`.
    #[inline]
    pub fn get_as<A: Action>(&self, index: usize) -> Option<&A> {
        let slot = self.order.get(index)?;
        let (id, list) = self.lists.get(slot.list as usize)?;
        if *id != TypeId::of::<A>() {
            return None;
        }
        list.as_any()
            .downcast_ref::<Vec<A>>()?
            .as_slice()
            .get(slot.index as usize)
    }

    /// The moves in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = ActionRef<'_>> + '_ {
        self.order.iter().map(|slot| {
            self.lists
                .get(slot.list as usize)
                .and_then(|(_, list)| list.get(slot.index as usize))
                // every slot points at a move of its list
                .unwrap_or_else(|| ActionRef::of(&NO_MOVE))
        })
    }

    /// Keeps only the moves for which `keep` says yes, in their order: how a plugin
    /// that changes an earlier plugin's rules withdraws the moves they now refuse.
    pub fn retain(&mut self, mut keep: impl FnMut(ActionRef<'_>) -> bool) {
        let lists = &self.lists;
        self.order.retain(|slot| {
            lists
                .get(slot.list as usize)
                .and_then(|(_, list)| list.get(slot.index as usize))
                .is_some_and(&mut keep)
        });
    }

    /// The move at `index` as an owned action of any kind (one allocation): for a
    /// message, a log, JSON.
    pub fn to_any(&self, index: usize) -> Option<AnyAction> {
        let slot = self.order.get(index)?;
        self.lists
            .get(slot.list as usize)?
            .1
            .to_any(slot.index as usize)
    }

    /// Every move as an owned action of any kind, in order.
    pub fn to_vec(&self) -> Vec<AnyAction> {
        (0..self.len()).filter_map(|i| self.to_any(i)).collect()
    }

    /// Dispatches the move at `index` on `engine`, typed.
    pub(crate) fn dispatch_on(
        &self,
        index: usize,
        engine: &mut GameEngine,
    ) -> Result<Outcome, EngineError> {
        let list = self
            .order
            .get(index)
            .and_then(|slot| Some((&self.lists.get(slot.list as usize)?.1, slot.index)));
        match list {
            Some((list, at)) => list.dispatch(at as usize, engine),
            None => Err(EngineError::InvalidAction {
                kind: "move".to_string(),
                message: format!("no move {index}: {} listed", self.len()),
            }),
        }
    }
}

/// Dispatching a listed move is the engine's, written here so that the engine knows
/// nothing of move lists.
impl GameEngine {
    /// Dispatches the move at `index` of `moves` (the seat's listed moves,
    /// [`Game::legal_moves`](crate::Game::legal_moves)) as
    /// [`dispatch`](GameEngine::dispatch) does, typed: a bot's choice, without an owned
    /// copy of every move. An index past the list is [`EngineError::InvalidAction`].
    pub fn dispatch_move(&mut self, moves: &Moves, index: usize) -> Result<Outcome, EngineError> {
        moves.dispatch_on(index, self)
    }
}

impl Clone for Moves {
    fn clone(&self) -> Self {
        Moves {
            lists: self
                .lists
                .iter()
                .map(|(id, l)| (*id, l.clone_box()))
                .collect(),
            order: self.order.clone(),
        }
    }
}

impl Debug for Moves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<A: Action> From<Vec<A>> for Moves {
    fn from(actions: Vec<A>) -> Self {
        let mut moves = Moves::new();
        moves.extend(actions);
        moves
    }
}

/// What [`Moves::iter`] would show for a slot without its move (none is ever made).
static NO_MOVE: NoMove = NoMove;

/// A move that is none.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct NoMove;

impl Action for NoMove {
    const KIND: &'static str = "NO_MOVE";
}

/// A vector of one action type, seen without its type.
trait KindList: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn get(&self, index: usize) -> Option<ActionRef<'_>>;
    fn clear(&mut self);
    fn to_any(&self, index: usize) -> Option<AnyAction>;
    fn dispatch(&self, index: usize, engine: &mut GameEngine) -> Result<Outcome, EngineError>;
    fn clone_box(&self) -> Box<dyn KindList>;
}

impl<A: Action> KindList for Vec<A> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    #[inline]
    fn get(&self, index: usize) -> Option<ActionRef<'_>> {
        self.as_slice().get(index).map(ActionRef::of)
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn to_any(&self, index: usize) -> Option<AnyAction> {
        self.as_slice().get(index).cloned().map(AnyAction::new)
    }
    fn dispatch(&self, index: usize, engine: &mut GameEngine) -> Result<Outcome, EngineError> {
        match self.as_slice().get(index) {
            Some(action) => engine.dispatch(action.clone()),
            None => Err(EngineError::InvalidAction {
                kind: A::KIND.to_string(),
                message: format!("no move {index}"),
            }),
        }
    }
    fn clone_box(&self) -> Box<dyn KindList> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PlayCard, Player, PlayerId};

    #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
    struct Knock;
    impl Action for Knock {
        const KIND: &'static str = "KNOCK";
    }

    fn p1() -> (GameEngine, PlayerId) {
        let mut engine = GameEngine::default();
        engine
            .create_game(vec![Player::new("p1", "Alice", 1)])
            .unwrap();
        let p1 = engine.state().player_id("p1").unwrap();
        (engine, p1)
    }

    #[test]
    fn moves_keep_their_listed_order_across_kinds_and_clears() {
        let (_, p1) = p1();
        let mut moves = Moves::new();
        for round in 0..3 {
            moves.clear();
            moves.push(PlayCard::new(p1, []));
            moves.push(Knock);
            moves.push(PlayCard::new(p1, []));
            let kinds: Vec<&str> = moves.iter().map(|m| m.kind()).collect();
            assert_eq!(kinds, ["PLAY_CARD", "KNOCK", "PLAY_CARD"], "{round}");
            assert_eq!(moves.lists.len(), 2);
        }
        moves.retain(|m| m.kind() == "PLAY_CARD");
        assert_eq!(moves.len(), 2);
        assert_eq!(moves.to_vec().len(), 2);
        assert!(moves.to_any(2).is_none());
        assert!(moves.get(2).is_none());
        let copy = moves.clone();
        assert_eq!(format!("{copy:?}"), format!("{moves:?}"));
    }

    #[test]
    fn a_move_that_is_not_listed_is_a_typed_error() {
        let (mut engine, _) = p1();
        let moves = Moves::new();
        assert!(matches!(
            engine.dispatch_move(&moves, 0),
            Err(EngineError::InvalidAction { .. })
        ));
    }
}

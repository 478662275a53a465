//! Actions: the [`Action`] trait, the type-erased [`AnyAction`] and [`ActionOrigin`].
//!
//! An action is a request to change the game ("play this card"). It goes through every
//! applicable [`Rule`](crate::Rule) and then to the one
//! [`ActionHandler`](crate::ActionHandler) registered for its kind.

use std::any::{Any, TypeId};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use crate::ids::PlayerId;
use crate::state::GameState;

/// A typed action with a stable kind string.
///
/// ```
/// use decklet_core::{Action, PlayerId};
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Clone, Debug, Serialize, Deserialize)]
/// #[serde(rename_all = "camelCase")]
/// struct Knock { player_id: PlayerId }
///
/// impl Action for Knock {
///     const KIND: &'static str = "KNOCK";
///     fn player_id(&self) -> Option<&PlayerId> { Some(&self.player_id) }
/// }
/// ```
pub trait Action: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static {
    /// The kind string, e.g. `"PLAY_CARD"`; the `"type"` of the JSON form.
    const KIND: &'static str;
    /// The acting player, if the action has one.
    fn player_id(&self) -> Option<&PlayerId> {
        None
    }

    /// Gives the action's ids the positions they have in `state`
    /// ([`GameState::locate_player`], [`GameState::locate_card`]): hints that make the
    /// rules' and handlers' lookups cheap. They never change what the action means (ids
    /// compare, hash and serialize as their text). Actions read from JSON have none; the
    /// engine calls this before it runs an action from outside. The default does nothing.
    fn locate_ids(&mut self, state: &GameState) {
        let _ = state;
    }
}

/// Where an action came from: the engine's caller, or a handler inside a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionOrigin {
    /// Passed to [`GameEngine::dispatch`](crate::GameEngine::dispatch) by the caller.
    External,
    /// Dispatched by a plugin's handler through [`GameContext::dispatch`](crate::GameContext::dispatch).
    Internal,
}

trait ErasedAction: Any + Debug + Send + Sync {
    fn player_id(&self) -> Option<&PlayerId>;
    fn locate_ids(&mut self, state: &GameState);
    fn payload_json(&self) -> serde_json::Value;
    fn clone_box(&self) -> Box<dyn ErasedAction>;
}

impl<A: Action> ErasedAction for A {
    fn player_id(&self) -> Option<&PlayerId> {
        Action::player_id(self)
    }
    fn locate_ids(&mut self, state: &GameState) {
        Action::locate_ids(self, state);
    }
    fn payload_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
    fn clone_box(&self) -> Box<dyn ErasedAction> {
        Box::new(self.clone())
    }
}

/// A type-erased action. Its JSON form is `{"type": KIND, "payload": {...}}`.
///
/// ```
/// use decklet_core::{AnyAction, PlayCard};
/// let action = AnyAction::new(PlayCard::new("p1", ["c1"]));
/// assert_eq!(action.kind(), "PLAY_CARD");
/// assert_eq!(action.player_id().map(|p| p.as_str()), Some("p1"));
/// assert_eq!(action.downcast_ref::<PlayCard>().map(|p| p.card_ids.len()), Some(1));
/// assert_eq!(action.to_json()["payload"]["cardIds"][0], "c1");
/// ```
pub struct AnyAction {
    kind: &'static str,
    type_id: TypeId,
    inner: Box<dyn ErasedAction>,
}

impl AnyAction {
    /// Erases a typed action.
    pub fn new<A: Action>(action: A) -> Self {
        AnyAction {
            kind: A::KIND,
            type_id: TypeId::of::<A>(),
            inner: Box::new(action),
        }
    }

    /// The kind string.
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The `TypeId` of the typed action inside.
    pub fn type_id(&self) -> TypeId {
        self.type_id
    }

    /// The acting player, if any.
    pub fn player_id(&self) -> Option<&PlayerId> {
        self.inner.player_id()
    }

    /// Gives the action's ids their positions in `state` (see [`Action::locate_ids`]).
    pub fn locate_ids(&mut self, state: &GameState) {
        self.inner.locate_ids(state);
    }

    /// Whether the action is an `A`.
    pub fn is<A: Action>(&self) -> bool {
        self.type_id == TypeId::of::<A>()
    }

    /// The typed action, if it is an `A`.
    pub fn downcast_ref<A: Action>(&self) -> Option<&A> {
        let any: &dyn Any = &*self.inner;
        any.downcast_ref::<A>()
    }

    /// The JSON form `{"type": KIND, "payload": {...}}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "type": self.kind, "payload": self.inner.payload_json() })
    }

    /// The payload alone, as JSON.
    pub fn payload_json(&self) -> serde_json::Value {
        self.inner.payload_json()
    }
}

impl<A: Action> From<A> for AnyAction {
    fn from(action: A) -> Self {
        AnyAction::new(action)
    }
}

impl Clone for AnyAction {
    fn clone(&self) -> Self {
        AnyAction {
            kind: self.kind,
            type_id: self.type_id,
            inner: self.inner.clone_box(),
        }
    }
}

impl Debug for AnyAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Debug::fmt(&self.inner, f)
    }
}

impl Serialize for AnyAction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use crate::{AnyAction, Card, CardTable, EngineConfig, GameEngine, PlayCard, Player};

    #[test]
    fn locating_ids_gives_positions_and_changes_nothing_else() {
        let mut engine = GameEngine::new(EngineConfig::default());
        let players = vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)];
        assert!(engine.create_game(players).is_ok());
        let mut state = engine.state().clone();
        state.cards = [Card::new("a", "x"), Card::new("b", "x")]
            .into_iter()
            .collect::<CardTable>();
        let mut action = AnyAction::new(PlayCard::new("p2", ["b", "zz"]));
        let before = action.to_json();
        action.locate_ids(&state);
        let play = action.downcast_ref::<PlayCard>();
        assert_eq!(play.map(|p| p.player_id.hint()), Some(Some(1)));
        let cards: Vec<_> = play
            .map(|p| {
                p.card_ids
                    .iter()
                    .map(|c| state.cards.own_position(c))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(
            cards,
            [Some(1), None],
            "a card the table lacks is left alone"
        );
        assert_eq!(action.to_json(), before);
        assert_eq!(play, Some(&PlayCard::new("p2", ["b", "zz"])));
    }
}

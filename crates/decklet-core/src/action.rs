//! Actions: the [`Action`] trait, [`ActionOrigin`], [`ActionRef`] (an action of any
//! kind, by reference) and the owned, type-erased [`AnyAction`].
//!
//! An action is a request to change the game ("play this card"). It goes through its
//! kind's [`Rule`](crate::Rule)s and then to the one
//! [`ActionHandler`](crate::ActionHandler) registered for its kind. The engine keeps
//! queued and logged actions typed, one queue per kind: dispatching allocates nothing.

use std::any::{Any, TypeId};
use std::fmt::Debug;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use crate::error::EngineError;
use crate::ids::PlayerId;
use crate::scope;
use crate::tables::Tables;

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
///     fn player_id(&self) -> Option<PlayerId> { Some(self.player_id) }
/// }
/// ```
pub trait Action: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static {
    /// The kind string, e.g. `"PLAY_CARD"`; the `"type"` of the JSON form.
    const KIND: &'static str;
    /// The acting player, if the action has one.
    fn player_id(&self) -> Option<PlayerId> {
        None
    }
    /// The action as one 64-bit code, if it has one ([`MoveCode`](crate::MoveCode)
    /// writes one field by field): a listed move of a kind that has codes is kept as
    /// its code, a small value, and made again when it is read or dispatched
    /// ([`Moves`](crate::Moves)). `None` (the default) keeps the move whole.
    ///
    /// ```
    /// use decklet_core::*;
    /// use serde::{Deserialize, Serialize};
    ///
    /// #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    /// struct Bid { player_id: PlayerId, tricks: u8 }
    /// impl Action for Bid {
    ///     const KIND: &'static str = "BID";
    ///     fn to_code(&self) -> Option<u64> {
    ///         Some(MoveCode::new().player(self.player_id)?.put(self.tricks.into(), 8)?.code())
    ///     }
    ///     fn from_code(code: u64) -> Option<Self> {
    ///         let mut fields = MoveCode::read(code);
    ///         Some(Bid { player_id: fields.player(), tricks: fields.take(8) as u8 })
    ///     }
    /// }
    /// # let mut engine = GameEngine::default();
    /// # engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// # let p1 = engine.state().player_id("p1").ok_or("no p1")?;
    /// let bid = Bid { player_id: p1, tricks: 7 };
    /// assert_eq!(bid.to_code().and_then(Bid::from_code), Some(bid));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_code(&self) -> Option<u64> {
        None
    }
    /// The action a code of [`to_code`](Self::to_code) stands for.
    fn from_code(code: u64) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = code;
        None
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

/// An action of any kind, by reference: what a rule that checks several kinds sees
/// (see [`Rule::for_kinds`](crate::Rule::for_kinds)).
///
/// ```
/// use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// let play = PlayCard::new(p1, []);
/// let seen = ActionRef::of(&play);
/// assert_eq!((seen.kind(), seen.player_id()), ("PLAY_CARD", Some(p1)));
/// assert_eq!(seen.downcast_ref::<PlayCard>(), Some(&play));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct ActionRef<'a>(&'a dyn ErasedAction);

impl<'a> ActionRef<'a> {
    /// A typed action seen as any action.
    #[inline(always)]
    pub fn of<A: Action>(action: &'a A) -> Self {
        ActionRef(action)
    }

    /// The kind string.
    #[inline]
    pub fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The acting player, if any.
    #[inline]
    pub fn player_id(&self) -> Option<PlayerId> {
        self.0.player()
    }

    /// The typed action, if it is an `A`.
    #[inline]
    pub fn downcast_ref<A: Action>(&self) -> Option<&'a A> {
        let any: &'a dyn Any = self.0;
        any.downcast_ref::<A>()
    }

    /// Whether the action is an `A`.
    #[inline]
    pub fn is<A: Action>(&self) -> bool {
        let any: &'a dyn Any = self.0;
        any.is::<A>()
    }

    /// An owned copy, of any kind (one allocation).
    pub fn to_any(&self) -> AnyAction {
        let any: &dyn Any = self.0;
        AnyAction {
            type_id: any.type_id(),
            inner: self.0.clone_box(),
            tables: None,
        }
    }
}

/// Written as [`AnyAction`] is: `{"type": KIND, "payload": {...}}`, its handles as
/// text only inside [`GameState::json_of`](crate::GameState::json_of).
impl Serialize for ActionRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        scope::serialize_typed(self.kind(), || self.0.payload_json(), None, serializer)
    }
}

impl Debug for ActionRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Debug::fmt(self.0, f)
    }
}

trait ErasedAction: Any + Debug + Send + Sync {
    fn kind(&self) -> &'static str;
    fn player(&self) -> Option<PlayerId>;
    fn payload_json(&self) -> Result<serde_json::Value, serde_json::Error>;
    fn clone_box(&self) -> Box<dyn ErasedAction>;
}

impl<A: Action> ErasedAction for A {
    fn kind(&self) -> &'static str {
        A::KIND
    }
    fn player(&self) -> Option<PlayerId> {
        Action::player_id(self)
    }
    fn payload_json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
    fn clone_box(&self) -> Box<dyn ErasedAction> {
        Box::new(self.clone())
    }
}

/// An owned action of any kind (one allocation): what comes out of JSON, goes into
/// [`GameEngine::dispatch_any`](crate::GameEngine::dispatch_any) and makes up a
/// [`ParsedLog`](crate::ParsedLog). Its JSON form is `{"type": KIND, "payload": {...}}`.
///
/// ```
/// use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// let action = AnyAction::new(PlayCard::new(p1, []));
/// assert_eq!(action.kind(), "PLAY_CARD");
/// assert_eq!(action.player_id(), Some(p1));
/// assert_eq!(engine.state().json_of(&action)?["payload"]["playerId"], "p1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AnyAction {
    type_id: TypeId,
    inner: Box<dyn ErasedAction>,
    /// The game it was read from, for writing it back as JSON.
    tables: Option<Arc<Tables>>,
}

impl AnyAction {
    /// Erases a typed action.
    pub fn new<A: Action>(action: A) -> Self {
        AnyAction {
            type_id: TypeId::of::<A>(),
            inner: Box::new(action),
            tables: None,
        }
    }

    pub(crate) fn in_game(mut self, tables: &Arc<Tables>) -> Self {
        self.tables = Some(Arc::clone(tables));
        self
    }

    /// The kind string.
    pub fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    /// The `TypeId` of the typed action inside.
    pub fn type_id(&self) -> TypeId {
        self.type_id
    }

    /// The acting player, if any.
    pub fn player_id(&self) -> Option<PlayerId> {
        self.inner.player()
    }

    /// The action by reference.
    pub fn as_ref(&self) -> ActionRef<'_> {
        ActionRef(&*self.inner)
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

    /// The typed action, moved out, if it is an `A`.
    pub(crate) fn into_typed<A: Action>(self) -> Option<A> {
        let any: Box<dyn Any> = self.inner;
        any.downcast::<A>().ok().map(|action| *action)
    }

    /// The JSON form `{"type": KIND, "payload": {...}}`, ids as text. An action read
    /// from JSON or a log knows its game; one made with [`AnyAction::new`] does not, and
    /// writes its handles only inside [`GameState::json_of`](crate::GameState::json_of):
    /// elsewhere a payload holding a handle is an error ([`EngineError::Json`]), never a
    /// silent `null`.
    ///
    /// ```
    /// use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
    /// let action = AnyAction::new(PlayCard::new(p1, []));
    /// assert!(action.to_json().is_err()); // which game's `p1`?
    /// assert_eq!(engine.state().json_of(&action)?["payload"]["playerId"], "p1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> Result<serde_json::Value, EngineError> {
        Ok(serde_json::json!({ "type": self.kind(), "payload": self.payload_json()? }))
    }

    /// The payload alone, as JSON (see [`to_json`](Self::to_json)).
    pub fn payload_json(&self) -> Result<serde_json::Value, EngineError> {
        let write = || self.inner.payload_json().map_err(EngineError::from);
        match &self.tables {
            Some(tables) => scope::with_tables(tables, write),
            None => write(),
        }
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
            type_id: self.type_id,
            inner: self.inner.clone_box(),
            tables: self.tables.clone(),
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
        scope::serialize_typed(
            self.kind(),
            || self.inner.payload_json(),
            self.tables.as_ref(),
            serializer,
        )
    }
}

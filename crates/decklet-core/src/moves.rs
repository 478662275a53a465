//! [`Moves`]: the moves a seat may make, each a small value ([`Move`]): what the
//! plugins list ([`GamePlugin::moves`](crate::GamePlugin::moves)), what a bot chooses
//! among and what the engine dispatches ([`GameEngine::dispatch_move`]).
//!
//! A listed move is its action kind's handle in the game (resolved when the game was
//! built) and the action's 64-bit code ([`Action::to_code`]): listing one copies two
//! numbers, and the typed action is made again only when the move is read or
//! dispatched, which follows the handle to the kind's rules and handler with no lookup.
//! An action with no code (one whose fields do not fit, or a kind that does not say)
//! is kept whole beside them. Pass the same list every time: clearing it keeps its
//! room, and listing then allocates nothing.

use std::any::TypeId;
use std::fmt::Debug;
use std::sync::Arc;

use crate::action::{Action, ActionRef, AnyAction};
use crate::engine::{GameEngine, Outcome};
use crate::error::EngineError;
use crate::ids::PlayerId;
use crate::kind_table::{Kind, Kinds};
use crate::position::Position;
use crate::registry::Vouched;

/// One listed move: its action kind in the game and the action's code, or the place
/// of an action kept whole. Two moves are equal when they are the same move of the
/// same list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(Slot);

/// A kind of action of one game, as a handle resolved when the game was built: what
/// a bot compares a listed move's kind with ([`Moves::move_kind`], [`Moves::kind_of`]),
/// an integer comparison. A handle means something in its game (and the lists of moves
/// that game filled: [`Moves::game_token`] tells them apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveKind(Kind);

/// Which game's kinds a list of moves holds (see [`Moves::game_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameToken(usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    /// An action of kind `kind`, as its code.
    Coded { kind: Kind, code: u64 },
    /// The action at `at` of the list's whole actions.
    Whole { at: u32 },
}

/// The moves of a seat, in the order they were listed.
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
/// assert_eq!(moves.kinds().collect::<Vec<_>>(), ["PLAY_CARD", "KNOCK"]);
/// assert_eq!(moves.get_as::<PlayCard>(0).map(|p| p.player_id), Some(p1));
/// moves.retain(|m| m.kind() != "PLAY_CARD");
/// assert_eq!(moves.kind(0), Some("KNOCK"));
/// # Ok::<(), EngineError>(())
/// ```
#[derive(Clone, Default)]
pub struct Moves {
    /// The moves in listed order.
    slots: Vec<Slot>,
    /// The actions kept whole (no code, or no game to give their kind).
    whole: Vec<AnyAction>,
    /// The kinds of the game that lists into it ([`Game::legal_moves`](crate::Game::legal_moves)
    /// sets them): a move is kept as a code only when its kind is known there.
    kinds: Option<Arc<Kinds>>,
    /// The kinds of the last types pushed (a game lists moves of a few kinds, over and
    /// over: each looked up once).
    known: [Option<(TypeId, Option<Kind>)>; KNOWN_TYPES],
    /// The engine position the list was listed at, by the engine itself
    /// ([`GameEngine::list_moves`]); any move added since makes it `None`.
    listed_at: Option<Position>,
}

/// How many types' kinds a list keeps at hand.
const KNOWN_TYPES: usize = 4;

impl Moves {
    /// An empty list (its moves kept whole until a game lists into it).
    pub fn new() -> Self {
        Moves::default()
    }

    /// An empty list for the moves of a game whose kinds are `kinds`.
    pub(crate) fn use_kinds(&mut self, kinds: &Arc<Kinds>) {
        let same = self.kinds.as_ref().is_some_and(|k| Arc::ptr_eq(k, kinds));
        if !same {
            self.kinds = Some(Arc::clone(kinds));
            self.known = [None; KNOWN_TYPES];
        }
    }

    /// Adds a move at the end.
    #[inline]
    pub fn push<A: Action>(&mut self, action: A) {
        let kind = self.kind_for::<A>();
        self.push_of(kind, action);
    }

    /// Adds the moves of `actions` at the end, in order.
    pub fn extend<A: Action>(&mut self, actions: impl IntoIterator<Item = A>) {
        let kind = self.kind_for::<A>();
        for action in actions {
            self.push_of(kind, action);
        }
    }

    /// The kind of `A` in the list's game, if known there.
    #[inline]
    fn kind_for<A: Action>(&mut self) -> Option<Kind> {
        let id = TypeId::of::<A>();
        for (known, kind) in self.known.iter().flatten() {
            if *known == id {
                return *kind;
            }
        }
        self.look_up(id)
    }

    /// The kind of type `id`, looked up and kept at hand (the oldest kept gives way).
    #[cold]
    fn look_up(&mut self, id: TypeId) -> Option<Kind> {
        let kind = self
            .kinds
            .as_ref()
            .and_then(|kinds| kinds.of(id).filter(|k| kinds.action_ops(*k).is_some()));
        self.known.rotate_right(1);
        self.known[0] = Some((id, kind));
        kind
    }

    /// Adds a move of any kind, kept whole (an action read from JSON, say).
    pub fn push_any(&mut self, action: AnyAction) {
        self.listed_at = None;
        self.whole.push(action);
        self.slots.push(Slot::Whole {
            at: (self.whole.len() - 1) as u32,
        });
    }

    /// Adds a move of kind `A` given as its code (what `A::to_code` gives for it): for
    /// a plugin that lists many moves and writes their codes itself, as UNO lists its
    /// plays ([`PlayCard::code_of_one`](crate::PlayCard::code_of_one)).
    #[inline]
    pub fn push_code<A: Action>(&mut self, code: u64) {
        self.listed_at = None;
        match self.kind_for::<A>() {
            Some(kind) => self.slots.push(Slot::Coded { kind, code }),
            None => {
                if let Some(action) = A::from_code(code) {
                    self.push_of(None, action);
                }
            }
        }
    }

    #[inline]
    fn push_of<A: Action>(&mut self, kind: Option<Kind>, action: A) {
        self.listed_at = None;
        let slot = match (kind, action.to_code()) {
            (Some(kind), Some(code)) => Slot::Coded { kind, code },
            _ => {
                self.whole.push(AnyAction::new(action));
                Slot::Whole {
                    at: (self.whole.len() - 1) as u32,
                }
            }
        };
        self.slots.push(slot);
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there is none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Removes every move, keeping the room they took.
    #[inline]
    pub fn clear(&mut self) {
        self.slots.clear();
        self.whole.clear();
        self.listed_at = None;
    }

    /// The move at `index`.
    #[inline]
    pub fn at(&self, index: usize) -> Option<Move> {
        self.slots.get(index).copied().map(Move)
    }

    /// Whether the move at `index` is an `A` (`false` past the end): told by its kind,
    /// without making the action.
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
        match self.slots.get(index) {
            Some(Slot::Coded { kind, .. }) => self
                .kinds
                .as_ref()
                .is_some_and(|kinds| kinds.is_of(*kind, TypeId::of::<A>())),
            Some(Slot::Whole { at }) => {
                self.whole.get(*at as usize).is_some_and(AnyAction::is::<A>)
            }
            None => false,
        }
    }

    /// The move at `index`, made again as an `A`, if it is one.
    #[inline]
    pub fn get_as<A: Action>(&self, index: usize) -> Option<A> {
        match self.slots.get(index)? {
            Slot::Coded { kind, code } => {
                let kinds = self.kinds.as_ref()?;
                match kinds.is_of(*kind, TypeId::of::<A>()) {
                    true => A::from_code(*code),
                    false => None,
                }
            }
            Slot::Whole { at } => self.whole.get(*at as usize)?.downcast_ref::<A>().cloned(),
        }
    }

    /// The kind of the move at `index`, as a handle of its game (`None` for a move kept
    /// whole, or past the end).
    #[inline]
    pub fn move_kind(&self, index: usize) -> Option<MoveKind> {
        match self.slots.get(index)? {
            Slot::Coded { kind, .. } => Some(MoveKind(*kind)),
            Slot::Whole { .. } => None,
        }
    }

    /// The code of the move at `index` ([`Action::to_code`]), if it is kept as one: with
    /// [`move_kind`](Self::move_kind), what the move is across lists of one game (a
    /// search tells the moves of its sampled worlds apart by them).
    #[inline]
    pub fn code(&self, index: usize) -> Option<u64> {
        match self.slots.get(index)? {
            Slot::Coded { code, .. } => Some(*code),
            Slot::Whole { .. } => None,
        }
    }

    /// The handle of action kind `A` in the game that listed these moves, if that game
    /// has it.
    pub fn kind_of<A: Action>(&self) -> Option<MoveKind> {
        let kinds = self.kinds.as_ref()?;
        let kind = kinds.of(TypeId::of::<A>())?;
        kinds.action_ops(kind).map(|_| MoveKind(kind))
    }

    /// Which game listed these moves: two lists with the same token hold the handles of
    /// the same game's kinds (a bot keeps the handles it resolved with the token, and
    /// resolves them again when the token changes). `None` before a game listed any.
    #[inline]
    pub fn game_token(&self) -> Option<GameToken> {
        self.kinds
            .as_ref()
            .map(|k| GameToken(Arc::as_ptr(k) as usize))
    }

    /// The kind string of the move at `index`.
    #[inline]
    pub fn kind(&self, index: usize) -> Option<&'static str> {
        match self.slots.get(index)? {
            Slot::Coded { kind, .. } => self.kinds.as_ref()?.names.get(kind.index()).copied(),
            Slot::Whole { at } => self.whole.get(*at as usize).map(AnyAction::kind),
        }
    }

    /// The kind strings of the moves, in order.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = &'static str> + '_ {
        (0..self.len()).map(|i| self.kind(i).unwrap_or(""))
    }

    /// `f` of the move at `index`, seen as an action of any kind (made again on the
    /// stack, no allocation); `None` past the end.
    pub fn with<R>(&self, index: usize, f: impl FnOnce(ActionRef<'_>) -> R) -> Option<R> {
        match self.slots.get(index)? {
            Slot::Coded { kind, code } => {
                let ops = self.kinds.as_ref()?.action_ops(*kind)?;
                let mut f = Some(f);
                let mut out = None;
                ops.with_code(*code, &mut |action| {
                    if let Some(f) = f.take() {
                        out = Some(f(action));
                    }
                });
                out
            }
            Slot::Whole { at } => self.whole.get(*at as usize).map(|a| f(a.as_ref())),
        }
    }

    /// `f` of each move seen as an action of any kind, in order (each made again on
    /// the stack as it is reached).
    ///
    /// ```
    /// # use decklet_core::*;
    /// # let mut engine = GameEngine::default();
    /// # engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// # let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    /// let moves = Moves::from(vec![PlayCard::new(p1, []), PlayCard::new(p1, [])]);
    /// let players: Vec<_> = moves.each(|m| m.player_id()).collect();
    /// assert_eq!(players, [Some(p1), Some(p1)]);
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn each<'m, R>(
        &'m self,
        mut f: impl FnMut(ActionRef<'_>) -> R + 'm,
    ) -> impl Iterator<Item = R> + 'm {
        (0..self.len()).filter_map(move |index| self.with(index, &mut f))
    }

    /// Calls `f` with each move's index and the move seen as an action of any kind, in
    /// order.
    pub fn for_each(&self, mut f: impl FnMut(usize, ActionRef<'_>)) {
        for index in 0..self.len() {
            self.with(index, |action| f(index, action));
        }
    }

    /// Keeps only the moves for which `keep` says yes, in their order: how a plugin
    /// that changes an earlier plugin's rules withdraws the moves they now refuse.
    pub fn retain(&mut self, mut keep: impl FnMut(ActionRef<'_>) -> bool) {
        let mut kept = Vec::with_capacity(self.slots.len());
        for index in 0..self.slots.len() {
            if self.with(index, &mut keep) == Some(true)
                && let Some(slot) = self.slots.get(index)
            {
                kept.push(*slot);
            }
        }
        self.slots = kept;
    }

    /// The move at `index` as an owned action of any kind (one allocation): for a
    /// message, a log, JSON.
    pub fn to_any(&self, index: usize) -> Option<AnyAction> {
        match self.slots.get(index)? {
            Slot::Coded { kind, code } => {
                self.kinds.as_ref()?.action_ops(*kind)?.any_of_code(*code)
            }
            Slot::Whole { at } => self.whole.get(*at as usize).cloned(),
        }
    }

    /// Every move as an owned action of any kind, in order.
    pub fn to_vec(&self) -> Vec<AnyAction> {
        (0..self.len()).filter_map(|i| self.to_any(i)).collect()
    }

    /// Whether `engine` listed these moves itself ([`GameEngine::list_moves`]) at the
    /// position it is at now, with nothing added since: then dispatching one of them
    /// ([`GameEngine::dispatch_move`]) does not ask its rules again (in a release
    /// build). `false` once the engine has moved on, or for a list filled otherwise.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    /// let mut moves = Moves::new();
    /// engine.list_moves(p1, &mut moves);
    /// assert!(moves.listed_by(&engine));
    /// engine.start()?;
    /// assert!(!moves.listed_by(&engine));
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn listed_by(&self, engine: &GameEngine) -> bool {
        self.listed_at == Some(engine.position)
    }

    /// What vouches for a move of this list on `engine`: the listing, when
    /// [`listed_by`](Self::listed_by) it; else the rules.
    #[inline]
    fn vouched_on(&self, engine: &GameEngine) -> Vouched {
        match self.listed_by(engine) {
            true => Vouched::Listing,
            false => Vouched::Rules,
        }
    }

    /// Dispatches the move at `index` on `engine`.
    pub(crate) fn dispatch_on(
        &self,
        index: usize,
        engine: &mut GameEngine,
    ) -> Result<Outcome, EngineError> {
        let not_listed = || EngineError::InvalidAction {
            kind: "move".to_string(),
            message: format!("no move {index}: {} listed", self.len()),
        };
        match self.slots.get(index).ok_or_else(not_listed)? {
            Slot::Coded { kind, code } => {
                let kinds = self.kinds.as_ref().ok_or_else(not_listed)?;
                let ops = kinds.action_ops(*kind).ok_or_else(not_listed)?;
                // listed in the engine's game: its kind's handle is the engine's too
                match Arc::ptr_eq(kinds, engine.game().kinds()) {
                    true => ops.dispatch_code(*kind, *code, engine, self.vouched_on(engine)),
                    false => {
                        let action = ops.any_of_code(*code).ok_or_else(not_listed)?;
                        engine.dispatch_any(action)
                    }
                }
            }
            Slot::Whole { at } => {
                let action = self.whole.get(*at as usize).ok_or_else(not_listed)?;
                engine.dispatch_any(action.clone())
            }
        }
    }
}

/// Dispatching a listed move is the engine's, written here so that the engine knows
/// nothing of move lists.
impl GameEngine {
    /// Dispatches the move at `index` of `moves` (the seat's listed moves,
    /// [`Game::legal_moves`](crate::Game::legal_moves)) as
    /// [`dispatch`](GameEngine::dispatch) does: the action is made from the move's code
    /// and run by its kind, found by the handle it was listed with (no copy of a listed
    /// action, no lookup of its kind). An index past the list is
    /// [`EngineError::InvalidAction`].
    #[inline]
    pub fn dispatch_move(&mut self, moves: &Moves, index: usize) -> Result<Outcome, EngineError> {
        moves.dispatch_on(index, self)
    }

    /// Lists into `moves` the moves `seat` may make now, as
    /// [`Game::legal_moves`](crate::Game::legal_moves) does for this engine's state,
    /// and marks the list as the engine's own at this position. Until the engine moves
    /// on (any tick, a game created, a position adopted) or a move is added to the
    /// list, [`dispatch_move`](Self::dispatch_move) of one of its moves does not ask
    /// the kind's rules again: every move a game lists is one its rules accept (the
    /// contract of [`GamePlugin::moves`](crate::GamePlugin::moves), which the kit check
    /// of `decklet-bots` proves on random positions), so the answer is known. Debug
    /// builds ask them all the same, and report a refusal as they would any. A list
    /// filled any other way, or kept past a change, is checked by the rules as usual.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    /// let mut moves = Moves::new();
    /// engine.list_moves(p1, &mut moves);
    /// assert!(moves.is_empty()); // a game of no plugin lists no move
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn list_moves(&self, seat: PlayerId, moves: &mut Moves) {
        self.game.legal_moves(&self.state, seat, moves);
        moves.listed_at = Some(self.position);
    }
}

impl Debug for Moves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut list = f.debug_list();
        for index in 0..self.len() {
            match self.with(index, |action| format!("{action:?}")) {
                Some(shown) => list.entry(&format_args!("{shown}")),
                None => list.entry(&self.at(index)),
            };
        }
        list.finish()
    }
}

impl<A: Action> From<Vec<A>> for Moves {
    fn from(actions: Vec<A>) -> Self {
        let mut moves = Moves::new();
        moves.extend(actions);
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameState, PlayCard, Player, PlayerId};

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

    /// A list vouches for its moves only on the engine that listed it, at the position
    /// it listed it at, with nothing added since.
    #[test]
    fn a_list_vouches_for_its_moves_only_where_and_while_it_was_listed() {
        let (mut engine, p1) = p1();
        let mut moves = Moves::new();
        assert_eq!(moves.vouched_on(&engine), Vouched::Rules, "never listed");
        engine.list_moves(p1, &mut moves);
        assert_eq!(moves.vouched_on(&engine), Vouched::Listing);
        let fork = engine.fork();
        assert_eq!(moves.vouched_on(&fork), Vouched::Rules, "another engine");
        let copy = moves.clone();
        assert_eq!(
            copy.vouched_on(&engine),
            Vouched::Listing,
            "a copy of the list"
        );
        moves.retain(|_| true);
        assert_eq!(moves.vouched_on(&engine), Vouched::Listing, "fewer moves");
        moves.push(Knock);
        assert_eq!(moves.vouched_on(&engine), Vouched::Rules, "a move added");
        engine.list_moves(p1, &mut moves);
        engine.start().unwrap();
        assert_eq!(moves.vouched_on(&engine), Vouched::Rules, "a tick since");
        engine.list_moves(p1, &mut moves);
        assert!(
            engine.dispatch(Knock).is_err(),
            "no kind KNOCK in this game"
        );
        assert_eq!(
            moves.vouched_on(&engine),
            Vouched::Listing,
            "refused before any tick: nothing changed"
        );
        engine.list_moves(p1, &mut moves);
        let position = GameState::from_json(&engine.state().to_json().unwrap()).unwrap();
        engine.load_state(position).unwrap();
        assert_eq!(
            moves.vouched_on(&engine),
            Vouched::Rules,
            "a position adopted"
        );
        engine.list_moves(p1, &mut moves);
        engine
            .create_game(vec![Player::new("p1", "Alice", 1)])
            .unwrap();
        assert_eq!(moves.vouched_on(&engine), Vouched::Rules, "a game created");
        engine.list_moves(p1, &mut moves);
        moves.clear();
        assert_eq!(moves.vouched_on(&engine), Vouched::Rules, "cleared");
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
            let kinds: Vec<&str> = moves.kinds().collect();
            assert_eq!(kinds, ["PLAY_CARD", "KNOCK", "PLAY_CARD"], "{round}");
        }
        moves.retain(|m| m.kind() == "PLAY_CARD");
        assert_eq!(moves.len(), 2);
        assert_eq!(moves.to_vec().len(), 2);
        assert!(moves.to_any(2).is_none());
        assert!(moves.kind(2).is_none());
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

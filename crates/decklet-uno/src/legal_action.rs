//! UNO's moves as values: [`LegalAction`], the vocabulary in which UNO and its house
//! rules list what a seat may do ([`legal_actions`](crate::legal_actions)), with the
//! engine action each one is, and [`candidate_actions`], every move a seat might try.
//! The house rules' moves (swapping hands, answering a wild draw four, calling and
//! catching) are words of this vocabulary; *when* each is legal is decided in the rule's
//! own module.

use decklet_core::{
    Action, ActionRef, AnyAction, CardId, EngineError, GameEngine, GameState, Moves, Outcome,
    PlayCard, PlayerId,
};
use decklet_plugins::{DrawCard, EndTurn, create_draw_card_action, create_end_turn_action};

use crate::actions::ChooseColor;
use crate::cards::UnoColor;
use crate::house::{AcceptDrawFour, CallUno, CatchUno, Challenge, SwapHands};

/// The `UNO_SWAP_HANDS` action of `player` taking `target`'s hand.
fn swap(player: PlayerId, target: PlayerId) -> SwapHands {
    SwapHands {
        player_id: player,
        target_player_id: target,
    }
}

/// The `UNO_CATCH` action of `player` catching `target`.
fn catch(player: PlayerId, target: PlayerId) -> CatchUno {
    CatchUno {
        player_id: player,
        target_player_id: target,
    }
}

/// Where [`LegalAction::send`] hands a typed engine action.
trait Sink {
    type Out;
    fn take<A: Action>(self, action: A) -> Self::Out;
}

/// Erases it ([`LegalAction::to_action`]).
struct Erase;

impl Sink for Erase {
    type Out = AnyAction;
    fn take<A: Action>(self, action: A) -> AnyAction {
        AnyAction::new(action)
    }
}

/// Lists it ([`LegalAction::push_to`]).
impl Sink for &mut Moves {
    type Out = ();
    fn take<A: Action>(self, action: A) {
        self.push(action);
    }
}

/// Dispatches it ([`LegalAction::dispatch`]).
impl Sink for &mut GameEngine {
    type Out = Result<Outcome, EngineError>;
    fn take<A: Action>(self, action: A) -> Self::Out {
        self.dispatch(action)
    }
}

/// An external action a player may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegalAction {
    /// Play this card.
    Play(CardId),
    /// Choose the colour of the wild just played.
    ChooseColor(UnoColor),
    /// Take this player's hand, after a 7 (the *seven-zero* house rule).
    SwapHands(PlayerId),
    /// Accept the wild draw four just played (the challenge rule).
    AcceptDrawFour,
    /// Challenge the wild draw four just played (the challenge rule).
    Challenge,
    /// Draw one card.
    Draw,
    /// End the turn (after drawing).
    EndTurn,
    /// Call UNO (calling UNO, an official rule).
    CallUno,
    /// Catch this player, who did not call UNO (calling UNO).
    CatchUno(PlayerId),
}

impl LegalAction {
    /// Hands the engine action for `player`, typed, to `sink`: the one place that
    /// says which engine action each move is.
    fn send<S: Sink>(&self, player: PlayerId, sink: S) -> S::Out {
        match *self {
            LegalAction::Play(card) => sink.take(PlayCard::new(player, [card])),
            LegalAction::ChooseColor(color) => sink.take(ChooseColor::new(player, color)),
            LegalAction::SwapHands(target) => sink.take(swap(player, target)),
            LegalAction::AcceptDrawFour => sink.take(AcceptDrawFour { player_id: player }),
            LegalAction::Challenge => sink.take(Challenge { player_id: player }),
            LegalAction::Draw => sink.take(create_draw_card_action(player, 1)),
            LegalAction::EndTurn => sink.take(create_end_turn_action(player)),
            LegalAction::CallUno => sink.take(CallUno { player_id: player }),
            LegalAction::CatchUno(target) => sink.take(catch(player, target)),
        }
    }

    /// The engine action for `player`, type-erased.
    pub fn to_action(&self, player: PlayerId) -> AnyAction {
        self.send(player, Erase)
    }

    /// Adds the engine action for `player` to a seat's listed moves, typed.
    pub fn push_to(&self, player: PlayerId, moves: &mut Moves) {
        self.send(player, moves);
    }

    /// The move an engine action is, if it is one of UNO's (the inverse of
    /// [`to_action`](Self::to_action), whoever's action it is): how a bot of any game
    /// (`decklet_bots::Bot`), handed the listed moves as engine actions, reads them in
    /// UNO's words.
    ///
    /// ```
    /// use decklet_uno::{LegalAction, UnoColor, new_uno_engine, uno_game};
    /// let engine = new_uno_engine(&uno_game(&[])?, 1, 2)?;
    /// let state = engine.state();
    /// let p1 = state.player_id("p1").ok_or("no p1")?;
    /// let card = state.hand(p1)[0];
    /// for action in [
    ///     LegalAction::Play(card),
    ///     LegalAction::Draw,
    ///     LegalAction::ChooseColor(UnoColor::Blue),
    ///     LegalAction::CatchUno(p1),
    /// ] {
    ///     assert_eq!(LegalAction::of_action(action.to_action(p1).as_ref()), Some(action));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_action(action: ActionRef<'_>) -> Option<LegalAction> {
        if let Some(play) = action.downcast_ref::<PlayCard>() {
            return match play.card_ids.as_slice() {
                [card] => Some(LegalAction::Play(*card)),
                _ => None,
            };
        }
        if let Some(choice) = action.downcast_ref::<ChooseColor>() {
            return choice.color.parse().ok().map(LegalAction::ChooseColor);
        }
        if let Some(swap) = action.downcast_ref::<SwapHands>() {
            return Some(LegalAction::SwapHands(swap.target_player_id));
        }
        if action.is::<AcceptDrawFour>() {
            return Some(LegalAction::AcceptDrawFour);
        }
        if action.is::<Challenge>() {
            return Some(LegalAction::Challenge);
        }
        if let Some(draw) = action.downcast_ref::<DrawCard>() {
            return (draw.count == 1).then_some(LegalAction::Draw);
        }
        if action.is::<EndTurn>() {
            return Some(LegalAction::EndTurn);
        }
        if action.is::<CallUno>() {
            return Some(LegalAction::CallUno);
        }
        action
            .downcast_ref::<CatchUno>()
            .map(|catch| LegalAction::CatchUno(catch.target_player_id))
    }

    /// The move at `index` of a seat's listed moves, if it is one of UNO's: what
    /// [`of_action`](Self::of_action) says of it, read from the list by type (the
    /// commonest kinds first) without looking each kind up on the move.
    ///
    /// ```
    /// use decklet_core::Moves;
    /// use decklet_uno::{LegalAction, legal_actions, new_uno_engine, uno_game};
    /// let engine = new_uno_engine(&uno_game(&[])?, 1, 2)?;
    /// let (state, game) = (engine.state(), engine.game());
    /// let p1 = state.current_player().ok_or("nobody's turn")?;
    /// let mut moves = Moves::new();
    /// game.legal_moves(state, p1, &mut moves);
    /// let read: Vec<_> = (0..moves.len()).filter_map(|i| LegalAction::of_move(&moves, i)).collect();
    /// assert_eq!(read, legal_actions(state, p1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn of_move(moves: &Moves, index: usize) -> Option<LegalAction> {
        if let Some(play) = moves.get_as::<PlayCard>(index) {
            return match play.card_ids.as_slice() {
                [card] => Some(LegalAction::Play(*card)),
                _ => None,
            };
        }
        if let Some(draw) = moves.get_as::<DrawCard>(index) {
            return (draw.count == 1).then_some(LegalAction::Draw);
        }
        if moves.is::<EndTurn>(index) {
            return Some(LegalAction::EndTurn);
        }
        if let Some(choice) = moves.get_as::<ChooseColor>(index) {
            return choice.color.parse().ok().map(LegalAction::ChooseColor);
        }
        moves.with(index, LegalAction::of_action).flatten()
    }

    /// Dispatches the action for `player` ([`GameEngine::dispatch`]).
    pub fn dispatch(
        &self,
        engine: &mut GameEngine,
        player: PlayerId,
    ) -> Result<Outcome, EngineError> {
        self.send(player, engine)
    }

    /// A short description: `play red 7`, `choose blue`, `draw` (`take the penalty
    /// (draw 4)` while a stacked penalty is pending), `end turn`.
    pub fn describe(&self, state: &GameState) -> String {
        match *self {
            LegalAction::Play(card) => match crate::state::card_view(state, card) {
                Some(view) => format!("play {view}"),
                None => format!("play {}", state.id_text(card)),
            },
            LegalAction::ChooseColor(color) => format!("choose {color}"),
            LegalAction::SwapHands(target) => format!("swap hands with {}", state.id_text(target)),
            LegalAction::AcceptDrawFour => "accept the wild draw four".to_string(),
            LegalAction::Challenge => "challenge the wild draw four".to_string(),
            LegalAction::Draw => match crate::state::pending_draw(state) {
                0 => "draw".to_string(),
                n => format!("take the penalty (draw {n})"),
            },
            LegalAction::EndTurn => "end turn".to_string(),
            LegalAction::CallUno => "call UNO".to_string(),
            LegalAction::CatchUno(target) => {
                format!("catch {} (no UNO called)", state.id_text(target))
            }
        }
    }
}

/// Every action a player might try now, legal or not (each card in hand, each colour,
/// a draw, ending the turn): what property tests dispatch to check that
/// [`legal_actions`](crate::legal_actions) is exactly what the engine accepts.
pub fn candidate_actions(state: &GameState, player: PlayerId) -> Vec<LegalAction> {
    let mut out: Vec<LegalAction> = state
        .hand(player)
        .iter()
        .map(|card| LegalAction::Play(*card))
        .collect();
    out.extend(UnoColor::ALL.map(LegalAction::ChooseColor));
    out.extend(
        state
            .players()
            .filter(|p| *p != player)
            .map(LegalAction::SwapHands),
    );
    out.push(LegalAction::Draw);
    out.push(LegalAction::EndTurn);
    out.push(LegalAction::AcceptDrawFour);
    out.push(LegalAction::Challenge);
    out.push(LegalAction::CallUno);
    out.extend(
        state
            .players()
            .filter(|p| *p != player)
            .map(LegalAction::CatchUno),
    );
    out
}

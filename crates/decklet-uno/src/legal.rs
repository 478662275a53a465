//! UNO's legality, in one place: whether a card may go on the pile, whether a wild draw
//! four may be played, what a player may do at this point of the turn, and the list of
//! legal actions. The rules (`rules.rs`) ask these functions and turn a refusal into a
//! rejection; [`legal_actions`] and the bots list what they allow. Nothing else decides.
//!
//! ```
//! use decklet_uno::{legal_actions, new_uno_engine, LegalAction, uno_game};
//! let engine = new_uno_engine(&uno_game(&[])?, 7, 3)?;
//! let state = engine.state();
//! let player = state.current_player().ok_or("nobody's turn")?;
//! let moves = legal_actions(state, player);
//! assert!(moves.contains(&LegalAction::Draw)); // before drawing, drawing is always legal
//! // everyone else has nothing to do
//! for other in state.players().filter(|p| *p != player) {
//!     assert!(legal_actions(state, other).is_empty());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use decklet_core::{
    ActionOrigin, ActionRef, AnyAction, CardId, EngineError, GameEngine, GameState, GameStatus,
    Outcome, PlayCard, PlayerId,
};
use decklet_plugins::{DrawCard, EndTurn, create_draw_card_action, create_end_turn_action};

use crate::actions::{ChooseColor, UNO_FLIP_INITIAL_ACTION};
use crate::cards::{UnoCard, UnoColor, UnoFace};
use crate::house::{
    AcceptDrawFour, CallUno, CatchUno, Challenge, SwapHands, UNO_CALL_ACTION, UNO_CATCH_ACTION,
    answers_penalty, catch_target, is_challenge_pending, is_swap_pending, jump_in_cards,
    may_call_uno, swap_targets,
};
use crate::state::{
    UnoTable, current_color, drawn_this_turn, holds_color, is_color_pending, pending_draw,
    uno_table,
};

/// Why something is not allowed, in words a player understands.
pub type Refusal = Box<str>;

/// What decides whether a card may go on the discard pile now: the colour in force and
/// the top card's face.
#[derive(Clone, Copy, Debug)]
pub struct Pile<'s> {
    table: &'s UnoTable,
    /// The colour in force.
    pub color: UnoColor,
    /// The top card's face (`None`: no UNO card on top).
    pub top: Option<UnoFace>,
}

impl<'s> Pile<'s> {
    /// The pile of `state`, whose UNO table is `table` ([`uno_table`]); `None` before
    /// the initial flip.
    #[inline(always)]
    pub fn of(state: &GameState, table: &'s UnoTable) -> Option<Pile<'s>> {
        let color = current_color(state)?;
        let top = state
            .top(table.discard)
            .and_then(|card| table.card(card))
            .map(|view| view.face);
        Some(Pile { table, color, top })
    }

    /// Whether `card` may go on the pile: same colour as the one in force, same face as
    /// the top card, or a wild (rule `canPlayCard`).
    #[inline]
    pub fn matches(&self, card: CardId) -> bool {
        self.table
            .card(card)
            .is_some_and(|view| view.matches(self.color, self.top))
    }

    /// Whether `card` is a wild draw four `player` may not play now: they hold a card of
    /// the colour in force (rule `canPlayWildDrawFour`).
    #[inline]
    pub fn wild_draw_four_held_back(
        &self,
        state: &GameState,
        player: PlayerId,
        card: CardId,
    ) -> bool {
        self.table
            .card(card)
            .is_some_and(|view| self.holds_back(state, player, view))
    }

    /// [`wild_draw_four_held_back`](Self::wild_draw_four_held_back), for a card whose
    /// view is `view`.
    #[inline]
    fn holds_back(&self, state: &GameState, player: PlayerId, view: UnoCard) -> bool {
        view.face == UnoFace::WildDraw4 && holds_color(state, self.table, player, self.color)
    }

    /// Whether `player` may play `card` on this pile (both rules above).
    #[inline]
    pub fn playable(&self, state: &GameState, player: PlayerId, card: CardId) -> bool {
        self.playable_with(state, player, card, false)
    }

    /// [`playable`](Self::playable), where with `bluffs` a wild draw four may be played
    /// whatever the hand holds (the challenge rule replaces `canPlayWildDrawFour`).
    #[inline]
    pub fn playable_with(
        &self,
        state: &GameState,
        player: PlayerId,
        card: CardId,
        bluffs: bool,
    ) -> bool {
        // both rules, on the card's view read once
        self.table.card(card).is_some_and(|view| {
            view.matches(self.color, self.top) && (bluffs || !self.holds_back(state, player, view))
        })
    }
}

/// Whether `player` may play `card` on the pile now (both rules of [`Pile::playable`],
/// the second not under the challenge rule); `false` before the initial flip or for a
/// card UNO does not know.
pub fn playable_now(state: &GameState, player: PlayerId, card: CardId) -> bool {
    let Some(table) = uno_table(state) else {
        return false;
    };
    let bluffs = table.rules.wd4_challenge;
    Pile::of(state, &table).is_some_and(|pile| pile.playable_with(state, player, card, bluffs))
}

/// Rule `canPlayCard`: the card matches the colour in force or the top card's face, or
/// is a wild.
pub fn check_matches_pile(state: &GameState, card: CardId) -> Result<(), Refusal> {
    let table = uno_table(state);
    let Some((table, view)) = table.as_deref().and_then(|t| Some((t, t.card(card)?))) else {
        return Err(format!("{} is not an UNO card", state.id_text(card)).into());
    };
    let Some(pile) = Pile::of(state, table) else {
        return Err("no card has been flipped yet".into());
    };
    if view.matches(pile.color, pile.top) {
        return Ok(());
    }
    let top = state
        .top(pile.table.discard)
        .and_then(|top| pile.table.card(top))
        .map_or_else(|| "nothing".to_string(), |top| top.to_string());
    Err(format!(
        "{view} matches neither the colour in force ({}) nor the top card ({top})",
        pile.color
    )
    .into())
}

/// Rule `canPlayWildDrawFour`: a wild draw four only when the player holds no card of
/// the colour in force.
pub fn check_wild_draw_four(
    state: &GameState,
    player: PlayerId,
    card: CardId,
) -> Result<(), Refusal> {
    let Some(table) = uno_table(state) else {
        return Ok(());
    };
    if table
        .card(card)
        .is_none_or(|view| view.face != UnoFace::WildDraw4)
    {
        return Ok(());
    }
    match Pile::of(state, &table) {
        Some(pile) if pile.wild_draw_four_held_back(state, player, card) => Err(format!(
            "a wild draw four may only be played when you hold no {} card",
            pile.color
        )
        .into()),
        _ => Ok(()),
    }
}

/// Whether an action kind is a side action, not a move of the turn: calling UNO and
/// catching a player who did not (`UNO_CALL`, `UNO_CATCH`). The rules that hold the
/// turn's order (`turnDiscipline`, and under the optional rules `swapPending` and
/// `challengePending`) let side actions through; their own rules decide.
pub fn is_side_action(kind: &str) -> bool {
    matches!(kind, UNO_CALL_ACTION | UNO_CATCH_ACTION)
}

/// Rule `turnDiscipline`, for actions from outside the engine (side actions
/// excepted, [`is_side_action`]): while a colour is
/// pending only `CHOOSE_COLOR`; nobody flips the initial card; a player draws one card,
/// on their own turn, once; after drawing they may play only the card drawn, or end
/// the turn; ending the turn needs a draw first.
pub fn check_turn_discipline(
    action: ActionRef<'_>,
    origin: ActionOrigin,
    state: &GameState,
) -> Result<(), Refusal> {
    if origin == ActionOrigin::Internal {
        return Ok(());
    }
    // the turn's own moves, told by their types, the most frequent first
    if let Some(play) = action.downcast_ref::<PlayCard>() {
        no_colour_pending(state)?;
        return match drawn_this_turn(state, play.player_id) {
            None => Ok(()),
            Some(Some(drawn)) if play.card_ids.as_slice() == [drawn] => Ok(()),
            Some(_) => Err("after drawing you may only play the card you drew".into()),
        };
    }
    if let Some(draw) = action.downcast_ref::<DrawCard>() {
        no_colour_pending(state)?;
        if state.current_player() != Some(draw.player_id) {
            return Err("you can only draw on your own turn".into());
        }
        if draw.count != 1 {
            return Err("draw one card at a time".into());
        }
        if drawn_this_turn(state, draw.player_id).is_some() {
            return Err("you have already drawn this turn".into());
        }
        return Ok(());
    }
    if let Some(end) = action.downcast_ref::<EndTurn>() {
        no_colour_pending(state)?;
        return match drawn_this_turn(state, end.player_id) {
            Some(_) => Ok(()),
            None => Err("draw a card before ending your turn".into()),
        };
    }
    if action.downcast_ref::<ChooseColor>().is_some() {
        return Ok(());
    }
    // any other kind: side actions pass; the rest waits for a colour; nobody flips
    let kind = action.kind();
    if is_side_action(kind) {
        return Ok(());
    }
    no_colour_pending(state)?;
    if kind == UNO_FLIP_INITIAL_ACTION {
        return Err("the initial card is flipped by the game, not by a player".into());
    }
    Ok(())
}

/// Refuses every move but choosing a colour while a colour choice is pending.
#[inline]
fn no_colour_pending(state: &GameState) -> Result<(), Refusal> {
    if is_color_pending(state) {
        return Err("choose a colour for the wild first".into());
    }
    Ok(())
}

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
    /// The engine action for `player`, type-erased.
    pub fn to_action(&self, player: PlayerId) -> AnyAction {
        match *self {
            LegalAction::Play(card) => AnyAction::new(PlayCard::new(player, [card])),
            LegalAction::ChooseColor(color) => AnyAction::new(ChooseColor::new(player, color)),
            LegalAction::SwapHands(target) => AnyAction::new(swap(player, target)),
            LegalAction::AcceptDrawFour => AnyAction::new(AcceptDrawFour { player_id: player }),
            LegalAction::Challenge => AnyAction::new(Challenge { player_id: player }),
            LegalAction::Draw => AnyAction::new(create_draw_card_action(player, 1)),
            LegalAction::EndTurn => AnyAction::new(create_end_turn_action(player)),
            LegalAction::CallUno => AnyAction::new(CallUno { player_id: player }),
            LegalAction::CatchUno(target) => AnyAction::new(catch(player, target)),
        }
    }

    /// Dispatches the action for `player` ([`GameEngine::dispatch`]).
    pub fn dispatch(
        &self,
        engine: &mut GameEngine,
        player: PlayerId,
    ) -> Result<Outcome, EngineError> {
        match *self {
            LegalAction::Play(card) => engine.dispatch(PlayCard::new(player, [card])),
            LegalAction::ChooseColor(color) => engine.dispatch(ChooseColor::new(player, color)),
            LegalAction::SwapHands(target) => engine.dispatch(swap(player, target)),
            LegalAction::AcceptDrawFour => engine.dispatch(AcceptDrawFour { player_id: player }),
            LegalAction::Challenge => engine.dispatch(Challenge { player_id: player }),
            LegalAction::Draw => engine.dispatch(create_draw_card_action(player, 1)),
            LegalAction::EndTurn => engine.dispatch(create_end_turn_action(player)),
            LegalAction::CallUno => engine.dispatch(CallUno { player_id: player }),
            LegalAction::CatchUno(target) => engine.dispatch(catch(player, target)),
        }
    }

    /// A short description: `play red 7`, `choose blue`, `draw`, `end turn`.
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
            LegalAction::Draw => "draw".to_string(),
            LegalAction::EndTurn => "end turn".to_string(),
            LegalAction::CallUno => "call UNO".to_string(),
            LegalAction::CatchUno(target) => {
                format!("catch {} (no UNO called)", state.id_text(target))
            }
        }
    }
}

/// Exactly the external actions `dispatch` accepts from `player` now: the playable
/// cards in hand order and a draw; after a draw, the drawn card if playable and ending
/// the turn (not both under the *forced play* house rule); after a wild, the four
/// colours; when it is not their turn, nothing (or, under *jump-in*, the cards they may
/// jump in with). Under calling UNO, at the end, in or out of turn: catching the
/// player who may be caught, then calling UNO. House rules are known by the markers
/// their plugins attach, so a state read from JSON and never adopted by an engine is
/// answered by the seeds' rules.
pub fn legal_actions(state: &GameState, player: PlayerId) -> Vec<LegalAction> {
    let mut out = Vec::new();
    legal_actions_into(state, player, &mut out);
    out
}

/// [`legal_actions`] into a vector the caller reuses.
pub fn legal_actions_into(state: &GameState, player: PlayerId, out: &mut Vec<LegalAction>) {
    out.clear();
    let table = uno_table(state);
    let table = table.as_deref();
    match Moves::with_table(state, player, table) {
        Moves::Nothing => {}
        Moves::ChooseColor => out.extend(UnoColor::ALL.map(LegalAction::ChooseColor)),
        Moves::Challenge => out.extend([LegalAction::AcceptDrawFour, LegalAction::Challenge]),
        Moves::JumpIn(cards) => out.extend(cards.into_iter().map(LegalAction::Play)),
        Moves::SwapHands => out.extend(
            swap_targets(state, player)
                .into_iter()
                .map(LegalAction::SwapHands),
        ),
        Moves::AfterDraw { playable } => {
            out.extend(playable.map(LegalAction::Play));
            // forced play: a playable drawn card must be played
            if playable.is_none() || !table.is_some_and(|t| t.rules.forced_play) {
                out.push(LegalAction::EndTurn);
            }
        }
        Moves::Turn { hand, playable } => {
            out.extend(
                playable
                    .positions()
                    .filter_map(|k| hand.get(k).copied())
                    .map(LegalAction::Play),
            );
            out.push(LegalAction::Draw);
        }
    }
    if table.is_some_and(|t| t.rules.call_uno) {
        out.extend(catch_target(state, player).map(LegalAction::CatchUno));
        if may_call_uno(state, player) {
            out.push(LegalAction::CallUno);
        }
    }
}

/// What a player may do now (what [`legal_actions`] lists, without building the list).
pub(crate) enum Moves<'s> {
    /// Not their turn, or the game is not being played.
    Nothing,
    /// Not their turn, but they may jump in with these cards (*jump-in*).
    JumpIn(Vec<CardId>),
    /// A colour must be chosen.
    ChooseColor,
    /// A hand to take must be chosen (after a 7, under *seven-zero*).
    SwapHands,
    /// A wild draw four must be accepted or challenged (the challenge rule).
    Challenge,
    /// They drew this turn: play the drawn card (if playable) or end the turn.
    AfterDraw { playable: Option<CardId> },
    /// Their turn, before drawing: the hand and which of its cards are playable.
    Turn {
        hand: &'s [CardId],
        playable: Positions,
    },
}

/// Positions in a hand: bits for a hand of up to 64 cards, a list beyond.
pub(crate) enum Positions {
    Bits(u64),
    List(Vec<usize>),
}

impl Positions {
    fn of(hand: &[CardId], playable: impl Fn(CardId) -> bool) -> Positions {
        if hand.len() <= 64 {
            let bits = hand.iter().enumerate().fold(0u64, |bits, (k, card)| {
                bits | u64::from(playable(*card)) << k
            });
            return Positions::Bits(bits);
        }
        Positions::List((0..hand.len()).filter(|&k| playable(hand[k])).collect())
    }

    /// All of them, in hand order.
    pub(crate) fn positions(&self) -> PositionIter<'_> {
        match self {
            Positions::Bits(bits) => PositionIter {
                bits: *bits,
                list: [].iter(),
            },
            Positions::List(list) => PositionIter {
                bits: 0,
                list: list.iter(),
            },
        }
    }
}

/// The positions of [`Positions`], lowest first: the set bits, then the list.
pub(crate) struct PositionIter<'a> {
    bits: u64,
    list: std::slice::Iter<'a, usize>,
}

impl Iterator for PositionIter<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.bits != 0 {
            let k = self.bits.trailing_zeros() as usize;
            self.bits &= self.bits - 1;
            return Some(k);
        }
        self.list.next().copied()
    }
}

impl<'s> Moves<'s> {
    /// What `player` may do in `state`.
    pub(crate) fn of(state: &'s GameState, player: PlayerId) -> Moves<'s> {
        Moves::with_table(state, player, uno_table(state).as_deref())
    }

    /// [`Moves::of`], with the game's UNO table already read.
    #[inline]
    fn with_table(state: &'s GameState, player: PlayerId, table: Option<&UnoTable>) -> Moves<'s> {
        if state.status() != GameStatus::Playing || !state.winners().is_empty() {
            return Moves::Nothing;
        }
        if state.current_player() != Some(player) {
            // out of turn: only a jump-in, under that house rule
            return match jump_in_cards(state, player) {
                cards if cards.is_empty() => Moves::Nothing,
                cards => Moves::JumpIn(cards),
            };
        }
        if is_color_pending(state) {
            return Moves::ChooseColor;
        }
        let rules = table.map(|t| t.rules).unwrap_or_default();
        if rules.seven_zero && is_swap_pending(state) {
            return Moves::SwapHands;
        }
        if rules.wd4_challenge && is_challenge_pending(state) {
            return Moves::Challenge;
        }
        let pile = table.and_then(|table| Pile::of(state, table));
        let bluffs = rules.wd4_challenge;
        let playable = |card: CardId| {
            pile.as_ref()
                .is_some_and(|p| p.playable_with(state, player, card, bluffs))
        };
        if let Some(drawn) = drawn_this_turn(state, player) {
            return Moves::AfterDraw {
                playable: drawn.filter(|card| playable(*card)),
            };
        }
        let hand = state.hand(player);
        // under stacking, a pending penalty is answered or drawn
        if rules.stacking.is_some() && pending_draw(state) > 0 {
            return Moves::Turn {
                hand,
                playable: Positions::of(hand, |card| answers_penalty(state, card) == Some(true)),
            };
        }
        Moves::Turn {
            hand,
            playable: Positions::of(hand, playable),
        }
    }
}

/// Every action a player might try now, legal or not (each card in hand, each colour,
/// a draw, ending the turn): what property tests dispatch to check that
/// [`legal_actions`] is exactly what the engine accepts.
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

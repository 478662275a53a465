//! UNO's legality, in one place: whether a card may go on the pile, whether a wild draw
//! four may be played, what a player may do at this point of the turn, and the list of
//! legal actions. The rules (`rules.rs`) ask these functions and turn a refusal into a
//! rejection; [`legal_actions`] and the bots list what they allow. Nothing else decides.
//! The optional rules change legality through what they declare: their own rules, and
//! hooks into the list of moves ([`UnoMoveHooks`]); this module knows none of them.
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
    ActionOrigin, ActionRef, CardId, GameData, GameState, GameStatus, Moves, PlayCard, PlayerId,
};
use decklet_plugins::{DrawCard, EndTurn};

use crate::actions::{ChooseColor, UNO_FLIP_INITIAL_ACTION};
use crate::cards::{UnoCard, UnoColor, UnoFace};
use crate::legal_action::LegalAction;
use crate::state::{
    UnoTable, current_color, drawn_this_turn, holds_color, is_color_pending, uno_table,
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
    let bluffs = UnoMoveHooks::of(state).wild_draw_four_free;
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

/// Whether an action kind is a side action, not a move of the turn: one the rules in
/// play declared so ([`UnoMoveHooks::side_kinds`]; calling UNO declares `UNO_CALL` and
/// `UNO_CATCH`). The rules that hold the turn's order (`turnDiscipline`, and under the
/// optional rules `swapPending` and `challengePending`) let side actions through; their
/// own rules decide.
pub fn is_side_action(state: &GameState, kind: &str) -> bool {
    UnoMoveHooks::of(state).side_kinds.contains(&kind)
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
    if is_side_action(state, kind) {
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

/// Where UNO's listing of a seat's moves puts them: a vector of [`LegalAction`]s (what
/// [`legal_actions`] returns, what UNO's search reads), or the seat's [`Moves`] as the
/// engine actions they are ([`SeatMoves`], what the game lists to every tool). One
/// listing, [`list_moves`], fills either; the rules' hooks write through this too.
pub trait MoveList {
    /// Adds a move at the end.
    fn push(&mut self, action: LegalAction);
    /// Adds a play of each card of `cards` that passes `playable` at the end, in order
    /// (one loop, the test inlined into it).
    fn push_plays(&mut self, cards: &[CardId], playable: impl FnMut(&CardId) -> bool)
    where
        Self: Sized,
    {
        for card in cards.iter().copied().filter(playable) {
            self.push(LegalAction::Play(card));
        }
    }
    /// Whether a move listed so far passes `test`.
    fn any(&self, test: &dyn Fn(LegalAction) -> bool) -> bool;
    /// Keeps only the moves listed so far that pass `keep` (a move that is not UNO's
    /// stays).
    fn retain(&mut self, keep: &dyn Fn(LegalAction) -> bool);
}

impl dyn MoveList + '_ {
    /// Adds these moves at the end, in order.
    pub fn extend(&mut self, actions: impl IntoIterator<Item = LegalAction>) {
        for action in actions {
            self.push(action);
        }
    }
}

impl MoveList for Vec<LegalAction> {
    #[inline]
    fn push(&mut self, action: LegalAction) {
        Vec::push(self, action);
    }
    fn any(&self, test: &dyn Fn(LegalAction) -> bool) -> bool {
        self.iter().any(|a| test(*a))
    }
    fn retain(&mut self, keep: &dyn Fn(LegalAction) -> bool) {
        Vec::retain(self, |a| keep(*a));
    }
}

/// A seat's [`Moves`], listed in UNO's words: each move goes in as the engine action it
/// is, for `seat` ([`LegalAction::push_to`]), a run of plays at once.
#[derive(Debug)]
pub struct SeatMoves<'m> {
    /// Whose moves.
    pub seat: PlayerId,
    /// The list.
    pub moves: &'m mut Moves,
}

impl MoveList for SeatMoves<'_> {
    #[inline]
    fn push(&mut self, action: LegalAction) {
        action.push_to(self.seat, self.moves);
    }
    #[inline]
    fn push_plays(&mut self, cards: &[CardId], playable: impl FnMut(&CardId) -> bool) {
        let seat = self.seat;
        for card in cards.iter().copied().filter(playable) {
            match PlayCard::code_of_one(seat, card) {
                Some(code) => self.moves.push_code::<PlayCard>(code),
                None => self.moves.push(PlayCard::new(seat, [card])),
            }
        }
    }
    fn any(&self, test: &dyn Fn(LegalAction) -> bool) -> bool {
        (0..self.moves.len()).any(|i| LegalAction::of_move(self.moves, i).is_some_and(test))
    }
    fn retain(&mut self, keep: &dyn Fn(LegalAction) -> bool) {
        self.moves
            .retain(|m| LegalAction::of_action(m).is_none_or(keep));
    }
}

/// A rule's part of the list of legal moves: it appends (or withdraws) moves of
/// `player` in `state`, whose UNO table is the second argument.
pub type MoveHook = fn(&GameState, &UnoTable, PlayerId, &mut dyn MoveList);

/// A rule's pending answer: when something waits for `player`'s answer under the rule
/// (a hand to take, a challenge, a penalty), it lists the answers and returns `true`;
/// they replace the turn's moves.
pub type AnswerHook = fn(&GameState, &UnoTable, PlayerId, &mut dyn MoveList) -> bool;

/// How the rules in play change the list of legal moves: part of the game's declared
/// data ([`GameData`]), empty in classic UNO. Each house rule adds its hooks when the
/// game is built ([`GamePlugin::declare`](decklet_core::GamePlugin::declare), with
/// [`UnoMoveHooks::change`]), and [`legal_actions`] calls them in registration order, so
/// a rule lists its own moves in its own module. A rule written outside this crate does
/// the same with UNO's move vocabulary ([`LegalAction`]); a rule with action kinds of
/// its own lists them through [`GamePlugin::moves`](decklet_core::GamePlugin::moves),
/// which the game composes after UNO's.
#[derive(Clone, Debug, Default)]
pub struct UnoMoveHooks {
    /// On the current player's turn, once no colour is pending: the first hook that
    /// lists answers decides the moves (*seven-zero*'s swap, the challenge, a stacked
    /// penalty).
    pub answers: Vec<AnswerHook>,
    /// On the current player's turn, after classic UNO's moves are listed: changes them
    /// (*forced play* withdraws ending the turn when the drawn card is playable).
    pub turn: Vec<MoveHook>,
    /// For a player whose turn it is not (*jump-in*'s cards).
    pub out_of_turn: Vec<MoveHook>,
    /// For every player, in and out of turn, last: side moves (catching, then calling
    /// UNO).
    pub side: Vec<MoveHook>,
    /// The action kinds that are side actions, not moves of the turn: the rules that
    /// hold the turn's order let them through ([`is_side_action`]).
    pub side_kinds: Vec<&'static str>,
    /// A wild draw four may be played whatever the hand holds (a rule replaced
    /// `canPlayWildDrawFour`: the challenge is the check).
    pub wild_draw_four_free: bool,
}

/// The hooks of a game that declared none (classic UNO).
static NO_HOOKS: UnoMoveHooks = UnoMoveHooks {
    answers: Vec::new(),
    turn: Vec::new(),
    out_of_turn: Vec::new(),
    side: Vec::new(),
    side_kinds: Vec::new(),
    wild_draw_four_free: false,
};

impl UnoMoveHooks {
    /// The hooks `state`'s game declared (none for a state no engine adopted: classic UNO's
    /// rules).
    #[inline]
    pub fn of(state: &GameState) -> &UnoMoveHooks {
        state.game_data::<UnoMoveHooks>().unwrap_or(&NO_HOOKS)
    }

    /// Changes the game's hooks (declaring them if none are): what a rule that changes
    /// the legal moves does when the game is built, after UNO.
    pub fn change(data: &mut GameData, edit: impl FnOnce(&mut UnoMoveHooks)) {
        match data.get_mut::<UnoMoveHooks>() {
            Some(hooks) => edit(hooks),
            None => {
                let mut hooks = UnoMoveHooks::default();
                edit(&mut hooks);
                data.insert(hooks);
            }
        }
    }

    /// Whether a seat may ever act when it is not their turn (out-of-turn or side
    /// moves): a game loop that asks every seat before each move only needs to when
    /// this holds.
    pub fn acts_out_of_turn(&self) -> bool {
        !self.out_of_turn.is_empty() || !self.side.is_empty()
    }
}

/// Exactly the external actions `dispatch` accepts from `player` now. In classic UNO's
/// UNO: the playable cards in hand order and a draw; after a draw, the drawn card if
/// playable and ending the turn; after a wild, the four colours; when it is not their
/// turn, nothing. The rules in play change this list through their declared hooks
/// ([`UnoMoveHooks`]): a pending answer replaces the turn's moves, out-of-turn moves
/// are listed for the other players, side moves come last for everyone. A state read
/// from JSON and never adopted by an engine has no declared data, so it is answered by
/// the classic rules.
pub fn legal_actions(state: &GameState, player: PlayerId) -> Vec<LegalAction> {
    // room for a usual list at once, not grown move by move
    let mut out = Vec::with_capacity(16);
    legal_actions_into(state, player, &mut out);
    out
}

/// [`legal_actions`] into a vector the caller reuses.
pub fn legal_actions_into(state: &GameState, player: PlayerId, out: &mut Vec<LegalAction>) {
    out.clear();
    list_moves(state, player, out);
}

/// The moves of [`legal_actions`], added to `out` (a vector, or a seat's [`Moves`]
/// through [`SeatMoves`]).
#[inline]
pub fn list_moves<O: MoveList>(state: &GameState, player: PlayerId, out: &mut O) {
    if state.status() != GameStatus::Playing || !state.winners().is_empty() {
        return;
    }
    let table = uno_table(state);
    let hooks = UnoMoveHooks::of(state);
    turn_moves(state, table.as_deref(), hooks, player, out);
    if let Some(table) = table.as_deref() {
        for hook in &hooks.side {
            hook(state, table, player, out);
        }
    }
}

/// Whether `player` may play a card now (on their turn, or out of turn), side moves
/// aside: what calling UNO in advance asks.
pub fn may_play_a_card(state: &GameState, player: PlayerId) -> bool {
    if state.status() != GameStatus::Playing || !state.winners().is_empty() {
        return false;
    }
    let mut moves: Vec<LegalAction> = Vec::new();
    let table = uno_table(state);
    turn_moves(
        state,
        table.as_deref(),
        UnoMoveHooks::of(state),
        player,
        &mut moves,
    );
    moves.iter().any(|m| matches!(m, LegalAction::Play(_)))
}

/// The moves of [`legal_actions`] but the side moves, for a game being played.
#[inline]
fn turn_moves<O: MoveList>(
    state: &GameState,
    table: Option<&UnoTable>,
    hooks: &UnoMoveHooks,
    player: PlayerId,
    out: &mut O,
) {
    if state.current_player() != Some(player) {
        if let Some(table) = table {
            for hook in &hooks.out_of_turn {
                hook(state, table, player, out);
            }
        }
        return;
    }
    if is_color_pending(state) {
        for color in UnoColor::ALL {
            out.push(LegalAction::ChooseColor(color));
        }
        return;
    }
    let Some(table) = table else {
        // not an UNO game: no card is playable
        out.push(match drawn_this_turn(state, player) {
            Some(_) => LegalAction::EndTurn,
            None => LegalAction::Draw,
        });
        return;
    };
    for hook in &hooks.answers {
        if hook(state, table, player, out) {
            return;
        }
    }
    let pile = Pile::of(state, table);
    let bluffs = hooks.wild_draw_four_free;
    let playable = |card: &CardId| {
        pile.as_ref()
            .is_some_and(|p| p.playable_with(state, player, *card, bluffs))
    };
    match drawn_this_turn(state, player) {
        Some(drawn) => {
            out.push_plays(drawn.as_slice(), playable);
            out.push(LegalAction::EndTurn);
        }
        None => {
            let hand = state.hand(player);
            out.push_plays(hand, playable);
            out.push(LegalAction::Draw);
        }
    }
    for hook in &hooks.turn {
        hook(state, table, player, out);
    }
}

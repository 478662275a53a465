//! Reading UNO's part of the game state: its zones and variables, the discard pile's
//! top, the colour in force, what each card is ([`UnoTable`]), and the card a player
//! drew this turn.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use decklet_core::{
    ActionOrigin, CardId, CardTable, GameContext, GameState, InfoState, PlayerId, Var, VarType,
    ZoneId,
};
use decklet_plugins::CardDrawn;

use crate::cards::{UnoCard, UnoColor, uno_card_table};
use crate::house::RulesInPlay;

/// Id of the draw pile.
pub const UNO_DECK_ZONE_ID: &str = "deck";
/// Id of the discard pile.
pub const UNO_DISCARD_ZONE_ID: &str = "discard";
/// Cards dealt to each player at the start.
pub const UNO_INITIAL_HAND_SIZE: u32 = 7;
/// Fewest players UNO is set up for.
pub const UNO_MIN_PLAYERS: usize = 2;
/// Most players UNO is set up for (7 cards each must leave a draw pile).
pub const UNO_MAX_PLAYERS: usize = 10;
/// `true` while the player of a wild must choose the colour.
pub const UNO_VAR_PENDING_COLOR: Var<bool> = Var::new("uno:pendingColor");
/// The colour in force.
pub const UNO_VAR_CURRENT_COLOR: Var<UnoColor> = Var::new("uno:currentColor");
// The turn's draw. UNO records the last draw a player made by their own `DRAW_CARD` (a
// deal or a penalty does not count) under the keys decklet 0.1's DrawPlugin used, so
// that a game's final state, and the digest a 0.1 log recorded of it, are unchanged.
/// Who made the last draw by their own `DRAW_CARD` (their text id in JSON).
pub const UNO_VAR_DRAW_PLAYER: Var<PlayerId> = Var::new("draw:lastExternalPlayer");
/// The turn (the state's counter) of that draw.
pub const UNO_VAR_DRAW_TURN: Var<i64> = Var::new("draw:lastExternalTurn");
/// How many cards that draw gave (0: the piles were empty). Which card is not stored:
/// the card lies on top of the drawer's hand.
pub const UNO_VAR_DRAW_COUNT: Var<i64> = Var::new("draw:lastExternalCount");

/// The draw penalty the current player must answer or draw (the *stacking* house rule;
/// unset, or 0, when none is pending).
pub const UNO_VAR_PENDING_DRAW: Var<i64> = Var::new("uno:pendingDraw");

/// What UNO knows of a game once it is set up: its two piles and what each card is.
/// UNO's setup attaches it to the game ([`GameState::attachment`]); for a state no
/// engine has set up (one just read from JSON), [`uno_table`] builds it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnoTable {
    /// The draw pile.
    pub deck: ZoneId,
    /// The discard pile.
    pub discard: ZoneId,
    /// What each card of the game is, by card handle (`None`: not an UNO card).
    cards: Arc<[Option<UnoCard>]>,
    /// The optional rules the game plays (what their plugins declared in the game's
    /// data; none for a state no engine adopted).
    pub rules: RulesInPlay,
}

impl UnoTable {
    /// Reads the table of a game that has UNO's two piles.
    pub fn of(state: &GameState) -> Option<UnoTable> {
        Some(UnoTable {
            deck: state.zone_id(UNO_DECK_ZONE_ID)?,
            discard: state.zone_id(UNO_DISCARD_ZONE_ID)?,
            cards: card_views(state.cards()),
            rules: state.game_data().copied().unwrap_or_default(),
        })
    }

    /// Reads the table of the game a seat sees (zones and card definitions are public).
    pub fn seen(view: &InfoState) -> Option<UnoTable> {
        Some(UnoTable {
            deck: view.zone_id(UNO_DECK_ZONE_ID)?,
            discard: view.zone_id(UNO_DISCARD_ZONE_ID)?,
            cards: card_views(view.cards()),
            rules: view.game_data().copied().unwrap_or_default(),
        })
    }

    /// What a card is.
    #[inline]
    pub fn card(&self, card: CardId) -> Option<UnoCard> {
        self.cards.get(card.index()).copied().flatten()
    }
}

/// What each card of a table is. The standard deck's views are read once per process
/// (every game shares its table); another table's are read from its definitions.
fn card_views(table: &CardTable) -> Arc<[Option<UnoCard>]> {
    let read =
        |table: &CardTable| -> Arc<[Option<UnoCard>]> { table.iter().map(UnoCard::of).collect() };
    static STANDARD: OnceLock<Arc<[Option<UnoCard>]>> = OnceLock::new();
    if table.ptr_eq(uno_card_table()) {
        return Arc::clone(STANDARD.get_or_init(|| read(uno_card_table())));
    }
    read(table)
}

/// The UNO table of `state`: the one setup attached, or one read now.
#[inline(always)]
pub fn uno_table(state: &GameState) -> Option<Cow<'_, UnoTable>> {
    match state.attachment::<UnoTable>() {
        Some(table) => Some(Cow::Borrowed(table)),
        None => read_uno_table(state),
    }
}

/// The UNO table of a state no engine has set up, read now.
#[cold]
#[inline(never)]
fn read_uno_table(state: &GameState) -> Option<Cow<'_, UnoTable>> {
    UnoTable::of(state).map(Cow::Owned)
}

/// The UNO table of the game a seat sees: the one setup attached, or one read now.
#[inline]
pub fn seen_uno_table(view: &InfoState) -> Option<Cow<'_, UnoTable>> {
    match view.attachment::<UnoTable>() {
        Some(table) => Some(Cow::Borrowed(table)),
        None => UnoTable::seen(view).map(Cow::Owned),
    }
}

/// The colour in force (`None` before the initial flip).
#[inline]
pub fn current_color(state: &GameState) -> Option<UnoColor> {
    state.variable(&UNO_VAR_CURRENT_COLOR)
}

/// The draw penalty pending (0 when none: always without the *stacking* house rule).
#[inline]
pub fn pending_draw(state: &GameState) -> u32 {
    state
        .variable(&UNO_VAR_PENDING_DRAW)
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(0)
}

/// Whether a colour choice is pending.
#[inline]
pub fn is_color_pending(state: &GameState) -> bool {
    state.variable(&UNO_VAR_PENDING_COLOR).unwrap_or(false)
}

/// What a card of this game is.
#[inline]
pub fn card_view(state: &GameState, card: CardId) -> Option<UnoCard> {
    uno_table(state)?.card(card)
}

/// The discard pile's top card and what it is.
pub fn discard_top(state: &GameState) -> Option<(CardId, UnoCard)> {
    let table = uno_table(state)?;
    let top = state.top(table.discard)?;
    Some((top, table.card(top)?))
}

/// The card `player` drew this turn by their own `DRAW_CARD`: `Some(Some(card))` when
/// they drew one, `Some(None)` when they drew but the piles were empty, `None` when they
/// have not drawn this turn.
#[inline(always)]
pub fn drawn_this_turn(state: &GameState, player: PlayerId) -> Option<Option<CardId>> {
    // only the player whose turn it is draws by their own action (turn discipline), and
    // the turn counter moves on whenever the turn does
    if state.current_player() != Some(player)
        || state.variable(&UNO_VAR_DRAW_TURN) != i64::try_from(state.turn()).ok()
    {
        return None;
    }
    if state.variable(&UNO_VAR_DRAW_COUNT).unwrap_or(0) == 0 {
        return Some(None);
    }
    // the card drawn lies on top of the hand: after a draw the player may only play
    // that card or end the turn
    Some(state.hand(player).last().copied())
}

/// Sets `var` to `value` unless it holds that value already: UNO rewrites some of its
/// variables on every play or draw (the colour in force, the drawer, the draw's count),
/// and most of those rewrites would change nothing but still be journaled.
pub(crate) fn set_if_changed<T: VarType + PartialEq>(
    ctx: &mut GameContext<'_>,
    var: &Var<T>,
    value: T,
) {
    if ctx.state().variable(var).as_ref() != Some(&value) {
        ctx.set_variable(var, value);
    }
}

/// Whether a `CARD_DRAWN` being handled is a player's own draw: from an action from
/// outside, by the player whose turn it is, in a game not yet won. Not the deal, not a
/// penalty, not the cards a last draw two deals under scoring. UNO's draw bookkeeping
/// and the house rules that act on a draw all ask this.
pub fn is_own_draw(event: &CardDrawn, ctx: &GameContext<'_>) -> bool {
    let state = ctx.state();
    ctx.origin() == ActionOrigin::External
        && state.current_player() == Some(event.player_id)
        && state.winners().is_empty()
}

/// Whether `player` holds a card of `color`.
pub fn holds_color(state: &GameState, table: &UnoTable, player: PlayerId, color: UnoColor) -> bool {
    state.hand(player).iter().any(|card| {
        table
            .card(*card)
            .is_some_and(|view| view.color == Some(color))
    })
}

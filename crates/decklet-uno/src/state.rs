//! Reading UNO's part of the game state: variables, the discard top, typed card views,
//! and the one playability check that both the rules and `legal_actions` use.

use decklet_core::{CardId, GameState, PlayerId, Var, ZoneId};
use decklet_plugins::external_draw_this_turn;

use crate::cards::{CardMask, UnoCard, UnoColor, UnoFace, standard_deck};

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

/// The deck zone id.
pub fn deck_zone() -> ZoneId {
    ZoneId::from_static(UNO_DECK_ZONE_ID)
}

/// The discard zone id.
pub fn discard_zone() -> ZoneId {
    ZoneId::from_static(UNO_DISCARD_ZONE_ID)
}

/// Where UNO's setup puts the deck: right after the players' hands. Only a guess that
/// saves hashing the id ([`GameState::zone_near`]); any layout still works.
#[inline]
fn deck_guess(state: &GameState) -> usize {
    state.players.len()
}

#[inline]
fn discard_guess(state: &GameState) -> usize {
    state.players.len() + 1
}

/// The deck's id as stored in the state (with its position hint, so the context finds
/// it without hashing); the plain id if there is no deck.
pub(crate) fn stored_deck_zone(state: &GameState) -> ZoneId {
    state
        .zone_near(UNO_DECK_ZONE_ID, deck_guess(state))
        .map_or_else(deck_zone, |(_, id, _)| id.clone())
}

/// The discard pile's id as stored in the state (see [`stored_deck_zone`]).
pub(crate) fn stored_discard_zone(state: &GameState) -> ZoneId {
    state
        .zone_near(UNO_DISCARD_ZONE_ID, discard_guess(state))
        .map_or_else(discard_zone, |(_, id, _)| id.clone())
}

/// The discard pile's position in `state.zones`.
#[inline]
pub(crate) fn discard_index(state: &GameState) -> Option<usize> {
    state
        .zone_near(UNO_DISCARD_ZONE_ID, discard_guess(state))
        .map(|(index, _, _)| index)
}

/// The colour in force (`None` before the initial flip).
#[inline]
pub fn current_color(state: &GameState) -> Option<UnoColor> {
    state.variable(UNO_VAR_CURRENT_COLOR)
}

/// Whether a colour choice is pending.
#[inline]
pub fn is_color_pending(state: &GameState) -> bool {
    state.variable(UNO_VAR_PENDING_COLOR).unwrap_or(false)
}

/// The typed view of a card of this game. For the standard deck (the table UNO's setup
/// shares) the views are computed once per process and read by position.
#[inline(always)]
pub fn card_view(state: &GameState, card: &CardId) -> Option<UnoCard> {
    let index = state.cards.index_of(card)?;
    let standard = standard_deck();
    if state.cards.ptr_eq(&standard.table) {
        return standard.views.get(index).copied().flatten();
    }
    state.cards.get_index(index).and_then(UnoCard::of)
}

/// The discard pile's top card and its view.
#[inline]
pub fn discard_top(state: &GameState) -> Option<(&CardId, UnoCard)> {
    let (_, _, discard) = state.zone_near(UNO_DISCARD_ZONE_ID, discard_guess(state))?;
    let top = discard.top()?;
    Some((top, card_view(state, top)?))
}

/// The card `player` drew this turn by their own `DRAW_CARD`: `Some(Some(card))` when
/// they drew one, `Some(None)` when they drew but the piles were empty, `None` when they
/// have not drawn this turn.
#[inline]
pub fn drawn_this_turn(state: &GameState, player: &PlayerId) -> Option<Option<CardId>> {
    drawn_card_this_turn(state, player).map(|card| card.cloned())
}

/// [`drawn_this_turn`] without copying the id: what the rules and the bots ask on
/// every move.
#[inline]
pub(crate) fn drawn_card_this_turn<'s>(
    state: &'s GameState,
    player: &PlayerId,
) -> Option<Option<&'s CardId>> {
    if external_draw_this_turn(state, player)? == 0 {
        return Some(None);
    }
    Some(state.hand(player).and_then(|h| h.top()))
}

/// Whether `player` holds a card of `color`.
pub fn holds_color(state: &GameState, player: &PlayerId, color: UnoColor) -> bool {
    let Some(hand) = state.hand(player) else {
        return false;
    };
    let standard = standard_deck();
    if state.cards.ptr_eq(&standard.table) {
        let colored = standard.colored(color);
        return hand
            .cards
            .iter()
            .any(|c| state.cards.index_of(c).is_some_and(|i| colored.has(i)));
    }
    hand.cards
        .iter()
        .any(|c| card_view(state, c).is_some_and(|v| v.color == Some(color)))
}

/// Which cards `player` may play now, per the rules `canPlayCard` and
/// `canPlayWildDrawFour`: read once, then asked card by card (what `legal_actions`
/// does for a whole hand). For the standard deck a card is checked with two bit tests.
pub(crate) struct Playability<'s> {
    state: &'s GameState,
    player: &'s PlayerId,
    context: PlayContext,
    /// The standard deck's cards that match the context and its wild draw fours, when
    /// the game uses it.
    matching: Option<(CardMask, CardMask)>,
    /// Whether the player holds the colour in force (looked up at the first wild draw
    /// four).
    holds_color: std::cell::Cell<Option<bool>>,
}

impl<'s> Playability<'s> {
    /// `None` before the initial flip (nothing is playable then).
    pub(crate) fn of(state: &'s GameState, player: &'s PlayerId) -> Option<Playability<'s>> {
        let context = PlayContext::of(state)?;
        let standard = standard_deck();
        let matching = state.cards.ptr_eq(&standard.table).then(|| {
            (
                standard.matching(context.color, context.top_face),
                standard.wild_draw_fours,
            )
        });
        Some(Playability {
            state,
            player,
            context,
            matching,
            holds_color: std::cell::Cell::new(None),
        })
    }

    fn holds_color(&self) -> bool {
        match self.holds_color.get() {
            Some(holds) => holds,
            None => {
                let holds = holds_color(self.state, self.player, self.context.color);
                self.holds_color.set(Some(holds));
                holds
            }
        }
    }

    /// For the standard deck and a hand of at most 64 cards: bit `k` is set when
    /// `cards[k]` may be played now. Computed without a branch per card (whether a card
    /// plays is as good as random, and mispredicted branches were the cost), then
    /// corrected once for the wild draw fours. `None` otherwise: ask card by card.
    pub(crate) fn playable_bits(&self, cards: &[CardId]) -> Option<u64> {
        let (matching, wild_draw_fours) = self.matching?;
        if cards.len() > 64 {
            return None;
        }
        let (mut playable, mut wilds) = (0u64, 0u64);
        for (k, card) in cards.iter().enumerate() {
            // a card not in the table (impossible in a valid state) plays nothing
            let i = self.state.cards.index_of(card).unwrap_or(usize::MAX);
            playable |= u64::from(matching.has(i)) << k;
            wilds |= u64::from(wild_draw_fours.has(i)) << k;
        }
        if playable & wilds != 0 && self.holds_color() {
            playable &= !wilds;
        }
        Some(playable)
    }

    /// Whether `card` may be played now.
    #[inline]
    pub(crate) fn playable(&self, card: &CardId) -> bool {
        if let Some((matching, wild_draw_fours)) = self.matching {
            let Some(i) = self.state.cards.index_of(card) else {
                return false;
            };
            return matching.has(i) && (!wild_draw_fours.has(i) || !self.holds_color());
        }
        let Some(view) = card_view(self.state, card) else {
            return false;
        };
        if !view.matches(self.context.color, self.context.top_face) {
            return false;
        }
        view.face != UnoFace::WildDraw4 || !self.holds_color()
    }
}

/// What decides whether a card may be played now, read once from the state: the colour
/// in force and the top card's face. Whether the player holds the colour in force (for
/// the wild draw four) is only looked up when a wild draw four is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayContext {
    /// The colour in force.
    pub color: UnoColor,
    /// The discard top's face.
    pub top_face: Option<UnoFace>,
}

impl PlayContext {
    /// Reads the context; `None` before the initial flip.
    #[inline]
    pub fn of(state: &GameState) -> Option<PlayContext> {
        Some(PlayContext {
            color: current_color(state)?,
            top_face: discard_top(state).map(|(_, top)| top.face),
        })
    }

    /// Which rule `card` breaks if `player` plays it, if any: `Some("canPlayCard")`,
    /// `Some("canPlayWildDrawFour")` or `None` when it may be played.
    #[inline]
    pub fn broken_rule(
        &self,
        state: &GameState,
        player: &PlayerId,
        card: UnoCard,
    ) -> Option<&'static str> {
        if !card.matches(self.color, self.top_face) {
            Some("canPlayCard")
        } else if card.face == UnoFace::WildDraw4 && holds_color(state, player, self.color) {
            Some("canPlayWildDrawFour")
        } else {
            None
        }
    }
}

/// Why a card may not be played now, per the seed rules `canPlayCard` and
/// `canPlayWildDrawFour`: `Err((rule id, reason))`. The reason is only built when a
/// rule is broken.
pub fn check_playable(
    state: &GameState,
    player: &PlayerId,
    card: &CardId,
) -> Result<(), (&'static str, String)> {
    let Some(view) = card_view(state, card) else {
        return Err(("canPlayCard", format!("{card} is not an UNO card")));
    };
    let Some(context) = PlayContext::of(state) else {
        return Err(("canPlayCard", "no card has been flipped yet".to_string()));
    };
    match context.broken_rule(state, player, view) {
        None => Ok(()),
        Some("canPlayWildDrawFour") => Err((
            "canPlayWildDrawFour",
            format!(
                "a wild draw four may only be played when you hold no {} card",
                context.color
            ),
        )),
        Some(rule) => {
            let top =
                discard_top(state).map_or_else(|| "nothing".to_string(), |(_, t)| t.to_string());
            Err((
                rule,
                format!(
                    "{view} matches neither the colour in force ({}) nor the top card ({top})",
                    context.color
                ),
            ))
        }
    }
}

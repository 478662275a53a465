//! Which cards a seat may play or pass now, as OpenSpiel's `hearts` lists its legal
//! actions: one list, read by the rules (a refused card says which restriction
//! refused it) and by the move list alike.

use decklet_core::{CardId, GameState, GameStatus, Moves, PlayCard, PlayerId};

use crate::actions::PassCard;
use crate::cards::{CLUBS, HEARTS, HeartsCard, HeartsTable, QUEEN_OF_SPADES, TWO_OF_CLUBS};
use crate::plugin::{HEARTS_VAR_BROKEN, HEARTS_VAR_PASSING, HEARTS_VAR_PLAYED, options};

/// What narrows a seat's playable cards down: which cards of the hand it allows
/// ([`Limit::allows`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// Nothing: every card in hand.
    Nothing,
    /// The suit led, which the seat holds.
    Follow(u8),
    /// The first lead: the two of clubs (or any club, with `can_lead_any_club`).
    FirstLead {
        /// Any club may lead.
        any_club: bool,
    },
    /// No hearts and no queen of spades on the first trick.
    NoPoints,
    /// No hearts led before hearts are broken.
    Unbroken,
}

impl Limit {
    /// The limit on `seat`'s cards now (their turn taken for granted), read without
    /// sorting or collecting the hand.
    pub(crate) fn of(state: &GameState, table: &HeartsTable, seat: PlayerId) -> Limit {
        let options = options(state);
        let hand = state.hand(seat);
        let holds = |pred: &dyn Fn(HeartsCard) -> bool| {
            hand.iter().any(|c| table.card(*c).is_some_and(pred))
        };
        if let Some(led) = state
            .zone_cards(table.trick)
            .first()
            .and_then(|c| table.card(*c))
            && holds(&|c| c.suit == led.suit)
        {
            return Limit::Follow(led.suit);
        }
        let played = state.variable(&HEARTS_VAR_PLAYED).unwrap_or(0);
        if played == 0 {
            return Limit::FirstLead {
                any_club: options.can_lead_any_club,
            };
        }
        if options.no_pts_on_first_trick && played < 4 && holds(&|c| !c.is_penalty()) {
            return Limit::NoPoints;
        }
        if played % 4 == 0 && !state.variable(&HEARTS_VAR_BROKEN).unwrap_or(false) {
            // the leads are the cards that are not hearts: with none (or, with the
            // option, only the queen of spades) any card leads
            let mut leads = (hand.iter())
                .filter_map(|c| table.card(*c))
                .filter(|c| c.suit != HEARTS);
            match (leads.next(), leads.next()) {
                (None, _) => {}
                (Some(QUEEN_OF_SPADES), None) if options.can_lead_hearts_instead_of_qs => {}
                _ => return Limit::Unbroken,
            }
        }
        Limit::Nothing
    }

    /// Whether a card of this face may be played under the limit.
    pub(crate) fn allows(self, card: HeartsCard) -> bool {
        match self {
            Limit::Nothing => true,
            Limit::Follow(suit) => card.suit == suit,
            Limit::FirstLead { any_club } => {
                card == TWO_OF_CLUBS || (any_club && card.suit == CLUBS)
            }
            Limit::NoPoints => !card.is_penalty(),
            Limit::Unbroken => card.suit != HEARTS,
        }
    }

    /// Why a card outside the list is refused.
    pub(crate) fn reason(self) -> String {
        match self {
            Limit::Nothing => "that card cannot be played now".to_string(),
            Limit::Follow(suit) => format!(
                "follow suit: you hold {}",
                ["clubs", "diamonds", "hearts", "spades"]
                    .get(usize::from(suit))
                    .copied()
                    .unwrap_or("the suit led")
            ),
            Limit::FirstLead { .. } => "the first trick is led with the two of clubs".to_string(),
            Limit::NoPoints => {
                "no heart and no queen of spades on the first trick while you hold another card"
                    .to_string()
            }
            Limit::Unbroken => "hearts are not broken: lead another suit".to_string(),
        }
    }
}

/// Whether the game is passing cards.
pub(crate) fn passing(state: &GameState) -> bool {
    state.variable(&HEARTS_VAR_PASSING).unwrap_or(false)
}

/// Whether `seat` may play `card` now (their turn taken for granted); if not, why.
pub(crate) fn may_play(
    state: &GameState,
    table: &HeartsTable,
    seat: PlayerId,
    card: CardId,
) -> Result<(), Limit> {
    let limit = Limit::of(state, table, seat);
    match table.card(card) {
        Some(face) if limit.allows(face) => Ok(()),
        _ => Err(limit),
    }
}

/// Calls `each` with the cards `seat` may play now (their turn taken for granted), in
/// OpenSpiel's order.
fn each_playable(state: &GameState, table: &HeartsTable, seat: PlayerId, each: impl FnMut(CardId)) {
    let limit = Limit::of(state, table, seat);
    let allowed = |face: Option<HeartsCard>| face.is_some_and(|face| limit.allows(face));
    table.each_sorted(state.hand(seat), allowed, each);
}

/// Adds the moves `seat` may make in `state` to `moves`, in OpenSpiel's order: while
/// cards are passed, a pass of each card in hand; then a play of each playable card.
/// None unless it is their turn in a game being played.
pub fn hearts_moves(state: &GameState, seat: PlayerId, moves: &mut Moves) {
    if state.status() != GameStatus::Playing || state.current_player() != Some(seat) {
        return;
    }
    let Some(table) = state.attachment::<HeartsTable>() else {
        return;
    };
    if passing(state) {
        let pass = |card_id| {
            moves.push(PassCard {
                player_id: seat,
                card_id,
            })
        };
        table.each_sorted(state.hand(seat), |_| true, pass);
        return;
    }
    each_playable(state, table, seat, |card| {
        moves.push(PlayCard::new(seat, [card]));
    });
}

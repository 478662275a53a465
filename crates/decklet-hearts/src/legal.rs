//! Which cards a seat may play or pass now, as OpenSpiel's `hearts` lists its legal
//! actions: one list, read by the rules (a refused card says which restriction
//! refused it) and by the move list alike.

use decklet_core::{CardId, GameState, GameStatus, Moves, PlayCard, PlayerId};

use crate::actions::PassCard;
use crate::cards::{CLUBS, HEARTS, HeartsTable, QUEEN_OF_SPADES, TWO_OF_CLUBS};
use crate::plugin::{HEARTS_VAR_BROKEN, HEARTS_VAR_PASSING, HEARTS_VAR_PLAYED, options};

/// What narrowed a seat's playable cards down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// Nothing: every card in hand.
    Nothing,
    /// The suit led, which the seat holds.
    Follow(u8),
    /// The first lead: the two of clubs (or any club, with `can_lead_any_club`).
    FirstLead,
    /// No hearts and no queen of spades on the first trick.
    NoPoints,
    /// No hearts led before hearts are broken.
    Unbroken,
}

impl Limit {
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
            Limit::FirstLead => "the first trick is led with the two of clubs".to_string(),
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

/// The cards `seat` may play now (their turn taken for granted), in OpenSpiel's order,
/// and what limited them.
pub(crate) fn playable(
    state: &GameState,
    table: &HeartsTable,
    seat: PlayerId,
) -> (Vec<CardId>, Limit) {
    let options = options(state);
    let hand = table.sorted(state.hand(seat));
    let face = |c: &CardId| table.card(*c);
    let keep = |pred: &dyn Fn(crate::HeartsCard) -> bool| -> Vec<CardId> {
        hand.iter()
            .copied()
            .filter(|c| face(c).is_some_and(pred))
            .collect()
    };
    let played = state.variable(&HEARTS_VAR_PLAYED).unwrap_or(0);
    if let Some(led) = state.zone_cards(table.trick).first().and_then(face) {
        let follow = keep(&|c| c.suit == led.suit);
        if !follow.is_empty() {
            return (follow, Limit::Follow(led.suit));
        }
    }
    if played == 0 {
        let any_club = options.can_lead_any_club;
        return (
            keep(&|c| c == TWO_OF_CLUBS || (any_club && c.suit == CLUBS)),
            Limit::FirstLead,
        );
    }
    if options.no_pts_on_first_trick && played < 4 {
        let safe = keep(&|c| !c.is_penalty());
        if !safe.is_empty() {
            return (safe, Limit::NoPoints);
        }
    }
    if played % 4 == 0 {
        let broken = state.variable(&HEARTS_VAR_BROKEN).unwrap_or(false);
        let mut leads = keep(&|c| c.suit != HEARTS || broken);
        if options.can_lead_hearts_instead_of_qs
            && leads.len() == 1
            && leads.first().and_then(face) == Some(QUEEN_OF_SPADES)
        {
            leads.clear();
        }
        if !leads.is_empty() {
            return (leads, Limit::Unbroken);
        }
    }
    (hand, Limit::Nothing)
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
        moves.extend(
            table
                .sorted(state.hand(seat))
                .into_iter()
                .map(|card_id| PassCard {
                    player_id: seat,
                    card_id,
                }),
        );
        return;
    }
    let (cards, _) = playable(state, table, seat);
    moves.extend(cards.into_iter().map(|card| PlayCard::new(seat, [card])));
}

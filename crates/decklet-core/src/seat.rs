//! [`SeatView`]: a game as one seat may see it, for the code that plays that seat (and
//! samples worlds from it: [`determinize`](crate::determinize)).
//!
//! A seat sees the public zones, its own hand, how many cards every other zone holds,
//! the players, the variables (every variable is public: [`GameState::view_for`] shows
//! them too), whose turn it is and the winners. It does not see another hand, the order
//! of a hidden zone, or the game's RNG. [`SeatView`] keeps its state private and has no
//! method that returns a hidden card, so code that is handed a view (a bot) cannot
//! reach one, by design or by accident.

use std::any::Any;
use std::borrow::Cow;
use std::sync::Arc;

use crate::card::{Card, CardTable};
use crate::ids::{CardId, Id, PlayerId, ZoneId};
use crate::player::{Player, PlayerStatus};
use crate::state::{GameState, GameStatus};
use crate::variables::{Var, VarType};
use crate::zone::{Visibility, Zone};

/// A game as one seat may see it. Cheap to make (two references) and to copy.
///
/// Two views are equal when everything they show is equal: two positions that differ
/// only in cards the seat cannot see give equal views.
///
/// ```
/// # use decklet_core::*;
/// let mut engine = GameEngine::new(EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// let state = engine.state();
/// let (alice, bob) = (state.player_id("p1").ok_or("p1")?, state.player_id("p2").ok_or("p2")?);
/// let view = state.seat_view(alice);
/// assert_eq!(view.seat(), alice);
/// assert!(view.hand().is_empty());
/// assert_eq!(view.hand_size(bob), 0);
/// let bobs_hand = state.hand_zone(bob).ok_or("no hand")?;
/// assert_eq!(view.zone_cards(bobs_hand), None); // Alice cannot look into it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'s> {
    state: &'s GameState,
    seat: PlayerId,
}

impl GameState {
    /// The game as `seat` may see it (see [`SeatView`]).
    #[inline]
    pub fn seat_view(&self, seat: PlayerId) -> SeatView<'_> {
        SeatView { state: self, seat }
    }
}

impl<'s> SeatView<'s> {
    /// The whole state behind the view: for the engine's own code only (sampling a
    /// world), never handed out.
    #[inline]
    pub(crate) fn state(&self) -> &'s GameState {
        self.state
    }

    /// The seat this view belongs to.
    #[inline]
    pub fn seat(&self) -> PlayerId {
        self.seat
    }

    /// The game's id.
    pub fn game_id(&self) -> &'s str {
        self.state.game_id()
    }

    /// Where the game is in its life.
    #[inline]
    pub fn status(&self) -> GameStatus {
        self.state.status()
    }

    /// The turn counter.
    #[inline]
    pub fn turn(&self) -> u64 {
        self.state.turn()
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> Option<PlayerId> {
        self.state.current_player()
    }

    /// The winners, in order.
    #[inline]
    pub fn winners(&self) -> &'s [PlayerId] {
        self.state.winners()
    }

    /// Every player's handle, in the order they were given.
    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerId> + use<> {
        self.state.players()
    }

    /// How many players.
    #[inline]
    pub fn player_count(&self) -> usize {
        self.state.player_count()
    }

    /// A player's definition.
    pub fn player(&self, player: PlayerId) -> Option<&'s Player> {
        self.state.player(player)
    }

    /// A player's status.
    pub fn player_status(&self, player: PlayerId) -> Option<PlayerStatus> {
        self.state.player_status(player)
    }

    /// The players in seat order.
    #[inline]
    pub fn seat_order(&self) -> &'s [PlayerId] {
        self.state.seat_order()
    }

    /// A player's index in seat order.
    #[inline]
    pub fn seat_index(&self, player: PlayerId) -> Option<usize> {
        self.state.seat_index(player)
    }

    /// The handle of the player whose text id is `text`.
    pub fn player_id(&self, text: &str) -> Option<PlayerId> {
        self.state.player_id(text)
    }

    /// The seat's own hand, bottom first.
    #[inline]
    pub fn hand(&self) -> &'s [CardId] {
        self.state.hand(self.seat)
    }

    /// How many cards a player holds.
    #[inline]
    pub fn hand_size(&self, player: PlayerId) -> usize {
        self.state.hand(player).len()
    }

    /// A player's hand zone.
    #[inline]
    pub fn hand_zone(&self, player: PlayerId) -> Option<ZoneId> {
        self.state.hand_zone(player)
    }

    /// Every zone's handle, in the order they were made.
    pub fn zones(&self) -> impl ExactSizeIterator<Item = ZoneId> + use<> {
        self.state.zones()
    }

    /// A zone's definition (public: its id, type, owner and visibility).
    #[inline]
    pub fn zone(&self, zone: ZoneId) -> Option<&'s Zone> {
        self.state.zone(zone)
    }

    /// The handle of the zone whose text id is `text`.
    #[inline]
    pub fn zone_id(&self, text: &str) -> Option<ZoneId> {
        self.state.zone_id(text)
    }

    /// Whether the seat sees the cards of a zone: a public zone, or one it owns that
    /// only its owner sees.
    #[inline]
    pub fn sees(&self, zone: ZoneId) -> bool {
        self.state
            .zone(zone)
            .is_some_and(|def| match def.visibility {
                Visibility::Public => true,
                Visibility::Owner => def.owner == Some(self.seat),
                Visibility::Hidden => false,
            })
    }

    /// How many cards a zone holds (any zone: sizes are public).
    #[inline]
    pub fn zone_size(&self, zone: ZoneId) -> usize {
        self.state.zone_cards(zone).len()
    }

    /// A zone's cards, bottom first, if the seat sees them; `None` otherwise.
    #[inline]
    pub fn zone_cards(&self, zone: ZoneId) -> Option<&'s [CardId]> {
        self.sees(zone).then(|| self.state.zone_cards(zone))
    }

    /// The top card of a zone the seat sees.
    #[inline]
    pub fn top(&self, zone: ZoneId) -> Option<CardId> {
        self.zone_cards(zone)?.last().copied()
    }

    /// The zone that holds a card, if the seat sees it there.
    pub fn zone_of(&self, card: CardId) -> Option<ZoneId> {
        self.zones().find(|z| {
            self.zone_cards(*z)
                .is_some_and(|cards| cards.contains(&card))
        })
    }

    /// A card's definition (the game's card table is public: every seat knows what the
    /// deck is made of; where each card is, it does not).
    #[inline]
    pub fn card(&self, card: CardId) -> Option<&'s Card> {
        self.state.card(card)
    }

    /// Every card definition of the game.
    #[inline]
    pub fn cards(&self) -> &'s CardTable {
        self.state.cards()
    }

    /// A variable's value.
    #[inline]
    pub fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T> {
        self.state.variable(var)
    }

    /// What a plugin attached during setup: read-only data derived from the game's
    /// tables (players, zones, card definitions), the same for every seat.
    #[inline]
    pub fn attachment<T: Any>(&self) -> Option<&'s T> {
        self.state.attachment::<T>()
    }

    /// The text an id stands for in this game.
    pub fn id_text<I: Id>(&self, id: I) -> Cow<'s, str> {
        self.state.id_text(id)
    }
}

impl PartialEq for SeatView<'_> {
    /// Equal when they show the same: same seat, players, zones and their sizes, the
    /// same cards where the seat looks, the same variables, turn, status and winners.
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.state, other.state);
        let tables = Arc::ptr_eq(&a.tables, &b.tables) || a.tables == b.tables;
        tables
            && self.seat == other.seat
            && a.status() == b.status()
            && a.turn() == b.turn()
            && a.current_player() == b.current_player()
            && a.winners() == b.winners()
            && a.zone_cards.len() == b.zone_cards.len()
            && self.zones().all(|z| {
                self.zone_size(z) == other.zone_size(z) && self.zone_cards(z) == other.zone_cards(z)
            })
            && a.variables.same(a, &b.variables, b)
    }
}

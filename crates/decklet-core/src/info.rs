//! [`InfoState`]: what one seat knows of a game, as an owned value that holds nothing
//! else.
//!
//! An information state is made from a game for one seat
//! ([`GameState::info_state`]). It holds the public zones' cards, the seat's own hand,
//! every other zone as a count, the players, whose turn it is, the winners, the
//! variables the seat may read ([`VarVisibility`](crate::VarVisibility)) and the
//! events the seat heard, each as its view for that seat ([`InfoState::hear`]). It has
//! no reference to the full state: the hidden cards, the variables the seat may not
//! read and the RNG are not in it, so no method, derive or formatting of it can show
//! them. Its `Debug`, its JSON ([`InfoState::to_json`]) and its equality are its
//! contents, exactly.
//!
//! Everything that acts for a seat is built from it: bots choose from it, search bots
//! sample worlds from it ([`InfoState::determinize`]), observation encoders and servers
//! send it.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

use crate::card::{Card, CardTable};
use crate::error::EngineError;
use crate::event::AnyEvent;
use crate::ids::{CardId, Id, PlayerId, ZoneId};
use crate::player::{Player, PlayerStatus};
use crate::rng::GameRng;
use crate::scope;
use crate::state::{GameState, GameStatus};
use crate::state_json::CardsList;
use crate::variables::{Var, VarType, Variables};
use crate::zone::{Visibility, Zone};

/// What one seat knows of a game, as an owned value holding nothing else: the public
/// zones' cards, its own hand, every other zone as a count, the players, whose turn it
/// is, the winners, the variables it may read and the events it heard. No reference to
/// the full state is kept, so the hidden cards, the unreadable variables and the RNG
/// cannot be reached through it; its `Debug` is its JSON. Cheap to refresh in place
/// ([`refresh`](Self::refresh)); two positions that differ only in what the seat cannot
/// see give equal information states.
///
/// ```
/// # use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// let state = engine.state();
/// let (alice, bob) = (state.player_id("p1").ok_or("p1")?, state.player_id("p2").ok_or("p2")?);
/// let info = state.info_state(alice);
/// assert_eq!(info.seat(), alice);
/// assert!(info.hand().is_empty());
/// assert_eq!(info.hand_size(bob), 0);
/// let bobs_hand = state.hand_zone(bob).ok_or("no hand")?;
/// assert_eq!(info.zone_cards(bobs_hand), None); // Alice cannot look into it
/// assert!(format!("{info:?}").contains("\"seat\":\"p1\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct InfoState {
    seat: PlayerId,
    /// The game with only what the seat knows: the zones it does not see are empty
    /// (their sizes are in `sizes`), the variables it may not read are left out and the
    /// RNG is a fixed one. Handed out only as [`known`](InfoState::known), for what is
    /// the same in every position the seat may be in.
    known: GameState,
    /// Each zone's size.
    sizes: Vec<usize>,
    /// The events the seat heard, as it heard them, oldest first.
    history: Vec<AnyEvent>,
}

impl Default for InfoState {
    /// The information state of no game: no players, no zones, nothing heard (what a
    /// game loop hands a bot that does not read it, say).
    fn default() -> Self {
        GameState::default().info_state(PlayerId::at(0))
    }
}

impl GameState {
    /// What `seat` knows of the game now (see [`InfoState`]), with no history yet.
    pub fn info_state(&self, seat: PlayerId) -> InfoState {
        let mut info = InfoState {
            seat,
            known: GameState {
                tables: self.tables.clone(),
                seat_view: true,
                ..GameState::default()
            },
            sizes: Vec::new(),
            history: Vec::new(),
        };
        info.refresh(self);
        info
    }
}

/// Whether `seat` sees the cards of `zone` in `state`.
fn sees(state: &GameState, seat: PlayerId, zone: ZoneId) -> bool {
    state.zone(zone).is_some_and(|def| match def.visibility {
        Visibility::Public => true,
        Visibility::Owner => def.owner == Some(seat),
        Visibility::Hidden => false,
    })
}

impl InfoState {
    /// Makes this what its seat knows of `state` now, reusing its room; the history is
    /// kept (add to it with [`hear`](Self::hear)).
    pub fn refresh(&mut self, state: &GameState) {
        let seat = self.seat;
        let known = &mut self.known;
        if !std::sync::Arc::ptr_eq(&known.tables, &state.tables) {
            known.tables = state.tables.clone();
        }
        known.status = state.status;
        known.current = state.current;
        known.turn = state.turn;
        known.winners.clone_from(&state.winners);
        known.variables.copy_readable(&state.variables, seat);
        let zones = state.zone_cards.len();
        known.zone_cards.resize_with(zones, Vec::new);
        self.sizes.clear();
        for (z, (mine, theirs)) in known
            .zone_cards
            .iter_mut()
            .zip(&state.zone_cards)
            .enumerate()
        {
            self.sizes.push(theirs.len());
            mine.clear();
            if sees(state, seat, ZoneId::at(z)) {
                mine.extend_from_slice(theirs);
            }
        }
    }

    /// Adds what the seat hears of `events` (each event's view for it,
    /// [`AnyEvent::view_for`]) to the history.
    pub fn hear<'e>(&mut self, events: impl IntoIterator<Item = &'e AnyEvent>) {
        let seat = self.seat;
        self.history
            .extend(events.into_iter().map(|e| e.view_for(seat)));
    }

    /// The events the seat heard (as it heard them), oldest first.
    pub fn history(&self) -> &[AnyEvent] {
        &self.history
    }

    /// The game as this seat knows it, as a position: the zones it does not see are
    /// empty (their sizes are [`zone_size`](Self::zone_size)'s), the variables it may
    /// not read absent, the RNG a fixed one. For reading what is the same in every
    /// position the seat may be in: the card definitions, the seating, the public
    /// attachments (an encoding's index of a move reads these); never for the cards of a
    /// zone the seat does not see, which it shows as none.
    pub fn known(&self) -> &GameState {
        &self.known
    }

    /// The seat this is the knowledge of.
    #[inline]
    pub fn seat(&self) -> PlayerId {
        self.seat
    }

    /// The game's id.
    pub fn game_id(&self) -> &str {
        self.known.game_id()
    }

    /// Where the game is in its life.
    #[inline]
    pub fn status(&self) -> GameStatus {
        self.known.status
    }

    /// The turn counter.
    #[inline]
    pub fn turn(&self) -> u64 {
        self.known.turn
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> Option<PlayerId> {
        self.known.current
    }

    /// The winners, in order.
    #[inline]
    pub fn winners(&self) -> &[PlayerId] {
        &self.known.winners
    }

    /// Every player's handle, in the order they were given.
    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerId> + use<> {
        self.known.players()
    }

    /// How many players.
    #[inline]
    pub fn player_count(&self) -> usize {
        self.known.player_count()
    }

    /// A player's definition.
    pub fn player(&self, player: PlayerId) -> Option<&Player> {
        self.known.player(player)
    }

    /// A player's status.
    pub fn player_status(&self, player: PlayerId) -> Option<PlayerStatus> {
        self.known.player_status(player)
    }

    /// The players in seat order.
    #[inline]
    pub fn seat_order(&self) -> &[PlayerId] {
        self.known.seat_order()
    }

    /// A player's index in seat order.
    #[inline]
    pub fn seat_index(&self, player: PlayerId) -> Option<usize> {
        self.known.seat_index(player)
    }

    /// The handle of the player whose text id is `text`.
    pub fn player_id(&self, text: &str) -> Option<PlayerId> {
        self.known.player_id(text)
    }

    /// The seat's own hand, bottom first.
    #[inline]
    pub fn hand(&self) -> &[CardId] {
        self.known.hand(self.seat)
    }

    /// How many cards a player holds.
    #[inline]
    pub fn hand_size(&self, player: PlayerId) -> usize {
        self.known
            .hand_zone(player)
            .map_or(0, |zone| self.zone_size(zone))
    }

    /// A player's hand zone.
    #[inline]
    pub fn hand_zone(&self, player: PlayerId) -> Option<ZoneId> {
        self.known.hand_zone(player)
    }

    /// Every zone's handle, in the order they were made.
    pub fn zones(&self) -> impl ExactSizeIterator<Item = ZoneId> + use<> {
        self.known.zones()
    }

    /// A zone's definition (public: its id, type, owner and visibility).
    #[inline]
    pub fn zone(&self, zone: ZoneId) -> Option<&Zone> {
        self.known.zone(zone)
    }

    /// The handle of the zone whose text id is `text`.
    #[inline]
    pub fn zone_id(&self, text: &str) -> Option<ZoneId> {
        self.known.zone_id(text)
    }

    /// Whether the seat sees the cards of a zone: a public zone, or one it owns that
    /// only its owner sees.
    #[inline]
    pub fn sees(&self, zone: ZoneId) -> bool {
        sees(&self.known, self.seat, zone)
    }

    /// How many cards a zone holds (any zone: sizes are public).
    #[inline]
    pub fn zone_size(&self, zone: ZoneId) -> usize {
        self.sizes.get(zone.index()).copied().unwrap_or(0)
    }

    /// A zone's cards, bottom first, if the seat sees them; `None` otherwise.
    #[inline]
    pub fn zone_cards(&self, zone: ZoneId) -> Option<&[CardId]> {
        self.sees(zone).then(|| self.known.zone_cards(zone))
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
    pub fn card(&self, card: CardId) -> Option<&Card> {
        self.known.card(card)
    }

    /// Every card definition of the game.
    #[inline]
    pub fn cards(&self) -> &CardTable {
        self.known.cards()
    }

    /// A variable's value, if the seat may read it.
    #[inline]
    pub fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T> {
        self.known.variable(var)
    }

    /// The variables the seat may read.
    pub fn variables(&self) -> &Variables {
        &self.known.variables
    }

    /// What the plugins of the seat's game declared, of type `T` (see
    /// [`GameState::game_data`]): configuration, the same for every seat.
    #[inline]
    pub fn game_data<T: Any>(&self) -> Option<&T> {
        self.known.game_data::<T>()
    }

    /// What a plugin attached for every seat during setup
    /// ([`attach_public`](crate::GameContext::attach_public): read-only data derived
    /// from public facts, the game's players, zones and card definitions); what it
    /// attached for the engine's side alone ([`attach`](crate::GameContext::attach)) a
    /// seat does not see.
    #[inline]
    pub fn attachment<T: Any>(&self) -> Option<&T> {
        self.known.tables.public_attachment::<T>()
    }

    /// The text an id stands for in this game.
    pub fn id_text<I: Id>(&self, id: I) -> Cow<'_, str> {
        self.known.id_text(id)
    }

    /// The information state as JSON (what its `Debug` shows too): `{seat, gameId,
    /// status, turn, currentPlayerId, winners, players, zones: [{id, type, owner?,
    /// visibility, count, cards?}], cards, variables, history}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl PartialEq for InfoState {
    /// Equal when they hold the same: seat, position and history (events compared by
    /// their JSON, each written with its own game's names; an event that cannot be
    /// written equals nothing).
    fn eq(&self, other: &Self) -> bool {
        self.seat == other.seat
            && self.known == other.known
            && self.sizes == other.sizes
            && self.history.len() == other.history.len()
            && self.history.iter().zip(&other.history).all(|(a, b)| {
                a.kind() == b.kind()
                    && matches!(
                        (self.known.json_of(a), other.known.json_of(b)),
                        (Ok(x), Ok(y)) if x == y
                    )
            })
    }
}

impl fmt::Debug for InfoState {
    /// Its JSON ([`to_json`](InfoState::to_json)): its contents, exactly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InfoState {}", self.to_json())
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InfoOut<'a> {
    seat: PlayerId,
    game_id: &'a str,
    status: GameStatus,
    turn: u64,
    current_player_id: Option<PlayerId>,
    winners: &'a [PlayerId],
    players: &'a [crate::player::Player],
    zones: Vec<ZoneOut<'a>>,
    cards: CardsList<'a>,
    variables: &'a Variables,
    history: &'a [AnyEvent],
}

#[derive(Serialize)]
struct ZoneOut<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    zone_type: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<PlayerId>,
    visibility: Visibility,
    count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<&'a [CardId]>,
}

impl Serialize for InfoState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        scope::with_tables(&self.known.tables, || {
            InfoOut {
                seat: self.seat,
                game_id: self.game_id(),
                status: self.status(),
                turn: self.turn(),
                current_player_id: self.current_player(),
                winners: self.winners(),
                players: &self.known.tables.players,
                zones: self
                    .zones()
                    .filter_map(|z| {
                        let def = self.zone(z)?;
                        Some(ZoneOut {
                            id: &def.id,
                            zone_type: &def.zone_type,
                            owner: def.owner,
                            visibility: def.visibility,
                            count: self.zone_size(z),
                            cards: self.zone_cards(z),
                        })
                    })
                    .collect(),
                cards: CardsList(self.cards()),
                variables: self.variables(),
                history: &self.history,
            }
            .serialize(serializer)
        })
    }
}

/// What a seat knows beyond what it sees, to narrow the worlds it samples
/// ([`InfoState::determinize`]): cards it knows to lie in zones it does not see (shown
/// to it earlier, say), and limits on what such zones hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatKnowledge {
    /// Cards the seat knows to lie in a zone it does not see.
    pub placed: Vec<(CardId, ZoneId)>,
    /// Limits on what zones it does not see hold.
    pub limits: Vec<crate::determinize::ZoneLimit>,
}

impl InfoState {
    /// A whole game the seat cannot tell from the real one, drawn with `rng` from this
    /// information state and `knowledge` alone (never from the real hidden cards, which
    /// are not here): the cards the seat does not see are dealt at random into the
    /// places it does not see (every zone keeping its size), the cards of
    /// `knowledge.placed` where it says, and then its limits are met
    /// ([`ZoneLimit`](crate::ZoneLimit)) by swapping cards between unseen places, each
    /// swap keeping every limit of both zones; a deal the swaps cannot bring within
    /// them all (several limits on one zone, few places left: a Hearts player void in
    /// three suits) is dealt again, up to 64 times, the last kept if none is (knowledge
    /// that no deal meets). The world holds only the variables the seat
    /// may read and a RNG seeded from `rng`. Everything the seat sees is unchanged:
    /// `world.info_state(seat)` equals this one but for the history.
    ///
    /// A placement that contradicts what the seat sees is an error: a card or a zone
    /// the game does not have, a card the seat sees, a zone it sees, a card placed
    /// twice, more cards placed in a zone than it holds.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let alice = engine.state().player_id("p1").ok_or("p1")?;
    /// let info = engine.state().info_state(alice);
    /// let world = info.determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(7))?;
    /// assert_eq!(world.info_state(alice), info);
    /// world.validate()?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn determinize(
        &self,
        knowledge: &SeatKnowledge,
        rng: &mut GameRng,
    ) -> Result<GameState, EngineError> {
        crate::determinize::sample(self, knowledge, rng)
    }

    /// Each zone's size.
    pub(crate) fn sizes(&self) -> &[usize] {
        &self.sizes
    }
}

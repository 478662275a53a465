//! [`GameState`]: everything about one game, owned by the engine and read here.
//!
//! Inside: the game's [`Tables`] (players, zone definitions, cards; shared), each
//! zone's cards as a list of handles, the variables, whose turn it is, the winners, the
//! turn counter and the RNG. Reads are methods; every change goes through a
//! [`GameContext`](crate::GameContext), which journals it so that a failed tick can be
//! undone. A clone copies the zones' short handle lists and shares the tables.

use std::any::Any;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardTable};
use crate::error::EngineError;
use crate::ids::{CardId, Id, PlayerId, ZoneId};
use crate::player::{Player, PlayerStatus};
use crate::rng::GameRng;
use crate::scope;
use crate::tables::Tables;
use crate::variables::{Var, VarType, Variables};
use crate::zone::Zone;

/// The longest id (game, player, zone, card) a valid state or log may hold, in bytes.
pub const MAX_ID_LEN: usize = 256;

/// The most bytes of free-form data (a card's or a player's `data`, a variable's value)
/// a state read from outside may hold in one place, as JSON text.
pub const MAX_DATA_LEN: usize = 64 * 1024;

/// The most cards, zones or variables a state read from outside may hold (each).
pub const MAX_ITEMS: usize = 65_536;

/// The most players a game may have (`create_game`, a loaded state and a log refuse
/// more).
pub const MAX_PLAYERS: usize = 1024;

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum GameStatus {
    /// Created, not started.
    #[default]
    Waiting,
    /// Started, not over.
    Playing,
    /// Over.
    Finished,
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GameStatus::Waiting => "waiting",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
        })
    }
}

/// The whole state of one game. It serializes to JSON with text ids (the wire format)
/// and reads back with validation ([`GameState::from_json`]); equal states give equal
/// JSON.
///
/// ```
/// use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// let state = engine.state();
/// let bob = state.player_id("p2").ok_or("no player p2")?;
/// assert_eq!(state.player(bob).map(|p| p.name.as_str()), Some("Bob"));
/// assert!(state.hand(bob).is_empty());
/// assert_eq!(state.status(), GameStatus::Waiting);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameState {
    pub(crate) tables: Arc<Tables>,
    pub(crate) status: GameStatus,
    /// Each zone's cards, bottom first, by zone handle.
    pub(crate) zone_cards: Vec<Vec<CardId>>,
    pub(crate) variables: Variables,
    pub(crate) current: Option<PlayerId>,
    pub(crate) winners: Vec<PlayerId>,
    pub(crate) turn: u64,
    pub(crate) rng: GameRng,
    /// Set in a seat's knowledge ([`InfoState::known`](crate::InfoState::known)): then
    /// [`attachment`](Self::attachment) reads only what every seat may. Not part of
    /// the position (neither its equality's nor its digest's), and cleared when a
    /// position is sampled from it or adopted.
    pub(crate) seat_view: bool,
}

impl PartialEq for GameState {
    /// Every field, destructured: a field added to the state does not compile here
    /// until equality says what it makes of it (so do the tick's checkpoint and the
    /// digest).
    fn eq(&self, other: &Self) -> bool {
        let GameState {
            tables,
            status,
            zone_cards,
            variables,
            current,
            winners,
            turn,
            rng,
            // which attachments it reads, not what the position is
            seat_view: _,
        } = self;
        (Arc::ptr_eq(tables, &other.tables) || **tables == *other.tables)
            && *status == other.status
            && *zone_cards == other.zone_cards
            && *current == other.current
            && *winners == other.winners
            && *turn == other.turn
            && *rng == other.rng
            && variables.same(self, &other.variables, other)
    }
}

impl GameState {
    /// A state made of these tables, with every zone empty.
    pub(crate) fn from_tables(
        tables: Tables,
        seed: u64,
        mut buffer: impl FnMut() -> Vec<CardId>,
    ) -> GameState {
        GameState {
            zone_cards: {
                // room for the zones setups add, as the tables have
                let mut zones = Vec::with_capacity(tables.zones.capacity());
                zones.extend((0..tables.zones.len()).map(|_| buffer()));
                zones
            },
            tables: Arc::new(tables),
            status: GameStatus::default(),
            variables: Variables::default(),
            current: None,
            winners: Vec::new(),
            turn: 0,
            rng: GameRng::seed_from(seed),
            seat_view: false,
        }
    }

    /// The game's id.
    pub fn game_id(&self) -> &str {
        &self.tables.game_id
    }

    /// Waiting, playing or finished.
    #[inline]
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The turn counter (bumped by each ended turn).
    #[inline]
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// Whose turn it is.
    #[inline]
    pub fn current_player(&self) -> Option<PlayerId> {
        self.current
    }

    /// The winners, in the order they won.
    #[inline]
    pub fn winners(&self) -> &[PlayerId] {
        &self.winners
    }

    /// The game's random number generator (read only: handlers draw from it through
    /// their context, so a failed tick rolls it back).
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    // ------------------------------------------------------------------ players

    /// Every player's handle, in the order given to `create_game`.
    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerId> + use<> {
        (0..self.tables.players.len()).map(PlayerId::at)
    }

    /// Number of players.
    #[inline]
    pub fn player_count(&self) -> usize {
        self.tables.players.len()
    }

    /// A player.
    #[inline]
    pub fn player(&self, player: PlayerId) -> Option<&Player> {
        self.tables.players.get(player.index())
    }

    /// A player's status (`None` for a handle that is not a player here).
    #[inline]
    pub fn player_status(&self, player: PlayerId) -> Option<PlayerStatus> {
        self.player(player).map(|p| p.status)
    }

    /// The handle of the player whose text id is `text` (e.g. `"p1"`).
    #[inline]
    pub fn player_id(&self, text: &str) -> Option<PlayerId> {
        self.tables.player_id(text)
    }

    /// The players in seat order (lowest seat first).
    #[inline]
    pub fn seat_order(&self) -> &[PlayerId] {
        &self.tables.seat_order
    }

    /// A player's position in [`seat_order`](Self::seat_order).
    #[inline]
    pub fn seat_index(&self, player: PlayerId) -> Option<usize> {
        self.tables
            .seat_rank
            .get(player.index())
            .map(|&r| r as usize)
    }

    /// A player's hand zone.
    #[inline]
    pub fn hand_zone(&self, player: PlayerId) -> Option<ZoneId> {
        self.tables.hands.get(player.index()).copied().flatten()
    }

    /// The cards in a player's hand, bottom first (empty for a handle that is not a
    /// player here).
    #[inline]
    pub fn hand(&self, player: PlayerId) -> &[CardId] {
        match self.hand_zone(player) {
            Some(zone) => self.zone_cards(zone),
            None => &[],
        }
    }

    // ------------------------------------------------------------------ zones

    /// Every zone's handle, in the order they were made (the hands first).
    pub fn zones(&self) -> impl ExactSizeIterator<Item = ZoneId> + use<> {
        (0..self.tables.zones.len()).map(ZoneId::at)
    }

    /// A zone's definition.
    #[inline]
    pub fn zone(&self, zone: ZoneId) -> Option<&Zone> {
        self.tables.zones.get(zone.index())
    }

    /// The handle of the zone whose text id is `text` (e.g. `"deck"`).
    #[inline]
    pub fn zone_id(&self, text: &str) -> Option<ZoneId> {
        self.tables.zone_id(text)
    }

    /// A zone's cards, bottom first: the top is the last (empty for a handle that is
    /// not a zone here).
    #[inline]
    pub fn zone_cards(&self, zone: ZoneId) -> &[CardId] {
        self.zone_cards.get(zone.index()).map_or(&[], Vec::as_slice)
    }

    /// The top card of a zone.
    #[inline]
    pub fn top(&self, zone: ZoneId) -> Option<CardId> {
        self.zone_cards(zone).last().copied()
    }

    /// The zone that holds a card (a search through every zone).
    pub fn zone_of(&self, card: CardId) -> Option<ZoneId> {
        self.zone_cards
            .iter()
            .position(|cards| cards.contains(&card))
            .map(ZoneId::at)
    }

    // ------------------------------------------------------------------ cards

    /// The card definitions.
    #[inline]
    pub fn cards(&self) -> &CardTable {
        &self.tables.cards
    }

    /// A card's definition.
    #[inline]
    pub fn card(&self, card: CardId) -> Option<&Card> {
        self.tables.cards.get(card)
    }

    /// The handle of the card whose text id is `text`.
    #[inline]
    pub fn card_id(&self, text: &str) -> Option<CardId> {
        self.tables.cards.id_of(text)
    }

    // ------------------------------------------------------------------ text

    /// The text a handle stands for here: a player's, zone's or card's id. A handle
    /// from elsewhere that names nothing here reads as `#<index>`.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let state = engine.state();
    /// let p1 = state.player_id("p1").ok_or("no player p1")?;
    /// assert_eq!(state.id_text(p1), "p1");
    /// assert_eq!(state.id_text(state.hand_zone(p1).ok_or("no hand")?), "hand:p1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn id_text<I: Id>(&self, id: I) -> std::borrow::Cow<'_, str> {
        match id.text(self) {
            Some(text) => std::borrow::Cow::Borrowed(text),
            None => std::borrow::Cow::Owned(format!("#{}", id.position())),
        }
    }

    pub(crate) fn player_text(&self, player: PlayerId) -> Option<&str> {
        self.player(player).map(|p| p.id.as_str())
    }

    pub(crate) fn zone_text(&self, zone: ZoneId) -> Option<&str> {
        self.zone(zone).map(|z| z.id.as_str())
    }

    pub(crate) fn card_text(&self, card: CardId) -> Option<&str> {
        self.card(card).map(|c| c.id.as_str())
    }

    /// Any serializable value as JSON, its handles written as their text in this game.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
    /// let play = PlayCard::new(p1, []);
    /// assert_eq!(engine.state().json_of(&play)?["playerId"], "p1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn json_of<T: Serialize + ?Sized>(
        &self,
        value: &T,
    ) -> Result<serde_json::Value, EngineError> {
        scope::with_tables(&self.tables, || serde_json::to_value(value)).map_err(EngineError::from)
    }

    /// Reads any value from JSON, its handles read from their text in this game.
    pub fn from_json_in<T: serde::de::DeserializeOwned>(
        &self,
        json: &serde_json::Value,
    ) -> Result<T, EngineError> {
        scope::with_tables(&self.tables, || T::deserialize(json)).map_err(EngineError::from)
    }

    // ------------------------------------------------------------------ variables

    /// Reads a typed variable.
    ///
    /// ```
    /// use decklet_core::{GameState, Var};
    /// const FLAG: Var<bool> = Var::new("demo:flag");
    /// assert_eq!(GameState::default().variable(&FLAG), None);
    /// ```
    #[inline(always)]
    pub fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T> {
        self.variables
            .value(var)
            .and_then(|value| T::from_value(value, self))
    }

    /// For a plugin's [`validate`](crate::GamePlugin::validate): `var`, if it is set,
    /// holds a value of its type for which `in_range` holds.
    ///
    /// ```
    /// use decklet_core::{GameState, Var};
    /// const SPEED: Var<i64> = Var::new("demo:speed");
    /// assert!(GameState::default().check_variable(&SPEED, |s| *s >= 0).is_ok()); // unset
    /// ```
    pub fn check_variable<T: VarType>(
        &self,
        var: &Var<T>,
        in_range: impl FnOnce(&T) -> bool,
    ) -> Result<(), EngineError> {
        let Some(stored) = self.variables.value(var) else {
            return Ok(());
        };
        match T::from_value(stored, self) {
            Some(value) if in_range(&value) => Ok(()),
            _ => Err(EngineError::InvalidState {
                message: format!(
                    "variable `{}` holds {}, which is not one of its values",
                    var.key(),
                    crate::error::echo(
                        &self
                            .json_of(stored)
                            .map(|j| j.to_string())
                            .unwrap_or_default()
                    )
                ),
            }),
        }
    }

    /// Every variable.
    pub fn variables(&self) -> &Variables {
        &self.variables
    }

    // ------------------------------------------------------------------ game data

    /// What the plugins of this state's game declared, of type `T`
    /// ([`GamePlugin::declare`](crate::GamePlugin::declare)): `None` for a state read
    /// from JSON that no engine adopted yet.
    #[inline]
    pub fn game_data<T: Any>(&self) -> Option<&T> {
        self.tables.data.get::<T>()
    }

    // ------------------------------------------------------------------ attachments

    /// What a plugin attached during setup (see
    /// [`GameContext::attach`](crate::GameContext::attach)); `None` in a state no
    /// engine has set up, e.g. one just read from JSON. In a seat's knowledge
    /// ([`InfoState::known`](crate::InfoState::known)) only what every seat may read
    /// ([`attach_public`](crate::GameContext::attach_public)).
    #[inline(always)]
    pub fn attachment<T: Any>(&self) -> Option<&T> {
        match self.seat_view {
            false => self.tables.attachment::<T>(),
            true => self.tables.public_attachment::<T>(),
        }
    }

    /// The attachments every seat may read
    /// ([`attach_public`](crate::GameContext::attach_public)), printed: what the leak
    /// check compares between a position and its re-deal.
    pub(crate) fn public_attachments(&self) -> Vec<String> {
        self.tables.public_attachments()
    }
}

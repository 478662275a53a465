//! [`GameState`]: everything about one game, serializable and exactly restorable.

use std::sync::Arc;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::error::EngineError;
use crate::ids::{CardId, PlayerId, ZoneId, hand_zone_id, position_in, text_eq};
use crate::player::Player;
use crate::rng::GameRng;
use crate::variables::{Var, VarType, Variables};
use crate::zone::Zone;

/// The longest id (game, player, zone, card) a valid state or log may hold, in bytes.
pub const MAX_ID_LEN: usize = 256;

/// The ordered map used throughout the state: insertion order, deterministic hashing.
pub type Map<K, V> = IndexMap<K, V, FxBuildHasher>;

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

/// The card definitions of a game. Cards never change after setup, so the table is
/// shared (`Arc`) between a state and its clones: a tick or a clone never copies it.
#[derive(Clone, Debug, Default)]
pub struct CardTable(Arc<TableData>);

/// The definitions, their digest once computed and whether they passed
/// [`GameState::validate`]'s checks of the table alone (both cleared whenever they change).
#[derive(Clone, Debug, Default)]
struct TableData {
    map: Map<CardId, Card>,
    digest: std::sync::OnceLock<u64>,
    valid: std::sync::OnceLock<()>,
    /// The stamp of this content (see [`CardTable::stamp`]); new after every change.
    stamp: std::sync::OnceLock<u32>,
    /// Each card id as a JSON string, in creation order (for the state digest).
    id_json: std::sync::OnceLock<Vec<Box<[u8]>>>,
}

/// The next card table stamp. 0 means "no stamp": once 2^32 - 1 stamps are used up,
/// tables get none and their ids fall back to checked hints (slower, still right).
static NEXT_STAMP: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

fn new_stamp() -> u32 {
    use std::sync::atomic::Ordering;
    NEXT_STAMP
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |next| {
            (next != 0).then(|| next.wrapping_add(1))
        })
        .unwrap_or(0)
}

impl PartialEq for CardTable {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.map == other.0.map
    }
}

impl Serialize for CardTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.map.serialize(serializer)
    }
}

impl CardTable {
    /// The card with this id.
    #[inline]
    pub fn get(&self, id: &CardId) -> Option<&Card> {
        self.index_of(id)
            .and_then(|i| self.0.map.get_index(i))
            .map(|(_, card)| card)
    }

    /// The card's position in creation order.
    #[inline(always)]
    pub fn index_of(&self, id: &CardId) -> Option<usize> {
        match self.own_position(id) {
            Some(position) => Some(position), // placed by this very content: exact
            None => position_in(&self.0.map, id, id.hint()),
        }
    }

    /// This content's stamp, given on first use: ids hinted by the table carry it.
    fn stamp(&self) -> u32 {
        *self.0.stamp.get_or_init(new_stamp)
    }

    /// The id with its exact position in this table (stamped), if the table has it.
    #[inline]
    pub(crate) fn stamped(&self, id: &CardId) -> Option<CardId> {
        let position = self.index_of(id)?;
        Some(id.clone().with_stamped_hint(position, self.stamp()))
    }

    /// The card at a position in creation order.
    #[inline]
    pub fn get_index(&self, index: usize) -> Option<&Card> {
        self.0.map.get_index(index).map(|(_, card)| card)
    }

    /// Whether both tables are one shared allocation (e.g. the same constant deck).
    pub fn ptr_eq(&self, other: &CardTable) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Whether a card with this id exists.
    #[inline]
    pub fn contains(&self, id: &CardId) -> bool {
        self.index_of(id).is_some()
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.0.map.len()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.map.is_empty()
    }

    /// All cards in creation order.
    pub fn iter(&self) -> impl Iterator<Item = &Card> {
        self.0.map.values()
    }

    /// The map itself.
    pub fn as_map(&self) -> &Map<CardId, Card> {
        &self.0.map
    }

    pub(crate) fn make_mut(&mut self) -> &mut Map<CardId, Card> {
        let data = Arc::make_mut(&mut self.0);
        data.digest = std::sync::OnceLock::new();
        data.valid = std::sync::OnceLock::new();
        data.stamp = std::sync::OnceLock::new();
        data.id_json = std::sync::OnceLock::new();
        &mut data.map
    }

    /// The position of an id this very content placed (its stamp is the table's), else
    /// `None` (even if the table has the id: ask [`index_of`](Self::index_of) then).
    #[inline(always)]
    pub(crate) fn own_position(&self, id: &CardId) -> Option<usize> {
        let stamp = id.stamp();
        if stamp != 0 && self.0.stamp.get() == Some(&stamp) {
            return id.hint();
        }
        None
    }

    /// The stamp this content carries now (0: none yet); for loops over many ids that
    /// check stamps themselves (see [`index_with`](Self::index_with)).
    #[inline]
    pub(crate) fn current_stamp(&self) -> u32 {
        self.0.stamp.get().copied().unwrap_or(0)
    }

    /// [`index_of`](Self::index_of) with the table's [`current_stamp`](Self::current_stamp)
    /// read once by the caller.
    #[inline(always)]
    pub(crate) fn index_with(&self, id: &CardId, stamp: u32) -> Option<usize> {
        if stamp != 0 && id.stamp() == stamp {
            return id.hint(); // placed by this very content: exact
        }
        position_in(&self.0.map, id, id.hint())
    }

    /// The first of `cards` the table does not have.
    pub(crate) fn first_unknown<'c>(&self, cards: &'c [CardId]) -> Option<&'c CardId> {
        let stamp = self.current_stamp();
        cards
            .iter()
            .find(|card| self.index_with(card, stamp).is_none())
    }

    /// Each card id written as a JSON string (quoted and escaped as `serde_json` does),
    /// in creation order; computed once per table content.
    pub(crate) fn id_json(&self) -> &[Box<[u8]>] {
        self.0.id_json.get_or_init(|| {
            self.0
                .map
                .keys()
                .map(|id| {
                    serde_json::to_vec(id.as_str())
                        .unwrap_or_default()
                        .into_boxed_slice()
                })
                .collect()
        })
    }

    /// The digest of the definitions' JSON, computed once per table (see
    /// [`state_digest`](crate::state_digest)).
    pub(crate) fn digest(&self, compute: impl FnOnce(&Map<CardId, Card>) -> u64) -> u64 {
        *self.0.digest.get_or_init(|| compute(&self.0.map))
    }

    /// Inserts a card (its id hinted with its position); `false` if the id is taken.
    pub(crate) fn insert(&mut self, mut card: Card) -> bool {
        if self.contains(&card.id) {
            return false;
        }
        let map = self.make_mut();
        card.id = card.id.with_hint(map.len());
        map.insert(card.id.clone(), card);
        true
    }
}

fn stamp_lock(stamp: u32) -> std::sync::OnceLock<u32> {
    let lock = std::sync::OnceLock::new();
    if stamp != 0 {
        let _ = lock.set(stamp);
    }
    lock
}

impl FromIterator<Card> for CardTable {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let stamp = new_stamp();
        let mut map: Map<CardId, Card> = Map::default();
        for mut card in iter {
            if !map.contains_key(&card.id) {
                card.id = card.id.with_stamped_hint(map.len(), stamp);
                map.insert(card.id.clone(), card);
            }
        }
        CardTable(Arc::new(TableData {
            map,
            stamp: stamp_lock(stamp),
            ..Default::default()
        }))
    }
}

impl<'de> Deserialize<'de> for CardTable {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map: Map<CardId, Card> = Map::deserialize(deserializer)?;
        let stamp = new_stamp();
        let mut hinted: Map<CardId, Card> =
            Map::with_capacity_and_hasher(map.len(), Default::default());
        for (i, (key, mut card)) in map.into_iter().enumerate() {
            // the card's own id is stamped only when it is the key (validate refuses
            // a table where it is not)
            card.id = if card.id == key {
                card.id.with_stamped_hint(i, stamp)
            } else {
                card.id.with_hint(i)
            };
            hinted.insert(key.with_stamped_hint(i, stamp), card);
        }
        Ok(CardTable(Arc::new(TableData {
            map: hinted,
            stamp: stamp_lock(stamp),
            ..Default::default()
        })))
    }
}

/// Whether `zone` is `hand:<player>`.
#[inline]
fn is_hand_of(zone: &str, player: &str) -> bool {
    let (zone, player) = (zone.as_bytes(), player.as_bytes());
    match zone.split_first_chunk::<5>() {
        Some((prefix, rest)) => prefix == b"hand:" && short_eq(rest, player),
        None => false,
    }
}

/// Byte equality for short texts such as ids: a plain loop beats a call to `memcmp`.
#[inline]
fn short_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(true, |same, (x, y)| same & (x == y))
}

/// The whole state of one game. Maps keep insertion order, so iteration and JSON are
/// deterministic; serde round-trips it exactly (RNG included).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// The game's id.
    pub game_id: String,
    /// Waiting, playing or finished.
    pub status: GameStatus,
    /// Players in the order given to `create_game`.
    pub players: Map<PlayerId, Player>,
    /// Zones: first the players' hands (in player order), then those plugins add.
    pub zones: Map<ZoneId, Zone>,
    /// Card definitions (shared, immutable after setup).
    pub cards: CardTable,
    /// Typed variables of the plugins.
    pub variables: Variables,
    /// Whose turn it is.
    pub current_player_id: Option<PlayerId>,
    /// Winners, in the order they won.
    pub winners: Vec<PlayerId>,
    /// Turn counter (bumped by each ended turn).
    pub turn: u64,
    /// The game's random number generator.
    pub rng: GameRng,
}

impl GameState {
    /// An empty state with an id and an RNG seed.
    pub fn new(game_id: impl Into<String>, seed: u64) -> Self {
        GameState {
            game_id: game_id.into(),
            rng: GameRng::seed_from(seed),
            ..GameState::default()
        }
    }

    /// Empties the state for a new game with this id and seed, as [`GameState::new`]
    /// would make it, but keeping its allocations: the maps keep their capacity, and each
    /// zone's card vector, emptied, goes to `zone_cards` at the zone's position.
    pub(crate) fn recycle(&mut self, game_id: &str, seed: u64, zone_cards: &mut Vec<Vec<CardId>>) {
        self.game_id.clear();
        self.game_id.push_str(game_id);
        self.status = GameStatus::default();
        self.players.clear();
        zone_cards.clear();
        zone_cards.extend(self.zones.drain(..).map(|(_, zone)| {
            let mut cards = zone.cards;
            cards.clear();
            cards
        }));
        self.cards = CardTable::default();
        self.variables.clear();
        self.current_player_id = None;
        self.winners.clear();
        self.turn = 0;
        self.rng = GameRng::seed_from(seed);
    }

    /// A player's hand zone.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// assert!(engine.state().hand(&"p1".into()).is_some_and(|hand| hand.is_empty()));
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn hand(&self, player: &PlayerId) -> Option<&Zone> {
        self.hand_index(player)
            .and_then(|i| self.zones.get_index(i))
            .map(|(_, zone)| zone)
    }

    /// Index of a player's hand zone in `zones` (hands come first, in player order).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// assert_eq!(engine.state().hand_index(&"p2".into()), Some(1));
    /// assert_eq!(engine.state().hand_index(&"nobody".into()), None);
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn hand_index(&self, player: &PlayerId) -> Option<usize> {
        // Fast path: `create_game` puts each player's hand at the player's index, which
        // is the id's hint. The check is the fallback's own question: is that zone's id
        // `hand:<player>`?
        if let Some(index) = player.hint()
            && let Some((id, _)) = self.zones.get_index(index)
            && is_hand_of(id.as_str(), player.as_str())
        {
            return Some(index);
        }
        self.hand_index_slow(player)
    }

    /// [`hand_index`](Self::hand_index) without a right hint: an id from outside (JSON)
    /// or a state laid out by hand. Kept out of line so the fast path stays small.
    #[cold]
    #[inline(never)]
    fn hand_index_slow(&self, player: &PlayerId) -> Option<usize> {
        if let Some(index) = self.player_index(player)
            && let Some((id, _)) = self.zones.get_index(index)
            && is_hand_of(id.as_str(), player.as_str())
        {
            return Some(index);
        }
        self.zones.get_index_of(&hand_zone_id(player))
    }

    /// Gives a player id the hint of its position in `players` (no change if it has
    /// one or the player is unknown). Hints only make lookups cheaper.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let mut id = PlayerId::from("p1");
    /// engine.state().locate_player(&mut id);
    /// assert_eq!(id, PlayerId::from("p1")); // the same id, found faster from now on
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn locate_player(&self, id: &mut PlayerId) {
        if id.hint().is_none()
            && let Some(index) = self.player_index(id)
        {
            *id = id.clone().with_hint(index);
        }
    }

    /// Gives a card id its exact position in the card table (no change if the table
    /// placed it already or does not have it). Hints only make lookups cheaper.
    #[inline]
    pub fn locate_card(&self, id: &mut CardId) {
        if self.cards.own_position(id).is_none()
            && let Some(stamped) = self.cards.stamped(id)
        {
            *id = stamped;
        }
    }

    /// Index of a player in `players`.
    #[inline]
    pub fn player_index(&self, player: &PlayerId) -> Option<usize> {
        position_in(&self.players, player, player.hint())
    }

    /// Index of a zone in `zones`.
    #[inline]
    pub fn zone_index(&self, zone: &ZoneId) -> Option<usize> {
        position_in(&self.zones, zone, zone.hint())
    }

    /// A zone by id.
    #[inline]
    pub fn zone(&self, id: &ZoneId) -> Option<&Zone> {
        self.zone_index(id)
            .and_then(|i| self.zones.get_index(i))
            .map(|(_, z)| z)
    }

    /// The id of a zone as stored in the state (with its position hint).
    pub fn zone_id(&self, id: &str) -> Option<&ZoneId> {
        self.zones.get_key_value(id).map(|(k, _)| k)
    }

    /// A zone by its id's text.
    #[inline]
    pub fn zone_by_str(&self, id: &str) -> Option<&Zone> {
        self.zones.get(id)
    }

    /// The index, stored id (with its position hint) and zone named `id`, looking
    /// first at position `guess`: a plugin that knows where it usually puts its zones
    /// finds them without hashing; a wrong guess only costs the hash.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// // the hands come first: `hand:p1` is at position 0
    /// assert_eq!(engine.state().zone_near("hand:p1", 0).map(|(i, _, _)| i), Some(0));
    /// assert_eq!(engine.state().zone_near("hand:p1", 5).map(|(i, _, _)| i), Some(0));
    /// assert!(engine.state().zone_near("deck", 0).is_none());
    /// # Ok::<(), EngineError>(())
    /// ```
    #[inline]
    pub fn zone_near(&self, id: &str, guess: usize) -> Option<(usize, &ZoneId, &Zone)> {
        if let Some((key, zone)) = self.zones.get_index(guess)
            && text_eq(key.as_str(), id)
        {
            return Some((guess, key, zone));
        }
        self.zone_far(id)
    }

    /// [`zone_near`](Self::zone_near) after a wrong guess (out of line).
    #[cold]
    #[inline(never)]
    fn zone_far(&self, id: &str) -> Option<(usize, &ZoneId, &Zone)> {
        self.zones.get_full(id)
    }

    /// A card definition by id.
    #[inline]
    pub fn card(&self, id: &CardId) -> Option<&Card> {
        self.cards.get(id)
    }

    /// A player by id.
    #[inline]
    pub fn player(&self, id: &PlayerId) -> Option<&Player> {
        self.player_index(id)
            .and_then(|i| self.players.get_index(i))
            .map(|(_, p)| p)
    }

    /// The player whose turn it is.
    pub fn current_player(&self) -> Option<&Player> {
        self.current_player_id
            .as_ref()
            .and_then(|id| self.players.get(id))
    }

    /// Reads a typed variable.
    ///
    /// ```
    /// use decklet_core::{GameState, Var};
    /// const FLAG: Var<bool> = Var::new("demo:flag");
    /// assert_eq!(GameState::default().variable(FLAG), None);
    /// ```
    #[inline]
    pub fn variable<T: VarType>(&self, var: Var<T>) -> Option<T> {
        self.variables.read(var)
    }

    /// The zone that holds a card (a linear search).
    pub fn zone_of(&self, card: &CardId) -> Option<&Zone> {
        self.zones.values().find(|zone| zone.contains(card))
    }

    /// Reads a state from JSON and [validates](GameState::validate) it.
    pub fn from_json(json: &str) -> Result<GameState, EngineError> {
        let mut state: GameState = serde_json::from_str(json)?;
        state.validate()?;
        state.restore_hints();
        Ok(state)
    }

    /// Gives every id in the state the position hint of where it is stored (ids read from
    /// JSON have none); lookups are faster afterwards, nothing else changes.
    pub fn restore_hints(&mut self) {
        for (i, player) in self.players.values_mut().enumerate() {
            player.id = player.id.clone().with_hint(i);
        }
        let (players, cards) = (&self.players, &self.cards);
        let hint_player = |id: &PlayerId| match position_in(players, id, None) {
            Some(position) => id.clone().with_hint(position),
            None => id.clone(),
        };
        for (i, zone) in self.zones.values_mut().enumerate() {
            zone.id = zone.id.clone().with_hint(i);
            zone.owner = zone.owner.as_ref().map(hint_player);
            for card in &mut zone.cards {
                if let Some(stamped) = cards.stamped(card) {
                    *card = stamped;
                }
            }
        }
        self.current_player_id = self.current_player_id.as_ref().map(hint_player);
    }

    /// Checks that the state is coherent: every card exists once and lies in exactly
    /// one zone (card conservation), zone owners, the current player and the winners are
    /// players, every player has a hand, ids match their keys, seats are unique and no
    /// id is longer than [`MAX_ID_LEN`] bytes.
    pub fn validate(&self) -> Result<(), EngineError> {
        let invalid = |message: String| Err(EngineError::InvalidState { message });
        let too_long = |kind: &str, id: &str| {
            Err(EngineError::InvalidState {
                message: format!(
                    "{kind} id of {} bytes is longer than {MAX_ID_LEN}",
                    id.len()
                ),
            })
        };
        if self.game_id.len() > MAX_ID_LEN {
            return too_long("game", &self.game_id);
        }
        let mut seats: Vec<u32> = self.players.values().map(|p| p.seat).collect();
        seats.sort_unstable();
        if let Some(seat) = seats.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]) {
            return invalid(format!("seat {seat} is used twice"));
        }
        for (id, player) in &self.players {
            if id.as_str().len() > MAX_ID_LEN {
                return too_long("player", id.as_str());
            }
            if &player.id != id {
                return invalid(format!("player key `{id}` holds player `{}`", player.id));
            }
            if self.hand(id).is_none() {
                return invalid(format!("player `{id}` has no hand zone"));
            }
        }
        if self.cards.0.valid.get().is_none() {
            for (id, card) in self.cards.as_map() {
                if id.as_str().len() > MAX_ID_LEN {
                    return too_long("card", id.as_str());
                }
                if &card.id != id {
                    return invalid(format!("card key `{id}` holds card `{}`", card.id));
                }
            }
            // checked once per table: games that share a deck share the check
            let _ = self.cards.0.valid.set(());
        }
        // one bit per card: where a card was first seen is only looked up for the error
        let mut placed = vec![0u64; self.cards.len().div_ceil(64)];
        let stamp = self.cards.current_stamp();
        for (id, zone) in &self.zones {
            if id.as_str().len() > MAX_ID_LEN {
                return too_long("zone", id.as_str());
            }
            if &zone.id != id {
                return invalid(format!("zone key `{id}` holds zone `{}`", zone.id));
            }
            if let Some(owner) = &zone.owner
                && !self.players.contains_key(owner)
            {
                return invalid(format!("zone `{id}` is owned by unknown player `{owner}`"));
            }
            for card in &zone.cards {
                let Some(index) = self.cards.index_with(card, stamp) else {
                    return invalid(format!("zone `{id}` holds unknown card `{card}`"));
                };
                let (word, bit) = (index / 64, 1u64 << (index % 64));
                let Some(slot) = placed.get_mut(word) else {
                    return invalid(format!("zone `{id}` holds unknown card `{card}`"));
                };
                if *slot & bit != 0 {
                    // the first zone that holds it (this one, if it is there twice)
                    let other = self
                        .zones
                        .values()
                        .find(|z| z.cards.contains(card))
                        .map_or(id, |z| &z.id);
                    return invalid(format!("card `{card}` is in both `{other}` and `{id}`"));
                }
                *slot |= bit;
            }
        }
        let missing = (0..self.cards.len()).find(|&i| placed[i / 64] & (1u64 << (i % 64)) == 0);
        if let Some(card) = missing.and_then(|i| self.cards.get_index(i)) {
            return invalid(format!("card `{}` is in no zone", card.id));
        }
        if let Some(current) = &self.current_player_id
            && !self.players.contains_key(current)
        {
            return invalid(format!("current player `{current}` is not a player"));
        }
        for winner in &self.winners {
            if !self.players.contains_key(winner) {
                return invalid(format!("winner `{winner}` is not a player"));
            }
        }
        Ok(())
    }
}

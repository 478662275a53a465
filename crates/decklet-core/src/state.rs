//! [`GameState`]: everything about one game, serializable and exactly restorable.

use std::sync::Arc;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::error::EngineError;
use crate::ids::{CardId, HAND_ZONE_TYPE, PlayerId, ZoneId, hand_zone_id};
use crate::player::Player;
use crate::rng::GameRng;
use crate::variables::{Var, VarType, Variables};
use crate::zone::Zone;

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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardTable(Arc<Map<CardId, Card>>);

impl CardTable {
    /// The card with this id.
    #[inline]
    pub fn get(&self, id: &CardId) -> Option<&Card> {
        self.0.get(id)
    }

    /// Whether a card with this id exists.
    pub fn contains(&self, id: &CardId) -> bool {
        self.0.contains_key(id)
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// All cards in creation order.
    pub fn iter(&self) -> impl Iterator<Item = &Card> {
        self.0.values()
    }

    /// The map itself.
    pub fn as_map(&self) -> &Map<CardId, Card> {
        &self.0
    }

    pub(crate) fn make_mut(&mut self) -> &mut Map<CardId, Card> {
        Arc::make_mut(&mut self.0)
    }
}

impl FromIterator<Card> for CardTable {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardTable(Arc::new(
            iter.into_iter()
                .map(|card| (card.id.clone(), card))
                .collect(),
        ))
    }
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

    /// A player's hand zone.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)]).unwrap();
    /// assert!(engine.state().hand(&"p1".into()).unwrap().is_empty());
    /// ```
    #[inline]
    pub fn hand(&self, player: &PlayerId) -> Option<&Zone> {
        // Fast path: `create_game` puts each player's hand at the player's index.
        if let Some(index) = self.players.get_index_of(player)
            && let Some((_, zone)) = self.zones.get_index(index)
            && zone.owner.as_ref() == Some(player)
            && zone.zone_type == HAND_ZONE_TYPE
        {
            return Some(zone);
        }
        self.zones.get(&hand_zone_id(player))
    }

    /// Index of a player's hand zone in `zones`.
    pub(crate) fn hand_index(&self, player: &PlayerId) -> Option<usize> {
        if let Some(index) = self.players.get_index_of(player)
            && let Some((_, zone)) = self.zones.get_index(index)
            && zone.owner.as_ref() == Some(player)
            && zone.zone_type == HAND_ZONE_TYPE
        {
            return Some(index);
        }
        self.zones.get_index_of(&hand_zone_id(player))
    }

    /// A zone by id.
    #[inline]
    pub fn zone(&self, id: &ZoneId) -> Option<&Zone> {
        self.zones.get(id)
    }

    /// A zone by its id's text.
    #[inline]
    pub fn zone_by_str(&self, id: &str) -> Option<&Zone> {
        self.zones.get(id)
    }

    /// A card definition by id.
    #[inline]
    pub fn card(&self, id: &CardId) -> Option<&Card> {
        self.cards.get(id)
    }

    /// A player by id.
    #[inline]
    pub fn player(&self, id: &PlayerId) -> Option<&Player> {
        self.players.get(id)
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
        let state: GameState = serde_json::from_str(json)?;
        state.validate()?;
        Ok(state)
    }

    /// Checks that the state is coherent: every card in a zone exists and lies in one
    /// zone only, zone owners, the current player and the winners are players, every
    /// player has a hand, ids match their keys and seats are unique.
    pub fn validate(&self) -> Result<(), EngineError> {
        let invalid = |message: String| Err(EngineError::InvalidState { message });
        let mut seats = std::collections::HashSet::new();
        for (id, player) in &self.players {
            if &player.id != id {
                return invalid(format!("player key `{id}` holds player `{}`", player.id));
            }
            if !seats.insert(player.seat) {
                return invalid(format!("seat {} is used twice", player.seat));
            }
            if self.hand(id).is_none() {
                return invalid(format!("player `{id}` has no hand zone"));
            }
        }
        for (id, card) in self.cards.as_map() {
            if &card.id != id {
                return invalid(format!("card key `{id}` holds card `{}`", card.id));
            }
        }
        let mut placed: Map<&CardId, &ZoneId> = Map::default();
        for (id, zone) in &self.zones {
            if &zone.id != id {
                return invalid(format!("zone key `{id}` holds zone `{}`", zone.id));
            }
            if let Some(owner) = &zone.owner
                && !self.players.contains_key(owner)
            {
                return invalid(format!("zone `{id}` is owned by unknown player `{owner}`"));
            }
            for card in &zone.cards {
                if !self.cards.contains(card) {
                    return invalid(format!("zone `{id}` holds unknown card `{card}`"));
                }
                if let Some(other) = placed.insert(card, id) {
                    return invalid(format!("card `{card}` is in both `{other}` and `{id}`"));
                }
            }
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

//! [`GameView`]: the state as one player may see it.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::card::Card;
use crate::ids::{CardId, PlayerId, ZoneId};
use crate::player::Player;
use crate::state::{GameState, GameStatus, Map};
use crate::variables::Variables;
use crate::zone::Visibility;

/// A zone as a player sees it: public zones and the player's own hand show their cards,
/// other hands and hidden zones only a count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ZoneView {
    /// Zone id.
    pub id: ZoneId,
    /// Zone type.
    #[serde(rename = "type")]
    pub zone_type: SmolStr,
    /// Owner, for hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<PlayerId>,
    /// Number of cards.
    pub count: usize,
    /// The cards, bottom first, when visible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardId>>,
}

/// What one player may see of a game: no other hand, no deck order, no RNG state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// The viewer.
    pub viewer: PlayerId,
    /// The game's id.
    pub game_id: String,
    /// Status.
    pub status: GameStatus,
    /// Players.
    pub players: Map<PlayerId, Player>,
    /// Zones, with hidden cards as counts.
    pub zones: Map<ZoneId, ZoneView>,
    /// Definitions of the visible cards only.
    pub cards: Map<CardId, Card>,
    /// Variables.
    pub variables: Variables,
    /// Whose turn it is.
    pub current_player_id: Option<PlayerId>,
    /// Winners.
    pub winners: Vec<PlayerId>,
    /// Turn counter.
    pub turn: u64,
}

impl GameState {
    /// The state as `viewer` may see it.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let view = engine.state().view_for(&"p1".into());
    /// assert!(view.zones["hand:p1"].cards.is_some());
    /// assert!(view.zones["hand:p2"].cards.is_none());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn view_for(&self, viewer: &PlayerId) -> GameView {
        let mut cards = Map::default();
        let zones = self
            .zones
            .iter()
            .map(|(id, zone)| {
                let visible = match zone.visibility {
                    Visibility::Public => true,
                    Visibility::Owner => zone.owner.as_ref() == Some(viewer),
                    Visibility::Hidden => false,
                };
                if visible {
                    for card in &zone.cards {
                        if let Some(def) = self.cards.get(card) {
                            cards.insert(card.clone(), def.clone());
                        }
                    }
                }
                let view = ZoneView {
                    id: id.clone(),
                    zone_type: zone.zone_type.clone(),
                    owner: zone.owner.clone(),
                    count: zone.cards.len(),
                    cards: visible.then(|| zone.cards.clone()),
                };
                (id.clone(), view)
            })
            .collect();
        GameView {
            viewer: viewer.clone(),
            game_id: self.game_id.clone(),
            status: self.status,
            players: self.players.clone(),
            zones,
            cards,
            variables: self.variables.clone(),
            current_player_id: self.current_player_id.clone(),
            winners: self.winners.clone(),
            turn: self.turn,
        }
    }
}

//! [`GameView`]: the state as one player may see it, ready to be sent as JSON.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::card::Card;
use crate::ids::PlayerId;
use crate::info::InfoState;
use crate::player::Player;
use crate::state::{GameState, GameStatus};

/// A zone as a player sees it: public zones and the player's own hand show their cards,
/// other hands and hidden zones only a count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ZoneView {
    /// Zone id.
    pub id: SmolStr,
    /// Zone type.
    #[serde(rename = "type")]
    pub zone_type: SmolStr,
    /// Owner's id, for hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<SmolStr>,
    /// Number of cards.
    pub count: usize,
    /// The cards' ids, bottom first, when visible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<SmolStr>>,
}

/// What one player may see of a game: no other hand, no deck order, no RNG state. Ids
/// are text: a view is made to leave the engine (to a client, a log, a bot's eyes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// The viewer's id (empty for a [spectator](PlayerId::SPECTATOR)).
    pub viewer: SmolStr,
    /// The game's id.
    pub game_id: String,
    /// Status.
    pub status: GameStatus,
    /// Players, in order.
    pub players: Vec<Player>,
    /// Zones, in order, with hidden cards as counts.
    pub zones: Vec<ZoneView>,
    /// Definitions of the visible cards only.
    pub cards: Vec<Card>,
    /// The variables the viewer may read, as JSON.
    pub variables: serde_json::Map<String, serde_json::Value>,
    /// Whose turn it is.
    pub current_player_id: Option<SmolStr>,
    /// Winners.
    pub winners: Vec<SmolStr>,
    /// Turn counter.
    pub turn: u64,
}

impl GameView {
    /// The zone with this id.
    pub fn zone(&self, id: &str) -> Option<&ZoneView> {
        self.zones.iter().find(|z| z.id == id)
    }
}

impl GameState {
    /// The state as `viewer` may see it ([`PlayerId::SPECTATOR`]: as someone who holds
    /// no seat sees it).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
    /// let view = engine.state().view_for(p1);
    /// assert!(view.zone("hand:p1").is_some_and(|z| z.cards.is_some()));
    /// assert!(view.zone("hand:p2").is_some_and(|z| z.cards.is_none()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view_for(&self, viewer: PlayerId) -> GameView {
        self.info_state(viewer).view()
    }
}

impl InfoState {
    /// The view of what the seat knows, ready to be sent as JSON: the one projection
    /// of a seat ([`GameState::view_for`] is this, of the seat's information state), so
    /// a view holds nothing the information state does not.
    pub fn view(&self) -> GameView {
        let known = self.known();
        let text = |id| SmolStr::new(known.id_text(id));
        let mut cards = Vec::new();
        let zones = self
            .zones()
            .filter_map(|zone| {
                let def = self.zone(zone)?;
                let held = self.zone_cards(zone);
                if let Some(held) = held {
                    cards.extend(held.iter().filter_map(|c| self.card(*c)).cloned());
                }
                Some(ZoneView {
                    id: def.id.clone(),
                    zone_type: def.zone_type.clone(),
                    owner: def.owner.map(text),
                    count: self.zone_size(zone),
                    cards: held.map(|held| held.iter().map(|c| text_card(known, *c)).collect()),
                })
            })
            .collect();
        // the information state holds only the variables the seat may read
        let variables = known
            .variables()
            .iter()
            .filter_map(|(key, value)| Some((key.to_string(), known.json_of(value).ok()?)))
            .collect();
        let seat = self.seat();
        GameView {
            viewer: match seat == PlayerId::SPECTATOR {
                true => SmolStr::default(),
                false => text(seat),
            },
            game_id: self.game_id().to_string(),
            status: self.status(),
            players: known.tables.players.clone(),
            zones,
            cards,
            variables,
            current_player_id: self.current_player().map(text),
            winners: self.winners().iter().map(|w| text(*w)).collect(),
            turn: self.turn(),
        }
    }
}

fn text_card(state: &GameState, card: crate::ids::CardId) -> SmolStr {
    SmolStr::new(state.id_text(card))
}

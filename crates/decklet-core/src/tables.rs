//! [`Tables`]: what a game is made of, fixed once it is set up.
//!
//! The players, the zones' definitions, the card table, each player's hand and seat
//! order, and what plugins attached. A state shares its tables (`Arc`) with its clones,
//! forks and the events it emits (which need the names to be written as JSON); the rare
//! change after setup (a player's status) copies them first.

use std::any::Any;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::card::CardTable;
use crate::data::GameData;
use crate::error::{EngineError, shown};
use crate::ids::{HAND_ZONE_TYPE, PlayerId, ZoneId, hand_zone_name};
use crate::player::Player;
use crate::state::{MAX_ID_LEN, MAX_PLAYERS};
use crate::zone::{Visibility, Zone};

/// Read-only data a plugin derived from the tables during setup (see
/// [`GameContext::attach`](crate::GameContext::attach)): what a plugin attached: the value, whether every seat may read it (declared
/// derivable from public facts), and how to print it (what the leak check compares).
#[derive(Clone)]
pub(crate) struct Attachment {
    /// The value's type (kept, so that a lookup compares types without asking the value).
    pub(crate) type_id: std::any::TypeId,
    pub(crate) value: Arc<dyn Any + Send + Sync>,
    pub(crate) public: bool,
    pub(crate) debug: fn(&dyn Any) -> String,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&(self.debug)(&*self.value))
    }
}

/// Prints an attachment of type `T`.
pub(crate) fn debug_of<T: Any + std::fmt::Debug>(value: &dyn Any) -> String {
    value
        .downcast_ref::<T>()
        .map(|v| format!("{v:?}"))
        .unwrap_or_default()
}

/// The fixed part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    pub(crate) game_id: String,
    pub(crate) players: Vec<Player>,
    player_index: FxHashMap<SmolStr, u32>,
    /// The players sorted by seat.
    pub(crate) seat_order: Vec<PlayerId>,
    /// Each player's position in `seat_order`.
    pub(crate) seat_rank: Vec<u32>,
    pub(crate) zones: Vec<Zone>,
    zone_index: FxHashMap<SmolStr, u32>,
    /// Each player's hand zone.
    pub(crate) hands: Vec<Option<ZoneId>>,
    pub(crate) cards: CardTable,
    pub(crate) attachments: Vec<Attachment>,
    /// What the plugins of the game that made (or adopted) these tables declared;
    /// nothing for tables read from JSON and not adopted.
    pub(crate) data: Arc<GameData>,
}

impl PartialEq for Tables {
    /// Equal definitions (what plugins attached is derived from them).
    fn eq(&self, other: &Self) -> bool {
        self.game_id == other.game_id
            && self.players == other.players
            && self.zones == other.zones
            && self.cards == other.cards
    }
}

fn check_len(what: &str, text: &str) -> Result<(), EngineError> {
    if text.len() > MAX_ID_LEN {
        return Err(EngineError::InvalidState {
            message: format!(
                "{what} id of {} bytes is longer than {MAX_ID_LEN}",
                text.len()
            ),
        });
    }
    Ok(())
}

impl Tables {
    /// Tables of a game with this id and these players (no zone, no card yet).
    pub(crate) fn with_players(game_id: &str, players: Vec<Player>) -> Result<Tables, EngineError> {
        check_len("game", game_id)?;
        if players.len() > MAX_PLAYERS {
            return Err(EngineError::TooManyPlayers {
                count: players.len(),
                limit: MAX_PLAYERS,
            });
        }
        let mut tables = Tables {
            game_id: game_id.to_string(),
            player_index: FxHashMap::with_capacity_and_hasher(players.len(), Default::default()),
            // the hands, and room for a few shared zones (a deck, a discard pile, ...)
            zone_index: FxHashMap::with_capacity_and_hasher(players.len() + 4, Default::default()),
            zones: Vec::with_capacity(players.len() + 4),
            ..Tables::default()
        };
        for (i, player) in players.iter().enumerate() {
            check_len("player", &player.id)?;
            if tables
                .player_index
                .insert(player.id.clone(), i as u32)
                .is_some()
            {
                return Err(EngineError::DuplicatePlayer {
                    player: shown(&player.id),
                });
            }
        }
        let mut order: Vec<PlayerId> = (0..players.len()).map(PlayerId::at).collect();
        order.sort_by_key(|p| players[p.index()].seat);
        // sorted by seat, two players with one seat are neighbours
        if let Some(pair) = order
            .windows(2)
            .find(|pair| players[pair[0].index()].seat == players[pair[1].index()].seat)
        {
            return Err(EngineError::DuplicateSeat {
                seat: players[pair[0].index()].seat,
            });
        }
        tables.seat_rank = vec![0; players.len()];
        for (rank, p) in order.iter().enumerate() {
            tables.seat_rank[p.index()] = rank as u32;
        }
        tables.seat_order = order;
        tables.hands = vec![None; players.len()];
        tables.players = players;
        Ok(tables)
    }

    /// Makes every player's hand: `hand:<id>`, type `hand`, owned by the player, seen by
    /// the owner only.
    pub(crate) fn add_hands(&mut self) -> Result<(), EngineError> {
        for i in 0..self.players.len() {
            let player = PlayerId::at(i);
            let zone = Zone::new(hand_zone_name(&self.players[i].id), HAND_ZONE_TYPE)
                .with_owner(player)
                .with_visibility(Visibility::Owner);
            let zone = self.add_zone(zone)?;
            self.hands[i] = Some(zone);
        }
        Ok(())
    }

    /// Adds a zone; an error if its id is taken or its owner is not a player.
    pub(crate) fn add_zone(&mut self, zone: Zone) -> Result<ZoneId, EngineError> {
        check_len("zone", &zone.id)?;
        if self.zone_index.contains_key(&zone.id) {
            return Err(EngineError::DuplicateZone {
                zone: shown(&zone.id),
            });
        }
        if let Some(owner) = zone.owner
            && owner.index() >= self.players.len()
        {
            return Err(EngineError::PlayerNotFound {
                player: format!("{owner:?}"),
            });
        }
        let id = ZoneId::at(self.zones.len());
        self.zone_index.insert(zone.id.clone(), id.index() as u32);
        self.zones.push(zone);
        Ok(id)
    }

    /// Records which zone is each player's hand: `hand:<player id>`, which must be a
    /// `hand` zone owned by that player and seen by the owner only.
    pub(crate) fn find_hands(&mut self) -> Result<(), EngineError> {
        for i in 0..self.players.len() {
            let name = hand_zone_name(&self.players[i].id);
            let invalid = |message: String| EngineError::InvalidState { message };
            let Some(zone) = self.zone_id(&name) else {
                return Err(invalid(format!(
                    "player `{}` has no hand zone",
                    shown(&self.players[i].id)
                )));
            };
            let def = &self.zones[zone.index()];
            if def.zone_type != HAND_ZONE_TYPE
                || def.owner != Some(PlayerId::at(i))
                || def.visibility != Visibility::Owner
            {
                return Err(invalid(format!(
                    "zone `{}` must be a hand owned by `{}` and seen by its owner only",
                    shown(&name),
                    shown(&self.players[i].id)
                )));
            }
            self.hands[i] = Some(zone);
        }
        Ok(())
    }

    /// The handle of the player with this text id.
    #[inline]
    pub(crate) fn player_id(&self, text: &str) -> Option<PlayerId> {
        self.player_index
            .get(text)
            .map(|&i| PlayerId::at(i as usize))
    }

    /// The handle of the zone with this text id.
    #[inline]
    pub(crate) fn zone_id(&self, text: &str) -> Option<ZoneId> {
        self.zone_index.get(text).map(|&i| ZoneId::at(i as usize))
    }

    /// What a plugin attached, of type `T`.
    #[inline(always)]
    pub(crate) fn attachment<T: Any>(&self) -> Option<&T> {
        let wanted = std::any::TypeId::of::<T>();
        self.attachments
            .iter()
            .find(|a| a.type_id == wanted)?
            .value
            .downcast_ref::<T>()
    }

    /// What a plugin attached for every seat, of type `T`.
    #[inline(always)]
    pub(crate) fn public_attachment<T: Any>(&self) -> Option<&T> {
        let wanted = std::any::TypeId::of::<T>();
        self.attachments
            .iter()
            .find(|a| a.public && a.type_id == wanted)?
            .value
            .downcast_ref::<T>()
    }

    /// The attachments every seat may read, printed, in the order attached.
    pub(crate) fn public_attachments(&self) -> Vec<String> {
        self.attachments
            .iter()
            .filter(|a| a.public)
            .map(|a| (a.debug)(&*a.value))
            .collect()
    }

    /// Attaches `attachment`, replacing one of the same type.
    pub(crate) fn attach(&mut self, attachment: Attachment) {
        let type_id = attachment.type_id;
        match self.attachments.iter_mut().find(|a| a.type_id == type_id) {
            Some(slot) => *slot = attachment,
            None => self.attachments.push(attachment),
        }
    }
}

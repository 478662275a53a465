//! A [`GameState`] as JSON, and what a state must satisfy to be read back.
//!
//! The JSON is the wire format of the reference system, with text ids and the tables
//! as lists: `{gameId, status, players: [player], zones: [{id, type, owner?,
//! visibility, cards}], cards: [card], variables, variableReaders?, currentPlayerId,
//! winners, turn, rng}`. A table's order gives its handles; a JSON object's key order
//! is not data (tools that sort keys, a `serde_json::Value` among them, reorder it), so
//! the tables are lists. The reference system and decklet 0.2 wrote them as objects
//! keyed by id (`players: {id: player}`): those are still read, in the order written.
//! `variables` is an object: a variable is found by its key, so its order does not
//! matter. `variableReaders` names the variables that not every seat may read:
//! `{"key": "nobody"}` or `{"key": {"seat": "p1"}}` (left out when every variable is
//! public).
//! Reading it builds the tables and checks everything [`GameState::validate`] checks,
//! plus what only text can get wrong: keys that disagree with the ids they hold, keys
//! given twice, names that resolve to nothing.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::card::Card;
use crate::card::CardTable;
use crate::error::{EngineError, shown};
use crate::ids::{CardId, PlayerId, ZoneId};
use crate::player::Player;
use crate::rng::GameRng;
use crate::scope;
use crate::state::{GameState, GameStatus, MAX_DATA_LEN, MAX_ID_LEN, MAX_ITEMS};
use crate::tables::Tables;
use crate::variables::{VarReaders, Variables};
use crate::wire::{Listed, UniqueMap};
use crate::zone::{Visibility, Zone};

impl Serialize for GameState {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        scope::with_tables(&self.tables, || {
            StateOut {
                game_id: &self.tables.game_id,
                status: self.status,
                players: &self.tables.players,
                zones: ZonesList(self),
                cards: CardsList(&self.tables.cards),
                variables: &self.variables,
                variable_readers: ReadersOut(&self.variables),
                current_player_id: self.current,
                winners: &self.winners,
                turn: self.turn,
                rng: &self.rng,
            }
            .serialize(serializer)
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateOut<'a> {
    game_id: &'a str,
    status: GameStatus,
    players: &'a [Player],
    zones: ZonesList<'a>,
    cards: CardsList<'a>,
    variables: &'a Variables,
    #[serde(skip_serializing_if = "ReadersOut::all_public")]
    variable_readers: ReadersOut<'a>,
    current_player_id: Option<PlayerId>,
    winners: &'a [PlayerId],
    turn: u64,
    rng: &'a GameRng,
}

/// The readers of the variables that not every seat reads, as a JSON object.
struct ReadersOut<'a>(&'a Variables);

impl ReadersOut<'_> {
    fn all_public(&self) -> bool {
        self.0.all_public()
    }
}

impl Serialize for ReadersOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter_with_readers().filter_map(|(key, _, readers)| {
            match readers {
                VarReaders::Everyone => None,
                VarReaders::Nobody => Some((key, ReaderOut::Nobody("nobody"))),
                VarReaders::Seat(seat) => Some((key, ReaderOut::Seat { seat })),
            }
        }))
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum ReaderOut {
    Nobody(&'static str),
    Seat { seat: PlayerId },
}

/// One variable's readers as JSON holds them.
#[derive(Deserialize)]
#[serde(untagged)]
enum ReaderIn {
    Word(SmolStr),
    Seat { seat: SmolStr },
}

/// The players as a JSON object, text id → player: the digest's form (a digest never
/// changes; a state is written with [`Player`]s in a list).
pub(crate) struct PlayersOut<'a>(pub(crate) &'a [Player]);

impl Serialize for PlayersOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|p| (&p.id, p)))
    }
}

/// The zones as a JSON object, text id → definition and cards: the digest's form (a
/// state is written with [`ZonesList`]).
pub(crate) struct ZonesOut<'a>(pub(crate) &'a GameState);

/// The zones as a JSON list of definitions and cards, in handle order.
pub(crate) struct ZonesList<'a>(pub(crate) &'a GameState);

/// The card definitions as a JSON list, in handle order.
pub(crate) struct CardsList<'a>(pub(crate) &'a CardTable);

impl Serialize for CardsList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl ZonesOut<'_> {
    /// Each zone's id and what is written of it.
    fn entries(state: &GameState) -> impl Iterator<Item = (&SmolStr, ZoneOut<'_>)> {
        state.zones().filter_map(|zone| {
            let def = state.zone(zone)?;
            let out = ZoneOut {
                id: &def.id,
                zone_type: &def.zone_type,
                owner: def.owner,
                visibility: def.visibility,
                cards: state.zone_cards(zone),
            };
            Some((&def.id, out))
        })
    }
}

impl Serialize for ZonesList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(ZonesOut::entries(self.0).map(|(_, out)| out))
    }
}

#[derive(Serialize)]
struct ZoneOut<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    zone_type: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<PlayerId>,
    visibility: Visibility,
    cards: &'a [CardId],
}

impl Serialize for ZonesOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(ZonesOut::entries(self.0))
    }
}

/// A state as JSON holds it: text everywhere.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StateIn {
    game_id: String,
    status: GameStatus,
    players: Listed<Player>,
    zones: Listed<ZoneIn>,
    cards: Listed<Card>,
    variables: Variables,
    #[serde(default)]
    variable_readers: UniqueMap<ReaderIn>,
    current_player_id: Option<SmolStr>,
    winners: Vec<SmolStr>,
    turn: u64,
    rng: GameRng,
}

#[derive(Deserialize)]
struct ZoneIn {
    id: SmolStr,
    #[serde(rename = "type")]
    zone_type: SmolStr,
    #[serde(default)]
    owner: Option<SmolStr>,
    #[serde(default)]
    visibility: Visibility,
    #[serde(default)]
    cards: Vec<SmolStr>,
}

fn invalid(message: String) -> EngineError {
    EngineError::InvalidState { message }
}

/// Refuses an entry of a table read as an object whose key is not its id.
fn keyed(what: &str, key: Option<&str>, id: &str) -> Result<(), EngineError> {
    match key {
        Some(key) if key != id => Err(invalid(format!(
            "{what} key `{}` holds {what} `{}`",
            shown(key),
            shown(id)
        ))),
        _ => Ok(()),
    }
}

/// Refuses text longer than [`MAX_ID_LEN`].
fn short(what: &str, text: &str) -> Result<(), EngineError> {
    match text.len() <= MAX_ID_LEN {
        true => Ok(()),
        false => Err(invalid(format!(
            "{what} `{}` is longer than {MAX_ID_LEN} bytes",
            shown(text)
        ))),
    }
}

/// Refuses free-form JSON longer than [`MAX_DATA_LEN`] as text.
fn small(what: &str, data: &serde_json::Value) -> Result<(), EngineError> {
    let len = serde_json::to_vec(data).map_or(usize::MAX, |bytes| bytes.len());
    match len <= MAX_DATA_LEN {
        true => Ok(()),
        false => Err(invalid(format!(
            "{what} holds {len} bytes of data; at most {MAX_DATA_LEN}"
        ))),
    }
}

impl StateIn {
    /// Every name, type and piece of data within its limit, and at most [`MAX_ITEMS`]
    /// cards, zones and variables: what a state from outside may hold.
    fn check_sizes(&self) -> Result<(), EngineError> {
        let counts = [
            ("cards", self.cards.0.len()),
            ("players", self.players.0.len()),
            ("zones", self.zones.0.len()),
            ("variables", self.variables.len()),
        ];
        for (what, count) in counts {
            if count > MAX_ITEMS {
                return Err(invalid(format!("{count} {what}; at most {MAX_ITEMS}")));
            }
        }
        for (_, player) in &self.players.0 {
            short("player id", &player.id)?;
            short("player name", &player.name)?;
            small("a player", &player.data)?;
        }
        for (_, zone) in &self.zones.0 {
            short("zone id", &zone.id)?;
            short("zone type", &zone.zone_type)?;
        }
        for (_, card) in &self.cards.0 {
            short("card id", &card.id)?;
            short("card type", &card.card_type)?;
            for text in card.suit.iter().chain(&card.rank).chain(&card.tags) {
                short("card text", text)?;
            }
            if card.tags.len() > MAX_ID_LEN {
                return Err(invalid(format!(
                    "card `{}` has too many tags",
                    shown(&card.id)
                )));
            }
            small("a card", &card.data)?;
        }
        for (key, value) in self.variables.iter() {
            short("variable key", key)?;
            let json = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
            small("a variable", &json)?;
        }
        Ok(())
    }

    fn build(self) -> Result<GameState, EngineError> {
        self.check_sizes()?;
        let mut players = Vec::with_capacity(self.players.0.len());
        for (key, player) in self.players.0 {
            keyed("player", key.as_deref(), &player.id)?;
            players.push(player);
        }
        let mut tables = Tables::with_players(&self.game_id, players)?;
        let mut cards = Vec::with_capacity(self.cards.0.len());
        for (key, card) in self.cards.0 {
            keyed("card", key.as_deref(), &card.id)?;
            cards.push(card);
        }
        tables.cards = CardTable::new(cards)?;
        let mut zone_cards = Vec::with_capacity(self.zones.0.len());
        for (key, zone) in self.zones.0 {
            keyed("zone", key.as_deref(), &zone.id)?;
            let owner = match &zone.owner {
                Some(owner) => Some(tables.player_id(owner).ok_or_else(|| {
                    invalid(format!(
                        "zone `{}` is owned by unknown player `{}`",
                        shown(&zone.id),
                        shown(owner)
                    ))
                })?),
                None => None,
            };
            let mut cards = Vec::with_capacity(zone.cards.len());
            for card in &zone.cards {
                cards.push(tables.cards.id_of(card).ok_or_else(|| {
                    invalid(format!(
                        "zone `{}` holds unknown card `{}`",
                        shown(&zone.id),
                        shown(card)
                    ))
                })?);
            }
            tables.add_zone(Zone {
                id: zone.id,
                zone_type: zone.zone_type,
                owner,
                visibility: zone.visibility,
            })?;
            zone_cards.push(cards);
        }
        tables.find_hands()?;
        let find_player = |what: &str, text: &SmolStr| {
            tables
                .player_id(text)
                .ok_or_else(|| invalid(format!("{what} `{}` is not a player", shown(text))))
        };
        let current = match &self.current_player_id {
            Some(text) => Some(find_player("current player", text)?),
            None => None,
        };
        let mut winners = Vec::with_capacity(self.winners.len());
        for text in &self.winners {
            let winner = find_player("winner", text)?;
            if winners.contains(&winner) {
                return Err(invalid(format!("winner `{}` is listed twice", shown(text))));
            }
            winners.push(winner);
        }
        let mut variables = self.variables;
        for (key, reader) in self.variable_readers.0 {
            let readers = match reader {
                ReaderIn::Word(word) if word == "nobody" => VarReaders::Nobody,
                ReaderIn::Word(word) if word == "everyone" => VarReaders::Everyone,
                ReaderIn::Seat { seat } => VarReaders::Seat(find_player("variable reader", &seat)?),
                ReaderIn::Word(word) => {
                    return Err(invalid(format!(
                        "variable `{}` has readers `{}` (known: everyone, nobody, {{\"seat\": id}})",
                        shown(&key),
                        shown(&word)
                    )));
                }
            };
            if !variables.set_readers(&key, readers) {
                return Err(invalid(format!(
                    "readers are given for `{}`, which is not a variable",
                    shown(&key)
                )));
            }
        }
        let state = GameState {
            tables: Arc::new(tables),
            status: self.status,
            zone_cards,
            variables,
            current,
            winners,
            turn: self.turn,
            rng: self.rng,
            seat_view: false,
        };
        state.validate()?;
        Ok(state)
    }
}

impl<'de> Deserialize<'de> for GameState {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        StateIn::deserialize(deserializer)?
            .build()
            .map_err(serde::de::Error::custom)
    }
}

impl GameState {
    /// Reads a state from JSON and validates it (see [`validate`](Self::validate));
    /// also refused: a key that disagrees with the id it holds, a key given twice, an
    /// owner, current player or winner that is not a player, a winner listed twice, a
    /// hand that is not `hand:<player>` of type `hand`, owned by its player and seen by
    /// that player only.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let json = engine.state().to_json()?;
    /// assert_eq!(&GameState::from_json(&json)?, engine.state());
    /// let tampered = json.replace("\"visibility\":\"owner\"", "\"visibility\":\"public\"");
    /// assert!(GameState::from_json(&tampered).is_err());
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn from_json(json: &str) -> Result<GameState, EngineError> {
        let input: StateIn = serde_json::from_str(json)?;
        input.build()
    }

    /// The state as JSON text.
    pub fn to_json(&self) -> Result<String, EngineError> {
        serde_json::to_string(self).map_err(EngineError::from)
    }

    /// The same position with the cards of some zones placed otherwise: each zone of
    /// `placed` holds exactly its cards (bottom first), the other zones as they were.
    /// A chance outcome a game enumerates (a deal) is a position made this way; an
    /// error when a card would then be in two zones or in none, or a zone is not one
    /// of the state's.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::default();
    /// engine.create_game(vec![Player::new("p1", "Ann", 1), Player::new("p2", "Bob", 2)])?;
    /// let state = engine.state();
    /// let (one, two) = (state.hand_zone(state.seat_order()[0]), state.hand_zone(state.seat_order()[1]));
    /// let (one, two) = (one.ok_or("p1's hand")?, two.ok_or("p2's hand")?);
    /// // no card in either hand: the same position
    /// assert_eq!(&state.with_zone_cards(&[(one, &[]), (two, &[])])?, state);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_zone_cards(
        &self,
        placed: &[(ZoneId, &[CardId])],
    ) -> Result<GameState, EngineError> {
        let mut moved = self.clone();
        for (zone, cards) in placed {
            let slot = moved
                .zone_cards
                .get_mut(zone.index())
                .ok_or_else(|| invalid(format!("no zone {zone:?} in this state")))?;
            slot.clear();
            slot.extend_from_slice(cards);
        }
        moved.validate()?;
        Ok(moved)
    }

    /// Checks that the state is coherent: every card of the table lies in exactly one
    /// zone (card conservation), every zone's cards are cards of the table, the current
    /// player and the winners are players (winners once each), and every player has a
    /// hand.
    pub fn validate(&self) -> Result<(), EngineError> {
        let cards = &self.tables.cards;
        let mut placed: Vec<Option<usize>> = vec![None; cards.len()];
        for (z, zone_cards) in self.zone_cards.iter().enumerate() {
            let zone_name = self.tables.zones.get(z).map_or("?", |d| d.id.as_str());
            for card in zone_cards {
                let Some(slot) = placed.get_mut(card.index()) else {
                    return Err(invalid(format!(
                        "zone `{}` holds unknown card {card:?}",
                        shown(zone_name)
                    )));
                };
                if let Some(other) = *slot {
                    let other_name = self.tables.zones.get(other).map_or("?", |d| d.id.as_str());
                    return Err(invalid(format!(
                        "card `{}` is in both `{}` and `{}`",
                        shown(&self.id_text(*card)),
                        shown(other_name),
                        shown(zone_name)
                    )));
                }
                *slot = Some(z);
            }
        }
        if let Some(missing) = placed.iter().position(Option::is_none) {
            return Err(invalid(format!(
                "card `{}` is in no zone",
                shown(&self.id_text(CardId::at(missing)))
            )));
        }
        if self.zone_cards.len() != self.tables.zones.len() {
            return Err(invalid(
                "zone contents out of step with the zones".to_string(),
            ));
        }
        let players = self.player_count();
        if self.current.is_some_and(|p| p.index() >= players) {
            return Err(invalid("the current player is not a player".to_string()));
        }
        for (i, winner) in self.winners.iter().enumerate() {
            if winner.index() >= players || self.winners[..i].contains(winner) {
                return Err(invalid(format!(
                    "winner {winner:?} is not a player, or is listed twice"
                )));
            }
        }
        if let Some(p) = self.players().find(|p| self.hand_zone(*p).is_none()) {
            return Err(invalid(format!(
                "player `{}` has no hand zone",
                shown(&self.id_text(p))
            )));
        }
        Ok(())
    }
}

//! [`GenericEncoding`]: any game of a catalogue for a learner, with no code of its own,
//! made from what a seat's information state holds. A game that has a better encoding
//! (UNO's, Crazy Eights') keeps it; this one is what every other game gets.
//!
//! **Actions**: each move is one kind of action (its `type`) and at most one card.
//! With `K` kinds (the game's [`move_kinds`](crate::GameDef::move_kinds), in
//! that order) and `C` cards in the game's card table, a move of kind `k` naming card
//! `c` is index `k × (C + 1) + c + 1`, one naming no card `k × (C + 1)`; then wait
//! (never offered). Hearts: `HEARTS_PASS` then `PLAY_CARD`, 52 cards: pass card `c` is
//! `c + 1`, play it `53 + c + 1`. A game whose moves two of which would share an index
//! (two moves of one kind naming the same card, or none, with different payloads) is
//! refused when the encoding is made: it needs an encoding of its own.
//!
//! **Observation**, seats counted from the observer (0):
//!
//! | part | what |
//! |---|---|
//! | a zone | for each zone of the game, in the order the game makes them, a zone owned by a player taken for the one at the same seat counted from the observer: `C` numbers, 1 for each card in it when the observer sees it (else 0), then its size |
//! | the readable variables | every variable the game sets that a seat may read and that holds a number, a switch (0 or 1) or a list of numbers, found by playing a few games when the encoding is made, sorted by key: its value (0 when unset), clamped to ±255 ([`VALUE_LIMIT`]) |
//! | the player to move | one-hot, counted from the observer (`players` numbers) |
//! | the last moves | each seat's last move (none, a card played, other), one-hot, 5 a seat |

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::catalog::LoadedGame;
use decklet_bots::{Bot, RandomBot};
use decklet_core::{
    Action as _, ActionRef, CardId, EngineError, GameEngine, GameState, GameStatus, InfoState,
    PlayCard, PlayerId, Value, ZoneId,
};

use decklet_bots::encoding::{Encoding, MoveClass, RewardMode, offset, one_hot, win_rewards};

/// The largest magnitude of a variable's number in an observation (larger ones are
/// clamped): observations stay within ±255, the bounds of the Python spaces.
pub const VALUE_LIMIT: f32 = 255.0;

/// Random games played to learn a game's variables and check its moves' indices.
const PROBE_GAMES: u64 = 6;
/// The most moves a probe game is played for.
const PROBE_MOVES: u64 = 2_000;

/// Where a zone's slot finds its zone in a match: the same zone, or the zone of a
/// type owned by the player that many seats from the observer.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ZoneSlot {
    Shared(ZoneId),
    Owned { zone_type: String, offset: usize },
}

/// Any game of a catalogue for a learner (see the module's documentation).
pub struct GenericEncoding {
    loaded: LoadedGame,
    players: usize,
    kinds: Vec<&'static str>,
    cards: usize,
    /// Each card in the game's words, in card table order.
    card_names: Vec<String>,
    zones: Vec<ZoneSlot>,
    /// Each variable's key and how many numbers it takes.
    variables: Vec<(String, usize)>,
    observation_len: usize,
}

impl std::fmt::Debug for GenericEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenericEncoding")
            .field("game", &self.loaded.string())
            .field("players", &self.players)
            .field("observation_len", &self.observation_len)
            .finish_non_exhaustive()
    }
}

/// The numbers a variable's value takes (`None`: not a number, a switch or a list of
/// numbers).
fn numbers(value: &Value) -> Option<Vec<f32>> {
    match value {
        Value::Bool(b) => Some(vec![if *b { 1.0 } else { 0.0 }]),
        Value::Int(i) => Some(vec![*i as f32]),
        Value::Json(serde_json::Value::Number(n)) => n.as_f64().map(|x| vec![x as f32]),
        Value::Json(serde_json::Value::Array(items)) => {
            items.iter().map(|v| v.as_f64().map(|x| x as f32)).collect()
        }
        _ => None,
    }
}

impl GenericEncoding {
    /// The version of the generic encoding a policy file names (with the game's name).
    pub const VERSION: u32 = 1;

    /// `loaded` for `players`: its zones read from a match, its variables and its
    /// moves' indices from a few random games. Refused, with the reason, for a game
    /// whose moves this encoding cannot index.
    pub fn new(loaded: LoadedGame, players: usize) -> Result<GenericEncoding, String> {
        let def = loaded.def();
        let kinds = def.move_kinds().to_vec();
        if kinds.is_empty() {
            return Err(format!(
                "{} declares no move kinds (GameDef::move_kinds): a learner needs them, or an encoding of the game's own",
                def.name()
            ));
        }
        let engine = loaded.new_engine(0, players).map_err(|e| e.to_string())?;
        let state = engine.state();
        let cards = state.cards().len();
        let card_names = state.cards().iter().map(|c| def.describe_card(c)).collect();
        let seat = state
            .seat_order()
            .first()
            .copied()
            .ok_or("a game of no player")?;
        let zones = state
            .zones()
            .filter_map(|z| {
                let def = state.zone(z)?;
                Some(match def.owner {
                    Some(owner) => ZoneSlot::Owned {
                        zone_type: def.zone_type.to_string(),
                        offset: offset(state.seat_order(), seat, owner)?,
                    },
                    None => ZoneSlot::Shared(z),
                })
            })
            .collect::<Vec<_>>();
        let mut encoding = GenericEncoding {
            loaded,
            players,
            kinds,
            cards,
            card_names,
            zones,
            variables: Vec::new(),
            observation_len: 0,
        };
        encoding.probe()?;
        encoding.observation_len = encoding.zones.len() * (cards + 1)
            + encoding.variables.iter().map(|(_, n)| n).sum::<usize>()
            + players
            + 5 * players;
        Ok(encoding)
    }

    /// Plays a few random games: every variable a seat may read that holds numbers is
    /// recorded, and every listed move must have an index of its own.
    fn probe(&mut self) -> Result<(), String> {
        let mut variables: BTreeMap<String, usize> = BTreeMap::new();
        let mut moves = decklet_core::Moves::new();
        for seed in 0..PROBE_GAMES {
            let mut engine = self
                .loaded
                .new_engine(seed, self.players)
                .map_err(|e| e.to_string())?;
            let mut bot = RandomBot::new(seed);
            for _ in 0..PROBE_MOVES {
                let state = engine.state();
                for seat in state.seat_order() {
                    let info = state.info_state(*seat);
                    for (key, value) in info.variables().iter() {
                        if let Some(n) = numbers(value) {
                            let len = variables.entry(key.to_string()).or_insert(n.len());
                            *len = (*len).max(n.len());
                        }
                    }
                }
                if state.status() != GameStatus::Playing {
                    break;
                }
                let Some(seat) = state.current_player() else {
                    break;
                };
                let game = Arc::clone(engine.game());
                game.legal_moves(state, seat, &mut moves);
                let mut seen = BTreeMap::new();
                for action in moves.to_vec() {
                    let action = action.as_ref();
                    let index = self.action_index(state, seat, action).ok_or_else(|| {
                        format!(
                            "{}: the move {} has no index in the generic encoding (a kind not in GameDef::move_kinds, or more than one card): the game needs an encoding of its own",
                            self.loaded.string(),
                            self.loaded.def().describe_move(state, action)
                        )
                    })?;
                    let words = self.loaded.def().describe_move(state, action);
                    if let Some(other) = seen.insert(index, words.clone()) {
                        return Err(format!(
                            "{}: the moves {other} and {words} would share an index in the generic encoding: the game needs an encoding of its own",
                            self.loaded.string(),
                        ));
                    }
                }
                let Some(pick) = bot.choose(&state.info_state(seat), &moves) else {
                    break;
                };
                engine
                    .dispatch_move(&moves, pick)
                    .map_err(|e| e.to_string())?;
            }
        }
        self.variables = variables.into_iter().collect();
        Ok(())
    }

    /// The game.
    pub fn loaded(&self) -> &LoadedGame {
        &self.loaded
    }

    /// The players it is made for.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The one card a move names, if it names one; `Err` if it names more.
    fn card_of(state: &GameState, action: ActionRef<'_>) -> Result<Option<CardId>, ()> {
        if let Some(play) = action.downcast_ref::<PlayCard>() {
            return match play.card_ids.as_slice() {
                [] => Ok(None),
                [card] => Ok(Some(*card)),
                _ => Err(()),
            };
        }
        let Ok(json) = state.json_of(&action) else {
            return Err(());
        };
        let mut found = Vec::new();
        collect_cards(state, &json["payload"], &mut found);
        match found.as_slice() {
            [] => Ok(None),
            [card] => Ok(Some(*card)),
            _ => Err(()),
        }
    }

    /// The zone each slot stands for, for `seat`.
    fn zone_ids(&self, info: &InfoState) -> Vec<Option<ZoneId>> {
        let seats = info.seat_order();
        let me = info.seat_index(info.seat()).unwrap_or(0);
        self.zones
            .iter()
            .map(|slot| match slot {
                ZoneSlot::Shared(zone) => Some(*zone),
                ZoneSlot::Owned { zone_type, offset } => {
                    let owner = seats.get((me + offset) % seats.len().max(1))?;
                    info.zones().find(|z| {
                        info.zone(*z).is_some_and(|d| {
                            d.owner == Some(*owner) && d.zone_type.as_str() == zone_type
                        })
                    })
                }
            })
            .collect()
    }
}

/// Every card a payload names (a string that is a card's id).
fn collect_cards(state: &GameState, value: &serde_json::Value, found: &mut Vec<CardId>) {
    match value {
        serde_json::Value::String(text) => found.extend(state.card_id(text)),
        serde_json::Value::Array(items) => {
            items.iter().for_each(|v| collect_cards(state, v, found))
        }
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_cards(state, v, found)),
        _ => {}
    }
}

impl Encoding for GenericEncoding {
    fn name(&self) -> &'static str {
        self.loaded.def().name()
    }
    fn version(&self) -> u32 {
        GenericEncoding::VERSION
    }
    fn players(&self) -> Option<usize> {
        Some(self.players)
    }
    fn observation_len(&self) -> usize {
        self.observation_len
    }
    fn action_count(&self) -> usize {
        self.kinds.len() * (self.cards + 1)
    }

    fn encode(&self, info: &InfoState, last: &[MoveClass], out: &mut [f32]) {
        out.fill(0.0);
        let width = self.cards + 1;
        let mut at = 0;
        for zone in self.zone_ids(info) {
            if let Some(zone) = zone {
                if let Some(cards) = info.zone_cards(zone) {
                    for card in cards {
                        one_hot(&mut out[at..at + self.cards], card.index());
                    }
                }
                if let Some(x) = out.get_mut(at + self.cards) {
                    *x = info.zone_size(zone) as f32;
                }
            }
            at += width;
        }
        let variables = info.variables();
        for (key, len) in &self.variables {
            if let Some(values) = variables.get(key).and_then(numbers) {
                for (x, v) in out[at..at + len].iter_mut().zip(values) {
                    *x = v.clamp(-VALUE_LIMIT, VALUE_LIMIT);
                }
            }
            at += len;
        }
        let seats = info.seat_order();
        if let Some(current) = info.current_player()
            && let Some(o) = offset(seats, info.seat(), current)
        {
            one_hot(&mut out[at..at + self.players], o);
        }
        at += self.players;
        let me = info.seat_index(info.seat()).unwrap_or(0);
        for o in 0..self.players {
            let class = last
                .get((me + o) % self.players.max(1))
                .copied()
                .unwrap_or_default();
            let class = match class {
                MoveClass::None => 0,
                MoveClass::Play => 1,
                _ => 2,
            };
            one_hot(&mut out[at + 5 * o..at + 5 * o + 5], class);
        }
    }

    fn action_index(
        &self,
        state: &GameState,
        _seat: PlayerId,
        action: ActionRef<'_>,
    ) -> Option<usize> {
        let kind = self.kinds.iter().position(|k| *k == action.kind())?;
        let card = GenericEncoding::card_of(state, action).ok()?;
        let slot = card.map_or(0, |c| c.index() + 1);
        Some(kind * (self.cards + 1) + slot)
    }

    fn class_of_kind(&self, kind: &str) -> MoveClass {
        match kind {
            PlayCard::KIND => MoveClass::Play,
            _ => MoveClass::Other,
        }
    }

    fn action_name(&self, index: usize) -> String {
        let width = self.cards + 1;
        let (Some(kind), slot) = (self.kinds.get(index / width), index % width) else {
            return "wait".to_string();
        };
        let kind = kind.to_lowercase().replace('_', " ");
        match slot {
            0 => kind,
            c => match self.card_names.get(c - 1) {
                Some(card) => format!("{kind} {card}"),
                None => format!("{kind} card {}", c - 1),
            },
        }
    }

    fn render(&self, info: &InfoState) -> String {
        let def = self.loaded.def();
        let mut text = String::new();
        for zone in info.zones() {
            let (Some(definition), Some(cards)) = (info.zone(zone), info.zone_cards(zone)) else {
                continue;
            };
            if cards.is_empty() {
                continue;
            }
            let words: Vec<String> = cards
                .iter()
                .filter_map(|c| info.card(*c))
                .map(|c| def.describe_card(c))
                .collect();
            text.push_str(&format!("{}: {}\n", definition.id, words.join(" ")));
        }
        let turn = info
            .current_player()
            .map_or_else(|| "nobody".to_string(), |p| info.id_text(p).into_owned());
        text.push_str(&format!("{turn} to move\n"));
        text
    }

    fn final_rewards(&self, state: &GameState, mode: RewardMode) -> Vec<f32> {
        match mode {
            RewardMode::Win => win_rewards(state),
            RewardMode::Score => (self.loaded.def().scoring())(state)
                .into_iter()
                .map(|s| s as f32)
                .collect(),
        }
    }

    fn new_match(&self, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
        self.loaded
            .def()
            .new_engine(self.loaded.game(), seed, players)
    }
}

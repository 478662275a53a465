//! Typed game variables: [`Var`] keys, [`VarType`] conversions and [`Variables`].
//!
//! A plugin declares its variables as constants, e.g.
//! `pub const TURN_VARIABLE_DIRECTION: Var<i64> = Var::new("turn:direction");`,
//! writes them with [`GameContext::set_variable`](crate::GameContext::set_variable) and
//! reads them with [`GameState::variable`](crate::GameState::variable). A key carries a
//! hash of its text, computed when the constant is compiled; the game's variables are a
//! small hash table on that hash (then the text is compared, to be sure), with no
//! global registry. Values serialize as plain JSON, in the order the variables were
//! first set.
//!
//! A key also declares who may read its value ([`VarVisibility`]): every seat
//! ([`Var::new`]), one seat named when the value is set ([`Var::private`]), or no seat
//! ([`Var::hidden`]). The engine and the log keep every value; what a seat is shown
//! ([`GameState::view_for`](crate::GameState::view_for), its
//! [`InfoState`](crate::InfoState)) holds only the values it may read.

use std::fmt;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize, Serializer};
use smol_str::SmolStr;

use crate::ids::{CardId, PlayerId, ZoneId};
use crate::state::GameState;
use crate::wire::UniqueMap;

/// FNV-1a, 64 bits, of a key's text, with MurmurHash3's finalizer so that every bit
/// (the index uses the low ones) depends on every byte: computed at compile time for
/// `Var` constants.
const fn key_hash(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

/// Who may read a variable, as its key declares it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VarVisibility {
    /// Every seat (the default: most of a game's variables are on the table).
    #[default]
    Public,
    /// One seat, named when the value is set
    /// ([`GameContext::set_private_variable`](crate::GameContext::set_private_variable));
    /// a value set without one is read by no seat.
    Private,
    /// No seat: a fact only the engine and the log know.
    Hidden,
}

/// Who may read one stored value: what its key's [`VarVisibility`] and the seat named
/// when it was set make of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VarReaders {
    /// Every seat.
    #[default]
    Everyone,
    /// This seat alone.
    Seat(PlayerId),
    /// No seat.
    Nobody,
}

impl VarReaders {
    /// Whether `seat` may read the value.
    #[inline]
    pub fn include(self, seat: PlayerId) -> bool {
        match self {
            VarReaders::Everyone => true,
            VarReaders::Seat(only) => only == seat,
            VarReaders::Nobody => false,
        }
    }

    /// The readers of a value of a key of `visibility`, set for `seat` (if any).
    const fn of(visibility: VarVisibility, seat: Option<PlayerId>) -> VarReaders {
        match (visibility, seat) {
            (VarVisibility::Public, _) => VarReaders::Everyone,
            (VarVisibility::Private, Some(seat)) => VarReaders::Seat(seat),
            (VarVisibility::Private, None) | (VarVisibility::Hidden, _) => VarReaders::Nobody,
        }
    }
}

/// A typed variable key, with who may read it.
///
/// ```
/// use decklet_core::{Var, VarVisibility};
/// const SCORE: Var<i64> = Var::new("demo:score");
/// const SECRET: Var<bool> = Var::hidden("demo:secret");
/// assert_eq!(SCORE.key(), "demo:score");
/// assert_eq!(SCORE.visibility(), VarVisibility::Public);
/// assert_eq!(SECRET.visibility(), VarVisibility::Hidden);
/// ```
pub struct Var<T> {
    key: &'static str,
    hash: u64,
    visibility: VarVisibility,
    _type: PhantomData<fn() -> T>,
}

impl<T> Var<T> {
    /// A public key (every seat reads it); by convention `"<plugin id>:<name>"`.
    pub const fn new(key: &'static str) -> Self {
        Var::declared(key, VarVisibility::Public)
    }

    /// A key whose value one seat reads, the one named when the value is set
    /// ([`GameContext::set_private_variable`](crate::GameContext::set_private_variable)).
    pub const fn private(key: &'static str) -> Self {
        Var::declared(key, VarVisibility::Private)
    }

    /// A key no seat reads (the engine, the plugins and the log do).
    pub const fn hidden(key: &'static str) -> Self {
        Var::declared(key, VarVisibility::Hidden)
    }

    /// A key of this visibility.
    pub const fn declared(key: &'static str, visibility: VarVisibility) -> Self {
        Var {
            key,
            hash: key_hash(key),
            visibility,
            _type: PhantomData,
        }
    }

    /// The key's text.
    pub const fn key(&self) -> &'static str {
        self.key
    }

    /// Who may read it.
    pub const fn visibility(&self) -> VarVisibility {
        self.visibility
    }
}

impl<T> Clone for Var<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Var<T> {}

impl<T> fmt::Debug for Var<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.visibility {
            VarVisibility::Public => write!(f, "Var({:?})", self.key),
            other => write!(f, "Var({:?}, {other:?})", self.key),
        }
    }
}

/// A stored variable value. Booleans, integers, strings and handles have their own
/// variants, so reading them costs no JSON work; anything else is JSON. A handle is
/// written as its text; read back from JSON it is a string until a typed read
/// ([`VarType::from_value`]) resolves it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(SmolStr),
    /// A player.
    Player(PlayerId),
    /// A zone.
    Zone(ZoneId),
    /// A card.
    Card(CardId),
    /// Any other JSON value (never a bool, an `i64` or a string: see [`Value::from_json`]).
    Json(serde_json::Value),
}

impl Value {
    /// Converts JSON into a value, using the typed variants where they fit (a string
    /// stays a string: JSON does not say whether it names a player).
    pub fn from_json(json: serde_json::Value) -> Value {
        match json {
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::String(s) => Value::Str(SmolStr::from(s)),
            serde_json::Value::Number(n) if n.is_i64() => match n.as_i64() {
                Some(i) => Value::Int(i),
                None => Value::Json(serde_json::Value::Number(n)),
            },
            other => Value::Json(other),
        }
    }

    /// The text a handle value stands for in `state`, or the string itself.
    fn text<'s>(&'s self, state: &'s GameState) -> Option<&'s str> {
        match self {
            Value::Str(s) => Some(s),
            Value::Player(p) => state.player_text(*p),
            Value::Zone(z) => state.zone_text(*z),
            Value::Card(c) => state.card_text(*c),
            _ => None,
        }
    }

    /// Whether the values are the same in their states: equal, or one a handle and the
    /// other its text (a state read from JSON holds the text until it is resolved).
    pub(crate) fn same(&self, state: &GameState, other: &Value, other_state: &GameState) -> bool {
        self == other
            || matches!(
                (self.text(state), other.text(other_state)),
                (Some(a), Some(b)) if a == b
            )
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Int(i) => serializer.serialize_i64(*i),
            Value::Str(s) => serializer.serialize_str(s),
            Value::Player(p) => p.serialize(serializer),
            Value::Zone(z) => z.serialize(serializer),
            Value::Card(c) => c.serialize(serializer),
            Value::Json(j) => j.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(deserializer).map(Value::from_json)
    }
}

/// A Rust type that can be stored in a variable.
///
/// Implemented for `bool`, integers, strings, handles, `serde_json::Value`, `Option<T>`
/// and [`Json<T>`] (any serde type). Implement it for your own small enums to keep
/// reads cheap (the state is there for types that name things in the game, as handles
/// do):
///
/// ```
/// use decklet_core::{GameState, Value, VarType};
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// enum Light { Red, Green }
/// impl VarType for Light {
///     fn into_value(self) -> Value {
///         Value::Str(match self { Light::Red => "red", Light::Green => "green" }.into())
///     }
///     fn from_value(value: &Value, _state: &GameState) -> Option<Self> {
///         match value {
///             Value::Str(s) if s == "red" => Some(Light::Red),
///             Value::Str(s) if s == "green" => Some(Light::Green),
///             _ => None,
///         }
///     }
/// }
/// let state = GameState::default();
/// assert_eq!(Light::from_value(&Light::Green.into_value(), &state), Some(Light::Green));
/// ```
pub trait VarType: Sized {
    /// Converts into a stored value.
    fn into_value(self) -> Value;
    /// Reads a stored value of the game `state`; `None` if it has another type.
    fn from_value(value: &Value, state: &GameState) -> Option<Self>;
}

impl VarType for bool {
    fn into_value(self) -> Value {
        Value::Bool(self)
    }
    #[inline]
    fn from_value(value: &Value, _: &GameState) -> Option<Self> {
        match value {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

impl VarType for i64 {
    fn into_value(self) -> Value {
        Value::Int(self)
    }
    #[inline]
    fn from_value(value: &Value, _: &GameState) -> Option<Self> {
        match value {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
}

macro_rules! int_var {
    ($($t:ty),*) => {$(
        impl VarType for $t {
            fn into_value(self) -> Value {
                match i64::try_from(self) {
                    Ok(i) => Value::Int(i),
                    Err(_) => Value::Json(serde_json::Value::from(self)),
                }
            }
            fn from_value(value: &Value, _: &GameState) -> Option<Self> {
                match value {
                    Value::Int(i) => <$t>::try_from(*i).ok(),
                    Value::Json(j) => serde_json::from_value(j.clone()).ok(),
                    _ => None,
                }
            }
        }
    )*};
}
int_var!(i32, u32, u64, usize);

impl VarType for SmolStr {
    fn into_value(self) -> Value {
        Value::Str(self)
    }
    fn from_value(value: &Value, _: &GameState) -> Option<Self> {
        match value {
            Value::Str(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl VarType for String {
    fn into_value(self) -> Value {
        Value::Str(SmolStr::from(self))
    }
    fn from_value(value: &Value, _: &GameState) -> Option<Self> {
        match value {
            Value::Str(s) => Some(s.to_string()),
            _ => None,
        }
    }
}

macro_rules! handle_var {
    ($t:ty, $variant:ident, $find:ident) => {
        impl VarType for $t {
            fn into_value(self) -> Value {
                Value::$variant(self)
            }
            #[inline]
            fn from_value(value: &Value, state: &GameState) -> Option<Self> {
                match value {
                    Value::$variant(id) => Some(*id),
                    Value::Str(text) => state.$find(text),
                    _ => None,
                }
            }
        }
    };
}
handle_var!(PlayerId, Player, player_id);
handle_var!(ZoneId, Zone, zone_id);
handle_var!(CardId, Card, card_id);

impl VarType for serde_json::Value {
    fn into_value(self) -> Value {
        Value::from_json(self)
    }
    /// The value as JSON: a handle as its text in `state`'s game.
    fn from_value(value: &Value, state: &GameState) -> Option<Self> {
        match value {
            Value::Json(json) => Some(json.clone()),
            Value::Bool(b) => Some(serde_json::Value::Bool(*b)),
            Value::Int(i) => Some(serde_json::Value::from(*i)),
            Value::Str(s) => Some(serde_json::Value::String(s.to_string())),
            handle => state.json_of(handle).ok(),
        }
    }
}

impl<T: VarType> VarType for Option<T> {
    fn into_value(self) -> Value {
        match self {
            Some(v) => v.into_value(),
            None => Value::Json(serde_json::Value::Null),
        }
    }
    fn from_value(value: &Value, state: &GameState) -> Option<Self> {
        match value {
            Value::Json(serde_json::Value::Null) => Some(None),
            other => T::from_value(other, state).map(Some),
        }
    }
}

/// Any serde type as a variable, stored as JSON.
///
/// ```
/// use decklet_core::{GameState, Json, VarType};
/// let state = GameState::default();
/// let value = Json(vec![1, 2, 3]).into_value();
/// assert_eq!(Json::<Vec<i32>>::from_value(&value, &state), Some(Json(vec![1, 2, 3])));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Json<T>(pub T);

impl<T: Serialize + DeserializeOwned> VarType for Json<T> {
    fn into_value(self) -> Value {
        match serde_json::to_value(&self.0) {
            Ok(json) => Value::from_json(json),
            Err(_) => Value::Json(serde_json::Value::Null),
        }
    }
    fn from_value(value: &Value, state: &GameState) -> Option<Self> {
        let json = state.json_of(value).ok()?;
        serde_json::from_value(json).ok().map(Json)
    }
}

/// A game's variables, in the order they were first set.
///
/// Inside: the entries in that order, each with its key's hash, and an open-addressing
/// index on the hashes for the first 32 entries (a game has a handful of variables: a
/// read is one probe, rarely more; entries past those are found by a scan).
#[derive(Clone, Debug)]
pub struct Variables {
    entries: Vec<Entry>,
    /// Slot → entry position + 1 (0: empty), by the hash's low bits, probing onwards.
    index: [u8; SLOTS],
}

impl Default for Variables {
    fn default() -> Self {
        Variables {
            entries: Vec::new(),
            index: [0; SLOTS],
        }
    }
}

/// Slots of the index (a power of two).
const SLOTS: usize = 64;
/// How many entries the index holds (at most half full: short probes).
const INDEXED: usize = SLOTS / 2;

/// A stored value with its readers: what a set replaced (for the journal).
#[derive(Clone, Debug)]
pub(crate) struct Stored {
    value: Value,
    readers: VarReaders,
}

#[derive(Clone, Debug)]
struct Entry {
    /// The key's hash ([`key_hash`]).
    hash: u64,
    key: Key,
    value: Value,
    readers: VarReaders,
}

impl Entry {
    /// Whether this is the entry of `key`, whose hash is `hash`.
    #[inline(always)]
    fn is(&self, hash: u64, key: &str) -> bool {
        self.hash == hash && self.key.is(key)
    }
}

/// A stored key: the `'static` text of a [`Var`] (found by its address first), or text
/// read from JSON (replaced by the `'static` one the first time code sets it).
#[derive(Clone, Debug)]
enum Key {
    Static(&'static str),
    Read(SmolStr),
}

impl Key {
    fn as_str(&self) -> &str {
        match self {
            Key::Static(key) => key,
            Key::Read(key) => key,
        }
    }

    /// Whether this is `key`, whose hash the caller found equal: two keys of the
    /// program (`Var` constants) are told apart by their 64-bit hash and length; text
    /// read from JSON is compared in full.
    #[inline(always)]
    fn is(&self, key: &str) -> bool {
        match self {
            Key::Static(own) => own.len() == key.len(),
            Key::Read(own) => read_key_is(own, key),
        }
    }
}

/// Whether a key read from JSON is `key` (rare: code sets a key's `'static` text the
/// first time it writes the variable), out of line so that reads stay small.
#[cold]
#[inline(never)]
fn read_key_is(own: &SmolStr, key: &str) -> bool {
    own == key
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Variables {
    /// The value stored under `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.find(key_hash(key), key).map(|(_, e)| &e.value)
    }

    /// Number of variables.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Keys and values, in the order they were first set.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|e| (e.key.as_str(), &e.value))
    }

    /// Where `key` (of hash `hash`) is, and its entry: most often the entry its slot of
    /// the index names; else further along the index ([`probe`](Self::probe)); an
    /// empty slot leaves only the entries past the index.
    #[inline(always)]
    fn find(&self, hash: u64, key: &str) -> Option<(usize, &Entry)> {
        let slot = hash as usize % SLOTS;
        match usize::from(self.index[slot]).checked_sub(1) {
            Some(i) => match self.entries.get(i) {
                Some(entry) if entry.is(hash, key) => Some((i, entry)),
                _ => self.probe(hash, key, slot + 1),
            },
            None => self.scan_past_index(hash, key),
        }
    }

    /// The index's slots from `from` on, up to an empty one, then the entries past the
    /// index.
    #[inline(never)]
    fn probe(&self, hash: u64, key: &str, from: usize) -> Option<(usize, &Entry)> {
        for step in 0..SLOTS - 1 {
            let slot = (from + step) % SLOTS;
            let Some(i) = usize::from(self.index[slot]).checked_sub(1) else {
                break; // an empty slot: not among the indexed entries
            };
            if let Some(entry) = self.entries.get(i).filter(|e| e.is(hash, key)) {
                return Some((i, entry));
            }
        }
        self.scan_past_index(hash, key)
    }

    /// The entries past the index, by a scan.
    #[inline(never)]
    fn scan_past_index(&self, hash: u64, key: &str) -> Option<(usize, &Entry)> {
        self.entries
            .iter()
            .enumerate()
            .skip(INDEXED)
            .find(|(_, e)| e.is(hash, key))
    }

    /// Puts entry `i` (one of the first [`INDEXED`]) in the index.
    fn index_entry(&mut self, i: usize) {
        let Some(hash) = self.entries.get(i).map(|e| e.hash) else {
            return;
        };
        if i >= INDEXED {
            return;
        }
        let mut slot = hash as usize;
        for _ in 0..SLOTS {
            slot %= SLOTS;
            if self.index[slot] == 0 {
                self.index[slot] = (i + 1) as u8;
                return;
            }
            slot += 1;
        }
    }

    /// Rebuilds the index from the entries (after one was removed).
    fn reindex(&mut self) {
        self.index = [0; SLOTS];
        for i in 0..self.entries.len().min(INDEXED) {
            self.index_entry(i);
        }
    }

    /// The value of a typed key.
    #[inline(always)]
    pub(crate) fn value<T>(&self, var: &Var<T>) -> Option<&Value> {
        self.find(var.hash, var.key).map(|(_, e)| &e.value)
    }

    /// Sets a variable by key: a new one is public, one that exists keeps who may
    /// read it (a raw write never makes a private or hidden value public). Returns its
    /// position and what it held (`None`: it is new, and last).
    pub(crate) fn set(&mut self, key: &'static str, value: Value) -> (usize, Option<Stored>) {
        let hash = key_hash(key);
        let readers = self
            .find(hash, key)
            .map_or(VarReaders::Everyone, |(_, entry)| entry.readers);
        self.set_hashed(hash, key, value, readers)
    }

    /// Sets a typed variable, read by the seats its key and `seat` name.
    #[inline]
    pub(crate) fn set_typed<T>(
        &mut self,
        var: &Var<T>,
        seat: Option<PlayerId>,
        value: Value,
    ) -> (usize, Option<Stored>) {
        let readers = VarReaders::of(var.visibility, seat);
        self.set_hashed(var.hash, var.key, value, readers)
    }

    fn set_hashed(
        &mut self,
        hash: u64,
        key: &'static str,
        value: Value,
        readers: VarReaders,
    ) -> (usize, Option<Stored>) {
        match self.find(hash, key).map(|(i, _)| i) {
            Some(i) => match self.entries.get_mut(i) {
                Some(entry) => {
                    if let Key::Read(_) = entry.key {
                        entry.key = Key::Static(key);
                    }
                    let old = Stored {
                        value: std::mem::replace(&mut entry.value, value),
                        readers: std::mem::replace(&mut entry.readers, readers),
                    };
                    (i, Some(old))
                }
                None => (i, None),
            },
            None => {
                self.entries.push(Entry {
                    hash,
                    key: Key::Static(key),
                    value,
                    readers,
                });
                let i = self.entries.len() - 1;
                self.index_entry(i);
                (i, None)
            }
        }
    }

    /// Undoes a [`set`](Self::set): puts `old` back at `position`, or removes the
    /// variable the set added.
    pub(crate) fn restore(&mut self, position: usize, old: Option<Stored>) {
        match old {
            Some(old) => {
                if let Some(entry) = self.entries.get_mut(position) {
                    entry.value = old.value;
                    entry.readers = old.readers;
                }
            }
            None => {
                if position + 1 == self.entries.len() {
                    self.entries.pop();
                    self.reindex();
                }
            }
        }
    }

    /// Who may read the variable stored under `key`.
    pub fn readers(&self, key: &str) -> Option<VarReaders> {
        self.find(key_hash(key), key).map(|(_, e)| e.readers)
    }

    /// Keys, values and readers, in the order they were first set.
    pub fn iter_with_readers(&self) -> impl Iterator<Item = (&str, &Value, VarReaders)> {
        self.entries
            .iter()
            .map(|e| (e.key.as_str(), &e.value, e.readers))
    }

    /// Makes `self` the variables of `from` that `seat` may read, in their order
    /// (reusing `self`'s room).
    pub(crate) fn copy_readable(&mut self, from: &Variables, seat: PlayerId) {
        self.entries.clone_from(&from.entries);
        self.index = from.index;
        if self.entries.iter().any(|e| !e.readers.include(seat)) {
            self.entries.retain(|e| e.readers.include(seat));
            self.reindex();
        }
    }

    /// Changes each value `seat` may not read with `change` (the leak check's re-deal).
    pub(crate) fn perturb_unreadable(&mut self, seat: PlayerId, change: impl Fn(&Value) -> Value) {
        for entry in self.entries.iter_mut().filter(|e| !e.readers.include(seat)) {
            entry.value = change(&entry.value);
        }
    }

    /// Whether every variable is read by every seat.
    pub(crate) fn all_public(&self) -> bool {
        self.entries
            .iter()
            .all(|e| e.readers == VarReaders::Everyone)
    }

    /// Sets the readers of a variable read from JSON (see the state's
    /// `variableReaders`); `false` if there is no variable `key`.
    pub(crate) fn set_readers(&mut self, key: &str, readers: VarReaders) -> bool {
        let hash = key_hash(key);
        match self.find(hash, key).map(|(i, _)| i) {
            Some(i) => match self.entries.get_mut(i) {
                Some(entry) => {
                    entry.readers = readers;
                    true
                }
                None => false,
            },
            None => false,
        }
    }

    /// Whether both hold the same variables, in any order: a variable is found by its
    /// key, so the order they were first set in is not part of a state (see
    /// [`Value::same`]).
    pub(crate) fn same(
        &self,
        state: &GameState,
        other: &Variables,
        other_state: &GameState,
    ) -> bool {
        self.entries.len() == other.entries.len()
            && self.entries.iter().all(|a| {
                let key = a.key.as_str();
                other.find(key_hash(key), key).is_some_and(|(_, b)| {
                    a.readers == b.readers && a.value.same(state, &b.value, other_state)
                })
            })
    }

    /// The variables by key, for writing in an order that does not depend on when
    /// each was first set (the digest's).
    pub(crate) fn by_key(&self) -> VariablesByKey<'_> {
        let mut entries: Vec<(&str, &Value)> = self.iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        VariablesByKey(entries)
    }
}

/// The variables sorted by key, written as a JSON object ([`Variables::by_key`]).
pub(crate) struct VariablesByKey<'a>(Vec<(&'a str, &'a Value)>);

impl Serialize for VariablesByKey<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().copied())
    }
}

impl Serialize for Variables {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.entries.iter().map(|e| (e.key.as_str(), &e.value)))
    }
}

impl<'de> Deserialize<'de> for Variables {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let UniqueMap(entries) = UniqueMap::<Value>::deserialize(deserializer)?;
        let mut variables = Variables {
            entries: entries
                .into_iter()
                .map(|(key, value)| Entry {
                    hash: key_hash(&key),
                    key: Key::Read(key),
                    value,
                    readers: VarReaders::Everyone,
                })
                .collect(),
            index: [0; SLOTS],
        };
        variables.reindex();
        Ok(variables)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` distinct keys, some of which share their first slot of the index.
    fn keys(n: usize) -> Vec<&'static str> {
        (0..n)
            .map(|i| &*Box::leak(format!("test:key{i}").into_boxed_str()))
            .collect()
    }

    #[test]
    fn many_variables_are_found_set_and_undone_like_a_map() {
        // more keys than the index holds, so that probes and the scan past it both run
        let keys = keys(3 * INDEXED);
        let mut variables = Variables::default();
        let mut model: Vec<(&str, i64)> = Vec::new();
        let mut seed: u64 = 7;
        for step in 0..2_000i64 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = keys[(seed >> 33) as usize % keys.len()];
            let (position, old) = variables.set(key, Value::Int(step));
            let at = model.iter().position(|(k, _)| *k == key);
            assert_eq!(old.is_some(), at.is_some(), "step {step}");
            match at {
                Some(i) => model[i].1 = step,
                None => model.push((key, step)),
            }
            // every third new variable is undone again, as a failed tick would
            if old.is_none() && step % 3 == 0 {
                variables.restore(position, None);
                model.pop();
            }
            for (k, v) in &model {
                assert_eq!(variables.get(k), Some(&Value::Int(*v)), "step {step}: {k}");
            }
            assert_eq!(variables.len(), model.len());
        }
        assert!(model.len() > INDEXED, "the scan past the index ran");
        // read back from JSON: the same answers, by text
        let json = serde_json::to_string(&variables).unwrap_or_default();
        let read: Variables = serde_json::from_str(&json).unwrap_or_default();
        for (k, v) in &model {
            assert_eq!(read.get(k), Some(&Value::Int(*v)));
        }
        assert_eq!(read.get("test:absent"), None);
        let order: Vec<&str> = read.iter().map(|(k, _)| k).collect();
        let expected: Vec<&str> = model.iter().map(|(k, _)| *k).collect();
        assert_eq!(order, expected);
    }
}

//! Typed game variables: [`Var`] keys, [`VarType`] conversions and the [`Variables`] map.
//!
//! A plugin declares its variables as constants, e.g.
//! `pub const TURN_VARIABLE_DIRECTION: Var<i64> = Var::new("turn:direction");`,
//! writes them with [`GameContext::set_variable`](crate::GameContext::set_variable) and
//! reads them with [`GameState::variable`](crate::GameState::variable). Values are stored
//! as [`Value`]s, which serialize as plain JSON.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use indexmap::IndexMap;
use rustc_hash::FxBuildHasher;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smol_str::SmolStr;

use crate::ids::{CardId, PlayerId, ZoneId};

/// A typed variable key.
///
/// ```
/// use decklet_core::Var;
/// const SCORE: Var<i64> = Var::new("demo:score");
/// assert_eq!(SCORE.key(), "demo:score");
/// ```
pub struct Var<T> {
    key: &'static str,
    _type: PhantomData<fn() -> T>,
}

impl<T> Var<T> {
    /// A key; by convention `"<plugin id>:<name>"`.
    pub const fn new(key: &'static str) -> Self {
        Var {
            key,
            _type: PhantomData,
        }
    }

    /// The key's text.
    pub const fn key(&self) -> &'static str {
        self.key
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
        write!(f, "Var({:?})", self.key)
    }
}

/// A stored variable value. Booleans, integers and strings have their own variants so
/// that reading them on the hot path costs no JSON work; anything else is JSON.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(SmolStr),
    /// Any other JSON value (never a bool, an `i64` or a string: see [`Value::from_json`]).
    Json(serde_json::Value),
}

impl Value {
    /// Converts JSON into a value, using the typed variants where they fit, so that
    /// serializing and deserializing a value gives back an equal value.
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

    /// The value as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Str(s) => serde_json::Value::String(s.to_string()),
            Value::Json(j) => j.clone(),
        }
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Int(i) => serializer.serialize_i64(*i),
            Value::Str(s) => serializer.serialize_str(s),
            Value::Json(j) => j.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(deserializer).map(Value::from_json)
    }
}

/// A Rust type that can be stored in a variable.
///
/// Implemented for `bool`, integers, strings, ids, `serde_json::Value`, `Option<T>` and
/// [`Json<T>`] (any serde type). Implement it for your own small enums to keep reads cheap:
///
/// ```
/// use decklet_core::{Value, VarType};
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// enum Light { Red, Green }
/// impl VarType for Light {
///     fn into_value(self) -> Value {
///         Value::Str(match self { Light::Red => "red", Light::Green => "green" }.into())
///     }
///     fn from_value(value: &Value) -> Option<Self> {
///         match value {
///             Value::Str(s) if s == "red" => Some(Light::Red),
///             Value::Str(s) if s == "green" => Some(Light::Green),
///             _ => None,
///         }
///     }
/// }
/// assert_eq!(Light::from_value(&Light::Green.into_value()), Some(Light::Green));
/// ```
pub trait VarType: Sized {
    /// Converts into a stored value.
    fn into_value(self) -> Value;
    /// Reads a stored value; `None` if it has another type.
    fn from_value(value: &Value) -> Option<Self>;
}

impl VarType for bool {
    fn into_value(self) -> Value {
        Value::Bool(self)
    }
    fn from_value(value: &Value) -> Option<Self> {
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
    fn from_value(value: &Value) -> Option<Self> {
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
            fn from_value(value: &Value) -> Option<Self> {
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
    fn from_value(value: &Value) -> Option<Self> {
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
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Str(s) => Some(s.to_string()),
            _ => None,
        }
    }
}

macro_rules! id_var {
    ($($t:ty),*) => {$(
        impl VarType for $t {
            fn into_value(self) -> Value {
                Value::Str(SmolStr::new(self.as_str()))
            }
            fn from_value(value: &Value) -> Option<Self> {
                match value {
                    Value::Str(s) => Some(<$t>::new(s)),
                    _ => None,
                }
            }
        }
    )*};
}
id_var!(PlayerId, CardId, ZoneId);

impl VarType for serde_json::Value {
    fn into_value(self) -> Value {
        Value::from_json(self)
    }
    fn from_value(value: &Value) -> Option<Self> {
        Some(value.to_json())
    }
}

impl<T: VarType> VarType for Option<T> {
    fn into_value(self) -> Value {
        match self {
            Some(v) => v.into_value(),
            None => Value::Json(serde_json::Value::Null),
        }
    }
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Json(serde_json::Value::Null) => Some(None),
            other => T::from_value(other).map(Some),
        }
    }
}

/// Stores any serde type in a variable, as JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Json<T>(pub T);

impl<T: Serialize + DeserializeOwned> VarType for Json<T> {
    fn into_value(self) -> Value {
        match serde_json::to_value(&self.0) {
            Ok(json) => Value::from_json(json),
            Err(_) => Value::Json(serde_json::Value::Null),
        }
    }
    fn from_value(value: &Value) -> Option<Self> {
        serde_json::from_value(value.to_json()).ok().map(Json)
    }
}

/// The variables of a game: key → [`Value`], in insertion order; JSON: an object.
///
/// A game has a handful of variables, so they live in a small vector. Keys set through
/// a [`Var`] are stored as that `'static` string, and a small table indexes them by the
/// string's address: reading a `Var` finds its entry in one or two probes, without
/// comparing text or scanning the others.
#[derive(Clone, Default)]
pub struct Variables {
    entries: Vec<(Key, Value)>,
    /// Open addressing over the addresses of the `'static` keys: slot → position in
    /// `entries` + 1 (0: empty). Only a shortcut: a key it misses is found by text.
    index: [u8; INDEX_SLOTS],
}

/// Slots of [`Variables::index`]: a power of two, four times a typical game's keys.
const INDEX_SLOTS: usize = 32;

/// Where the probe for a key at `addr` starts (Fibonacci hashing of the address).
#[inline(always)]
fn home_slot(addr: usize) -> usize {
    ((addr as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - INDEX_SLOTS.trailing_zeros()))
        as usize
}

/// The slot after `slot`, round the table.
#[inline(always)]
fn next_slot(slot: usize) -> usize {
    (slot + 1) % INDEX_SLOTS
}

impl PartialEq for Variables {
    fn eq(&self, other: &Self) -> bool {
        // the index only says where keys are; equal entries are equal variables
        self.entries == other.entries
    }
}

impl fmt::Debug for Variables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A variable's key: its text, plus the address and length of that text when it is a
/// `'static` string (address 0 otherwise), so a lookup with the same [`Var`] constant
/// matches without reading text.
#[derive(Clone, Debug)]
struct Key {
    addr: usize,
    len: usize,
    text: Cow<'static, str>,
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Key {
    fn borrowed(key: &'static str) -> Key {
        Key {
            addr: key.as_ptr() as usize,
            len: key.len(),
            text: Cow::Borrowed(key),
        }
    }

    fn owned(key: String) -> Key {
        Key {
            addr: 0,
            len: key.len(),
            text: Cow::Owned(key),
        }
    }
}

impl Variables {
    #[inline]
    fn position(&self, key: &str) -> Option<usize> {
        // by address through the index (the same `'static` constant), then by text
        let (addr, len) = (key.as_ptr() as usize, key.len());
        let mut slot = home_slot(addr);
        for _ in 0..INDEX_SLOTS {
            let Some(&at) = self.index.get(slot) else {
                break;
            };
            let Some(i) = usize::from(at).checked_sub(1) else {
                break; // an empty slot ends the probe
            };
            if let Some((k, _)) = self.entries.get(i)
                && k.addr == addr
                && k.len == len
            {
                return Some(i);
            }
            slot = next_slot(slot);
        }
        self.position_by_text(key)
    }

    #[cold]
    #[inline(never)]
    fn position_by_text(&self, key: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|(k, _)| k.len == key.len() && k.text.as_ref() == key)
    }

    /// Indexes the entry at `position` by its key's address (a `'static` key only).
    fn index_entry(&mut self, position: usize) {
        let Some((key, _)) = self.entries.get(position) else {
            return;
        };
        let Ok(at) = u8::try_from(position + 1) else {
            return; // beyond the index: found by text
        };
        if key.addr == 0 {
            return;
        }
        let mut slot = home_slot(key.addr);
        for _ in 0..INDEX_SLOTS {
            if let Some(free @ 0) = self.index.get_mut(slot) {
                *free = at;
                return;
            }
            slot = next_slot(slot);
        }
    }

    /// Rebuilds the index after entries moved or changed keys.
    fn reindex(&mut self) {
        self.index = [0; INDEX_SLOTS];
        for position in 0..self.entries.len() {
            self.index_entry(position);
        }
    }

    /// The raw value under `key`.
    #[inline(always)]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// Reads a typed variable; `None` if unset or of another type.
    #[inline]
    pub fn read<T: VarType>(&self, var: Var<T>) -> Option<T> {
        self.get(var.key()).and_then(T::from_value)
    }

    /// Sets a raw value, returning the previous one.
    pub fn insert(&mut self, key: &str, value: Value) -> Option<Value> {
        match self.position(key) {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.entries.push((Key::owned(key.to_string()), value));
                None
            }
        }
    }

    /// Sets a value under a `'static` key (kept by pointer for fast reads).
    pub fn insert_static(&mut self, key: &'static str, value: Value) -> Option<Value> {
        match self.position(key) {
            Some(i) => {
                let entry = &mut self.entries[i];
                // a key read from JSON (or another constant with this text) becomes
                // this constant, found by address from now on
                let rekeyed = entry.0.addr != key.as_ptr() as usize;
                if rekeyed {
                    entry.0 = Key::borrowed(key);
                }
                let old = std::mem::replace(&mut entry.1, value);
                if rekeyed {
                    self.reindex();
                }
                Some(old)
            }
            None => {
                self.entries.push((Key::borrowed(key), value));
                self.index_entry(self.entries.len() - 1);
                None
            }
        }
    }

    /// Removes a key, returning its value (order of the rest is kept).
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let i = self.position(key)?;
        let (_, value) = self.entries.remove(i);
        self.reindex(); // the later entries moved down
        Some(value)
    }

    /// Iterates over keys and values in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(k, v)| (k.text.as_ref(), v))
    }

    /// Number of variables.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no variable is set.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every variable, keeping the allocation.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.index = [0; INDEX_SLOTS];
    }
}

impl Serialize for Variables {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.entries.len()))?;
        for (k, v) in &self.entries {
            map.serialize_entry(k.text.as_ref(), v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Variables {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map: IndexMap<String, Value, FxBuildHasher> = IndexMap::deserialize(deserializer)?;
        // keys read from JSON are not `'static`: the index starts empty
        Ok(Variables {
            entries: map.into_iter().map(|(k, v)| (Key::owned(k), v)).collect(),
            index: [0; INDEX_SLOTS],
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{INDEX_SLOTS, Value, Variables};

    /// What a [`Variables`] must behave like: an ordered map from text to value.
    #[derive(Default)]
    struct Model(Vec<(String, Value)>);

    impl Model {
        fn insert(&mut self, key: &str, value: Value) -> Option<Value> {
            match self.0.iter_mut().find(|(k, _)| k == key) {
                Some((_, old)) => Some(std::mem::replace(old, value)),
                None => {
                    self.0.push((key.to_string(), value));
                    None
                }
            }
        }
        fn remove(&mut self, key: &str) -> Option<Value> {
            let i = self.0.iter().position(|(k, _)| k == key)?;
            Some(self.0.remove(i).1)
        }
    }

    #[derive(Clone, Debug)]
    enum Op {
        /// Set through a `'static` key: `copy` picks one of two distinct strings of the
        /// same text, as two `Var` constants in two crates would be.
        SetStatic {
            key: usize,
            copy: bool,
            value: i64,
        },
        /// Set through an owned key (what `GameContext` never does, a user may).
        SetOwned {
            key: usize,
            value: i64,
        },
        Remove {
            key: usize,
        },
        /// Through JSON and back: every key comes back owned.
        RoundTrip,
        Clear,
    }

    /// Many keys (past the index's slots and past what a `u8` position holds), each
    /// text as two `'static` strings at different addresses.
    fn keys() -> &'static [(&'static str, &'static str)] {
        static KEYS: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
            std::sync::OnceLock::new();
        KEYS.get_or_init(|| {
            (0..300)
                .map(|i| {
                    let text = format!("test:key{i}");
                    let a: &'static str = Box::leak(text.clone().into_boxed_str());
                    let b: &'static str = Box::leak(text.into_boxed_str());
                    (a, b)
                })
                .collect()
        })
    }

    fn key_index() -> impl Strategy<Value = usize> {
        // mostly a few keys (as a game has), sometimes any of the many
        prop_oneof![4 => 0..12usize, 1 => 0..300usize]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            8 => (key_index(), any::<bool>(), any::<i64>())
                .prop_map(|(key, copy, value)| Op::SetStatic { key, copy, value }),
            2 => (key_index(), any::<i64>()).prop_map(|(key, value)| Op::SetOwned { key, value }),
            2 => key_index().prop_map(|key| Op::Remove { key }),
            1 => Just(Op::RoundTrip),
            1 => Just(Op::Clear),
        ]
    }

    fn check(vars: &Variables, model: &Model) -> Result<(), TestCaseError> {
        let listed: Vec<(String, Value)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        prop_assert_eq!(&listed, &model.0);
        prop_assert_eq!(vars.len(), model.0.len());
        // the keys most ops touch, and a spread of the rest
        for &(a, b) in keys().iter().take(12).chain(keys().iter().step_by(23)) {
            let expected = model.0.iter().find(|(k, _)| k == a).map(|(_, v)| v);
            prop_assert_eq!(vars.get(a), expected);
            prop_assert_eq!(vars.get(b), expected);
            let owned = a.to_string(); // the same text at a third address
            prop_assert_eq!(vars.get(owned.as_str()), expected);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn variables_behave_as_an_ordered_map_whatever_the_index_holds(
            ops in proptest::collection::vec(op(), 1..400),
        ) {
            let (mut vars, mut model) = (Variables::default(), Model::default());
            for op in ops {
                match op {
                    Op::SetStatic { key, copy, value } => {
                        let (a, b) = keys()[key];
                        let key = if copy { b } else { a };
                        let old = vars.insert_static(key, Value::Int(value));
                        prop_assert_eq!(old, model.insert(key, Value::Int(value)));
                    }
                    Op::SetOwned { key, value } => {
                        let key = keys()[key].0;
                        let old = vars.insert(key, Value::Int(value));
                        prop_assert_eq!(old, model.insert(key, Value::Int(value)));
                    }
                    Op::Remove { key } => {
                        let key = keys()[key].1;
                        prop_assert_eq!(vars.remove(key), model.remove(key));
                    }
                    Op::RoundTrip => {
                        let json = serde_json::to_string(&vars).map_err(|e| TestCaseError::fail(e.to_string()))?;
                        vars = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    }
                    Op::Clear => {
                        vars.clear();
                        model.0.clear();
                    }
                }
                check(&vars, &model)?;
            }
            prop_assert_eq!(vars.clone(), vars);
        }
    }

    #[test]
    fn a_full_index_still_finds_every_key() {
        let mut vars = Variables::default();
        for (i, &(key, _)) in keys().iter().enumerate() {
            vars.insert_static(key, Value::Int(i as i64));
        }
        assert!(keys().len() > INDEX_SLOTS && keys().len() > usize::from(u8::MAX));
        for (i, &(a, b)) in keys().iter().enumerate() {
            assert_eq!(vars.get(a), Some(&Value::Int(i as i64)));
            assert_eq!(vars.get(b), Some(&Value::Int(i as i64)));
        }
        assert_eq!(vars.get("test:absent"), None);
    }
}

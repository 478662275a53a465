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
/// a [`Var`] are stored as that `'static` string, so reading a `Var` usually finds its
/// entry by pointer, without comparing text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variables {
    entries: Vec<(Key, Value)>,
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
        // first by address (the same `'static` constant), then by text
        let (addr, len) = (key.as_ptr() as usize, key.len());
        if let Some(i) = self
            .entries
            .iter()
            .position(|(k, _)| k.addr == addr && k.len == len)
        {
            return Some(i);
        }
        self.entries
            .iter()
            .position(|(k, _)| k.len == len && k.text.as_ref() == key)
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
                // a key read from JSON becomes the constant, found by address from now on
                if entry.0.addr != key.as_ptr() as usize {
                    entry.0 = Key::borrowed(key);
                }
                Some(std::mem::replace(&mut entry.1, value))
            }
            None => {
                self.entries.push((Key::borrowed(key), value));
                None
            }
        }
    }

    /// Removes a key, returning its value (order of the rest is kept).
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.position(key).map(|i| self.entries.remove(i).1)
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
        Ok(Variables {
            entries: map.into_iter().map(|(k, v)| (Key::owned(k), v)).collect(),
        })
    }
}

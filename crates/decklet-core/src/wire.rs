//! Reading JSON strictly: objects whose keys must be unique, and the tables of a state
//! (players, zones, cards) as lists, or as objects keyed by id as earlier releases wrote
//! them.
//!
//! `serde_json` lets the last of two equal keys win without a word; a state or a log
//! with a duplicated player or card is an error here instead. A table's order gives its
//! handles, and a JSON object's order is not data (tools that sort keys change it), so
//! a state is written with lists.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use smol_str::SmolStr;

use crate::error::shown;

/// A JSON object read in order, refusing a key seen twice.
#[derive(Debug)]
pub(crate) struct UniqueMap<V>(pub(crate) Vec<(SmolStr, V)>);

impl<V> Default for UniqueMap<V> {
    fn default() -> Self {
        UniqueMap(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for UniqueMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = UniqueMap<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries: Vec<(SmolStr, V)> = Vec::new();
                let mut seen = rustc_hash::FxHashSet::default();
                while let Some(key) = map.next_key::<SmolStr>()? {
                    if !seen.insert(key.clone()) {
                        return Err(serde::de::Error::custom(format!(
                            "key `{}` appears twice",
                            shown(&key)
                        )));
                    }
                    entries.push((key, map.next_value()?));
                }
                Ok(UniqueMap(entries))
            }
        }
        deserializer.deserialize_map(Entries(PhantomData))
    }
}

/// A table of a state: a JSON list (each entry holds its id; the order gives the
/// handles), or an object keyed by id (the form of 0.2 and the reference system, read in
/// the order written). Entries of an object come with their key, to check against the id.
#[derive(Debug)]
pub(crate) struct Listed<V>(pub(crate) Vec<(Option<SmolStr>, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Listed<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = Listed<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list, or an object keyed by id")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = seq.next_element::<V>()? {
                    entries.push((None, entry));
                }
                Ok(Listed(entries))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let UniqueMap(entries) =
                    UniqueMap::<V>::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(Listed(
                    entries.into_iter().map(|(k, v)| (Some(k), v)).collect(),
                ))
            }
        }
        deserializer.deserialize_any(Entries(PhantomData))
    }
}

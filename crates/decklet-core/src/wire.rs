//! Reading JSON strictly: objects whose keys must be unique.
//!
//! `serde_json` lets the last of two equal keys win without a word; a state or a log
//! with a duplicated player or card is an error here instead.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
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

//! A game string's parameters checked against its game's list ([`ParamDef`]): every
//! key known, every value of its kind and in its range.

use decklet_core::{GameString, echo};

use crate::catalog::CatalogError;
use crate::def::{GameDef, ParamDef, ParamKind};

/// Checks every parameter of `game` against `def`'s.
pub(crate) fn check(def: &dyn GameDef, game: &GameString) -> Result<(), CatalogError> {
    for (key, value) in &game.params {
        let Some(param) = def.params().iter().find(|p| p.name == key) else {
            return Err(CatalogError::UnknownParam {
                game: def.name().to_string(),
                param: echo(key),
                known: def
                    .params()
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        if !fits(param, value) {
            return Err(CatalogError::BadValue {
                game: def.name().to_string(),
                param: param.name.to_string(),
                value: echo(value),
                expected: expected(param),
            });
        }
    }
    Ok(())
}

/// Whether `value` is one of `param`'s.
fn fits(param: &ParamDef, value: &str) -> bool {
    match param.kind {
        ParamKind::Int { min, max } => value.parse::<i64>().is_ok_and(|n| (min..=max).contains(&n)),
        ParamKind::Bool => matches!(value, "true" | "false"),
        ParamKind::Choice(words) => words.contains(&value),
        ParamKind::Set(words) => {
            let mut seen: Vec<&str> = Vec::new();
            value.split('+').all(|w| {
                let fresh = words.contains(&w) && !seen.contains(&w);
                seen.push(w);
                fresh
            })
        }
    }
}

/// What `param` takes, in words.
pub(crate) fn expected(param: &ParamDef) -> String {
    match param.kind {
        ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
        ParamKind::Bool => "true or false".to_string(),
        ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
        ParamKind::Set(words) => format!("any of {}, joined by +", words.join(", ")),
    }
}

//! A game string's parameters checked against its game's list ([`ParamDef`]s, read
//! with [`Params`]): every key known, every value of its kind and in its range.

use decklet_core::GameString;
use decklet_entry::{GameDef, ParamError, Params};

use crate::catalog::CatalogError;

/// Checks every parameter of `game` against `def`'s.
pub(crate) fn check(def: &dyn GameDef, game: &GameString) -> Result<(), CatalogError> {
    let game_name = || def.name().to_string();
    match Params::read(def.params(), game) {
        Ok(_) => Ok(()),
        Err(ParamError::Unknown { param, known }) => Err(CatalogError::UnknownParam {
            game: game_name(),
            param,
            known,
        }),
        Err(ParamError::Twice { param }) => Err(CatalogError::Refused {
            game: game_name(),
            reason: format!("`{param}` is given twice"),
        }),
        Err(ParamError::BadValue {
            param,
            value,
            expected,
        }) => Err(CatalogError::BadValue {
            game: game_name(),
            param: param.to_string(),
            value,
            expected,
        }),
    }
}

//! The Python bindings of decklet: the native module of the Python package `decklet`
//! (`decklet._decklet`, the games of [`Catalog::standard`]), and of any native module a
//! user builds with a catalogue of their own games ([`register`]).
//!
//! A native module holds tables of a catalogue's games as a learner plays them (`Table`),
//! their bots (`Bot`), vectors of tables stepped in Rust with the GIL released
//! (`VectorTablesCore`), tournaments played in pieces (`Tournament`) and the catalogue's
//! games as JSON (`games_json`). The `decklet` package's Python modules build the
//! PettingZoo and Gymnasium environments on any such module: `decklet.env(…)` on
//! `decklet._decklet`, `decklet.Catalog(module).env(…)` on a user's.
//!
//! A user's module is one function of theirs (the repository's
//! `examples/high-card-py`):
//!
//! ```ignore
//! use pyo3::prelude::*;
//!
//! #[pymodule]
//! fn high_card_decklet(m: &Bound<'_, PyModule>) -> PyResult<()> {
//!     decklet_py::register(m, decklet_catalog::Catalog::standard().with(HighCardDef))
//! }
//! ```

use std::sync::OnceLock;

use decklet_catalog::{Catalog, GameString};
use decklet_env::{GameSpec, RewardMode, StepError};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

mod table;
mod tournament;
mod vector;

use table::{Bot, Table};
use tournament::Tournament;
use vector::VectorTablesCore;

// `decklet.IllegalActionError`, defined in Python (`decklet/_errors.py`) so that every
// native module raises the one class a user catches.
pyo3::import_exception!(decklet._errors, IllegalActionError);

/// The catalogue of this native module's games, set once by [`register`].
static CATALOG: OnceLock<Catalog> = OnceLock::new();

/// Fills the native module `m` with the bindings' classes and functions, for the games
/// of `catalog`: call it from your `#[pymodule]` function. One native module (one
/// shared library) has one catalogue; a second call is an error.
pub fn register(m: &Bound<'_, PyModule>, catalog: Catalog) -> PyResult<()> {
    CATALOG.set(catalog).map_err(|_| {
        PyRuntimeError::new_err("this native module's catalogue is already registered")
    })?;
    m.add_class::<Table>()?;
    m.add_class::<Bot>()?;
    m.add_class::<VectorTablesCore>()?;
    m.add_class::<Tournament>()?;
    m.add_function(wrap_pyfunction!(games_json, m)?)?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    Ok(())
}

/// The native module of the `decklet` package: the games of [`Catalog::standard`].
#[cfg(feature = "standard-module")]
#[pymodule]
#[pyo3(name = "_decklet")]
fn standard_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register(m, Catalog::standard())
}

/// The catalogue [`register`] was given.
fn catalog() -> PyResult<&'static Catalog> {
    CATALOG
        .get()
        .ok_or_else(|| PyRuntimeError::new_err("this native module has no catalogue"))
}

/// Why a match's log is refused before its end.
const LOG_BEFORE_THE_END: &str =
    "the log is given once the game is over: it holds the seed, and the seed tells every card";

/// The most moves a match may be given before it is cut short.
const MAX_MOVES: u64 = 10_000_000;

/// A game by name: `uno` (with `rules` and `house`), or any game string of the
/// catalogue (`hearts`, `uno(rules=official)`, `crazy_eights(reshuffle=true)`; the
/// catalogue knows `crazy-eights`, `crazy_eights`' old name), for `players`; `options` are more of
/// its parameters (`{"reshuffle": True}` is `reshuffle=true`), added to the string.
fn spec_of(
    game: &str,
    rules: &str,
    house: &[String],
    options: Option<&Bound<'_, PyDict>>,
    players: usize,
) -> PyResult<GameSpec> {
    let text = game_text(game, rules, house, options)?;
    GameSpec::load(catalog()?, &text, players).map_err(PyValueError::new_err)
}

/// The game string of [`spec_of`]'s options.
fn game_text(
    game: &str,
    rules: &str,
    house: &[String],
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    if game == "uno" && options.is_none_or(|o| o.is_empty()) {
        // `seeds`: the classic preset's name in 0.2
        let rules = if rules == "seeds" { "classic" } else { rules };
        let mut text = format!("uno(rules={rules}");
        if !house.is_empty() {
            text.push_str(&format!(",house={}", house.join("+")));
        }
        text.push(')');
        return Ok(text);
    }
    if !matches!(rules, "classic" | "seeds") || !house.is_empty() {
        return Err(PyValueError::new_err(
            "rules= and house= are for \"uno\" alone: give a game's parameters in its game string or as options=",
        ));
    }
    let mut string: GameString =
        game.trim()
            .parse()
            .map_err(|e: <GameString as std::str::FromStr>::Err| {
                PyValueError::new_err(e.to_string())
            })?;
    for (key, value) in options.into_iter().flat_map(|o| o.iter()) {
        let key: String = key.extract()?;
        if string.get(&key).is_some() {
            return Err(PyValueError::new_err(format!(
                "{key} is given twice: in the game string and in options"
            )));
        }
        string = string.with(key, parameter(&value)?);
    }
    Ok(string.to_string())
}

/// A parameter's value as a game string writes it: `true`, `5`, `official`.
fn parameter(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(flag.is_true().to_string());
    }
    if let Ok(n) = value.extract::<i64>() {
        return Ok(n.to_string());
    }
    value.extract::<String>().map_err(|_| {
        PyValueError::new_err(format!("an option is a bool, an int or a str, not {value}"))
    })
}

/// What `encoding` is, as a policy file names it, in JSON.
fn encoding_json(encoding: &dyn decklet_env::Encoding) -> String {
    serde_json::to_string(&decklet_env::EncodingRef::of(encoding)).unwrap_or_default()
}

/// The games of the catalogue, as JSON (see `Catalog::to_json`).
#[pyfunction]
fn games_json() -> PyResult<String> {
    Ok(catalog()?.to_json().to_string())
}

/// An error unless `max_moves` is 1 to [`MAX_MOVES`].
fn check_max_moves(max_moves: u64) -> PyResult<()> {
    if max_moves == 0 || max_moves > MAX_MOVES {
        return Err(PyValueError::new_err(format!(
            "max_moves must be 1 to {MAX_MOVES}, not {max_moves}"
        )));
    }
    Ok(())
}

fn reward_mode(rewards: &str) -> PyResult<RewardMode> {
    match rewards {
        "win" => Ok(RewardMode::Win),
        "score" => Ok(RewardMode::Score),
        other => Err(PyValueError::new_err(format!(
            "rewards must be \"win\" or \"score\", not {other:?}"
        ))),
    }
}

fn seed_of(seed: i128) -> PyResult<u64> {
    u64::try_from(seed)
        .map_err(|_| PyValueError::new_err(format!("a seed is 0 to 2**64 - 1, not {seed}")))
}

fn step_error(error: StepError) -> PyErr {
    match error {
        StepError::Engine(message) => PyRuntimeError::new_err(message),
        other => IllegalActionError::new_err(other.to_string()),
    }
}

fn poisoned<T>(_: T) -> PyErr {
    PyRuntimeError::new_err("a previous call panicked while holding this object")
}

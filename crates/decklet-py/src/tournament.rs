//! A tournament of named bots, played in pieces ([`Tournament`]).

use decklet_env::{TournamentPlan, TournamentSpec, TournamentTally};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::{MAX_MOVES, catalog, game_text, seed_of};

/// A tournament of named bots (what `decklet tournament` plays), in pieces: `play`
/// plays a range of its games into a tally (JSON text, to send between processes),
/// `summary` adds tallies of every game up into the report `decklet tournament
/// --json` prints.
#[pyclass(module = "decklet._decklet", frozen)]
pub(crate) struct Tournament {
    plan: TournamentPlan,
}

#[pymethods]
impl Tournament {
    #[new]
    #[pyo3(signature = (game, bots, players=None, games=1000, seed=1, rules="classic", house=Vec::new(), max_actions=100_000, forget_uno=0.0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        bots: Vec<String>,
        players: Option<usize>,
        games: u64,
        seed: i128,
        rules: &str,
        house: Vec<String>,
        max_actions: u64,
        forget_uno: f64,
    ) -> PyResult<Self> {
        let game = game_text(game, rules, &house, None)?;
        if !(0.0..=1.0).contains(&forget_uno) {
            return Err(PyValueError::new_err(format!(
                "forget_uno is a probability from 0 to 1, not {forget_uno}"
            )));
        }
        // a heuristic bot of UNO's that forgets to call UNO is one by its name
        let bots = bots
            .into_iter()
            .map(|b| match b.trim() {
                "heuristic" if forget_uno > 0.0 => format!("heuristic:forget={forget_uno}"),
                other => other.to_string(),
            })
            .collect();
        let spec = TournamentSpec {
            game,
            // none: as many as the bots, one table
            players: players.unwrap_or(0),
            bots,
            games,
            seed: seed_of(seed)?,
            max_actions: max_actions.clamp(1, MAX_MOVES),
        };
        let plan =
            TournamentPlan::with_catalog(&spec, catalog()?).map_err(PyValueError::new_err)?;
        Ok(Tournament { plan })
    }

    /// How many games it plays in all (indices `0..games`).
    #[getter]
    fn games(&self) -> u64 {
        self.plan.games()
    }

    /// Plays games `start..stop` (the GIL released) and returns their tally as JSON.
    fn play(&self, py: Python<'_>, start: u64, stop: u64) -> PyResult<String> {
        if start > stop || stop > self.plan.games() {
            return Err(PyValueError::new_err(format!(
                "games {start}..{stop} of a tournament of {}",
                self.plan.games()
            )));
        }
        let tally = py
            .detach(|| self.plan.play_range(start..stop))
            .map_err(PyRuntimeError::new_err)?;
        serde_json::to_string(&tally).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The report (JSON) of tallies that together hold every game once; `workers`
    /// and `seconds` say how it ran.
    #[pyo3(signature = (tallies, workers=1, seconds=0.0))]
    fn summary(&self, tallies: Vec<String>, workers: usize, seconds: f64) -> PyResult<String> {
        let mut total = self.plan.empty();
        for text in &tallies {
            let tally: TournamentTally = serde_json::from_str(text)
                .map_err(|e| PyValueError::new_err(format!("not a tally: {e}")))?;
            total.merge(&tally);
        }
        let summary = self
            .plan
            .summary(&total, workers, seconds)
            .map_err(PyValueError::new_err)?;
        serde_json::to_string(&summary).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }
}

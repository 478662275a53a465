//! Many matches stepped together in Rust ([`VectorTablesCore`]).

use std::sync::Mutex;

use decklet_env::{Buffers, StepError, VectorConfig, VectorTables};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{
    IllegalActionError, LOG_BEFORE_THE_END, check_max_moves, encoding_json, poisoned, reward_mode,
    seed_of, spec_of,
};

/// Many matches stepped together in Rust, the GIL released, into arrays this object
/// owns (the same arrays after every call: copy what you keep).
#[pyclass(module = "decklet._decklet")]
pub(crate) struct VectorTablesCore {
    tables: Mutex<VectorTables>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    seats: Py<PyArray1<i64>>,
    final_rewards: Py<PyArray2<f32>>,
    observation_len: usize,
    action_count: usize,
    encoding: String,
}

#[pymethods]
impl VectorTablesCore {
    #[new]
    #[pyo3(signature = (game, num_envs, players, opponents=None, threads=1, seed=0, rules="classic", house=Vec::new(), options=None, max_moves=10_000, rewards="win"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: usize,
        opponents: Option<String>,
        threads: usize,
        seed: i128,
        rules: &str,
        house: Vec<String>,
        options: Option<&Bound<'_, PyDict>>,
        max_moves: u64,
        rewards: &str,
    ) -> PyResult<VectorTablesCore> {
        let spec = spec_of(game, rules, &house, options, players)?;
        check_max_moves(max_moves)?;
        let config = VectorConfig {
            lanes: num_envs,
            players,
            opponents,
            threads,
            seed: seed_of(seed)?,
            max_moves,
            rewards: reward_mode(rewards)?,
        };
        let observation_len = spec.encoding().observation_len();
        let action_count = spec.encoding().action_count() + 1;
        let encoding = encoding_json(&**spec.encoding());
        let tables = VectorTables::new(spec, &config).map_err(PyValueError::new_err)?;
        let n = tables.len();
        Ok(VectorTablesCore {
            tables: Mutex::new(tables),
            observations: PyArray2::zeros(py, [n, observation_len], false).unbind(),
            masks: PyArray2::zeros(py, [n, action_count], false).unbind(),
            rewards: PyArray1::zeros(py, n, false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            seats: PyArray1::zeros(py, n, false).unbind(),
            final_rewards: PyArray2::zeros(py, [n, players], false).unbind(),
            observation_len,
            action_count,
            encoding,
        })
    }

    /// Observations, `(num_envs, observation_len)`.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }
    /// Action masks, `(num_envs, action_count)`.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.masks.bind(py).clone()
    }
    /// Rewards, `(num_envs,)`.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.rewards.bind(py).clone()
    }
    /// Whether each game ended, `(num_envs,)`.
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }
    /// Whether each game was cut short, `(num_envs,)`.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }
    /// The seat each row is the observation of, `(num_envs,)`.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.seats.bind(py).clone()
    }
    /// Every seat's final rewards when a game ended, `(num_envs, players)`.
    #[getter]
    fn final_rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.final_rewards.bind(py).clone()
    }
    /// The length of an observation.
    #[getter]
    fn observation_len(&self) -> usize {
        self.observation_len
    }
    /// The number of action indices, wait included.
    #[getter]
    fn action_count(&self) -> usize {
        self.action_count
    }
    /// The encoding, as a policy file names it (JSON).
    #[getter]
    fn encoding(&self) -> String {
        self.encoding.clone()
    }

    /// Deals every lane's first episode (lane `i`'s episode `e` from `seed + i + e ×
    /// num_envs`).
    fn reset(&self, py: Python<'_>, seed: i128) -> PyResult<()> {
        let seed = seed_of(seed)?;
        self.with_buffers(py, |tables, out| tables.reset(seed, out))?
            .map_err(PyRuntimeError::new_err)
    }

    /// Steps every lane with its action (`int64`, `(num_envs,)`). One illegal or
    /// out-of-range action raises `IllegalActionError` naming its env, and nothing
    /// changes.
    fn step(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?.to_vec();
        self.with_buffers(py, |tables, out| tables.step(&actions, out))?
            .map_err(|(lane, error)| match error {
                StepError::Engine(message) => {
                    PyRuntimeError::new_err(format!("env {lane}: {message}"))
                }
                other => IllegalActionError::new_err(format!("env {lane}: {other}")),
            })
    }

    /// Lane `i`'s match log as JSON, once its game is over (or cut short).
    fn log_json(&self, i: usize) -> PyResult<String> {
        let tables = self.tables.lock().map_err(poisoned)?;
        let table = tables
            .table(i)
            .ok_or_else(|| PyValueError::new_err(format!("no env {i}")))?;
        if !table.is_over() && !table.is_truncated() {
            return Err(PyValueError::new_err(LOG_BEFORE_THE_END));
        }
        serde_json::to_string(&table.engine().log())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }
}

impl VectorTablesCore {
    /// Runs `f` on the tables and this object's arrays as buffers, the GIL released.
    fn with_buffers<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut VectorTables, Buffers<'_>) -> R + Send,
    ) -> PyResult<R> {
        let mut tables = self.tables.lock().map_err(poisoned)?;
        let mut observations = self.observations.bind(py).readwrite();
        let mut masks = self.masks.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut seats = self.seats.bind(py).readwrite();
        let mut final_rewards = self.final_rewards.bind(py).readwrite();
        let out = Buffers {
            observations: observations.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            seats: seats.as_slice_mut()?,
            final_rewards: final_rewards.as_slice_mut()?,
        };
        let tables = &mut *tables;
        Ok(py.detach(|| f(tables, out)))
    }
}

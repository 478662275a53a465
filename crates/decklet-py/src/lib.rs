//! The native part of the Python package `decklet` (`decklet._decklet`): tables of any
//! decklet game as a learner plays them, their bots, and vectors of tables stepped in
//! Rust with the GIL released. The Python modules `decklet.uno` and
//! `decklet.crazy_eights` build the PettingZoo and Gymnasium environments on them;
//! `decklet.env(…)` any game of the catalogue by its game string.

use std::sync::Mutex;

use decklet_catalog::{Catalog, GameString};
use decklet_env::{
    Buffers, GameSpec, RewardMode, SeatBot, StepError, Table as EnvTable, TournamentPlan,
    TournamentSpec, TournamentTally, VectorConfig, VectorTables,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

create_exception!(
    _decklet,
    IllegalActionError,
    PyValueError,
    "An action that is not legal now, or out of range: nothing changed."
);

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
    GameSpec::load(&Catalog::standard(), &text, players).map_err(PyValueError::new_err)
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
fn games_json() -> String {
    Catalog::standard().to_json().to_string()
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

/// One match of a game, as a learner plays it: who acts, their legal action indices,
/// each seat's observation, steps by index, rewards.
#[pyclass(module = "decklet._decklet")]
struct Table {
    spec: GameSpec,
    mode: RewardMode,
    table: Mutex<EnvTable>,
}

#[pymethods]
impl Table {
    #[new]
    #[pyo3(signature = (game, players, seed=0, rules="classic", house=Vec::new(), options=None, max_moves=10_000, rewards="win"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        players: usize,
        seed: i128,
        rules: &str,
        house: Vec<String>,
        options: Option<&Bound<'_, PyDict>>,
        max_moves: u64,
        rewards: &str,
    ) -> PyResult<Table> {
        let spec = spec_of(game, rules, &house, options, players)?;
        let mode = reward_mode(rewards)?;
        if max_moves == 0 || max_moves > MAX_MOVES {
            return Err(PyValueError::new_err(format!(
                "max_moves must be 1 to {MAX_MOVES}, not {max_moves}"
            )));
        }
        let table = spec
            .table(players, seed_of(seed)?, max_moves)
            .map_err(PyValueError::new_err)?;
        Ok(Table {
            spec,
            mode,
            table: Mutex::new(table),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.spec.encoding().name()
    }

    /// The length of an observation.
    #[getter]
    fn observation_len(&self) -> usize {
        self.spec.encoding().observation_len()
    }

    /// The number of action indices, *wait* (the last) included.
    #[getter]
    fn action_count(&self) -> usize {
        self.spec.encoding().action_count() + 1
    }

    /// The encoding, as a policy file names it (JSON: `name`, `version`,
    /// `observationLen`, `actionCount` without *wait*).
    #[getter]
    fn encoding(&self) -> String {
        encoding_json(&**self.spec.encoding())
    }

    /// The players.
    #[getter]
    fn players(&self) -> PyResult<usize> {
        Ok(self.table.lock().map_err(poisoned)?.players())
    }

    /// The seat that acts now (`None` once the game is over or cut short).
    #[getter]
    fn acting_seat(&self) -> PyResult<Option<usize>> {
        Ok(self.table.lock().map_err(poisoned)?.acting_seat())
    }

    /// Whether the acting seat may act out of turn now (and may wait).
    #[getter]
    fn in_window(&self) -> PyResult<bool> {
        Ok(self.table.lock().map_err(poisoned)?.in_window())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        Ok(self.table.lock().map_err(poisoned)?.is_over())
    }

    /// Whether the match was cut short (the move cap).
    #[getter]
    fn is_truncated(&self) -> PyResult<bool> {
        Ok(self.table.lock().map_err(poisoned)?.is_truncated())
    }

    /// The moves made so far.
    #[getter]
    fn moves(&self) -> PyResult<u64> {
        Ok(self.table.lock().map_err(poisoned)?.moves())
    }

    /// Deals a new match from `seed`.
    fn reset(&self, seed: i128) -> PyResult<()> {
        let seed = seed_of(seed)?;
        let mut table = self.table.lock().map_err(poisoned)?;
        table
            .reset(seed)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Seat `seat`'s observation (`float32`) and action mask (`int8`, all 0 unless it
    /// acts now).
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Observation<'py>> {
        let mut table = self.table.lock().map_err(poisoned)?;
        check_seat(&table, seat)?;
        let encoding = self.spec.encoding();
        let mut obs = vec![0.0f32; encoding.observation_len()];
        let mut mask = vec![0i8; encoding.action_count() + 1];
        table.observe(seat, &mut obs, &mut mask);
        Ok((PyArray1::from_vec(py, obs), PyArray1::from_vec(py, mask)))
    }

    /// The legal action indices of the acting seat, lowest first.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        Ok(self.table.lock().map_err(poisoned)?.legal())
    }

    /// Makes the acting seat's move of index `action`, and returns the seat that acts
    /// next (`None`: the game is over or cut short). An illegal or out-of-range index,
    /// or a finished game, raises `IllegalActionError` and changes nothing.
    fn step(&self, action: i64) -> PyResult<Option<usize>> {
        let mut table = self.table.lock().map_err(poisoned)?;
        table.step(action).map_err(step_error)?;
        Ok(table.acting_seat())
    }

    /// Every seat's reward (the final ones once the game is over, else 0).
    fn rewards(&self) -> PyResult<Vec<f32>> {
        Ok(self.table.lock().map_err(poisoned)?.rewards(self.mode))
    }

    /// The table as `seat` sees it, in text.
    fn render(&self, seat: usize) -> PyResult<String> {
        let table = self.table.lock().map_err(poisoned)?;
        check_seat(&table, seat)?;
        let state = table.state();
        let player = state.seat_order()[seat];
        Ok(self.spec.encoding().render(&state.info_state(player)))
    }

    /// What an action index means.
    fn action_name(&self, action: usize) -> PyResult<String> {
        let count = self.spec.encoding().action_count();
        if action > count {
            return Err(IllegalActionError::new_err(format!(
                "action {action} is out of range (0 to {count})"
            )));
        }
        Ok(self.spec.encoding().action_name(action))
    }

    /// The match's log as JSON (`decklet replay` replays it), once it is over (or cut
    /// short): the log holds the seed, and the seed every card.
    fn log_json(&self) -> PyResult<String> {
        let table = self.table.lock().map_err(poisoned)?;
        if !table.is_over() && !table.is_truncated() {
            return Err(PyValueError::new_err(LOG_BEFORE_THE_END));
        }
        serde_json::to_string(&table.engine().log())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The action index `bot` takes for the acting seat.
    fn bot_action(&self, bot: &Bot) -> PyResult<usize> {
        let table = self.table.lock().map_err(poisoned)?;
        let mut inner = bot.bot.lock().map_err(poisoned)?;
        if bot.game != self.spec.encoding().name() {
            return Err(PyValueError::new_err(format!(
                "a {} bot cannot play {}",
                bot.game,
                self.spec.encoding().name()
            )));
        }
        inner
            .choose(&table)
            .ok_or_else(|| PyRuntimeError::new_err("the bot made no move (nobody acts?)"))
    }

    /// A bot of this table's game, by name, seeded.
    fn bot(&self, name: &str, seed: i128) -> PyResult<Bot> {
        let bot = self
            .spec
            .bot(name, seed_of(seed)?)
            .map_err(PyValueError::new_err)?;
        Ok(Bot {
            game: self.spec.encoding().name(),
            name: name.to_string(),
            bot: Mutex::new(bot),
        })
    }
}

/// An observation and its mask.
type Observation<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>);

fn check_seat(table: &EnvTable, seat: usize) -> PyResult<()> {
    if seat >= table.players() {
        return Err(PyValueError::new_err(format!(
            "seat {seat} is out of range (0 to {})",
            table.players() - 1
        )));
    }
    Ok(())
}

/// A bot of one game (made by `Table.bot`).
#[pyclass(module = "decklet._decklet")]
struct Bot {
    game: &'static str,
    name: String,
    bot: Mutex<SeatBot>,
}

#[pymethods]
impl Bot {
    /// The bot's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, game={:?})", self.name, self.game)
    }
}

/// Many matches stepped together in Rust, the GIL released, into arrays this object
/// owns (the same arrays after every call: copy what you keep).
#[pyclass(module = "decklet._decklet")]
struct VectorTablesCore {
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
        if max_moves == 0 || max_moves > MAX_MOVES {
            return Err(PyValueError::new_err(format!(
                "max_moves must be 1 to {MAX_MOVES}, not {max_moves}"
            )));
        }
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

/// A tournament of named bots (what `decklet tournament` plays), in pieces: `play`
/// plays a range of its games into a tally (JSON text, to send between processes),
/// `summary` adds tallies of every game up into the report `decklet tournament
/// --json` prints.
#[pyclass(module = "decklet._decklet", frozen)]
struct Tournament {
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
        let plan = TournamentPlan::new(&spec).map_err(PyValueError::new_err)?;
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

/// The native module.
#[pymodule]
fn _decklet(m: &Bound<'_, PyModule>) -> PyResult<()> {
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

//! One match of a game as a learner plays it ([`Table`]) and a bot of its game
//! ([`Bot`]).

use std::sync::Mutex;

use decklet_env::{Followed, GameSpec, RewardMode, SeatBot, Table as EnvTable};
use numpy::PyArray1;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{
    IllegalActionError, LOG_BEFORE_THE_END, check_max_moves, encoding_json, poisoned, reward_mode,
    seed_of, spec_of, step_error,
};

/// One match of a game, as a learner plays it: who acts, their legal action indices,
/// each seat's observation, steps by index, rewards.
#[pyclass(module = "decklet._decklet")]
pub(crate) struct Table {
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
        check_max_moves(max_moves)?;
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

    /// The table in text: as a spectator sees it (`seat` None), or as `seat` sees
    /// it, its hand included, which is shown only to the seat that acts now (the seat
    /// a caller plays) or once the game is over: a seat's hand is not another's to see.
    #[pyo3(signature = (seat=None))]
    fn render(&self, seat: Option<usize>) -> PyResult<String> {
        let table = self.table.lock().map_err(poisoned)?;
        if let Some(seat) = seat {
            check_seat(&table, seat)?;
            let over = table.is_over() || table.is_truncated();
            if !over && table.acting_seat() != Some(seat) {
                return Err(PyValueError::new_err(format!(
                    "seat {seat}'s hand is shown to it when it acts (or once the game is over); render() shows the table as a spectator sees it"
                )));
            }
        }
        let info = (table.info_of(seat)).ok_or_else(|| PyValueError::new_err("no such seat"))?;
        Ok(self.spec.encoding().render(&info))
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
        // told every move since it last played here (a bot plays any one table); one
        // that cannot be seeded afresh for another deal is made again
        let mut followed = bot.followed.lock().map_err(poisoned)?;
        if !table.tell(&mut inner, &mut followed, bot.seed) {
            *inner = self
                .spec
                .bot(&bot.name, bot.seed)
                .map_err(PyValueError::new_err)?;
            *followed = Followed::default();
            if !table.tell(&mut inner, &mut followed, bot.seed) {
                return Err(PyRuntimeError::new_err("the bot cannot follow this table"));
            }
        }
        inner
            .choose(&table)
            .ok_or_else(|| PyRuntimeError::new_err("the bot made no move (nobody acts?)"))
    }

    /// A bot of this table's game, by name, seeded.
    fn bot(&self, name: &str, seed: i128) -> PyResult<Bot> {
        let seed = seed_of(seed)?;
        let bot = self.spec.bot(name, seed).map_err(PyValueError::new_err)?;
        Ok(Bot {
            game: self.spec.encoding().name(),
            seed,
            name: name.to_string(),
            bot: Mutex::new(bot),
            followed: Mutex::new(Followed::default()),
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
pub(crate) struct Bot {
    game: &'static str,
    name: String,
    /// Its seed (a new deal seeds it afresh from it).
    seed: u64,
    bot: Mutex<SeatBot>,
    /// How far it followed the table that made it.
    followed: Mutex<Followed>,
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

//! [`VectorTables`]: many matches stepped together, the observations, masks, rewards
//! and ends written into buffers the caller owns (a Python vector environment's
//! arrays), in parallel when asked.
//!
//! **Seeds.** Lane `i`'s episode `e` (counted from 0 at each reset) is dealt from
//! `seed + i + e × lanes`: an AEC table reset with that seed plays the same game.
//! **Autoreset** is Gymnasium's *next step*: the step after a lane's episode ended
//! deals its next one and ignores that lane's action.
//! **Seats.** With opponents, the learner plays seat 0 and bots play the others (they
//! move inside a step, until seat 0 acts or the game ends; each lane's bots are made once
//! and seeded afresh every episode, `decklet_bots::seat_seed(episode seed, seat)`, as
//! every tool seeds a seat's bot); without, the learner plays every seat (self-play),
//! each lane's observation is that of the seat to act, and its reward that of the seat
//! that made the step's move.

use rayon::prelude::*;

use crate::spec::{GameSpec, SeatBot};
use crate::table::{StepError, Table};
use decklet_bots::encoding::RewardMode;

/// One lane: a table (its bots seated in it), and where its episodes stand.
struct Lane {
    table: Table,
    episode: u64,
    ended: bool,
}

/// What one step writes: a row a lane in each.
pub struct Buffers<'a> {
    /// Observations, lanes × observation length.
    pub observations: &'a mut [f32],
    /// Masks, lanes × (actions + 1).
    pub masks: &'a mut [i8],
    /// Rewards, a lane each.
    pub rewards: &'a mut [f32],
    /// Whether the lane's game ended.
    pub terminated: &'a mut [bool],
    /// Whether the lane's game was cut short.
    pub truncated: &'a mut [bool],
    /// The seat whose observation the row is (the seat to act; seat 0 with opponents).
    pub seats: &'a mut [i64],
    /// The final rewards of every seat when the lane's game ended, lanes × players
    /// (0 otherwise).
    pub final_rewards: &'a mut [f32],
}

/// Many matches of one game (see the module's documentation).
pub struct VectorTables {
    spec: GameSpec,
    lanes: Vec<Lane>,
    players: usize,
    seed: u64,
    mode: RewardMode,
    /// The threads stepping the lanes beside this one, when more than one steps them.
    pool: Option<rayon::ThreadPool>,
    /// The lanes a thread steps, consecutive, the same every step.
    chunk: usize,
}

impl std::fmt::Debug for VectorTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VectorTables")
            .field("lanes", &self.lanes.len())
            .field("players", &self.players)
            .finish_non_exhaustive()
    }
}

/// How a vector of tables is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorConfig {
    /// The matches stepped together (1 to [`MAX_LANES`]).
    pub lanes: usize,
    /// The players at each table.
    pub players: usize,
    /// The bot of every seat but seat 0 (`None`: self-play).
    pub opponents: Option<String>,
    /// Threads stepping the lanes (1: this thread only), each a fixed piece of
    /// consecutive lanes; at most one a [`MIN_LANES_PER_THREAD`] lanes.
    pub threads: usize,
    /// The seed of the first episodes.
    pub seed: u64,
    /// A match is cut short after this many moves.
    pub max_moves: u64,
    /// The rewards at the end.
    pub rewards: RewardMode,
}

/// The most lanes a vector of tables holds.
pub const MAX_LANES: usize = 1 << 16;

/// The fewest lanes a thread steps: a vector of fewer than twice as many is stepped on
/// the caller's thread alone, whatever [`VectorConfig::threads`] asks (measured in
/// `docs/performance.md`: below it, two threads were slower than one).
pub const MIN_LANES_PER_THREAD: usize = 32;

impl VectorTables {
    /// The matches of `spec` that `config` asks for.
    pub fn new(spec: GameSpec, config: &VectorConfig) -> Result<VectorTables, String> {
        let VectorConfig {
            lanes,
            players,
            threads,
            seed,
            max_moves,
            rewards: mode,
            ..
        } = *config;
        let opponents = config.opponents.as_deref();
        if lanes == 0 || lanes > MAX_LANES {
            return Err(format!("num_envs must be 1 to {MAX_LANES}, not {lanes}"));
        }
        if threads == 0 || threads > 256 {
            return Err(format!("threads must be 1 to 256, not {threads}"));
        }
        spec.check_players(players)?;
        let mut built = Vec::with_capacity(lanes);
        for i in 0..lanes {
            let lane_seed = episode_seed(seed, lanes as u64, i, 0);
            let mut table = spec.table(players, lane_seed, max_moves)?;
            if let Some(name) = opponents {
                for s in 1..players {
                    let bot = spec.bot(name, decklet_bots::seat_seed(lane_seed, s))?;
                    table.set_bot(s, bot.into_inner())?;
                }
            }
            built.push(Lane {
                table,
                episode: 0,
                ended: false,
            });
        }
        // a thread gets at least MIN_LANES_PER_THREAD lanes: fewer cost more to hand
        // over than they take to step
        let threads = threads.min(lanes / MIN_LANES_PER_THREAD).max(1);
        let chunk = lanes.div_ceil(threads);
        let pool = match threads {
            1 => None,
            n => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| e.to_string())?,
            ),
        };
        Ok(VectorTables {
            spec,
            lanes: built,
            players,
            seed,
            mode,
            pool,
            chunk,
        })
    }

    /// The lanes.
    pub fn len(&self) -> usize {
        self.lanes.len()
    }

    /// Whether there is no lane (never: at least one).
    pub fn is_empty(&self) -> bool {
        self.lanes.is_empty()
    }

    /// The players at each table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The game.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// Lane `i`'s table.
    pub fn table(&self, i: usize) -> Option<&Table> {
        self.lanes.get(i).map(|l| &l.table)
    }

    /// Deals every lane's first episode from `seed` (see the module's documentation)
    /// and writes the first observations.
    pub fn reset(&mut self, seed: u64, out: Buffers<'_>) -> Result<(), String> {
        self.check(&out)?;
        self.seed = seed;
        let lanes = self.lanes.len() as u64;
        let mode = self.mode;
        self.run(out, |i, lane, row| {
            lane.episode = 0;
            lane.table
                .reset(episode_seed(seed, lanes, i, 0))
                .map_err(|e| StepError::Engine(e.to_string()))?;
            lane.ended = lane.table.is_over() || lane.table.is_truncated();
            write(lane, row, mode, None);
            Ok(())
        })
        .map_err(|(i, e)| format!("env {i}: {e}"))
    }

    /// Steps every lane with its action (ignored in a lane whose episode just ended:
    /// it deals the next). Every action is checked first: one that is out of range or
    /// not legal refuses the whole step, and nothing changes.
    pub fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<(), (usize, StepError)> {
        if actions.len() != self.lanes.len() {
            return Err((
                0,
                StepError::Engine(format!(
                    "{} actions for {} envs",
                    actions.len(),
                    self.lanes.len()
                )),
            ));
        }
        self.check(&out).map_err(|e| (0, StepError::Engine(e)))?;
        for (i, (lane, action)) in self.lanes.iter().zip(actions).enumerate() {
            if lane.ended {
                continue;
            }
            let count = lane.table.encoding().action_count() + 1;
            match usize::try_from(*action).ok().filter(|a| *a < count) {
                None => {
                    return Err((
                        i,
                        StepError::OutOfRange {
                            index: *action,
                            count,
                        },
                    ));
                }
                Some(a) if !lane.table.is_legal(a) => {
                    return Err((
                        i,
                        StepError::Illegal {
                            index: a,
                            name: lane.table.encoding().action_name(a),
                            legal: lane.table.legal(),
                        },
                    ));
                }
                Some(_) => {}
            }
        }
        let (seed, lanes, mode) = (self.seed, self.lanes.len() as u64, self.mode);
        self.run(out, |i, lane, row| {
            if lane.ended {
                lane.episode += 1;
                lane.table
                    .reset(episode_seed(seed, lanes, i, lane.episode))
                    .map_err(|e| StepError::Engine(e.to_string()))?;
                lane.ended = lane.table.is_over() || lane.table.is_truncated();
                write(lane, row, mode, None);
                return Ok(());
            }
            let mover = lane.table.acting_seat();
            lane.table.step(actions.get(i).copied().unwrap_or(-1))?;
            lane.ended = lane.table.is_over() || lane.table.is_truncated();
            write(lane, row, mode, mover);
            Ok(())
        })
    }

    /// Seats `bot` at `seat` of lane `lane` in place of the one there (a bot of your
    /// own, say): refused for the learner's seat (seat 0 with opponents; every seat in
    /// self-play). It is asked for its moves and, if it follows the game, hears every
    /// move of the lane from its next move on.
    pub fn set_bot(&mut self, lane: usize, seat: usize, bot: SeatBot) -> Result<(), String> {
        let Some(lane) = self.lanes.get_mut(lane) else {
            return Err(format!("there is no env {lane}"));
        };
        if !lane.table.has_bot(seat) {
            return Err(format!("seat {seat} is the learner's, or there is none"));
        }
        lane.table.set_bot(seat, bot.into_inner())
    }

    /// Checks the buffers' sizes.
    fn check(&self, out: &Buffers<'_>) -> Result<(), String> {
        let n = self.lanes.len();
        let encoding = self.spec.encoding();
        let (obs, acts) = (encoding.observation_len(), encoding.action_count() + 1);
        let sizes = [
            ("observations", out.observations.len(), n * obs),
            ("masks", out.masks.len(), n * acts),
            ("rewards", out.rewards.len(), n),
            ("terminated", out.terminated.len(), n),
            ("truncated", out.truncated.len(), n),
            ("seats", out.seats.len(), n),
            ("final rewards", out.final_rewards.len(), n * self.players),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(format!("the {name} buffer holds {got}, not {want}"));
            }
        }
        Ok(())
    }

    /// Runs `f` on every lane with its rows of the buffers, on the pool if any.
    fn run<F>(&mut self, out: Buffers<'_>, f: F) -> Result<(), (usize, StepError)>
    where
        F: Fn(usize, &mut Lane, Row<'_>) -> Result<(), StepError> + Sync,
    {
        let encoding = self.spec.encoding();
        let (obs, acts) = (encoding.observation_len(), encoding.action_count() + 1);
        let players = self.players;
        let rows: Vec<Row<'_>> = out
            .observations
            .chunks_mut(obs)
            .zip(out.masks.chunks_mut(acts))
            .zip(out.rewards.iter_mut())
            .zip(out.terminated.iter_mut())
            .zip(out.truncated.iter_mut())
            .zip(out.seats.iter_mut())
            .zip(out.final_rewards.chunks_mut(players))
            .map(
                |((((((observation, mask), reward), terminated), truncated), seat), finals)| Row {
                    observation,
                    mask,
                    reward,
                    terminated,
                    truncated,
                    seat,
                    finals,
                },
            )
            .collect();
        let mut rows = rows;
        // one piece of consecutive lanes a thread, the same every step
        let chunk = self.chunk;
        let run_chunk = |c: usize, (lanes, rows): (&mut [Lane], &mut [Row<'_>])| {
            (lanes.iter_mut().zip(rows.iter_mut()))
                .enumerate()
                .try_for_each(|(k, (lane, row))| {
                    let i = c * chunk + k;
                    f(i, lane, row.reborrow()).map_err(|e| (i, e))
                })
        };
        match &self.pool {
            Some(pool) => pool.install(|| {
                (self.lanes.par_chunks_mut(chunk))
                    .zip(rows.par_chunks_mut(chunk))
                    .enumerate()
                    .try_for_each(|(c, pair)| run_chunk(c, pair))
            }),
            None => run_chunk(0, (&mut self.lanes, &mut rows)),
        }
    }
}

/// One lane's rows of the buffers.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [i8],
    reward: &'a mut f32,
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    seat: &'a mut i64,
    finals: &'a mut [f32],
}

impl Row<'_> {
    /// The same rows, borrowed for one step of one lane.
    fn reborrow(&mut self) -> Row<'_> {
        Row {
            observation: self.observation,
            mask: self.mask,
            reward: self.reward,
            terminated: self.terminated,
            truncated: self.truncated,
            seat: self.seat,
            finals: self.finals,
        }
    }
}

/// Writes a lane's row: the observation of the learner's seat (the seat to act in
/// self-play; once the game ended, the seat that made the last move), its reward.
fn write(lane: &mut Lane, row: Row<'_>, mode: RewardMode, mover: Option<usize>) {
    let table = &mut lane.table;
    let self_play = !(0..table.players()).any(|s| table.has_bot(s));
    let seat = match (self_play, table.acting_seat()) {
        (false, _) => 0,
        (true, Some(acting)) => acting,
        (true, None) => mover.unwrap_or(0),
    };
    table.observe(seat, row.observation, row.mask);
    let over = table.is_over();
    let truncated = table.is_truncated();
    // every seat's reward is 0 until the game is over
    let rewards = over.then(|| table.rewards(mode));
    let reward_of = |k: usize| rewards.as_ref().and_then(|r| r.get(k)).copied();
    *row.reward = match self_play {
        false => reward_of(0),
        true => mover.and_then(reward_of),
    }
    .unwrap_or(0.0);
    *row.terminated = over;
    *row.truncated = truncated;
    *row.seat = seat as i64;
    for (k, x) in row.finals.iter_mut().enumerate() {
        *x = reward_of(k).unwrap_or(0.0);
    }
}

/// The seed of lane `i`'s episode `e`.
pub fn episode_seed(seed: u64, lanes: u64, i: usize, e: u64) -> u64 {
    seed.wrapping_add(i as u64)
        .wrapping_add(e.wrapping_mul(lanes))
}

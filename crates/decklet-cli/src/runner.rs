//! What `simulate` and `tournament` share to play many games: seeds derived from one
//! master seed, a pool of worker threads, a progress bar, stopping on a signal, and
//! the loop that plays the games and adds them up ([`play_all`]).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

pub use decklet::env::tournament::{bot_seed, game_seed, round};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Most worker threads `--threads` accepts: far more than any machine's cores, few
/// enough that starting them cannot exhaust the system.
pub const MAX_THREADS: usize = 256;

/// The error of a run stopped by a signal.
pub const INTERRUPTED: &str = "interrupted: stopped before the summary";

/// Set when the user asks the program to stop (Ctrl-C, `SIGTERM`, `SIGHUP`).
static STOP: AtomicBool = AtomicBool::new(false);

/// From now on, a stop signal makes workers finish the game they are playing and stop.
pub fn stop_on_signal() {
    // if a handler cannot be set, the signal keeps its default effect
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
}

/// Whether a stop signal came.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// A pool of `threads` workers (default: one per core); returns it and its size.
pub fn worker_pool(threads: Option<usize>) -> Result<(rayon::ThreadPool, usize), String> {
    if let Some(threads) = threads
        && !(1..=MAX_THREADS).contains(&threads)
    {
        return Err(format!("--threads must be between 1 and {MAX_THREADS}"));
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = threads {
        builder = builder.num_threads(threads);
    }
    let pool = builder
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    let size = pool.current_num_threads();
    Ok((pool, size))
}

/// A progress bar of `games` games on standard error, when it is a terminal and the
/// output is text; a hidden one otherwise.
pub fn progress(games: u64, json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {rate} games/s, eta {eta}")
    {
        bar.set_style(style.with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0}", state.per_sec());
            },
        ));
    }
    bar
}

/// What a run adds its games up into: each worker keeps one, and they merge at the end
/// (in any order, to the same totals).
pub trait Tally: Send + Sized {
    /// One game's result.
    type Game: Send;
    /// Adds a game.
    fn add(self, game: Self::Game) -> Self;
    /// Adds another worker's tally.
    fn merge(self, other: Self) -> Self;
}

/// Plays games `0..games` on `pool` with `play(scratch, index)`, each worker keeping
/// its own scratch (an engine to reuse; `None` at first); counts each game on `bar`,
/// stops early once a stop signal came, and adds the games up into tallies that
/// `empty` starts.
pub fn play_all<S: Send, T: Tally>(
    pool: &rayon::ThreadPool,
    games: u64,
    bar: &ProgressBar,
    empty: impl Fn() -> T + Send + Sync,
    play: impl Fn(&mut Option<S>, u64) -> Result<T::Game, String> + Send + Sync,
) -> Result<T, String> {
    pool.install(|| {
        (0..games)
            .into_par_iter()
            .map_init(
                || None,
                |scratch, index| {
                    if stopped() {
                        return Err(INTERRUPTED.to_string());
                    }
                    let result = play(scratch, index);
                    bar.inc(1);
                    result
                },
            )
            .try_fold(&empty, |tally, game| Ok(tally.add(game?)))
            .try_reduce(&empty, |a, b| Ok(a.merge(b)))
    })
}

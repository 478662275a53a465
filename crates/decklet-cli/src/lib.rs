//! # decklet-cli
//!
//! The `decklet` command, as a library: [`run`] is the whole command for the games of
//! a catalogue, so a game of your own gets every command (`simulate`, `play`,
//! `replay`, `tournament`, `games`, and `serve` with the `server` feature) from a
//! binary of two lines:
//!
//! ```no_run
//! # struct MyGame;
//! # impl decklet_catalog::GameDef for MyGame {
//! #     fn name(&self) -> &'static str { "my_game" }
//! #     fn about(&self) -> &'static str { "mine" }
//! #     fn players(&self) -> std::ops::RangeInclusive<usize> { 2..=4 }
//! #     fn build(&self, game: &decklet_catalog::GameString)
//! #         -> Result<std::sync::Arc<decklet::Game>, String> {
//! #         decklet::Game::builder().string(game).build().map_err(|e| e.to_string())
//! #     }
//! #     fn new_engine(&self, game: &std::sync::Arc<decklet::Game>, seed: u64, players: usize)
//! #         -> Result<decklet::GameEngine, decklet::EngineError> {
//! #         let mut engine = decklet::GameEngine::new(game, Default::default());
//! #         engine.deal(seed, decklet::Player::numbered(players))?;
//! #         Ok(engine)
//! #     }
//! # }
//! fn main() -> std::process::ExitCode {
//!     decklet_cli::run(decklet_catalog::Catalog::standard().with(MyGame))
//! }
//! ```
//!
//! `--game` defaults to the catalogue's first game. The `decklet` binary is
//! `run(Catalog::standard())`.

mod bots;
#[macro_use]
mod console;
mod games;
mod matches;
mod output;
mod play;
mod play_match;
mod replay;
mod runner;
mod simulate;
mod stats;
mod table;
mod tournament;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};
use decklet_catalog::Catalog;

/// decklet: a deterministic card-game engine with a complete, fast UNO.
#[derive(Debug, Parser)]
#[command(name = "decklet", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play many games of any game of the catalogue between bots, in parallel, and
    /// summarise them.
    Simulate(SimulateArgs),
    /// Play a game of the catalogue in the terminal against bots (you are player 1).
    Play(PlayArgs),
    /// Replay a JSON game log, verify where it ends, print a summary or the events.
    Replay(ReplayArgs),
    /// List the games, their parameters (as a game string takes them) and their bots.
    Games {
        /// One JSON document instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play bots against each other in every seat: win rates, intervals and ratings.
    Tournament(TournamentArgs),
    /// Serve matches over HTTP and WebSockets, with a browser table at the address
    /// (every accepted move stored in a SQLite file or Postgres; docs/server.md);
    /// needs a decklet built with `--features server`.
    Serve(ServeArgs),
    /// Print the shell completion script for SHELL (e.g. `decklet completions bash >
    /// ~/.local/share/bash-completion/completions/decklet`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// Options of `decklet simulate`.
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game, as a game string (`decklet games` lists them): `uno`,
    /// `uno(rules=official,house=stacking)`, `crazy_eights(use_special_cards=true)`,
    /// `hearts` [default: the first game `decklet games` lists]
    #[arg(long, value_name = "GAME")]
    pub(crate) game: Option<String>,
    /// How many games.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) games: u64,
    /// Players per game (as many as the game seats: 2–10 for UNO, 2–15 for Crazy
    /// Eights, 4 for Hearts).
    #[arg(long, default_value_t = 4)]
    pub(crate) players: usize,
    /// Master seed; game i is seeded from it and i, so results never depend on threads.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Bots by seat, comma-separated (`random`, `ismcts`, `ismcts:N`, and the game's
    /// own: `decklet games` lists them); one name fills every seat, and in a game of
    /// sides one a side fills its seats.
    #[arg(long, default_value = "random")]
    pub(crate) bots: String,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    pub(crate) json: bool,
    /// Write each game's replay log as DIR/game-NNNNNN.json (each match's as
    /// DIR/match-NNNNNN.json).
    #[arg(long, value_name = "DIR")]
    pub(crate) save_logs: Option<PathBuf>,
    /// Play matches to this many points instead of single games, for a game that plays
    /// matches (UNO: rounds scored, to 500 in the official rules): `--games` counts
    /// matches.
    #[arg(long = "match", value_name = "POINTS")]
    pub(crate) match_target: Option<u32>,
    /// Safety cap: a game stops after this many dispatched actions (counted as capped).
    #[arg(long, default_value_t = 100_000)]
    pub(crate) max_actions: u64,
}

/// Options of `decklet tournament`.
#[derive(Debug, Args)]
struct TournamentArgs {
    /// The game, as a game string (`decklet games` lists them): every group of
    /// `--players` bots meets at a table, seats rotating every game [default: the first
    /// game `decklet games` lists]
    #[arg(long, value_name = "GAME")]
    pub(crate) game: Option<String>,
    /// The bots, comma-separated (`random`, `ismcts`, `ismcts:N` and the game's own:
    /// `decklet games` lists them); every group of `--players` of them meets at a
    /// table. A bot named twice plays twice.
    #[arg(long, default_value = "random,heuristic")]
    pub(crate) bots: String,
    /// Players per game (default: as many as the bots, one table).
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// Games per table, rounded up to a multiple of the players (every bot sits in
    /// every seat equally often; in a game of sides, of every order of the players, 24
    /// at four, so that each bot also partners every other).
    #[arg(long, default_value_t = 1000)]
    pub(crate) games: u64,
    /// Master seed; game i is seeded from it and i, so results never depend on threads.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    pub(crate) json: bool,
    /// Safety cap: a game stops after this many dispatched actions (counted as capped).
    #[arg(long, default_value_t = 100_000)]
    pub(crate) max_actions: u64,
    /// Ratings that carry across runs: this run's games are added to the pairwise
    /// results kept in FILE (made if missing; of one game), and the ratings over every
    /// run in it are reported too.
    #[arg(long, value_name = "FILE")]
    pub(crate) ratings: Option<PathBuf>,
}

/// Options of `decklet play`.
#[derive(Debug, Args)]
struct PlayArgs {
    /// The game, as a game string (`decklet games` lists them), played at the one table
    /// every game shares: moves chosen by their number or the game's keys [default: the
    /// first game `decklet games` lists]
    #[arg(long, value_name = "GAME")]
    pub(crate) game: Option<String>,
    /// Players (as many as the game seats), you included.
    #[arg(long, default_value_t = 4)]
    pub(crate) players: usize,
    /// Game seed (default: from the operating system's randomness).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Bots for the other seats, comma-separated; one fills every seat (`heuristic`,
    /// the default, is the game's own first bot in a game that has none of that name,
    /// and `ismcts:300` in a game with no bot of its own).
    #[arg(long, default_value = "heuristic")]
    pub(crate) bots: String,
    /// Play a match to POINTS, for a game that plays matches (UNO: rounds scored, to
    /// 500 in the official rules): round after round, the first seat moving on each
    /// round, until a player's points reach POINTS.
    #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub r#match: Option<u32>,
    /// Write the game's log (a match's log with `--match`) here when it ends, when you
    /// quit, or when the program is stopped.
    #[arg(long, value_name = "FILE")]
    pub(crate) save_log: Option<PathBuf>,
    /// Watch: a bot plays your seat too (`--bots` then names one a seat, yours first,
    /// or one for all), and the table tells every move as your seat sees it.
    #[arg(long, conflicts_with = "match")]
    pub(crate) watch: bool,
}

/// How `decklet replay --events` prints the events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EventsFormat {
    /// One JSON object a line.
    Json,
    /// A narration, one line a move: `p1 plays red 7 → p2's turn`.
    Text,
}

/// Options of `decklet replay`.
#[derive(Debug, Args)]
struct ReplayArgs {
    /// The JSON log (from `simulate --save-logs`, `play --save-log` or `engine.log()`).
    pub(crate) file: PathBuf,
    /// Print every event instead of the summary: one JSON object a line
    /// (`--events json`), or a narration, one line a move (`--events text`).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub(crate) events: Option<EventsFormat>,
    /// The largest log file read, in MiB (a game's log is a few KiB; a match capped at
    /// 1,000 rounds, 6 to 21 MB measured: a file far larger is refused before it is
    /// read).
    #[arg(long, default_value_t = 64, value_name = "MIB")]
    pub(crate) max_log_mib: u64,
    /// Replay a log that carries no final digest (nothing then proves the replay
    /// reaches the recorded game); without this, such a log is refused.
    #[arg(long)]
    pub(crate) allow_unverified: bool,
    /// The commitment a `decklet serve` match showed before it began (64 hex
    /// digits): the log's game, number of players and seed must be the ones
    /// committed to, so the deal was not changed after. Without it, a commitment
    /// beside the log is still checked.
    #[arg(long, value_name = "HEX")]
    pub(crate) commitment: Option<String>,
    /// The share of the deal you sent when you joined (64 hex digits; the browser
    /// table shows it): the deal must have been drawn from it.
    #[arg(long, value_name = "HEX")]
    pub(crate) share: Option<String>,
    /// Your seat (counted from 1), with `--share`: the share must be that seat's.
    #[arg(long, value_name = "N", requires = "share", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) seat: Option<u64>,
}

/// `decklet serve`'s options.
#[derive(Debug, Args)]
struct ServeArgs {
    /// The address to listen on (port 0: any free port, printed once listening).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub(crate) addr: String,
    /// The database: a SQLite file (created on the first run) or a `postgres://` URL.
    #[arg(long, default_value = "decklet.db", value_name = "URL")]
    pub(crate) db: String,
    /// This server's name in the database: several servers may share one Postgres,
    /// each playing the matches it created or took over (each needs its own name).
    #[arg(long, default_value = "local", value_name = "NAME")]
    pub(crate) name: String,
    /// Seconds a server's hold on a match lasts unless renewed: once its server has
    /// not renewed it for that long (it died), another server on the database takes
    /// the match over.
    #[arg(long, default_value_t = 3, value_name = "SECONDS")]
    pub(crate) match_lease_seconds: u64,
    /// The most live matches this server holds; past it a new match is refused.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub(crate) max_matches: usize,
    /// A site whose pages may use this server besides its own
    /// (`https://cards.example`; `*`: any), once for each; by default a browser's
    /// request from another site's page is refused.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub(crate) allow_origin: Vec<String>,
    /// A name browsers reach this server by (`cards.example`, or with its port),
    /// once for each: its own pages are trusted only on these, on loopback and on the
    /// address it listens on (a name pointed at the server by someone else is not its
    /// own: DNS rebinding).
    #[arg(long = "allow-host", value_name = "HOST")]
    pub(crate) allow_host: Vec<String>,
    /// Minutes a match may wait for its players before it expires, unplayed.
    #[arg(long, default_value_t = 30, value_name = "MINUTES")]
    pub(crate) open_match_minutes: u64,
    /// Live matches one client address may hold at once: those it created and those
    /// it joined a seat of, until they are over (behind a reverse proxy every client
    /// has the proxy's address: raise it there).
    #[arg(
        long,
        alias = "open-matches-per-client",
        default_value_t = 10,
        value_name = "N"
    )]
    pub(crate) matches_per_client: usize,
    /// Minutes a match being played may go without a move before it ends, abandoned.
    #[arg(long, default_value_t = 30, value_name = "MINUTES")]
    pub(crate) idle_match_minutes: u64,
    /// TCP connections one client address may hold at once (WebSockets and HTTP
    /// alike; behind a reverse proxy, raise it).
    #[arg(long, default_value_t = 128, value_name = "N")]
    pub(crate) connections_per_client: usize,
    /// HTTP requests one client address may make a second (WebSocket upgrades
    /// included), three times as many at once; past it, `429` (behind a reverse proxy,
    /// raise it).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub(crate) requests_per_second: u32,
    /// A learnt policy a seat's bot may play, once for each: `NAME=FILE`, or `FILE`
    /// (named by the file's name without `.json`). Clients name it `policy:NAME`,
    /// never by its path; the files are read when the server starts. None by default.
    #[arg(long = "policy", value_name = "[NAME=]FILE")]
    pub(crate) policy: Vec<String>,
}

/// The address `--addr` names, as a `Host` header gives it, when it is one address
/// (not `0.0.0.0` nor `[::]`, which are every address of the machine).
#[cfg(feature = "server")]
fn listening_host(addr: &str) -> Option<String> {
    let parsed: std::net::SocketAddr = addr.parse().ok()?;
    (!parsed.ip().is_unspecified()).then(|| parsed.to_string())
}

/// A `--policy` given as `NAME=FILE`, or as `FILE` (named by the file's name without
/// its `.json`).
#[cfg(feature = "server")]
fn policy_named(given: &str) -> (String, std::path::PathBuf) {
    match given.split_once('=') {
        Some((name, file)) => (name.to_string(), std::path::PathBuf::from(file)),
        None => {
            let path = std::path::PathBuf::from(given);
            let name = (path.file_name())
                .map(|n| n.to_string_lossy())
                .map(|n| n.strip_suffix(".json").unwrap_or(&n).to_string())
                .unwrap_or_default();
            (name, path)
        }
    }
}

#[cfg(not(feature = "server"))]
fn serve(_: &ServeArgs, _: Catalog) -> Result<(), String> {
    Err(
        "this decklet was built without the server: build it with `--features server` \
         (`cargo install --path crates/decklet-cli --features server`, or \
         `cargo run --release -p decklet-cli --features server -- serve`)"
            .to_string(),
    )
}

#[cfg(feature = "server")]
fn serve(args: &ServeArgs, catalog: Catalog) -> Result<(), String> {
    if args.name.is_empty() || args.name.len() > 64 || args.name.chars().any(char::is_control) {
        return Err("--name: 1 to 64 characters, no control character".to_string());
    }
    if !(1..=3600).contains(&args.match_lease_seconds) {
        return Err("--match-lease-seconds: 1 to 3,600".to_string());
    }
    if args.max_matches == 0 {
        return Err("--max-matches: at least 1".to_string());
    }
    if !(1..=7 * 24 * 60).contains(&args.open_match_minutes) {
        return Err("--open-match-minutes: 1 to 10,080 (a week)".to_string());
    }
    if args.matches_per_client == 0 {
        return Err("--matches-per-client: at least 1".to_string());
    }
    if !(1..=7 * 24 * 60).contains(&args.idle_match_minutes) {
        return Err("--idle-match-minutes: 1 to 10,080 (a week)".to_string());
    }
    if args.connections_per_client == 0 {
        return Err("--connections-per-client: at least 1".to_string());
    }
    if !(1..=1_000_000_000).contains(&args.requests_per_second) {
        return Err("--requests-per-second: 1 to 1,000,000,000".to_string());
    }
    let limits = decklet_server::Limits {
        server_name: args.name.clone(),
        match_lease: std::time::Duration::from_secs(args.match_lease_seconds),
        max_matches: args.max_matches,
        allowed_origins: args.allow_origin.clone(),
        allowed_hosts: listening_host(&args.addr)
            .into_iter()
            .chain(args.allow_host.iter().cloned())
            .collect(),
        open_match_expiry: std::time::Duration::from_secs(args.open_match_minutes * 60),
        matches_per_client: args.matches_per_client,
        idle_match_expiry: std::time::Duration::from_secs(args.idle_match_minutes * 60),
        connections_per_client: args.connections_per_client,
        requests_per_second: args.requests_per_second,
        request_burst: args.requests_per_second.saturating_mul(3),
        policies: args
            .policy
            .iter()
            .map(|given| policy_named(given))
            .collect(),
        ..decklet_server::Limits::default()
    };
    decklet_server::run(decklet_server::ServeOptions {
        addr: args.addr.clone(),
        db: args.db.clone(),
        limits,
        games: catalog,
    })
}

/// The name the command was run by, for the commands it tells the user to run.
static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The name the command was run by (`decklet` until [`run_with_args`] knows it).
pub(crate) fn program() -> &'static str {
    PROGRAM.get().map_or("decklet", String::as_str)
}

/// Runs the `decklet` command with the games of `catalog`, its arguments those the
/// program was started with: the exit status to end with (0 done, 1 the work failed, 2
/// a usage error, as the command's documentation says).
pub fn run(catalog: Catalog) -> ExitCode {
    run_with_args(catalog, std::env::args_os())
}

/// [`run`] with these arguments (the program's name first, as `std::env::args_os`
/// gives them).
pub fn run_with_args<I, T>(catalog: Catalog, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // the command's own name, as the user runs it (`decklet`, `high-card-decklet`)
    let name = (args.first())
        .and_then(|a| std::path::Path::new(a).file_stem())
        .map_or_else(|| "decklet".into(), |n| n.to_string_lossy().into_owned());
    let _ = PROGRAM.set(name);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // clap's own message and status (2 for a usage error, 0 for `--help`)
        Err(error) => {
            let status = ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
            // help and the version quote nothing of the user's: as clap styles them
            if matches!(
                error.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                let _ = error.print();
                return status;
            }
            // an error quotes the arguments: plain, and escaped
            let text = output::escaped(&error.render().to_string());
            let _ = write!(std::io::stderr(), "{text}");
            return status;
        }
    };
    if catalog.games().next().is_none() {
        let _ = writeln!(std::io::stderr(), "error: the catalogue has no game");
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        Command::Simulate(args) => games::load(&catalog, args.game.as_deref(), args.players)
            .and_then(|loaded| simulate::run(&args, &catalog, &loaded)),
        Command::Play(args) => games::load(&catalog, args.game.as_deref(), args.players)
            .and_then(|loaded| play::run(&args, &catalog, &loaded)),
        Command::Replay(args) => replay::run(&args, &catalog),
        Command::Games { json } => games::run(&catalog, json),
        Command::Tournament(args) => tournament::run(&args, &catalog),
        Command::Serve(args) => serve(&args, catalog),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "decklet", &mut script);
            output::write_stdout(&String::from_utf8_lossy(&script))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // a standard error that cannot be written (full, closed) loses the message,
            // never the exit status
            let mut err = std::io::stderr();
            let message = output::escaped(&message);
            // an option's value that only the command can judge (its game, its other
            // options) is a usage error as clap's own are: status 2
            if message.starts_with("--") {
                let _ = writeln!(
                    err,
                    "error: {message}\n\nFor more information, try '--help'."
                );
                return ExitCode::from(2);
            }
            let _ = writeln!(err, "error: {message}");
            ExitCode::FAILURE
        }
    }
}

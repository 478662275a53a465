//! `decklet play`: a game of the catalogue in the terminal against bots, at the one
//! table every game shares (`table.rs`). You are `p1`. The game string gives the
//! game's parameters; `--match` plays a match to a points target of a game that plays
//! matches (`play_match.rs`).
//!
//! The program dispatches actions only for the seat they belong to: your input for
//! `p1`, each bot's choice for its own seat (the engine trusts its caller for identity).

use decklet::bots::Bot;
use decklet::{EngineConfig, GameEngine};
use decklet_catalog::{Catalog, LoadedGame, Match};

use crate::PlayArgs;
use crate::bots::bot_names;
use crate::console::{Lines, LogFile, SavedLog};
use crate::runner::bot_seed;
use crate::table::{RoundEnd, Table, finish, play_round, seat_players, seats_line};

/// The `--save-log` file, checked before the game starts (see [`SavedLog`]).
fn open_log(args: &PlayArgs) -> Result<Option<SavedLog>, String> {
    args.save_log.as_deref().map(SavedLog::open).transpose()
}

/// A game seed from the operating system's randomness: a seed from the clock can be
/// found by anyone who knows roughly when the game began (and with it every hand).
fn system_seed() -> Result<u64, String> {
    getrandom::u64().map_err(|e| format!("no random seed from the system: {e}"))
}

/// The command that deals this game (or match) again: `decklet play --seed …` with
/// the options given (told once it is over); `game` is the game's string.
fn again(args: &PlayArgs, seed: u64, game: &str, first: &str) -> String {
    let mut again = format!("{} play", crate::program());
    // a string with parameters is quoted for the shell
    match game {
        // the game played when `--game` is not given
        _ if game == first => {}
        _ if game.contains('(') => again.push_str(&format!(" --game '{game}'")),
        _ => again.push_str(&format!(" --game {game}")),
    }
    again.push_str(&format!(" --seed {seed}"));
    if args.players != 4 {
        again.push_str(&format!(" --players {}", args.players));
    }
    if args.bots != "heuristic" {
        again.push_str(&format!(" --bots {}", args.bots));
    }
    if args.watch {
        again.push_str(" --watch");
    }
    if let Some(target) = args.r#match {
        again.push_str(&format!(" --match {target}"));
    }
    again
}

/// Runs `decklet play` of `loaded` (its player count already checked).
pub fn run(args: &PlayArgs, catalog: &Catalog, loaded: &LoadedGame) -> Result<(), String> {
    let players = args.players;
    // the default, `heuristic`, where the game has it; else the game's own first bot,
    // else the search every game has
    let bots_arg = match (args.bots.as_str(), loaded.def().bots().first()) {
        ("heuristic", _) if catalog.bot(loaded, "heuristic", 0).is_ok() => "heuristic",
        ("heuristic", Some(own)) => own.name,
        ("heuristic", None) => "ismcts:300",
        (other, _) => other,
    };
    let watched = usize::from(args.watch);
    let mut names = bot_names(catalog, loaded, bots_arg, players - 1 + watched, false)?;
    // watching, the first bot plays your seat
    let you_name = (args.watch && !names.is_empty()).then(|| names.remove(0));
    let seed = match args.seed {
        Some(seed) => seed,
        None => system_seed()?,
    };
    let plan = (args.r#match)
        .map(|target| Match::new(loaded, seed, players, Some(target)))
        .transpose()
        .map_err(|e| format!("--match: {e}"))?;
    let log = open_log(args)?;
    let again = again(
        args,
        seed,
        loaded.string(),
        crate::games::first_game(catalog),
    );
    if let Some(plan) = plan {
        return crate::play_match::run(catalog, &plan, &names, log, &again);
    }
    let config = EngineConfig {
        seed,
        // every player sees the game id: it must say nothing about the seed
        game_id: "play".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(loaded.game(), config);
    engine
        .create_game(seat_players(names.iter().cloned()))
        .map_err(|e| e.to_string())?;
    engine.start().map_err(|e| e.to_string())?;
    let bots: Vec<Box<dyn Bot>> = (names.iter().enumerate())
        .map(|(i, name)| catalog.bot(loaded, name, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let you_bot = match &you_name {
        Some(name) => Some(
            catalog
                .bot(loaded, name, bot_seed(seed, 0))
                .map_err(|e| e.to_string())?,
        ),
        None => None,
    };
    say!(
        "decklet {}: {players} players. You are p1. (The seed is shown when the game ends.)",
        loaded.string()
    );
    say!("{}", seats_line(engine.state()));
    let mut table = Table {
        loaded: loaded.clone(),
        bots,
        you_bot,
        lines: Lines::stdin(),
        log,
    };
    let record = |engine: &GameEngine| LogFile::Game(engine.log());
    if let RoundEnd::Stopped(end) = play_round(&mut engine, &mut table, &record)? {
        return end;
    }
    let last = format!("Seed {seed}: `{again}` deals this game again.");
    finish(&last, table.log.take(), || record(&engine))
}

//! `decklet play`: a game of the catalogue in the terminal against bots, at the one
//! table every game shares (`table.rs`). You are `p1`. UNO's own options (`--rules`,
//! `--house`, `--forget-uno`, `--match`) choose its rules, its bots' forgetfulness and
//! matches to a points target (`play_match.rs`); every other game takes its parameters
//! in its game string.
//!
//! The program dispatches actions only for the seat they belong to: your input for
//! `p1`, each bot's choice for its own seat (the engine trusts its caller for identity).

use decklet::bots::Bot;
use decklet::{EngineConfig, GameEngine};
use decklet_catalog::{Catalog, LoadedGame};

use crate::PlayArgs;
use crate::bots::{Rules, check_players, parse_bots};
use crate::console::{Lines, LogFile, SavedLog};
use crate::games::check_other_game;
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
/// the options given (told once it is over); `game` is the `--game` value (`None`:
/// UNO, its rules given by `rules`).
fn again(args: &PlayArgs, seed: u64, game: Option<&str>, rules: Option<&Rules>) -> String {
    let mut again = String::from("decklet play");
    if let Some(game) = game {
        // a string with parameters is quoted for the shell
        match game.contains('(') {
            true => again.push_str(&format!(" --game '{game}'")),
            false => again.push_str(&format!(" --game {game}")),
        }
    }
    again.push_str(&format!(" --seed {seed}"));
    if args.players != 4 {
        again.push_str(&format!(" --players {}", args.players));
    }
    if args.bots != "heuristic" {
        again.push_str(&format!(" --bots {}", args.bots));
    }
    if let Some(target) = args.r#match {
        again.push_str(&format!(" --match {target}"));
    }
    if let Some(rules) = rules {
        again.push_str(&rules.options());
    }
    again
}

/// Runs `decklet play` for `loaded` (UNO's rules already read into `args.rules` from
/// its game string when `uno` is set).
pub fn run(
    args: &PlayArgs,
    catalog: &Catalog,
    loaded: &LoadedGame,
    uno: bool,
) -> Result<(), String> {
    let players = args.players;
    // UNO: its rules options, and bots that may forget to call UNO
    let rules = match uno {
        true => {
            check_players(players)?;
            Some(Rules::parse(&args.rules)?)
        }
        false => {
            check_other_game(loaded, players, &args.rules, args.r#match.is_some())?;
            None
        }
    };
    let names: Vec<String> = match &rules {
        Some(rules) => parse_bots(&args.bots, players - 1, rules)?,
        None => {
            // the game's own bot, when it has one and none is named
            let bots_arg = match (args.bots.as_str(), loaded.def().bots().first()) {
                ("heuristic", Some(own)) => own.name,
                (other, _) => other,
            };
            crate::any_game::bot_names(catalog, loaded, bots_arg, players - 1)?
        }
    };
    let log = open_log(args)?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => system_seed()?,
    };
    let bot = |name: &str, seed: u64| -> Result<Box<dyn Bot>, String> {
        match &rules {
            Some(rules) => rules.bot(name, seed),
            None => catalog.bot(loaded, name, seed).map_err(|e| e.to_string()),
        }
    };
    if let (Some(target), Some(rules)) = (args.r#match, &rules) {
        let again = again(args, seed, None, Some(rules));
        return crate::play_match::run(args, &names, rules.clone(), seed, target, log, &again);
    }
    let loaded = match &rules {
        Some(rules) => rules.loaded().clone(),
        None => loaded.clone(),
    };
    let again = match &rules {
        Some(rules) => again(args, seed, None, Some(rules)),
        None => again(args, seed, Some(loaded.string()), None),
    };
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
    let bots = (names.iter().enumerate())
        .map(|(i, name)| bot(name, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()?;
    say!(
        "decklet {}: {players} players. You are p1. (The seed is shown when the game ends.)",
        loaded.string()
    );
    if let Some(rules) = &rules {
        say!("Rules: {}.", rules.line());
    }
    say!("{}", seats_line(engine.state()));
    let mut table = Table {
        loaded,
        bots,
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

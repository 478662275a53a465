//! Parsing `--bots` lists and the rules options.

use std::sync::Arc;

use decklet::Game;
use decklet::uno::{
    Bot, BotKind, HeuristicBot, HouseRule, RuleSet, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, uno_game,
};

use crate::RuleArgs;

/// Checks a player count.
pub fn check_players(players: usize) -> Result<(), String> {
    if (UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(format!(
            "--players must be from {UNO_MIN_PLAYERS} to {UNO_MAX_PLAYERS}, not {players}"
        ))
    }
}

/// Parses `random,heuristic,ismcts:300,…` as given.
pub fn parse_kinds(spec: &str) -> Result<Vec<BotKind>, String> {
    spec.split(',')
        .map(str::parse::<BotKind>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--bots: {e}"))
}

/// Parses `random,heuristic,…` into exactly `seats` kinds (one kind fills every seat).
pub fn parse_bots(spec: &str, seats: usize) -> Result<Vec<BotKind>, String> {
    let kinds = parse_kinds(spec)?;
    match kinds.len() {
        1 => Ok(vec![kinds[0]; seats]),
        n if n == seats => Ok(kinds),
        n => Err(format!(
            "--bots names {n} bots for {seats} seats (give one kind, or one per seat)"
        )),
    }
}

/// The rules a command plays: the optional rules in play (the preset's and the house
/// rules, each once, in [`HouseRule`]'s order) and how often heuristic bots forget to
/// call UNO.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The optional rules in play.
    pub house: Vec<HouseRule>,
    /// How often a heuristic bot forgets to call UNO.
    pub forget_uno: f64,
    /// The game of UNO with these rules, built once: every engine and bot shares it.
    pub game: Arc<Game>,
}

impl PartialEq for Rules {
    /// The same rules (the game is built from them).
    fn eq(&self, other: &Self) -> bool {
        self.house == other.house && self.forget_uno == other.forget_uno
    }
}

impl Rules {
    /// Reads `--rules`, `--house` and `--forget-uno`.
    pub fn parse(args: &RuleArgs) -> Result<Rules, String> {
        let names = args.house.split(',').filter(|n| !n.trim().is_empty());
        let house =
            RuleSet::with_house(&args.rules, names).map_err(|e| format!("--rules/--house: {e}"))?;
        if !(0.0..=1.0).contains(&args.forget_uno) {
            return Err(format!(
                "--forget-uno must be from 0 to 1, not {}",
                args.forget_uno
            ));
        }
        let game = uno_game(&house).map_err(|e| format!("--rules/--house: {e}"))?;
        Ok(Rules {
            house,
            forget_uno: args.forget_uno,
            game,
        })
    }

    /// A bot of `kind` for these rules (a heuristic one forgets to call UNO as often as
    /// `--forget-uno` says).
    pub fn bot(&self, kind: BotKind, seed: u64) -> Box<dyn Bot> {
        match kind {
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed).forgetting_uno(self.forget_uno)),
            kind => kind.create(&self.game, seed),
        }
    }

    /// The options that give these rules again, for a command line (empty for the
    /// classic rules): `--rules official`, then `--house` with the rules not in it.
    pub fn options(&self) -> String {
        let official = RuleSet::Official.rules();
        let preset = official.iter().all(|r| self.house.contains(r));
        let extra: Vec<&str> = self
            .house
            .iter()
            .filter(|r| !(preset && official.contains(r)))
            .map(|r| r.as_str())
            .collect();
        let mut out = String::new();
        if preset {
            out.push_str(" --rules official");
        }
        if !extra.is_empty() {
            out.push_str(&format!(" --house {}", extra.join(",")));
        }
        if self.forget_uno > 0.0 {
            out.push_str(&format!(" --forget-uno {}", self.forget_uno));
        }
        out
    }
}

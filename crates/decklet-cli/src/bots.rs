//! Parsing `--bots` lists and the rules options.

use decklet::uno::{Bot, BotKind, HouseRule, RuleSet, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS};

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
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The optional rules in play.
    pub house: Vec<HouseRule>,
    /// How often a heuristic bot forgets to call UNO.
    pub forget_uno: f64,
}

impl Rules {
    /// Reads `--rules`, `--house` and `--forget-uno`.
    pub fn parse(args: &RuleArgs) -> Result<Rules, String> {
        let preset: RuleSet = args.rules.parse().map_err(|e| format!("--rules: {e}"))?;
        let mut house = preset.rules().to_vec();
        if !args.house.trim().is_empty() {
            for name in args.house.split(',') {
                house.push(name.parse().map_err(|e| format!("--house: {e}"))?);
            }
        }
        house.sort();
        house.dedup();
        HouseRule::check_combination(&house).map_err(|e| format!("--rules/--house: {e}"))?;
        if !(0.0..=1.0).contains(&args.forget_uno) {
            return Err(format!(
                "--forget-uno must be from 0 to 1, not {}",
                args.forget_uno
            ));
        }
        Ok(Rules {
            house,
            forget_uno: args.forget_uno,
        })
    }

    /// A bot of `kind` for these rules.
    pub fn bot(&self, kind: BotKind, seed: u64) -> Box<dyn Bot> {
        kind.create_with(seed, &self.house, self.forget_uno)
    }

    /// The options that give these rules again, for a command line (empty for the
    /// seeds' rules): `--rules official`, then `--house` with the rules not in it.
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

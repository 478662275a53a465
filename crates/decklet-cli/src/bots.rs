//! Parsing `--bots` lists and the rules options of UNO's commands; UNO's bots come
//! from the catalogue, as every game's do.

use std::sync::Arc;

use decklet::Game;
use decklet::bots::Bot;
use decklet::uno::{HouseRule, RuleSet, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, uno_game_string};
use decklet_catalog::{Catalog, LoadedGame};

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

/// Reads `random,heuristic,ismcts:300,…` as given: each a bot of UNO's in the
/// catalogue.
pub fn parse_kinds(spec: &str, rules: &Rules) -> Result<Vec<String>, String> {
    let kinds: Vec<String> = spec.split(',').map(|n| n.trim().to_string()).collect();
    for kind in &kinds {
        rules.bot(kind, 0).map_err(|e| format!("--bots: {e}"))?;
    }
    Ok(kinds)
}

/// Reads `random,heuristic,…` into exactly `seats` bots (one name fills every seat).
pub fn parse_bots(spec: &str, seats: usize, rules: &Rules) -> Result<Vec<String>, String> {
    let kinds = parse_kinds(spec, rules)?;
    match kinds.len() {
        1 => Ok(vec![kinds[0].clone(); seats]),
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
    /// The catalogue, and the game as it loaded it: where the bots come from.
    catalog: Catalog,
    loaded: LoadedGame,
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
        Rules::of(house, args.forget_uno).map_err(|e| format!("--rules/--house: {e}"))
    }

    /// The rules `house`, heuristic bots forgetting to call UNO that often.
    pub fn of(house: Vec<HouseRule>, forget_uno: f64) -> Result<Rules, String> {
        let catalog = Catalog::standard();
        let loaded = catalog
            .load(&uno_game_string(&house).to_string())
            .map_err(|e| e.to_string())?;
        Ok(Rules {
            house,
            forget_uno,
            game: Arc::clone(loaded.game()),
            catalog,
            loaded,
        })
    }

    /// The catalogue's name of the bot `name` under these rules: a heuristic bot
    /// forgets to call UNO as often as `--forget-uno` says (`heuristic:forget=P`).
    pub fn bot_name(&self, name: &str) -> String {
        match name.trim() {
            "heuristic" if self.forget_uno > 0.0 => format!("heuristic:forget={}", self.forget_uno),
            other => other.to_string(),
        }
    }

    /// UNO's bot called `name` in the catalogue, for these rules ([`bot_name`](Self::bot_name)).
    pub fn bot(&self, name: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
        (self.catalog)
            .bot(&self.loaded, &self.bot_name(name), seed)
            .map_err(|e| e.to_string())
    }

    /// The game of these rules, as the catalogue loaded it.
    pub fn loaded(&self) -> &LoadedGame {
        &self.loaded
    }

    /// The rules told in one line: "classic UNO", "the official rules (…)", "classic
    /// UNO with stacking, jump-in".
    pub fn line(&self) -> String {
        let official = RuleSet::Official.rules();
        let base = official.iter().all(|r| self.house.contains(r));
        let extra: Vec<&str> = (self.house.iter())
            .filter(|r| !(base && official.contains(r)))
            .map(|r| r.as_str())
            .collect();
        let mut line = match base {
            true => "the official rules (the first card's effect, scoring, the wild draw four challenge, calling UNO)".to_string(),
            false => "classic UNO".to_string(),
        };
        if !extra.is_empty() {
            line.push_str(&format!(" with {}", extra.join(", ")));
        }
        line
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

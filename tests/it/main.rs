//! decklet's cross-crate tests: one binary, one module per subject.

#![allow(missing_docs)]

mod corpus;
mod determinism;
mod facade;
mod fuzz_props;
mod golden;
mod history_leaks;
mod hostile;
mod kit;
mod leaks;
mod pages;
mod player_logs;
mod shared_game;
mod uno_props;
mod views;

use std::sync::Arc;

use decklet::Game;
use decklet::bots::Bot;
use decklet::uno::{HouseRule, RuleSet};
use decklet_catalog::{GameDef, UnoDef};

/// UNO's bot of this name in the catalogue (`random`, `heuristic`, `ismcts:N`),
/// seeded, for `game`.
pub(crate) fn uno_bot(name: &str, game: &Arc<Game>, seed: u64) -> Box<dyn Bot> {
    UnoDef
        .bot(game, name, seed)
        .unwrap_or_else(|| panic!("{name} is a bot of UNO's"))
}

/// The UNO rule sets the cross-crate checks run under: the classic rules, the official
/// preset, each house rule alone, and the official preset with each house rule it
/// combines with.
pub(crate) fn rule_sets() -> Vec<Vec<HouseRule>> {
    let official = RuleSet::Official.rules().to_vec();
    let mut sets = vec![Vec::new(), official.clone()];
    for rule in HouseRule::ALL {
        sets.push(vec![rule]);
        let mut with = official.clone();
        if !with.contains(&rule) {
            with.push(rule);
            if HouseRule::check_combination(&with).is_ok() {
                sets.push(with);
            }
        }
    }
    sets
}

/// The entry `id` of a table (`players`, `zones`, `cards`) of a state's JSON, where
/// the tables are lists; `Null` if it has none.
pub fn entry<'j>(
    json: &'j mut serde_json::Value,
    table: &str,
    id: &str,
) -> &'j mut serde_json::Value {
    let at = json[table]
        .as_array()
        .and_then(|entries| entries.iter().position(|e| e["id"] == id));
    match at {
        Some(at) => &mut json[table][at],
        None => &mut json["missing"],
    }
}

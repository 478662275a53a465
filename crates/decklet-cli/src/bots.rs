//! Parsing `--bots` lists.

use decklet::uno::{BotKind, HouseRule, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS};

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

/// Parses `--house draw-until-playable,forced-play` (empty: none).
pub fn parse_house(spec: &str) -> Result<Vec<HouseRule>, String> {
    if spec.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut rules = spec
        .split(',')
        .map(str::parse::<HouseRule>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--house: {e}"))?;
    rules.sort();
    rules.dedup();
    HouseRule::check_combination(&rules).map_err(|e| format!("--house: {e}"))?;
    Ok(rules)
}

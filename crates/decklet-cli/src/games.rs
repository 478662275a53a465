//! `decklet games`: the games of the catalogue, each with its game string's
//! parameters, how many it seats and its bots.

use std::fmt::Write as _;

use decklet_catalog::Catalog;

use crate::output::write_stdout;

/// Runs `decklet games` (`json`: one JSON document).
pub fn run(catalog: &Catalog, json: bool) -> Result<(), String> {
    if json {
        return write_stdout(&format!("{}\n", catalog.to_json()));
    }
    let mut out = String::new();
    for def in catalog.games() {
        let players = match (def.players().start(), def.players().end()) {
            (least, most) if least == most => format!("{least} players"),
            (least, most) => format!("{least} to {most} players"),
        };
        let _ = writeln!(out, "{}  ({players})\n  {}", def.name(), def.about());
        for p in def.params() {
            let default = if p.default.is_empty() {
                "none"
            } else {
                p.default
            };
            let _ = writeln!(
                out,
                "  {}={}  (default {default})\n      {}",
                p.name,
                p.kind.values(),
                p.about
            );
        }
        let _ = writeln!(out, "  bots: {}\n", Catalog::bot_names(def).join(", "));
    }
    let _ = writeln!(
        out,
        "A game string names a game and its parameters: uno(rules=official,house=stacking+jump-in)."
    );
    write_stdout(&out)
}

/// The refusal of UNO's rule options for another game.
pub(crate) const UNO_RULES_ONLY: &str = "--rules, --house and --forget-uno are UNO's: give another game's parameters in its game string";

/// A `--game` value as a game string.
pub(crate) fn game_string(text: &str) -> Result<decklet_catalog::GameString, String> {
    text.trim()
        .parse()
        .map_err(|e: decklet::GameStringError| format!("--game: {e}"))
}

/// The game `text` names, loaded from `catalog`, as a usage error when it is not one.
pub(crate) fn load(catalog: &Catalog, text: &str) -> Result<decklet_catalog::LoadedGame, String> {
    let game = game_string(text)?;
    catalog
        .load(&game.to_string())
        .map_err(|e| format!("--game: {e}"))
}

/// Whether `loaded` is UNO, which has its own simulation and table (its statistics,
/// its colours and calls): then the rules its game string gives become `rules`, unless
/// `--rules` or `--house` gave them too. Every other game is played through the
/// catalogue alone.
pub(crate) fn uno_rules(
    loaded: &decklet_catalog::LoadedGame,
    rules: &mut crate::RuleArgs,
) -> Result<bool, String> {
    if loaded.def().name() != decklet::uno::UNO_GAME {
        return Ok(false);
    }
    let string = game_string(loaded.string())?;
    if string.params.is_empty() {
        return Ok(true);
    }
    if !matches!(rules.rules.trim(), "classic" | "seeds") || !rules.house.trim().is_empty() {
        return Err(
            "--game gives UNO's rules, and so do --rules or --house: give them once".into(),
        );
    }
    rules.rules = string.get("rules").unwrap_or("classic").to_string();
    rules.house = string.get("house").unwrap_or("").replace('+', ",");
    Ok(true)
}

/// Checks the options a game other than UNO shares with UNO: `players` within what it
/// seats, and none of UNO's own options (`rules`, `--match`).
pub(crate) fn check_other_game(
    loaded: &decklet_catalog::LoadedGame,
    players: usize,
    rules: &crate::RuleArgs,
    match_target: bool,
) -> Result<(), String> {
    let def = loaded.def();
    let range = def.players();
    if !range.contains(&players) {
        return Err(format!(
            "--players: {} is played by {} to {}, not {players}",
            def.name(),
            range.start(),
            range.end()
        ));
    }
    if !rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    if match_target {
        return Err(format!(
            "--match plays UNO matches to a points target: {} has none",
            def.name()
        ));
    }
    Ok(())
}

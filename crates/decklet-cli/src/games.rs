//! `decklet games`: the games of the catalogue, each with its game string's
//! parameters, how many it seats and its bots.

use std::fmt::Write as _;

use decklet_catalog::{Catalog, ParamKind};
use serde_json::json;

use crate::output::write_stdout;

/// Runs `decklet games` (`json`: one JSON document).
pub fn run(catalog: &Catalog, json: bool) -> Result<(), String> {
    if json {
        let games: Vec<serde_json::Value> = catalog
            .games()
            .map(|def| {
                let players = def.players();
                json!({
                    "name": def.name(),
                    "about": def.about(),
                    "players": [players.start(), players.end()],
                    "params": def.params().iter().map(|p| json!({
                        "name": p.name,
                        "kind": kind_name(p.kind),
                        "values": values(p.kind),
                        "default": p.default,
                        "about": p.about,
                    })).collect::<Vec<_>>(),
                    "bots": Catalog::bot_names(def),
                })
            })
            .collect();
        return write_stdout(&format!("{}\n", json!(games)));
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
                values(p.kind),
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

fn kind_name(kind: ParamKind) -> &'static str {
    match kind {
        ParamKind::Int { .. } => "int",
        ParamKind::Bool => "bool",
        ParamKind::Choice(_) => "choice",
        ParamKind::Set(_) => "set",
    }
}

/// The values a parameter takes, in the game string's own words.
fn values(kind: ParamKind) -> String {
    match kind {
        ParamKind::Int { min, max } => format!("{min}..{max}"),
        ParamKind::Bool => "true|false".to_string(),
        ParamKind::Choice(words) => words.join("|"),
        ParamKind::Set(words) => format!("{}+…", words.join("|")),
    }
}

/// The refusal of UNO's rule options for another game.
pub(crate) const UNO_RULES_ONLY: &str = "--rules, --house and --forget-uno are UNO's: give another game's parameters in its game string";

/// A `--game` value as a game string: `crazy-eights`, the old name, is `crazy_eights`.
pub(crate) fn game_string(text: &str) -> Result<decklet_catalog::GameString, String> {
    let text = match text.trim() {
        "crazy-eights" => "crazy_eights",
        other => other,
    };
    text.parse()
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

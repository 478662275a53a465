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
        let _ = writeln!(out, "  bots: {}\n", catalog.bots_of(def).join(", "));
    }
    let _ = writeln!(
        out,
        "A game string names a game and its parameters: uno(rules=official,house=stacking+jump-in)."
    );
    write_stdout(&out)
}

/// A `--game` value as a game string.
pub(crate) fn game_string(text: &str) -> Result<decklet_catalog::GameString, String> {
    text.trim()
        .parse()
        .map_err(|e: decklet::GameStringError| format!("--game: {e}"))
}

/// The game `text` names (`None`: the catalogue's first game), loaded from `catalog`,
/// as a usage error when it is not one.
pub(crate) fn load_game(
    catalog: &Catalog,
    text: Option<&str>,
) -> Result<decklet_catalog::LoadedGame, String> {
    let text = match text {
        Some(text) => text,
        None => first_game(catalog),
    };
    let game = game_string(text)?;
    catalog
        .load(&game.to_string())
        .map_err(|e| format!("--game: {e}"))
}

/// The name of the catalogue's first game: what `--game` plays when not given.
pub(crate) fn first_game(catalog: &Catalog) -> &'static str {
    catalog.games().next().map_or("", |def| def.name())
}

/// [`load_game`], for `players` players: a count the game does not seat is a usage
/// error.
pub(crate) fn load(
    catalog: &Catalog,
    text: Option<&str>,
    players: usize,
) -> Result<decklet_catalog::LoadedGame, String> {
    let loaded = load_game(catalog, text)?;
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
    Ok(loaded)
}

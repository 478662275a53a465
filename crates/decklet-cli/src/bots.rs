//! Reading `--bots` lists: each name a bot of the game, as the catalogue makes it.

use decklet_catalog::{Catalog, LoadedGame};

/// The bots of `spec` (`random,heuristic,ismcts:300,…`) for `seats` seats: one name
/// fills every seat, one a side fills each side's seats (a game of sides), or one a
/// seat; each checked with the catalogue. `by_side`: the seats are a whole table's,
/// whose sides the game says.
pub(crate) fn bot_names(
    catalog: &Catalog,
    loaded: &LoadedGame,
    spec: &str,
    seats: usize,
    by_side: bool,
) -> Result<Vec<String>, String> {
    let names: Vec<String> = spec.split(',').map(|n| n.trim().to_string()).collect();
    // in a game of sides, one bot a side plays every seat of its side
    let sides = match by_side {
        true => decklet_catalog::sides_of(loaded.def(), seats)?,
        false => (0..seats).collect(),
    };
    let side_count = sides.iter().max().map_or(0, |s| s + 1);
    let names = match names.len() {
        1 => vec![names[0].clone(); seats],
        n if n == seats => names,
        n if n == side_count => (sides.iter())
            .filter_map(|side| names.get(*side).cloned())
            .collect(),
        n if side_count < seats => {
            return Err(format!(
                "--bots names {n} bots for {seats} seats in {side_count} sides: give one, one a side, or one a seat"
            ));
        }
        n => {
            return Err(format!(
                "--bots names {n} bots for {seats} seats: give one, or one a seat"
            ));
        }
    };
    for name in &names {
        catalog
            .bot(loaded, name, 0)
            .map_err(|e| format!("--bots: {e}"))?;
    }
    Ok(names)
}

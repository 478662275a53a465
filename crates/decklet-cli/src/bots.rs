//! Reading `--bots` lists: each name a bot of the game, as the catalogue makes it.

use decklet_catalog::{Catalog, LoadedGame};

/// The bots of `spec` (`random,heuristic,ismcts:300,…`) for `seats` seats: one name
/// fills every seat, or one a seat; each checked with the catalogue.
pub(crate) fn bot_names(
    catalog: &Catalog,
    loaded: &LoadedGame,
    spec: &str,
    seats: usize,
) -> Result<Vec<String>, String> {
    let names: Vec<String> = spec.split(',').map(|n| n.trim().to_string()).collect();
    let names = match names.len() {
        1 => vec![names[0].clone(); seats],
        n if n == seats => names,
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

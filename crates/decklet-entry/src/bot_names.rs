//! The names of the bots every game has: `random` and `ismcts[:N]`, the search with N
//! iterations a move (a game may give its own version of either).

/// The most iterations a move a search bot's name may ask for (`ismcts:N`).
pub const MAX_SEARCH_ITERATIONS: u32 = 100_000;

/// The iterations a search bot's name asks for: `Some(Some(1,000))` for `ismcts`,
/// `Some(Some(N))` for `ismcts:N` with N from 1 to [`MAX_SEARCH_ITERATIONS`],
/// `Some(None)` for another `ismcts:…`, `None` for a name that is not the search's.
///
/// ```
/// use decklet_entry::search_iterations;
/// assert_eq!(search_iterations("ismcts"), Some(Some(1_000)));
/// assert_eq!(search_iterations("ismcts:50"), Some(Some(50)));
/// assert_eq!(search_iterations("ismcts:0"), Some(None));
/// assert_eq!(search_iterations("random"), None);
/// ```
pub fn search_iterations(name: &str) -> Option<Option<u32>> {
    match name {
        "ismcts" => Some(Some(1_000)),
        other => other.strip_prefix("ismcts:").map(|n| {
            n.parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_SEARCH_ITERATIONS).contains(n))
        }),
    }
}

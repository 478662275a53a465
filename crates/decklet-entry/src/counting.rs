//! [`Counter`]: what a simulation counts of a game's plays beyond what every game has
//! (moves, wins, scores, how games end), e.g. UNO's cards drawn and reshuffles.

use decklet_core::{GameState, Moves};

/// One count a [`Counter`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountDef {
    /// Its name in a summary (`cardsDrawn`): letters and digits, camelCase.
    pub name: &'static str,
    /// What it counts, in one line.
    pub about: &'static str,
}

/// Counts games played one after another on one engine
/// ([`GameDef::counter`](crate::GameDef::counter) attaches it): begun after each deal,
/// told each move before it is made, finished at each game's end. A simulation keeps
/// one a worker.
pub trait Counter: Send {
    /// Its counts, in the order [`finish`](Self::finish) gives them.
    fn counts(&self) -> &'static [CountDef];
    /// A new game was dealt: zero again (what its deal did is not counted).
    fn begin(&mut self);
    /// The move at `index` of `moves` is about to be made.
    fn count_move(&mut self, moves: &Moves, index: usize);
    /// The game is over (or capped) at `state`: adds its counts to `totals`, one a
    /// [`CountDef`] in [`counts`](Self::counts)' order.
    fn finish(&mut self, state: &GameState, totals: &mut [u64]);
}

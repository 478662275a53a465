//! [`Prior`]: what a search asks of a learnt policy before it searches — a weight for
//! each of its seat's listed moves — and how the search's root uses it
//! ([`prior_bonus`]).
//!
//! A search bot that takes a prior ([`Bot::take_prior`](crate::Bot::take_prior):
//! [`IsmctsBot`](crate::IsmctsBot), UNO's search) weighs its seat's moves once a
//! decision, and adds to each root move's selection score a term in the manner of
//! PUCT (Silver et al., 2017): `weight × P(move) × √available ÷ (1 + visits)`. Early,
//! the moves the policy likes are searched first; as visits grow, what the playouts
//! find decides. The tree below the root is searched as before (the other seats'
//! moves in a sampled world are not the seat's to weigh).

use decklet_core::{AnyEvent, InfoState, Moves, PlayerId};

/// Weights for a seat's moves, from what the seat knows: a learnt policy's
/// ([`PolicyBot`](crate::PolicyBot) is one), or any other guess.
pub trait Prior: Send {
    /// Writes one weight per move of `moves` into `out` (emptied first): none
    /// negative, summing to 1.
    fn weigh(&mut self, info: &InfoState, moves: &Moves, out: &mut Vec<f64>);
    /// Whether it follows the game ([`follow_move`](Self::follow_move)). Default: no.
    fn follows(&self) -> bool {
        false
    }
    /// What its seat heard of a move, as [`Bot::hear_move`](crate::Bot::hear_move)
    /// is told it (the search bot that holds the prior passes it on). Default: nothing.
    fn follow_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        let _ = (before, mover, kind, events);
    }
}

/// The term a root move's selection score gains from its prior weight `prior`, after
/// it was available `available` times and visited `visits` times, with the search's
/// `weight` (0: the prior changes nothing).
///
/// ```
/// use decklet_bots::prior_bonus;
/// assert_eq!(prior_bonus(2.0, 0.5, 100, 0), 10.0);
/// assert!(prior_bonus(2.0, 0.5, 100, 99) < prior_bonus(2.0, 0.5, 100, 9));
/// assert_eq!(prior_bonus(0.0, 0.9, 100, 0), 0.0);
/// ```
#[inline]
pub fn prior_bonus(weight: f64, prior: f64, available: u32, visits: u32) -> f64 {
    weight * prior * f64::from(available).sqrt() / (1.0 + f64::from(visits))
}

/// Asks `prior` to weigh `moves` for `info`'s seat, and sums the weights into `out`
/// (emptied first) by what a search tells its moves apart by: `key` of a move's index
/// (moves without a key are left out). Each key once, in the order first met.
pub fn weigh_by_key<K: PartialEq>(
    prior: &mut dyn Prior,
    info: &InfoState,
    moves: &Moves,
    mut key: impl FnMut(usize) -> Option<K>,
    out: &mut Vec<(K, f64)>,
) {
    out.clear();
    let mut weights = Vec::with_capacity(moves.len());
    prior.weigh(info, moves, &mut weights);
    for (at, w) in weights.into_iter().enumerate() {
        let Some(k) = key(at) else {
            continue;
        };
        match out.iter_mut().find(|(seen, _)| *seen == k) {
            Some((_, sum)) => *sum += w,
            None => out.push((k, w)),
        }
    }
}

/// Uniform weights over `n` moves, into `out` (what a prior that knows no move says).
pub(crate) fn uniform(n: usize, out: &mut Vec<f64>) {
    out.clear();
    out.resize(n, 1.0 / n.max(1) as f64);
}

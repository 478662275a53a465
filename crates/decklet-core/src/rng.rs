//! [`GameRng`]: the game's seeded, serializable random number generator.
//!
//! The generator is PCG32 (`rand_pcg::Pcg32`, 64-bit state, 32-bit output). Everything
//! built on it is our own and documented here, so a seed gives the same game on every
//! platform and every release (a golden test pins the first shuffles for seed 42):
//!
//! - [`GameRng::below`]`(n)` is Lemire's multiply-shift method with rejection: take a
//!   32-bit output `x`, form `m = x * n` (64-bit); if the low 32 bits of `m` are below
//!   `2^32 mod n`, draw again; the answer is `m >> 32`. Unbiased, one draw almost always.
//! - [`GameRng::shuffle_in_place`] is Fisher–Yates from the end: for `i` from `len - 1`
//!   down to 1, swap element `i` with element `below(i + 1)`.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// The game's random number generator. It lives inside the
/// [`GameState`](crate::GameState), so it is saved, restored and rolled back with it.
///
/// ```
/// use decklet_core::GameRng;
/// let mut a = GameRng::seed_from(42);
/// let mut b = GameRng::seed_from(42);
/// assert_eq!(a.shuffle(&[1, 2, 3, 4, 5]), b.shuffle(&[1, 2, 3, 4, 5]));
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameRng {
    pcg: Pcg32,
}

impl std::fmt::Debug for GameRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameRng")
    }
}

impl Default for GameRng {
    fn default() -> Self {
        GameRng::seed_from(0)
    }
}

impl GameRng {
    /// A generator seeded from a 64-bit seed.
    pub fn seed_from(seed: u64) -> Self {
        GameRng {
            pcg: Pcg32::seed_from_u64(seed),
        }
    }

    /// The next raw 32-bit output.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// The next raw 64-bit output (two 32-bit outputs).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.pcg.next_u64()
    }

    /// A uniform integer in `0..n`; `0` when `n` is 0 or 1 (without drawing).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let mut m = u64::from(self.pcg.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.pcg.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A uniform index in `0..len` (`len` is capped at `u32::MAX`).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle_in_place<T>(&mut self, items: &mut [T]) {
        let mut i = items.len();
        while i > 1 {
            let j = self.index(i);
            i -= 1;
            items.swap(i, j);
        }
    }

    /// A shuffled copy of a slice (the original TypeScript API's `random.shuffle`, which returns a new array).
    pub fn shuffle<T: Clone>(&mut self, items: &[T]) -> Vec<T> {
        let mut out = items.to_vec();
        self.shuffle_in_place(&mut out);
        out
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }
}

/// SplitMix64, a fixed and documented mixer: what seeds derived from one seed go through.
///
/// ```
/// use decklet_core::splitmix64;
/// assert_eq!(splitmix64(0), 0xe220_a839_7b1d_cdaf);
/// ```
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The `index`-th seed derived from `seed`: `splitmix64(seed ^ splitmix64(index))`
/// (game `index` of a simulation, round `index` of a match).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed ^ splitmix64(index))
}

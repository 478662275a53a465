//! [`SeedCommitment`]: a promise about a game's seed, made before anyone sees a card
//! and checked after the game. Whoever deals (a server) draws a secret salt, publishes
//! the SHA-256 of the seed and the salt, deals, and reveals the salt with the log at
//! the end: every player can then check that the game was dealt from the seed
//! promised before it began, so the deal was not changed once the players were known.
//! The salt keeps the seed from being found by trying seeds against the published hash.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What the commitment hashes first: a change of the scheme changes every hash.
const SCHEME: &str = "decklet-seed-commitment/1";

/// The commitment to `seed` with `salt`: SHA-256 of the scheme's name, the seed in
/// decimal and the salt, each followed by a zero byte, as 64 lowercase hex digits.
///
/// ```
/// use decklet_core::seed_commitment;
/// let hash = seed_commitment(42, "a1b2");
/// assert_eq!(hash.len(), 64);
/// assert_ne!(hash, seed_commitment(43, "a1b2"));
/// assert_ne!(hash, seed_commitment(42, "a1b3"));
/// ```
pub fn seed_commitment(seed: u64, salt: &str) -> String {
    let mut hash = Sha256::new();
    for part in [SCHEME, &seed.to_string(), salt] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hex::encode(hash.finalize())
}

/// A commitment to a game's seed, with what checks it once revealed: carried beside a
/// finished game's log (a server's match log has it as `deal`).
///
/// ```
/// use decklet_core::SeedCommitment;
/// let deal = SeedCommitment::new(7, "5eed5a17".into(), false);
/// assert!(deal.check(7).is_ok());
/// assert!(deal.check(8).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedCommitment {
    /// [`seed_commitment`] of the seed and the salt, published before the game.
    pub commitment: String,
    /// The salt, revealed after it.
    pub salt: String,
    /// Whether someone chose the seed (a match's creator) rather than drawing it from
    /// the operating system: whoever chose it could know every card.
    #[serde(default)]
    pub chosen: bool,
}

impl SeedCommitment {
    /// The commitment to `seed` with `salt`.
    pub fn new(seed: u64, salt: String, chosen: bool) -> SeedCommitment {
        SeedCommitment {
            commitment: seed_commitment(seed, &salt),
            salt,
            chosen,
        }
    }

    /// Whether `seed` (a log's) is the seed committed to; the error says what differs.
    pub fn check(&self, seed: u64) -> Result<(), String> {
        let expected = seed_commitment(seed, &self.salt);
        if expected == self.commitment.to_ascii_lowercase() {
            Ok(())
        } else {
            Err(format!(
                "the seed {seed} with the salt given hashes to {expected}, not to the commitment {}",
                crate::echo(&self.commitment)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_its_parts() {
        // computed apart, by Python:
        // hashlib.sha256(b"decklet-seed-commitment/1\x0042\x00salt\x00").hexdigest()
        assert_eq!(
            seed_commitment(42, "salt"),
            "707ba4736a09317b87360b34714eda62bf421b906190f17a5676627695de3d2f"
        );
    }
}

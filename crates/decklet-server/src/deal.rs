//! [`Deal`]: the seed a match is dealt from, and the commitment to it that everyone is
//! shown from the match's creation on. The server draws the seed from the operating
//! system unless the match's creator chose one (for tests and teaching), and then says
//! so to everyone before they join: whoever chose it could know every card. Either
//! way the server publishes the SHA-256 of the seed and a secret salt
//! ([`decklet_core::seed_commitment`]) when the match is made, and reveals both once it
//! is finished (in its state and beside its log), so every player can check that the
//! game was dealt from the seed promised before anyone joined (`decklet replay
//! --commitment`).

use decklet_core::SeedCommitment;
use serde::Serialize;

use crate::token::{new_salt, random_seed};

/// A match's seed, its commitment's salt, and whether its creator chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    seed: u64,
    salt: String,
    chosen: bool,
}

/// The deal as the table is shown it: the commitment always, the seed and the salt
/// once the match is finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DealView {
    /// The commitment, 64 hex digits (`None` for a match made before commitments).
    pub commitment: Option<String>,
    /// Whether the match's creator chose the seed.
    pub chosen: bool,
    /// The seed, in decimal (as text: JavaScript's numbers lose 64-bit integers),
    /// once the match is finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The salt, once the match is finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
}

impl Deal {
    /// A new match's deal: `chosen`, the creator's seed, or one from the operating
    /// system; a fresh salt either way.
    pub fn new(chosen: Option<u64>) -> Result<Deal, String> {
        let seed = match chosen {
            Some(seed) => seed,
            None => random_seed()?,
        };
        Ok(Deal {
            seed,
            salt: new_salt()?,
            chosen: chosen.is_some(),
        })
    }

    /// A stored match's deal.
    pub fn stored(seed: u64, salt: String, chosen: bool) -> Deal {
        Deal { seed, salt, chosen }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The salt (empty for a match stored before commitments).
    pub fn salt(&self) -> &str {
        &self.salt
    }

    /// Whether the match's creator chose the seed.
    pub fn chosen(&self) -> bool {
        self.chosen
    }

    /// The commitment with what checks it, for a finished match's log; `None` for a
    /// match stored before commitments.
    pub fn commitment(&self) -> Option<SeedCommitment> {
        (!self.salt.is_empty())
            .then(|| SeedCommitment::new(self.seed, self.salt.clone(), self.chosen))
    }

    /// What the table is shown: the seed and the salt only if `finished`.
    pub fn view(&self, finished: bool) -> DealView {
        let commitment = self.commitment();
        DealView {
            commitment: commitment.as_ref().map(|c| c.commitment.clone()),
            chosen: self.chosen,
            seed: finished.then(|| self.seed.to_string()),
            salt: commitment.filter(|_| finished).map(|c| c.salt),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_and_the_salt_are_shown_only_at_the_end() {
        let deal = Deal::new(None).unwrap();
        let open = deal.view(false);
        assert_eq!((open.seed, open.salt), (None, None));
        assert!(!open.chosen);
        let commitment = open.commitment.unwrap();
        assert_eq!(commitment.len(), 64);
        let end = deal.view(true);
        let seed: u64 = end.seed.unwrap().parse().unwrap();
        let check = SeedCommitment {
            commitment,
            salt: end.salt.unwrap(),
            chosen: false,
        };
        assert!(check.check(seed).is_ok());
        assert!(check.check(seed ^ 1).is_err());
    }

    #[test]
    fn two_deals_differ_and_a_chosen_seed_says_so() {
        let (a, b) = (Deal::new(None).unwrap(), Deal::new(None).unwrap());
        assert_ne!(a.seed(), b.seed());
        assert_ne!(a.salt(), b.salt());
        let chosen = Deal::new(Some(5)).unwrap();
        assert_eq!(chosen.seed(), 5);
        assert!(chosen.view(false).chosen);
        // the same seed, another salt: another commitment
        assert_ne!(
            chosen.view(false).commitment,
            Deal::new(Some(5)).unwrap().view(false).commitment
        );
    }
}

//! [`Deal`]: how a match is dealt, and the commitment to it that everyone is shown from
//! the match's creation on ([`decklet_core::DealCommitment`], scheme 2).
//!
//! When a match is made the server draws a secret share of 32 random bytes and shows
//! the commitment to the game, the seats, whether the seed was chosen and its share.
//! Each player who joins may send a share of their own (the browser table draws one
//! with `crypto.getRandomValues`); once every seat is taken the game is dealt from the
//! server's share and the players' together, so the server cannot pick the deal and
//! no player can predict it. Until then the table shows no card. A match's creator
//! may still choose the seed (for tests and teaching): the commitment then binds that
//! seed and says so to everyone. Once the match is finished the server reveals its
//! share and the players' (in its state and beside its log) and anyone can check the
//! log against the commitment shown before they joined (`decklet replay
//! --commitment`). A match stored before scheme 2 keeps its seed-and-salt commitment
//! (scheme 1).

use decklet_core::{DealCommitment, deal_seed};
use serde::Serialize;

use crate::store::StoredMatch;
use crate::token::random_hex;

/// How a match is dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deal {
    /// Scheme 2: from the server's share and the players', or from a chosen seed.
    Shared {
        /// The commitment, with the shares known so far (`""` for a seat without).
        record: DealCommitment,
        /// The seed the creator chose, if one.
        chosen: Option<u64>,
    },
    /// A match stored before scheme 2: its seed, and the salt of its commitment
    /// (empty for a match stored before commitments).
    Salted {
        /// The seed.
        seed: u64,
        /// The salt.
        salt: String,
        /// Whether the creator chose the seed.
        chosen: bool,
    },
}

/// The deal as the table is shown it: the commitment always, what checks it once the
/// match is finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DealView {
    /// The commitment, 64 hex digits (`None` for a match made before commitments).
    pub commitment: Option<String>,
    /// Whether the match's creator chose the seed.
    pub chosen: bool,
    /// Whether the seats that send a share are dealt from it (scheme 2).
    pub shared: bool,
    /// The seed, in decimal (as text: JavaScript's numbers lose 64-bit integers),
    /// once the match is finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Everything the commitment hashes, and the players' shares, once the match is
    /// finished: the `deal` beside its log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revealed: Option<DealCommitment>,
}

impl Deal {
    /// A new match's deal of `game` (its game string) at `seats` (`human` or
    /// `bot:NAME` each): from `chosen`, the creator's seed, or else from a fresh server
    /// share and the shares the players will send.
    pub fn new(game: String, seats: Vec<String>, chosen: Option<u64>) -> Result<Deal, String> {
        let shares = vec![String::new(); seats.len()];
        let server_share = random_hex::<32>()?;
        Ok(Deal::Shared {
            record: DealCommitment::new(game, seats, chosen, server_share, shares),
            chosen,
        })
    }

    /// A stored match's deal, with the shares its seats sent.
    pub fn stored(stored: &StoredMatch) -> Result<Deal, String> {
        if stored.deal.is_empty() {
            return Ok(Deal::Salted {
                seed: stored.seed,
                salt: stored.salt.clone(),
                chosen: stored.seed_chosen,
            });
        }
        let mut record: DealCommitment =
            serde_json::from_str(&stored.deal).map_err(|e| format!("its deal: {e}"))?;
        record.shares = stored.seats.iter().map(|s| s.share.clone()).collect();
        let chosen = record.chosen.then_some(stored.seed);
        Ok(Deal::Shared { record, chosen })
    }

    /// What the store keeps of the deal beside the seats' shares: the commitment's
    /// record without the shares (`""` for a match stored before scheme 2).
    pub fn to_stored(&self) -> Result<String, String> {
        match self {
            Deal::Shared { record, .. } => {
                let mut kept = record.clone();
                kept.shares = Vec::new();
                serde_json::to_string(&kept).map_err(|e| e.to_string())
            }
            Deal::Salted { .. } => Ok(String::new()),
        }
    }

    /// Seat `seat`'s share (a normal one: [`decklet_core::normal_share`]).
    pub fn set_share(&mut self, seat: usize, share: String) {
        if let Deal::Shared { record, .. } = self
            && let Some(kept) = record.shares.get_mut(seat)
        {
            *kept = share;
        }
    }

    /// The seed: the chosen one, else the one the shares given so far draw (final once
    /// every seat is taken).
    pub fn seed(&self) -> u64 {
        match self {
            Deal::Shared {
                chosen: Some(seed), ..
            } => *seed,
            Deal::Shared { record, .. } => deal_seed(&record.server_share, &record.shares),
            Deal::Salted { seed, .. } => *seed,
        }
    }

    /// The seed the store keeps: the chosen one (0 for a seed the shares draw).
    pub fn stored_seed(&self) -> u64 {
        match self {
            Deal::Shared { chosen, .. } => chosen.unwrap_or(0),
            Deal::Salted { seed, .. } => *seed,
        }
    }

    /// Whether the match's creator chose the seed.
    pub fn chosen(&self) -> bool {
        match self {
            Deal::Shared { chosen, .. } => chosen.is_some(),
            Deal::Salted { chosen, .. } => *chosen,
        }
    }

    /// The salt of a scheme 1 commitment (empty otherwise).
    pub fn salt(&self) -> &str {
        match self {
            Deal::Shared { .. } => "",
            Deal::Salted { salt, .. } => salt,
        }
    }

    /// The commitment with what checks it, for a finished match's log; `None` for a
    /// match stored before commitments.
    pub fn commitment(&self) -> Option<DealCommitment> {
        match self {
            Deal::Shared { record, .. } => Some(record.clone()),
            Deal::Salted { salt, .. } if salt.is_empty() => None,
            Deal::Salted { seed, salt, chosen } => {
                Some(DealCommitment::scheme_1(*seed, salt.clone(), *chosen))
            }
        }
    }

    /// What the table is shown: what checks the commitment only if `finished`.
    pub fn view(&self, finished: bool) -> DealView {
        let commitment = self.commitment();
        DealView {
            commitment: commitment.as_ref().map(|c| c.commitment.clone()),
            chosen: self.chosen(),
            shared: matches!(self, Deal::Shared { .. }),
            seed: finished.then(|| self.seed().to_string()),
            revealed: commitment.filter(|_| finished),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> Vec<String> {
        vec!["human".into(), "human".into(), "bot:random".into()]
    }

    #[test]
    fn what_checks_the_deal_is_shown_only_at_the_end() {
        let mut deal = Deal::new("uno".into(), seats(), None).unwrap();
        let open = deal.view(false);
        assert_eq!((open.seed, open.revealed), (None, None));
        assert!(!open.chosen && open.shared);
        let commitment = open.commitment.unwrap();
        assert_eq!(commitment.len(), 64);
        let before = deal.seed();
        deal.set_share(0, "a1".repeat(32));
        deal.set_share(1, "b2".repeat(32));
        // each player's share changes the deal; the commitment stays the one shown
        assert_ne!(deal.seed(), before);
        let end = deal.view(true);
        let revealed = end.revealed.unwrap();
        assert_eq!(revealed.commitment, commitment);
        assert_eq!(end.seed.unwrap(), deal.seed().to_string());
        assert_eq!(revealed.seed(), Some(deal.seed()));
        assert_eq!(revealed.seats_of_share(&"b2".repeat(32)), vec![1]);
    }

    #[test]
    fn two_deals_differ_and_a_chosen_seed_says_so() {
        let a = Deal::new("uno".into(), seats(), None).unwrap();
        let b = Deal::new("uno".into(), seats(), None).unwrap();
        assert_ne!(a.seed(), b.seed());
        let mut chosen = Deal::new("uno".into(), seats(), Some(5)).unwrap();
        chosen.set_share(0, "a1".repeat(32));
        assert_eq!(chosen.seed(), 5);
        assert!(chosen.view(false).chosen);
        // the same seed, another server share: another commitment
        assert_ne!(
            chosen.view(false).commitment,
            Deal::new("uno".into(), seats(), Some(5))
                .unwrap()
                .view(false)
                .commitment
        );
    }

    #[test]
    fn a_scheme_1_deal_still_shows_its_commitment() {
        let deal = Deal::Salted {
            seed: 42,
            salt: "salt".into(),
            chosen: false,
        };
        // computed apart, by Python:
        // hashlib.sha256(b"decklet-seed-commitment/1\x0042\x00salt\x00").hexdigest()
        assert_eq!(
            deal.view(false).commitment.unwrap(),
            "707ba4736a09317b87360b34714eda62bf421b906190f17a5676627695de3d2f"
        );
        assert!(!deal.view(false).shared);
    }
}

//! [`DealCommitment`]: a promise about a game's deal, made before anyone sees a card
//! and checked after the game, with the deal drawn from every seated player's share.
//!
//! The scheme (2) is a commit–reveal: when a match is made, whoever deals (a server)
//! draws a secret *server share* of 32 random bytes and publishes the commitment, the
//! SHA-256 of the game string, the seats, whether the seed was chosen (and then the
//! seed) and the server share ([`deal_commitment`]). Each player who takes a seat
//! sends a share of their own, drawn on their machine after the commitment was
//! shown. Once every seat is taken the seed is [`deal_seed`] of the server share and
//! the players' shares in seat order, and the game is dealt from it. At the end the
//! server reveals its share and every player's: anyone can then check, from the log
//! alone ([`DealCommitment::check`]), that the game, the number of seats and the seed
//! are the ones promised, and each player that their own share was used.
//!
//! What that gives: the server fixed its share before any player's was known, so it
//! cannot pick the deal, and no player can predict it (the server's share is secret
//! until the end). What it cannot give: the server still sees every card it deals,
//! and a seat held by someone working with the server, joining last, could try many
//! shares to choose among deals. A seat that sends no share adds nothing to the deal.
//!
//! Scheme 1 (a match made before scheme 2) bound the seed alone to a salt; such a
//! commitment is still checked, and says what it does not bind.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::GameLog;

/// What the commitment of scheme 2 hashes first.
const SCHEME_2: &str = "decklet-deal-commitment/2";
/// What a deal's seed hashes first.
const SEED_SCHEME_2: &str = "decklet-deal-seed/2";
/// What the commitment of scheme 1 hashed first.
const SCHEME_1: &str = "decklet-seed-commitment/1";

/// The hex digits of a share: 32 bytes.
pub const SHARE_HEX_DIGITS: usize = 64;

/// SHA-256 of `parts`, each followed by a zero byte.
fn digest_parts<'a>(parts: impl IntoIterator<Item = &'a str>) -> [u8; 32] {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.finalize().into()
}

/// [`digest_parts`] as 64 lowercase hex digits.
fn hash_parts<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    hex::encode(digest_parts(parts))
}

/// The commitment (scheme 2) to a deal of `game` (its game string) at `seats` (each
/// seat as `human` or `bot:NAME`, in seat order), from the seed `chosen` by someone
/// or else from the players' shares, with the server's share `server_share`: SHA-256
/// of the scheme's name, the game, the seats as a JSON array of strings (`["human",
/// "bot:random"]`, no space), `chosen:SEED` or `drawn`, and the server share (as its
/// hex digits), each followed by a zero byte.
///
/// ```
/// use decklet_core::deal_commitment;
/// let share = "ab".repeat(32);
/// let hash = deal_commitment("uno", &["human".into(), "bot:random".into()], None, &share);
/// assert_eq!(hash.len(), 64);
/// assert_ne!(hash, deal_commitment("hearts", &["human".into(), "bot:random".into()], None, &share));
/// assert_ne!(hash, deal_commitment("uno", &["human".into(), "bot:random".into()], Some(3), &share));
/// ```
pub fn deal_commitment(
    game: &str,
    seats: &[String],
    chosen: Option<u64>,
    server_share: &str,
) -> String {
    let chosen = match chosen {
        Some(seed) => format!("chosen:{seed}"),
        None => "drawn".to_string(),
    };
    // as JSON, so that no two lists of seats are written alike
    let seats = serde_json::to_string(seats).unwrap_or_default();
    hash_parts([SCHEME_2, game, &seats, &chosen, server_share])
}

/// The seed of a deal drawn from the server's share and the players' (scheme 2), in
/// seat order (`""` for a bot's seat): the first 8 bytes, little-endian, of the SHA-256
/// of the scheme's name, the server share and each seat's share (as their hex digits),
/// each followed by a zero byte.
///
/// ```
/// use decklet_core::deal_seed;
/// let server = "01".repeat(32);
/// let a = deal_seed(&server, &["aa".repeat(32), String::new()]);
/// assert_ne!(a, deal_seed(&server, &["ab".repeat(32), String::new()]));
/// ```
pub fn deal_seed(server_share: &str, shares: &[String]) -> u64 {
    let digest = digest_parts(
        [SEED_SCHEME_2, server_share]
            .into_iter()
            .chain(shares.iter().map(String::as_str)),
    );
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// Whether `share` is a share as scheme 2 takes it: 64 hex digits (lowercase, as
/// [`normal_share`] writes it).
pub fn is_share(share: &str) -> bool {
    share.len() == SHARE_HEX_DIGITS
        && share
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `share` as scheme 2 takes it (trimmed, lowercase), or why it is not a share.
///
/// ```
/// use decklet_core::normal_share;
/// assert_eq!(normal_share(&"AB".repeat(32))?, "ab".repeat(32));
/// assert!(normal_share("abc").is_err());
/// assert!(normal_share(&"zz".repeat(32)).is_err());
/// # Ok::<(), String>(())
/// ```
pub fn normal_share(share: &str) -> Result<String, String> {
    let share = share.trim().to_ascii_lowercase();
    match is_share(&share) {
        true => Ok(share),
        false => Err(format!(
            "a share is {SHARE_HEX_DIGITS} hex digits (32 random bytes), not {}",
            crate::echo(&share)
        )),
    }
}

/// A commitment to a game's deal, with what checks it once revealed: carried beside a
/// finished game's log (a server's match log has it as `deal`).
///
/// ```
/// use decklet_core::{DealCommitment, deal_seed};
/// let server = "5e".repeat(32);
/// let shares = vec!["a1".repeat(32), String::new()];
/// let seats = vec!["human".to_string(), "bot:random".to_string()];
/// let deal = DealCommitment::new("uno".into(), seats, None, server.clone(), shares.clone());
/// assert_eq!(deal.seed(), Some(deal_seed(&server, &shares)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DealCommitment {
    /// The scheme: 2, or 1 for a commitment made before (the seed and a salt alone).
    #[serde(default = "scheme_one")]
    pub scheme: u32,
    /// The commitment, published before anyone joined: [`deal_commitment`] (scheme 1:
    /// the SHA-256 of the seed and the salt).
    pub commitment: String,
    /// Whether someone chose the seed (a match's creator) rather than it being drawn:
    /// whoever chose it could know every card.
    #[serde(default)]
    pub chosen: bool,
    /// The game string of the game dealt (scheme 2).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub game: String,
    /// Each seat, `human` or `bot:NAME`, in seat order (scheme 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// The server's share, revealed after the game (scheme 2).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub server_share: String,
    /// Each seat's share, in seat order, `""` for a seat that sent none (scheme 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<String>,
    /// The salt, revealed after the game (scheme 1).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub salt: String,
}

/// Scheme 1, for a commitment that names none.
fn scheme_one() -> u32 {
    1
}

impl DealCommitment {
    /// The commitment (scheme 2) to a deal of `game` at `seats`, from the seed
    /// `chosen` or else from `server_share` and the players' `shares`.
    pub fn new(
        game: String,
        seats: Vec<String>,
        chosen: Option<u64>,
        server_share: String,
        shares: Vec<String>,
    ) -> DealCommitment {
        DealCommitment {
            scheme: 2,
            commitment: deal_commitment(&game, &seats, chosen, &server_share),
            chosen: chosen.is_some(),
            game,
            seats,
            server_share,
            shares,
            salt: String::new(),
        }
    }

    /// A commitment of scheme 1 to `seed` with `salt` (a match made before scheme 2).
    pub fn scheme_1(seed: u64, salt: String, chosen: bool) -> DealCommitment {
        DealCommitment {
            scheme: 1,
            commitment: hash_parts([SCHEME_1, &seed.to_string(), &salt]),
            chosen,
            game: String::new(),
            seats: Vec::new(),
            server_share: String::new(),
            shares: Vec::new(),
            salt,
        }
    }

    /// The seed the shares draw (scheme 2, not chosen); `None` when the seed was
    /// chosen (the log's seed is then checked against the commitment) or for scheme 1.
    pub fn seed(&self) -> Option<u64> {
        (self.scheme == 2 && !self.chosen).then(|| deal_seed(&self.server_share, &self.shares))
    }

    /// Whether `log` is a game dealt as committed; the error says what differs. Scheme
    /// 2 checks the log's game string, its number of players and its seed, that it was
    /// dealt from that seed (no position adopted, no action before the start), and that
    /// every human seat's share is one and no bot's seat has any (a share the server
    /// could make up would let it choose among deals); scheme 1 the seed alone. The
    /// players' ids and seats are the game's to check (`decklet replay` builds the
    /// game's own players and compares).
    pub fn check(&self, log: &GameLog) -> Result<(), String> {
        let shown = self.commitment.to_ascii_lowercase();
        if self.scheme == 1 {
            let expected = hash_parts([SCHEME_1, &log.seed.to_string(), &self.salt]);
            return match expected == shown {
                true => Ok(()),
                false => Err(format!(
                    "the seed {} with the salt given hashes to {expected}, not to the commitment {}",
                    log.seed,
                    crate::echo(&self.commitment)
                )),
            };
        }
        if self.scheme != 2 {
            return Err(format!(
                "no deal scheme {} is known (1 and 2 are)",
                self.scheme
            ));
        }
        if self.game.contains('\0') {
            return Err("the deal's game holds a zero byte".into());
        }
        let chosen = self.chosen.then_some(log.seed);
        let expected = deal_commitment(&self.game, &self.seats, chosen, &self.server_share);
        if expected != shown {
            return Err(format!(
                "the deal revealed hashes to {expected}, not to the commitment {}",
                crate::echo(&self.commitment)
            ));
        }
        if self.shares.len() != self.seats.len() {
            return Err(format!(
                "the deal reveals {} shares for {} seats",
                self.shares.len(),
                self.seats.len()
            ));
        }
        if log.initial_state.is_some() || log.start_index != Some(0) {
            return Err(
                "the log was not dealt from its seed: it adopts a position, or runs actions before the start"
                    .into(),
            );
        }
        for (i, (seat, share)) in self.seats.iter().zip(&self.shares).enumerate() {
            let fine = match seat.starts_with("bot:") {
                true => share.is_empty(),
                false => self.chosen && share.is_empty() || is_share(share),
            };
            if !fine {
                return Err(format!(
                    "seat {} ({}) reveals the share {}: a bot's seat has none, a person's is {SHARE_HEX_DIGITS} hex digits",
                    i + 1,
                    crate::echo(seat),
                    crate::echo(share)
                ));
            }
        }
        let played = log.game.as_deref().unwrap_or(&log.game_id);
        if played != self.game {
            return Err(format!(
                "the log is of the game {}, the deal was committed to {}",
                crate::echo(played),
                crate::echo(&self.game)
            ));
        }
        if log.players.len() != self.seats.len() {
            return Err(format!(
                "the log has {} players, the deal was committed to {} seats",
                log.players.len(),
                self.seats.len()
            ));
        }
        if let Some(seed) = self.seed()
            && seed != log.seed
        {
            return Err(format!(
                "the shares revealed draw the seed {seed}, the log was dealt from {}",
                log.seed
            ));
        }
        Ok(())
    }

    /// The seats whose share is `share` (a player checks their own was used).
    pub fn seats_of_share(&self, share: &str) -> Vec<usize> {
        let share = share.trim().to_ascii_lowercase();
        self.shares
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty() && **s == share)
            .map(|(i, _)| i)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_its_parts() {
        // computed apart, by Python:
        // hashlib.sha256(b'decklet-deal-commitment/2\x00uno\x00["human","bot:random"]\x00drawn\x00'
        //     + b"ab" * 32 + b"\x00").hexdigest()
        assert_eq!(
            deal_commitment(
                "uno",
                &["human".into(), "bot:random".into()],
                None,
                &"ab".repeat(32)
            ),
            PYTHON_COMMITMENT
        );
        // hashlib.sha256(b"decklet-deal-seed/2\x00" + b"ab" * 32 + b"\x00" + b"cd" * 32
        //     + b"\x00\x00").digest()[:8], little-endian
        assert_eq!(
            deal_seed(&"ab".repeat(32), &["cd".repeat(32), String::new()]),
            PYTHON_SEED
        );
    }

    const PYTHON_COMMITMENT: &str =
        "731e2a9b8c94cd900676d79238944d52f0501d412a585f149d90ac6717aae6f8";
    const PYTHON_SEED: u64 = 7_913_241_555_354_163_414;

    /// A log of `game` with `players`, dealt from `seed`, and no action.
    fn log_of(game: &str, seed: u64, players: usize) -> GameLog {
        let players: Vec<serde_json::Value> = (1..=players)
            .map(|i| serde_json::json!({"id": format!("p{i}"), "name": format!("P{i}"), "seat": i}))
            .collect();
        let json = serde_json::json!({
            "format": crate::LOG_FORMAT, "gameId": game, "game": game, "seed": seed, "startIndex": 0,
            "maxActionsPerTick": 100, "players": players, "plugins": [], "actions": [],
        });
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_scheme_2_deal_checks_its_game_seats_and_seed() {
        let server = "5e".repeat(32);
        let seats = vec!["human".to_string(), "bot:random".to_string()];
        let shares = vec!["a1".repeat(32), String::new()];
        let deal = DealCommitment::new("uno".into(), seats, None, server, shares);
        let seed = deal.seed().unwrap();
        assert!(deal.check(&log_of("uno", seed, 2)).is_ok());
        // another game, another number of players, another seed
        assert!(
            deal.check(&log_of("hearts", seed, 2))
                .unwrap_err()
                .contains("game")
        );
        assert!(
            deal.check(&log_of("uno", seed, 3))
                .unwrap_err()
                .contains("players")
        );
        assert!(
            deal.check(&log_of("uno", seed ^ 1, 2))
                .unwrap_err()
                .contains("seed")
        );
        // a share changed after the commitment: another seed
        let mut swapped = deal.clone();
        swapped.shares[0] = "a2".repeat(32);
        assert!(swapped.check(&log_of("uno", seed, 2)).is_err());
        // the chosen flag cleared, or the seats changed: another commitment
        let mut unflagged = DealCommitment::new(
            "uno".into(),
            deal.seats.clone(),
            Some(9),
            deal.server_share.clone(),
            deal.shares.clone(),
        );
        assert!(unflagged.check(&log_of("uno", 9, 2)).is_ok());
        unflagged.chosen = false;
        assert!(
            unflagged
                .check(&log_of("uno", 9, 2))
                .unwrap_err()
                .contains("hashes")
        );
        let mut reseated = deal.clone();
        reseated.seats[1] = "bot:heuristic".into();
        assert!(
            reseated
                .check(&log_of("uno", seed, 2))
                .unwrap_err()
                .contains("hashes")
        );
        assert_eq!(deal.seats_of_share(&"A1".repeat(32)), vec![0]);
        assert!(deal.seats_of_share("").is_empty());
        // a bot's seat with a share (one the server could make up after every other
        // share was known, to choose among deals), or a person's without a share
        let mut ground = deal.clone();
        ground.shares[1] = "77".repeat(32);
        let seed = ground.seed().unwrap();
        assert!(
            ground
                .check(&log_of("uno", seed, 2))
                .unwrap_err()
                .contains("bot's seat")
        );
        let mut none = deal.clone();
        none.shares[0] = String::new();
        let seed = none.seed().unwrap();
        assert!(
            none.check(&log_of("uno", seed, 2))
                .unwrap_err()
                .contains("a person's")
        );
        // a log that adopts a position, or runs actions before the start
        let mut adopted = log_of("uno", deal.seed().unwrap(), 2);
        adopted.start_index = Some(1);
        assert!(
            deal.check(&adopted)
                .unwrap_err()
                .contains("not dealt from its seed")
        );
    }

    #[test]
    fn no_two_lists_of_seats_hash_alike() {
        let share = "ab".repeat(32);
        let three: Vec<String> = vec!["human".into(); 3];
        let two: Vec<String> = vec!["human,human".into(), "human".into()];
        assert_ne!(
            deal_commitment("uno", &three, None, &share),
            deal_commitment("uno", &two, None, &share)
        );
    }

    #[test]
    fn a_scheme_1_commitment_still_checks() {
        // scheme 1: hashlib.sha256(b"decklet-seed-commitment/1\x0042\x00salt\x00")
        let deal = DealCommitment::scheme_1(42, "salt".into(), false);
        assert_eq!(
            deal.commitment,
            "707ba4736a09317b87360b34714eda62bf421b906190f17a5676627695de3d2f"
        );
        let mut log = log_of("uno", 42, 2);
        assert!(deal.check(&log).is_ok());
        log.seed = 43;
        assert!(deal.check(&log).is_err());
    }
}

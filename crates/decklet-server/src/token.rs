//! Seat tokens: 128 random bits from the operating system, shown once to whoever
//! joins the seat; the server keeps only their SHA-256 and compares in constant time.
//! Match ids come from the same source.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new seat token: 16 random bytes, as 32 hex digits.
pub fn new_token() -> Result<String, String> {
    random_hex::<16>()
}

/// A new match id: 12 random bytes, as 24 hex digits.
pub fn new_match_id() -> Result<String, String> {
    random_hex::<12>()
}

/// `N` random bytes from the operating system, as hex digits.
pub fn random_hex<const N: usize>() -> Result<String, String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(hex::encode(bytes))
}

/// The hash the server stores for `token`: SHA-256, as 64 hex digits.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored` (a [`hash_token`]), compared in constant time.
pub fn token_matches(token: &str, stored: &str) -> bool {
    let given = hash_token(token);
    given.as_bytes().ct_eq(stored.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_random_bits_and_only_their_hash_matches() -> Result<(), String> {
        let (a, b) = (new_token()?, new_token()?);
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        let stored = hash_token(&a);
        assert_eq!(stored.len(), 64);
        assert!(token_matches(&a, &stored));
        assert!(!token_matches(&b, &stored));
        assert!(!token_matches("", &stored));
        assert!(!token_matches(&stored, &stored));
        Ok(())
    }
}

//! [`MoveCode`]: an action's fields packed into the 64 bits of a listed move's code
//! ([`Action::to_code`](crate::Action::to_code)), and [`MoveFields`], read back in the
//! order they were written.

use crate::ids::{CardId, PlayerId};

/// The bits a player's handle takes in a code (65,536 players).
pub const PLAYER_BITS: u32 = 16;
/// The bits a card's handle takes in a code (1,048,576 cards).
pub const CARD_BITS: u32 = 20;

/// An action's fields written into a 64-bit code, from its lowest bit up, each in the
/// bits given: `None` as soon as a value does not fit in its bits or the 64 bits are
/// used up (the action then has no code, and is listed whole).
///
/// ```
/// use decklet_core::MoveCode;
/// let code = MoveCode::new().put(5, 3).and_then(|c| c.put(1, 1)).map(MoveCode::code);
/// assert_eq!(code, Some(5 | 1 << 3));
/// let mut fields = MoveCode::read(5 | 1 << 3);
/// assert_eq!((fields.take(3), fields.take(1)), (5, 1));
/// assert_eq!(MoveCode::new().put(8, 3), None); // 8 needs 4 bits
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCode {
    code: u64,
    used: u32,
}

impl MoveCode {
    /// A code with no field yet.
    pub const fn new() -> MoveCode {
        MoveCode { code: 0, used: 0 }
    }

    /// `value` in the next `bits` bits.
    #[inline]
    pub fn put(self, value: u64, bits: u32) -> Option<MoveCode> {
        let used = self.used.checked_add(bits).filter(|u| *u <= 64)?;
        if bits < 64 && value >> bits != 0 {
            return None;
        }
        let code = match self.used {
            64 => self.code,
            at => self.code | value.checked_shl(at).unwrap_or(0),
        };
        Some(MoveCode { code, used })
    }

    /// A player's handle, in [`PLAYER_BITS`] bits.
    #[inline]
    pub fn player(self, player: PlayerId) -> Option<MoveCode> {
        self.put(player.index() as u64, PLAYER_BITS)
    }

    /// A card's handle, in [`CARD_BITS`] bits.
    #[inline]
    pub fn card(self, card: CardId) -> Option<MoveCode> {
        self.put(card.index() as u64, CARD_BITS)
    }

    /// The code.
    #[inline]
    pub fn code(self) -> u64 {
        self.code
    }

    /// The fields of `code`, to be taken in the order they were written.
    #[inline]
    pub fn read(code: u64) -> MoveFields {
        MoveFields { code }
    }
}

/// A code's fields, taken in the order they were written ([`MoveCode::read`]).
#[derive(Clone, Copy, Debug)]
pub struct MoveFields {
    code: u64,
}

impl MoveFields {
    /// The next field, of `bits` bits.
    #[inline]
    pub fn take(&mut self, bits: u32) -> u64 {
        let value = match bits {
            0 => 0,
            64.. => self.code,
            _ => self.code & ((1u64 << bits) - 1),
        };
        self.code = self.code.checked_shr(bits).unwrap_or(0);
        value
    }

    /// The next field, a player's handle.
    #[inline]
    pub fn player(&mut self) -> PlayerId {
        PlayerId::from_index(self.take(PLAYER_BITS) as u32)
    }

    /// The next field, a card's handle.
    #[inline]
    pub fn card(&mut self) -> CardId {
        CardId::from_index(self.take(CARD_BITS) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_come_back_in_the_order_written_and_what_does_not_fit_has_no_code() {
        let written = MoveCode::new()
            .player(PlayerId::from_index(1023))
            .and_then(|c| c.card(CardId::from_index(107)))
            .and_then(|c| c.put(3, 2));
        // 26 bits cannot hold u32::MAX
        assert_eq!(written.and_then(|c| c.put(u64::from(u32::MAX), 26)), None);
        // 16 + 20 + 2 + 26 = 64 bits: full
        let code = written.and_then(|c| c.put((1 << 26) - 1, 26)).unwrap();
        assert_eq!(code.put(0, 1), None);
        let mut fields = MoveCode::read(code.code());
        assert_eq!(fields.player(), PlayerId::from_index(1023));
        assert_eq!(fields.card(), CardId::from_index(107));
        assert_eq!(fields.take(2), 3);
        assert_eq!(fields.take(26), (1 << 26) - 1);
        assert!(MoveCode::new().player(PlayerId::SPECTATOR).is_none());
        let full = MoveCode::new().put(u64::MAX, 64).unwrap();
        assert_eq!(full.code(), u64::MAX);
        assert_eq!(full.put(0, 1), None);
        assert_eq!(MoveCode::read(u64::MAX).take(64), u64::MAX);
    }
}

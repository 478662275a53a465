//! What each card is to Hearts: a suit and a rank in OpenSpiel's order (suits clubs,
//! diamonds, hearts, spades; ranks 2 to ace), its index `4 × rank + suit`, and the
//! points it costs whoever takes it.

use std::sync::{Arc, OnceLock};

use decklet_core::{Card, CardId, CardTable, GameState, InfoState, PlayerId, ZoneId};
use decklet_plugins::{Rank, StandardCard, Suit, standard_deck};

use crate::{HEARTS_TAKEN_ZONE_ID, HEARTS_TRICK_ZONE_ID};

/// Clubs, in [`HeartsCard::suit`].
pub const CLUBS: u8 = 0;
/// Diamonds.
pub const DIAMONDS: u8 = 1;
/// Hearts.
pub const HEARTS: u8 = 2;
/// Spades.
pub const SPADES: u8 = 3;
/// The rank of a two, in [`HeartsCard::rank`] (0 is the lowest).
pub const TWO: u8 = 0;
/// The rank of a jack.
pub const JACK: u8 = 9;
/// The rank of a queen.
pub const QUEEN: u8 = 10;
/// The rank of an ace (12, the highest).
pub const ACE: u8 = 12;

/// A card as Hearts reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeartsCard {
    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    pub suit: u8,
    /// 0 for a two … 12 for an ace.
    pub rank: u8,
}

/// The two of clubs, which opens the first trick.
pub const TWO_OF_CLUBS: HeartsCard = HeartsCard {
    suit: CLUBS,
    rank: TWO,
};
/// The queen of spades: 13 points.
pub const QUEEN_OF_SPADES: HeartsCard = HeartsCard {
    suit: SPADES,
    rank: QUEEN,
};
/// The jack of diamonds: minus 10 points with `jd_bonus`.
pub const JACK_OF_DIAMONDS: HeartsCard = HeartsCard {
    suit: DIAMONDS,
    rank: JACK,
};

impl HeartsCard {
    /// Reads a standard card (`None` for a card with another suit or rank).
    pub fn of(card: &Card) -> Option<HeartsCard> {
        let card = StandardCard::of(card)?;
        let suit = match card.suit {
            Suit::Club => CLUBS,
            Suit::Diamond => DIAMONDS,
            Suit::Heart => HEARTS,
            Suit::Spade => SPADES,
        };
        let rank = match card.rank {
            Rank::Ace => ACE,
            other => other.value() - 2,
        };
        Some(HeartsCard { suit, rank })
    }

    /// Its index in OpenSpiel's card order, `4 × rank + suit`: the order moves are
    /// listed in.
    pub fn index(self) -> u8 {
        4 * self.rank + self.suit
    }

    /// The points it costs whoever takes it: 1 for a heart, 13 for the queen of spades,
    /// −10 for the jack of diamonds when `jd_bonus` is played, 0 for the others.
    pub fn points(self, jd_bonus: bool) -> i64 {
        if self.suit == HEARTS {
            1
        } else if self == QUEEN_OF_SPADES {
            13
        } else if jd_bonus && self == JACK_OF_DIAMONDS {
            -10
        } else {
            0
        }
    }

    /// Whether it is one of the 26 points a moon is shot with (a heart or the queen of
    /// spades).
    pub fn is_penalty(self) -> bool {
        self.suit == HEARTS || self == QUEEN_OF_SPADES
    }
}

/// What Hearts knows of a game once it is set up: its zones, each player's passing
/// zone, and what each card is (all of it public: the zones' ids and the cards' faces
/// are the same in every deal). The setup attaches it; [`HeartsTable::of`] reads it
/// from any state.
#[derive(Clone, Debug, PartialEq)]
pub struct HeartsTable {
    /// The cards of the trick being played, in the order played.
    pub trick: ZoneId,
    /// The cards of every trick taken, face up.
    pub taken: ZoneId,
    /// Each seat's passing zone, in seat order: the cards it chose to pass, seen by it
    /// alone until they are handed over.
    pub passing: Arc<[ZoneId]>,
    cards: Faces,
    /// Each card's id by its [`HeartsCard::index`].
    ids: Ids,
}

/// What each card of a table is, by card handle (`None`: not a standard card).
type Faces = Arc<[Option<HeartsCard>]>;
/// Each face's card, by [`HeartsCard::index`].
type Ids = Arc<[Option<CardId>; 52]>;

/// What each card of a table is, and each face's card. The standard deck's are read
/// once per process (every game of it shares its table); another table's are read from
/// its definitions.
fn faces_and_ids(cards: &CardTable) -> (Faces, Ids) {
    let read = |cards: &CardTable| {
        let faces: Faces = cards.iter().map(HeartsCard::of).collect();
        let mut ids = [None; 52];
        for (id, face) in cards.ids().zip(faces.iter()) {
            if let Some(slot) = face.and_then(|f| ids.get_mut(usize::from(f.index()))) {
                *slot = Some(id);
            }
        }
        (faces, Arc::new(ids))
    };
    static STANDARD: OnceLock<(Faces, Ids)> = OnceLock::new();
    if cards.ptr_eq(standard_deck()) {
        let (faces, ids) = STANDARD.get_or_init(|| read(standard_deck()));
        return (Arc::clone(faces), Arc::clone(ids));
    }
    read(cards)
}

impl HeartsTable {
    /// The table of `state`: the one setup attached, or one read now.
    pub fn of(state: &GameState) -> Option<HeartsTable> {
        if let Some(table) = state.attachment::<HeartsTable>() {
            return Some(table.clone());
        }
        let passing = state
            .seat_order()
            .iter()
            .map(|p| state.zone_id(&passing_zone_id(&state.id_text(*p))))
            .collect::<Option<_>>()?;
        HeartsTable::read(
            state.zone_id(HEARTS_TRICK_ZONE_ID)?,
            state.zone_id(HEARTS_TAKEN_ZONE_ID)?,
            passing,
            state.cards(),
        )
    }

    /// The table of the game a seat knows (zones and card faces are public).
    pub fn seen(info: &InfoState) -> Option<HeartsTable> {
        info.attachment::<HeartsTable>().cloned()
    }

    pub(crate) fn read(
        trick: ZoneId,
        taken: ZoneId,
        passing: Arc<[ZoneId]>,
        cards: &CardTable,
    ) -> Option<HeartsTable> {
        let (faces, ids) = faces_and_ids(cards);
        Some(HeartsTable {
            trick,
            taken,
            passing,
            cards: faces,
            ids,
        })
    }

    /// What a card is.
    #[inline]
    pub fn card(&self, card: CardId) -> Option<HeartsCard> {
        self.cards.get(card.index()).copied().flatten()
    }

    /// The id of the card with this face.
    pub fn find(&self, face: HeartsCard) -> Option<CardId> {
        self.ids.get(usize::from(face.index())).copied().flatten()
    }

    /// `cards` sorted in OpenSpiel's order (by [`HeartsCard::index`]).
    pub fn sorted(&self, cards: &[CardId]) -> Vec<CardId> {
        let mut sorted = Vec::with_capacity(cards.len());
        self.each_sorted(cards, |_| true, |card| sorted.push(card));
        sorted
    }

    /// Calls `each` with the cards of `cards` whose face (`None`: not a standard card)
    /// `keep` keeps, in OpenSpiel's order, with nothing allocated: each face a bit at
    /// its index, read back in order. Cards that are not each the one card of their
    /// face (a position read from elsewhere) are sorted instead.
    pub(crate) fn each_sorted(
        &self,
        cards: &[CardId],
        keep: impl Fn(Option<HeartsCard>) -> bool,
        mut each: impl FnMut(CardId),
    ) {
        let mut faces = 0u64;
        for card in cards {
            match self.card(*card) {
                Some(face) if self.find(face) == Some(*card) && faces >> face.index() & 1 == 0 => {
                    if keep(Some(face)) {
                        faces |= 1 << face.index();
                    }
                }
                _ => {
                    let mut sorted: Vec<CardId> = (cards.iter().copied())
                        .filter(|c| keep(self.card(*c)))
                        .collect();
                    sorted.sort_by_key(|c| self.card(*c).map_or(u8::MAX, HeartsCard::index));
                    sorted.into_iter().for_each(each);
                    return;
                }
            }
        }
        while faces != 0 {
            let index = faces.trailing_zeros() as usize;
            faces &= faces - 1;
            if let Some(card) = self.ids.get(index).copied().flatten() {
                each(card);
            }
        }
    }

    /// The seat whose passing zone is `zone`.
    pub fn passing_seat(&self, state: &GameState, zone: ZoneId) -> Option<PlayerId> {
        let at = self.passing.iter().position(|z| *z == zone)?;
        state.seat_order().get(at).copied()
    }
}

/// The id of a player's passing zone: `hearts:pass:<player>`.
pub fn passing_zone_id(player: &str) -> String {
    format!("hearts:pass:{player}")
}

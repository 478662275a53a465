//! Worlds sampled from a seat's view: [`SeatView::determinize`] and what narrows the
//! sample ([`CardSet`], [`ZoneLimit`]).
//!
//! A search bot plays whole games forward, and a seat does not know one. A *world* is a
//! whole game the seat cannot tell from the real one: the cards it does not see dealt
//! at random into the places it does not see. What the seat knows beyond what it sees
//! narrows the sample: cards it was shown in a zone it does not see, and limits on what
//! such a zone may hold (a player who drew instead of playing holds no card that was
//! playable then).

use crate::ids::{CardId, ZoneId};
use crate::rng::GameRng;
use crate::seat::SeatView;
use crate::state::GameState;

/// A set of cards of one game, by handle (a bit per card).
///
/// ```
/// # use decklet_core::*;
/// let table = CardTable::new(vec![Card::new("a", "x"), Card::new("b", "x"), Card::new("c", "x")])?;
/// let ids: Vec<CardId> = table.ids().collect();
/// let set: CardSet = ids[..2].iter().copied().collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(ids[0]) && set.contains(ids[1]) && !set.contains(ids[2]));
/// assert_eq!(set.iter().collect::<Vec<_>>(), ids[..2]);
/// # Ok::<(), EngineError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardSet {
    words: Vec<u64>,
}

impl CardSet {
    /// An empty set.
    pub fn new() -> CardSet {
        CardSet::default()
    }

    /// Adds a card.
    pub fn insert(&mut self, card: CardId) {
        let word = card.index() / 64;
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        if let Some(bits) = self.words.get_mut(word) {
            *bits |= 1 << (card.index() % 64);
        }
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(&self, card: CardId) -> bool {
        self.words
            .get(card.index() / 64)
            .is_some_and(|bits| bits & (1 << (card.index() % 64)) != 0)
    }

    /// How many cards the set holds.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    /// The cards, in handle order.
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let at = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    CardId::at(w * 64 + at)
                })
            })
        })
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(cards: I) -> CardSet {
        let mut set = CardSet::new();
        for card in cards {
            set.insert(card);
        }
        set
    }
}

/// What a seat knows of a zone it does not see: the zone holds at most `at_most` of
/// `cards`. A player who drew when a card of `cards` would have been playable, say,
/// held none of them then (`at_most` = the cards they have been given since).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneLimit {
    /// The zone.
    pub zone: ZoneId,
    /// The cards it holds few of.
    pub cards: CardSet,
    /// How many of them it may hold.
    pub at_most: usize,
}

impl ZoneLimit {
    /// How many of the limit's cards its zone holds in `state` (the limit is met when
    /// that is at most [`at_most`](Self::at_most)).
    pub fn held(&self, state: &GameState) -> usize {
        state
            .zone_cards(self.zone)
            .iter()
            .filter(|c| self.cards.contains(**c))
            .count()
    }
}

impl<'s> SeatView<'s> {
    /// A whole game the seat cannot tell from this one, drawn with `rng`: the cards it
    /// does not see are dealt at random into the places it does not see (every zone
    /// keeping its size), and the game's RNG is reseeded from `rng` (the real one would
    /// tell the future order of a reshuffled deck). Everything the seat sees is
    /// unchanged: `world.seat_view(seat) == view`.
    ///
    /// Only the view's content decides the sample: the unseen cards are put in handle
    /// order before they are shuffled, so two games that differ only in where the
    /// unseen cards lie give the same world for the same `rng`. Where the seat knows
    /// nothing more, each unseen card is equally likely to be in each unseen place.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let mut engine = GameEngine::new(EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
    /// let alice = engine.state().player_id("p1").ok_or("p1")?;
    /// let view = engine.state().seat_view(alice);
    /// let world = view.determinize(&mut GameRng::seed_from(7));
    /// assert_eq!(world.seat_view(alice), view);
    /// world.validate()?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn determinize(&self, rng: &mut GameRng) -> GameState {
        self.determinize_with(&[], &[], rng)
    }

    /// [`determinize`](Self::determinize) for a seat that knows more than it sees:
    /// each `(card, zone)` of `known` is a card the seat knows to lie in that unseen
    /// zone (shown to it earlier, say), and stays there; the other unseen cards are
    /// dealt at random into the other unseen places. A pair whose card is not in that
    /// zone, or whose zone the seat sees, is ignored (what the seat saw is out of date).
    pub fn determinize_knowing(&self, known: &[(CardId, ZoneId)], rng: &mut GameRng) -> GameState {
        self.determinize_with(known, &[], rng)
    }

    /// [`determinize_knowing`](Self::determinize_knowing), then each [`ZoneLimit`] is met:
    /// while a zone holds more of its limit's cards than allowed, one of them (chosen at
    /// random) changes places with a card from another unseen place (chosen at random
    /// among those that are not in the set and whose own zone's limits allow the swap).
    /// Limits on zones the seat sees are ignored; limits that cannot all be met are met
    /// as far as they can be. The sample stays one the seat cannot tell from the real
    /// game, and is close to (not exactly) uniform among the worlds that meet the limits.
    pub fn determinize_with(
        &self,
        known: &[(CardId, ZoneId)],
        limits: &[ZoneLimit],
        rng: &mut GameRng,
    ) -> GameState {
        let mut world = self.state().clone();
        let unseen: Vec<usize> = self
            .zones()
            .filter(|z| !self.sees(*z))
            .map(|z| z.index())
            .collect();
        let pinned = |zone: usize, card: CardId| {
            known
                .iter()
                .any(|(c, z)| *c == card && z.index() == zone && !self.sees(*z))
        };
        // the cards to deal, in handle order (a set of handles, read in order): nothing
        // of where they lie stays
        let pool: CardSet = unseen
            .iter()
            .flat_map(|&zone| {
                world
                    .zone_cards
                    .get(zone)
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .filter(move |card| !pinned(zone, **card))
            })
            .copied()
            .collect();
        let mut pool: Vec<CardId> = pool.iter().collect();
        rng.shuffle_in_place(&mut pool);
        let mut dealt = pool.into_iter();
        for &zone in &unseen {
            if let Some(cards) = world.zone_cards.get_mut(zone) {
                for card in cards.iter_mut() {
                    if !pinned(zone, *card)
                        && let Some(next) = dealt.next()
                    {
                        *card = next;
                    }
                }
            }
        }
        if !limits.is_empty() {
            let places: Vec<(usize, usize)> = unseen
                .iter()
                .flat_map(|&zone| {
                    let cards = world.zone_cards.get(zone).map_or(&[][..], Vec::as_slice);
                    cards
                        .iter()
                        .enumerate()
                        .filter(move |(_, card)| !pinned(zone, **card))
                        .map(move |(i, _)| (zone, i))
                })
                .collect();
            for limit in limits {
                meet(&mut world, &places, limits, limit, rng);
            }
        }
        world.rng = GameRng::seed_from(rng.next_u64());
        world
    }
}

/// An index below `n` for which `valid` holds, chosen uniformly among them: by trying
/// random ones first, then by counting them all (when they are rare, or none).
fn pick(rng: &mut GameRng, n: usize, valid: impl Fn(usize) -> bool) -> Option<usize> {
    if n == 0 {
        return None;
    }
    for _ in 0..32 {
        let i = rng.index(n);
        if valid(i) {
            return Some(i);
        }
    }
    let count = (0..n).filter(|&i| valid(i)).count();
    if count == 0 {
        return None;
    }
    let k = rng.index(count);
    (0..n).filter(|&i| valid(i)).nth(k)
}

/// Swaps cards out of `limit`'s zone until it holds no more of its cards than allowed,
/// or no swap is left that every limit allows. `places` are the unseen places whose
/// card is not pinned, as (zone, position).
fn meet(
    world: &mut GameState,
    places: &[(usize, usize)],
    limits: &[ZoneLimit],
    limit: &ZoneLimit,
    rng: &mut GameRng,
) {
    let zone = limit.zone.index();
    let card_at = |world: &GameState, (z, i): (usize, usize)| {
        world
            .zone_cards
            .get(z)
            .and_then(|cards| cards.get(i))
            .copied()
    };
    // may `card` go into `into` in place of `out`, as far as `into`'s limits go?
    let fits = |world: &GameState, into: usize, card: CardId, out: CardId| {
        limits
            .iter()
            .filter(|l| l.zone.index() == into)
            .all(|l| !l.cards.contains(card) || l.cards.contains(out) || l.held(world) < l.at_most)
    };
    // the zone's own places, then everyone else's
    let own: Vec<(usize, usize)> = places.iter().copied().filter(|p| p.0 == zone).collect();
    for _ in 0..own.len() {
        if limit.held(world) <= limit.at_most {
            return;
        }
        let out = pick(rng, own.len(), |k| {
            own.get(k)
                .and_then(|p| card_at(world, *p))
                .is_some_and(|c| limit.cards.contains(c))
        });
        let Some(&from) = out.and_then(|k| own.get(k)) else {
            return;
        };
        let Some(card) = card_at(world, from) else {
            return;
        };
        let into = pick(rng, places.len(), |k| {
            places.get(k).is_some_and(|&(z, i)| {
                z != zone
                    && card_at(world, (z, i))
                        .is_some_and(|c| !limit.cards.contains(c) && fits(world, z, card, c))
            })
        });
        let Some(&(z, i)) = into.and_then(|k| places.get(k)) else {
            return;
        };
        let Some(theirs) = world
            .zone_cards
            .get_mut(z)
            .and_then(|cards| cards.get_mut(i))
        else {
            return;
        };
        let incoming = std::mem::replace(theirs, card);
        if let Some(slot) = world
            .zone_cards
            .get_mut(from.0)
            .and_then(|cards| cards.get_mut(from.1))
        {
            *slot = incoming;
        }
    }
}

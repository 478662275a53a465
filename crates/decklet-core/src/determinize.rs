//! Worlds sampled from a seat's information state: [`InfoState::determinize`] and what
//! narrows the sample ([`SeatKnowledge`], [`CardSet`], [`ZoneLimit`]).
//!
//! A search bot plays whole games forward, and a seat does not know one. A *world* is a
//! whole game the seat cannot tell from the real one: the cards it does not see dealt
//! at random into the places it does not see. What the seat knows beyond what it sees
//! narrows the sample: cards it was shown in a zone it does not see, and limits on what
//! such a zone may hold (a player who drew instead of playing holds no card that was
//! playable then).

use crate::error::EngineError;
use crate::ids::{CardId, ZoneId};
use crate::info::{InfoState, SeatKnowledge};
use crate::rng::GameRng;
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

/// Samples a world from `info` and `knowledge` (see [`InfoState::determinize`]).
pub(crate) fn sample(
    info: &InfoState,
    knowledge: &SeatKnowledge,
    rng: &mut GameRng,
) -> Result<GameState, EngineError> {
    let mut world = info.known().clone();
    // a whole position, as the engine's side holds one
    world.seat_view = false;
    let sizes = info.sizes();
    let unseen: Vec<usize> = info
        .zones()
        .filter(|z| !info.sees(*z))
        .map(|z| z.index())
        .collect();
    let cards = info.cards().len();
    // the cards the seat sees, and those it placed
    let seen: CardSet = world.zone_cards.iter().flatten().copied().collect();
    let mut placed = CardSet::new();
    let mut placed_in = vec![0usize; sizes.len()];
    for &(card, zone) in &knowledge.placed {
        let text = || info.id_text(card).into_owned();
        let impossible = |message: String| Err(EngineError::ImpossibleKnowledge { message });
        if card.index() >= cards {
            return impossible(format!("card {card:?} is not a card of the game"));
        }
        let Some(count) = placed_in.get_mut(zone.index()) else {
            return impossible(format!("zone {zone:?} is not a zone of the game"));
        };
        if info.sees(zone) {
            return impossible(format!(
                "`{}` is placed in `{}`, which the seat sees",
                text(),
                info.id_text(zone)
            ));
        }
        if seen.contains(card) {
            return impossible(format!(
                "`{}` is placed unseen, but the seat sees it",
                text()
            ));
        }
        if placed.contains(card) {
            return impossible(format!("`{}` is placed twice", text()));
        }
        *count += 1;
        if *count > sizes.get(zone.index()).copied().unwrap_or(0) {
            return impossible(format!(
                "more cards are placed in `{}` than it holds",
                info.id_text(zone)
            ));
        }
        placed.insert(card);
    }
    // the cards to deal, in handle order: nothing of where they lie is in `info`
    let mut pool: Vec<CardId> = Vec::with_capacity(cards);
    pool.extend(
        (0..cards)
            .map(CardId::at)
            .filter(|c| !seen.contains(*c) && !placed.contains(*c)),
    );
    let unseen_places: usize = unseen.iter().filter_map(|z| sizes.get(*z)).sum();
    if pool.len() + placed.len() != unseen_places {
        return Err(EngineError::ImpossibleKnowledge {
            message: format!(
                "{} unseen cards for {unseen_places} unseen places",
                pool.len() + placed.len()
            ),
        });
    }
    // a deal the greedy swaps cannot bring within every limit (several limits on one
    // zone, few places left) is dealt again, the RNG going on: the real deal meets them
    // all, so some deal does
    for _ in 0..MAX_DEALS {
        rng.shuffle_in_place(&mut pool);
        deal(&mut world, &unseen, sizes, &pool, knowledge, rng);
        if knowledge.limits.is_empty() {
            break;
        }
        let places: Vec<(usize, usize)> = unseen
            .iter()
            .flat_map(|&zone| {
                let cards = world.zone_cards.get(zone).map_or(&[][..], Vec::as_slice);
                let placed = &placed;
                cards
                    .iter()
                    .enumerate()
                    .filter(move |(_, card)| !placed.contains(**card))
                    .map(move |(i, _)| (zone, i))
            })
            .collect();
        let limits = || knowledge.limits.iter().filter(|l| !info.sees(l.zone));
        for limit in limits() {
            meet(&mut world, &places, &knowledge.limits, limit, rng);
        }
        if limits().all(|l| l.held(&world) <= l.at_most) {
            break;
        }
    }
    world.rng = GameRng::seed_from(rng.next_u64());
    Ok(world)
}

/// How many deals [`sample`] tries before it keeps one its limits' swaps could not
/// bring within them all.
const MAX_DEALS: usize = 64;

/// Deals `pool` into the `unseen` zones (each to its size), the cards `knowledge`
/// places first in theirs.
fn deal(
    world: &mut GameState,
    unseen: &[usize],
    sizes: &[usize],
    pool: &[CardId],
    knowledge: &SeatKnowledge,
    rng: &mut GameRng,
) {
    let mut dealt = pool.iter().copied();
    for &zone in unseen {
        let size = sizes.get(zone).copied().unwrap_or(0);
        let Some(cards) = world.zone_cards.get_mut(zone) else {
            continue;
        };
        cards.clear();
        cards.extend(
            knowledge
                .placed
                .iter()
                .filter(|(_, z)| z.index() == zone)
                .map(|(c, _)| *c),
        );
        let pinned = cards.len();
        cards.extend(dealt.by_ref().take(size.saturating_sub(pinned)));
        if pinned > 0 {
            // where in the zone the placed cards lie, the seat does not know
            rng.shuffle_in_place(cards);
        }
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
        // a swap both ways: the card that comes back must fit the zone's other limits
        let into = pick(rng, places.len(), |k| {
            places.get(k).is_some_and(|&(z, i)| {
                z != zone
                    && card_at(world, (z, i)).is_some_and(|c| {
                        !limit.cards.contains(c)
                            && fits(world, z, card, c)
                            && fits(world, zone, c, card)
                    })
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

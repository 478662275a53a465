//! UNO with no engine: the speed limit `cargo xtask bench` compares decklet with.
//!
//! One reusable [`Table`] holds the deck, the discard pile and the hands as byte
//! arrays; a card is a byte (`colour << 4 | face`). The rules are decklet UNO's, the
//! policy is `UnoRandomBot`'s and actions are counted as `decklet simulate` counts them,
//! so actions per game agree with the engine's (the two differ only in their random
//! streams, so they agree in distribution, not game by game):
//!
//! - the deal gives seven cards to each seat in turn, then cards are flipped until a
//!   number card lies on the discard pile, whose colour is in force;
//! - a card is playable on the colour in force, on the top card's face (a wild's face
//!   matches nothing) or when it is a wild; a wild draw four only without a card of the
//!   colour in force;
//! - the player plays a uniformly chosen playable card (a wild's colour uniformly), or
//!   draws one card and plays it if playable, else passes;
//! - skip and draw two (the next player draws two) and wild draw four (draws four) skip
//!   the next player; reverse turns the direction, and with two players is a skip;
//! - an empty deck is refilled from the discard pile under its top card, shuffled;
//! - one action each: a play, a draw, a pass, a forced draw (a draw two's or a wild
//!   draw four's); a colour choice is not an action.

/// Cards in the deck.
pub const CARDS: usize = 108;
/// Most players a table seats.
pub const MAX_PLAYERS: usize = 10;
/// A game stops (capped) after this many actions.
pub const MAX_ACTIONS: u32 = 100_000;

const SKIP: u8 = 10;
const REVERSE: u8 = 11;
const DRAW_TWO: u8 = 12;
const WILD: u8 = 13;
const WILD_DRAW_FOUR: u8 = 14;
const NO_COLOUR: u8 = 4;
/// The face in force after a wild: matches no card.
const NO_FACE: u8 = 15;

const fn colour(card: u8) -> u8 {
    card >> 4
}
const fn face(card: u8) -> u8 {
    card & 0x0f
}

/// The 108 cards, in a fixed order.
const DECK: [u8; CARDS] = {
    let mut deck = [0u8; CARDS];
    let mut n = 0;
    let mut c = 0u8;
    while c < 4 {
        deck[n] = c << 4;
        n += 1;
        let mut f = 1u8;
        while f <= DRAW_TWO {
            deck[n] = c << 4 | f;
            deck[n + 1] = c << 4 | f;
            n += 2;
            f += 1;
        }
        c += 1;
    }
    while n < CARDS {
        deck[n] = NO_COLOUR << 4 | WILD;
        deck[n + 1] = NO_COLOUR << 4 | WILD_DRAW_FOUR;
        n += 2;
    }
    deck
};

/// A small, fast, seeded generator (SplitMix64): the baseline needs random numbers,
/// not the engine's exact stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32 for our `n`).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    fn shuffle(&mut self, cards: &mut [u8]) {
        for i in (1..cards.len()).rev() {
            cards.swap(i, self.below(i + 1));
        }
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's seat, or `None` if the game was capped.
    pub winner: Option<usize>,
    /// Plays, draws, passes and forced draws.
    pub actions: u32,
}

/// The table: deck, discard pile and hands, reused game after game.
#[derive(Clone, Debug)]
pub struct Table {
    deck: Vec<u8>,
    discard: Vec<u8>,
    hands: Vec<Vec<u8>>,
    colour: u8,
    face: u8,
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

impl Table {
    /// An empty table.
    pub fn new() -> Self {
        Table {
            deck: Vec::with_capacity(CARDS),
            discard: Vec::with_capacity(CARDS),
            hands: (0..MAX_PLAYERS)
                .map(|_| Vec::with_capacity(CARDS))
                .collect(),
            colour: 0,
            face: 0,
        }
    }

    /// Every card on the table (deck, discard pile and hands), for checks.
    pub fn card_count(&self) -> usize {
        self.deck.len() + self.discard.len() + self.hands.iter().map(Vec::len).sum::<usize>()
    }

    fn deal(&mut self, rng: &mut Rng, players: usize) {
        self.deck.clear();
        self.deck.extend_from_slice(&DECK);
        rng.shuffle(&mut self.deck);
        self.discard.clear();
        for hand in &mut self.hands {
            hand.clear();
        }
        for seat in 0..players {
            for _ in 0..7 {
                if let Some(card) = self.deck.pop() {
                    self.hands[seat].push(card);
                }
            }
        }
        while let Some(card) = self.deck.pop() {
            self.discard.push(card);
            if face(card) <= 9 {
                self.colour = colour(card);
                self.face = face(card);
                break;
            }
        }
    }

    /// Draws up to `n` cards into `seat`'s hand, refilling the deck from the discard
    /// pile when it runs out. Returns the last card drawn.
    fn draw(&mut self, rng: &mut Rng, seat: usize, n: usize) -> Option<u8> {
        let mut last = None;
        for _ in 0..n {
            if self.deck.is_empty() && self.discard.len() > 1 {
                let top = self.discard.pop();
                self.deck.append(&mut self.discard);
                self.discard.extend(top);
                rng.shuffle(&mut self.deck);
            }
            let Some(card) = self.deck.pop() else { break };
            self.hands[seat].push(card);
            last = Some(card);
        }
        last
    }

    fn playable(&self, card: u8, holds_colour: bool) -> bool {
        match face(card) {
            WILD => true,
            WILD_DRAW_FOUR => !holds_colour,
            f => colour(card) == self.colour || f == self.face,
        }
    }

    fn holds_colour(&self, seat: usize) -> bool {
        self.hands[seat].iter().any(|&c| colour(c) == self.colour)
    }

    /// The cards `seat` may play, in one pass over the hand: the wild draw fours are
    /// kept apart until the pass has seen whether the colour in force is held.
    fn options(&self, seat: usize) -> ([u8; CARDS], usize) {
        let mut options = [0u8; CARDS];
        let (mut count, mut fours, mut holds) = (0, 0, false);
        // written without branches: whether a card matches is a coin toss the CPU
        // cannot predict, so each card is stored and the count moves only on a match
        for &card in &self.hands[seat] {
            let (c, f) = (colour(card), face(card));
            holds |= c == self.colour;
            fours += usize::from(f == WILD_DRAW_FOUR);
            options[count] = card;
            count += usize::from(
                f != WILD_DRAW_FOUR && (f == WILD || c == self.colour || f == self.face),
            );
        }
        if !holds {
            for _ in 0..fours {
                options[count] = NO_COLOUR << 4 | WILD_DRAW_FOUR;
                count += 1;
            }
        }
        (options, count)
    }

    /// Plays a whole game with `players` (2 to 10) random players.
    pub fn play(&mut self, rng: &mut Rng, players: usize) -> Outcome {
        let players = players.clamp(2, MAX_PLAYERS);
        self.deal(rng, players);
        let mut seat = 0;
        let mut forward = true;
        let mut actions = 0;
        let step = |seat: usize, forward: bool, by: usize| {
            if forward {
                (seat + by) % players
            } else {
                (seat + players * 2 - by) % players
            }
        };
        while actions < MAX_ACTIONS {
            let (options, count) = self.options(seat);
            let card = if count > 0 {
                Some(options[rng.below(count)])
            } else {
                actions += 1; // the draw
                self.draw(rng, seat, 1)
                    .filter(|&c| self.playable(c, self.holds_colour(seat)))
            };
            let Some(card) = card else {
                actions += 1; // the pass
                seat = step(seat, forward, 1);
                continue;
            };
            actions += 1; // the play
            let hand = &mut self.hands[seat];
            if let Some(at) = hand.iter().position(|&c| c == card) {
                hand.swap_remove(at);
            }
            self.discard.push(card);
            if self.hands[seat].is_empty() {
                return Outcome {
                    winner: Some(seat),
                    actions,
                };
            }
            self.face = face(card);
            if colour(card) == NO_COLOUR {
                self.colour = rng.below(4) as u8;
                self.face = NO_FACE;
            } else {
                self.colour = colour(card);
            }
            seat = match face(card) {
                SKIP => step(seat, forward, 2),
                REVERSE if players == 2 => seat,
                REVERSE => {
                    forward = !forward;
                    step(seat, forward, 1)
                }
                DRAW_TWO | WILD_DRAW_FOUR => {
                    let next = step(seat, forward, 1);
                    let n = if face(card) == DRAW_TWO { 2 } else { 4 };
                    self.draw(rng, next, n);
                    actions += 1; // the forced draw
                    step(seat, forward, 2)
                }
                _ => step(seat, forward, 1),
            };
        }
        Outcome {
            winner: None,
            actions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_ends_with_a_winner_and_all_108_cards() {
        let mut rng = Rng::new(5);
        let mut table = Table::new();
        for players in 2..=MAX_PLAYERS {
            for _ in 0..50 {
                let outcome = table.play(&mut rng, players);
                assert!(outcome.winner.is_some_and(|seat| seat < players));
                assert!(outcome.actions >= 7);
                assert_eq!(table.card_count(), CARDS);
            }
        }
    }

    #[test]
    fn a_seed_plays_the_same_games() {
        let games = |seed| {
            let (mut rng, mut table) = (Rng::new(seed), Table::new());
            (0..20).map(|_| table.play(&mut rng, 4)).collect::<Vec<_>>()
        };
        assert_eq!(games(3), games(3));
        assert_ne!(games(3), games(4));
    }

    #[test]
    fn the_deck_has_uno_s_108_cards() {
        let wilds = DECK.iter().filter(|&&c| colour(c) == NO_COLOUR).count();
        let zeros = DECK.iter().filter(|&&c| face(c) == 0).count();
        assert_eq!((DECK.len(), wilds, zeros), (108, 8, 4));
    }
}

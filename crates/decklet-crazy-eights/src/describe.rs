//! Cards and moves in words, for a terminal, a narration or a rendered table: `8♠`,
//! `play Q♥`, `draw a card`, `pass`, `name spades`.

use std::fmt;

use decklet_core::{ActionRef, CardTable, PlayCard};

use crate::actions::{Draw, Nominate, Pass};
use crate::cards::{C8Card, RANKS, SUITS};

/// The suits' signs, in [`SUITS`]' order.
const SIGNS: [&str; 4] = ["♣", "♦", "♥", "♠"];

impl fmt::Display for C8Card {
    /// The rank and the suit's sign: `8♠`, `10♦`, `A♣`.
    ///
    /// ```
    /// use decklet_crazy_eights::C8Card;
    /// assert_eq!(C8Card { suit: 3, rank: 6 }.to_string(), "8♠");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = RANKS.get(usize::from(self.rank)).copied().unwrap_or("?");
        let sign = SIGNS.get(usize::from(self.suit)).copied().unwrap_or("?");
        write!(f, "{rank}{sign}")
    }
}

/// A suit named as players say it (`clubs` … `spades`), from the standard deck's name
/// (`club` … `spade`); `None` for another name.
pub fn suit_name(suit: &str) -> Option<&'static str> {
    let i = SUITS.iter().position(|s| *s == suit)?;
    ["clubs", "diamonds", "hearts", "spades"].get(i).copied()
}

/// One listed move in words, its cards read from `cards` (the game's card table,
/// which every seat knows): `play 8♠`, `draw a card`, `pass`, `name hearts`; any
/// other action by its kind.
///
/// ```
/// use decklet_crazy_eights::{crazy_eights_game, describe_move, new_crazy_eights_engine, CrazyEightsOptions};
/// let game = crazy_eights_game(CrazyEightsOptions::default())?;
/// let engine = new_crazy_eights_engine(&game, 3, 2)?;
/// let seat = engine.state().current_player().ok_or("nobody's turn")?;
/// let mut moves = decklet_core::Moves::new();
/// game.legal_moves(engine.state(), seat, &mut moves);
/// let cards = engine.state().cards();
/// let words: Vec<String> = (0..moves.len())
///     .filter_map(|i| moves.with(i, |m| describe_move(cards, m)))
///     .collect();
/// assert!(words.contains(&"draw a card".to_string()));
/// assert!(words.iter().filter(|w| w.starts_with("play ")).count() + 1 == words.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn describe_move(cards: &CardTable, action: ActionRef<'_>) -> String {
    if let Some(play) = action.downcast_ref::<PlayCard>() {
        let shown: Vec<String> = play
            .card_ids
            .iter()
            .map(|id| match cards.get(*id).and_then(C8Card::of) {
                Some(card) => card.to_string(),
                None => "a card".to_string(),
            })
            .collect();
        return format!("play {}", shown.join(", "));
    }
    if action.downcast_ref::<Draw>().is_some() {
        return "draw a card".to_string();
    }
    if action.downcast_ref::<Pass>().is_some() {
        return "pass".to_string();
    }
    if let Some(nominate) = action.downcast_ref::<Nominate>() {
        return format!("name {}", suit_name(&nominate.suit).unwrap_or("a suit"));
    }
    action.kind().to_lowercase()
}

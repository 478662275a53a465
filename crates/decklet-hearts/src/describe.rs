//! Cards and moves in words, for a terminal, a narration or a rendered table: `Q♠`,
//! `play 10♥`, `pass 2♣`.

use std::fmt;

use decklet_core::{ActionRef, CardTable, PlayCard};

use crate::actions::PassCard;
use crate::cards::HeartsCard;

/// The ranks, two to ace.
const RANKS: [&str; 13] = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
];
/// The suits' signs: clubs, diamonds, hearts, spades.
const SIGNS: [&str; 4] = ["♣", "♦", "♥", "♠"];

impl fmt::Display for HeartsCard {
    /// The rank and the suit's sign: `Q♠`, `10♥`, `2♣`.
    ///
    /// ```
    /// use decklet_hearts::QUEEN_OF_SPADES;
    /// assert_eq!(QUEEN_OF_SPADES.to_string(), "Q♠");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = RANKS.get(usize::from(self.rank)).copied().unwrap_or("?");
        let sign = SIGNS.get(usize::from(self.suit)).copied().unwrap_or("?");
        write!(f, "{rank}{sign}")
    }
}

/// A card of `cards` (the game's card table, which every seat knows) as people write
/// it: `Q♠`; `a card` for one that is not a standard card.
pub fn card_name(cards: &CardTable, card: decklet_core::CardId) -> String {
    match cards.get(card).and_then(HeartsCard::of) {
        Some(face) => face.to_string(),
        None => "a card".to_string(),
    }
}

/// One listed move in words: `play Q♠`, `pass 2♣`; any other action by its kind.
///
/// ```
/// use decklet_hearts::{describe_move, hearts_game, new_hearts_engine, HeartsOptions};
/// let game = hearts_game(HeartsOptions { pass_cards: false, ..Default::default() })?;
/// let engine = new_hearts_engine(&game, 3)?;
/// let seat = engine.state().current_player().ok_or("nobody's turn")?;
/// let mut moves = decklet_core::Moves::new();
/// game.legal_moves(engine.state(), seat, &mut moves);
/// let cards = engine.state().cards();
/// let words: Vec<String> = (0..moves.len())
///     .filter_map(|i| moves.with(i, |m| describe_move(cards, m)))
///     .collect();
/// assert_eq!(words, ["play 2♣"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn describe_move(cards: &CardTable, action: ActionRef<'_>) -> String {
    if let Some(play) = action.downcast_ref::<PlayCard>() {
        let shown: Vec<String> = play.card_ids.iter().map(|c| card_name(cards, *c)).collect();
        return format!("play {}", shown.join(", "));
    }
    if let Some(pass) = action.downcast_ref::<PassCard>() {
        return format!("pass {}", card_name(cards, pass.card_id));
    }
    action.kind().to_lowercase()
}

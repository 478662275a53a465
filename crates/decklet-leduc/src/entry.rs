//! Leduc poker's entry in a catalogue ([`LeducDef`]) and its deals ([`leduc_deals`]).

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{ChanceRoot, Scoring};
use decklet_core::{ActionRef, EngineError, Game, GameEngine, GameState, GameString};
use decklet_entry::GameDef;

use crate::{
    Call, Fold, LEDUC_DECK_ZONE_ID, LEDUC_GAME, LEDUC_PUBLIC_ZONE_ID, Raise, leduc_game,
    leduc_returns, new_leduc_engine,
};

/// Leduc poker's entry: two players, no parameter; its 120 deals enumerated.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeducDef;

impl GameDef for LeducDef {
    fn name(&self) -> &'static str {
        LEDUC_GAME
    }
    fn about(&self) -> &'static str {
        "Leduc poker as OpenSpiel plays it: six cards, a private and a public card, two betting rounds; small enough to solve"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=2
    }
    /// The game: it has no parameter (the catalogue refuses one before asking).
    fn build(&self, _game: &GameString) -> Result<Arc<Game>, String> {
        leduc_game().map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        _players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_leduc_engine(game, seed)
    }
    /// The chips won or lost: OpenSpiel's returns.
    fn scoring(&self) -> Scoring {
        leduc_returns
    }
    /// `fold`, `call` or `raise`.
    fn describe_move(&self, _state: &GameState, action: ActionRef<'_>) -> String {
        use decklet_core::Action;
        match action.kind() {
            Fold::KIND => "fold".to_string(),
            Call::KIND => "call".to_string(),
            Raise::KIND => "raise".to_string(),
            other => other.to_lowercase(),
        }
    }
    fn move_kinds(&self) -> &'static [&'static str] {
        use decklet_core::Action;
        &[Fold::KIND, Call::KIND, Raise::KIND]
    }
    fn deals(
        &self,
        game: &Arc<Game>,
        _players: usize,
    ) -> Option<Result<Vec<ChanceRoot>, EngineError>> {
        Some(leduc_deals(game))
    }
}

/// Leduc poker's 120 deals, each with probability 1/120: a private card for each
/// player and the public card, which lies on top of the face-down deck until the
/// second round turns it.
pub fn leduc_deals(game: &Arc<Game>) -> Result<Vec<ChanceRoot>, EngineError> {
    let base = new_leduc_engine(game, 0)?;
    let state = base.state();
    let seats = state.seat_order().to_vec();
    let missing = |zone: &str| EngineError::ZoneNotFound {
        zone: zone.to_string(),
    };
    let first = (seats.first().and_then(|p| state.hand_zone(*p))).ok_or_else(|| missing("hand"))?;
    let second = (seats.get(1).and_then(|p| state.hand_zone(*p))).ok_or_else(|| missing("hand"))?;
    let deck = state
        .zone_id(LEDUC_DECK_ZONE_ID)
        .ok_or_else(|| missing(LEDUC_DECK_ZONE_ID))?;
    let public = state
        .zone_id(LEDUC_PUBLIC_ZONE_ID)
        .ok_or_else(|| missing(LEDUC_PUBLIC_ZONE_ID))?;
    let cards: Vec<_> = state.cards().ids().collect();
    let mut deals = Vec::new();
    for &a in &cards {
        for &b in cards.iter().filter(|b| **b != a) {
            for &p in cards.iter().filter(|p| **p != a && **p != b) {
                // bottom first: the public card on top
                let mut rest: Vec<_> = (cards.iter().copied())
                    .filter(|c| *c != a && *c != b && *c != p)
                    .collect();
                rest.push(p);
                let dealt = state.with_zone_cards(&[
                    (first, &[a]),
                    (second, &[b]),
                    (deck, &rest),
                    (public, &[]),
                ])?;
                let mut engine = base.fork();
                engine.load_state(dealt)?;
                deals.push(ChanceRoot {
                    probability: 1.0 / 120.0,
                    engine,
                });
            }
        }
    }
    Ok(deals)
}

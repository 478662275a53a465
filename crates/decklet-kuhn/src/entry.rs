//! Kuhn poker's entry in a catalogue ([`KuhnDef`]) and its deals ([`kuhn_deals`]).

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{ChanceRoot, Scoring};
use decklet_core::{EngineError, Game, GameEngine, GameString};
use decklet_entry::GameDef;

use crate::{Bet, KUHN_DECK_ZONE_ID, KUHN_GAME, Pass, kuhn_game, kuhn_returns, new_kuhn_engine};

/// Kuhn poker's entry: two players, no parameter; its six deals enumerated.
#[derive(Clone, Copy, Debug, Default)]
pub struct KuhnDef;

impl GameDef for KuhnDef {
    fn name(&self) -> &'static str {
        KUHN_GAME
    }
    fn about(&self) -> &'static str {
        "Kuhn poker as OpenSpiel plays it: a jack, a queen and a king, pass or bet; small enough to solve"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=2
    }
    /// The game: it has no parameter (the catalogue refuses one before asking).
    fn build(&self, _game: &GameString) -> Result<Arc<Game>, String> {
        kuhn_game().map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        _players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_kuhn_engine(game, seed)
    }
    /// The chips won or lost: OpenSpiel's returns.
    fn scoring(&self) -> Scoring {
        kuhn_returns
    }
    /// `pass` or `bet`.
    fn describe_move(
        &self,
        _state: &decklet_core::GameState,
        action: decklet_core::ActionRef<'_>,
    ) -> String {
        use decklet_core::Action;
        match action.kind() {
            Bet::KIND => "bet".to_string(),
            Pass::KIND => "pass".to_string(),
            other => other.to_lowercase(),
        }
    }
    fn move_kinds(&self) -> &'static [&'static str] {
        use decklet_core::Action;
        &[Pass::KIND, Bet::KIND]
    }
    fn deals(
        &self,
        game: &Arc<Game>,
        _players: usize,
    ) -> Option<Result<Vec<ChanceRoot>, EngineError>> {
        Some(kuhn_deals(game))
    }
}

/// Kuhn poker's six deals, each with probability 1/6: every way of giving the three
/// cards to the first player, the second and the deck.
pub fn kuhn_deals(game: &Arc<Game>) -> Result<Vec<ChanceRoot>, EngineError> {
    let base = new_kuhn_engine(game, 0)?;
    let state = base.state();
    let seats = state.seat_order().to_vec();
    let zone = |z: Option<decklet_core::ZoneId>| {
        z.ok_or_else(|| EngineError::ZoneNotFound {
            zone: KUHN_DECK_ZONE_ID.to_string(),
        })
    };
    let first = zone(seats.first().and_then(|p| state.hand_zone(*p)))?;
    let second = zone(seats.get(1).and_then(|p| state.hand_zone(*p)))?;
    let deck = zone(state.zone_id(KUHN_DECK_ZONE_ID))?;
    let cards: Vec<_> = state.cards().ids().collect();
    let mut deals = Vec::new();
    for a in 0..cards.len() {
        for b in (0..cards.len()).filter(|b| *b != a) {
            let rest: Vec<_> = (0..cards.len())
                .filter(|c| *c != a && *c != b)
                .filter_map(|c| cards.get(c).copied())
                .collect();
            let (Some(&x), Some(&y)) = (cards.get(a), cards.get(b)) else {
                continue;
            };
            let dealt = state.with_zone_cards(&[(first, &[x]), (second, &[y]), (deck, &rest)])?;
            let mut engine = base.fork();
            engine.load_state(dealt)?;
            deals.push(ChanceRoot {
                probability: 1.0 / 6.0,
                engine,
            });
        }
    }
    Ok(deals)
}

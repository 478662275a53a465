//! Mini-UNO's entry in a catalogue ([`MiniUnoDef`]) and its deals ([`mini_uno_deals`]).

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{ChanceRoot, Scoring};
use decklet_core::{ActionRef, EngineError, Game, GameEngine, GameState, GameString};
use decklet_entry::GameDef;

use crate::{
    Draw, MINI_UNO_DECK_ZONE_ID, MINI_UNO_DISCARD_ZONE_ID, MINI_UNO_GAME, Pass, PlayCard,
    mini_uno_game, mini_uno_returns, new_mini_uno_engine,
};

/// Mini-UNO's entry: two players, no parameter; its 180 deals enumerated.
#[derive(Clone, Copy, Debug, Default)]
pub struct MiniUnoDef;

impl GameDef for MiniUnoDef {
    fn name(&self) -> &'static str {
        MINI_UNO_GAME
    }
    fn about(&self) -> &'static str {
        "UNO cut down until it can be solved: six cards, two each, match colour or number"
    }
    fn players(&self) -> RangeInclusive<usize> {
        2..=2
    }
    /// The game: it has no parameter (the catalogue refuses one before asking).
    fn build(&self, _game: &GameString) -> Result<Arc<Game>, String> {
        mini_uno_game().map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        _players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_mini_uno_engine(game, seed)
    }
    /// 1 to whoever went out, −1 to the other; 0 to both in a drawn game.
    fn scoring(&self) -> Scoring {
        mini_uno_returns
    }
    /// `play red 2`, `draw`, `pass`.
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
        if let Some(play) = action.downcast_ref::<PlayCard>() {
            let card = state.card(play.card_id);
            return match card.and_then(|c| Some((c.suit.as_deref()?, c.value?))) {
                Some((colour, number)) => format!("play {colour} {number}"),
                None => "play".to_string(),
            };
        }
        match action.kind() {
            k if k == <Draw as decklet_core::Action>::KIND => "draw".to_string(),
            k if k == <Pass as decklet_core::Action>::KIND => "pass".to_string(),
            other => other.to_lowercase(),
        }
    }
    fn move_kinds(&self) -> &'static [&'static str] {
        use decklet_core::Action;
        &[PlayCard::KIND, Draw::KIND, Pass::KIND]
    }
    fn deals(
        &self,
        game: &Arc<Game>,
        _players: usize,
    ) -> Option<Result<Vec<ChanceRoot>, EngineError>> {
        Some(mini_uno_deals(game))
    }
}

/// Mini-UNO's 180 deals, each with probability 1/180: two cards for each player (in
/// the cards' order), the card turned up, and the one left to draw.
pub fn mini_uno_deals(game: &Arc<Game>) -> Result<Vec<ChanceRoot>, EngineError> {
    let base = new_mini_uno_engine(game, 0)?;
    let state = base.state();
    let seats = state.seat_order().to_vec();
    let missing = |zone: &str| EngineError::ZoneNotFound {
        zone: zone.to_string(),
    };
    let first = (seats.first().and_then(|p| state.hand_zone(*p))).ok_or_else(|| missing("hand"))?;
    let second = (seats.get(1).and_then(|p| state.hand_zone(*p))).ok_or_else(|| missing("hand"))?;
    let deck =
        (state.zone_id(MINI_UNO_DECK_ZONE_ID)).ok_or_else(|| missing(MINI_UNO_DECK_ZONE_ID))?;
    let discard = (state.zone_id(MINI_UNO_DISCARD_ZONE_ID))
        .ok_or_else(|| missing(MINI_UNO_DISCARD_ZONE_ID))?;
    let cards: Vec<_> = state.cards().ids().collect();
    let pairs = |from: &[decklet_core::CardId]| {
        let mut out = Vec::new();
        for (i, a) in from.iter().enumerate() {
            for b in from.iter().skip(i + 1) {
                out.push([*a, *b]);
            }
        }
        out
    };
    let mut deals = Vec::new();
    for mine in pairs(&cards) {
        let rest: Vec<_> = cards
            .iter()
            .copied()
            .filter(|c| !mine.contains(c))
            .collect();
        for theirs in pairs(&rest) {
            let left: Vec<_> = rest
                .iter()
                .copied()
                .filter(|c| !theirs.contains(c))
                .collect();
            for (up, down) in [(0, 1), (1, 0)] {
                let (Some(&up), Some(&down)) = (left.get(up), left.get(down)) else {
                    continue;
                };
                let dealt = state.with_zone_cards(&[
                    (first, &mine),
                    (second, &theirs),
                    (discard, &[up]),
                    (deck, &[down]),
                ])?;
                let mut engine = base.fork();
                engine.load_state(dealt)?;
                deals.push(ChanceRoot {
                    probability: 1.0 / 180.0,
                    engine,
                });
            }
        }
    }
    Ok(deals)
}

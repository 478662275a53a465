//! Crazy Eights' entry in the catalogue ([`CrazyEightsDef`]), with OpenSpiel's
//! parameters, `crazy_eights(max_draw_cards=…,max_turns=…,reshuffle=…,use_special_cards=…)`,
//! as [`C8_PARAMS`] declares them.

use std::ops::RangeInclusive;
use std::sync::Arc;

use crate::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, C8_PARAMS, C8_VAR_END, C8_VAR_PENDING_TWOS, C8_VAR_SUIT,
    C8Card, CRAZY_EIGHTS_GAME, CrazyEightsEncoding, CrazyEightsOptions, Draw, Pass, SUITS,
    c8_returns, crazy_eights_game, describe_move, new_crazy_eights_engine, strategist_choice,
    strategist_playout, suit_name,
};
use decklet_bots::{Bot, Encoding, FnBot, Playout, Scoring};
use decklet_core::{
    ActionRef, Card, EngineError, Game, GameEngine, GameState, GameString, InfoState,
};

use decklet_entry::{BotDef, GameDef, ParamDef};

const BOTS: [BotDef; 1] = [BotDef {
    name: "strategist",
    about: "plays the suit it holds most of, keeps its eights for last",
}];

/// Crazy Eights' entry: OpenSpiel's `crazy_eights` rules and parameters.
#[derive(Clone, Copy, Debug, Default)]
pub struct CrazyEightsDef;

impl GameDef for CrazyEightsDef {
    fn name(&self) -> &'static str {
        CRAZY_EIGHTS_GAME
    }
    /// `crazy-eights`, its name in decklet 0.2.
    fn aliases(&self) -> &'static [&'static str] {
        &["crazy-eights"]
    }
    fn about(&self) -> &'static str {
        "Crazy Eights as OpenSpiel plays it"
    }
    fn params(&self) -> &'static [ParamDef] {
        &C8_PARAMS
    }
    fn players(&self) -> RangeInclusive<usize> {
        C8_MIN_PLAYERS..=C8_MAX_PLAYERS
    }
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        let options = CrazyEightsOptions::from_game_string(game)?;
        crazy_eights_game(options).map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_crazy_eights_engine(game, seed, players)
    }
    fn bots(&self) -> &'static [BotDef] {
        &BOTS
    }
    fn bot(&self, _game: &Arc<Game>, name: &str, _seed: u64) -> Option<Box<dyn Bot>> {
        (name == "strategist")
            .then(|| Box::new(FnBot::new("strategist", strategist_choice)) as Box<dyn Bot>)
    }
    fn scoring(&self) -> Scoring {
        c8_returns
    }
    fn playout(&self) -> Option<Playout> {
        Some(strategist_playout)
    }
    /// Its own ([`CrazyEightsEncoding`]), whatever the options.
    fn encoding(&self, _game: &GameString, built: &Arc<Game>) -> Option<Arc<dyn Encoding>> {
        Some(Arc::new(CrazyEightsEncoding::of_game(Arc::clone(built))))
    }
    fn describe_card(&self, card: &Card) -> String {
        C8Card::of(card).map_or_else(|| card.id.to_string(), |c| c.to_string())
    }
    fn ending(&self, state: &GameState) -> Option<String> {
        state.variable(&C8_VAR_END).map(|e| e.to_string())
    }
    fn describe_table(&self, info: &InfoState) -> Vec<String> {
        let mut facts = Vec::new();
        if let Some(suit) = info
            .variable(&C8_VAR_SUIT)
            .and_then(|s| usize::try_from(s).ok())
            .and_then(|s| SUITS.get(s))
            .and_then(|s| suit_name(s))
        {
            facts.push(format!("suit to match: {suit}"));
        }
        let twos = info.variable(&C8_VAR_PENDING_TWOS).unwrap_or(0);
        if twos > 0 {
            facts.push(format!("twos pending: play a two or draw {}", 2 * twos));
        }
        facts
    }
    /// `d` draw, `p` pass (a suit is named by its move's number: `d` is not also
    /// diamonds).
    fn keys(&self) -> &'static [(char, &'static str)] {
        &[('d', "draw a card"), ('p', "pass")]
    }
    fn move_key(&self, action: ActionRef<'_>) -> Option<char> {
        if action.downcast_ref::<Draw>().is_some() {
            return Some('d');
        }
        action.downcast_ref::<Pass>().map(|_| 'p')
    }
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
        describe_move(state.cards(), action)
    }
}

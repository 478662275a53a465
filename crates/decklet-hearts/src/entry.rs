//! Hearts' entry in the catalogue ([`HeartsDef`]): OpenSpiel's `hearts` rules and
//! parameters, `hearts(pass_cards=…,no_pts_on_first_trick=…,jd_bonus=…,…)`, as
//! [`HEARTS_PARAMS`] declares them.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{Bot, FnBot, IsmctsBot, IsmctsConfig, Playout, Scoring};
use decklet_core::{
    ActionRef, Card, EngineError, Game, GameEngine, GameState, GameString, InfoState,
    PLAY_CARD_ACTION,
};
use decklet_entry::{BotDef, GameDef, ParamDef, search_iterations};

use crate::{
    HEARTS_GAME, HEARTS_PARAMS, HEARTS_PASS_ACTION, HEARTS_PLAYERS, HEARTS_TOTAL_POINTS,
    HEARTS_VAR_BROKEN, HEARTS_VAR_MOON, HEARTS_VAR_PASS_DIR, HEARTS_VAR_PASSING, HEARTS_VAR_POINTS,
    HeartsCard, HeartsHints, HeartsOptions, describe_move, ducker_choice, ducker_playout,
    hearts_game, hearts_returns, new_hearts_engine,
};

const BOTS: [BotDef; 1] = [BotDef {
    name: "ducker",
    about: "passes its dangerous cards, plays under the winning card, sheds the queen of spades",
}];

/// Hearts' entry: OpenSpiel's `hearts` rules and parameters.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeartsDef;

impl GameDef for HeartsDef {
    fn name(&self) -> &'static str {
        HEARTS_GAME
    }
    fn about(&self) -> &'static str {
        "Hearts as OpenSpiel plays it: passing, breaking hearts, the queen of spades, the moon"
    }
    fn params(&self) -> &'static [ParamDef] {
        &HEARTS_PARAMS
    }
    fn players(&self) -> RangeInclusive<usize> {
        HEARTS_PLAYERS..=HEARTS_PLAYERS
    }
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        let options = HeartsOptions::from_game_string(game)?;
        hearts_game(options).map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        _players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_hearts_engine(game, seed)
    }
    fn bots(&self) -> &'static [BotDef] {
        &BOTS
    }
    /// `ducker`, and the search (`ismcts:N`) with what Hearts tells it: worlds that
    /// keep every void a player showed ([`HeartsHints`]), playouts by the ducker's
    /// policy, each crediting every player their return (`26 − points`, out of 26)
    /// rather than a win: points are what a hand of Hearts is played for.
    fn bot(&self, game: &Arc<Game>, name: &str, seed: u64) -> Option<Box<dyn Bot>> {
        if name == "ducker" {
            return Some(Box::new(FnBot::new("ducker", ducker_choice)));
        }
        let config = IsmctsConfig {
            iterations: search_iterations(name)??,
            ..IsmctsConfig::default()
        };
        let search = IsmctsBot::new(game, config, seed)
            .with_scoring(hearts_returns)
            .with_score_range(0.0, HEARTS_TOTAL_POINTS as f64)
            .with_playout(ducker_playout)
            .with_hints(HeartsHints::default());
        Some(Box::new(search))
    }
    fn scoring(&self) -> Scoring {
        hearts_returns
    }
    fn playout(&self) -> Option<Playout> {
        Some(ducker_playout)
    }
    fn describe_card(&self, card: &Card) -> String {
        HeartsCard::of(card).map_or_else(|| card.id.to_string(), |c| c.to_string())
    }
    fn describe_table(&self, info: &InfoState) -> Vec<String> {
        let mut facts = Vec::new();
        let direction = [
            "no pass",
            "pass to the left",
            "pass across",
            "pass to the right",
        ];
        if let Some(dir) = info
            .variable(&HEARTS_VAR_PASS_DIR)
            .and_then(|d| usize::try_from(d).ok())
            .and_then(|d| direction.get(d))
        {
            facts.push(dir.to_string());
        }
        if info.variable(&HEARTS_VAR_PASSING) == Some(true) {
            facts.push("choosing three cards to pass".to_string());
        }
        if info.variable(&HEARTS_VAR_BROKEN) == Some(true) {
            facts.push("hearts are broken".to_string());
        }
        if let Some(points) = info.variable(&HEARTS_VAR_POINTS) {
            let names: Vec<String> = points
                .as_array()
                .map(|a| a.iter().map(|p| p.to_string()).collect())
                .unwrap_or_default();
            facts.push(format!("points: {}", names.join(", ")));
        }
        facts
    }
    fn move_kinds(&self) -> &'static [&'static str] {
        &[HEARTS_PASS_ACTION, PLAY_CARD_ACTION]
    }
    fn ending(&self, state: &GameState) -> Option<String> {
        let moon = state.variable(&HEARTS_VAR_MOON)?;
        Some(if moon >= 0 { "moon" } else { "points" }.to_string())
    }
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
        describe_move(state.cards(), action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_given_changes_nothing() {
        let all: Vec<String> = HEARTS_PARAMS
            .iter()
            .map(|p| format!("{}={}", p.name, p.default))
            .collect();
        let text = format!("hearts({})", all.join(","));
        let given = HeartsOptions::from_game_string(&text.parse().unwrap()).unwrap();
        assert_eq!(given, HeartsOptions::default());
        assert_eq!(given.game_string().to_string(), "hearts");
    }
}

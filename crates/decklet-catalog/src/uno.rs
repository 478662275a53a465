//! UNO in the catalogue: `uno(rules=classic|official,house=RULE+RULE…)`.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{Bot, Playout};
use decklet_core::{AnyAction, Card, EngineError, Game, GameEngine, GameState, GameString};
use decklet_uno::{
    ForAnyGame, HeuristicBot, LegalAction, UNO_GAME, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, UnoCard,
    new_uno_engine, uno_game, uno_playout, uno_rules_of,
};

use crate::def::{BotDef, GameDef, ParamDef, ParamKind};

/// The `--house` names of UNO's optional rules, in `HouseRule::ALL`'s order.
const HOUSE_RULES: [&str; 11] = [
    "draw-until-playable",
    "forced-play",
    "first-card",
    "scoring",
    "wd4-challenge",
    "jump-in",
    "seven-zero",
    "stacking",
    "stacking-same",
    "stacking-any",
    "call-uno",
];

const PARAMS: [ParamDef; 2] = [
    ParamDef {
        name: "rules",
        kind: ParamKind::Choice(&["classic", "official"]),
        default: "classic",
        about: "classic UNO, or the official rules (calling UNO, the wild draw four challenge, the first card's effect, scoring)",
    },
    ParamDef {
        name: "house",
        kind: ParamKind::Set(&HOUSE_RULES),
        default: "",
        about: "optional rules added to the preset",
    },
];

const BOTS: [BotDef; 1] = [BotDef {
    name: "heuristic",
    about: "plays the card that keeps its hand most playable, holds wild cards back",
}];

/// UNO's entry: the reference game and its presets and house rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct UnoDef;

impl GameDef for UnoDef {
    fn name(&self) -> &'static str {
        UNO_GAME
    }
    fn about(&self) -> &'static str {
        "UNO, with the official rules as a preset and house rules to add"
    }
    fn params(&self) -> &'static [ParamDef] {
        &PARAMS
    }
    fn players(&self) -> RangeInclusive<usize> {
        UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS
    }
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        uno_game(&uno_rules_of(game)?).map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_uno_engine(game, seed, players)
    }
    fn bots(&self) -> &'static [BotDef] {
        &BOTS
    }
    fn bot(&self, _game: &Arc<Game>, name: &str, seed: u64) -> Option<Box<dyn Bot>> {
        (name == "heuristic").then(|| Box::new(ForAnyGame(HeuristicBot::new(seed))) as Box<dyn Bot>)
    }
    fn playout(&self) -> Option<Playout> {
        Some(uno_playout)
    }
    fn describe_card(&self, card: &Card) -> String {
        UnoCard::of(card).map_or_else(|| card.id.to_string(), |c| c.to_string())
    }
    fn describe_move(&self, state: &GameState, action: &AnyAction) -> String {
        match LegalAction::of_action(action) {
            Some(legal) => legal.describe(state),
            None => action.kind().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_house_rules_listed_are_uno_s() {
        let names: Vec<&str> = decklet_uno::HouseRule::ALL
            .iter()
            .map(|r| r.as_str())
            .collect();
        assert_eq!(names, HOUSE_RULES);
    }
}

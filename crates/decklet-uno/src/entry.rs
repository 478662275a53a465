//! UNO's entry in the catalogue ([`UnoDef`]): `uno(rules=classic|official,house=RULE+RULE…)`,
//! its parameters as [`UNO_PARAMS`] declares them.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::{Bot, Encoding, Playout};
use decklet_core::{
    ActionRef, AnyEvent, Card, EngineError, Game, GameEngine, GameState, GameString, InfoState,
    Moves,
};
use decklet_entry::{
    BotDef, CountDef, Counter, GameDef, MatchScoring, ParamDef, search_iterations,
};

use crate::bots::{HeuristicBot, UnoRandomBot, uno_playout};
use crate::cards::UnoCard;
use crate::def::{UNO_GAME, UNO_PARAMS, uno_game_string, uno_rules_of};
use crate::encoding::UnoEncoding;
use crate::house::{HouseRule, UNO_VAR_ROUND_POINTS};
use crate::legal_action::LegalAction;
use crate::search::UnoSearch;
use crate::sim::{GameCounter, new_uno_engine, uno_game};
use crate::state::{UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, UNO_VAR_CURRENT_COLOR, UNO_VAR_PENDING_DRAW};

const BOTS: [BotDef; 2] = [
    BotDef {
        name: "heuristic",
        about: "plays the card that keeps its hand most playable, holds wild cards back",
    },
    BotDef {
        name: "heuristic:forget=P",
        about: "the heuristic bot, forgetting to call UNO with probability P (0 to 1)",
    },
];

/// The probability of forgetting to call UNO a bot name `heuristic:forget=P` gives:
/// `None` for another name, `Some(None)` for a P that is not from 0 to 1.
fn forgetting(name: &str) -> Option<Option<f64>> {
    let p = name.strip_prefix("heuristic:forget=")?;
    Some(p.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)))
}

/// The keys of UNO's moves at a table, the colours in `UnoColor::ALL`'s order.
const KEYS: [(char, &str); 9] = [
    ('d', "draw"),
    ('p', "end the turn (pass)"),
    ('r', "choose red"),
    ('y', "choose yellow"),
    ('g', "choose green"),
    ('b', "choose blue"),
    ('u', "call UNO"),
    ('a', "accept the wild draw four"),
    ('c', "challenge the wild draw four"),
];

/// What a simulation counts of UNO, as the no-engine reference loop counts a game.
const COUNTS: [CountDef; 4] = [
    CountDef {
        name: "actions",
        about: "plays, draws, passes and forced draws, as the no-engine loop counts them",
    },
    CountDef {
        name: "turns",
        about: "plays and passes",
    },
    CountDef {
        name: "cardsDrawn",
        about: "the deal included",
    },
    CountDef {
        name: "reshuffles",
        about: "the discard pile shuffled back into the deck",
    },
];

/// UNO's [`Counter`]: [`GameCounter`]'s counts, in [`COUNTS`]' order.
struct UnoCounter(GameCounter);

impl Counter for UnoCounter {
    fn counts(&self) -> &'static [CountDef] {
        &COUNTS
    }
    fn begin(&mut self) {
        self.0.begin();
    }
    fn count_move(&mut self, moves: &Moves, index: usize) {
        self.0.count_move(moves, index);
    }
    fn finish(&mut self, state: &GameState, totals: &mut [u64]) {
        let counts = self.0.finish(state);
        let values = [
            counts.actions,
            counts.turns,
            counts.cards_drawn,
            counts.reshuffles,
        ];
        for (total, value) in totals.iter_mut().zip(values) {
            *total += value;
        }
    }
}

/// The points an UNO match is played to unless told otherwise (the official rules').
const MATCH_TARGET: u32 = 500;

/// The game every round of an UNO match of `game` plays: its rules with scoring.
fn round_game(game: &GameString) -> Result<GameString, String> {
    let mut rules = uno_rules_of(game)?;
    rules.push(HouseRule::Scoring);
    Ok(uno_game_string(&rules))
}

/// A finished round's sole winner and the points they scored (the others' cards, under
/// scoring; 0 without it).
fn round_score(state: &GameState) -> Option<(usize, u32)> {
    let [winner] = state.winners() else {
        return None;
    };
    let index = state.players().position(|p| p == *winner)?;
    let points = (state.variable(&UNO_VAR_ROUND_POINTS))
        .and_then(|p| u32::try_from(p).ok())
        .unwrap_or(0);
    Some((index, points))
}

/// The game string of an older UNO match log's rules (the plugin ids of its optional
/// rules in play, scoring among them): what the catalogue reads such a log by.
pub fn uno_match_game_of_rule_plugins(ids: &[String]) -> Result<String, String> {
    let mut rules = Vec::new();
    for id in ids {
        let rule = HouseRule::of_plugin(id)
            .ok_or_else(|| format!("unknown rule plugin `{}`", decklet_core::echo(id)))?;
        if rules.contains(&rule) {
            return Err("the rules are not a playable set".into());
        }
        rules.push(rule);
    }
    if !rules.contains(&HouseRule::Scoring) {
        return Err("an UNO match's rules include scoring".into());
    }
    Ok(uno_game_string(&rules).to_string())
}

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
        &UNO_PARAMS
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
    /// Turn, Draw and UNO's plugins, then house rules' plugins.
    fn game_of_plugins(&self, ids: &[&str]) -> Option<GameString> {
        let rules = ids.strip_prefix(&["turn", "draw", "uno"][..])?;
        let rules: Option<Vec<HouseRule>> =
            rules.iter().map(|id| HouseRule::of_plugin(id)).collect();
        Some(uno_game_string(&rules?))
    }
    /// Rounds with scoring to 500 points: the round's winner scores the cards left in
    /// the others' hands.
    fn matches(&self) -> Option<MatchScoring> {
        Some(MatchScoring {
            round_game,
            round_score,
            default_target: MATCH_TARGET,
        })
    }
    fn counter(&self, engine: &mut GameEngine) -> Option<Box<dyn Counter>> {
        Some(Box::new(UnoCounter(GameCounter::attach(engine))))
    }
    fn bots(&self) -> &'static [BotDef] {
        &BOTS
    }
    /// `heuristic` (`heuristic:forget=P`: forgetting to call UNO with probability P),
    /// and UNO's own `random` (it plays a card whenever it can: drawing
    /// is always listed, and uniformly random play rarely ends a game) and `ismcts[:N]`
    /// (the search with UNO's inference of the other hands and cut-off playouts).
    fn bot(&self, game: &Arc<Game>, name: &str, seed: u64) -> Option<Box<dyn Bot>> {
        match name {
            "random" => Some(Box::new(UnoRandomBot::new(seed))),
            "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
            other if other.starts_with("heuristic:") => {
                let forget = forgetting(other)??;
                Some(Box::new(HeuristicBot::new(seed).forgetting_uno(forget)))
            }
            other => {
                let config = UnoSearch::config(search_iterations(other)??);
                Some(Box::new(UnoSearch::default().bot(game, config, seed)))
            }
        }
    }
    fn playout(&self) -> Option<Playout> {
        Some(uno_playout)
    }
    /// UNO's own ([`UnoEncoding`]): 82 actions, 199 numbers an observation, whatever
    /// the rules.
    fn encoding(&self, game: &GameString, built: &Arc<Game>) -> Option<Arc<dyn Encoding>> {
        let house = uno_rules_of(game).ok()?;
        Some(Arc::new(UnoEncoding::of_game(Arc::clone(built), house)))
    }
    fn describe_card(&self, card: &Card) -> String {
        UnoCard::of(card).map_or_else(|| card.id.to_string(), |c| c.to_string())
    }
    /// The colour in force, a pending draw and the round's points, when there are.
    fn describe_table(&self, info: &InfoState) -> Vec<String> {
        let mut facts = Vec::new();
        if let Some(colour) = info.variable(&UNO_VAR_CURRENT_COLOR) {
            facts.push(format!("colour in force: {colour}"));
        }
        if let Some(draw) = info.variable(&UNO_VAR_PENDING_DRAW).filter(|n| *n > 0) {
            facts.push(format!("pending draw: {draw}"));
        }
        if let Some(points) = info.variable(&UNO_VAR_ROUND_POINTS).filter(|n| *n > 0) {
            facts.push(format!("round points: {points}"));
        }
        facts
    }
    fn narrate(&self, state: &GameState, events: &[AnyEvent]) -> Option<Vec<String>> {
        Some(crate::narrate::narrate(state, events))
    }
    /// `d` draw, `p` end the turn, `r`/`y`/`g`/`b` choose a colour, `u` call UNO, `a`
    /// accept a wild draw four, `c` challenge it.
    fn keys(&self) -> &'static [(char, &'static str)] {
        &KEYS
    }
    fn move_key(&self, action: ActionRef<'_>) -> Option<char> {
        match LegalAction::of_action(action)? {
            LegalAction::Draw => Some('d'),
            LegalAction::EndTurn => Some('p'),
            LegalAction::ChooseColor(colour) => KEYS.get(2 + colour.index()).map(|(key, _)| *key),
            LegalAction::CallUno => Some('u'),
            LegalAction::AcceptDrawFour => Some('a'),
            LegalAction::Challenge => Some('c'),
            LegalAction::Play(_) | LegalAction::SwapHands(_) | LegalAction::CatchUno(_) => None,
        }
    }
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
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
    fn a_heuristic_bot_forgets_to_call_uno_as_its_name_says() {
        assert_eq!(forgetting("heuristic:forget=0.25"), Some(Some(0.25)));
        assert_eq!(forgetting("heuristic:forget=1"), Some(Some(1.0)));
        for bad in [
            "heuristic:forget=1.5",
            "heuristic:forget=-0.1",
            "heuristic:forget=x",
        ] {
            assert_eq!(forgetting(bad), Some(None), "{bad}");
        }
        assert_eq!(forgetting("heuristic"), None);
        let game = uno_game(&[]).unwrap();
        assert!(UnoDef.bot(&game, "heuristic:forget=0.5", 1).is_some());
        assert!(UnoDef.bot(&game, "heuristic:forget=2", 1).is_none());
        assert!(UnoDef.bot(&game, "heuristic:other", 1).is_none());
    }

    #[test]
    fn the_colour_keys_follow_uno_s_colour_order() {
        for colour in crate::cards::UnoColor::ALL {
            let key = KEYS[2 + colour.index()];
            assert_eq!(key.1, format!("choose {colour}"));
            assert!(colour.to_string().starts_with(key.0));
        }
    }

    #[test]
    fn the_house_rules_listed_are_uno_s() {
        let names: Vec<&str> = HouseRule::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(names, HouseRule::NAMES);
    }
}

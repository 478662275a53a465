//! UNO's game string: `uno`, `uno(rules=official)`,
//! `uno(house=jump-in+stacking,rules=official)`. `rules` is the preset (`classic`, the
//! default, or `official`), `house` the optional rules added to it, joined by `+`
//! (their `--house` names). [`uno_game`](crate::uno_game) names the game it builds
//! this way, so a log of UNO records its rules.

use decklet_core::GameString;
use decklet_entry::{ParamDef, ParamKind, Params};

use crate::house::{HouseRule, RuleSet};

/// UNO's name in a game string.
pub const UNO_GAME: &str = "uno";

/// UNO's parameters: `rules`, the preset, and `house`, the rules added to it (what
/// [`uno_rules_of`] reads, and the catalogue checks a game string against).
pub const UNO_PARAMS: [ParamDef; 2] = [
    ParamDef {
        name: "rules",
        kind: ParamKind::Choice(&RuleSet::NAMES),
        default: RuleSet::Classic.as_str(),
        about: "classic UNO, or the official rules (calling UNO, the wild draw four challenge, the first card's effect, scoring)",
    },
    ParamDef {
        name: "house",
        kind: ParamKind::Set(&HouseRule::NAMES),
        default: "",
        about: "optional rules added to the preset",
    },
];

/// The game string of UNO with `rules` (as [`RuleSet::with_house`] answers them):
/// the official preset when every one of its rules is in, then the others.
///
/// ```
/// use decklet_uno::{HouseRule, RuleSet, uno_game_string};
/// assert_eq!(uno_game_string(&[]).to_string(), "uno");
/// let rules = RuleSet::with_house("official", ["stacking"])?;
/// assert_eq!(
///     uno_game_string(&rules).to_string(),
///     "uno(house=stacking,rules=official)"
/// );
/// assert_eq!(
///     uno_game_string(&[HouseRule::JumpIn, HouseRule::SevenZero]).to_string(),
///     "uno(house=jump-in+seven-zero)"
/// );
/// # Ok::<(), String>(())
/// ```
pub fn uno_game_string(rules: &[HouseRule]) -> GameString {
    let official = RuleSet::Official.rules();
    let preset = official.iter().all(|r| rules.contains(r));
    let mut house: Vec<HouseRule> = rules
        .iter()
        .copied()
        .filter(|r| !(preset && official.contains(r)))
        .collect();
    house.sort();
    house.dedup();
    let mut game = GameString::new(UNO_GAME);
    if preset {
        game = game.with("rules", RuleSet::Official.as_str());
    }
    if !house.is_empty() {
        let names: Vec<&str> = house.iter().map(|r| r.as_str()).collect();
        game = game.with("house", names.join("+"));
    }
    game
}

/// The rules a game string of UNO asks for, checked as [`RuleSet::with_house`] checks
/// them; an error names what is wrong (another game, an unknown parameter, preset or
/// rule, rules that cannot go together).
///
/// ```
/// use decklet_uno::{HouseRule, uno_rules_of};
/// let rules = uno_rules_of(&"uno(house=jump-in)".parse().map_err(|e| format!("{e}"))?)?;
/// assert_eq!(rules, [HouseRule::JumpIn]);
/// assert!(uno_rules_of(&"uno(players=3)".parse().map_err(|e| format!("{e}"))?).is_err());
/// # Ok::<(), String>(())
/// ```
pub fn uno_rules_of(game: &GameString) -> Result<Vec<HouseRule>, String> {
    if game.name != UNO_GAME {
        return Err(format!("`{}` is not UNO", decklet_core::echo(&game.name)));
    }
    let params = Params::read(&UNO_PARAMS, game).map_err(|e| format!("UNO: {e}"))?;
    RuleSet::with_house(params.text("rules"), params.words("house"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_reads_back_from_its_game_string() {
        let mut sets: Vec<Vec<HouseRule>> = vec![Vec::new(), RuleSet::Official.rules().to_vec()];
        for rule in HouseRule::ALL {
            sets.push(vec![rule]);
            let mut official = RuleSet::Official.rules().to_vec();
            official.push(rule);
            sets.push(official);
        }
        for mut rules in sets {
            rules.sort();
            rules.dedup();
            if HouseRule::check_combination(&rules).is_err() {
                continue;
            }
            let text = uno_game_string(&rules).to_string();
            let parsed: GameString = text.parse().unwrap();
            assert_eq!(uno_rules_of(&parsed).unwrap(), rules, "{text}");
        }
    }
}

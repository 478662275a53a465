//! House rules: variants players often use, each an opt-in plugin registered after
//! [`UnoPlugin`](crate::UnoPlugin). They change UNO by adding event handlers and
//! actions, by wrapping or replacing its rules by id, and by putting their own effects
//! in UNO's effect table, never by forking it. Each marks itself in the game's
//! [`RulesInPlay`] and lists its own moves through UNO's move hooks
//! ([`UnoMoveHooks`](crate::UnoMoveHooks)), both declared when the game is built, so
//! that [`legal_actions`](crate::legal_actions) (UNO's one place for legality) answers
//! for the rules in play.
//!
//! | plugin | id | `--house` name |
//! |---|---|---|
//! | [`DrawUntilPlayablePlugin`] | `uno-draw-until-playable` | `draw-until-playable` |
//! | [`ForcedPlayPlugin`] | `uno-forced-play` | `forced-play` |
//! | [`FirstCardPlugin`] (an official rule) | `uno-first-card` | `first-card` |
//! | [`ScoringPlugin`] (an official rule) | `uno-scoring` | `scoring` |
//! | [`Wd4ChallengePlugin`] (an official rule) | `uno-wd4-challenge` | `wd4-challenge` |
//! | [`JumpInPlugin`] | `uno-jump-in` | `jump-in` |
//! | [`SevenZeroPlugin`] | `uno-seven-zero` | `seven-zero` |
//! | [`StackingPlugin`] | `uno-stacking`, `uno-stacking-same`, `uno-stacking-any` | `stacking`, `stacking-same`, `stacking-any` |
//! | [`CallUnoPlugin`] (an official rule) | `uno-call-uno` | `call-uno` |
//!
//! The official rules together are the `official` preset ([`RuleSet::Official`]).

mod call_uno;
mod challenge;
pub(crate) use challenge::was_bluff;
mod draw_until_playable;
mod first_card;
mod forced_play;
mod jump_in;
mod scoring;
mod seven_zero;
mod stacking;

use std::str::FromStr;
use std::sync::Arc;

use decklet_core::{GameData, GamePlugin, GameState};

use crate::state::uno_table;

pub use call_uno::{
    CALL_UNO_PLUGIN_ID, CallUno, CallUnoPlugin, CatchUno, UNO_CALL_ACTION, UNO_CALLED,
    UNO_CATCH_ACTION, UNO_CATCH_PENALTY, UNO_CAUGHT, UNO_VAR_UNO_CALLED, UNO_VAR_UNO_CALLED_TURN,
    UNO_VAR_UNO_EXPOSED, UnoCalled, UnoCaught, catch_target, exposed_player, may_call_uno,
};
pub use challenge::{
    AcceptDrawFour, Challenge, UNO_ACCEPT_DRAW_FOUR_ACTION, UNO_CHALLENGE_ACTION, UNO_CHALLENGED,
    UNO_HAND_SHOWN, UNO_VAR_CHALLENGE_COLOR, UNO_VAR_CHALLENGE_FROM, UNO_VAR_CHALLENGE_HAND_SIZE,
    UNO_VAR_CHALLENGE_PENDING, UnoChallenged, UnoHandShown, WD4_CHALLENGE_PLUGIN_ID,
    Wd4ChallengePlugin, is_challenge_pending,
};
pub use draw_until_playable::{
    DRAW_UNTIL_PLAYABLE_PLUGIN_ID, DrawUntilPlayablePlugin, UNO_VAR_DRAWING_UNTIL_PLAYABLE,
};
pub use first_card::{FIRST_CARD_PLUGIN_ID, FirstCardPlugin, UNO_VAR_OPENING_WILD};
pub use forced_play::{FORCED_PLAY_PLUGIN_ID, ForcedPlayPlugin};
pub use jump_in::{JUMP_IN_PLUGIN_ID, JumpInPlugin, jump_in_cards, may_jump_in};
pub use scoring::{
    SCORING_PLUGIN_ID, ScoringPlugin, UNO_ROUND_SCORED, UNO_VAR_ROUND_POINTS, UnoRoundScored,
    card_points, points_left,
};
pub use seven_zero::{
    SEVEN_ZERO_PLUGIN_ID, SevenZeroPlugin, SwapHands, UNO_HANDS_ROTATED, UNO_HANDS_SWAPPED,
    UNO_SWAP_HANDS_ACTION, UNO_VAR_PENDING_SWAP, UnoHandsRotated, UnoHandsSwapped, is_swap_pending,
    swap_targets,
};
pub use stacking::{
    STACKING_ANY_PLUGIN_ID, STACKING_PLUGIN_ID, STACKING_SAME_PLUGIN_ID, StackingMode,
    StackingPlugin, UNO_DRAW_STACKED, UnoDrawStacked, answers_penalty,
};

/// Which of the optional rules a game plays: part of the game's declared data
/// ([`GameData`]). UNO declares none; each rule's plugin sets its entry when the game
/// is built ([`GamePlugin::declare`]). UNO's setup
/// copies it into the match's [`UnoTable`](crate::UnoTable), so that `legal_actions` reads it with the
/// table it reads anyway.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesInPlay {
    /// *Draw until playable*.
    pub draw_until_playable: bool,
    /// *Forced play*.
    pub forced_play: bool,
    /// *Seven-zero*.
    pub seven_zero: bool,
    /// The wild draw four challenge.
    pub wd4_challenge: bool,
    /// The first card's effect.
    pub first_card: bool,
    /// *Jump-in*.
    pub jump_in: bool,
    /// Scoring (and going out on an action card).
    pub scoring: bool,
    /// *Stacking*, in this mode.
    pub stacking: Option<StackingMode>,
    /// Calling UNO (and catching a player who did not).
    pub call_uno: bool,
}

impl RulesInPlay {
    /// The rules `state` plays (none for a state no engine set up: its UNO table is
    /// read from its cards, and knows no plugin).
    #[inline]
    pub fn of(state: &GameState) -> RulesInPlay {
        uno_table(state).map(|t| t.rules).unwrap_or_default()
    }

    /// Whether `rule` is in play.
    ///
    /// ```
    /// use decklet_uno::{HouseRule, RulesInPlay, new_uno_engine, uno_game};
    /// let engine = new_uno_engine(&uno_game(&[HouseRule::JumpIn])?, 1, 2)?;
    /// let rules = RulesInPlay::of(engine.state());
    /// assert!(rules.contains(HouseRule::JumpIn) && !rules.contains(HouseRule::CallUno));
    /// # Ok::<(), decklet_core::EngineError>(())
    /// ```
    pub fn contains(self, rule: HouseRule) -> bool {
        match rule {
            HouseRule::DrawUntilPlayable => self.draw_until_playable,
            HouseRule::ForcedPlay => self.forced_play,
            HouseRule::FirstCard => self.first_card,
            HouseRule::Scoring => self.scoring,
            HouseRule::Wd4Challenge => self.wd4_challenge,
            HouseRule::JumpIn => self.jump_in,
            HouseRule::SevenZero => self.seven_zero,
            HouseRule::Stacking(mode) => self.stacking == Some(mode),
            HouseRule::CallUno => self.call_uno,
        }
    }

    /// Sets a rule's entry in the game's data (in its plugin's declaration, after
    /// UNO's).
    pub(crate) fn mark(data: &mut GameData, set: impl FnOnce(&mut RulesInPlay)) {
        match data.get_mut::<RulesInPlay>() {
            Some(rules) => set(rules),
            None => {
                let mut rules = RulesInPlay::default();
                set(&mut rules);
                data.insert(rules);
            }
        }
    }
}

/// A house rule, by its `--house` name.
///
/// ```
/// use decklet_uno::HouseRule;
/// let rules: Vec<HouseRule> = "forced-play,draw-until-playable"
///     .split(',')
///     .map(str::parse)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(rules, [HouseRule::ForcedPlay, HouseRule::DrawUntilPlayable]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseRule {
    /// [`DrawUntilPlayablePlugin`].
    DrawUntilPlayable,
    /// [`ForcedPlayPlugin`].
    ForcedPlay,
    /// [`FirstCardPlugin`] (an official rule).
    FirstCard,
    /// [`ScoringPlugin`] (an official rule).
    Scoring,
    /// [`Wd4ChallengePlugin`] (an official rule).
    Wd4Challenge,
    /// [`JumpInPlugin`].
    JumpIn,
    /// [`SevenZeroPlugin`].
    SevenZero,
    /// [`StackingPlugin`] in this mode (one mode a game).
    Stacking(StackingMode),
    /// [`CallUnoPlugin`] (an official rule).
    CallUno,
}

impl HouseRule {
    /// Every house rule, in the order their plugins are registered.
    pub const ALL: [HouseRule; 11] = [
        HouseRule::DrawUntilPlayable,
        HouseRule::ForcedPlay,
        HouseRule::FirstCard,
        HouseRule::Scoring,
        HouseRule::Wd4Challenge,
        HouseRule::JumpIn,
        HouseRule::SevenZero,
        HouseRule::Stacking(StackingMode::DrawTwos),
        HouseRule::Stacking(StackingMode::Same),
        HouseRule::Stacking(StackingMode::Any),
        HouseRule::CallUno,
    ];

    /// The `--house` names of [`ALL`](Self::ALL), in its order: what a game string's
    /// `house` takes.
    pub const NAMES: [&'static str; 11] = {
        let mut names = [""; 11];
        let mut i = 0;
        while i < names.len() {
            names[i] = HouseRule::ALL[i].as_str();
            i += 1;
        }
        names
    };

    /// The `--house` name.
    pub const fn as_str(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => "draw-until-playable",
            HouseRule::ForcedPlay => "forced-play",
            HouseRule::FirstCard => "first-card",
            HouseRule::Scoring => "scoring",
            HouseRule::Wd4Challenge => "wd4-challenge",
            HouseRule::JumpIn => "jump-in",
            HouseRule::SevenZero => "seven-zero",
            HouseRule::Stacking(StackingMode::DrawTwos) => "stacking",
            HouseRule::Stacking(StackingMode::Same) => "stacking-same",
            HouseRule::Stacking(StackingMode::Any) => "stacking-any",
            HouseRule::CallUno => "call-uno",
        }
    }

    /// The plugin's id (what a log records).
    pub fn plugin_id(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => DRAW_UNTIL_PLAYABLE_PLUGIN_ID,
            HouseRule::ForcedPlay => FORCED_PLAY_PLUGIN_ID,
            HouseRule::FirstCard => FIRST_CARD_PLUGIN_ID,
            HouseRule::Scoring => SCORING_PLUGIN_ID,
            HouseRule::Wd4Challenge => WD4_CHALLENGE_PLUGIN_ID,
            HouseRule::JumpIn => JUMP_IN_PLUGIN_ID,
            HouseRule::SevenZero => SEVEN_ZERO_PLUGIN_ID,
            HouseRule::Stacking(mode) => mode.plugin_id(),
            HouseRule::CallUno => CALL_UNO_PLUGIN_ID,
        }
    }

    /// The rule's plugin.
    pub fn plugin(self) -> Arc<dyn GamePlugin> {
        match self {
            HouseRule::DrawUntilPlayable => Arc::new(DrawUntilPlayablePlugin),
            HouseRule::ForcedPlay => Arc::new(ForcedPlayPlugin),
            HouseRule::FirstCard => Arc::new(FirstCardPlugin),
            HouseRule::Scoring => Arc::new(ScoringPlugin),
            HouseRule::Wd4Challenge => Arc::new(Wd4ChallengePlugin),
            HouseRule::JumpIn => Arc::new(JumpInPlugin),
            HouseRule::SevenZero => Arc::new(SevenZeroPlugin),
            HouseRule::Stacking(mode) => Arc::new(StackingPlugin(mode)),
            HouseRule::CallUno => Arc::new(CallUnoPlugin),
        }
    }

    /// Checks that a set of house rules can be played together: one stacking mode at
    /// most, and the wild draw four challenge not with a mode that stacks wild draw
    /// fours.
    pub fn check_combination(rules: &[HouseRule]) -> Result<(), String> {
        let stacking = rules
            .iter()
            .filter(|r| matches!(r, HouseRule::Stacking(_)))
            .count();
        if stacking > 1 {
            return Err("choose one of stacking, stacking-same and stacking-any".into());
        }
        let stacks_fours = rules.iter().any(|r| {
            matches!(
                r,
                HouseRule::Stacking(StackingMode::Same | StackingMode::Any)
            )
        });
        if stacks_fours && rules.contains(&HouseRule::Wd4Challenge) {
            return Err(
                "wd4-challenge and stacking-same or stacking-any both decide what a wild draw \
                 four does: choose one"
                    .into(),
            );
        }
        Ok(())
    }

    /// The house rule whose plugin has this id.
    pub fn of_plugin(id: &str) -> Option<HouseRule> {
        HouseRule::ALL.into_iter().find(|r| r.plugin_id() == id)
    }
}

impl std::fmt::Display for HouseRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for HouseRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        HouseRule::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| {
                let known: Vec<&str> = HouseRule::ALL.iter().map(|r| r.as_str()).collect();
                format!("unknown house rule `{s}` (known: {})", known.join(", "))
            })
    }
}

/// A preset of rules, by its `--rules` name: `classic` (UNO as decklet's original
/// TypeScript system played it, the default: no scoring, no call, no challenge, and
/// the first card's effect not applied; `seeds`, its old name, still reads), or the
/// official rules
/// (the first card's effect, scoring with going out on an action card, the wild draw
/// four challenge and calling UNO). House rules are added on top of either.
///
/// ```
/// use decklet_uno::{HouseRule, RuleSet};
/// let official: RuleSet = "official".parse()?;
/// assert!(official.rules().contains(&HouseRule::CallUno));
/// assert!(RuleSet::Classic.rules().is_empty());
/// assert_eq!("seeds".parse::<RuleSet>()?, RuleSet::Classic); // its name in 0.2
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Classic UNO, with no optional rule.
    #[default]
    Classic,
    /// The official rules.
    Official,
}

impl RuleSet {
    /// The optional rules the preset adds to classic UNO.
    pub fn rules(self) -> &'static [HouseRule] {
        match self {
            RuleSet::Classic => &[],
            RuleSet::Official => &[
                HouseRule::FirstCard,
                HouseRule::Scoring,
                HouseRule::Wd4Challenge,
                HouseRule::CallUno,
            ],
        }
    }

    /// The optional rules of the preset named `preset` with the house rules named
    /// `house` added: each once, in [`HouseRule::ALL`]'s order, checked to go together
    /// (what `--rules` and `--house` mean everywhere: the CLI, the environments, the
    /// tournaments).
    ///
    /// ```
    /// use decklet_uno::{HouseRule, RuleSet};
    /// let rules = RuleSet::with_house("official", ["stacking", "call-uno"])?;
    /// assert_eq!(rules.len(), 5);
    /// assert!(rules.contains(&"stacking".parse::<HouseRule>()?));
    /// assert!(RuleSet::with_house("official", ["bogus"]).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_house<'a>(
        preset: &str,
        house: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<HouseRule>, String> {
        let preset: RuleSet = preset.parse()?;
        let mut rules = preset.rules().to_vec();
        for name in house {
            let rule: HouseRule = name.parse()?;
            rules.push(rule);
        }
        rules.sort();
        rules.dedup();
        HouseRule::check_combination(&rules)?;
        Ok(rules)
    }

    /// The `--rules` names of the presets: what a game string's `rules` takes.
    pub const NAMES: [&'static str; 2] = [RuleSet::Classic.as_str(), RuleSet::Official.as_str()];

    /// The `--rules` name.
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleSet::Classic => "classic",
            RuleSet::Official => "official",
        }
    }
}

impl std::fmt::Display for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RuleSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            // `seeds`: the name of 0.2
            "classic" | "seeds" => Ok(RuleSet::Classic),
            "official" => Ok(RuleSet::Official),
            other => Err(format!(
                "unknown rules `{other}` (known: classic, official)"
            )),
        }
    }
}

//! House rules: variants players often use, each an opt-in plugin registered after
//! [`UnoPlugin`](crate::UnoPlugin). They change UNO by adding event handlers and
//! actions, by wrapping or replacing its rules by id, and by putting their own effects
//! in UNO's effect table, never by forking it; each marks itself in
//! [`HouseRulesInPlay`] at setup so that [`legal_actions`](crate::legal_actions)
//! (UNO's one place for legality) answers for the rules in play.
//!
//! | plugin | id | `--house` name |
//! |---|---|---|
//! | [`DrawUntilPlayablePlugin`] | `uno-draw-until-playable` | `draw-until-playable` |
//! | [`ForcedPlayPlugin`] | `uno-forced-play` | `forced-play` |
//! | [`SevenZeroPlugin`] | `uno-seven-zero` | `seven-zero` |
//! | [`StackingPlugin`] | `uno-stacking`, `uno-stacking-same`, `uno-stacking-any` | `stacking`, `stacking-same`, `stacking-any` |

mod draw_until_playable;
mod forced_play;
mod seven_zero;
mod stacking;

use std::str::FromStr;
use std::sync::Arc;

use decklet_core::{GameContext, GamePlugin, GameState};

pub use draw_until_playable::{
    DRAW_UNTIL_PLAYABLE_PLUGIN_ID, DrawUntilPlayablePlugin, UNO_VAR_DRAWING_UNTIL_PLAYABLE,
};
pub use forced_play::{FORCED_PLAY_PLUGIN_ID, ForcedPlayPlugin};
pub use seven_zero::{
    SEVEN_ZERO_PLUGIN_ID, SevenZeroPlugin, SwapHands, UNO_HANDS_ROTATED, UNO_HANDS_SWAPPED,
    UNO_SWAP_HANDS_ACTION, UNO_VAR_PENDING_SWAP, UnoHandsRotated, UnoHandsSwapped, is_swap_pending,
    swap_targets,
};
pub use stacking::{
    STACKING_ANY_PLUGIN_ID, STACKING_PLUGIN_ID, STACKING_SAME_PLUGIN_ID, StackingMode,
    StackingPlugin, UNO_DRAW_STACKED, UnoDrawStacked, answers_penalty,
};

/// Which house rules a game plays: each rule's plugin sets its entry at setup (the
/// attachment is shared by them all). A game without house rules has none attached,
/// and [`legal_actions`](crate::legal_actions) answers it with one failed lookup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseRulesInPlay {
    /// *Draw until playable*.
    pub draw_until_playable: bool,
    /// *Forced play*.
    pub forced_play: bool,
    /// *Seven-zero*.
    pub seven_zero: bool,
    /// *Stacking*, in this mode.
    pub stacking: Option<StackingMode>,
}

impl HouseRulesInPlay {
    /// The house rules `state` plays (`None`: none, or a state no engine set up).
    #[inline]
    pub fn of(state: &GameState) -> Option<&HouseRulesInPlay> {
        state.attachment::<HouseRulesInPlay>()
    }

    /// Sets a rule's entry (in its plugin's setup).
    pub(crate) fn mark(ctx: &mut GameContext<'_>, set: impl FnOnce(&mut HouseRulesInPlay)) {
        let mut rules = HouseRulesInPlay::of(ctx.state())
            .copied()
            .unwrap_or_default();
        set(&mut rules);
        ctx.attach(rules);
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
    /// [`SevenZeroPlugin`].
    SevenZero,
    /// [`StackingPlugin`] in this mode (one mode a game).
    Stacking(StackingMode),
}

impl HouseRule {
    /// Every house rule, in the order their plugins are registered.
    pub const ALL: [HouseRule; 6] = [
        HouseRule::DrawUntilPlayable,
        HouseRule::ForcedPlay,
        HouseRule::SevenZero,
        HouseRule::Stacking(StackingMode::DrawTwos),
        HouseRule::Stacking(StackingMode::Same),
        HouseRule::Stacking(StackingMode::Any),
    ];

    /// The `--house` name.
    pub fn as_str(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => "draw-until-playable",
            HouseRule::ForcedPlay => "forced-play",
            HouseRule::SevenZero => "seven-zero",
            HouseRule::Stacking(StackingMode::DrawTwos) => "stacking",
            HouseRule::Stacking(StackingMode::Same) => "stacking-same",
            HouseRule::Stacking(StackingMode::Any) => "stacking-any",
        }
    }

    /// The plugin's id (what a log records).
    pub fn plugin_id(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => DRAW_UNTIL_PLAYABLE_PLUGIN_ID,
            HouseRule::ForcedPlay => FORCED_PLAY_PLUGIN_ID,
            HouseRule::SevenZero => SEVEN_ZERO_PLUGIN_ID,
            HouseRule::Stacking(mode) => mode.plugin_id(),
        }
    }

    /// The rule's plugin.
    pub fn plugin(self) -> Arc<dyn GamePlugin> {
        match self {
            HouseRule::DrawUntilPlayable => Arc::new(DrawUntilPlayablePlugin),
            HouseRule::ForcedPlay => Arc::new(ForcedPlayPlugin),
            HouseRule::SevenZero => Arc::new(SevenZeroPlugin),
            HouseRule::Stacking(mode) => Arc::new(StackingPlugin(mode)),
        }
    }

    /// Checks that a set of house rules can be played together (one stacking mode at
    /// most).
    pub fn check_combination(rules: &[HouseRule]) -> Result<(), String> {
        let stacking = rules
            .iter()
            .filter(|r| matches!(r, HouseRule::Stacking(_)))
            .count();
        if stacking > 1 {
            return Err("choose one of stacking, stacking-same and stacking-any".into());
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

//! House rules: variants players often use, each an opt-in plugin registered after
//! [`UnoPlugin`](crate::UnoPlugin). They change UNO by adding event handlers and by
//! wrapping or replacing its rules by id, never by forking it; each attaches a marker
//! at setup so that [`legal_actions`](crate::legal_actions) (UNO's one place for
//! legality) answers for the rules in play.
//!
//! | plugin | id | `--house` name |
//! |---|---|---|
//! | [`DrawUntilPlayablePlugin`] | `uno-draw-until-playable` | `draw-until-playable` |
//! | [`ForcedPlayPlugin`] | `uno-forced-play` | `forced-play` |
//! | [`StackingPlugin`] | `uno-stacking`, `uno-stacking-same`, `uno-stacking-any` | `stacking`, `stacking-same`, `stacking-any` |

mod draw_until_playable;
mod forced_play;
mod stacking;

use std::str::FromStr;
use std::sync::Arc;

use decklet_core::GamePlugin;

pub use draw_until_playable::{
    DRAW_UNTIL_PLAYABLE_PLUGIN_ID, DrawUntilPlayable, DrawUntilPlayablePlugin,
    UNO_VAR_DRAWING_UNTIL_PLAYABLE,
};
pub use forced_play::{FORCED_PLAY_PLUGIN_ID, ForcedPlay, ForcedPlayPlugin};
pub use stacking::{
    STACKING_ANY_PLUGIN_ID, STACKING_PLUGIN_ID, STACKING_SAME_PLUGIN_ID, Stacking, StackingMode,
    StackingPlugin, UNO_DRAW_STACKED, UnoDrawStacked, answers_penalty,
};

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
    /// [`StackingPlugin`] in this mode (one mode a game).
    Stacking(StackingMode),
}

impl HouseRule {
    /// Every house rule, in the order their plugins are registered.
    pub const ALL: [HouseRule; 5] = [
        HouseRule::DrawUntilPlayable,
        HouseRule::ForcedPlay,
        HouseRule::Stacking(StackingMode::DrawTwos),
        HouseRule::Stacking(StackingMode::Same),
        HouseRule::Stacking(StackingMode::Any),
    ];

    /// The `--house` name.
    pub fn as_str(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => "draw-until-playable",
            HouseRule::ForcedPlay => "forced-play",
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
            HouseRule::Stacking(mode) => mode.plugin_id(),
        }
    }

    /// The rule's plugin.
    pub fn plugin(self) -> Arc<dyn GamePlugin> {
        match self {
            HouseRule::DrawUntilPlayable => Arc::new(DrawUntilPlayablePlugin),
            HouseRule::ForcedPlay => Arc::new(ForcedPlayPlugin),
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

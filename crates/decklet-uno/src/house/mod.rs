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

mod draw_until_playable;
mod forced_play;

use std::str::FromStr;
use std::sync::Arc;

use decklet_core::GamePlugin;

pub use draw_until_playable::{
    DRAW_UNTIL_PLAYABLE_PLUGIN_ID, DrawUntilPlayable, DrawUntilPlayablePlugin,
    UNO_VAR_DRAWING_UNTIL_PLAYABLE,
};
pub use forced_play::{FORCED_PLAY_PLUGIN_ID, ForcedPlay, ForcedPlayPlugin};

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
}

impl HouseRule {
    /// Every house rule, in the order their plugins are registered.
    pub const ALL: [HouseRule; 2] = [HouseRule::DrawUntilPlayable, HouseRule::ForcedPlay];

    /// The `--house` name.
    pub fn as_str(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => "draw-until-playable",
            HouseRule::ForcedPlay => "forced-play",
        }
    }

    /// The plugin's id (what a log records).
    pub fn plugin_id(self) -> &'static str {
        match self {
            HouseRule::DrawUntilPlayable => DRAW_UNTIL_PLAYABLE_PLUGIN_ID,
            HouseRule::ForcedPlay => FORCED_PLAY_PLUGIN_ID,
        }
    }

    /// The rule's plugin.
    pub fn plugin(self) -> Arc<dyn GamePlugin> {
        match self {
            HouseRule::DrawUntilPlayable => Arc::new(DrawUntilPlayablePlugin),
            HouseRule::ForcedPlay => Arc::new(ForcedPlayPlugin),
        }
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

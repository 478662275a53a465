//! Crazy Eights' game string, in OpenSpiel's words: `crazy_eights`, with any of
//! `max_draw_cards`, `max_turns`, `reshuffle` and `use_special_cards` when they differ
//! from their defaults (`crazy_eights(reshuffle=true,use_special_cards=true)`).
//! [`crazy_eights_game`](crate::crazy_eights_game) names the game it builds this way,
//! so a log of Crazy Eights records its options.

use decklet_core::GameString;
use decklet_entry::{ParamDef, ParamKind, Params};

use crate::CrazyEightsOptions;

/// Crazy Eights' name in a game string (OpenSpiel's).
pub const CRAZY_EIGHTS_GAME: &str = "crazy_eights";

/// Crazy Eights' parameters, OpenSpiel's, with its defaults: the one place they are
/// declared (the options are read from them, the catalogue checks a game string
/// against them).
pub const C8_PARAMS: [ParamDef; 4] = [
    ParamDef {
        name: "max_draw_cards",
        kind: ParamKind::Int { min: 1, max: 52 },
        default: "5",
        about: "the most cards a player draws in a turn before passing",
    },
    ParamDef {
        name: "max_turns",
        kind: ParamKind::Int {
            min: 1,
            max: 10_000,
        },
        default: "100",
        about: "the game ends after this many cards played",
    },
    ParamDef {
        name: "reshuffle",
        kind: ParamKind::Bool,
        default: "false",
        about: "the discard pile (but its top) becomes the deck when the deck is empty",
    },
    ParamDef {
        name: "use_special_cards",
        kind: ParamKind::Bool,
        default: "false",
        about: "queens skip, aces reverse, twos make the next player draw two (stacking)",
    },
];

impl CrazyEightsOptions {
    /// The game string of Crazy Eights with these options: the ones that differ from
    /// the defaults.
    ///
    /// ```
    /// use decklet_crazy_eights::CrazyEightsOptions;
    /// assert_eq!(CrazyEightsOptions::default().game_string().to_string(), "crazy_eights");
    /// let options = CrazyEightsOptions { reshuffle: true, max_draw_cards: 3, ..Default::default() };
    /// let text = options.game_string().to_string();
    /// assert_eq!(text, "crazy_eights(max_draw_cards=3,reshuffle=true)");
    /// assert_eq!(CrazyEightsOptions::from_game_string(&text.parse().map_err(|e| format!("{e}"))?)?, options);
    /// # Ok::<(), String>(())
    /// ```
    pub fn game_string(&self) -> GameString {
        let default = CrazyEightsOptions::default();
        let mut game = GameString::new(CRAZY_EIGHTS_GAME);
        if self.max_draw_cards != default.max_draw_cards {
            game = game.with("max_draw_cards", self.max_draw_cards);
        }
        if self.max_turns != default.max_turns {
            game = game.with("max_turns", self.max_turns);
        }
        if self.reshuffle != default.reshuffle {
            game = game.with("reshuffle", self.reshuffle);
        }
        if self.use_special_cards != default.use_special_cards {
            game = game.with("use_special_cards", self.use_special_cards);
        }
        game
    }

    /// The options a game string of Crazy Eights asks for (the defaults for those it
    /// does not give); an error names what is wrong: another game, an unknown
    /// parameter, a value out of range or not a number or switch. `players`, which
    /// OpenSpiel's string carries, is a match's, not the game's: it is refused here.
    pub fn from_game_string(game: &GameString) -> Result<CrazyEightsOptions, String> {
        if game.name != CRAZY_EIGHTS_GAME {
            return Err(format!(
                "`{}` is not Crazy Eights",
                decklet_core::echo(&game.name)
            ));
        }
        let params = Params::read(&C8_PARAMS, game).map_err(|e| format!("Crazy Eights: {e}"))?;
        Ok(CrazyEightsOptions::from_params(&params))
    }

    /// The options `params` (Crazy Eights' parameters, checked: each number in its
    /// range) ask for.
    pub(crate) fn from_params(params: &Params<'_>) -> CrazyEightsOptions {
        let number = |name| u32::try_from(params.int(name)).unwrap_or(1);
        CrazyEightsOptions {
            max_draw_cards: number("max_draw_cards"),
            max_turns: number("max_turns"),
            reshuffle: params.flag("reshuffle"),
            use_special_cards: params.flag("use_special_cards"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_parameters_are_refused_with_their_reason() {
        for (text, says) in [
            ("uno", "not Crazy Eights"),
            ("crazy_eights(players=4)", "no parameter `players`"),
            ("crazy_eights(max_draw_cards=0)", "from 1 to 52"),
            ("crazy_eights(max_turns=many)", "from 1 to 10000"),
            ("crazy_eights(reshuffle=yes)", "true or false"),
        ] {
            let game: GameString = text.parse().unwrap();
            let error = CrazyEightsOptions::from_game_string(&game).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}

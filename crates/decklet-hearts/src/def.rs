//! Hearts' game string, in OpenSpiel's words: `hearts`, with any of its eight switches
//! when they differ from their defaults (`hearts(jd_bonus=true,pass_cards=false)`).
//! [`hearts_game`](crate::hearts_game) names the game it builds this way, so a log of
//! Hearts records its options.

use decklet_core::GameString;

use crate::HeartsOptions;

/// Hearts' name in a game string (OpenSpiel's).
pub const HEARTS_GAME: &str = "hearts";

/// Where a parameter lives in the options.
type Field = fn(&mut HeartsOptions) -> &mut bool;

/// The parameters, in OpenSpiel's names, with where each lives in the options.
const SWITCHES: [(&str, Field); 8] = [
    ("pass_cards", |o| &mut o.pass_cards),
    ("no_pts_on_first_trick", |o| &mut o.no_pts_on_first_trick),
    ("can_lead_any_club", |o| &mut o.can_lead_any_club),
    ("jd_bonus", |o| &mut o.jd_bonus),
    ("avoid_all_tricks_bonus", |o| &mut o.avoid_all_tricks_bonus),
    ("must_break_hearts", |o| &mut o.must_break_hearts),
    ("qs_breaks_hearts", |o| &mut o.qs_breaks_hearts),
    ("can_lead_hearts_instead_of_qs", |o| {
        &mut o.can_lead_hearts_instead_of_qs
    }),
];

impl HeartsOptions {
    /// The names of the parameters, OpenSpiel's.
    pub fn parameter_names() -> [&'static str; 8] {
        SWITCHES.map(|(name, _)| name)
    }

    /// The game string of Hearts with these options: the ones that differ from the
    /// defaults, sorted by name.
    ///
    /// ```
    /// use decklet_hearts::HeartsOptions;
    /// assert_eq!(HeartsOptions::default().game_string().to_string(), "hearts");
    /// let options = HeartsOptions { jd_bonus: true, pass_cards: false, ..Default::default() };
    /// let text = options.game_string().to_string();
    /// assert_eq!(text, "hearts(jd_bonus=true,pass_cards=false)");
    /// assert_eq!(HeartsOptions::from_game_string(&text.parse().map_err(|e| format!("{e}"))?)?, options);
    /// # Ok::<(), String>(())
    /// ```
    pub fn game_string(&self) -> GameString {
        let default = HeartsOptions::default();
        let mut game = GameString::new(HEARTS_GAME);
        for (name, field) in SWITCHES {
            let (mut ours, mut theirs) = (*self, default);
            if *field(&mut ours) != *field(&mut theirs) {
                game = game.with(name, *field(&mut ours));
            }
        }
        game
    }

    /// The options a game string of Hearts asks for (the defaults for those it does
    /// not give); an error names what is wrong: another game, an unknown parameter, a
    /// value that is not `true` or `false`.
    pub fn from_game_string(game: &GameString) -> Result<HeartsOptions, String> {
        if game.name != HEARTS_GAME {
            return Err(format!(
                "`{}` is not Hearts",
                decklet_core::echo(&game.name)
            ));
        }
        let mut options = HeartsOptions::default();
        for (key, value) in &game.params {
            let Some((_, field)) = SWITCHES.iter().find(|(name, _)| name == key) else {
                return Err(format!(
                    "Hearts has no parameter `{}` (it has {})",
                    decklet_core::echo(key),
                    HeartsOptions::parameter_names().join(", ")
                ));
            };
            *field(&mut options) = match value.as_str() {
                "true" => true,
                "false" => false,
                other => {
                    return Err(format!(
                        "{key} is true or false, not `{}`",
                        decklet_core::echo(other)
                    ));
                }
            };
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_parameters_are_refused_with_their_reason() {
        for (text, says) in [
            ("uno", "not Hearts"),
            ("hearts(players=4)", "no parameter `players`"),
            ("hearts(jd_bonus=1)", "true or false"),
        ] {
            let game: GameString = text.parse().unwrap();
            let error = HeartsOptions::from_game_string(&game).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn every_switch_round_trips_through_its_string() {
        for (name, field) in SWITCHES {
            let mut options = HeartsOptions::default();
            let flipped = !*field(&mut options);
            *field(&mut options) = flipped;
            let text = options.game_string().to_string();
            assert_eq!(text, format!("hearts({name}={flipped})"));
            let parsed = HeartsOptions::from_game_string(&text.parse().unwrap()).unwrap();
            assert_eq!(parsed, options, "{text}");
        }
    }
}

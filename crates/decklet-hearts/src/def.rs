//! Hearts' game string, in OpenSpiel's words: `hearts`, with any of its eight switches
//! when they differ from their defaults (`hearts(jd_bonus=true,pass_cards=false)`).
//! [`hearts_game`](crate::hearts_game) names the game it builds this way, so a log of
//! Hearts records its options.

use decklet_core::GameString;
use decklet_entry::{ParamDef, ParamKind, Params};

use crate::HeartsOptions;

/// Hearts' name in a game string (OpenSpiel's).
pub const HEARTS_GAME: &str = "hearts";

/// Where a parameter lives in the options.
type Field = fn(&mut HeartsOptions) -> &mut bool;

/// A switch: a parameter that is `true` or `false`.
const fn switch(name: &'static str, default: &'static str, about: &'static str) -> ParamDef {
    ParamDef {
        name,
        kind: ParamKind::Bool,
        default,
        about,
    }
}

/// The parameters, in OpenSpiel's names and with its defaults, with where each lives
/// in the options: the one place they are declared.
const SWITCHES: [(ParamDef, Field); 8] = [
    (
        switch(
            "pass_cards",
            "true",
            "three cards are passed (left, across, right or not at all, drawn at random)",
        ),
        |o| &mut o.pass_cards,
    ),
    (
        switch(
            "no_pts_on_first_trick",
            "true",
            "no heart and no queen of spades on the first trick",
        ),
        |o| &mut o.no_pts_on_first_trick,
    ),
    (
        switch(
            "can_lead_any_club",
            "false",
            "the first lead may be any club, not only the two",
        ),
        |o| &mut o.can_lead_any_club,
    ),
    (
        switch(
            "jd_bonus",
            "false",
            "the jack of diamonds takes 10 points off whoever takes it",
        ),
        |o| &mut o.jd_bonus,
    ),
    (
        switch(
            "avoid_all_tricks_bonus",
            "false",
            "a player who takes no trick has 5 points taken off",
        ),
        |o| &mut o.avoid_all_tricks_bonus,
    ),
    (
        switch(
            "must_break_hearts",
            "true",
            "hearts may not be led until one is played",
        ),
        |o| &mut o.must_break_hearts,
    ),
    (
        switch(
            "qs_breaks_hearts",
            "true",
            "the queen of spades breaks hearts too",
        ),
        |o| &mut o.qs_breaks_hearts,
    ),
    (
        switch(
            "can_lead_hearts_instead_of_qs",
            "false",
            "a player whose only lead would be the queen of spades may lead a heart",
        ),
        |o| &mut o.can_lead_hearts_instead_of_qs,
    ),
];

/// Hearts' parameters (what the catalogue checks a game string against).
pub const HEARTS_PARAMS: [ParamDef; 8] = {
    let mut params = [switch("", "", ""); 8];
    let mut i = 0;
    while i < params.len() {
        params[i] = SWITCHES[i].0;
        i += 1;
    }
    params
};

impl HeartsOptions {
    /// The names of the parameters, OpenSpiel's.
    pub fn parameter_names() -> [&'static str; 8] {
        HEARTS_PARAMS.map(|p| p.name)
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
        for (param, field) in SWITCHES {
            let (mut ours, mut theirs) = (*self, default);
            if *field(&mut ours) != *field(&mut theirs) {
                game = game.with(param.name, *field(&mut ours));
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
        let params = Params::read(&HEARTS_PARAMS, game).map_err(|e| format!("Hearts: {e}"))?;
        Ok(HeartsOptions::from_params(&params))
    }

    /// The options `params` (Hearts' parameters, checked) ask for.
    pub(crate) fn from_params(params: &Params<'_>) -> HeartsOptions {
        let mut options = HeartsOptions {
            pass_cards: false,
            no_pts_on_first_trick: false,
            can_lead_any_club: false,
            jd_bonus: false,
            avoid_all_tricks_bonus: false,
            must_break_hearts: false,
            qs_breaks_hearts: false,
            can_lead_hearts_instead_of_qs: false,
        };
        for (param, field) in SWITCHES {
            *field(&mut options) = params.flag(param.name);
        }
        options
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
        for (param, field) in SWITCHES {
            let mut options = HeartsOptions::default();
            let flipped = !*field(&mut options);
            *field(&mut options) = flipped;
            let text = options.game_string().to_string();
            assert_eq!(text, format!("hearts({}={flipped})", param.name));
            let parsed = HeartsOptions::from_game_string(&text.parse().unwrap()).unwrap();
            assert_eq!(parsed, options, "{text}");
        }
    }
}

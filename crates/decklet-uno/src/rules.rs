//! UNO's rules, in the reference's order, plus the turn discipline (ours). The checks
//! themselves live in `legal.rs`, which `legal_actions` and the bots ask too.
//!
//! | # | id | checks |
//! |---|---|---|
//! | 1 | `gameNotWon` | once someone has won, every action is refused |
//! | 2 | `gameStarted` | actions only while the status is `playing` |
//! | 3 | `playerTurn` | `PLAY_CARD` / `CHOOSE_COLOR` only by the current player |
//! | 4 | `playerOwnsCard` | the played cards are in the player's hand |
//! | 5 | `singleCard` | exactly one card per `PLAY_CARD` |
//! | 6 | `canPlayCard` | same colour, same face, or a wild |
//! | 7 | `canPlayWildDrawFour` | a wild draw four only without a card of the colour in force |
//! | 8 | `chooseColorValid` | `CHOOSE_COLOR` names a colour, and one is pending |
//! | 9 | `turnDiscipline` | external actions only: see [`turn_discipline_rule`] |

use decklet_core::{ActionRef, GameStatus, PLAY_CARD_ACTION, PlayCard, Rule};

use crate::actions::{CHOOSE_COLOR_ACTION, ChooseColor};
use crate::cards::UnoColor;
use crate::legal::{check_matches_pile, check_turn_discipline, check_wild_draw_four};
use crate::state::is_color_pending;

/// The id of UNO's rule `gameNotWon` (what a house rule names to replace or wrap it).
pub const UNO_RULE_GAME_NOT_WON: &str = "gameNotWon";
/// The id of UNO's rule `gameStarted` (what a house rule names to replace or wrap it).
pub const UNO_RULE_GAME_STARTED: &str = "gameStarted";
/// The id of UNO's rule `playerTurn` (what a house rule names to replace or wrap it).
pub const UNO_RULE_PLAYER_TURN: &str = "playerTurn";
/// The id of UNO's rule `playerOwnsCard` (what a house rule names to replace or wrap it).
pub const UNO_RULE_PLAYER_OWNS_CARD: &str = "playerOwnsCard";
/// The id of UNO's rule `singleCard` (what a house rule names to replace or wrap it).
pub const UNO_RULE_SINGLE_CARD: &str = "singleCard";
/// The id of UNO's rule `canPlayCard` (what a house rule names to replace or wrap it).
pub const UNO_RULE_CAN_PLAY_CARD: &str = "canPlayCard";
/// The id of UNO's rule `canPlayWildDrawFour` (what a house rule names to replace or wrap it).
pub const UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR: &str = "canPlayWildDrawFour";
/// The id of UNO's rule `chooseColorValid` (what a house rule names to replace or wrap it).
pub const UNO_RULE_CHOOSE_COLOR_VALID: &str = "chooseColorValid";
/// The id of UNO's rule `turnDiscipline` (what a house rule names to replace or wrap it).
pub const UNO_RULE_TURN_DISCIPLINE: &str = "turnDiscipline";

/// Rule 1, `gameNotWon`: once the game has a winner, every action is refused.
pub fn game_not_won_rule() -> Rule {
    Rule::new(UNO_RULE_GAME_NOT_WON, |_, _, state| {
        match state.winners().first() {
            None => Ok(()),
            Some(winner) => {
                Err(format!("the game is over: {} has won", state.id_text(*winner)).into())
            }
        }
    })
}

/// Rule 2, `gameStarted`: actions only while the game is being played.
pub fn game_started_rule() -> Rule {
    Rule::new(UNO_RULE_GAME_STARTED, |_, _, state| match state.status() {
        GameStatus::Playing => Ok(()),
        GameStatus::Waiting => Err("the game has not started yet".into()),
        GameStatus::Finished => Err("the game is over".into()),
    })
}

/// Rule 3, `playerTurn`: `PLAY_CARD` and `CHOOSE_COLOR` only by the current player.
pub fn player_turn_rule() -> Rule {
    Rule::for_kinds(
        UNO_RULE_PLAYER_TURN,
        &[PLAY_CARD_ACTION, CHOOSE_COLOR_ACTION],
        |action: ActionRef<'_>, _, state| match (state.current_player(), action.player_id()) {
            (Some(current), Some(player)) if current == player => Ok(()),
            (Some(current), Some(player)) => Err(format!(
                "it is {}'s turn, not {}'s",
                state.id_text(current),
                state.id_text(player)
            )
            .into()),
            _ => Err("it is nobody's turn".into()),
        },
    )
}

/// Rule 4, `playerOwnsCard`: every played card is in the player's hand.
pub fn player_owns_card_rule() -> Rule {
    Rule::for_action::<PlayCard>(UNO_RULE_PLAYER_OWNS_CARD, |play, _, state| {
        if state.hand_zone(play.player_id).is_none() {
            return Err(
                format!("{} has no hand in this game", state.id_text(play.player_id)).into(),
            );
        }
        let hand = state.hand(play.player_id);
        match play.card_ids.iter().find(|card| !hand.contains(card)) {
            None => Ok(()),
            Some(card) => Err(format!(
                "{} is not in {}'s hand",
                state.id_text(*card),
                state.id_text(play.player_id)
            )
            .into()),
        }
    })
}

/// Rule 5, `singleCard`: a `PLAY_CARD` plays exactly one card.
pub fn single_card_rule() -> Rule {
    Rule::for_action::<PlayCard>(UNO_RULE_SINGLE_CARD, |play, _, _| {
        if play.card_ids.len() == 1 {
            Ok(())
        } else {
            Err(format!(
                "play exactly one card at a time, not {}",
                play.card_ids.len()
            )
            .into())
        }
    })
}

/// Rule 6, `canPlayCard`: the card matches the colour in force or the top card's
/// face, or is a wild ([`check_matches_pile`]).
pub fn can_play_card_rule() -> Rule {
    Rule::for_action::<PlayCard>(UNO_RULE_CAN_PLAY_CARD, |play, _, state| {
        match play.card_ids.first() {
            Some(card) => check_matches_pile(state, *card),
            None => Ok(()),
        }
    })
}

/// Rule 7, `canPlayWildDrawFour`: a wild draw four only without a card of the colour
/// in force ([`check_wild_draw_four`]).
pub fn can_play_wild_draw_four_rule() -> Rule {
    Rule::for_action::<PlayCard>(
        UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR,
        |play, _, state| match play.card_ids.first() {
            Some(card) => check_wild_draw_four(state, play.player_id, *card),
            None => Ok(()),
        },
    )
}

/// Rule 8, `chooseColorValid`: `CHOOSE_COLOR` names a colour, and one is pending.
pub fn choose_color_valid_rule() -> Rule {
    Rule::for_action::<ChooseColor>(UNO_RULE_CHOOSE_COLOR_VALID, |choice, _, state| {
        if let Err(reason) = choice.color.parse::<UnoColor>() {
            return Err(reason.into());
        }
        if !is_color_pending(state) {
            return Err("no colour is waiting to be chosen".into());
        }
        Ok(())
    })
}

/// Rule 9 (beyond the reference), `turnDiscipline`: actions from outside the engine
/// follow the turn's order ([`check_turn_discipline`]).
pub fn turn_discipline_rule() -> Rule {
    Rule::new(UNO_RULE_TURN_DISCIPLINE, check_turn_discipline)
}

/// UNO's rules, in order.
pub fn uno_rules() -> Vec<Rule> {
    vec![
        game_not_won_rule(),
        game_started_rule(),
        player_turn_rule(),
        player_owns_card_rule(),
        single_card_rule(),
        can_play_card_rule(),
        can_play_wild_draw_four_rule(),
        choose_color_valid_rule(),
        turn_discipline_rule(),
    ]
}

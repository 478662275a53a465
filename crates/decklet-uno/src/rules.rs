//! UNO's rules, in the seed's order, plus the turn discipline (beyond the seeds).
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

use std::borrow::Cow;

use decklet_core::{
    ActionOrigin, AnyAction, GameState, GameStatus, PLAY_CARD_ACTION, PlayCard, Rule, RuleGroup,
    RuleResult,
};
use decklet_plugins::{DRAW_CARD_ACTION, DrawCard, END_TURN_ACTION};

use crate::actions::{CHOOSE_COLOR_ACTION, ChooseColor, UNO_FLIP_INITIAL_ACTION};
use crate::cards::UnoFace;
use crate::state::{
    PlayContext, Playability, card_view, check_playable, drawn_card_this_turn, is_color_pending,
};

/// Rule 1, `gameNotWon`: once the game has a winner, every action is refused.
pub fn game_not_won_rule() -> Rule {
    Rule::new("gameNotWon", |_, _, state| match state.winners.first() {
        None => Ok(()),
        Some(winner) => Err(format!("the game is over: {winner} has won").into()),
    })
}

/// Rule 2, `gameStarted`: actions only while the game is being played.
pub fn game_started_rule() -> Rule {
    Rule::new("gameStarted", |_, _, state| match state.status {
        GameStatus::Playing => Ok(()),
        GameStatus::Waiting => Err("the game has not started yet".into()),
        GameStatus::Finished => Err("the game is over".into()),
    })
}

/// Rule 3, `playerTurn`: `PLAY_CARD` and `CHOOSE_COLOR` only by the current player.
pub fn player_turn_rule() -> Rule {
    Rule::for_kinds(
        "playerTurn",
        &[PLAY_CARD_ACTION, CHOOSE_COLOR_ACTION],
        |action, _, state| {
            let player = action.player_id();
            match (&state.current_player_id, player) {
                (Some(current), Some(player)) if current == player => Ok(()),
                (Some(current), Some(player)) => {
                    Err(format!("it is {current}'s turn, not {player}'s").into())
                }
                _ => Err("it is nobody's turn".into()),
            }
        },
    )
}

/// Rule 4, `playerOwnsCard`: every played card is in the player's hand.
pub fn player_owns_card_rule() -> Rule {
    Rule::for_action::<PlayCard>("playerOwnsCard", |play, _, state| {
        let Some(hand) = state.hand(&play.player_id) else {
            return Err(format!("{} has no hand in this game", play.player_id).into());
        };
        match play.card_ids.iter().find(|card| !hand.contains(card)) {
            None => Ok(()),
            Some(card) => Err(format!("{card} is not in {}'s hand", play.player_id).into()),
        }
    })
}

/// Rule 5, `singleCard`: a `PLAY_CARD` plays exactly one card.
pub fn single_card_rule() -> Rule {
    Rule::for_action::<PlayCard>("singleCard", |play, _, _| {
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

/// Rule 6, `canPlayCard`: the card matches the colour in force or the top card's face,
/// or is a wild.
pub fn can_play_card_rule() -> Rule {
    Rule::for_action::<PlayCard>("canPlayCard", |play, _, state| {
        let Some(card) = play.card_ids.first() else {
            return Ok(());
        };
        // the fast, string-free check first; the sentence is only built for a rejection
        if let (Some(view), Some(context)) = (card_view(state, card), PlayContext::of(state))
            && view.matches(context.color, context.top_face)
        {
            return Ok(());
        }
        rejection(play, state, "canPlayCard")
    })
}

/// Rule 7, `canPlayWildDrawFour`: a wild draw four only when the player holds no card
/// of the colour in force.
pub fn can_play_wild_draw_four_rule() -> Rule {
    Rule::for_action::<PlayCard>("canPlayWildDrawFour", |play, _, state| {
        let Some(card) = play.card_ids.first() else {
            return Ok(());
        };
        // only a wild draw four needs a look at the hand
        match card_view(state, card) {
            Some(view) if view.face != UnoFace::WildDraw4 => Ok(()),
            _ => rejection(play, state, "canPlayWildDrawFour"),
        }
    })
}

/// The reason `rule` gives for refusing `play`, if it is the rule that refuses it.
fn rejection(play: &PlayCard, state: &GameState, rule: &str) -> RuleResult {
    let Some(card) = play.card_ids.first() else {
        return Ok(());
    };
    match check_playable(state, &play.player_id, card) {
        Err((failed, reason)) if failed == rule => Err(reason.into()),
        _ => Ok(()),
    }
}

/// Rule 8, `chooseColorValid`: the colour is red, yellow, green or blue, and a colour
/// choice is pending.
pub fn choose_color_valid_rule() -> Rule {
    Rule::for_action::<ChooseColor>("chooseColorValid", |choice, _, state| {
        if let Err(reason) = choice.color.parse::<crate::cards::UnoColor>() {
            return Err(reason.into());
        }
        if !is_color_pending(state) {
            return Err("no colour is waiting to be chosen".into());
        }
        Ok(())
    })
}

/// Rule 9, `turnDiscipline` (beyond the seeds), for **external** actions only:
///
/// - while a colour is pending, only `CHOOSE_COLOR` is accepted;
/// - `UNO_FLIP_INITIAL` is the game's own move, never a player's;
/// - `DRAW_CARD`: on your own turn, one card, once per turn;
/// - `END_TURN`: only after drawing this turn;
/// - `PLAY_CARD` after drawing: only the card just drawn.
pub fn turn_discipline_rule() -> Rule {
    Rule::new("turnDiscipline", turn_discipline)
}

fn turn_discipline(action: &AnyAction, origin: ActionOrigin, state: &GameState) -> RuleResult {
    if origin == ActionOrigin::Internal {
        return Ok(());
    }
    let kind = action.kind();
    if is_color_pending(state) && kind != CHOOSE_COLOR_ACTION {
        return Err("choose a colour for the wild first".into());
    }
    let current = state.current_player_id.as_ref();
    match kind {
        UNO_FLIP_INITIAL_ACTION => {
            Err("the initial card is flipped by the game, not by a player".into())
        }
        DRAW_CARD_ACTION => {
            let Some(draw) = action.downcast_ref::<DrawCard>() else {
                return Ok(());
            };
            if current != Some(&draw.player_id) {
                return Err(Cow::Borrowed("you can only draw on your own turn"));
            }
            if draw.count != 1 {
                return Err("draw one card at a time".into());
            }
            if drawn_card_this_turn(state, &draw.player_id).is_some() {
                return Err("you have already drawn this turn".into());
            }
            Ok(())
        }
        END_TURN_ACTION => match action.player_id() {
            Some(player) if drawn_card_this_turn(state, player).is_some() => Ok(()),
            _ => Err("draw a card before ending your turn".into()),
        },
        PLAY_CARD_ACTION => {
            let Some(play) = action.downcast_ref::<PlayCard>() else {
                return Ok(());
            };
            match drawn_card_this_turn(state, &play.player_id) {
                None => Ok(()),
                Some(Some(drawn)) if play.card_ids.len() == 1 && &play.card_ids[0] == drawn => {
                    Ok(())
                }
                Some(_) => Err("after drawing you may only play the card you drew".into()),
            }
        }
        _ => Ok(()),
    }
}

/// UNO's nine rules in order, in one [`RuleGroup`] whose fast check
/// ([`uno_rules_accept`]) reads the state once for all of them.
pub fn uno_rules() -> Vec<Rule> {
    let group = RuleGroup::new("uno", uno_rules_accept);
    [
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
    .into_iter()
    .map(|rule| rule.in_group(&group))
    .collect()
}

/// The fast check of UNO's rule group: `true` only when every one of the nine rules
/// that applies to the action accepts it; `false` when one refuses **or** the answer
/// needs a closer look (the engine then asks the rules one by one, so a rejection names
/// the seed's rule with its reason). Plays, draws and turn ends (nearly every action of
/// a game) are answered here; colour choices and other kinds go to the rules.
pub fn uno_rules_accept(action: &AnyAction, origin: ActionOrigin, state: &GameState) -> bool {
    // gameNotWon, gameStarted
    if !state.winners.is_empty() || state.status != GameStatus::Playing {
        return false;
    }
    let external = origin == ActionOrigin::External;
    match action.kind() {
        PLAY_CARD_ACTION => action
            .downcast_ref::<PlayCard>()
            .is_some_and(|play| play_accepted(play, external, state)),
        DRAW_CARD_ACTION => {
            !external
                || action.downcast_ref::<DrawCard>().is_some_and(|draw| {
                    draw.count == 1
                        && state.current_player_id.as_ref() == Some(&draw.player_id)
                        && !is_color_pending(state)
                        && drawn_card_this_turn(state, &draw.player_id).is_none()
                })
        }
        END_TURN_ACTION => {
            !external
                || action.player_id().is_some_and(|player| {
                    !is_color_pending(state) && drawn_card_this_turn(state, player).is_some()
                })
        }
        _ => false,
    }
}

/// [`uno_rules_accept`] for a `PLAY_CARD`: rules 3 to 7 and the turn discipline.
fn play_accepted(play: &PlayCard, external: bool, state: &GameState) -> bool {
    let [card] = play.card_ids.as_slice() else {
        return false; // singleCard
    };
    let player = &play.player_id;
    // playerTurn, playerOwnsCard
    if state.current_player_id.as_ref() != Some(player)
        || !state.hand(player).is_some_and(|hand| hand.contains(card))
    {
        return false;
    }
    // turnDiscipline: no colour pending; after a draw, only the drawn card
    if external {
        if is_color_pending(state) {
            return false;
        }
        match drawn_card_this_turn(state, player) {
            None => {}
            Some(Some(drawn)) if drawn == card => {}
            Some(_) => return false,
        }
    }
    // canPlayCard, canPlayWildDrawFour: the check `legal_actions` uses
    Playability::of(state, player).is_some_and(|playability| playability.playable(card))
}

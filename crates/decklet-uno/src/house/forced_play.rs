//! House rule *forced play* (our reading): a player whose own draw gave a card they can
//! play must play it; ending the turn is refused. A drawn card that cannot be played
//! still ends the turn as usual. It wraps UNO's `turnDiscipline` rule for `END_TURN`
//! (rejections keep that rule's id), and its move hook withdraws ending the turn from
//! [`legal_actions`](crate::legal_actions), so that only the play is offered.

use decklet_core::{ActionOrigin, GameData, GamePlugin, GameState, PlayerId, Rule};
use decklet_plugins::EndTurn;

use super::RulesInPlay;
use crate::legal::{MoveList, UnoMoveHooks, playable_now};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::rules::UNO_RULE_TURN_DISCIPLINE;
use crate::state::{UnoTable, drawn_this_turn};

/// The plugin's id.
pub const FORCED_PLAY_PLUGIN_ID: &str = "uno-forced-play";

/// After a draw, a playable drawn card must be played: ending the turn is withdrawn.
fn must_play(state: &GameState, _: &UnoTable, player: PlayerId, out: &mut dyn MoveList) {
    let plays = out.any(&|m| matches!(m, LegalAction::Play(_)));
    if plays && drawn_this_turn(state, player).is_some() {
        out.retain(&|m| m != LegalAction::EndTurn);
    }
}

/// The plugin of the *forced play* house rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForcedPlayPlugin;

impl GamePlugin for ForcedPlayPlugin {
    fn id(&self) -> &'static str {
        FORCED_PLAY_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO house rule: forced play"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: its moves, if any, are listed by the plugin it changes.
    fn lists_moves(&self) -> bool {
        false
    }
    fn requires(&self) -> &'static [&'static str] {
        &[UNO_PLUGIN_ID]
    }
    fn declare(&self, data: &mut GameData) {
        RulesInPlay::mark(data, |rules| rules.forced_play = true);
        UnoMoveHooks::change(data, |hooks| hooks.turn.push(must_play));
    }
    fn rules(&self) -> Vec<Rule> {
        vec![Rule::wrapping::<EndTurn>(
            UNO_RULE_TURN_DISCIPLINE,
            |end, origin, state, original| {
                original(end, origin, state)?;
                if origin == ActionOrigin::Internal {
                    return Ok(()); // the game ending a turn, not the player
                }
                match drawn_this_turn(state, end.player_id) {
                    Some(Some(card)) if playable_now(state, end.player_id, card) => {
                        Err("the card you drew can be played, so you must play it".into())
                    }
                    _ => Ok(()),
                }
            },
        )]
    }
}

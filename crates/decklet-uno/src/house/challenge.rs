//! Official rule *the wild draw four challenge*: a wild draw four may be played while
//! holding a card of the colour in force (a bluff), and the next player may challenge
//! it.
//!
//! - The plugin replaces UNO's `canPlayWildDrawFour` rule by id with one that lets
//!   every wild draw four through (`canPlayCard` still applies: a wild always matches).
//! - When the colour is chosen, the next player's turn begins with a challenge pending
//!   (`uno:challengePending`; `uno:challengeFrom` names the player of the card). They
//!   may only `UNO_ACCEPT_DRAW_FOUR { playerId }` (draw four, `UNO_DRAW_FOUR` is emitted,
//!   the turn ends) or `UNO_CHALLENGE { playerId }`; anything else is refused by the
//!   rule `challengePending`.
//! - A challenge shows the challenged hand to the challenger only:
//!   `UNO_HAND_SHOWN { playerId, toPlayerId, cardIds }`, whose card ids every other
//!   viewer sees empty. Then `UNO_CHALLENGED { challengerId, challengedId, bluff }`: if
//!   the challenged player held a card of the colour in force when they played the
//!   card (a bluff), they draw four and the challenger plays on; otherwise the
//!   challenger draws six and the turn ends.
//!
//! Whether it was a bluff is decided when the challenge is made, from the challenged
//! hand as it is then: the plugin keeps only public facts, the colour in force at the
//! play (`uno:challengeColor`) and how many cards the hand kept (`uno:challengeHandSize`).
//! Cards only join a hand on top (a penalty for a missed UNO call may come in between),
//! so the hand at the play is the bottom of the hand at the challenge. No variable
//! holds a fact about the hidden hand, so no seat reads one, and a world sampled for a
//! seat decides the challenge from the hand it dealt.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardIds, EngineError, Event, GameContext, GameData,
    GamePlugin, GameState, MoveCode, PlayCard, PlayerId, Rule, SmolStr, Var,
};
use decklet_plugins::{create_draw_card_action, create_end_turn_action};
use serde::{Deserialize, Serialize};

use super::RulesInPlay;
use crate::cards::UnoColor;
use crate::effects::UnoEffects;
use crate::events::UnoDrawFour;
use crate::legal::{MoveList, UnoMoveHooks, is_side_action};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::rules::UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR;
use crate::state::{UnoTable, current_color, uno_table};

/// The plugin's id.
pub const WD4_CHALLENGE_PLUGIN_ID: &str = "uno-wd4-challenge";
/// `UNO_ACCEPT_DRAW_FOUR`.
pub const UNO_ACCEPT_DRAW_FOUR_ACTION: &str = "UNO_ACCEPT_DRAW_FOUR";
/// `UNO_CHALLENGE`.
pub const UNO_CHALLENGE_ACTION: &str = "UNO_CHALLENGE";
/// `UNO_HAND_SHOWN { playerId, toPlayerId, cardIds }`.
pub const UNO_HAND_SHOWN: &str = "UNO_HAND_SHOWN";
/// `UNO_CHALLENGED { challengerId, challengedId, bluff }`.
pub const UNO_CHALLENGED: &str = "UNO_CHALLENGED";
/// `true` while the player after a wild draw four must accept it or challenge it.
pub const UNO_VAR_CHALLENGE_PENDING: Var<bool> = Var::new("uno:challengePending");
/// Who played the wild draw four that may be challenged (their text id).
pub const UNO_VAR_CHALLENGE_FROM: Var<SmolStr> = Var::new("uno:challengeFrom");
/// The colour in force when the wild draw four was played (public: it was on the table).
pub const UNO_VAR_CHALLENGE_COLOR: Var<UnoColor> = Var::new("uno:challengeColor");
/// How many cards the player's hand kept after the wild draw four (public: a count).
pub const UNO_VAR_CHALLENGE_HAND_SIZE: Var<i64> = Var::new("uno:challengeHandSize");

/// `UNO_ACCEPT_DRAW_FOUR { playerId }`: take the four cards and lose the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AcceptDrawFour {
    /// Who accepts.
    pub player_id: PlayerId,
}
impl Action for AcceptDrawFour {
    const KIND: &'static str = UNO_ACCEPT_DRAW_FOUR_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(AcceptDrawFour {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// `UNO_CHALLENGE { playerId }`: challenge the wild draw four just played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// Who challenges.
    pub player_id: PlayerId,
}
impl Action for Challenge {
    const KIND: &'static str = UNO_CHALLENGE_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(Challenge {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// `UNO_HAND_SHOWN`: a hand shown to one player; the others see no card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoHandShown {
    /// Whose hand.
    pub player_id: PlayerId,
    /// Who sees it.
    pub to_player_id: PlayerId,
    /// The cards (empty in every other player's view).
    pub card_ids: CardIds,
}
impl Event for UnoHandShown {
    const KIND: &'static str = UNO_HAND_SHOWN;
    fn view_for(&self, viewer: PlayerId) -> Self {
        if viewer == self.to_player_id {
            self.clone()
        } else {
            UnoHandShown {
                card_ids: CardIds::new(),
                ..self.clone()
            }
        }
    }
}

/// `UNO_CHALLENGED`: how a challenge ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoChallenged {
    /// Who challenged.
    pub challenger_id: PlayerId,
    /// Who played the wild draw four.
    pub challenged_id: PlayerId,
    /// Whether it was a bluff (then the challenged player draws four).
    pub bluff: bool,
}
impl Event for UnoChallenged {
    const KIND: &'static str = UNO_CHALLENGED;
}

/// The answers of a pending challenge: accept the wild draw four, or challenge it.
fn challenge_moves(state: &GameState, _: &UnoTable, _: PlayerId, out: &mut dyn MoveList) -> bool {
    if !is_challenge_pending(state) {
        return false;
    }
    out.extend([LegalAction::AcceptDrawFour, LegalAction::Challenge]);
    true
}

/// The plugin of the wild draw four challenge.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wd4ChallengePlugin;

/// Whether a challenge is waiting for the current player's answer.
pub fn is_challenge_pending(state: &GameState) -> bool {
    state.variable(&UNO_VAR_CHALLENGE_PENDING).unwrap_or(false)
}

/// The player whose wild draw four may be challenged.
fn challenged(state: &GameState) -> Option<PlayerId> {
    state
        .variable(&UNO_VAR_CHALLENGE_FROM)
        .and_then(|text| state.player_id(&text))
}

/// At the play: remember the colour in force and the hand's size (public facts), then
/// classic UNO's effect (a colour is to be chosen).
fn wild_draw_four(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    let state = ctx.state();
    let kept = i64::try_from(state.hand(player).len()).unwrap_or(i64::MAX);
    if let Some(color) = current_color(state) {
        ctx.set_variable(&UNO_VAR_CHALLENGE_COLOR, color);
    }
    ctx.set_variable(&UNO_VAR_CHALLENGE_HAND_SIZE, kept);
    (UnoEffects::SEEDS.wild_draw_four)(ctx, player)
}

/// Whether `from` held a card of the colour in force when they played the wild draw
/// four: among the bottom cards of their hand, as many as it kept then.
pub(crate) fn was_bluff(state: &GameState, from: PlayerId) -> bool {
    let (Some(table), Some(color)) = (uno_table(state), state.variable(&UNO_VAR_CHALLENGE_COLOR))
    else {
        return false;
    };
    let kept = state
        .variable(&UNO_VAR_CHALLENGE_HAND_SIZE)
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(0);
    let hand = state.hand(from);
    hand.get(..kept.min(hand.len()))
        .unwrap_or(&[])
        .iter()
        .any(|card| {
            table
                .card(*card)
                .is_some_and(|view| view.color == Some(color))
        })
}

/// Once the colour is chosen: the next player must accept or challenge.
fn after_choice(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    let text = SmolStr::new(ctx.state().id_text(player));
    ctx.set_variable(&UNO_VAR_CHALLENGE_FROM, text);
    ctx.set_variable(&UNO_VAR_CHALLENGE_PENDING, true);
    ctx.dispatch(create_end_turn_action(player));
    Ok(())
}

fn accept(action: &AcceptDrawFour, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.set_variable(&UNO_VAR_CHALLENGE_PENDING, false);
    ctx.emit(UnoDrawFour {
        target_player_id: action.player_id,
        count: 4,
    });
    ctx.dispatch(create_draw_card_action(action.player_id, 4));
    ctx.dispatch(create_end_turn_action(action.player_id));
    Ok(())
}

fn challenge(action: &Challenge, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let Some(from) = challenged(state) else {
        return Err(EngineError::action_failed(
            UNO_CHALLENGE_ACTION,
            "nobody to challenge",
        ));
    };
    let bluff = was_bluff(state, from);
    let shown: CardIds = state.hand(from).iter().copied().collect();
    ctx.set_variable(&UNO_VAR_CHALLENGE_PENDING, false);
    ctx.emit(UnoHandShown {
        player_id: from,
        to_player_id: action.player_id,
        card_ids: shown,
    });
    ctx.emit(UnoChallenged {
        challenger_id: action.player_id,
        challenged_id: from,
        bluff,
    });
    if bluff {
        ctx.dispatch(create_draw_card_action(from, 4));
    } else {
        ctx.dispatch(create_draw_card_action(action.player_id, 6));
        ctx.dispatch(create_end_turn_action(action.player_id));
    }
    Ok(())
}

/// Rule `challengeAnswer`: an answer to a pending challenge, by the player it waits for.
fn check_answer(player: PlayerId, state: &GameState) -> Result<(), Box<str>> {
    if !is_challenge_pending(state) {
        return Err("no wild draw four is waiting for an answer".into());
    }
    if state.current_player() != Some(player) {
        return Err("only the player after the wild draw four answers it".into());
    }
    Ok(())
}

impl GamePlugin for Wd4ChallengePlugin {
    fn id(&self) -> &'static str {
        WD4_CHALLENGE_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO official rule: wild draw four challenge"
    }
    fn version(&self) -> &'static str {
        "1.1.0"
    }
    /// None: its moves, if any, are listed by the plugin it changes.
    fn lists_moves(&self) -> bool {
        false
    }
    fn requires(&self) -> &'static [&'static str] {
        &[UNO_PLUGIN_ID]
    }
    /// The colour is a colour, the hand's size at most the deck's, the player a player.
    fn validate(&self, state: &GameState) -> Result<(), EngineError> {
        let cards = state.cards().len() as i64;
        state.check_variable(&UNO_VAR_CHALLENGE_PENDING, |_| true)?;
        state.check_variable(&UNO_VAR_CHALLENGE_COLOR, |_| true)?;
        state.check_variable(&UNO_VAR_CHALLENGE_HAND_SIZE, |n| (0..=cards).contains(n))?;
        state.check_variable(&UNO_VAR_CHALLENGE_FROM, |p| {
            p.is_empty() || state.player_id(p).is_some()
        })
    }
    fn declare(&self, data: &mut GameData) {
        UnoEffects::change(data, |effects| {
            effects.wild_draw_four = wild_draw_four;
            effects.wild_draw_four_after_choice = after_choice;
        });
        RulesInPlay::mark(data, |rules| rules.wd4_challenge = true);
        UnoMoveHooks::change(data, |hooks| {
            hooks.answers.push(challenge_moves);
            hooks.wild_draw_four_free = true;
        });
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        if ctx.state().variable(&UNO_VAR_CHALLENGE_PENDING).is_none() {
            ctx.set_variable(&UNO_VAR_CHALLENGE_PENDING, false);
        }
        Ok(())
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            // a bluff is allowed: the challenge is the check
            Rule::for_action::<PlayCard>(UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR, |_, _, _| Ok(()))
                .replacing(UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR),
            Rule::new("challengePending", |action, origin, state| {
                let kind = action.kind();
                let answer = matches!(kind, UNO_ACCEPT_DRAW_FOUR_ACTION | UNO_CHALLENGE_ACTION);
                if origin == ActionOrigin::External
                    && is_challenge_pending(state)
                    && !answer
                    && !is_side_action(state, kind)
                {
                    return Err("accept the wild draw four or challenge it first".into());
                }
                Ok(())
            }),
            Rule::for_kinds(
                "challengeAnswer",
                &[UNO_ACCEPT_DRAW_FOUR_ACTION, UNO_CHALLENGE_ACTION],
                |action, _, state| match action.player_id() {
                    Some(player) => check_answer(player, state),
                    None => Err("an answer names its player".into()),
                },
            ),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new(accept), ActionHandler::new(challenge)]
    }
}

//! Official rule *calling UNO*: a player who goes down to one card must call UNO; one
//! who does not may be caught by any opponent until another player has acted, and
//! draws two.
//!
//! - **Calling in advance.** `UNO_CALL { playerId }` by a player holding two cards who
//!   may play one now (on their turn, or to jump in under *jump-in*). The call counts
//!   for the turn it is made in (`uno:unoCalled`, `uno:unoCalledTurn`); a play that
//!   leaves the caller one card in that turn is safe.
//! - **Exposed.** A play that leaves its player one card without a call this turn
//!   exposes them: `uno:unoExposed` names them. A 0 that rotates the hands (*seven-zero*)
//!   exposes nobody: every hand is then one its holder did not play down, the player of
//!   the 0 included, whatever its size.
//! - **Calling late.** The exposed player may still `UNO_CALL`: they are safe.
//! - **Catching.** While a player is exposed and holds one card, any other player may
//!   `UNO_CATCH { playerId, targetPlayerId }`: `UNO_CAUGHT { playerId, targetPlayerId }`
//!   is emitted and the target draws two (one `CARD_DRAWN`).
//! - **The window closes** when another player acts: a card of another player is
//!   played, or the current player, not the exposed one, draws (their own draw, an
//!   accepted penalty, a lost challenge), or a challenge is answered. A call or a catch
//!   closes nothing. A penalty drawn automatically (classic UNO's draw two and wild draw
//!   four) is not the drawer's action: the window stays open for the player after them.
//! - Calls and catches are not moves of the turn ([side actions](crate::is_side_action)): they may be
//!   made while a colour, a swap or a challenge waits (`turnDiscipline`, `swapPending`
//!   and `challengePending` let them through), and UNO's turn order does not apply.
//!   Their own rules: `unoCall`, `unoCatch`.

use decklet_core::{
    Action, ActionHandler, CardPlayed, EngineError, Event, EventHandler, GameContext, GameData,
    GamePlugin, GameState, GameStatus, MoveCode, PlayerId, Rule, SmolStr, Var,
};
use decklet_plugins::{CardDrawn, create_draw_card_action};
use serde::{Deserialize, Serialize};

use super::{RulesInPlay, UnoChallenged, UnoHandsRotated};
use crate::legal::{MoveList, UnoMoveHooks, may_play_a_card};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::state::UnoTable;

/// The plugin's id.
pub const CALL_UNO_PLUGIN_ID: &str = "uno-call-uno";
/// `UNO_CALL { playerId }`.
pub const UNO_CALL_ACTION: &str = "UNO_CALL";
/// `UNO_CATCH { playerId, targetPlayerId }`.
pub const UNO_CATCH_ACTION: &str = "UNO_CATCH";
/// `UNO_CALLED { playerId }`.
pub const UNO_CALLED: &str = "UNO_CALLED";
/// `UNO_CAUGHT { playerId, targetPlayerId }`.
pub const UNO_CAUGHT: &str = "UNO_CAUGHT";
/// Who called UNO in advance (their text id; empty: nobody).
pub const UNO_VAR_UNO_CALLED: Var<SmolStr> = Var::new("uno:unoCalled");
/// The turn (the state's counter) of that call.
pub const UNO_VAR_UNO_CALLED_TURN: Var<i64> = Var::new("uno:unoCalledTurn");
/// Who may be caught (their text id; empty: nobody).
pub const UNO_VAR_UNO_EXPOSED: Var<SmolStr> = Var::new("uno:unoExposed");
/// Cards a caught player draws.
pub const UNO_CATCH_PENALTY: u32 = 2;

/// `UNO_CALL { playerId }`: call UNO.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallUno {
    /// Who calls.
    pub player_id: PlayerId,
}
impl Action for CallUno {
    const KIND: &'static str = UNO_CALL_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(CallUno {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// `UNO_CATCH { playerId, targetPlayerId }`: catch a player who did not call UNO.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatchUno {
    /// Who catches.
    pub player_id: PlayerId,
    /// Who is caught.
    pub target_player_id: PlayerId,
}
impl Action for CatchUno {
    const KIND: &'static str = UNO_CATCH_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        let code = MoveCode::new().player(self.player_id)?;
        Some(code.player(self.target_player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        Some(CatchUno {
            player_id: fields.player(),
            target_player_id: fields.player(),
        })
    }
}

/// `UNO_CALLED`: a player called UNO.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoCalled {
    /// Who called.
    pub player_id: PlayerId,
}
impl Event for UnoCalled {
    const KIND: &'static str = UNO_CALLED;
}

/// `UNO_CAUGHT`: a player was caught not calling UNO (they draw two next).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoCaught {
    /// Who caught.
    pub player_id: PlayerId,
    /// Who was caught.
    pub target_player_id: PlayerId,
}
impl Event for UnoCaught {
    const KIND: &'static str = UNO_CAUGHT;
}

/// The plugin of calling UNO.
#[derive(Clone, Copy, Debug, Default)]
pub struct CallUnoPlugin;

/// A player named by a variable holding a text id (empty: nobody).
fn named(state: &GameState, var: &Var<SmolStr>) -> Option<PlayerId> {
    state
        .variable(var)
        .filter(|text| !text.is_empty())
        .and_then(|text| state.player_id(&text))
}

/// Whether the game is being played and nobody has won.
fn in_play(state: &GameState) -> bool {
    RulesInPlay::of(state).call_uno
        && state.status() == GameStatus::Playing
        && state.winners().is_empty()
}

/// The player who may be caught now: exposed, still holding one card.
pub fn exposed_player(state: &GameState) -> Option<PlayerId> {
    named(state, &UNO_VAR_UNO_EXPOSED).filter(|p| in_play(state) && state.hand(*p).len() == 1)
}

/// Whether `player` called UNO in advance this turn.
fn called_this_turn(state: &GameState, player: PlayerId) -> bool {
    named(state, &UNO_VAR_UNO_CALLED) == Some(player)
        && state.variable(&UNO_VAR_UNO_CALLED_TURN) == i64::try_from(state.turn()).ok()
}

/// Why `player` may not call UNO now (`None`: they may): only the exposed player (a
/// late call), or a player holding two cards who may play one now (on their turn, or
/// to jump in) and has not called this turn.
fn call_refusal(state: &GameState, player: PlayerId) -> Option<&'static str> {
    if !in_play(state) {
        return Some("the game is not being played");
    }
    call_refusal_when(state, player, exposed_player(state), || {
        may_play_a_card(state, player)
    })
}

/// [`call_refusal`] in a game being played, with the exposed player read and whether
/// `player` may play a card asked only if needed.
fn call_refusal_when(
    state: &GameState,
    player: PlayerId,
    exposed: Option<PlayerId>,
    may_play_now: impl FnOnce() -> bool,
) -> Option<&'static str> {
    if exposed == Some(player) {
        return None;
    }
    if state.hand(player).len() != 2 {
        return Some(
            "call UNO when you hold two cards and may play one, or after going down to one",
        );
    }
    if called_this_turn(state, player) {
        return Some("you have already called UNO this turn");
    }
    if !may_play_now() {
        return Some("call UNO when you may play your next-to-last card");
    }
    None
}

/// Whether `player` may call UNO now.
pub fn may_call_uno(state: &GameState, player: PlayerId) -> bool {
    call_refusal(state, player).is_none()
}

/// The player `player` may catch now, if any: the exposed one, if it is not them and
/// they are in the game.
pub fn catch_target(state: &GameState, player: PlayerId) -> Option<PlayerId> {
    exposed_player(state).filter(|target| *target != player && state.hand_zone(player).is_some())
}

/// The side moves of calling UNO, for any player in or out of turn, after their other
/// moves (`moves`): catching the exposed player, then calling UNO.
fn side_moves(state: &GameState, _: &UnoTable, player: PlayerId, moves: &mut dyn MoveList) {
    // the hook runs only in a game being played under the rule
    let exposed = named(state, &UNO_VAR_UNO_EXPOSED).filter(|p| state.hand(*p).len() == 1);
    if let Some(target) = exposed.filter(|t| *t != player && state.hand_zone(player).is_some()) {
        moves.push(LegalAction::CatchUno(target));
    }
    let may_play = |moves: &dyn MoveList| moves.any(&|m| matches!(m, LegalAction::Play(_)));
    if call_refusal_when(state, player, exposed, || may_play(moves)).is_none() {
        moves.push(LegalAction::CallUno);
    }
}

/// `UNO_CALL`: a late call makes the exposed player safe; a call in advance is
/// remembered for the turn.
fn call(action: &CallUno, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    if exposed_player(state) == Some(action.player_id) {
        ctx.set_variable(&UNO_VAR_UNO_EXPOSED, SmolStr::default());
    } else {
        let text = SmolStr::new(state.id_text(action.player_id));
        let turn = i64::try_from(state.turn()).unwrap_or(i64::MAX);
        ctx.set_variable(&UNO_VAR_UNO_CALLED, text);
        ctx.set_variable(&UNO_VAR_UNO_CALLED_TURN, turn);
    }
    ctx.emit(UnoCalled {
        player_id: action.player_id,
    });
    Ok(())
}

/// `UNO_CATCH`: the target draws two.
fn catch(action: &CatchUno, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.set_variable(&UNO_VAR_UNO_EXPOSED, SmolStr::default());
    ctx.emit(UnoCaught {
        player_id: action.player_id,
        target_player_id: action.target_player_id,
    });
    ctx.dispatch(create_draw_card_action(
        action.target_player_id,
        UNO_CATCH_PENALTY,
    ));
    Ok(())
}

/// Closes the window (another player acted).
fn close_window(ctx: &mut GameContext<'_>) {
    if named(ctx.state(), &UNO_VAR_UNO_EXPOSED).is_some() {
        ctx.set_variable(&UNO_VAR_UNO_EXPOSED, SmolStr::default());
    }
}

/// A card played: another player's play closes the window; a play down to one card
/// without a call this turn exposes its player.
fn on_card_played(event: &CardPlayed, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let player = event.player_id;
    if named(state, &UNO_VAR_UNO_EXPOSED).is_some_and(|p| p != player) {
        close_window(ctx);
    }
    let state = ctx.state();
    if state.hand(player).len() == 1 && state.winners().is_empty() {
        if called_this_turn(state, player) {
            ctx.set_variable(&UNO_VAR_UNO_CALLED, SmolStr::default());
        } else {
            let text = SmolStr::new(state.id_text(player));
            ctx.set_variable(&UNO_VAR_UNO_EXPOSED, text);
        }
    }
    Ok(())
}

/// A draw by the current player, when they are not the exposed one, is their action.
fn on_card_drawn(event: &CardDrawn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let exposed = named(state, &UNO_VAR_UNO_EXPOSED);
    if exposed.is_some()
        && exposed != Some(event.player_id)
        && state.current_player() == Some(event.player_id)
    {
        close_window(ctx);
    }
    Ok(())
}

/// Hands rotated (a 0 under *seven-zero*): every hand is one its holder did not play
/// down, so nobody is exposed, the player of the 0 included.
fn on_hands_rotated(_: &UnoHandsRotated, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    close_window(ctx);
    Ok(())
}

/// An answered challenge is the challenger's action.
fn on_challenged(event: &UnoChallenged, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    if named(ctx.state(), &UNO_VAR_UNO_EXPOSED) != Some(event.challenger_id) {
        close_window(ctx);
    }
    Ok(())
}

impl GamePlugin for CallUnoPlugin {
    fn id(&self) -> &'static str {
        CALL_UNO_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO official rule: calling UNO"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: its moves, if any, are listed by the plugin it changes.
    fn lists_moves(&self) -> bool {
        false
    }
    /// While a player is exposed (one card left, UNO not called), any seat may catch
    /// them.
    fn moves_out_of_turn(&self, state: &GameState) -> bool {
        exposed_player(state).is_some()
    }
    fn requires(&self) -> &'static [&'static str] {
        &[UNO_PLUGIN_ID]
    }
    fn declare(&self, data: &mut GameData) {
        RulesInPlay::mark(data, |rules| rules.call_uno = true);
        UnoMoveHooks::change(data, |hooks| {
            hooks.side.push(side_moves);
            hooks.side_kinds.extend([UNO_CALL_ACTION, UNO_CATCH_ACTION]);
        });
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        for var in [&UNO_VAR_UNO_CALLED, &UNO_VAR_UNO_EXPOSED] {
            if ctx.state().variable(var).is_none() {
                ctx.set_variable(var, SmolStr::default());
            }
        }
        if ctx.state().variable(&UNO_VAR_UNO_CALLED_TURN).is_none() {
            ctx.set_variable(&UNO_VAR_UNO_CALLED_TURN, -1);
        }
        Ok(())
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<CallUno>("unoCall", |call, _, state| {
                match call_refusal(state, call.player_id) {
                    None => Ok(()),
                    Some(reason) => Err(reason.into()),
                }
            }),
            Rule::for_action::<CatchUno>("unoCatch", |catch, _, state| {
                if catch_target(state, catch.player_id) == Some(catch.target_player_id) {
                    Ok(())
                } else {
                    Err(format!(
                        "{} cannot be caught now: only a player who went down to one card \
                         without calling UNO, until another player acts",
                        state.id_text(catch.target_player_id)
                    )
                    .into())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new(call), ActionHandler::new(catch)]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![
            EventHandler::new(on_card_played),
            EventHandler::new(on_card_drawn),
            EventHandler::new(on_challenged),
            EventHandler::new(on_hands_rotated),
        ]
    }
}

//! House rule *jump-in* (our reading): a player holding a card identical to the top of
//! the discard pile (same colour and same face; wilds have no colour and never jump in)
//! may play it out of turn. Play continues from them: the card's effect applies as if
//! it were their turn (a number ends their turn, a skip skips the player after them, …).
//!
//! Not while something waits for an answer (a colour, a swap, a challenge, a stacked
//! penalty). How: the plugin wraps UNO's `playerTurn` rule for `PLAY_CARD` (a jump-in
//! passes it; rejections keep the rule's id) and handles `CARD_PLAYED`: the player
//! who jumped in becomes the current player before the card's effect runs.
//!
//! The plugin lists its moves for the players whose turn it is not
//! ([`UnoMoveHooks::out_of_turn`](crate::UnoMoveHooks)). Out-of-turn moves are offered to each seat by the game loop
//! (`decklet_bots::play_game`): before each move of the current player, the other
//! seats, in seat order starting after the current player, are asked in turn
//! (`decklet_bots::Bot::choose_out_of_turn`), where the game may list moves out of turn ([`GamePlugin::moves_out_of_turn`](decklet_core::GamePlugin::moves_out_of_turn)); the first that acts
//! takes the move.

use decklet_core::{
    CardId, CardPlayed, EngineError, EventHandler, GameContext, GameData, GamePlugin, GameState,
    GameStatus, PlayCard, PlayerId, Rule,
};

use super::RulesInPlay;
use crate::legal::{MoveList, UnoMoveHooks};
use crate::legal_action::LegalAction;
use crate::plugin::UNO_PLUGIN_ID;
use crate::rules::UNO_RULE_PLAYER_TURN;
use crate::state::{UnoTable, card_view, discard_top, is_color_pending, pending_draw, uno_table};

/// The plugin's id.
pub const JUMP_IN_PLUGIN_ID: &str = "uno-jump-in";

/// The plugin of the *jump-in* house rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpInPlugin;

/// Whether nothing waits for an answer (no colour, swap, challenge or penalty).
fn settled(state: &GameState) -> bool {
    state.status() == GameStatus::Playing
        && state.winners().is_empty()
        && !is_color_pending(state)
        && !super::is_swap_pending(state)
        && !super::is_challenge_pending(state)
        && pending_draw(state) == 0
}

/// Whether `player`, whose turn it is not, may jump in with `card` (under the rule).
pub fn may_jump_in(state: &GameState, player: PlayerId, card: CardId) -> bool {
    state.current_player() != Some(player)
        && RulesInPlay::of(state).jump_in
        && settled(state)
        && state.hand(player).contains(&card)
        && match (discard_top(state), card_view(state, card)) {
            (Some((_, top)), Some(view)) => view.color.is_some() && view == top,
            _ => false,
        }
}

/// The cards `player` may jump in with now, in hand order (none on their own turn).
pub fn jump_in_cards(state: &GameState, player: PlayerId) -> Vec<CardId> {
    if state.current_player() == Some(player) || !RulesInPlay::of(state).jump_in {
        return Vec::new();
    }
    let Some(table) = uno_table(state) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    jump_in_moves(state, &table, player, &mut moves);
    moves
        .into_iter()
        .filter_map(|m| match m {
            LegalAction::Play(card) => Some(card),
            _ => None,
        })
        .collect()
}

/// The out-of-turn moves of *jump-in*: the cards of `player`'s hand identical to the
/// top of the pile (a coloured card), in hand order, when nothing waits for an answer.
fn jump_in_moves(state: &GameState, table: &UnoTable, player: PlayerId, out: &mut dyn MoveList) {
    let Some(top) = state.top(table.discard).and_then(|card| table.card(card)) else {
        return;
    };
    let hand = state.hand(player);
    let twin = |card: &&CardId| table.card(**card) == Some(top);
    // the hand first: it rarely holds a twin, and then nothing else is read
    if top.color.is_none() || !hand.iter().any(|card| twin(&card)) || !settled(state) {
        return;
    }
    out.extend(
        hand.iter()
            .filter(twin)
            .map(|card| LegalAction::Play(*card)),
    );
}

/// A card played out of turn: its player becomes the current one, before its effect.
fn take_the_turn(event: &CardPlayed, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    if ctx.state().current_player() != Some(event.player_id) && ctx.state().winners().is_empty() {
        ctx.set_current_player(Some(event.player_id))?;
    }
    Ok(())
}

impl GamePlugin for JumpInPlugin {
    fn id(&self) -> &'static str {
        JUMP_IN_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO house rule: jump-in"
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
    /// Yes: any seat holding the card on the pile may jump in.
    fn moves_out_of_turn(&self, _state: &GameState) -> bool {
        true
    }
    fn declare(&self, data: &mut GameData) {
        RulesInPlay::mark(data, |rules| rules.jump_in = true);
        UnoMoveHooks::change(data, |hooks| hooks.out_of_turn.push(jump_in_moves));
    }
    fn rules(&self) -> Vec<Rule> {
        vec![Rule::wrapping::<PlayCard>(
            UNO_RULE_PLAYER_TURN,
            |play, origin, state, original| {
                let jumping = play.card_ids.len() == 1
                    && play
                        .card_ids
                        .first()
                        .is_some_and(|card| may_jump_in(state, play.player_id, *card));
                if jumping {
                    Ok(())
                } else {
                    original(play, origin, state)
                }
            },
        )]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new(take_the_turn)]
    }
}

//! Card effects, one plain function per card type (the reference's `applyXxxEffect`), called
//! by the `CARD_PLAYED` and `UNO_COLOR_CHOSEN` handlers. They return nothing of their
//! own: they only dispatch actions, emit events and set variables through the context.
//! Turns move only through the `END_TURN` actions they dispatch.
//!
//! [`UnoEffects`] is the table the handlers call through: classic UNO's effects unless a
//! house rule registered after UNO put its own effect in a slot (with
//! [`UnoEffects::change`], in its own setup). That is how stacking changes what a draw
//! two does without forking UNO. A game without such a
//! rule has no table attached, and its handlers call classic UNO's effects directly.

mod draw_two;
mod reverse;
mod skip;
mod wild;
mod wild_draw_four;

pub use draw_two::apply_draw_two_effect;
pub use reverse::apply_reverse_effect;
pub use skip::apply_skip_effect;
pub use wild::apply_wild_effect;
pub use wild_draw_four::{apply_wild_draw_four_effect, apply_wild_draw_four_post_choice_effect};

use decklet_core::{EngineError, GameContext, GameData, PlayerId};

use crate::cards::UnoFace;
use decklet_plugins::{END_TURN_ACTION, create_end_turn_action, direction, next_player_in};

/// An effect: what playing a card does, for the player who played it.
pub type Effect = fn(&mut GameContext<'_>, PlayerId) -> Result<(), EngineError>;

/// How the game's first card is turned up (by `UNO_FLIP_INITIAL`).
pub type InitialFlip = fn(&mut GameContext<'_>) -> Result<(), EngineError>;

/// The effect of each kind of card: what the `CARD_PLAYED` handler (and, for the wild
/// draw four's second stage, the `UNO_COLOR_CHOSEN` handler) calls. The default is the
/// classic UNO.
#[derive(Clone, Copy, Debug)]
pub struct UnoEffects {
    /// A number card: the turn ends.
    pub number: Effect,
    /// [`apply_skip_effect`].
    pub skip: Effect,
    /// [`apply_reverse_effect`].
    pub reverse: Effect,
    /// [`apply_draw_two_effect`].
    pub draw_two: Effect,
    /// [`apply_wild_effect`].
    pub wild: Effect,
    /// [`apply_wild_draw_four_effect`] (the colour is chosen next).
    pub wild_draw_four: Effect,
    /// [`apply_wild_draw_four_post_choice_effect`] (after the colour is chosen).
    pub wild_draw_four_after_choice: Effect,
    /// After the colour of a plain wild is chosen: the turn ends.
    pub wild_after_choice: Effect,
    /// After a player goes out (their last card played, the game won): nothing in the
    /// seeds.
    pub going_out: Effect,
    /// [`flip_initial_card`](crate::flip_initial_card): flip until a number card.
    pub initial_flip: InitialFlip,
}

impl Default for UnoEffects {
    fn default() -> Self {
        UnoEffects::SEEDS
    }
}

impl UnoEffects {
    /// Classic UNO' effects.
    pub const SEEDS: UnoEffects = UnoEffects {
        number: end_turn_effect,
        skip: apply_skip_effect,
        reverse: reverse_effect,
        draw_two: apply_draw_two_effect,
        wild: apply_wild_effect,
        wild_draw_four: apply_wild_draw_four_effect,
        wild_draw_four_after_choice: apply_wild_draw_four_post_choice_effect,
        wild_after_choice: end_turn_effect,
        going_out: nothing,
        initial_flip: crate::actions::flip_initial_card,
    };

    /// The table of the game being played: the one its plugins declared (in the
    /// game's data), or classic UNO's.
    pub fn of(ctx: &GameContext<'_>) -> UnoEffects {
        ctx.state()
            .game_data::<UnoEffects>()
            .copied()
            .unwrap_or(UnoEffects::SEEDS)
    }

    /// Changes slots of the game's table (the one declared, or classic UNO's) and declares
    /// it: what a rule that changes effects does when the game is built, after UNO.
    pub fn change(data: &mut GameData, edit: impl FnOnce(&mut UnoEffects)) {
        match data.get_mut::<UnoEffects>() {
            Some(effects) => edit(effects),
            None => {
                let mut effects = UnoEffects::SEEDS;
                edit(&mut effects);
                data.insert(effects);
            }
        }
    }

    /// The effect of playing a card of this face.
    #[inline(always)]
    pub fn of_face(&self, face: UnoFace) -> Effect {
        match face {
            UnoFace::Number(_) => self.number,
            UnoFace::Skip => self.skip,
            UnoFace::Reverse => self.reverse,
            UnoFace::Draw2 => self.draw_two,
            UnoFace::Wild => self.wild,
            UnoFace::WildDraw4 => self.wild_draw_four,
        }
    }

    /// Plays the effect of `face` for `player`: the declared table's, or classic UNO's
    /// (called directly).
    #[inline]
    pub fn apply(
        ctx: &mut GameContext<'_>,
        face: UnoFace,
        player: PlayerId,
    ) -> Result<(), EngineError> {
        match ctx.state().game_data::<UnoEffects>() {
            Some(table) => (table.of_face(face))(ctx, player),
            None => (UnoEffects::SEEDS.of_face(face))(ctx, player),
        }
    }
}

/// No effect.
fn nothing(_ctx: &mut GameContext<'_>, _player: PlayerId) -> Result<(), EngineError> {
    Ok(())
}

/// A number card's effect: `END_TURN` for the player.
fn end_turn_effect(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    ctx.dispatch(create_end_turn_action(player));
    Ok(())
}

/// [`apply_reverse_effect`] with the game's player count.
fn reverse_effect(ctx: &mut GameContext<'_>, player: PlayerId) -> Result<(), EngineError> {
    let player_count = ctx.state().player_count();
    apply_reverse_effect(ctx, player, player_count)
}

/// The player after `player` in the current direction
/// (`nextPlayerId(playerId, playersInSeatOrder(state.players), direction)`).
pub(crate) fn next_player(
    ctx: &GameContext<'_>,
    player: PlayerId,
    dir: i64,
) -> Result<PlayerId, EngineError> {
    next_player_in(ctx.state(), player, dir).ok_or_else(|| {
        EngineError::action_failed(END_TURN_ACTION, "no active player can take the next turn")
    })
}

/// The direction in force (default 1).
pub(crate) fn current_direction(ctx: &GameContext<'_>) -> i64 {
    direction(ctx.state())
}

//! [`DrawPlugin`]: drawing from the top of the deck, with reshuffling.

use decklet_core::{
    Action, ActionHandler, CardIds, EngineError, Event, GameContext, GamePlugin, MoveCode,
    PlayerId, Rule, Var, ZoneId,
};
use serde::{Deserialize, Serialize};

/// Plugin id of [`DrawPlugin`].
pub const DRAW_PLUGIN_ID: &str = "draw";
/// Kind of [`DrawCard`].
pub const DRAW_CARD_ACTION: &str = "DRAW_CARD";
/// Kind of [`CardDrawn`].
pub const CARD_DRAWN: &str = "CARD_DRAWN";
/// Kind of [`DeckReshuffled`].
pub const DECK_RESHUFFLED: &str = "DECK_RESHUFFLED";
/// The zone cards are drawn from.
pub const DRAW_DECK_ZONE_ID: &str = "deck";
/// When the deck runs out, reshuffle this zone's cards into it (unset: never).
pub const DRAW_VAR_RESHUFFLE_FROM: Var<ZoneId> = Var::new("draw:reshuffleFrom");
/// When reshuffling, keep the top card of the source zone where it is.
pub const DRAW_VAR_RESHUFFLE_KEEP_TOP: Var<bool> = Var::new("draw:reshuffleKeepTop");

/// `DRAW_CARD`: a player draws `count` cards from the top of the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DrawCard {
    /// Who draws.
    pub player_id: PlayerId,
    /// How many cards (at least 1).
    pub count: u32,
}

impl Action for DrawCard {
    const KIND: &'static str = DRAW_CARD_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        let code = MoveCode::new().player(self.player_id)?;
        Some(code.put(u64::from(self.count), 32)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        Some(DrawCard {
            player_id: fields.player(),
            count: fields.take(32) as u32,
        })
    }
}

/// The original TypeScript API's `createDrawCardAction`.
pub fn create_draw_card_action(player: PlayerId, count: u32) -> DrawCard {
    DrawCard {
        player_id: player,
        count,
    }
}

/// `CARD_DRAWN`: cards went from the deck to a hand. `cardIds` may be shorter than
/// `requested` when the cards ran out. Seen by anyone but the drawer
/// ([`Event::view_for`]), `cardIds` is empty and only `count` tells how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardDrawn {
    /// Who drew.
    pub player_id: PlayerId,
    /// The cards drawn, in draw order (hidden from other players' views).
    pub card_ids: CardIds,
    /// How many were asked for.
    pub requested: u32,
    /// How many were drawn.
    #[serde(default)]
    pub count: u32,
}
impl Event for CardDrawn {
    const KIND: &'static str = CARD_DRAWN;
    fn view_for(&self, viewer: PlayerId) -> Self {
        if viewer == self.player_id {
            self.clone()
        } else {
            CardDrawn {
                card_ids: CardIds::new(),
                ..self.clone()
            }
        }
    }
}

/// `DECK_RESHUFFLED`: a zone's cards were shuffled back into the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckReshuffled {
    /// Where the cards came from.
    pub from_zone_id: ZoneId,
    /// The deck.
    pub to_zone_id: ZoneId,
    /// How many cards moved.
    pub count: usize,
}
impl Event for DeckReshuffled {
    const KIND: &'static str = DECK_RESHUFFLED;
}

/// Moves the reshuffle source's cards (all but its top one when keep-top is set) into
/// the empty deck and shuffles it. Returns how many cards moved.
fn reshuffle(ctx: &mut GameContext<'_>, deck: ZoneId) -> Result<usize, EngineError> {
    let state = ctx.state();
    let Some(from) = state.variable(&DRAW_VAR_RESHUFFLE_FROM) else {
        return Ok(0);
    };
    let keep_top = state
        .variable(&DRAW_VAR_RESHUFFLE_KEEP_TOP)
        .unwrap_or(false);
    let held = state.zone_cards(from).len();
    let count = if keep_top {
        held.saturating_sub(1)
    } else {
        held
    };
    if count == 0 {
        return Ok(0);
    }
    ctx.move_cards(from, 0..count, deck)?;
    ctx.shuffle_zone(deck)?;
    ctx.emit(DeckReshuffled {
        from_zone_id: from,
        to_zone_id: deck,
        count,
    });
    Ok(count)
}

fn draw_card(action: &DrawCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    draw_cards(ctx, action.player_id, action.count)
}

/// What `DRAW_CARD` does, for a plugin that must draw where no action may run (after
/// the game is won, say): up to `count` cards from the top of the deck into `player`'s
/// hand, reshuffling as the draw plugin does, then `CARD_DRAWN`.
pub fn draw_cards(
    ctx: &mut GameContext<'_>,
    player: PlayerId,
    count: u32,
) -> Result<(), EngineError> {
    let action = DrawCard {
        player_id: player,
        count,
    };
    let state = ctx.state();
    let deck = state
        .zone_id(DRAW_DECK_ZONE_ID)
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: DRAW_DECK_ZONE_ID.to_string(),
        })?;
    let hand = state
        .hand_zone(action.player_id)
        .ok_or_else(|| EngineError::PlayerNotFound {
            player: state.id_text(action.player_id).into_owned(),
        })?;
    let mut drawn = CardIds::new();
    for _ in 0..action.count {
        if ctx.state().zone_cards(deck).is_empty() && reshuffle(ctx, deck)? == 0 {
            break;
        }
        match ctx.draw_top(deck, hand)? {
            Some(card) => drawn.push(card),
            None => break,
        }
    }
    let count = drawn.len();
    ctx.emit(CardDrawn {
        player_id: action.player_id,
        count: u32::try_from(count).unwrap_or(u32::MAX),
        card_ids: drawn,
        requested: action.count,
    });
    Ok(())
}

/// Drawing: `DRAW_CARD { playerId, count }` moves cards from the top of `deck` into the
/// player's hand. When the deck runs out and [`DRAW_VAR_RESHUFFLE_FROM`] names a zone,
/// that zone's cards (all but its top with [`DRAW_VAR_RESHUFFLE_KEEP_TOP`]) are
/// shuffled into the deck (`DECK_RESHUFFLED`); if cards still run out the draw gives
/// what there is. Emits `CARD_DRAWN { playerId, cardIds, requested }`.
///
/// Rules: `drawCountPositive` (a count of 0 is rejected) and `drawPlayerKnown`.
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawPlugin;

impl GamePlugin for DrawPlugin {
    fn id(&self) -> &'static str {
        DRAW_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "Draw"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: the games built on it list their own.
    fn lists_moves(&self) -> bool {
        false
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<DrawCard>("drawCountPositive", |action, _, _| {
                if action.count == 0 {
                    Err("a draw must be of at least one card".into())
                } else {
                    Ok(())
                }
            }),
            Rule::for_action::<DrawCard>("drawPlayerKnown", |action, _, state| {
                if state.player(action.player_id).is_some() {
                    Ok(())
                } else {
                    Err(format!(
                        "{} is not a player in this game",
                        state.id_text(action.player_id)
                    )
                    .into())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<DrawCard>(draw_card)]
    }
}

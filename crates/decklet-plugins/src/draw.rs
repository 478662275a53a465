//! [`DrawPlugin`]: drawing from the top of the deck, with reshuffling.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardId, EngineError, Event, GameContext, GamePlugin,
    GameState, PlayerId, Rule, Var, ZoneId,
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
/// Who made the last draw dispatched from outside (see [`last_external_draw`]).
pub const DRAW_VAR_LAST_EXTERNAL_PLAYER: Var<PlayerId> = Var::new("draw:lastExternalPlayer");
/// The turn counter at the last external draw.
pub const DRAW_VAR_LAST_EXTERNAL_TURN: Var<i64> = Var::new("draw:lastExternalTurn");
/// How many cards the last external draw gave.
pub const DRAW_VAR_LAST_EXTERNAL_COUNT: Var<i64> = Var::new("draw:lastExternalCount");

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
    fn player_id(&self) -> Option<&PlayerId> {
        Some(&self.player_id)
    }
    fn locate_ids(&mut self, state: &GameState) {
        state.locate_player(&mut self.player_id);
    }
}

/// The seeds' `createDrawCardAction`.
pub fn create_draw_card_action(player: impl Into<PlayerId>, count: u32) -> DrawCard {
    DrawCard {
        player_id: player.into(),
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
    pub card_ids: Vec<CardId>,
    /// How many were asked for.
    pub requested: u32,
    /// How many were drawn.
    #[serde(default)]
    pub count: u32,
}
impl Event for CardDrawn {
    const KIND: &'static str = CARD_DRAWN;
    fn view_for(&self, viewer: &PlayerId) -> Self {
        if viewer == &self.player_id {
            self.clone()
        } else {
            CardDrawn {
                card_ids: Vec::new(),
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

/// The last draw that came from outside the engine (a player's own draw, not a penalty
/// or a deal): who, at which turn, how many cards it gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalDraw {
    /// Who drew.
    pub player_id: PlayerId,
    /// `GameState::turn` at the time.
    pub turn: u64,
    /// Cards received.
    pub count: u32,
}

/// How many cards `player` received from a draw of their own during the current turn
/// (`None`: they have not drawn this turn). The cheap check behind turn discipline.
#[inline]
pub fn external_draw_this_turn(state: &GameState, player: &PlayerId) -> Option<u32> {
    let turn = state.variable(DRAW_VAR_LAST_EXTERNAL_TURN)?;
    if u64::try_from(turn).ok()? != state.turn {
        return None;
    }
    match state.variables.get(DRAW_VAR_LAST_EXTERNAL_PLAYER.key()) {
        // ids are short: a byte loop beats a call to `memcmp`
        Some(decklet_core::Value::Str(who)) if who.bytes().eq(player.as_str().bytes()) => {}
        _ => return None,
    }
    u32::try_from(state.variable(DRAW_VAR_LAST_EXTERNAL_COUNT)?).ok()
}

/// Reads the last external draw from the state.
pub fn last_external_draw(state: &GameState) -> Option<ExternalDraw> {
    Some(ExternalDraw {
        player_id: state.variable(DRAW_VAR_LAST_EXTERNAL_PLAYER)?,
        turn: u64::try_from(state.variable(DRAW_VAR_LAST_EXTERNAL_TURN)?).ok()?,
        count: u32::try_from(state.variable(DRAW_VAR_LAST_EXTERNAL_COUNT)?).ok()?,
    })
}

/// Moves the reshuffle source's cards (all but its top one when keep-top is set) into
/// the empty deck and shuffles it. Returns how many cards moved.
fn reshuffle(ctx: &mut GameContext<'_>, deck: &ZoneId) -> Result<usize, EngineError> {
    let Some(from) = ctx.state().variable(DRAW_VAR_RESHUFFLE_FROM) else {
        return Ok(0);
    };
    let keep_top = ctx
        .state()
        .variable(DRAW_VAR_RESHUFFLE_KEEP_TOP)
        .unwrap_or(false);
    let Some(source) = ctx.state().zone(&from) else {
        return Ok(0);
    };
    let mut cards = source.cards.clone();
    let kept: Vec<CardId> = match (keep_top, cards.pop()) {
        (true, Some(top)) => vec![top],
        (false, Some(top)) => {
            cards.push(top);
            Vec::new()
        }
        (_, None) => Vec::new(),
    };
    if cards.is_empty() {
        return Ok(0);
    }
    let count = cards.len();
    let mut deck_cards = ctx
        .state()
        .zone(deck)
        .map(|z| z.cards.clone())
        .unwrap_or_default();
    deck_cards.extend(cards);
    ctx.set_zone_cards(&from, kept)?;
    ctx.set_zone_cards(deck, deck_cards)?;
    ctx.shuffle_zone(deck)?;
    ctx.emit(DeckReshuffled {
        from_zone_id: from,
        to_zone_id: deck.clone(),
        count,
    });
    Ok(count)
}

fn draw_card(action: &DrawCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    // the stored id carries its position: the lookups per card skip hashing
    let Some((deck_index, deck, _)) = ctx
        .state()
        .zone_near(DRAW_DECK_ZONE_ID, ctx.state().players.len())
    else {
        return Err(EngineError::ZoneNotFound {
            zone: ZoneId::from_static(DRAW_DECK_ZONE_ID),
        });
    };
    let deck = deck.clone();
    // the drawn ids are only gathered when someone will see the event
    let gather = ctx.wants::<CardDrawn>();
    let mut drawn = Vec::with_capacity(if gather {
        action.count.min(16) as usize
    } else {
        0
    });
    let mut count = 0usize;
    // zones keep their positions during the draw (a reshuffle only refills the deck):
    // both are looked up once, the hand at the first card drawn
    let mut hand_index = None;
    for _ in 0..action.count {
        let deck_empty = ctx
            .state()
            .zones
            .get_index(deck_index)
            .is_none_or(|(_, z)| z.is_empty());
        if deck_empty && reshuffle(ctx, &deck)? == 0 {
            break;
        }
        let hand = match hand_index {
            Some(hand) => hand,
            None => {
                let hand = ctx.state().hand_index(&action.player_id).ok_or_else(|| {
                    EngineError::PlayerNotFound {
                        player: action.player_id.clone(),
                    }
                })?;
                *hand_index.insert(hand)
            }
        };
        match ctx.draw_top_at(deck_index, hand)? {
            Some(card) => {
                count += 1;
                if gather {
                    drawn.push(card);
                }
            }
            None => break,
        }
    }
    if ctx.origin() == ActionOrigin::External {
        let turn = i64::try_from(ctx.state().turn).unwrap_or(i64::MAX);
        ctx.set_variable(DRAW_VAR_LAST_EXTERNAL_PLAYER, action.player_id.clone());
        ctx.set_variable(DRAW_VAR_LAST_EXTERNAL_TURN, turn);
        ctx.set_variable(
            DRAW_VAR_LAST_EXTERNAL_COUNT,
            i64::try_from(count).unwrap_or(i64::MAX),
        );
    }
    if gather {
        ctx.emit(CardDrawn {
            player_id: action.player_id.clone(),
            count: u32::try_from(count).unwrap_or(u32::MAX),
            card_ids: drawn,
            requested: action.count,
        });
    }
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
                if state.player(&action.player_id).is_some() {
                    Ok(())
                } else {
                    Err(format!("{} is not a player in this game", action.player_id).into())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<DrawCard>(draw_card)]
    }
}

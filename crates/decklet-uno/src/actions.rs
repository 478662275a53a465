//! UNO's actions and their handlers: `PLAY_CARD`, `CHOOSE_COLOR`, `UNO_FLIP_INITIAL`.

use decklet_core::{
    Action, CardId, CardIds, CardPlayed, EngineError, GameContext, GameState, MoveCode,
    PLAY_CARD_ACTION, PlayCard, PlayerId, SmolStr,
};
use serde::{Deserialize, Serialize};

use crate::cards::{UnoColor, UnoFace};
use crate::events::{UnoCardPlayed, UnoColorChanged, UnoColorChosen, UnoInitialFlipped};
use crate::state::{
    UNO_VAR_CURRENT_COLOR, UNO_VAR_PENDING_COLOR, UnoTable, card_view, discard_top, set_if_changed,
    uno_table,
};

/// Kind of [`ChooseColor`].
pub const CHOOSE_COLOR_ACTION: &str = "CHOOSE_COLOR";
/// Kind of [`UnoFlipInitial`].
pub const UNO_FLIP_INITIAL_ACTION: &str = "UNO_FLIP_INITIAL";

/// `CHOOSE_COLOR { playerId, color }`: the player of a wild names the colour. The colour
/// is text, as on the wire, so that a wrong one is turned down by the
/// `chooseColorValid` rule like any other illegal move.
///
/// ```
/// use decklet_uno::{new_uno_engine, ChooseColor, UnoColor, uno_game};
/// let engine = new_uno_engine(&uno_game(&[])?, 1, 2)?;
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// let choice = ChooseColor::new(p1, UnoColor::Green);
/// assert_eq!(engine.state().json_of(&choice)?, serde_json::json!({"playerId": "p1", "color": "green"}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChooseColor {
    /// Who chooses.
    pub player_id: PlayerId,
    /// `red`, `yellow`, `green` or `blue`.
    pub color: SmolStr,
}

impl ChooseColor {
    /// A choice of one of the four colours.
    pub fn new(player: PlayerId, color: UnoColor) -> Self {
        ChooseColor {
            player_id: player,
            color: SmolStr::new_static(color.as_str()),
        }
    }

    /// The colour, if it is one of the four.
    pub fn parsed_color(&self) -> Option<UnoColor> {
        self.color.parse().ok()
    }
}

impl Action for ChooseColor {
    const KIND: &'static str = CHOOSE_COLOR_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    /// The player and the colour (one of the four; another has no code).
    fn to_code(&self) -> Option<u64> {
        let color = UnoColor::ALL
            .iter()
            .position(|c| c.as_str() == self.color)?;
        Some(
            MoveCode::new()
                .player(self.player_id)?
                .put(color as u64, 2)?
                .code(),
        )
    }
    fn from_code(code: u64) -> Option<Self> {
        let mut fields = MoveCode::read(code);
        let player = fields.player();
        let color = *UnoColor::ALL.get(fields.take(2) as usize)?;
        Some(ChooseColor::new(player, color))
    }
}

/// `UNO_FLIP_INITIAL`: turn over deck cards onto the discard pile until a number card
/// lies on top. Dispatched by the plugin at `GAME_STARTED`; players cannot dispatch it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoFlipInitial {}

impl Action for UnoFlipInitial {
    const KIND: &'static str = UNO_FLIP_INITIAL_ACTION;
}

/// The reference's `createUnoFlipInitialAction`.
pub fn create_uno_flip_initial_action() -> UnoFlipInitial {
    UnoFlipInitial {}
}

/// The reference's `createPlayCardAction`.
pub fn create_play_card_action(player: PlayerId, card: CardId) -> PlayCard {
    PlayCard::new(player, [card])
}

/// UNO's table of a game being played (its setup attached it).
#[inline]
fn table<'s>(state: &'s GameState) -> Result<std::borrow::Cow<'s, UnoTable>, EngineError> {
    uno_table(state).ok_or_else(|| EngineError::ZoneNotFound {
        zone: crate::state::UNO_DISCARD_ZONE_ID.to_string(),
    })
}

/// `playCardHandler`: moves the card hand → discard, emits `CARD_PLAYED` and
/// `UNO_CARD_PLAYED`; a coloured card also sets the colour and emits `UNO_COLOR_CHANGED`.
pub fn play_card_handler(action: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let Some(&card) = action.card_ids.first() else {
        return Err(EngineError::action_failed(
            PLAY_CARD_ACTION,
            "no card to play",
        ));
    };
    let state = ctx.state();
    let table = table(state)?;
    let discard = table.discard;
    let view = table.card(card).ok_or_else(|| EngineError::CardNotFound {
        card: state.id_text(card).into_owned(),
    })?;
    let hand =
        ctx.state()
            .hand_zone(action.player_id)
            .ok_or_else(|| EngineError::PlayerNotFound {
                player: ctx.state().id_text(action.player_id).into_owned(),
            })?;
    ctx.move_card(card, hand, discard)?;
    ctx.emit(CardPlayed {
        player_id: action.player_id,
        card_ids: CardIds::from_slice(&[card]),
    });
    ctx.emit(UnoCardPlayed {
        player_id: action.player_id,
        card_id: card,
        card_type: SmolStr::new_static(view.face.card_type()),
        color: view.color,
    });
    if let Some(color) = view.color {
        set_if_changed(ctx, &UNO_VAR_CURRENT_COLOR, color);
        ctx.emit(UnoColorChanged {
            color,
            player_id: Some(action.player_id),
        });
    }
    Ok(())
}

/// `chooseColorHandler`: sets the colour, clears the pending flag, emits
/// `UNO_COLOR_CHANGED` and `UNO_COLOR_CHOSEN` (with the wild's `cardType`).
pub fn choose_color_handler(
    action: &ChooseColor,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    let color = action.parsed_color().ok_or_else(|| {
        EngineError::action_failed(
            CHOOSE_COLOR_ACTION,
            format!("`{}` is not a colour", action.color),
        )
    })?;
    let card_type = SmolStr::new_static(
        discard_top(ctx.state())
            .map_or(UnoFace::Wild, |(_, top)| top.face)
            .card_type(),
    );
    ctx.set_variable(&UNO_VAR_CURRENT_COLOR, color);
    ctx.set_variable(&UNO_VAR_PENDING_COLOR, false);
    ctx.emit(UnoColorChanged {
        color,
        player_id: Some(action.player_id),
    });
    ctx.emit(UnoColorChosen {
        player_id: action.player_id,
        color,
        card_type,
    });
    Ok(())
}

/// `flipInitialCardHandler`: flips deck cards onto the discard until a number card is
/// on top, and sets the colour to that card's (ours: each flipped card stays on the
/// discard pile under the number card).
pub fn flip_initial_card_handler(
    _action: &UnoFlipInitial,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    (crate::effects::UnoEffects::of(ctx).initial_flip)(ctx)
}

/// Classic UNO' initial flip (the default of [`UnoEffects`](crate::UnoEffects)'s
/// `initial_flip`): deck cards onto the discard until a number card is on top, whose
/// colour is then in force.
pub fn flip_initial_card(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let (deck, discard) = {
        let table = table(ctx.state())?;
        (table.deck, table.discard)
    };
    let mut flipped = CardIds::new();
    loop {
        let Some(card) = ctx.draw_top(deck, discard)? else {
            return Err(EngineError::action_failed(
                UNO_FLIP_INITIAL_ACTION,
                "the deck ran out before a number card could be flipped",
            ));
        };
        flipped.push(card);
        if let Some(view) = card_view(ctx.state(), card)
            && let (UnoFace::Number(_), Some(color)) = (view.face, view.color)
        {
            announce_initial_flip(ctx, flipped, color);
            return Ok(());
        }
    }
}

/// The first card turned up, whose colour is now in force: the colour is set and
/// `UNO_INITIAL_FLIPPED` and `UNO_COLOR_CHANGED` are emitted.
pub(crate) fn announce_initial_flip(ctx: &mut GameContext<'_>, flipped: CardIds, color: UnoColor) {
    ctx.set_variable(&UNO_VAR_CURRENT_COLOR, color);
    ctx.emit(UnoInitialFlipped {
        card_ids: flipped,
        color,
    });
    ctx.emit(UnoColorChanged {
        color,
        player_id: None,
    });
}

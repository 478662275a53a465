//! [`UnoPlugin`]: setup and the three event handlers, wired to the rules, actions and
//! effects of the other modules.

use decklet_core::{
    ActionHandler, CardId, CardPlayed, EngineError, EventHandler, GameContext, GameFinished,
    GamePlugin, GameStarted, GameStatus, GameWon, Rule, Zone,
};
use decklet_plugins::{
    DRAW_PLUGIN_ID, DRAW_VAR_RESHUFFLE_FROM, DRAW_VAR_RESHUFFLE_KEEP_TOP, TURN_PLUGIN_ID,
    create_draw_card_action, create_end_turn_action, players_in_seat_order,
};

use crate::actions::{
    choose_color_handler, create_uno_flip_initial_action, flip_initial_card_handler,
    play_card_handler,
};
use crate::cards::{CARD_TYPE_WILD_DRAW4, UnoFace, standard_deck};
use crate::effects::{
    apply_draw_two_effect, apply_reverse_effect, apply_skip_effect, apply_wild_draw_four_effect,
    apply_wild_draw_four_post_choice_effect, apply_wild_effect,
};
use crate::events::{UnoColorChosen, UnoGameWon};
use crate::rules::uno_rules;
use crate::state::{
    UNO_INITIAL_HAND_SIZE, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, UNO_VAR_PENDING_COLOR, card_view,
    deck_zone, discard_zone,
};

/// Plugin id of [`UnoPlugin`].
pub const UNO_PLUGIN_ID: &str = "uno";

/// `setup`: creates `deck` and `discard` if missing, puts the 108 cards shuffled with
/// the game's RNG into the deck (cards that exist are skipped, so running it again
/// changes nothing and draws nothing from the RNG), sets `UNO_VAR_PENDING_COLOR` to
/// false and tells the DrawPlugin to refill the deck from the discard pile, keeping its
/// top card.
pub fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().players.len();
    if !(UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS).contains(&players) {
        return Err(EngineError::SetupFailed {
            plugin: UNO_PLUGIN_ID.to_string(),
            message: format!(
                "UNO is played by {UNO_MIN_PLAYERS} to {UNO_MAX_PLAYERS} players, not {players}"
            ),
        });
    }
    let (deck, discard) = (deck_zone(), discard_zone());
    let standard = standard_deck();
    // static ids: later lookups by these constants match by address, not by bytes
    if ctx.state().zone(&deck).is_none() {
        ctx.add_zone(Zone::new(deck.clone(), "deck"))?;
    }
    if ctx.state().zone(&discard).is_none() {
        // no reserve: an engine that plays game after game hands the last game's
        // discard vector (grown to the pile's size) to the new pile
        ctx.add_zone(Zone::new(discard.clone(), "discard"))?;
    }
    let table = &standard.table;
    let missing: Vec<CardId> = if ctx.state().cards.is_empty() {
        standard.ids.clone()
    } else {
        table
            .iter()
            .filter(|card| ctx.state().card(&card.id).is_none())
            .map(|card| card.id.clone())
            .collect()
    };
    if !missing.is_empty() {
        // createShuffledUnoDeck(ctx.random): the same permutation, applied to the ids
        let mut order = missing;
        ctx.random().shuffle_in_place(&mut order);
        ctx.add_cards(table)?;
        // on top of what the deck holds (nothing, in a new game: then no copy at all)
        let cards = match ctx.state().zone(&deck) {
            Some(zone) if !zone.cards.is_empty() => {
                let mut cards = zone.cards.clone();
                cards.extend(order);
                cards
            }
            _ => order,
        };
        ctx.set_zone_cards(&deck, cards)?;
    }
    // Only initialised once: a setup run again mid-game must not clear a pending choice.
    if ctx.state().variable(UNO_VAR_PENDING_COLOR).is_none() {
        ctx.set_variable(UNO_VAR_PENDING_COLOR, false);
    }
    ctx.set_variable(DRAW_VAR_RESHUFFLE_FROM, discard);
    ctx.set_variable(DRAW_VAR_RESHUFFLE_KEEP_TOP, true);
    Ok(())
}

/// `handleGameStarted`: in seat order, dispatches `DRAW_CARD(player, 7)` for each
/// player, then `UNO_FLIP_INITIAL`.
pub fn handle_game_started(
    _event: &GameStarted,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    let order: Vec<_> = players_in_seat_order(&ctx.state().players)
        .into_iter()
        .map(|p| p.id.clone())
        .collect();
    for player in order {
        ctx.dispatch(create_draw_card_action(player, UNO_INITIAL_HAND_SIZE));
    }
    ctx.dispatch(create_uno_flip_initial_action());
    Ok(())
}

/// `handleCardPlayed`: if the player's hand is now empty they win — winner added,
/// status `finished`, `GAME_WON`, `GAME_FINISHED` and `UNO_GAME_WON` emitted, and no
/// effect runs. Otherwise the card's type picks the effect: a number ends the turn.
pub fn handle_card_played(
    event: &CardPlayed,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    let player = &event.player_id;
    let Some(card) = event.card_ids.first() else {
        return Ok(());
    };
    let Some(view) = card_view(ctx.state(), card) else {
        return Err(EngineError::CardNotFound { card: card.clone() });
    };
    if ctx.state().hand(player).is_some_and(Zone::is_empty) {
        ctx.add_winner(player)?;
        ctx.set_status(GameStatus::Finished);
        let winner_ids = ctx.state().winners.clone();
        ctx.emit(GameWon {
            winner_ids: winner_ids.clone(),
        });
        ctx.emit(GameFinished {
            winner_ids: winner_ids.clone(),
        });
        ctx.emit(UnoGameWon { winner_ids });
        return Ok(());
    }
    match view.face {
        UnoFace::Number(_) => {
            ctx.dispatch(create_end_turn_action(player.clone()));
            Ok(())
        }
        UnoFace::Skip => apply_skip_effect(ctx, player),
        UnoFace::Reverse => {
            let player_count = ctx.state().players.len();
            apply_reverse_effect(ctx, player, player_count)
        }
        UnoFace::Draw2 => apply_draw_two_effect(ctx, player),
        UnoFace::Wild => apply_wild_effect(ctx, player),
        UnoFace::WildDraw4 => apply_wild_draw_four_effect(ctx, player),
    }
}

/// `handleColorChosen`: after a wild draw four, the second stage of its effect; after a
/// plain wild, `END_TURN` for the player.
pub fn handle_color_chosen(
    event: &UnoColorChosen,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    if event.card_type == CARD_TYPE_WILD_DRAW4 {
        apply_wild_draw_four_post_choice_effect(ctx, &event.player_id)
    } else {
        ctx.dispatch(create_end_turn_action(event.player_id.clone()));
        Ok(())
    }
}

/// The UNO plugin: register it after [`TurnPlugin`](decklet_plugins::TurnPlugin) and
/// [`DrawPlugin`](decklet_plugins::DrawPlugin) (otherwise `create_game` fails).
///
/// ```
/// use decklet_core::{EngineConfig, GameEngine, Player};
/// use decklet_plugins::{DrawPlugin, TurnPlugin};
/// use decklet_uno::UnoPlugin;
///
/// let mut engine = GameEngine::new(EngineConfig { seed: 1, ..Default::default() });
/// engine.use_plugin(TurnPlugin).use_plugin(DrawPlugin).use_plugin(UnoPlugin);
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// engine.start()?;
/// assert_eq!(engine.state().hand(&"p1".into()).map(|hand| hand.len()), Some(7));
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UnoPlugin;

impl GamePlugin for UnoPlugin {
    fn id(&self) -> &'static str {
        UNO_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "UNO"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &[TURN_PLUGIN_ID, DRAW_PLUGIN_ID]
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    fn rules(&self) -> Vec<Rule> {
        uno_rules()
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new(play_card_handler),
            ActionHandler::new(choose_color_handler),
            ActionHandler::new(flip_initial_card_handler),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![
            EventHandler::new(handle_game_started),
            EventHandler::new(handle_card_played),
            EventHandler::new(handle_color_chosen),
        ]
    }
}

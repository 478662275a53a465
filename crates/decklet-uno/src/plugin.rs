//! [`UnoPlugin`]: setup and the three event handlers, wired to the rules, actions and
//! effects of the other modules.

use decklet_core::{
    ActionHandler, CardPlayed, EngineError, EventHandler, GameContext, GameFinished, GamePlugin,
    GameStarted, GameState, GameStatus, GameWon, PlayerId, PlayerStatus, Rule, Visibility, Zone,
    ZoneId,
};
use decklet_plugins::{
    CardDrawn, DRAW_PLUGIN_ID, DRAW_VAR_RESHUFFLE_FROM, DRAW_VAR_RESHUFFLE_KEEP_TOP,
    TURN_PLUGIN_ID, create_draw_card_action,
};

use crate::actions::{
    choose_color_handler, create_uno_flip_initial_action, flip_initial_card_handler,
    play_card_handler,
};
use crate::cards::{CARD_TYPE_WILD_DRAW4, uno_card_table};
use crate::effects::UnoEffects;
use crate::events::{UnoColorChosen, UnoGameWon};
use crate::rules::uno_rules;
use crate::state::{
    UNO_DECK_ZONE_ID, UNO_DISCARD_ZONE_ID, UNO_INITIAL_HAND_SIZE, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS,
    UNO_VAR_CURRENT_COLOR, UNO_VAR_DRAW_COUNT, UNO_VAR_DRAW_PLAYER, UNO_VAR_DRAW_TURN,
    UNO_VAR_PENDING_COLOR, UNO_VAR_PENDING_DRAW, UnoTable, card_view, current_color, discard_top,
    is_color_pending, is_own_draw, set_if_changed,
};

/// Plugin id of [`UnoPlugin`].
pub const UNO_PLUGIN_ID: &str = "uno";

/// `setup`: creates `deck` and `discard` if missing, puts the 108 cards shuffled with
/// the game's RNG into the deck (cards that exist are skipped, so running it again
/// changes nothing and draws nothing from the RNG), sets `UNO_VAR_PENDING_COLOR` to
/// false and tells the DrawPlugin to refill the deck from the discard pile, keeping its
/// top card.
pub fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if !(UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS).contains(&players) {
        return Err(EngineError::SetupFailed {
            plugin: UNO_PLUGIN_ID.to_string(),
            message: format!(
                "UNO is played by {UNO_MIN_PLAYERS} to {UNO_MAX_PLAYERS} players, not {players}"
            ),
        });
    }
    let deck = match ctx.state().zone_id(UNO_DECK_ZONE_ID) {
        Some(deck) => deck,
        None => ctx.add_zone(Zone::new(UNO_DECK_ZONE_ID, "deck"))?,
    };
    let discard = match ctx.state().zone_id(UNO_DISCARD_ZONE_ID) {
        Some(discard) => discard,
        None => ctx.add_zone(Zone::new(UNO_DISCARD_ZONE_ID, "discard"))?,
    };
    let table = uno_card_table();
    let first_new = ctx.state().cards().len();
    ctx.add_cards(table)?;
    // the cards just added (all 108 in a new game), shuffled with the game's RNG:
    // the reference's createShuffledUnoDeck, applied to the handles
    let mut order: Vec<_> = ctx.state().cards().ids().skip(first_new).collect();
    if !order.is_empty() {
        ctx.random().shuffle_in_place(&mut order);
        ctx.place_cards(deck, &order)?;
    }
    // Only initialised once: a setup run again mid-game must not clear a pending choice.
    if ctx.state().variable(&UNO_VAR_PENDING_COLOR).is_none() {
        ctx.set_variable(&UNO_VAR_PENDING_COLOR, false);
    }
    ctx.set_variable(&DRAW_VAR_RESHUFFLE_FROM, discard);
    ctx.set_variable(&DRAW_VAR_RESHUFFLE_KEEP_TOP, true);
    if let Some(uno) = UnoTable::of(ctx.state()) {
        ctx.attach_public(uno);
    }
    Ok(())
}

/// What an adopted position must be to be a game of UNO (see [`GamePlugin::validate`]):
/// exactly UNO's 108 cards (in any order), a hidden deck and a public discard pile, no card in any
/// other zone than those and the hands, a current player (active) while the game is
/// played and no winner, a winner once it is over, and UNO's variables in range.
pub fn validate(state: &GameState) -> Result<(), EngineError> {
    let invalid = |message: &str| {
        Err(EngineError::InvalidState {
            message: format!("not a game of UNO: {message}"),
        })
    };
    let uno = uno_card_table();
    let is_uno =
        |card: &decklet_core::Card| uno.id_of(&card.id).and_then(|id| uno.get(id)) == Some(card);
    if state.cards().len() != uno.len() || !state.cards().iter().all(is_uno) {
        return invalid("the cards are not UNO's 108");
    }
    let zone = |id: &str| state.zone_id(id).and_then(|z| state.zone(z));
    match (zone(UNO_DECK_ZONE_ID), zone(UNO_DISCARD_ZONE_ID)) {
        (Some(deck), Some(discard))
            if deck.visibility == Visibility::Hidden
                && discard.visibility == Visibility::Public => {}
        _ => return invalid("the deck must be hidden and the discard pile public"),
    }
    let own = |z: ZoneId| {
        state.zone(z).is_some_and(|def| {
            def.id == UNO_DECK_ZONE_ID || def.id == UNO_DISCARD_ZONE_ID || def.owner.is_some()
        })
    };
    if state
        .zones()
        .any(|z| !own(z) && !state.zone_cards(z).is_empty())
    {
        return invalid("a card lies outside the deck, the pile and the hands");
    }
    let active = |p: PlayerId| state.player_status(p) == Some(PlayerStatus::Active);
    let playing = state.status() == GameStatus::Playing;
    match (state.status(), state.winners()) {
        (GameStatus::Playing, _) if !state.current_player().is_some_and(active) => {
            return invalid("the game is played, but no active player has the turn");
        }
        (GameStatus::Playing | GameStatus::Waiting, [_, ..]) => {
            return invalid("a player has won a game that is not over");
        }
        (GameStatus::Finished, [winner]) if state.hand(*winner).is_empty() => {}
        (GameStatus::Finished, _) => {
            return invalid("the game is over, but not won by one player who went out");
        }
        _ => {}
    }
    let top = discard_top(state).map(|(_, card)| card.face);
    if playing && top.is_none() {
        return invalid("the game is played with no card on the pile");
    }
    // (only a wild on the pile waits for its colour: an opening one, or one just played)
    if is_color_pending(state) && !top.is_some_and(|face| face.is_wild()) {
        return invalid("a colour is to be chosen, but no wild is on the pile");
    }
    if playing && current_color(state).is_none() && !is_color_pending(state) {
        return invalid("the game is played with no colour in force");
    }
    let cards = state.cards().len() as i64;
    state.check_variable(&UNO_VAR_CURRENT_COLOR, |_| true)?;
    state.check_variable(&UNO_VAR_PENDING_COLOR, |_| true)?;
    state.check_variable(&UNO_VAR_PENDING_DRAW, |n| (0..=4 * cards).contains(n))?;
    state.check_variable(&UNO_VAR_DRAW_COUNT, |n| (0..=cards).contains(n))?;
    state.check_variable(&UNO_VAR_DRAW_TURN, |n| *n >= 0)?;
    state.check_variable(&UNO_VAR_DRAW_PLAYER, |_| true)?;
    Ok(())
}

/// `handleGameStarted`: in seat order, dispatches `DRAW_CARD(player, 7)` for each
/// player, then `UNO_FLIP_INITIAL`.
pub fn handle_game_started(
    _event: &GameStarted,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    let order = ctx.state().seat_order().to_vec();
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
    let player = event.player_id;
    let Some(&card) = event.card_ids.first() else {
        return Ok(());
    };
    let Some(view) = card_view(ctx.state(), card) else {
        return Err(EngineError::CardNotFound {
            card: ctx.state().id_text(card).into_owned(),
        });
    };
    if ctx.state().hand(player).is_empty() {
        ctx.add_winner(player)?;
        ctx.set_status(GameStatus::Finished);
        let winner_ids = ctx.state().winners().to_vec();
        ctx.emit(GameWon {
            winner_ids: winner_ids.clone(),
        });
        ctx.emit(GameFinished {
            winner_ids: winner_ids.clone(),
        });
        ctx.emit(UnoGameWon { winner_ids });
        return (UnoEffects::of(ctx).going_out)(ctx, player);
    }
    UnoEffects::apply(ctx, view.face, player)
}

/// Remembers a player's own draw (a `CARD_DRAWN` of an action from outside: not a deal,
/// not a penalty): the turn it happened in and whether it gave a card. What turn discipline
/// and [`legal_actions`](crate::legal_actions) read as "drawn this turn".
pub fn handle_card_drawn(event: &CardDrawn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    if is_own_draw(event, ctx) {
        let turn = i64::try_from(ctx.state().turn()).unwrap_or(i64::MAX);
        // the turn moves on with every draw; the drawer and the count often stay
        set_if_changed(ctx, &UNO_VAR_DRAW_PLAYER, event.player_id);
        ctx.set_variable(&UNO_VAR_DRAW_TURN, turn);
        set_if_changed(ctx, &UNO_VAR_DRAW_COUNT, i64::from(event.count));
    }
    Ok(())
}

/// `handleColorChosen`: after a wild draw four, the second stage of its effect; after a
/// plain wild, `END_TURN` for the player.
pub fn handle_color_chosen(
    event: &UnoColorChosen,
    ctx: &mut GameContext<'_>,
) -> Result<(), EngineError> {
    let effects = UnoEffects::of(ctx);
    if event.card_type == CARD_TYPE_WILD_DRAW4 {
        (effects.wild_draw_four_after_choice)(ctx, event.player_id)
    } else {
        (effects.wild_after_choice)(ctx, event.player_id)
    }
}

/// The UNO plugin: register it after [`TurnPlugin`](decklet_plugins::TurnPlugin) and
/// [`DrawPlugin`](decklet_plugins::DrawPlugin) (otherwise `create_game` fails).
///
/// ```
/// use decklet_core::{EngineConfig, Game, GameEngine, Player};
/// use decklet_plugins::{DrawPlugin, TurnPlugin};
/// use decklet_uno::UnoPlugin;
///
/// let game = Game::builder()
///     .plugin(TurnPlugin)
///     .plugin(DrawPlugin)
///     .plugin(UnoPlugin)
///     .build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig { seed: 1, ..Default::default() });
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// engine.start()?;
/// let p1 = engine.state().player_id("p1").ok_or("no player p1")?;
/// assert_eq!(engine.state().hand(p1).len(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// UNO's effects (classic UNO's) and no optional rule: the house rules registered
    /// after it change both.
    fn declare(&self, data: &mut decklet_core::GameData) {
        data.insert(crate::effects::UnoEffects::SEEDS);
        data.insert(crate::house::RulesInPlay::default());
        data.insert(crate::legal::UnoMoveHooks::default());
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    fn validate(&self, state: &GameState) -> Result<(), EngineError> {
        validate(state)
    }
    /// Every move [`legal_actions`](crate::legal_actions) lists for the seat (the house
    /// rules' moves included), type-erased: what the game-agnostic bots choose from.
    fn moves(
        &self,
        state: &GameState,
        seat: decklet_core::PlayerId,
        moves: &mut decklet_core::Moves,
    ) {
        crate::legal::list_moves(state, seat, &mut crate::legal::SeatMoves { seat, moves });
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
            EventHandler::new(handle_card_drawn),
        ]
    }
}

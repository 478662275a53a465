//! [`CrazyEightsPlugin`]: the setup, the deal, the rules of each move and what each
//! move does, as OpenSpiel's `crazy_eights` plays them.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardId, CardPlayed, EngineError, EventHandler,
    GameContext, GameData, GameFinished, GamePlugin, GameStarted, GameState, GameStatus, GameWon,
    PlayCard, PlayerId, Rule, RuleResult, Var, Visibility, Zone,
};
use decklet_plugins::{
    DRAW_PLUGIN_ID, EndTurn, TURN_PLUGIN_ID, TURN_VARIABLE_DIRECTION, direction, next_player_in,
    players_turn, standard_deck,
};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::actions::{Draw, Nominate, Pass};
use crate::cards::{ACE, C8Card, C8Table, EIGHT, QUEEN, SUITS, TWO};
use crate::{
    C8_DECK_ZONE_ID, C8_DISCARD_ZONE_ID, C8_MAX_PLAYERS, C8_MIN_PLAYERS, CrazyEightsOptions,
};

/// The plugin's id.
pub const CRAZY_EIGHTS_PLUGIN_ID: &str = "crazy-eights";

/// The suit to match (0 clubs … 3 spades): the top card's, or the one named after an
/// eight.
pub const C8_VAR_SUIT: Var<i64> = Var::new("c8:suit");
/// Whether the current player, who just played an eight, must name a suit.
pub const C8_VAR_NOMINATING: Var<bool> = Var::new("c8:nominating");
/// Cards the current player drew this turn.
pub const C8_VAR_DRAWS: Var<i64> = Var::new("c8:draws");
/// Whether the current player may pass (they drew the most a turn allows, or the deck
/// ran out).
pub const C8_VAR_CAN_PASS: Var<bool> = Var::new("c8:canPass");
/// Cards the twos played in a row make the next player draw (special cards).
pub const C8_VAR_PENDING_TWOS: Var<i64> = Var::new("c8:pendingTwos");
/// Passes in a row with the deck empty: one more than the players ends the game.
pub const C8_VAR_PASSES: Var<i64> = Var::new("c8:passes");
/// Cards played in the game: `max_turns` of them end it.
pub const C8_VAR_PLAYS: Var<i64> = Var::new("c8:plays");
/// Each player's result when the game is over, in player order: minus the penalty of
/// the cards left in their hand.
pub const C8_VAR_RETURNS: Var<serde_json::Value> = Var::new("c8:returns");
/// Each player's result ([`C8_VAR_RETURNS`]), in player order: empty before the game
/// is over. What a tournament ranks by and a search maximises (a `Scoring`).
pub fn c8_returns(state: &GameState) -> Vec<f64> {
    state
        .variable(&C8_VAR_RETURNS)
        .and_then(|v| {
            v.as_array()
                .map(|a| a.iter().filter_map(|x| x.as_f64()).collect())
        })
        .unwrap_or_default()
}

/// How the game ended: `out` (a player played their last card), `turns` (the most
/// plays) or `passes` (everyone passed with the deck empty).
pub const C8_VAR_END: Var<SmolStr> = Var::new("c8:end");

/// `C8_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "C8_DEAL";
}

/// The Crazy Eights plugin, with its options (declared in the game's data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrazyEightsPlugin {
    options: CrazyEightsOptions,
}

impl CrazyEightsPlugin {
    /// The plugin playing with `options`.
    pub fn new(options: CrazyEightsOptions) -> Self {
        CrazyEightsPlugin { options }
    }
}

/// The options of the game `state` belongs to (the defaults for a state no engine
/// adopted).
pub(crate) fn options(state: &GameState) -> CrazyEightsOptions {
    state.game_data().copied().unwrap_or_default()
}

#[inline]
fn int(state: &GameState, var: &Var<i64>) -> i64 {
    state.variable(var).unwrap_or(0)
}

#[inline]
fn flag(state: &GameState, var: &Var<bool>) -> bool {
    state.variable(var).unwrap_or(false)
}

/// Sets a variable only when its value changes: most moves leave most of the turn's
/// counters as they were, and an unchanged value needs no undo record.
fn set<T: decklet_core::VarType + PartialEq + Clone>(
    ctx: &mut GameContext<'_>,
    var: &Var<T>,
    value: T,
) {
    if ctx.state().variable(var).as_ref() != Some(&value) {
        ctx.set_variable(var, value);
    }
}

fn table(state: &GameState) -> Result<&C8Table, EngineError> {
    state
        .attachment::<C8Table>()
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: C8_DISCARD_ZONE_ID.to_string(),
        })
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if !(C8_MIN_PLAYERS..=C8_MAX_PLAYERS).contains(&players) {
        return Err(EngineError::SetupFailed {
            plugin: CRAZY_EIGHTS_PLUGIN_ID.to_string(),
            message: format!(
                "Crazy Eights is played by {C8_MIN_PLAYERS} to {C8_MAX_PLAYERS} players, not {players}"
            ),
        });
    }
    let deck = ctx
        .state()
        .zone_id(C8_DECK_ZONE_ID)
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: C8_DECK_ZONE_ID.to_string(),
        })?;
    let discard = match ctx.state().zone_id(C8_DISCARD_ZONE_ID) {
        Some(zone) => zone,
        None => ctx.add_zone(
            Zone::new(C8_DISCARD_ZONE_ID, "discard").with_visibility(Visibility::Public),
        )?,
    };
    // above five players, a second deck
    if players > 5 {
        for card in standard_deck().iter() {
            let mut second = card.clone();
            second.id = format!("{}-2", card.id).into();
            if ctx.state().card_id(&second.id).is_none() {
                let id = ctx.add_card(second)?;
                ctx.place_card(id, deck)?;
            }
        }
    }
    for (var, value) in [
        (&C8_VAR_SUIT, -1),
        (&C8_VAR_DRAWS, 0),
        (&C8_VAR_PENDING_TWOS, 0),
        (&C8_VAR_PASSES, 0),
        (&C8_VAR_PLAYS, 0),
    ] {
        if ctx.state().variable(var).is_none() {
            ctx.set_variable(var, value);
        }
    }
    for var in [&C8_VAR_NOMINATING, &C8_VAR_CAN_PASS] {
        if ctx.state().variable(var).is_none() {
            ctx.set_variable(var, false);
        }
    }
    if let Some(table) = C8Table::read(deck, discard, ctx.state().cards()) {
        ctx.attach_public(table);
    }
    Ok(())
}

/// Ends the turn of `player`, `steps` times over (a skip ends the next player's too).
fn advance(ctx: &mut GameContext<'_>, player: PlayerId, steps: usize) {
    let mut player = player;
    for _ in 0..steps {
        ctx.dispatch(EndTurn { player_id: player });
        let state = ctx.state();
        match next_player_in(state, player, direction(state)) {
            Some(next) => player = next,
            None => return,
        }
    }
}

/// The deal: a dealer at random, the hands dealt one card at a time from the player
/// after the dealer, then the first card turned up (an eight goes back into the deck,
/// shuffled, and another is turned up). The player after the dealer starts, unless
/// the first card is special and acts as if the dealer had played it.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let seats: Vec<PlayerId> = ctx.state().seat_order().to_vec();
    let n = seats.len();
    let table = table(ctx.state())?.clone();
    let dealer_at = ctx.random().index(n);
    let each = if n == 2 { 7 } else { 5 };
    for i in 0..n * each {
        let Some(&player) = seats.get((dealer_at + 1 + i) % n) else {
            continue;
        };
        let hand = ctx
            .state()
            .hand_zone(player)
            .ok_or_else(|| EngineError::PlayerNotFound {
                player: ctx.state().id_text(player).into_owned(),
            })?;
        ctx.draw_top(table.deck, hand)?;
    }
    let first = loop {
        let Some(card) = ctx.draw_top(table.deck, table.discard)? else {
            return Err(EngineError::action_failed(
                "C8_DEAL",
                "the deck ran out before the first card",
            ));
        };
        match table.card(card) {
            Some(c) if c.rank == EIGHT => {
                ctx.move_card(card, table.discard, table.deck)?;
                ctx.shuffle_zone(table.deck)?;
            }
            Some(c) => break c,
            None => {
                return Err(EngineError::action_failed(
                    "C8_DEAL",
                    "a card that is not a standard card",
                ));
            }
        }
    };
    ctx.set_variable(&C8_VAR_SUIT, i64::from(first.suit));
    let Some(&dealer) = seats.get(dealer_at) else {
        return Ok(());
    };
    ctx.set_current_player(Some(dealer))?;
    let special = options(ctx.state()).use_special_cards;
    match first.rank {
        QUEEN if special => advance(ctx, dealer, 2),
        ACE if special => {
            ctx.set_variable(&TURN_VARIABLE_DIRECTION, -direction(ctx.state()));
            advance(ctx, dealer, 1);
        }
        TWO if special => {
            ctx.set_variable(&C8_VAR_PENDING_TWOS, 2);
            advance(ctx, dealer, 1);
        }
        _ => advance(ctx, dealer, 1),
    }
    Ok(())
}

fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    // queued after the standard deck's shuffle
    ctx.dispatch(Deal {});
    Ok(())
}

/// Ends the game: the results of every hand, the winner if one went out.
fn end(
    ctx: &mut GameContext<'_>,
    reason: &str,
    winner: Option<PlayerId>,
) -> Result<(), EngineError> {
    let table = table(ctx.state())?.clone();
    let state = ctx.state();
    let returns: Vec<i64> = state
        .players()
        .map(|p| {
            -state
                .hand(p)
                .iter()
                .filter_map(|c| table.card(*c))
                .map(C8Card::penalty)
                .sum::<i64>()
        })
        .collect();
    ctx.set_variable(&C8_VAR_RETURNS, serde_json::json!(returns));
    ctx.set_variable(&C8_VAR_END, SmolStr::new(reason));
    if let Some(winner) = winner {
        ctx.add_winner(winner)?;
        ctx.emit(GameWon {
            winner_ids: vec![winner],
        });
    }
    ctx.set_status(GameStatus::Finished);
    ctx.set_current_player(None)?;
    let winner_ids = ctx.state().winners().to_vec();
    ctx.emit(GameFinished { winner_ids });
    Ok(())
}

/// Puts the discard pile but its top back into the deck, shuffled, when the deck is
/// empty and the game reshuffles.
fn reshuffle_if_empty(ctx: &mut GameContext<'_>, table: &C8Table) -> Result<(), EngineError> {
    let state = ctx.state();
    if !options(state).reshuffle || !state.zone_cards(table.deck).is_empty() {
        return Ok(());
    }
    let under_top = state.zone_cards(table.discard).len().saturating_sub(1);
    if under_top > 0 {
        ctx.move_cards(table.discard, 0..under_top, table.deck)?;
        ctx.shuffle_zone(table.deck)?;
    }
    Ok(())
}

fn play_card(play: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?.clone();
    let player = play.player_id;
    let (Some(&card), Some(hand)) = (play.card_ids.first(), ctx.state().hand_zone(player)) else {
        return Err(EngineError::action_failed(
            "PLAY_CARD",
            "a play is one card from the hand",
        ));
    };
    let Some(c8) = table.card(card) else {
        return Err(EngineError::action_failed(
            "PLAY_CARD",
            "not a standard card",
        ));
    };
    ctx.move_card(card, hand, table.discard)?;
    ctx.emit(CardPlayed {
        player_id: player,
        card_ids: play.card_ids.clone(),
    });
    let plays = int(ctx.state(), &C8_VAR_PLAYS) + 1;
    set(ctx, &C8_VAR_PLAYS, plays);
    set(ctx, &C8_VAR_CAN_PASS, false);
    set(ctx, &C8_VAR_DRAWS, 0);
    set(ctx, &C8_VAR_PASSES, 0);
    if ctx.state().hand(player).is_empty() {
        return end(ctx, "out", Some(player));
    }
    let options = options(ctx.state());
    if plays >= i64::from(options.max_turns) {
        return end(ctx, "turns", None);
    }
    set(ctx, &C8_VAR_SUIT, i64::from(c8.suit));
    reshuffle_if_empty(ctx, &table)?;
    let special = options.use_special_cards;
    match c8.rank {
        EIGHT => set(ctx, &C8_VAR_NOMINATING, true),
        QUEEN if special => advance(ctx, player, 2),
        ACE if special => {
            ctx.set_variable(&TURN_VARIABLE_DIRECTION, -direction(ctx.state()));
            advance(ctx, player, 1);
        }
        TWO if special => {
            if !ctx.state().zone_cards(table.deck).is_empty() {
                let pending = int(ctx.state(), &C8_VAR_PENDING_TWOS) + 2;
                set(ctx, &C8_VAR_PENDING_TWOS, pending);
            }
            advance(ctx, player, 1);
        }
        _ => advance(ctx, player, 1),
    }
    Ok(())
}

fn nominate(nominate: &Nominate, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let suit = SUITS.iter().position(|s| *s == nominate.suit).unwrap_or(0);
    set(ctx, &C8_VAR_SUIT, suit as i64);
    set(ctx, &C8_VAR_NOMINATING, false);
    set(ctx, &C8_VAR_PASSES, 0);
    advance(ctx, nominate.player_id, 1);
    Ok(())
}

/// Draws one card for `player`; whether the deck is empty afterwards (after a
/// reshuffle, when the game reshuffles).
fn draw_one(
    ctx: &mut GameContext<'_>,
    table: &C8Table,
    player: PlayerId,
) -> Result<bool, EngineError> {
    decklet_plugins::draw_cards(ctx, player, 1)?;
    reshuffle_if_empty(ctx, table)?;
    let empty = ctx.state().zone_cards(table.deck).is_empty();
    if empty {
        set(ctx, &C8_VAR_CAN_PASS, true);
    }
    Ok(empty)
}

fn draw(draw: &Draw, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?.clone();
    let player = draw.player_id;
    set(ctx, &C8_VAR_PASSES, 0);
    let mut pending = int(ctx.state(), &C8_VAR_PENDING_TWOS);
    if pending > 0 {
        // every card the twos add up to, then the turn is over
        while pending > 0 {
            let empty = draw_one(ctx, &table, player)?;
            pending -= 1;
            if empty {
                if pending == 0 {
                    // the deck ran out with the last card owed: that counts as a pass
                    let passes = int(ctx.state(), &C8_VAR_PASSES) + 1;
                    set(ctx, &C8_VAR_PASSES, passes);
                }
                pending = 0;
            }
        }
        set(ctx, &C8_VAR_PENDING_TWOS, 0);
        advance(ctx, player, 1);
        return Ok(());
    }
    let empty = draw_one(ctx, &table, player)?;
    let max = i64::from(options(ctx.state()).max_draw_cards);
    let draws = if empty {
        max
    } else {
        int(ctx.state(), &C8_VAR_DRAWS) + 1
    };
    set(ctx, &C8_VAR_DRAWS, draws);
    if draws == max {
        set(ctx, &C8_VAR_CAN_PASS, true);
    }
    Ok(())
}

fn pass(pass: &Pass, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?.clone();
    let state = ctx.state();
    let deck_empty = state.zone_cards(table.deck).is_empty();
    let passes = if deck_empty {
        int(state, &C8_VAR_PASSES) + 1
    } else {
        0
    };
    set(ctx, &C8_VAR_PASSES, passes);
    if passes == ctx.state().player_count() as i64 + 1 {
        return end(ctx, "passes", None);
    }
    if int(ctx.state(), &C8_VAR_DRAWS) == i64::from(options(ctx.state()).max_draw_cards) {
        set(ctx, &C8_VAR_DRAWS, 0);
    }
    if !deck_empty {
        set(ctx, &C8_VAR_CAN_PASS, false);
    }
    advance(ctx, pass.player_id, 1);
    Ok(())
}

fn not_nominating(state: &GameState) -> RuleResult {
    if flag(state, &C8_VAR_NOMINATING) {
        return Err("name the suit for your eight first".into());
    }
    Ok(())
}

/// What the current player's choices depend on: the rules and the moves both ask it,
/// and each question reads only the variables it needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn<'s> {
    state: &'s GameState,
    table: &'s C8Table,
    pending_twos: bool,
}

/// What a card must match to be played now: read once for a whole hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pile {
    pending_twos: bool,
    suit: i64,
    top_rank: Option<u8>,
}

impl Pile {
    /// Whether `card` may be played on the pile now.
    pub(crate) fn playable(self, card: C8Card) -> bool {
        if self.pending_twos {
            return card.rank == TWO;
        }
        card.rank == EIGHT || i64::from(card.suit) == self.suit || self.top_rank == Some(card.rank)
    }
}

impl<'s> Turn<'s> {
    pub(crate) fn of(state: &'s GameState, table: &'s C8Table) -> Turn<'s> {
        Turn {
            state,
            table,
            pending_twos: int(state, &C8_VAR_PENDING_TWOS) > 0,
        }
    }

    /// Whether a suit must be named first.
    pub(crate) fn nominating(self) -> bool {
        flag(self.state, &C8_VAR_NOMINATING)
    }

    /// Whether twos are pending.
    pub(crate) fn pending_twos(self) -> bool {
        self.pending_twos
    }

    /// What a card must match now.
    pub(crate) fn pile(self) -> Pile {
        Pile {
            pending_twos: self.pending_twos,
            suit: int(self.state, &C8_VAR_SUIT),
            top_rank: (self.state.zone_cards(self.table.discard).last())
                .and_then(|c| self.table.card(*c))
                .map(|c| c.rank),
        }
    }

    fn deck_empty(self) -> bool {
        self.state.zone_cards(self.table.deck).is_empty()
    }

    /// Whether the current player may draw now.
    pub(crate) fn may_draw(self) -> bool {
        self.pending_twos
            || (!self.deck_empty()
                && int(self.state, &C8_VAR_DRAWS) != i64::from(options(self.state).max_draw_cards))
    }

    /// Whether the current player may pass now.
    pub(crate) fn may_pass(self) -> bool {
        !self.pending_twos && (flag(self.state, &C8_VAR_CAN_PASS) || self.deck_empty())
    }
}

fn play_rules() -> Vec<Rule> {
    vec![
        Rule::for_action::<PlayCard>("c8PlayersTurn", |play, _, state| {
            players_turn(state, play.player_id)
        }),
        Rule::for_action::<PlayCard>("c8NotNominating", |_, _, state| not_nominating(state)),
        Rule::for_action::<PlayCard>("c8OneOwnCard", |play, _, state| {
            match play.card_ids.as_slice() {
                [card] if state.hand(play.player_id).contains(card) => Ok(()),
                [_] => Err("that card is not in your hand".into()),
                _ => Err("play exactly one card".into()),
            }
        }),
        Rule::for_action::<PlayCard>("c8Matches", |play, _, state| {
            let card: Option<CardId> = play.card_ids.first().copied();
            let Some(table) = state.attachment::<C8Table>() else {
                return Err("no Crazy Eights table".into());
            };
            let turn = Turn::of(state, table);
            match card.and_then(|c| table.card(c)) {
                Some(c) if turn.pile().playable(c) => Ok(()),
                Some(_) if turn.pending_twos() => {
                    Err("twos are pending: play a two or draw".into())
                }
                Some(_) => {
                    Err("match the suit or the rank of the top card, or play an eight".into())
                }
                None => Err("not a standard card".into()),
            }
        }),
    ]
}

fn other_rules() -> Vec<Rule> {
    vec![
        Rule::for_action::<Draw>("c8DrawersTurn", |draw, _, state| {
            players_turn(state, draw.player_id)
        }),
        Rule::for_action::<Draw>("c8DrawNotNominating", |_, _, state| not_nominating(state)),
        Rule::for_action::<Draw>("c8MayDraw", |_, _, state| {
            match state.attachment::<C8Table>() {
                Some(table) if Turn::of(state, table).may_draw() => Ok(()),
                _ => Err("no more draws this turn: play or pass".into()),
            }
        }),
        Rule::for_action::<Pass>("c8PassersTurn", |pass, _, state| {
            players_turn(state, pass.player_id)
        }),
        Rule::for_action::<Pass>("c8PassNotNominating", |_, _, state| not_nominating(state)),
        Rule::for_action::<Pass>("c8MayPass", |_, _, state| {
            match state.attachment::<C8Table>() {
            Some(table) if Turn::of(state, table).may_pass() => Ok(()),
            _ => Err("draw before passing (you may pass once you drew the most or the deck is empty)".into()),
        }
        }),
        Rule::for_action::<Nominate>("c8NominatorsTurn", |n, _, state| {
            players_turn(state, n.player_id)
        }),
        Rule::for_action::<Nominate>("c8Nominating", |n, _, state| {
            if !flag(state, &C8_VAR_NOMINATING) {
                return Err("no eight waits for its suit".into());
            }
            if !SUITS.contains(&n.suit.as_str()) {
                return Err(format!("`{}` is not a suit", decklet_core::echo(&n.suit)).into());
            }
            Ok(())
        }),
        Rule::for_action::<Deal>("c8DealtByTheGame", |_, origin, _| match origin {
            ActionOrigin::Internal => Ok(()),
            ActionOrigin::External => Err("the game deals".into()),
        }),
    ]
}

impl GamePlugin for CrazyEightsPlugin {
    fn id(&self) -> &'static str {
        CRAZY_EIGHTS_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "Crazy Eights"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["standard-deck", TURN_PLUGIN_ID, DRAW_PLUGIN_ID]
    }
    fn declare(&self, data: &mut GameData) {
        data.insert(self.options);
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut decklet_core::Moves) {
        crate::moves::crazy_eights_moves(state, seat, moves);
    }
    fn rules(&self) -> Vec<Rule> {
        let mut rules = play_rules();
        rules.extend(other_rules());
        rules
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<PlayCard>(play_card),
            ActionHandler::new::<Draw>(draw),
            ActionHandler::new::<Pass>(pass),
            ActionHandler::new::<Nominate>(nominate),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

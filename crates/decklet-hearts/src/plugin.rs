//! [`HeartsPlugin`]: the setup, the deal, passing, the play of each trick and the
//! score, as OpenSpiel's `hearts` plays them.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardIds, CardPlayed, EngineError, EventHandler,
    GameContext, GameData, GameFinished, GamePlugin, GameStarted, GameState, GameStatus, GameWon,
    PlayCard, PlayerId, Rule, Value, Var, VarType, Visibility, Zone,
};
use decklet_plugins::{STANDARD_DECK_ZONE_ID, players_turn};
use serde::{Deserialize, Serialize};

use crate::actions::{CardChosen, CardsPassed, PassCard, TrickTaken};
use crate::cards::{HEARTS, HeartsTable, QUEEN_OF_SPADES, TWO_OF_CLUBS, passing_zone_id};
use crate::legal::{may_play, passing};
use crate::{HEARTS_PLAYERS, HEARTS_TAKEN_ZONE_ID, HEARTS_TRICK_ZONE_ID, HeartsOptions};

/// The plugin's id.
pub const HEARTS_PLUGIN_ID: &str = "hearts";

/// Where the cards are passed: 0 no pass, 1 to the left (the next seat), 2 across,
/// 3 to the right; drawn at random when the game starts, as OpenSpiel's first chance
/// event draws it.
pub const HEARTS_VAR_PASS_DIR: Var<i64> = Var::new("hearts:passDir");
/// Whether the players are choosing the cards they pass.
pub const HEARTS_VAR_PASSING: Var<bool> = Var::new("hearts:passing");
/// The seat (0 to 3) that led the trick being played.
pub const HEARTS_VAR_LEADER: Var<i64> = Var::new("hearts:leader");
/// Whether hearts are broken (a heart, or the queen of spades with
/// `qs_breaks_hearts`, was played), so that hearts may be led.
pub const HEARTS_VAR_BROKEN: Var<bool> = Var::new("hearts:broken");
/// Cards played so far (52 end the game).
pub const HEARTS_VAR_PLAYED: Var<i64> = Var::new("hearts:played");
/// Each player's points, in player order: the points of the tricks they took, and at
/// the end the final points (the moon shot, the bonus for taking no trick).
pub const HEARTS_VAR_POINTS: Var<serde_json::Value> = Var::new("hearts:points");
/// Tricks each player took, in player order.
pub const HEARTS_VAR_TRICKS: Var<serde_json::Value> = Var::new("hearts:tricks");
/// Penalty cards (hearts and the queen of spades) each player took, in player order:
/// all 14 shoot the moon.
pub const HEARTS_VAR_PENALTY_CARDS: Var<serde_json::Value> = Var::new("hearts:penaltyCards");
/// When the game is over: each player's return, OpenSpiel's `26 − points`.
pub const HEARTS_VAR_RETURNS: Var<serde_json::Value> = Var::new("hearts:returns");
/// When the game is over: the seat that shot the moon, or −1.
pub const HEARTS_VAR_MOON: Var<i64> = Var::new("hearts:moon");

/// The points a moon is worth: every heart and the queen of spades.
pub const HEARTS_TOTAL_POINTS: i64 = 26;

/// Each player's return ([`HEARTS_VAR_RETURNS`], `26 − points`), in player order:
/// empty before the game is over. What a tournament ranks by and a search maximises.
pub fn hearts_returns(state: &GameState) -> Vec<f64> {
    numbers(state, &HEARTS_VAR_RETURNS)
        .into_iter()
        .map(|r| r as f64)
        .collect()
}

/// Each player's points ([`HEARTS_VAR_POINTS`]), in player order.
pub fn hearts_points(state: &GameState) -> Vec<i64> {
    numbers(state, &HEARTS_VAR_POINTS)
}

fn numbers(state: &GameState, var: &Var<serde_json::Value>) -> Vec<i64> {
    // read in place: the stored list is not copied
    match state.variables().get(var.key()) {
        Some(Value::Json(serde_json::Value::Array(list))) => {
            list.iter().filter_map(serde_json::Value::as_i64).collect()
        }
        _ => Vec::new(),
    }
}

/// `HEARTS_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "HEARTS_DEAL";
}

/// The Hearts plugin, with its options (declared in the game's data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeartsPlugin {
    options: HeartsOptions,
}

impl HeartsPlugin {
    /// The plugin playing with `options`.
    pub fn new(options: HeartsOptions) -> Self {
        HeartsPlugin { options }
    }
}

/// The options of the game `state` belongs to (the defaults for a state no engine
/// adopted).
pub(crate) fn options(state: &GameState) -> HeartsOptions {
    state.game_data().copied().unwrap_or_default()
}

/// Sets a variable only when its value changes (an unchanged value needs no undo
/// record).
fn set<T: VarType + PartialEq + Clone>(ctx: &mut GameContext<'_>, var: &Var<T>, value: T) {
    if ctx.state().variable(var).as_ref() != Some(&value) {
        ctx.set_variable(var, value);
    }
}

fn table(state: &GameState) -> Result<HeartsTable, EngineError> {
    state
        .attachment::<HeartsTable>()
        .cloned()
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: HEARTS_TRICK_ZONE_ID.to_string(),
        })
}

fn seat_at(state: &GameState, at: usize) -> Result<PlayerId, EngineError> {
    let seats = state.seat_order();
    seats
        .get(at % seats.len().max(1))
        .copied()
        .ok_or_else(|| EngineError::action_failed("HEARTS", "no such seat"))
}

fn zone(ctx: &mut GameContext<'_>, zone: Zone) -> Result<decklet_core::ZoneId, EngineError> {
    match ctx.state().zone_id(&zone.id) {
        Some(id) => Ok(id),
        None => ctx.add_zone(zone),
    }
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if players != HEARTS_PLAYERS {
        return Err(EngineError::SetupFailed {
            plugin: HEARTS_PLUGIN_ID.to_string(),
            message: format!("Hearts is played by {HEARTS_PLAYERS} players, not {players}"),
        });
    }
    let trick = zone(
        ctx,
        Zone::new(HEARTS_TRICK_ZONE_ID, "trick").with_visibility(Visibility::Public),
    )?;
    let taken = zone(
        ctx,
        Zone::new(HEARTS_TAKEN_ZONE_ID, "taken").with_visibility(Visibility::Public),
    )?;
    let mut passing = Vec::with_capacity(players);
    for seat in ctx.state().seat_order().to_vec() {
        let id = passing_zone_id(&ctx.state().id_text(seat));
        passing.push(zone(
            ctx,
            Zone::new(id, "passing")
                .with_owner(seat)
                .with_visibility(Visibility::Owner),
        )?);
    }
    let zeros = serde_json::json!(vec![0; players]);
    for var in [
        &HEARTS_VAR_POINTS,
        &HEARTS_VAR_TRICKS,
        &HEARTS_VAR_PENALTY_CARDS,
    ] {
        if ctx.state().variable(var).is_none() {
            ctx.set_variable(var, zeros.clone());
        }
    }
    for (var, value) in [
        (&HEARTS_VAR_PASS_DIR, 0),
        (&HEARTS_VAR_LEADER, -1),
        (&HEARTS_VAR_PLAYED, 0),
    ] {
        if ctx.state().variable(var).is_none() {
            ctx.set_variable(var, value);
        }
    }
    let broken = !options(ctx.state()).must_break_hearts;
    for (var, value) in [(&HEARTS_VAR_PASSING, false), (&HEARTS_VAR_BROKEN, broken)] {
        if ctx.state().variable(var).is_none() {
            ctx.set_variable(var, value);
        }
    }
    if let Some(table) = HeartsTable::read(trick, taken, passing.into(), ctx.state().cards()) {
        ctx.attach_public(table);
    }
    Ok(())
}

fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    // queued after the standard deck's shuffle
    ctx.dispatch(Deal {});
    Ok(())
}

/// The deal: the direction of the pass drawn (no pass without `pass_cards`), then the
/// shuffled deck dealt one card at a time from seat 0, thirteen each. Seat 0 passes
/// first; without a pass, the holder of the two of clubs leads.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let direction = match options(ctx.state()).pass_cards {
        true => ctx.random().index(4) as i64,
        false => 0,
    };
    set(ctx, &HEARTS_VAR_PASS_DIR, direction);
    let deck =
        ctx.state()
            .zone_id(STANDARD_DECK_ZONE_ID)
            .ok_or_else(|| EngineError::ZoneNotFound {
                zone: STANDARD_DECK_ZONE_ID.to_string(),
            })?;
    let seats = ctx.state().seat_order().to_vec();
    for i in 0..52 {
        let hand = seats
            .get(i % seats.len().max(1))
            .and_then(|p| ctx.state().hand_zone(*p))
            .ok_or_else(|| EngineError::action_failed("HEARTS_DEAL", "a player has no hand"))?;
        if ctx.draw_top(deck, hand)?.is_none() {
            return Err(EngineError::action_failed(
                "HEARTS_DEAL",
                "the deck ran out during the deal",
            ));
        }
    }
    if direction == 0 {
        return start_play(ctx);
    }
    set(ctx, &HEARTS_VAR_PASSING, true);
    let first = seat_at(ctx.state(), 0)?;
    ctx.set_current_player(Some(first))
}

/// The play begins: the holder of the two of clubs leads.
fn start_play(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?;
    let state = ctx.state();
    let two = table
        .find(TWO_OF_CLUBS)
        .ok_or_else(|| EngineError::action_failed("HEARTS", "no two of clubs"))?;
    let holder = state
        .seat_order()
        .iter()
        .copied()
        .find(|p| state.hand(*p).contains(&two))
        .ok_or_else(|| EngineError::action_failed("HEARTS", "nobody holds the two of clubs"))?;
    let at = state.seat_index(holder).unwrap_or(0) as i64;
    set(ctx, &HEARTS_VAR_LEADER, at);
    ctx.set_current_player(Some(holder))
}

/// A card put aside to pass; after the third, the next seat passes; after the last
/// seat's, every seat's three go to the seat the direction names, and play begins.
fn pass_card(pass: &PassCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?;
    let player = pass.player_id;
    let state = ctx.state();
    let at = state
        .seat_index(player)
        .ok_or_else(|| EngineError::action_failed("HEARTS_PASS", "no such seat"))?;
    let (Some(hand), Some(&aside)) = (state.hand_zone(player), table.passing.get(at)) else {
        return Err(EngineError::action_failed("HEARTS_PASS", "no such seat"));
    };
    ctx.move_card(pass.card_id, hand, aside)?;
    ctx.emit(CardChosen {
        player_id: player,
        card_ids: CardIds::from_slice(&[pass.card_id]),
    });
    if ctx.state().zone_cards(aside).len() < 3 {
        return Ok(());
    }
    if at + 1 < table.passing.len() {
        let next = seat_at(ctx.state(), at + 1)?;
        return ctx.set_current_player(Some(next));
    }
    let direction = ctx.state().variable(&HEARTS_VAR_PASS_DIR).unwrap_or(0) as usize;
    for (from_at, &from_zone) in table.passing.iter().enumerate() {
        let from = seat_at(ctx.state(), from_at)?;
        let to = seat_at(ctx.state(), from_at + direction)?;
        let to_hand = ctx
            .state()
            .hand_zone(to)
            .ok_or_else(|| EngineError::action_failed("HEARTS_PASS", "a player has no hand"))?;
        let cards = CardIds::from_slice(ctx.state().zone_cards(from_zone));
        let count = cards.len();
        ctx.move_cards(from_zone, 0..count, to_hand)?;
        ctx.emit(CardsPassed {
            player_id: from,
            to_player_id: to,
            card_ids: cards,
        });
    }
    set(ctx, &HEARTS_VAR_PASSING, false);
    start_play(ctx)
}

/// Adds `by` to the number at `at` of a list; adding nothing writes nothing (an
/// unchanged value needs no undo record).
fn add_at(ctx: &mut GameContext<'_>, var: &Var<serde_json::Value>, at: usize, by: i64) {
    if by == 0 {
        return;
    }
    let mut values = numbers(ctx.state(), var);
    if let Some(v) = values.get_mut(at) {
        *v += by;
        let list = values.into_iter().map(serde_json::Value::from).collect();
        ctx.set_variable(var, serde_json::Value::Array(list));
    }
}

fn play_card(play: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let table = table(ctx.state())?;
    let player = play.player_id;
    let (Some(&card), Some(hand)) = (play.card_ids.first(), ctx.state().hand_zone(player)) else {
        return Err(EngineError::action_failed(
            "PLAY_CARD",
            "a play is one card from the hand",
        ));
    };
    let face = table
        .card(card)
        .ok_or_else(|| EngineError::action_failed("PLAY_CARD", "not a standard card"))?;
    ctx.move_card(card, hand, table.trick)?;
    ctx.emit(CardPlayed {
        player_id: player,
        card_ids: play.card_ids.clone(),
    });
    let options = options(ctx.state());
    if face.suit == HEARTS || (options.qs_breaks_hearts && face == QUEEN_OF_SPADES) {
        set(ctx, &HEARTS_VAR_BROKEN, true);
    }
    let played = ctx.state().variable(&HEARTS_VAR_PLAYED).unwrap_or(0) + 1;
    set(ctx, &HEARTS_VAR_PLAYED, played);
    let leader = ctx.state().variable(&HEARTS_VAR_LEADER).unwrap_or(0).max(0) as usize;
    let in_trick = ctx.state().zone_cards(table.trick).len();
    if in_trick < HEARTS_PLAYERS {
        let next = seat_at(ctx.state(), leader + in_trick)?;
        return ctx.set_current_player(Some(next));
    }
    let trick = CardIds::from_slice(ctx.state().zone_cards(table.trick));
    // the highest card of the suit led takes the trick
    let faces: Vec<_> = trick.iter().filter_map(|c| table.card(*c)).collect();
    let led = faces.first().map_or(0, |c| c.suit);
    let best = faces
        .iter()
        .enumerate()
        .filter(|(_, c)| c.suit == led)
        .max_by_key(|(_, c)| c.rank)
        .map_or(0, |(i, _)| i);
    let winner_at = (leader + best) % HEARTS_PLAYERS;
    let winner = seat_at(ctx.state(), winner_at)?;
    let points: i64 = faces.iter().map(|c| c.points(options.jd_bonus)).sum();
    let penalty = faces.iter().filter(|c| c.is_penalty()).count() as i64;
    ctx.move_cards(table.trick, 0..trick.len(), table.taken)?;
    add_at(ctx, &HEARTS_VAR_POINTS, winner_at, points);
    add_at(ctx, &HEARTS_VAR_TRICKS, winner_at, 1);
    add_at(ctx, &HEARTS_VAR_PENALTY_CARDS, winner_at, penalty);
    ctx.emit(TrickTaken {
        player_id: winner,
        card_ids: trick,
        points,
    });
    if played >= 52 {
        return end(ctx);
    }
    set(ctx, &HEARTS_VAR_LEADER, winner_at as i64);
    ctx.set_current_player(Some(winner))
}

/// Ends the game: a player who took every heart and the queen of spades shot the
/// moon (26 points to each other player, 26 off theirs); otherwise, with
/// `avoid_all_tricks_bonus`, 5 points off for taking no trick. The fewest points win
/// (ties share).
fn end(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let mut points = hearts_points(state);
    let tricks = numbers(state, &HEARTS_VAR_TRICKS);
    let shooter = numbers(state, &HEARTS_VAR_PENALTY_CARDS)
        .iter()
        .position(|n| *n == 14);
    match shooter {
        Some(shooter) => {
            for (at, p) in points.iter_mut().enumerate() {
                *p += if at == shooter {
                    -HEARTS_TOTAL_POINTS
                } else {
                    HEARTS_TOTAL_POINTS
                };
            }
        }
        None if options(state).avoid_all_tricks_bonus => {
            for (p, taken) in points.iter_mut().zip(&tricks) {
                if *taken == 0 {
                    *p -= 5;
                }
            }
        }
        None => {}
    }
    let returns: Vec<i64> = points.iter().map(|p| HEARTS_TOTAL_POINTS - p).collect();
    let least = points.iter().copied().min().unwrap_or(0);
    let winners: Vec<PlayerId> = state
        .seat_order()
        .iter()
        .zip(&points)
        .filter(|(_, p)| **p == least)
        .map(|(w, _)| *w)
        .collect();
    ctx.set_variable(&HEARTS_VAR_POINTS, serde_json::json!(points));
    ctx.set_variable(&HEARTS_VAR_RETURNS, serde_json::json!(returns));
    ctx.set_variable(&HEARTS_VAR_MOON, shooter.map_or(-1, |s| s as i64));
    for winner in &winners {
        ctx.add_winner(*winner)?;
    }
    ctx.emit(GameWon {
        winner_ids: winners.clone(),
    });
    ctx.set_status(GameStatus::Finished);
    ctx.set_current_player(None)?;
    ctx.emit(GameFinished {
        winner_ids: winners,
    });
    Ok(())
}

fn rules() -> Vec<Rule> {
    vec![
        Rule::for_action::<PlayCard>("heartsPlayersTurn", |play, _, state| {
            players_turn(state, play.player_id)
        }),
        Rule::for_action::<PlayCard>("heartsNotPassing", |_, _, state| match passing(state) {
            true => Err("the cards are being passed: choose a card to pass".into()),
            false => Ok(()),
        }),
        Rule::for_action::<PlayCard>("heartsOneOwnCard", |play, _, state| {
            match play.card_ids.as_slice() {
                [card] if state.hand(play.player_id).contains(card) => Ok(()),
                [_] => Err("that card is not in your hand".into()),
                _ => Err("play exactly one card".into()),
            }
        }),
        Rule::for_action::<PlayCard>("heartsPlayable", |play, _, state| {
            let Some(table) = state.attachment::<HeartsTable>() else {
                return Err("no Hearts table".into());
            };
            let Some(&card) = play.card_ids.first() else {
                return Err("play exactly one card".into());
            };
            may_play(state, table, play.player_id, card).map_err(|limit| limit.reason().into())
        }),
        Rule::for_action::<PassCard>("heartsPassersTurn", |pass, _, state| {
            players_turn(state, pass.player_id)
        }),
        Rule::for_action::<PassCard>("heartsPassing", |pass, _, state| {
            if !passing(state) {
                return Err("the cards have been passed: play a card".into());
            }
            match state.hand(pass.player_id).contains(&pass.card_id) {
                true => Ok(()),
                false => Err("that card is not in your hand".into()),
            }
        }),
        Rule::for_action::<Deal>("heartsDealtByTheGame", |_, origin, _| match origin {
            ActionOrigin::Internal => Ok(()),
            ActionOrigin::External => Err("the game deals".into()),
        }),
    ]
}

impl GamePlugin for HeartsPlugin {
    fn id(&self) -> &'static str {
        HEARTS_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "Hearts"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["standard-deck"]
    }
    fn declare(&self, data: &mut GameData) {
        data.insert(self.options);
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut decklet_core::Moves) {
        crate::legal::hearts_moves(state, seat, moves);
    }
    fn rules(&self) -> Vec<Rule> {
        rules()
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<PlayCard>(play_card),
            ActionHandler::new::<PassCard>(pass_card),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

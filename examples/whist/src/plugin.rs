//! [`WhistPlugin`]: the deal, the play of each trick (following suit, trumps), the
//! tricks each side took and the end.

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardId, CardIds, CardPlayed, EngineError, Event,
    EventHandler, GameContext, GameData, GamePlugin, GameStarted, GameState, GameStatus, Moves,
    PlayCard, PlayerId, Rule, Var, Visibility, Zone, ZoneId,
};
use decklet_plugins::{STANDARD_DECK_ZONE_ID, StandardCard, Suit, players_turn};
use serde::{Deserialize, Serialize};

use crate::{Trumps, WHIST_PLAYERS, WHIST_TRICK_ZONE_ID, taken_zone_id};

/// Tricks each side took, `[p1 and p3, p2 and p4]`.
pub const WHIST_VAR_TRICKS: Var<serde_json::Value> = Var::new("whist:tricks");
/// The seat (0 to 3) that led the trick being played.
pub const WHIST_VAR_LEADER: Var<i64> = Var::new("whist:leader");
/// Kind of [`TrickWon`].
pub const WHIST_TRICK_WON: &str = "WHIST_TRICK_WON";

/// `WHIST_TRICK_WON`: a player took the trick for their side; everyone hears it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrickWon {
    /// Who took it (and leads next).
    pub player_id: PlayerId,
    /// Its cards, in the order played.
    pub card_ids: CardIds,
    /// Tricks each side has taken now, `[p1 and p3, p2 and p4]`.
    pub tricks: [u8; 2],
}

impl Event for TrickWon {
    const KIND: &'static str = WHIST_TRICK_WON;
}

/// `WHIST_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "WHIST_DEAL";
}

/// Whist's plugin, with its trumps (declared in the game's data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WhistPlugin {
    trumps: Trumps,
}

impl WhistPlugin {
    /// The plugin playing with `trumps`.
    pub fn new(trumps: Trumps) -> Self {
        WhistPlugin { trumps }
    }
}

/// The side of the player at seat `at` (0 to 3): 0 for `p1` and `p3`, 1 for `p2` and
/// `p4`.
pub fn side_of(at: usize) -> usize {
    at % 2
}

/// Tricks each side took so far, `[p1 and p3, p2 and p4]`.
pub fn tricks(state: &GameState) -> [u8; 2] {
    let list = state.variable(&WHIST_VAR_TRICKS).unwrap_or_default();
    let at = |i: usize| list.get(i).and_then(serde_json::Value::as_u64).unwrap_or(0);
    [at(0) as u8, at(1) as u8]
}

/// A card's suit and its strength in a trick (two lowest, ace highest).
fn face(state: &GameState, card: CardId) -> Option<(Suit, u8)> {
    let c = StandardCard::in_state(state, card)?;
    let strength = match c.rank.value() {
        1 => 14,
        v => v,
    };
    Some((c.suit, strength))
}

fn trumps(state: &GameState) -> Trumps {
    state.game_data::<Trumps>().copied().unwrap_or_default()
}

fn zone_of(state: &GameState, id: &str) -> Result<ZoneId, EngineError> {
    state.zone_id(id).ok_or_else(|| EngineError::ZoneNotFound {
        zone: id.to_string(),
    })
}

fn seat_at(state: &GameState, at: usize) -> Result<PlayerId, EngineError> {
    let seats = state.seat_order();
    seats
        .get(at % seats.len().max(1))
        .copied()
        .ok_or_else(|| EngineError::action_failed("WHIST", "no such seat"))
}

/// The suit led in the trick being played, if a card was led.
fn suit_led(state: &GameState) -> Option<Suit> {
    let trick = state.zone_cards(state.zone_id(WHIST_TRICK_ZONE_ID)?);
    face(state, *trick.first()?).map(|(suit, _)| suit)
}

/// The cards `seat` may play now: any card when leading or void in the suit led,
/// else a card of the suit led. In the hand's order.
pub(crate) fn playable(state: &GameState, seat: PlayerId) -> Vec<CardId> {
    let hand = state.hand(seat);
    let Some(led) = suit_led(state) else {
        return hand.to_vec();
    };
    let following: Vec<CardId> = (hand.iter().copied())
        .filter(|c| face(state, *c).is_some_and(|(suit, _)| suit == led))
        .collect();
    match following.is_empty() {
        true => hand.to_vec(),
        false => following,
    }
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if players != WHIST_PLAYERS {
        return Err(EngineError::SetupFailed {
            plugin: "whist".to_string(),
            message: format!("whist is played by {WHIST_PLAYERS} players, not {players}"),
        });
    }
    let mut zones =
        vec![Zone::new(WHIST_TRICK_ZONE_ID, "trick").with_visibility(Visibility::Public)];
    for side in 0..2 {
        zones.push(Zone::new(taken_zone_id(side), "taken").with_visibility(Visibility::Hidden));
    }
    for zone in zones {
        if ctx.state().zone_id(&zone.id).is_none() {
            ctx.add_zone(zone)?;
        }
    }
    if ctx.state().variable(&WHIST_VAR_TRICKS).is_none() {
        ctx.set_variable(&WHIST_VAR_TRICKS, serde_json::json!([0, 0]));
    }
    if ctx.state().variable(&WHIST_VAR_LEADER).is_none() {
        ctx.set_variable(&WHIST_VAR_LEADER, 0);
    }
    Ok(())
}

fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    // queued after the standard deck's shuffle
    ctx.dispatch(Deal {});
    Ok(())
}

/// The deal: the shuffled deck one card at a time from seat 0, thirteen each; seat 0
/// leads.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let deck = zone_of(ctx.state(), STANDARD_DECK_ZONE_ID)?;
    let seats = ctx.state().seat_order().to_vec();
    for i in 0..52 {
        let hand = (seats.get(i % seats.len().max(1)))
            .and_then(|p| ctx.state().hand_zone(*p))
            .ok_or_else(|| EngineError::action_failed("WHIST_DEAL", "a player has no hand"))?;
        if ctx.draw_top(deck, hand)?.is_none() {
            return Err(EngineError::action_failed("WHIST_DEAL", "the deck ran out"));
        }
    }
    let first = seat_at(ctx.state(), 0)?;
    ctx.set_current_player(Some(first))
}

/// The trick's winner: its index among the cards played (in order).
fn best_of(state: &GameState, trick: &[CardId]) -> usize {
    let trumps = trumps(state).suit();
    let led = trick.first().and_then(|c| face(state, *c)).map(|(s, _)| s);
    let key = |card: &CardId| match face(state, *card) {
        Some((suit, strength)) if Some(suit) == trumps => (2, strength),
        Some((suit, strength)) if Some(suit) == led => (1, strength),
        _ => (0, 0),
    };
    (trick.iter().enumerate())
        .max_by_key(|(_, c)| key(c))
        .map_or(0, |(i, _)| i)
}

fn play_card(play: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let player = play.player_id;
    let (Some(&card), Some(hand)) = (play.card_ids.first(), ctx.state().hand_zone(player)) else {
        return Err(EngineError::action_failed(
            "PLAY_CARD",
            "a play is one card",
        ));
    };
    let trick_zone = zone_of(ctx.state(), WHIST_TRICK_ZONE_ID)?;
    ctx.move_card(card, hand, trick_zone)?;
    ctx.emit(CardPlayed {
        player_id: player,
        card_ids: play.card_ids.clone(),
    });
    let leader = ctx.state().variable(&WHIST_VAR_LEADER).unwrap_or(0).max(0) as usize;
    let trick = CardIds::from_slice(ctx.state().zone_cards(trick_zone));
    if trick.len() < WHIST_PLAYERS {
        let next = seat_at(ctx.state(), leader + trick.len())?;
        return ctx.set_current_player(Some(next));
    }
    let winner_at = (leader + best_of(ctx.state(), &trick)) % WHIST_PLAYERS;
    let winner = seat_at(ctx.state(), winner_at)?;
    let side = side_of(winner_at);
    let pile = zone_of(ctx.state(), &taken_zone_id(side))?;
    ctx.move_cards(trick_zone, 0..trick.len(), pile)?;
    let mut taken = tricks(ctx.state());
    if let Some(n) = taken.get_mut(side) {
        *n += 1;
    }
    ctx.set_variable(&WHIST_VAR_TRICKS, serde_json::json!(taken));
    ctx.emit(TrickWon {
        player_id: winner,
        card_ids: trick,
        tricks: taken,
    });
    if taken[0] + taken[1] >= 13 {
        return end(ctx, taken);
    }
    ctx.set_variable(&WHIST_VAR_LEADER, winner_at as i64);
    ctx.set_current_player(Some(winner))
}

/// The end: the side with more tricks wins (both its players are winners).
fn end(ctx: &mut GameContext<'_>, taken: [u8; 2]) -> Result<(), EngineError> {
    let side = usize::from(taken[1] > taken[0]);
    let seats = ctx.state().seat_order().to_vec();
    let winners: Vec<PlayerId> = (seats.iter().enumerate())
        .filter(|(at, _)| side_of(*at) == side)
        .map(|(_, p)| *p)
        .collect();
    ctx.finish_game(winners)
}

fn rules() -> Vec<Rule> {
    vec![
        Rule::for_action::<PlayCard>("whistPlayersTurn", |play, _, state| {
            players_turn(state, play.player_id)
        }),
        Rule::for_action::<PlayCard>("whistOneOwnCard", |play, _, state| {
            match play.card_ids.as_slice() {
                [card] if state.hand(play.player_id).contains(card) => Ok(()),
                [_] => Err("that card is not in your hand".into()),
                _ => Err("play exactly one card".into()),
            }
        }),
        Rule::for_action::<PlayCard>("whistFollowSuit", |play, _, state| {
            match play.card_ids.first() {
                Some(card) if playable(state, play.player_id).contains(card) => Ok(()),
                _ => Err("follow the suit led while you can".into()),
            }
        }),
        Rule::for_action::<Deal>("whistDealtByTheGame", |_, origin, _| match origin {
            ActionOrigin::Internal => Ok(()),
            ActionOrigin::External => Err("the game deals".into()),
        }),
    ]
}

impl GamePlugin for WhistPlugin {
    fn id(&self) -> &'static str {
        "whist"
    }
    fn name(&self) -> &'static str {
        "Whist"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["standard-deck"]
    }
    fn declare(&self, data: &mut GameData) {
        data.insert(self.trumps);
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    /// The player to move may play each card they may play, in their hand's order.
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if state.status() != GameStatus::Playing || state.current_player() != Some(seat) {
            return;
        }
        let cards = playable(state, seat);
        moves.extend(cards.into_iter().map(|card| PlayCard::new(seat, [card])));
    }
    fn rules(&self) -> Vec<Rule> {
        rules()
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<PlayCard>(play_card),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

//! Scenario helpers: a rigging plugin that arranges hands, the discard and the deck.

#![allow(dead_code)]

use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;
use serde::{Deserialize, Serialize};

/// `RIG_HAND`: the player's hand becomes exactly `cards` (old cards go to the deck).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RigHand {
    pub player: PlayerId,
    pub cards: Vec<CardId>,
}
impl Action for RigHand {
    const KIND: &'static str = "RIG_HAND";
}

/// `RIG_TOP`: puts `card` on top of the discard and sets the colour in force.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RigTop {
    pub card: CardId,
    pub color: UnoColor,
}
impl Action for RigTop {
    const KIND: &'static str = "RIG_TOP";
}

/// `RIG_DECK_TOP`: puts `cards` on top of the deck (the last one on top).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RigDeckTop {
    pub cards: Vec<CardId>,
}
impl Action for RigDeckTop {
    const KIND: &'static str = "RIG_DECK_TOP";
}

/// `RIG_BURN`: moves all but `leave` deck cards under the discard top.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RigBurn {
    pub leave: usize,
}
impl Action for RigBurn {
    const KIND: &'static str = "RIG_BURN";
}

fn take(ctx: &mut GameContext<'_>, card: CardId, to: ZoneId) -> Result<(), EngineError> {
    let from = ctx
        .state()
        .zone_of(card)
        .ok_or_else(|| EngineError::CardNotFound {
            card: ctx.state().id_text(card).into_owned(),
        })?;
    ctx.move_card(card, from, to)
}

/// A zone of the game by its text id.
fn zone_named(state: &GameState, id: &str) -> Result<ZoneId, EngineError> {
    state
        .zone_id(id)
        .ok_or_else(|| EngineError::ZoneNotFound { zone: id.into() })
}

pub struct Rig;
impl GamePlugin for Rig {
    fn id(&self) -> &'static str {
        "rig"
    }
    fn name(&self) -> &'static str {
        "Rig"
    }
    fn version(&self) -> &'static str {
        "0.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<RigHand>(|rig, ctx| {
                let hand = ctx
                    .state()
                    .hand_zone(rig.player)
                    .ok_or(EngineError::NoGame)?;
                let deck = zone_named(ctx.state(), "deck")?;
                let old = ctx.state().zone_cards(hand).to_vec();
                for card in old {
                    ctx.move_card(card, hand, deck)?;
                }
                for card in &rig.cards {
                    take(ctx, *card, hand)?;
                }
                Ok(())
            }),
            ActionHandler::new::<RigTop>(|rig, ctx| {
                let discard = zone_named(ctx.state(), "discard")?;
                take(ctx, rig.card, discard)?;
                ctx.set_variable(&UNO_VAR_CURRENT_COLOR, rig.color);
                Ok(())
            }),
            ActionHandler::new::<RigDeckTop>(|rig, ctx| {
                let deck = zone_named(ctx.state(), "deck")?;
                for card in &rig.cards {
                    take(ctx, *card, deck)?;
                }
                Ok(())
            }),
            ActionHandler::new::<RigBurn>(|rig, ctx| {
                let discard = zone_named(ctx.state(), "discard")?;
                let deck = zone_named(ctx.state(), "deck")?;
                let top = ctx.state().top(discard);
                while ctx.state().zone_cards(deck).len() > rig.leave {
                    ctx.draw_top(deck, discard)?;
                }
                if let Some(top) = top {
                    ctx.move_card(top, discard, discard)?;
                }
                Ok(())
            }),
        ]
    }
}

pub fn players(n: usize) -> Vec<Player> {
    decklet_core::Player::numbered(n)
}

/// An engine with Turn, Draw, UNO, these house rules and Rig, and a started game of
/// `n` players.
pub fn uno_with(n: usize, seed: u64, house: &[HouseRule]) -> GameEngine {
    let mut engine = created_with(n, seed, house);
    engine.start().unwrap();
    engine
}

/// An engine with Turn, Draw, UNO, these house rules and Rig and a game of `n` players,
/// not started.
fn created_with(n: usize, seed: u64, house: &[HouseRule]) -> GameEngine {
    let mut engine = GameEngine::new(
        &uno_builder(house).plugin(Rig).build().unwrap(),
        EngineConfig {
            seed,
            game_id: "t".into(),
            ..Default::default()
        },
    );
    engine.create_game(players(n)).unwrap();
    engine
}

/// An engine with Turn, Draw, UNO and Rig and a game of `n` players, not started.
pub fn uno_created(n: usize, seed: u64) -> GameEngine {
    created_with(n, seed, &[])
}

/// [`uno_created`], started.
pub fn uno(n: usize, seed: u64) -> GameEngine {
    let mut engine = uno_created(n, seed);
    engine.start().unwrap();
    engine
}

/// Card helper: `card("red", "7")` is `uno-red-7-1`, `card("wild", "")` is `uno-wild-1`.
/// Every UNO game shares one card table, so a card's handle is the same in all of them.
pub fn card(color: &str, face: &str) -> CardId {
    card_n(color, face, 1)
}

pub fn card_n(color: &str, face: &str, copy: u32) -> CardId {
    let id = if face.is_empty() {
        format!("uno-{color}-{copy}")
    } else {
        format!("uno-{color}-{face}-{copy}")
    };
    uno_card_table()
        .id_of(&id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

/// A card's text id.
pub fn name(card: CardId) -> String {
    uno_card_table()
        .get(card)
        .map(|c| c.id.to_string())
        .unwrap_or_default()
}

/// The handle of the player named `id`.
pub fn id(engine: &GameEngine, player: &str) -> PlayerId {
    engine.state().player_id(player).unwrap()
}

/// The handle of default player `name` (`"p1"`…`"p10"`): the same in every game of
/// default players, whose handles follow their order.
pub fn pid(name: &str) -> PlayerId {
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 0, 10).unwrap();
    id(&engine, name)
}

/// Arranges: `p1`'s hand, other hands, the discard top and colour.
pub fn arrange(
    engine: &mut GameEngine,
    hands: &[(&str, Vec<CardId>)],
    top: CardId,
    color: UnoColor,
) {
    engine.dispatch(RigTop { card: top, color }).unwrap();
    for (player, cards) in hands {
        let player = id(engine, player);
        engine
            .dispatch(RigHand {
                player,
                cards: cards.clone(),
            })
            .unwrap();
    }
}

pub fn kinds(outcome: &Outcome) -> Vec<&'static str> {
    outcome.kinds()
}

pub fn current(engine: &GameEngine) -> String {
    let state = engine.state();
    state.id_text(state.current_player().unwrap()).into_owned()
}

pub fn hand(engine: &GameEngine, player: &str) -> Vec<CardId> {
    engine.state().hand(id(engine, player)).to_vec()
}

/// The cards of the zone named `zone`, bottom first.
pub fn zone(engine: &GameEngine, zone: &str) -> Vec<CardId> {
    let state = engine.state();
    state.zone_cards(state.zone_id(zone).unwrap()).to_vec()
}

/// An event's payload as JSON.
pub fn payload(outcome: &Outcome, kind: &str) -> serde_json::Value {
    outcome
        .events
        .iter()
        .find(|e| e.kind() == kind)
        .map(|e| e.to_json().unwrap()["payload"].clone())
        .unwrap_or_default()
}

pub fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

pub fn play(engine: &mut GameEngine, player: &str, card: CardId) -> Result<Outcome, EngineError> {
    let player = id(engine, player);
    engine.dispatch(PlayCard::new(player, [card]))
}

pub fn choose(
    engine: &mut GameEngine,
    player: &str,
    color: UnoColor,
) -> Result<Outcome, EngineError> {
    let player = id(engine, player);
    engine.dispatch(ChooseColor::new(player, color))
}

pub fn draw(engine: &mut GameEngine, player: &str) -> Result<Outcome, EngineError> {
    let player = id(engine, player);
    engine.dispatch(create_draw_card_action(player, 1))
}

pub fn end_turn(engine: &mut GameEngine, player: &str) -> Result<Outcome, EngineError> {
    let player = id(engine, player);
    engine.dispatch(create_end_turn_action(player))
}

pub fn rejected_by(result: Result<Outcome, EngineError>) -> String {
    match result {
        Err(EngineError::Rejected { rule, .. }) => rule,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

/// Three players with `house`, p1 to play on a red 5 (`uno-red-5-1`, red in force),
/// with these hands (the others draw and pass until it is p1's turn).
pub fn three_players(house: &[HouseRule], hands: [Vec<CardId>; 3]) -> GameEngine {
    let mut engine = uno_with(3, 3, house);
    while current(&engine) != "p1" {
        let who = current(&engine);
        draw(&mut engine, &who).unwrap();
        end_turn(&mut engine, &who).unwrap();
    }
    let [a, b, c] = hands;
    arrange(
        &mut engine,
        &[("p1", a), ("p2", b), ("p3", c)],
        card_n("red", "5", 1),
        UnoColor::Red,
    );
    engine
}

/// UNO's bot of this name (`random`, `heuristic`, `ismcts:N`), seeded, for `game`.
pub fn uno_bot(name: &str, game: &std::sync::Arc<Game>, seed: u64) -> Box<dyn decklet_bots::Bot> {
    match name {
        "random" => Box::new(UnoRandomBot::new(seed)),
        "heuristic" => Box::new(HeuristicBot::new(seed)),
        other => {
            let iterations = other
                .strip_prefix("ismcts:")
                .and_then(|n| n.parse().ok())
                .unwrap_or(1_000);
            Box::new(uno_search(game, iterations, seed))
        }
    }
}

/// What a game played by [`play_uno`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    pub winner: Option<PlayerId>,
    pub winner_seat: Option<usize>,
    pub counts: GameCounts,
    pub capped: bool,
}

/// Plays a started game to its end with the game loop of any game, counting it as
/// `decklet simulate` does ([`count_game`]).
pub fn play_uno(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn decklet_bots::Bot>],
    max_moves: u64,
) -> Result<Played, EngineError> {
    let (report, counts) = count_game(engine, bots, max_moves)?;
    let state = engine.state();
    let winner = state.winners().first().copied();
    Ok(Played {
        winner,
        winner_seat: winner.and_then(|w| state.seat_index(w)),
        counts,
        capped: report.capped,
    })
}

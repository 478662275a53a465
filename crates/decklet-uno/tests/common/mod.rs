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

fn take(ctx: &mut GameContext<'_>, card: &CardId, to: &ZoneId) -> Result<(), EngineError> {
    let from = ctx
        .state()
        .zone_of(card)
        .map(|z| z.id.clone())
        .ok_or_else(|| EngineError::CardNotFound { card: card.clone() })?;
    ctx.move_card(card, &from, to)
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
                let hand = hand_zone_id(&rig.player);
                let old = ctx
                    .state()
                    .zone(&hand)
                    .map(|z| z.cards.clone())
                    .unwrap_or_default();
                for card in old {
                    ctx.move_card(&card, &hand, &"deck".into())?;
                }
                for card in &rig.cards {
                    take(ctx, card, &hand)?;
                }
                Ok(())
            }),
            ActionHandler::new::<RigTop>(|rig, ctx| {
                take(ctx, &rig.card, &"discard".into())?;
                ctx.set_variable(UNO_VAR_CURRENT_COLOR, rig.color);
                Ok(())
            }),
            ActionHandler::new::<RigDeckTop>(|rig, ctx| {
                for card in &rig.cards {
                    take(ctx, card, &"deck".into())?;
                }
                Ok(())
            }),
            ActionHandler::new::<RigBurn>(|rig, ctx| {
                let discard = ZoneId::from("discard");
                let top = ctx.state().zone(&discard).and_then(|z| z.top().cloned());
                while ctx.state().zone_by_str("deck").map_or(0, Zone::len) > rig.leave {
                    ctx.draw_top(&"deck".into(), &discard)?;
                }
                if let Some(top) = top {
                    ctx.move_card(&top, &discard, &discard)?;
                }
                Ok(())
            }),
        ]
    }
}

pub fn players(n: usize) -> Vec<Player> {
    default_players(n)
}

/// An engine with Turn, Draw, UNO and Rig and a game of `n` players, not started.
pub fn uno_created(n: usize, seed: u64) -> GameEngine {
    let mut engine = GameEngine::new(EngineConfig {
        seed,
        game_id: "t".into(),
        ..Default::default()
    });
    engine
        .use_plugin(TurnPlugin)
        .use_plugin(DrawPlugin)
        .use_plugin(UnoPlugin)
        .use_plugin(Rig);
    engine.create_game(players(n)).unwrap();
    engine
}

/// [`uno_created`], started.
pub fn uno(n: usize, seed: u64) -> GameEngine {
    let mut engine = uno_created(n, seed);
    engine.start().unwrap();
    engine
}

/// Card id helper: `card("red", "7")` → `uno-red-7-1`; `card("wild", "")` → `uno-wild-1`.
pub fn card(color: &str, face: &str) -> CardId {
    card_n(color, face, 1)
}

pub fn card_n(color: &str, face: &str, copy: u32) -> CardId {
    if face.is_empty() {
        CardId::new(format!("uno-{color}-{copy}"))
    } else {
        CardId::new(format!("uno-{color}-{face}-{copy}"))
    }
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
        engine
            .dispatch(RigHand {
                player: (*player).into(),
                cards: cards.clone(),
            })
            .unwrap();
    }
}

pub fn kinds(outcome: &Outcome) -> Vec<&'static str> {
    outcome.kinds()
}

pub fn current(engine: &GameEngine) -> String {
    engine
        .state()
        .current_player_id
        .clone()
        .unwrap()
        .to_string()
}

pub fn hand(engine: &GameEngine, player: &str) -> Vec<CardId> {
    engine.state().hand(&player.into()).unwrap().cards.clone()
}

pub fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

pub fn play(engine: &mut GameEngine, player: &str, card: CardId) -> Result<Outcome, EngineError> {
    engine.dispatch(PlayCard::new(player, [card]))
}

pub fn rejected_by(result: Result<Outcome, EngineError>) -> String {
    match result {
        Err(EngineError::Rejected { rule, .. }) => rule,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

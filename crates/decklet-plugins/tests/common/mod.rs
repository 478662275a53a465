//! Helpers shared by the plugin tests.

#![allow(dead_code)]

use decklet_core::*;
use decklet_plugins::*;
use serde::{Deserialize, Serialize};

pub fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(format!("p{i}"), format!("P{i}"), i))
        .collect()
}

pub fn json(state: &GameState) -> String {
    serde_json::to_string(state).unwrap()
}

pub fn zone<'a>(state: &'a GameState, id: &str) -> &'a [CardId] {
    &state.zone_by_str(id).unwrap().cards
}

/// `DISCARD { count }`: moves cards from the top of the deck onto `discard`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Discard {
    pub count: usize,
}
impl Action for Discard {
    const KIND: &'static str = "DISCARD";
}

/// A discard pile that feeds the deck when it runs out.
pub struct Table {
    pub keep_top: bool,
}
impl GamePlugin for Table {
    fn id(&self) -> &'static str {
        "table"
    }
    fn name(&self) -> &'static str {
        "Table"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        if ctx.state().zone_by_str("discard").is_none() {
            ctx.add_zone(Zone::new("discard", "discard"))?;
        }
        ctx.set_variable(DRAW_VAR_RESHUFFLE_FROM, ZoneId::from("discard"));
        ctx.set_variable(DRAW_VAR_RESHUFFLE_KEEP_TOP, self.keep_top);
        Ok(())
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Discard>(|d, ctx| {
            for _ in 0..d.count {
                ctx.draw_top(&"deck".into(), &"discard".into())?;
            }
            Ok(())
        })]
    }
}

pub fn engine_with(plugins: Vec<std::sync::Arc<dyn GamePlugin>>, n: u32, seed: u64) -> GameEngine {
    let mut engine = GameEngine::new(EngineConfig {
        seed,
        game_id: "t".into(),
        ..Default::default()
    });
    for p in plugins {
        engine.use_shared_plugin(p);
    }
    engine.create_game(players(n)).unwrap();
    engine
}

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

/// The cards of the zone named `id`, bottom first, as text.
pub fn zone(state: &GameState, id: &str) -> Vec<String> {
    let zone = state.zone_id(id).unwrap();
    state
        .zone_cards(zone)
        .iter()
        .map(|c| state.id_text(*c).into_owned())
        .collect()
}

/// The handle of the player named `id`.
pub fn player(engine: &GameEngine, id: &str) -> PlayerId {
    engine.state().player_id(id).unwrap()
}

/// The cards of the player named `id`'s hand, as text.
pub fn hand(state: &GameState, id: &str) -> Vec<String> {
    zone(state, &format!("hand:{id}"))
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
        let discard = match ctx.state().zone_id("discard") {
            Some(discard) => discard,
            None => ctx.add_zone(Zone::new("discard", "discard"))?,
        };
        ctx.set_variable(&DRAW_VAR_RESHUFFLE_FROM, discard);
        ctx.set_variable(&DRAW_VAR_RESHUFFLE_KEEP_TOP, self.keep_top);
        Ok(())
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Discard>(|d, ctx| {
            let state = ctx.state();
            let deck = state.zone_id("deck").expect("a deck");
            let discard = state.zone_id("discard").expect("a discard pile");
            for _ in 0..d.count {
                ctx.draw_top(deck, discard)?;
            }
            Ok(())
        })]
    }
}

pub fn engine_with(plugins: Vec<std::sync::Arc<dyn GamePlugin>>, n: u32, seed: u64) -> GameEngine {
    let game = plugins
        .into_iter()
        .fold(Game::builder(), GameBuilder::shared)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(
        &game,
        EngineConfig {
            seed,
            game_id: "t".into(),
            ..Default::default()
        },
    );
    engine.create_game(players(n)).unwrap();
    engine
}

/// Card handles as text.
pub fn texts(state: &GameState, cards: &[CardId]) -> Vec<String> {
    cards
        .iter()
        .map(|c| state.id_text(*c).into_owned())
        .collect()
}

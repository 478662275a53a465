//! A toy game for testing the engine at its own layer.
//!
//! `Script` is a recursive action: its handler emits `Ran { name }`, optionally moves the
//! top deck card to the table, optionally shuffles the deck (using the RNG), optionally
//! fails, then dispatches its children. That one action expresses FIFO order, cascades
//! and failures deep inside them.

#![allow(dead_code)]

use decklet_core::*;
use serde::{Deserialize, Serialize};

pub const DECK: &str = "deck";
pub const TABLE: &str = "table";
pub const COUNT: Var<i64> = Var::new("toy:count");

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Script {
    pub name: String,
    pub player_id: Option<PlayerId>,
    pub then: Vec<Script>,
    pub draw: bool,
    pub shuffle: bool,
    pub fail: bool,
}

impl Script {
    pub fn named(name: &str) -> Self {
        Script {
            name: name.into(),
            ..Default::default()
        }
    }
    pub fn then(mut self, children: Vec<Script>) -> Self {
        self.then = children;
        self
    }
    pub fn drawing(mut self) -> Self {
        self.draw = true;
        self
    }
    pub fn shuffling(mut self) -> Self {
        self.shuffle = true;
        self
    }
    pub fn failing(mut self) -> Self {
        self.fail = true;
        self
    }
    pub fn by(mut self, player: PlayerId) -> Self {
        self.player_id = Some(player);
        self
    }
}

impl Action for Script {
    const KIND: &'static str = "SCRIPT";
    fn player_id(&self) -> Option<PlayerId> {
        self.player_id
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ran {
    pub name: String,
}
impl Event for Ran {
    const KIND: &'static str = "RAN";
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Echo {
    pub text: String,
}
impl Event for Echo {
    const KIND: &'static str = "ECHO";
}

fn run_script(script: &Script, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.emit(Ran {
        name: script.name.clone(),
    });
    let count = ctx.state().variable(&COUNT).unwrap_or(0);
    ctx.set_variable(&COUNT, count + 1);
    let (deck, table) = zones(ctx.state());
    if script.draw {
        ctx.draw_top(deck, table)?;
    }
    if script.shuffle {
        ctx.shuffle_zone(deck)?;
    }
    if script.fail {
        return Err(EngineError::action_failed(
            "SCRIPT",
            format!("script {} failed", script.name),
        ));
    }
    for child in &script.then {
        ctx.dispatch(child.clone());
    }
    Ok(())
}

/// The toy game: a 10-card deck, a table, the `SCRIPT` action and two rules.
pub struct ToyPlugin;

impl GamePlugin for ToyPlugin {
    fn id(&self) -> &'static str {
        "toy"
    }
    fn name(&self) -> &'static str {
        "Toy"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let deck = match ctx.state().zone_id(DECK) {
            Some(deck) => deck,
            None => ctx.add_zone(Zone::new(DECK, "deck"))?,
        };
        if ctx.state().zone_id(TABLE).is_none() {
            ctx.add_zone(Zone::new(TABLE, "table"))?;
        }
        for i in 0..10 {
            let id = format!("c{i}");
            if ctx.state().card_id(&id).is_none() {
                let card = ctx.add_card(Card::new(&id, "toy").with_value(i))?;
                ctx.place_card(card, deck)?;
            }
        }
        if ctx.state().variable(&COUNT).is_none() {
            ctx.set_variable(&COUNT, 0);
        }
        Ok(())
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<Script>("notForbidden", |script, _, _| {
                if script.name.starts_with("forbidden") {
                    Err(format!("{} is forbidden", script.name).into())
                } else {
                    Ok(())
                }
            }),
            Rule::new("knownPlayer", |action, _, state| match action.player_id() {
                Some(p) if state.player(p).is_none() => {
                    Err(format!("{} is not playing", state.id_text(p)).into())
                }
                _ => Ok(()),
            }),
            Rule::for_action::<Script>("deckNotEmptyForDraw", |script, _, state| {
                let empty = state
                    .zone_id(DECK)
                    .is_none_or(|deck| state.zone_cards(deck).is_empty());
                if script.draw && empty {
                    Err("the deck is empty".into())
                } else {
                    Ok(())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Script>(run_script)]
    }
}

/// Emits `Echo("<name>-<tag>")` for every `Ran`.
pub struct EchoPlugin(pub &'static str);

impl GamePlugin for EchoPlugin {
    fn id(&self) -> &'static str {
        self.0
    }
    fn name(&self) -> &'static str {
        "Echo"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["toy"]
    }
    fn events(&self) -> Vec<EventHandler> {
        let tag = self.0;
        vec![EventHandler::new::<Ran>(move |ran, ctx| {
            ctx.emit(Echo {
                text: format!("{}-{tag}", ran.name),
            });
            Ok(())
        })]
    }
}

pub fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(format!("p{i}"), format!("P{i}"), i))
        .collect()
}

/// The engine's settings, with `collect_events` off: ticks return empty outcomes.
pub fn quiet(engine: &mut GameEngine) {
    let config = EngineConfig {
        collect_events: false,
        ..engine.config().clone()
    };
    engine.set_config(config);
}

pub fn toy_engine(seed: u64) -> GameEngine {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig {
            seed,
            game_id: "toy".into(),
            ..Default::default()
        },
    );
    engine.create_game(players(2)).expect("create");
    engine.start().expect("start");
    engine
}

/// The toy game's deck and table.
pub fn zones(state: &GameState) -> (ZoneId, ZoneId) {
    let zone = |name| state.zone_id(name).expect("the toy's zones");
    (zone(DECK), zone(TABLE))
}

/// The handle of a toy player (`"p1"` …).
pub fn player(engine: &GameEngine, name: &str) -> PlayerId {
    engine.state().player_id(name).expect("a toy player")
}

/// A handle that names no player of a two-player toy game: the fifth player of another.
pub fn stranger() -> PlayerId {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(5)).expect("create");
    player(&engine, "p5")
}

/// The toy deck's cards, bottom first.
pub fn deck(engine: &GameEngine) -> Vec<String> {
    let state = engine.state();
    let (deck, _) = zones(state);
    state
        .zone_cards(deck)
        .iter()
        .map(|c| state.id_text(*c).into_owned())
        .collect()
}

pub fn json(state: &GameState) -> String {
    serde_json::to_string(state).expect("serialize")
}

pub fn names(outcome: &Outcome) -> Vec<String> {
    outcome
        .events
        .iter()
        .filter_map(|e| {
            e.downcast_ref::<Ran>()
                .map(|r| r.name.clone())
                .or_else(|| e.downcast_ref::<Echo>().map(|x| x.text.clone()))
        })
        .collect()
}

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
    pub fn by(mut self, player: &str) -> Self {
        self.player_id = Some(player.into());
        self
    }
}

impl Action for Script {
    const KIND: &'static str = "SCRIPT";
    fn player_id(&self) -> Option<&PlayerId> {
        self.player_id.as_ref()
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
    let count = ctx.state().variable(COUNT).unwrap_or(0);
    ctx.set_variable(COUNT, count + 1);
    if script.draw {
        ctx.draw_top(&DECK.into(), &TABLE.into())?;
    }
    if script.shuffle {
        ctx.shuffle_zone(&DECK.into())?;
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
        if ctx.state().zone_by_str(DECK).is_none() {
            ctx.add_zone(Zone::new(DECK, "deck"))?;
        }
        if ctx.state().zone_by_str(TABLE).is_none() {
            ctx.add_zone(Zone::new(TABLE, "table"))?;
        }
        for i in 0..10 {
            let id = CardId::new(format!("c{i}"));
            if ctx.state().card(&id).is_none() {
                ctx.add_card(Card::new(id.clone(), "toy").with_value(i))?;
                ctx.add_card_to_zone(&id, &DECK.into())?;
            }
        }
        if ctx.state().variable(COUNT).is_none() {
            ctx.set_variable(COUNT, 0);
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
                Some(p) if state.player(p).is_none() => Err(format!("{p} is not playing").into()),
                _ => Ok(()),
            }),
            Rule::for_action::<Script>("deckNotEmptyForDraw", |script, _, state| {
                let empty = state.zone_by_str(DECK).is_none_or(Zone::is_empty);
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

pub fn toy_engine(seed: u64) -> GameEngine {
    let mut engine = GameEngine::new(EngineConfig {
        seed,
        game_id: "toy".into(),
        ..Default::default()
    });
    engine.use_plugin(ToyPlugin);
    engine.create_game(players(2)).expect("create");
    engine.start().expect("start");
    engine
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

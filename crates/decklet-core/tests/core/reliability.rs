//! What must hold when things go wrong: replays are all or nothing, limits do not
//! depend on who listens, a panicking plugin leaves the engine as it was, and a
//! position can be adopted only if it is one of the plugins' games.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use crate::toy::*;
use decklet_core::*;
use serde::{Deserialize, Serialize};

/// A new engine of the toy game, replaying `log`.
fn replayed(log: &GameLog, verify: Verify) -> Result<GameEngine, EngineError> {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build()?,
        EngineConfig::default(),
    );
    engine.replay(log, verify)?;
    Ok(engine)
}

#[test]
fn a_log_that_diverges_midway_leaves_the_engine_as_it_was() {
    let mut source = toy_engine(8);
    for name in ["a", "b", "c", "d"] {
        source.dispatch(Script::named(name).drawing()).unwrap();
    }
    let mut diverging = source.log();
    diverging.actions[2].payload["name"] = "forbidden-c".into();
    let mut engine = toy_engine(2);
    engine.dispatch(Script::named("mine").shuffling()).unwrap();
    let (state, log, config) = (json(engine.state()), engine.log(), engine.config().clone());
    let err = engine.replay(&diverging, Verify::Required).unwrap_err();
    assert!(
        matches!(err, EngineError::ReplayDiverged { index: 2, .. }),
        "{err:?}"
    );
    assert_eq!(json(engine.state()), state);
    assert_eq!(engine.log(), log);
    assert_eq!(engine.config(), &config);
    // a log whose game cannot even be created changes nothing either
    let mut no_players = source.log();
    no_players.players.clear();
    assert!(engine.replay(&no_players, Verify::Required).is_err());
    assert_eq!(engine.log(), log);
    assert_eq!(engine.config(), &config);
    // and the engine still replays a good log afterwards
    engine.replay(&source.log(), Verify::Required).unwrap();
    assert_eq!(json(engine.state()), json(source.state()));
}

#[test]
fn a_log_without_its_digest_replays_only_when_asked_to() {
    let mut source = toy_engine(8);
    source.dispatch(Script::named("a").drawing()).unwrap();
    let mut cut = source.log();
    cut.final_digest = None;
    let err = replayed(&cut, Verify::Required).unwrap_err();
    assert!(err.to_string().contains("no final digest"), "{err}");
    let engine = replayed(&cut, Verify::IfPresent).unwrap();
    assert_eq!(json(engine.state()), json(source.state()));
    // a digest that is there must still match
    cut.final_digest = Some("0123456789abcdef".into());
    assert!(replayed(&cut, Verify::IfPresent).is_err());
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Chatter {
    events: u32,
}
impl Action for Chatter {
    const KIND: &'static str = "CHATTER";
}
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Said;
impl Event for Said {
    const KIND: &'static str = "SAID";
}

/// `CHATTER { events }` emits that many events nobody handles.
struct ChatterPlugin;
impl GamePlugin for ChatterPlugin {
    fn id(&self) -> &'static str {
        "chatter"
    }
    fn name(&self) -> &'static str {
        "Chatter"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Chatter>(|chatter, ctx| {
            for _ in 0..chatter.events {
                ctx.emit(Said);
            }
            Ok(())
        })]
    }
}

#[test]
fn the_event_limit_counts_every_event_whoever_listens() {
    let run = |listen: bool, quietly: bool, events: u32| {
        let mut engine = GameEngine::new(
            &Game::builder().plugin(ChatterPlugin).build().unwrap(),
            EngineConfig {
                max_events_per_tick: 10,
                collect_events: !quietly,
                ..Default::default()
            },
        );
        if listen {
            engine.subscribe(|_: &Said| {});
        }
        engine.create_game(players(1)).unwrap();
        engine.start().unwrap();
        engine.dispatch(Chatter { events }).map(|_| ())
    };
    for listen in [false, true] {
        for quietly in [false, true] {
            assert!(
                run(listen, quietly, 10).is_ok(),
                "listen {listen}, quietly {quietly}"
            );
            let err = run(listen, quietly, 11).unwrap_err();
            assert_eq!(
                err,
                EngineError::TickLimitExceeded {
                    action: "CHATTER".into(),
                    limit: 10,
                    counted: "events"
                },
                "listen {listen}, quietly {quietly}"
            );
            assert_eq!(
                err.to_string(),
                "tick started by `CHATTER` ran more than 10 events"
            );
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Explode;
impl Action for Explode {
    const KIND: &'static str = "EXPLODE";
}

/// `EXPLODE` changes the game, emits an event, then panics.
struct Bomb;
impl GamePlugin for Bomb {
    fn id(&self) -> &'static str {
        "bomb"
    }
    fn name(&self) -> &'static str {
        "Bomb"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["toy"]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Explode>(|_, ctx| {
            let (deck, table) = zones(ctx.state());
            ctx.draw_top(deck, table)?;
            ctx.random().next_u32();
            ctx.emit(Ran {
                name: "boom".into(),
            });
            panic!("a plugin bug");
        })]
    }
}

#[test]
fn a_panicking_plugin_leaves_the_engine_exactly_as_it_was() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(Bomb)
            .build()
            .unwrap(),
        EngineConfig {
            seed: 3,
            ..Default::default()
        },
    );
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let heard = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&heard);
    engine.subscribe(move |ran: &Ran| sink.lock().unwrap().push(ran.name.clone()));
    let (state, log) = (json(engine.state()), engine.log());
    let caught = catch_unwind(AssertUnwindSafe(|| engine.dispatch(Explode)));
    assert!(caught.is_err(), "the panic reaches the caller");
    assert_eq!(
        json(engine.state()),
        state,
        "rolled back as the tick unwound"
    );
    assert_eq!(engine.log(), log);
    // the next tick hears only its own events, nothing of the aborted one
    engine.dispatch(Script::named("after")).unwrap();
    assert_eq!(*heard.lock().unwrap(), ["after"]);
}

/// An engine whose subscriber of `Ran` panics the first time it hears one, after a
/// tick that committed three `Ran` events.
fn after_a_panicking_subscriber() -> GameEngine {
    let mut engine = toy_engine(3);
    let armed = Arc::new(Mutex::new(true));
    let trigger = Arc::clone(&armed);
    engine.subscribe(move |_: &Ran| {
        let mut armed = trigger.lock().unwrap_or_else(|e| e.into_inner());
        if std::mem::take(&mut *armed) {
            panic!("a subscriber bug");
        }
    });
    // the tick commits; its events are being delivered when the subscriber panics
    let script = Script::named("a").then(vec![Script::named("b"), Script::named("c")]);
    let caught = catch_unwind(AssertUnwindSafe(|| engine.dispatch(script)));
    assert!(caught.is_err(), "the panic reaches the caller");
    engine
}

#[test]
fn a_subscriber_that_panics_leaves_nothing_behind_for_the_next_tick_or_game() {
    let events = |o: &Outcome| o.events.iter().map(AnyEvent::to_json).collect::<Vec<_>>();
    // the next tick hears its own events, none of the panicked delivery
    let mut engine = after_a_panicking_subscriber();
    let after = engine.dispatch(Script::named("d")).unwrap();
    assert_eq!(names(&after), ["d"]);
    // a new game on such an engine is the game a new engine creates, events and all
    let mut engine = after_a_panicking_subscriber();
    let mut fresh = toy_engine(3);
    let outcome = engine.create_game(players(2)).unwrap();
    let fresh_outcome = fresh.create_game(players(2)).unwrap();
    assert_eq!(events(&outcome), events(&fresh_outcome));
    assert_eq!(json(engine.state()), json(fresh.state()));
    engine.start().unwrap();
    fresh.start().unwrap();
    let after = engine.dispatch(Script::named("d")).unwrap();
    let fresh_after = fresh.dispatch(Script::named("d")).unwrap();
    assert_eq!(events(&after), events(&fresh_after));
}

#[test]
fn an_adopted_position_plays_on_and_its_log_replays() {
    let mut source = toy_engine(5);
    source
        .dispatch(Script::named("a").drawing().shuffling())
        .unwrap();
    let position = GameState::from_json(&json(source.state())).unwrap();
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    engine.load_state(position).unwrap();
    assert_eq!(engine.state(), source.state());
    for e in [&mut engine, &mut source] {
        e.dispatch(Script::named("b").drawing().shuffling())
            .unwrap();
    }
    assert_eq!(json(engine.state()), json(source.state()));
    let log = engine.log();
    assert!(log.initial_state.is_some());
    assert_eq!(log.actions.len(), 1);
    let replayed = replayed(&log, Verify::Required).unwrap();
    assert_eq!(json(replayed.state()), json(engine.state()));
    // what players may see of that log does not carry the position
    assert!(
        !serde_json::to_string(&log.view_for(engine.game(), "p1").unwrap())
            .unwrap()
            .contains("initialState")
    );
}

#[test]
fn a_position_the_plugins_setup_would_change_is_refused() {
    // a state with no toy deck: the toy's setup would add one
    let mut bare = GameEngine::default();
    bare.create_game(players(2)).unwrap();
    let position = bare.state().clone();
    let mut engine = toy_engine(1);
    let before = json(engine.state());
    let err = engine.load_state(position).unwrap_err();
    assert!(
        err.to_string().contains("not a game of these plugins"),
        "{err}"
    );
    assert_eq!(json(engine.state()), before);
}

/// A panic during a replay (here a subscriber's) leaves the engine with its
/// subscribers: 0.2 moved them to the scratch engine, and unwinding dropped them, so
/// the engine played on deaf.
#[test]
fn a_panic_during_a_replay_keeps_the_engine_s_subscribers() {
    let mut recorded = toy_engine(3);
    recorded.create_game(players(2)).unwrap();
    recorded.start().unwrap();
    recorded.dispatch(Script::named("a")).unwrap();
    let log = recorded.log();
    let mut engine = toy_engine(3);
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let armed = Arc::new(Mutex::new(true));
    let trigger = Arc::clone(&armed);
    let heard = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&heard);
    engine.subscribe(move |ran: &Ran| {
        let mut armed = trigger.lock().unwrap_or_else(|e| e.into_inner());
        if std::mem::take(&mut *armed) {
            panic!("a subscriber bug");
        }
        sink.lock().unwrap().push(ran.name.clone());
    });
    let before = json(engine.state());
    let caught = catch_unwind(AssertUnwindSafe(|| engine.replay(&log, Verify::Required)));
    assert!(caught.is_err(), "the panic reaches the caller");
    assert_eq!(json(engine.state()), before, "the replay did not land");
    engine.dispatch(Script::named("after")).unwrap();
    assert_eq!(
        *heard.lock().unwrap(),
        ["after"],
        "the subscriber still hears"
    );
}

//! Engine semantics, tested at the core's layer with the toy game.

use std::sync::{Arc, Mutex};

use crate::toy::*;
use decklet_core::*;
use serde::{Deserialize, Serialize};

#[test]
fn actions_run_fifo_breadth_first() {
    let mut engine = toy_engine(1);
    let script = Script::named("a").then(vec![
        Script::named("b").then(vec![Script::named("d")]),
        Script::named("c").then(vec![Script::named("e")]),
    ]);
    let outcome = engine.dispatch(script).unwrap();
    assert_eq!(names(&outcome), ["a", "b", "c", "d", "e"]);
    assert_eq!(engine.state().variable(&COUNT), Some(5));
}

#[test]
fn events_are_handled_fifo_in_plugin_registration_order_before_the_next_action() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(EchoPlugin("x"))
            .plugin(EchoPlugin("y"))
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    engine.subscribe_all(move |e| sink.lock().unwrap().push(e.to_json()));
    let outcome = engine
        .dispatch(Script::named("a").then(vec![Script::named("b")]))
        .unwrap();
    assert_eq!(names(&outcome), ["a", "a-x", "a-y", "b", "b-x", "b-y"]);
    // subscribe_all sees the tick's events in the same order
    let seen: Vec<_> = seen.lock().unwrap().clone();
    let expected: Vec<_> = outcome.events.iter().map(AnyEvent::to_json).collect();
    assert_eq!(seen, expected);
}

#[test]
fn typed_subscribers_hear_only_their_kind_and_can_unsubscribe() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(EchoPlugin("x"))
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let echoes = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&echoes);
    let id = engine.subscribe::<Echo>(move |e| sink.lock().unwrap().push(e.text.clone()));
    engine.dispatch(Script::named("a")).unwrap();
    assert_eq!(*echoes.lock().unwrap(), ["a-x"]);
    assert!(engine.unsubscribe(id));
    assert!(!engine.unsubscribe(id));
    engine.dispatch(Script::named("b")).unwrap();
    assert_eq!(*echoes.lock().unwrap(), ["a-x"]);
}

#[test]
fn subscribers_of_every_event_hear_applied_actions_until_they_unsubscribe() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(EchoPlugin("x"))
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let heard = Arc::new(Mutex::new(Vec::new()));
    let (first, second) = (Arc::clone(&heard), Arc::clone(&heard));
    let a = engine.subscribe_all(move |e| first.lock().unwrap().push(("a", e.kind())));
    let b = engine.subscribe_all(move |e| second.lock().unwrap().push(("b", e.kind())));
    let count = |who: &str| heard.lock().unwrap().iter().filter(|h| h.0 == who).count();
    // an engine that collects no events keeps them for these subscribers alone
    quiet(&mut engine);
    assert!(
        engine
            .dispatch(Script::named("a"))
            .unwrap()
            .events
            .is_empty()
    );
    let per_tick = count("a");
    assert!(per_tick > 0);
    assert_eq!(count("b"), per_tick);
    assert!(engine.unsubscribe(a));
    engine.dispatch(Script::named("b")).unwrap();
    assert_eq!((count("a"), count("b")), (per_tick, 2 * per_tick));
    assert!(engine.unsubscribe(b));
    engine.dispatch(Script::named("c")).unwrap();
    assert_eq!((count("a"), count("b")), (per_tick, 2 * per_tick));
}

#[test]
fn rules_run_in_order_and_the_first_rejection_names_kind_rule_and_reason() {
    let mut engine = toy_engine(1);
    // both notForbidden and knownPlayer would reject: the first registered wins
    let err = engine
        .dispatch(Script::named("forbidden").by(stranger()))
        .unwrap_err();
    assert_eq!(
        err,
        EngineError::Rejected {
            action: "SCRIPT".into(),
            rule: "notForbidden".into(),
            reason: "forbidden is forbidden".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "SCRIPT rejected by rule `notForbidden`: forbidden is forbidden"
    );
    let err = engine
        .dispatch(Script::named("ok").by(stranger()))
        .unwrap_err();
    assert_eq!(err.rule(), Some("knownPlayer"));
    assert_eq!(
        err.to_string(),
        "SCRIPT rejected by rule `knownPlayer`: #4 is not playing"
    );
    let p1 = player(&engine, "p1");
    assert!(engine.dispatch(Script::named("ok").by(p1)).is_ok());
}

#[test]
fn a_rejection_deep_in_a_cascade_changes_nothing_rng_included() {
    let mut engine = toy_engine(9);
    let heard = Arc::new(Mutex::new(0usize));
    let sink = Arc::clone(&heard);
    engine.subscribe_all(move |_| *sink.lock().unwrap() += 1);
    let before = json(engine.state());
    let script = Script::named("a").drawing().shuffling().then(vec![
        Script::named("b")
            .drawing()
            .shuffling()
            .then(vec![Script::named("forbidden-deep")]),
    ]);
    let err = engine.dispatch(script).unwrap_err();
    assert_eq!(err.rule(), Some("notForbidden"));
    assert_eq!(json(engine.state()), before);
    assert_eq!(*heard.lock().unwrap(), 0);
    assert_eq!(engine.log_len(), 0);
    // and the engine still works afterwards, from the same RNG state
    let mut twin = toy_engine(9);
    let ok = Script::named("a").drawing().shuffling();
    engine.dispatch(ok.clone()).unwrap();
    twin.dispatch(ok).unwrap();
    assert_eq!(json(engine.state()), json(twin.state()));
}

#[test]
fn a_handler_failure_deep_in_a_cascade_changes_nothing() {
    let mut engine = toy_engine(3);
    let before = json(engine.state());
    let script = Script::named("a").drawing().shuffling().then(vec![
        Script::named("b").drawing(),
        Script::named("c").shuffling().failing(),
    ]);
    let err = engine.dispatch(script).unwrap_err();
    assert_eq!(err, EngineError::action_failed("SCRIPT", "script c failed"));
    assert_eq!(json(engine.state()), before);
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Ping;
impl Action for Ping {
    const KIND: &'static str = "PING";
}
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Pong;
impl Action for Pong {
    const KIND: &'static str = "PONG";
}

struct Forever;
impl GamePlugin for Forever {
    fn id(&self) -> &'static str {
        "forever"
    }
    fn name(&self) -> &'static str {
        "Forever"
    }
    fn version(&self) -> &'static str {
        "0.0.1"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<Ping>(|_, ctx| {
                ctx.random().next_u32();
                ctx.dispatch(Pong);
                Ok(())
            }),
            ActionHandler::new::<Pong>(|_, ctx| {
                ctx.dispatch(Ping);
                Ok(())
            }),
        ]
    }
}

#[test]
fn a_runaway_plugin_hits_the_tick_limit_and_changes_nothing() {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(Forever).build().unwrap(),
        EngineConfig {
            max_actions_per_tick: 50,
            ..Default::default()
        },
    );
    engine.create_game(players(1)).unwrap();
    engine.start().unwrap();
    let before = json(engine.state());
    let err = engine.dispatch(Ping).unwrap_err();
    assert_eq!(
        err,
        EngineError::TickLimitExceeded {
            action: "PING".into(),
            limit: 50,
            counted: "actions"
        }
    );
    assert_eq!(json(engine.state()), before);
}

#[test]
fn the_default_tick_limit_is_1000() {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(Forever).build().unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(1)).unwrap();
    let err = engine.dispatch(Ping).unwrap_err();
    assert_eq!(
        err,
        EngineError::TickLimitExceeded {
            action: "PING".into(),
            limit: 1000,
            counted: "actions"
        }
    );
}

struct Ghost;
impl GamePlugin for Ghost {
    fn id(&self) -> &'static str {
        "ghost"
    }
    fn name(&self) -> &'static str {
        "Ghost"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Script>(|_, _| Ok(()))]
    }
}

fn create_with(
    plugins: Vec<Arc<dyn GamePlugin>>,
    players: Vec<Player>,
) -> Result<Outcome, EngineError> {
    let game = plugins
        .into_iter()
        .fold(Game::builder(), GameBuilder::shared)
        .build()?;
    GameEngine::new(&game, EngineConfig::default()).create_game(players)
}

/// A new engine of the game of `plugin`, replaying `log`.
fn replay_with(log: &GameLog, plugin: impl GamePlugin) -> Result<GameEngine, EngineError> {
    let game = Game::builder().plugin(plugin).build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.replay(log, Verify::Required)?;
    Ok(engine)
}

#[test]
fn create_game_errors() {
    let toy = || -> Arc<dyn GamePlugin> { Arc::new(ToyPlugin) };
    assert_eq!(
        create_with(vec![toy()], vec![]).unwrap_err(),
        EngineError::NoPlayers
    );
    let dup_id = vec![Player::new("p1", "A", 1), Player::new("p1", "B", 2)];
    assert_eq!(
        create_with(vec![toy()], dup_id).unwrap_err(),
        EngineError::DuplicatePlayer {
            player: "p1".into()
        }
    );
    let dup_seat = vec![Player::new("p1", "A", 1), Player::new("p2", "B", 1)];
    assert_eq!(
        create_with(vec![toy()], dup_seat).unwrap_err(),
        EngineError::DuplicateSeat { seat: 1 }
    );
    assert_eq!(
        create_with(vec![toy(), toy()], players(2)).unwrap_err(),
        EngineError::DuplicatePlugin {
            plugin: "toy".into()
        }
    );
    assert_eq!(
        create_with(vec![toy(), Arc::new(Ghost)], players(2)).unwrap_err(),
        EngineError::DuplicateActionHandler {
            kind: "SCRIPT".into(),
            first: "toy".into(),
            second: "ghost".into()
        }
    );
    assert_eq!(
        create_with(vec![Arc::new(EchoPlugin("e"))], players(2)).unwrap_err(),
        EngineError::MissingRequirement {
            plugin: "e".into(),
            requires: "toy".into()
        }
    );
    assert_eq!(
        create_with(vec![Arc::new(EchoPlugin("e")), toy()], players(2)).unwrap_err(),
        EngineError::MissingRequirement {
            plugin: "e".into(),
            requires: "toy".into()
        }
    );
    assert!(create_with(vec![toy(), Arc::new(EchoPlugin("e"))], players(2)).is_ok());
}

#[test]
fn a_failed_create_game_keeps_the_previous_game() {
    let mut engine = toy_engine(5);
    engine.dispatch(Script::named("a").drawing()).unwrap();
    let before = json(engine.state());
    assert!(engine.create_game(vec![]).is_err());
    assert_eq!(json(engine.state()), before);
}

/// Refuses games of three players, in its setup (after the engine began building the
/// new game in the last replaced game's state).
struct NoThreesomes;

impl GamePlugin for NoThreesomes {
    fn id(&self) -> &'static str {
        "no-threesomes"
    }
    fn name(&self) -> &'static str {
        "No threesomes"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        if ctx.state().player_count() == 3 {
            return Err(EngineError::SetupFailed {
                plugin: "no-threesomes".into(),
                message: "three players".into(),
            });
        }
        Ok(())
    }
}

/// Adds a card in its setup and, with `place`, puts it in a zone of its own.
struct LooseCard {
    place: bool,
}

impl GamePlugin for LooseCard {
    fn id(&self) -> &'static str {
        "loose-card"
    }
    fn name(&self) -> &'static str {
        "Loose card"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let card = ctx.add_card(Card::new("joker", "joker"))?;
        if self.place {
            let zone = ctx.add_zone(Zone::new("box", "box"))?;
            ctx.place_card(card, zone)?;
        }
        Ok(())
    }
}

/// Attaches two values of one type (the second replaces the first) and one of another.
struct Attaches;

impl GamePlugin for Attaches {
    fn id(&self) -> &'static str {
        "attaches"
    }
    fn name(&self) -> &'static str {
        "Attaches"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        ctx.attach(1u32);
        ctx.attach(String::from("kept"));
        ctx.attach(2u32);
        Ok(())
    }
}

#[test]
fn an_attachment_replaces_the_one_of_its_type_and_is_read_by_type() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(Attaches)
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    let state = engine.state();
    assert_eq!(state.attachment::<u32>(), Some(&2));
    assert_eq!(
        state.attachment::<String>().map(String::as_str),
        Some("kept")
    );
    assert_eq!(state.attachment::<u64>(), None);
    // a state read from JSON has none until an engine adopts it
    let read = GameState::from_json(&state.to_json().unwrap()).unwrap();
    assert_eq!(read.attachment::<u32>(), None);
    // a seat sees none of the engine's own, however it reads its knowledge
    let info = state.info_state(state.players().next().unwrap());
    assert_eq!(info.attachment::<u32>(), None);
    assert_eq!(info.known().attachment::<u32>(), None);
    assert_eq!(info.known().clone().attachment::<String>(), None);
    // a world sampled from it is a whole position again, once an engine plays it
    let world = info
        .determinize(&Default::default(), &mut GameRng::seed_from(1))
        .unwrap();
    let mut scratch = GameEngine::new(engine.game(), EngineConfig::default());
    scratch.load_state(world).unwrap();
    assert_eq!(scratch.state().attachment::<u32>(), Some(&2));
}

#[test]
fn a_setup_that_leaves_a_card_in_no_zone_is_refused_and_changes_nothing() {
    let engine_with = |place: bool| {
        GameEngine::new(
            &Game::builder()
                .plugin(ToyPlugin)
                .plugin(LooseCard { place })
                .build()
                .unwrap(),
            EngineConfig::default(),
        )
    };
    let mut placed = engine_with(true);
    placed.create_game(players(2)).unwrap();
    let joker = placed.state().card_id("joker").unwrap();
    assert_eq!(placed.state().zone_of(joker), placed.state().zone_id("box"));

    let mut loose = engine_with(false);
    let err = loose.create_game(players(2)).unwrap_err();
    assert!(
        matches!(&err, EngineError::InvalidState { message } if message.contains("joker") && message.contains("no zone")),
        "{err}"
    );
    assert!(!loose.has_game());
}

#[test]
fn games_built_in_a_replaced_state_equal_new_ones_and_a_failed_one_changes_nothing() {
    let new_engine = || {
        GameEngine::new(
            &Game::builder()
                .plugin(ToyPlugin)
                .plugin(NoThreesomes)
                .build()
                .unwrap(),
            EngineConfig {
                seed: 5,
                game_id: "toy".into(),
                ..Default::default()
            },
        )
    };
    let mut fresh = new_engine();
    fresh.create_game(players(2)).unwrap();
    let mut used = new_engine();
    let play = |engine: &mut GameEngine| {
        engine.start().unwrap();
        for name in ["a", "b", "c"] {
            engine.dispatch(Script::named(name).drawing()).unwrap();
        }
    };
    for round in 0..3 {
        used.create_game(players(4)).unwrap();
        play(&mut used);
        // built in the state of an earlier game; this played one is kept for the next
        used.create_game(players(2)).unwrap();
        assert_eq!(used.state(), fresh.state(), "round {round}");
        play(&mut used);
        // a setup that fails keeps the game as it is
        let before = json(used.state());
        assert!(used.create_game(players(3)).is_err());
        assert_eq!(json(used.state()), before, "round {round}");
        // built in the state the failed one was being built in (the 4-player game's)
        used.create_game(players(2)).unwrap();
        assert_eq!(used.state(), fresh.state(), "round {round}");
        assert_eq!(json(used.state()), json(fresh.state()));
    }
}

#[test]
fn create_game_makes_hands_and_emits_game_created() {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig {
            game_id: "g7".into(),
            ..Default::default()
        },
    );
    let outcome = engine.create_game(players(3)).unwrap();
    assert_eq!(outcome.kinds(), [GAME_CREATED]);
    let created: Vec<_> = outcome.events_of::<GameCreated>().collect();
    assert_eq!(created[0].game_id, "g7");
    let state = engine.state();
    let ids: Vec<_> = ["p1", "p2", "p3"].map(|p| player(&engine, p)).into();
    assert_eq!(created[0].player_ids, ids);
    assert_eq!(state.status(), GameStatus::Waiting);
    for (i, p) in ids.into_iter().enumerate() {
        let hand = state.hand_zone(p).unwrap();
        assert_eq!(
            hand.index(),
            i,
            "the hands are the first zones, in player order"
        );
        let zone = state.zone(hand).unwrap();
        assert_eq!(zone.id, hand_zone_name(&state.id_text(p)));
        assert_eq!(zone.zone_type, "hand");
        assert_eq!(zone.owner, Some(p));
        assert_eq!(zone.visibility, Visibility::Owner);
    }
    assert_eq!(deck(&engine).len(), 10);
}

#[test]
fn start_and_dispatch_need_a_game_and_start_runs_once() {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    assert_eq!(engine.start().unwrap_err(), EngineError::NoGame);
    assert_eq!(
        engine.dispatch(Script::named("a")).unwrap_err(),
        EngineError::NoGame
    );
    engine.create_game(players(2)).unwrap();
    let outcome = engine.start().unwrap();
    assert_eq!(outcome.kinds(), [GAME_STARTED]);
    assert!(matches!(
        engine.start().unwrap_err(),
        EngineError::WrongStatus { .. }
    ));
}

#[test]
fn unknown_actions_are_errors() {
    let mut engine = toy_engine(1);
    let (p1, c1) = (player(&engine, "p1"), engine.state().card_id("c1").unwrap());
    let err = engine.dispatch(PlayCard::new(p1, [c1])).unwrap_err();
    assert_eq!(
        err,
        EngineError::UnknownAction {
            kind: "PLAY_CARD".into()
        }
    );
    let err = engine
        .action_from_json(&serde_json::json!({"type": "NOPE", "payload": {}}))
        .unwrap_err();
    assert_eq!(
        err,
        EngineError::UnknownAction {
            kind: "NOPE".into()
        }
    );
    let err = engine
        .action_from_json(&serde_json::json!({"type": "SCRIPT", "payload": {"name": 5}}))
        .unwrap_err();
    assert!(matches!(err, EngineError::InvalidAction { .. }));
    let ok = engine
        .action_from_json(&serde_json::json!({"type": "SCRIPT", "payload": {"name": "j"}}))
        .unwrap();
    assert_eq!(names(&engine.dispatch_any(ok).unwrap()), ["j"]);
}

#[test]
fn every_setup_is_idempotent() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(EchoPlugin("e"))
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    let once = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), once);
    engine.start().unwrap();
    engine
        .dispatch(Script::named("a").drawing().shuffling())
        .unwrap();
    let later = json(engine.state());
    engine.rerun_setup().unwrap();
    assert_eq!(json(engine.state()), later);
}

#[test]
fn state_serde_round_trip_is_exact_and_keeps_the_rng() {
    let mut engine = toy_engine(11);
    engine
        .dispatch(Script::named("a").drawing().shuffling())
        .unwrap();
    let state = engine.state().clone();
    let text = json(&state);
    let mut back: GameState = GameState::from_json(&text).unwrap();
    assert_eq!(back, state);
    assert_eq!(json(&back), text);
    let (mut original, mut read) = (state.rng().clone(), back.rng().clone());
    let next: Vec<u32> = (0..5).map(|_| original.next_u32()).collect();
    let again: Vec<u32> = (0..5).map(|_| read.next_u32()).collect();
    assert_eq!(next, again);
    back = GameState::from_json(&json(&back)).unwrap();
    assert_eq!(back, state);
}

#[test]
fn golden_shuffles_for_seed_42() {
    let mut rng = GameRng::seed_from(42);
    let first: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
    let deck: Vec<u32> = (0..10).collect();
    let shuffled = rng.shuffle(&deck);
    let again = rng.shuffle(&deck);
    let below: Vec<u32> = (0..8).map(|_| rng.below(6)).collect();
    assert_golden(
        &format!("{first:?} {shuffled:?} {again:?} {below:?}"),
        GOLDEN_SEED_42,
    );
}

/// Pinned output of `golden_shuffles_for_seed_42`. If this changes, every saved game
/// replays differently: that is a breaking change.
const GOLDEN_SEED_42: &str = "[3400036912, 3349765444, 515166382, 4224707908] [7, 9, 4, 0, 1, 8, 2, 6, 5, 3] [2, 7, 1, 5, 9, 8, 3, 6, 0, 4] [2, 3, 0, 1, 3, 1, 0, 1]";

fn assert_golden(actual: &str, expected: &str) {
    assert_eq!(actual, expected, "golden value changed");
}

#[test]
fn golden_toy_deck_order_for_seed_42() {
    let mut engine = toy_engine(42);
    engine.dispatch(Script::named("s").shuffling()).unwrap();
    assert_eq!(deck(&engine).join(","), GOLDEN_DECK_42);
}

const GOLDEN_DECK_42: &str = "c5,c1,c8,c4,c3,c2,c6,c0,c9,c7";

#[test]
fn log_to_json_and_replay_reaches_the_same_state() {
    let mut engine = toy_engine(8);
    engine.dispatch(Script::named("a").drawing()).unwrap();
    engine
        .dispatch(
            Script::named("b")
                .shuffling()
                .then(vec![Script::named("c").drawing()]),
        )
        .unwrap();
    let _ = engine.dispatch(Script::named("forbidden")); // rejected: not logged
    let text = serde_json::to_string(&engine.log()).unwrap();
    let log = GameLog::from_json(&text).unwrap();
    assert_eq!(log.actions.len(), 2);
    assert_eq!(log.start_index, Some(0));
    let replayed = replay_with(&log, ToyPlugin).unwrap();
    assert_eq!(json(replayed.state()), json(engine.state()));
}

#[test]
fn a_log_edited_to_an_illegal_action_is_an_error() {
    let mut engine = toy_engine(8);
    engine.dispatch(Script::named("a")).unwrap();
    engine.dispatch(Script::named("b")).unwrap();
    let mut log = engine.log();
    log.actions[1].payload["name"] = "forbidden-b".into();
    let err = replay_with(&log, ToyPlugin).unwrap_err();
    match err {
        EngineError::ReplayDiverged { index, source } => {
            assert_eq!(index, 1);
            assert_eq!(source.rule(), Some("notForbidden"));
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn a_log_edited_to_another_legal_action_fails_the_digest() {
    let mut engine = toy_engine(8);
    engine.dispatch(Script::named("a")).unwrap();
    let mut log = engine.log();
    log.actions[0].payload["draw"] = true.into();
    let err = replay_with(&log, ToyPlugin).unwrap_err();
    assert!(matches!(err, EngineError::Replay { .. }), "{err:?}");
}

#[test]
fn a_log_with_other_plugins_or_bad_json_is_an_error() {
    let mut engine = toy_engine(8);
    engine.dispatch(Script::named("a")).unwrap();
    let log = engine.log();
    let err = replay_with(&log, Forever).unwrap_err();
    assert!(err.to_string().contains("plugin list differs"), "{err}");
    let mut other_version = log.clone();
    other_version.plugins[0].version = "2.0.0".into();
    assert!(replay_with(&other_version, ToyPlugin).is_err());
    assert!(matches!(
        GameLog::from_json("{not json").unwrap_err(),
        EngineError::Json { .. }
    ));
    let text = serde_json::to_string(&log).unwrap();
    assert!(GameLog::from_json(&text[..text.len() / 2]).is_err());
    let mut unknown = log.clone();
    unknown.actions[0].kind = "MYSTERY".into();
    let err = replay_with(&unknown, ToyPlugin).unwrap_err();
    assert!(
        matches!(err, EngineError::ReplayDiverged { index: 0, .. }),
        "{err:?}"
    );
    let mut bad_format = log;
    bad_format.format = "other".into();
    assert!(replay_with(&bad_format, ToyPlugin).is_err());
}

#[test]
fn view_for_hides_other_hands_the_deck_and_the_rng() {
    let mut engine = toy_engine(4);
    engine.dispatch(Script::named("a").drawing()).unwrap();
    let view = engine.state().view_for(player(&engine, "p1"));
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("rng"));
    let hidden = view.zone(DECK).unwrap();
    assert_eq!(hidden.count, 9);
    assert!(hidden.cards.is_none());
    let table = view.zone(TABLE).unwrap();
    assert_eq!(table.cards.as_ref().unwrap().len(), 1);
    for card in deck(&engine) {
        assert!(!view.cards.iter().any(|c| c.id == card));
        assert!(!text.contains(&format!("\"{card}\"")));
    }
}

/// The toy state's JSON, edited by `edit`, read back.
fn edited(
    state: &GameState,
    edit: impl FnOnce(&mut serde_json::Value),
) -> Result<GameState, EngineError> {
    let mut json = serde_json::to_value(state).unwrap();
    edit(&mut json);
    GameState::from_json(&json.to_string())
}

#[test]
fn validate_rejects_incoherent_states() {
    let engine = toy_engine(4);
    let good = engine.state();
    assert!(good.validate().is_ok());
    // (through `serde_json::Value` the objects come back sorted by key: a valid state,
    // whose handles follow that order)
    assert!(edited(good, |_| {}).is_ok());
    let invalid = |result: Result<GameState, EngineError>| {
        assert!(
            matches!(
                result,
                Err(EngineError::InvalidState { .. }) | Err(EngineError::Json { .. })
            ),
            "{result:?}"
        );
    };
    // a card in two zones
    invalid(edited(good, |j| {
        let card = entry(j, "zones", "deck")["cards"][0].clone();
        entry(j, "zones", "table")["cards"]
            .as_array_mut()
            .unwrap()
            .push(card);
    }));
    // a card in no zone
    invalid(edited(good, |j| {
        entry(j, "zones", "deck")["cards"]
            .as_array_mut()
            .unwrap()
            .pop();
    }));
    // a card that does not exist
    invalid(edited(good, |j| {
        entry(j, "zones", "table")["cards"]
            .as_array_mut()
            .unwrap()
            .push("nope".into());
    }));
    // a current player who is not a player, a winner listed twice
    invalid(edited(good, |j| j["currentPlayerId"] = "nobody".into()));
    invalid(edited(good, |j| {
        j["winners"] = serde_json::json!(["p1", "p1"])
    }));
    // a hand owned by someone else, or seen by everyone
    invalid(edited(good, |j| {
        entry(j, "zones", "hand:p1")["owner"] = "p2".into()
    }));
    invalid(edited(good, |j| {
        entry(j, "zones", "hand:p1")["visibility"] = "public".into()
    }));
    // a key that holds another id
    invalid(edited(good, |j| {
        entry(j, "players", "p1")["id"] = "p9".into()
    }));
}

/// The entry `id` of a table (`players`, `zones`, `cards`) of a state's JSON, where
/// the tables are lists; `Null` if it has none.
fn entry<'j>(json: &'j mut serde_json::Value, table: &str, id: &str) -> &'j mut serde_json::Value {
    let at = json[table]
        .as_array()
        .and_then(|entries| entries.iter().position(|e| e["id"] == id));
    match at {
        Some(at) => &mut json[table][at],
        None => &mut json["missing"],
    }
}

#[test]
fn a_key_given_twice_in_state_json_is_refused() {
    let engine = toy_engine(4);
    let mut value: serde_json::Value = serde_json::from_str(&json(engine.state())).unwrap();
    // a player listed twice
    let mut listed = value.clone();
    let first = listed["players"][0].clone();
    listed["players"].as_array_mut().unwrap().push(first);
    let err = GameState::from_json(&listed.to_string()).unwrap_err();
    assert!(err.to_string().contains("p1"), "{err}");
    // the form of 0.2, an object keyed by id, with a key given twice
    let players: Vec<String> = value["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("\"{}\":{p}", p["id"].as_str().unwrap()))
        .collect();
    value["players"] = serde_json::json!("PLAYERS");
    let text = value.to_string().replace(
        "\"PLAYERS\"",
        &format!("{{{},{}}}", players.join(","), players[0]),
    );
    let err = GameState::from_json(&text).unwrap_err();
    assert!(err.to_string().contains("appears twice"), "{err}");
    // and without the repeat, that form reads
    let text = text.replace(&format!(",{}}}", players[0]), "}");
    assert_eq!(&GameState::from_json(&text).unwrap(), engine.state());
}

/// An event whose handler emits it again, forever.
struct Echoing;
impl GamePlugin for Echoing {
    fn id(&self) -> &'static str {
        "echoing"
    }
    fn name(&self) -> &'static str {
        "Echoing"
    }
    fn version(&self) -> &'static str {
        "0.0.1"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Ping>(|_, ctx| {
            ctx.emit(Echo { text: "hi".into() });
            Ok(())
        })]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<Echo>(|echo, ctx| {
            ctx.emit(echo.clone());
            Ok(())
        })]
    }
}

#[test]
fn a_runaway_event_loop_hits_the_event_limit_and_changes_nothing() {
    for collect_events in [false, true] {
        let mut engine = GameEngine::new(
            &Game::builder().plugin(Echoing).build().unwrap(),
            EngineConfig {
                max_events_per_tick: 40,
                collect_events,
                ..Default::default()
            },
        );
        engine.create_game(players(1)).unwrap();
        engine.start().unwrap();
        let before = json(engine.state());
        let err = engine.dispatch(Ping).map(|_| ()).unwrap_err();
        assert_eq!(
            err,
            EngineError::TickLimitExceeded {
                action: "PING".into(),
                limit: 40,
                counted: "events"
            }
        );
        assert_eq!(json(engine.state()), before);
        assert_eq!(engine.log_len(), 0);
    }
}

#[test]
fn an_engine_that_collects_no_events_runs_the_same_ticks_and_tells_subscribers() {
    let mut dispatched = toy_engine(3);
    let mut applied = toy_engine(3);
    quiet(&mut applied);
    let heard = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&heard);
    applied.subscribe(move |ran: &Ran| sink.lock().unwrap().push(ran.name.clone()));
    let script = || {
        Script::named("a")
            .drawing()
            .then(vec![Script::named("b").shuffling()])
    };
    let outcome = dispatched.dispatch(script()).unwrap();
    assert!(applied.dispatch(script()).unwrap().events.is_empty());
    assert_eq!(json(applied.state()), json(dispatched.state()));
    assert_eq!(applied.log_len(), 1);
    assert_eq!(*heard.lock().unwrap(), names(&outcome));
    // a refused action is refused the same way and changes nothing
    let before = json(applied.state());
    let refused = Script::named("x").failing();
    assert_eq!(
        applied.dispatch(refused.clone()).map(|_| ()).unwrap_err(),
        dispatched.dispatch(refused).map(|_| ()).unwrap_err()
    );
    assert_eq!(json(applied.state()), before);
    assert_eq!(*heard.lock().unwrap(), ["a", "b"]);
}

#[test]
fn a_parsed_log_replays_like_the_log_and_can_run_again() {
    let mut engine = toy_engine(5);
    engine.dispatch(Script::named("a").drawing()).unwrap();
    engine.dispatch(Script::named("b").shuffling()).unwrap();
    let log = engine.log();
    let mut replayer = toy_engine(0);
    let game = Arc::clone(replayer.game());
    let parsed = game.parse_log(&log).unwrap();
    assert_eq!(parsed.actions().len(), 2);
    // the header is the log, every field but the actions
    let header = GameLog {
        actions: Vec::new(),
        ..log.clone()
    };
    assert_eq!(parsed.header(), &header);
    for _ in 0..2 {
        replayer.replay(&parsed, Verify::Required).unwrap();
        assert_eq!(json(replayer.state()), json(engine.state()));
        assert_eq!(
            serde_json::to_string(&replayer.log()).unwrap(),
            serde_json::to_string(&log).unwrap()
        );
    }
    // a malformed action is reported at its index, before anything runs
    let mut broken = log.clone();
    broken.actions[1].payload = serde_json::json!({ "draw": "yes" });
    assert!(matches!(
        game.parse_log(&broken),
        Err(EngineError::ReplayDiverged { index: 1, .. })
    ));
    // another engine's plugins cannot run it
    let mut other = GameEngine::default();
    assert!(matches!(
        other.replay(&parsed, Verify::Required),
        Err(EngineError::Replay { .. })
    ));
    // a tampered digest is caught as with the log itself
    let mut tampered = log.clone();
    tampered.final_digest = Some("0000000000000000".into());
    let tampered = game.parse_log(&tampered).unwrap();
    assert!(matches!(
        replayer.replay(&tampered, Verify::Required),
        Err(EngineError::Replay { .. })
    ));
}

#[test]
fn players_are_bounded_and_checked_with_the_same_errors() {
    let many = |n: u32| -> Vec<Player> {
        (0..n)
            .map(|i| Player::new(format!("p{i}"), "P", i))
            .collect()
    };
    let mut engine = GameEngine::default();
    engine.create_game(many(MAX_PLAYERS as u32)).unwrap();
    assert_eq!(engine.state().player_count(), MAX_PLAYERS);
    assert_eq!(
        engine
            .create_game(many(MAX_PLAYERS as u32 + 1))
            .unwrap_err(),
        EngineError::TooManyPlayers {
            count: MAX_PLAYERS + 1,
            limit: MAX_PLAYERS
        }
    );
    let mut twice = many(1000);
    twice[900].id = "p7".into();
    assert_eq!(
        engine.create_game(twice).unwrap_err(),
        EngineError::DuplicatePlayer {
            player: "p7".into()
        }
    );
    let mut seats = many(1000);
    seats[999].seat = 3;
    assert_eq!(
        engine.create_game(seats).unwrap_err(),
        EngineError::DuplicateSeat { seat: 3 }
    );
    // and a log says the same before anything replays
    let mut log = engine.log();
    log.players = many(MAX_PLAYERS as u32);
    log.validate().unwrap();
    log.players[12].seat = 0;
    assert!(matches!(log.validate(), Err(EngineError::Replay { .. })));
    log.players = many(20_000);
    let err = log.validate().unwrap_err();
    assert!(err.to_string().contains("at most 1024"), "{err}");
}

#[test]
fn a_log_with_a_malformed_action_is_refused_before_anything_changes() {
    let mut source = toy_engine(8);
    source.dispatch(Script::named("a").drawing()).unwrap();
    source.dispatch(Script::named("b")).unwrap();
    let mut broken = source.log();
    broken.actions[1].payload = serde_json::json!({ "draw": 3 });
    let mut engine = toy_engine(2);
    engine.dispatch(Script::named("mine").shuffling()).unwrap();
    let (state, log) = (json(engine.state()), engine.log());
    assert!(matches!(
        engine.replay(&broken, Verify::Required),
        Err(EngineError::ReplayDiverged { index: 1, .. })
    ));
    assert_eq!(json(engine.state()), state);
    assert_eq!(engine.log(), log);
}

#[test]
fn a_replay_tells_subscribers_what_the_game_told_them() {
    let listen = |engine: &mut GameEngine| {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&heard);
        engine.subscribe_all(move |event| sink.lock().unwrap().push(event.to_json()));
        heard
    };
    let mut engine = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig {
            seed: 4,
            ..Default::default()
        },
    );
    let original = listen(&mut engine);
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    engine.dispatch(Script::named("a").drawing()).unwrap();
    engine.dispatch(Script::named("b").shuffling()).unwrap();
    let mut replayer = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    let replayed = listen(&mut replayer);
    replayer.replay(&engine.log(), Verify::Required).unwrap();
    assert!(original.lock().unwrap().len() >= 4);
    assert_eq!(*replayed.lock().unwrap(), *original.lock().unwrap());
}

#[test]
fn starting_without_collecting_is_starting_without_the_outcome() {
    let build = || {
        let mut engine = GameEngine::new(
            &Game::builder().plugin(ToyPlugin).build().unwrap(),
            EngineConfig {
                seed: 6,
                ..Default::default()
            },
        );
        engine.create_game(players(3)).unwrap();
        engine
    };
    let (mut loud, mut quiet) = (build(), build());
    let heard = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&heard);
    quiet.subscribe(move |started: &GameStarted| sink.lock().unwrap().push(started.clone()));
    let outcome = loud.start().unwrap();
    crate::toy::quiet(&mut quiet);
    assert!(quiet.start().unwrap().events.is_empty());
    assert_eq!(json(quiet.state()), json(loud.state()));
    assert_eq!(quiet.log(), loud.log());
    assert_eq!(
        heard.lock().unwrap().clone(),
        outcome
            .events_of::<GameStarted>()
            .cloned()
            .collect::<Vec<_>>()
    );
    // and, like `start`, only once
    assert!(matches!(
        quiet.start(),
        Err(EngineError::WrongStatus { .. })
    ));
}

/// `DRAW_FROM`: `draw_top` between two zones given as handles.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct DrawFrom {
    from: ZoneId,
    to: ZoneId,
}

impl Action for DrawFrom {
    const KIND: &'static str = "DRAW_FROM";
}

struct DrawFromPlugin;

impl GamePlugin for DrawFromPlugin {
    fn id(&self) -> &'static str {
        "drawFrom"
    }
    fn name(&self) -> &'static str {
        "Draw from"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<DrawFrom>(|action, ctx| {
            ctx.draw_top(action.from, action.to).map(|_| ())
        })]
    }
}

#[test]
fn draw_top_moves_between_zones_and_refuses_zones_of_other_games() {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(DrawFromPlugin)
            .build()
            .unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    let state = engine.state();
    let (deck, _) = zones(state);
    let hand = state.hand_zone(player(&engine, "p2")).unwrap();
    let top = state.top(deck).unwrap();
    engine
        .dispatch(DrawFrom {
            from: deck,
            to: hand,
        })
        .unwrap();
    assert_eq!(engine.state().zone_cards(hand), [top]);

    // a zone handle from a game with more zones names nothing here
    let mut bigger = GameEngine::new(
        &Game::builder().plugin(ToyPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    bigger.create_game(players(5)).unwrap();
    let (far, _) = zones(bigger.state());
    let before = json(engine.state());
    for (from, to) in [(far, hand), (deck, far), (deck, deck)] {
        let err = engine.dispatch(DrawFrom { from, to }).unwrap_err();
        assert!(matches!(err, EngineError::ZoneNotFound { .. }), "{err:?}");
        assert_eq!(json(engine.state()), before);
    }
}

/// `PASS_TURN`: makes `to` the current player, then fails if asked to.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PassTurn {
    to: PlayerId,
    fail: bool,
}

impl Action for PassTurn {
    const KIND: &'static str = "PASS_TURN";
}

struct PassTurnPlugin;

impl GamePlugin for PassTurnPlugin {
    fn id(&self) -> &'static str {
        "passTurn"
    }
    fn name(&self) -> &'static str {
        "Pass turn"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<PassTurn>(|action, ctx| {
            ctx.set_current_player(Some(action.to))?;
            ctx.set_turn(ctx.state().turn() + 1);
            if action.fail {
                return Err(EngineError::action_failed("PASS_TURN", "asked to fail"));
            }
            Ok(())
        })]
    }
}

#[test]
fn a_failed_tick_gives_the_turn_back() {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(PassTurnPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(players(3)).unwrap();
    engine.start().unwrap();
    let (p2, p3) = (player(&engine, "p2"), player(&engine, "p3"));
    let pass = |to, fail| PassTurn { to, fail };
    engine.dispatch(pass(p2, false)).unwrap();
    assert_eq!(engine.state().current_player(), Some(p2));
    let before = json(engine.state());
    assert!(engine.dispatch(pass(p3, true)).is_err());
    assert_eq!(json(engine.state()), before);
    assert_eq!(engine.state().current_player(), Some(p2));
    // a player of another game is refused and changes nothing either
    assert!(matches!(
        engine.dispatch(pass(stranger(), false)),
        Err(EngineError::PlayerNotFound { .. })
    ));
    assert_eq!(json(engine.state()), before);
    engine.dispatch(pass(p3, false)).unwrap();
    assert_eq!(engine.state().current_player(), Some(p3));
}

/// A game built with a game string records it in its logs; a replay on a game of
/// another string is refused before anything is played, and a log whose string is
/// not one is refused when read.
#[test]
fn a_log_records_its_game_string_and_replays_only_on_that_game() {
    let named = |text: &str| {
        let string: GameString = text.parse().unwrap();
        Game::builder()
            .plugin(ToyPlugin)
            .string(&string)
            .build()
            .unwrap()
    };
    let game = named("toy(cards = 9)");
    assert_eq!(game.string(), Some("toy(cards=9)"));
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(players(2)).unwrap();
    engine.start().unwrap();
    engine.dispatch(Script::named("a")).unwrap();
    let log = engine.log();
    assert_eq!(log.game.as_deref(), Some("toy(cards=9)"));
    assert_eq!(
        log.view_for(&game, "p1").unwrap().game.as_deref(),
        Some("toy(cards=9)")
    );
    let json = serde_json::to_string(&log).unwrap();
    assert!(json.contains(r#""game":"toy(cards=9)""#), "{json}");
    let mut again = GameEngine::new(&game, EngineConfig::default());
    again
        .replay(&GameLog::from_json(&json).unwrap(), Verify::Required)
        .unwrap();
    assert_eq!(again.state(), engine.state());
    // another string: refused, naming both
    let mut other = GameEngine::new(&named("toy(cards=8)"), EngineConfig::default());
    let err = other.replay(&log, Verify::Required).unwrap_err();
    assert!(
        err.to_string()
            .contains("the log is of the game `toy(cards=9)`, the engine plays `toy(cards=8)`"),
        "{err}"
    );
    // an unnamed game (or a log without a string) replays as before
    assert!(replay_with(&log, ToyPlugin).is_ok());
    let mut bare = log.clone();
    bare.game = None;
    let mut on_named = GameEngine::new(&game, EngineConfig::default());
    assert!(on_named.replay(&bare, Verify::Required).is_ok());
    // a log whose string is not one
    let mut bad = log;
    bad.game = Some("toy(cards".into());
    let err = replay_with(&bad, ToyPlugin).unwrap_err();
    assert!(err.to_string().contains("game string"), "{err}");
}

//! TurnPlugin scenarios.

mod common;

use std::sync::Arc;

use common::*;
use decklet_core::*;
use decklet_plugins::*;
use proptest::prelude::*;

fn turn_engine(players: Vec<Player>) -> GameEngine {
    let mut engine = GameEngine::new(EngineConfig::default());
    engine.use_plugin(TurnPlugin);
    engine.create_game(players).unwrap();
    engine
}

#[test]
fn plugin_identity() {
    assert_eq!((TurnPlugin.id(), TurnPlugin.version()), ("turn", "1.0.0"));
    assert_eq!(
        create_end_turn_action("p1"),
        EndTurn {
            player_id: "p1".into()
        }
    );
    assert_eq!(
        serde_json::to_value(create_end_turn_action("p1")).unwrap(),
        serde_json::json!({"playerId": "p1"})
    );
}

#[test]
fn the_lowest_seat_starts_with_direction_one() {
    let mut engine = turn_engine(vec![
        Player::new("c", "C", 7),
        Player::new("a", "A", 2),
        Player::new("b", "B", 5),
    ]);
    let outcome = engine.start().unwrap();
    assert_eq!(outcome.kinds(), [GAME_STARTED, TURN_STARTED]);
    let started: Vec<_> = outcome.events_of::<TurnStarted>().collect();
    assert_eq!(
        started[0],
        &TurnStarted {
            player_id: "a".into(),
            turn: 0
        }
    );
    assert_eq!(engine.state().current_player_id, Some("a".into()));
    assert_eq!(engine.state().variable(TURN_VARIABLE_DIRECTION), Some(1));
}

#[test]
fn end_turn_passes_in_seat_order_and_wraps() {
    let mut engine = turn_engine(vec![
        Player::new("c", "C", 7),
        Player::new("a", "A", 2),
        Player::new("b", "B", 5),
    ]);
    engine.start().unwrap();
    let mut order = vec![];
    for _ in 0..4 {
        let current = engine.state().current_player_id.clone().unwrap();
        let outcome = engine
            .dispatch(create_end_turn_action(current.clone()))
            .unwrap();
        assert_eq!(outcome.kinds(), [TURN_ENDED, TURN_STARTED]);
        let ended: Vec<_> = outcome.events_of::<TurnEnded>().collect();
        assert_eq!(ended[0].player_id, current);
        order.push(
            engine
                .state()
                .current_player_id
                .clone()
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(order, ["b", "c", "a", "b"]);
    assert_eq!(engine.state().turn, 4);
}

#[test]
fn only_the_current_player_ends_the_turn() {
    let mut engine = turn_engine(players(3));
    let err = engine.dispatch(create_end_turn_action("p1")).unwrap_err();
    assert_eq!(err.rule(), Some("currentPlayerEndsTurn"));
    engine.start().unwrap();
    let before = json(engine.state());
    let err = engine.dispatch(create_end_turn_action("p2")).unwrap_err();
    assert_eq!(err.rule(), Some("currentPlayerEndsTurn"));
    assert!(err.to_string().contains("it is p1's turn"), "{err}");
    assert_eq!(json(engine.state()), before);
}

/// Sets the direction to -1 at start, after TurnPlugin.
struct Backwards;
impl GamePlugin for Backwards {
    fn id(&self) -> &'static str {
        "backwards"
    }
    fn name(&self) -> &'static str {
        "Backwards"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        ctx.set_variable(TURN_VARIABLE_DIRECTION, -1);
        Ok(())
    }
}

#[test]
fn direction_minus_one_goes_down_the_seats_and_is_kept_at_start() {
    let mut engine = engine_with(vec![Arc::new(TurnPlugin), Arc::new(Backwards)], 4, 1);
    engine.start().unwrap();
    assert_eq!(engine.state().variable(TURN_VARIABLE_DIRECTION), Some(-1));
    engine.dispatch(create_end_turn_action("p1")).unwrap();
    assert_eq!(engine.state().current_player_id, Some("p4".into()));
    engine.dispatch(create_end_turn_action("p4")).unwrap();
    assert_eq!(engine.state().current_player_id, Some("p3".into()));
}

#[test]
fn inactive_players_are_skipped() {
    let mut ps = players(4);
    ps[1].status = PlayerStatus::Inactive;
    ps[2].status = PlayerStatus::Eliminated;
    let mut engine = turn_engine(ps);
    engine.start().unwrap();
    engine.dispatch(create_end_turn_action("p1")).unwrap();
    assert_eq!(engine.state().current_player_id, Some("p4".into()));
    engine.dispatch(create_end_turn_action("p4")).unwrap();
    assert_eq!(engine.state().current_player_id, Some("p1".into()));
}

#[test]
fn a_lone_active_player_plays_again() {
    let mut ps = players(2);
    ps[1].status = PlayerStatus::Inactive;
    let mut engine = turn_engine(ps);
    engine.start().unwrap();
    engine.dispatch(create_end_turn_action("p1")).unwrap();
    assert_eq!(engine.state().current_player_id, Some("p1".into()));
}

#[test]
fn next_player_id_handles_unknown_and_all_inactive() {
    let a = Player::new("a", "A", 1);
    let mut b = Player::new("b", "B", 2);
    b.status = PlayerStatus::Inactive;
    assert_eq!(next_player_id(&"zz".into(), &[&a, &b], 1), None);
    let mut a2 = a.clone();
    a2.status = PlayerStatus::Inactive;
    assert_eq!(next_player_id(&"a".into(), &[&a2, &b], 1), None);
}

proptest! {
    #[test]
    fn the_fast_next_player_agrees_with_the_seat_order_one(
        seats in prop::collection::btree_set(0u32..50, 1..10),
        inactive in prop::collection::vec(any::<bool>(), 10),
        current in 0usize..10,
        backwards in any::<bool>(),
    ) {
        let mut state = GameState::default();
        for (i, seat) in seats.iter().enumerate() {
            let mut p = Player::new(format!("p{seat}"), "x", *seat);
            if inactive[i] { p.status = PlayerStatus::Inactive; }
            state.players.insert(p.id.clone(), p);
        }
        let ids: Vec<PlayerId> = state.players.keys().cloned().collect();
        let current = &ids[current % ids.len()];
        let dir = if backwards { -1 } else { 1 };
        let order = players_in_seat_order(&state.players);
        prop_assert_eq!(next_player_in(&state, current, dir), next_player_id(current, &order, dir));
    }
}

//! TurnPlugin scenarios.

use std::sync::Arc;

use crate::common::*;
use decklet_core::*;
use decklet_plugins::*;
use proptest::prelude::*;

fn turn_engine(players: Vec<Player>) -> GameEngine {
    let game = Game::builder().plugin(TurnPlugin).build().unwrap();
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(players).unwrap();
    engine
}

/// The current player's text id.
fn current(engine: &GameEngine) -> Option<String> {
    let state = engine.state();
    state
        .current_player()
        .map(|p| state.id_text(p).into_owned())
}

/// Ends the turn of the player named `id`.
fn end_turn(engine: &mut GameEngine, id: &str) -> Result<Outcome, EngineError> {
    let player = player(engine, id);
    engine.dispatch(create_end_turn_action(player))
}

#[test]
fn plugin_identity() {
    assert_eq!((TurnPlugin.id(), TurnPlugin.version()), ("turn", "1.0.0"));
    let engine = turn_engine(players(2));
    let p1 = player(&engine, "p1");
    assert_eq!(create_end_turn_action(p1), EndTurn { player_id: p1 });
    assert_eq!(
        engine.state().json_of(&create_end_turn_action(p1)).unwrap(),
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
    assert_eq!(
        outcome.events[1].to_json().unwrap()["payload"],
        serde_json::json!({"playerId": "a", "turn": 0})
    );
    assert_eq!(current(&engine).as_deref(), Some("a"));
    assert_eq!(engine.state().variable(&TURN_VARIABLE_DIRECTION), Some(1));
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
        let before = current(&engine).unwrap();
        let outcome = end_turn(&mut engine, &before).unwrap();
        assert_eq!(outcome.kinds(), [TURN_ENDED, TURN_STARTED]);
        assert_eq!(
            outcome.events[0].to_json().unwrap()["payload"]["playerId"],
            before.as_str()
        );
        order.push(current(&engine).unwrap());
    }
    assert_eq!(order, ["b", "c", "a", "b"]);
    assert_eq!(engine.state().turn(), 4);
}

#[test]
fn only_the_current_player_ends_the_turn() {
    let mut engine = turn_engine(players(3));
    let err = end_turn(&mut engine, "p1").unwrap_err();
    assert_eq!(err.rule(), Some("currentPlayerEndsTurn"));
    engine.start().unwrap();
    let before = json(engine.state());
    let err = end_turn(&mut engine, "p2").unwrap_err();
    assert_eq!(err.rule(), Some("currentPlayerEndsTurn"));
    assert!(
        err.to_string()
            .contains("it is p1's turn, so p2 cannot end it"),
        "{err}"
    );
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
        ctx.set_variable(&TURN_VARIABLE_DIRECTION, -1);
        Ok(())
    }
}

#[test]
fn direction_minus_one_goes_down_the_seats_and_is_kept_at_start() {
    let mut engine = engine_with(vec![Arc::new(TurnPlugin), Arc::new(Backwards)], 4, 1);
    engine.start().unwrap();
    assert_eq!(engine.state().variable(&TURN_VARIABLE_DIRECTION), Some(-1));
    end_turn(&mut engine, "p1").unwrap();
    assert_eq!(current(&engine).as_deref(), Some("p4"));
    end_turn(&mut engine, "p4").unwrap();
    assert_eq!(current(&engine).as_deref(), Some("p3"));
}

#[test]
fn inactive_players_are_skipped() {
    let mut ps = players(4);
    ps[1].status = PlayerStatus::Inactive;
    ps[2].status = PlayerStatus::Eliminated;
    let mut engine = turn_engine(ps);
    engine.start().unwrap();
    end_turn(&mut engine, "p1").unwrap();
    assert_eq!(current(&engine).as_deref(), Some("p4"));
    end_turn(&mut engine, "p4").unwrap();
    assert_eq!(current(&engine).as_deref(), Some("p1"));
}

#[test]
fn a_lone_active_player_plays_again_and_nobody_active_has_no_next() {
    let mut ps = players(2);
    ps[1].status = PlayerStatus::Inactive;
    let mut engine = turn_engine(ps);
    engine.start().unwrap();
    end_turn(&mut engine, "p1").unwrap();
    assert_eq!(current(&engine).as_deref(), Some("p1"));
    let mut all_out = players(2);
    for p in &mut all_out {
        p.status = PlayerStatus::Inactive;
    }
    let engine = turn_engine(all_out);
    let p1 = player(&engine, "p1");
    assert_eq!(next_player_in(engine.state(), p1, 1), None);
}

#[test]
fn the_next_player_costs_the_same_however_far_apart_the_seats_are() {
    // seats spaced by 1000: the lookup goes by seat order, not by seat number
    let spaced: Vec<Player> = (0..1000u32)
        .map(|i| Player::new(format!("p{i}"), "P", i * 1000))
        .collect();
    let engine = turn_engine(spaced);
    let state = engine.state();
    let first = player(&engine, "p0");
    let mut at = first;
    for _ in 0..1000 {
        at = next_player_in(state, at, 1).unwrap();
    }
    assert_eq!(at, first, "a full circle");
}

proptest! {
    #[test]
    fn next_player_follows_the_seats_skipping_the_inactive(
        seats in prop::collection::btree_set(0u32..50, 1..10),
        inactive in prop::collection::vec(any::<bool>(), 10),
        current in 0usize..10,
        backwards in any::<bool>(),
        shuffle in any::<u64>(),
    ) {
        // players given in a shuffled order: seat order is not creation order
        let mut given: Vec<Player> = seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let mut p = Player::new(format!("p{seat}"), "x", *seat);
                if inactive[i] { p.status = PlayerStatus::Inactive; }
                p
            })
            .collect();
        GameRng::seed_from(shuffle).shuffle_in_place(&mut given);
        let engine = turn_engine(given.clone());
        let state = engine.state();
        let me = &given[current % given.len()];
        let dir = if backwards { -1 } else { 1 };
        // the model: sorted by seat, walk from me, first active (me last)
        let mut order = given.clone();
        order.sort_by_key(|p| p.seat);
        let at = order.iter().position(|p| p.id == me.id).unwrap();
        let n = order.len();
        let expected = (1..=n)
            .map(|k| &order[if dir < 0 { (at + n * k - k) % n } else { (at + k) % n }])
            .find(|p| p.is_active())
            .map(|p| p.id.to_string());
        let next = next_player_in(state, state.player_id(&me.id).unwrap(), dir)
            .map(|p| state.id_text(p).into_owned());
        prop_assert_eq!(next, expected);
    }
}

/// A position whose turn counter is at its largest (an adopted state, say) refuses to
/// end the turn with an error and stays as it was: 0.2 overflowed (a panic with
/// overflow checks, a wrap to 0 without).
#[test]
fn the_turn_counter_does_not_overflow() {
    let mut engine = turn_engine(vec![Player::new("a", "A", 1), Player::new("b", "B", 2)]);
    engine.start().unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&engine.state().to_json().unwrap()).unwrap();
    json["turn"] = serde_json::json!(u64::MAX);
    let state = GameState::from_json(&json.to_string()).unwrap();
    engine.load_state(state).unwrap();
    let before = engine.state().clone();
    let err = end_turn(&mut engine, "a").unwrap_err();
    assert!(
        err.to_string().contains("turn counter is at its largest"),
        "{err}"
    );
    assert_eq!(engine.state(), &before);
}

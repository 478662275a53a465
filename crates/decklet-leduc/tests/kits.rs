//! Leduc poker passes the kits: at every position of many games the listed moves are exactly
//! what the rules accept (for every seat), and what a seat knows never depends on a
//! card it has not seen, at a position (its information state, its moves) or over a
//! whole history.

use decklet_bots::check_moves;
use decklet_core::{
    AnyAction, GameEngine, GameRng, GameState, Moves, PlayerId, check_history_leaks,
    check_seat_leaks,
};
use decklet_leduc::{Call, Fold, Raise, leduc_game as game_of, new_leduc_engine as new_engine};

/// Every move a seat could send.
fn candidates(seat: PlayerId) -> Vec<AnyAction> {
    vec![
        AnyAction::new(Fold { player_id: seat }),
        AnyAction::new(Call { player_id: seat }),
        AnyAction::new(Raise { player_id: seat }),
    ]
}

/// Plays a game from `seed`, the moves picked by `rng`, checking each position.
fn play_checked(seed: u64, rng: &mut GameRng) -> GameEngine {
    let game = game_of().unwrap();
    let mut engine = new_engine(&game, seed).unwrap();
    while let Some(mover) = engine.state().current_player() {
        let mismatches = check_moves(&engine, |_, seat| candidates(seat));
        assert!(mismatches.is_empty(), "seed {seed}: {mismatches:?}");
        // what a seat is handed: its listed moves
        let listed = |state: &GameState, seat: PlayerId| {
            let mut moves = Moves::new();
            game.legal_moves(state, seat, &mut moves);
            (0..moves.len()).filter_map(|i| moves.to_any(i)).collect()
        };
        for seat in engine.state().seat_order().to_vec() {
            let nothing = |_: &GameState, _: PlayerId| Vec::new();
            check_seat_leaks(&engine, seat, 4, rng, listed, nothing).unwrap();
        }
        let mut moves = Moves::new();
        game.legal_moves(engine.state(), mover, &mut moves);
        engine
            .dispatch_move(&moves, rng.index(moves.len()))
            .unwrap();
    }
    engine
}

#[test]
fn the_listed_moves_are_what_the_rules_accept_and_no_seat_learns_a_hidden_card() {
    let game = game_of().unwrap();
    let mut rng = GameRng::seed_from(7);
    let mut compared = 0;
    for seed in 0..40 {
        let engine = play_checked(seed, &mut rng);
        for seat in ["p1", "p2"] {
            let report = check_history_leaks(&game, &engine.log(), seat, 6, &mut rng).unwrap();
            compared += report.compared;
        }
    }
    assert!(compared > 100, "{compared} histories compared");
}

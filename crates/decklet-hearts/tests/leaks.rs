//! What a seat of Hearts knows, by construction: at positions of every phase (cards
//! being passed, the first trick, later tricks), re-dealing what a seat cannot see (the
//! other hands and the cards the others put aside) changes nothing the seat can reach:
//! its information state, its view, its moves and the ducker's choice; and a whole
//! game replayed from other hidden deals shows the seat the same at every step.

use decklet_core::{
    AnyAction, GameRng, GameState, GameStatus, PlayerId, check_history_leaks, check_seat_leaks,
};
use decklet_hearts::{HeartsOptions, ducker_choice, hearts_game, new_hearts_engine};

#[test]
fn no_seat_can_tell_a_redeal_apart_in_any_phase() {
    let game = hearts_game(HeartsOptions::default()).unwrap();
    let mut rng = GameRng::seed_from(5);
    let mut positions = 0;
    for seed in 0..6 {
        let mut engine = new_hearts_engine(&game, seed).unwrap();
        let mut moves = decklet_core::Moves::new();
        let mut step = 0;
        while engine.state().status() == GameStatus::Playing {
            // the passing (steps 1 to 12), the first trick, and every eleventh move
            if step % 11 == 3 || (1..=6).contains(&step) {
                let listed = |state: &GameState, seat: PlayerId| {
                    let mut moves = decklet_core::Moves::new();
                    game.legal_moves(state, seat, &mut moves);
                    moves
                };
                let list = |state: &GameState, seat: PlayerId| -> Vec<AnyAction> {
                    listed(state, seat).to_vec()
                };
                let reach = |state: &GameState, seat: PlayerId| -> Vec<(String, String)> {
                    let info = state.info_state(seat);
                    let moves = listed(state, seat);
                    let choice = ducker_choice(&info, &moves).and_then(|i| moves.to_any(i));
                    vec![("ducker".to_string(), format!("{choice:?}"))]
                };
                for seat in engine.state().players() {
                    check_seat_leaks(&engine, seat, 3, &mut rng, list, reach).unwrap();
                }
                positions += 1;
            }
            let seat = engine.state().current_player().unwrap();
            game.legal_moves(engine.state(), seat, &mut moves);
            let pick = rng.index(moves.len());
            engine.dispatch_move(&moves, pick).unwrap();
            step += 1;
        }
    }
    assert!(positions > 40, "{positions}");
}

#[test]
fn no_seat_can_tell_another_hidden_deal_apart_over_a_whole_game() {
    for options in [
        HeartsOptions::default(),
        HeartsOptions {
            jd_bonus: true,
            avoid_all_tricks_bonus: true,
            ..HeartsOptions::default()
        },
    ] {
        let game = hearts_game(options).unwrap();
        for seed in 0..2 {
            let mut engine = new_hearts_engine(&game, seed).unwrap();
            let mut rng = GameRng::seed_from(seed);
            let mut moves = decklet_core::Moves::new();
            while engine.state().status() == GameStatus::Playing {
                let seat = engine.state().current_player().unwrap();
                game.legal_moves(engine.state(), seat, &mut moves);
                let pick = rng.index(moves.len());
                engine.dispatch_move(&moves, pick).unwrap();
            }
            let log = engine.log();
            for player in &log.players {
                let report = check_history_leaks(&game, &log, &player.id, 2, &mut rng)
                    .unwrap_or_else(|e| panic!("{}: {e}", player.id));
                assert!(report.compared > 0);
            }
        }
    }
}

//! Every game of the catalogue small enough to hold whole (its entry enumerates its
//! deals: Kuhn poker, Leduc poker, Mini-UNO) passes the kits at every position of its
//! whole tree: the listed moves are exactly what the rules accept, for every seat (the
//! candidates: every move listed to the player to move, sent by each seat), and what a
//! seat knows never depends on a card it has not seen, at a position and over whole
//! histories.

use decklet_bots::check_moves;
use decklet_catalog::Catalog;
use decklet_core::{
    AnyAction, GameEngine, GameRng, GameState, Moves, PlayerId, check_history_leaks,
    check_seat_leaks,
};

/// Every move listed to the player to move, as each seat would send it.
fn candidates(engine: &GameEngine, seat: PlayerId) -> Vec<AnyAction> {
    let state = engine.state();
    let Some(mover) = state.current_player() else {
        return Vec::new();
    };
    let mut moves = Moves::new();
    engine.game().legal_moves(state, mover, &mut moves);
    (0..moves.len())
        .filter_map(|i| moves.to_any(i))
        .filter_map(|action| {
            let mut json = state.json_of(&action).ok()?;
            json["payload"]["playerId"] = state.id_text(seat).into_owned().into();
            engine.action_from_json(&json).ok()
        })
        .collect()
}

/// Checks the position `engine` holds, then every position below it; counts the ends
/// in `ends`.
fn walk(engine: GameEngine, rng: &mut GameRng, ends: &mut usize) {
    let mismatches = check_moves(&engine, candidates);
    assert!(mismatches.is_empty(), "{mismatches:?}");
    let game = engine.game().clone();
    let listed = |state: &GameState, seat: PlayerId| {
        let mut moves = Moves::new();
        game.legal_moves(state, seat, &mut moves);
        (0..moves.len()).filter_map(|i| moves.to_any(i)).collect()
    };
    for seat in engine.state().seat_order().to_vec() {
        let nothing = |_: &GameState, _: PlayerId| Vec::new();
        check_seat_leaks(&engine, seat, 2, rng, listed, nothing).unwrap();
    }
    let Some(mover) = engine.state().current_player() else {
        *ends += 1;
        return;
    };
    let mut moves = Moves::new();
    game.legal_moves(engine.state(), mover, &mut moves);
    for index in 0..moves.len() {
        let mut next = engine.fork();
        next.dispatch_move(&moves, index).unwrap();
        walk(next, rng, ends);
    }
}

#[test]
fn every_position_of_every_small_game_passes_the_kits() {
    let catalog = Catalog::standard();
    let mut solvable = Vec::new();
    for name in ["kuhn_poker", "leduc_poker", "mini_uno"] {
        let loaded = catalog.load(name).unwrap();
        let deals = loaded.def().deals(loaded.game(), 2).unwrap().unwrap();
        let mut rng = GameRng::seed_from(5);
        let mut ends = 0;
        // six deals whole, spread over them all
        let step = (deals.len() / 6).max(1);
        for deal in deals.into_iter().step_by(step) {
            walk(deal.engine, &mut rng, &mut ends);
        }
        assert!(ends > 5, "{name}: {ends} ends");
        // whole histories: twenty games dealt as the game deals, played at random
        let mut compared = 0;
        for seed in 0..20 {
            let mut engine = loaded.new_engine(seed, 2).unwrap();
            while let Some(mover) = engine.state().current_player() {
                let mut moves = Moves::new();
                loaded.game().legal_moves(engine.state(), mover, &mut moves);
                engine
                    .dispatch_move(&moves, rng.index(moves.len()))
                    .unwrap();
            }
            for seat in ["p1", "p2"] {
                let log = engine.log();
                let report = check_history_leaks(loaded.game(), &log, seat, 3, &mut rng).unwrap();
                compared += report.compared;
            }
        }
        assert!(compared >= 20, "{name}: {compared} histories compared");
        solvable.push(name);
    }
    assert_eq!(solvable.len(), 3);
}

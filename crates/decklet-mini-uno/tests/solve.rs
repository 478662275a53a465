//! Mini-UNO solved: 180 deals; CFR+ takes it below 1e-3 exploitability; the rules as a
//! player would notice them (match colour or number, draw and then play or keep, two
//! passes end a drawn game). Its kits: `decklet-catalog`'s `tests/small_games.rs`.

use decklet_bots::{Cfr, GameTree, exploitability};
use decklet_core::{GameRng, GameStatus, Moves};
use decklet_mini_uno::{
    MINI_UNO_DISCARD_ZONE_ID, PlayCard, mini_uno_deals, mini_uno_game, mini_uno_returns,
    new_mini_uno_engine,
};

#[test]
fn cfr_plus_solves_it_below_a_thousandth_in_a_hundred_iterations() {
    let game = mini_uno_game().unwrap();
    let tree =
        GameTree::build(mini_uno_deals(&game).unwrap(), mini_uno_returns, 1_000_000).unwrap();
    assert_eq!((tree.len(), tree.infosets().len()), (6_066, 3_492));
    let mut cfr = Cfr::new(&tree);
    cfr.run(100);
    let e = exploitability(&tree, &cfr.average()).unwrap();
    assert!(e <= 1e-3, "{e}");
    let uniform = exploitability(&tree, &tree.uniform()).unwrap();
    assert!(uniform > 0.1, "{uniform}");
}

#[test]
fn a_card_matches_in_colour_or_number_a_drawn_card_may_be_played_at_once_and_two_passes_draw() {
    let game = mini_uno_game().unwrap();
    let mut saw = (false, false);
    for seed in 0..100 {
        let mut engine = new_mini_uno_engine(&game, seed).unwrap();
        let mut rng = GameRng::seed_from(seed);
        while let Some(mover) = engine.state().current_player() {
            let state = engine.state();
            let top = *state
                .zone_cards(state.zone_id(MINI_UNO_DISCARD_ZONE_ID).unwrap())
                .last()
                .unwrap();
            let top = state.card(top).unwrap().clone();
            let mut moves = Moves::new();
            game.legal_moves(state, mover, &mut moves);
            for i in 0..moves.len() {
                if let Some(play) = moves.get_as::<PlayCard>(i) {
                    let card = state.card(play.card_id).unwrap();
                    assert!(
                        card.suit == top.suit || card.value == top.value,
                        "{card:?} on {top:?}"
                    );
                }
            }
            // a card that does not match is refused, the state unchanged
            if let Some(&off) = (state.hand(mover).iter()).find(|c| {
                let card = state.card(**c).unwrap();
                card.suit != top.suit && card.value != top.value
            }) {
                let before = state.clone();
                assert!(
                    engine
                        .dispatch(PlayCard {
                            player_id: mover,
                            card_id: off
                        })
                        .is_err()
                );
                assert!(*engine.state() == before);
            }
            let pick = rng.index(moves.len());
            let kind = moves.kind(pick).unwrap();
            engine.dispatch_move(&moves, pick).unwrap();
            if kind == "MINI_UNO_DRAW" && engine.state().current_player() == Some(mover) {
                // the drawn card matches: it may be played, or kept by passing
                let mut after = Moves::new();
                game.legal_moves(engine.state(), mover, &mut after);
                assert_eq!(after.len(), 2);
                assert_eq!(after.kind(1), Some("MINI_UNO_PASS"));
                saw.0 = true;
            }
        }
        let state = engine.state();
        assert_eq!(state.status(), GameStatus::Finished);
        let returns = mini_uno_returns(state);
        assert_eq!(returns[0] + returns[1], 0.0);
        match state.winners() {
            [winner] => {
                assert!(state.hand(*winner).is_empty());
                saw.1 = true;
            }
            // a drawn game: below, from a position made for it
            [] => {}
            more => panic!("{more:?}"),
        }
    }
    assert!(saw.0 && saw.1, "{saw:?}");
    // both stuck with nothing to draw: two passes end it drawn
    let engine = new_mini_uno_engine(&game, 1).unwrap();
    let state = engine.state();
    let id = |text: &str| state.card_id(text).unwrap();
    let (p1, p2) = (state.seat_order()[0], state.seat_order()[1]);
    let zone = |text: &str| state.zone_id(text).unwrap();
    let stuck = state
        .with_zone_cards(&[
            (state.hand_zone(p1).unwrap(), &[id("mini-blue-2")]),
            (state.hand_zone(p2).unwrap(), &[id("mini-blue-3")]),
            (
                zone(MINI_UNO_DISCARD_ZONE_ID),
                &[
                    id("mini-red-2"),
                    id("mini-red-3"),
                    id("mini-blue-1"),
                    id("mini-red-1"),
                ],
            ),
            (zone(decklet_mini_uno::MINI_UNO_DECK_ZONE_ID), &[]),
        ])
        .unwrap();
    let mut engine = engine.fork();
    engine.load_state(stuck).unwrap();
    for player in [p1, p2] {
        let mut moves = Moves::new();
        game.legal_moves(engine.state(), player, &mut moves);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves.kind(0), Some("MINI_UNO_PASS"));
        engine.dispatch_move(&moves, 0).unwrap();
    }
    let state = engine.state();
    assert_eq!(state.status(), GameStatus::Finished);
    assert!(state.winners().is_empty());
    assert_eq!(mini_uno_returns(state), [0.0, 0.0]);
}

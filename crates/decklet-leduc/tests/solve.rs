//! Leduc poker solved and checked against pyspiel 2.0.2: 120 deals make a tree of 936
//! information sets (OpenSpiel's count); the uniform policy's exploitability and three
//! other policies' are pyspiel's to 1e-9; CFR+ iterates as pyspiel's `CFRPlusSolver`
//! does (the same exploitability after 1, 2, 3 and 100 iterations); and the rules: folding only to a bet, two raises a round, the public card
//! turned after the first round, pairs, ranks and split pots.

use decklet_bots::{Cfr, GameTree, exploitability};
use decklet_core::{GameEngine, GameStatus, Moves};
use decklet_leduc::{
    Call, Fold, LEDUC_PUBLIC_ZONE_ID, LEDUC_VAR_HISTORY, Raise, leduc_deals, leduc_game,
    leduc_returns, new_leduc_engine,
};

fn tree() -> GameTree {
    let game = leduc_game().unwrap();
    GameTree::build(leduc_deals(&game).unwrap(), leduc_returns, 1_000_000).unwrap()
}

/// The private card (0 to 5, OpenSpiel's) and the moves so far (`rc/cr`) of an
/// information set, read from what its seat knows.
fn card_and_history(key: &str) -> (u32, String) {
    let info: serde_json::Value = serde_json::from_str(key).unwrap();
    let seat = info["seat"].as_str().unwrap();
    let zones = info["zones"].as_array().unwrap();
    let hand = zones.iter().find(|z| z["owner"] == seat).unwrap();
    let card = hand["cards"][0].as_str().unwrap();
    let index = card.trim_start_matches("leduc-").parse().unwrap();
    let history = info["variables"]["leduc:history"]
        .as_str()
        .unwrap()
        .to_string();
    (index, history)
}

/// OpenSpiel's action of a move, by its kind.
fn action_id(json: &str) -> u32 {
    match () {
        _ if json.contains("LEDUC_FOLD") => 0,
        _ if json.contains("LEDUC_CALL") => 1,
        _ => 2,
    }
}

#[test]
fn the_tree_has_openspiel_s_936_information_sets_and_the_uniform_policy_its_exploitability() {
    let tree = tree();
    assert_eq!(tree.infosets().len(), 936);
    // pyspiel 2.0.2: exploitability(load_game("leduc_poker"), UniformRandomPolicy(game))
    let got = exploitability(&tree, &tree.uniform()).unwrap();
    assert!((got - 2.373_611_111_111_111).abs() < 1e-9, "{got}");
}

#[test]
fn the_exploitability_of_any_policy_is_openspiel_s() {
    let tree = tree();
    // each legal move weighed from the private card, the moves so far and OpenSpiel's
    // action, normalised: the same formula in the script that asked pyspiel
    let openspiel = [
        2.425_156_374_095_435,
        2.324_236_925_850_32,
        2.366_744_414_855_272_5,
    ];
    for (k, want) in openspiel.iter().enumerate() {
        let policy: Vec<Vec<f64>> = (tree.infosets().iter())
            .map(|i| {
                let (card, history) = card_and_history(&i.key);
                let weights: Vec<f64> = (i.moves.iter())
                    .map(|m| {
                        let a = action_id(m);
                        let w = (card + 1) * (history.len() as u32 + 2) * (a + 1) * (k as u32 + 3);
                        f64::from(w % 7 + 1)
                    })
                    .collect();
                let total: f64 = weights.iter().sum();
                weights.iter().map(|w| w / total).collect()
            })
            .collect();
        let got = exploitability(&tree, &policy).unwrap();
        assert!(
            (got - want).abs() < 1e-9,
            "policy {k}: {got} against {want}"
        );
    }
}

#[test]
fn cfr_plus_iterates_as_openspiel_s() {
    let tree = tree();
    let mut cfr = Cfr::new(&tree);
    // pyspiel 2.0.2's `CFRPlusSolver` on `leduc_poker`, after each of its first three
    // iterations
    for want in [
        2.373_611_111_111_111,
        2.057_916_666_666_667,
        1.793_544_082_380_370_6,
    ] {
        cfr.run(1);
        let got = exploitability(&tree, &cfr.average()).unwrap();
        assert!(
            (got - want).abs() < 1e-9,
            "iteration {}: {got} against {want}",
            cfr.iterations()
        );
    }
    // and after 100 (pyspiel took 7.6 s on this machine; here a few milliseconds)
    cfr.run(97);
    let got = exploitability(&tree, &cfr.average()).unwrap();
    assert!((got - 0.013_415_994_970_897_835).abs() < 1e-9, "{got}");
}

#[test]
fn folding_is_to_a_bet_raises_are_two_a_round_and_the_public_card_turns_after_the_first() {
    let game = leduc_game().unwrap();
    let mut engine: GameEngine = new_leduc_engine(&game, 4).unwrap();
    let kinds = |engine: &GameEngine| -> Vec<&'static str> {
        let state = engine.state();
        let mover = state.current_player().unwrap();
        let mut moves = Moves::new();
        game.legal_moves(state, mover, &mut moves);
        (0..moves.len()).map(|i| moves.kind(i).unwrap()).collect()
    };
    use decklet_core::Action;
    assert_eq!(
        kinds(&engine),
        [Call::KIND, Raise::KIND],
        "no fold without a bet"
    );
    let public = engine.state().zone_id(LEDUC_PUBLIC_ZONE_ID).unwrap();
    let mover = |engine: &GameEngine| engine.state().current_player().unwrap();
    engine
        .dispatch(Raise {
            player_id: mover(&engine),
        })
        .unwrap();
    assert_eq!(kinds(&engine), [Fold::KIND, Call::KIND, Raise::KIND]);
    engine
        .dispatch(Raise {
            player_id: mover(&engine),
        })
        .unwrap();
    assert_eq!(
        kinds(&engine),
        [Fold::KIND, Call::KIND],
        "two raises a round"
    );
    let before = engine.state().clone();
    assert!(
        engine
            .dispatch(Raise {
                player_id: mover(&engine)
            })
            .is_err()
    );
    assert!(*engine.state() == before, "a refused move changes nothing");
    assert!(engine.state().zone_cards(public).is_empty());
    engine
        .dispatch(Call {
            player_id: mover(&engine),
        })
        .unwrap();
    assert_eq!(
        engine.state().zone_cards(public).len(),
        1,
        "the public card is turned"
    );
    assert_eq!(engine.state().variable(&LEDUC_VAR_HISTORY).unwrap(), "rrc/");
    assert_eq!(kinds(&engine), [Call::KIND, Raise::KIND]);
    engine
        .dispatch(Call {
            player_id: mover(&engine),
        })
        .unwrap();
    engine
        .dispatch(Call {
            player_id: mover(&engine),
        })
        .unwrap();
    let state = engine.state();
    assert_eq!(state.status(), GameStatus::Finished);
    let returns = leduc_returns(state);
    // each put in 1 + 4: a showdown wins 5, or a split pot 0
    assert!(returns[0].abs() == 5.0 || returns[0] == 0.0, "{returns:?}");
    assert_eq!(returns[0] + returns[1], 0.0);
}

#[test]
fn the_deals_put_the_public_card_on_top_of_the_deck() {
    let game = leduc_game().unwrap();
    let deals = leduc_deals(&game).unwrap();
    assert_eq!(deals.len(), 120);
    let mut publics = std::collections::BTreeMap::new();
    for deal in deals {
        let mut engine = deal.engine;
        let top = {
            let state = engine.state();
            let deck = state.zone_id(decklet_leduc::LEDUC_DECK_ZONE_ID).unwrap();
            *state.zone_cards(deck).last().unwrap()
        };
        for _ in 0..2 {
            let mover = engine.state().current_player().unwrap();
            engine.dispatch(Call { player_id: mover }).unwrap();
        }
        let state = engine.state();
        let public = state.zone_id(LEDUC_PUBLIC_ZONE_ID).unwrap();
        assert_eq!(state.zone_cards(public), [top]);
        *publics.entry(state.id_text(top).into_owned()).or_insert(0) += 1;
    }
    assert_eq!(publics.len(), 6);
    assert!(publics.values().all(|n| *n == 20));
}

//! Kuhn poker solved: its six deals make a tree of 12 information sets; the uniform
//! policy's exploitability is OpenSpiel's (0.458333…, `pyspiel`'s `exploitability` of
//! `UniformRandomPolicy` on `kuhn_poker`), and so is every other policy's; CFR+
//! iterates as pyspiel's `CFRPlusSolver` does, to the same exploitability after each
//! iteration, and the first player's value tends to the game's, −1/18.

use decklet_bots::{Cfr, GameTree, TreeError, exploitability};
use decklet_core::{Game, GameEngine, GameStatus, Moves};
use decklet_entry::GameDef;
use decklet_kuhn::{Bet, KuhnDef, Pass, kuhn_deals, kuhn_game, kuhn_returns, new_kuhn_engine};

fn tree() -> GameTree {
    let game = kuhn_game().unwrap();
    GameTree::build(kuhn_deals(&game).unwrap(), kuhn_returns, 10_000).unwrap()
}

#[test]
fn six_deals_make_twelve_information_sets() {
    let game = kuhn_game().unwrap();
    let deals = kuhn_deals(&game).unwrap();
    assert_eq!(deals.len(), 6);
    let mut seen: Vec<Vec<String>> = deals
        .iter()
        .map(|d| {
            let state = d.engine.state();
            state
                .seat_order()
                .iter()
                .map(|p| state.id_text(state.hand(*p)[0]).into_owned())
                .collect()
        })
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 6, "every pair of cards once: {seen:?}");
    let tree = tree();
    // per deal: 4 decisions and 5 ends
    assert_eq!(tree.len(), 6 * 9);
    assert_eq!(tree.infosets().len(), 12);
    // each set: a card and the moves so far; pass before bet
    assert!(
        tree.infosets()
            .iter()
            .all(|i| i.moves.len() == 2 && i.moves[0].contains("KUHN_PASS"))
    );
}

#[test]
fn the_uniform_policy_is_as_exploitable_as_openspiel_says() {
    let tree = tree();
    let uniform = tree.uniform();
    // pyspiel 2.0.2: exploitability(load_game("kuhn_poker"), UniformRandomPolicy(game))
    assert!((exploitability(&tree, &uniform).unwrap() - 0.458_333_333_333_333_3).abs() < 1e-12);
    // a symmetric game dealt fairly, both playing alike: the first player's value
    assert!(
        (tree.value(&uniform).unwrap() - 0.125).abs() < 1e-12,
        "{}",
        tree.value(&uniform).unwrap()
    );
}

#[test]
fn cfr_plus_iterates_as_openspiel_s_and_finds_the_equilibrium() {
    let tree = tree();
    let mut cfr = Cfr::new(&tree);
    // pyspiel 2.0.2: `cfr.CFRPlusSolver(kuhn_poker)`, the exploitability of its average
    // policy after each of its first five iterations, then after 1,000
    let openspiel = [
        0.458_333_333_333_333_26,
        0.263_888_888_888_888_84,
        0.141_317_016_317_016_38,
        0.100_144_300_144_300_15,
        0.073_344_529_495_947_89,
    ];
    for want in openspiel {
        cfr.run(1);
        let got = exploitability(&tree, &cfr.average()).unwrap();
        assert!(
            (got - want).abs() < 1e-12,
            "iteration {}: {got} against {want}",
            cfr.iterations()
        );
    }
    cfr.run(995);
    let average = cfr.average();
    let late = exploitability(&tree, &average).unwrap();
    assert!((late - 8.736_532_252_084_928e-5).abs() < 1e-12, "{late}");
    // the game's value for the first player is −1/18
    assert!(
        (tree.value(&average).unwrap() + 1.0 / 18.0).abs() < 2e-3,
        "{}",
        tree.value(&average).unwrap()
    );
    assert_eq!(cfr.iterations(), 1000);
}

#[test]
fn a_game_that_is_not_zero_sum_or_of_other_counts_is_refused() {
    let game = kuhn_game().unwrap();
    let winners_get_one = |state: &decklet_core::GameState| {
        state
            .players()
            .map(|p| f64::from(u8::from(state.winners().contains(&p))))
            .collect()
    };
    let refused = GameTree::build(kuhn_deals(&game).unwrap(), winners_get_one, 10_000);
    assert!(
        matches!(refused, Err(TreeError::NotZeroSum(_))),
        "{refused:?}"
    );
    let small = GameTree::build(kuhn_deals(&game).unwrap(), kuhn_returns, 20);
    assert!(matches!(small, Err(TreeError::TooLarge(20))), "{small:?}");
    assert!(matches!(
        GameTree::build(Vec::new(), kuhn_returns, 10),
        Err(TreeError::Chance(_))
    ));
}

#[test]
fn the_rules_and_the_returns_are_openspiel_s() {
    let game: std::sync::Arc<Game> = kuhn_game().unwrap();
    let play = |moves: &[bool]| -> GameEngine {
        let mut engine = new_kuhn_engine(&game, 3).unwrap();
        for bet in moves {
            let mover = engine.state().current_player().unwrap();
            match bet {
                true => engine.dispatch(Bet { player_id: mover }),
                false => engine.dispatch(Pass { player_id: mover }),
            }
            .unwrap();
        }
        engine
    };
    for (moves, stake, showdown) in [
        (&[false, false][..], 1.0, true),
        (&[true, true][..], 2.0, true),
        (&[false, true, true][..], 2.0, true),
        (&[true, false][..], 1.0, false),
        (&[false, true, false][..], 1.0, false),
    ] {
        let engine = play(moves);
        let state = engine.state();
        assert_eq!(state.status(), GameStatus::Finished, "{moves:?}");
        let returns = kuhn_returns(state);
        assert_eq!(returns[0] + returns[1], 0.0);
        assert_eq!(returns[0].abs(), stake, "{moves:?}");
        if !showdown {
            // the player who passed to a bet lost
            let folder_first = moves.len() == 3;
            assert_eq!(returns[0] < 0.0, folder_first, "{moves:?}");
        }
        assert_eq!(state.winners().len(), 1);
    }
    // before the end: pass then bet for the player to move, nothing for the other
    let engine = new_kuhn_engine(&game, 1).unwrap();
    let state = engine.state();
    let (first, second) = (state.seat_order()[0], state.seat_order()[1]);
    let mut moves = Moves::new();
    game.legal_moves(state, first, &mut moves);
    assert_eq!(moves.len(), 2);
    moves.clear();
    game.legal_moves(state, second, &mut moves);
    assert!(moves.is_empty());
    // a move out of turn is refused and changes nothing
    let mut engine = engine;
    let before = engine.state().clone();
    assert!(engine.dispatch(Bet { player_id: second }).is_err());
    assert!(*engine.state() == before);
    assert_eq!(KuhnDef.players(), 2..=2);
}

/// The card (0 a jack … 2 a king) and the moves so far of an information set, read
/// from what its seat knows (OpenSpiel's information state string is the two together,
/// `0pb`).
fn card_and_history(key: &str) -> (u32, String) {
    let info: serde_json::Value = serde_json::from_str(key).unwrap();
    let seat = info["seat"].as_str().unwrap();
    let zones = info["zones"].as_array().unwrap();
    let hand = zones.iter().find(|z| z["owner"] == seat).unwrap();
    let card = hand["cards"][0].as_str().unwrap();
    let value = (info["cards"].as_array().unwrap().iter())
        .find(|c| c["id"] == card)
        .and_then(|c| c["value"].as_u64())
        .unwrap();
    let history = info["variables"]["kuhn:history"]
        .as_str()
        .unwrap()
        .to_string();
    (value as u32, history)
}

#[test]
fn the_exploitability_of_any_policy_is_openspiel_s() {
    let tree = tree();
    // P(bet) of each information set, from its card and moves: the same formula in
    // the script that asked pyspiel 2.0.2 (`exploitability.exploitability` of a
    // `TabularPolicy` of `kuhn_poker` filled by it)
    let bet = |card: u32, history: &str, k: u32| {
        f64::from((card + 1) * (history.len() as u32 + 2) * (k + 3) % 11) / 10.0
    };
    let openspiel = [0.515, 0.615, 0.58, 0.208_333_333_333_333_45];
    for (k, want) in openspiel.iter().enumerate() {
        let policy: Vec<Vec<f64>> = (tree.infosets().iter())
            .map(|i| {
                let (card, history) = card_and_history(&i.key);
                let b = bet(card, &history, k as u32);
                vec![1.0 - b, b]
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
fn a_bot_s_policy_is_read_from_its_moves_in_every_information_set() {
    use decklet_bots::{Bot, FnBot, RandomBot, bot_policy};
    let tree = tree();
    // a bot that always bets plays the tabular policy that always bets, exactly
    let always_bet = bot_policy(&tree, 3, |_| {
        Box::new(FnBot::new("bet", |_, moves: &Moves| {
            (moves.len() > 1).then_some(1)
        })) as Box<dyn Bot>
    });
    let betting: Vec<Vec<f64>> = tree.infosets().iter().map(|_| vec![0.0, 1.0]).collect();
    assert_eq!(always_bet, betting);
    assert_eq!(
        exploitability(&tree, &always_bet).unwrap(),
        exploitability(&tree, &betting).unwrap()
    );
    // random bots over many seeds: near the uniform policy
    let random = bot_policy(&tree, 2_000, |seed| {
        Box::new(RandomBot::new(seed)) as Box<dyn Bot>
    });
    for probabilities in &random {
        assert!(
            probabilities.iter().all(|p| (p - 0.5).abs() < 0.05),
            "{probabilities:?}"
        );
    }
    let gap =
        exploitability(&tree, &random).unwrap() - exploitability(&tree, &tree.uniform()).unwrap();
    assert!(gap.abs() < 0.05, "{gap}");
}

#[test]
fn a_policy_of_another_shape_a_seat_past_the_second_or_bad_chances_are_refused() {
    use decklet_bots::best_response_value;
    let tree = tree();
    for bad in [
        Vec::new(),
        vec![vec![0.5, 0.5]; 11],
        vec![vec![1.0]; 12],
        vec![vec![0.7, 0.7]; 12],
        vec![vec![1.5, -0.5]; 12],
        vec![vec![f64::NAN, 0.5]; 12],
    ] {
        assert!(
            matches!(exploitability(&tree, &bad), Err(TreeError::Policy(_))),
            "{bad:?}"
        );
        assert!(tree.value(&bad).is_err());
    }
    assert!(matches!(
        best_response_value(&tree, &tree.uniform(), 2),
        Err(TreeError::Seat(2))
    ));
    let game = kuhn_game().unwrap();
    for probability in [f64::NAN, -1.0 / 6.0] {
        let mut deals = kuhn_deals(&game).unwrap();
        deals[0].probability = probability;
        deals[1].probability += 1.0 / 6.0
            - if probability.is_nan() {
                0.0
            } else {
                probability
            };
        let refused = GameTree::build(deals, kuhn_returns, 10_000);
        assert!(
            matches!(refused, Err(TreeError::Chance(_))),
            "{probability}"
        );
    }
    let one_result = |_: &decklet_core::GameState| vec![0.0];
    let refused = GameTree::build(kuhn_deals(&game).unwrap(), one_result, 10_000);
    assert!(matches!(refused, Err(TreeError::Engine(_))), "{refused:?}");
}

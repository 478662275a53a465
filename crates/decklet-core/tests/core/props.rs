//! Property tests over the toy game: random sequences of valid and invalid actions.

use crate::toy::*;
use decklet_core::*;
use proptest::prelude::*;

/// A script whose acting player is named by position: `p1`, `p2`, or a stranger.
#[derive(Clone, Debug)]
struct Plan {
    script: Script,
    who: Option<usize>,
    then: Vec<Plan>,
}

impl Plan {
    fn script(&self, players: &[PlayerId; 3]) -> Script {
        let mut script = self.script.clone();
        script.player_id = self.who.and_then(|i| players.get(i).copied());
        script.then = self.then.iter().map(|plan| plan.script(players)).collect();
        script
    }
}

fn plan() -> impl Strategy<Value = Plan> {
    let leaf = (
        prop::sample::select(vec!["a", "b", "forbidden", "c"]),
        prop::option::of(0usize..3),
        any::<bool>(),
        any::<bool>(),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(name, who, draw, shuffle, fail)| Plan {
            script: Script {
                name: name.to_string(),
                player_id: None,
                then: vec![],
                draw,
                shuffle,
                fail,
            },
            who,
            then: vec![],
        });
    leaf.prop_recursive(3, 12, 3, |inner| {
        (inner.clone(), prop::collection::vec(inner, 0..3)).prop_map(|(mut s, then)| {
            s.then = then;
            s
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_scripts_never_panic_rejections_change_nothing_and_replay_matches(
        seed in any::<u64>(),
        plans in prop::collection::vec(plan(), 0..20),
    ) {
        let mut engine = toy_engine(seed);
        let who = [player(&engine, "p1"), player(&engine, "p2"), stranger()];
        for plan in plans {
            let s = plan.script(&who);
            let before = json(engine.state());
            let logged = engine.log_len();
            match engine.dispatch(s) {
                Ok(_) => prop_assert_eq!(engine.log_len(), logged + 1),
                Err(_) => {
                    prop_assert_eq!(json(engine.state()), before);
                    prop_assert_eq!(engine.log_len(), logged);
                }
            }
            prop_assert!(engine.state().validate().is_ok());
            let state = engine.state();
            let cards: usize = state.zones().map(|z| state.zone_cards(z).len()).sum();
            prop_assert_eq!(cards, 10);
        }
        let log = GameLog::from_json(&serde_json::to_string(&engine.log()).unwrap()).unwrap();
        let mut replayed = GameEngine::new(&Game::builder().plugin(ToyPlugin).build().unwrap(), EngineConfig::default());
        replayed.replay(&log, Verify::Required).unwrap();
        prop_assert_eq!(json(replayed.state()), json(engine.state()));
    }

    #[test]
    fn below_stays_in_range(seed in any::<u64>(), n in 1u32..1000) {
        let mut rng = GameRng::seed_from(seed);
        for _ in 0..50 {
            prop_assert!(rng.below(n) < n);
        }
    }

    #[test]
    fn shuffles_are_permutations(seed in any::<u64>(), len in 0usize..60) {
        let mut rng = GameRng::seed_from(seed);
        let items: Vec<usize> = (0..len).collect();
        let mut shuffled = rng.shuffle(&items);
        shuffled.sort_unstable();
        prop_assert_eq!(shuffled, items);
    }
}

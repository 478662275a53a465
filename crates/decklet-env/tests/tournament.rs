//! `TournamentPlan` through its public API: tallies that travel as JSON and merge to
//! the same report, and the specs it refuses.

use decklet_env::{TournamentPlan, TournamentSpec};

#[test]
fn a_tally_travels_as_json_and_merges_to_the_same() {
    for spec in [
        TournamentSpec::new("uno", &["random", "heuristic", "random"], 2, 10, 3),
        TournamentSpec::new(
            "crazy-eights",
            &["random", "strategist", "random"],
            3,
            12,
            3,
        ),
    ] {
        let plan = TournamentPlan::new(&spec).unwrap();
        let whole = plan.play_range(0..plan.games()).unwrap();
        let mut parts = plan.empty();
        for range in [5..plan.games(), 0..5] {
            let part = plan.play_range(range).unwrap();
            let json = serde_json::to_string(&part).unwrap();
            parts.merge(&serde_json::from_str(&json).unwrap());
        }
        assert_eq!(parts, whole);
        assert_eq!(
            plan.summary(&parts, 2, 0.0).unwrap(),
            plan.summary(&whole, 2, 0.0).unwrap()
        );
        assert!(
            plan.summary(&plan.play_range(0..3).unwrap(), 1, 0.0)
                .is_err()
        );
    }
}

#[test]
fn bad_specs_are_refused() {
    let bad = [
        TournamentSpec::new("poker", &["random", "random"], 2, 10, 1),
        TournamentSpec::new("uno", &["random"], 2, 10, 1),
        TournamentSpec::new("uno", &["random", "rand"], 2, 10, 1),
        TournamentSpec::new("uno", &["random", "random"], 11, 10, 1),
        TournamentSpec::new("uno", &["random", "random"], 2, 0, 1),
        TournamentSpec::new("crazy-eights", &["random"], 1, 10, 1),
        TournamentSpec::new("crazy-eights", &["random", "heuristic"], 2, 10, 1),
    ];
    for spec in bad {
        assert!(TournamentPlan::new(&spec).is_err(), "{spec:?}");
    }
}

//! `decklet simulate --game crazy-eights`.

mod common;

use common::*;

#[test]
fn random_crazy_eights_games_are_summarised_and_the_same_for_any_number_of_threads() {
    let args = [
        "simulate",
        "--game",
        "crazy-eights",
        "--games",
        "300",
        "--players",
        "4",
        "--json",
    ];
    let summary = json(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(summary["game"], "crazy-eights");
    assert_eq!(summary["games"], 300);
    let ends = &summary["ends"];
    let total: f64 = ["out", "turns", "passes", "capped"]
        .iter()
        .map(|e| ends[*e].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{ends}");
    // random play: about a third of four-player games end with a player going out
    let out = ends["out"].as_f64().unwrap();
    assert!((0.25..0.45).contains(&out), "{out}");
    let seats = summary["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(two["seats"], summary["seats"]);
    assert_eq!(two["meanMoves"], summary["meanMoves"]);
}

#[test]
fn the_strategist_goes_out_more_often_than_random_play() {
    let summary = json(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--games",
        "300",
        "--players",
        "2",
        "--bots",
        "strategist,random",
        "--json",
    ]);
    let seats = summary["seats"].as_array().unwrap();
    assert_eq!(seats[0]["bot"], "strategist");
    assert!(
        seats[0]["wentOut"].as_f64().unwrap() > 2.0 * seats[1]["wentOut"].as_f64().unwrap(),
        "{summary}"
    );
}

#[test]
fn bad_crazy_eights_options_are_refused_with_what_is_wrong() {
    let err = run_err(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--players",
        "16",
        "--games",
        "1",
    ]);
    assert!(err.contains("2 to 15"), "{err}");
    let err = run_err(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--bots",
        "heuristic",
        "--games",
        "1",
    ]);
    assert!(err.contains("not a Crazy Eights bot"), "{err}");
    let err = run_err(&["simulate", "--game", "go-fish", "--games", "1"]);
    assert!(err.contains("not a game here"), "{err}");
}

#[test]
fn a_crazy_eights_log_replays_and_verifies() {
    use decklet::bots::{Bot, RandomBot, play_game};
    use decklet::crazy_eights::{CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine};
    let game = crazy_eights_game(CrazyEightsOptions::default()).unwrap();
    let mut engine = new_crazy_eights_engine(&game, 5, 3).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 10_000).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c8.json");
    std::fs::write(&path, serde_json::to_string(&engine.log()).unwrap()).unwrap();
    let out = run_ok(&["replay", path.to_str().unwrap()]);
    assert!(out.contains("verified"), "{out}");
    // an edited log does not verify
    let mut log = engine.log();
    log.seed += 1;
    std::fs::write(&path, serde_json::to_string(&log).unwrap()).unwrap();
    let err = run_err(&["replay", path.to_str().unwrap()]);
    assert!(err.contains("c8.json"), "{err}");
}

#[test]
fn a_crazy_eights_tournament_rotates_the_seats_and_ranks_the_strategist_above_random_play() {
    let report = json(&[
        "tournament",
        "--game",
        "crazy-eights",
        "--bots",
        "strategist,random,random",
        "--games",
        "90",
        "--json",
    ]);
    assert_eq!(report["players"], 3);
    let entries = report["entries"].as_array().unwrap();
    let names: Vec<&str> = entries
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["strategist", "random", "random#2"]);
    let wins: f64 = entries.iter().map(|e| e["wins"].as_f64().unwrap()).sum();
    assert!((wins - 90.0).abs() < 1e-9);
    assert!(entries[0]["winRate"].as_f64().unwrap() > 0.6, "{report}");
    let err = run_err(&[
        "tournament",
        "--game",
        "crazy-eights",
        "--bots",
        "strategist",
        "--games",
        "1",
    ]);
    assert!(err.contains("2 to 15"), "{err}");
}

//! Whist's route through the `decklet` command (`whist-decklet`, two lines): listed
//! with its parameter, simulated and held in tournaments by sides (a side's win is a
//! win for each partner, the fair share one in two, every entry partnering every
//! other), its logs replayed and narrated trick by trick.

use assert_cmd::Command;
use serde_json::Value;

fn whist() -> Command {
    Command::new(env!("CARGO_BIN_EXE_whist-decklet"))
}

fn run_ok(args: &[&str]) -> String {
    let out = whist().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn whist_is_listed_with_its_parameter_beside_decklet_s_own_games() {
    let text = run_ok(&["games"]);
    assert!(text.contains("whist  (4 players)"), "{text}");
    assert!(
        text.contains("trumps=spades|hearts|diamonds|clubs|none  (default spades)"),
        "{text}"
    );
    assert!(text.contains("uno  (2 to 10 players)"), "{text}");
}

#[test]
fn a_simulation_reports_by_side_with_a_fair_share_of_one_in_two() {
    let json: Value = serde_json::from_str(&run_ok(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "200",
        "--bots",
        "ismcts:20,random",
        "--json",
    ]))
    .unwrap();
    // one bot a side fills its seats
    assert_eq!(
        json["bots"],
        serde_json::json!(["ismcts:20", "random", "ismcts:20", "random"])
    );
    let sides = json["winsBySide"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["seats"], serde_json::json!([1, 3]));
    assert_eq!(sides[1]["bots"], serde_json::json!(["random", "random"]));
    let wins: f64 = sides.iter().map(|s| s["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 200.0, "a deal of 13 tricks always has a winning side");
    assert!(sides.iter().all(|s| s["fairShare"] == 0.5));
    // partners win together: seats 1 and 3 alike
    let seats = json["winsBySeat"].as_array().unwrap();
    assert_eq!(seats[0]["wins"], seats[2]["wins"]);
    assert_eq!(seats[1]["wins"], seats[3]["wins"]);
    // the search beats random play (20 iterations a move, 200 deals)
    assert!(sides[0]["share"].as_f64().unwrap() > 0.5, "{json}");
    assert_eq!(json["winsByBot"], serde_json::json!([]));
    // the text says so
    let text = run_ok(&[
        "simulate", "--game", "whist", "--games", "20", "--bots", "random",
    ]);
    assert!(text.contains("wins by side"), "{text}");
    assert!(
        text.contains("side 1 (seats 1 & 3: random, random)"),
        "{text}"
    );
    assert!(text.contains("fair 50.0%"), "{text}");
    // a count of bots that is neither one, one a side nor one a seat is refused
    let out = whist()
        .args([
            "simulate",
            "--game",
            "whist",
            "--games",
            "2",
            "--bots",
            "random,random,random",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("one a side"), "{err}");
}

#[test]
fn a_tournament_seats_every_order_and_counts_a_side_s_win_for_both_partners() {
    let json: Value = serde_json::from_str(&run_ok(&[
        "tournament",
        "--game",
        "whist",
        "--bots",
        "ismcts:20,random,random,random",
        "--games",
        "30",
        "--json",
    ]))
    .unwrap();
    // 30 games rounded up to every order of four entries (24): 48
    assert_eq!(json["games"], 48);
    assert_eq!(json["sides"], 2);
    let entries = json["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    let wins: f64 = entries.iter().map(|e| e["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 96.0, "each game's two winners each win it");
    for e in entries {
        assert_eq!(e["games"], 48);
        assert_eq!(e["fairShare"], 0.5);
        // places among two sides
        assert_eq!(e["places"].as_array().unwrap().len(), 2);
    }
    let text = run_ok(&[
        "tournament",
        "--game",
        "whist",
        "--bots",
        "random,random,random,random",
        "--games",
        "24",
    ]);
    assert!(text.contains("played in 2 sides"), "{text}");
    assert!(text.contains("50.0%"), "{text}");
}

#[test]
fn a_saved_game_replays_and_is_narrated_trick_by_trick() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    run_ok(&[
        "simulate",
        "--game",
        "whist(trumps=hearts)",
        "--games",
        "2",
        "--save-logs",
        logs,
    ]);
    let log = dir.path().join("game-000000.json");
    let log = log.to_str().unwrap();
    let summary = run_ok(&["replay", log]);
    assert!(summary.contains("whist(trumps=hearts)"), "{summary}");
    let told = run_ok(&["replay", log, "--events", "text"]);
    let lines: Vec<&str> = told.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| l.contains(" plays ")).count(),
        52,
        "{told}"
    );
    let tricks: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains(" takes the trick "))
        .collect();
    assert_eq!(tricks.len(), 13, "{told}");
    // after every four plays, who took the trick and the count by sides
    assert!(lines[4].contains(" takes the trick (p1 & p3 "), "{told}");
    assert!(
        tricks[12].contains("13") || tricks[12].contains(", p2 & p4 "),
        "{told}"
    );
    let last = lines.last().unwrap();
    assert!(
        last.contains(" win, ") && last.contains(" tricks to "),
        "{last}"
    );
    // cards in the game's words: rank and suit sign
    assert!(
        lines[0].starts_with("p1 plays ") && lines[0].chars().any(|c| "♠♥♦♣".contains(c)),
        "{}",
        lines[0]
    );
}

//! A game of one's own gets every `decklet` command: the two-line binary with high
//! card in its catalogue simulates it, holds a tournament, plays it at the terminal
//! table, saves its logs and replays them, lists it, and still plays decklet's games.

use assert_cmd::Command;
use serde_json::Value;

fn decklet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_high-card-decklet"))
}

fn run_ok(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_game_is_listed_with_decklet_s_own() {
    let text = run_ok(&["games"]);
    assert!(text.contains("high_card  (2 to 6 players)"), "{text}");
    assert!(
        text.contains("bots: random, ismcts, ismcts:N, policy:FILE, ismcts[:N]+policy:FILE\n"),
        "{text}"
    );
    assert!(text.contains("uno  (2 to 10 players)"), "{text}");
}

#[test]
fn it_is_simulated_and_every_game_s_log_replays_as_that_game() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    let args = [
        "simulate",
        "--game",
        "high_card",
        "--games",
        "60",
        "--players",
        "3",
    ];
    let summary: Value = serde_json::from_str(&run_ok(
        &[&args[..], &["--json", "--save-logs", logs]].concat(),
    ))
    .unwrap();
    assert_eq!(summary["game"], "high_card");
    assert_eq!(summary["games"], 60);
    // every game has one winner: the highest card
    let wins: f64 = (summary["winsBySeat"].as_array().unwrap().iter())
        .map(|s| s["wins"].as_f64().unwrap())
        .sum();
    assert_eq!(wins, 60.0);
    // three reveals a game
    assert_eq!(summary["movesPerGame"]["mean"], 3.0);
    // the same games on one thread
    let one: Value = serde_json::from_str(&run_ok(
        &[&args[..], &["--json", "--threads", "1"]].concat(),
    ))
    .unwrap();
    assert_eq!(one["winsBySeat"], summary["winsBySeat"]);
    let log = dir.path().join("game-000007.json");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\"game\":\"high_card\""), "{text}");
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("plays       high_card"), "{replay}");
    assert!(replay.contains("final state verified"), "{replay}");
    let events = run_ok(&["replay", "--events", "text", log.to_str().unwrap()]);
    assert!(events.contains("GAME_WON"), "{events}");
}

#[test]
fn bots_meet_in_a_tournament_and_bad_input_is_refused() {
    let report: Value = serde_json::from_str(&run_ok(&[
        "tournament",
        "--game",
        "high_card",
        "--bots",
        "random,ismcts:20",
        "--games",
        "40",
        "--json",
    ]))
    .unwrap();
    assert_eq!(report["game"], "high_card");
    assert_eq!(report["entries"].as_array().unwrap().len(), 2);
    for (args, says) in [
        (
            &["simulate", "--game", "high_card", "--players", "7"][..],
            "2 to 6",
        ),
        (
            &["simulate", "--game", "high_card(aces=low)"],
            "no parameter `aces`",
        ),
        (
            &["simulate", "--game", "high_card", "--bots", "heuristic"],
            "not a bot of high_card",
        ),
        (
            &["simulate", "--game", "high_card", "--match", "10"],
            "high_card has no matches",
        ),
    ] {
        let out = decklet().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn it_is_played_at_the_terminal_table() {
    let out = decklet()
        .args([
            "play",
            "--game",
            "high_card",
            "--players",
            "2",
            "--seed",
            "3",
        ])
        .args(["--bots", "random"])
        .write_stdin("1\n".repeat(5))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("decklet high_card: 2 players. You are p1."),
        "{text}"
    );
    assert!(text.contains("Seats: p1 you | p2 random"), "{text}");
    // in words without a line of the game's own: a move by its kind, a standard card
    // by its rank and its suit's sign, never JSON
    assert!(text.contains("1) reveal\n"), "{text}");
    assert!(text.contains("You receive 2♥."), "{text}");
    assert!(
        !text.contains("playerId") && !text.contains(" of heart"),
        "{text}"
    );
    assert!(
        text.contains("You win!") || text.contains("p2 wins."),
        "{text}"
    );
    assert!(
        text.contains(
            "`high-card-decklet play --game high_card --seed 3 --players 2 --bots random`"
        ),
        "{text}"
    );
}

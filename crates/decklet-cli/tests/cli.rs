//! The real `decklet` binary, driven as a user would.

use std::fs;

use assert_cmd::Command;
use serde_json::Value;

fn decklet() -> Command {
    Command::cargo_bin("decklet").unwrap()
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

fn run_err(args: &[&str]) -> (i32, String) {
    let out = decklet().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    let code = out.status.code().unwrap();
    assert_ne!(
        code,
        101,
        "{args:?} panicked: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (code, String::from_utf8(out.stderr).unwrap())
}

fn without_timing(mut v: Value) -> Value {
    for key in [
        "wallSeconds",
        "gamesPerSecond",
        "actionsPerSecond",
        "threads",
    ] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

#[test]
fn simulate_prints_a_summary() {
    let out = run_ok(&["simulate", "--games", "300", "--players", "3"]);
    for needle in [
        "300 games, 3 players, seed 1",
        "games/s",
        "wins by seat",
        "wins by bot",
        "turns per game",
        "cards drawn",
        "reshuffles",
        "capped games",
    ] {
        assert!(out.contains(needle), "missing `{needle}` in\n{out}");
    }
}

#[test]
fn simulate_json_is_one_object_that_adds_up() {
    let out = run_ok(&[
        "simulate",
        "--games",
        "250",
        "--bots",
        "random,heuristic",
        "--players",
        "2",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 250);
    let wins: u64 = v["winsBySeat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + v["cappedGames"].as_u64().unwrap(), 250);
    assert_eq!(v["winsByBot"].as_array().unwrap().len(), 2);
    assert!(v["turnsPerGame"]["median"].as_u64().unwrap() > 0);
}

#[test]
fn results_do_not_depend_on_threads() {
    let one: Value = serde_json::from_str(&run_ok(&[
        "simulate",
        "--games",
        "400",
        "--seed",
        "9",
        "--threads",
        "1",
        "--json",
    ]))
    .unwrap();
    let two: Value = serde_json::from_str(&run_ok(&[
        "simulate",
        "--games",
        "400",
        "--seed",
        "9",
        "--threads",
        "2",
        "--json",
    ]))
    .unwrap();
    assert_eq!(without_timing(one.clone()), without_timing(two));
    let other: Value = serde_json::from_str(&run_ok(&[
        "simulate",
        "--games",
        "400",
        "--seed",
        "10",
        "--threads",
        "1",
        "--json",
    ]))
    .unwrap();
    assert_ne!(without_timing(one), without_timing(other));
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    let (_, err) = run_err(&["simulate", "--players", "11"]);
    assert!(err.contains("--players must be from 2 to 10"), "{err}");
    let (_, err) = run_err(&["simulate", "--bots", "genius"]);
    assert!(err.contains("unknown bot `genius`"), "{err}");
    let (_, err) = run_err(&["simulate", "--players", "3", "--bots", "random,random"]);
    assert!(err.contains("2 bots for 3 seats"), "{err}");
    let (_, err) = run_err(&["simulate", "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
    let (code, _) = run_err(&["simulate", "--games", "many"]);
    assert_eq!(code, 2);
    let (code, _) = run_err(&["juggle"]);
    assert_eq!(code, 2);
}

#[test]
fn saved_logs_replay_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    run_ok(&["simulate", "--games", "5", "--save-logs", path, "--json"]);
    let mut files: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 5);
    let first = files[0].to_str().unwrap();
    assert!(first.ends_with("game-000000.json"));
    let out = run_ok(&["replay", first]);
    assert!(out.contains("final state verified"), "{out}");
    assert!(out.contains("finished, won by p"), "{out}");
    let events = run_ok(&["replay", "--events", first]);
    let lines: Vec<Value> = events
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["type"], "GAME_CREATED");
    assert_eq!(lines.last().unwrap()["type"], "UNO_GAME_WON");
}

#[test]
fn bad_replay_files_fail_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    run_ok(&[
        "simulate",
        "--games",
        "1",
        "--save-logs",
        logs.to_str().unwrap(),
        "--json",
    ]);
    let good = fs::read_to_string(logs.join("game-000000.json")).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let (_, err) = run_err(&["replay", dir.path().join("missing.json").to_str().unwrap()]);
    assert!(err.contains("cannot read"), "{err}");
    let (_, err) = run_err(&["replay", &write("garbage.json", "not json at all")]);
    assert!(err.contains("is not a valid game log"), "{err}");
    let (_, err) = run_err(&["replay", &write("truncated.json", &good[..good.len() / 2])]);
    assert!(err.contains("is not a valid game log"), "{err}");

    let mut log: Value = serde_json::from_str(&good).unwrap();
    let actions = log["actions"].as_array_mut().unwrap();
    let play = actions
        .iter_mut()
        .find(|a| a["type"] == "PLAY_CARD")
        .unwrap();
    play["payload"]["cardIds"] = serde_json::json!(["uno-red-0-1", "uno-red-1-1"]);
    let (_, err) = run_err(&["replay", &write("tampered.json", &log.to_string())]);
    assert!(err.contains("replay diverged at action"), "{err}");

    let mut log: Value = serde_json::from_str(&good).unwrap();
    log["plugins"][2]["version"] = "9.9.9".into();
    let (_, err) = run_err(&["replay", &write("mismatch.json", &log.to_string())]);
    assert!(err.contains("plugin list differs"), "{err}");

    let mut log: Value = serde_json::from_str(&good).unwrap();
    log["plugins"][2]["id"] = "poker-night".into();
    let (_, err) = run_err(&["replay", &write("unknown.json", &log.to_string())]);
    assert!(err.contains("plugin `poker-night`"), "{err}");

    let mut log: Value = serde_json::from_str(&good).unwrap();
    log["finalDigest"] = "0000000000000000".into();
    let (_, err) = run_err(&["replay", &write("digest.json", &log.to_string())]);
    assert!(err.contains("differs from the recorded one"), "{err}");

    let mut log: Value = serde_json::from_str(&good).unwrap();
    log["seed"] = (log["seed"].as_u64().unwrap() ^ 1).into();
    let (_, err) = run_err(&["replay", &write("seed.json", &log.to_string())]);
    assert!(err.contains("replay"), "{err}");
}

fn play_with(args: &[&str], input: &str) -> String {
    let out = decklet().args(args).write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_scripted_game_plays_to_the_end_through_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.json");
    let input = "1\n".repeat(3000);
    let out = play_with(
        &[
            "play",
            "--seed",
            "5",
            "--players",
            "3",
            "--bots",
            "random",
            "--save-log",
            log.to_str().unwrap(),
        ],
        &input,
    );
    assert!(out.contains("decklet UNO: 3 players"), "{out}");
    // the seed predicts every card: told only once the game is over, for replay
    let told = out.find("Seed 5:").expect("the seed is told at the end");
    assert!(!out[..told].to_lowercase().contains("seed 5"), "{out}");
    assert!(out[told..].contains("decklet play --seed 5"), "{out}");
    assert!(
        out.find("You win!")
            .or(out.find(" wins."))
            .is_some_and(|end| end < told)
    );
    assert!(out.contains("Your hand:"), "{out}");
    assert!(out.contains("Top card:"), "{out}");
    assert!(out.contains("Bot 2 (random)"), "{out}");
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
    assert!(!out.contains('\u{1b}'), "no colour codes when piped");
    // the saved log replays
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("final state verified"), "{replay}");
}

#[test]
fn invalid_input_in_play_gets_a_message_and_the_prompt_again() {
    let out = play_with(
        &["play", "--seed", "5", "--players", "2"],
        "xyzzy\n99\n0\np\n\nq\n",
    );
    assert!(out.contains("I don't understand `xyzzy`"), "{out}");
    assert!(out.contains("There is no move 99"), "{out}");
    assert!(out.contains("There is no move 0"), "{out}");
    assert!(out.contains("You cannot pass now"), "{out}");
    assert!(out.contains("Type a move."), "{out}");
    assert!(out.contains("You quit the game."), "{out}");
    assert!(out.contains("Seed 5: `decklet play --seed 5`"), "{out}");
}

#[test]
fn play_ends_cleanly_when_input_runs_out() {
    let out = play_with(
        &[
            "play",
            "--seed",
            "8",
            "--players",
            "4",
            "--bots",
            "heuristic",
        ],
        "d\n",
    );
    assert!(
        out.contains("You drew") || out.contains("no card left"),
        "{out}"
    );
    assert!(out.contains("Input ended; leaving the game."), "{out}");
}

#[test]
fn play_refuses_bad_options() {
    let (_, err) = run_err(&["play", "--players", "1"]);
    assert!(err.contains("--players"), "{err}");
    let (_, err) = run_err(&["play", "--players", "3", "--bots", "random,random,random"]);
    assert!(err.contains("3 bots for 2 seats"), "{err}");
}

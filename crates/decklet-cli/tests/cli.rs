//! The real `decklet` binary, driven as a user would.

use std::fs;

use serde_json::Value;

mod common;

use common::{decklet, run_ok};

/// The exit code and standard error of a run that must fail without panicking.
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
    for key in ["wallSeconds", "gamesPerSecond", "movesPerSecond", "threads"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

#[test]
fn simulate_prints_a_summary() {
    // one bot in every seat: its wins by bot are every game's, and not printed
    let one = run_ok(&["simulate", "--games", "20"]);
    assert!(
        !one.contains("wins by bot") && one.contains("wins by seat"),
        "{one}"
    );
    let out = run_ok(&[
        "simulate",
        "--games",
        "300",
        "--players",
        "3",
        "--bots",
        "random,heuristic,random",
    ]);
    for needle in [
        "uno, 300 games, 3 players, seed 1",
        "games/s",
        "wins by seat",
        "wins by bot",
        "moves per game",
        // UNO's own counts
        "actions ",
        "turns ",
        "cardsDrawn ",
        "reshuffles ",
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
    let wins: f64 = v["winsBySeat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_f64().unwrap())
        .sum();
    // UNO has one winner a game, or none when capped
    assert_eq!(wins + v["cappedGames"].as_f64().unwrap(), 250.0);
    assert_eq!(v["winsByBot"].as_array().unwrap().len(), 2);
    assert!(v["movesPerGame"]["median"].as_u64().unwrap() > 0);
    let counts = &v["counts"];
    let per_game = |count: &str| counts[count].as_f64().unwrap() / 250.0;
    // every turn ends with a play or a pass, and a game deals 14 cards at least
    assert!(per_game("turns") <= per_game("actions"), "{counts}");
    assert!(per_game("cardsDrawn") >= 14.0, "{counts}");
    assert!(v["moves"].as_u64().unwrap() >= counts["turns"].as_u64().unwrap());
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
    assert!(
        err.contains("--players: uno is played by 2 to 10, not 11"),
        "{err}"
    );
    let (_, err) = run_err(&["simulate", "--bots", "genius"]);
    assert!(err.contains("`genius` is not a bot of uno"), "{err}");
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
    let events = run_ok(&["replay", "--events", "json", first]);
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

    // a log names its game (`uno`): its plugins must be that game's
    let mut log: Value = serde_json::from_str(&good).unwrap();
    assert_eq!(log["game"], "uno");
    log["plugins"][2]["id"] = "poker-night".into();
    let (_, err) = run_err(&["replay", &write("unknown.json", &log.to_string())]);
    assert!(err.contains("plugin list differs"), "{err}");
    // a log without a game string (written before logs had one) is the game whose
    // plugins it ran, which this decklet must know
    log.as_object_mut().unwrap().remove("game");
    let (_, err) = run_err(&["replay", &write("unknown.json", &log.to_string())]);
    assert!(
        err.contains("no game of this catalogue runs its plugins (turn, draw, poker-night)"),
        "{err}"
    );

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
    assert!(out.contains("decklet uno: 3 players"), "{out}");
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
    assert!(out.contains("colour in force: "), "{out}");
    assert!(out.contains("\ndiscard: "), "{out}");
    assert!(
        out.contains("Seats: p1 you | p2 random | p3 random"),
        "{out}"
    );
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
    assert!(
        out.contains("`p` (end the turn (pass)) is not a move now"),
        "{out}"
    );
    assert!(out.contains("Type a move."), "{out}");
    assert!(out.contains("You quit the game."), "{out}");
    assert!(
        out.contains("Seed 5: `decklet play --seed 5 --players 2` deals this game again."),
        "{out}"
    );
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
    assert!(out.contains("> You draw 1 card\nYou receive "), "{out}");
    assert!(out.contains("Input ended; leaving the game."), "{out}");
}

#[test]
fn play_refuses_bad_options() {
    let (_, err) = run_err(&["play", "--players", "1"]);
    assert!(err.contains("--players"), "{err}");
    let (_, err) = run_err(&["play", "--players", "3", "--bots", "random,random,random"]);
    assert!(err.contains("3 bots for 2 seats"), "{err}");
}

/// Several scripted games: draw, pass, take the first move, over and over.
fn scripted_games() -> Vec<String> {
    (1..=12)
        .map(|seed| {
            play_with(
                &["play", "--seed", &seed.to_string(), "--players", "3"],
                &"1\nd\np\n".repeat(400),
            )
        })
        .collect()
}

/// UNO narrates its moves: yours are told as yours ("You play", the table says "You
/// are p1"), the others' by seat id, never as a bare move; the cards a move puts in
/// your hand are told to you alone.
#[test]
fn play_tells_every_move_in_the_game_s_narration_and_the_cards_you_receive() {
    let all = scripted_games().concat();
    for said in [
        "> You play ",
        "> You choose ",
        "> You draw 1 card\nYou receive ",
        "\np2 plays ",
    ] {
        assert!(all.contains(said), "never said `{said}`");
    }
    assert!(
        !all.contains("You: "),
        "a move told without the game's narration"
    );
    for line in all.lines().filter(|l| l.starts_with("You receive ")) {
        assert!(line.ends_with('.') && !line.contains("uno-"), "{line}");
    }
}

#[test]
fn play_shows_the_hand_sorted_and_grouped_and_moves_in_the_hint_s_words() {
    let colours = ["red", "yellow", "green", "blue", "wild"];
    let mut grouped = false;
    for out in scripted_games() {
        assert!(out.contains("(a move's number or the key beside it, or q to quit)"));
        assert!(out.contains(") draw (d)"), "{out}");
        for hand in out.lines().filter_map(|l| l.strip_prefix("Your hand: ")) {
            let cards: Vec<&str> = hand.split(", ").collect();
            let rank = |card: &str| colours.iter().position(|c| card.starts_with(c)).unwrap();
            assert!(cards.windows(2).all(|w| rank(w[0]) <= rank(w[1])), "{hand}");
            let names: Vec<&str> = cards
                .iter()
                .map(|c| c.split(" ×").next().unwrap())
                .collect();
            let mut distinct = names.clone();
            distinct.dedup();
            assert_eq!(distinct, names, "a card listed twice: {hand}");
            grouped |= hand.contains(" ×2");
        }
        for moves in out.split("Your moves:").skip(1) {
            let list: Vec<&str> = moves.lines().take_while(|l| l.starts_with("  ")).collect();
            let mut names: Vec<&str> = list.iter().map(|l| l.split(") ").nth(1).unwrap()).collect();
            names.sort();
            let before = names.len();
            names.dedup();
            assert_eq!(before, names.len(), "a move listed twice: {list:?}");
        }
    }
    assert!(grouped, "no hand held two identical cards in twelve games");
}

#[test]
fn while_a_colour_is_pending_draw_and_pass_are_refused_by_their_keys() {
    let all = scripted_games().concat();
    // after a wild, the script's `d` and `p` are keys of moves not listed now
    let refused = "> `d` (draw) is not a move now: choose among the moves listed.\n\
                   > `p` (end the turn (pass)) is not a move now: choose among the moves listed.";
    assert!(all.contains(refused), "{all}");
    assert!(all.contains(") choose red (r)"));
}

#[test]
fn play_checks_the_save_log_path_before_the_game_starts() {
    let out = decklet()
        .args(["play", "--save-log", "/nonexistent-dir/game.json"])
        .write_stdin("1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write the log to /nonexistent-dir/game.json"),
        "{err}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("decklet UNO"));
}

#[test]
fn simulate_refuses_zero_games() {
    let (code, err) = run_err(&["simulate", "--games", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--games must be at least 1"), "{err}");
}

#[test]
fn simulate_json_keys_are_camel_case_and_rates_rounded() {
    let out = run_ok(&[
        "simulate",
        "--games",
        "300",
        "--json",
        "--players",
        "2",
        "--bots",
        "random,heuristic",
    ]);
    let json: Value = serde_json::from_str(&out).unwrap();
    fn keys(v: &Value, found: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    found.push(k.clone());
                    keys(v, found);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| keys(v, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    keys(&json, &mut found);
    assert!(found.iter().all(|k| !k.contains('_')), "{found:?}");
    for key in ["fairShare", "meanScore", "cardsDrawn", "movesPerGame"] {
        assert!(found.contains(&key.to_string()), "{key}: {found:?}");
    }
    let rate = json["winsBySeat"][0]["rate"].as_f64().unwrap();
    assert_eq!(
        (rate * 1e4).round() / 1e4,
        rate,
        "rate {rate} is not rounded"
    );
    assert!(json["gamesPerSecond"].as_f64().unwrap().fract() == 0.0);
    assert!(!out.contains("0000000"), "{out}");
}

#[test]
fn simulate_into_a_closed_pipe_exits_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("decklet"))
        .args(["simulate", "--games", "20", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away, as `| head` does
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn replay_narrates_the_events_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    run_ok(&["simulate", "--games", "1", "--save-logs", logs]);
    let file = dir.path().join("game-000000.json");
    let text = run_ok(&["replay", file.to_str().unwrap(), "--events=text"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "p1's turn", "{text}");
    assert!(
        lines[1..5].iter().all(|l| l.ends_with("draws 7 cards")),
        "{text}"
    );
    assert!(lines[5].starts_with("the first card is "), "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" plays ") && l.contains(" → p")),
        "{text}"
    );
    assert!(lines.last().unwrap().ends_with(" wins"), "{text}");
    // the JSON form is still there, with or without its value
    let json = run_ok(&["replay", file.to_str().unwrap(), "--events", "json"]);
    assert!(
        json.lines()
            .all(|l| serde_json::from_str::<Value>(l).is_ok())
    );
    assert_eq!(
        json,
        run_ok(&["replay", file.to_str().unwrap(), "--events=json"])
    );
}

#[test]
fn replay_shows_text_from_a_log_with_its_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    run_ok(&["simulate", "--games", "1", "--save-logs", logs]);
    let file = dir.path().join("game-000000.json");
    let mut log: Value = serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    log.as_object_mut().unwrap().remove("finalDigest");
    log["gameId"] = "\u{1b}[2Jevil".into();
    let edited = dir.path().join("edited.json");
    fs::write(&edited, log.to_string()).unwrap();
    let out = run_ok(&["replay", edited.to_str().unwrap(), "--allow-unverified"]);
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains("\\u{1b}[2Jevil"), "{out}");
}

#[test]
fn replay_refuses_a_file_too_large_to_be_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.json");
    let file = fs::File::create(&huge).unwrap();
    file.set_len(65 * 1024 * 1024).unwrap(); // sparse: no 65 MiB written
    let (code, err) = run_err(&["replay", huge.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("larger than 64 MiB"), "{err}");
    // the limit is the user's to set
    let dir2 = tempfile::tempdir().unwrap();
    let logs = dir2.path().to_str().unwrap();
    run_ok(&["simulate", "--games", "1", "--save-logs", logs]);
    let small = dir2.path().join("game-000000.json");
    let (_, err) = run_err(&["replay", small.to_str().unwrap(), "--max-log-mib", "0"]);
    assert!(err.contains("larger than 0 MiB"), "{err}");
}

#[test]
fn simulate_stopped_by_a_signal_leaves_only_whole_logs() {
    let dir = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("decklet"))
        .args(["simulate", "--games", "10000000", "--save-logs"])
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // let it write some logs, then interrupt it as Ctrl-C would
    // (20 logs, however long this machine takes: the signal must find the program
    // at work; only a program that writes nothing for minutes fails here)
    let started = std::time::Instant::now();
    while fs::read_dir(dir.path()).unwrap().count() < 20 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "simulate wrote fewer than 20 logs in 5 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // `kill` (procps) is on every machine the tests run on; without it the test fails
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("the `kill` command sends the signal");
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{:?}", out.status);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted"), "{err}");
    let mut logs = 0;
    for entry in fs::read_dir(dir.path()).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(name.starts_with("game-"), "left behind: {name}");
        let text = fs::read_to_string(entry.path()).unwrap();
        assert!(
            serde_json::from_str::<Value>(&text).is_ok(),
            "{name} is not a whole log"
        );
        logs += 1;
    }
    assert!(logs >= 20, "{logs}");
}

#[test]
fn simulate_bounds_its_threads() {
    let (code, err) = run_err(&["simulate", "--games", "10", "--threads", "20000"]);
    assert_eq!(code, 2);
    assert!(err.contains("--threads must be between 1 and 256"), "{err}");
}

#[test]
fn an_output_error_is_a_message_and_status_1() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("decklet"))
        .args(["simulate", "--games", "5"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot write the output"), "{err}");
}

#[test]
fn a_log_cut_short_without_its_digest_fails_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().to_str().unwrap();
    run_ok(&["simulate", "--games", "1", "--save-logs", logs]);
    let file = dir.path().join("game-000000.json");
    let mut log: Value = serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    // the last ten moves and the digest deleted: what a user hiding the end would do
    let actions = log["actions"].as_array_mut().unwrap();
    let keep = actions.len() - 10;
    actions.truncate(keep);
    log.as_object_mut().unwrap().remove("finalDigest");
    let cut = dir.path().join("cut.json");
    fs::write(&cut, log.to_string()).unwrap();
    let (code, err) = run_err(&["replay", cut.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("digest"), "{err}");
    let out = run_ok(&["replay", cut.to_str().unwrap(), "--allow-unverified"]);
    assert!(out.contains("final state not verified"), "{out}");
    assert!(out.contains("status      playing"), "{out}");
}

#[test]
fn the_progress_bar_on_a_terminal_shows_whole_games_per_second() {
    // `script` runs the command on a pseudo-terminal, where the bar is drawn
    let Ok(out) = std::process::Command::new("script")
        .args(["-qec"])
        .arg(format!(
            "{} simulate --games 300 --threads 1",
            assert_cmd::cargo::cargo_bin("decklet").display()
        ))
        .arg("/dev/null")
        .output()
    else {
        return; // no `script` here: nothing to drive a terminal with
    };
    if !out.status.success() {
        return; // no pseudo-terminal to be had
    }
    let screen = String::from_utf8_lossy(&out.stdout).replace('\r', "\n");
    let rates: Vec<&str> = screen
        .lines()
        .filter(|l| l.contains(", eta "))
        .filter_map(|l| l.split(" games, ").nth(1))
        .filter_map(|rest| rest.split(" games/s").next())
        .collect();
    assert!(!rates.is_empty(), "no progress bar drawn: {screen}");
    assert!(rates.iter().all(|r| r.parse::<u64>().is_ok()), "{rates:?}");
}

/// Without `--seed`, `play` seeds from the operating system's randomness: 0.2 used the
/// clock, and a player who knew roughly when the game began found the seed (and with it
/// every hand) by search. The seed shown at the end is nowhere near the clock's.
#[test]
fn play_s_own_seed_is_not_the_clock() {
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
    };
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let before = now();
        let out = play_with(&["play", "--players", "2", "--bots", "random"], "q\n");
        let seed: u64 = out
            .split("--seed ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no seed shown: {out}"));
        assert!(
            seed.abs_diff(before) > 1_000_000_000_000,
            "seed {seed} is the clock {before}"
        );
        seeds.push(seed);
    }
    assert_ne!(seeds[0], seeds[1]);
}

/// The longest log decklet writes replays with the default limit: a match capped at
/// 1,000 rounds (0.2 wrote 11.6 MB and refused it above 8 MiB).
#[test]
fn a_capped_match_log_replays_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    run_ok(&[
        "simulate",
        "--games",
        "1",
        "--game",
        "uno(rules=official,house=draw-until-playable)",
        "--match",
        "4000000000",
        "--save-logs",
        path,
        "--json",
    ]);
    let file = dir.path().join("match-000000.json");
    let size = fs::metadata(&file).unwrap().len();
    assert!(size > 8 * 1024 * 1024, "{size} bytes");
    let out = run_ok(&["replay", file.to_str().unwrap()]);
    assert!(out.contains("replayed and verified"), "{out}");
}

/// The exit status and standard error of a run.
fn status_of(args: &[&str]) -> (Option<i32>, String) {
    let out = decklet().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_usage_error_exits_with_status_2_and_a_message() {
    for args in [
        &["simulate", "--players", "11"][..],
        &["simulate", "--bots", "rand"],
        &["simulate", "--game", "uno(house=stackin)"],
        &["simulate", "--game", "uno(rules=casual)"],
        &["simulate", "--game", "crazy_eights", "--match", "100"],
        &["simulate", "--game", "poker"],
        &["tournament", "--bots", "random,rand"],
        &["tournament", "--players", "11", "--bots", "random,random"],
        &["play", "--players", "1"],
        &["play", "--game", "crazy-eights", "--bots", "heuristik"],
        &["replay", "--events", "yaml", "x.json"],
        &["simulate", "--games", "0"],
        &["completions", "tcsh"],
    ] {
        let (code, err) = status_of(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
    // the possible values are listed
    let (_, err) = status_of(&["simulate", "--game", "uno(rules=casual)"]);
    assert!(err.contains("classic") && err.contains("official"), "{err}");
    // a failure that is not a usage error keeps status 1
    let (code, _) = status_of(&["replay", "/nonexistent/log.json"]);
    assert_eq!(code, Some(1));
}

#[test]
fn replay_takes_its_events_format_after_a_space_or_an_equals_sign() {
    let dir = tempfile::tempdir().unwrap();
    run_ok(&[
        "simulate",
        "--games",
        "1",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    let log = dir.path().join("game-000000.json");
    let log = log.to_str().unwrap();
    let spaced = run_ok(&["replay", "--events", "text", log]);
    assert_eq!(spaced, run_ok(&["replay", "--events=text", log]));
    assert!(spaced.contains(" plays "), "{spaced}");
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = run_ok(&["completions", shell]);
        assert!(script.contains("tournament"), "{shell}");
    }
}

#[test]
fn replay_narrates_the_official_and_house_rules_events() {
    let dir = tempfile::tempdir().unwrap();
    run_ok(&[
        "simulate",
        "--games",
        "30",
        "--game",
        "uno(rules=official,house=seven-zero+jump-in)",
        "--bots",
        "heuristic,random,heuristic",
        "--players",
        "3",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    let mut told = String::new();
    for entry in fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        told.push_str(&run_ok(&[
            "replay",
            "--events",
            "text",
            path.to_str().unwrap(),
        ]));
    }
    for words in [
        " scores ",
        " points",
        " calls UNO",
        " swaps hands with ",
        " wins",
    ] {
        assert!(told.contains(words), "never told: {words}");
    }
    assert!(
        !told.lines().any(|l| l.starts_with('(')),
        "an event told by its kind"
    );
}

#[test]
fn games_lists_every_game_with_its_parameters_and_bots() {
    let text = run_ok(&["games"]);
    for line in [
        "uno  (2 to 10 players)",
        "rules=classic|official  (default classic)",
        "bots: heuristic, heuristic:forget=P, random, ismcts, ismcts:N, policy:FILE",
        "crazy_eights  (2 to 15 players)",
        "max_draw_cards=1..52  (default 5)",
        "bots: strategist, random, ismcts, ismcts:N, policy:FILE",
        "hearts  (4 players)",
        // a game of no encoding of its own plays policies of the generic one
        "bots: ducker, random, ismcts, ismcts:N, policy:FILE",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    let games: Value = serde_json::from_str(&run_ok(&["games", "--json"])).unwrap();
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "uno",
            "crazy_eights",
            "hearts",
            "kuhn_poker",
            "leduc_poker",
            "mini_uno"
        ]
    );
    assert_eq!(games[2]["players"], serde_json::json!([4, 4]));
    assert_eq!(games[1]["players"], serde_json::json!([2, 15]));
    assert_eq!(games[1]["params"][2]["name"], "reshuffle");
    assert_eq!(games[1]["params"][2]["kind"], "bool");
    assert_eq!(games[1]["params"][2]["default"], "false");
}

/// A served match's log carries the deal's commitment with everything it hashes and
/// every player's share: `replay` checks the log's game, number of players and seed
/// against it, against the commitment the player was shown (`--commitment`), and
/// that the deal was drawn from the player's share (`--share`); a log whose game,
/// seats, seed, chosen flag, server share or shares differ is refused.
#[test]
fn replay_checks_the_deal_against_its_commitment() {
    let dir = tempfile::tempdir().unwrap();
    let seats: Vec<String> = vec!["human".into(), "bot:random".into()];
    let mine = "a1".repeat(32);
    let deal = decklet::DealCommitment::new(
        "uno".into(),
        seats,
        None,
        "5e".repeat(32),
        vec![mine.clone(), String::new()],
    );
    let seed = deal.seed().unwrap();
    // a game of two seats, a bot watching yours, dealt from `seed`: its log at `path`
    let watched = |seed: u64, path: &std::path::Path| {
        run_ok(&[
            "play",
            "--watch",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            &seed.to_string(),
            "--save-log",
            path.to_str().unwrap(),
        ]);
    };
    let plain = dir.path().join("plain.json");
    watched(seed, &plain);
    let mut log: Value = serde_json::from_str(&fs::read_to_string(&plain).unwrap()).unwrap();
    log["deal"] = serde_json::to_value(&deal).unwrap();
    let write = |name: &str, log: &Value| {
        let path = dir.path().join(name);
        fs::write(&path, log.to_string()).unwrap();
        path.to_str().unwrap().to_string()
    };
    let served = write("served.json", &log);

    let out = run_ok(&["replay", &served]);
    assert!(
        out.contains(&format!(
            "the game, seats and seed match the commitment {}",
            deal.commitment
        )),
        "{out}"
    );
    let out = run_ok(&[
        "replay",
        &served,
        "--commitment",
        &deal.commitment.to_uppercase(),
        "--share",
        &mine,
    ]);
    assert!(
        out.contains("the one given, drawn with your share (seat 1)"),
        "{out}"
    );
    // shown another commitment; a share the deal was not drawn from
    let (_, err) = run_err(&["replay", &served, "--commitment", &"0".repeat(64)]);
    assert!(err.contains("not the deal you were shown"), "{err}");
    let (_, err) = run_err(&["replay", &served, "--share", &"b2".repeat(32)]);
    assert!(err.contains("not one the deal was drawn from"), "{err}");
    // the share at another seat than yours
    let out = run_ok(&["replay", &served, "--share", &mine, "--seat", "1"]);
    assert!(out.contains("drawn with your share (seat 1)"), "{out}");
    let (_, err) = run_err(&["replay", &served, "--share", &mine, "--seat", "2"]);
    assert!(err.contains("seat 1's in the deal, not seat 2's"), "{err}");
    // a share revealed for the bot's seat (the server could have made it up to choose
    // among deals), the players seated otherwise, or a position adopted: refused
    let mut bot_share = log.clone();
    bot_share["deal"]["shares"][1] = Value::from("77".repeat(32));
    let (_, err) = run_err(&["replay", &write("bot.json", &bot_share)]);
    assert!(err.contains("a bot's seat has none"), "{err}");
    let mut reseated = log.clone();
    reseated["players"][0]["seat"] = Value::from(2);
    reseated["players"][1]["seat"] = Value::from(1);
    let (_, err) = run_err(&["replay", &write("reseated.json", &reseated)]);
    assert!(err.contains("players or plugins"), "{err}");
    let mut early = log.clone();
    early["startIndex"] = Value::from(1);
    let (_, err) = run_err(&["replay", &write("early.json", &early)]);
    assert!(err.contains("not dealt from its seed"), "{err}");
    // anything changed after the commitment: refused
    for (field, forged_value, says) in [
        ("serverShare", Value::from("11".repeat(32)), "hashes to"),
        ("chosen", Value::from(true), "hashes to"),
        (
            "seats",
            serde_json::json!(["human", "bot:heuristic"]),
            "hashes to",
        ),
        ("game", Value::from("hearts"), "hashes to"),
        (
            "shares",
            serde_json::json!(["b2".repeat(32), ""]),
            "draw the seed",
        ),
    ] {
        let mut forged = log.clone();
        forged["deal"][field] = forged_value;
        let (_, err) = run_err(&["replay", &write("forged.json", &forged)]);
        assert!(
            err.contains("does not match its commitment"),
            "{field}: {err}"
        );
        assert!(err.contains(says), "{field}: {err}");
    }
    // the log of another game (its own seed) under this deal
    let other = dir.path().join("other.json");
    watched(seed ^ 1, &other);
    let mut swapped: Value = serde_json::from_str(&fs::read_to_string(&other).unwrap()).unwrap();
    swapped["deal"] = serde_json::to_value(&deal).unwrap();
    let (_, err) = run_err(&["replay", &write("swapped.json", &swapped)]);
    assert!(err.contains("draw the seed"), "{err}");
    // a scheme 1 deal (a match made before) still checks its seed
    let mut old = log.clone();
    old["deal"] = serde_json::to_value(decklet::DealCommitment::scheme_1(
        seed,
        "00ff".repeat(8),
        false,
    ))
    .unwrap();
    let out = run_ok(&["replay", &write("old.json", &old)]);
    assert!(out.contains("scheme 1: it binds the seed alone"), "{out}");
    // a log with no deal has nothing to check
    let (_, err) = run_err(&[
        "replay",
        plain.to_str().unwrap(),
        "--commitment",
        &deal.commitment,
    ]);
    assert!(err.contains("carries no deal"), "{err}");
}

/// Whatever an argument holds, an error quotes it escaped: no control character and
/// no invisible one (a text direction's override turns the rest of a line around) reaches
/// the terminal, from clap's own messages or the command's.
#[test]
fn errors_quote_arguments_escaped() {
    for (args, quoted) in [
        (vec!["simulate", "--players", "\u{202e}3"], "\\u{202e}3"),
        // clap drops a terminal's escape sequences from what it quotes
        (
            vec!["simulate", "--players", "\u{1b}]0;x\u{7}"],
            "--players",
        ),
        (vec!["\u{202e}sim"], "\\u{202e}sim"),
        (
            vec!["replay", "/no/such\u{202e}file"],
            "/no/such\\u{202e}file",
        ),
        (vec!["simulate", "--game", "uno\u{200b}"], "uno\\u{200b}"),
    ] {
        let (_, err) = run_err(&args);
        assert!(err.contains(quoted), "{args:?}: {err}");
        assert!(
            !err.chars()
                .any(|c| (c.is_control() && c != '\n') || decklet::is_invisible(c)),
            "{args:?}: {err:?}"
        );
    }
}

/// The terminal table tells your own moves as yours: "You play red 7", "→ your turn",
/// never "p1 plays" (you are p1).
#[test]
fn play_tells_your_moves_as_yours() {
    let out = run_ok(&[
        "play",
        "--watch",
        "--seed",
        "5",
        "--players",
        "3",
        "--bots",
        "heuristic",
    ]);
    assert!(out.contains("\nYou play "), "{out}");
    assert!(out.contains("→ your turn"), "{out}");
    assert!(
        !out.contains("p1 plays") && !out.contains("p1's turn"),
        "{out}"
    );
    // the other seats are still told in the third person
    assert!(out.contains("p2 plays "), "{out}");
}

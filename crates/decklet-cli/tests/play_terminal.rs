//! `decklet play` as a terminal program: output that goes away, input that is hostile,
//! and signals, driving the real binary. Each of these aborted the program, kept or
//! echoed the input whole, or left an empty log before `play` got the other commands'
//! handling.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::Duration;

fn play() -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("decklet"));
    command.args(["play", "--seed", "7", "--players", "2"]);
    command
}

/// Asserts that the run ended by itself (not by a signal such as `SIGABRT`) with `code`.
fn ended_with(status: std::process::ExitStatus, code: i32, stderr: &[u8]) {
    assert_eq!(
        status.signal(),
        None,
        "killed by a signal: {}",
        String::from_utf8_lossy(stderr)
    );
    assert_eq!(
        status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(stderr)
    );
}

#[test]
fn a_reader_that_goes_away_ends_the_game_quietly() {
    // `decklet play | head -1`
    let mut child = play()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.contains("decklet uno: 2 players"), "{first}");
    drop(out);
    let mut input = child.stdin.take().unwrap();
    // moves until the program has noticed and left (writes then fail: it is gone)
    for _ in 0..200 {
        if input.write_all(b"1\nd\np\n").is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(input);
    let done = child.wait_with_output().unwrap();
    ended_with(done.status, 0, &done.stderr);
}

#[test]
fn a_full_output_is_an_error_message_and_status_1() {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let done = play()
        .stdout(full)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
        .wait_with_output()
        .unwrap();
    ended_with(done.status, 1, &done.stderr);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(err.contains("cannot write the output"), "{err}");
}

#[test]
fn an_error_with_standard_error_full_still_exits_with_status_1() {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let done = Command::new(assert_cmd::cargo::cargo_bin("decklet"))
        .args(["replay", "/nonexistent/log.json"])
        .stderr(full)
        .output()
        .unwrap();
    ended_with(done.status, 1, b"");
}

#[test]
fn a_huge_input_line_is_refused_without_being_kept_or_echoed() {
    let huge = "x".repeat(20 << 20);
    let done = play()
        .arg("--save-log")
        .arg(std::env::temp_dir().join("decklet-huge-line.json"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut input = child.stdin.take().unwrap();
            let writer = std::thread::spawn(move || {
                let _ = input.write_all(huge.as_bytes());
                let _ = input.write_all(b"\nq\n");
            });
            let done = child.wait_with_output();
            let _ = writer.join();
            done
        })
        .unwrap();
    ended_with(done.status, 0, &done.stderr);
    let out = String::from_utf8_lossy(&done.stdout);
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
    assert!(
        out.contains("That line is 20971520 bytes long; a move is at most 1024."),
        "{out}"
    );
    assert!(out.contains("You quit the game."), "{out}");
}

#[test]
fn control_characters_in_input_are_echoed_escaped() {
    for game in ["uno", "crazy-eights"] {
        let done = play()
            .args(["--game", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut input = child.stdin.take().unwrap();
                input.write_all(b"\x1b]0;pwned\x07\x1b[2J\nq\n").unwrap();
                drop(input);
                child.wait_with_output()
            })
            .unwrap();
        ended_with(done.status, 0, &done.stderr);
        let out = String::from_utf8_lossy(&done.stdout);
        assert!(
            !out.contains('\u{1b}'),
            "{game}: a raw escape reached the output"
        );
        assert!(out.contains("\\u{1b}]0;pwned\\u{7}"), "{game}: {out}");
    }
}

#[test]
fn a_stop_signal_during_play_saves_the_game_so_far_whole() {
    for signal in ["-INT", "-TERM", "-HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let mut child = play()
            .arg("--save-log")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        // a few moves, then wait for the program to ask again
        input.write_all(b"d\np\nd\np\n").unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut prompts = 0;
        let mut seen = Vec::new();
        // (a read waits for the program, however slow: it asks three times)
        while prompts < 3 {
            let mut chunk = [0u8; 4096];
            let n = std::io::Read::read(out.get_mut(), &mut chunk).unwrap_or(0);
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&chunk[..n]);
            prompts = String::from_utf8_lossy(&seen).matches("> ").count();
        }
        // `kill` (procps) is on every machine the tests run on; without it the test fails
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("the `kill` command sends the signal");
        assert!(killed.success());
        let done = child.wait_with_output().unwrap();
        ended_with(done.status, 130, &done.stderr);
        let err = String::from_utf8_lossy(&done.stderr);
        assert!(err.contains("saved to"), "{signal}: {err}");
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["game.json"], "{signal}: left behind");
        let log: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert!(
            log["actions"].as_array().is_some_and(|a| !a.is_empty()),
            "{signal}: no moves in the log"
        );
        let replay = Command::new(assert_cmd::cargo::cargo_bin("decklet"))
            .arg("replay")
            .arg(&path)
            .output()
            .unwrap();
        ended_with(replay.status, 0, &replay.stderr);
        drop(input);
    }
}

//! What the CLI tests share: running the real binary.
#![allow(dead_code)] // each test file uses some of them

use assert_cmd::Command;
use serde_json::Value;

pub fn decklet() -> Command {
    Command::cargo_bin("decklet").unwrap()
}

pub fn run_ok(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

pub fn run_err(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{args:?} should fail with status 1"
    );
    String::from_utf8(out.stderr).unwrap()
}

/// `decklet play` with `args`, answering `1` to `times` prompts; its output.
pub fn play_answering_1(args: &[&str], times: usize) -> String {
    let out = decklet()
        .args(args)
        .write_stdin("1\n".repeat(times))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&run_ok(args)).unwrap()
}

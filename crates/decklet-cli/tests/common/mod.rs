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

/// The standard error of a run that must be refused: status 1 (a failure) or 2 (a usage
/// error), never a crash.
pub fn run_err(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{args:?} should fail with status 1 or 2, not {:?}",
        out.status
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

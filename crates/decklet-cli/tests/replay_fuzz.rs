//! The CLI's replay path fuzzed as a bounded property test: real logs, mutated at
//! random (bytes changed, cut, inserted, fields swapped), given to the real binary.
//! Whatever the file holds, `decklet replay` ends with status 0 or 1 (never a panic, an
//! abort or a signal), and a failure says what is wrong.

use std::fs;
use std::sync::OnceLock;

use assert_cmd::cargo::cargo_bin;
use proptest::prelude::*;

/// A few real logs, from games of 2, 4 and 6 players.
fn logs() -> &'static Vec<Vec<u8>> {
    static LOGS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let mut logs = Vec::new();
        for players in ["2", "4", "6"] {
            let status = std::process::Command::new(cargo_bin("decklet"))
                .args([
                    "simulate",
                    "--games",
                    "2",
                    "--players",
                    players,
                    "--save-logs",
                ])
                .arg(dir.path())
                .arg("--json")
                .output()
                .unwrap();
            assert!(status.status.success());
            for entry in fs::read_dir(dir.path()).unwrap().flatten() {
                logs.push(fs::read(entry.path()).unwrap());
                fs::remove_file(entry.path()).unwrap();
            }
        }
        logs
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip { at: usize, byte: u8 },
    Cut { at: usize, len: usize },
    Insert { at: usize, bytes: Vec<u8> },
    Truncate { at: usize },
    Duplicate { at: usize, len: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        (at, any::<u8>()).prop_map(|(at, byte)| Mutation::Flip { at, byte }),
        (at, 1usize..200).prop_map(|(at, len)| Mutation::Cut { at, len }),
        (
            at,
            prop::collection::vec(
                prop_oneof![
                    Just(b'"'),
                    Just(b'{'),
                    Just(b'}'),
                    Just(b','),
                    Just(b'9'),
                    Just(b'-'),
                    any::<u8>()
                ],
                1..12,
            )
        )
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        at.prop_map(|at| Mutation::Truncate { at }),
        (at, 1usize..400).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
    ]
}

fn apply(mut log: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = log.len().max(1);
        match m {
            Mutation::Flip { at, byte } => {
                if let Some(b) = log.get_mut(at % len) {
                    *b = *byte;
                }
            }
            Mutation::Cut { at, len: n } => {
                let start = at % len;
                let end = (start + n).min(log.len());
                log.drain(start.min(end)..end);
            }
            Mutation::Insert { at, bytes } => {
                let at = (at % len).min(log.len());
                log.splice(at..at, bytes.iter().copied());
            }
            Mutation::Truncate { at } => log.truncate(at % len),
            Mutation::Duplicate { at, len: n } => {
                let start = (at % len).min(log.len());
                let end = (start + n).min(log.len());
                let copy = log[start..end].to_vec();
                log.splice(end..end, copy);
            }
        }
    }
    log
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn replay_of_any_mutated_log_ends_with_0_or_1(
        which in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..4),
        events in prop_oneof![Just(None), Just(Some("--events=json")), Just(Some("--events=text"))],
    ) {
        let original = &logs()[which % logs().len()];
        let bytes = apply(original.clone(), &mutations);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("log.json");
        fs::write(&file, &bytes).unwrap();
        let mut cmd = std::process::Command::new(cargo_bin("decklet"));
        cmd.arg("replay").arg(&file);
        if let Some(flag) = events {
            cmd.arg(flag);
        }
        let out = cmd.output().unwrap();
        let code = out.status.code();
        prop_assert!(matches!(code, Some(0) | Some(1)), "status {:?}: {}", out.status,
            String::from_utf8_lossy(&out.stderr));
        if code == Some(1) {
            let err = String::from_utf8_lossy(&out.stderr);
            prop_assert!(err.starts_with("error: "), "{}", err);
        } else {
            prop_assert!(out.stderr.is_empty());
        }
    }
}

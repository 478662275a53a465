//! Golden outputs: whole games recorded byte for byte.
//!
//! For seeds 1–200 and 2, 4 and 6 players, a game between `RandomBot`s (and, for seeds
//! 1–50 at four players, `RandomBot`s and `HeuristicBot`s in alternate seats) is played
//! on a fresh engine; the record holds the saved log's JSON, the JSON of every event a
//! `subscribe_all` subscriber hears, and the final state's JSON. The engine's internals
//! may change freely; these bytes may not. A deliberate change of behaviour regenerates
//! the file (`DECKLET_BLESS=1 cargo test -p decklet-tests --test it golden`) in a commit
//! that says which outputs changed and why.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::uno_bot;
use decklet::uno::count_game;
use decklet::uno::uno_game;
use decklet::{EngineConfig, GameEngine};

/// The recorded games, gzip-compressed.
fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/games.txt.gz")
}

/// The seat's bot for a game: a fixed, simple derivation from the game's seed.
fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed * 10 + seat as u64
}

/// One game, written as text: a header line, then the log, the events (one per line)
/// and the final state.
fn record_game(out: &mut String, seed: u64, players: usize, kinds: &[&str]) {
    let mut engine = GameEngine::new(
        &uno_game(&[]).unwrap(),
        EngineConfig {
            seed,
            game_id: "golden".into(),
            ..Default::default()
        },
    );
    let heard = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&heard);
    engine.subscribe_all(move |event| {
        let line = serde_json::to_string(&event.to_json().expect("an event of the game"))
            .expect("an event serializes");
        let mut sink = sink.lock().expect("one thread");
        sink.push_str(&line);
        sink.push('\n');
    });
    engine
        .create_game(decklet::Player::numbered(players))
        .expect("create");
    engine.start().expect("start");
    let mut bots: Vec<_> = (0..players)
        .map(|seat| {
            uno_bot(
                kinds[seat % kinds.len()],
                &uno_game(&[]).unwrap(),
                bot_seed(seed, seat),
            )
        })
        .collect();
    let (report, _) = count_game(&mut engine, &mut bots, 100_000).expect("the game plays");
    assert!(!report.capped, "seed {seed}: the game ends");
    let names: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
    out.push_str(&format!(
        "== seed {seed} players {players} bots {}\n",
        names.join(",")
    ));
    out.push_str("-- log\n");
    out.push_str(&serde_json::to_string(&engine.log()).expect("the log serializes"));
    out.push_str("\n-- events\n");
    out.push_str(&heard.lock().expect("one thread"));
    out.push_str("-- state\n");
    out.push_str(&serde_json::to_string(engine.state()).expect("the state serializes"));
    out.push('\n');
}

/// Every recorded game, in order.
fn record_all() -> String {
    let mut out = String::new();
    for players in [2, 4, 6] {
        for seed in 1..=200 {
            record_game(&mut out, seed, players, &["random"]);
        }
    }
    for seed in 1..=50 {
        record_game(&mut out, seed, 4, &["random", "heuristic"]);
    }
    out
}

fn read_golden() -> String {
    let file = std::fs::File::open(golden_path()).expect("the golden file is in the repo");
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("the golden file is gzip text");
    text
}

fn write_golden(text: &str) {
    let file = std::fs::File::create(golden_path()).expect("the golden file can be written");
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    gz.write_all(text.as_bytes()).expect("write");
    gz.finish().expect("write");
}

/// The first game whose record differs, and its first differing line, for the message.
fn first_difference(expected: &str, actual: &str) -> String {
    let mut game = "(before the first game)";
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e.starts_with("== ") {
            game = e;
        }
        if e != a {
            let at = e
                .bytes()
                .zip(a.bytes())
                .position(|(x, y)| x != y)
                .unwrap_or(e.len().min(a.len()));
            let from = at.saturating_sub(60);
            let window = |s: &str| {
                s.get(from..(at + 60).min(s.len()))
                    .unwrap_or("")
                    .to_string()
            };
            return format!(
                "{game}, line {}: byte {at}\n  expected …{}…\n  actual   …{}…",
                i + 1,
                window(e),
                window(a)
            );
        }
    }
    format!(
        "{} lines expected, {} produced",
        expected.lines().count(),
        actual.lines().count()
    )
}

#[test]
fn golden_games_are_reproduced_byte_for_byte() {
    let actual = record_all();
    if std::env::var_os("DECKLET_BLESS").is_some() {
        write_golden(&actual);
        return;
    }
    let expected = read_golden();
    assert!(
        expected == actual,
        "the golden games changed: {}",
        first_difference(&expected, &actual)
    );
}

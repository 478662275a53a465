//! One seat driver for every tool: one seed with one set of bots plays the same game,
//! move for move, through the bot loop (`decklet simulate`), the terminal table
//! (`decklet play --watch`), the learning environment (`decklet_env::Table`, its seats
//! given the bots) and the server (`decklet serve`, a match of bots alone). Each tool
//! seeds a seat's bot with `decklet_bots::seat_seed(game seed, seat)` and asks the seats
//! in one order (windows out of turn first, then the player to move). The bots include
//! a search that hears every move and reads what its seat knows, and the rules include
//! moves out of turn (jump-in, calling UNO), so that the windows are exercised too.

#![cfg(feature = "server")]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use decklet::bots::seat_seed;
use decklet::env::GameSpec;
use decklet::env::tournament::game_seed;
use decklet_catalog::Catalog;
use decklet_server::client::{Http, STUCK};
use serde_json::{Value, json};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The game: official UNO with jump-in and calling UNO (moves out of turn).
const GAME: &str = "uno(house=jump-in,rules=official)";
/// A bot a seat: the heuristic (it acts out of turn), a search that hears and reads
/// its seat's knowledge, UNO's random bot (it acts out of turn too).
const BOTS: [&str; 4] = ["heuristic", "ismcts:25", "random", "heuristic"];
/// The master seed of the simulation (its game 0 is dealt from `game_seed(SEED, 0)`).
const SEED: u64 = 31;

/// The moves of a log (`{"type", "payload"}` each), as JSON.
fn moves_of(log: &Value) -> Vec<Value> {
    log["actions"].as_array().cloned().unwrap_or_default()
}

fn decklet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_decklet"))
}

#[test]
fn one_seed_and_one_set_of_bots_play_one_game_through_every_tool() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let bots = BOTS.join(",");
    let seed = game_seed(SEED, 0);

    // the bot loop
    let logs = dir.path().join("logs");
    let out = decklet()
        .args(["simulate", "--game", GAME, "--games", "1", "--threads", "1"])
        .args(["--seed", &SEED.to_string(), "--bots", &bots, "--save-logs"])
        .arg(&logs)
        .output()?;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let simulated: Value = serde_json::from_slice(&std::fs::read(logs.join("game-000000.json"))?)?;
    let expected = moves_of(&simulated);
    assert!(expected.len() > 20, "{} moves", expected.len());
    assert!(
        expected
            .iter()
            .any(|m| m["type"] == "UNO_CALL" || m["type"] == "UNO_CATCH"),
        "no move out of turn was made: the windows are not exercised"
    );

    // the terminal table, watched
    let saved = dir.path().join("watched.json");
    let out = decklet()
        .args(["play", "--game", GAME, "--watch", "--players", "4"])
        .args(["--seed", &seed.to_string(), "--bots", &bots, "--save-log"])
        .arg(&saved)
        .stdin(Stdio::null())
        .output()?;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let watched: Value = serde_json::from_slice(&std::fs::read(&saved)?)?;
    assert_eq!(moves_of(&watched), expected, "the terminal table");

    // the learning environment, every seat given its bot
    let catalog = Catalog::standard();
    let spec = GameSpec::load(&catalog, GAME, 4)?;
    let mut table = spec.table(4, seed, 10_000)?;
    for (seat, name) in BOTS.iter().enumerate() {
        let bot = spec.bot(name, seat_seed(seed, seat))?;
        table.set_bot(seat, bot.into_inner())?;
    }
    assert!(
        table.is_over(),
        "the environment's bots did not finish the game"
    );
    let learnt = serde_json::to_value(table.engine().log())?;
    assert_eq!(moves_of(&learnt), expected, "the environment");

    // the server, a match of bots alone dealt from the seed
    let mut server = decklet()
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("server.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = server.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or_else(|| format!("no address in {line:?}"))?
        .to_string();
    let served = tokio::runtime::Runtime::new()?.block_on(async {
        let api = Http::new(addr);
        let seats: Vec<Value> = BOTS
            .iter()
            .map(|b| json!({"kind": "bot", "bot": b}))
            .collect();
        let id = api
            .create(json!({"game": GAME, "seed": seed, "seats": seats}))
            .await?;
        let started = Instant::now();
        loop {
            let (_, summary) = api.get(&format!("/api/matches/{id}")).await?;
            if summary["status"] == "finished" {
                break;
            }
            if started.elapsed() > STUCK {
                return Err::<Value, Error>(format!("the match did not finish: {summary}").into());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let (status, text) = api.get_text(&format!("/api/matches/{id}/log")).await?;
        assert_eq!(status, 200, "{text}");
        Ok(serde_json::from_str(&text)?)
    });
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(moves_of(&served?), expected, "the server");
    Ok(())
}

//! `decklet serve`, the real binary: it starts on a fresh directory with no other
//! setup, a finished match's log replays with `decklet replay`, and a server killed
//! with SIGKILL while 100 matches are played loses no acknowledged move.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use decklet_server::client::{Connection, Error, Http, Lcg, choose, drain, play_out};
use serde_json::json;

/// A `decklet serve` process on a free port; answers it and its address.
fn serve(db: &Path) -> Result<(Child, String), Error> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_decklet"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or_else(|| format!("no address in {line:?}"))?
        .to_string();
    Ok((child, addr))
}

fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?)
}

#[test]
fn serve_starts_on_a_fresh_directory_and_a_finished_match_s_log_replays() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("decklet.db");
    let (mut child, addr) = serve(&db)?;
    let result = runtime()?.block_on(async {
        let api = Http::new(addr.clone());
        let (status, page) = api.get_text("/").await?;
        assert_eq!(status, 200);
        assert!(page.contains("<title>decklet</title>"));
        let id = api
            .create(json!({"game": "uno", "rules": "official",
                "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]}))
            .await?;
        let started = Instant::now();
        loop {
            let (_, summary) = api.get(&format!("/api/matches/{id}")).await?;
            if summary["status"] == "finished" {
                break;
            }
            if started.elapsed() > Duration::from_secs(60) {
                return Err::<String, Error>("a bots' match did not end".into());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (status, log) = api.get_text(&format!("/api/matches/{id}/log")).await?;
        assert_eq!(status, 200);
        Ok(log)
    });
    let _ = child.kill();
    let _ = child.wait();
    let log = result?;
    assert!(db.exists(), "the database file was not created");
    let file = dir.path().join("match.json");
    std::fs::write(&file, log)?;
    let replay = Command::new(env!("CARGO_BIN_EXE_decklet"))
        .arg("replay")
        .arg(&file)
        .output()?;
    let out = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success(), "{out}");
    assert!(out.contains("final state verified"), "{out}");
    Ok(())
}

/// One scripted seat of the crash test: what it was told it did.
struct Seat {
    id: String,
    seat: usize,
    token: String,
    /// The seqs of its own moves the server acknowledged (an `update` by it).
    acked: Vec<u64>,
}

/// Plays every seat's connection a few moves at a time until `until`; records each
/// acknowledged move of its own.
async fn play_until(
    seats: &mut [Seat],
    clients: &mut [Connection],
    until: Instant,
) -> Result<(), Error> {
    let mut rng = Lcg(5);
    let mut sent: Vec<Option<u64>> = vec![None; clients.len()];
    while Instant::now() < until {
        for (i, client) in clients.iter_mut().enumerate() {
            let before = client.messages.len();
            if !drain(client, Duration::from_millis(0)).await? {
                continue;
            }
            for m in &client.messages[before..] {
                let own = m["by"].as_u64() == Some(seats[i].seat as u64) && m["origin"] == "move";
                if m["type"] == "update" && own {
                    seats[i].acked.extend(m["seq"].as_u64());
                }
            }
            let Some(state) = client.last_state().cloned() else {
                continue;
            };
            let seq = state["seq"].as_u64().unwrap_or(0);
            if state["status"] == "playing"
                && state["moves"].as_array().is_some_and(|m| !m.is_empty())
                && sent[i] != Some(seq)
            {
                let index = choose(&state, &mut rng);
                client
                    .send(&json!({"type": "move", "seq": seq, "index": index}))
                    .await?;
                sent[i] = Some(seq);
            }
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    Ok(())
}

#[test]
fn a_server_killed_mid_play_loses_no_acknowledged_move() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("crash.db");
    let (mut child, addr) = serve(&db)?;
    let rt = runtime()?;
    let mut seats: Vec<Seat> = Vec::new();
    let played = rt.block_on(async {
        let api = Http::new(addr.clone());
        for m in 0..100u64 {
            let id = api
                .create(json!({"game": "uno", "seed": m,
                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                              {"kind": "human"}, {"kind": "bot", "bot": "random"}]}))
                .await?;
            for seat in [0, 2] {
                let token = api.join(&id, seat, &format!("Script {seat}")).await?;
                seats.push(Seat {
                    id: id.clone(),
                    seat,
                    token,
                    acked: Vec::new(),
                });
            }
        }
        let mut clients = Vec::new();
        for s in &seats {
            clients.push(api.seat(&s.id, &s.token, None).await?);
        }
        play_until(
            &mut seats,
            &mut clients,
            Instant::now() + Duration::from_secs(3),
        )
        .await?;
        Ok::<Vec<Connection>, Error>(clients)
    });
    // SIGKILL, mid-play: no chance to flush anything
    child.kill()?;
    child.wait()?;
    let clients = played?;
    let acked: usize = seats.iter().map(|s| s.acked.len()).sum();
    assert!(
        acked >= 100,
        "too few moves were acknowledged before the kill: {acked}"
    );
    drop(clients);

    let (mut child, addr) = serve(&db)?;
    let result = rt.block_on(async {
        let api = Http::new(addr.clone());
        let store = decklet_server::Store::open(&db.display().to_string()).await?;
        let mut by_match: HashMap<&str, Vec<&Seat>> = HashMap::new();
        for s in &seats {
            by_match.entry(s.id.as_str()).or_default().push(s);
        }
        for (id, group) in &by_match {
            let (_, summary) = api.get(&format!("/api/matches/{id}")).await?;
            let seq = summary["seq"].as_u64().ok_or("no seq")?;
            let actions = store.actions(id, 0).await?;
            // every stored action once, in order, and as many as the match says
            let seqs: Vec<u64> = actions.iter().map(|a| a.seq).collect();
            assert_eq!(seqs, (1..=seq).collect::<Vec<u64>>(), "match {id}");
            for s in group {
                for &n in &s.acked {
                    let stored = actions
                        .get(n as usize - 1)
                        .ok_or("an acknowledged move is missing")?;
                    assert_eq!(
                        (stored.seat, stored.origin.as_str()),
                        (s.seat, "move"),
                        "match {id} action {n}"
                    );
                }
            }
        }
        // every match resumes where it was stored, and plays to its end
        let mut clients = Vec::new();
        for s in &seats {
            let since = s.acked.last().copied();
            let mut client = api.seat(&s.id, &s.token, since).await?;
            client.wait_for("state").await?;
            clients.push(client);
        }
        // every match goes on: a few more moves in each
        let mut resumed: Vec<Seat> = seats
            .iter()
            .map(|s| Seat {
                id: s.id.clone(),
                seat: s.seat,
                token: s.token.clone(),
                acked: Vec::new(),
            })
            .collect();
        play_until(
            &mut resumed,
            &mut clients,
            Instant::now() + Duration::from_secs(2),
        )
        .await?;
        for (id, group) in &by_match {
            let (_, summary) = api.get(&format!("/api/matches/{id}")).await?;
            let before = group
                .iter()
                .flat_map(|s| s.acked.iter())
                .max()
                .copied()
                .unwrap_or(0);
            let went_on =
                summary["status"] == "finished" || summary["seq"].as_u64() > Some(before + 1);
            assert!(
                went_on,
                "match {id} did not go on after the restart: {summary}"
            );
        }
        // and the first five play to their end, with logs that replay
        let mut firsts: Vec<Connection> = clients.drain(..10).collect();
        play_out(&mut firsts, 9).await?;
        let mut ids: Vec<&String> = seats.iter().take(10).map(|s| &s.id).collect();
        ids.dedup();
        for id in ids {
            let (status, _) = api.get_text(&format!("/api/matches/{id}/log")).await?;
            assert_eq!(status, 200, "match {id} has no log");
        }
        Ok::<usize, Error>(by_match.len())
    });
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(result?, 100);
    Ok(())
}

#[test]
fn serve_refuses_bad_options() -> Result<(), Error> {
    for args in [
        vec!["serve", "--db", "mysql://nowhere/db"],
        vec!["serve", "--addr", "not-an-address", "--db", ":memory-none:"],
        vec!["serve", "--max-matches", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_decklet"))
            .args(&args)
            .output()?;
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(
            !String::from_utf8_lossy(&out.stderr).trim().is_empty(),
            "{args:?}: no message"
        );
    }
    Ok(())
}

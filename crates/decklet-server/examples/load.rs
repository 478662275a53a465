//! The server's load benchmark (not a test): `decklet serve` as a child process (or
//! one already running: `--addr` and `--pid`), and N matches of four WebSocket clients
//! each, on loopback, playing as fast as they can (each client moves as soon as a
//! position lists a move for it), or at a person's pace (`--think-ms`: each move is
//! sent after a think of half to one and a half times it); a finished match is
//! replaced by a new one. Reports the actions a second, the round trip of a move (sent
//! → its `update` back to the sender: p50, p99, max), the server's CPU a move and its
//! memory.
//!
//! ```sh
//! cargo build --release -p decklet-cli --features server
//! cargo run --release -p decklet-server --features client --example load -- \
//!     --matches 1000 --seconds 30 [--db postgres://…] [--server target/release/decklet]
//! # at a person's pace, against a server started apart (with the limits per client
//! # raised, as the load example raises them; two load processes, when the sockets of
//! # one would pass the process's limit on open files)
//! … --example load -- --matches 2450 --think-ms 750 --seconds 90 --addr 127.0.0.1:8080 --pid PID
//! ```

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use decklet_server::client::{Error, Http, Lcg, choose, connect};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

struct Options {
    matches: usize,
    seconds: u64,
    db: Option<String>,
    server: String,
    /// A person's think before each move, in ms (0: none).
    think_ms: u64,
    /// A server already running, and its process id.
    addr: Option<String>,
    pid: Option<u32>,
}

fn options() -> Result<Options, Error> {
    let mut o = Options {
        matches: 1000,
        seconds: 30,
        db: None,
        server: "target/release/decklet".to_string(),
        think_ms: 0,
        addr: None,
        pid: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--matches" => o.matches = value()?.parse()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--db" => o.db = Some(value()?),
            "--server" => o.server = value()?,
            "--think-ms" => o.think_ms = value()?.parse()?,
            "--addr" => o.addr = Some(value()?),
            "--pid" => o.pid = Some(value()?.parse()?),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    Ok(o)
}

/// The server's resident memory now and at its peak, in KiB (Linux `/proc`).
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The CPU time the server has used so far, in seconds, user and system (Linux
/// `/proc`, in clock ticks of 1/100 s).
fn cpu_seconds(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // the fields after the command's name (in parentheses, which may hold spaces)
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    (ticks(11) / 100.0, ticks(12) / 100.0)
}

/// What a scripted player reads of a message.
#[derive(serde::Deserialize)]
struct Brief {
    #[serde(rename = "type")]
    kind: String,
    seq: Option<u64>,
    by: Option<usize>,
    status: Option<String>,
    #[serde(default)]
    moves: Vec<Value>,
    /// An update's position after it.
    state: Option<Box<Brief>>,
}

#[derive(Default)]
struct Tally {
    actions: AtomicU64,
    games: AtomicU64,
    refused: AtomicU64,
    rtts: Mutex<Vec<u32>>,
}

/// One match's four clients, driven by one task: moves as fast as the positions
/// allow; a new match once one ends; until `until`.
async fn drive(
    api: Http,
    tally: Arc<Tally>,
    seed: u64,
    until: Instant,
    think_ms: u64,
) -> Result<(), Error> {
    let mut rng = Lcg(seed);
    while Instant::now() < until {
        let id = api
            .create(json!({"game": "uno", "seats": vec![json!({"kind": "human"}); 4]}))
            .await?;
        let mut sinks = Vec::new();
        let mut streams = Vec::new();
        for seat in 0..4 {
            let token = api.join(&id, seat, &format!("Load {seat}")).await?;
            let url = format!("ws://{}/api/matches/{id}/ws", api.addr);
            let ws = connect(&url).await?;
            let (mut sink, stream) = ws.split();
            sink.send(Message::text(
                json!({"type": "hello", "token": token}).to_string(),
            ))
            .await?;
            sinks.push(sink);
            streams.push(stream.map(move |m| (seat, m)));
        }
        let mut all = futures_util::stream::select_all(streams);
        let mut sent: Vec<Option<(u64, Instant)>> = vec![None; 4];
        let mut samples = Vec::new();
        // a move thought over: its seat, seq, index and when it is sent (the reading
        // goes on meanwhile, so that round trips are timed when the answers arrive)
        let mut thinking: Option<(usize, u64, usize, Instant)> = None;
        loop {
            let due = thinking.map(|(.., at)| at);
            let next = tokio::select! {
                next = all.next() => next,
                () = tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()), if due.is_some() => {
                    if let Some((seat, seq, index, _)) = thinking.take() {
                        let text = json!({"type": "move", "seq": seq, "index": index}).to_string();
                        sent[seat] = Some((seq, Instant::now()));
                        sinks[seat].send(Message::text(text)).await?;
                    }
                    continue;
                }
            };
            let Some((seat, message)) = next else { break };
            let Ok(Message::Text(text)) = message else {
                continue;
            };
            // only the fields a player needs (the rest is skipped, not built)
            let m: Brief = serde_json::from_str(text.as_str())?;
            if m.kind == "update"
                && m.by == Some(seat)
                && let Some((at, when)) = sent[seat]
                && m.seq == Some(at + 1)
            {
                samples.push(when.elapsed().as_micros() as u32);
                tally.actions.fetch_add(1, Ordering::Relaxed);
            }
            let position = match m.kind.as_str() {
                "refused" => {
                    tally.refused.fetch_add(1, Ordering::Relaxed);
                    None
                }
                "state" => Some(&m),
                "update" => m.state.as_deref(),
                _ => None,
            };
            if let Some(m) = position {
                if m.status.as_deref() == Some("finished") {
                    tally.games.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                let seq = m.seq.unwrap_or(0);
                let has = !m.moves.is_empty();
                let planned = thinking.is_some_and(|(s, q, ..)| s == seat && q == seq);
                if has
                    && !planned
                    && sent[seat].is_none_or(|(s, _)| s != seq)
                    && Instant::now() < until
                {
                    let listed = json!({"moves": m.moves});
                    let index = choose(&listed, &mut rng);
                    if think_ms > 0 {
                        // half to one and a half times the think
                        let ms = think_ms / 2 + rng.below(think_ms as usize + 1) as u64;
                        thinking =
                            Some((seat, seq, index, Instant::now() + Duration::from_millis(ms)));
                        continue;
                    }
                    let text = json!({"type": "move", "seq": seq, "index": index}).to_string();
                    sent[seat] = Some((seq, Instant::now()));
                    sinks[seat].send(Message::text(text)).await?;
                }
                if Instant::now() >= until {
                    break;
                }
            }
        }
        tally.rtts.lock().await.extend(samples);
        for mut sink in sinks {
            let _ = sink.close().await;
        }
    }
    Ok(())
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    f64::from(sorted[at.min(sorted.len() - 1)]) / 1000.0
}

fn main() -> Result<(), Error> {
    let o = options()?;
    let dir = tempfile::tempdir()?;
    let db =
        o.db.clone()
            .unwrap_or_else(|| dir.path().join("load.db").display().to_string());
    let (mut child, addr, pid) = match (&o.addr, o.pid) {
        (Some(addr), Some(pid)) => (None, addr.clone(), pid),
        (None, None) => {
            let mut child = Command::new(&o.server)
                .args(["serve", "--addr", "127.0.0.1:0", "--name"])
                .arg(format!("load-{}", std::process::id()))
                .arg("--max-matches")
                .arg((o.matches * 2).to_string())
                // every simulated client is on this machine's address
                .args(["--connections-per-client", "1000000"])
                .args(["--matches-per-client", "1000000"])
                .args(["--requests-per-second", "1000000000"])
                .arg("--db")
                .arg(&db)
                .stdout(Stdio::piped())
                .spawn()?;
            let mut line = String::new();
            BufReader::new(child.stdout.take().ok_or("no stdout")?).read_line(&mut line)?;
            let addr = line
                .split("http://")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .ok_or("the server did not say where it listens")?
                .to_string();
            let pid = child.id();
            (Some(child), addr, pid)
        }
        _ => return Err("--addr and --pid go together".into()),
    };
    let (base, _) = memory(pid);
    let (user, system) = cpu_seconds(pid);
    let cpu_before = user + system;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let tally = Arc::new(Tally::default());
    let result = runtime.block_on(async {
        let api = Http::new(addr.clone());
        let started = Instant::now();
        let until = started + Duration::from_secs(o.seconds);
        let mut tasks = Vec::new();
        for m in 0..o.matches {
            tasks.push(tokio::spawn(drive(
                api.clone(),
                Arc::clone(&tally),
                m as u64 + 1,
                until,
                o.think_ms,
            )));
        }
        // memory once every match is under way, then at the end
        tokio::time::sleep(Duration::from_secs(o.seconds / 2)).await;
        let (mid, _) = memory(pid);
        let half = (cpu_seconds(pid), tally.actions.load(Ordering::Relaxed));
        let mut failed = 0;
        for task in tasks {
            match task.await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => {
                    failed += 1;
                    if failed <= 3 {
                        eprintln!("a driver failed: {error}");
                    }
                }
                Err(error) => {
                    failed += 1;
                    if failed <= 3 {
                        eprintln!("a driver panicked: {error}");
                    }
                }
            }
        }
        Ok::<_, Error>((started.elapsed().as_secs_f64(), mid, half, failed))
    });
    let (end, peak) = memory(pid);
    let (user_end, system_end) = cpu_seconds(pid);
    let cpu_end = user_end + system_end;
    let cpu = cpu_end - cpu_before;
    if let Some(child) = child.as_mut() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let (seconds, mid, ((user_half, system_half), actions_half), failed) = result?;
    let cpu_half = user_half + system_half;
    let mut rtts = std::mem::take(&mut *tally.rtts.blocking_lock());
    rtts.sort_unstable();
    let actions = tally.actions.load(Ordering::Relaxed);
    println!(
        "server: {} ({})",
        o.server,
        if db.starts_with("postgres") {
            "Postgres"
        } else {
            "SQLite"
        }
    );
    println!("matches at once: {} ({failed} drivers failed)", o.matches);
    println!("games finished: {}", tally.games.load(Ordering::Relaxed));
    println!(
        "moves acknowledged: {actions} in {seconds:.1} s = {:.0} a second",
        actions as f64 / seconds
    );
    println!(
        "server CPU: {cpu:.1} s = {:.0} µs a move acknowledged (matches made and joined included)",
        cpu * 1e6 / actions.max(1) as f64
    );
    println!(
        "server CPU in the second half: {:.1} s = {:.0} µs a move acknowledged (every match under way; user {:.0} µs, system {:.0} µs)",
        cpu_end - cpu_half,
        (cpu_end - cpu_half) * 1e6 / actions.saturating_sub(actions_half).max(1) as f64,
        (user_end - user_half) * 1e6 / actions.saturating_sub(actions_half).max(1) as f64,
        (system_end - system_half) * 1e6 / actions.saturating_sub(actions_half).max(1) as f64,
    );
    println!(
        "refused (a move raced by another seat's): {}",
        tally.refused.load(Ordering::Relaxed)
    );
    println!(
        "round trip of a move: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        percentile(&rtts, 0.5),
        percentile(&rtts, 0.99),
        percentile(&rtts, 1.0),
        rtts.len()
    );
    println!(
        "server memory: {:.1} MiB at start, {:.1} MiB mid-run, {:.1} MiB at the end, peak {:.1} MiB; {:.0} KiB a live match",
        base as f64 / 1024.0,
        mid as f64 / 1024.0,
        end as f64 / 1024.0,
        peak as f64 / 1024.0,
        (mid.saturating_sub(base)) as f64 / o.matches as f64
    );
    Ok(())
}

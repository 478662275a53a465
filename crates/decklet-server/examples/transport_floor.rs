//! The transport's speed limit (a measuring tool, not a test): the load benchmark's
//! shape with no game, no database and no JSON. N "matches" of four WebSocket clients
//! on loopback; a match is one task, as in the server; the client whose turn it is
//! sends a small move, the match's task sends each of its four connections one frame
//! of `--bytes` bytes (the turn passes to the next seat), and the mover times the
//! round trip until its own frame comes back. What the server adds to a move (the
//! engine, the store, the messages' JSON) comes on top of these figures.
//!
//! ```sh
//! cargo run --release -p decklet-server --features client --example transport_floor -- \
//!     --matches 1000 --seconds 20 --bytes 1200 --frames 1
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::routing::get;
use decklet_server::client::{Error, connect};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Mutex, mpsc};
use tokio_tungstenite::tungstenite;

struct Options {
    matches: usize,
    seconds: u64,
    bytes: usize,
    frames: usize,
}

fn options() -> Result<Options, Error> {
    let mut o = Options {
        matches: 1000,
        seconds: 20,
        bytes: 1200,
        frames: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--matches" => o.matches = value()?.parse()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--bytes" => o.bytes = value()?.parse()?,
            "--frames" => o.frames = value()?.parse()?,
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    Ok(o)
}

/// The server side: each match's queue of connections joining, and of moves.
struct Floor {
    matches: Vec<mpsc::Sender<mpsc::Sender<Arc<str>>>>,
    moves: Vec<mpsc::Sender<()>>,
}

/// One match's task: waits for its four connections, then, for each move, queues one
/// frame (`frames` of them) for every connection.
async fn match_task(
    mut joins: mpsc::Receiver<mpsc::Sender<Arc<str>>>,
    mut moves: mpsc::Receiver<()>,
    bytes: usize,
    frames: usize,
) {
    let mut outs = Vec::new();
    while outs.len() < 4 {
        match joins.recv().await {
            Some(out) => outs.push(out),
            None => return,
        }
    }
    let mut turn = 0usize;
    while moves.recv().await.is_some() {
        turn = (turn + 1) % 4;
        // the frame says whose turn it is now: its first byte
        let mut text = turn.to_string();
        text.push_str(&"x".repeat(bytes.saturating_sub(1)));
        let text: Arc<str> = text.into();
        for out in &outs {
            for _ in 0..frames {
                let _ = out.try_send(Arc::clone(&text));
            }
        }
    }
}

async fn upgrade(
    ws: WebSocketUpgrade,
    State(floor): State<Arc<Floor>>,
    axum::extract::Path(m): axum::extract::Path<usize>,
) -> axum::response::Response {
    // as the server's connections are
    ws.read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| connection(socket, floor, m))
}

async fn connection(socket: WebSocket, floor: Arc<Floor>, m: usize) {
    let (Some(join), Some(moves)) = (floor.matches.get(m), floor.moves.get(m)) else {
        return;
    };
    let (out_tx, mut out_rx) = mpsc::channel::<Arc<str>>(64);
    if join.send(out_tx).await.is_err() {
        return;
    }
    let (mut sink, mut stream) = socket.split();
    let writer = tokio::spawn(async move {
        while let Some(text) = out_rx.recv().await {
            let mut batch = vec![text];
            while let Ok(next) = out_rx.try_recv() {
                batch.push(next);
            }
            for text in batch {
                if sink
                    .feed(Message::Text(text.as_ref().into()))
                    .await
                    .is_err()
                {
                    return;
                }
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
    });
    while let Some(Ok(message)) = stream.next().await {
        if let Message::Text(_) = message
            && moves.send(()).await.is_err()
        {
            break;
        }
    }
    writer.abort();
}

/// One match's four clients: the seat whose turn it is moves at once.
async fn drive(
    addr: String,
    m: usize,
    frames: usize,
    until: Instant,
    done: Arc<AtomicU64>,
    rtts: Arc<Mutex<Vec<u32>>>,
) -> Result<(), Error> {
    let mut sinks = Vec::new();
    let mut streams = Vec::new();
    for seat in 0..4 {
        let ws = connect(&format!("ws://{addr}/{m}")).await?;
        let (sink, stream) = ws.split();
        sinks.push(sink);
        streams.push(stream.map(move |message| (seat, message)));
    }
    let mut all = futures_util::stream::select_all(streams);
    let mut samples = Vec::new();
    let mut sent = Instant::now();
    let mut mover = 0usize;
    let mut seen = [0usize; 4];
    sinks[0]
        .send(tungstenite::Message::text(
            "{\"type\":\"move\",\"seq\":0,\"index\":0}",
        ))
        .await?;
    while let Some((seat, message)) = all.next().await {
        let Ok(tungstenite::Message::Text(text)) = message else {
            continue;
        };
        seen[seat] += 1;
        if seat != mover || !seen[seat].is_multiple_of(frames) {
            continue;
        }
        samples.push(sent.elapsed().as_micros() as u32);
        done.fetch_add(1, Ordering::Relaxed);
        if Instant::now() >= until {
            break;
        }
        mover = usize::from(text.as_bytes()[0] - b'0');
        // the next mover's frames may not all be read yet: they will be, as it waits
        sent = Instant::now();
        sinks[mover]
            .send(tungstenite::Message::text(
                "{\"type\":\"move\",\"seq\":0,\"index\":0}",
            ))
            .await?;
    }
    rtts.lock().await.extend(samples);
    Ok(())
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else {
        return 0.0;
    };
    f64::from(sorted[((last as f64 * p).round() as usize).min(last)]) / 1000.0
}

fn main() -> Result<(), Error> {
    let o = options()?;
    // the server on two threads of its own, the clients on two others, as the load
    // benchmark's server and clients are two processes
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let mut matches = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..o.matches {
        let (join_tx, join_rx) = mpsc::channel(4);
        let (move_tx, move_rx) = mpsc::channel(256);
        server.spawn(match_task(join_rx, move_rx, o.bytes, o.frames));
        matches.push(join_tx);
        moves.push(move_tx);
    }
    let floor = Arc::new(Floor { matches, moves });
    let app = axum::Router::new()
        .route("/{m}", get(upgrade))
        .with_state(floor);
    let listener = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
    let addr = listener.local_addr()?.to_string();
    server.spawn(async move { axum::serve(listener, app).await });
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let done = Arc::new(AtomicU64::new(0));
    let rtts = Arc::new(Mutex::new(Vec::new()));
    let seconds = clients.block_on(async {
        let started = Instant::now();
        let until = started + Duration::from_secs(o.seconds);
        let mut tasks = Vec::new();
        for m in 0..o.matches {
            tasks.push(tokio::spawn(drive(
                addr.clone(),
                m,
                o.frames,
                until,
                Arc::clone(&done),
                Arc::clone(&rtts),
            )));
        }
        for task in tasks {
            if let Ok(Err(error)) = task.await {
                eprintln!("a match's clients failed: {error}");
            }
        }
        started.elapsed().as_secs_f64()
    });
    let mut rtts = std::mem::take(&mut *rtts.blocking_lock());
    rtts.sort_unstable();
    let moves = done.load(Ordering::Relaxed);
    println!(
        "matches at once: {}, {} frame(s) of {} bytes to each of 4 seats a move",
        o.matches, o.frames, o.bytes
    );
    println!(
        "moves: {moves} in {seconds:.1} s = {:.0} a second",
        moves as f64 / seconds
    );
    println!(
        "round trip of a move: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&rtts, 0.5),
        percentile(&rtts, 0.99),
        percentile(&rtts, 1.0)
    );
    Ok(())
}

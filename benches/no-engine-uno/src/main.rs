//! `no-engine-uno --games N --players P --seed S`: plays N games on one thread and
//! prints the throughput, actions per game with their standard deviation, and a
//! checksum of the winners' seats (so the work cannot be optimised away).

use std::process::ExitCode;
use std::time::Instant;

use no_engine_uno::{Rng, Table};

fn arg(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(at) => args
            .get(at + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a whole number")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = (|| {
        Ok::<_, String>((
            arg(&args, "--games", 1_000_000)?,
            arg(&args, "--players", 4)?,
            arg(&args, "--seed", 1)?,
        ))
    })();
    let (games, players, seed) = match parsed {
        Ok(values) => values,
        Err(message) => {
            eprintln!(
                "no-engine-uno: {message}\nusage: no-engine-uno --games N --players P --seed S"
            );
            return ExitCode::from(2);
        }
    };
    let mut rng = Rng::new(seed);
    let mut table = Table::new();
    let (mut actions, mut squares, mut checksum, mut capped) = (0u64, 0f64, 0u64, 0u64);
    let started = Instant::now();
    for _ in 0..games {
        let outcome = table.play(&mut rng, players as usize);
        actions += u64::from(outcome.actions);
        squares += f64::from(outcome.actions).powi(2);
        match outcome.winner {
            Some(seat) => checksum += seat as u64,
            None => capped += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let mean = actions as f64 / n;
    let sd = (squares / n - mean * mean).max(0.0).sqrt();
    println!("games: {games}");
    println!("players: {players}");
    println!("games/sec: {:.0}", games as f64 / seconds);
    println!("ns/action: {:.1}", seconds * 1e9 / actions.max(1) as f64);
    println!("actions/game: {mean:.2}");
    println!("actions/game sd: {sd:.2}");
    println!("capped: {capped}");
    println!("checksum: {checksum}");
    ExitCode::SUCCESS
}

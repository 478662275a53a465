//! Steps of a vector of UNO tables a second, in Rust alone: self-play with random legal
//! actions, to see what the Python vector environment costs beyond the binding.
//!
//! `cargo run --release -p decklet-env --example vector_speed -- [LANES] [STEPS] [THREADS]`

use std::time::Instant;

use decklet_core::GameRng;
use decklet_env::{Buffers, GameSpec, RewardMode, VectorConfig, VectorTables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let lanes: usize = args.next().map_or(Ok(256), |a| a.parse())?;
    let steps: usize = args.next().map_or(Ok(2_000), |a| a.parse())?;
    let threads: usize = args.next().map_or(Ok(1), |a| a.parse())?;
    let spec = GameSpec::load(&decklet_catalog::Catalog::standard(), "uno", 4)?;
    let (obs, acts) = (
        spec.encoding().observation_len(),
        spec.encoding().action_count() + 1,
    );
    let players = 4;
    let config = VectorConfig {
        lanes,
        players,
        opponents: None,
        threads,
        seed: 0,
        max_moves: 10_000,
        rewards: RewardMode::Win,
    };
    let mut tables = VectorTables::new(spec, &config)?;
    let mut observations = vec![0.0; lanes * obs];
    let mut masks = vec![0i8; lanes * acts];
    let (mut rewards, mut terminated, mut truncated) =
        (vec![0.0; lanes], vec![false; lanes], vec![false; lanes]);
    let (mut seats, mut finals) = (vec![0i64; lanes], vec![0.0; lanes * players]);
    macro_rules! out {
        () => {
            Buffers {
                observations: &mut observations,
                masks: &mut masks,
                rewards: &mut rewards,
                terminated: &mut terminated,
                truncated: &mut truncated,
                seats: &mut seats,
                final_rewards: &mut finals,
            }
        };
    }
    tables.reset(0, out!())?;
    let mut rng = GameRng::seed_from(1);
    let mut actions = vec![0i64; lanes];
    let start = Instant::now();
    for _ in 0..steps {
        for (i, action) in actions.iter_mut().enumerate() {
            let row = &masks[i * acts..(i + 1) * acts];
            let legal: Vec<usize> = (0..acts).filter(|a| row[*a] == 1).collect();
            *action = match legal.len() {
                0 => 0,
                n => legal[rng.index(n)] as i64,
            };
        }
        tables
            .step(&actions, out!())
            .map_err(|(i, e)| format!("env {i}: {e}"))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let rate = (lanes * steps) as f64 / seconds;
    println!("{lanes} lanes, {steps} steps: {rate:.0} lane steps a second");
    Ok(())
}

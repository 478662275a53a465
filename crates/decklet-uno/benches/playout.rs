//! A full 4-player game with random legal moves through the engine, from `create_game`
//! to the win (rules, events and log on).

#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use decklet_uno::{Bot, BotKind, new_uno_engine, play_game};

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("uno");
    // actions per game for the throughput line: measured over the same seeds
    let games = 200u64;
    let mut actions = 0;
    for seed in 0..games {
        let mut engine = new_uno_engine(seed, 4).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| BotKind::Random.create(seed * 4 + i))
            .collect();
        actions += play_game(&mut engine, &mut bots, 100_000).unwrap().actions;
    }
    eprintln!(
        "mean actions/game (bare-uno counting): {:.1}",
        actions as f64 / games as f64
    );
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            let mut engine = new_uno_engine(seed, 4).unwrap();
            let mut bots: Vec<Box<dyn Bot>> = (0..4)
                .map(|i| BotKind::Random.create(seed * 4 + i))
                .collect();
            black_box(play_game(&mut engine, &mut bots, 100_000).unwrap())
        })
    });
    group.finish();
}

criterion_group!(benches, playout);
criterion_main!(benches);

//! 7-card poker evaluation on random hands (hands/s via criterion's throughput).

#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use decklet_core::GameRng;
use decklet_plugins::poker::{PokerCard, evaluate};

fn random_hands(count: usize) -> Vec<[PokerCard; 7]> {
    let deck: Vec<PokerCard> = (0..4u8)
        .flat_map(|s| (2..=14u8).map(move |r| PokerCard::new(r, s)))
        .collect();
    let mut rng = GameRng::seed_from(7);
    (0..count)
        .map(|_| {
            let shuffled = rng.shuffle(&deck);
            let mut hand = [PokerCard::new(2, 0); 7];
            hand.copy_from_slice(&shuffled[..7]);
            hand
        })
        .collect()
}

fn poker(c: &mut Criterion) {
    let hands = random_hands(4096);
    let mut group = c.benchmark_group("poker");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("evaluate 7 cards", |b| {
        b.iter(|| {
            let mut best = 0u32;
            for hand in &hands {
                if let Ok(rank) = evaluate(black_box(hand)) {
                    best = best.max(rank.value());
                }
            }
            best
        })
    });
    group.finish();
}

criterion_group!(benches, poker);
criterion_main!(benches);

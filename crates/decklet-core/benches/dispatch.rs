//! Cost of one trivial action through the engine, and of a 10-action cascade.

#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use decklet_core::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Tap {
    player_id: PlayerId,
    chain: u32,
}
impl Action for Tap {
    const KIND: &'static str = "TAP";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

const TAPS: Var<i64> = Var::new("bench:taps");

struct Bench;
impl GamePlugin for Bench {
    fn id(&self) -> &'static str {
        "bench"
    }
    fn name(&self) -> &'static str {
        "Bench"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::new("playing", |_, _, s| {
                if s.status() == GameStatus::Playing {
                    Ok(())
                } else {
                    Err("not playing".into())
                }
            }),
            Rule::new("known", |a, _, s| match a.player_id() {
                Some(p) if s.player(p).is_some() => Ok(()),
                _ => Err("unknown player".into()),
            }),
            Rule::for_action::<Tap>("short", |t, _, _| {
                if t.chain <= 10 {
                    Ok(())
                } else {
                    Err("too long".into())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Tap>(|tap, ctx| {
            let n = ctx.state().variable(&TAPS).unwrap_or(0);
            ctx.set_variable(&TAPS, n + 1);
            if tap.chain > 1 {
                ctx.dispatch(Tap {
                    player_id: tap.player_id,
                    chain: tap.chain - 1,
                });
            }
            Ok(())
        })]
    }
}

fn engine() -> GameEngine {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(Bench).build().unwrap(),
        EngineConfig::default(),
    );
    engine
        .create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])
        .unwrap();
    engine.start().unwrap();
    engine
}

fn dispatch(c: &mut Criterion) {
    let mut group = c.benchmark_group("dispatch");
    let mut e = engine();
    let p1 = e.state().player_id("p1").unwrap();
    group.bench_function("trivial action, 3 rules, 1 handler", |b| {
        b.iter(|| {
            e.dispatch(Tap {
                player_id: p1,
                chain: 1,
            })
            .map(|o| black_box(o.events.len()))
        })
    });
    let mut e = engine();
    group.bench_function("10-action cascade", |b| {
        b.iter(|| {
            e.dispatch(Tap {
                player_id: p1,
                chain: 10,
            })
            .map(|o| black_box(o.events.len()))
        })
    });
    group.finish();
}

criterion_group!(benches, dispatch);
criterion_main!(benches);

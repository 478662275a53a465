//! A full 4-player game with random legal moves through the engine, from `create_game`
//! to the win (rules, events and log on).

#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use decklet_bots::{Bot, ask, play_game_with};
use decklet_core::{EngineConfig, GameEngine, Moves, Verify};
use decklet_uno::{
    GameCounter, UnoRandomBot, card_view, current_color, legal_actions, new_uno_engine, uno_game,
    uno_search,
};

/// Random bots for four seats.
fn random_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4)
        .map(|i| Box::new(UnoRandomBot::new(seed * 4 + i)) as Box<dyn Bot>)
        .collect()
}

/// Plays a started game to its end; the actions, counted as `decklet simulate` counts.
fn play(engine: &mut GameEngine, seed: u64) -> u64 {
    let mut counter = GameCounter::attach(engine);
    counter.begin();
    play_game_with(engine, &mut random_bots(seed), 100_000, &mut |_, m, i| {
        counter.count_move(m, i)
    })
    .unwrap();
    counter.finish(engine.state()).actions
}

fn playout(c: &mut Criterion) {
    let game = uno_game(&[]).unwrap();
    let mut group = c.benchmark_group("uno");
    // actions per game for the throughput line: measured over the same seeds
    let games = 200u64;
    let mut actions = 0;
    for seed in 0..games {
        let mut engine = new_uno_engine(&game, seed, 4).unwrap();
        actions += play(&mut engine, seed);
    }
    eprintln!(
        "mean actions/game (counted as `decklet simulate` counts): {:.1}",
        actions as f64 / games as f64
    );
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            let mut engine = new_uno_engine(&game, seed, 4).unwrap();
            black_box(play(&mut engine, seed))
        })
    });
    // the same games, replayed from their logs (create_game to the win)
    let logs: Vec<_> = (0..64u64)
        .map(|seed| {
            let mut engine = new_uno_engine(&game, seed, 4).unwrap();
            play(&mut engine, seed);
            engine.log()
        })
        .collect();
    let mut next = 0usize;
    group.bench_function("replay a 4-player game log", |b| {
        b.iter(|| {
            next = (next + 1) % logs.len();
            let mut engine = GameEngine::new(&game, EngineConfig::default());
            engine.replay(&logs[next], Verify::Required).unwrap();
            black_box(engine)
        })
    });
    // parsed once (typed actions), replayed many times: no JSON work per replay
    let parsed: Vec<_> = logs
        .iter()
        .map(|log| game.parse_log(log).unwrap())
        .collect();
    let mut next = 0usize;
    group.bench_function("replay a parsed 4-player game log", |b| {
        b.iter(|| {
            next = (next + 1) % parsed.len();
            let mut engine = GameEngine::new(&game, EngineConfig::default());
            engine.replay(&parsed[next], Verify::Required).unwrap();
            black_box(engine)
        })
    });
    let mut next = 0usize;
    group.bench_function("play the same logged games", |b| {
        b.iter(|| {
            next = (next + 1) % logs.len();
            let seed = next as u64;
            let mut engine = new_uno_engine(&game, seed, 4).unwrap();
            black_box(play(&mut engine, seed))
        })
    });
    // a new match: an engine of the built game, its players created and the deal made,
    // against building the game first
    let mut seed = 0u64;
    group.bench_function("new match of a built game (engine, create, start)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(new_uno_engine(&game, seed, 4).unwrap())
        })
    });
    group.bench_function("build the game, then a new match", |b| {
        b.iter(|| {
            seed += 1;
            black_box(new_uno_engine(&uno_game(&[]).unwrap(), seed, 4).unwrap())
        })
    });
    group.finish();

    // cloning a mid-game state, as a search bot would
    let mut engine = new_uno_engine(&game, 5, 4).unwrap();
    let mut bot = UnoRandomBot::new(1);
    let mut moves = Moves::new();
    // 30 moves in, at a choice (two legal moves at least: a search has work to do)
    for _ in 0..30 {
        let player = engine.state().current_player().unwrap();
        let choice = ask(&mut bot, &engine, player, &mut moves).unwrap();
        engine.dispatch_move(&moves, choice).unwrap();
    }
    loop {
        let player = engine.state().current_player().unwrap();
        if legal_actions(engine.state(), player).len() >= 2 {
            break;
        }
        let choice = ask(&mut bot, &engine, player, &mut moves).unwrap();
        engine.dispatch_move(&moves, choice).unwrap();
    }
    let state = engine.state().clone();
    eprintln!(
        "mid-game state: {} zones, {} cards placed (4 bytes each) + shared tables",
        state.zones().len(),
        state
            .zones()
            .map(|z| state.zone_cards(z).len())
            .sum::<usize>(),
    );
    c.bench_function("clone a mid-game GameState", |b| {
        b.iter(|| black_box(state.clone()))
    });
    c.bench_function("fork a mid-game engine", |b| {
        b.iter(|| black_box(engine.fork()))
    });
    c.bench_function("digest a mid-game state", |b| {
        b.iter(|| black_box(decklet_core::state_digest(&state)))
    });

    // what a search bot does: sample worlds from one seat's view, search a move
    let seat = state.current_player().unwrap();
    let mut rng = decklet_core::GameRng::seed_from(3);
    let info = state.info_state(seat);
    let nothing_more = decklet_core::SeatKnowledge::default();
    c.bench_function("determinize a mid-game information state", |b| {
        b.iter(|| black_box(info.determinize(&nothing_more, &mut rng)))
    });
    c.bench_function("make a mid-game information state", |b| {
        b.iter(|| black_box(state.info_state(seat)))
    });
    let mut refreshed = state.info_state(seat);
    c.bench_function("refresh a mid-game information state", |b| {
        b.iter(|| {
            refreshed.refresh(&state);
            black_box(refreshed.turn())
        })
    });
    // and with what a seat learns from a draw: the next hand holds none of a colour
    let next = state
        .seat_order()
        .iter()
        .copied()
        .find(|p| *p != seat)
        .unwrap();
    let color = current_color(&state).unwrap();
    let limit = decklet_core::ZoneLimit {
        zone: state.hand_zone(next).unwrap(),
        cards: state
            .cards()
            .ids()
            .filter(|c| card_view(&state, *c).is_some_and(|v| v.color == Some(color)))
            .collect(),
        at_most: 0,
    };
    let limited = decklet_core::SeatKnowledge {
        placed: Vec::new(),
        limits: vec![limit],
    };
    c.bench_function(
        "determinize a mid-game information state, one hand limited",
        |b| b.iter(|| black_box(info.determinize(&limited, &mut rng))),
    );
    engine.game().legal_moves(&state, seat, &mut moves);
    let mut search = c.benchmark_group("ismcts");
    search.sample_size(10);
    search.throughput(Throughput::Elements(1000));
    search.bench_function(
        "1000 iterations, 4-player mid-game (elements: iterations)",
        |b| {
            let mut bot = uno_search(&game, 1000, 7);
            b.iter(|| black_box(bot.choose(&info, &moves)))
        },
    );
    search.finish();
}

criterion_group!(benches, playout);
criterion_main!(benches);

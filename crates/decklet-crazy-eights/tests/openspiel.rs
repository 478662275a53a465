//! Random play of decklet's Crazy Eights against the figures OpenSpiel's
//! `crazy_eights` gives under the same random play
//! (`benches/crazy-eights-openspiel/openspiel.json`, written by `measure.py` beside
//! it): every figure within four standard errors.

use decklet_core::{EngineConfig, GameEngine, GameRng, GameStatus};
use decklet_crazy_eights::{
    C8_VAR_END, CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine,
};
use serde_json::Value;

/// What random games gave.
#[derive(Debug, Default)]
struct Figures {
    lengths: Vec<f64>,
    wins: Vec<f64>,
    out: f64,
    turns: f64,
    passes: f64,
}

fn play_random(players: usize, special: bool, games: usize, seed: u64) -> Figures {
    let options = CrazyEightsOptions {
        use_special_cards: special,
        ..CrazyEightsOptions::default()
    };
    let game = crazy_eights_game(options).unwrap();
    let mut rng = GameRng::seed_from(seed);
    let mut moves = decklet_core::Moves::new();
    let mut figures = Figures {
        wins: vec![0.0; players],
        ..Figures::default()
    };
    for g in 0..games {
        let mut engine: GameEngine =
            new_crazy_eights_engine(&game, seed ^ (g as u64) << 8, players).unwrap();
        engine.set_config(EngineConfig {
            collect_events: false,
            ..engine.config().clone()
        });
        let mut length = 0;
        while engine.state().status() == GameStatus::Playing {
            let seat = engine.state().current_player().unwrap();
            game.legal_moves(engine.state(), seat, &mut moves);
            assert!(!moves.is_empty(), "a seat with the turn has a move");
            let pick = rng.index(moves.len());
            engine.dispatch_move(&moves, pick).unwrap();
            length += 1;
        }
        figures.lengths.push(length as f64);
        let state = engine.state();
        match state.variable(&C8_VAR_END).as_deref() {
            Some("out") => figures.out += 1.0,
            Some("turns") => figures.turns += 1.0,
            _ => figures.passes += 1.0,
        }
        if let Some(winner) = state.winners().first() {
            let index = state.players().position(|p| p == *winner).unwrap();
            figures.wins[index] += 1.0;
        }
    }
    figures
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn sd(values: &[f64]) -> f64 {
    let m = mean(values);
    (values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / values.len() as f64).sqrt()
}

/// Checks a share against OpenSpiel's: within 4 standard errors of the difference.
fn close_share(what: &str, ours: f64, n: usize, theirs: f64, m: f64, failures: &mut Vec<String>) {
    let p = (ours * n as f64 + theirs * m) / (n as f64 + m);
    let se = (p * (1.0 - p) * (1.0 / n as f64 + 1.0 / m))
        .sqrt()
        .max(1e-9);
    let z = (ours - theirs) / se;
    println!("{what}: decklet {ours:.4}, OpenSpiel {theirs:.4}, z {z:+.2}");
    if z.abs() > 4.0 {
        failures.push(format!("{what}: {ours:.4} vs {theirs:.4} (z {z:+.2})"));
    }
}

#[test]
fn random_play_matches_openspiel_within_four_standard_errors() {
    let text = include_str!("../../../benches/crazy-eights-openspiel/openspiel.json");
    let data: Value = serde_json::from_str(text).unwrap();
    let games: usize = std::env::var("C8_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(4_000);
    let mut failures = Vec::new();
    for (i, stats) in data["statistics"].as_array().unwrap().iter().enumerate() {
        let players = stats["config"]["players"].as_u64().unwrap() as usize;
        let special = stats["config"]["use_special_cards"].as_bool().unwrap();
        let m = stats["games"].as_f64().unwrap();
        let ours = play_random(players, special, games, 77 + i as u64);
        let label = format!(
            "{players} players{}",
            if special { ", special cards" } else { "" }
        );
        let (our_mean, their_mean) = (mean(&ours.lengths), stats["mean_length"].as_f64().unwrap());
        let se = (sd(&ours.lengths).powi(2) / games as f64
            + stats["sd_length"].as_f64().unwrap().powi(2) / m)
            .sqrt();
        let z = (our_mean - their_mean) / se;
        println!(
            "{label}: mean length decklet {our_mean:.3}, OpenSpiel {their_mean:.3}, z {z:+.2}"
        );
        if z.abs() > 4.0 {
            failures.push(format!(
                "{label}: mean length {our_mean:.3} vs {their_mean:.3} (z {z:+.2})"
            ));
        }
        let n = games;
        close_share(
            &format!("{label}: out"),
            ours.out / n as f64,
            n,
            stats["end_share"]["out"].as_f64().unwrap(),
            m,
            &mut failures,
        );
        close_share(
            &format!("{label}: passes"),
            ours.passes / n as f64,
            n,
            stats["end_share"]["passes"].as_f64().unwrap(),
            m,
            &mut failures,
        );
        close_share(
            &format!("{label}: turns"),
            ours.turns / n as f64,
            n,
            stats["end_share"]["turns"].as_f64().unwrap(),
            m,
            &mut failures,
        );
        for (seat, share) in stats["win_share"].as_array().unwrap().iter().enumerate() {
            close_share(
                &format!("{label}: player {seat} wins"),
                ours.wins[seat] / n as f64,
                n,
                share.as_f64().unwrap(),
                m,
                &mut failures,
            );
        }
        let mut sorted = ours.lengths.clone();
        sorted.sort_by(f64::total_cmp);
        let quartile = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
        for (k, q) in [0.25, 0.5, 0.75].iter().enumerate() {
            let theirs = stats["quartiles"][k].as_f64().unwrap();
            // a quartile's standard error: sqrt(q(1-q)/n) / density, the density read
            // from the spread of the middle half
            let iqr = (quartile(0.75) - quartile(0.25)).max(1.0);
            let density = 0.5 / iqr;
            let se = (q * (1.0 - q) * (1.0 / games as f64 + 1.0 / m)).sqrt() / density;
            let ours_q = quartile(*q);
            let z = (ours_q - theirs) / se.max(0.5);
            println!("{label}: quartile {q}: decklet {ours_q}, OpenSpiel {theirs}, z {z:+.2}");
            if z.abs() > 4.0 {
                failures.push(format!(
                    "{label}: quartile {q} {ours_q} vs {theirs} (z {z:+.2})"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "differences from OpenSpiel:\n{}",
        failures.join("\n")
    );
}

//! Random play of decklet's Hearts against the figures OpenSpiel's `hearts` gives under
//! the same random play (`benches/hearts-openspiel/openspiel.json`, written by
//! `measure.py` beside it), for five sets of parameters: how many cards a player may
//! play (over the game and on the first trick), the points in the first trick, each
//! player's mean return and share of wins, how often the moon is shot, and the trick in
//! which the first heart falls.
//! Every figure within four standard errors.

use decklet_core::{EngineConfig, GameRng, GameStatus, PlayCard};
use decklet_hearts::{
    HEARTS, HEARTS_VAR_MOON, HEARTS_VAR_PASSING, HEARTS_VAR_PLAYED, HeartsCard, HeartsOptions,
    hearts_game, hearts_points, hearts_returns, new_hearts_engine,
};
use serde_json::Value;

/// What random games gave.
#[derive(Debug, Default)]
struct Figures {
    legal: Vec<f64>,
    legal_first_trick: Vec<f64>,
    returns: [Vec<f64>; 4],
    wins: [f64; 4],
    moons: f64,
    first_heart: Vec<f64>,
    first_trick_points: Vec<f64>,
}

fn options_of(config: &Value) -> HeartsOptions {
    let mut text = String::from("hearts");
    let params: Vec<String> = config
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if !params.is_empty() {
        text = format!("hearts({})", params.join(","));
    }
    HeartsOptions::from_game_string(&text.parse().unwrap()).unwrap()
}

fn play_random(options: HeartsOptions, games: usize, seed: u64) -> Figures {
    let game = hearts_game(options).unwrap();
    let mut rng = GameRng::seed_from(seed);
    let mut moves = decklet_core::Moves::new();
    let mut figures = Figures::default();
    for g in 0..games {
        let mut engine = new_hearts_engine(&game, seed ^ ((g as u64) << 8)).unwrap();
        engine.set_config(EngineConfig {
            collect_events: false,
            ..engine.config().clone()
        });
        let mut first_heart = None;
        let (mut legal, mut legal_first) = (Vec::new(), Vec::new());
        while engine.state().status() == GameStatus::Playing {
            let state = engine.state();
            let seat = state.current_player().unwrap();
            game.legal_moves(state, seat, &mut moves);
            let at = rng.index(moves.len());
            let pick = moves.to_any(at).unwrap();
            if !state.variable(&HEARTS_VAR_PASSING).unwrap() {
                let played = state.variable(&HEARTS_VAR_PLAYED).unwrap();
                let count = moves.len() as f64;
                legal.push(count);
                if played < 4 {
                    legal_first.push(count);
                }
                let card = pick.downcast_ref::<PlayCard>().unwrap().card_ids[0];
                let face = HeartsCard::of(state.card(card).unwrap()).unwrap();
                if face.suit == HEARTS && first_heart.is_none() {
                    first_heart = Some((played / 4 + 1) as f64);
                }
            }
            engine.dispatch_move(&moves, at).unwrap();
        }
        // a game's decisions are not independent: the game is the unit of the spread
        figures.legal.push(mean(&legal));
        figures.legal_first_trick.push(mean(&legal_first));
        let state = engine.state();
        for (seat, r) in hearts_returns(state).into_iter().enumerate() {
            figures.returns[seat].push(r);
        }
        let points = hearts_points(state);
        let least = *points.iter().min().unwrap();
        let winners = points.iter().filter(|p| **p == least).count() as f64;
        for (seat, p) in points.iter().enumerate() {
            if *p == least {
                figures.wins[seat] += 1.0 / winners;
            }
        }
        if state.variable(&HEARTS_VAR_MOON).unwrap() >= 0 {
            figures.moons += 1.0;
        }
        figures.first_heart.extend(first_heart);
        let table = decklet_hearts::HeartsTable::of(state).unwrap();
        let first_trick: i64 = state.zone_cards(table.taken)[..4]
            .iter()
            .map(|c| {
                HeartsCard::of(state.card(*c).unwrap())
                    .unwrap()
                    .points(options.jd_bonus)
            })
            .sum();
        figures.first_trick_points.push(first_trick as f64);
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

/// Checks a mean against OpenSpiel's: within 4 standard errors of the difference.
fn close_mean(
    what: &str,
    ours: &[f64],
    theirs: f64,
    their_sd: f64,
    m: f64,
    failures: &mut Vec<String>,
) {
    let se = (sd(ours).powi(2) / ours.len() as f64 + their_sd.powi(2) / m)
        .sqrt()
        .max(1e-9);
    let z = (mean(ours) - theirs) / se;
    println!(
        "{what}: decklet {:.4}, OpenSpiel {theirs:.4}, z {z:+.2}",
        mean(ours)
    );
    if z.abs() > 4.0 {
        failures.push(format!(
            "{what}: {:.4} vs {theirs:.4} (z {z:+.2})",
            mean(ours)
        ));
    }
}

/// Checks a share against OpenSpiel's: within 4 standard errors of the difference.
fn close_share(what: &str, ours: f64, n: f64, theirs: f64, m: f64, failures: &mut Vec<String>) {
    let p = (ours * n + theirs * m) / (n + m);
    let se = (p * (1.0 - p) * (1.0 / n + 1.0 / m)).sqrt().max(1e-9);
    let z = (ours - theirs) / se;
    println!("{what}: decklet {ours:.4}, OpenSpiel {theirs:.4}, z {z:+.2}");
    if z.abs() > 4.0 {
        failures.push(format!("{what}: {ours:.4} vs {theirs:.4} (z {z:+.2})"));
    }
}

#[test]
fn random_play_matches_openspiel_within_four_standard_errors() {
    let text = include_str!("../../../benches/hearts-openspiel/openspiel.json");
    let data: Value = serde_json::from_str(text).unwrap();
    let games: usize = std::env::var("HEARTS_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(3_000);
    let mut failures = Vec::new();
    for (i, stats) in data["statistics"].as_array().unwrap().iter().enumerate() {
        let options = options_of(&stats["config"]);
        let label = options.game_string().to_string();
        let m = stats["games"].as_f64().unwrap();
        let ours = play_random(options, games, 91 + i as u64);
        let n = games as f64;
        let f = |key: &str| stats[key].as_f64().unwrap();
        close_mean(
            &format!("{label}: legal plays"),
            &ours.legal,
            f("mean_legal"),
            f("sd_legal"),
            m,
            &mut failures,
        );
        close_mean(
            &format!("{label}: legal plays, first trick"),
            &ours.legal_first_trick,
            f("mean_legal_first_trick"),
            f("sd_legal_first_trick"),
            m,
            &mut failures,
        );
        close_mean(
            &format!("{label}: trick of the first heart"),
            &ours.first_heart,
            f("mean_first_heart_trick"),
            f("sd_first_heart_trick"),
            m,
            &mut failures,
        );
        close_mean(
            &format!("{label}: points in the first trick"),
            &ours.first_trick_points,
            f("mean_first_trick_points"),
            f("sd_first_trick_points"),
            m,
            &mut failures,
        );
        close_share(
            &format!("{label}: moon"),
            ours.moons / n,
            n,
            f("moon_share"),
            m,
            &mut failures,
        );
        for seat in 0..4 {
            close_mean(
                &format!("{label}: player {seat}'s return"),
                &ours.returns[seat],
                stats["mean_return"][seat].as_f64().unwrap(),
                stats["sd_return"][seat].as_f64().unwrap(),
                m,
                &mut failures,
            );
            close_share(
                &format!("{label}: player {seat} wins"),
                ours.wins[seat] / n,
                n,
                stats["win_share"][seat].as_f64().unwrap(),
                m,
                &mut failures,
            );
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

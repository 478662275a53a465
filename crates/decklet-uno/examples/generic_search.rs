//! The search bot of any game (`decklet-bots`) on UNO, with and without UNO's inference
//! of the other hands (`UnoHints`), both playing out with `UnoRandomBot`'s policy
//! (`uno_playout`): a heads-up tournament, seats rotating, then the iterations a second.
//!
//! `cargo run --release -p decklet-uno --example generic_search -- [GAMES] [ITERATIONS]`

use std::sync::Arc;
use std::time::Instant;

use decklet_bots::{Bot, Entrant, IsmctsBot, IsmctsConfig, Tournament, winners_score};
use decklet_uno::{UnoHints, new_uno_engine, uno_game, uno_playout};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(Ok(200), |a| a.parse())?;
    let iterations: u32 = args.next().map_or(Ok(300), |a| a.parse())?;
    let game = uno_game(&[])?;
    let config = IsmctsConfig {
        iterations,
        ..IsmctsConfig::default()
    };
    let (with, without) = (Arc::clone(&game), Arc::clone(&game));
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants: vec![
            Entrant::new("ismcts+hints", move |seed| {
                let bot = IsmctsBot::new(&with, config, seed)
                    .with_hints(UnoHints::default())
                    .with_playout(uno_playout);
                Box::new(bot) as Box<dyn Bot>
            }),
            Entrant::new("ismcts", move |seed| {
                let bot = IsmctsBot::new(&without, config, seed).with_playout(uno_playout);
                Box::new(bot) as Box<dyn Bot>
            }),
        ],
        games,
        seed: 1,
        max_moves: 10_000,
        scoring: winners_score,
        new_match: std::sync::Arc::new(new_uno_engine),
    };
    let start = Instant::now();
    let report = tournament.run()?;
    let seconds = start.elapsed().as_secs_f64();
    for s in &report.standings {
        let (low, high) = s.interval;
        println!(
            "{}: {} wins of {} ({:.1}%, 95% {:.1}% to {:.1}%)",
            s.name,
            s.wins,
            s.games,
            100.0 * s.mean_score,
            100.0 * low,
            100.0 * high
        );
    }
    println!("{games} games in {seconds:.1} s");
    Ok(())
}

//! Heads-up Crazy Eights tournaments for the figures of `docs/crazy-eights.md`:
//! the search bot against the strategist and against random play, seats alternating.
//!
//! ```text
//! cargo run --release -p decklet-crazy-eights --example c8_tournament -- ismcts:1000 strategist 200 1
//! ```
//!
//! Arguments: the two entrants (`random`, `strategist`, `ismcts:N` with the
//! strategist's playouts, `ismcts-random:N` with random ones), the games and the
//! seed. Prints each entrant's wins (best score; a tie shares the game), mean score and
//! 95% Wilson interval, and the seconds taken.

use std::sync::Arc;
use std::time::Instant;

use decklet_bots::{Bot, Entrant, FnBot, IsmctsBot, IsmctsConfig, RandomBot, Tournament};
use decklet_core::{EngineError, Game};
use decklet_crazy_eights::{
    CrazyEightsOptions, c8_returns, crazy_eights_game, new_crazy_eights_engine, strategist_choice,
    strategist_playout,
};

fn entrant(name: &str, game: &Arc<Game>) -> Entrant {
    let game = Arc::clone(game);
    match name.split_once(':') {
        Some(("ismcts", n)) | Some(("ismcts-random", n)) => {
            let iterations = n.parse().unwrap_or(1_000);
            let smart = name.starts_with("ismcts:");
            Entrant::new(name, move |seed| {
                let config = IsmctsConfig {
                    iterations,
                    ..IsmctsConfig::default()
                };
                let bot = IsmctsBot::new(&game, config, seed).with_scoring(c8_returns);
                let bot = if smart {
                    bot.with_playout(strategist_playout)
                } else {
                    bot
                };
                Box::new(bot) as Box<dyn Bot>
            })
        }
        _ if name == "strategist" => Entrant::new(name, |_| {
            Box::new(FnBot::new("strategist", strategist_choice)) as Box<dyn Bot>
        }),
        _ => Entrant::new(name, |seed| Box::new(RandomBot::new(seed)) as Box<dyn Bot>),
    }
}

fn main() -> Result<(), EngineError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = args.first().map_or("ismcts:1000", String::as_str);
    let b = args.get(1).map_or("strategist", String::as_str);
    let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(200);
    let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = crazy_eights_game(CrazyEightsOptions::default())?;
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants: vec![entrant(a, &game), entrant(b, &game)],
        games,
        seed,
        max_moves: 10_000,
        scoring: c8_returns,
        new_match: std::sync::Arc::new(new_crazy_eights_engine),
    };
    let start = Instant::now();
    let report = tournament.run()?;
    for s in &report.standings {
        println!(
            "{}: {:.1} wins of {} ({:.1}%, 95% {:.1}% to {:.1}%), mean score {:.1}",
            s.name,
            s.wins,
            s.games,
            100.0 * s.win_rate(),
            100.0 * s.interval.0,
            100.0 * s.interval.1,
            s.mean_score
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}
